"""Events of the room itself, the same for every game (protobuf ``RoomEvent``).

They travel in the room's log beside the game's own events, with the same codec
(:mod:`engine.codec`) and the same mapping to protobuf (``services.games.convert``): each class
is the ``RoomEvent`` oneof field named after it in snake_case (``SeatTakenOver`` ->
``seat_taken_over``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.events import Event


class RoomEvent(Event):
    """Base of the room's own events (not a dataclass itself)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Created(RoomEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class Joined(RoomEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class Left(RoomEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class Ready(RoomEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class BotAdded(RoomEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class BotRemoved(RoomEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class SpectatorJoined(RoomEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class SpectatorLeft(RoomEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class MatchStarted(RoomEvent):
    seed_commitment: str
    players: int


@dataclass(frozen=True, slots=True)
class SeatTakenOver(RoomEvent):
    seat: int


@dataclass(frozen=True, slots=True)
class SeatTakenBack(RoomEvent):
    seat: int


@dataclass(frozen=True, slots=True)
class MatchEnded(RoomEvent):
    """Published with the last update; the seed is public once the match is over.

    Not ``MatchFinished``: that is the engine's error (:class:`engine.core.MatchFinished`,
    an action after the end). Its kind keeps the contract's name, the ``RoomEvent`` field
    ``match_finished`` (the field it is sent in, and the kind stored in room logs)."""

    seed: int
    seed_nonce: str


MatchEnded.kind = "match_finished"


@dataclass(frozen=True, slots=True)
class ChatSent(RoomEvent):
    """A seated player wrote to the table (``services.rooms.chat``; the text is cleaned)."""

    seat: int
    player_id: str
    text: str


@dataclass(frozen=True, slots=True)
class SeatMuted(RoomEvent):
    """The host muted (or unmuted) a seat's chat."""

    seat: int
    muted: bool


ROOM_EVENT_TYPES: tuple[type[RoomEvent], ...] = (
    Created,
    Joined,
    Left,
    Ready,
    BotAdded,
    BotRemoved,
    SpectatorJoined,
    SpectatorLeft,
    MatchStarted,
    SeatTakenOver,
    SeatTakenBack,
    MatchEnded,
    ChatSent,
    SeatMuted,
)
"""In the order of the ``RoomEvent`` oneof."""

LOBBY_CHANGES: dict[str, Callable[[str], RoomEvent]] = {
    cls.kind: cls
    for cls in (Created, Joined, Left, Ready, BotAdded, BotRemoved, SpectatorJoined, SpectatorLeft)
}
"""The lobby changes, by kind (the ``change`` of a lobby log entry)."""
