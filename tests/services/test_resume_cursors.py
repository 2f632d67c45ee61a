"""Resume cursors (services.rooms.cursors) over two real replicas and a real Valkey: every
update carries a cursor and the server's time; a cursor resumes exactly after its update
on any replica; a cursor whose log was rewritten, or that is past the log, is refused at
once with a clear status, never followed by a silent skip."""

from __future__ import annotations

import asyncio
import time

import grpc
import pytest
from cercle.v1 import game_pb2, lobby_pb2

from clients.api_error import ApiError, api_error
from clients.sdk import Client
from services.store import Store, log_key, room_key
from tests.services.play import first_messages, wait_for


async def chat(client: Client, room_id: str, text: str) -> None:
    """Send a chat line, waiting as the chat's rate limit asks (these tests write more than
    its burst)."""
    while True:
        try:
            await client.send_chat(room_id, text)
            return
        except ApiError as exc:
            if exc.reason != "CHAT_RATE_LIMITED":
                raise
            await asyncio.sleep(exc.retry_after or 0.1)


async def _room_with_chat(address: str, lines: int) -> tuple[Client, str]:
    host = Client(address)
    await host.login("Host")
    room = await host.create_room("tamashii", players=2)
    for i in range(lines):
        await chat(host, room.room_id, f"line {i}")
    return host, room.room_id


async def _read(
    client: Client, room_id: str, cursor: str = "", count: int = 1, presence: bool = False
) -> list[game_pb2.SubscribeResponse]:
    """The first ``count`` updates of a Subscribe from ``cursor``."""
    call = client.game.Subscribe(
        game_pb2.SubscribeRequest(room_id=room_id, resume_cursor=cursor, presence=presence),
        metadata=client.metadata,
    )
    return await first_messages(call, count)


async def _refused(client: Client, room_id: str, cursor: str) -> ApiError:
    call = client.game.Subscribe(
        game_pb2.SubscribeRequest(room_id=room_id, resume_cursor=cursor),
        metadata=client.metadata,
    )
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        async for update in call:
            raise AssertionError(f"a refused cursor got an update: {update.seq}")
    return api_error(refused.value)


async def test_every_update_carries_a_cursor_and_the_server_time(replicas: list[str]) -> None:
    host, room_id = await _room_with_chat(replicas[0], 3)
    try:
        before = time.time()
        updates = await _read(host, room_id, count=4)
        assert [u.seq for u in updates] == [1, 2, 3, 4]
        assert len({u.cursor for u in updates}) == 4 and all(u.cursor for u in updates)
        for update in updates:
            sent = update.server_time.ToNanoseconds() / 1e9
            assert before - 5 < sent < time.time() + 5, update.server_time
        view = await host.view(room_id)
        assert view.cursor == updates[-1].cursor
        assert view.HasField("server_time")
    finally:
        await host.close()


async def test_a_cursor_resumes_right_after_its_update_on_any_replica(
    replicas: list[str],
) -> None:
    host, room_id = await _room_with_chat(replicas[0], 3)
    other = Client(replicas[1], host.token)
    try:
        first = await _read(host, room_id, count=2)
        resumed = await _read(other, room_id, first[-1].cursor, count=2)
        assert [u.seq for u in resumed] == [3, 4]
        assert resumed[-1].events[0].room.chat_sent.text == "line 2"
    finally:
        await other.close()
        await host.close()


async def _rewrite_log(redis_url: str, room_id: str, keep: int) -> None:
    """What a failover that lost writes (or a restore) does: the room's log keeps its first
    ``keep`` entries and the room's seq goes back to them; later entries are gone."""
    store = Store(redis_url)
    try:
        kept = await store.redis.xrange(log_key(room_id), min="-", max=f"{keep}-0")
        await store.redis.delete(log_key(room_id))
        for entry_id, fields in kept:
            await store.redis.xadd(log_key(room_id), fields, id=entry_id)
        await store.redis.hset(room_key(room_id), "seq", keep)
    finally:
        await store.close()


async def test_a_cursor_of_a_rewritten_log_is_refused_not_skipped(
    replicas: list[str], redis_url: str
) -> None:
    """The log loses its last entries and the room goes on: seqs 5-7 are written again with
    other entries. The cursor of the old seq 7 is refused CURSOR_STALE (it would otherwise
    skip the new 5-7); before the room reaches that seq again, it is CURSOR_AHEAD."""
    host, room_id = await _room_with_chat(replicas[0], 6)
    try:
        updates = await _read(host, room_id, count=7)
        old = updates[-1]
        assert old.seq == 7
        await _rewrite_log(redis_url, room_id, keep=4)
        ahead = await _refused(host, room_id, old.cursor)
        assert (ahead.code, ahead.reason) == (grpc.StatusCode.OUT_OF_RANGE, "CURSOR_AHEAD")
        assert ahead.metadata == {"cursor_seq": "7", "last_seq": "4"}
        for i in range(3):
            await chat(host, room_id, f"other {i}")
        for address in replicas:
            client = Client(address, host.token)
            try:
                stale = await _refused(client, room_id, old.cursor)
            finally:
                await client.close()
            assert (stale.code, stale.reason) == (
                grpc.StatusCode.FAILED_PRECONDITION,
                "CURSOR_STALE",
            )
        # Starting over gives the history as it is now.
        fresh = await _read(host, room_id, count=7)
        texts = [u.events[0].room.chat_sent.text for u in fresh[4:]]
        assert texts == ["other 0", "other 1", "other 2"]
        # A cursor of the entries the rewrite kept still resumes.
        kept = await _read(host, room_id, updates[3].cursor, count=1)
        assert kept[0].seq == 5 and kept[0].events[0].room.chat_sent.text == "other 0"
    finally:
        await host.close()


