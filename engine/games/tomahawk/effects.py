"""Tomahawk Tribal's card effects: a validated card leaves the hand for the discard pile and
does what it does (TT-SHERIFF-1, TT-STACK-1, TT-SKIP-1, TT-REV-1, TT-SHIELD-1, TT-SHAMAN-1,
TT-CALUMET-1, TT-WHEEL-1, TT-END-1), whether played on its turn or by AGILITÉ!. In place on
the state; the handlers of :mod:`~engine.games.tomahawk.play` validate before calling here."""

from __future__ import annotations

from engine.events import Event
from engine.games.tomahawk.cards import (
    CALUMET,
    COLOUR,
    COLOUR_NAMES,
    DRAW_OF,
    FACES,
    KIND,
    NO_COLOUR,
    REVERSE,
    SHAMAN,
    SHIELD,
    SKIP,
    WHEEL,
)
from engine.games.tomahawk.decisions import (
    LAST_SHERIFF_DRAWS_AT_ONCE,
    REVERSE_SKIPS_WITH_TWO_PLAYERS,
)
from engine.games.tomahawk.events import (
    DIRECTION_CHANGED,
    EFFECT_RETURNED,
    ME,
    SHERIFF_PENDING,
    SKIP_PENDING,
    TOMAHAWK_CALLED,
    CardPlayed,
    HandReceived,
    HandsSwapped,
    card_played,
    faces,
)
from engine.games.tomahawk.round import (
    advance,
    draw_cards,
    end_round,
    end_turn,
    pass_hands,
    record,
    touch,
)
from engine.games.tomahawk.state import (
    FACE_DRAW,
    FACE_SKIP,
    NO_RECORD,
    TomahawkState,
)


def play_card(
    s: TomahawkState,
    seat: int,
    card: int,
    colour: int,
    target: int,
    tomahawk: bool,
    agilite: bool,
    events: list[Event],
) -> None:
    """``seat`` plays ``card`` (validated) on its turn or by AGILITÉ, with all its effects."""
    phase = s.phase
    returned_to, returned_draw = _lay_card(s, seat, card, colour, target, agilite, events)
    kind = KIND[card]
    empty = not s.hands[seat]
    if DRAW_OF[card]:
        _sheriff_effect(s, seat, DRAW_OF[card], phase, empty, events)
    elif kind in (SKIP, REVERSE):
        _skip_or_reverse_effect(s, seat, kind, empty, events)
    else:
        if kind in (SHIELD, SHAMAN):
            answering = not agilite and phase in (FACE_DRAW, FACE_SKIP)
            _send_back(s, seat, kind, phase, answering, returned_to, returned_draw, events)
        if empty:
            # TT-END-1: the round is over; a last Calumet or Wheel does nothing
            # ([decision TT-END-1]), a Shield or Shaman has sent its draw back above.
            end_round(s, seat, events)
        else:
            if kind == CALUMET:
                _swap_hands(s, seat, target, events)
            elif kind == WHEEL:
                pass_hands(s, events)
            end_turn(s, seat, events)
    if empty:
        return
    bit = 1 << seat
    if tomahawk and len(s.hands[seat]) == 1 and not s.called & bit:
        s.called |= bit
        s.may_call &= ~bit
        events.append(TOMAHAWK_CALLED.of(seat))


