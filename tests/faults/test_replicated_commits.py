"""Replicated commits: no acknowledged move is lost when the Redis primary dies.

A Valkey primary followed by a Valkey replica (``--replicaof``), real processes, and a real
Cercle replica over the primary (``services.store.durability``):

- ``replicated``: every acknowledged Act is on the Valkey replica when its answer arrives,
  though the replication stream reaches it 100 ms late (a proxy holds it; in ``local``
  mode this test fails: the answer comes first);
- with the replica frozen (SIGSTOP) an Act answers UNAVAILABLE / STORE_UNAVAILABLE with
  RetryInfo after about the replication timeout; its retry with the same request id is
  not acknowledged either while the replica is frozen, and after SIGCONT it is, applied
  exactly once; a lobby request that finds nothing to change waits for a replica too;
- ``local`` sends no WAIT: the Act is acknowledged while the replica is frozen (one Redis
  server behaves as before);
- ``auto`` turns replicated once the primary reports a replica (at start or at a running
  server's next store check), and stays so;
- ``deploy.local.cluster``'s primary started with a replica refuses writes (NOREPLICAS)
  once its replica stops keeping up.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis.asyncio as aioredis
from cercle.v1 import common_pb2, game_pb2
from redis.exceptions import ResponseError

from clients.api_error import ApiError
from clients.sdk import Client
from deploy.local.cluster import (
    MIN_REPLICAS_MAX_LAG_SECONDS,
    Proc,
    start_redis,
    start_replicated_redis,
)
from services.server import start_replica
from services.store import Store, idem_key, log_key, room_key
from services.store.durability import (
    DEFAULT_REPLICATION_TIMEOUT_MS,
    CommitDurability,
    Durability,
    commits_replicated,
    durability_from_env,
)
from tests.faults.helpers import (
    OUT_OF_TURN,
    Refusal,
    act_once,
    check_log_replays,
    read_whole_log,
    tomahawk_oneof,
    wait_health,
    wait_until,
)
from tests.faults.replicated import TIMEOUT_MS, Topology, frozen, start_topology, wait_following
from tests.services.play import Seat, open_table, stop_all

OPTIONS = {
    "turn_seconds": "0",
    "target_score": "10000",
    "reaction_seconds": "0",
    "pause_seconds": "0",
}
"""Two humans, no clock, no reaction window: only the players' Acts change the room."""


# ---------------------------------------------------------------------------------------
# The mode (no Redis)
# ---------------------------------------------------------------------------------------


def test_durability_setting_defaults_to_auto_with_a_500_ms_timeout_and_refuses_typos() -> None:
    assert durability_from_env({}) == CommitDurability(Durability.AUTO, 500)
    assert DEFAULT_REPLICATION_TIMEOUT_MS == 500
    chosen = durability_from_env(
        {"CERCLE_COMMIT_DURABILITY": " Replicated ", "CERCLE_REPLICATION_TIMEOUT_MS": "250"}
    )
    assert chosen == CommitDurability(Durability.REPLICATED, 250)
    with pytest.raises(ValueError, match="CERCLE_COMMIT_DURABILITY"):
        durability_from_env({"CERCLE_COMMIT_DURABILITY": "replica"})
    with pytest.raises(ValueError, match="at least 1"):  # WAIT 0 blocks forever
        durability_from_env({"CERCLE_REPLICATION_TIMEOUT_MS": "0"})


def test_auto_durability_waits_once_a_replica_was_seen_and_local_never_waits() -> None:
    auto = Durability.AUTO
    assert not commits_replicated(auto, None, False)  # unknown: not yet
    assert not commits_replicated(auto, 0, False)
    assert commits_replicated(auto, 1, False)
    assert commits_replicated(auto, 0, True)  # a replica lost later: still waits
    assert commits_replicated(auto, None, True)
    assert not commits_replicated(Durability.LOCAL, 3, False)
    assert commits_replicated(Durability.REPLICATED, 0, False)


# ---------------------------------------------------------------------------------------
# A primary, its Valkey replica, and a Cercle replica
# ---------------------------------------------------------------------------------------


@pytest.fixture
async def replicated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Topology]:
    async for topology in start_topology(tmp_path, monkeypatch, "replicated"):
        yield topology


@pytest.fixture
async def fsynced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Topology]:
    # A replica reports the offset it fsynced when asked (WAITAOF's GETACK arrives with the
    # write, before the fsync) or in its once-a-second acknowledgement: up to a second.
    async for topology in start_topology(
        tmp_path, monkeypatch, "fsynced", fsync_always=True, timeout_ms=1500
    ):
        yield topology


@pytest.fixture
async def local(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Topology]:
    async for topology in start_topology(tmp_path, monkeypatch, "local"):
        yield topology


