"""Building response messages from stored rooms and log entries, filtered per viewer.

Secrets leave only through here: a seat gets its own view (``game.view(state, seat)``) and the
events whose audience includes it; a spectator gets ``seat=None``. The seed, the nonce and
the raw state are never copied into a message before the match ends.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable
from typing import Any, cast

from cercle.v1 import common_pb2, game_pb2, lobby_pb2, pace_pb2
from google.protobuf import timestamp_pb2

from engine import registry
from engine.core import Game, Outcome, State
from engine.events import Event
from services.api import pace_messages
from services.games import GameContract, contract_for
from services.games.options import options_to_proto
from services.rooms import fair_deal
from services.rooms.bot_seats import BOT_CLOCK
from services.rooms.clocks import resting
from services.rooms.records import (
    DeadlineRecord,
    EntryKind,
    LogEntry,
    MatchSummary,
    RoomMeta,
    RoomRecord,
    RoomStatus,
    Seats,
)

_STATUS = {
    RoomStatus.OPEN: common_pb2.ROOM_STATUS_OPEN,
    RoomStatus.PLAYING: common_pb2.ROOM_STATUS_PLAYING,
    RoomStatus.FINISHED: common_pb2.ROOM_STATUS_FINISHED,
    RoomStatus.ABANDONED: common_pb2.ROOM_STATUS_ABANDONED,
}


UPDATE_KINDS = {
    EntryKind.LOBBY: game_pb2.UPDATE_KIND_LOBBY,
    EntryKind.STARTED: game_pb2.UPDATE_KIND_STARTED,
    EntryKind.ACTION: game_pb2.UPDATE_KIND_ACTION,
    EntryKind.BOT: game_pb2.UPDATE_KIND_BOT,
    EntryKind.TIMEOUT: game_pb2.UPDATE_KIND_TIMEOUT,
    EntryKind.CLOCK: game_pb2.UPDATE_KIND_CLOCK,
    EntryKind.FINISHED: game_pb2.UPDATE_KIND_FINISHED,
    EntryKind.CHAT: game_pb2.UPDATE_KIND_CHAT,
}
"""A log entry's kind -> the update kind a subscriber sees."""


def timestamp(seconds: float) -> timestamp_pb2.Timestamp:
    ts = timestamp_pb2.Timestamp()
    ts.FromNanoseconds(int(seconds * 1e9))
    return ts


def room_options(meta: RoomMeta) -> common_pb2.RoomOptions:
    """A room's typed options, every one set (see ``services.games.options``)."""
    return options_to_proto(registry.get(meta.game), meta.options)


def room_message(
    record: RoomRecord,
    viewer: str | None,
    *,
    seats: Seats | None = None,
    status: RoomStatus | None = None,
    seq: int | None = None,
    version: int | None = None,
) -> common_pb2.Room:
    """The Room message for ``viewer`` (a player id); overrides come from a log entry. The
    room as stored (no override) also says whether it waits for the viewer (``my_turn``)."""
    as_stored = seats is None and status is None
    seats = record.seats if seats is None else seats
    meta = record.meta
    my_seat: int | None = None
    members = set(record.spectators)
    for index, seat in enumerate(seats):
        if seat is not None:
            members.add(seat.player_id)
            if seat.player_id == viewer:
                my_seat = index
    room = common_pb2.Room(
        room_id=record.room_id,
        game_id=meta.game,
        visibility=common_pb2.VISIBILITY_PRIVATE if meta.private else common_pb2.VISIBILITY_PUBLIC,
        status=_STATUS.get(status or record.status, common_pb2.ROOM_STATUS_UNSPECIFIED),
        spectator_count=len(record.spectators),
        host_player_id=meta.host,
        create_time=timestamp(meta.created),
        version=record.version if version is None else version,
        seq=record.seq if seq is None else seq,
        my_seat=my_seat,  # None: unset (the viewer sits nowhere)
    )
    if viewer is not None and viewer in members:
        room.join_code = meta.code
    room.options.CopyFrom(room_options(meta))
    room.pace.CopyFrom(pace_messages.to_message(record.pace))
    if as_stored and my_seat is not None and record.status is RoomStatus.PLAYING:
        room.my_turn.CopyFrom(my_turn(record, my_seat))
    add_seats(room.seats, seats)
    room.rated = record.rated
    if record.deal_secret:
        room.deal_commitment = fair_deal.secret_commitment(bytes.fromhex(record.deal_secret))
    return room