def _lay_card(
    s: TomahawkState,
    seat: int,
    card: int,
    colour: int,
    target: int,
    agilite: bool,
    events: list[Event],
) -> tuple[int, int]:
    """The card leaves the hand for the discard pile; the table's flags follow. Returns what
    ``seat`` suffered last (caster, draw), which a Shaman sends back (TT-SHAMAN-1)."""
    hand = s.hands[seat]
    hand.remove(card)
    s.discard.append(card)
    s.may_call = 0  # TT-TOMA-1: the next card played closes every TOMAHAWK! window
    s.passes = 0
    s.drawn = -1
    s.last_card = card
    s.last_player = seat
    returned_to = s.suffered_from[seat]
    returned_draw = s.suffered_draw[seat]
    if returned_to != NO_RECORD:
        record(s, seat, NO_RECORD, 0)
    bit = 1 << seat
    if len(hand) == 1:
        s.ones |= bit
        s.may_call = bit
    else:
        s.ones &= ~bit
    s.called &= ~bit
    card_colour = COLOUR[card]
    if card_colour != NO_COLOUR:
        s.colour = card_colour
    elif colour >= 0:
        s.colour = colour
    if target >= 0:
        events.append(CardPlayed(seat, FACES[card], COLOUR_NAMES[s.colour], agilite, target))
    else:
        events.append(card_played(seat, card, s.colour, agilite))
    return returned_to, returned_draw


def _sheriff_effect(
    s: TomahawkState, seat: int, draw: int, phase: int, empty: bool, events: list[Event]
) -> None:
    """TT-SHERIFF-1 / TT-STACK-1 / TT-AGIL-2: a Sheriff on a pending draw adds to it."""
    total = draw + (s.pending if phase == FACE_DRAW else 0)
    nxt = advance(s, seat, events)
    if empty:
        if LAST_SHERIFF_DRAWS_AT_ONCE:
            draw_cards(s, nxt, total, "sheriff", events)
        end_round(s, seat, events)
        return
    s.pending = total
    s.caster = seat
    s.turn = nxt
    s.phase = FACE_DRAW
    events.append(SHERIFF_PENDING.of(nxt, total, seat))


def _skip_or_reverse_effect(
    s: TomahawkState, seat: int, kind: int, empty: bool, events: list[Event]
) -> None:
    """TT-SKIP-1, TT-REV-1: the next seat faces a Skip, or the direction turns."""
    if kind == REVERSE:
        s.direction = -s.direction
        events.append(DIRECTION_CHANGED.of(s.direction))
    if empty:
        end_round(s, seat, events)
        return
    if kind == SKIP or (s.players == 2 and REVERSE_SKIPS_WITH_TWO_PLAYERS):
        nxt = advance(s, seat, events)
        s.pending = 0
        s.caster = seat
        s.turn = nxt
        s.phase = FACE_SKIP
        events.append(SKIP_PENDING.of(nxt, seat))
    else:
        end_turn(s, seat, events)


def _send_back(
    s: TomahawkState,
    seat: int,
    kind: int,
    phase: int,
    answering: bool,
    returned_to: int,
    returned_draw: int,
    events: list[Event],
) -> None:
    """TT-SHIELD-1, TT-SHAMAN-1: a Shield answering an attack, or a Shaman, sends it back.

    [decision TT-SHIELD-1] A returned effect is final: resolved here at once and never
    recorded for a Shaman. [decision TT-SHAMAN-1] A Shaman with nothing to send back is an
    ordinary colourless card.
    """
    if kind == SHIELD and answering:
        caster = s.caster
        if phase == FACE_DRAW:
            events.append(EFFECT_RETURNED.of(seat, caster, "shield", s.pending))
            draw_cards(s, caster, s.pending, "returned", events)
        else:
            events.append(EFFECT_RETURNED.of(seat, caster, "shield", 0))
            s.skip_next |= 1 << caster
    elif kind == SHAMAN and returned_to != NO_RECORD:
        events.append(EFFECT_RETURNED.of(seat, returned_to, "shaman", returned_draw))
        if returned_draw:
            draw_cards(s, returned_to, returned_draw, "returned", events)
        else:
            s.skip_next |= 1 << returned_to


def _swap_hands(s: TomahawkState, seat: int, target: int, events: list[Event]) -> None:
    """TT-CALUMET-1: ``seat`` and ``target`` swap hands."""
    hands = s.hands
    hands[seat], hands[target] = hands[target], hands[seat]
    touch(s, seat)
    touch(s, target)
    events.append(HandsSwapped(seat, target))
    for t in (seat, target):
        events.append(HandReceived(t, faces(hands[t]), audience=ME[t]))