async def test_a_new_epoch_refuses_every_older_cursor(replicas: list[str], redis_url: str) -> None:
    """An operator who restores a room gives its log a new epoch: every cursor given
    before is CURSOR_STALE, even where the entries look the same."""
    host, room_id = await _room_with_chat(replicas[0], 2)
    store = Store(redis_url)
    try:
        updates = await _read(host, room_id, count=3)
        await store.redis.hset(room_key(room_id), "epoch", "restored")
        stale = await _refused(host, room_id, updates[1].cursor)
        assert stale.reason == "CURSOR_STALE"
        again = await _read(host, room_id, count=1)
        resumed = await _read(host, room_id, again[0].cursor, count=1)
        assert resumed[0].seq == 2
    finally:
        await store.close()
        await host.close()


async def test_a_cursor_that_is_not_one_is_invalid_argument(replicas: list[str]) -> None:
    host, room_id = await _room_with_chat(replicas[0], 0)
    try:
        refused = await _refused(host, room_id, "not-a-cursor")
        assert (refused.code, refused.reason) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "CURSOR_INVALID",
        )
        assert refused.field == "resume_cursor"
    finally:
        await host.close()


async def test_the_sdk_follows_from_a_cursor(replicas: list[str]) -> None:
    """The reference client subscribes from a cursor it was given (a view's, say) and keeps
    the last update's cursor to resume with: nothing missed or repeated."""
    host, room_id = await _room_with_chat(replicas[0], 2)
    seen: list[int] = []
    view = await host.view(room_id)  # seq 3

    async def pump() -> None:
        async for update in host.updates(room_id, cursor=view.cursor):
            seen.append(update.seq)

    task = asyncio.create_task(pump())
    try:
        await chat(host, room_id, "after")
        await wait_for(lambda: seen == [4])
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await host.close()


async def _watch(
    client: Client, room_id: str, cursor: str, count: int
) -> list[lobby_pb2.WatchRoomResponse]:
    call = client.lobby.WatchRoom(
        lobby_pb2.WatchRoomRequest(room_id=room_id, resume_cursor=cursor),
        metadata=client.metadata,
    )
    return await first_messages(call, count)


async def test_watch_room_resumes_from_a_cursor_and_refuses_a_rewritten_one(
    replicas: list[str], redis_url: str
) -> None:
    """LobbyService.WatchRoom speaks cursors too: each message carries one and the server's
    time; a cursor resumes right after its message on the other replica; after a restore
    (a new epoch) it is CURSOR_STALE, at once."""
    host, guests = Client(replicas[0]), [Client(replicas[0]), Client(replicas[1])]
    store = Store(redis_url)
    try:
        await host.login("Host")
        for i, guest in enumerate(guests):
            await guest.login(f"Guest {i}")
        room = await host.create_room("tomahawk", players=3)
        before = time.time()
        (snapshot,) = await _watch(host, room.room_id, "", 1)
        assert snapshot.change == lobby_pb2.ROOM_CHANGE_SNAPSHOT and snapshot.cursor
        assert abs(snapshot.server_time.ToNanoseconds() / 1e9 - before) < 30
        await guests[0].join(room.room_id)
        await guests[1].join(room.room_id)
        other = Client(replicas[1], host.token)
        try:
            first, second = await _watch(other, room.room_id, snapshot.cursor, 2)
        finally:
            await other.close()
        assert (first.change, second.change) == (
            lobby_pb2.ROOM_CHANGE_JOINED,
            lobby_pb2.ROOM_CHANGE_JOINED,
        )
        assert snapshot.seq < first.seq < second.seq
        assert first.cursor and second.cursor and first.cursor != second.cursor
        (after_first,) = await _watch(host, room.room_id, first.cursor, 1)
        assert after_first.seq == second.seq

        await store.redis.hset(room_key(room.room_id), "epoch", "restored")
        call = host.lobby.WatchRoom(
            lobby_pb2.WatchRoomRequest(room_id=room.room_id, resume_cursor=first.cursor),
            metadata=host.metadata,
        )
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            async for message in call:
                raise AssertionError(f"a stale cursor got a message: {message.seq}")
        assert api_error(refused.value).reason == "CURSOR_STALE"
    finally:
        await store.close()
        for client in (host, *guests):
            await client.close()
