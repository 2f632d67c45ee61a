"""Full stack (gRPC + Redis) and scale-out benchmarks, with their bare baselines.

Every server and every load generator is its own process: Redis (``start_redis``), the
replica(s) (``python -m services.server``, as production runs it), Envoy
(``start_envoy``), the bare echo server (``bench/bare.py``) and the load generator
(``bench/loadgen.py``). Counters are read at the start and the end of each measurement
window: CPU seconds from ``/proc/<pid>/stat``, the replicas' Prometheus ``/metrics`` (Redis
round trips by store operation, collections, the event loop's lag), and Redis' ``INFO
commandstats`` / ``total_commands_processed``.

The play sections run the real clients' pattern (``--pattern choices``: every player acts
on the choices its own stream pushes) beside the old one (``--pattern poll``: every player
calls ListLegalActions after each update), for Tomahawk (flat out and at 50 %, the headline)
and for every other game (flat out, ``--games``). Per accepted move: the replicas' CPU, every
RPC they received by method (``cercle_rpcs_total``) and every Redis round trip
(``cercle_redis_calls_total``), deltas over the window; per finished match, the bytes on
the wire each way as the load generator serialized them.

``python -m bench.fullstack [--seconds S] [--rooms R] [--pattern choices poll] [--games ...]``
prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import (
    Child,
    MachineLoad,
    ReplicaProc,
    Row,
    bench_redis,
    bench_replicated_redis,
    buckets_delta,
    cpu_seconds,
    delta,
    histogram_summary,
    latency_summary,
    lift_limits,
    redis_command_stats,
    say,
    start_bare_server,
    start_bench_replica,
)
from bench.loadgen import PATTERNS
from deploy.local.cluster import Proc, start_envoy
from services.store import SHARDS

SCRIPT_COMMANDS = ("evalsha", "eval", "fcall")


def _snapshot(
    replicas: list[ReplicaProc], others: dict[str, int], redis_port: int
) -> dict[str, Any]:
    cpu = {f"replica-{i + 1}": cpu_seconds(r.pid) for i, r in enumerate(replicas)}
    cpu.update({name: cpu_seconds(pid) for name, pid in others.items()})
    stats = {f"replica-{i + 1}": r.stats() for i, r in enumerate(replicas)}
    by_op: dict[str, float] = {}
    by_method: dict[str, float] = {}
    for s in stats.values():
        for op, n in s["calls_by_op"].items():
            by_op[op] = by_op.get(op, 0) + n
        for method, n in s["rpcs_by_method"].items():
            by_method[method] = by_method.get(method, 0) + n
    return {
        "t": time.perf_counter(),
        "cpu": cpu,
        "calls": {name: sum(s["calls_by_op"].values()) for name, s in stats.items()},
        "calls_by_op": by_op,
        "rpcs_by_method": by_method,
        "gc": {name: s["gc"] for name, s in stats.items()},
        "loop_lag": {name: s["loop_lag"] for name, s in stats.items()},
        "redis": redis_command_stats(redis_port),
    }


def measured_run(
    gen: Child,
    replicas: list[ReplicaProc],
    others: dict[str, int],
    redis_port: int,
    *,
    seconds: float,
    warmup: float,
    rate: float,
) -> dict[str, Any]:
    """One window of the play load generator, with the servers' counters around it."""
    gen.send("run", seconds=seconds, warmup=warmup, rate=rate)
    gen.expect("window_start", warmup + 60)
    before = _snapshot(replicas, others, redis_port)
    window_opened = time.time()
    load = MachineLoad()
    gen.expect("window_end", seconds + 60)
    busy = load.cores_busy()
    steal_ms = load.steal_ms()
    after = _snapshot(replicas, others, redis_port)
    result = gen.expect("result", 60)
    accepted = max(1, int(result["accepted"]))
    elapsed = after["t"] - before["t"]
    cpu = delta(after["cpu"], before["cpu"])
    calls = delta(after["calls"], before["calls"])
    by_op = delta(after["calls_by_op"], before["calls_by_op"])
    by_method = delta(after["rpcs_by_method"], before["rpcs_by_method"])
    result["window_opened"] = window_opened
    result["replica_gc"] = {
        name: delta(after["gc"][name], before["gc"][name]) for name in after["gc"]
    }
    result["replica_loop_lag"] = {
        name: histogram_summary(buckets_delta(after["loop_lag"][name], before["loop_lag"][name]))
        for name in after["loop_lag"]
    }
    commands = delta(after["redis"], before["redis"])
    commands.pop("info", None)
    total_commands = commands.pop("total_commands_processed", 0) - 2  # our two INFO calls
    replica_cpu = sum(v for k, v in cpu.items() if k.startswith("replica"))
    scripts = sum(commands.get(name, 0) for name in SCRIPT_COMMANDS)
    result.update(
        cpu_s=cpu,
        cpu_utilisation={k: v / elapsed for k, v in cpu.items()},
        machine_cores_busy=busy,
        others_cores_busy=max(0.0, busy - sum(cpu.values()) / elapsed),
        steal_ms=steal_ms,
        replica_cpu_ms_per_action=replica_cpu / accepted * 1000,
        redis_cpu_ms_per_action=cpu.get("redis", 0.0) / accepted * 1000,
        round_trips_per_action=sum(calls.values()) / accepted,
        # Every RPC the replicas received in the window (all the clients' calls: Act,
        # ListLegalActions, the Subscribe streams opened, GetView...), per accepted action.
        rpcs_per_action=sum(by_method.values()) / accepted,
        rpcs_by_method={
            k: round(v / accepted, 3) for k, v in sorted(by_method.items(), key=lambda kv: -kv[1])
        },
        round_trips=calls,
        round_trips_by_op={
            k: round(v / accepted, 3) for k, v in sorted(by_op.items(), key=lambda kv: -kv[1])
        },
        # The Act path's round trips per action the replica committed: counted on the
        # server on both sides, so the actions in flight when the window opens and closes
        # do not skew it (they do skew the per-accepted-action totals by ~1 %).
        act_round_trips_per_action=(
            by_op.get("load_room_for_action", 0) + by_op.get("commit_action", 0)
        )
        / max(1, by_op.get("commit_action", 0)),
        actions_committed=by_op.get("commit_action", 0),
        redis_commands_per_action=total_commands / accepted,
        redis_scripts_per_action=scripts / accepted,
        round_trips_by_source=_round_trip_sources(commands, accepted),
        redis_commandstats_per_action={
            k: round(v / accepted, 3) for k, v in sorted(commands.items(), key=lambda kv: -kv[1])
        },
    )
    return result


