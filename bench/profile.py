"""Where the time (or the memory) goes, for a target the benchmarks miss.

``python -m bench.profile engine``     cProfile of Tomahawk's pending-seat loop (a);
``python -m bench.profile fullstack``  py-spy on the replica while rooms are played flat out;
``python -m bench.profile timers``     py-spy on one of the two replicas expiring deadlines;
``python -m bench.profile streams``    tracemalloc in the replica holding the streams.

py-spy is installed into the benchmark's own virtualenv (``bench/.venv-rlcard``), never into
the project's. Prints the hottest functions with their share of the samples.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.common import Child, bench_redis, lift_limits, say, short_path, start_bench_replica
from bench.engine_bench import RLCARD_VENV, ensure_rlcard, pending_loop

SPY = RLCARD_VENV / "bin" / "py-spy"


def ensure_py_spy(log: Path) -> Path:
    if SPY.exists():
        return SPY
    ensure_rlcard(log)  # creates the bench virtualenv
    subprocess.run(
        [str(RLCARD_VENV / "bin" / "python"), "-m", "pip", "install", "--quiet", "py-spy"],
        check=True,
        capture_output=True,
    )
    return SPY


def spy(pid: int, seconds: float, out: Path, *, native: bool = False) -> subprocess.Popen[bytes]:
    """Sample ``pid`` for ``seconds`` (raw collapsed stacks in ``out``); ``native`` also
    walks C frames (grpc's Cython core, protobuf's upb), which costs more."""
    argv = [str(SPY), "record", "--pid", str(pid), "--duration", str(max(1, int(seconds)))]
    argv += ["--rate", "250", "--format", "raw", "--output", str(out)]
    # --native pauses the process to walk its C stack; without it, sampling never stops it.
    argv.append("--native" if native else "--nonblocking")
    return subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _frame_name(frame: str) -> str:
    """A py-spy raw frame, ``function (path/to/file.py:123)``, as ``function (short path)``."""
    name, _, where = frame.partition(" (")
    return f"{name} ({short_path(where.rstrip(')').rsplit(':', 1)[0])})"


def summarize_stacks(raw: Path, top: int = 25) -> dict[str, Any]:
    """Inclusive and self shares per function from py-spy's collapsed stacks."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in raw.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack:
            continue
        count = int(count_text)
        frames = [_frame_name(f) for f in stack.split(";") if f and not f.startswith("process ")]
        frames = [f for f in frames if not f.startswith("thread ")]
        if not frames:
            continue
        total += count
        for name in set(frames):
            inclusive[name] += count
        own[frames[-1]] += count
    return {
        "samples": total,
        "inclusive": [(n, round(100 * c / total, 1)) for n, c in inclusive.most_common(top)],
        "self": [(n, round(100 * c / total, 1)) for n, c in own.most_common(top)],
    }


