"""Tamashii's match state (one dataclass, stored by :mod:`engine.codec`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.codec import stored_as
from engine.core import (
    State,
)
from engine.rng import Rng

SLOTS = 6
"""Number of card slots on the table (TM-SETUP-1)."""


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


def _same(value: str) -> str:
    return value


def _lower(stored: str) -> str:
    return str(stored).lower()  # states stored before the vocabularies were lower case


@dataclass(eq=True, repr=False, slots=True)
class TamashiiState(State):
    """The whole match. Gem counts are lists indexed by colour (blue, red, yellow, black).

    ``cards[slot]`` is the card id in each slot (secret while face down); ``on_cards`` holds
    the gems on the cards, flat: slot ``s`` colour ``c`` is ``on_cards[4 * s + c]``.
    ``peeked[seat]`` and ``revealed`` are bit masks of slots: the slots each seat has looked
    at, and the slots shown to everyone by a liberation attempt (TM-MEM-1).
    """

    version: int
    rng: Rng
    players: int
    level: str = field(metadata=stored_as(_same, _lower))
    memory_aid: bool
    cards: list[int]
    freed: list[bool]
    on_cards: list[int]
    bag: list[int]
    drawn: list[int]
    removed: list[int]
    turn: int
    phase: str = field(metadata=stored_as(_same, _lower))
    peeked: list[int]
    revealed: int
    end_reason: str

    # -- small readers used by the rules and the tests ---------------------------------------

    def gems_on(self, slot: int) -> list[int]:
        """The gems on the card in ``slot``, per colour."""
        return self.on_cards[4 * slot : 4 * slot + 4]

    @property
    def freed_count(self) -> int:
        return sum(self.freed)
