"""LobbyService: sessions, the catalogue, rooms and seats. Thin: parse, call, map errors."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, ClassVar, TypeAlias, TypeVar, cast

import grpc
from cercle.v1 import common_pb2, lobby_pb2, lobby_pb2_grpc
from google.protobuf.message import Message

import i18n
from engine import registry
from services import errors, pages
from services.accounts import Players
from services.api import pace_messages
from services.api.auth import bearer_token, current_address, require_player
from services.api.ladder_messages import add_rating_changes
from services.api.proto_messages import match_record_message, room_message, timestamp
from services.api.retries import Retries
from services.api.servicing import guarded, guarded_stream, holds_presence
from services.api.session_retries import Logins, session_fields
from services.api.streams import leaves, left_room, too_slow
from services.games import contract_for
from services.games.convert import ConversionError
from services.games.options import choice_number, default_value, options_from_proto
from services.rooms import cursors
from services.rooms.facade import Rooms
from services.rooms.feed import Feeds
from services.rooms.records import EntryKind, is_member

_KIND = {
    "int": lobby_pb2.OPTION_KIND_INT,
    "bool": lobby_pb2.OPTION_KIND_BOOL,
    "choice": lobby_pb2.OPTION_KIND_CHOICE,
}

# One context type for all methods: grpc.aio.ServicerContext is generic in the method's
# request and response types, which the shared helpers (servicing, errors) do not know.
Context: TypeAlias = "grpc.aio.ServicerContext[Any, Any]"
R = TypeVar("R", bound=Message)

ROOM_CHANGES = {
    "created": lobby_pb2.ROOM_CHANGE_CREATED,
    "joined": lobby_pb2.ROOM_CHANGE_JOINED,
    "left": lobby_pb2.ROOM_CHANGE_LEFT,
    "ready": lobby_pb2.ROOM_CHANGE_READY,
    "bot_added": lobby_pb2.ROOM_CHANGE_BOT_ADDED,
    "bot_removed": lobby_pb2.ROOM_CHANGE_BOT_REMOVED,
    "spectator_joined": lobby_pb2.ROOM_CHANGE_SPECTATOR_JOINED,
    "spectator_left": lobby_pb2.ROOM_CHANGE_SPECTATOR_LEFT,
    "started": lobby_pb2.ROOM_CHANGE_STARTED,
    "action": lobby_pb2.ROOM_CHANGE_ACTION,
    "bot": lobby_pb2.ROOM_CHANGE_BOT,
    "timeout": lobby_pb2.ROOM_CHANGE_TIMEOUT,
    "clock": lobby_pb2.ROOM_CHANGE_CLOCK,
    "finished": lobby_pb2.ROOM_CHANGE_FINISHED,
}
"""A log entry's kind (for a lobby entry: its change) -> what WatchRoom reports."""

_BOT_LEVELS: dict[int, str] = {
    common_pb2.BOT_LEVEL_RANDOM: "random",
    common_pb2.BOT_LEVEL_STRONG: "strong",
}


def _bot_level(level: int, field: str) -> str:
    """The engine's bot level for a BotLevel value (unset: strong)."""
    if level == common_pb2.BOT_LEVEL_UNSPECIFIED:
        return "strong"
    if level not in _BOT_LEVELS:
        raise errors.invalid(field, "bot levels are random and strong", "UNKNOWN_LEVEL")
    return _BOT_LEVELS[level]


MAX_DURATION_SECONDS = 315_576_000_000
"""The largest ``google.protobuf.Duration`` (about 10 000 years, both signs)."""


def duration_seconds(request: Message, field: str) -> float | None:
    """The seconds of the request's Duration ``field`` (None: unset). A Duration the
    protobuf definition does not allow (nanos beyond +-999 999 999, nanos and seconds of
    opposite signs, seconds beyond +-315 576 000 000) or a negative one is refused
    INVALID_ARGUMENT naming the field: it is never read as some other length."""
    if not request.HasField(field):
        return None
    duration = getattr(request, field)
    seconds, nanos = duration.seconds, duration.nanos
    if (
        abs(seconds) > MAX_DURATION_SECONDS
        or abs(nanos) > 999_999_999
        or (seconds > 0 > nanos)
        or (seconds < 0 < nanos)
    ):
        raise errors.invalid(field, f"{field} is not a valid google.protobuf.Duration")
    if seconds < 0 or nanos < 0:
        raise errors.invalid(field, f"{field} cannot be negative")
    return float(seconds + nanos / 1e9)


