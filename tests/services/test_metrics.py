"""/metrics carries what the benchmarks and the soak read: Redis round trips by store
operation, the event loop's lag and how late timeouts were committed (the product keeps no
counters or lists of its own for them)."""

from __future__ import annotations

import asyncio
import urllib.request

from deploy.local.cluster import free_port
from services import metrics
from services.server import start_replica
from tests.services.play import wait_for
from tests.services.tables import FakeClock, started_table


def _sample(page: str, name: str, default: float | None = None) -> float:
    """The value of the sample line ``name`` (with its labels) on a /metrics page."""
    for line in page.splitlines():
        if line.startswith(name + " "):
            return float(line.rsplit(" ", 1)[1])
    if default is not None:
        return default
    raise AssertionError(f"{name} is not on the /metrics page")


async def test_metrics_page_has_round_trips_by_operation_loop_lag_and_timeout_lateness(
    empty_redis_url: str,
) -> None:
    clock = FakeClock()
    replica = await start_replica(empty_redis_url, clock=clock, timers=False, unattended_grace=0)
    port = free_port()
    server = metrics.serve(port, "127.0.0.1")

    def page() -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            return str(response.read().decode())

    try:
        before = await asyncio.to_thread(page)
        lateness_before = _sample(before, "cercle_timeout_lateness_seconds_count", 0.0)
        commits_before = _sample(before, 'cercle_redis_calls_total{op="commit"}', 0.0)
        _, clients = await started_table(
            [replica, replica], "awimbawe", 2, {"decision_seconds": "60"}
        )
        clock.now += 61.5  # the first player's decision clock ran out 1.5 s ago
        await replica.expiry.tick_once()
        await replica.expiry.drain()
        await wait_for(lambda: next(iter(metrics.LOOP_LAG.collect())).samples[-2].value > 0)
        after = await asyncio.to_thread(page)
        for client in clients:
            await client.close()
    finally:
        server.shutdown()
        await replica.stop(grace=0.1)

    # The timeout was committed 1.5 s (of the injected clock) after its deadline: one more
    # observation in the (1.0, 2.5] bucket. (The test has a database of its own: rooms other
    # tests left behind, on the same injected clock, would be claimed and counted too.)
    def bucket(page: str, le: str) -> float:
        return _sample(page, f'cercle_timeout_lateness_seconds_bucket{{le="{le}"}}', 0.0)

    assert _sample(after, "cercle_timeout_lateness_seconds_count") >= lateness_before + 1
    assert bucket(after, "1.0") == bucket(before, "1.0")
    assert bucket(after, "2.5") == bucket(before, "2.5") + 1
    # Round trips by store operation: the lobby's commits, the expiry loop's claim and the
    # timeout's own commit.
    assert _sample(after, 'cercle_redis_calls_total{op="commit"}') > commits_before
    assert _sample(after, 'cercle_redis_calls_total{op="claim_due"}') >= 1
    assert _sample(after, 'cercle_redis_calls_total{op="commit_action"}') >= 1
    # The event loop's lag probe has observed at least one wake-up.
    assert _sample(after, "cercle_event_loop_lag_seconds_count") > 0
