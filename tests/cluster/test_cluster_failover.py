"""A shard's primary killed under load on Redis Cluster: the cluster promotes its replica by
itself, and no acknowledged action is lost or applied twice.

Also: the replica of one shard frozen (SIGSTOP), so its primary cannot confirm anything:
an Act in a room of that shard and a lobby request answer UNAVAILABLE rather than OK, an
Act in a room of another shard is acknowledged as usual, and after SIGCONT each retry with
the same request id is applied once.

Topology: a Valkey Redis Cluster built by the test, three primaries each followed by one
replica (``CLUSTER REPLICATE``), ``cluster-node-timeout`` 1 s so a failover takes seconds;
two Cercle server processes reach it through ``redis+cluster://`` with replicated commits
(``services.store.shards``: a room's commit and its ``WAIT 1`` go on one connection to the
primary of the room's shard; a lobby request is confirmed on every primary).

The soak's tables (``tools.soak_tables``: Tomahawk, Tamashii, Tomy and Awimbawé, scripted
humans who retry an Act with the SAME key while its fate is unknown, and server bots, turn
clocks running) play through both servers; the primary holding most of their rooms gets
SIGKILL; a surviving primary majority marks it failed and its replica wins the election.
The promoted replica has no replica of its own, so for a few seconds it confirms nothing (its
rooms' commits are written but not acknowledged: UNAVAILABLE, retried with the same key; so
is every lobby request) until the killed node, restarted on its files, rejoins the cluster
as its replica, which the cluster does by itself; then play goes on. At
the end the servers stop and the soak's audit (``tools.soak_audit``) replays every room's
log through its engine and holds it against what the clients were told.
"""

from __future__ import annotations

import asyncio
import re
import signal
import time
import urllib.request
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import redis
from cercle.v1 import game_pb2
from redis.crc import key_slot

from clients.api_error import ApiError
from deploy.local.cluster import Proc, online_replicas, redis_info, start_replica
from services import server
from services.rooms.records import EntryKind, LogEntry
from services.store import Store, idem_key, log_key, room_key, shard_of, timers_key
from services.store.durability import CommitDurability, Durability
from tests.cluster.helpers import (
    RANGES,
    cluster_node,
    command,
    meet,
    node_id,
    owner,
    wait_cluster_ok,
)
from tests.faults.helpers import (
    OUT_OF_TURN,
    Refusal,
    act_once,
    check_log_replays,
    tomahawk_oneof,
    wait_health,
    wait_until,
)
from tests.services.play import Seat, open_table, stop_all
from tools.soak_audit import audit_rooms
from tools.soak_tables import Tables, table_specs

NODE_TIMEOUT_MS = 1000
"""``cluster-node-timeout``: a primary silent this long is suspected, then failed over."""
BEFORE_KILL_SECONDS = 6.0
ALONE_SECONDS = 3.0
"""How long the promoted primary stays without a replica before the killed node is
restarted: its shard's commits are refused meanwhile (no replica confirms them)."""
AFTER_REJOIN_SECONDS = 5.0
PROMOTION_SECONDS = 15.0
"""The longest the test waits for the cluster to promote the replica (about 2 to 3 s)."""


def _wait(predicate: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not callable(predicate) or not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.05)


def _role(port: int) -> str:
    try:
        return redis_info(port, "replication").get("role", "")
    except OSError:
        return ""


@pytest.fixture
def replicated_cluster(tmp_path: Path) -> Iterator[tuple[list[Proc], list[Proc]]]:
    """Three primaries (slots in :data:`RANGES` order) and one replica of each."""
    primaries = [
        cluster_node(tmp_path / f"p{i}", tmp_path, node_timeout_ms=NODE_TIMEOUT_MS)
        for i in range(3)
    ]
    followers: list[Proc] = []
    try:
        followers += [
            cluster_node(tmp_path / f"r{i}", tmp_path, node_timeout_ms=NODE_TIMEOUT_MS)
            for i in range(3)
        ]
        nodes = primaries + followers
        meet(nodes)
        for node, (lo, hi) in zip(primaries, RANGES, strict=True):
            command(redis.Redis(port=node.port), "CLUSTER", "ADDSLOTSRANGE", lo, hi)
        for follower in followers:  # every node must know the others before REPLICATE
            client = redis.Redis(port=follower.port)
            _wait(
                lambda c=client: len(command(c, "CLUSTER", "NODES").decode().splitlines()) == 6,
                20,
                "the nodes meet",
            )
        for follower, primary in zip(followers, primaries, strict=True):
            command(redis.Redis(port=follower.port), "CLUSTER", "REPLICATE", node_id(primary.port))
        for node in nodes:
            wait_cluster_ok(node.port)
        for primary in primaries:
            _wait(lambda p=primary: online_replicas(p.port) >= 1, 20, "a replica online")
        yield primaries, followers
    finally:
        for proc in [*primaries, *followers]:
            proc.kill(signal.SIGCONT)
            proc.stop()


