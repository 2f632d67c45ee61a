"""Building response messages from stored rooms and log entries, filtered per viewer.

Secrets leave only through here: a seat gets its own view (``game.view(state, seat)``) and the
events whose audience includes it; a spectator gets ``seat=None``. The seed, the nonce and
the raw state are never copied into a message before the match ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cercle.v1 import common_pb2, game_pb2
from google.protobuf import struct_pb2, timestamp_pb2

from engine.core import Game, OptionValue, Outcome, State
from services.games import contract_for
from services.rooms import visible_events
from services.store import LogEntry, RoomRecord

_STATUS = {
    "open": common_pb2.ROOM_STATUS_OPEN,
    "playing": common_pb2.ROOM_STATUS_PLAYING,
    "finished": common_pb2.ROOM_STATUS_FINISHED,
    "abandoned": common_pb2.ROOM_STATUS_ABANDONED,
}


def option_value(value: OptionValue) -> common_pb2.OptionValue:
    if isinstance(value, bool):
        return common_pb2.OptionValue(bool_value=value)
    if isinstance(value, int):
        return common_pb2.OptionValue(int_value=value)
    return common_pb2.OptionValue(string_value=str(value))


def option_raw(value: common_pb2.OptionValue) -> object:
    which = value.WhichOneof("value")
    if which is None:
        return ""
    return getattr(value, which)


def timestamp(seconds: float) -> timestamp_pb2.Timestamp:
    ts = timestamp_pb2.Timestamp()
    ts.FromNanoseconds(int(seconds * 1e9))
    return ts


def room_message(
    record: RoomRecord,
    viewer: str | None,
    *,
    seats: list[dict[str, Any] | None] | None = None,
    status: str | None = None,
    seq: int | None = None,
    version: int | None = None,
) -> common_pb2.Room:
    """The Room message for ``viewer`` (a player id); overrides come from a log entry."""
    seats = record.seats if seats is None else seats
    meta = record.meta
    my_seat = -1
    members = set(record.spectators)
    for index, seat in enumerate(seats):
        if seat is not None:
            members.add(seat["player_id"])
            if seat["player_id"] == viewer:
                my_seat = index
    room = common_pb2.Room(
        room_id=record.room_id,
        game_id=meta["game"],
        visibility=common_pb2.VISIBILITY_PRIVATE
        if meta.get("private")
        else common_pb2.VISIBILITY_PUBLIC,
        status=_STATUS.get(status or record.status, common_pb2.ROOM_STATUS_UNSPECIFIED),
        spectator_count=len(record.spectators),
        host_player_id=meta["host"],
        create_time=timestamp(meta["created"]),
        version=record.version if version is None else version,
        seq=record.seq if seq is None else seq,
        my_seat=my_seat,
    )
    if viewer is not None and viewer in members:
        room.join_code = meta.get("code", "")
    for name, value in meta["options"].items():
        room.options[name].CopyFrom(option_value(value))
    for index, seat in enumerate(seats):
        message = room.seats.add(index=index)
        if seat is not None:
            message.player_id = seat["player_id"]
            message.display_name = seat.get("name", "")
            message.kind = (
                common_pb2.SEAT_KIND_BOT
                if seat.get("kind") == "bot"
                else common_pb2.SEAT_KIND_HUMAN
            )
            message.ready = bool(seat.get("ready"))
            message.bot_level = seat.get("level", "")
    return room


def event_messages(events: list[dict[str, Any]], seat: int | None) -> list[common_pb2.Event]:
    out = []
    for event in visible_events(events, seat):
        data = struct_pb2.Struct()
        data.update(_jsonable(event["d"]))
        out.append(common_pb2.Event(kind=event["k"], data=data, private=event["a"] is not None))
    return out


def all_event_messages(events: list[dict[str, Any]]) -> list[common_pb2.Event]:
    """Every event whatever its audience: for replays of finished matches only."""
    out = []
    for event in events:
        data = struct_pb2.Struct()
        data.update(_jsonable(event["d"]))
        out.append(common_pb2.Event(kind=event["k"], data=data, private=event["a"] is not None))
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def deadline_messages(deadlines: list[dict[str, Any]]) -> list[common_pb2.Deadline]:
    """Players' clocks (a bot's next move is not a clock anyone must watch)."""
    out = []
    for d in deadlines:
        if d["c"] == "bot":
            continue
        message = common_pb2.Deadline(
            seat=d["s"], clock=d["c"], expire_time=timestamp(d["e"]), version=d["v"]
        )
        message.length.FromMilliseconds(int(d["l"] * 1000))
        out.append(message)
    return out


def outcome_message(outcome: Mapping[str, Any]) -> common_pb2.Outcome:
    message = common_pb2.Outcome(
        winners=outcome["winners"], scores=outcome["scores"], reason=outcome["reason"]
    )
    message.detail.update(_jsonable(outcome.get("detail", {})))
    return message


def match_outcome_message(outcome: Outcome) -> common_pb2.Outcome:
    """The engine's outcome of a match, as the contract's message."""
    return outcome_message(
        {
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "reason": outcome.reason,
            "detail": dict(outcome.detail),
        }
    )


def view_message(game: Game[Any], state: State, seat: int | None) -> game_pb2.View:
    return contract_for(game.info.id).view_to_proto(game.view(state, seat))


def waiting_for(game: Game[Any], state: State) -> list[int]:
    if game.outcome(state) is not None:
        return []
    return sorted({p.seat for p in game.pending(state)})


class EntryRenderer:
    """Renders one log entry for many subscribers, computing each distinct view once."""

    def __init__(self, game: Game[Any], record: RoomRecord, entry: LogEntry) -> None:
        self.game = game
        self.record = record
        self.entry = entry
        self._state: State | None = None
        self._views: dict[int | None, game_pb2.View] = {}

    def state(self) -> State | None:
        if self._state is None and self.entry.state is not None:
            self._state = self.game.decode(self.entry.state)
        return self._state

    def view(self, seat: int | None) -> game_pb2.View | None:
        state = self.state()
        if state is None:
            return None
        if seat not in self._views:
            self._views[seat] = view_message(self.game, state, seat)
        return self._views[seat]

    def render(self, viewer: str, seat: int | None, version: int) -> game_pb2.SubscribeResponse:
        entry = self.entry
        room_json = entry.room or {}
        response = game_pb2.SubscribeResponse(
            seq=entry.seq,
            version=entry.version or version,
            kind=entry.kind,
            actor=entry.actor,
            events=event_messages(entry.events, seat),
            deadlines=deadline_messages(entry.deadlines),
        )
        if room_json:
            response.room.CopyFrom(
                room_message(
                    self.record,
                    viewer,
                    seats=room_json.get("seats"),
                    status=room_json.get("status"),
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
            outcome = self.game.outcome(state)
            if outcome is not None:
                response.outcome.CopyFrom(match_outcome_message(outcome))
        return response
