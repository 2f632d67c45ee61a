"""Bot arena: many bot-vs-bot matches on the engine alone, with win rates and their 95 %
confidence intervals (Wilson), bounded in time.

Every match is played by :func:`engine.bots.arena.play_match`, which drives the bots as the
server does (``choose`` for the seat waited for, ``observe`` after every action, ``reflex``
for the others). Matches are spread over worker processes; each one is fully determined by
its index (match seed, bot seed, seating), so a run is reproducible.

- Awimbawé: ``strong`` vs ``random``, seats alternating; target >= 90 % of matches for strong.
- Tomahawk, 4 seats: 1 ``strong`` vs 3 ``random`` (the strong seat goes round); rounds won by
  strong, counted from the engine's ``round_ended`` events (chance: 25 %); target >= 45 %.
  A match is played to ``--tomahawk-target`` points (250, as the game), about 10 rounds.
- Tamashii STANDARD: a table of ``strong`` bots vs a table of ``random`` bots; the Tamashii
  freed (mean with a 95 % interval and the histogram 0..6).
- Tomy, 4 seats: 1 ``strong`` vs 3 ``random``; matches where strong is among the winners
  (a shared win counts), beside the same figure for a ``random`` bot in its place.

The strong bot that searches (Awimbawé) plays with ``--rollouts`` playouts per decision here
(:data:`ARENA_ROLLOUTS`), fewer than its live default, so that the arena fits in a few
minutes; the last section times every live-default strong bot's decisions over a few matches.
The figures are also written as JSON (``--json``, default ``bench/results/arena-latest.json``).

``python bench/arena.py`` (``make arena``); ``--matches 500 --seconds 300`` by default.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import registry
from engine.bots import Bot, make_bot
from engine.bots.arena import play_match
from engine.core import Event, Game, State
from engine.games.tomahawk.events import RoundEnded
from engine.games.tomy.events import VotesRevealed

RESULTS = Path(__file__).resolve().parent / "results"
GAMES = ("tomy", "tamashii", "tomahawk", "awimbawe")
"""Fastest first: the time the others leave goes to the last."""
ARENA_ROLLOUTS = {"awimbawe": 48}
"""Playouts per decision in the arena (the live defaults are larger: see docs/bots.md)."""


# --------------------------------------------------------------------------------------------
# Figures
# --------------------------------------------------------------------------------------------


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for ``z`` = 1.96).

    >>> [round(x, 3) for x in wilson(45, 50)]
    [0.786, 0.957]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[int], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95 % interval."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# --------------------------------------------------------------------------------------------
# One match (runs in a worker process)
# --------------------------------------------------------------------------------------------


def _bot(game: Game[Any, Any, Any], level: str, rollouts: int | None) -> Bot:
    bot = make_bot(game, level)
    if rollouts is not None and hasattr(bot, "rollouts"):
        bot.rollouts = rollouts
    return bot


def run_match(job: tuple[str, int, dict[str, Any]]) -> dict[str, Any]:
    """Play arena match number ``index`` of ``game_id``; returns its figures."""
    game_id, index, params = job
    game = registry.get(game_id)
    rollouts = params.get("rollouts", {}).get(game_id)
    seed = 1_000_003 * (index + 1) + params.get("seed", 0)
    if game_id == "awimbawe":
        strong = index % 2
        bots = [_bot(game, "strong" if s == strong else "random", rollouts) for s in (0, 1)]
        result = play_match(game, bots, seed)
        assert result.outcome is not None
        return {"won": strong in result.outcome.winners}
    if game_id == "tomahawk":
        strong = index % 4
        bots = [_bot(game, "strong" if s == strong else "random", rollouts) for s in range(4)]
        rounds: list[int | None] = []

        def count(state: State, seat: int, action: Any, events: tuple[Event, ...]) -> None:
            typed: tuple[Any, ...] = events  # typed events (Event is still the untyped base)
            rounds.extend(e.winner for e in typed if isinstance(e, RoundEnded))

        options = {"target_score": params["tomahawk_target"], "turn_seconds": 0}
        play_match(game, bots, seed, options=options, on_step=count)
        return {"rounds": len(rounds), "won": sum(1 for w in rounds if w == strong)}
    if game_id == "tamashii":
        players = params["tamashii_players"]
        out: dict[str, Any] = {}
        for level in ("strong", "random"):
            bots = [_bot(game, level, rollouts) for _ in range(players)]
            result = play_match(game, bots, seed, options={"level": "STANDARD"})
            assert result.outcome is not None
            out[level] = int(result.outcome.detail.freed)
        return out
    if game_id == "tomy":
        seat = index % 4
        out = {}
        for level in ("strong", "random"):
            bots = [_bot(game, level if s == seat else "random", rollouts) for s in range(4)]
            result = play_match(game, bots, seed)
            assert result.outcome is not None
            out[level] = seat in result.outcome.winners
            out[f"{level}_alone"] = result.outcome.winners == (seat,)
        # Four strong bots: how often each pair votes for the same breed when both had a
        # choice between the same two breeds or more (a block vote votes as one there).
        same: dict[str, list[int]] = {}
        held: dict[int, set[int]] = {}
        turn: list[Any] = [None]

        def votes(state: State, seat: int, action: Any, events: tuple[Event, ...]) -> None:
            s: Any = state
            if s.phase == "vote" and turn[0] != (s.game_no, s.turn):
                turn[0] = (s.game_no, s.turn)
                proposed = {p[0] for p in s.proposals}
                for voter in range(4):
                    held[voter] = {c // 16 for c in s.hands[voter]} & proposed
            typed: tuple[Any, ...] = events
            for event in typed:
                if isinstance(event, VotesRevealed):
                    cast = {v.seat: v.column for v in event.votes}
                    for a in range(4):
                        for b in range(a + 1, 4):
                            both = held.get(a, set()) & held.get(b, set())
                            if a in cast and b in cast and len(both) >= 2:
                                pair = same.setdefault(f"{a}{b}", [0, 0])
                                pair[0] += cast[a] == cast[b]
                                pair[1] += 1

        play_match(game, [_bot(game, "strong", rollouts) for _ in range(4)], seed, on_step=votes)
        out["pairs"] = same
        return out
    raise KeyError(game_id)


def time_decisions(job: tuple[str, int]) -> list[float]:
    """Seconds taken by each ``choose`` of a live-default strong bot with more than one
    legal move, over one match against random bots."""
    game_id, index = job
    game = registry.get(game_id)
    players = {"awimbawe": 2, "tomahawk": 4, "tamashii": 3, "tomy": 4}[game_id]
    strong = make_bot(game, "strong")
    times: list[float] = []
    original = strong.choose

    def timed(view: Any, legal: Any, memory: Any, rng: Any) -> Any:
        started = time.perf_counter()
        action = original(view, legal, memory, rng)
        if len(legal) > 1:
            times.append(time.perf_counter() - started)
        return action

    strong.choose = timed  # type: ignore[method-assign]
    bots = [strong if s == index % players else make_bot(game, "random") for s in range(players)]
    options = {"target_score": 50} if game_id == "tomahawk" else {}
    play_match(game, bots, 7_000 + index, options=options)
    return times


# --------------------------------------------------------------------------------------------
# Running and reporting
# --------------------------------------------------------------------------------------------


def run_game(
    pool: Any, game_id: str, matches: int, seconds: float, params: dict[str, Any]
) -> tuple[list[dict[str, Any]], float]:
    """Play up to ``matches`` matches of ``game_id`` within ``seconds`` (wall clock)."""
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    jobs = ((game_id, index, params) for index in range(matches))
    for result in pool.imap_unordered(run_match, jobs, chunksize=2):
        results.append(result)
        if time.perf_counter() - started > seconds:
            break
    return results, time.perf_counter() - started


def report(
    game_id: str, results: list[dict[str, Any]], elapsed: float, params: dict[str, Any]
) -> dict[str, Any]:
    n = len(results)
    line: Callable[[str], None] = print
    out: dict[str, Any] = {"matches": n, "seconds": round(elapsed, 1)}
    if game_id == "awimbawe":
        won = sum(r["won"] for r in results)
        low, high = wilson(won, n)
        line(
            f"Awimbawé   strong vs random: strong won {won}/{n} matches = {pct(won / max(1, n))}"
            f"  [95% CI {pct(low)} – {pct(high)}]  target >= 90%  ({elapsed:.0f}s)"
        )
        out.update(won=won, rate=won / max(1, n), ci=[low, high])
    elif game_id == "tomahawk":
        rounds = sum(r["rounds"] for r in results)
        won = sum(r["won"] for r in results)
        low, high = wilson(won, rounds)
        line(
            f"Tomahawk   1 strong vs 3 random: strong won {won}/{rounds} rounds = "
            f"{pct(won / max(1, rounds))}  [95% CI {pct(low)} – {pct(high)}]  chance 25%, "
            f"target >= 45%  ({n} matches to {params['tomahawk_target']} points, "
            f"{elapsed:.0f}s)"
        )
        out.update(rounds=rounds, won=won, rate=won / max(1, rounds), ci=[low, high])
    elif game_id == "tamashii":
        players = params["tamashii_players"]
        line(f"Tamashii   STANDARD, {players} players, {n} matches per team ({elapsed:.0f}s)")
        for level in ("strong", "random"):
            freed = [r[level] for r in results]
            mean, low, high = mean_interval(freed)
            histogram = [freed.count(k) for k in range(7)]
            wins = sum(1 for f in freed if f >= 3)
            wl, wh = wilson(wins, n)
            line(
                f"  {level:6} team: freed {mean:.2f} on average [95% CI {low:.2f} – "
                f"{high:.2f}]; 3 or more (a table win) {pct(wins / max(1, n))} "
                f"[{pct(wl)} – {pct(wh)}]"
            )
            line("           freed  " + "  ".join(f"{k}:{histogram[k]:>4}" for k in range(7)))
            out[level] = {"mean": mean, "ci": [low, high], "histogram": histogram, "wins": wins}
    elif game_id == "tomy":
        line(
            f"Tomy       4 players, one bot of each level among 3 random ({n} matches, "
            f"{elapsed:.0f}s)"
        )
        for level in ("strong", "random"):
            won = sum(r[level] for r in results)
            alone = sum(r[f"{level}_alone"] for r in results)
            low, high = wilson(won, n)
            al, ah = wilson(alone, n)
            line(
                f"  {level:6}: among the winners {pct(won / max(1, n))} [95% CI {pct(low)} – "
                f"{pct(high)}]; sole winner {pct(alone / max(1, n))} [{pct(al)} – {pct(ah)}]"
                f"  (share: 25%)"
            )
            out[level] = {"won": won, "alone": alone, "ci": [low, high], "ci_alone": [al, ah]}
        pairs: dict[str, list[int]] = {}
        for r in results:
            for pair, (agree, turns) in r["pairs"].items():
                total = pairs.setdefault(pair, [0, 0])
                total[0] += agree
                total[1] += turns
        shares = {pair: agree / max(1, turns) for pair, (agree, turns) in sorted(pairs.items())}
        line(
            "  4 strong bots: same vote (breed) as each other on "
            + ", ".join(f"seats {p[0]}&{p[1]} {pct(x)}" for p, x in shares.items())
            + " of the turns both could vote for the same two breeds or more; most "
            + f"{pct(max(shares.values(), default=0))} "
            "(target <= 70%)"
        )
        out["pairs"] = {"same_vote": shares, "max": max(shares.values(), default=0.0)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=500, help="matches per game")
    parser.add_argument("--seconds", type=float, default=300.0, help="wall-clock budget")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--rollouts",
        type=int,
        default=None,
        help=f"playouts per decision for the searching bots (default: {ARENA_ROLLOUTS})",
    )
    parser.add_argument(
        "--tomahawk-target",
        type=int,
        default=250,
        help="Tomahawk match length in points (the game default)",
    )
    parser.add_argument("--tamashii-players", type=int, default=3)
    parser.add_argument(
        "--timing-matches",
        type=int,
        default=4,
        help="matches per game timing the live-default strong bot (0: none)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, default=RESULTS / "arena-latest.json")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    rollouts = dict(ARENA_ROLLOUTS)
    if args.rollouts is not None:
        rollouts = dict.fromkeys(rollouts, args.rollouts)
    params = {
        "rollouts": rollouts,
        "tomahawk_target": args.tomahawk_target,
        "tamashii_players": args.tamashii_players,
        "seed": args.seed,
    }
    summary: dict[str, Any] = {"params": {**params, "matches": args.matches}}
    started = time.perf_counter()
    timing_share = 0.1 if args.timing_matches else 0.0
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        print(
            f"Arena: up to {args.matches} matches per game, {args.seconds:.0f}s in all, "
            f"{args.workers} workers, arena playouts {rollouts}"
        )
        for position, game_id in enumerate(games):
            left = args.seconds * (1 - timing_share) - (time.perf_counter() - started)
            budget = left / (len(games) - position)
            results, elapsed = run_game(pool, game_id, args.matches, budget, params)
            summary[game_id] = report(game_id, results, elapsed, params)
        if args.timing_matches:
            print("Decision time of the live-default strong bots (moves with a choice):")
            timing: dict[str, Any] = {}
            for game_id in games:
                jobs = [(game_id, i) for i in range(args.timing_matches)]
                times = sorted(t for ts in pool.map(time_decisions, jobs) for t in ts)
                if not times:
                    continue
                p50 = times[len(times) // 2]
                p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
                print(
                    f"  {game_id:9} {len(times):5} decisions: median {1000 * p50:6.1f} ms, "
                    f"p90 {1000 * p90:6.1f} ms, max {1000 * times[-1]:6.1f} ms"
                )
                timing[game_id] = {
                    "n": len(times),
                    "p50_ms": 1000 * p50,
                    "p90_ms": 1000 * p90,
                    "max_ms": 1000 * times[-1],
                }
            summary["decision_time"] = timing
    summary["seconds"] = round(time.perf_counter() - started, 1)
    print(f"Total {summary['seconds']:.0f}s")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
