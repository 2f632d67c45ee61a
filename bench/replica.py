"""One Cercle replica process for the benchmarks: exactly what ``services.server`` runs
(``start_replica`` with the same logging), plus counters the benchmarks read.

On SIGUSR1 it writes a JSON file with the store's round-trip counter (``Store.calls``: one
per command, pipeline or script sent), the number of open update streams, the expiry loop's
figures and, for each timeout the expiry loop applied, the room and the wall-clock time at
which its commit returned (and, with ``--tracemalloc``, the biggest live allocations).
Nothing in ``services/`` is changed: the only addition is a
wrapper around this process's own ``Rooms.act`` that notes the time of timeout commits.

``python -m bench.replica --port P --redis-url URL --name N --stats-file PATH``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bench.common import GcPauses, LoopLag
from services import logs
from services.server import Replica, run, start_replica


def _instrument(replica: Replica, applied: list[tuple[str, float]]) -> None:
    """Note when each timeout's commit returned (the moment it is applied and published)."""
    original = replica.rooms.act

    async def act(*args: Any, **kwargs: Any) -> Any:
        result = await original(*args, **kwargs)
        if kwargs.get("source") == "timeout":
            applied.append((str(args[0]), time.time()))
        return result

    replica.rooms.act = act  # type: ignore[method-assign]


def _top_allocations(limit: int = 20) -> list[dict[str, Any]]:
    """The biggest live allocations by line (when started with ``--tracemalloc``)."""
    if not tracemalloc.is_tracing():
        return []
    stats = tracemalloc.take_snapshot().statistics("traceback")[:limit]
    return [
        {
            "mb": round(stat.size / 2**20, 2),
            "blocks": stat.count,
            "where": [f"{f.filename.split('/work/main/')[-1]}:{f.lineno}" for f in stat.traceback],
        }
        for stat in stats
    ]


def _dump(
    replica: Replica,
    applied: list[tuple[str, float]],
    path: Path,
    serial: int,
    pauses: GcPauses,
    lag: LoopLag,
) -> None:
    data: dict[str, Any] = {
        "gc_since_last": pauses.snapshot(),
        "loop_lag_since_last": lag.snapshot(),
        "serial": serial,
        "pid": os.getpid(),
        "calls": replica.store.calls,
        "calls_by_op": dict(replica.store.calls_by_op),
        "streams": replica.feeds.stream_count,
        "feeds": len(replica.feeds.rooms),
        "expiry_applied": replica.expiry.applied,
        "claim_lateness": list(replica.expiry.lateness),
        "timeouts_applied": applied,
        "tracemalloc": _top_allocations(),
    }
    pauses.reset()
    lag.reset()
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


async def serve(args: argparse.Namespace) -> None:
    replica = await start_replica(args.redis_url, args.port, "127.0.0.1", timers=args.timers)
    applied: list[tuple[str, float]] = []
    _instrument(replica, applied)
    pauses = GcPauses()
    lag = LoopLag()
    lag_task = asyncio.create_task(lag.watch())
    stop = asyncio.Event()
    serial = 0
    loop = asyncio.get_running_loop()

    def on_usr1() -> None:
        nonlocal serial
        serial += 1
        _dump(replica, applied, Path(args.stats_file), serial, pauses, lag)

    loop.add_signal_handler(signal.SIGUSR1, on_usr1)
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    lag_task.cancel()
    await replica.stop(grace=1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description="A Cercle replica with benchmark counters.")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--name", default="replica")
    parser.add_argument("--stats-file", required=True)
    parser.add_argument("--log-level", default=os.environ.get("CERCLE_LOG_LEVEL", "INFO"))
    parser.add_argument("--no-timers", dest="timers", action="store_false")
    parser.add_argument("--tracemalloc", action="store_true", help="trace allocations (slow)")
    args = parser.parse_args()
    if args.tracemalloc:
        tracemalloc.start(6)
    logs.configure(args.log_level, args.name)
    run(serve(args))


if __name__ == "__main__":
    main()
