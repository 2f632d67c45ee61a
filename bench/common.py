"""What every benchmark shares: process figures from /proc, percentiles, the child-process
protocol, the instrumented replica processes and the one results table.

The benchmarks run their servers and load generators as separate processes and talk to the
load generators over a line protocol: a child prints one JSON object per line on stdout
(``{"event": ...}``) and reads one JSON command per line on stdin (``{"cmd": ...}``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import math
import os
import queue
import signal
import subprocess
import sys
import sysconfig
import threading
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from deploy.local.cluster import (
    Proc,
    free_port,
    spawn,
    start_redis,
    start_replicated_redis,
    wait_for_port,
)

BENCH_LIMITS = {
    name: "1000000"
    for name in (
        "CERCLE_RATE_PER_SECOND",
        "CERCLE_ANONYMOUS_RATE_PER_SECOND",
        "CERCLE_ROOMS_PER_ADDRESS_PER_HOUR",
        "CERCLE_JOIN_FAILURES_PER_ADDRESS",
        "CERCLE_STREAMS_PER_SESSION",
        "CERCLE_STREAMS_PER_ADDRESS",
    )
}
"""The servers' per-session and per-address rate limits and stream budgets, lifted: the load
generators are one client address and a few sessions doing the work of many players (the
limits are tested in tests/faults and tests/services)."""


def lift_limits() -> None:
    """Lift :data:`BENCH_LIMITS` in this process's environment (unless set), so every server
    a benchmark starts, in process or not, inherits them. Each benchmark's ``__main__`` calls
    it; importing this module changes nothing (pytest imports it for its doctests)."""
    for name, value in BENCH_LIMITS.items():
        os.environ.setdefault(name, value)


ROOT = Path(__file__).resolve().parents[1]
RESULTS_DIR = ROOT / "bench" / "results"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
_STDLIB = Path(sysconfig.get_paths()["stdlib"])
"""This interpreter's standard library (the replicas run it too), whatever its version."""


def short_path(path: str) -> str:
    """``path`` relative to the installed packages, the checkout or the standard library, so
    that no machine's path (nor its Python version) shows in a profile or a results file:

    >>> short_path(f"{ROOT}/engine/core.py")
    'engine/core.py'
    >>> short_path(f"{_STDLIB}/json/__init__.py")
    'json/__init__.py'
    >>> short_path(f"{ROOT}/.venv/lib/python3.99/site-packages/grpc/aio/_server.py")
    'grpc/aio/_server.py'
    """
    # Installed packages first: the venv may be inside the checkout (.venv/lib/pythonX.Y/...).
    for marker in ("site-packages/", f"{ROOT}/", f"{_STDLIB}/"):
        if marker in path:
            return path.split(marker, 1)[1]
    return path


# --------------------------------------------------------------------------------------------
# /proc
# --------------------------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by process ``pid`` (all its threads)."""
    raw = Path(f"/proc/{pid}/stat").read_text()
    fields = raw[raw.rindex(")") + 2 :].split()
    # After the command name: state is field 3, utime field 14, stime field 15 (1-based).
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_bytes(pid: int) -> int:
    """The resident set size of process ``pid`` (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def load_average() -> list[float]:
    return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]


# --------------------------------------------------------------------------------------------
# Figures
# --------------------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) with linear interpolation; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * q
    low = math.floor(position)
    high = math.ceil(position)
    if low == high:
        return ordered[low]
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def latency_summary(seconds: Sequence[float]) -> dict[str, float]:
    """p50/p90/p99/max in milliseconds, and the sample count."""
    return {
        "n": len(seconds),
        "p50_ms": percentile(seconds, 0.50) * 1000,
        "p90_ms": percentile(seconds, 0.90) * 1000,
        "p99_ms": percentile(seconds, 0.99) * 1000,
        "max_ms": (max(seconds) * 1000) if seconds else math.nan,
    }


class GcPauses:
    """Every garbage collection of this process: how many of each generation and how long
    the longest took (a full collection stops the event loop, which shows in latency)."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.max_ms = [0.0, 0.0, 0.0]
        self.total_ms = 0.0
        self._started = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        ms = (time.perf_counter() - self._started) * 1000
        generation = info["generation"]
        self.counts[generation] += 1
        self.max_ms[generation] = max(self.max_ms[generation], ms)
        self.total_ms += ms

    def reset(self) -> None:
        self.counts = [0, 0, 0]
        self.max_ms = [0.0, 0.0, 0.0]
        self.total_ms = 0.0

    def snapshot(self) -> dict[str, Any]:
        return {
            "counts": list(self.counts),
            "max_ms": [round(m, 2) for m in self.max_ms],
            "total_ms": round(self.total_ms, 1),
        }


