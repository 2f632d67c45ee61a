"""How many subscribed players one replica holds, what they cost in memory, and how long one
update takes to reach all of them -- beside a bare grpc.aio streaming server.

Cercle: a few 2-player Tomahawk rooms are started; ``spectators`` sessions join them as
spectators (JoinRoom) and each opens a Subscribe stream from the room's current seq; the
seated players subscribe too. Once the replica counts every stream, its RSS is read
(``VmRSS``), one action is played in every room at the same moment, and the load generator
measures when the update reaches each stream.

Bare: ``bench/bare.py --mode stream`` holds the same number of idle streams (a queue each)
and fans one message of the same size out to all of them.

RSS per 1,000 streams = (RSS with the streams open - RSS before they opened) / thousands.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import (
    Child,
    ChildError,
    Row,
    bench_redis,
    cpu_seconds,
    lift_limits,
    rss_bytes,
    say,
    start_bare_server,
    start_bench_replica,
)

MB = 1024 * 1024


def cercle(work: Path, spectators: int, rooms: int) -> dict[str, Any]:
    logs = work / "logs"
    with bench_redis(work, f"redis-streams-{rooms}") as (_, redis_url):
        replica = start_bench_replica(redis_url, logs, f"replica-streams-{rooms}")
        gen = None
        try:
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
                f"loadgen-streams-{rooms}",
            )
            joined = gen.expect("joined", 600)
            say(
                f"streams: {spectators} spectators joined {rooms} rooms "
                f"({joined['join_s']:.1f}s); opening the streams"
            )
            rss_before = rss_bytes(replica.pid)
            started = time.perf_counter()
            gen.send("open")
            gen.expect("opening", 300)
            expected = spectators + 2 * rooms
            held = last = 0
            deadline = time.monotonic() + 180
            progress = time.monotonic()
            while time.monotonic() < deadline and time.monotonic() - progress < 20:
                held = int(replica.stats()["streams"])
                if held >= expected:
                    break
                if held != last:
                    last, progress = held, time.monotonic()
                time.sleep(0.2)
            open_s = time.perf_counter() - started
            time.sleep(1.0)  # let the allocator settle
            rss_open = rss_bytes(replica.pid)
            cpu0 = cpu_seconds(replica.pid)
            gen.send("fire")
            result = gen.expect("result", 300)
            fan_cpu = cpu_seconds(replica.pid) - cpu0
            rss_after = rss_bytes(replica.pid)
        finally:
            if gen is not None:
                gen.stop()
            replica.proc.stop()
    streams = max(1, held)
    result.update(
        streams_held=held,
        streams_expected=expected,
        open_s=open_s,
        join_s=joined["join_s"],
        rss_before_mb=rss_before / MB,
        rss_open_mb=rss_open / MB,
        rss_after_fanout_mb=rss_after / MB,
        rss_per_1000_mb=(rss_open - rss_before) / MB / (streams / 1000),
        fanout_cpu_s=fan_cpu,
    )
    return result


def bare(work: Path, streams: int, payload_bytes: int) -> dict[str, Any]:
    logs = work / "logs"
    server = start_bare_server("stream", logs)
    gen = None
    try:
        gen = Child(
            "bench.loadgen",
            {
                "mode": "bare-streams",
                "address": f"127.0.0.1:{server.port}",
                "streams": streams,
                "payload_bytes": payload_bytes,
                "channels": 50,
            },
            logs,
            "loadgen-bare-streams",
        )
        gen.expect("connected", 60)
        rss_before = rss_bytes(server.popen.pid)
        gen.send("open")
        opened = gen.expect("opened", 300)
        time.sleep(1.0)
        rss_open = rss_bytes(server.popen.pid)
        gen.send("fire")
        result = gen.expect("result", 300)
    finally:
        if gen is not None:
            gen.stop()
        server.stop()
    held = max(1, int(opened["streams"]))
    result.update(
        streams_held=int(opened["streams"]),
        open_s=opened["open_s"],
        rss_before_mb=rss_before / MB,
        rss_open_mb=rss_open / MB,
        rss_per_1000_mb=(rss_open - rss_before) / MB / (held / 1000),
    )
    return result


def run(
    work: Path, *, spectators: int = 5000, rooms: int = 5, spread_rooms: int = 0
) -> dict[str, Any]:
    """``rooms`` rooms share the spectators; with ``spread_rooms``, the same number of
    spectators is measured again spread over that many rooms (memory per stream grows with
    the room's size: see docs/performance.md)."""
    out: dict[str, Any] = {"spectators": spectators, "rooms": rooms}
    try:
        out["cercle"] = cercle(work, spectators, rooms)
    except ChildError as exc:
        out["cercle_error"] = str(exc)[-2000:]
        say(f"streams: Cercle run failed: {str(exc)[:300]}")
        return out
    size = int(out["cercle"].get("update_bytes") or 500)
    say(f"streams: bare aio server with {out['cercle']['streams_expected']} streams")
    out["bare"] = bare(work, int(out["cercle"]["streams_expected"]), size)
    if spread_rooms:
        say(f"streams: again with the spectators spread over {spread_rooms} rooms")
        try:
            out["spread"] = cercle(work, spectators, spread_rooms)
            out["spread_rooms"] = spread_rooms
        except ChildError as exc:
            out["spread_error"] = str(exc)[-2000:]
    return out


def rows(figures: dict[str, Any]) -> list[Row]:
    c = figures.get("cercle")
    if c is None:
        return [
            Row(
                "streams",
                "subscribed streams on one replica",
                None,
                target=">= 5,000",
                met=False,
                note=figures.get("cercle_error", "failed")[:300],
            )
        ]
    b = figures.get("bare", {})
    held_ok = c["streams_held"] >= 5000 and c["received"] >= c["expected"]
    rss_ratio = c["rss_per_1000_mb"] / b["rss_per_1000_mb"] if b.get("rss_per_1000_mb") else None
    fan_ratio = (c["to_all_ms"] / b["to_all_ms"]) if c["to_all_ms"] and b.get("to_all_ms") else None
    main_rows = [
        Row(
            "streams",
            f"subscribed streams held, {figures['rooms']} rooms "
            f"(update reached {c['received']}/{c['expected']})",
            c["streams_held"],
            "",
            b.get("streams_held"),
            "bare aio streams",
            None,
            ">= 5,000",
            held_ok,
        ),
        Row(
            "streams",
            "replica RSS per 1,000 streams",
            c["rss_per_1000_mb"],
            "MB",
            b.get("rss_per_1000_mb"),
            "bare aio server",
            rss_ratio,
            "<= 1.5x bare",
            (rss_ratio <= 1.5) if rss_ratio is not None else None,
            note=f"replica RSS {c['rss_before_mb']:.0f} MB before the streams, "
            f"{c['rss_open_mb']:.0f} MB with them; bare {b.get('rss_before_mb', 0):.0f} -> "
            f"{b.get('rss_open_mb', 0):.0f} MB",
        ),
        Row(
            "streams",
            "one update to every stream (max)",
            c["to_all_ms"],
            "ms",
            b.get("to_all_ms"),
            "bare fan-out of one message",
            fan_ratio,
            "<= 1.25x bare",
            (fan_ratio <= 1.25) if fan_ratio is not None else None,
            note=f"p50 {c['spread']['p50_ms']:.0f} ms; replica CPU for the fan-out "
            f"{c['fanout_cpu_s']:.2f} s ({c['fanout_cpu_s'] / max(1, c['received']) * 1e6:.0f}"
            f" us per stream); update {c['update_bytes']:.0f} B; streams opened in "
            f"{c['open_s']:.1f}s with {c['resubscribes']} resubscribes",
        ),
    ]
    return [*main_rows, *_spread_rows(figures)]


def _spread_rows(figures: dict[str, Any]) -> list[Row]:
    s, b = figures.get("spread"), figures.get("bare", {})
    if s is None:
        return []
    ratio = s["rss_per_1000_mb"] / b["rss_per_1000_mb"] if b.get("rss_per_1000_mb") else None
    return [
        Row(
            "streams",
            f"replica RSS per 1,000 streams, spread over {figures['spread_rooms']} rooms "
            f"({s['streams_held']} streams)",
            s["rss_per_1000_mb"],
            "MB",
            b.get("rss_per_1000_mb"),
            "bare aio server",
            ratio,
            note=f"one update to every stream {s['to_all_ms']:.0f} ms"
            if s.get("to_all_ms")
            else "",
        )
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description="Subscribed streams on one replica.")
    parser.add_argument("--spectators", type=int, default=5000)
    parser.add_argument("--rooms", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cercle-bench-"))
    (work / "logs").mkdir()
    figures = run(work, spectators=args.spectators, rooms=args.rooms)
    print(json.dumps(figures, indent=2))
    say(f"logs in {work / 'logs'}")


if __name__ == "__main__":
    lift_limits()
    main()