def add_seats(out: Any, seats: Seats) -> None:
    """Append a Seat message per seat to the repeated field ``out``. A bot has no display
    name (the server words nothing): its ``bot_number`` (1, 2... among the bots, in seat
    order) is for the client to word."""
    bots = 0
    for index, seat in enumerate(seats):
        message = out.add(index=index)
        if seat is None:
            message.kind = common_pb2.SEAT_KIND_EMPTY
            continue
        message.player_id = seat.player_id
        message.ready = seat.ready
        if seat.is_bot:
            bots += 1
            message.kind = common_pb2.SEAT_KIND_BOT
            message.bot_number = bots
        else:
            message.kind = common_pb2.SEAT_KIND_HUMAN
            message.display_name = seat.name
        if seat.level:
            message.bot_level = common_pb2.BotLevel.Value("BOT_LEVEL_" + seat.level.upper())


def match_record_message(summary: MatchSummary, viewer: str) -> lobby_pb2.MatchRecord:
    """A finished match of ``viewer``'s history (all of it is public once the match ended)."""
    record = lobby_pb2.MatchRecord(
        room_id=summary.room_id,
        game_id=summary.game,
        create_time=timestamp(summary.created),
        finish_time=timestamp(summary.finished),
        my_seat=next(
            (i for i, s in enumerate(summary.seats) if s is not None and s.player_id == viewer),
            -1,
        ),
    )
    add_seats(record.seats, summary.seats)
    if summary.outcome is not None:
        contract = contract_for(summary.game)
        record.outcome.CopyFrom(
            contract.outcome_to_proto(contract.outcome_from_data(summary.outcome))
        )
    return record


def presence_message(online: Iterable[str], seats: Seats) -> game_pb2.TablePresence:
    """Who is connected, as the table may know it: the seats of connected players (never
    a bot's), and how many others (spectators) are; no identity beyond the seats'."""
    online = set(online)
    seated = {seat.player_id for seat in seats if seat is not None}
    return game_pb2.TablePresence(
        connected_seats=[
            index
            for index, seat in enumerate(seats)
            if seat is not None and seat.player_id in online and seat.belongs_to_human
        ],
        connected_spectators=len(online - seated),
    )


def presence_update(
    online: Iterable[str], seats: Seats, seq: int, version: int, cursor: str
) -> game_pb2.SubscribeResponse:
    """An update saying who is connected (not an entry of the log: it keeps the stream's
    last seq and cursor)."""
    update = game_pb2.SubscribeResponse(
        seq=seq,
        version=version,
        kind=game_pb2.UPDATE_KIND_PRESENCE,
        cursor=cursor,
        presence=presence_message(online, seats),
    )
    update.server_time.CopyFrom(timestamp(time.time()))
    return update


def event_messages(
    contract: GameContract, events: list[Event], seat: int | None
) -> list[game_pb2.Event]:
    """The events ``seat`` (None: a spectator) may see, as messages."""
    return [contract.event_to_proto(e) for e in events if e.visible_to(seat)]


def all_event_messages(contract: GameContract, events: list[Event]) -> list[game_pb2.Event]:
    """Every event whatever its audience: for replays of finished matches only."""
    return [contract.event_to_proto(e) for e in events]


def deadline_messages(deadlines: Iterable[DeadlineRecord]) -> list[common_pb2.Deadline]:
    """Players' clocks (a bot's next move is not a clock anyone must watch)."""
    out = []
    for d in deadlines:
        if d.clock == BOT_CLOCK:
            continue
        message = common_pb2.Deadline(
            seat=d.seat,
            clock=common_pb2.ClockKind.Value("CLOCK_KIND_" + d.clock.upper()),
            expire_time=timestamp(d.expire),
            version=d.version,
        )
        message.length.FromMilliseconds(int(d.length * 1000))
        out.append(message)
    return out


