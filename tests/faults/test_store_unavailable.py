"""Redis unavailable during an action.

- Redis down (kill -9): the Act is answered UNAVAILABLE / STORE_UNAVAILABLE with RetryInfo;
  once Redis is back (same port and data), the retry with the SAME idempotency key applies
  the action once (version + 1, ``replayed`` false) and a second retry answers
  ``replayed`` true.
- The connection to Redis breaks around the commit itself (a TCP proxy between the replica
  and Redis): when the commit never reached Redis the retry applies it; when it ran but its
  reply was lost the client still sees UNAVAILABLE and the retry answers ``replayed`` true
  with the first application's seq: applied exactly once either way.
- A slow store (every reply held 50 ms by the proxy) under a burst of requests: they wait
  for a connection, none fails.
"""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from pathlib import Path

import grpc
import pytest
from cercle.v1 import game_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from services.server import start_replica
from services.store import COMMIT_SCRIPT, Store
from tests.faults.helpers import (
    DurableRedis,
    FlakyProxy,
    Refusal,
    act_once,
    check_log_replays,
    read_whole_log,
)

OPTIONS = {"turn_seconds": "0", "target_score": "10000"}


async def _table(address: str) -> tuple[str, list[Client]]:
    clients = [Client(address) for _ in range(2)]
    for i, client in enumerate(clients):
        await client.login(f"U{i}")
    room = await clients[0].create_room("tomahawk", players=2, options=OPTIONS)
    await clients[1].join(room.room_id)
    for client in clients:
        await client.ready(room.room_id)
    await clients[0].start(room.room_id)
    return room.room_id, clients


async def _mover(room_id: str, clients: list[Client]) -> tuple[Client, game_pb2.Action, int]:
    """The player whose turn it is, one of their legal actions, and the version."""
    for client in clients:
        legal = await client.legal(room_id)
        normal = [a for a in legal.actions if a.tomahawk.WhichOneof("action") != "call_sherif"]
        if normal:
            return client, normal[0], legal.version
    raise AssertionError("nobody can move")


async def _retry_until_applied(
    client: Client, room_id: str, action: game_pb2.Action, version: int, key: str
) -> tuple[game_pb2.ActResponse, int]:
    """Retry the same key while the store is unavailable (bounded)."""
    unavailable = 0
    for _ in range(100):
        try:
            return await act_once(client, room_id, action, version, key), unavailable
        except Refusal as refused:
            assert refused.code == grpc.StatusCode.UNAVAILABLE, refused
            unavailable += 1
            await asyncio.sleep(0.1)
    raise AssertionError("the store never came back")


@pytest.mark.timeout(90)
async def test_act_while_redis_is_down_then_retry_with_the_same_key(tmp_path: Path) -> None:
    redis = DurableRedis.start(tmp_path)
    replica = await start_replica(redis.url, timers=False)
    store = Store(redis.url)
    address = f"127.0.0.1:{replica.port}"
    room_id, clients = await _table(address)
    try:
        mover, action, version = await _mover(room_id, clients)
        before = await store.rooms.load_room(room_id)
        assert before is not None and before.version == version
        redis.kill()
        key = uuid.uuid4().hex
        with pytest.raises(Refusal) as down:
            await act_once(mover, room_id, action, version, key)
        assert down.value.code == grpc.StatusCode.UNAVAILABLE, down.value
        assert down.value.reason == "STORE_UNAVAILABLE"
        assert down.value.retry_delay is not None and down.value.retry_delay > 0
        # Reads are refused the same way while the store is away.
        with pytest.raises(ApiError) as read:
            await mover.view(room_id)
        assert (read.value.code, read.value.reason) == (
            grpc.StatusCode.UNAVAILABLE,
            "STORE_UNAVAILABLE",
        )

        redis.restart()
        await store.close()
        store = Store(redis.url)  # the test's own connections died with Redis
        applied, _ = await _retry_until_applied(mover, room_id, action, version, key)
        assert not applied.replayed
        assert applied.version == version + 1
        again = await act_once(mover, room_id, action, version, key)
        assert again.replayed and (again.seq, again.version) == (applied.seq, applied.version)
        view = await mover.view(room_id)
        assert view.room.version == version + 1 and view.room.seq == applied.seq
        after = await store.rooms.load_room(room_id)
        assert after is not None
        assert (after.version, after.seq) == (before.version + 1, before.seq + 1)
        log = await read_whole_log(store, room_id)
        assert [e.seq for e in log if e.kind == "action"] == [applied.seq]
        await check_log_replays(store, room_id)
    finally:
        for client in clients:
            await client.close()
        await replica.stop(grace=0.1)
        await store.close()
        redis.stop()


