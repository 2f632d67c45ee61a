"""Prometheus metrics, served on the metrics port (``--metrics-port``, path ``/metrics``).

| metric | type | labels | what |
|---|---|---|---|
| ``cercle_actions_applied_total`` | counter | game, source | accepted actions (by source) |
| ``cercle_actions_rejected_total`` | counter | reason | refused requests, by ErrorInfo reason |
| ``cercle_rpc_seconds`` | histogram | method | server-side RPC latency (unary) |
| ``cercle_rpcs_total`` | counter | method | RPCs received, unary and streaming, by method |
| ``cercle_active_streams`` | gauge | | open Subscribe/WatchRoom/WatchClock streams |
| ``cercle_timer_lateness_seconds`` | histogram | | deadline -> claimed by the expiry loop |
| ``cercle_timeout_lateness_seconds`` | histogram | | deadline -> its timeout committed |
| ``cercle_event_loop_lag_seconds`` | histogram | | how late the event loop ran a timer |
| ``cercle_redis_errors_total`` | counter | kind | failed Redis calls (connection, OOM, ...) |
| ``cercle_store_ready`` | gauge | | 1 while Redis answers and accepts writes, else 0 |
| ``cercle_background_failures_total`` | counter | task | background task failures |
| ``cercle_redis_calls_total`` | counter | op | Redis round trips, by store operation |

Benchmarks and the soak read these (``make bench`` scrapes each replica's ``/metrics``):
the product keeps no counters or lists of its own for them.
"""

from __future__ import annotations

import asyncio
import time
from wsgiref.simple_server import WSGIServer

from prometheus_client import Counter, Gauge, Histogram, start_http_server

ACTIONS_APPLIED = Counter("cercle_actions_applied_total", "Accepted actions.", ["game", "source"])
ACTIONS_REJECTED = Counter(
    "cercle_actions_rejected_total", "Refused requests, by reason.", ["reason"]
)
RPC_SECONDS = Histogram(
    "cercle_rpc_seconds",
    "Server-side latency of unary RPCs.",
    ["method"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
RPCS = Counter("cercle_rpcs_total", "RPCs received (unary and streaming), by method.", ["method"])
ACTIVE_STREAMS = Gauge("cercle_active_streams", "Open server streams.")
TIMER_LATENESS = Histogram(
    "cercle_timer_lateness_seconds",
    "Seconds between a deadline and the moment the expiry loop claimed it.",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
REDIS_ERRORS = Counter(
    "cercle_redis_errors_total",
    "Failed Redis calls, by kind (connection, OOM, READONLY, MISCONF, ...).",
    ["kind"],
)
STORE_READY = Gauge(
    "cercle_store_ready", "1 while Redis answers and accepts writes (the readiness), else 0."
)
BACKGROUND_FAILURES = Counter(
    "cercle_background_failures_total",
    "Background task failures (the task is restarted), by task.",
    ["task"],
)
REDIS_CALLS = Counter(
    "cercle_redis_calls_total", "Redis round trips, by the store operation that made them.", ["op"]
)
TIMEOUT_LATENESS = Histogram(
    "cercle_timeout_lateness_seconds",
    "Seconds between a player's deadline and the commit of its timeout.",
    buckets=(
        *(0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25),
        *(0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 10.0),
    ),
)
LOOP_LAG = Histogram(
    "cercle_event_loop_lag_seconds",
    "How late the event loop ran a timer due every 50 ms (its stalls: GC, long callbacks).",
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
)
LOOP_LAG_PERIOD = 0.05
"""How often the event-loop lag probe wakes (a sleep whose lateness is observed)."""

_REDIS_CALLS_BY_OP: dict[str, Counter] = {}


def redis_call(op: str) -> None:
    """Count one Redis round trip made by the store operation ``op``."""
    child = _REDIS_CALLS_BY_OP.get(op)
    if child is None:
        child = _REDIS_CALLS_BY_OP[op] = REDIS_CALLS.labels(op=op)
    child.inc()


async def watch_loop_lag() -> None:
    """Observe, forever, how late the event loop wakes a sleep of ``LOOP_LAG_PERIOD``."""
    while True:
        started = time.perf_counter()
        await asyncio.sleep(LOOP_LAG_PERIOD)
        LOOP_LAG.observe(max(0.0, time.perf_counter() - started - LOOP_LAG_PERIOD))


def serve(port: int, host: str) -> WSGIServer:
    """Serve /metrics on ``host:port`` (a background thread; ``shutdown()`` stops it). The
    server binds the metrics listener where it binds gRPC unless told otherwise
    (``--metrics-host``)."""
    server, _ = start_http_server(port, addr=host)
    return server