@pytest.mark.timeout(120)
async def test_a_shard_primary_killed_under_load_is_replaced_and_no_acknowledged_action_is_lost(
    tmp_path: Path, replicated_cluster: tuple[list[Proc], list[Proc]]
) -> None:
    primaries, followers = replicated_cluster
    url = f"redis+cluster://127.0.0.1:{primaries[1].port}"
    env = {"CERCLE_COMMIT_DURABILITY": "replicated", "CERCLE_REPLICATION_TIMEOUT_MS": "500"}
    servers = [start_replica(url, tmp_path, name=f"cluster-server-{i}", env=env) for i in range(2)]
    restarted: Proc | None = None
    try:
        addresses = [f"127.0.0.1:{s.port}" for s in servers]
        await wait_health(addresses, "SERVING", 30)
        specs = table_specs(4)
        tables = [Tables(addresses[0], specs[:2], seed=7), Tables(addresses[1], specs[2:], seed=8)]
        plays = [asyncio.create_task(t.run()) for t in tables]

        def acknowledged() -> int:
            return sum(t.acknowledged for t in tables)

        def acked_on(shard: Proc) -> int:
            return sum(
                len(room.acks)
                for t in tables
                for room in t.rooms
                if owner(primaries, key_slot(room_key(room.room_id).encode())) is shard
            )

        loop = asyncio.get_running_loop()
        try:
            await asyncio.sleep(BEFORE_KILL_SECONDS)
            before = acknowledged()
            assert before > 0, [t.tally.unexpected for t in tables]
            rooms_of = Counter(
                owner(primaries, key_slot(room_key(room.room_id).encode())).port
                for t in tables
                for room in t.rooms
            )
            victim = next(p for p in primaries if p.port == rooms_of.most_common(1)[0][0])
            index = primaries.index(victim)
            promoted = followers[index]
            on_victim_before = acked_on(victim)

            killed_at = loop.time()
            victim.kill(signal.SIGKILL)
            victim.popen.wait(5)
            while _role(promoted.port) != "master":
                assert loop.time() - killed_at < PROMOTION_SECONDS, "no replica was promoted"
                await asyncio.sleep(0.05)
            promoted_after = loop.time() - killed_at
            await asyncio.sleep(ALONE_SECONDS)
            # The killed node, restarted on its files, rejoins as the promoted one's replica.
            restarted = cluster_node(
                tmp_path / f"p{index}", tmp_path, victim.port, node_timeout_ms=NODE_TIMEOUT_MS
            )
            await wait_until(
                lambda: online_replicas(promoted.port) >= 1, 30, "the killed node rejoins"
            )
            rejoined_after = loop.time() - killed_at
            at_rejoin = acknowledged()
            await wait_until(
                lambda: acknowledged() >= at_rejoin + 10, 30, "play going on after the failover"
            )
            await wait_health(addresses, "SERVING", 30)
            await asyncio.sleep(AFTER_REJOIN_SECONDS)
            on_victim_after = acked_on(victim) - on_victim_before
        finally:
            for t in tables:
                t.stop.set()
            await asyncio.wait_for(asyncio.gather(*plays), 60)
        unconfirmed = sum(_unconfirmed_commits(s.metrics_port) for s in servers)
        for server in servers:  # nothing may change while the logs are audited
            server.stop()
        ended_at = time.time()

        store = Store(url)
        try:
            audits = [await audit_rooms(store, t.rooms, ended_at) for t in tables]
        finally:
            await store.close()
    finally:
        for server in servers:
            server.stop()
        if restarted is not None:
            restarted.stop()

    retried = sum((t.tally.retried for t in tables), Counter[str]())
    print(
        f"\ncluster failover: promoted {promoted_after:.2f} s after the kill, the killed node "
        f"back as its replica {rejoined_after:.2f} s after it; {before} actions acknowledged "
        f"before the kill, {sum(a.acknowledged for a in audits)} in all over "
        f"{sum(a.rooms for a in audits)} matches, {on_victim_after} in rooms of the failed "
        f"shard after the kill; {unconfirmed} commits not confirmed in time; "
        f"retried {dict(retried)}"
    )
    # While the promoted primary had no replica, its shard's commits (players' and bots')
    # were written there but not acknowledged.
    assert unconfirmed > 0, "no commit was refused while the shard had no replica"
    assert on_victim_before > 0, "no room of the killed primary's shard had been played"
    assert on_victim_after > 0, "the failed-over shard's rooms never played on"
    for audit in audits:
        assert not audit.lost, audit.lost
        assert not audit.doubled, audit.doubled
        assert not audit.index_mismatch, audit.index_mismatch
        assert not audit.not_replaying, audit.not_replaying
        assert not audit.stream_faults, audit.stream_faults
        for figures in (audit.turn, audit.bot):
            assert figures.missing == 0 and figures.doubled == 0, figures.details
    for t in tables:
        assert not t.tally.server_faults, t.tally.server_faults


