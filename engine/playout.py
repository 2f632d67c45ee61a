"""Random legal play over any registered game: for tests, benchmarks and arenas."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine.bots import make_bot
from engine.core import Event, Game, IllegalAction, State, Timeout
from engine.info import OptionValue
from engine.rng import Rng

S = TypeVar("S", bound=State)
A = TypeVar("A")
V = TypeVar("V")


def all_legal(game: Game[S, A, V], state: S) -> list[tuple[int, A]]:
    """Every (seat, action) any seat may play now, out-of-turn ones included."""
    return [
        (seat, action)
        for seat in range(game.seats(state))
        for action in game.legal_actions(state, seat)
    ]


def random_playout(
    game: Game[S, A, V],
    players: int,
    seed: int,
    *,
    options: Mapping[str, OptionValue] | None = None,
    chooser_seed: int = 0,
    max_steps: int = 200_000,
    on_step: Callable[[S, int, A, S, tuple[Event, ...]], None] | None = None,
) -> tuple[S, int]:
    """Play one match with uniformly random legal (seat, action) choices.

    Returns the final state and the number of actions applied. ``on_step(before, seat,
    action, after, events)`` is called after each action (for invariant checks).
    """
    state = game.new_match(game.validate_options(options or {}), players, seed)
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


def varied_options(game: Game[Any, Any, Any], seed: int) -> dict[str, OptionValue]:
    """The game's options with every switch and choice varied over the seeds."""
    raw: dict[str, object] = {}
    bit = 0
    for spec in game.info.options:
        if spec.kind == "bool":
            raw[spec.name] = bool(seed >> bit & 1)
            bit += 1
        elif spec.kind == "choice":
            raw[spec.name] = spec.choices[seed % len(spec.choices)]
    return game.validate_options(raw)


def seeded_match_events(game: Game[Any, Any, Any], seed: int) -> list[Event]:
    """The events of one seeded random match: a pending seat's clock runs out one step in
    ten; one step in twelve a seat replays an action offered earlier (a late or bad-faith
    claim); on even seeds a strong bot plays the pending seat."""
    sizes = sorted(
        {game.info.min_players, game.info.max_players, 3, 4}
        & set(range(game.info.min_players, game.info.max_players + 1))
    )
    players = sizes[seed % len(sizes)]
    chooser = Rng.from_seed(seed)
    state = game.new_match(varied_options(game, seed), players, seed)
    offered: list[tuple[int, Any]] = []
    strong = make_bot(game, "strong") if seed % 2 == 0 else None
    memories: dict[int, Any] = {}
    events: list[Event] = []
    for _ in range(3_000):
        if game.outcome(state) is not None:
            break
        pending = game.pending(state)
        choices = [(s, a) for s in range(players) for a in game.legal_actions(state, s)]
        if pending and chooser.below(10) == 0:
            seat, action = pending[chooser.below(len(pending))].seat, Timeout()
        elif offered and chooser.below(12) == 0:
            seat, action = offered[chooser.below(len(offered))]
        elif strong is not None and pending:
            seat = pending[0].seat
            legal = game.legal_actions(state, seat)
            action = strong.choose(game.view(state, seat), legal, memories.get(seat), chooser)
        else:
            seat, action = choices[chooser.below(len(choices))]
        offered = (offered + choices)[-300:]
        try:
            transition = game.apply(state, seat, action)
        except IllegalAction:
            continue
        events.extend(transition.events)
        if strong is not None:
            for viewer in range(players):
                seen = [e for e in transition.events if e.visible_to(viewer)]
                memories[viewer] = strong.observe(memories.get(viewer), viewer, seen)
        state = transition.state
    return events