class LoopLag:
    """How late this process's event loop wakes a 50 ms sleep, over a window: a stall of
    the load generator itself (not of the server it measures) shows here, as the servers'
    ``cercle_event_loop_lag_seconds`` shows theirs."""

    PERIOD = 0.05

    def __init__(self) -> None:
        self.n = 0
        self.max_ms = 0.0
        self.over_10ms = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(self.PERIOD)
            late = (time.perf_counter() - before - self.PERIOD) * 1000
            self.n += 1
            self.max_ms = max(self.max_ms, late)
            self.over_10ms += late > 10

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def reset(self) -> None:
        self.n, self.max_ms, self.over_10ms = 0, 0.0, 0

    def snapshot(self) -> dict[str, Any]:
        return {"n": self.n, "max_ms": round(self.max_ms, 1), "over_10ms": self.over_10ms}


@dataclass
class Row:
    """One line of the results table: a figure beside its baseline and its target."""

    section: str
    metric: str
    value: float | None
    unit: str = ""
    baseline: float | None = None
    baseline_name: str = ""
    ratio: float | None = None
    target: str = ""
    met: bool | None = None
    note: str = ""

    def as_json(self) -> dict[str, Any]:
        return {k: _finite(v) for k, v in self.__dict__.items()}


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def fmt(value: float | None, unit: str = "") -> str:
    """A figure for the table: thousands grouped, few digits, the unit after."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "-"
    magnitude = abs(value)
    if magnitude >= 1000:
        text = f"{value:,.0f}"
    elif magnitude >= 100:
        text = f"{value:.0f}"
    elif magnitude >= 10:
        text = f"{value:.1f}"
    elif magnitude >= 0.1:
        text = f"{value:.2f}"
    elif magnitude == 0:
        text = "0"
    else:
        text = f"{value:.3g}"
    return f"{text} {unit}".strip()


def render_table(rows: Sequence[Row]) -> str:
    """The results as one plain-text table."""
    header = ("section", "metric", "value", "baseline", "ratio", "target", "pass/miss")
    lines: list[tuple[str, ...]] = [header]
    for row in rows:
        baseline = fmt(row.baseline, row.unit)
        if row.baseline_name and row.baseline is not None:
            baseline = f"{baseline} ({row.baseline_name})"
        elif row.baseline_name:
            baseline = row.baseline_name
        met = "" if row.met is None else ("pass" if row.met else "MISS")
        ratio = "" if row.ratio is None else f"{row.ratio:.2f}x"
        lines.append(
            (row.section, row.metric, fmt(row.value, row.unit), baseline, ratio, row.target, met)
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = []
    for index, line in enumerate(lines):
        out.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(line)).rstrip())
        if index == 0:
            out.append("  ".join("-" * w for w in widths))
    notes = [f"  [{row.section}/{row.metric}] {row.note}" for row in rows if row.note]
    if notes:
        out.append("")
        out.append("Notes:")
        out.extend(notes)
    return "\n".join(out)


def say(message: str) -> None:
    """Progress on stderr (the table goes to stdout)."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# Child processes speaking the line protocol
