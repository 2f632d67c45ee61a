"""Tamashii's events: one frozen dataclass per kind (the ``TamashiiEvent`` message).

Every event is public except :class:`Peeked`, which only the peeking seat sees (TM-MEM-1).
Gem counts are :class:`~engine.games.tamashii.cards.Gems`; a card shown to someone is its
whole face, :class:`~engine.games.tamashii.cards.CardFace` (TM-PEEK-1). Closed vocabularies
are lowercase strings, the names of the protobuf enum values:

- ``colour``: ``COLOURS`` (``TamashiiColour``);
- ``power``: ``POWERS`` (``TamashiiPower``);
- ``phase``: ``PHASES`` (``TamashiiPhase``);
- ``excess_to``: ``PILES`` (``TamashiiPile``);
- ``reason``: ``END_REASONS`` (``TamashiiEndReason``);
- ``verdict``: ``VERDICT_NAMES`` (``TamashiiVerdict``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event
from engine.games.tamashii.cards import VERDICTS, CardFace, Gems

# Phases of a turn (``TamashiiPhase``).
CHOOSE = "choose"
"""Start of a turn: PEEK or GATHER (TM-TURN-1)."""
GATHERING = "gathering"
"""Gems drawn this turn: DRAW AGAIN or PLACE them (TM-GATHER-1)."""
POWER_PEEK = "power_peek"
"""Tsuchi was just freed: the player picks the face-down card its power shows them."""
OVER = "over"
PHASES: tuple[str, ...] = (CHOOSE, GATHERING, POWER_PEEK, OVER)

# Where the excess gems of a freed card go (``TamashiiPile``).
TO_BAG = "bag"
TO_REMOVED = "removed"
PILES: tuple[str, ...] = (TO_BAG, TO_REMOVED)

# Why a match ended: ``Outcome.reason`` (capitals, the shared ``OutcomeReason``) and, in
# lowercase, the ``reason`` of :class:`MatchOver` and the view (``TamashiiEndReason``).
ALL_FREED = "ALL_FREED"
NO_CARD_CAN_BE_FREED = "NO_CARD_CAN_BE_FREED"
BAG_EXHAUSTED = "BAG_EXHAUSTED"
END_REASONS: tuple[str, ...] = (ALL_FREED, NO_CARD_CAN_BE_FREED, BAG_EXHAUSTED)

VERDICT_NAMES: tuple[str, ...] = tuple(name for _, name in VERDICTS)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """``seat`` starts a turn (after the previous turn's erosion)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SlotPeeked(Event):
    """Public: ``seat`` looked at the face-down card in ``slot`` (not what it is)."""

    seat: int
    slot: int
    by_power: bool


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    """Private to ``seat`` (TM-PEEK-1, TM-MEM-1): the whole face of the card in ``slot``."""

    seat: int
    slot: int
    card: CardFace
    by_power: bool


@dataclass(frozen=True, slots=True)
class GemDrawn(Event):
    """TM-GATHER-1: ``seat`` drew a gem of ``colour``; ``again`` after the first draw."""

    seat: int
    colour: str
    again: bool


@dataclass(frozen=True, slots=True)
class Bust(Event):
    """TM-BUST-1: a black gem; the gems drawn this turn (black included) go back."""

    seat: int
    returned: Gems


@dataclass(frozen=True, slots=True)
class GemsPlaced(Event):
    """TM-PLACE-1: ``seat`` put ``gems`` on the card in ``slot``; ``free`` if they then try
    to free it."""

    seat: int
    slot: int
    gems: Gems
    free: bool


@dataclass(frozen=True, slots=True)
class LiberationFailed(Event):
    """TM-FREE-1: the card was shown to all, its needs not covered; the gems on it
    (``discarded``) left the game and it lies face down again."""

    seat: int
    slot: int
    card: CardFace
    discarded: Gems


@dataclass(frozen=True, slots=True)
class Freed(Event):
    """TM-FREE-1: the card is freed, face up; ``excess`` gems went to ``excess_to``."""

    seat: int
    slot: int
    card: CardFace
    excess: Gems
    excess_to: str


@dataclass(frozen=True, slots=True)
class PowerApplied(Event):
    """The power of the card just freed (``card`` id) applied (never in NOVICE)."""

    seat: int
    slot: int
    card: int
    power: str
    returned_to_bag: Gems
    taken_from_bag: Gems
    peek_pending: bool


@dataclass(frozen=True, slots=True)
class GemEroded(Event):
    """TM-EROSION-1: a gem of ``colour`` left the bag at the end of a turn (``None``: the bag
    held no gem that erosion takes)."""

    colour: str | None


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Event):
    """TM-TIME-1: ``seat``'s clock ran out in ``phase``; ``returned`` went back to the bag."""

    seat: int
    phase: str
    returned: Gems


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """TM-END-1/2/3: the match ended with ``freed`` Tamashii, for ``reason`` (lowercase end
    reason), with ``verdict``."""

    freed: int
    reason: str
    verdict: str


EVENT_TYPES: tuple[type[Event], ...] = (
    TurnStarted,
    SlotPeeked,
    Peeked,
    GemDrawn,
    Bust,
    GemsPlaced,
    LiberationFailed,
    Freed,
    PowerApplied,
    GemEroded,
    TurnTimedOut,
    MatchOver,
)
"""Every event class, in the order of the ``TamashiiEvent`` oneof."""


@dataclass(frozen=True, slots=True)
class TamashiiOutcome:
    """``Outcome.detail``: Tamashii freed, the level played and the verdict (TM-END-2)."""

    freed: int
    level: str
    verdict: str
