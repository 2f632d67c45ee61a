"""Tomahawk Tribal's ``[decision]`` constants (``docs/games/tomahawk-rules.md``) and the lookup
tables derived from them that the rules read: what may be played on what, what answers a
pending draw or skip, what may be jumped on. (The action instances ``legal_actions`` hands out
are built in :mod:`engine.games.tomahawk.legal`.)"""

from __future__ import annotations

from engine.games.tomahawk.cards import (
    ALL_CARDS,
    CALUMET,
    COLOUR,
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


PLAYABLE: tuple[bytes, ...] = tuple(
    _playable_table(colour, symbol) for colour in range(4) for symbol in range(KINDS)
)
"""``PLAYABLE[colour * KINDS + MATCH_SYMBOL[top]][card]``: 1 if ``card`` may be played."""

ANSWERS_DRAW = bytes(
    1 if (DRAW_OF[c] and ANY_SHERIFF_STACKS) or KIND[c] == SHIELD else 0 for c in ALL_CARDS
)
"""``ANSWERS_DRAW[card]``: 1 if ``card`` answers a pending draw (TT-STACK-1: a Sheriff or a
Shield)."""
ANSWERS_SKIP = bytes(1 if KIND[c] == SHIELD else 0 for c in ALL_CARDS)
"""``ANSWERS_SKIP[card]``: 1 if ``card`` answers a pending skip (a Shield)."""
AGILE = bytes(0 if KIND[c] in AGILITE_FORBIDDEN else 1 for c in ALL_CARDS)
"""``AGILE[card]``: 1 if one may jump in on ``card`` with AGILITÉ! (TT-AGIL-1)."""
NEEDS_COLOUR = bytes(1 if KIND[c] == DIAMOND else 0 for c in ALL_CARDS)
"""``NEEDS_COLOUR[card]``: 1 if playing ``card`` names a colour (a Diamond)."""

SYMBOL_INDEX = {name: i for i, name in enumerate(SYMBOLS)}
"""A classic symbol's name -> its index in ``SYMBOLS`` (a combo names its symbol)."""
