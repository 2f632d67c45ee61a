"""The room layer's typed records and their one storage codec.

A room is stored as a Redis hash and its log as a Redis stream (``services.store``); both are
flat maps of field name -> text. :func:`to_hash` / :func:`from_hash` turn any record dataclass
here into such a map and back, driven by the dataclass fields' types, so the codec is written
once:

- ``bytes``, ``str``, enums, ``int``, ``float`` and ``bool`` are stored as their text
  (``bool`` as ``1``/``0``), ``None`` as the empty string;
- anything else (seats, deadlines, meta, dicts...) as compact JSON of the engine codec
  (:mod:`engine.codec`): a dataclass is the list of its field values in declaration order,
  so ``SeatRecord("p1", "Ann")`` is ``["p1","Ann","human",false,null,false]``.

Two Lua scripts of the store read these lists by position (a seat's ``player_id``, ``kind``
and ``away``; a deadline's ``expire``); :func:`lua_position` gives those positions and a test
checks the scripts against it.

>>> seat = SeatRecord("p1", "Ann")
>>> from_json(SeatRecord, to_json(seat)) == seat
True
>>> to_json(DeadlineRecord(0, "turn", 12.5, 30.0, 4))
'[0,"turn",12.5,30.0,4,null]'
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar, Union

from engine import codec
from engine.events import Event
from engine.info import OptionValue
from services.rooms.paces import PaceRecord

T = TypeVar("T")

# ---------------------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------------------


class SeatKind(enum.StrEnum):
    HUMAN = "human"
    BOT = "bot"


class RoomStatus(enum.StrEnum):
    OPEN = "open"
    """Seats are being taken; the match has not started."""
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"
    """Every human left before the start."""

    @property
    def over(self) -> bool:
        """The room's match is over or will never start (its join code is retired)."""
        return self in (RoomStatus.FINISHED, RoomStatus.ABANDONED)


class EntryKind(enum.StrEnum):
    """What a log entry records (the update kind a subscriber sees)."""

    LOBBY = "lobby"
    STARTED = "started"
    ACTION = "action"
    BOT = "bot"
    TIMEOUT = "timeout"
    CLOCK = "clock"
    FINISHED = "finished"
    CHAT = "chat"
    """A chat message or a mute (``services.rooms.chat``): no state, no view."""


class Source(enum.StrEnum):
    """Who makes an action: the seat's player, its clock running out, or a bot."""

    PLAYER = "player"
    TIMEOUT = "timeout"
    BOT = "bot"


class Followup(enum.StrEnum):
    """What the room layer does once a change is committed (global indexes, outside the
    room's atomic step: they are hints, the room is the truth)."""

    INDEX_OPEN = "index_open"
    """List the room among the open rooms again (if it is public)."""
    UNINDEX_OPEN = "unindex_open"
    RETIRE_CODE = "retire_code"
    """Forget the join code: the match is over."""


# ---------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------

_NOT_STORED: Mapping[str, Any] = types.MappingProxyType({"stored": False})
"""Field metadata: not a field of the stored hash (given when reading: room id, seq)."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """Who holds a seat."""

    player_id: str
    name: str
    kind: SeatKind = SeatKind.HUMAN
    ready: bool = False
    level: str | None = None
    """The bot's level (``random``, ``strong``) when a bot plays the seat."""
    away: bool = False
    """A bot plays for the seat's human, who missed too many turns; they take it back by
    acting again."""

    @property
    def is_bot(self) -> bool:
        return self.kind is SeatKind.BOT

    @property
    def belongs_to_human(self) -> bool:
        """A human's seat, also while a bot keeps it for them (their presence counts)."""
        return self.kind is SeatKind.HUMAN or self.away


@dataclass(frozen=True, slots=True)
class DeadlineRecord:
    """A running clock, or a bot's next move (clock ``bot``)."""

    seat: int
    clock: str
    """The game's clock kind (``turn``, ``vote``...) or ``bot``."""
    expire: float
    """Server time (epoch seconds) when it runs out."""
    length: float
    """Seconds the clock had when it started."""
    version: int
    """The match version it was computed at."""
    action: list[Any] | None = None
    """For a bot's out-of-turn call: the action it decided on (the contract's stored form)."""


@dataclass(frozen=True, slots=True)
class RoomMeta:
    """What a room was created with (changes only when its host leaves)."""

    game: str
    options: dict[str, OptionValue]
    private: bool
    players: int
    host: str
    created: float
    code: str
    """The join code (a secret for anyone not in the room)."""
    takeover_after: int
    """Consecutive timeouts after which a bot plays for the seat (0: never)."""
    bot_delay: float
    """Seconds a bot waits before it moves."""


Seats = tuple[SeatRecord | None, ...]


@dataclass(frozen=True, slots=True)
class RoomPart:
    """The room as a log entry repeats it when it changes: seats and status."""

    seats: Seats
    status: RoomStatus