def view_message(game: Game[Any, Any, Any], state: State, seat: int | None) -> game_pb2.View:
    return contract_for(game.info.id).view_to_proto(game.view(state, seat))


def choices_message(
    game: Game[Any, Any, Any], state: State, seat: int | None, *, over: bool | None = None
) -> game_pb2.Choices | None:
    """What ``seat`` may do now, as Act-ready actions (None for a spectator: no choices).

    ``calls``: the calls a player may make right or wrong (``Game.calls``); ``actions``: the
    list ``ListLegalActions`` answers less those calls. Empty once the match is over
    (``over``: the caller knows already whether it is)."""
    if seat is None:
        return None
    if over is None:
        over = game.outcome(state) is not None
    if over:
        return game_pb2.Choices()
    game_id = game.info.id
    calls = game.calls(state, seat)
    legal = game.legal_actions(state, seat)
    if calls:
        listed = set(calls)
        legal = [action for action in legal if action not in listed]
    return game_pb2.Choices.FromString(
        b"".join(_choice_entry(game_id, action, _ACTION_TAG) for action in legal)
        + b"".join(_choice_entry(game_id, action, _CALL_TAG) for action in calls)
    )


def legal_message(game: Game[Any, Any, Any], state: State, seat: int) -> game_pb2.Choices:
    """Every action ``Act`` accepts from ``seat`` now, calls included, in ``actions`` (what
    ``ListLegalActions`` answers: the truly legal list, not the calls a player may get
    wrong)."""
    if game.outcome(state) is not None:
        return game_pb2.Choices()
    game_id = game.info.id
    return game_pb2.Choices.FromString(
        b"".join(
            _choice_entry(game_id, action, _ACTION_TAG)
            for action in game.legal_actions(state, seat)
        )
    )


@functools.lru_cache(maxsize=16384)
def _choice_entry(game_id: str, action: Any, tag: bytes) -> bytes:
    """``action`` as one entry of ``Choices.actions`` or ``Choices.calls`` on the wire
    (``tag``, length-delimited), kept: a table offers the same few hundred actions again and
    again (engine actions are frozen dataclasses, so they name themselves)."""
    data = contract_for(game_id).action_to_proto(action).SerializeToString()
    return tag + _varint(len(data)) + data


_ACTION_TAG = bytes([(1 << 3) | 2])
"""``Choices.actions``: field 1, wire type 2 (length-delimited)."""
_CALL_TAG = bytes([(2 << 3) | 2])
"""``Choices.calls``: field 2, wire type 2 (length-delimited)."""


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def waiting_for(game: Game[Any, Any, Any], state: State) -> list[int]:
    if game.outcome(state) is not None:
        return []
    return sorted({p.seat for p in game.pending(state)})


_UNKNOWN = object()
"""An outcome not computed yet (None means the match goes on)."""