# --------------------------------------------------------------------------------------------


class ChildError(RuntimeError):
    pass


class Child:
    """A load generator (or any helper) run as ``python -m <module> <json config>``, or as
    ``<argv...> <json config>`` when ``argv`` is given (the peers' Node load generator)."""

    def __init__(
        self,
        module: str,
        config: dict[str, Any],
        log_dir: Path,
        name: str,
        argv: Sequence[str] | None = None,
    ) -> None:
        self.name = name
        self.log_path = log_dir / f"{name}.log"
        self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        command = list(argv) if argv is not None else [sys.executable, "-m", module]
        self.popen = subprocess.Popen(
            [*command, json.dumps(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            cwd=str(ROOT),
            text=True,
            start_new_session=True,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int:
        return self.popen.pid

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def expect(self, event: str, timeout: float) -> dict[str, Any]:
        """Wait for ``{"event": event}``; other events are skipped."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ChildError(f"{self.name}: no {event!r} within {timeout:.0f}s")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                tail = self.log_path.read_text(errors="replace")[-3000:]
                raise ChildError(f"{self.name} exited before {event!r}; log tail:\n{tail}")
            line = line.strip()
            if not line.startswith("{"):
                continue
            message: dict[str, Any] = json.loads(line)
            if message.get("event") == "error":
                raise ChildError(f"{self.name} failed: {message.get('message')}")
            if message.get("event") == event:
                return message

    def send(self, cmd: str, **data: Any) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write(json.dumps({"cmd": cmd, **data}) + "\n")
        self.popen.stdin.flush()

    def stop(self, timeout: float = 10.0) -> None:
        if self.popen.poll() is None:
            with contextlib.suppress(Exception):
                self.send("quit")
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.popen.pid, signal.SIGKILL)
                self.popen.wait(5)
        self._log.close()


# --------------------------------------------------------------------------------------------
# Servers: Redis, instrumented replicas, bare gRPC servers
# --------------------------------------------------------------------------------------------


def _spawn(
    name: str,
    argv: list[str],
    log_dir: Path,
    port: int,
    timeout: float = 20.0,
    env: dict[str, str] | None = None,
) -> Proc:
    """Start a server process as ``make run`` does, and wait until it listens."""
    proc = spawn(name, argv, log_dir, port, env)
    wait_for_port(port, proc, timeout)
    return proc


@dataclass
class ReplicaProc:
    """A replica process: ``python -m services.server`` as production runs it, with its
    Prometheus ``/metrics`` on a port of its own, which is all the benchmarks read of it."""

    proc: Proc
    metrics_port: int

    @property
    def pid(self) -> int:
        return self.proc.popen.pid

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.proc.port}"

    def scrape(self, timeout: float = 10.0) -> dict[str, dict[tuple[tuple[str, str], ...], float]]:
        """Every sample of the replica's /metrics: name -> sorted labels -> value."""
        url = f"http://127.0.0.1:{self.metrics_port}/metrics"
        with urllib.request.urlopen(url, timeout=timeout) as response:
            text = response.read().decode()
        out: dict[str, dict[tuple[tuple[str, str], ...], float]] = {}
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                key = tuple(sorted(sample.labels.items()))
                out.setdefault(sample.name, {})[key] = float(sample.value)
        return out

    def stats(self) -> dict[str, Any]:
        """What the benchmarks read of a replica, from its /metrics: Redis round trips by
        store operation, RPCs received by method, open streams, collections by generation,
        and the histograms of the event loop's lag, of the expiry loop's claims and of
        timeouts' commits (cumulative buckets: subtract two readings for a window)."""
        samples = self.scrape()

        def by(name: str, label: str) -> dict[str, float]:
            return {dict(k)[label]: v for k, v in samples.get(name, {}).items()}

        return {
            "calls_by_op": by("cercle_redis_calls_total", "op"),
            "rpcs_by_method": by("cercle_rpcs_total", "method"),
            "streams": sum(samples.get("cercle_active_streams", {}).values()),
            "gc": by("python_gc_collections_total", "generation"),
            "loop_lag": by("cercle_event_loop_lag_seconds_bucket", "le"),
            "claim_lateness": by("cercle_timer_lateness_seconds_bucket", "le"),
            "timeout_lateness": by("cercle_timeout_lateness_seconds_bucket", "le"),
        }


def bucket_quantile(buckets: dict[str, float], q: float) -> float:
    """The ``q`` quantile (seconds) of a Prometheus histogram's cumulative buckets (``le`` ->
    count), interpolated linearly inside the bucket, as PromQL's histogram_quantile does;
    NaN when empty. The last finite bound stands for ``+Inf``."""
    bounds = sorted((float(le), n) for le, n in buckets.items())
    total = bounds[-1][1] if bounds else 0.0
    if total <= 0:
        return math.nan
    rank = q * total
    lower, below = 0.0, 0.0
    for bound, count in bounds:
        if count >= rank:
            if math.isinf(bound):
                return lower
            inside = count - below
            return lower + (bound - lower) * ((rank - below) / inside if inside else 1.0)
        lower, below = bound, count
    return lower


def histogram_summary(buckets: dict[str, float]) -> dict[str, float]:
    """p50/p90/p99 (ms, from the buckets), the count, how many were over 10 ms, and the
    bound the longest one was under (``max_under_ms``: the smallest bucket holding them all;
    infinite when one was past the last bound)."""
    count = max(buckets.values(), default=0.0)
    under_10ms = buckets.get("0.01", math.nan)
    bounds = sorted((float(le), n) for le, n in buckets.items())
    return {
        "n": count,
        "p50_ms": bucket_quantile(buckets, 0.50) * 1000,
        "p90_ms": bucket_quantile(buckets, 0.90) * 1000,
        "p99_ms": bucket_quantile(buckets, 0.99) * 1000,
        "over_10ms": count - under_10ms,
        "max_under_ms": next((le * 1000 for le, n in bounds if n >= count), math.inf),
    }


def start_bench_replica(
    redis_url: str,
    log_dir: Path,
    name: str,
    *,
    tracemalloc: bool = False,
    env: dict[str, str] | None = None,
) -> ReplicaProc:
    """A replica as ``make run`` starts one, with /metrics on a free port; ``tracemalloc``
    runs ``bench/replica.py`` instead (the same server, tracing its allocations for
    ``python -m bench.profile streams``); ``env``: settings on top of this process's
    (``CERCLE_COMMIT_DURABILITY``)."""
    port, metrics_port = free_port(), free_port()
    module = "bench.replica" if tracemalloc else "services.server"
    argv = [sys.executable, "-m", module, "--port", str(port), "--host", "127.0.0.1"]
    argv += ["--redis-url", redis_url, "--replica", name, "--metrics-port", str(metrics_port)]
    # Under tracemalloc every allocation of the start-up (the games, grpc) is traced: slow.
    proc = _spawn(name, argv, log_dir, port, 180.0 if tracemalloc else 60.0, env)
    wait_for_port(metrics_port, proc)
    return ReplicaProc(proc, metrics_port)


def start_bare_server(mode: str, log_dir: Path) -> Proc:
    """``bench/bare.py``: a generated-free grpc.aio server (``unary`` echo or ``stream``)."""
    port = free_port()
    argv = [sys.executable, "-m", "bench.bare", "--mode", mode, "--port", str(port)]
    return _spawn(f"bare-{mode}-{port}", argv, log_dir, port)


@contextlib.contextmanager
def bench_redis(work: Path, name: str = "redis") -> Iterator[tuple[Proc, str]]:
    """A fresh Redis (Valkey) process as ``make run`` starts it (append-only file on)."""
    proc = start_redis(work / name, work / "logs")
    try:
        yield proc, f"redis://127.0.0.1:{proc.port}/0"
    finally:
        proc.stop()


@contextlib.contextmanager
def bench_replicated_redis(work: Path, name: str) -> Iterator[tuple[Proc, Proc, str]]:
    """A fresh Valkey primary and one Valkey replica following it, as ``REDIS_REPLICAS=1
    make run`` starts them (``start_replicated_redis``): (primary, replica, store URL)."""
    primary, follower = start_replicated_redis(work / name, work / "logs", 1)
    try:
        yield primary, follower, f"redis://127.0.0.1:{primary.port}/0"
    finally:
        follower.stop()
        primary.stop()


def redis_command_stats(redis_port: int) -> dict[str, int]:
    """``INFO commandstats`` calls per command, plus ``total_commands_processed``.

    The two INFO calls of each reading are counted by Redis too (as ``info``): figures per
    action leave ``info`` out.
    """
    import redis

    client = redis.Redis(host="127.0.0.1", port=redis_port)
    try:
        stats: dict[str, Any] = client.info("commandstats")
        totals: dict[str, Any] = client.info("stats")
    finally:
        client.close()
    out = {
        name.removeprefix("cmdstat_"): int(value["calls"])
        for name, value in stats.items()
        if isinstance(value, dict)
    }
    out["total_commands_processed"] = int(totals["total_commands_processed"])
    return out


def delta(after: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    return {k: after[k] - before.get(k, 0) for k in after if after[k] != before.get(k, 0)}


def buckets_delta(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    """A histogram's cumulative buckets over a window (every bucket kept)."""
    return {k: after[k] - before.get(k, 0.0) for k in after}


# --------------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------------


class MachineLoad:
    """How busy the whole machine was over a window (all cores, from /proc/stat), so that
    other people's work running at the same time shows in the results."""

    def __init__(self) -> None:
        self.t0 = time.perf_counter()
        self.busy0 = self._busy()
        self.steal0 = self._steal()

    @staticmethod
    def _fields() -> list[int]:
        return [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]

    @classmethod
    def _busy(cls) -> float:
        fields = cls._fields()
        idle = fields[3] + fields[4]
        return (sum(fields[:8]) - idle) / CLOCK_TICKS

    @classmethod
    def _steal(cls) -> float:
        """CPU seconds the hypervisor took from this virtual machine (0 on bare metal)."""
        fields = cls._fields()
        return fields[7] / CLOCK_TICKS if len(fields) > 7 else 0.0

    def steal_ms(self) -> float:
        """Milliseconds of CPU the hypervisor took from this machine since this object was
        made (over all cores): time every process here lost at once, whatever it was."""
        return (self._steal() - self.steal0) * 1000

    def cores_busy(self) -> float:
        """CPU cores in use on average since this object was made."""
        return (self._busy() - self.busy0) / max(1e-9, time.perf_counter() - self.t0)


def machine() -> dict[str, Any]:
    import platform

    import grpc
    import redis

    model = ""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    return {
        "python": platform.python_version(),
        "grpcio": grpc.__version__,
        "redis_py": redis.__version__,
        "cpus": os.cpu_count(),
        "cpu_model": model,
        "load_average": load_average(),
        "memory_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
    }


def write_results(prefix: str, data: dict[str, Any], started: float) -> Path:
    """``bench/results/[prefix-]<timestamp>.json`` and ``[prefix-]latest.json``."""
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(started))
    lead = f"{prefix}-" if prefix else ""
    body = json.dumps(
        {"started": stamp, "machine": machine(), **data}, indent=2, default=_finite_json
    )
    path = RESULTS_DIR / f"{lead}{stamp}.json"
    path.write_text(body)
    (RESULTS_DIR / f"{lead}latest.json").write_text(body)
    return path


def _finite_json(value: Any) -> Any:
    return str(value)
