"""Background loops survive any exception: logged, counted in
``cercle_background_failures_total{task}``, restarted with backoff.

Bugs are planted in a running in-process replica (real Redis, real gRPC): the timer loop's
tick and the pub/sub listener's read raise an unexpected exception twice; each loop is
restarted and goes on working (the tick runs again; a stream still gets a new entry).
"""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from clients.sdk import Client
from services.rooms.expiry import ExpiryLoop
from services.rooms.feed import Feeds
from services.server import start_replica
from tests.faults.helpers import wait_until


def failures(task: str) -> float:
    value = REGISTRY.get_sample_value("cercle_background_failures_total", {"task": task})
    return value or 0.0


class Planted(RuntimeError):
    pass


@pytest.mark.timeout(60)
async def test_the_timer_loop_and_the_listener_are_restarted_after_a_bug(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    replica = await start_replica(redis_url)
    host = Client(f"127.0.0.1:{replica.port}")
    try:
        await host.login("Supervised")
        room = await host.create_room("tomahawk", players=2)

        # The timer loop: two ticks raise, then ticks work again.
        real_tick = ExpiryLoop.tick_once
        ticks = {"planted": 0, "after": 0}

        async def flaky_tick(self: ExpiryLoop) -> int:
            if ticks["planted"] < 2:
                ticks["planted"] += 1
                raise Planted("tick")
            ticks["after"] += 1
            return await real_tick(self)

        before = failures("expiry")
        monkeypatch.setattr(ExpiryLoop, "tick_once", flaky_tick)
        await wait_until(lambda: ticks["after"] >= 3, 20, "the timer loop ticking again")
        assert failures("expiry") == before + 2
        assert not any(task.done() for task in replica.tasks)

        # The pub/sub listener: its read raises twice, then it reads again.
        real_read = Feeds._read_notifications
        reads = {"planted": 0}

        async def flaky_read(self: Feeds) -> None:
            if reads["planted"] < 2:
                reads["planted"] += 1
                raise Planted("read")
            await real_read(self)

        listened = failures("feeds_listen")
        monkeypatch.setattr(Feeds, "_read_notifications", flaky_read)
        await replica.feeds._disconnect()  # make it read again now (as a lost connection does)
        await wait_until(lambda: failures("feeds_listen") >= listened + 2, 20, "two failures")
        await wait_until(lambda: replica.feeds._live, 20, "the listener connected again")

        updates = host.updates(room.room_id)
        first = await anext(updates)
        await host.ready(room.room_id)
        second = await anext(updates)
        assert second.seq == first.seq + 1
        await updates.aclose()
    finally:
        await host.close()
        await replica.stop(grace=0.1)
