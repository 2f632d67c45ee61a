"""Tomahawk Tribal's ``[decision]`` constants (``docs/games/tomahawk-rules.md``) and the lookup
tables the rules read: what may be played on what, and the action instances ``legal_actions``
shares between calls."""

from __future__ import annotations

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
    COLOUR,
    COLOUR_NAMES,
    DIAMOND,
    DRAW_OF,
    KIND,
    KINDS,
    MATCH_SYMBOL,
    NO_COLOUR,
    SHIELD,
    SYMBOLS,
    WHEEL,
)

# --------------------------------------------------------------------------------------------
# Table size, deal and the decisions of the rules file (each one named, TT-… in brackets)
# --------------------------------------------------------------------------------------------

MIN_PLAYERS = 2
MAX_PLAYERS = 8
"""[decision TT-SETUP-1] 2 to 8 players."""

HAND_SIZE = 8
"""TT-SETUP-1: cards dealt to each player."""

DEFAULT_TARGET_SCORE = 250
"""TT-GOAL-2: the match ends after the round in which a total reaches this (option)."""

DEFAULT_TURN_SECONDS = 30
"""TT-TURN-5: seconds per turn (option ``turn_seconds``; 0 = no clock)."""

DEFAULT_PAUSE_SECONDS = 20
"""[decision TT-PAUSE-1] Seconds the table rests after a round to read the scores (option
``pause_seconds``, 0 to 120; 0 = no rest, the next round is dealt at once)."""

MAX_PAUSE_SECONDS = 120
DEFAULT_REACTION_SECONDS = 2
"""TT-AGIL-1, TT-TOMA-1 at a table with people and bots: seconds a bot waits at least after a
card is played before it jumps in or plays on, and this plus one after a person went down to
one card before it calls SHÉRIF! (option ``reaction_seconds``; the services apply it). A
person needs about 1 to 1.5 s to see a chance and click; 2 s leaves them a margin over a
network without making the bots sluggish."""

MAX_REACTION_SECONDS = 10
"""The largest ``reaction_seconds`` a room may ask for."""

SHERIF_EXTRA_SECONDS = 1
"""The second a bot's SHÉRIF! on a person waits beyond ``reaction_seconds``: the person
must first notice their own last card and call TOMAHAWK!."""

RANDOM_FIRST_PLAYER = -1
"""[decision TT-SETUP-3] ``first_player`` = -1: the seeded RNG picks the first round's starter."""

COLOURLESS_PLAY_ON_ANYTHING = True
"""[decision TT-TURN-1] Diamond, Calumet, Shaman and Wheel may be played on any card."""

DRAW_ONLY_WHEN_STUCK = True
"""[decision TT-TURN-3] A player may draw only when no card in hand can be played."""

MAY_PLAY_DRAWN_CARD = True
"""[decision TT-TURN-3] A drawn card that can be played may be played at once (or kept)."""

BLOCKED_ROUND_STARTER_FEWEST_POINTS = True
"""[decision TT-TURN-4] After a blocked round (every player passed in a row on empty piles),
the player with the fewest points in hand starts the next round (ties: lowest seat)."""

ANY_SHERIFF_STACKS = True
"""[decision TT-STACK-1] Any Sheriff (any colour, any N) answers a pending draw."""

TAKING_THE_DRAW_ENDS_THE_TURN = True
"""[decision TT-STACK-1] Drawing a pending total ends the turn (as UNO's Draw Two)."""

REVERSE_SKIPS_WITH_TWO_PLAYERS = True
"""[decision TT-REV-1] With two players a Reverse acts as a Skip (and can be Shielded)."""

FIRST_REVERSE_OTHER_SIDE_STARTS = True
"""[decision TT-SETUP-2] A Reverse turned up first: the play goes counter-clockwise and the
starter's other neighbour (seat before the starter) plays first. With two players it is a
Skip on the starter (``REVERSE_SKIPS_WITH_TWO_PLAYERS``)."""


SHIELD_AS_ORDINARY_CARD = True
"""[decision TT-SHIELD-2] A Shield may be played on its colour or on a Shield, without effect."""


BAD_FAITH_PENALTY = 2
"""[decision TT-FAIR-1] Cards drawn by a player whose SHÉRIF! or AGILITÉ claim was bad faith;
the claim itself is rejected (no card moves but the penalty)."""

SHERIF_CALL_DRAW = 1
"""TT-TOMA-2: cards drawn by a player caught by SHÉRIF!."""

