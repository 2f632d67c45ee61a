"""Engine speed: random play over every registered game, and rlcard's UNO as the baseline.

For each game (4 players where the game allows it):

(a) the loop rlcard's examples use: the seat the table waits for (``game.pending``), its
    legal actions, ``random.choice``, ``game.step`` (in place, like rlcard's ``game.step``)
    -- actions/s and matches/s (and rounds/s for Tomahawk); and the same loop with
    ``game.apply`` (a new state per action, as the server uses it) beside it;
(b) ``engine.playout.random_playout``, which lists every seat's legal actions (out-of-turn
    calls included) before each random choice;
(c) ``game.encode`` + ``game.decode`` of states met in play -- states/s.

Rates are per CPU second of the measuring process (``time.process_time``), the wall-clock
rates beside them in the JSON: on a shared machine another program's load would otherwise
move the figures; on an idle machine both are the same.

The baseline is rlcard's UNO (4 players) measured in the same run by ``bench/rlcard_uno.py``
in its own virtualenv ``bench/.venv-rlcard`` (created here with ``python -m venv`` and
``pip install rlcard``). rlcard's loop and Tomahawk's loop (a) run in alternating short
slices (A B B A A B ...; rlcard in one long-lived process), so that what the machine's load
does to one it does to the other; the table gives the pooled rates, the notes each pair's
ratio.

``python bench/engine_bench.py --seconds 60`` (the whole budget; ``make bench-engine``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import ROOT, Row, lift_limits, render_table, say, write_results
from engine import registry
from engine.core import Game
from engine.playout import random_playout

RLCARD_VENV = ROOT / "bench" / ".venv-rlcard"
RLCARD_REQUIREMENT = "rlcard==1.2.0"
HEAD_TO_HEAD_PAIRS = 8
TARGET_GAME = "tomahawk"
MAX_STEPS = 200_000


def players_for(game: Game[Any, Any, Any]) -> int:
    return max(game.info.min_players, min(4, game.info.max_players))


def pending_loop(
    game: Game[Any, Any, Any], players: int, seconds: float, seed: int, *, in_place: bool = True
) -> dict[str, float]:
    """(a): only the seat(s) the table waits for act, as in rlcard's ``game.step`` loop;
    ``in_place`` uses ``game.step`` (rlcard's ``game.step`` mutates its game too), else
    ``game.apply`` (a new state per action)."""
    options = game.validate_options({})
    chooser = random.Random(seed)
    actions = matches = rounds = 0
    cpu0, started = time.process_time(), time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = game.new_match(options, players, seed + matches)
        steps = 0
        while game.outcome(state) is None and steps < MAX_STEPS:
            pending = game.pending(state)
            seat = pending[0].seat if len(pending) == 1 else chooser.choice(pending).seat
            action = chooser.choice(game.legal_actions(state, seat))
            if in_place:
                game.step(state, seat, action)
            else:
                state = game.apply(state, seat, action).state
            steps += 1
        actions += steps
        matches += 1
        rounds += int(getattr(state, "round_no", 0))
    return {
        "seconds": time.perf_counter() - started,
        "cpu_seconds": time.process_time() - cpu0,
        "actions": actions,
        "matches": matches,
        "rounds": rounds,
    }


def playout_loop(
    game: Game[Any, Any, Any], players: int, seconds: float, seed: int
) -> dict[str, float]:
    """(b): ``random_playout`` (every seat's legal actions, out-of-turn calls included)."""
    actions = matches = 0
    cpu0, started = time.process_time(), time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        _, steps = random_playout(game, players, seed + matches, chooser_seed=seed + matches)
        actions += steps
        matches += 1
    return {
        "seconds": time.perf_counter() - started,
        "cpu_seconds": time.process_time() - cpu0,
        "actions": actions,
        "matches": matches,
    }


def codec_loop(
    game: Game[Any, Any, Any], players: int, seconds: float, seed: int
) -> dict[str, float]:
    """(c): encode + decode of states met in random play."""
    options = game.validate_options({})
    chooser = random.Random(seed)
    samples: list[Any] = []
    match = 0
    while len(samples) < 400 and match < 50:
        state = game.new_match(options, players, seed + match)
        step = 0
        while game.outcome(state) is None and step < MAX_STEPS:
            if step % 7 == 0:
                samples.append(state)
            pending = game.pending(state)
            seat = chooser.choice(pending).seat
            state = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat))).state
            step += 1
        match += 1
    size = sum(len(game.encode(s)) for s in samples) / len(samples)
    done = 0
    cpu0, started = time.process_time(), time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for state in samples:
            game.decode(game.encode(state))
        done += len(samples)
    cpu = time.process_time() - cpu0
    return {
        "seconds": time.perf_counter() - started,
        "cpu_seconds": cpu,
        "states": done,
        "states_per_s": done / cpu,
        "bytes": size,
    }


