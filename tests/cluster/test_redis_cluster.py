"""Full matches through the services on a real 3-master Redis Cluster (Valkey processes
joined with CLUSTER MEET / ADDSLOTS), including a slot migration and a master restart in the
middle of a match. Every Lua script touches one slot: the room's hash tag."""

from __future__ import annotations

import asyncio
import random
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from redis.asyncio.cluster import RedisCluster
from redis.crc import key_slot

from clients.api_error import ApiError
from deploy.local.cluster import Proc, start_replica, wait_for_port
from services.store import SHARDS, Store, room_key, shard_of, stream_leases_key
from tests.cluster.helpers import (
    RANGES,
    cluster_node,
    command,
    meet,
    owner,
    wait_cluster_ok,
)
from tests.services.play import open_table, play_randomly, stop_all, subscribe_all, wait_for


@pytest.fixture(scope="module")
def redis_cluster() -> Iterator[tuple[list[Proc], Path]]:
    work = Path(tempfile.mkdtemp(prefix="cercle-cluster-"))
    nodes = [cluster_node(work / f"n{i}", work) for i in range(3)]
    try:
        meet(nodes)
        for node, (lo, hi) in zip(nodes, RANGES, strict=True):
            command(redis.Redis(port=node.port), "CLUSTER", "ADDSLOTSRANGE", lo, hi)
        for node in nodes:
            wait_cluster_ok(node.port)
        yield nodes, work
    finally:
        for node in nodes:
            node.stop()


@pytest.fixture(scope="module")
def cluster_replicas(redis_cluster: tuple[list[Proc], Path]) -> Iterator[list[str]]:
    nodes, work = redis_cluster
    url = f"redis+cluster://127.0.0.1:{nodes[0].port}"
    procs = [start_replica(url, work, name=f"cluster-replica-{i}") for i in range(2)]
    try:
        yield [f"127.0.0.1:{p.port}" for p in procs]
    finally:
        for proc in procs:
            proc.stop()


