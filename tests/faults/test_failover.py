"""A real failover under load: the Valkey primary is killed (SIGKILL) while four tables
play, Sentinel promotes a replica, the servers follow it, and nothing acknowledged is lost.

Topology (``deploy.local.cluster``): a Valkey primary, two Valkey replicas, three sentinels
(quorum 2, ``down-after-milliseconds`` 1000), two Cercle server processes behind Envoy,
reached through ``redis+sentinel://`` (``services.store.sentinel``) with replicated commits.
Two replicas, not one: once the primary is gone, the promoted replica needs a replica of its
own to confirm commits (``WAIT 1``) and to accept writes (``min-replicas-to-write 1``); with
a single replica, play would stay refused (UNAVAILABLE) until another one joins.

The soak's tables (``tools.soak_tables``: a table each of Tomahawk, Tamashii, Tomy and
Awimbawé, scripted humans who retry an Act with the SAME key while its fate is unknown, and
server bots, with turn clocks running) play; the primary gets SIGKILL; play goes on; then
the replicas stop and the soak's audit (``tools.soak_audit``) replays every room's log
through its engine on the promoted primary and holds it against what the clients were told:
no acknowledged action lost, none applied twice, every idempotency index right, no turn
clock or bot move missing or fired twice, every stream 1..n with no gap or repeat.
"""

from __future__ import annotations

import asyncio
import signal
import time
import uuid
from contextlib import AbstractContextManager
from pathlib import Path

import grpc
import pytest

from clients.api_error import ApiError
from clients.sdk import Client
from deploy.local.cluster import (
    MIN_REPLICAS_MAX_LAG_SECONDS,
    Cluster,
    cluster,
    sentinel_primary,
    start_redis,
)
from services.store import Store, sentinel_settings
from tests.faults.helpers import check_log_replays, health, wait_health, wait_until
from tools.soak_audit import audit_rooms
from tools.soak_tables import Tables, table_specs

BEFORE_KILL_SECONDS = 8.0
AFTER_PROMOTION_SECONDS = 8.0
PROMOTION_SECONDS = 15.0
"""The longest the test waits for Sentinel to promote a replica (1 s to call the primary
down, then the election and the promotion: about 2 to 3 s here)."""


def test_a_sentinel_url_names_the_sentinels_the_master_and_the_database() -> None:
    settings = sentinel_settings("redis+sentinel://:pw@127.0.0.1:26379,10.0.0.2:26380/cercle/3")
    assert settings.sentinels == [("127.0.0.1", 26379), ("10.0.0.2", 26380)]
    assert (settings.master, settings.db, settings.password) == ("cercle", 3, "pw")
    for bad in ("redis+sentinel://h:1", "redis+sentinel://h/cercle", "redis://h:1/0"):
        with pytest.raises(ValueError):
            sentinel_settings(bad)


def replicated_cluster(
    tmp_path: Path, *, redis_replicas: int, sentinels: int, replicas: int = 1, envoy: bool = False
) -> AbstractContextManager[Cluster]:
    """Cercle replicas on a Valkey primary with ``redis_replicas`` replicas watched by
    ``sentinels`` sentinels (a ``redis+sentinel://`` URL), commits confirmed by a replica."""
    return cluster(
        replicas,
        envoy=envoy,
        web=False,
        work_dir=tmp_path,
        redis_replicas=redis_replicas,
        sentinels=sentinels,
        env={"CERCLE_COMMIT_DURABILITY": "replicated"},
    )


