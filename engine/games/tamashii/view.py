"""What one seat of a Tamashii match, or a spectator, may see."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.games.tamashii.cards import (
    FACES,
    NOVICE,
    CardFace,
    Gems,
    verdict,
)
from engine.games.tamashii.events import OVER
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


def _known_cards(state: TamashiiState, mask: int) -> tuple[KnownCard, ...]:
    """The faces of the unfreed slots in the bit mask ``mask`` (what a seat has seen)."""
    return tuple(
        KnownCard(s, FACES[state.cards[s]])
        for s in range(SLOTS)
        if mask >> s & 1 and not state.freed[s]
    )


def view(state: TamashiiState, seat: int | None) -> TamashiiView:
    """What ``seat`` (``None``: a spectator) may see: the table's slots (a card's face once
    freed, who peeked where), the gems, and with the memory aid the cards it has seen."""
    slots = tuple(
        SlotView(
            slot=s,
            face_up=state.freed[s],
            card=FACES[state.cards[s]] if state.freed[s] else None,
            gems=gems(state.on_cards[4 * s : 4 * s + 4]),
            peeked_by=tuple(p for p in range(state.players) if state.peeked[p] >> s & 1),
        )
        for s in range(SLOTS)
    )
    my_peeks: tuple[KnownCard, ...] = ()
    seen_by_all: tuple[KnownCard, ...] = ()
    if state.memory_aid:
        if seat is not None:
            my_peeks = _known_cards(state, state.peeked[seat])
        seen_by_all = _known_cards(state, state.revealed)
    return TamashiiView(
        level=state.level,
        memory_aid=state.memory_aid,
        powers_active=state.level != NOVICE,
        black_is_wild=state.level == NOVICE,
        players=state.players,
        turn=state.turn,
        phase=state.phase,
        slots=slots,
        bag=gems(state.bag),
        drawn=gems(state.drawn),
        removed=gems(state.removed),
        freed=state.freed_count,
        end_reason=state.end_reason.lower(),
        verdict=verdict(state.freed_count) if state.phase == OVER else "",
        my_peeks=my_peeks,
        seen_by_all=seen_by_all,
    )
