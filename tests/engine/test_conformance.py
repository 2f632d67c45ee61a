"""The generic conformance test: every registered game, many seeded random matches.

After every step it checks, for ANY game (STYLE practice 12):
- the game's own conservation invariant (``engine/games/<game>/conformance.py``: ``check``,
  a module every game package holds; ``tools/game_checklist.py`` asks for it),
  e.g. TT-DECK-4, TM-INV-1, MT-INV-1, AW-INV-1;
- that ``apply`` did not touch the state it was given;
- the storage round trip: ``decode(encode(s)) == s`` and re-encoding gives the same bytes;
- no leak: each seat's (and a spectator's) view is the same in a world where every secret
  hidden from that seat was drawn again (``determinize``);
- every listed legal action applies without error (on sampled steps);
and, per match, determinism: the same seed and the same actions give the same bytes.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from engine import registry
from engine.core import Event, Game, IllegalAction, State, Timeout
from engine.info import InvalidOptions
from engine.playout import all_legal, random_playout
from engine.rng import Rng

GAME_IDS = [g.info.id for g in registry.games()]
SEEDS = range(12)


def _table_sizes(game: Game[Any, Any, Any]) -> list[int]:
    lo, hi = game.info.min_players, game.info.max_players
    return sorted({lo, (lo + hi) // 2, hi})


def _invariant(game_id: str) -> Any:
    return importlib.import_module(f"engine.games.{game_id}.conformance").check


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_keeps_every_invariant(game_id: str, seed: int) -> None:
    game = registry.get(game_id)
    check = _invariant(game_id)
    players = _table_sizes(game)[seed % len(_table_sizes(game))]
    probe = Rng.from_seed(10_000 + seed)
    actions: list[tuple[int, Any]] = []
    encodings: list[bytes] = []

    def on_step(
        before: State, seat: int, action: Any, after: State, events: tuple[Event, ...]
    ) -> None:
        step = len(actions)
        actions.append((seat, action))
        before_bytes = encodings[-1] if encodings else None
        if before_bytes is not None:
            assert game.encode(before) == before_bytes, "apply changed the state it was given"
        check(after)
        encoded = game.encode(after)
        encodings.append(encoded)
        decoded = game.decode(encoded)
        assert decoded == after, "decode(encode(state)) differs from the state"
        assert game.encode(decoded) == encoded
        assert after.version == before.version + 1
        for event in events:
            assert isinstance(event, Event)
        if step % 7 == 0 or game.outcome(after) is not None:
            for viewer in [*range(game.seats(after)), None]:
                world = game.determinize(after, viewer, probe)
                assert game.encode(after) == encoded, "determinize changed its input"
                assert game.view(world, viewer) == game.view(after, viewer), (
                    f"the view of seat {viewer} shows a secret"
                )
        if step % 11 == 0 and game.outcome(after) is None:
            for legal_seat, legal_action in all_legal(game, after):
                game.apply(after, legal_seat, legal_action)

    first = game.new_match(game.validate_options({}), players, seed)
    check(first)
    encodings.append(game.encode(first))
    final, steps = random_playout(game, players, seed, chooser_seed=seed, on_step=on_step)
    assert game.outcome(final) is not None, f"no outcome after {steps} steps"

    # Determinism: replaying the same actions from the same seed gives the same bytes.
    state = game.new_match(game.validate_options({}), players, seed)
    assert game.encode(state) == encodings[0]
    for i, (seat, action) in enumerate(actions):
        state = game.apply(state, seat, action).state
        assert game.encode(state) == encodings[i + 1], f"replay diverged at step {i}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_step_in_place_matches_apply(game_id: str) -> None:
    """``step`` (in place, for simulations) gives the same states and events as ``apply``."""
    game = registry.get(game_id)
    players = game.info.min_players
    chooser = Rng.from_seed(99)
    pure = game.new_match(game.validate_options({}), players, 5)
    fast = game.new_match(game.validate_options({}), players, 5)
    for _ in range(300):
        if game.outcome(pure) is not None:
            break
        choices = all_legal(game, pure)
        seat, action = choices[chooser.below(len(choices))]
        transition = game.apply(pure, seat, action)
        events = game.step(fast, seat, action)
        pure = transition.state
        assert events == transition.events
        assert game.encode(fast) == game.encode(pure)


def _refusal(call: Any, *args: Any, **kwargs: Any) -> tuple[type, str] | None:
    try:
        call(*args, **kwargs)
    except IllegalAction as refused:
        return type(refused), str(refused)
    return None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_step_refuses_what_apply_refuses(game_id: str) -> None:
    """``step`` skips ``apply``'s checks when nothing can be wrong: a stale version, a seat
    not at the table, a timeout nobody's clock ran out for and a finished match are still
    refused, with the same error."""
    game = registry.get(game_id)
    players = game.info.min_players
    state = game.new_match(game.validate_options({}), players, 3)
    seat, action = all_legal(game, state)[0]
    waiting = {p.seat for p in game.pending(state)}
    idle = next((s for s in range(players) if s not in waiting), None)
    final, _ = random_playout(game, players, 3, chooser_seed=3)
    cases: list[tuple[State, int, object, int | None]] = [
        (state, seat, action, state.version + 1),
        (state, players, action, None),
        (state, -1, action, None),
        (final, seat, action, None),
    ]
    if idle is not None:
        cases.append((state, idle, Timeout(), None))
    for where, who, what, version in cases:
        expected = _refusal(game.apply, where, who, what, version=version)
        assert expected is not None
        assert _refusal(game.step, where.clone(), who, what, version=version) == expected


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_default_is_valid_and_a_none_value_lies_outside_the_bounds(
    game_id: str,
) -> None:
    """An option's ``unset_value`` ("none chosen", shown as an unset field on the wire) is
    accepted but no value of the bounds; every default parses as itself."""
    for spec in registry.get(game_id).info.options:
        assert spec.parse(spec.default) == spec.default, spec.name
        if spec.unset_value is None:
            continue
        assert spec.kind == "int" and spec.minimum is not None, spec.name
        assert spec.unset_value < spec.minimum, spec.name
        assert spec.parse(spec.unset_value) == spec.unset_value
        with pytest.raises(InvalidOptions):
            spec.parse(spec.unset_value - 1)
