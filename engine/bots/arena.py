"""One bot-vs-bot match, driven exactly as the server drives bots (pure, seeded).

The server (``services/rooms/``) keeps one memory per bot seat, calls
:meth:`~engine.bots.Bot.choose` for a seat the table waits for, folds the events each seat may
see into its memory with :meth:`~engine.bots.Bot.observe` after every accepted action, and asks
every seat that is *not* waited for whether it wants an out-of-turn call
(:meth:`~engine.bots.Bot.reflex`). :func:`play_match` does the same with the engine only, so
the arena (``bench/arena.py``) and the tests measure the bots the players will meet.

>>> from engine import registry
>>> from engine.bots import make_bot
>>> game = registry.get("awimbawe")
>>> result = play_match(game, [make_bot(game, "random"), make_bot(game, "random")], seed=3)
>>> result.outcome is not None and result.steps > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots import Bot, Memory
from engine.core import Event, Game, IllegalAction, Outcome, State
from engine.info import OptionValue
from engine.rng import Rng

_MASK64 = (1 << 64) - 1

StepHook = Callable[[State, int, Any, tuple[Event, ...]], None]
"""``on_step(new_state, seat, action, events)``: called after each applied action."""

DecisionHook = Callable[[State, int, Memory, str], None]
"""``on_decision(state, seat, memory, kind)``: called before each bot decision, ``kind``
``"choose"`` or ``"reflex"`` (e.g. for tests that replay the decision elsewhere)."""


def decision_rng(seed: int, seat: int, version: int) -> Rng:
    """A bot's randomness for one decision, derived like the server's ``bot_rng``: from the
    match's bot seed, the seat and the match version."""
    return Rng.from_seed((seed * 1_000_003 + seat * 65_537 + version) & _MASK64)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How one arena match went."""

    state: State
    """The final state."""
    outcome: Outcome | None
    """``None`` only if ``max_steps`` stopped the match."""
    steps: int
    """Actions applied (choices and reflexes)."""
    reflexes: int
    """Out-of-turn calls applied among them."""
    refused: int
    """Bot moves the engine refused (a reflex overtaken by another move)."""
    memories: tuple[Memory, ...]


def play_match(
    game: Game[Any, Any, Any],
    bots: Sequence[Bot],
    seed: int,
    *,
    options: Mapping[str, OptionValue] | None = None,
    bot_seed: int | None = None,
    max_steps: int = 100_000,
    on_step: StepHook | None = None,
    on_decision: DecisionHook | None = None,
) -> MatchResult:
    """Play one match between ``bots`` (one per seat) from ``seed``.

    Each step: every seat that is not waited for may make one out-of-turn call (its
    ``reflex``, in seat order; an action the engine refuses is dropped, as the server drops a
    stale bot deadline); then the first seat in ``game.pending`` makes its move (``choose``).
    After every applied action each bot observes the events its seat may see. Decisions use
    :func:`decision_rng` from ``bot_seed`` (default: ``seed``), so the same seeds give the
    same match, move for move.
    """
    players = len(bots)
    state: State = game.new_match(game.validate_options(options or {}), players, seed)
    base = seed if bot_seed is None else bot_seed
    memories: list[Memory] = [None] * players
    steps = reflexes = refused = 0
    streak = 0  # out-of-turn calls in a row: a guard against a bot that keeps calling

    def apply(seat: int, action: Any) -> bool:
        nonlocal state, steps
        try:
            transition = game.apply(state, seat, action)
        except IllegalAction:
            return False
        state = transition.state
        steps += 1
        for index, bot in enumerate(bots):
            seen = [event for event in transition.events if event.visible_to(index)]
            memories[index] = bot.observe(memories[index], index, seen)
        if on_step is not None:
            on_step(state, seat, action, transition.events)
        return True

    while game.outcome(state) is None and steps < max_steps:
        pending = game.pending(state)
        if not pending:
            raise AssertionError(f"{game.info.id}: nobody to wait for while the match runs")
        waited = {item.seat for item in pending}
        called = False
        for seat in range(players):
            if seat in waited or streak > 4 * players:
                continue
            legal = game.legal_actions(state, seat)
            if not legal:
                continue
            rng = decision_rng(base, seat, state.version)
            if on_decision is not None:
                on_decision(state, seat, memories[seat], "reflex")
            action = bots[seat].reflex(game.view(state, seat), legal, memories[seat], rng)
            if action is None:
                continue
            if apply(seat, action):
                reflexes += 1
                streak += 1
                called = True
                break  # the table changed: every seat looks again
            refused += 1
        if called:
            continue
        streak = 0
        seat = pending[0].seat
        legal = game.legal_actions(state, seat)
        rng = decision_rng(base, seat, state.version)
        if on_decision is not None:
            on_decision(state, seat, memories[seat], "choose")
        action = bots[seat].choose(game.view(state, seat), legal, memories[seat], rng)
        if not apply(seat, action):
            raise AssertionError(f"{game.info.id}: a {bots[seat].level} bot chose an illegal move")
    return MatchResult(
        state=state,
        outcome=game.outcome(state),
        steps=steps,
        reflexes=reflexes,
        refused=refused,
        memories=tuple(memories),
    )
