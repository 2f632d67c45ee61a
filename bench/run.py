"""``make bench``: Cercle's speed and scale against the machine's own limits, in one run.

Sections (each beside the baseline measured in the same run; see docs/performance.md):

0. cost        Python calls a replica makes per accepted move, counted on a fixed seeded
               script (deterministic), beside ``bench/baseline/cost.json`` (``bench/cost.py``);
1. engine      random play per game vs rlcard's UNO (``bench/engine_bench.py``);
2. full stack  4-player Tomahawk rooms through gRPC + Redis vs a bare aio echo server and a
               bare Redis compare-and-set script, the players acting on the choices their
               streams push beside the same players polling ListLegalActions (``--pattern
               poll``), side by side; then Tamashii, Tomy and Awimbawé in both patterns
               (``bench/fullstack.py``);
3. peers       boardgame.io and Colyseus (npm, in bench/peers) under the same play load
               (``bench/peers.py``);
4. streams     5,000 subscribed spectators on one replica vs a bare aio streaming server
               (``bench/streams.py``);
5. scale-out   1 vs 2 replicas behind Envoy (``bench/fullstack.py``);
6. timers      lateness of 10,000 pending deadlines with 2 replicas (``bench/timers.py``);
7. durability  replicated commits beside local ones: Tomahawk at half load on a Valkey
               primary + replica, Act -> others p50/p99 and replica CPU per move
               (``bench/fullstack.py``).

Prints one table and writes ``bench/results/<timestamp>.json`` and ``bench/results/latest.json``.
``--quick`` shrinks every size for a smoke run; ``--only`` runs some sections.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import cost, engine_bench, fullstack, peers, streams, timers
from bench.common import ROOT, MachineLoad, Row, lift_limits, render_table, say, write_results
from services import logs

SECTIONS = ("cost", "engine", "fullstack", "peers", "streams", "scaleout", "timers", "durability")
ROOMS = 32
"""Tables of four players in the full-stack, peers and scale-out sections."""


def _section(
    name: str,
    results: dict[str, Any],
    table: list[Row],
    work: Callable[[], Any],
    to_rows: Callable[[Any], list[Row]],
) -> Any:
    """Run one section; a failure is recorded and the next section still runs."""
    started = time.perf_counter()
    load = MachineLoad()
    try:
        figures = work()
    except Exception as exc:
        say(f"{name} failed: {exc!r}")
        results[name] = {"error": repr(exc), "traceback": traceback.format_exc()[-4000:]}
        table.append(Row(name, "section failed", None, met=False, note=repr(exc)[:300]))
        return None
    elapsed = time.perf_counter() - started
    figures_out = figures if isinstance(figures, dict) else {"figures": figures}
    figures_out["section_seconds"] = elapsed
    figures_out["machine_cores_busy"] = load.cores_busy()
    results[name] = figures_out
    table.extend(to_rows(figures))
    say(f"{name} done in {elapsed:.0f}s")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description="Cercle benchmarks, in one run.")
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    parser.add_argument("--only", nargs="*", choices=SECTIONS, default=list(SECTIONS))
    args = parser.parse_args()
    logs.configure("WARNING")  # the timers section drives Rooms in this process
    quick = args.quick
    work = Path(tempfile.mkdtemp(prefix="cercle-bench-"))
    (work / "logs").mkdir()
    started_wall = time.time()
    started = time.perf_counter()
    results: dict[str, Any] = {"quick": quick, "work_dir": str(work)}
    table: list[Row] = []
    say(f"work directory {work} (server and load generator logs in logs/)")

    if "cost" in args.only:
        _section("cost", results, table, lambda: cost.run(1 if quick else 3), cost.rows)
    if "engine" in args.only:
        _section(
            "engine",
            results,
            table,
            lambda: engine_bench.run(8.0 if quick else 36.0, work / "logs"),
            engine_bench.rows,
        )
    direct: float | None = None
    full: dict[str, Any] | None = None
    rooms = 8 if quick else ROOMS
    seconds = 3.0 if quick else 10.0
    if "fullstack" in args.only:
        full = _section(
            "fullstack",
            results,
            table,
            lambda: fullstack.run(work, seconds=seconds, rooms=rooms, warmup=2.0),
            fullstack.rows,
        )
        if full is not None:
            direct = float(full["flat"]["actions_per_s"])
    if "peers" in args.only:
        _section(
            "peers",
            results,
            table,
            lambda: peers.run(work, seconds=seconds, rooms=rooms, warmup=2.0),
            lambda figures: peers.rows(figures, full),
        )
    if "streams" in args.only:
        _section(
            "streams",
            results,
            table,
            lambda: streams.run(
                work,
                spectators=300 if quick else 5000,
                rooms=3 if quick else 5,
                spread_rooms=6 if quick else 50,
            ),
            streams.rows,
        )
    if "scaleout" in args.only:
        _section(
            "scaleout",
            results,
            table,
            lambda: fullstack.scale_out(work, 3.0 if quick else 8.0, rooms, 2.0),
            lambda figures: fullstack.scale_rows(figures, direct),
        )
    if "timers" in args.only:
        _section(
            "timers",
            results,
            table,
            lambda: timers.run(
                work,
                count=1000 if quick else 10_000,
                window=5.0 if quick else 20.0,
                pilot=100 if quick else 300,
            ),
            timers.rows,
        )
    if "durability" in args.only:
        _section(
            "durability",
            results,
            table,
            lambda: fullstack.durability_cost(work, seconds, rooms, 2.0),
            fullstack.durability_rows,
        )

    total = time.perf_counter() - started
    results["total_seconds"] = total
    results["rows"] = [row.as_json() for row in table]
    path = write_results("quick" if quick else "", results, started_wall)
    print(render_table(table))
    print(
        f"\nTotal {total:.0f}s. Results: {path.relative_to(ROOT)} "
        f"(and {path.with_name(('quick-' if quick else '') + 'latest.json').relative_to(ROOT)})."
    )


if __name__ == "__main__":
    lift_limits()
    main()
