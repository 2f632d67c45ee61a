"""Plays a game through the whole stack of the repository it runs in (tests/test_fifth_game.py
runs it in a copy holding the toy fifth game): the engine, a real cluster (Valkey, a replica,
Envoy serving the built web app) reached over a real gRPC channel with the SDK, the CLI, and
optionally the web page in headless Chromium (tests/fifth_game/web_check.mjs).

    python -m tests.fifth_game.play <game_id> [--web CHROMIUM]

Prints one JSON line of what it saw; exits non-zero on the first thing that fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cercle.v1 import game_pb2

from clients.sdk import Client
from deploy.local.cluster import cluster
from engine import codec, registry
from engine.playout import random_playout
from engine.rng import Rng

ROOT = Path(__file__).resolve().parents[2]


def play_engine(game_id: str) -> dict[str, Any]:
    """Random matches through the one game interface: codec, views and outcome."""
    game = registry.get(game_id)
    kinds = codec.kinds(game.event_types)
    seen: set[str] = set()

    def check(before: Any, seat: int, action: Any, after: Any, events: Any) -> None:
        assert game.decode(game.encode(after)) == after
        for event in events:
            assert codec.decode_event(kinds, codec.encode_event(event)) == event
            seen.add(event.kind)
        world = game.determinize(after, seat, Rng.from_seed(seat))
        assert game.view(world, seat) == game.view(after, seat), "a view leaks a secret"

    outcomes = []
    for seed in range(10):
        final, _ = random_playout(game, game.info.min_players, seed, on_step=check)
        outcome = game.outcome(final)
        assert outcome is not None
        outcomes.append(outcome.reason)
    return {"matches": len(outcomes), "event_kinds": sorted(seen), "reasons": sorted(set(outcomes))}


async def play_contract(game_id: str, address: str) -> dict[str, Any]:
    """The lobby and a whole match against a server bot, over a real channel."""
    async with Client(address, language="en") as client:
        await client.login("Ana")
        games = {g.game_id: g for g in await client.games("en")}
        assert game_id in games, sorted(games)
        catalogue = await client.catalogue(game_id)
        assert catalogue.WhichOneof("catalogue") == game_id
        match = await client.quick_match(game_id, bots=1, bot_delay=0)
        room_id = match.room.room_id
        acted = 0
        deadline = time.monotonic() + 30
        while True:
            state = await client.view(room_id)
            if state.HasField("outcome"):
                break
            assert time.monotonic() < deadline, "the match did not end"
            if state.choices.actions:
                await client.act(room_id, state.choices.actions[0], state.room.version)
                acted += 1
            else:
                await asyncio.sleep(0.05)
        assert state.view.WhichOneof("game") == game_id
        reason = game_pb2.OutcomeReason.Name(state.outcome.reason)
        assert state.outcome.WhichOneof("detail") == game_id
        replay = await client.replay(room_id)
        told = {
            getattr(event, game_id).WhichOneof("event")
            for step in replay.steps
            for event in step.events
            if event.WhichOneof("event") == game_id
        }
        return {
            "name": games[game_id].name,
            "actions": acted,
            "reason": reason,
            "replay_steps": len(replay.steps),
            "replay_events": sorted(kind for kind in told if kind),
        }


def play_cli(game_id: str, address: str) -> dict[str, Any]:
    """``cercle play <game> --auto`` against a server bot, as a terminal player."""
    with tempfile.TemporaryDirectory(prefix="cercle-fifth-cli-") as home:
        env = {**os.environ, "CERCLE_ADDRESS": address, "CERCLE_HOME": home, "LANG": "C.UTF-8"}
        argv = [sys.executable, "-m", "clients.cli", "play", game_id, "--auto"]
        argv += ["--auto-delay", "0.01", "--bots", "1", "--level", "random", "--lang", "en"]
        argv += ["--name", "Cli"]
        done = subprocess.run(
            argv, env=env, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
        )
    out = done.stdout
    assert done.returncode == 0, (done.returncode, out[-2000:], done.stderr[-2000:])
    assert "Match over." in out, out[-2000:]
    for raw in (f"{game_id}-ev-", f"{game_id}.ev.", "—"):
        assert raw not in out, (raw, out[-2000:])
    return {"lines": len(out.splitlines()), "last": out.strip().splitlines()[-1]}


def play_web(game_id: str, origin: str, chromium: str) -> dict[str, Any]:
    """The page in headless Chromium: a quick match against a bot, every action clicked."""
    script = ROOT / "tests" / "fifth_game" / "web_check.mjs"
    node = os.environ.get("CERCLE_NODE", "node")
    done = subprocess.run(
        [node, str(script), origin, game_id, chromium],
        cwd=ROOT / "clients" / "web",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, (done.stdout[-3000:], done.stderr[-3000:])
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("game_id")
    parser.add_argument("--web", metavar="CHROMIUM", help="drive the page with this Chromium")
    args = parser.parse_args()
    report: dict[str, Any] = {"engine": play_engine(args.game_id)}
    with cluster(replicas=1, envoy=args.web is not None, web=args.web is not None) as running:
        replica = f"127.0.0.1:{running.replicas[0].port}"
        report["contract"] = asyncio.run(play_contract(args.game_id, replica))
        report["cli"] = play_cli(args.game_id, replica)
        if args.web:
            report["web"] = play_web(args.game_id, f"http://{running.address}", args.web)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
