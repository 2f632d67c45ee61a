"""Prometheus metrics, served on the metrics port (``--metrics-port``, path ``/metrics``).

| metric | type | labels | what |
|---|---|---|---|
| ``cercle_actions_applied_total`` | counter | game, source | accepted actions (by source) |
| ``cercle_actions_rejected_total`` | counter | reason | refused requests, by ErrorInfo reason |
| ``cercle_rpc_seconds`` | histogram | method | server-side RPC latency (unary) |
| ``cercle_active_streams`` | gauge | | open Subscribe/WatchRoom/WatchClock streams |
| ``cercle_timer_lateness_seconds`` | histogram | | deadline -> claimed by the expiry loop |
| ``cercle_redis_errors_total`` | counter | kind | failed Redis calls (connection, OOM, ...) |
| ``cercle_store_ready`` | gauge | | 1 while Redis answers and accepts writes, else 0 |
| ``cercle_background_failures_total`` | counter | task | background task failures |
| ``cercle_redis_calls_total`` | counter | | Redis round trips |
"""

from __future__ import annotations

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


def serve(port: int, host: str) -> None:
    """Serve /metrics on ``host:port`` (a background thread). The server binds the metrics
    listener where it binds gRPC unless told otherwise (``--metrics-host``)."""
    start_http_server(port, addr=host)
