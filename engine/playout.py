"""Random legal play over any registered game: for tests, benchmarks and arenas."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event, Game, OptionValue, State
from engine.rng import Rng


def all_legal(game: Game[Any], state: State) -> list[tuple[int, Any]]:
    """Every (seat, action) any seat may play now, out-of-turn ones included."""
    return [
        (seat, action)
        for seat in range(game.seats(state))
        for action in game.legal_actions(state, seat)
    ]


def random_playout(
    game: Game[Any],
    players: int,
    seed: int,
    *,
    options: Mapping[str, OptionValue] | None = None,
    chooser_seed: int = 0,
    max_steps: int = 200_000,
    on_step: Callable[[State, int, Any, State, tuple[Event, ...]], None] | None = None,
) -> tuple[State, int]:
    """Play one match with uniformly random legal (seat, action) choices.

    Returns the final state and the number of actions applied. ``on_step(before, seat,
    action, after, events)`` is called after each action (for invariant checks).
    """
    state: State = game.new_match(game.validate_options(options or {}), players, seed)
    chooser = Rng.from_seed(chooser_seed)
    steps = 0
    while game.outcome(state) is None and steps < max_steps:
        choices = all_legal(game, state)
        if not choices:
            raise AssertionError(f"{game.info.id}: no legal action while the match runs")
        seat, action = choices[chooser.below(len(choices))]
        transition = game.apply(state, seat, action)
        if on_step is not None:
            on_step(state, seat, action, transition.state, transition.events)
        state = transition.state
        steps += 1
    return state, steps
