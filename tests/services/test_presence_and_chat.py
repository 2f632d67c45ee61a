"""Presence and table chat over two real replicas and a real Valkey: who is connected
reaches the others (arrivals at once, departures after the grace) across replicas; chat
reaches the table, cleaned, and is refused when too long, too fast, muted or from a
spectator; neither carries a secret."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator

import grpc
import pytest
from cercle.v1 import game_pb2
from google.protobuf import text_format

from clients.api_error import ApiError
from clients.sdk import Client
from services.rooms.chat import MAX_CHAT_LENGTH
from services.store import Store, log_key, room_key
from tests.services.play import Seat, play_randomly, wait_for
from tests.services.tables import table_with_bots
from tests.services.test_log_secrets import match_secrets


class Follower:
    """Every update of one Subscribe (with presence), read in the background."""

    def __init__(self, client: Client, room_id: str) -> None:
        self.updates: list[game_pb2.SubscribeResponse] = []
        self.call = client.game.Subscribe(
            game_pb2.SubscribeRequest(room_id=room_id, presence=True), metadata=client.metadata
        )
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for update in self.call:
            self.updates.append(update)

    def presence(self) -> list[game_pb2.SubscribeResponse]:
        return [u for u in self.updates if u.kind == game_pb2.UPDATE_KIND_PRESENCE]

    def seats_now(self) -> list[int] | None:
        shown = self.presence()
        return list(shown[-1].presence.connected_seats) if shown else None

    def chats(self) -> list[str]:
        return [
            e.room.chat_sent.text
            for u in self.updates
            if u.kind == game_pb2.UPDATE_KIND_CHAT
            for e in u.events
            if e.room.HasField("chat_sent")
        ]

    async def close(self) -> None:
        self.call.cancel()
        with contextlib.suppress(asyncio.CancelledError, grpc.aio.AioRpcError):
            await self.task


@contextlib.asynccontextmanager
async def table(
    replicas: list[str], game: str = "tamashii"
) -> AsyncIterator[tuple[str, Client, Client, Client]]:
    """A room of two seated players (one per replica) and a spectator, not started: its id,
    the host, the guest and the spectator."""
    clients = [Client(replicas[i % 2]) for i in range(3)]
    try:
        for i, client in enumerate(clients):
            await client.login(f"Table {i}")
        room = await clients[0].create_room(game, players=2)
        await clients[1].join(room.room_id)
        await clients[2].join(room.room_id, spectator=True)
        yield room.room_id, clients[0], clients[1], clients[2]
    finally:
        for client in clients:
            await client.close()


async def test_a_second_players_arrival_and_departure_reach_the_first_across_replicas(
    replicas: list[str],
) -> None:
    async with table(replicas) as (room_id, host, guest, spectator):
        first = Follower(host, room_id)  # on replica 1
        try:
            await wait_for(lambda: first.seats_now() == [0])
            second = Follower(guest, room_id)  # on replica 2
            await wait_for(lambda: first.seats_now() == [0, 1])
            watcher = Follower(spectator, room_id)
            await wait_for(lambda: first.presence()[-1].presence.connected_spectators == 1)
            assert first.seats_now() == [0, 1]
            await watcher.close()
            await second.close()
            # Gone after the grace (1 s in the tests), told without anyone acting.
            await wait_for(lambda: first.seats_now() == [0], timeout=15)
            last = first.presence()[-1]
            assert last.presence.connected_spectators == 0
            assert last.cursor and last.seq == first.updates[0].seq + 2  # no entry of its own
            view = await host.view(room_id)
            assert list(view.presence.connected_seats) == [0]
        finally:
            await first.close()


async def test_a_refused_outsider_is_never_shown_connected(
    replicas: list[str], redis_url: str
) -> None:
    async with table(replicas) as (room_id, _, _, _):
        outsider = Client(replicas[1])
        store = Store(redis_url)
        try:
            await outsider.login("Outsider")
            call = outsider.game.Subscribe(
                game_pb2.SubscribeRequest(room_id=room_id, presence=True),
                metadata=outsider.metadata,
            )
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                async for _ in call:
                    pass
            assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
            online = await store.redis.zrange(
                f"cercle:{{c{_shard(room_id)}}}:online:{room_id}", 0, -1
            )
            assert outsider.player_id.encode() not in online
        finally:
            await store.close()
            await outsider.close()


def _shard(room_id: str) -> int:
    from services.store import shard_of

    return shard_of(room_id)


async def test_chat_reaches_the_table_cleaned_on_both_replicas(replicas: list[str]) -> None:
    async with table(replicas) as (room_id, host, guest, spectator):
        followers = [Follower(c, room_id) for c in (host, guest, spectator)]
        try:
            sent = await guest.send_chat(room_id, "  on \u202ejoue\u202c\x1b[2J  ensemble\u200b ? ")
            assert sent.text == "on joue ensemble ?"
            await wait_for(lambda: all(f.chats() == ["on joue ensemble ?"] for f in followers))
            update = next(u for u in followers[2].updates if u.kind == game_pb2.UPDATE_KIND_CHAT)
            event = update.events[0].room.chat_sent
            assert (event.seat, event.player_id) == (1, guest.player_id)
            assert update.seq == sent.seq and update.cursor and update.HasField("server_time")
        finally:
            for follower in followers:
                await follower.close()


async def test_chat_is_refused_when_empty_too_long_or_from_a_spectator(
    replicas: list[str],
) -> None:
    async with table(replicas) as (room_id, host, _, spectator):
        with pytest.raises(ApiError) as long:
            await host.send_chat(room_id, "x" * (MAX_CHAT_LENGTH + 1))
        assert (long.value.code, long.value.reason) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "CHAT_TOO_LONG",
        )
        assert long.value.metadata == {"limit": str(MAX_CHAT_LENGTH), "field": "text"}
        assert (await host.send_chat(room_id, "é" * MAX_CHAT_LENGTH)).text  # the limit itself
        with pytest.raises(ApiError) as empty:
            await host.send_chat(room_id, " \u200b\u202e ")
        assert empty.value.reason == "CHAT_EMPTY"
        with pytest.raises(ApiError) as watching:
            await spectator.send_chat(room_id, "hello")
        assert (watching.value.code, watching.value.reason) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SPECTATOR",
        )
        view = await host.view(room_id)
        assert view.room.seq == 4  # created, joined, watching, one message: nothing else


async def test_chat_is_rate_limited_per_session(replicas: list[str]) -> None:
    async with table(replicas) as (room_id, host, guest, _):
        other_replica = Client(replicas[1], host.token)
        try:
            refused: ApiError | None = None
            for i in range(30):  # burst 5, then 1 a second: far fewer than 30 pass
                sender = host if i % 2 else other_replica
                try:
                    await sender.send_chat(room_id, f"spam {i}")
                except ApiError as exc:
                    refused = exc
                    break
            assert refused is not None and refused.reason == "CHAT_RATE_LIMITED"
            assert refused.code == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert refused.retry_after is not None and refused.retry_after > 0
            assert 5 <= i < 30
            await guest.send_chat(room_id, "my own budget")  # another session is not limited
        finally:
            await other_replica.close()


async def test_the_host_mutes_and_unmutes_a_seat(replicas: list[str]) -> None:
    async with table(replicas) as (room_id, host, guest, spectator):
        with pytest.raises(ApiError) as not_host:
            await guest.mute(room_id, 0)
        assert not_host.value.reason == "NOT_HOST"
        assert await host.mute(room_id, 1) == [1]
        with pytest.raises(ApiError) as muted:
            await guest.send_chat(room_id, "hello?")
        assert (muted.value.code, muted.value.reason) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SEAT_MUTED",
        )
        await host.send_chat(room_id, "the host still talks")
        assert await host.mute(room_id, 1, muted=False) == []
        await guest.send_chat(room_id, "back")
        watcher = Follower(spectator, room_id)
        try:
            await wait_for(lambda: watcher.chats() == ["the host still talks", "back"])
            mutes = [
                (e.room.seat_muted.seat, e.room.seat_muted.muted)
                for u in watcher.updates
                for e in u.events
                if e.room.HasField("seat_muted")
            ]
            assert mutes == [(1, True), (1, False)]
        finally:
            await watcher.close()


async def test_chat_and_presence_updates_carry_no_secret(
    replicas: list[str], redis_url: str
) -> None:
    """In a started Tomahawk match, what a spectator and a player get of chat and presence
    holds no hand, seed, nonce, RNG state, state bytes or session token."""
    async with table(replicas, "tomahawk") as (room_id, host, guest, spectator):
        for client in (host, guest):
            await client.ready(room_id)
        await host.start(room_id)
        store = Store(redis_url)
        followers = [Follower(c, room_id) for c in (spectator, guest, host)]
        try:
            record = await store.rooms.load_room(room_id)
            assert record is not None
            secrets = [s for s in match_secrets(record, [host, guest, spectator], "-") if s != "-"]
            await host.send_chat(room_id, "good luck")
            await wait_for(lambda: all(f.chats() == ["good luck"] for f in followers))
            await wait_for(lambda: all(f.seats_now() == [0, 1] for f in followers))
            for follower in followers:
                for update in follower.updates:
                    if update.kind not in (
                        game_pb2.UPDATE_KIND_CHAT,
                        game_pb2.UPDATE_KIND_PRESENCE,
                    ):
                        continue
                    assert not update.HasField("view")
                    shown = text_format.MessageToString(update) + repr(update.SerializeToString())
                    for secret in secrets:
                        assert secret not in shown, f"update {update.seq} holds {secret[:12]}"
        finally:
            for follower in followers:
                await follower.close()
            await store.close()


async def test_n6_chat_in_a_finished_room_does_not_extend_its_life(
    replicas: list[str], redis_url: str
) -> None:
    """A finished room expires as its end set it: a message posted after the end (allowed:
    "well played") and a spectator coming in leave its expiry where it was."""
    player, watcher = Client(replicas[0]), Client(replicas[1])
    store = Store(redis_url)
    try:
        await player.login("Finisher")
        await watcher.login("Late watcher")
        room = await table_with_bots(
            player, "tamashii", players=1, options={"decision_seconds": "0"}
        )
        await play_randomly(room.room_id, [Seat(player, 0)], random.Random(6))
        for key in (room_key(room.room_id), log_key(room.room_id)):
            await store.redis.expire(key, 120)  # as if the match had ended long ago
        await player.send_chat(room.room_id, "well played")
        await watcher.join(room.room_id, spectator=True)
        await player.send_chat(room.room_id, "again")
        for key in (room_key(room.room_id), log_key(room.room_id)):
            assert 0 < await store.redis.ttl(key) <= 120, key
    finally:
        await store.close()
        await player.close()
        await watcher.close()