async def _next_move(room_id: str, seats: list[Seat]) -> tuple[Seat, game_pb2.Action, int]:
    """The seat to play and its first in-turn legal action (no out-of-turn call: one Act
    at a time, so each answer names the entry it wrote)."""
    for _ in range(50):
        for seat in seats:
            legal = await seat.client.legal(room_id)
            moves = [a for a in legal.actions if tomahawk_oneof(a) not in OUT_OF_TURN]
            if moves:
                return seat, moves[0], legal.version
        await asyncio.sleep(0.05)
    raise AssertionError("nobody had a move to play")


async def _on_follower(topology: Topology, room_id: str, seq: int) -> int | None:
    """The version of the room's log entry ``seq`` on the Valkey replica (None: absent)."""
    raw = await topology.follower_redis.xrange(
        log_key(room_id), min=f"{seq}-0", max=f"{seq}-0", count=1
    )
    if not raw:
        return None
    fields = raw[0][1]
    assert fields is not None
    return int(fields[b"version"])


# ---------------------------------------------------------------------------------------
# replicated
# ---------------------------------------------------------------------------------------


async def _act_until_acknowledged(
    client: Client, room_id: str, action: game_pb2.Action, version: int, key: str
) -> game_pb2.ActResponse:
    """Act as a client does: an UNAVAILABLE answer (no replica confirmed in time, as on two
    busy cores the delayed link may) is retried with the same key, at most five times."""
    for _ in range(4):
        try:
            return await act_once(client, room_id, action, version, key)
        except Refusal as refused:
            if refused.code != grpc.StatusCode.UNAVAILABLE:
                raise
            await asyncio.sleep(refused.retry_delay or 0.2)
    return await act_once(client, room_id, action, version, key)


@pytest.mark.timeout(120)
async def test_every_acknowledged_act_is_on_the_valkey_replica_when_answered(
    replicated: Topology,
) -> None:
    room_id, seats = await open_table([replicated.address], "tomahawk", 2, OPTIONS)
    replicated.link.delay = 0.1  # what the replica lacks is what a failover would lose
    acknowledged = 0
    try:
        for _ in range(30):
            seat, action, version = await _next_move(room_id, seats)
            key = uuid.uuid4().hex
            answer = await _act_until_acknowledged(seat.client, room_id, action, version, key)
            on_follower = await _on_follower(replicated, room_id, answer.seq)
            assert on_follower == answer.version, (
                f"Act seq {answer.seq} acknowledged but not on the Valkey replica"
            )
            player_key = f"{seat.client.player_id}:{key}".encode()
            assert await replicated.follower_redis.hexists(idem_key(room_id), player_key)
            acknowledged += 1
    finally:
        replicated.link.delay = 0.0
        await stop_all(seats)
    assert acknowledged == 30
    replayed = await check_log_replays(replicated.store, room_id)
    assert len(replayed.actions) == 30


@pytest.mark.timeout(120)
async def test_unconfirmed_act_answers_unavailable_and_its_retry_applies_once_after_sigcont(
    replicated: Topology,
) -> None:
    room_id, seats = await open_table([replicated.address], "tomahawk", 2, OPTIONS)
    try:
        for _ in range(3):  # a few moves confirmed as usual
            seat, action, version = await _next_move(room_id, seats)
            await act_once(seat.client, room_id, action, version, uuid.uuid4().hex)
        seat, action, version = await _next_move(room_id, seats)
        before = await replicated.store.rooms.load_room(room_id)
        assert before is not None
        key = uuid.uuid4().hex

        with frozen(replicated.follower):
            started = time.monotonic()
            with pytest.raises(Refusal) as first:
                await act_once(seat.client, room_id, action, version, key)
            elapsed = time.monotonic() - started
            # The retry finds the move already written, but no replica confirms it either.
            with pytest.raises(Refusal) as again:
                await act_once(seat.client, room_id, action, version, key)

        for refused in (first.value, again.value):
            assert refused.code == grpc.StatusCode.UNAVAILABLE, refused
            assert refused.reason == "STORE_UNAVAILABLE"
            assert refused.retry_delay is not None and refused.retry_delay > 0
            assert "same idempotency key" in refused.message
        assert TIMEOUT_MS / 1000 <= elapsed < TIMEOUT_MS / 1000 + 2.0, elapsed

        answer = await act_once(seat.client, room_id, action, version, key)
        assert answer.replayed, "the retry applied the move a second time"
        assert answer.seq == before.seq + 1
        assert await _on_follower(replicated, room_id, answer.seq) == answer.version
        after = await replicated.store.rooms.load_room(room_id)
        assert after is not None and after.seq == before.seq + 1, "applied more than once"
        entries = await read_whole_log(replicated.store, room_id)
        assert [e.seq for e in entries if e.version == answer.version] == [answer.seq]

        # Play goes on, confirmed as usual.
        seat, action, version = await _next_move(room_id, seats)
        following = await act_once(seat.client, room_id, action, version, uuid.uuid4().hex)
        assert not following.replayed and following.seq == answer.seq + 1
    finally:
        await stop_all(seats)
    await check_log_replays(replicated.store, room_id)