def _metadata(context: Context, key: str) -> str:
    for name, value in context.invocation_metadata() or ():
        if name == key:
            return str(value)
    return ""


def game_catalogue(language: str = i18n.DEFAULT_LANGUAGE) -> list[lobby_pb2.GameInfo]:
    """Every game with its options and clocks, described in ``language`` (a BCP 47 tag)."""
    tr = i18n.catalogue(language)
    out = []
    for game in registry.games():
        info = game.info
        prefix = f"game-{info.id}"
        message = lobby_pb2.GameInfo(
            game_id=info.id,
            name=info.name,
            summary=tr(f"{prefix}-summary"),
            language_code=tr.language,
            min_players=info.min_players,
            max_players=info.max_players,
        )
        for spec in info.options:
            option = message.options.add(
                name=spec.name,
                kind=_KIND[spec.kind],
                description=tr(f"{prefix}-option-{spec.name}"),
            )
            default = default_value(info.id, spec)
            if default is None:
                option.may_be_unset = True
                option.unset_label = tr(f"{prefix}-option-{spec.name}-unset")
            else:
                option.default_value.CopyFrom(default)
            for choice in spec.choices:
                option.choices.add(
                    value=choice_number(info.id, spec, choice),
                    label=tr(f"{prefix}-option-{spec.name}-{choice}"),
                )
            if spec.minimum is not None:
                option.minimum = spec.minimum
            if spec.maximum is not None:
                option.maximum = spec.maximum
        for clock in info.clocks:
            message.clocks.add(
                clock=common_pb2.ClockKind.Value("CLOCK_KIND_" + clock.kind.upper()),
                option=clock.option,
                on_timeout=tr(f"{prefix}-clock-{clock.kind}"),
            )
        message.turn_based.CopyFrom(pace_messages.info_message(info.turn_based_takeover))
        out.append(message)
    return out


def requested_options(request: lobby_pb2.CreateRoomRequest) -> dict[str, object]:
    """The options a CreateRoom request sets, in the engine's form (an unknown game is left
    to the room layer to refuse)."""
    try:
        game = registry.get(request.game_id)
    except registry.UnknownGame:
        return {}
    try:
        return options_from_proto(game, request.options)
    except ConversionError as exc:
        raise errors.invalid(exc.field, exc.message, "INVALID_OPTION") from None


def check_enum(request: Message, field: str) -> None:
    """Refuse an enum field whose number the contract does not define (proto3 keeps
    unknown numbers as they came)."""
    descriptor: Any = request.DESCRIPTOR.fields_by_name[field]
    number = getattr(request, field)
    if number not in descriptor.enum_type.values_by_number:
        names = ", ".join(v.name for v in descriptor.enum_type.values)
        raise errors.invalid(field, f"{field} is one of {names}, not {number}")


