"""Tamashii's actions (small frozen dataclasses) and the errors that refuse them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import (
    IllegalAction,
)

# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Peek:
    """TM-PEEK-1: look at the face-down card in ``slot``; this is the whole turn."""

    slot: int


@dataclass(frozen=True, slots=True)
class Gather:
    """TM-GATHER-1: start the turn by drawing one gem from the bag."""


@dataclass(frozen=True, slots=True)
class DrawAgain:
    """TM-GATHER-1: draw one more gem (only after :class:`Gather`)."""


@dataclass(frozen=True, slots=True)
class Place:
    """Put every gem drawn this turn on the face-down card in ``slot``; with ``free``, then
    try to free it (TM-FREE-1). Ends the turn (after Tsuchi's peek if it is freed)."""

    slot: int
    free: bool = False


@dataclass(frozen=True, slots=True)
class PowerPeek:
    """Tsuchi's PEEK power: look at the face-down card in ``slot``."""

    slot: int


TamashiiAction = Peek | Gather | DrawAgain | Place | PowerPeek
ACTION_TYPES = (Peek, Gather, DrawAgain, Place, PowerPeek)
"""Every Tamashii action class (the game's ``action_types``)."""


# --------------------------------------------------------------------------------------------
# Errors (stable reasons; messages name slots, never a face-down card)
# --------------------------------------------------------------------------------------------


class NoSuchSlot(IllegalAction):
    reason = "NO_SUCH_SLOT"


class SlotFaceUp(IllegalAction):
    reason = "SLOT_FACE_UP"


class BagEmpty(IllegalAction):
    reason = "BAG_EMPTY"


class NothingDrawn(IllegalAction):
    reason = "NOTHING_DRAWN"


class MustPlace(IllegalAction):
    reason = "MUST_PLACE"


class AlreadyGathering(IllegalAction):
    reason = "ALREADY_GATHERING"


class PowerPending(IllegalAction):
    reason = "POWER_PENDING"


class NoPowerPending(IllegalAction):
    reason = "NO_POWER_PENDING"
