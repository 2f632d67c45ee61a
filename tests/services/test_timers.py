"""The timer service: deadlines in Redis, applied exactly once by any replica.

Two in-process replicas share one real Redis and one injected clock, so the tests move time
instead of sleeping. Each replica has its own store connection and expiry loop.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest
from cercle.v1 import common_pb2, timer_pb2, timer_pb2_grpc, tomy_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from services.rooms.bot_seats import BOTS_ONLY_MIN_DELAY
from services.server import Replica
from tests.services.play import read_message
from tests.services.tables import (
    START,
    FakeClock,
    clocked_replicas,
    started_table,
    table_with_bots,
    tick,
)


@pytest.fixture
async def clocked(redis_url: str) -> AsyncIterator[tuple[FakeClock, list[Replica]]]:
    # These tests are about clocks: tables nobody attends are not paused here (that is
    # tests/services/test_unattended.py).
    async with clocked_replicas(redis_url, unattended_grace=0) as both:
        yield both


async def _timeouts(replica: Replica, room_id: str) -> list[int]:
    return [e.actor for e in await replica.rooms.read_log(room_id, 0) if e.timeout]


async def test_each_timeout_fires_once_with_two_replicas_racing(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    room_id, clients = await started_table(replicas, "awimbawe", 2, {"decision_seconds": "60"})
    try:
        view = await clients[0].view(room_id)
        (deadline,) = view.deadlines
        assert deadline.clock == common_pb2.CLOCK_KIND_DECISION and deadline.length.seconds == 60
        assert deadline.expire_time.seconds == int(START) + 60
        clock.now = START + 59.9
        await tick(replicas)
        assert await _timeouts(replicas[0], room_id) == []
        clock.now = START + 60.5
        # Both replicas' loops and two direct runs race for the same deadline.
        await asyncio.gather(
            tick(replicas),
            replicas[0].rooms.moves.run_due(room_id),
            replicas[1].rooms.moves.run_due(room_id),
        )
        assert await _timeouts(replicas[0], room_id) == [deadline.seat]
        after = await clients[0].view(room_id)
        assert after.room.version == view.room.version + 1
        (fresh,) = after.deadlines  # the next decision has a full clock again
        assert fresh.expire_time.seconds == int(START + 60.5) + 60
    finally:
        for client in clients:
            await client.close()


async def test_move_just_before_the_deadline_wins(clocked: tuple[FakeClock, list[Replica]]) -> None:
    clock, replicas = clocked
    room_id, clients = await started_table(replicas, "awimbawe", 2, {"decision_seconds": "60"})
    try:
        view = await clients[0].view(room_id)
        seat = view.waiting_for[0]
        legal = await clients[seat].legal(room_id)
        clock.now = START + 59.99
        await clients[seat].act(room_id, legal.actions[0], legal.version)
        clock.now = START + 60.01
        await tick(replicas)
        assert await _timeouts(replicas[0], room_id) == []
    finally:
        for client in clients:
            await client.close()


async def test_timeout_just_before_the_move_wins(clocked: tuple[FakeClock, list[Replica]]) -> None:
    clock, replicas = clocked
    room_id, clients = await started_table(replicas, "awimbawe", 2, {"decision_seconds": "60"})
    try:
        view = await clients[0].view(room_id)
        seat = view.waiting_for[0]
        legal = await clients[seat].legal(room_id)
        clock.now = START + 60.01
        await tick(replicas)
        with pytest.raises(ApiError) as late:
            await clients[seat].act(room_id, legal.actions[0], legal.version)
        assert late.value.reason == "STALE_VERSION"
        assert await _timeouts(replicas[0], room_id) == [seat]
    finally:
        for client in clients:
            await client.close()


async def test_a_dead_replicas_claim_lapses_and_another_applies_the_timeout(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    room_id, clients = await started_table(replicas, "awimbawe", 2, {"decision_seconds": "60"})
    try:
        clock.now = START + 61
        # Replica 0 claims the due room and dies before applying anything.
        claimed, _ = await replicas[0].store.indexes.claim_due(clock.now, lease=10.0)
        assert room_id in claimed
        await replicas[1].expiry.tick_once()
        await replicas[1].expiry.drain()
        assert await _timeouts(replicas[1], room_id) == []  # the claim still holds
        clock.now = START + 72  # the lease is over
        await replicas[1].expiry.tick_once()
        await replicas[1].expiry.drain()
        assert len(await _timeouts(replicas[1], room_id)) == 1
    finally:
        for client in clients:
            await client.close()


async def test_simultaneous_votes_keep_their_own_clocks(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    """MT-TIME-1 through the services: a vote by one player does not restart the others'
    clocks; when the vote clock runs out, every missing voter gets a random vote once."""
    clock, replicas = clocked
    options = {"story_seconds": "90", "vote_seconds": "30", "tie_seconds": "20"}
    room_id, clients = await started_table(replicas, "tomy", 3, options)
    try:
        rng = random.Random(1)
        for _ in range(30):
            view = await clients[0].view(room_id)
            if view.view.tomy.phase == tomy_pb2.TOMY_PHASE_VOTE:
                break
            seat = view.waiting_for[0]
            legal = await clients[seat].legal(room_id)
            proposals = [a for a in legal.actions if a.tomy.HasField("propose")]
            await clients[seat].act(
                room_id, rng.choice(proposals or list(legal.actions)), legal.version
            )
            clock.now += 1
        view = await clients[0].view(room_id)
        assert view.view.tomy.phase == tomy_pb2.TOMY_PHASE_VOTE
        voters = sorted(d.seat for d in view.deadlines if d.clock == common_pb2.CLOCK_KIND_VOTE)
        assert len(voters) >= 2
        first = voters[0]
        vote_deadline = {d.seat: d.expire_time.seconds for d in view.deadlines}
        clock.now += 5
        legal = await clients[first].legal(room_id)
        await clients[first].act(room_id, legal.actions[0], legal.version)
        after = await clients[0].view(room_id)
        for d in after.deadlines:
            assert d.expire_time.seconds == vote_deadline[d.seat], "a clock restarted"
        clock.now = max(vote_deadline.values()) + 0.5
        await tick(replicas)
        timed_out = await _timeouts(replicas[0], room_id)
        assert sorted(timed_out) == voters[1:]
    finally:
        for client in clients:
            await client.close()


async def test_absent_player_is_replaced_by_a_bot_after_repeated_timeouts(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    room_id, clients = await started_table(
        replicas, "tamashii", 1, {"decision_seconds": "60"}, takeover_after=2, bot_delay=0.0
    )
    try:
        for _ in range(2):
            clock.now += 61
            await tick(replicas)
        view = await clients[0].view(room_id)
        assert view.room.seats[0].kind == 2  # SEAT_KIND_BOT
        assert len(await _timeouts(replicas[0], room_id)) == 2
        # The bot now plays the seat through the same path, until the match ends: at a
        # table of bots alone, one move per BOTS_ONLY_MIN_DELAY at most (bot delay 0 aside).
        for _ in range(400):
            clock.now += BOTS_ONLY_MIN_DELAY
            await tick(replicas)
            view = await clients[0].view(room_id)
            if view.HasField("outcome"):
                break
        assert view.HasField("outcome")
        kinds = {e.kind for e in await replicas[0].rooms.read_log(room_id, 0)}
        assert "bot" in kinds or "finished" in kinds
    finally:
        for client in clients:
            await client.close()


async def test_timer_service_reports_deadlines_and_streams_ticks(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    room_id, clients = await started_table(replicas, "awimbawe", 2, {"decision_seconds": "60"})
    try:
        stub = timer_pb2_grpc.TimerServiceStub(clients[0].channel)
        got = await stub.GetDeadlines(
            timer_pb2.GetDeadlinesRequest(room_id=room_id), metadata=clients[0].metadata
        )
        assert got.server_time.seconds == int(START) and len(got.deadlines) == 1
        clock.now = START + 15
        call = stub.WatchClock(
            timer_pb2.WatchClockRequest(room_id=room_id), metadata=clients[0].metadata
        )
        first = await read_message(call)
        assert first.remaining[0].seconds == 45
        call.cancel()
    finally:
        for client in clients:
            await client.close()


async def test_tomahawk_player_who_never_moves_draws_every_30_seconds(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    """TT-TURN-5 through the timer service: the match keeps going; the absent player's
    timeout action draws a card each time their 30 s run out (takeover disabled)."""
    clock, replicas = clocked
    host = Client(f"127.0.0.1:{replicas[0].port}")
    try:
        await host.login("Absent")
        room = await table_with_bots(
            host,
            "tomahawk",
            players=2,
            bot_level="random",
            takeover_after=0,
            bot_delay=0.0,
            options={"first_player": "0"},
        )
        drawn_on_timeout = 0
        for _ in range(6):
            view = await host.view(room.room_id)
            mine = [d for d in view.deadlines if d.seat == 0]
            if mine:
                assert mine[0].length.seconds == 30
                clock.now = mine[0].expire_time.seconds + 0.5
            else:
                clock.now += 0.1  # the bot's turn: it moves at once
            await tick(replicas)
        for entry in await replicas[0].rooms.read_log(room.room_id, 0):
            if entry.timeout and entry.actor == 0:
                # encoded events: [kind, audience, *fields]; "drew" is the public one
                drawn_on_timeout += sum(1 for e in entry.events if e[0] == "drew" and e[1] is None)
        timeouts = await _timeouts(replicas[0], room.room_id)
        assert len(timeouts) >= 2 and set(timeouts) == {0}
        assert drawn_on_timeout >= 2
        view = await host.view(room.room_id)
        assert not view.HasField("outcome") or view.outcome.reason
        assert view.room.seats[0].kind == 1  # still the human's seat (no takeover)
    finally:
        await host.close()
