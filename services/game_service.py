"""GameService: views, actions, the live update stream and replays. Thin servicer."""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import AsyncIterator

import grpc
from cercle.v1 import game_pb2, game_pb2_grpc

from engine import registry
from services import errors
from services.auth import require_player
from services.feed import Feeds
from services.games import contract_for
from services.records import EntryKind, LogEntry, RoomRecord, RoomStatus
from services.render import (
    EntryRenderer,
    all_event_messages,
    deadline_messages,
    event_messages,
    option_value,
    room_message,
    view_message,
    waiting_for,
)
from services.rooms import Rooms, is_member, seat_of, seed_commitment
from services.servicing import guarded, guarded_stream, holds_presence
from services.streams import check_cursor, leaves, left_room, too_slow

Context = grpc.aio.ServicerContext


def _viewer_seat(record: RoomRecord, player_id: str) -> int | None:
    """The viewer's seat, None for a spectator; refuses outsiders."""
    seat = seat_of(record, player_id)
    if seat >= 0:
        return seat
    if player_id in record.spectators:
        return None
    raise errors.denied("join the room (or watch it as a spectator) first", "NOT_IN_ROOM")


class GameService(game_pb2_grpc.GameServiceServicer):
    def __init__(self, rooms: Rooms, feeds: Feeds) -> None:
        self.rooms = rooms
        self.feeds = feeds

    @guarded
    async def GetView(
        self, request: game_pb2.GetViewRequest, context: Context
    ) -> game_pb2.GetViewResponse:
        player = require_player()
        record = await self.rooms.load(request.room_id)
        seat = _viewer_seat(record, player.player_id)
        response = game_pb2.GetViewResponse(room=room_message(record, player.player_id))
        if record.state is not None:
            snapshot = self.rooms.snapshot(record)
            assert snapshot.state is not None
            response.view.CopyFrom(view_message(snapshot.game, snapshot.state, seat))
            response.deadlines.extend(deadline_messages(record.deadlines))
            response.waiting_for.extend(waiting_for(snapshot.game, snapshot.state))
            outcome = snapshot.game.outcome(snapshot.state)
            if outcome is not None:
                response.outcome.CopyFrom(
                    contract_for(snapshot.game.info.id).outcome_to_proto(outcome)
                )
        return response

    @guarded
    async def Act(self, request: game_pb2.ActRequest, context: Context) -> game_pb2.ActResponse:
        player = require_player()
        if not request.room_id:
            raise errors.invalid("room_id", "give a room id")
        game_id = request.action.WhichOneof("game")
        if game_id is None:
            raise errors.invalid("action", "the action is empty", "MALFORMED_ACTION")
        contract = contract_for(game_id)
        action = contract.action_from_proto(request.action)
        result = await self.rooms.act(
            request.room_id,
            None,
            player,
            action,
            version=request.version,
            idempotency_key=request.idempotency_key,
            game_id=game_id,
        )
        return game_pb2.ActResponse(
            version=result.version,
            seq=result.seq,
            events=event_messages(contract, contract.decode_events(result.events), result.actor),
            replayed=result.replayed,
        )

    @guarded
    async def ListLegalActions(
        self, request: game_pb2.ListLegalActionsRequest, context: Context
    ) -> game_pb2.ListLegalActionsResponse:
        player = require_player()
        record = await self.rooms.load(request.room_id)
        seat = _viewer_seat(record, player.player_id)
        response = game_pb2.ListLegalActionsResponse(version=record.version)
        if seat is None or record.state is None or record.status is not RoomStatus.PLAYING:
            return response
        snapshot = self.rooms.snapshot(record)
        assert snapshot.state is not None
        contract = contract_for(snapshot.game.info.id)
        for action in snapshot.game.legal_actions(snapshot.state, seat):
            response.actions.append(contract.action_to_proto(action))
        return response

    @guarded_stream
    @holds_presence
    async def Subscribe(
        self, request: game_pb2.SubscribeRequest, context: Context
    ) -> AsyncIterator[game_pb2.SubscribeResponse]:
        player = require_player()
        record = _shared_record(await self.rooms.load(request.room_id))
        try:
            async for update in self._updates(record, player.player_id, request.after_seq):
                yield update
        finally:
            if record.room_id not in self.feeds.rooms:  # this replica's last stream of it
                _forget_room(record.room_id)

    async def _updates(
        self, record: RoomRecord, player_id: str, after_seq: int
    ) -> AsyncIterator[game_pb2.SubscribeResponse]:
        """The room's updates for ``player_id`` after ``after_seq``: the backlog from the
        log, then live entries from this replica's feed (gaps filled from the log)."""
        seat = _viewer_seat(record, player_id)
        check_cursor(after_seq, record.seq)
        game = registry.get(record.meta.game)
        cursor = after_seq
        version = 0
        async with self.feeds.listen(record.room_id, record.seq) as queue:
            # Backlog: everything after the client's cursor, read from the log in pages.
            while True:
                entries = await self.rooms.read_log(record.room_id, cursor)
                if not entries:
                    break
                for entry in entries:
                    if leaves(entry, player_id, record.seq):
                        raise left_room()
                    version = entry.version or version
                    seat = _seat_after(entry, player_id, seat)
                    yield EntryRenderer(game, record, entry).render(player_id, seat, version)
                    cursor = entry.seq
            # Live: entries fanned out by this replica's feed; fill any gap from the log.
            while True:
                item_or_none = await queue.get()
                if item_or_none is None:
                    if queue.too_slow:
                        raise too_slow()
                    if self.feeds.stopping:
                        return
                    entries = await self.rooms.read_log(record.room_id, cursor)
                else:
                    if item_or_none.seq <= cursor:
                        continue
                    if item_or_none.seq == cursor + 1:
                        entries = [item_or_none]
                    else:
                        entries = await self.rooms.read_log(record.room_id, cursor)
                for item in entries:
                    if item.seq <= cursor:
                        continue
                    if leaves(item, player_id, record.seq):
                        raise left_room()
                    version = item.version or version
                    seat = _seat_after(item, player_id, seat)
                    renderer = _shared_renderer(record, item)
                    yield renderer.render(player_id, seat, version)
                    cursor = item.seq

    @guarded
    async def GetReplay(
        self, request: game_pb2.GetReplayRequest, context: Context
    ) -> game_pb2.GetReplayResponse:
        player = require_player()
        record = await self.rooms.load(request.room_id)
        if record.meta.private and not is_member(record, player.player_id):
            raise errors.denied("this room is private", "PRIVATE_ROOM")
        if record.status is not RoomStatus.FINISHED or record.seed is None or record.nonce is None:
            raise errors.precondition(
                "the replay is available once the match is over", "MATCH_NOT_FINISHED"
            )
        contract = contract_for(record.meta.game)
        response = game_pb2.GetReplayResponse(
            game_id=record.meta.game,
            players=len(record.seats),
            seed=record.seed,
            seed_nonce=record.nonce,
            seed_commitment=seed_commitment(record.seed, record.nonce),
            seats=room_message(record, player.player_id).seats,
        )
        for name, value in record.meta.options.items():
            response.options[name].CopyFrom(option_value(value))
        cursor = 0
        while True:
            entries = await self.rooms.read_log(record.room_id, cursor)
            if not entries:
                break
            for entry in entries:
                cursor = entry.seq
                if entry.kind not in _PLAYED:
                    continue
                step = response.steps.add(
                    seq=entry.seq,
                    version=entry.version,
                    seat=entry.actor,
                    timeout=entry.timeout,
                    events=all_event_messages(contract, contract.decode_events(entry.events)),
                )
                if entry.action:
                    step.action.CopyFrom(
                        contract.action_to_proto(contract.action_from_data(entry.action))
                    )
        if record.outcome is not None:
            response.outcome.CopyFrom(
                contract.outcome_to_proto(contract.outcome_from_data(record.outcome))
            )
        return response