def _round_trip_sources(commands: dict[str, int], accepted: int) -> dict[str, float]:
    """Round trips per action by who makes them, read from the commands Redis counted: an
    Act loads the room (HGETALL + HGET in one pipeline) and commits (one EVALSHA); each
    replica's feed reads each new entry once (XRANGE); each expiry tick claims due rooms of
    every shard (one pipeline of SHARDS scripts, each one ZRANGEBYSCORE)."""
    claims = commands.get("zrangebyscore", 0)
    return {
        "act_load": round(commands.get("hgetall", 0) / accepted, 3),
        "act_commit": round((commands.get("evalsha", 0) - claims) / accepted, 3),
        "feed_read": round(commands.get("xrange", 0) / accepted, 3),
        "timer_claims": round(claims / SHARDS / accepted, 3),
    }


def play_cercle(
    work: Path,
    seconds: float,
    rooms: int,
    warmup: float,
    *,
    game: str = "tomahawk",
    pattern: str = "choices",
    half: bool = True,
    wire_matches: int = 0,
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Flat out, then (``half``) at half that rate, against one replica process: ``rooms``
    rooms of ``game``, every player reading its moves the ``pattern`` way (see
    ``bench/loadgen.py``); then (``wire_matches``) on until that many matches have finished,
    for the bytes per match (``flat["wire"]``)."""
    logs = work / "logs"
    label = f"{game}-{pattern}"
    with bench_redis(work, f"redis-play-{label}") as (redis_proc, redis_url):
        replica = start_bench_replica(redis_url, logs, f"replica-play-{label}")
        gen = None
        paced = None
        try:
            gen = Child(
                "bench.loadgen",
                {
                    "mode": "play",
                    "address": replica.address,
                    "rooms": rooms,
                    "channels": 8,
                    "game": game,
                    "pattern": pattern,
                },
                logs,
                f"loadgen-play-{label}",
            )
            ready = gen.expect("ready", 180)
            say(
                f"full stack: {ready['rooms']} {game} rooms open ({pattern}), flat out for "
                f"{seconds:.0f}s"
            )
            others = {"redis": redis_proc.popen.pid, "loadgen": gen.pid}
            flat = measured_run(
                gen, [replica], others, redis_proc.port, seconds=seconds, warmup=warmup, rate=0
            )
            if half:
                half_rate = flat["actions_per_s"] / 2
                say(
                    f"full stack: {flat['actions_per_s']:.0f} actions/s flat out; "
                    f"now paced at {half_rate:.0f}/s"
                )
                paced = measured_run(
                    gen,
                    [replica],
                    others,
                    redis_proc.port,
                    seconds=seconds,
                    warmup=warmup,
                    rate=half_rate,
                )
            if wire_matches:
                # Bytes per whole match: play on until that many matches have finished
                # since the generator started (a Tomahawk match to 100 outlasts a window).
                gen.send("wire", matches=wire_matches, timeout=WIRE_TIMEOUT)
                flat["wire"] = gen.expect("wire", WIRE_TIMEOUT + 60)
        finally:
            if gen is not None:
                gen.stop()
            replica.proc.stop()
    return flat, paced


DURABILITY_P99_RATIO = 1.3
"""Issue 26's target: replicated commits' Act -> others p99 at half load within 1.3x local's."""


DURABILITY_ROUNDS = 6
"""Windows per commit mode, interleaved (local, replicated, replicated, local, ...). Three
were too few: one window of a moment the machine was busy set a mode's pooled p99 (run
20261207-032952: window p99s of 96, 17.7 and 5.6 ms)."""


def durability_cost(work: Path, seconds: float, rooms: int, warmup: float) -> dict[str, Any]:
    """The replicated commit's cost beside the local one, in one run and one topology: a
    Valkey primary with one Valkey replica (``REDIS_REPLICAS=1 make run``), two server
    replicas on it, one with ``CERCLE_COMMIT_DURABILITY=local`` and one with
    ``replicated`` (every commit waits for the replica: ``WAIT 1``), each played by its own
    load generator (``rooms`` Tomahawk rooms, the players acting on their streams'
    choices). Local flat out first, to find the rate, then replicated flat out (its
    throughput, and the same warm-up for both servers); then windows at half that rate,
    alternating the two modes ``DURABILITY_ROUNDS`` times each (the other generator rests:
    no move at all), so that what else the machine does weighs on both alike. Latencies
    are pooled over each mode's windows; CPU per action is summed over them."""
    logs = work / "logs"
    out: dict[str, Any] = {"rooms": rooms, "rounds": DURABILITY_ROUNDS}
    modes = ("local", "replicated")
    with bench_replicated_redis(work, "redis-durability") as (primary, follower, url):
        replicas = {
            mode: start_bench_replica(
                url, logs, f"replica-durability-{mode}", env={"CERCLE_COMMIT_DURABILITY": mode}
            )
            for mode in modes
        }
        gens: dict[str, Child] = {}
        try:
            for mode in modes:
                gens[mode] = Child(
                    "bench.loadgen",
                    {
                        "mode": "play",
                        "address": replicas[mode].address,
                        "rooms": rooms,
                        "channels": 8,
                        "game": "tomahawk",
                        "pattern": "choices",
                        "samples": True,
                        "seed": 1 if mode == "local" else 2,
                    },
                    logs,
                    f"loadgen-durability-{mode}",
                )
                gens[mode].expect("ready", 180)
                rest(gens[mode])

            def window(mode: str, rate: float) -> dict[str, Any]:
                gen = gens[mode]
                others = {
                    "redis": primary.popen.pid,
                    "valkey-replica": follower.popen.pid,
                    "loadgen": gen.pid,
                }
                for valkey in (primary, follower):
                    compact_aof(valkey.port)
                forks_before = [valkey_forks(v.port) for v in (primary, follower)]
                result = measured_run(
                    gen,
                    [replicas[mode]],
                    others,
                    primary.port,
                    seconds=seconds,
                    warmup=warmup,
                    rate=rate,
                )
                forks_after = sum(valkey_forks(v.port) for v in (primary, follower))
                result["valkey_forks"] = forks_after - sum(forks_before)  # AOF rewrites
                rest(gen)
                return result

            say(f"durability: {rooms} Tomahawk rooms, local commits, flat out")
            out["local_flat"] = window("local", 0)
            # The replicated server gets the same flat-out window before the comparison:
            # its first windows otherwise hold its first-time costs (its heap growing, its
            # collector's first full passes, its pool's connections opened), which the local
            # server paid in its flat-out window; it also says what replicated commits
            # cost in throughput.
            say(f"durability: {rooms} Tomahawk rooms, replicated commits, flat out")
            out["replicated_flat"] = window("replicated", 0)
            rate = out["local_flat"]["actions_per_s"] / 2
            windows: dict[str, list[dict[str, Any]]] = {mode: [] for mode in modes}
            for round_ in range(DURABILITY_ROUNDS):
                for mode in modes if round_ % 2 == 0 else modes[::-1]:
                    say(f"durability: {mode} commits at {rate:.0f} actions/s ({round_ + 1})")
                    windows[mode].append(window(mode, rate))
        finally:
            for gen in gens.values():
                gen.stop()
            for replica in replicas.values():
                replica.proc.stop()
    out["rate"] = rate
    for mode in modes:
        out[mode] = pooled(windows[mode])
    out["p99_ratio"] = out["replicated"]["act_to_others"]["p99_ms"] / max(
        1e-9, out["local"]["act_to_others"]["p99_ms"]
    )
    return out


def valkey_forks(port: int) -> int:
    """How many times the Valkey on ``port`` forked so far (an automatic AOF rewrite: the
    fork stops its main thread for a moment; it lands in whichever window runs then)."""
    import redis

    client = redis.Redis(host="127.0.0.1", port=port)
    try:
        return int(client.info("stats")["total_forks"])
    finally:
        client.close()


def compact_aof(port: int, timeout: float = 30.0) -> None:
    """Rewrite the append-only file of the Valkey on ``port`` now, between two windows, and
    wait for the rewrite to end: the automatic rewrite (a fork, which stops Valkey's main
    thread for a moment) otherwise comes once the file has grown enough, at the same point
    of the section in every run, and so in the same mode's window."""
    import redis

    client = redis.Redis(host="127.0.0.1", port=port)
    try:
        client.bgrewriteaof()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            info = client.info("persistence")
            if not info["aof_rewrite_in_progress"] and not info["aof_rewrite_scheduled"]:
                return
            time.sleep(0.05)
        raise RuntimeError(f"the AOF rewrite of Valkey {port} did not end in {timeout}s")
    finally:
        client.close()


def rest(gen: Child) -> None:
    """Hold every move of ``gen`` until its next window."""
    gen.send("pace", rate=-1)
    gen.expect("paced", 30)


def pooled(windows: list[dict[str, Any]]) -> dict[str, Any]:
    """Several windows of one mode as one: latencies from every sample, CPU and counts
    summed, each window's p99 kept beside; the last window's notes (CPU shares, refusals,
    loop lag) stand for the rest."""
    accepted = sum(w["accepted"] for w in windows)
    samples = [ms / 1000 for w in windows for ms in w["act_to_others_ms"]]
    rtts = [ms / 1000 for w in windows for ms in w["act_rtt_ms"]]
    out = dict(windows[-1])
    out.pop("act_to_others_ms", None)
    out.pop("act_rtt_ms", None)
    out.update(
        accepted=accepted,
        actions_per_s=accepted / sum(w["seconds"] for w in windows),
        act_to_others=latency_summary(samples),
        act_rtt=latency_summary(rtts),
        window_p99_ms=[w["act_to_others"]["p99_ms"] for w in windows],
        window_loadgen_lag_ms=[
            (w.get("loadgen_loop_lag") or {}).get("max_ms", 0.0) for w in windows
        ],
        window_steal_ms=[w.get("steal_ms", 0.0) for w in windows],
        window_valkey_forks=[int(w.get("valkey_forks", 0)) for w in windows],
        # The server's own stalls, each window: its event loop's longest late wake-up
        # (the bound of the histogram bucket it fell in) and its full garbage collections.
        window_replica_lag_ms=[
            max((lag.get("max_under_ms", 0.0) for lag in _lags(w)), default=0.0) for w in windows
        ],
        window_replica_gc2=[
            int(sum(gc.get("2", 0) for gc in (w.get("replica_gc") or {}).values())) for w in windows
        ],
        replica_cpu_ms_per_action=sum(
            w["replica_cpu_ms_per_action"] * w["accepted"] for w in windows
        )
        / max(1, accepted),
        redis_cpu_ms_per_action=sum(w["redis_cpu_ms_per_action"] * w["accepted"] for w in windows)
        / max(1, accepted),
    )
    return out


def _lags(window: dict[str, Any]) -> list[dict[str, float]]:
    """A window's event-loop lag summaries, one per server replica."""
    return list((window.get("replica_loop_lag") or {}).values())


def durability_rows(figures: dict[str, Any]) -> list[Row]:
    local, replicated = figures["local"], figures["replicated"]
    ratio = figures["p99_ratio"]

    def latency(run: dict[str, Any]) -> str:
        return (
            f"p50 {run['act_to_others']['p50_ms']:.1f} ms, p99 "
            f"{run['act_to_others']['p99_ms']:.1f} ms at {run['actions_per_s']:.0f}/s"
        )

    return [
        Row(
            "durability",
            f"Act -> others' update p99 at 50% ({figures['rate']:.0f}/s), replicated",
            replicated["act_to_others"]["p99_ms"],
            "ms",
            local["act_to_others"]["p99_ms"],
            "local commits' p99, same topology",
            ratio,
            f"<= {DURABILITY_P99_RATIO}x local",
            ratio <= DURABILITY_P99_RATIO,
            note=f"replicated {latency(replicated)}; local {latency(local)}; pooled over "
            f"{figures['rounds']} interleaved windows each (window p99s: replicated "
            f"{_ms_list(replicated['window_p99_ms'])}, local {_ms_list(local['window_p99_ms'])}; "
            f"each window's longest load-generator stall: replicated "
            f"{_ms_list(replicated['window_loadgen_lag_ms'])}, local "
            f"{_ms_list(local['window_loadgen_lag_ms'])}; CPU stolen by the hypervisor: "
            f"replicated {_ms_list(replicated['window_steal_ms'])}, local "
            f"{_ms_list(local['window_steal_ms'])}; Valkey forks (AOF rewrites, primary and "
            f"replica): replicated {_counts(replicated['window_valkey_forks'])}, local "
            f"{_counts(local['window_valkey_forks'])}; the server's longest event-loop stall "
            f"(under): replicated {_ms_list(replicated['window_replica_lag_ms'])}, local "
            f"{_ms_list(local['window_replica_lag_ms'])}; its full collections (gen 2): "
            f"replicated {_counts(replicated['window_replica_gc2'])}, local "
            f"{_counts(local['window_replica_gc2'])}); "
            "primary + 1 Valkey replica; " + _window_note(replicated, "replicated"),
        ),
        Row(
            "durability",
            "actions/s flat out, replicated",
            figures["replicated_flat"]["actions_per_s"],
            "/s",
            figures["local_flat"]["actions_per_s"],
            "local commits flat out",
            figures["replicated_flat"]["actions_per_s"]
            / max(1e-9, figures["local_flat"]["actions_per_s"]),
            note="each server's first window (it also warms both alike before the "
            "comparison); Act -> others' update p99 flat out: replicated "
            f"{figures['replicated_flat']['act_to_others']['p99_ms']:.1f} ms, local "
            f"{figures['local_flat']['act_to_others']['p99_ms']:.1f} ms",
        ),
        Row(
            "durability",
            f"the mover's Act round trip p99 at 50% ({figures['rate']:.0f}/s), replicated",
            replicated["act_rtt"]["p99_ms"],
            "ms",
            local["act_rtt"]["p99_ms"],
            "local commits",
            replicated["act_rtt"]["p99_ms"] / max(1e-9, local["act_rtt"]["p99_ms"]),
            note=f"where WAIT's cost lands (the others' updates are published by the commit "
            f"script itself): replicated p50 {replicated['act_rtt']['p50_ms']:.1f} ms, local "
            f"p50 {local['act_rtt']['p50_ms']:.1f} ms",
        ),
        Row(
            "durability",
            "replica CPU per action at 50%, replicated",
            replicated["replica_cpu_ms_per_action"],
            "ms",
            local["replica_cpu_ms_per_action"],
            "local commits",
            replicated["replica_cpu_ms_per_action"] / max(1e-9, local["replica_cpu_ms_per_action"]),
            note=f"Redis primary CPU per action: replicated "
            f"{replicated['redis_cpu_ms_per_action']:.3f} ms, local "
            f"{local['redis_cpu_ms_per_action']:.3f} ms",
        ),
    ]


def _bare_window(
    mode: str, gen_config: dict[str, Any], work: Path, seconds: float, warmup: float
) -> tuple[dict[str, Any], float, float, float]:
    """One window of a load generator against a bare server (``bench/bare.py --mode``):
    the generator's result, the server's CPU seconds and the wall seconds in the window, and
    the cores the machine had busy."""
    logs = work / "logs"
    server = start_bare_server(mode, logs)
    gen = None
    try:
        config = {**gen_config, "address": f"127.0.0.1:{server.port}", "channels": 8}
        gen = Child("bench.loadgen", config, logs, f"loadgen-{config['mode']}")
        ready = gen.expect("ready", 60)
        gen.send("run", seconds=seconds, warmup=warmup, rate=0)
        gen.expect("window_start", warmup + 60)
        cpu0, t0 = cpu_seconds(server.popen.pid), time.perf_counter()
        load = MachineLoad()
        gen.expect("window_end", seconds + 60)
        busy = load.cores_busy()
        cpu1, t1 = cpu_seconds(server.popen.pid), time.perf_counter()
        result = gen.expect("result", 60)
    finally:
        if gen is not None:
            gen.stop()
        server.stop()
    result["payload_bytes"] = ready["payload_bytes"]
    return result, cpu1 - cpu0, t1 - t0, busy


def echo_baseline(work: Path, seconds: float, concurrency: int, warmup: float) -> dict[str, Any]:
    result, cpu, wall, busy = _bare_window(
        "unary", {"mode": "echo", "concurrency": concurrency}, work, seconds, warmup
    )
    calls = max(1, int(result["calls"]))
    result.update(
        server_cpu_ms_per_rpc=cpu / calls * 1000,
        server_cpu_utilisation=cpu / wall,
        machine_cores_busy=busy,
    )
    return result


def table_baseline(
    work: Path, seconds: float, rooms: int, warmup: float, update_bytes: int
) -> dict[str, Any]:
    """``play``'s message pattern (one unary call in, one update out on each of the table's
    four streams) on the bare table server: the ceiling of the API's shape on this machine."""
    result, cpu, wall, busy = _bare_window(
        "table",
        {"mode": "bare-play", "rooms": rooms, "update_bytes": update_bytes},
        work,
        seconds,
        warmup,
    )
    actions = max(1, int(result["accepted"]))
    result.update(
        update_bytes=update_bytes,
        server_cpu_ms_per_action=cpu / actions * 1000,
        server_cpu_utilisation=cpu / wall,
        machine_cores_busy=busy,
    )
    return result


def cas_baseline(work: Path, seconds: float) -> dict[str, Any]:
    logs = work / "logs"
    with bench_redis(work, "redis-cas") as (_, redis_url):
        gen = Child(
            "bench.loadgen",
            {"mode": "cas", "redis_url": redis_url, "seconds": seconds},
            logs,
            "loadgen-cas",
        )
        try:
            return gen.expect("result", seconds + 60)
        finally:
            gen.stop()


def scale_out(work: Path, seconds: float, rooms: int, warmup: float) -> dict[str, Any]:
    """Flat-out actions/s through Envoy with one replica, then with two."""
    out: dict[str, Any] = {}
    for count in (1, 2):
        logs = work / "logs"
        with bench_redis(work, f"redis-scale-{count}") as (redis_proc, redis_url):
            replicas: list[ReplicaProc] = []
            envoy: Proc | None = None
            gen = None
            try:
                for i in range(count):
                    replicas.append(start_bench_replica(redis_url, logs, f"replica-s{count}-{i}"))
                envoy = start_envoy(logs, [r.proc.port for r in replicas])
                time.sleep(2.5)  # Envoy's first health checks
                gen = Child(
                    "bench.loadgen",
                    {
                        "mode": "play",
                        "address": f"127.0.0.1:{envoy.port}",
                        "rooms": rooms,
                        "channels": 8,
                    },
                    logs,
                    f"loadgen-scale-{count}",
                )
                gen.expect("ready", 180)
                say(f"scale-out: {count} replica(s) behind Envoy, flat out for {seconds:.0f}s")
                others = {
                    "redis": redis_proc.popen.pid,
                    "envoy": envoy.popen.pid,
                    "loadgen": gen.pid,
                }
                out[f"replicas_{count}"] = measured_run(
                    gen, replicas, others, redis_proc.port, seconds=seconds, warmup=warmup, rate=0
                )
            finally:
                if gen is not None:
                    gen.stop()
                if envoy is not None:
                    envoy.stop()
                for replica in replicas:
                    replica.proc.stop()
    return out


WIRE_MATCHES = 8
"""Whole Tomahawk matches (at most, one per room) whose bytes on the wire are averaged."""
WIRE_TIMEOUT = 120.0
"""The longest the section plays on for them after its windows."""
OTHER_GAMES = ("tamashii", "tomy", "awimbawe")
"""Played flat out for half the window each, in both patterns, after Tomahawk's headline."""


def run(
    work: Path,
    *,
    seconds: float = 10.0,
    rooms: int = 32,
    warmup: float = 2.0,
    patterns: tuple[str, ...] = PATTERNS,
    games: tuple[str, ...] = OTHER_GAMES,
) -> dict[str, Any]:
    """The baselines, then Tomahawk flat out and at 50 % in each pattern (``flat``/``half``:
    the players reading their stream's choices, the headline; ``poll``: the same with
    ListLegalActions after every update), then every other game flat out in each pattern."""
    say("full stack: bare unary echo baseline")
    echo = echo_baseline(work, seconds, rooms, warmup)
    say(f"full stack: echo {echo['rpc_per_s']:.0f} RPC/s; Redis CAS baseline")
    cas = cas_baseline(work, min(seconds, 4.0))
    out: dict[str, Any] = {"rooms": rooms, "echo": echo, "cas": cas, "patterns": list(patterns)}
    for pattern in patterns:
        flat, half = play_cercle(
            work, seconds, rooms, warmup, pattern=pattern, wire_matches=min(rooms, WIRE_MATCHES)
        )
        key = "" if pattern == "choices" else f"{pattern}_"
        out[f"{key}flat"], out[f"{key}half"] = flat, half
    out["games"] = {
        game: {
            pattern: play_cercle(
                work, max(2.0, seconds / 2), rooms, warmup, game=game, pattern=pattern, half=False
            )[0]
            for pattern in patterns
        }
        for game in games
    }
    reference = out.get("flat") or out.get("poll_flat") or {}
    update_bytes = round(reference.get("update_bytes", 0)) or 600
    say(f"full stack: bare table baseline ({update_bytes} B updates)")
    out["table"] = table_baseline(work, seconds, rooms, warmup, update_bytes)
    return out


def _window_note(run: dict[str, Any], label: str) -> str:
    util = ", ".join(f"{k} {v:.0%}" for k, v in run["cpu_utilisation"].items())
    return (
        f"{label}: CPU of a core: {util}; other programs on the machine "
        f"{run['others_cores_busy']:.2f} cores; {run['refused']} refused Acts "
        f"({_refusals(run)}), {run['polls']} ListLegalActions polls, "
        f"{run['errors']} errors, {run['resubscribes']} resubscribes, "
        f"{run['kicks']} stalled rooms kicked, {run['restarts']} rooms replaced; "
        f"garbage collections (gen 0/1/2): {_gc_note(run)}; "
        f"replica event loop lag: {_lag_note(run)}; {_stall_note(run)}"
    )


def _stall_note(run: dict[str, Any]) -> str:
    """What stalled outside the replica: the load generator's own event loop, and the CPU
    time the hypervisor took from the machine (steal)."""
    lag = run.get("loadgen_loop_lag") or {}
    note = ""
    if lag.get("n"):
        note = (
            f"load generator's event loop: longest late wake-up {lag['max_ms']:.0f} ms, "
            f"{lag['over_10ms']} of {lag['n']} over 10 ms; "
        )
    return note + f"CPU stolen by the hypervisor {run.get('steal_ms', 0.0):.0f} ms"


def _counts(values: list[int]) -> str:
    return " / ".join(str(v) for v in values)


def _ms_list(values: list[float]) -> str:
    return " / ".join(f"{v:.1f}" for v in values) + " ms"


def _refusals(run: dict[str, Any]) -> str:
    by_reason = run.get("refused_by_reason") or {}
    return ", ".join(f"{k} {v}" for k, v in sorted(by_reason.items(), key=lambda kv: -kv[1]))


def _lag_note(run: dict[str, Any]) -> str:
    return ", ".join(
        f"{name} p99 {lag['p99_ms']:.1f} ms, {lag['over_10ms']:.0f} of {lag['n']:.0f} wake-ups "
        "over 10 ms"
        for name, lag in (run.get("replica_loop_lag") or {}).items()
        if lag and lag.get("n")
    )


def _gc_note(run: dict[str, Any]) -> str:
    replicas = ", ".join(
        f"{name} {'/'.join(str(int(p.get(g, 0))) for g in ('0', '1', '2'))}"
        for name, p in (run.get("replica_gc") or {}).items()
    )
    loadgen = run.get("loadgen_gc") or {}
    if loadgen:
        replicas += f", loadgen {'/'.join(map(str, loadgen['counts']))}"
    return replicas


def rows(figures: dict[str, Any]) -> list[Row]:
    echo, cas, flat, half = figures["echo"], figures["cas"], figures["flat"], figures["half"]
    table = figures["table"]
    ratio = flat["actions_per_s"] / echo["rpc_per_s"]
    p99_half = half["act_to_others"]["p99_ms"]
    cpu_ratio = flat["replica_cpu_ms_per_action"] / max(1e-9, table["server_cpu_ms_per_action"])
    return [
        Row(
            "full stack",
            f"accepted actions/s ({figures['rooms']} rooms x 4 streams)",
            flat["actions_per_s"],
            "/s",
            table["actions_per_s"],
            "bare table actions/s",
            flat["actions_per_s"] / max(1e-9, table["actions_per_s"]),
            note=_window_note(flat, "flat out")
            + f"; the bare echo did {echo['rpc_per_s']:.0f} RPC/s (Cercle {ratio:.2f}x of it) "
            f"at {echo['server_cpu_utilisation']:.0%} of a core, its load generator at "
            f"{echo['loadgen_cpu_s'] / echo['seconds']:.0%}",
        ),
        Row(
            "full stack",
            "bare table: 1 unary + 4 stream messages per action, no work",
            table["actions_per_s"],
            "/s",
            echo["rpc_per_s"],
            "bare aio echo RPC/s",
            table["actions_per_s"] / echo["rpc_per_s"],
            note="the ceiling of the API's message pattern on this machine: the same rooms, "
            "streams and connections as the full stack, on a server that does nothing but "
            f"fan each Play out as one {table['update_bytes']} B update to the table's four "
            f"streams. Bare table server CPU {table['server_cpu_ms_per_action']:.2f} ms per "
            f"action ({table['server_cpu_utilisation']:.0%} of a core), its load generator "
            f"{table['loadgen_cpu_s'] / table['seconds']:.0%}; Act -> others p50 "
            f"{table['act_to_others']['p50_ms']:.1f} ms",
        ),
        Row(
            "full stack",
            "replica CPU per action, flat out",
            flat["replica_cpu_ms_per_action"],
            "ms",
            table["server_cpu_ms_per_action"],
            "bare table server CPU per action",
            cpu_ratio,
            "<= 1.5 ms and <= 4x bare table",
            flat["replica_cpu_ms_per_action"] <= 1.5 and cpu_ratio <= 4,
            note=f"at 50%: {half['replica_cpu_ms_per_action']:.2f} ms; Redis "
            f"{flat['redis_cpu_ms_per_action']:.3f} ms per action flat out; echo server "
            f"{echo['server_cpu_ms_per_rpc']:.2f} ms per RPC",
        ),
        Row(
            "full stack",
            "Act -> others' update p50 / p99, flat out",
            flat["act_to_others"]["p50_ms"],
            "ms",
            None,
            f"p99 {flat['act_to_others']['p99_ms']:.1f} ms",
        ),
        Row(
            "full stack",
            f"Act -> others' update p99 at 50% ({half['actions_per_s']:.0f}/s)",
            p99_half,
            "ms",
            None,
            f"p50 {half['act_to_others']['p50_ms']:.1f} ms",
            None,
            "<= 25 ms",
            p99_half <= 25,
            note=_window_note(half, "at 50%"),
        ),
        Row(
            "full stack",
            "Redis round trips per action committed, on the Act path, at 50%",
            half["act_round_trips_per_action"],
            "",
            None,
            f"{flat['act_round_trips_per_action']:.2f} flat out",
            None,
            "<= 2",
            # At half load, to two decimals: flat out, the loads and commits of the actions
            # in flight when the window opens and closes (one per room, 32) move the ratio
            # by about +-0.01 (tests/services/test_streams.py pins one load and one commit).
            round(half["act_round_trips_per_action"], 2) <= 2,
            note="every round trip of the replica, per accepted action, by store operation: "
            + ", ".join(f"{k} {v:.2f}" for k, v in flat["round_trips_by_op"].items())
            + "; by the commands Redis counted: "
            + ", ".join(f"{k} {v:.2f}" for k, v in flat["round_trips_by_source"].items())
            + f"; {flat['redis_scripts_per_action']:.2f} scripts and "
            f"{flat['redis_commands_per_action']:.2f} commands per action: "
            + ", ".join(
                f"{k} {v:.2f}" for k, v in list(flat["redis_commandstats_per_action"].items())[:8]
            ),
        ),
        Row(
            "full stack",
            "every Redis round trip of the replica per action, at 50%",
            half["round_trips_per_action"],
            "",
            flat["round_trips_per_action"],
            "flat out",
            None,
            "<= 2",
            round(half["round_trips_per_action"], 2) <= 2,
            note="by store operation, at 50%: "
            + ", ".join(f"{k} {v:.2f}" for k, v in half["round_trips_by_op"].items())
            + " (take_rate: the session rate limiter's lease for calls other than Act, which "
            "takes it with its load; read_log and room_seqs: the feeds' gap reads and poll; "
            "claim_due: the expiry loop's ticks, at most 2/s when idle)",
        ),
        *pattern_rows(figures),
        *capacity_rows(flat),
        Row(
            "full stack",
            "Redis CAS script, one connection",
            cas["ops_per_s"],
            "/s",
            None,
            f"p50 {cas['rtt']['p50_ms']:.2f} ms",
        ),
    ]


def _per_move_note(run: dict[str, Any]) -> str:
    wire = run.get("wire_per_match") or {}
    text = (
        f"{run['actions_per_s']:.0f} actions/s, replica CPU "
        f"{run['replica_cpu_ms_per_action']:.2f} ms, {run['rpcs_per_action']:.2f} RPCs ("
        + ", ".join(f"{k} {v:.2f}" for k, v in run["rpcs_by_method"].items())
        + f") and {run['round_trips_per_action']:.2f} Redis round trips per accepted move; "
        f"{run['refused']} refused Acts"
    )
    if run["refused"]:
        text += f" ({_refusals(run)})"
    if wire.get("matches"):
        text += (
            f"; per match ({wire['matches']} finished): {wire['accepted_per_match']:.0f} moves, "
            f"{wire['to_clients_bytes']:,.0f} B to the clients, "
            f"{wire['to_server_bytes']:,.0f} B to the server "
            f"({wire['to_clients_bytes_per_move']:,.0f} B and "
            f"{wire['to_server_bytes_per_move']:,.0f} B per move)"
        )
    return text


def _wire_note(run: dict[str, Any]) -> str:
    wire = run.get("wire") or {}
    window = run.get("wire_per_move") or {}
    text = (
        f"{window.get('to_clients_bytes', 0):,.0f} B to the clients and "
        f"{window.get('to_server_bytes', 0):,.0f} B to the server per accepted move in the "
        "flat-out window"
    )
    if not wire.get("matches"):
        return text + ", no match finished"
    return text + (
        f"; whole matches: {wire['to_clients_bytes_per_move']:,.0f} B and "
        f"{wire['to_server_bytes_per_move']:,.0f} B per move ({wire['matches']} matches, "
        f"{wire['accepted_per_match']:.0f} moves each)"
    )


def pattern_rows(figures: dict[str, Any]) -> list[Row]:
    """Choices pushed on the streams (the real clients) beside ListLegalActions after every
    update (``--pattern poll``, the clients before): what the clients cost per accepted move
    and on the wire per finished match, and every other game in both patterns."""
    push, poll = figures.get("flat"), figures.get("poll_flat")
    if not push:
        return []
    out: list[Row] = []

    def side(
        metric: str,
        read: Callable[[dict[str, Any]], float | None],
        unit: str = "",
        runs: tuple[str, str] = ("flat", "poll_flat"),
        note: str = "",
    ) -> None:
        mine, theirs = figures.get(runs[0]), figures.get(runs[1])
        value = read(mine) if mine else None
        other = read(theirs) if theirs else None
        out.append(
            Row(
                "full stack",
                metric,
                value,
                unit,
                other,
                "poll" if other is not None else "",
                (value / other) if value is not None and other else None,
                note=note,
            )
        )

    def wire(key: str) -> Callable[[dict[str, Any]], float | None]:
        return lambda run: (run.get("wire") or {}).get(key)

    side("Tomahawk actions/s flat out, choices (vs poll)", lambda r: r["actions_per_s"], "/s")
    side(
        "replica CPU per move flat out, choices (vs poll)",
        lambda r: r["replica_cpu_ms_per_action"],
        "ms",
    )
    side(
        "RPCs per move flat out, choices (vs poll)",
        lambda r: r["rpcs_per_action"],
        note="choices: "
        + _per_move_note(push)
        + ("; poll: " + _per_move_note(poll) if poll else ""),
    )
    side(
        "every Redis round trip per move flat out, choices (vs poll)",
        lambda r: r["round_trips_per_action"],
    )
    if figures.get("half") and figures.get("poll_half"):
        side(
            "every Redis round trip per move at 50%, choices (vs poll)",
            lambda r: r["round_trips_per_action"],
            runs=("half", "poll_half"),
        )
        side(
            "Act -> others' update p99 at 50%, choices (vs poll)",
            lambda r: r["act_to_others"]["p99_ms"],
            "ms",
            runs=("half", "poll_half"),
        )
    side(
        "bytes per Tomahawk match, server -> clients, choices (vs poll)",
        wire("to_clients_bytes"),
        "B",
        note="protobuf payloads (ByteSize) of every message the players sent and received, "
        "from Subscribe to the last seat's final update, averaged over the first matches to "
        "finish (gRPC's 5-byte prefix per message and HTTP/2 framing come on top); matches "
        "differ in length, so per move too: choices "
        + _wire_note(push)
        + (", poll " + _wire_note(poll) if poll else ""),
    )
    side(
        "bytes per Tomahawk match, clients -> server, choices (vs poll)",
        wire("to_server_bytes"),
        "B",
    )
    side(
        "bytes per move of those matches, server -> clients, choices (vs poll)",
        wire("to_clients_bytes_per_move"),
        "B",
    )
    side(
        "bytes per move of those matches, clients -> server, choices (vs poll)",
        wire("to_server_bytes_per_move"),
        "B",
    )
    for game, by_pattern in (figures.get("games") or {}).items():
        mine, theirs = by_pattern.get("choices"), by_pattern.get("poll")
        value = mine["actions_per_s"] if mine else None
        other = theirs["actions_per_s"] if theirs else None
        notes = [f"{p}: {_per_move_note(r)}" for p, r in by_pattern.items()]
        out.append(
            Row(
                "full stack",
                f"{game} actions/s flat out, choices (vs poll)",
                value,
                "/s",
                other,
                "poll" if other is not None else "",
                (value / other) if value is not None and other else None,
                note="; ".join(notes),
            )
        )
    return out


PACE_SECONDS = 3.0
"""The capacity model's pace: one move every this many seconds in each room."""
BUSY = 0.7
"""The share of a core (or of Redis' one thread) the model plans to use: latency headroom."""


def capacity_rows(flat: dict[str, Any]) -> list[Row]:
    """The capacity model of docs/performance.md from this run's per-move costs: rooms (of 4
    players) one replica core and one Redis shard hold at one move every ``PACE_SECONDS`` per
    room, each at ``BUSY`` of a core."""
    replica_ms = flat["replica_cpu_ms_per_action"]
    redis_ms = flat["redis_cpu_ms_per_action"]
    per_core = BUSY / (replica_ms / 1000) * PACE_SECONDS
    per_shard = BUSY / (redis_ms / 1000) * PACE_SECONDS if redis_ms > 0 else float("nan")
    return [
        Row(
            "capacity",
            f"rooms per replica core, a move every {PACE_SECONDS:.0f} s, {BUSY:.0%} busy",
            per_core,
            "",
            None,
            f"{4 * per_core:,.0f} players",
            note=f"from {replica_ms:.2f} ms of replica CPU per move (flat out); a 16-core "
            f"node of replicas: {16 * per_core:,.0f} rooms before Envoy's share "
            "(docs/performance.md, Capacity)",
        ),
        Row(
            "capacity",
            f"rooms per Redis shard, a move every {PACE_SECONDS:.0f} s, {BUSY:.0%} busy",
            per_shard,
            "",
            None,
            f"{per_shard / per_core:.1f} replica cores per shard",
            note=f"from {redis_ms:.3f} ms of Redis CPU per move; rooms live in 16 hash tags, so "
            "at most 16 shards hold rooms (docs/performance.md, Capacity)",
        ),
    ]


def scale_rows(figures: dict[str, Any], direct: float | None) -> list[Row]:
    one, two = figures["replicas_1"], figures["replicas_2"]
    gain = two["actions_per_s"] / max(1e-9, one["actions_per_s"])
    envoy_ms = two["cpu_s"].get("envoy", 0.0) / max(1, two["accepted"]) * 1000
    out = [
        Row(
            "scale-out",
            "actions/s, 1 replica behind Envoy",
            one["actions_per_s"],
            "/s",
            direct,
            "1 replica direct",
            (one["actions_per_s"] / direct) if direct else None,
        ),
        Row(
            "scale-out",
            "actions/s, 2 replicas behind Envoy",
            two["actions_per_s"],
            "/s",
            one["actions_per_s"],
            "1 replica behind Envoy",
            gain,
            "report (2 cores)",
            note="2 replicas: "
            + ", ".join(f"{k} {v:.0%}" for k, v in two["cpu_utilisation"].items())
            + f" of a core; Envoy {envoy_ms:.2f} ms CPU per action",
        ),
        Row(
            "scale-out",
            "replica CPU per action, 1 -> 2 replicas",
            two["replica_cpu_ms_per_action"],
            "ms",
            one["replica_cpu_ms_per_action"],
            "1 replica",
            two["replica_cpu_ms_per_action"] / max(1e-9, one["replica_cpu_ms_per_action"]),
        ),
    ]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rooms", type=int, default=32)
    parser.add_argument("--scale-out", action="store_true")
    parser.add_argument(
        "--pattern", nargs="+", choices=PATTERNS, default=list(PATTERNS), dest="patterns"
    )
    parser.add_argument("--games", nargs="*", choices=OTHER_GAMES, default=list(OTHER_GAMES))
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cercle-bench-"))
    (work / "logs").mkdir()
    figures = run(
        work,
        seconds=args.seconds,
        rooms=args.rooms,
        patterns=tuple(args.patterns),
        games=tuple(args.games),
    )
    if args.scale_out:
        figures["scale_out"] = scale_out(work, args.seconds, args.rooms, 2.0)
    print(json.dumps(figures, indent=2))
    say(f"logs in {work / 'logs'}")


if __name__ == "__main__":
    lift_limits()
    main()
