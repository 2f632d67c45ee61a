"""The API's guarantees over two real replicas and one real Redis: concurrency, resume,
idempotency, authorization and every error a frontend must be able to show."""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
from cercle.v1 import common_pb2, game_pb2, lobby_pb2, tamashii_pb2, tomy_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from tests.services.play import open_table, play_randomly, stop_all, subscribe_all, wait_for

QUIET_TOMY = {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"}


def _propose(story: str) -> tomy_pb2.TomyAction:
    """Tomy's storyteller proposing ``story`` for column 0."""
    return tomy_pb2.TomyAction(propose=tomy_pb2.TomyAction.Propose(column=0, text=story))


async def test_two_replicas_one_version_exactly_one_action_wins(replicas: list[str]) -> None:
    """TT-VER-1 through the services: two actions based on one version race through two
    replicas; exactly one is applied, the other gets ABORTED / STALE_VERSION."""
    room_id, seats = await open_table(replicas, "tamashii", 1, {"decision_seconds": "0"})
    other = Client(replicas[1], seats[0].client.token)
    try:
        legal = await seats[0].client.legal(room_id)
        assert len(legal.actions) >= 2
        first, second = legal.actions[0], legal.actions[1]
        results = await asyncio.gather(
            seats[0].client.act(room_id, first, legal.version),
            other.act(room_id, second, legal.version),
            return_exceptions=True,
        )
        wins = [r for r in results if isinstance(r, game_pb2.ActResponse)]
        losses = [r for r in results if isinstance(r, ApiError)]
        assert len(wins) == 1 and len(losses) == 1, results
        assert losses[0].code == grpc.StatusCode.ABORTED
        assert losses[0].reason == "STALE_VERSION"
        view = await seats[0].client.view(room_id)
        assert view.room.version == legal.version + 1
    finally:
        await other.close()
        await stop_all(seats)


async def test_same_request_id_applies_once(replicas: list[str]) -> None:
    room_id, seats = await open_table(replicas, "tamashii", 1, {"decision_seconds": "0"})
    retry = Client(replicas[1], seats[0].client.token)
    try:
        legal = await seats[0].client.legal(room_id)
        first = await seats[0].client.act(room_id, legal.actions[0], legal.version, key="k-1")
        again = await retry.act(room_id, legal.actions[0], legal.version, key="k-1")
        assert not first.replayed and again.replayed
        assert (again.seq, again.version) == (first.seq, first.version)
        assert list(again.events) == list(first.events)
        view = await seats[0].client.view(room_id)
        assert view.room.version == first.version  # applied once
    finally:
        await retry.close()
        await stop_all(seats)


async def test_reconnect_to_the_other_replica_resumes_without_gap_or_repeat(
    replicas: list[str],
) -> None:
    room_id, seats = await open_table(replicas, "tomy", 3, QUIET_TOMY)
    watcher_a = seats[1].client  # on replica B (alternating)
    watcher_b = Client(replicas[0], watcher_a.token)
    try:
        received: list[int] = []
        cursor = ""
        first_part = watcher_a.updates(room_id, resume=False)
        async for update in first_part:
            received.append(update.seq)
            cursor = update.cursor
            if len(received) == 3:
                break
        await first_part.aclose()
        await play_randomly(room_id, seats, random.Random(3), max_actions=12)
        final = await seats[0].client.view(room_id)
        async for update in watcher_b.updates(room_id, cursor=cursor):
            received.append(update.seq)
            if update.seq >= final.room.seq:
                break
        assert received == list(range(1, final.room.seq + 1))
    finally:
        await watcher_b.close()
        await stop_all(seats)


async def test_spectators_see_no_hand_and_cannot_act(replicas: list[str]) -> None:
    room_id, seats = await open_table(replicas, "tomy", 3, QUIET_TOMY)
    spectator = Client(replicas[1])
    try:
        await spectator.login("Watcher")
        joined = await spectator.join(room_id, spectator=True)
        assert not joined.HasField("seat")
        view = await spectator.view(room_id)
        assert not view.view.tomy.HasField("seat")
        assert len(view.view.tomy.hand) == 0
        player_view = await seats[0].client.view(room_id)
        assert len(player_view.view.tomy.hand) == 9 and player_view.view.tomy.seat == 0
        teller = seats[player_view.view.tomy.storyteller].client
        legal = await teller.legal(room_id)
        assert legal.actions
        with pytest.raises(ApiError) as refused:
            await spectator.act(room_id, legal.actions[0], legal.version)
        assert refused.value.code == grpc.StatusCode.PERMISSION_DENIED
        assert refused.value.reason == "SPECTATOR"
        assert (await spectator.legal(room_id)).actions == []
    finally:
        await spectator.close()
        await stop_all(seats)


async def test_private_room_needs_its_code(replicas: list[str]) -> None:
    host, guest = Client(replicas[0]), Client(replicas[1])
    try:
        await host.login("Host")
        await guest.login("Guest")
        room = await host.create_room("tomy", players=3, private=True, options=QUIET_TOMY)
        assert room.visibility == common_pb2.VISIBILITY_PRIVATE and len(room.join_code) == 6
        assert room.room_id not in [r.room_id for r in await guest.rooms("tomy")]
        with pytest.raises(ApiError) as refused:
            await guest.join(room.room_id)
        assert refused.value.code == grpc.StatusCode.PERMISSION_DENIED
        assert refused.value.reason == "PRIVATE_ROOM"
        joined = await guest.join(code=room.join_code.lower())
        assert joined.seat == 1 and joined.room.room_id == room.room_id
    finally:
        await host.close()
        await guest.close()


async def test_errors_a_frontend_can_show(replicas: list[str]) -> None:
    anonymous = Client(replicas[0])
    room_id, seats = await open_table(replicas, "tomy", 3, QUIET_TOMY)
    try:
        # Unauthenticated.
        with pytest.raises(ApiError) as e:
            await anonymous.view(room_id)
        assert e.value.code == grpc.StatusCode.UNAUTHENTICATED
        anonymous.token = "not-a-token"
        with pytest.raises(ApiError) as e:
            await anonymous.view(room_id)
        assert e.value.code == grpc.StatusCode.UNAUTHENTICATED
        # Unknown room.
        with pytest.raises(ApiError) as e:
            await seats[0].client.view("nope")
        assert (e.value.code, e.value.reason) == (grpc.StatusCode.NOT_FOUND, "ROOM_NOT_FOUND")
        # Not your turn: someone who is not the storyteller proposes.
        view = await seats[0].client.view(room_id)
        storyteller = view.view.tomy.storyteller
        other = seats[(storyteller + 1) % 3].client
        propose = game_pb2.Action(tomy=_propose("Il était une fois"))
        with pytest.raises(ApiError) as e:
            await other.act(room_id, propose, view.room.version)
        assert (e.value.code, e.value.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "NOT_YOUR_TURN",
        )
        teller = seats[storyteller].client
        # Stale version.
        with pytest.raises(ApiError) as e:
            await teller.act(room_id, propose, view.room.version - 1)
        assert (e.value.code, e.value.reason) == (grpc.StatusCode.ABORTED, "STALE_VERSION")
        # A story too long, and one empty: refused with the rule's reason.
        too_long = game_pb2.Action(tomy=_propose("x" * 501))
        with pytest.raises(ApiError) as e:
            await teller.act(room_id, too_long, view.room.version)
        assert e.value.reason == "STORY_LENGTH"
        # An action for another game, and an empty action: INVALID_ARGUMENT + field.
        gather = tamashii_pb2.TamashiiAction(gather=tamashii_pb2.TamashiiAction.Gather())
        with pytest.raises(ApiError) as e:
            await teller.act(room_id, game_pb2.Action(tamashii=gather), view.room.version)
        assert (e.value.code, e.value.field) == (grpc.StatusCode.INVALID_ARGUMENT, "action")
        with pytest.raises(ApiError) as e:
            await teller.act(room_id, game_pb2.Action(), view.room.version)
        assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT
        # Nothing above changed the room.
        after = await seats[0].client.view(room_id)
        assert after.room.version == view.room.version and after.room.seq == view.room.seq
        # Room full / started.
        late = Client(replicas[1])
        await late.login("Late")
        with pytest.raises(ApiError) as e:
            await late.join(room_id)
        assert (e.value.code, e.value.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "MATCH_STARTED",
        )
        await late.close()
        # Invalid options and unknown games name the field.
        with pytest.raises(ApiError) as e:
            await seats[0].client.create_room("tomy", options={"vote_seconds": "-3"})
        assert (e.value.code, e.value.field) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "options.tomy.vote_seconds",
        )
        with pytest.raises(ApiError) as e:
            await seats[0].client.create_room("chess")
        assert (e.value.reason, e.value.field) == ("UNKNOWN_GAME", "game_id")
        with pytest.raises(ApiError) as e:
            await seats[0].client.create_room("tomy", players=9)
        assert e.value.field == "players"
    finally:
        await anonymous.close()
        await stop_all(seats)


