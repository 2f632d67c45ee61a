"""Tomahawk Tribal's calls that can be wrong (``TomahawkGame.calls``, TT-FAIR-1): what a
player at the table may shout believing it right — SHÉRIF! on any other seat, AGILITÉ! with
any card of the hand while a card may be jumped on — and what each one costs."""

from __future__ import annotations

from typing import Any

from engine.games.tomahawk import (
    Agilite,
    CallSherif,
    CallTomahawk,
    PlayCard,
    TomahawkState,
)
from engine.games.tomahawk.cards import COLOUR_NAMES
from engine.games.tomahawk.events import Penalty, SherifCalled
from engine.playout import random_playout
from tests.engine.test_tomahawk import (
    B_BLUE,
    B_RED,
    B_RED2,
    CALUMET,
    DIAMOND,
    E_BLUE,
    E_RED,
    GAME,
    SKIP_RED,
    SKIP_RED2,
    W_VIOLET,
    W_WHITE,
    act,
    event,
    table,
)


def test_tt_fair_1_sherif_is_offered_on_every_other_seat_right_or_wrong() -> None:
    """TT-TOMA-2, TT-FAIR-1: SHÉRIF! on every other seat; a wrong one costs the caller 2."""
    hands = [[B_BLUE, W_VIOLET], [W_WHITE, E_BLUE, E_RED], [B_RED2, DIAMOND]]
    s = table(hands, B_RED)
    assert GAME.calls(s, 1) == [CallSherif(0), CallSherif(2)]
    assert not [a for a in GAME.legal_actions(s, 1) if isinstance(a, CallSherif)]
    t = act(s, 1, CallSherif(2))
    assert event(t, Penalty) == Penalty(1, "bad_sherif", 2)
    assert len(t.state.hands[1]) == 5

    silent = act(s, 0, PlayCard(B_BLUE)).state  # seat 0 forgot TOMAHAWK!
    assert CallSherif(0) in GAME.calls(silent, 2)
    caught = act(silent, 2, CallSherif(0))
    assert event(caught, SherifCalled) == SherifCalled(2, 0, True)

    called = act(s, 0, PlayCard(B_BLUE, tomahawk=True)).state
    assert CallSherif(0) not in GAME.calls(called, 2)  # everybody heard the call
    assert [a for a in GAME.calls(called, 2) if isinstance(a, CallSherif)] == [CallSherif(1)]


def test_tt_fair_1_agilite_is_offered_with_every_card_while_a_window_is_open() -> None:
    """TT-AGIL-1, TT-FAIR-1: while a card may be jumped on, AGILITÉ! with any card of the
    hand (a Diamond once per colour); the identical one takes over, another costs 2."""
    hands = [[B_RED, W_VIOLET, E_BLUE], [W_WHITE, E_RED], [B_RED2, DIAMOND, CALUMET]]
    s = table(hands, B_BLUE)
    assert not [a for a in GAME.calls(s, 2) if isinstance(a, Agilite)]  # no card played yet
    s = act(s, 0, PlayCard(B_RED)).state
    agilite = [a for a in GAME.calls(s, 2) if isinstance(a, Agilite)]
    assert agilite == [
        Agilite(c, colour)
        for c in sorted((B_RED2, DIAMOND, CALUMET))
        for colour in (COLOUR_NAMES if c == DIAMOND else (None,))
    ]
    assert [a for a in GAME.legal_actions(s, 2) if isinstance(a, Agilite)] == [Agilite(B_RED2)]
    assert not [a for a in GAME.calls(s, 0) if isinstance(a, Agilite)]  # it played the card
    # Seat 1, whose turn it is, plays an identical card normally: no AGILITÉ! for it.
    assert not [a for a in GAME.calls(s, 1) if isinstance(a, Agilite)]

    wrong = act(s, 2, Agilite(DIAMOND, "red"))
    assert event(wrong, Penalty) == Penalty(2, "bad_agilite", 2)
    assert wrong.state.turn == 1 and len(wrong.state.hands[2]) == 5
    right = act(s, 2, Agilite(B_RED2))
    assert right.state.last_player == 2