def ensure_rlcard(log: Path) -> Path | None:
    """The python of bench/.venv-rlcard with rlcard importable, creating it if need be."""
    python = RLCARD_VENV / "bin" / "python"
    check = [str(python), "-c", "import rlcard"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python
    say(f"creating {RLCARD_VENV.relative_to(ROOT)} and installing {RLCARD_REQUIREMENT}")
    with open(log, "ab") as out:
        steps = [
            [sys.executable, "-m", "venv", "--clear", str(RLCARD_VENV)],
            [str(python), "-m", "pip", "install", "--quiet", RLCARD_REQUIREMENT],
        ]
        for argv in steps:
            try:
                done = subprocess.run(argv, stdout=out, stderr=out, timeout=600)
            except (OSError, subprocess.TimeoutExpired):
                return None
            if done.returncode != 0:
                return None
    return python if subprocess.run(check, capture_output=True).returncode == 0 else None


class RlcardWorker:
    """``bench/rlcard_uno.py --serve`` in rlcard's virtualenv: one loop per request."""

    def __init__(self, python: Path, log: Path) -> None:
        self._log = open(log, "ab")  # noqa: SIM115 - closed in close()
        self.popen = subprocess.Popen(
            [str(python), str(ROOT / "bench" / "rlcard_uno.py"), "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
        )

    def run(self, loop: str, seconds: float, seed: int) -> dict[str, Any] | None:
        assert self.popen.stdin is not None and self.popen.stdout is not None
        try:
            self.popen.stdin.write(json.dumps({"loop": loop, "seconds": seconds, "seed": seed}))
            self.popen.stdin.write("\n")
            self.popen.stdin.flush()
            line = self.popen.stdout.readline()
        except OSError:
            line = ""
        if not line:
            say("rlcard run failed: see rlcard-worker.log")
            return None
        result: dict[str, Any] = json.loads(line)
        return result

    def close(self) -> None:
        with contextlib.suppress(OSError):
            if self.popen.stdin is not None:
                self.popen.stdin.close()
        try:
            self.popen.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.popen.kill()
        self._log.close()


def head_to_head(
    worker: RlcardWorker, game: Game[Any, Any, Any], pairs: int, seconds: float, seed: int
) -> tuple[dict[str, float], dict[str, Any]]:
    """Tomahawk's loop (a) and rlcard's ``game.step`` loop in ``pairs`` alternating slices
    of ``seconds`` each (A B B A A B ...), so that what the machine's load does to one does
    the same to the other. Returns the pooled raw figures of the game and rlcard's pooled
    rates, with each pair's ratio."""
    players = players_for(game)
    ours: dict[str, float] | None = None
    theirs: list[dict[str, Any]] = []
    ratios: list[float] = []
    for index in range(pairs):

        def uno(index: int = index) -> dict[str, Any] | None:
            return worker.run("game_step", seconds, seed + index)

        def cercle(index: int = index) -> dict[str, float]:
            return pending_loop(game, players, seconds, seed + 100_000 * index)

        if index % 2 == 0:
            baseline, mine = uno(), cercle()
        else:
            mine, baseline = cercle(), uno()
        if baseline is None:
            raise RuntimeError("rlcard stopped answering")
        theirs.append(baseline)
        ours = mine if ours is None else _add(ours, mine)
        ratios.append((mine["actions"] / mine["cpu_seconds"]) / baseline["actions_per_s"])
    assert ours is not None
    cpu = sum(run["cpu_seconds"] for run in theirs)
    wall = sum(run["seconds"] for run in theirs)
    pooled = {
        "actions_per_s": sum(run["actions"] for run in theirs) / cpu,
        "matches_per_s": sum(run["matches"] for run in theirs) / cpu,
        "wall_actions_per_s": sum(run["actions"] for run in theirs) / wall,
        "pair_ratios": ratios,
        "pairs": pairs,
        "seconds": wall,
    }
    return ours, pooled


def _rates(raw: dict[str, float]) -> dict[str, float]:
    """Rates per CPU second of this process (the machine may be shared: see the docs), and
    per wall second beside them."""
    out = dict(raw)
    cpu, wall = raw["cpu_seconds"], raw["seconds"]
    out["actions_per_s"] = raw["actions"] / cpu
    out["matches_per_s"] = raw["matches"] / cpu
    out["wall_actions_per_s"] = raw["actions"] / wall
    if raw.get("rounds"):
        out["rounds_per_s"] = raw["rounds"] / cpu
    return out


def _add(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
    return {k: a[k] + b[k] for k in a}


def run(seconds: float, log_dir: Path, seed: int = 1) -> dict[str, Any]:
    """Every measurement within about ``seconds`` (plus the rlcard venv's creation)."""
    games = registry.games()
    slices = 4 * len(games) + 2  # (a) step, (a) apply, (b), (c) per game, and rlcard
    unit = seconds / slices
    python = ensure_rlcard(log_dir / "rlcard-install.log")
    worker = RlcardWorker(python, log_dir / "rlcard-worker.log") if python is not None else None
    target = next((g for g in games if g.info.id == TARGET_GAME), None)
    target_loop: dict[str, float] | None = None
    rlcard: dict[str, Any] | None = None
    try:
        if worker is not None and target is not None:
            say(f"engine: {TARGET_GAME} vs rlcard UNO, {HEAD_TO_HEAD_PAIRS} alternating pairs")
            target_loop, game_step = head_to_head(
                worker, target, HEAD_TO_HEAD_PAIRS, unit / 4, seed
            )
            env_step = worker.run("env_step", unit / 2, seed)
            if env_step is not None:
                rlcard = {"rlcard": RLCARD_REQUIREMENT, "players": 4}
                rlcard["game_step"] = game_step
                rlcard["env_step"] = env_step
    finally:
        if worker is not None:
            worker.close()
    per_game: dict[str, dict[str, Any]] = {}
    for game in games:
        players = players_for(game)
        say(f"engine: {game.info.id} with {players} players")
        figures: dict[str, Any] = {"players": players}
        if game is target and target_loop is not None:
            figures["loop"] = _rates(target_loop)
        else:
            figures["loop"] = _rates(pending_loop(game, players, unit, seed))
        figures["loop_apply"] = _rates(pending_loop(game, players, unit, seed, in_place=False))
        figures["playout"] = _rates(playout_loop(game, players, unit, seed))
        figures["codec"] = codec_loop(game, players, unit, seed)
        per_game[game.info.id] = figures
    return {"games": per_game, "rlcard_uno": rlcard, "seconds_per_slice": unit}


def _pairs_note(rlcard: dict[str, Any]) -> str:
    ratios = sorted(rlcard["game_step"].get("pair_ratios", []))
    if not ratios:
        return ""
    median = ratios[len(ratios) // 2]
    return (
        f"{len(ratios)} alternating pairs of slices: ratio min {ratios[0]:.2f}x, "
        f"median {median:.2f}x, max {ratios[-1]:.2f}x"
    )


def rows(figures: dict[str, Any]) -> list[Row]:
    rlcard = figures.get("rlcard_uno")
    base = rlcard["game_step"]["actions_per_s"] if rlcard else None
    base_name = "rlcard UNO game.step" if rlcard else "rlcard not installed"
    out: list[Row] = []
    for game_id, g in figures["games"].items():
        loop, playout, codec = g["loop"], g["playout"], g["codec"]
        is_target = game_id == TARGET_GAME
        ratio = loop["actions_per_s"] / base if base else None
        out.append(
            Row(
                "engine",
                f"{game_id} ({g['players']}p) (a) pending-seat loop, step, actions/s",
                loop["actions_per_s"],
                "/s",
                base,
                base_name,
                ratio,
                ">= 1.0x rlcard" if is_target else "",
                (ratio >= 1.0) if (is_target and ratio is not None) else None,
                note=_pairs_note(rlcard) if (is_target and rlcard) else "",
            )
        )
        extra = f"{loop['matches_per_s']:.0f} matches/s"
        if "rounds_per_s" in loop:
            extra += f", {loop['rounds_per_s']:.0f} rounds/s"
        out.append(
            Row(
                "engine",
                f"{game_id} (a) matches/s",
                loop["matches_per_s"],
                "/s",
                rlcard["game_step"]["matches_per_s"] if rlcard else None,
                "rlcard UNO matches/s" if rlcard else "",
                note=extra if is_target else "",
            )
        )
        if "rounds_per_s" in loop:
            out.append(Row("engine", f"{game_id} (a) rounds/s", loop["rounds_per_s"], "/s"))
        copying = g["loop_apply"]
        out.append(
            Row(
                "engine",
                f"{game_id} (a) same loop with apply (new state each action) actions/s",
                copying["actions_per_s"],
                "/s",
                base,
                base_name,
                copying["actions_per_s"] / base if base else None,
            )
        )
        out.append(
            Row(
                "engine",
                f"{game_id} (b) random_playout actions/s",
                playout["actions_per_s"],
                "/s",
                base,
                base_name,
                playout["actions_per_s"] / base if base else None,
                note=f"{playout['matches_per_s']:.1f} matches/s" if is_target else "",
            )
        )
        out.append(
            Row(
                "engine",
                f"{game_id} encode+decode states/s ({codec['bytes']:.0f} B)",
                codec["states_per_s"],
                "/s",
            )
        )
    if rlcard:
        out.append(
            Row(
                "engine",
                "rlcard UNO env.step actions/s (with observation encoding)",
                rlcard["env_step"]["actions_per_s"],
                "/s",
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Engine random-play speed vs rlcard UNO.")
    parser.add_argument("--seconds", type=float, default=60.0, help="the whole time budget")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    log_dir = Path(tempfile.mkdtemp(prefix="cercle-bench-engine-"))
    started = time.time()
    figures = run(args.seconds, log_dir, args.seed)
    table = rows(figures)
    print(render_table(table))
    if figures.get("rlcard_uno") is None:
        print("\nrlcard could not be installed: absolute figures only.")
    path = write_results(
        "engine", {"engine": figures, "rows": [r.as_json() for r in table]}, started
    )
    say(f"results in {path.relative_to(ROOT)}")


if __name__ == "__main__":
    lift_limits()
    main()
