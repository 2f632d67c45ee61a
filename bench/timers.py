"""Timer lateness with 10,000 pending deadlines and two replica processes expiring them.

Method. The rooms are made in this process directly through ``services.rooms.facade.Rooms`` against
the benchmark's Redis (creating them through gRPC would take minutes), in two worker
processes: each is a one-player Tamashii room with its own host, private, created, readied
and started exactly as the LobbyService does it, with ``decision_seconds`` chosen so that its
first deadline falls in a window of ``window`` seconds that opens once every room exists (a
pilot of a few hundred rooms, whose deadlines are ten minutes away, times the creation
first). Two replica processes (``python -m services.server``, with its ``ExpiryLoop``) run
meanwhile, as in production.

Lateness = the moment a replica's commit of the timeout returned minus the deadline stored
in the room: the replicas' ``cercle_timeout_lateness_seconds`` histograms on /metrics, summed
(quantiles interpolated inside its buckets, as PromQL's ``histogram_quantile``). The expiry
loop's own lateness (deadline -> room claimed and loaded, ``cercle_timer_lateness_seconds``)
is reported beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import tempfile
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench.common import (
    MachineLoad,
    ReplicaProc,
    Row,
    bench_redis,
    cpu_seconds,
    histogram_summary,
    lift_limits,
    say,
    start_bench_replica,
)
from services import logs
from services.clock import wall_clock
from services.rooms.bot_seats import BOT_CLOCK
from services.rooms.facade import Rooms
from services.rooms.records import Player
from services.store import Store

GAME = "tamashii"
WORKERS = 2
CONCURRENCY = 48
"""Rooms being made at once in each worker (the Store's pool has CONCURRENCY + 8)."""


async def _room(rooms: Rooms, decision_seconds: int) -> tuple[str, float]:
    """One started one-player room; returns its id and its first deadline. Each room has its
    own host (a player may create only so many rooms an hour)."""
    host = Player(f"bench-timer-{uuid.uuid4().hex[:12]}", "Timer host")
    created = await rooms.lobby.create_room(
        host,
        GAME,
        {"decision_seconds": decision_seconds},
        private=True,
        players=1,
        takeover_after=0,
    )
    await rooms.lobby.set_ready(host, created.room_id, True)
    started = await rooms.lobby.start(host, created.room_id)
    deadline = min(d.expire for d in started.deadlines if d.clock != BOT_CLOCK)
    return created.room_id, float(deadline)


async def _create(
    redis_url: str, count: int, opens: float, window: float, offset: int, stride: int
) -> dict[str, float]:
    """Rooms ``offset, offset + stride, ...`` of ``count``; room ``i``'s deadline is aimed at
    ``opens + window * i / count`` (whole seconds of ``decision_seconds``)."""
    store = Store(redis_url, max_connections=CONCURRENCY + 8)
    rooms = Rooms(store, wall_clock)
    limit = asyncio.Semaphore(CONCURRENCY)

    async def one(index: int) -> tuple[str, float]:
        async with limit:
            if opens <= 0:
                return await _room(rooms, 600)
            target = opens + window * (index + 0.5) / count
            return await _room(rooms, max(1, round(target - time.time())))

    try:
        made = await asyncio.gather(*(one(i) for i in range(offset, count, stride)))
    finally:
        await store.close()
    return dict(made)


def _worker(
    redis_url: str, count: int, opens: float, window: float, part: int, parts: int
) -> dict[str, float]:
    logs.configure("WARNING")
    return asyncio.run(_create(redis_url, count, opens, window, part, parts))


def create_rooms(redis_url: str, count: int, window: float, pilot: int) -> dict[str, Any]:
    """A pilot in this process times the creation; then ``WORKERS`` processes make the rooms
    so that the window opens just after the last one is made."""
    logs.configure("WARNING")
    t0 = time.perf_counter()
    asyncio.run(_create(redis_url, pilot, 0.0, 0.0, 0, 1))
    per_room = (time.perf_counter() - t0) / max(1, pilot)
    # The workers share two cores with Redis and the replicas (and, on a shared machine,
    # with other programs): count on no gain from the second worker, so that the window
    # opens after the last room is made rather than during the making.
    opens = time.time() + per_room * count * 1.1 + 3.0
    t1 = time.perf_counter()
    deadlines: dict[str, float] = {}
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=context) as pool:
        parts = [
            pool.submit(_worker, redis_url, count, opens, window, part, WORKERS)
            for part in range(WORKERS)
        ]
        for future in parts:
            deadlines.update(future.result())
    return {
        "rooms": deadlines,
        "made": len(deadlines),
        "pilot_s_per_room": per_room,
        "creation_s": time.perf_counter() - t1,
        "window_opens": opens,
    }


