"""kill -9 of a server replica in the middle of a match, with every client going through
Envoy to two replicas over a Redis that fsyncs every write (``--appendfsync always``).

Four players play through Envoy (each loop: legal actions -> a random act; an Act whose call
fails in transport is retried with the SAME idempotency key) while eight raw recorders stream
the room (two per player, opened one after the other so that the round robin spreads them).
After some actions the players pause, the victim replica is frozen (SIGSTOP) and the player
whose turn it is acts until one of its Acts hangs on the frozen replica; then the victim gets
kill -9 and the players go on.

Proves:
- every stream carries seqs 1..N with no gap and no repeat (the recorder keeps repeats, it
  does not filter them like the SDK), the streams that were on the victim were broken and
  resumed, from their last seq, on the other replica, and every streamed view is exactly the
  engine's view for that seat at that version;
- the Act hung on the victim failed in transport and its retry with the same key, on the
  other replica, applied it once (not a replay: the victim never ran it);
- every acknowledged Act is in the log exactly once at the seq/version its answer gave, every
  player action in the log was acknowledged, the idempotency index holds exactly the
  acknowledged keys, and the log replays through the engine from the room's seed.
"""

from __future__ import annotations

import asyncio
import random
import signal
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
from cercle.v1 import game_pb2

from clients.sdk import Client
from deploy.local.cluster import cluster
from services.store import Store
from tests.faults.helpers import (
    OUT_OF_TURN,
    Ack,
    DurableRedis,
    Refusal,
    act_until_answered,
    action_json,
    check_acknowledged,
    check_log_replays,
    check_streams,
    legal_when_answered,
    pick_action,
    start_recorders,
    stop_tasks,
    tomahawk_oneof,
    wait_until,
)
from tests.services.play import Seat, open_table

PLAYERS = 4
OPTIONS = {"turn_seconds": "0", "target_score": "10000"}
BEFORE_KILL = 15
AFTER_KILL = 20
RACE_REASONS = {"STALE_VERSION", "TOO_LATE"}


@dataclass
class Table:
    room_id: str
    acks: list[Ack] = field(default_factory=list)
    refused: set[str] = field(default_factory=set)
    in_flight: dict[str, float] = field(default_factory=dict)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    go: asyncio.Event = field(default_factory=asyncio.Event)
    busy: set[int] = field(default_factory=set)

    async def act(self, seat: Seat, action: game_pb2.Action, version: int) -> Ack | None:
        """Act until answered (same key on every retry); None if refused by a race."""
        key = uuid.uuid4().hex
        try:
            answer, attempts = await act_until_answered(
                seat.client, self.room_id, action, version, key=key, in_flight=self.in_flight
            )
        except Refusal as refusal:
            assert refusal.reason in RACE_REASONS, f"seat {seat.seat}: {refusal}"
            self.refused.add(key)
            return None
        ack = Ack(
            seat.client.player_id,
            key,
            seat.seat,
            answer.seq,
            answer.version,
            action_json("tomahawk", action),
            answer.replayed,
            attempts,
        )
        self.acks.append(ack)
        return ack

    async def pause(self) -> None:
        self.go.clear()
        await wait_until(lambda: not self.busy, 20, "players paused")


async def _player(table: Table, seat: Seat, rng: random.Random) -> None:
    """One player's loop: legal actions -> a random one, until told to stop (bounded)."""
    for _ in range(2000):
        await asyncio.wait_for(table.go.wait(), 30)
        if table.stop.is_set():
            return
        table.busy.add(seat.seat)
        try:
            legal = await legal_when_answered(seat.client, table.room_id)
            if not legal.actions:
                await asyncio.sleep(0.03)
                continue
            await table.act(seat, pick_action(list(legal.actions), rng), legal.version)
        finally:
            table.busy.discard(seat.seat)


async def _legal_soon(seat: Seat, room_id: str) -> game_pb2.ListLegalActionsResponse:
    """Legal actions with a short deadline, asked again if the call hangs on the frozen
    replica (bounded)."""
    for _ in range(6):
        try:
            answer = await seat.client.game.ListLegalActions(
                game_pb2.ListLegalActionsRequest(room_id=room_id),
                metadata=seat.client.metadata,
                timeout=0.4,
            )
        except grpc.aio.AioRpcError:
            continue
        assert isinstance(answer, game_pb2.ListLegalActionsResponse)
        return answer
    raise AssertionError("legal actions never answered")


