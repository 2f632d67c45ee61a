"""rlcard's UNO, the engine baseline. Runs ONLY in bench/.venv-rlcard (rlcard is no project
dependency): ``bench/.venv-rlcard/bin/python bench/rlcard_uno.py --seconds 6 --players 4``.

With ``--serve`` it runs one loop per request read on stdin (a JSON line) and answers with
one JSON line, so that the engine benchmark can alternate short slices of rlcard and Cercle.

Two loops, each for half the time, printed as one JSON line (rates per CPU second of this
process, as the Cercle figures; ``wall_actions_per_s`` beside them):

- ``game_step``: ``UnoGame.init_game()``, then ``random.choice(state["legal_actions"])`` and
  ``game.step(action)`` until ``game.is_over()`` -- the rules engine alone, like the Cercle
  loop it is compared with;
- ``env_step``: the same through ``rlcard.make("uno")`` (``env.step`` also encodes the
  observation for a learning agent).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time


def game_step(players: int, seconds: float, seed: int) -> dict[str, float]:
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found]

    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    chooser = random.Random(seed)
    actions = matches = 0
    cpu0, started = time.process_time(), time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(chooser.choice(state["legal_actions"]))
            actions += 1
        matches += 1
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - started
    return {
        "actions": actions,
        "matches": matches,
        "cpu_seconds": cpu,
        "seconds": wall,
        "actions_per_s": actions / cpu,
        "matches_per_s": matches / cpu,
        "wall_actions_per_s": actions / wall,
    }


def env_step(players: int, seconds: float, seed: int) -> dict[str, float]:
    import rlcard  # type: ignore[import-not-found]

    env = rlcard.make("uno", config={"game_num_players": players, "seed": seed})
    chooser = random.Random(seed)
    actions = matches = 0
    cpu0, started = time.process_time(), time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(chooser.choice(list(state["legal_actions"])))
            actions += 1
        matches += 1
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - started
    return {
        "actions": actions,
        "matches": matches,
        "cpu_seconds": cpu,
        "seconds": wall,
        "actions_per_s": actions / cpu,
        "matches_per_s": matches / cpu,
        "wall_actions_per_s": actions / wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="rlcard UNO random-play speed.")
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--serve",
        action="store_true",
        help='run loops on request: one JSON line in ({"loop", "seconds", "seed"}), one out',
    )
    args = parser.parse_args()
    import rlcard

    if args.serve:
        loops = {"game_step": game_step, "env_step": env_step}
        for line in sys.stdin:
            ask = json.loads(line)
            done = loops[ask["loop"]](args.players, float(ask["seconds"]), int(ask["seed"]))
            print(json.dumps(done), flush=True)
        return

    result = {
        "rlcard": getattr(rlcard, "__version__", "?"),
        "python": sys.version.split()[0],
        "players": args.players,
        "game_step": game_step(args.players, args.seconds / 2, args.seed),
        "env_step": env_step(args.players, args.seconds / 2, args.seed),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
