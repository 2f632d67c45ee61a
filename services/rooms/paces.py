"""A room's pace: live (clocks in seconds, the game's options) or turn-based (a decision
limit of minutes to days, an optional time bank per seat). Pure: no Redis, no gRPC; the time
is given.

A turn-based room differs from a live one in four ways, each a small hook elsewhere:

- **clocks** (:func:`clock_seconds`, called by ``services.rooms.clocks.compute_deadlines``): every
  decision clock is the room's ``decision`` plus what is left of the seat's time bank; a rest
  clock (``ClockSpec.rest``) keeps the game's option (when 0: the decision limit);
- **the bank** (:func:`spend_bank`, called by ``services.rooms.planning.plan_action``): a decision
  that took longer than the limit draws the difference from the seat's bank; a timeout
  empties it;
- **no pause**: its clocks run whether its players are connected or not
  (``services.rooms.server_moves.run_due``), and a bot takes a seat over only after
  ``GameInfo.turn_based_takeover`` timeouts in a row (at least 2);
- **lifetime** (:func:`room_ttl`): the room's keys live as long as its next decision can
  take (plus a day), renewed by every change, timeouts included, and never beyond
  :data:`MAX_LIFETIME_SECONDS` after its creation.

>>> pace = PaceRecord(Pace.TURN_BASED, decision=3600.0, bank=600.0)
>>> clock_seconds(pace, rest=False, option_seconds=30.0, bank_left=600.0)
4200.0
>>> spend_bank(pace, bank_left=600.0, took=3900.0)
300.0
"""

from __future__ import annotations

import enum
import os
from collections.abc import Mapping
from dataclasses import dataclass

from services import errors

MINUTE = 60.0
DAY = 24 * 3600.0

MIN_DECISION_SECONDS = 5 * MINUTE
MAX_DECISION_SECONDS = 14 * DAY
DEFAULT_DECISION_SECONDS = DAY
MAX_BANK_SECONDS = 14 * DAY
MAX_LIFETIME_SECONDS = float(os.environ.get("CERCLE_TURN_BASED_MAX_DAYS", "180")) * DAY
"""How long a turn-based room lives at most after its creation (a running match is then
deleted): docs/operations.md."""
OPEN_TURN_BASED_TTL_SECONDS = 7 * int(DAY)
"""How long an open turn-based room waits for its players (a live one: an hour)."""
TURN_BASED_ROOMS_PER_PLAYER = int(os.environ.get("CERCLE_TURN_BASED_ROOMS_PER_PLAYER", "30"))
"""Turn-based rooms not yet over one player may sit in at once (0: no limit)."""
MIN_TURN_BASED_TAKEOVER = 2
"""A bot never takes a turn-based seat after one missed decision."""


class Pace(enum.StrEnum):
    LIVE = "live"
    TURN_BASED = "turn_based"


@dataclass(frozen=True, slots=True)
class PaceRecord:
    """A room's pace as stored (the room hash's ``pace`` field; absent: live)."""

    pace: Pace = Pace.LIVE
    decision: float = 0.0
    """Turn-based: seconds per decision."""
    bank: float = 0.0
    """Turn-based: seconds of time bank each seat starts the match with."""

    @property
    def turn_based(self) -> bool:
        return self.pace is Pace.TURN_BASED


LIVE = PaceRecord()


def is_turn_based(pace: PaceRecord | None) -> bool:
    return pace is not None and pace.turn_based


def check_pace(pace: Pace, decision: float | None, bank: float | None) -> PaceRecord:
    """The pace a room is created with, or the INVALID_PACE error naming the field at fault.

    >>> check_pace(Pace.TURN_BASED, None, None).decision
    86400.0
    >>> check_pace(Pace.LIVE, 600.0, None)
    Traceback (most recent call last):
    ...
    services.errors.RoomError: INVALID_PACE: a live room has no decision limit: make it turn-based
    """
    if pace is Pace.LIVE:
        if decision is not None:
            raise _invalid(
                "pace.decision_limit", "a live room has no decision limit: make it turn-based"
            )
        if bank is not None:
            raise _invalid("pace.time_bank", "a live room has no time bank: make it turn-based")
        return LIVE
    seconds = DEFAULT_DECISION_SECONDS if decision is None else decision
    if not MIN_DECISION_SECONDS <= seconds <= MAX_DECISION_SECONDS:
        raise _invalid(
            "pace.decision_limit",
            f"a decision limit goes from {_span(MIN_DECISION_SECONDS)} to "
            f"{_span(MAX_DECISION_SECONDS)}",
        )
    banked = 0.0 if bank is None else bank
    if not 0 <= banked <= MAX_BANK_SECONDS:
        raise _invalid("pace.time_bank", f"a time bank goes up to {_span(MAX_BANK_SECONDS)}")
    return PaceRecord(Pace.TURN_BASED, float(seconds), float(banked))


def takeover_after(pace: PaceRecord, requested: int | None, game_default: int, live: int) -> int:
    """The room's ``takeover_after``: as requested, else the game's turn-based value (a
    turn-based room) or the live default. In a turn-based room 1 is refused."""
    if not pace.turn_based:
        return live if requested is None else requested
    if requested is None:
        return max(game_default, MIN_TURN_BASED_TAKEOVER)
    if requested != 0 and requested < MIN_TURN_BASED_TAKEOVER:
        raise _invalid(
            "takeover_after",
            "in a turn-based room a bot takes a seat over after 2 timeouts in a row at least "
            "(0: never)",
        )
    return requested


def clock_seconds(
    pace: PaceRecord, *, rest: bool, option_seconds: float, bank_left: float
) -> float:
    """How long a clock runs: live, the game's option; turn-based, the decision limit and
    the seat's bank (a rest keeps its option, or the limit when the option is 0)."""
    if not pace.turn_based:
        return option_seconds
    if rest:
        return option_seconds if option_seconds > 0 else pace.decision
    return pace.decision + max(0.0, bank_left)


def bank_left(pace: PaceRecord, banks: Mapping[int, float], seat: int) -> float:
    return banks.get(seat, pace.bank) if pace.turn_based else 0.0


def spend_bank(pace: PaceRecord, *, bank_left: float, took: float) -> float:
    """The seat's bank after a decision that took ``took`` seconds."""
    return max(0.0, bank_left - max(0.0, took - pace.decision))


def room_ttl(pace: PaceRecord, created: float, now: float) -> int:
    """Seconds a turn-based room's keys live after a change: its longest next decision and
    a day, but never beyond :data:`MAX_LIFETIME_SECONDS` after ``created`` (at least 1)."""
    wanted = pace.decision + pace.bank + DAY
    left = created + MAX_LIFETIME_SECONDS - now
    return max(1, int(min(wanted, left)))


def _span(seconds: float) -> str:
    if seconds >= DAY:
        return f"{seconds / DAY:g} days"
    return f"{seconds / MINUTE:g} minutes"


def _invalid(field: str, message: str) -> errors.RoomError:
    return errors.invalid(field, message, "INVALID_PACE")