@pytest.mark.timeout(90)
async def test_a_frozen_shard_replica_refuses_that_shards_acks_and_retries_apply_once(
    replicated_cluster: tuple[list[Proc], list[Proc]], monkeypatch: pytest.MonkeyPatch
) -> None:
    primaries, followers = replicated_cluster
    monkeypatch.setenv("CERCLE_COMMIT_DURABILITY", "replicated")
    monkeypatch.setenv("CERCLE_REPLICATION_TIMEOUT_MS", "300")
    url = f"redis+cluster://127.0.0.1:{primaries[0].port}"
    cercle = await server.start_replica(url)
    store = Store(url)
    address = f"127.0.0.1:{cercle.port}"
    options = {"turn_seconds": "0", "target_score": "10000", "reaction_seconds": "0"}
    tables: list[tuple[str, list[Seat]]] = []
    auto = Store(url, durability=CommitDurability(Durability.AUTO, 300))
    try:
        assert cercle.store.replication.replicated
        await auto.warm_up()  # every primary reports an online replica
        assert auto.replication.replicated
        # Two rooms whose shards have different primaries.
        shard_of_room: dict[str, Proc] = {}
        while len({p.port for p in shard_of_room.values()}) < 2:
            room_id, seats = await open_table([address], "tomahawk", 2, options)
            tables.append((room_id, seats))
            shard_of_room[room_id] = owner(primaries, key_slot(room_key(room_id).encode()))
            assert len(tables) < 20, "every room landed on one primary"
        frozen_room, frozen_seats = tables[-1]
        frozen_shard = shard_of_room[frozen_room]
        other_room, other_seats = next(
            (r, s) for r, s in tables if shard_of_room[r] is not frozen_shard
        )
        before = await store.rooms.load_room(frozen_room)
        assert before is not None
        seat, action, version = await _next_move(frozen_room, frozen_seats)
        key, request_id = uuid.uuid4().hex, uuid.uuid4().hex
        follower = followers[primaries.index(frozen_shard)]
        follower.kill(signal.SIGSTOP)
        try:
            with pytest.raises(Refusal) as refused:
                await act_once(seat.client, frozen_room, action, version, key)
            assert refused.value.code == grpc.StatusCode.UNAVAILABLE, refused.value
            assert refused.value.reason == "STORE_UNAVAILABLE"
            assert refused.value.retry_delay is not None and refused.value.retry_delay > 0
            # The move is on the shard's primary, not acknowledged; its retry is not either.
            written = await store.rooms.load_room(frozen_room)
            assert written is not None and written.seq == before.seq + 1
            with pytest.raises(Refusal):
                await act_once(seat.client, frozen_room, action, version, key)
            # Another shard's room plays on, confirmed by its own replica.
            other_seat, other_action, other_version = await _next_move(other_room, other_seats)
            answer = await act_once(
                other_seat.client, other_room, other_action, other_version, uuid.uuid4().hex
            )
            assert not answer.replayed
            # A lobby request is confirmed on every primary: refused too.
            with pytest.raises(ApiError) as lobby:
                await seat.client.create_room("tomahawk", players=2, request_id=request_id)
            assert lobby.value.code == grpc.StatusCode.UNAVAILABLE, lobby.value
        finally:
            follower.kill(signal.SIGCONT)

        again = await act_once(seat.client, frozen_room, action, version, key)
        assert again.replayed and again.seq == before.seq + 1
        after = await store.rooms.load_room(frozen_room)
        assert after is not None and after.seq == before.seq + 1, "applied twice"
        made = await seat.client.create_room("tomahawk", players=2, request_id=request_id)
        same = await seat.client.create_room("tomahawk", players=2, request_id=request_id)
        assert made.room_id == same.room_id
        mine = [r.room_id for r in await seat.client.my_rooms()]
        assert mine.count(made.room_id) == 1 and len(mine) == 2, mine
        entries = await store.redis.xrange(log_key(frozen_room))
        assert len(entries) == before.seq + 1
        await check_log_replays(store, frozen_room)
    finally:
        for _, seats in tables:
            await stop_all(seats)
        await cercle.stop(grace=0.1)
        await store.close()
        await auto.close()


