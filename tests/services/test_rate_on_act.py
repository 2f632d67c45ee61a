"""An Act whose replica holds no rate lease for the session takes its rate in the pipeline
that loads the room (services.rate_limits.deferred_take): no round trip of its own, and a
refusal still comes before anything changes."""

from __future__ import annotations

import asyncio
import uuid

import grpc
import pytest
from cercle.v1 import game_pb2

from clients.sdk import Client
from services import rate_limits
from services.server import start_replica
from tests.faults.helpers import Refusal, act_once
from tests.services.play import round_trips_by_op
from tests.services.tables import table_with_bots

QUIET = {"decision_seconds": "0"}


async def test_an_act_takes_its_rate_in_the_round_trip_that_loads_the_room(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    replica = await start_replica(redis_url, timers=False)
    host = Client(f"127.0.0.1:{replica.port}")
    try:
        await host.login("Host")
        monkeypatch.setattr(rate_limits, "LEASE_SECONDS", 0.3)  # leases lapse soon
        room = await table_with_bots(host, "tamashii", players=1, private=True, options=QUIET)
        legal = await host.legal(room.room_id)
        await asyncio.sleep(0.4)  # the lease the calls above took has lapsed
        before = round_trips_by_op()
        await host.act(room.room_id, legal.actions[0], legal.version)
        used = {op: n - before.get(op, 0) for op, n in round_trips_by_op().items()}
        assert used.get("take_rate", 0) == 0, used
        assert used.get("load_room_for_action") == 1, used
        assert used.get("commit_action") == 1, used
        # Any other call still takes its own when no lease pays for it.
        await asyncio.sleep(0.4)
        before = round_trips_by_op()
        await host.view(room.room_id)
        assert round_trips_by_op().get("take_rate", 0) == before.get("take_rate", 0) + 1
    finally:
        await host.close()
        await replica.stop(grace=0.1)


async def test_a_burst_of_acts_is_refused_rate_limited_and_changes_nothing(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 5 requests per second per session (burst 10): 80 Acts are over it however slowly a busy
    # machine sends them.
    monkeypatch.setenv("CERCLE_RATE_PER_SECOND", "5")
    replica = await start_replica(redis_url, timers=False)
    host = Client(f"127.0.0.1:{replica.port}")
    try:
        await host.login("Eager")
        monkeypatch.setattr(rate_limits, "LEASE_SECONDS", 0.3)
        room = await table_with_bots(host, "tamashii", players=1, private=True, options=QUIET)
        legal = await host.legal(room.room_id)
        stale = legal.version + 7  # every Act is refused by the room if it gets that far

        async def one() -> Refusal | None:
            try:
                await act_once(host, room.room_id, legal.actions[0], stale, uuid.uuid4().hex)
            except Refusal as refused:
                return refused
            return None

        answers: list[Refusal | None] = []
        for _ in range(2):
            answers += await asyncio.gather(*(one() for _ in range(40)))
        limited = [a for a in answers if a is not None and a.reason == "RATE_LIMITED"]
        assert limited, "no Act was rate limited"
        for refused in limited:
            assert refused.code == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert refused.retry_delay is not None and refused.retry_delay > 0
        assert all(a is not None for a in answers), "a stale Act was applied"
        after = await host.legal(room.room_id)
        assert after.version == legal.version  # nothing changed
        # The refused requests' idempotency keys were released: one is usable now.
        await asyncio.sleep(max(r.retry_delay or 0 for r in limited) + 0.05)
        response = await host.act(room.room_id, legal.actions[0], legal.version)
        assert isinstance(response, game_pb2.ActResponse) and response.version > legal.version
    finally:
        await host.close()
        await replica.stop(grace=0.1)
