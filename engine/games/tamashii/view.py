"""What one seat of a Tamashii match, or a spectator, may see."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.games.tamashii.cards import (
    FACES,
    CardFace,
    Gems,
)
from engine.games.tamashii.state import SLOTS, TamashiiState

# --------------------------------------------------------------------------------------------
# View
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SlotView:
    """One of the six places on the table.

    ``card`` is set only when the card is face up (freed). ``peeked_by`` lists the seats that
    have looked at this slot (public: everyone sees who peeks where, not what they saw).
    """

    slot: int
    face_up: bool
    card: CardFace | None
    gems: Gems
    peeked_by: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KnownCard:
    """A face-down card the viewer has seen (memory aid only)."""

    slot: int
    card: CardFace


@dataclass(frozen=True, slots=True)
class TamashiiView:
    """What one seat (or a spectator) sees. Never the RNG, never a face-down card, except
    with ``memory_aid``: ``my_peeks`` (the viewer's own peeks) and ``seen_by_all`` (cards
    shown by a failed liberation), both for cards still face down. ``end_reason`` and
    ``verdict`` are ``""`` while the match runs."""

    level: str
    memory_aid: bool
    powers_active: bool
    black_is_wild: bool
    players: int
    turn: int
    phase: str
    slots: tuple[SlotView, ...]
    bag: Gems
    drawn: Gems
    removed: Gems
    freed: int
    end_reason: str
    verdict: str
    my_peeks: tuple[KnownCard, ...]
    seen_by_all: tuple[KnownCard, ...]


def gems(counts: Sequence[int]) -> Gems:
    """Per-colour counts (blue, red, yellow, black) as :class:`Gems`."""
    return Gems(counts[0], counts[1], counts[2], counts[3])


def known_cards(state: TamashiiState, mask: int) -> tuple[KnownCard, ...]:
    """The faces of the unfreed slots in the bit mask ``mask`` (what a seat has seen)."""
    return tuple(
        KnownCard(s, FACES[state.cards[s]])
        for s in range(SLOTS)
        if mask >> s & 1 and not state.freed[s]
    )