def profile_engine(seconds: float) -> dict[str, Any]:
    from engine import registry

    game = registry.get("tomahawk")
    profiler = cProfile.Profile()
    profiler.runcall(pending_loop, game, 4, seconds, 1)
    stats = pstats.Stats(profiler)
    total = max(1e-9, sum(v[2] for v in stats.stats.values()))  # type: ignore[attr-defined]
    rows = []
    for (path, line, name), (_, calls, own, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        rows.append((f"{name} ({short_path(path)}:{line})", calls, own, cumulative))
    by_self = sorted(rows, key=lambda r: -r[2])[:20]
    by_cum = sorted(rows, key=lambda r: -r[3])[:20]
    return {
        "profiled_seconds": total,
        "self": [(n, c, round(100 * s / total, 1)) for n, c, s, _ in by_self],
        "inclusive": [(n, c, round(100 * cu / total, 1)) for n, c, _, cu in by_cum],
    }


def profile_fullstack(work: Path, seconds: float, rooms: int, native: bool) -> dict[str, Any]:
    logs = work / "logs"
    ensure_py_spy(logs / "py-spy-install.log")
    with bench_redis(work, "redis-profile") as (_, redis_url):
        replica = start_bench_replica(redis_url, logs, "replica-profile")
        gen = Child(
            "bench.loadgen",
            {"mode": "play", "address": replica.address, "rooms": rooms, "channels": 8},
            logs,
            "loadgen-profile",
        )
        try:
            gen.expect("ready", 180)
            gen.send("run", seconds=seconds, warmup=2.0, rate=0)
            gen.expect("window_start", 60)
            recorder = spy(replica.pid, seconds - 1, work / "replica.raw", native=native)
            result = gen.expect("result", seconds + 60)
            recorder.wait(60)
        finally:
            gen.stop()
            replica.proc.stop()
    out = summarize_stacks(work / "replica.raw")
    out["actions_per_s"] = result["actions_per_s"]
    return out


def profile_timers(work: Path, count: int, window: float) -> dict[str, Any]:
    from bench import timers

    logs = work / "logs"
    ensure_py_spy(logs / "py-spy-install.log")
    with bench_redis(work, "redis-profile-timers") as (_, redis_url):
        replicas = [
            start_bench_replica(redis_url, logs, f"replica-profile-timers-{i}") for i in (1, 2)
        ]
        try:
            made = timers.create_rooms(redis_url, count, window, 200)
            deadlines = made["rooms"].values()
            first, last = min(deadlines), max(deadlines)
            time.sleep(max(0.0, first - time.time()))
            recorder = spy(replicas[0].pid, last - first + 2, work / "timers.raw")
            recorder.wait(last - first + 60)
        finally:
            for replica in replicas:
                replica.proc.stop()
    return summarize_stacks(work / "timers.raw")


def profile_streams(work: Path, spectators: int, rooms: int) -> dict[str, Any]:
    """The replica's biggest live allocations (tracemalloc) with the streams open."""
    import os
    import signal

    from bench.replica import dump_path

    logs = work / "logs"
    os.environ["CERCLE_BENCH_LOGS"] = str(logs)
    with bench_redis(work, "redis-profile-streams") as (_, redis_url):
        replica = start_bench_replica(redis_url, logs, "replica-profile-streams", tracemalloc=True)
        gen = Child(
            "bench.loadgen",
            {
                "mode": "streams",
                "address": replica.address,
                "rooms": rooms,
                "spectators": spectators,
                "channels": 50,
            },
            logs,
            "loadgen-profile-streams",
        )
        try:
            gen.expect("joined", 600)
            gen.send("open")
            gen.expect("opening", 300)
            expected = spectators + 2 * rooms
            deadline = time.monotonic() + 180
            while time.monotonic() < deadline:
                if int(replica.stats()["streams"]) >= expected:
                    break
                time.sleep(0.5)
            streams = replica.stats()["streams"]
            path = dump_path("replica-profile-streams")
            path.unlink(missing_ok=True)
            os.kill(replica.pid, signal.SIGUSR1)
            while not path.exists() and time.monotonic() < deadline + 60:
                time.sleep(0.2)
            top = json.loads(path.read_text())
        finally:
            gen.stop()
            replica.proc.stop()
    return {"streams": streams, "top_allocations": top}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("engine", "fullstack", "timers", "streams"))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rooms", type=int, default=24)
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--spectators", type=int, default=5000)
    parser.add_argument("--native", action="store_true", help="py-spy --native (C frames)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cercle-profile-"))
    (work / "logs").mkdir()
    if args.what == "engine":
        out = profile_engine(args.seconds)
    elif args.what == "fullstack":
        out = profile_fullstack(work, args.seconds, args.rooms, args.native)
    elif args.what == "timers":
        out = profile_timers(work, args.count, 15.0)
    else:
        out = profile_streams(work, args.spectators, 5)
    (work / "profile.json").write_text(json.dumps(out, indent=1))
    print(report(out))
    say(f"work directory {work} (profile.json)")


def report(out: dict[str, Any]) -> str:
    """The profile as text: one function a line with its share."""
    lines = []
    for key, value in out.items():
        if isinstance(value, list) and value and isinstance(value[0], (list, tuple)):
            lines.append(f"{key}:")
            for item in value:
                share = item[-1]
                extra = f"  ({item[1]} calls)" if len(item) == 3 else ""
                lines.append(f"  {share:5.1f}%  {item[0]}{extra}")
        elif isinstance(value, list):
            lines.append(f"{key}:")
            lines.extend(f"  {json.dumps(item)}" for item in value)
        else:
            lines.append(f"{key}: {value}")
    return "\n".join(lines)


if __name__ == "__main__":
    lift_limits()
    main()
