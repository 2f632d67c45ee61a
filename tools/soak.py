"""``make soak``: matches of every game on a real local cluster while it is broken on purpose.

It starts Valkey (append-only file, ``appendfsync always``, as ``make run``), N server
replicas and Envoy, all on 127.0.0.1; tables of scripted humans and server bots play match
after match of the four games through Envoy (``tools/soak_tables.py``). After a warm-up, at
seeded random moments, one disruption at a time (``tools/soak_chaos.py``):

- ``kill9``     kill -9 of a replica, restarted on its port a moment later;
- ``drain``     SIGTERM (the graceful drain), then a restart;
- ``redis``     kill -9 of Redis, restarted on the same port and append-only file;
- ``oom``       Redis refuses writes for a few seconds: ``maxmemory`` below what it uses,
                with ``maxmemory-policy noeviction``, then restored;
- ``noreplicas`` the same with ``min-replicas-to-write 1`` (NOREPLICAS refusals);
- ``readonly``  the same by making Redis a replica of a silent listener the soak holds
                (READONLY refusals; its data is kept: no sync ever starts), then
                ``REPLICAOF NO ONE``;
- ``failover``  (with ``--sentinels``) SIGKILL of the Valkey primary the sentinels name; they
                promote a replica, the servers follow it, and the killed one restarts on its
                files as a replica of the new primary (so the next failover has a replica).

With ``--sentinels`` (or a plan naming ``failover``) Redis is a Valkey primary, two replicas
and three sentinels (``deploy.local.cluster``), the servers reach it through
``redis+sentinel://`` and commit with ``CERCLE_COMMIT_DURABILITY=replicated``; the default
plan is then ``kill9``, ``drain`` and ``failover`` in seeded rounds.

The first replica is never killed: its resident memory after the warm-up and at the end say
whether memory stays flat. At the end the replicas stop and every room's log is audited
(``tools/soak_audit.py``). The report's targets: nothing lost, nothing doubled, no timer
missing or doubled, every log replays, no stream gap, memory within 10 %, and every planned
disruption performed; the exit status is 1 if one is missed.

``--seed`` fixes the disruption plan and every player's choices; the interleaving with the
servers still varies from run to run. Every loop is bounded in count and in time.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from deploy.local.cluster import ROOT, Cluster, cluster
from services.store import Store
from tests.faults.helpers import DurableRedis, wait_health
from tools.soak_audit import GRACE_SECONDS, Audit, TimerFigures, audit_rooms
from tools.soak_chaos import (
    DISRUPTIONS,
    ONE_REDIS,
    SENTINEL_REDIS_EXTRA,
    WITH_SENTINELS,
    Chaos,
    Disruption,
)
from tools.soak_tables import GAMES, Tables, table_specs

MEMORY_TOLERANCE = 0.10


@dataclass
class SoakConfig:
    minutes: float = 10.0
    seed: int = 1
    replicas: int = 3
    tables: int = 8
    plan: tuple[str, ...] | None = None
    """Disruptions to perform, in this order, spread over the run (None: every kind, in
    seeded shuffled rounds, until the run ends)."""
    work_dir: Path | None = None
    sentinels: bool = False
    """Redis as a primary, two replicas and three sentinels, with replicated commits (also
    when the plan names ``failover``)."""

    @property
    def with_sentinels(self) -> bool:
        return self.sentinels or "failover" in (self.plan or ())

    @property
    def kinds(self) -> tuple[str, ...]:
        """The disruptions this topology can take."""
        return WITH_SENTINELS if self.with_sentinels else ONE_REDIS

    @property
    def seconds(self) -> float:
        return self.minutes * 60.0

    @property
    def warmup(self) -> float:
        return min(60.0, max(5.0, 0.15 * self.seconds))

    @property
    def quiet_end(self) -> float:
        """The last seconds run without disruption, so that late deadlines can be judged."""
        return max(GRACE_SECONDS + 5.0, 0.1 * self.seconds)


@dataclass
class Memory:
    """One replica's resident memory (MiB)."""

    name: str
    after_warmup: float | None = None
    at_end: float | None = None
    peak: float = 0.0
    restarts: int = 0
    """New processes since the warm-up ended (then the figures are not comparable)."""

    @property
    def change(self) -> float | None:
        if self.after_warmup is None or self.at_end is None or self.restarts:
            return None
        return self.at_end / self.after_warmup - 1.0