class LobbyService(lobby_pb2_grpc.LobbyServiceServicer):
    def __init__(self, rooms: Rooms, feeds: Feeds) -> None:
        self.rooms = rooms
        self.feeds = feeds
        self.players = Players(rooms.store, rooms.clock)
        self.retries = Retries(rooms.store)
        self.logins = Logins(self.players, self.retries, rooms.clock)

    async def _once(self, method: str, request: Message, run: Callable[[], Awaitable[R]]) -> R:
        """Run a mutating request once per request id (services.api.retries)."""
        response_type = type(self).RESPONSES[method]
        player_id = require_player().player_id
        result = await self.retries.once(player_id, method, request, response_type, run)
        return cast(R, result)

    RESPONSES: ClassVar[dict[str, type[Message]]] = {
        "UpdateProfile": lobby_pb2.UpdateProfileResponse,
        "CreateRoom": lobby_pb2.CreateRoomResponse,
        "QuickMatch": lobby_pb2.QuickMatchResponse,
        "JoinRoom": lobby_pb2.JoinRoomResponse,
        "LeaveRoom": lobby_pb2.LeaveRoomResponse,
        "SetReady": lobby_pb2.SetReadyResponse,
        "StartMatch": lobby_pb2.StartMatchResponse,
        "AddBot": lobby_pb2.AddBotResponse,
        "RemoveBot": lobby_pb2.RemoveBotResponse,
    }

    @guarded
    async def CreateSession(
        self, request: lobby_pb2.CreateSessionRequest, context: Context
    ) -> lobby_pb2.CreateSessionResponse:
        return await self.logins.create_session(request, current_address.get())

    @guarded
    async def AuthenticateDevice(
        self, request: lobby_pb2.AuthenticateDeviceRequest, context: Context
    ) -> lobby_pb2.AuthenticateDeviceResponse:
        return await self.logins.authenticate_device(request)

    @guarded
    async def RefreshSession(
        self, request: lobby_pb2.RefreshSessionRequest, context: Context
    ) -> lobby_pb2.RefreshSessionResponse:
        issued = await self.players.refresh(request.refresh_token)
        return session_fields(lobby_pb2.RefreshSessionResponse(), issued, self.rooms.clock())

    @guarded
    async def DeleteSession(
        self, request: lobby_pb2.DeleteSessionRequest, context: Context
    ) -> lobby_pb2.DeleteSessionResponse:
        require_player()
        token = bearer_token(context.invocation_metadata())
        if token is not None:
            await self.players.logout(token)
        return lobby_pb2.DeleteSessionResponse()

    @guarded
    async def UpdateProfile(
        self, request: lobby_pb2.UpdateProfileRequest, context: Context
    ) -> lobby_pb2.UpdateProfileResponse:
        player = require_player()

        async def run() -> lobby_pb2.UpdateProfileResponse:
            name = await self.players.rename(player, request.display_name)
            return lobby_pb2.UpdateProfileResponse(player_id=player.player_id, display_name=name)

        return await self._once("UpdateProfile", request, run)

    @guarded
    async def ListMyRooms(
        self, request: lobby_pb2.ListMyRoomsRequest, context: Context
    ) -> lobby_pb2.ListMyRoomsResponse:
        player = require_player()
        records, token = await self.players.my_rooms(player, request.page_token, request.page_size)
        return lobby_pb2.ListMyRoomsResponse(
            rooms=[room_message(r, player.player_id) for r in records], next_page_token=token
        )

    @guarded
    async def ListMatchHistory(
        self, request: lobby_pb2.ListMatchHistoryRequest, context: Context
    ) -> lobby_pb2.ListMatchHistoryResponse:
        player = require_player()
        summaries, token = await self.players.history(player, request.page_token, request.page_size)
        records = [match_record_message(s, player.player_id) for s in summaries]
        await add_rating_changes(self.rooms.store, records, player.player_id)  # the ladder's
        return lobby_pb2.ListMatchHistoryResponse(matches=records, next_page_token=token)

    @guarded
    async def ListGames(
        self, request: lobby_pb2.ListGamesRequest, context: Context
    ) -> lobby_pb2.ListGamesResponse:
        language = request.language_code or _metadata(context, "accept-language")
        games = game_catalogue(language)
        size = len(games) if request.page_size == 0 else pages.page_size(request.page_size)
        after = pages.decode_token(request.page_token, "games", "")
        start = 0 if after is None else max(0, int(after[0]))
        end = start + size
        token = pages.encode_token("games", "", (end, "")) if end < len(games) else ""
        return lobby_pb2.ListGamesResponse(games=games[start:end], next_page_token=token)

    @guarded
    async def GetGameCatalogue(
        self, request: lobby_pb2.GetGameCatalogueRequest, context: Context
    ) -> lobby_pb2.GetGameCatalogueResponse:
        try:
            game = registry.get(request.game_id)
        except registry.UnknownGame as exc:
            raise errors.invalid("game_id", exc.message, "UNKNOWN_GAME") from None
        return contract_for(game.info.id).catalogue_to_proto(game.catalogue())

    @guarded
    async def CreateRoom(
        self, request: lobby_pb2.CreateRoomRequest, context: Context
    ) -> lobby_pb2.CreateRoomResponse:
        player = require_player()
        check_enum(request, "visibility")

        async def run() -> lobby_pb2.CreateRoomResponse:
            record = await self.rooms.lobby.create_room(
                player,
                request.game_id,
                requested_options(request),
                private=request.visibility == common_pb2.VISIBILITY_PRIVATE,
                players=request.players,
                takeover_after=(
                    request.takeover_after if request.HasField("takeover_after") else None
                ),
                bot_delay=duration_seconds(request, "bot_delay"),
                address=current_address.get(),
                pace=pace_messages.from_request(request),
            )
            return lobby_pb2.CreateRoomResponse(room=room_message(record, player.player_id))

        return await self._once("CreateRoom", request, run)

    @guarded
    async def ListRooms(
        self, request: lobby_pb2.ListRoomsRequest, context: Context
    ) -> lobby_pb2.ListRoomsResponse:
        player = require_player()
        records, token = await self.rooms.lobby.open_rooms_page(
            request.game_id, request.page_token, request.page_size
        )
        return lobby_pb2.ListRoomsResponse(
            rooms=[room_message(r, player.player_id) for r in records], next_page_token=token
        )

    @guarded
    async def QuickMatch(
        self, request: lobby_pb2.QuickMatchRequest, context: Context
    ) -> lobby_pb2.QuickMatchResponse:
        player = require_player()

        async def run() -> lobby_pb2.QuickMatchResponse:
            record, seat = await self.rooms.lobby.quick_match(
                player,
                request.game_id,
                request.players,
                bots=request.bots,
                bot_level=_bot_level(request.bot_level, "bot_level"),
                bot_delay=duration_seconds(request, "bot_delay"),
                address=current_address.get(),
                pace=pace_messages.from_request(request),
            )
            room = room_message(record, player.player_id)
            return lobby_pb2.QuickMatchResponse(room=room, seat=seat)

        return await self._once("QuickMatch", request, run)

    @guarded
    async def JoinRoom(
        self, request: lobby_pb2.JoinRoomRequest, context: Context
    ) -> lobby_pb2.JoinRoomResponse:
        player = require_player()
        if not request.room_id and not request.join_code:  # neither case of the oneof
            raise errors.invalid("room_id", "give a room id or a join code")

        async def run() -> lobby_pb2.JoinRoomResponse:
            record, seat = await self.rooms.lobby.join(
                player,
                request.room_id,
                request.join_code,
                spectator=request.spectator,
                address=current_address.get(),
            )
            room = room_message(record, player.player_id)
            return lobby_pb2.JoinRoomResponse(room=room, seat=seat if seat >= 0 else None)

        return await self._once("JoinRoom", request, run)

    @guarded
    async def LeaveRoom(
        self, request: lobby_pb2.LeaveRoomRequest, context: Context
    ) -> lobby_pb2.LeaveRoomResponse:
        async def run() -> lobby_pb2.LeaveRoomResponse:
            await self.rooms.lobby.leave(require_player(), request.room_id)
            return lobby_pb2.LeaveRoomResponse()

        return await self._once("LeaveRoom", request, run)

    @guarded
    async def SetReady(
        self, request: lobby_pb2.SetReadyRequest, context: Context
    ) -> lobby_pb2.SetReadyResponse:
        player = require_player()

        async def run() -> lobby_pb2.SetReadyResponse:
            contribution = (
                request.deal_contribution if request.HasField("deal_contribution") else None
            )
            record = await self.rooms.lobby.set_ready(
                player, request.room_id, request.ready, contribution
            )
            return lobby_pb2.SetReadyResponse(room=room_message(record, player.player_id))

        return await self._once("SetReady", request, run)

    @guarded
    async def StartMatch(
        self, request: lobby_pb2.StartMatchRequest, context: Context
    ) -> lobby_pb2.StartMatchResponse:
        player = require_player()

        async def run() -> lobby_pb2.StartMatchResponse:
            record = await self.rooms.lobby.start(player, request.room_id)
            return lobby_pb2.StartMatchResponse(room=room_message(record, player.player_id))

        return await self._once("StartMatch", request, run)

    @guarded
    async def AddBot(
        self, request: lobby_pb2.AddBotRequest, context: Context
    ) -> lobby_pb2.AddBotResponse:
        player = require_player()
        level = _bot_level(request.level, "level")

        async def run() -> lobby_pb2.AddBotResponse:
            seat = request.seat if request.HasField("seat") else None
            record = await self.rooms.lobby.set_bot(player, request.room_id, seat, level)
            return lobby_pb2.AddBotResponse(room=room_message(record, player.player_id))

        return await self._once("AddBot", request, run)

    @guarded
    async def RemoveBot(
        self, request: lobby_pb2.RemoveBotRequest, context: Context
    ) -> lobby_pb2.RemoveBotResponse:
        player = require_player()

        async def run() -> lobby_pb2.RemoveBotResponse:
            record = await self.rooms.lobby.set_bot(player, request.room_id, request.seat, None)
            return lobby_pb2.RemoveBotResponse(room=room_message(record, player.player_id))

        return await self._once("RemoveBot", request, run)

    @guarded_stream
    @holds_presence
    async def WatchRoom(
        self, request: lobby_pb2.WatchRoomRequest, context: Context
    ) -> AsyncIterator[lobby_pb2.WatchRoomResponse]:
        player = require_player()
        record = await self.rooms.load(request.room_id)
        if not is_member(record, player.player_id):
            raise errors.denied("join the room (or watch it as a spectator) first", "NOT_IN_ROOM")
        if request.resume_cursor:
            start = cursors.decode(request.resume_cursor)
            at = None
            if 0 < start.seq <= record.seq:
                at = await self.rooms.store.rooms.read_entry(record.room_id, start.seq)
            cursors.check(start, record, at)
            cursor = start.seq
        else:
            cursor = 0
        async with self.feeds.listen(record.room_id, record.seq) as queue:
            if cursor == 0:
                last = None
                if record.seq:
                    last = await self.rooms.store.rooms.read_entry(record.room_id, record.seq)
                yield lobby_pb2.WatchRoomResponse(
                    room=room_message(record, player.player_id),
                    seq=record.seq,
                    change=lobby_pb2.ROOM_CHANGE_SNAPSHOT,
                    cursor=(
                        cursors.cursor_at(record, last)
                        if last is not None
                        else cursors.encode(cursors.Cursor(record.epoch, 0, ""))
                    ),
                    server_time=timestamp(self.rooms.clock()),
                )
                cursor = record.seq
            while True:
                for entry in await self.rooms.read_log(record.room_id, cursor):
                    cursor = entry.seq
                    if leaves(entry, player.player_id, record.seq):
                        raise left_room()
                    if entry.room is None:
                        continue
                    change = ROOM_CHANGES[
                        entry.events[0][0]
                        if entry.kind is EntryKind.LOBBY and entry.events
                        else entry.kind
                    ]
                    fresh = await self.rooms.load(record.room_id)
                    yield lobby_pb2.WatchRoomResponse(
                        room=room_message(
                            fresh,
                            player.player_id,
                            seats=entry.room.seats,
                            status=entry.room.status,
                            seq=entry.seq,
                        ),
                        seq=entry.seq,
                        change=change,
                        cursor=cursors.cursor_at(record, entry),
                        server_time=timestamp(self.rooms.clock()),
                    )
                # Wait for news; every wake-up queued meanwhile is covered by the next read.
                woken = [await queue.get()]
                while not queue.empty():
                    woken.append(queue.get_nowait())
                if any(item is None for item in woken):
                    if queue.too_slow:
                        raise too_slow()
                    if self.feeds.stopping:
                        return