@pytest.mark.timeout(180)
async def test_a_primary_killed_under_load_is_replaced_and_no_acknowledged_action_is_lost(
    tmp_path: Path,
) -> None:
    with replicated_cluster(
        tmp_path,
        redis_replicas=2,
        sentinels=3,
        replicas=2,
        envoy=True,
    ) as running:
        assert running.redis is not None and running.redis_url.startswith("redis+sentinel://")
        addresses = [f"127.0.0.1:{p.port}" for p in running.replicas]
        await wait_health(addresses, "SERVING", 30)
        tables = Tables(running.address, table_specs(4), seed=26)
        play = asyncio.create_task(tables.run())
        loop = asyncio.get_running_loop()
        try:
            await asyncio.sleep(BEFORE_KILL_SECONDS)
            before = tables.acknowledged
            assert before > 0, f"nothing acknowledged before the kill: {tables.tally.unexpected}"

            old = running.redis.port
            killed_at = loop.time()
            running.redis.kill(signal.SIGKILL)
            not_serving_seen = False
            while sentinel_primary(running.sentinels[0].port) == old:
                assert loop.time() - killed_at < PROMOTION_SECONDS, "no replica was promoted"
                if not not_serving_seen:
                    not_serving_seen = "NOT_SERVING" in [await health(a) for a in addresses]
                await asyncio.sleep(0.05)
            promoted_after = loop.time() - killed_at
            at_promotion = tables.acknowledged
            await wait_until(
                lambda: tables.acknowledged > at_promotion, 30, "an action after the promotion"
            )
            first_after = loop.time() - killed_at
            await wait_until(
                lambda: tables.acknowledged >= at_promotion + 10,
                30,
                "play going on after the promotion",
            )
            resumed_after = loop.time() - killed_at
            await wait_health(addresses, "SERVING", 30)
            await asyncio.sleep(AFTER_PROMOTION_SECONDS)
        finally:
            tables.stop.set()
            await asyncio.wait_for(play, 60)
        for server in running.replicas:  # nothing may change while the logs are audited
            server.stop()
        ended_at = time.time()

        store = Store(running.redis_url)  # through the sentinels: the promoted primary
        try:
            audit = await audit_rooms(store, tables.rooms, ended_at)
        finally:
            await store.close()

    print(
        f"\nfailover: promoted after {promoted_after:.2f} s, an action acknowledged "
        f"{first_after:.2f} s after the kill, 10 more actions acknowledged "
        f"{resumed_after:.2f} s after the kill; {before} acknowledged before the kill, "
        f"{audit.acknowledged} in all over {audit.rooms} matches; lost {len(audit.lost)}, "
        f"doubled {len(audit.doubled)}; streams resumed {audit.stream_resumes} times; "
        f"readiness NOT_SERVING seen during the failover: {not_serving_seen}; "
        f"retried {dict(tables.tally.retried)}"
    )
    assert not_serving_seen, "readiness never said NOT_SERVING while there was no primary"
    assert audit.acknowledged > before
    assert not audit.lost, audit.lost
    assert not audit.doubled, audit.doubled
    assert not audit.index_mismatch, audit.index_mismatch
    assert not audit.not_replaying, audit.not_replaying
    assert not audit.stream_faults, audit.stream_faults
    for figures in (audit.turn, audit.bot):
        assert figures.missing == 0 and figures.doubled == 0, figures.details
    assert not tables.tally.server_faults, tables.tally.server_faults


@pytest.mark.timeout(120)
async def test_with_one_replica_a_failover_refuses_writes_until_the_old_primary_rejoins(
    tmp_path: Path,
) -> None:
    """``REDIS_REPLICAS=1 make run``'s topology (a primary, one replica, one sentinel): once
    the primary is killed the replica is promoted, but with no replica of its own it takes
    no write a second failover would lose (readiness NOT_SERVING, CreateRoom UNAVAILABLE);
    the old primary restarted on its files becomes its replica (Sentinel converts it) and
    the refused CreateRoom, retried with its request id, makes one room."""
    with replicated_cluster(tmp_path, redis_replicas=1, sentinels=1) as running:
        assert running.redis is not None
        address = f"127.0.0.1:{running.replicas[0].port}"
        await wait_health([address], "SERVING", 30)
        host = Client(address)
        try:
            await host.login("Host")
            await host.create_room("tomahawk", players=2)
            old = running.redis.port
            running.redis.kill(signal.SIGKILL)
            running.redis.popen.wait(5)
            await wait_until(
                lambda: sentinel_primary(running.sentinels[0].port) != old, 15, "a promotion"
            )
            await wait_health([address], "NOT_SERVING", 10)
            request_id = uuid.uuid4().hex
            with pytest.raises(ApiError) as refused:
                await host.create_room("tomahawk", players=2, request_id=request_id)
            assert refused.value.code == grpc.StatusCode.UNAVAILABLE, refused.value

            back = start_redis(
                tmp_path / "redis" / "primary",
                tmp_path / "logs",
                old,
                extra=[
                    "--min-replicas-to-write",
                    "1",
                    "--min-replicas-max-lag",
                    str(MIN_REPLICAS_MAX_LAG_SECONDS),
                ],
            )
            running.procs.append(back)  # stopped with the cluster
            await wait_health([address], "SERVING", 30)
            room = await host.create_room("tomahawk", players=2, request_id=request_id)
            again = await host.create_room("tomahawk", players=2, request_id=request_id)
            assert again.room_id == room.room_id
            assert len(await host.my_rooms()) == 2  # the one before the kill, and this one
        finally:
            await host.close()


