"""A replica tracing its allocations, for ``python -m bench.profile streams`` only.

It runs what ``services.server`` runs (``start_replica``, the same logging, /metrics on
``--metrics-port``) under ``tracemalloc``; on SIGUSR1 it writes its biggest live allocations
to ``<log dir>/<name>.tracemalloc.json``. The benchmarks themselves start
``python -m services.server`` and read only its /metrics.

``python -m bench.replica --port P --redis-url URL --replica N --metrics-port M``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import tracemalloc
from pathlib import Path
from typing import Any

from bench.common import lift_limits, short_path
from services import logs, metrics
from services.server import run, start_replica


def top_allocations(limit: int = 20) -> list[dict[str, Any]]:
    stats = tracemalloc.take_snapshot().statistics("traceback")[:limit]
    return [
        {
            "mb": round(stat.size / 2**20, 2),
            "blocks": stat.count,
            "where": [f"{short_path(f.filename)}:{f.lineno}" for f in stat.traceback],
        }
        for stat in stats
    ]


def dump_path(name: str) -> Path:
    return Path(os.environ.get("CERCLE_BENCH_LOGS", ".")) / f"{name}.tracemalloc.json"


async def serve(args: argparse.Namespace) -> None:
    replica = await start_replica(args.redis_url, args.port, args.host)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def on_usr1() -> None:
        path = dump_path(args.replica)
        path.with_suffix(".tmp").write_text(json.dumps(top_allocations()))
        path.with_suffix(".tmp").replace(path)

    loop.add_signal_handler(signal.SIGUSR1, on_usr1)
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await replica.stop(grace=1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description="A Cercle replica tracing its allocations.")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--replica", default="replica")
    parser.add_argument("--metrics-port", type=int, required=True)
    parser.add_argument("--log-level", default=os.environ.get("CERCLE_LOG_LEVEL", "INFO"))
    args = parser.parse_args()
    tracemalloc.start(6)
    logs.configure(args.log_level, args.replica)
    metrics.serve(args.metrics_port, args.host)
    run(serve(args))


if __name__ == "__main__":
    lift_limits()
    main()