COMMIT_SHA = hashlib.sha1(COMMIT_SCRIPT.encode()).hexdigest().encode()


@pytest.mark.parametrize("mode", ["drop_command", "drop_reply"])
@pytest.mark.timeout(60)
async def test_connection_lost_around_the_commit(redis_url: str, mode: str) -> None:
    store = Store(redis_url)
    port = int(redis_url.rsplit(":", 1)[1].split("/")[0])
    proxy = FlakyProxy(port)
    await proxy.start()
    replica = await start_replica(proxy.url, timers=False)
    address = f"127.0.0.1:{replica.port}"
    room_id, clients = await _table(address)  # the commit script is loaded by now
    try:
        mover, action, version = await _mover(room_id, clients)
        before = await store.rooms.load_room(room_id)
        assert before is not None
        key = uuid.uuid4().hex
        proxy.arm(COMMIT_SHA, mode)  # only the commit script's call, nothing else
        with pytest.raises(Refusal) as lost:
            await act_once(mover, room_id, action, version, key)
        assert proxy.fired == 1
        assert lost.value.code == grpc.StatusCode.UNAVAILABLE, lost.value
        assert lost.value.reason == "STORE_UNAVAILABLE"
        assert lost.value.retry_delay is not None and lost.value.retry_delay > 0
        middle = await store.rooms.load_room(room_id)
        assert middle is not None
        ran = mode == "drop_reply"
        assert middle.version == before.version + (1 if ran else 0)

        first, _ = await _retry_until_applied(mover, room_id, action, version, key)
        assert first.replayed is ran
        assert (first.version, first.seq) == (before.version + 1, before.seq + 1)
        second = await act_once(mover, room_id, action, version, key)
        assert second.replayed and (second.seq, second.version) == (first.seq, first.version)
        after = await store.rooms.load_room(room_id)
        assert after is not None
        assert (after.version, after.seq) == (before.version + 1, before.seq + 1)
        await check_log_replays(store, room_id)
    finally:
        for client in clients:
            await client.close()
        await replica.stop(grace=0.1)
        await proxy.close()
        await store.close()


@pytest.mark.timeout(60)
async def test_a_slow_store_makes_a_burst_wait_not_fail(redis_url: str) -> None:
    """Regression (found by this suite): the store's non-blocking pool of 64 connections
    refused the 65th concurrent request STORE_UNAVAILABLE (MaxConnectionsError).

    Redis answers in 50 ms (a TCP proxy holds each reply); ten sessions send ten views
    each at once to one replica (within their rate limits): all are served, if later."""
    port = int(redis_url.rsplit(":", 1)[1].split("/")[0])
    proxy = FlakyProxy(port)
    await proxy.start()
    replica = await start_replica(proxy.url, timers=False)
    address = f"127.0.0.1:{replica.port}"
    clients = [Client(address) for _ in range(10)]
    try:
        for i, client in enumerate(clients):
            await client.login(f"Viewer {i}")
        room = await clients[0].create_room("tomahawk", players=2, private=True, options=OPTIONS)
        for client in clients[1:]:
            await client.join(room.room_id, code=room.join_code, spectator=True)
        proxy.delay = 0.05

        async def view(client: Client) -> str:
            try:
                await client.view(room.room_id)
            except ApiError as exc:
                return exc.reason
            return "ok"

        answers = await asyncio.gather(*(view(c) for c in clients for _ in range(10)))
        refused = [a for a in answers if a != "ok"]
        assert not refused, f"{len(refused)} of {len(answers)} refused: {set(refused)}"
    finally:
        for client in clients:
            await client.close()
        await replica.stop(grace=0.1)
        await proxy.close()
