"""The rest after a round through the real services (TT-PAUSE-1): two in-process replicas over
gRPC and a real Valkey, one injected clock (time is moved, not slept).

A human's pause clock running out is no missed turn: with ``takeover_after`` 1 a single turn
timeout hands the seat to a bot, but a pause timeout does not. A bot ends its part of the
rest at once, without its room's bot delay.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from cercle.v1 import common_pb2, tomahawk_pb2

from clients.sdk import Client
from services.server import Replica
from tests.services.tables import FakeClock, clocked_replicas, table_with_bots, tick

BOT_DELAY = 5.0


@pytest.fixture
async def clocked(redis_url: str) -> AsyncIterator[tuple[FakeClock, list[Replica]]]:
    async with clocked_replicas(redis_url, unattended_grace=0) as both:
        yield both


async def test_tt_pause_1_a_pause_timeout_is_no_missed_turn_and_bots_end_the_rest_at_once(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    host = Client(f"127.0.0.1:{replicas[0].port}")
    try:
        await host.login("Reader")
        room = await table_with_bots(
            host,
            "tomahawk",
            players=2,
            bot_level="random",
            takeover_after=1,
            bot_delay=BOT_DELAY,
            options={"first_player": "0", "turn_seconds": "0", "pause_seconds": "20"},
        )
        room_id = room.room_id
        # Play the first round: the human takes the first of its pushed choices, the bot
        # moves when its delay has passed.
        for _ in range(600):
            view = await host.view(room_id)
            if view.view.tomahawk.phase == tomahawk_pb2.TOMAHAWK_PHASE_ROUND_OVER:
                break
            if 0 in view.waiting_for and view.choices.actions:
                await host.act(room_id, view.choices.actions[0], view.room.version)
            else:
                clock.now += BOT_DELAY
                await tick(replicas)
        else:
            pytest.fail("the first round did not end")
        assert view.view.tomahawk.last_round.round == 1
        mine = [d for d in view.deadlines if d.seat == 0]
        assert [(d.clock, d.length.seconds) for d in mine] == [(common_pb2.CLOCK_KIND_PAUSE, 20)]
        # The bot's part: done at once, without waiting its bot delay (the clock stands still).
        await tick(replicas)
        view = await host.view(room_id)
        assert list(view.waiting_for) == [0]
        assert view.view.tomahawk.phase == tomahawk_pb2.TOMAHAWK_PHASE_ROUND_OVER
        assert [a.tomahawk.WhichOneof("action") for a in view.choices.actions] == ["next_round"]
        log = await replicas[0].rooms.read_log(room_id, 0)
        ready = [e for e in log[-1].events if e[0] == "ready_for_next_round"]
        assert log[-1].kind.value == "bot" and ready and ready[0][2:] == [1, False]
        # The human reads until the pause runs out: the next round is dealt, and the seat is
        # still theirs although one timeout in a row would be a takeover for a turn.
        clock.now = mine[0].expire_time.seconds + 0.5
        await tick(replicas)
        view = await host.view(room_id)
        assert view.view.tomahawk.round == 2
        assert view.view.tomahawk.phase != tomahawk_pb2.TOMAHAWK_PHASE_ROUND_OVER
        assert view.room.seats[0].kind == common_pb2.SEAT_KIND_HUMAN
        log = await replicas[0].rooms.read_log(room_id, 0)
        timeout = log[-1]
        assert timeout.timeout and timeout.actor == 0
        kinds = [e[0] for e in timeout.events]
        assert kinds[0] == "ready_for_next_round" and "round_started" in kinds
        assert "seat_taken_over" not in {e[0] for entry in log for e in entry.events}
    finally:
        await host.close()
