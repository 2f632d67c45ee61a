"""Tomahawk Tribal's legal actions: what a seat may do now, from tables of action instances
built once (every card's plays, jump-ins and combos) that :meth:`TomahawkGame.legal_actions
<engine.games.tomahawk.rules.TomahawkGame.legal_actions>` and ``calls`` share between calls."""

from __future__ import annotations

from typing import Any

from engine.games.tomahawk.actions import (
    Agilite,
    CallSherif,
    CallTomahawk,
    Combo,
    Draw,
    NameColour,
    Pass,
    PlayCard,
    TakePendingDraw,
    TakeSkip,
)
from engine.games.tomahawk.cards import (
    ALL_CARDS,
    CALUMET,
    CLASSIC_KINDS,
    COLOUR_NAMES,
    COMBO_BIT,
    COMBO_LOW_BITS,
    DIAMOND,
    FACE,
    KIND,
    KINDS,
    MATCH_SYMBOL,
    SYMBOLS,
    WHEEL,
)
from engine.games.tomahawk.decisions import (
    AGILE,
    ANSWERS_DRAW,
    ANSWERS_SKIP,
    DRAW_ONLY_WHEN_STUCK,
    MAX_PLAYERS,
    PLAYABLE,
)
from engine.games.tomahawk.state import DRAWN, FACE_DRAW, FACE_SKIP, PLAY, TomahawkState

# --------------------------------------------------------------------------------------------
# Every card's action instances, built once
# --------------------------------------------------------------------------------------------


def _card_plays(card: int, tomahawk: bool) -> tuple[PlayCard, ...] | None:
    if KIND[card] in (CALUMET, WHEEL):
        return None  # depends on the seat and the table: built on demand
    flags = (False, True) if tomahawk else (False,)
    if KIND[card] == DIAMOND:
        return tuple(PlayCard(card, colour, None, t) for t in flags for colour in COLOUR_NAMES)
    return tuple(PlayCard(card, None, None, t) for t in flags)


PLAY_OPTS = tuple(_card_plays(c, False) for c in ALL_CARDS)
PLAY_OPTS_T = tuple(_card_plays(c, True) for c in ALL_CARDS)
"""``PLAY_OPTS[card]``: the card's plays (one per colour a Diamond may name), ``None`` for a
Calumet or a Wheel (:data:`SPECIAL_OPTS`); ``PLAY_OPTS_T`` adds each with TOMAHAWK!, for the
hand a play leaves with one card."""


def _targeted_plays(card: int) -> tuple[tuple[PlayCard, PlayCard], ...]:
    """A Calumet's plays by target seat, each without and with TOMAHAWK!; a Wheel's one play
    (target ``None``) at index 0; nothing for the other cards."""
    if KIND[card] == CALUMET:
        return tuple(
            (PlayCard(card, None, t, False), PlayCard(card, None, t, True))
            for t in range(MAX_PLAYERS)
        )
    if KIND[card] == WHEEL:
        return ((PlayCard(card, None, None, False), PlayCard(card, None, None, True)),)
    return ()


SPECIAL_OPTS = tuple(_targeted_plays(c) for c in ALL_CARDS)
"""``SPECIAL_OPTS[card][target]``: the (plain, TOMAHAWK!) plays of a Calumet or a Wheel
(``target`` 0), which :func:`special_options` picks from."""


def _agilite_plays(card: int, tomahawk: bool) -> tuple[Agilite, ...]:
    flags = (False, True) if tomahawk else (False,)
    if KIND[card] == DIAMOND:
        return tuple(Agilite(card, colour, t) for t in flags for colour in COLOUR_NAMES)
    return tuple(Agilite(card, None, t) for t in flags)


AGIL_OPTS = tuple(_agilite_plays(c, False) for c in ALL_CARDS)
AGIL_OPTS_T = tuple(_agilite_plays(c, True) for c in ALL_CARDS)
"""``AGIL_OPTS[card]``: the AGILITÉ! jump-ins with the card (``AGIL_OPTS_T``: with TOMAHAWK!
too)."""

COMBO_OPTS = tuple(
    tuple(Combo(SYMBOLS[s], colour, False) for colour in COLOUR_NAMES) for s in range(CLASSIC_KINDS)
)
COMBO_OPTS_T = tuple(
    tuple(Combo(SYMBOLS[s], colour, t) for t in (False, True) for colour in COLOUR_NAMES)
    for s in range(CLASSIC_KINDS)
)
"""``COMBO_OPTS[symbol]``: the combos of a classic symbol, one per colour named (the ``_T``
tables add the same with TOMAHAWK!, for a hand that a play leaves with one card)."""

DRAW = Draw()
PASS = Pass()
TAKE_DRAW = TakePendingDraw()
TAKE_SKIP = TakeSkip()
CALL_TOMAHAWK = CallTomahawk()
NAME_COLOURS = [NameColour(colour) for colour in COLOUR_NAMES]
CALL_SHERIF = tuple(CallSherif(t) for t in range(MAX_PLAYERS))
"""``CALL_SHERIF[target]``: SHÉRIF! on that seat."""