async def _hang_an_act(table: Table, seats: list[Seat]) -> tuple[str, asyncio.Task[Ack | None]]:
    """With the victim frozen: the player whose turn it is acts, again and again, until an
    Act hangs (Envoy's round robin sent it to the frozen replica). Returns its key and task."""
    for _ in range(8):
        for seat in seats:
            legal = await _legal_soon(seat, table.room_id)
            moves = [a for a in legal.actions if tomahawk_oneof(a) not in OUT_OF_TURN]
            if moves:
                break
        else:
            raise AssertionError("nobody's turn")
        before = set(table.in_flight)
        task = asyncio.create_task(table.act(seat, moves[0], legal.version))
        await asyncio.sleep(0.4)
        if not task.done():
            (key,) = set(table.in_flight) - before
            return key, task
        assert await task is not None, "a lone Act was refused"
    raise AssertionError("no Act reached the frozen replica")


@pytest.mark.timeout(150)
async def test_kill_a_replica_mid_match_through_envoy(tmp_path: Path) -> None:
    redis = DurableRedis.start(tmp_path)
    store = Store(redis.url)
    try:
        with cluster(2, envoy=True, redis_url=redis.url, work_dir=tmp_path / "cluster") as c:
            room_id, seats = await open_table([c.address], "tomahawk", PLAYERS, OPTIONS)
            table = Table(room_id)
            # Two raw streams per player, opened one after the other so that Envoy's round
            # robin puts streams on both replicas.
            extra = [Client(c.address, s.client.token) for s in seats]
            named = [(f"seat{s.seat}", s.client) for s in seats]
            named += [(f"seat{s.seat}-bis", e) for s, e in zip(seats, extra, strict=True)]
            records, recorders = await start_recorders(named, room_id)
            table.go.set()
            players = [
                asyncio.create_task(_player(table, seat, random.Random(seat.seat)))
                for seat in seats
            ]
            try:
                await wait_until(lambda: len(table.acks) >= BEFORE_KILL, 40, "early actions")
                await table.pause()
                victim = c.replicas[0]
                victim.kill(signal.SIGSTOP)
                hung_key, hung = await _hang_an_act(table, seats)
                victim.kill(signal.SIGKILL)
                victim.popen.wait(10)
                hung_ack = await asyncio.wait_for(hung, 40)
                table.go.set()
                at_kill = len(table.acks)
                await wait_until(
                    lambda: len(table.acks) >= at_kill + AFTER_KILL, 60, "actions after the kill"
                )
                table.stop.set()
                await asyncio.wait_for(asyncio.gather(*players), 30)
                final = await seats[0].client.view(room_id)
                await wait_until(
                    lambda: all(r.seqs and r.seqs[-1] >= final.room.seq for r in records),
                    20,
                    "every stream caught up",
                )
            finally:
                table.stop.set()
                table.go.set()
                await stop_tasks(players)
                await stop_tasks(recorders)
                for client in [s.client for s in seats] + extra:
                    await client.close()

        # Streams: 1..N, no gap, no repeat, and the kill really broke some of them.
        for record in records:
            assert record.seqs == list(range(1, final.room.seq + 1)), (
                f"{record.name}: gap or repeat after the kill; errors {record.errors}"
            )
        broken = [r.name for r in records if r.resumes]
        assert broken, "no stream was on the killed replica"
        # ... and ended in transport statuses only (Envoy's RST_STREAM reaches gRPC as an
        # INTERNAL without ErrorInfo): no replica answered INTERNAL or UNKNOWN.
        answered = [e for r in records for e in r.errors if e.startswith(("INTERNAL/I", "UNKNOWN"))]
        assert answered == [], answered
        # The Act that hung on the victim failed in transport; its retry (same key) on the
        # other replica applied it, once.
        assert hung_ack is not None and hung_ack.key == hung_key
        assert hung_ack.attempts > 1 and not hung_ack.replayed
        # Actions: every acknowledged one exactly once, nothing else.
        replayed = await check_log_replays(store, room_id)
        await check_acknowledged(store, room_id, table.acks, replayed, table.refused)
        # Every view streamed, before and after the resume, is the seat's own.
        check_streams(records, {name: int(name[4]) for name, _ in named}, replayed)
        assert len({a.key for a in table.acks}) >= BEFORE_KILL + AFTER_KILL
    finally:
        await store.close()
        redis.stop()