@pytest.mark.timeout(90)
async def test_a_replicated_commit_follows_its_room_while_the_slot_migrates(
    replicated_cluster: tuple[list[Proc], list[Proc]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room's slot migrates to another primary: while its keys are on the target and
    the slot is still the source's (MIGRATING / IMPORTING), a commit and its WAIT, and a
    confirmed read, follow ``ASK`` to the target (each command after an ``ASKING`` on the
    same connection); once the slot is the target's, they follow ``MOVED``. Each
    acknowledged entry is on the target's replica. (Store calls: redis-py's own cluster
    client answers a room read sent mid-migration with an error, so no server runs then.)"""
    primaries, followers = replicated_cluster
    monkeypatch.setenv("CERCLE_COMMIT_DURABILITY", "replicated")
    url = f"redis+cluster://127.0.0.1:{primaries[0].port}"
    cercle = await server.start_replica(url)
    room_id, seats = await open_table([f"127.0.0.1:{cercle.port}"], "tomahawk", 2, {})
    # An Act with a request id, and the turn clock running: each key the commit script
    # touches exists (the importing node runs a multi-key script only when all its keys
    # are there; else TRYAGAIN, which the client retries).
    seat, action, version = await _next_move(room_id, seats)
    await act_once(seat.client, room_id, action, version, uuid.uuid4().hex)
    await stop_all(seats)
    await cercle.stop(grace=0.1)
    store = Store(url, durability=CommitDurability(Durability.REPLICATED, 1000))
    try:
        record = await store.rooms.load_room(room_id)
        assert record is not None and record.deadlines
        slot = key_slot(room_key(room_id).encode())
        source = owner(primaries, slot)
        target = next(p for p in primaries if p is not source)
        src, dst = redis.Redis(port=source.port), redis.Redis(port=target.port)
        command(dst, "CLUSTER", "SETSLOT", slot, "IMPORTING", node_id(source.port))
        command(src, "CLUSTER", "SETSLOT", slot, "MIGRATING", node_id(target.port))
        keys = command(src, "CLUSTER", "GETKEYSINSLOT", slot, 1000)
        touched = {room_key(room_id), log_key(room_id), idem_key(room_id)}
        touched.add(timers_key(shard_of(room_id)))
        assert touched <= {k.decode() for k in keys}
        command(src, "MIGRATE", "127.0.0.1", target.port, "", 0, 5000, "KEYS", *keys)

        async def chat_line(expected_seq: int) -> int:
            entry = LogEntry(EntryKind.CHAT, version=record.version, deadlines=record.deadlines)
            seq = await store.rooms.commit(
                room_id, expected_seq=expected_seq, room=record, before=record, entry=entry
            )
            read = await store.rooms.read_entry(room_id, seq, confirmed=True)
            assert read is not None and read.kind is EntryKind.CHAT
            return seq

        asked = await chat_line(record.seq)  # ASK: the slot is still the source's
        target_id = node_id(target.port)
        for node in primaries:
            command(redis.Redis(port=node.port), "CLUSTER", "SETSLOT", slot, "NODE", target_id)
        moved = await chat_line(asked)  # MOVED: the slot is the target's now
        assert (asked, moved) == (record.seq + 1, record.seq + 2)
        await store.replication.confirm_replicated()

        replica = redis.Redis(port=followers[primaries.index(target)].port)
        command(replica, "READONLY")
        on_replica = command(replica, "XRANGE", log_key(room_id), f"{asked}-0", "+")
        assert [int(entry_id.split(b"-")[0]) for entry_id, _ in on_replica] == [asked, moved]
    finally:
        await store.close()


async def _next_move(room_id: str, seats: list[Seat]) -> tuple[Seat, game_pb2.Action, int]:
    """The seat to play and its first in-turn legal action."""
    for _ in range(50):
        for seat in seats:
            legal = await seat.client.legal(room_id)
            moves = [a for a in legal.actions if tomahawk_oneof(a) not in OUT_OF_TURN]
            if moves:
                return seat, moves[0], legal.version
        await asyncio.sleep(0.05)
    raise AssertionError("nobody had a move to play")


def _unconfirmed_commits(metrics_port: int) -> int:
    """How many commits a server process found no replica confirming in time (its
    ``cercle_redis_errors_total{kind="NOTREPLICATED"}``)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5) as page:
        text = page.read().decode()
    found = re.search(r'^cercle_redis_errors_total\{kind="NOTREPLICATED"\} (\S+)$', text, re.M)
    return int(float(found.group(1))) if found else 0
