"""A room's pace (``services.rooms.paces``) to and from the contract's ``RoomPace`` and
``TurnBasedInfo`` (``pace.proto``)."""

from __future__ import annotations

from typing import Any

from cercle.v1 import pace_pb2

from services import errors
from services.rooms.paces import (
    DEFAULT_DECISION_SECONDS,
    LIVE,
    MAX_BANK_SECONDS,
    MAX_DECISION_SECONDS,
    MAX_LIFETIME_SECONDS,
    MIN_DECISION_SECONDS,
    MIN_TURN_BASED_TAKEOVER,
    TURN_BASED_ROOMS_PER_PLAYER,
    Pace,
    PaceRecord,
    check_pace,
)


def from_request(request: Any) -> PaceRecord:
    """The pace of a CreateRoomRequest or QuickMatchRequest (its ``pace`` field, a
    ``RoomPace``), checked (INVALID_PACE naming the field at fault)."""
    if not request.HasField("pace"):
        return LIVE
    message = request.pace
    if message.pace not in (
        pace_pb2.PACE_UNSPECIFIED,
        pace_pb2.PACE_LIVE,
        pace_pb2.PACE_TURN_BASED,
    ):
        raise _invalid_pace("pace.pace", "pace is PACE_LIVE or PACE_TURN_BASED")
    kind = Pace.TURN_BASED if message.pace == pace_pb2.PACE_TURN_BASED else Pace.LIVE
    return check_pace(kind, _seconds(message, "decision_limit"), _seconds(message, "time_bank"))


def to_message(pace: PaceRecord | None) -> pace_pb2.RoomPace:
    """The RoomPace of a room (a room stored without a pace is live)."""
    if pace is None or not pace.turn_based:
        return pace_pb2.RoomPace(pace=pace_pb2.PACE_LIVE)
    message = pace_pb2.RoomPace(pace=pace_pb2.PACE_TURN_BASED)
    message.decision_limit.FromMilliseconds(int(pace.decision * 1000))
    if pace.bank > 0:
        message.time_bank.FromMilliseconds(int(pace.bank * 1000))
    return message


def info_message(takeover: int, limit: int = TURN_BASED_ROOMS_PER_PLAYER) -> pace_pb2.TurnBasedInfo:
    """What GameInfo.turn_based says of a game whose bot takes a seat after ``takeover``
    timeouts in a row."""
    info = pace_pb2.TurnBasedInfo(
        takeover_after=max(takeover, MIN_TURN_BASED_TAKEOVER), max_open_rooms_per_player=limit
    )
    info.min_decision_limit.FromSeconds(int(MIN_DECISION_SECONDS))
    info.max_decision_limit.FromSeconds(int(MAX_DECISION_SECONDS))
    info.default_decision_limit.FromSeconds(int(DEFAULT_DECISION_SECONDS))
    info.max_time_bank.FromSeconds(int(MAX_BANK_SECONDS))
    info.max_room_lifetime.FromSeconds(int(MAX_LIFETIME_SECONDS))
    return info


def _seconds(message: Any, name: str) -> float | None:
    if not message.HasField(name):
        return None
    duration = getattr(message, name)
    seconds, nanos = duration.seconds, duration.nanos
    if seconds < 0 or nanos < 0 or nanos > 999_999_999 or seconds > MAX_DECISION_SECONDS * 100:
        raise _invalid_pace(f"pace.{name}", f"pace.{name} is not a valid duration")
    return float(seconds + nanos / 1e9)


def _invalid_pace(field: str, message: str) -> errors.RoomError:
    return errors.invalid(field, message, "INVALID_PACE")