@pytest.mark.timeout(120)
async def test_a_join_that_changes_nothing_is_answered_only_once_a_replica_holds_the_room(
    replicated: Topology,
) -> None:
    """A lobby request that finds nothing to change (its first attempt may have been the
    unconfirmed one) still waits for a replica before it answers OK."""
    host, guest = Client(replicated.address), Client(replicated.address)
    try:
        await host.login("Host")
        await guest.login("Guest")
        room = await host.create_room("tomahawk", players=2, options=OPTIONS)
        await guest.join(room.room_id)
        with frozen(replicated.follower), pytest.raises(ApiError) as again:
            await guest.join(room.room_id)  # already seated: nothing to write
        assert again.value.code == grpc.StatusCode.UNAVAILABLE, again.value
        assert again.value.reason == "STORE_UNAVAILABLE"
        assert again.value.retry_after is not None and again.value.retry_after > 0
        joined = await guest.join(room.room_id)
        assert joined.seat == 1
    finally:
        await host.close()
        await guest.close()


@pytest.mark.timeout(120)
async def test_an_unconfirmed_create_room_retried_with_its_request_id_makes_one_room(
    replicated: Topology,
) -> None:
    """CreateRoom while the Valkey replica is frozen answers UNAVAILABLE with RetryInfo (the
    room is on the primary, its answer kept with the request id); the retry with the same
    request id after SIGCONT answers the same room and makes no second one."""
    host = Client(replicated.address)
    try:
        await host.login("Host")
        request_id = uuid.uuid4().hex
        with frozen(replicated.follower), pytest.raises(ApiError) as first:
            await host.create_room("tomahawk", players=2, options=OPTIONS, request_id=request_id)
        assert first.value.code == grpc.StatusCode.UNAVAILABLE, first.value
        assert first.value.reason == "STORE_UNAVAILABLE"
        assert first.value.retry_after is not None and first.value.retry_after > 0
        made = await replicated.store.indexes.open_rooms("tomahawk", 100)
        assert len(made) == 1, "the unconfirmed CreateRoom is not on the primary"

        room = await host.create_room("tomahawk", players=2, options=OPTIONS, request_id=request_id)
        assert room.room_id == made[0]
        assert [r.room_id for r in await host.my_rooms()] == [room.room_id]
        assert await replicated.store.indexes.open_rooms("tomahawk", 100) == [room.room_id]
        on_follower = await replicated.follower_redis.hgetall(room_key(room.room_id))
        assert on_follower, "answered before the Valkey replica held the room"
    finally:
        await host.close()


@pytest.mark.timeout(120)
async def test_an_unconfirmed_add_bot_retried_with_its_request_id_seats_one_bot(
    replicated: Topology,
) -> None:
    """The same for AddBot: the retry names the same bot and the room has one bot."""
    host = Client(replicated.address)
    try:
        await host.login("Host")
        room = await host.create_room("tomahawk", players=3, options=OPTIONS)
        request_id = uuid.uuid4().hex
        with frozen(replicated.follower), pytest.raises(ApiError) as first:
            await host.add_bot(room.room_id, request_id=request_id)
        assert first.value.code == grpc.StatusCode.UNAVAILABLE, first.value
        again = await host.add_bot(room.room_id, request_id=request_id)
        assert [s.index for s in again.seats if s.kind == common_pb2.SEAT_KIND_BOT] == [1]
        (now,) = [r for r in await host.my_rooms() if r.room_id == room.room_id]
        assert [s.index for s in now.seats if s.kind == common_pb2.SEAT_KIND_BOT] == [1]
    finally:
        await host.close()


# ---------------------------------------------------------------------------------------
# local, auto, and the primary started by deploy/local/cluster.py
# ---------------------------------------------------------------------------------------