def test_tt_agil_1_calls_on_a_hand_of_two_carry_the_tomahawk_variant() -> None:
    """TT-TOMA-1: a jump-in that would leave one card is offered with TOMAHAWK! too."""
    hands = [[B_RED, W_VIOLET, E_BLUE], [W_WHITE, E_RED], [B_RED2, SKIP_RED]]
    s = act(table(hands, B_BLUE), 0, PlayCard(B_RED)).state
    agilite = [a for a in GAME.calls(s, 2) if isinstance(a, Agilite)]
    assert set(agilite) == {
        Agilite(B_RED2),
        Agilite(B_RED2, tomahawk=True),
        Agilite(SKIP_RED),
        Agilite(SKIP_RED, tomahawk=True),
    }


def test_tt_agil_1_on_its_own_turn_a_seat_is_offered_only_the_allowed_jump_in() -> None:
    """TT-AGIL-1: facing a Skip with its twin, the twin is the one AGILITÉ! on offer."""
    hands = [[SKIP_RED, W_VIOLET, E_BLUE], [SKIP_RED2, E_RED, W_WHITE], [B_RED2, B_BLUE]]
    s = act(table(hands, B_RED), 0, PlayCard(SKIP_RED)).state
    assert s.turn == 1
    assert [a for a in GAME.calls(s, 1) if isinstance(a, Agilite)] == [Agilite(SKIP_RED2)]


def _every_call_plays(
    before: TomahawkState, seat: int, action: Any, after: TomahawkState, events: Any
) -> None:
    for caller in range(after.players):
        for call in GAME.calls(after, caller):
            GAME.apply(after, caller, call, version=after.version)  # never raises
    del before, seat, action, events


def test_tt_fair_1_every_listed_call_is_played_never_refused() -> None:
    """Whatever the table, every call on offer is accepted: right, or a penalty move."""
    for seed in range(3):
        random_playout(
            GAME,
            3,
            seed,
            options={"target_score": 40},
            chooser_seed=seed,
            on_step=_every_call_plays,
        )


def test_calls_are_empty_once_the_match_is_over() -> None:
    final, _ = random_playout(GAME, 2, 7, options={"target_score": 20})
    assert GAME.calls(final, 0) == [] and GAME.calls(final, 1) == []
    assert CallTomahawk() not in GAME.calls(final, 0)


def test_tt_agil_1_the_reaction_window_does_not_depend_on_any_hand() -> None:
    """People at the table: a card they may jump on holds the bots ``reaction_seconds``
    whoever holds its twin; a person's open TOMAHAWK! chance one second more; nobody (or a
    window of 0, or the person's own card): no wait."""
    options = GAME.validate_options({})
    hands = [[B_BLUE, W_VIOLET], [W_WHITE, E_BLUE, E_RED], [B_RED2, DIAMOND]]
    s = table(hands, B_RED)
    assert GAME.reaction_wait(s, options, frozenset({0})) == 0.0  # no card played yet
    by_0 = act(s, 0, PlayCard(B_BLUE)).state  # seat 0 down to one card, silent
    assert GAME.reaction_wait(by_0, options, frozenset({0})) == 3.0
    assert GAME.reaction_wait(by_0, options, frozenset({2})) == 2.0  # seat 2 may jump in
    assert GAME.reaction_wait(by_0, options, frozenset()) == 0.0  # bots alone
    assert (
        GAME.reaction_wait(by_0, GAME.validate_options({"reaction_seconds": 0}), frozenset({2}))
        == 0.0
    )
    called = act(s, 0, PlayCard(B_BLUE, tomahawk=True)).state
    assert GAME.reaction_wait(called, options, frozenset({0})) == 0.0  # its own card, called
    no_twin = table([[B_BLUE, W_VIOLET], [W_WHITE, E_BLUE, E_RED], [SKIP_RED, DIAMOND]], B_RED)
    after = act(no_twin, 0, PlayCard(B_BLUE)).state  # nobody holds the blue Bison's twin
    assert GAME.reaction_wait(after, options, frozenset({2})) == 2.0
