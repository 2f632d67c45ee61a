"""GameService: views, actions, the live update stream and replays. Thin servicer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, TypeAlias

import grpc
from cercle.v1 import game_pb2, game_pb2_grpc

from engine import registry
from services import errors
from services.api.auth import require_player
from services.api.proto_messages import (
    choices_message,
    deadline_messages,
    event_messages,
    legal_message,
    presence_message,
    presence_update,
    room_message,
    timestamp,
    view_message,
    waiting_for,
)
from services.api.replays import replay_page
from services.api.retries import Retries
from services.api.servicing import guarded, guarded_stream, holds_presence
from services.api.stream_cache import SharedRenderer, StreamCache
from services.api.streams import leaves, left_room
from services.games import contract_for
from services.rate_limits import deferred_take
from services.rooms import cursors
from services.rooms.chat import TableChat
from services.rooms.facade import Rooms
from services.rooms.feed import Feeds, PresenceChange
from services.rooms.records import LogEntry, RoomRecord, RoomStatus, is_member, seat_of

# One context type for all methods: grpc.aio.ServicerContext is generic in the method's
# request and response types, which the shared helpers (servicing, errors) do not know.
Context: TypeAlias = "grpc.aio.ServicerContext[Any, Any]"


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
        self.cache = StreamCache(rooms.clock)
        self.chat = TableChat(rooms.changes)
        self.retries = Retries(rooms.store)

    @guarded
    async def GetView(
        self, request: game_pb2.GetViewRequest, context: Context
    ) -> game_pb2.GetViewResponse:
        player = require_player()
        record, last, online = await self.rooms.load_for_view(request.room_id)
        seat = _viewer_seat(record, player.player_id)
        response = game_pb2.GetViewResponse(
            room=room_message(record, player.player_id),
            presence=presence_message(online, record.seats),
            server_time=timestamp(self.rooms.clock()),
        )
        if last is not None and last.seq != record.seq:  # a change committed meanwhile
            last = await self.rooms.store.rooms.read_entry(record.room_id, record.seq)
        response.cursor = (
            cursors.cursor_at(record, last)
            if last is not None
            else cursors.encode(cursors.Cursor(record.epoch, 0, ""))
        )
        if record.state is not None:
            snapshot = self.rooms.snapshot(record)
            assert snapshot.state is not None
            response.view.CopyFrom(view_message(snapshot.game, snapshot.state, seat))
            response.deadlines.extend(deadline_messages(record.deadlines))
            response.waiting_for.extend(waiting_for(snapshot.game, snapshot.state))
            choices = choices_message(snapshot.game, snapshot.state, seat)
            if choices is not None and record.status is RoomStatus.PLAYING:
                response.choices.CopyFrom(choices)
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
            player,
            action,
            version=request.version,
            request_id=request.request_id,
            game_id=game_id,
            rate=deferred_take.get(),
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
        response.actions.extend(legal_message(snapshot.game, snapshot.state, seat).actions)
        return response

    @guarded_stream
    @holds_presence
    async def Subscribe(  # type: ignore[override]  # may yield pre-encoded bytes (services/api/wire.py)
        self, request: game_pb2.SubscribeRequest, context: Context
    ) -> AsyncIterator[game_pb2.SubscribeResponse | bytes]:
        player = require_player()
        fresh = await self.rooms.load(request.room_id)
        seat = _viewer_seat(fresh, player.player_id)
        after, cursor = await self._resume_point(request, fresh)
        record = self.cache.record(fresh)  # shared: game, options, host, epoch
        game = registry.get(record.meta.game)
        seats, version, since = fresh.seats, 0, fresh.seq
        follow = self.feeds.follow(record.room_id, after, since, presence=request.presence)
        try:
            async for item in follow:
                if isinstance(item, PresenceChange):
                    yield presence_update(item.online, seats, after, version, cursor)
                    continue
                if leaves(item, player.player_id, since):
                    raise left_room()
                version = item.version or version
                seat = _seat_after(item, player.player_id, seat)
                if item.room is not None:
                    seats = item.room.seats
                if item.seq <= since:  # a stored entry: rendered for this stream
                    renderer = SharedRenderer(game, record, item, self.rooms.clock)
                    yield renderer.render(player.player_id, seat, version)
                else:  # a live one: serialized once per audience, shared (services.api.wire)
                    renderer = self.cache.renderer(record, item)
                    yield renderer.payload(player.player_id, seat, version)
                after, cursor = item.seq, renderer.cursor
        finally:
            await follow.aclose()  # leaves the room's feed here now, not when collected
            if record.room_id not in self.feeds.rooms:  # this replica's last stream of it
                self.cache.forget(record.room_id)

    async def _resume_point(
        self, request: game_pb2.SubscribeRequest, record: RoomRecord
    ) -> tuple[int, str]:
        """The seq a stream starts after, and its cursor; refuses a cursor the room's log
        cannot resume (services.rooms.cursors). No cursor: from the beginning."""
        if not request.resume_cursor:
            return 0, cursors.encode(cursors.Cursor(record.epoch, 0, ""))
        cursor = cursors.decode(request.resume_cursor)
        entry = None
        if 0 < cursor.seq <= record.seq:
            entry = await self.rooms.store.rooms.read_entry(record.room_id, cursor.seq)
        cursors.check(cursor, record, entry)
        return cursor.seq, request.resume_cursor

    @guarded
    async def SendChat(
        self, request: game_pb2.SendChatRequest, context: Context
    ) -> game_pb2.SendChatResponse:
        player = require_player()

        async def run() -> game_pb2.SendChatResponse:
            seq, text = await self.chat.send(player, request.room_id, request.text)
            return game_pb2.SendChatResponse(seq=seq, text=text)

        return await self.retries.once(
            player.player_id, "SendChat", request, game_pb2.SendChatResponse, run
        )

    @guarded
    async def MuteSeat(
        self, request: game_pb2.MuteSeatRequest, context: Context
    ) -> game_pb2.MuteSeatResponse:
        player = require_player()

        async def run() -> game_pb2.MuteSeatResponse:
            muted = await self.chat.mute(player, request.room_id, request.seat, request.muted)
            return game_pb2.MuteSeatResponse(muted_seats=muted)

        return await self.retries.once(
            player.player_id, "MuteSeat", request, game_pb2.MuteSeatResponse, run
        )

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
        return await replay_page(self.rooms, record, player.player_id, request)


def _seat_after(entry: LogEntry, player_id: str, seat: int | None) -> int | None:
    """The viewer's seat once ``entry`` is applied: a lobby change may have moved them (a
    player who left sees no hand any more, even if someone else now sits in their seat)."""
    if entry.room is None:
        return seat
    for index, here in enumerate(entry.room.seats):
        if here is not None and here.player_id == player_id:
            return index
    return None