# --------------------------------------------------------------------------------------------
# What a seat may do now
# --------------------------------------------------------------------------------------------


def plays_normally(s: TomahawkState, card: int) -> bool:
    """Whether the seat whose turn it is may play ``card`` as an ordinary play now (the
    checks of :func:`~engine.games.tomahawk.play._on_play_card`, without its errors)."""
    phase = s.phase
    if phase == PLAY:
        return bool(PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]][card])
    if phase == FACE_DRAW:
        return bool(ANSWERS_DRAW[card])
    if phase == FACE_SKIP:
        return bool(ANSWERS_SKIP[card])
    if phase == DRAWN:
        return card == s.drawn
    return False


def turn_options(s: TomahawkState, seat: int) -> list[Any]:
    """What the seat whose turn it is may do outside the PLAY phase."""
    phase = s.phase
    hand = s.hands[seat]
    opts = PLAY_OPTS_T if len(hand) == 2 else PLAY_OPTS
    out: list[Any] = []
    if phase == FACE_DRAW:
        for c in hand:
            if ANSWERS_DRAW[c]:
                out += opts[c]  # type: ignore[arg-type]
        out.append(TAKE_DRAW)
    elif phase == FACE_SKIP:
        for c in hand:
            if ANSWERS_SKIP[c]:
                out += opts[c]  # type: ignore[arg-type]
        out.append(TAKE_SKIP)
    elif phase == DRAWN:
        c = s.drawn
        o = opts[c]
        out += special_options(s, seat, c) if o is None else o
        out.append(PASS)
    else:  # NAME_COLOUR
        out += NAME_COLOURS
    return out


def play_phase_options(s: TomahawkState, seat: int) -> list[Any]:
    """TT-TURN-1/3, TT-COMBO-1: the playable cards, the combos, or the draw."""
    hand = s.hands[seat]
    table = PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]]
    opts = PLAY_OPTS_T if len(hand) == 2 else PLAY_OPTS
    out: list[Any] = []
    for c in hand:
        if table[c]:
            o = opts[c]
            out += special_options(s, seat, c) if o is None else o
    if out and len(hand) >= 4:
        bits = 0
        for c in hand:
            bits |= COMBO_BIT[c]
        full = bits & (bits >> 1) & (bits >> 2) & (bits >> 3) & COMBO_LOW_BITS
        if full:
            combos = COMBO_OPTS_T if len(hand) == 5 else COMBO_OPTS
            for symbol in range(CLASSIC_KINDS):
                if full >> (4 * symbol) & 1:
                    out += combos[symbol]
    if not out or not DRAW_ONLY_WHEN_STUCK:
        out.append(DRAW)
    return out


def agilite_options(s: TomahawkState, seat: int, *, own_turn: bool = False) -> list[Any]:
    """TT-AGIL-1: the cards of ``seat`` identical to the one just played, jumping in. Out
    of turn, every one; on ``seat``'s own turn, only those the pending effect forbids
    playing normally (a Skip faced with its twin): its holder always has a way to play it."""
    out: list[Any] = []
    last = s.last_card
    if last >= 0 and seat != s.last_player and AGILE[last]:
        face = FACE[last]
        hand = s.hands[seat]
        opts_a = AGIL_OPTS_T if len(hand) == 2 else AGIL_OPTS
        for c in hand:
            if FACE[c] == face and not (own_turn and plays_normally(s, c)):
                out += opts_a[c]
    return out


def add_calls(s: TomahawkState, seat: int, out: list[Any]) -> None:
    """TT-TOMA-1/2: TOMAHAWK! for my own exposed last card, SHÉRIF! on everyone else's."""
    exposed = s.ones & ~s.called
    if exposed >> seat & 1:
        if s.may_call >> seat & 1:
            out.append(CALL_TOMAHAWK)
        exposed &= ~(1 << seat)
    t = 0
    while exposed:
        if exposed & 1:
            out.append(CALL_SHERIF[t])
        exposed >>= 1
        t += 1


def special_options(s: TomahawkState, seat: int, card: int) -> list[PlayCard]:
    """Play options of a Calumet (one per target) or a Wheel, with TOMAHAWK! when it fits."""
    hands = s.hands
    plays = SPECIAL_OPTS[card]
    if KIND[card] == CALUMET:
        out = []
        keeps_cards = len(hands[seat]) > 1
        for t in range(s.players):
            if t != seat:
                plain, calling = plays[t]
                out.append(plain)
                if keeps_cards and len(hands[t]) == 1:
                    out.append(calling)
        return out
    # Wheel: you end with the hand of the seat before you.
    before = (seat - s.direction) % s.players
    if len(hands[seat]) > 1 and len(hands[before]) == 1:
        return list(plays[0])
    return [plays[0][0]]
