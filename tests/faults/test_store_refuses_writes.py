"""A Redis that answers but refuses writes, then accepts them again.

Two real ways a store refuses writes while it still answers PING and reads:

- full under ``noeviction``: ``CONFIG SET maxmemory 1`` (every write: ``OOM``);
- a read-only replica after a failover: the Valkey the replica talks to becomes
  ``REPLICAOF`` a second Valkey (promoted first, holding the same data), so every write
  answers ``READONLY``; recovery is the failover back.

Proves, for each: write RPCs answer UNAVAILABLE / STORE_UNAVAILABLE with RetryInfo (never
INTERNAL), health goes NOT_SERVING; the timer loop survives (it keeps trying: the store
counts its refused claims); once writes are accepted again, health is SERVING, and a room
moved only by its turn clock and a bot moves again by itself; its log replays through the
engine (versions 1..M: every deadline applied exactly once) and each timeout in it fired a
deadline the room really had.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
import redis.asyncio as aioredis
from prometheus_client import REGISTRY

from clients.api_error import ApiError
from clients.sdk import Client
from deploy.local.cluster import Proc, start_redis
from services.rooms.bot_seats import BOT_CLOCK
from services.rooms.records import DeadlineRecord
from services.server import Replica, start_replica
from services.store import Store
from tests.faults.helpers import check_log_replays, read_whole_log, wait_health, wait_until

OPTIONS = {"turn_seconds": "1", "target_score": "10000"}


@dataclass
class Moving:
    """A room of one absent human (turn clock: 1 s, never taken over) and one bot."""

    room_id: str
    human: Client
    store: Store

    async def version(self) -> int:
        record = await self.store.rooms.load_room(self.room_id)
        assert record is not None
        return record.version


async def _moving_room(address: str, store: Store) -> Moving:
    human = Client(address)
    await human.login("Absent")
    created = await human.create_room(
        "tomahawk", players=2, options=OPTIONS, takeover_after=0, bot_delay=0.2
    )
    await human.add_bot(created.room_id)
    await human.ready(created.room_id)
    await human.start(created.room_id)
    return Moving(created.room_id, human, store)


def refused_calls(kind: str) -> float:
    return REGISTRY.get_sample_value("cercle_redis_errors_total", {"kind": kind}) or 0.0


def round_trips(op: str) -> float:
    """Redis round trips made by the store operation ``op`` (the /metrics counter)."""
    return REGISTRY.get_sample_value("cercle_redis_calls_total", {"op": op}) or 0.0


async def _wait_for_moves(room: Moving, count: int, timeout: float) -> int:
    start = await room.version()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (now := await room.version()) < start + count:
        assert loop.time() < deadline, f"the room moved {now - start} times, not {count}"
        await asyncio.sleep(0.1)
    return now


async def _assert_write_refused(client: Client) -> None:
    """CreateSession and CreateRoom write: both UNAVAILABLE with RetryInfo."""
    fresh = Client(client.address)
    try:
        with pytest.raises(ApiError) as session:
            await fresh.login("Newcomer")
    finally:
        await fresh.close()
    with pytest.raises(ApiError) as create:
        await client.create_room("tomahawk", players=2, options=OPTIONS)
    for refused in (session.value, create.value):
        assert refused.code == grpc.StatusCode.UNAVAILABLE, refused
        assert refused.reason == "STORE_UNAVAILABLE"
        assert refused.retry_after is not None and refused.retry_after > 0
        assert "refuses changes" in refused.message


async def _scenario(
    replica: Replica,
    store: Store,
    kind: str,
    refuse: Callable[[], Awaitable[None]],
    recover: Callable[[], Awaitable[None]],
) -> None:
    address = f"127.0.0.1:{replica.port}"
    await wait_health([address], "SERVING", 10)
    room = await _moving_room(address, store)
    try:
        await _wait_for_moves(room, 3, 20)  # the clock and the bot move the room

        await refuse()
        await wait_health([address], "NOT_SERVING", 10)
        await _assert_write_refused(room.human)
        frozen = await room.version()
        assert refused_calls(kind) > 0
        # The timer loop keeps claiming (and being refused) rather than dying.
        claims = round_trips("claim_due")
        await wait_until(lambda: round_trips("claim_due") >= claims + 3, 20, "another claim")
        assert all(not task.done() for task in replica.tasks), "a background task died"
        assert await room.version() == frozen, "nothing was written while writes were refused"

        await recover()
        await wait_health([address], "SERVING", 15)
        # No restart, no request: the clock and the bot move the room again by themselves.
        await _wait_for_moves(room, 3, 30)
    finally:
        await room.human.close()

    replayed = await check_log_replays(store, room.room_id)
    entries = await read_whole_log(store, room.room_id)
    previous: tuple[DeadlineRecord, ...] = ()
    timeouts = 0
    for entry in entries:
        if entry.kind == "timeout":
            timeouts += 1
            due = [d for d in previous if d.seat == entry.actor and d.clock != BOT_CLOCK]
            assert due, f"seq {entry.seq}: a timeout without a deadline for seat {entry.actor}"
        if entry.deadlines or entry.kind in ("action", "timeout", "bot", "started"):
            previous = entry.deadlines
    assert timeouts >= 2 and any(e.kind == "bot" for e in entries)
    assert replayed.record.version >= frozen + 3


@pytest.fixture
async def single(tmp_path: Path) -> AsyncIterator[tuple[Proc, Replica, Store]]:
    redis = start_redis(tmp_path / "redis", tmp_path, appendonly=False)
    url = f"redis://127.0.0.1:{redis.port}/0"
    replica = await start_replica(url)
    store = Store(url)
    try:
        yield redis, replica, store
    finally:
        await replica.stop(grace=0.1)
        await store.close()
        redis.stop()


@pytest.mark.timeout(120)
async def test_a_full_redis_refuses_writes_then_play_resumes_by_itself(
    single: tuple[Proc, Replica, Store],
) -> None:
    redis, replica, store = single
    admin = aioredis.from_url(f"redis://127.0.0.1:{redis.port}/0")

    async def refuse() -> None:
        await admin.config_set("maxmemory-policy", "noeviction")
        await admin.config_set("maxmemory", 1)

    async def recover() -> None:
        await admin.config_set("maxmemory", 0)

    try:
        await _scenario(replica, store, "OOM", refuse, recover)
    finally:
        await admin.aclose()


async def _replication_caught_up(primary: aioredis.Redis, replica: aioredis.Redis) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while True:
        info = await replica.info("replication")
        offset = (await primary.info("replication"))["master_repl_offset"]
        if info.get("master_link_status") == "up" and info.get("slave_repl_offset") == offset:
            return
        assert loop.time() < deadline, f"replication never caught up: {info}"
        await asyncio.sleep(0.05)


@pytest.mark.timeout(120)
async def test_a_read_only_replica_after_failover_refuses_writes_then_play_resumes(
    tmp_path: Path,
) -> None:
    """The replica talks to Valkey A, replicated to B. Failover: B is promoted and A becomes
    its replica (read-only, same data); failback: A is promoted again, B follows it."""
    a = start_redis(tmp_path / "a", tmp_path, appendonly=False)
    b = start_redis(tmp_path / "b", tmp_path, appendonly=False)
    url = f"redis://127.0.0.1:{a.port}/0"
    admin_a = aioredis.from_url(url)
    admin_b = aioredis.from_url(f"redis://127.0.0.1:{b.port}/0")
    replica = await start_replica(url)
    store = Store(url)
    await admin_b.replicaof("127.0.0.1", a.port)

    async def refuse() -> None:
        # As a failover does: hold writes on the old primary, let its replica catch up,
        # promote the replica, make the old primary follow it, let writes go (to READONLY).
        await admin_a.client_pause(10000, all=False)  # CLIENT PAUSE 10000 WRITE
        await _replication_caught_up(admin_a, admin_b)
        await admin_b.replicaof("NO", "ONE")
        await admin_a.replicaof("127.0.0.1", b.port)
        await _replication_caught_up(admin_b, admin_a)
        await admin_a.client_unpause()

    async def recover() -> None:
        await admin_a.replicaof("NO", "ONE")
        await admin_b.replicaof("127.0.0.1", a.port)

    try:
        await _scenario(replica, store, "READONLY", refuse, recover)
    finally:
        await replica.stop(grace=0.1)
        await store.close()
        await admin_a.aclose()
        await admin_b.aclose()
        a.stop()
        b.stop()