@dataclass(frozen=True, slots=True)
class RoomRecord:
    """A room as stored (the hash ``cercle:{cN}:room:ID``, one field per attribute)."""

    room_id: str = field(metadata=_NOT_STORED)
    meta: RoomMeta
    seats: Seats
    spectators: tuple[str, ...] = ()
    status: RoomStatus = RoomStatus.OPEN
    version: int = 0
    """The match version (engine)."""
    seq: int = field(default=0, metadata={"written": False})
    """The room's last log entry; written by the commit script itself."""
    state: bytes | None = None
    """The engine's encoded match state (every secret)."""
    seed: int | None = None
    nonce: str | None = None
    """The match seed and the nonce of its commitment: secrets until the match ends."""
    deadlines: tuple[DeadlineRecord, ...] = ()
    outcome: dict[str, Any] | None = None
    """The outcome once finished (the game contract's stored form)."""
    timeouts: dict[int, int] = field(default_factory=dict)
    """Consecutive timeouts per seat."""
    memories: dict[int, Any] = field(default_factory=dict)
    """What each bot seat remembers (the bot's own JSON form)."""
    human_at: float | None = None
    """Server time of the last change a human made (an action, the start, a resume)."""
    paused: float | None = None
    """Server time the clocks stopped for want of a human (None: they run)."""
    muted: tuple[int, ...] = ()
    """The seats the host muted (their chat is refused)."""
    deal_secret: str | None = None
    """The server's secret part of the seed (hex), drawn at the room's creation and committed
    in ``Room.deal_commitment``; secret until the match ends (``services.rooms.fair_deal``)."""
    deal_contributions: dict[str, str] = field(default_factory=dict)
    """Before the start: each seated player's deal contribution (hex), by player id."""
    deal_seats: tuple[str, ...] = ()
    """From the start: the contribution of each seat (hex), in seat order."""
    deal_drawn: tuple[int, ...] = ()
    """From the start: the seats whose contribution the server derived from its secret."""
    rated: bool = False
    """From the start: the match counts for the ladder (``services.ladder.ratings``)."""
    pace: PaceRecord | None = None
    """Live or turn-based (``services.rooms.paces``; None: live, a room stored before paces)."""
    banks: dict[int, float] = field(default_factory=dict)
    """Turn-based: seconds left in each seat's time bank (absent: the full bank)."""
    epoch: str = field(default="", metadata={"written": False})
    """The log's epoch: drawn when the room is created (by the store's commit), changed by
    an operator after a restore (``services.rooms.cursors``); empty for rooms older than it."""

    def room_part(self) -> RoomPart:
        return RoomPart(self.seats, self.status)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of a room's log (the stream ``cercle:{cN}:log:ID``); fields at their
    default are not written."""

    kind: EntryKind
    actor: int = -1
    """The seat that acted (-1: nobody's seat)."""
    version: int = 0
    """The match version after the change (0 before the match)."""
    action: list[Any] | None = None
    """The action (the contract's stored form); None for a timeout and lobby changes."""
    events: list[list[Any]] = field(default_factory=list)
    """The events, as the engine codec stores them (kind, audience, fields)."""
    state: bytes | None = None
    """The match state after the change (repeated on lobby and clock changes, for views)."""
    room: RoomPart | None = None
    """Seats and status, when they changed."""
    deadlines: tuple[DeadlineRecord, ...] = ()
    timeout: bool = False
    seq: int = field(default=0, metadata=_NOT_STORED)
    """The entry's place in the log (the stream id ``<seq>-0``)."""


@dataclass(frozen=True, slots=True)
class Change:
    """What one operation on a room wants to commit: the room after it, its log entry, and
    what to do once it is committed. ``renews``: whether it renews the room's expiry (a
    human's change does; the server's own, bot moves, timeouts and pauses, does not, so a
    table nobody attends still expires)."""

    room: RoomRecord
    entry: LogEntry
    followups: tuple[Followup, ...] = ()
    renews: bool = True
    events: tuple[Event, ...] = ()
    """The events of the change (also encoded in ``entry``)."""


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A finished match as a player's history keeps it (``cercle:player:<id>:matches``),
    so that it outlives its room."""

    room_id: str
    game: str
    created: float
    finished: float
    seats: Seats
    outcome: dict[str, Any] | None
    """The game contract's stored form of the outcome."""


# ---------------------------------------------------------------------------------------
# Helpers on records
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """The caller, as derived from their session token."""

    player_id: str
    name: str


def seed_commitment(seed: int, nonce: str) -> str:
    """What the start publishes of the secret seed; the end reveals the seed and nonce."""
    return hashlib.sha256(f"{seed}:{nonce}".encode()).hexdigest()


def seat_of(record: RoomRecord, player_id: str) -> int:
    """The player's seat in the room, -1 if they hold none."""
    for index, seat in enumerate(record.seats):
        if seat is not None and seat.player_id == player_id:
            return index
    return -1


def is_member(record: RoomRecord, player_id: str) -> bool:
    return seat_of(record, player_id) >= 0 or player_id in record.spectators


def next_deadline(deadlines: Iterable[DeadlineRecord]) -> float | None:
    return min((d.expire for d in deadlines), default=None)


# ---------------------------------------------------------------------------------------
# The codec
# ---------------------------------------------------------------------------------------


def dumps(value: Any) -> str:
    """Compact JSON as stored in room fields and log entries."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def to_json(value: Any) -> str:
    """The stored JSON of a record (or of a tuple, list or dict of records)."""
    return dumps(codec.to_data(value))


def from_json(cls: type[T], text: str | bytes) -> T:
    """The inverse of :func:`to_json` for a record class."""
    return codec.from_data(cls, json.loads(text))


def lua_position(cls: type, name: str) -> int:
    """Where a Lua script finds field ``name`` in a stored record (1-based)."""
    return [f.name for f in dataclasses.fields(cls)].index(name) + 1


_Write = Callable[[Any], str | bytes]
_Read = Callable[[bytes], Any]


@dataclass(frozen=True, slots=True)
class _Slot:
    name: str
    key: bytes
    write: _Write
    read: _Read
    optional: bool
    default: Callable[[], Any] | None
    """Makes the field's default (None: the field has none)."""
    written: bool


def _text(value: Any) -> str:
    return str(value)


def _json_reader(tp: Any) -> _Read:
    read = codec.reader(tp)
    return lambda raw: read(json.loads(raw))


def _slot_codec(tp: Any) -> tuple[_Write, _Read, bool]:
    """How one field is written and read back, and whether it may be None."""
    optional = False
    if typing.get_origin(tp) in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        optional = len(args) < len(typing.get_args(tp))
        if len(args) == 1:
            tp = args[0]
    if tp is bytes:
        return (lambda v: v), (lambda raw: bytes(raw)), optional
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        enum_type = tp
        return (lambda v: str(v.value)), (lambda raw: enum_type(raw.decode())), optional
    if tp is str:
        return _text, (lambda raw: raw.decode()), optional
    if tp is bool:
        return (lambda v: "1" if v else "0"), (lambda raw: raw == b"1"), optional
    if tp is int:
        return _text, int, optional
    if tp is float:
        return repr, float, optional
    return (lambda v: dumps(codec.to_data(v))), _json_reader(tp), optional


@cache
def _slots(cls: type) -> tuple[_Slot, ...]:
    hints = typing.get_type_hints(cls)
    slots = []
    for f in dataclasses.fields(cls):
        if not f.metadata.get("stored", True):
            continue
        write, read, optional = _slot_codec(hints[f.name])
        default: Callable[[], Any] | None = None
        if f.default is not dataclasses.MISSING:
            default = _constant(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory
        slots.append(
            _Slot(
                f.name,
                f.name.encode(),
                write,
                read,
                optional,
                default,
                f.metadata.get("written", True),
            )
        )
    return tuple(slots)


def _constant(value: Any) -> Callable[[], Any]:
    return lambda: value


def _encode(slot: _Slot, value: Any) -> str | bytes:
    return "" if value is None else slot.write(value)


def to_hash(
    obj: Any, *, changed_from: Any = None, skip_defaults: bool = False
) -> dict[str, str | bytes]:
    """The stored fields of a record: all of them, or those that differ from the record
    ``changed_from`` (a room before a change), or those not at their default
    (``skip_defaults``: a log entry). None is written as the empty string."""
    out: dict[str, str | bytes] = {}
    for slot in _slots(type(obj)):  # type: ignore[arg-type]  # classes are hashable
        if not slot.written:
            continue
        value = getattr(obj, slot.name)
        if changed_from is not None and value == getattr(changed_from, slot.name):
            continue
        if skip_defaults and slot.default is not None and value == slot.default():
            continue
        out[slot.name] = _encode(slot, value)
    return out


def from_hash(cls: type[T], raw: Mapping[bytes, bytes], **extra: Any) -> T:
    """The inverse of :func:`to_hash`: a missing field takes its default, an empty one is
    None when it may be; ``extra`` gives the fields that are not stored."""
    values: dict[str, Any] = {}
    for slot in _slots(cls):  # type: ignore[arg-type]  # classes are hashable
        data = raw.get(slot.key)
        if data is None or (data == b"" and slot.optional):
            if data is None and slot.default is not None:
                continue  # the dataclass default
            if slot.optional:
                values[slot.name] = None
                continue
            raise codec.CodecError(f"{cls.__name__}: no {slot.name}")
        values[slot.name] = slot.read(data)
    return cls(**values, **extra)


def with_hash(obj: T, raw: Mapping[bytes, bytes]) -> T:
    """The record whose stored hash is ``obj``'s with the fields ``raw`` written over it
    (what an HSET of them does to the hash :func:`from_hash` read ``obj`` from). A field the
    record does not store raises :class:`~engine.codec.CodecError`."""
    slots = {slot.key: slot for slot in _slots(type(obj))}  # type: ignore[arg-type]  # classes are hashable
    values: dict[str, Any] = {}
    for key, data in raw.items():
        slot = slots.get(key)
        if slot is None:
            raise codec.CodecError(f"{type(obj).__name__}: no stored field {key!r}")
        values[slot.name] = None if data == b"" and slot.optional else slot.read(data)
    return dataclasses.replace(obj, **values)  # type: ignore[type-var]  # a dataclass record