_PLAYED = (EntryKind.ACTION, EntryKind.TIMEOUT, EntryKind.BOT, EntryKind.FINISHED)
"""The log entries of the match's steps (a replay's)."""


def _seat_after(entry: LogEntry, player_id: str, seat: int | None) -> int | None:
    """The viewer's seat once ``entry`` is applied: a lobby change may have moved them (a
    player who left sees no hand any more, even if someone else now sits in their seat)."""
    if entry.room is None:
        return seat
    for index, here in enumerate(entry.room.seats):
        if here is not None and here.player_id == player_id:
            return index
    return None


_RECORDS: OrderedDict[str, RoomRecord] = OrderedDict()
_RECORDS_LIMIT = 10_000


def _shared_record(record: RoomRecord) -> RoomRecord:
    """One copy of a room's record per replica for all its streams (a room with a thousand
    spectators would otherwise hold a thousand copies of its spectator list). Streams use it
    for what does not change (game, options, host...); seats come with each entry."""
    cached = _RECORDS.get(record.room_id)
    if cached is not None and cached.seq >= record.seq:
        _RECORDS.move_to_end(record.room_id)
        return cached
    # Streams render from their entries' states; bots' memories are no stream's business.
    record = dataclasses.replace(record, state=None, memories={})
    _RECORDS[record.room_id] = record
    while len(_RECORDS) > _RECORDS_LIMIT:
        _RECORDS.popitem(last=False)
    return record


def _forget_room(room_id: str) -> None:
    """Drop what this replica keeps of a room once none of its streams is open here: a
    replica serving room after room must not keep each one's record and renderers (the
    10-minute soak saw a replica grow 10 % from finished rooms' renderers)."""
    _RECORDS.pop(room_id, None)
    _RENDERERS.pop(room_id, None)


_RENDERERS: OrderedDict[str, dict[int, EntryRenderer]] = OrderedDict()
"""The renderers of each room's latest entries on this replica, by seq."""
_RENDERERS_ROOMS = 10_000
_RENDERERS_PER_ROOM = 4


def _shared_renderer(record: RoomRecord, entry: LogEntry) -> EntryRenderer:
    """One renderer per entry of a room, shared by every subscriber of the room, so each
    distinct view of an update is computed once. Only a room's last few entries keep theirs
    (subscribers still rendering one when the next arrives share it too): what a renderer
    holds (a decoded state, the views) then dies young. A cache of thousands of past entries
    kept them alive long enough to fill the collector's older generations, whose
    collections took 30-40 ms."""
    renderers = _RENDERERS.get(record.room_id)
    if renderers is None:
        renderers = _RENDERERS[record.room_id] = {}
        if len(_RENDERERS) > _RENDERERS_ROOMS:
            _RENDERERS.popitem(last=False)
    renderer = renderers.get(entry.seq)
    if renderer is None:
        renderer = renderers[entry.seq] = EntryRenderer(
            registry.get(record.meta.game), record, entry
        )
        _RENDERERS.move_to_end(record.room_id)
        while len(renderers) > _RENDERERS_PER_ROOM:
            del renderers[min(renderers)]
    return renderer