@pytest.mark.parametrize("game_id", ["tamashii", "tomy", "awimbawe", "tomahawk"])
async def test_full_match_on_redis_cluster(cluster_replicas: list[str], game_id: str) -> None:
    players = {"tamashii": 2, "tomy": 3, "awimbawe": 2, "tomahawk": 3}[game_id]
    options = {
        "tamashii": {"decision_seconds": "0"},
        "tomy": {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"},
        "awimbawe": {"decision_seconds": "0"},
        "tomahawk": {"turn_seconds": "0", "target_score": "30"},
    }[game_id]
    room_id, seats = await open_table(cluster_replicas, game_id, players, options)
    try:
        await subscribe_all(room_id, seats)
        await play_randomly(room_id, seats, random.Random(11))
        final = await seats[0].client.view(room_id)
        assert final.HasField("outcome")
        await wait_for(
            lambda: all(s.updates and s.updates[-1].seq == final.room.seq for s in seats)
        )
        for seat in seats:
            assert [u.seq for u in seat.updates] == list(range(1, final.room.seq + 1))
    finally:
        await stop_all(seats)


async def test_slot_migration_and_master_restart_mid_match(
    redis_cluster: tuple[list[Proc], Path], cluster_replicas: list[str]
) -> None:
    nodes, work = redis_cluster
    room_id, seats = await open_table(
        cluster_replicas, "tomahawk", 3, {"turn_seconds": "0", "target_score": "60"}
    )
    try:
        await subscribe_all(room_id, seats)
        rng = random.Random(5)
        await play_randomly(room_id, seats, rng, max_actions=15)
        # 1. Migrate the room's slot (all its keys share the hash tag) to another master.
        slot = key_slot(room_key(room_id).encode())
        source = owner(nodes, slot)
        target = next(n for n in nodes if n is not source)
        src, dst = redis.Redis(port=source.port), redis.Redis(port=target.port)
        src_id = command(src, "CLUSTER", "MYID").decode()
        dst_id = command(dst, "CLUSTER", "MYID").decode()
        command(dst, "CLUSTER", "SETSLOT", slot, "IMPORTING", src_id)
        command(src, "CLUSTER", "SETSLOT", slot, "MIGRATING", dst_id)
        keys = command(src, "CLUSTER", "GETKEYSINSLOT", slot, 1000)
        assert keys, "the room's keys live in that slot"
        command(src, "MIGRATE", "127.0.0.1", target.port, "", 0, 5000, "KEYS", *keys)
        for node in nodes:
            command(redis.Redis(port=node.port), "CLUSTER", "SETSLOT", slot, "NODE", dst_id)
        await play_randomly(room_id, seats, rng, max_actions=15)
        # 2. Kill -9 the master that now holds the room, and restart it (AOF, always fsync).
        target.kill(9)
        target.popen.wait(5)
        await asyncio.sleep(0.5)
        restarted = cluster_node(work / f"n{nodes.index(target)}", work, target.port)
        nodes[nodes.index(target)] = restarted
        wait_for_port(restarted.port, restarted)
        wait_cluster_ok(restarted.port)
        # The replicas reconnect by themselves: until they have, a call may be answered
        # UNAVAILABLE (retry later), as documented. Wait until every seat's replica has
        # answered a few in a row (each pooled connection to the restarted node fails once).
        streak = 0
        for _ in range(200):
            try:
                for seat in seats:
                    await seat.client.view(room_id)
                streak += 1
                if streak == 3:
                    break
            except ApiError:
                streak = 0
                await asyncio.sleep(0.2)
        await play_randomly(room_id, seats, rng)
        final = await seats[0].client.view(room_id)
        assert final.HasField("outcome")
        replay = await seats[0].client.replay(room_id)
        assert [s.version for s in replay.steps] == list(range(1, len(replay.steps) + 1))
        await wait_for(
            lambda: all(s.updates and s.updates[-1].seq == final.room.seq for s in seats)
        )
        for seat in seats:
            assert [u.seq for u in seat.updates] == list(range(1, final.room.seq + 1))
    finally:
        await stop_all(seats)


def test_every_room_key_and_timer_index_share_one_slot() -> None:
    """Each Lua script touches the room's keys and its shard's timer index: one slot."""
    from services.store import idem_key, log_key, timers_key

    for room_id in (f"room{i}" for i in range(200)):
        slots = {
            key_slot(k.encode())
            for k in (
                room_key(room_id),
                log_key(room_id),
                idem_key(room_id),
                timers_key(shard_of(room_id)),
            )
        }
        assert len(slots) == 1
    assert len({key_slot(timers_key(s).encode()) for s in range(SHARDS)}) == SHARDS


async def test_stream_leases_count_across_the_masters_of_a_cluster(
    redis_cluster: tuple[list[Proc], Path],
) -> None:
    """A stream's lease goes into its session's and its address's sets, which live on two
    masters: taken with one script per set, refused when either set is full (then held in
    neither), renewed and dropped."""
    nodes, _ = redis_cluster
    store = Store(f"redis+cluster://127.0.0.1:{nodes[0].port}")
    session = f"player:p-{uuid.uuid4().hex[:8]}"
    address = next(
        scope
        for scope in (f"addr:fd00::{i:x}" for i in range(1000))
        if owner(nodes, key_slot(stream_leases_key(scope).encode()))
        is not owner(nodes, key_slot(stream_leases_key(session).encode()))
    )

    async def held(scope: str) -> list[str]:
        members = await store.redis.zrange(stream_leases_key(scope), 0, -1)
        return sorted(m.decode() for m in members)

    try:
        limits = {session: 2, address: 3}
        assert await store.limits.take_stream_lease("r:1", limits, 30) is None
        assert await store.limits.take_stream_lease("r:2", limits, 30) is None
        assert await store.limits.take_stream_lease("r:3", limits, 30) == (session, 2)
        assert await held(session) == ["r:1", "r:2"]
        assert await held(address) == ["r:1", "r:2"]  # the refused lease is in neither set
        await store.limits.renew_stream_leases(
            {session: ["r:1", "r:2"], address: ["r:1", "r:2"]}, 30
        )
        await store.limits.drop_stream_lease("r:1", [session, address])
        assert await held(session) == ["r:2"] and await held(address) == ["r:2"]
        assert await store.limits.take_stream_lease("r:3", {session: 2, address: 2}, 30) is None
        assert await store.limits.take_stream_lease("r:4", {session: 9, address: 2}, 30) == (
            address,
            2,
        )
        # A lease that is not renewed lapses (its replica died) and gives its place back;
        # a renewed one is pushed to the lease length from now (Redis time).
        lapsing = f"player:p-{uuid.uuid4().hex[:8]}"
        assert await store.limits.take_stream_lease("dead:1", {lapsing: 1}, 0.2) is None
        for _ in range(100):
            if await store.limits.take_stream_lease("live:1", {lapsing: 1}, 0.2) is None:
                break
            await asyncio.sleep(0.05)
        assert await held(lapsing) == ["live:1"]
        await store.limits.renew_stream_leases({lapsing: ["live:1"]}, 30)
        now, _ = await store.redis.time(target_nodes=RedisCluster.RANDOM)
        score = await store.redis.zscore(stream_leases_key(lapsing), "live:1")
        assert score >= (now + 29) * 1000
    finally:
        await store.close()


async def test_the_feeds_poll_reads_the_seqs_of_rooms_on_every_master_at_once(
    redis_cluster: tuple[list[Proc], Path],
) -> None:
    """``RoomStore.room_seqs`` (the feeds' poll) pipelines one HGET per room although the rooms'
    hash tags live on different masters, and gives 0 for a room that is gone."""
    nodes, _ = redis_cluster
    store = Store(f"redis+cluster://127.0.0.1:{nodes[0].port}")
    rooms = [f"seqs{uuid.uuid4().hex[:8]}" for _ in range(40)]
    owners = {owner(nodes, key_slot(room_key(r).encode())).port for r in rooms}
    assert len(owners) > 1, "the rooms should span several masters"
    try:
        for seq, room_id in enumerate(rooms[:-1], start=1):
            await store.redis.hset(room_key(room_id), "seq", seq)
        assert await store.rooms.room_seqs(rooms) == [*range(1, len(rooms)), 0]
    finally:
        for room_id in rooms:
            await store.redis.delete(room_key(room_id))
        await store.close()


async def test_n1_n8_session_families_refresh_retry_and_revoke_on_a_cluster(
    cluster_replicas: list[str],
) -> None:
    """The refresh script touches one slot (the family's hash tag): on a cluster a retry
    gets the same pair, a logout ends the family, and the family's keys share a slot."""
    from clients.api_error import ApiError
    from clients.sdk import Client
    from services.store import token_digest, token_family
    from services.store.keys import access_key, family_key, refresh_key

    a, b = Client(cluster_replicas[0]), Client(cluster_replicas[1])
    try:
        await a.login("Clustered")
        family = token_family(a.token)
        assert family is not None and family == token_family(a.refresh_token)
        slots = {
            key_slot(k.encode())
            for k in (
                family_key(family),
                access_key(token_digest(a.token), family),
                refresh_key(token_digest(a.refresh_token), family),
            )
        }
        assert len(slots) == 1
        spent = a.refresh_token
        first = await a.refresh()
        b.refresh_token = spent
        again = await b.refresh()  # a retry, on the other replica
        assert (again.session_token, again.refresh_token) == (
            first.session_token,
            first.refresh_token,
        )
        await b.rooms()
        await b.logout()
        a.refresh_token = ""
        with pytest.raises(ApiError) as refused:
            await a.rooms()
        assert refused.value.reason == "UNAUTHENTICATED"
    finally:
        await a.close()
        await b.close()