class EntryRenderer:
    """Renders one log entry for many subscribers, computing each distinct view once."""

    def __init__(self, game: Game[Any, Any, Any], record: RoomRecord, entry: LogEntry) -> None:
        self.game = game
        self.record = record
        self.entry = entry
        self.contract = contract_for(game.info.id)
        self._state: State | None = None
        self._events: list[Event] | None = None
        self._views: dict[int | None, game_pb2.View] = {}
        self._choices: dict[int, game_pb2.Choices | None] = {}
        self._event_messages: dict[int | None, list[game_pb2.Event]] = {}
        self._payloads: dict[tuple[int | None, int, tuple[int, bool] | None], bytes] = {}
        self._members: frozenset[str] | None = None
        self._outcome: object = _UNKNOWN

    def state(self) -> State | None:
        if self._state is None and self.entry.state is not None:
            self._state = self.game.decode(self.entry.state)
        return self._state

    def events(self, seat: int | None) -> list[game_pb2.Event]:
        """The entry's events ``seat`` may see, as messages (built once per seat)."""
        messages = self._event_messages.get(seat)
        if messages is None:
            if self._events is None:
                self._events = self.contract.decode_events(self.entry.events)
            messages = self._event_messages[seat] = event_messages(
                self.contract, self._events, seat
            )
        return messages

    def view(self, seat: int | None) -> game_pb2.View | None:
        state = self.state()
        if state is None:
            return None
        if seat not in self._views:
            self._views[seat] = view_message(self.game, state, seat)
        return self._views[seat]

    def choices(self, seat: int | None) -> game_pb2.Choices | None:
        """What ``seat`` may play after the entry (built once per seat; None: a spectator)."""
        state = self.state()
        if state is None or seat is None:
            return None
        if seat not in self._choices:
            self._choices[seat] = choices_message(
                self.game, state, seat, over=self.outcome() is not None
            )
        return self._choices[seat]

    def outcome(self) -> Outcome | None:
        """The match's outcome after the entry (computed once for every seat)."""
        if self._outcome is _UNKNOWN:
            state = self.state()
            self._outcome = None if state is None else self.game.outcome(state)
        return cast(Outcome | None, self._outcome)

    def payload(self, viewer: str, seat: int | None, version: int) -> bytes:
        """The update for ``viewer`` sitting at ``seat`` (None: a spectator), serialized once
        per audience and shared by all its streams (:mod:`services.api.wire` sends the bytes as
        they are). The key is the audience: the seat, which decides the view and the events
        shown; and, for an entry that carries the room (a lobby change), what its Room
        message says of the viewer (``room_message``: which seat is theirs, and whether they
        are a member, who sees the join code), so a thousand spectators share one too."""
        key = (seat, version, self._viewer_part(viewer))
        data = self._payloads.get(key)
        if data is None:
            data = self._payloads[key] = self.render(viewer, seat, version).SerializeToString()
        return data

    def _viewer_part(self, viewer: str) -> tuple[int, bool] | None:
        """What the entry's Room message depends on of ``viewer`` (None: no Room message)."""
        room = self.entry.room
        if room is None:
            return None
        if self._members is None:
            seated = {s.player_id for s in room.seats if s is not None}
            self._members = frozenset(self.record.spectators) | seated
        my_seat = next(
            (i for i, s in enumerate(room.seats) if s is not None and s.player_id == viewer), -1
        )
        return my_seat, viewer in self._members

    def render(self, viewer: str, seat: int | None, version: int) -> game_pb2.SubscribeResponse:
        entry = self.entry
        response = game_pb2.SubscribeResponse(
            seq=entry.seq,
            version=entry.version or version,
            kind=UPDATE_KINDS[entry.kind],
            actor=entry.actor if entry.actor >= 0 else None,
            events=self.events(seat),
            deadlines=deadline_messages(entry.deadlines),
        )
        if entry.room is not None:
            response.room.CopyFrom(
                room_message(
                    self.record,
                    viewer,
                    seats=entry.room.seats,
                    status=entry.room.status,
                    seq=entry.seq,
                    version=entry.version or version,
                )
            )
        view = self.view(seat)
        if view is not None:
            response.view.CopyFrom(view)
            state = self.state()
            assert state is not None
            response.waiting_for.extend(waiting_for(self.game, state))
            outcome = self.outcome()
            if outcome is not None:
                response.outcome.CopyFrom(self.contract.outcome_to_proto(outcome))
            choices = self.choices(seat)
            if choices is not None:
                response.choices.CopyFrom(choices)
        return response


def my_turn(record: RoomRecord, seat: int) -> pace_pb2.MyTurn:
    """Whether the room waits for ``seat`` now (the engine's pending decisions, rests
    excluded) and, from its running clock, since when and until when."""
    if record.state is None:
        return pace_pb2.MyTurn()
    game = registry.get(record.meta.game)
    state = game.decode(record.state)
    if not any(p.seat == seat for p in game.pending(state)) or resting(game, state, seat):
        return pace_pb2.MyTurn()
    turn = pace_pb2.MyTurn(waiting=True)
    running = [d for d in record.deadlines if d.seat == seat and d.clock != BOT_CLOCK]
    if running:
        clock = min(running, key=lambda d: d.expire)
        turn.since_time.CopyFrom(timestamp(clock.expire - clock.length))
        turn.expire_time.CopyFrom(timestamp(clock.expire))
    return turn