AGILITE_FORBIDDEN: frozenset[int] = frozenset((WHEEL, CALUMET))
"""TT-AGIL-1: kinds nobody may jump in with."""


LAST_SHERIFF_DRAWS_AT_ONCE = True
"""[decision TT-END-1] A Sheriff that empties a hand: the next player draws the pending total
at once (no stacking, no Shield) before the hands are scored."""

TARGET_SCORE = "TARGET_SCORE"
"""``Outcome.reason`` of a finished match (TT-GOAL-2)."""


# --------------------------------------------------------------------------------------------
# Precomputed tables for the hot loops
# --------------------------------------------------------------------------------------------


def _playable_table(colour: int, top_symbol: int) -> bytes:
    return bytes(
        1
        if (
            (COLOUR[c] == NO_COLOUR and COLOURLESS_PLAY_ON_ANYTHING)
            or COLOUR[c] == colour
            or MATCH_SYMBOL[c] == top_symbol
        )
        and (SHIELD_AS_ORDINARY_CARD or KIND[c] != SHIELD)
        else 0
        for c in ALL_CARDS
    )


_PLAYABLE: tuple[bytes, ...] = tuple(
    _playable_table(colour, symbol) for colour in range(4) for symbol in range(KINDS)
)
"""``_PLAYABLE[colour * KINDS + MATCH_SYMBOL[top]][card]``: 1 if ``card`` may be played."""

_ANSWERS_DRAW = bytes(
    1 if (DRAW_OF[c] and ANY_SHERIFF_STACKS) or KIND[c] == SHIELD else 0 for c in ALL_CARDS
)
_ANSWERS_SKIP = bytes(1 if KIND[c] == SHIELD else 0 for c in ALL_CARDS)
_AGILE = bytes(0 if KIND[c] in AGILITE_FORBIDDEN else 1 for c in ALL_CARDS)
_NEEDS_COLOUR = bytes(1 if KIND[c] == DIAMOND else 0 for c in ALL_CARDS)


def _play_options(card: int, tomahawk: bool) -> tuple[PlayCard, ...] | None:
    if KIND[card] in (CALUMET, WHEEL):
        return None  # depends on the seat and the table: built on demand
    flags = (False, True) if tomahawk else (False,)
    if KIND[card] == DIAMOND:
        return tuple(PlayCard(card, colour, None, t) for t in flags for colour in COLOUR_NAMES)
    return tuple(PlayCard(card, None, None, t) for t in flags)


_PLAY_OPTS = tuple(_play_options(c, False) for c in ALL_CARDS)
_PLAY_OPTS_T = tuple(_play_options(c, True) for c in ALL_CARDS)


def _targeted_options(card: int) -> tuple[tuple[PlayCard, PlayCard], ...]:
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


_SPECIAL_OPTS = tuple(_targeted_options(c) for c in ALL_CARDS)
"""``_SPECIAL_OPTS[card][target]``: the (plain, TOMAHAWK!) plays of a Calumet or a Wheel
(``target`` 0), which :func:`~engine.games.tomahawk.rules._special_options` picks from."""


def _agilite_options(card: int, tomahawk: bool) -> tuple[Agilite, ...]:
    flags = (False, True) if tomahawk else (False,)
    if KIND[card] == DIAMOND:
        return tuple(Agilite(card, colour, t) for t in flags for colour in COLOUR_NAMES)
    return tuple(Agilite(card, None, t) for t in flags)


_AGIL_OPTS = tuple(_agilite_options(c, False) for c in ALL_CARDS)
_AGIL_OPTS_T = tuple(_agilite_options(c, True) for c in ALL_CARDS)

_COMBO_OPTS = tuple(
    tuple(Combo(SYMBOLS[s], colour, False) for colour in COLOUR_NAMES) for s in range(CLASSIC_KINDS)
)
_COMBO_OPTS_T = tuple(
    tuple(Combo(SYMBOLS[s], colour, t) for t in (False, True) for colour in COLOUR_NAMES)
    for s in range(CLASSIC_KINDS)
)
_SYMBOL_INDEX = {name: i for i, name in enumerate(SYMBOLS)}

_DRAW = Draw()
_PASS = Pass()
_TAKE_DRAW = TakePendingDraw()
_TAKE_SKIP = TakeSkip()
_CALL_TOMAHAWK = CallTomahawk()
_NAME_COLOUR = [NameColour(colour) for colour in COLOUR_NAMES]
_CALL_SHERIF = tuple(CallSherif(t) for t in range(MAX_PLAYERS))