@pytest.mark.timeout(120)
async def test_fsynced_commits_wait_for_both_append_only_files_and_refuse_without_the_replica(
    fsynced: Topology,
) -> None:
    """``fsynced``: each commit is followed by ``WAITAOF 1 1`` (the primary's and a
    replica's append-only files hold it), never a bare WAIT; every acknowledged Act is on
    the replica; with the replica frozen an Act answers UNAVAILABLE and its retry after
    SIGCONT applies once."""
    room_id, seats = await open_table([fsynced.address], "tomahawk", 2, OPTIONS)
    admin = aioredis.from_url(f"redis://127.0.0.1:{fsynced.primary.port}/0")
    try:
        before = await admin.info("commandstats")
        for _ in range(4):
            seat, action, version = await _next_move(room_id, seats)
            answer = await _act_until_acknowledged(
                seat.client, room_id, action, version, uuid.uuid4().hex
            )
            assert await _on_follower(fsynced, room_id, answer.seq) == answer.version
        after = await admin.info("commandstats")

        def calls(stats: dict[str, Any], name: str) -> int:
            return int(stats.get(f"cmdstat_{name}", {}).get("calls", 0))

        assert calls(after, "waitaof") - calls(before, "waitaof") >= 4
        assert calls(after, "wait") == calls(before, "wait"), "a bare WAIT was sent"

        seat, action, version = await _next_move(room_id, seats)
        key = uuid.uuid4().hex
        with frozen(fsynced.follower), pytest.raises(Refusal) as refused:
            await act_once(seat.client, room_id, action, version, key)
        assert refused.value.code == grpc.StatusCode.UNAVAILABLE, refused.value
        assert refused.value.reason == "STORE_UNAVAILABLE"
        retried = await _act_until_acknowledged(seat.client, room_id, action, version, key)
        assert retried.replayed, "the retry applied the move a second time"
    finally:
        await admin.aclose()
        await stop_all(seats)
    await check_log_replays(fsynced.store, room_id)


@pytest.mark.timeout(120)
async def test_local_durability_sends_no_wait_so_acts_succeed_while_the_replica_isfrozen(
    local: Topology,
) -> None:
    room_id, seats = await open_table([local.address], "tomahawk", 2, OPTIONS)
    try:
        with frozen(local.follower):
            for _ in range(3):
                seat, action, version = await _next_move(room_id, seats)
                answer = await act_once(seat.client, room_id, action, version, uuid.uuid4().hex)
                assert not answer.replayed
    finally:
        await stop_all(seats)
    replayed = await check_log_replays(local.store, room_id)
    assert len(replayed.actions) == 3


@pytest.mark.timeout(60)
async def test_auto_durability_turns_replicated_when_the_primary_reports_a_replica(
    tmp_path: Path,
) -> None:
    primary = start_redis(tmp_path / "primary", tmp_path, appendonly=False)
    url = f"redis://127.0.0.1:{primary.port}/0"
    store = Store(url, durability=CommitDurability(Durability.AUTO, TIMEOUT_MS))
    follower: Proc | None = None
    try:
        await store.warm_up()
        assert not store.replication.replicated, "one server alone: no WAIT"
        follower = start_redis(
            tmp_path / "follower", tmp_path, appendonly=False, replica_of=primary.port
        )
        await wait_following(primary)
        assert await store.replication.refresh_durability()
        follower.stop()
        follower = None
        assert await store.replication.refresh_durability(), (
            "a replica seen once: commits still wait"
        )
    finally:
        await store.close()
        if follower is not None:
            follower.stop()
        primary.stop()


@pytest.mark.timeout(60)
async def test_a_running_server_in_auto_mode_waits_once_its_primary_gains_a_replica(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store watch's periodic check (``services.server._watch_store``) sees it."""
    monkeypatch.setenv("CERCLE_COMMIT_DURABILITY", "auto")
    primary = start_redis(tmp_path / "primary", tmp_path, appendonly=False)
    cercle = await start_replica(f"redis://127.0.0.1:{primary.port}/0")
    follower: Proc | None = None
    try:
        await wait_health([f"127.0.0.1:{cercle.port}"], "SERVING", 10)
        assert not cercle.store.replication.replicated
        follower = start_redis(
            tmp_path / "follower", tmp_path, appendonly=False, replica_of=primary.port
        )
        await wait_until(
            lambda: cercle.store.replication.replicated, 15, "auto durability turns replicated"
        )
    finally:
        await cercle.stop(grace=0.1)
        if follower is not None:
            follower.stop()
        primary.stop()


@pytest.mark.timeout(60)
async def test_a_primary_started_with_a_replica_refuses_writes_once_its_replica_stops(
    tmp_path: Path,
) -> None:
    primary, follower = start_replicated_redis(tmp_path / "redis", tmp_path, appendonly=False)
    admin = aioredis.from_url(f"redis://127.0.0.1:{primary.port}/0")
    try:
        config = await admin.config_get("min-replicas-*")
        assert config == {
            "min-replicas-to-write": "1",
            "min-replicas-max-lag": str(MIN_REPLICAS_MAX_LAG_SECONDS),
        }
        await admin.set("before", 1)
        with frozen(follower):
            deadline = time.monotonic() + MIN_REPLICAS_MAX_LAG_SECONDS + 10
            while True:
                try:
                    await admin.set("isolated", 1)
                except ResponseError as refused:
                    assert "NOREPLICAS" in str(refused) or "replicas" in str(refused)
                    break
                assert time.monotonic() < deadline, "the isolated primary kept taking writes"
                await asyncio.sleep(0.2)
    finally:
        await admin.aclose()
        follower.stop()
        primary.stop()