@dataclass
class Report:
    config: SoakConfig
    commit: str
    date: str
    seconds: float
    tables: list[str]
    matches_started: int
    matches_finished: int
    setups_failed: int
    audit: Audit
    disruptions: list[Disruption]
    memory: list[Memory]
    retried: dict[str, int]
    refused: dict[str, int]
    unexpected: list[str] = field(default_factory=list)
    server_faults: list[str] = field(default_factory=list)
    """INTERNAL or UNKNOWN answered by a replica (a transport reset is not one)."""

    def targets(self) -> list[tuple[str, bool, str]]:
        """(target, met, figure) for every target."""
        a = self.audit
        missing = a.turn.missing + a.bot.missing
        doubled_timers = a.turn.doubled + a.bot.doubled + a.turn.early + a.bot.early
        judged = [m for m in self.memory if m.change is not None]
        flat = bool(judged) and all(abs(m.change or 0.0) <= MEMORY_TOLERANCE for m in judged)
        performed = [d for d in self.disruptions if d.performed]
        return [
            ("actions acknowledged", a.acknowledged > 0, str(a.acknowledged)),
            ("0 lost", not a.lost, str(len(a.lost))),
            ("0 doubled", not a.doubled, str(len(a.doubled))),
            ("idempotency index = acks", not a.index_mismatch, str(len(a.index_mismatch))),
            ("every log replays", not a.not_replaying, f"{len(a.not_replaying)} do not"),
            ("0 timers missing", missing == 0, str(missing)),
            ("0 timers doubled or early", doubled_timers == 0, str(doubled_timers)),
            ("0 stream gaps or repeats", not a.stream_faults, str(len(a.stream_faults))),
            (
                f"memory flat (±{MEMORY_TOLERANCE:.0%})",
                flat,
                ", ".join(f"{m.name} {m.change:+.1%}" for m in judged if m.change is not None)
                or "not measured",
            ),
            ("0 unexpected client errors", not self.unexpected, str(len(self.unexpected))),
            (
                "0 INTERNAL/UNKNOWN from a replica",
                not self.server_faults,
                str(len(self.server_faults)),
            ),
            (
                "every disruption performed",
                len(performed) == len(self.disruptions) and bool(self.disruptions),
                f"{len(performed)}/{len(self.disruptions)}",
            ),
        ]

    @property
    def ok(self) -> bool:
        return all(met for _, met, _ in self.targets())

    def render(self) -> str:
        a = self.audit
        lines = [
            f"Soak of {self.seconds:.0f} s, seed {self.config.seed}, {self.config.replicas} "
            f"replicas, {self.config.tables} tables; commit {self.commit}, {self.date}",
            "  redis       "
            + (
                "Valkey primary + 2 replicas + 3 sentinels, replicated commits"
                if self.config.with_sentinels
                else "one Valkey (appendfsync always)"
            ),
            f"  tables      {', '.join(self.tables)}",
            f"  matches     {self.matches_started} started, {self.matches_finished} finished "
            f"while played, {self.setups_failed} set-ups abandoned",
            "  disruptions",
        ]
        for d in self.disruptions:
            state = "done" if d.performed else "NOT DONE"
            lines.append(
                f"    +{d.at:6.1f} s  {d.kind:<10} {d.target:<10} {d.seconds:4.1f} s  {state}"
                + (f"  ({d.note})" if d.note else "")
            )
        refused = ", ".join(f"{k} {v}" for k, v in sorted(self.refused.items())) or "none"
        lines += [
            f"  actions     {a.acknowledged} acknowledged ({a.replayed_by_retry} of them the "
            f"replayed answer to a retried key); refused by the rules: {refused}",
            f"              lost {len(a.lost)}, doubled {len(a.doubled)}, idempotency index "
            f"mismatches {len(a.index_mismatch)}, applied after their client gave up "
            f"{a.unacknowledged_applied}",
            f"  logs        {a.rooms} rooms replayed through their engine, "
            f"{len(a.not_replaying)} do not replay",
            _timer_line("turn clocks", a.turn),
            _timer_line("bot moves", a.bot),
            f"  streams     {a.stream_resumes} resumes after the last seq, "
            f"{len(a.stream_faults)} with a gap or a repeat",
            "  retried     "
            + (", ".join(f"{k} {v}" for k, v in sorted(self.retried.items())) or "nothing"),
        ]
        for m in self.memory:
            if m.change is not None:
                lines.append(
                    f"  memory      {m.name}: {m.after_warmup:.1f} MiB after warm-up, "
                    f"{m.at_end:.1f} MiB at the end ({m.change:+.1%}), peak {m.peak:.1f} MiB"
                )
            else:
                lines.append(
                    f"  memory      {m.name}: {m.after_warmup or 0:.1f} MiB after warm-up, "
                    f"restarted {m.restarts} times, {m.at_end or 0:.1f} MiB at the end "
                    "(another process: not judged)"
                )
        for text in (
            a.lost[:10]
            + a.doubled[:10]
            + a.index_mismatch[:10]
            + a.not_replaying[:10]
            + a.turn.details
            + a.bot.details
            + a.stream_faults[:10]
            + self.unexpected[:10]
            + self.server_faults[:10]
        ):
            lines.append(f"  ! {text}")
        lines.append("  targets")
        for name, met, figure in self.targets():
            lines.append(f"    {'met   ' if met else 'MISSED'}  {name}: {figure}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["config"]["work_dir"] = str(self.config.work_dir)
        for kind in ("turn", "bot"):
            figures: TimerFigures = getattr(self.audit, kind)
            data["audit"][kind]["lateness"] = _lateness(figures)
        data["targets"] = [
            {"target": n, "met": met, "figure": fig} for n, met, fig in self.targets()
        ]
        return data


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _lateness(figures: TimerFigures) -> dict[str, float]:
    if not figures.lateness:
        return {}
    values = figures.lateness
    return {
        "p50": _quantile(values, 0.5),
        "p99": _quantile(values, 0.99),
        "max": max(values),
        "count": len(values),
    }


def _timer_line(name: str, figures: TimerFigures) -> str:
    late = _lateness(figures)
    lateness = (
        f"late p50 {late['p50']:.3f} s, p99 {late['p99']:.3f} s, max {late['max']:.2f} s"
        if late
        else "lateness unknown"
    )
    latest = ", ".join(f"{s:.2f} s ({where})" for s, where in figures.latest[:3])
    return (
        f"  {name:<11} fired {figures.fired} ({lateness}); missing {figures.missing}, "
        f"doubled {figures.doubled}, early {figures.early}; superseded {figures.superseded}, "
        f"dropped {figures.dropped}, still running at the end {figures.pending_at_end}"
        + (f"\n              latest: {latest}" if latest else "")
    )


# ---------------------------------------------------------------------------------------
# Memory, and when to break things
# ---------------------------------------------------------------------------------------


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def plan_disruptions(config: SoakConfig, rng: random.Random) -> list[Disruption]:
    """When each disruption starts (seconds after play starts), between the warm-up and the
    quiet end."""
    first, last = config.warmup, config.seconds - config.quiet_end
    if config.plan is not None:
        step = (last - first) / max(1, len(config.plan))
        return [
            Disruption(kind, first + step * i + rng.uniform(0.0, step / 4))
            for i, kind in enumerate(config.plan)
        ]
    planned: list[Disruption] = []
    at = first + rng.uniform(3.0, 10.0)
    kinds: list[str] = []
    while at < last and len(planned) < 1000:
        if not kinds:
            kinds = rng.sample(config.kinds, len(config.kinds))
        planned.append(Disruption(kinds.pop(), at))
        at += rng.uniform(10.0, 25.0)
    return planned


# ---------------------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------------------


def say(text: str, started: float) -> None:
    print(f"[{time.monotonic() - started:6.1f} s] {text}", flush=True)


async def run(config: SoakConfig) -> Report:
    """Run the soak and audit it."""
    rng = random.Random(config.seed)
    work = config.work_dir or Path(tempfile.mkdtemp(prefix="cercle-soak-"))
    started = time.monotonic()
    say(f"soak for {config.seconds:.0f} s, seed {config.seed}; files in {work}", started)
    redis = None if config.with_sentinels else await asyncio.to_thread(DurableRedis.start, work)
    topology: dict[str, Any] = (
        {
            "redis_replicas": 2,
            "sentinels": 3,
            "redis_extra": SENTINEL_REDIS_EXTRA,
            "env": {"CERCLE_COMMIT_DURABILITY": "replicated"},
        }
        if redis is None
        else {"redis_url": redis.url}
    )
    plan = plan_disruptions(config, rng)
    try:
        with cluster(
            config.replicas, envoy=True, web=False, work_dir=work / "cluster", **topology
        ) as running:
            chaos = Chaos(running, redis, rng)
            await wait_health(chaos.addresses(), "SERVING", 30)
            tables = Tables(running.address, table_specs(config.tables), config.seed)
            memory = [Memory(p.name) for p in running.replicas]
            stopped_at, elapsed = await _play(config, chaos, tables, plan, memory, started)
            for server in running.replicas:  # nothing may change while the logs are audited
                await asyncio.to_thread(server.stop)
            say("replicas stopped; auditing every room's log", started)
            store = Store(running.redis_url)  # with sentinels: the primary they name now
            try:
                audit = await audit_rooms(store, tables.rooms, stopped_at)
            finally:
                await store.close()
    finally:
        if redis is not None:
            await asyncio.to_thread(redis.stop)
    tally = tables.tally
    return Report(
        config=config,
        commit=_commit(),
        date=datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        seconds=elapsed,
        tables=[f"{s.game} {s.humans}h+{s.players - s.humans}b" for s in tables.specs],
        matches_started=tally.matches_started,
        matches_finished=tally.matches_finished,
        setups_failed=tally.setups_failed,
        audit=audit,
        disruptions=plan,
        memory=memory,
        retried=dict(tally.retried),
        refused=dict(tally.refused),
        unexpected=tally.unexpected,
        server_faults=tally.server_faults,
    )


async def _play(
    config: SoakConfig,
    chaos: Chaos,
    tables: Tables,
    plan: list[Disruption],
    memory: list[Memory],
    started: float,
) -> tuple[float, float]:
    """Play for ``config.seconds``, with the disruptions; returns (the wall-clock time play
    stopped, the seconds played)."""
    running = chaos.running
    loop = asyncio.get_running_loop()
    begin = loop.time()
    play = asyncio.create_task(tables.run())
    sampler: asyncio.Task[None] | None = None
    say(f"playing: {config.tables} tables through Envoy {running.address}", started)
    try:
        await asyncio.sleep(config.warmup)
        pids = [p.popen.pid for p in running.replicas]
        for m, pid in zip(memory, pids, strict=True):
            m.after_warmup = rss_mib(pid)
        sampler = asyncio.create_task(_sample(running, memory, pids))
        say(f"warm-up over: {tables.acknowledged} actions acknowledged", started)
        for disruption in plan:
            await asyncio.sleep(max(0.0, begin + disruption.at - loop.time()))
            if loop.time() - begin > config.seconds - config.quiet_end + 30:
                disruption.note = "no time left"
                continue
            disruption.at = loop.time() - begin
            say(f"{disruption.kind} ...", started)
            await chaos.perform(disruption)
            state = "done" if disruption.performed else "NOT DONE"
            say(f"{disruption.kind} {disruption.target} {state} {disruption.note}", started)
        await asyncio.sleep(max(0.0, begin + config.seconds - loop.time()))
        for m, proc in zip(memory, running.replicas, strict=True):
            m.restarts = chaos.restarts[proc.name]
            m.at_end = rss_mib(proc.popen.pid)
        say(f"stopping play: {tables.acknowledged} actions acknowledged", started)
    finally:
        if sampler is not None:
            sampler.cancel()
        tables.stop.set()
        try:
            await asyncio.wait_for(play, 90)
        except TimeoutError:
            tables.tally.note("the tables did not stop within 90 s")
    return time.time(), loop.time() - begin


async def _sample(running: Cluster, memory: list[Memory], pids: list[int]) -> None:
    """The peak resident memory of each first-generation replica, every 5 s (bounded)."""
    for _ in range(100_000):
        for m, proc, pid in zip(memory, running.replicas, pids, strict=True):
            if proc.popen.pid == pid:
                m.peak = max(m.peak, rss_mib(pid) or 0.0)
        await asyncio.sleep(5.0)


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description="Soak a local Cercle cluster (make soak).")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replicas", type=int, default=3, help="2 or more")
    parser.add_argument("--tables", type=int, default=8, help=f"spread over {', '.join(GAMES)}")
    parser.add_argument(
        "--disruptions",
        default="",
        help=f"a fixed plan, comma-separated, from {', '.join(DISRUPTIONS)} "
        "(default: every kind the topology takes, in seeded rounds)",
    )
    parser.add_argument(
        "--sentinels",
        action="store_true",
        help="Redis as a Valkey primary, 2 replicas and 3 sentinels with replicated commits "
        "(implied by a plan naming failover); its disruptions: " + ", ".join(WITH_SENTINELS),
    )
    parser.add_argument("--json", type=Path, help="also write the report here")
    parser.add_argument("--work-dir", type=Path, help="Redis data and logs (default: a temp dir)")
    args = parser.parse_args()
    plan = tuple(k for k in args.disruptions.split(",") if k) or None
    sentinels = args.sentinels or "failover" in (plan or ())
    kinds = WITH_SENTINELS if sentinels else ONE_REDIS
    if plan and not set(plan) <= set(kinds):
        parser.error(
            f"disruptions are {', '.join(kinds)}"
            + (" with sentinels" if sentinels else " (failover: with --sentinels)")
        )
    if args.replicas < 2:
        parser.error("the soak needs 2 replicas or more (the first one is never killed)")
    config = SoakConfig(
        args.minutes, args.seed, args.replicas, args.tables, plan, args.work_dir, sentinels
    )
    report = asyncio.run(run(config))
    print(report.render(), flush=True)
    if args.json:
        args.json.write_text(json.dumps(report.to_json(), indent=2))
    sys.exit(0 if report.ok else 1)


if __name__ == "__main__":
    main()
