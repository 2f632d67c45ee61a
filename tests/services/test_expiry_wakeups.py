"""The expiry loop sleeps until the next deadline it knows of (services.rooms.expiry): an idle
replica asks Redis a couple of times a second, not at a fixed fast tick, and a deadline a
commit of this replica indexed wakes the loop at once, whatever the idle period."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from clients.api_error import ApiError
from clients.sdk import Client
from services.rooms import expiry
from services.server import start_replica
from tests.services.play import round_trips


async def test_an_idle_replica_claims_at_its_idle_period_not_a_fast_tick(
    empty_redis_url: str,
) -> None:
    # A database of its own: due rooms other tests left would keep the loop busy.
    replica = await start_replica(empty_redis_url)
    try:
        await asyncio.sleep(0.3)  # the first ticks after the start
        before = round_trips("claim_due")
        await asyncio.sleep(1.5)
        ticks = round_trips("claim_due") - before
        # IDLE_SECONDS 0.5: about 3 claims; a fixed 50 ms tick made 30.
        assert 1 <= ticks <= 6, ticks
    finally:
        await replica.stop(grace=0.1)


async def test_a_deadline_this_replica_indexed_wakes_its_loop(
    empty_redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expiry, "IDLE_SECONDS", 3600.0)  # only a wake-up can move the bots
    # A database of its own: no deadline of another test's room wakes the loop by chance.
    replica = await start_replica(empty_redis_url)
    human = Client(f"127.0.0.1:{replica.port}")
    try:
        await human.login("Watcher")
        joined = await human.quick_match("tomahawk", bots=2, bot_level="strong", bot_delay=0.0)
        room_id = joined.room.room_id
        await asyncio.sleep(0.3)  # the loop's first tick (at start) saw no deadline of it
        rng = random.Random(5)
        bots_moved: set[int] = set()

        async def play() -> None:
            async for update in human.updates(room_id):
                if update.actor in (1, 2):
                    bots_moved.add(update.actor)
                if {1, 2} <= bots_moved or update.HasField("outcome"):
                    return
                if 0 in update.waiting_for:
                    legal = await human.legal(room_id)
                    if legal.actions:
                        with contextlib.suppress(ApiError):  # a race with the clock
                            await human.act(room_id, rng.choice(list(legal.actions)), legal.version)

        # The bots' moves are deadlines indexed by this replica's commits: both bots play
        # (a loop that slept for its idle period would leave them waiting an hour).
        await asyncio.wait_for(play(), timeout=30)
        assert bots_moved == {1, 2}
    finally:
        await human.close()
        await replica.stop(grace=0.1)