@pytest.mark.timeout(120)
async def test_a_turn_clock_fired_as_the_primary_dies_is_applied_once_by_the_promoted_one(
    tmp_path: Path,
) -> None:
    """A turn clock runs out just before the primary is killed, made to coincide: both
    Valkey replicas are frozen (SIGSTOP) just before the deadline, so the server claims the
    room and commits the timeout on the primary alone (its WAIT unanswered: not
    confirmed); then the primary gets SIGKILL and the replicas resume. The promoted one
    never saw the claim nor the timeout: the server fires the clock again there, once, and
    the log replays."""
    with replicated_cluster(tmp_path, redis_replicas=2, sentinels=3) as running:
        assert running.redis is not None
        address = f"127.0.0.1:{running.replicas[0].port}"
        await wait_health([address], "SERVING", 30)
        human = Client(address)
        store = Store(running.redis_url)
        old = running.redis.port
        primary = Store(f"redis://127.0.0.1:{old}/0")
        try:
            await human.login("Absent")
            created = await human.create_room(
                "tomahawk",
                players=2,
                options={"turn_seconds": "3", "target_score": "10000"},
                takeover_after=0,
                bot_delay=0.2,
            )
            room_id = created.room_id
            await human.add_bot(room_id)
            await human.ready(room_id)
            await human.start(room_id)

            async def next_turn_clock() -> tuple[float, int, int] | None:
                record = await store.rooms.load_room(room_id)
                assert record is not None
                bots = {d.seat for d in record.deadlines if d.clock == "bot"}
                clocks = [
                    d
                    for d in record.deadlines
                    if d.clock == "turn" and d.seat not in bots and d.expire - time.time() > 1.0
                ]
                return (clocks[0].expire, clocks[0].seat, record.seq) if clocks else None

            found = None
            for _ in range(200):
                found = await next_turn_clock()
                if found is not None:
                    break
                await asyncio.sleep(0.05)
            assert found is not None, "the absent human's clock never ran"
            expire, seat, seq_before = found

            await asyncio.sleep(max(0.0, expire - 0.3 - time.time()))
            for follower in running.redis_replicas:
                follower.kill(signal.SIGSTOP)
            fired = None
            for _ in range(100):  # the timeout, committed on the primary only
                entries = await primary.rooms.read_log(room_id, seq_before)
                fired = next((e for e in entries if e.timeout and e.actor == seat), None)
                if fired is not None:
                    break
                await asyncio.sleep(0.05)
            assert fired is not None, "the clock did not fire on the primary"
            running.redis.kill(signal.SIGKILL)
            running.redis.popen.wait(5)
            for follower in running.redis_replicas:
                follower.kill(signal.SIGCONT)

            await wait_until(
                lambda: sentinel_primary(running.sentinels[0].port) != old, 15, "a promotion"
            )
            await wait_health([address], "SERVING", 30)

            async def timeouts() -> list[int]:
                entries = await store.rooms.read_log(room_id, seq_before)
                return [e.version for e in entries if e.timeout and e.actor == seat]

            again: list[int] = []
            for _ in range(300):
                again = await timeouts()
                if again:
                    break
                await asyncio.sleep(0.05)
            running.replicas[0].stop()  # nothing may change while the log is checked
            again = await timeouts()
            record = await store.rooms.load_room(room_id)
            assert record is not None
            print(
                f"\ntimer at failover: fired at seq {fired.seq} on the killed primary; on the "
                f"promoted one, the clock of seat {seat} fired at versions {again}, "
                f"log at seq {record.seq}"
            )
            assert again[:1] == [fired.version], "not fired again on the promoted primary"
            assert again.count(fired.version) == 1, "fired twice"
            await check_log_replays(store, room_id)
        finally:
            await human.close()
            await store.close()
            await primary.close()
