"""Tomahawk Tribal's actions (small frozen dataclasses) and the errors that refuse them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import (
    IllegalAction,
)

# --------------------------------------------------------------------------------------------
# Actions (frozen, slotted, protobuf-friendly: int / str / bool / None fields)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` on your turn (also: answer a pending Sheriff or Skip, play a drawn card).

    ``colour`` names the new colour after a Diamond (required then, refused otherwise);
    ``target`` is the seat a Calumet swaps hands with; ``tomahawk`` calls TOMAHAWK! with the
    play when it leaves you exactly one card (ignored otherwise).
    """

    card: int
    colour: str | None = None
    target: int | None = None
    tomahawk: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card because nothing in hand can be played (TT-TURN-3)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the playable card just drawn and end the turn (TT-TURN-3)."""


@dataclass(frozen=True, slots=True)
class TakePendingDraw:
    """Draw the whole pending Sheriff total; the turn ends (TT-STACK-1)."""


@dataclass(frozen=True, slots=True)
class TakeSkip:
    """Accept the pending Skip: the turn is lost (TT-SKIP-1)."""


@dataclass(frozen=True, slots=True)
class NameColour:
    """Name the current colour when the round's first card is colourless (TT-SETUP-2)."""

    colour: str


@dataclass(frozen=True, slots=True)
class Combo:
    """COMBO!: play one classic ``symbol`` in all four colours and name ``colour`` (TT-COMBO-1;
    [decision TT-COMBO-1]: only the classic ``SYMBOLS``)."""

    symbol: str
    colour: str
    tomahawk: bool = False


@dataclass(frozen=True, slots=True)
class Agilite:
    """AGILITÉ!: out of turn, play a card identical to the one just played (TT-AGIL-1).

    A card that is not identical is a bad-faith claim: refused, and the caller draws
    ``BAD_FAITH_PENALTY`` cards (TT-FAIR-1).
    """

    card: int
    colour: str | None = None
    tomahawk: bool = False


@dataclass(frozen=True, slots=True)
class CallTomahawk:
    """TOMAHAWK!: announce your last card (TT-TOMA-1)."""


@dataclass(frozen=True, slots=True)
class CallSherif:
    """SHÉRIF!: catch ``target``, who holds one card and did not call TOMAHAWK! (TT-TOMA-2)."""

    target: int


@dataclass(frozen=True, slots=True)
class NextRound:
    """Done reading the round's scores: deal the next round once every seat has pressed it
    (TT-PAUSE-1). Only while the table rests between rounds (phase ``round_over``)."""


TomahawkAction = (
    PlayCard
    | Draw
    | Pass
    | TakePendingDraw
    | TakeSkip
    | NameColour
    | Combo
    | Agilite
    | CallTomahawk
    | CallSherif
    | NextRound
)
"""Every Tomahawk Tribal action (the :class:`engine.core.Game` action type)."""

ACTION_TYPES: tuple[type, ...] = (
    PlayCard,
    Draw,
    Pass,
    TakePendingDraw,
    TakeSkip,
    NameColour,
    Combo,
    Agilite,
    CallTomahawk,
    CallSherif,
    NextRound,
)

# --------------------------------------------------------------------------------------------
# Errors: each has a stable reason; messages never name a card the actor cannot see
# --------------------------------------------------------------------------------------------


class CardNotInHand(IllegalAction):
    reason = "CARD_NOT_IN_HAND"


class CardDoesNotMatch(IllegalAction):
    reason = "CARD_DOES_NOT_MATCH"


class NotNow(IllegalAction):
    """The action does not fit the moment (``MUST_PLAY_OR_DRAW``, ``MUST_NAME_COLOUR``...)."""

    reason = "NOT_NOW"


class BadChoice(IllegalAction):
    """A colour, target or symbol that is missing, unknown or not wanted."""

    reason = "BAD_CHOICE"


class CallRefused(IllegalAction):
    """An out-of-turn call that is not allowed (but is no bad faith either)."""

    reason = "CALL_REFUSED"
