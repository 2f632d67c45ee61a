"""Redis restarted (kill -9, same port, same data directory, append-only with fsync on every
write) in the middle of a match played through two replica processes.

Proves:
- every Act acknowledged before the crash is still in the room's log afterwards, at the seq
  and version its answer gave (nothing acknowledged was only in memory);
- both replicas' gRPC health (``grpc.health.v1.Health/Check``, service "") goes NOT_SERVING
  while Redis is away and back to SERVING once it is back, without any restart of theirs;
- while Redis is away an Act is answered UNAVAILABLE / STORE_UNAVAILABLE; retried with the
  same key once Redis is back, it is applied once;
- the match then goes on through both replicas, the subscribers' streams carry seqs 1..N
  with no gap and no repeat across the outage, and the log replays from the seed.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from pathlib import Path

import grpc
import pytest
from cercle.v1 import game_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from deploy.local.cluster import cluster
from services.server import start_replica
from services.store import Store
from tests.faults.helpers import (
    OUT_OF_TURN,
    Ack,
    DurableRedis,
    Refusal,
    act_once,
    act_until_answered,
    action_json,
    check_acknowledged,
    check_log_replays,
    check_streams,
    legal_when_answered,
    pick_action,
    read_whole_log,
    start_recorders,
    stop_tasks,
    tomahawk_oneof,
    wait_health,
    wait_until,
)
from tests.services.play import Seat, open_table

OPTIONS = {"turn_seconds": "0", "target_score": "10000"}
PLAYERS = 4


async def _play(
    room_id: str, seats: list[Seat], count: int, rng: random.Random, acks: list[Ack]
) -> None:
    """``count`` acknowledged actions, one player after the other (bounded)."""
    goal = len(acks) + count
    for _ in range(count * 20):
        if len(acks) >= goal:
            return
        for seat in rng.sample(seats, len(seats)):
            legal = await legal_when_answered(seat.client, room_id)
            if not legal.actions:
                continue
            action = pick_action(list(legal.actions), rng)
            key = uuid.uuid4().hex
            try:
                answer, attempts = await act_until_answered(
                    seat.client, room_id, action, legal.version, key=key
                )
            except Refusal as refused:
                assert refused.reason in ("STALE_VERSION", "TOO_LATE"), refused
                continue
            acks.append(
                Ack(
                    seat.client.player_id,
                    key,
                    seat.seat,
                    answer.seq,
                    answer.version,
                    action_json("tomahawk", action),
                    answer.replayed,
                    attempts,
                )
            )
            break
    raise AssertionError(f"only {len(acks)} of {goal} actions")


async def _mover(room_id: str, seats: list[Seat]) -> tuple[Seat, game_pb2.Action, int]:
    for seat in seats:
        legal = await legal_when_answered(seat.client, room_id)
        moves = [a for a in legal.actions if tomahawk_oneof(a) not in OUT_OF_TURN]
        if moves:
            return seat, moves[0], legal.version
    raise AssertionError("nobody's turn")


@pytest.mark.timeout(120)
async def test_redis_restart_mid_match(tmp_path: Path) -> None:
    redis = DurableRedis.start(tmp_path)
    try:
        with cluster(2, envoy=False, redis_url=redis.url, work_dir=tmp_path / "cluster") as c:
            addresses = [f"127.0.0.1:{p.port}" for p in c.replicas]
            await wait_health(addresses, "SERVING", 10)
            room_id, seats = await open_table(addresses, "tomahawk", PLAYERS, OPTIONS)
            records, recorders = await start_recorders(
                [(f"seat{s.seat}", s.client) for s in seats], room_id
            )
            rng = random.Random(11)
            acks: list[Ack] = []
            try:
                await _play(room_id, seats, 20, rng, acks)
                before = list(acks)
                mover, action, version = await _mover(room_id, seats)

                redis.kill()
                await wait_health(addresses, "NOT_SERVING", 10)
                key = uuid.uuid4().hex
                with pytest.raises(Refusal) as down:
                    await act_once(mover.client, room_id, action, version, key)
                assert (down.value.code, down.value.reason) == (
                    grpc.StatusCode.UNAVAILABLE,
                    "STORE_UNAVAILABLE",
                )
                assert down.value.retry_delay is not None and down.value.retry_delay > 0
                with pytest.raises(ApiError) as read:
                    await seats[1].client.view(room_id)
                assert read.value.reason == "STORE_UNAVAILABLE"

                redis.restart()
                await wait_health(addresses, "SERVING", 10)
                store = Store(redis.url)
                try:
                    entries = await read_whole_log(store, room_id)
                    by_seq = {e.seq: e for e in entries}
                    for ack in before:  # nothing acknowledged was lost by the crash
                        entry = by_seq.get(ack.seq)
                        assert entry is not None, f"acknowledged seq {ack.seq} lost"
                        assert (entry.actor, entry.version) == (ack.seat, ack.version)
                    assert entries[-1].seq == before[-1].seq
                finally:
                    await store.close()
                # The Act refused during the outage, retried with its key: applied once.
                answer, attempts = await act_until_answered(
                    mover.client, room_id, action, version, key=key
                )
                assert not answer.replayed and answer.version == version + 1
                acks.append(
                    Ack(
                        mover.client.player_id,
                        key,
                        mover.seat,
                        answer.seq,
                        answer.version,
                        action_json("tomahawk", action),
                        answer.replayed,
                        attempts,
                    )
                )
                await _play(room_id, seats, 20, rng, acks)
                final = await seats[0].client.view(room_id)
                await wait_until(
                    lambda: all(r.seqs and r.seqs[-1] >= final.room.seq for r in records),
                    20,
                    "every stream caught up",
                )
            finally:
                await stop_tasks(recorders)
                for seat in seats:
                    await seat.client.close()
        for record in records:
            assert record.seqs == list(range(1, final.room.seq + 1)), (
                f"{record.name}: gap or repeat across the outage; errors {record.errors}"
            )
        store = Store(redis.url)
        try:
            replayed = await check_log_replays(store, room_id)
            await check_acknowledged(store, room_id, acks, replayed, set())
            check_streams(records, {f"seat{s.seat}": s.seat for s in seats}, replayed)
        finally:
            await store.close()
    finally:
        redis.stop()


WARM_CONNECTIONS = 16


@pytest.mark.timeout(60)
async def test_requests_succeed_once_the_replica_says_serving_again(tmp_path: Path) -> None:
    redis = DurableRedis.start(tmp_path)
    replica = await start_replica(redis.url, timers=False)
    address = f"127.0.0.1:{replica.port}"
    watchers = [Client(address) for _ in range(8)]  # several sessions: no rate limit here
    try:
        await wait_health([address], "SERVING", 10)
        for i, watcher in enumerate(watchers):
            await watcher.login(f"W{i}")
        room = await watchers[0].create_room("tomahawk", players=2, options=OPTIONS)
        for watcher in watchers[1:]:
            await watcher.join(room.room_id, spectator=True)
        # The replica has served concurrent load: its pool holds several idle connections.
        pool = replica.store.redis.connection_pool
        held = [await pool.get_connection() for _ in range(WARM_CONNECTIONS)]
        for connection in held:
            await pool.release(connection)

        redis.kill()
        await wait_health([address], "NOT_SERVING", 10)
        redis.restart()
        await wait_health([address], "SERVING", 10)

        async def view(watcher: Client) -> str:
            try:
                await watcher.view(room.room_id)
            except ApiError as exc:
                return exc.reason
            return "ok"

        answers: list[str] = []
        for _ in range(3):  # a few bursts of concurrent requests, as a busy table makes
            answers += await asyncio.gather(*(view(w) for w in watchers for _ in range(6)))
        assert set(answers) == {"ok"}, answers
    finally:
        for watcher in watchers:
            await watcher.close()
        await replica.stop(grace=0.1)
        redis.stop()