async def test_room_full(replicas: list[str]) -> None:
    clients = [Client(replicas[i % 2]) for i in range(3)]
    try:
        for i, client in enumerate(clients):
            await client.login(f"P{i}")
        room = await clients[0].create_room("awimbawe", players=2)
        await clients[1].join(room.room_id)
        with pytest.raises(ApiError) as e:
            await clients[2].join(room.room_id)
        assert (e.value.code, e.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "ROOM_FULL")
        # Start needs the host and everybody ready.
        with pytest.raises(ApiError) as e:
            await clients[1].start(room.room_id)
        assert e.value.reason == "NOT_HOST"
        with pytest.raises(ApiError) as e:
            await clients[0].start(room.room_id)
        assert e.value.reason == "NOT_READY"
    finally:
        for client in clients:
            await client.close()


async def test_lobby_quick_match_and_watch_room(replicas: list[str]) -> None:
    a, b = Client(replicas[0]), Client(replicas[1])
    try:
        await a.login("A")
        await b.login("B")
        first = await a.quick_match("awimbawe")
        second = await b.quick_match("awimbawe")
        assert second.room.room_id == first.room.room_id and second.seat == 1
        changes: list[int] = []

        async def watch() -> None:
            call = a.lobby.WatchRoom(
                lobby_pb2.WatchRoomRequest(room_id=first.room.room_id), metadata=a.metadata
            )
            async for change in call:
                changes.append(change.change)
                if change.change == lobby_pb2.ROOM_CHANGE_STARTED:
                    return

        watcher = asyncio.create_task(watch())
        await wait_for(lambda: lobby_pb2.ROOM_CHANGE_SNAPSHOT in changes)
        await a.ready(first.room.room_id)
        await b.ready(first.room.room_id)
        await a.start(first.room.room_id)
        await asyncio.wait_for(watcher, 10)
        assert changes[0] == lobby_pb2.ROOM_CHANGE_SNAPSHOT
        assert changes[-3:] == [
            lobby_pb2.ROOM_CHANGE_READY,
            lobby_pb2.ROOM_CHANGE_READY,
            lobby_pb2.ROOM_CHANGE_STARTED,
        ]
        games = {g.game_id: g for g in await a.games()}
        assert set(games) == {"tomahawk", "tamashii", "tomy", "awimbawe"}
        assert games["tomahawk"].max_players == 8 and games["awimbawe"].min_players == 2
        assert any(o.name == "turn_seconds" for o in games["tomahawk"].options)
    finally:
        await a.close()
        await b.close()


async def test_streams_reach_every_subscriber_of_both_replicas(replicas: list[str]) -> None:
    room_id, seats = await open_table(replicas, "tomy", 4, QUIET_TOMY)
    try:
        await subscribe_all(room_id, seats)
        await play_randomly(room_id, seats, random.Random(5), max_actions=10)
        final = await seats[0].client.view(room_id)
        await wait_for(
            lambda: all(s.updates and s.updates[-1].seq == final.room.seq for s in seats)
        )
        for seat in seats:
            assert [u.seq for u in seat.updates] == list(range(1, final.room.seq + 1))
    finally:
        await stop_all(seats)