def run(
    work: Path, *, count: int = 10_000, window: float = 20.0, pilot: int = 300
) -> dict[str, Any]:
    logs = work / "logs"
    with bench_redis(work, "redis-timers") as (redis_proc, redis_url):
        replicas: list[ReplicaProc] = []
        try:
            for i in range(2):
                replicas.append(start_bench_replica(redis_url, logs, f"replica-timers-{i + 1}"))
            say(f"timers: creating {count} rooms (+{pilot} pilot) through services' Rooms")
            made = create_rooms(redis_url, count, window, pilot)
            deadlines: dict[str, float] = made["rooms"]
            first, last = min(deadlines.values()), max(deadlines.values())
            say(
                f"timers: {made['made']} rooms made in {made['creation_s']:.1f}s; "
                f"their deadlines span {last - first:.1f}s, the first in "
                f"{first - time.time():.1f}s"
            )
            pending_at_first = sum(1 for d in deadlines.values() if d >= time.time())
            cpu0 = {r.proc.name: cpu_seconds(r.pid) for r in replicas}
            cpu0["redis"] = cpu_seconds(redis_proc.popen.pid)
            load = MachineLoad()
            # Wait for the window to pass, then for the stragglers (bounded).
            time.sleep(max(0.0, last - time.time() + 1.0))
            stop_at = time.time() + 20.0
            late: dict[str, float] = {}
            claim: dict[str, float] = {}
            while True:
                late, claim = {}, {}
                for replica in replicas:  # the replicas' /metrics histograms, summed
                    stats = replica.stats()
                    for le, n in stats["timeout_lateness"].items():
                        late[le] = late.get(le, 0.0) + n
                    for le, n in stats["claim_lateness"].items():
                        claim[le] = claim.get(le, 0.0) + n
                applied = min(len(deadlines), int(max(late.values(), default=0)))
                if applied >= len(deadlines) or time.time() > stop_at:
                    break
                time.sleep(0.5)
            cpu = {r.proc.name: cpu_seconds(r.pid) - cpu0[r.proc.name] for r in replicas}
            cpu["redis"] = cpu_seconds(redis_proc.popen.pid) - cpu0["redis"]
            busy = load.cores_busy()
        finally:
            for replica in replicas:
                replica.proc.stop()
    return {
        "rooms": count,
        "window_s": last - first,
        "pending_when_window_opened": pending_at_first,
        "creation_s": made["creation_s"],
        "rooms_per_s": count / made["creation_s"],
        "applied": applied,
        "missing": len(deadlines) - applied,
        "lateness": histogram_summary(late),
        "lateness_buckets": late,
        "claim_lateness": histogram_summary(claim),
        "cpu_s": cpu,
        "machine_cores_busy": busy,
    }


def rows(figures: dict[str, Any]) -> list[Row]:
    late = figures["lateness"]
    claim = figures["claim_lateness"]
    ok = late["p99_ms"] < 250 and figures["missing"] == 0
    return [
        Row(
            "timers",
            f"timeout lateness p50 / p99, {figures['pending_when_window_opened']:,} pending "
            f"over {figures['window_s']:.0f}s, 2 replicas",
            late["p99_ms"],
            "ms",
            None,
            f"p50 {late['p50_ms']:.0f} ms; claim p99 {claim['p99_ms']:.0f} ms",
            None,
            "p99 < 250 ms",
            ok,
            note=f"{figures['applied']:,} applied, {figures['missing']} missing; replicas' "
            f"CPU {sum(v for k, v in figures['cpu_s'].items() if k != 'redis'):.1f}s, "
            f"Redis {figures['cpu_s'].get('redis', 0):.1f}s; rooms made at "
            f"{figures['rooms_per_s']:.0f}/s in-process",
        )
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description="Timer lateness with many pending deadlines.")
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--window", type=float, default=20.0)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cercle-bench-"))
    (work / "logs").mkdir()
    print(json.dumps(run(work, count=args.rooms, window=args.window), indent=2))
    say(f"logs in {work / 'logs'}")


if __name__ == "__main__":
    lift_limits()
    main()
