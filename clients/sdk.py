"""A small asyncio Python client for Cercle's gRPC API (the reference client library).

It speaks only the contract (the generated ``cercle.v1`` stubs): a session token in
``authorization: Bearer`` metadata, rooms through LobbyService, play through GameService, and
a :meth:`Client.updates` stream that resumes by itself from the last update's ``cursor`` when
the server or the edge drops it.

Playing needs no question about what is legal: every update and view that carries a ``view``
also carries the seat's ``choices`` (empty: nothing to do now; none for a spectator), each
action ready for :meth:`Client.act` with that update's ``version``::

    async for update in client.updates(room_id):
        if update.HasField("outcome"):
            break
        if update.HasField("view") and update.choices.actions:
            await client.act(room_id, update.choices.actions[0], update.version)
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncGenerator, Mapping
from typing import TypeVar

import grpc
from cercle.v1 import (
    common_pb2,
    game_pb2,
    game_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    pace_pb2,
)
from google.protobuf.message import Message

from clients.api_error import api_error
from clients.inbox import InboxCalls
from clients.ladder_calls import LadderCalls
from clients.options import bot_level_value, room_options
from clients.request_ids import new_request_id

Req = TypeVar("Req", bound=Message)
Resp = TypeVar("Resp", bound=Message)
RETRYABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED, grpc.StatusCode.INTERNAL}


REFRESH_RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0)
"""Seconds between the tries of a RefreshSession whose answer did not come: well inside the
server's grace for the same token (30 s), after which it would count as a reuse."""
RETRYABLE_REFRESH = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED})


class Client:
    """One player's connection. ``async with Client(address) as c: await c.login("Ana")``."""

    def __init__(self, address: str, token: str = "", language: str = "") -> None:
        self.address = address
        self.token = token
        self.language = language  # sent as accept-language: ApiError.localized's language
        self.refresh_token = ""
        """Set by the logins: when the access token expires, a call trades it for a new
        pair once (RefreshSession) and is sent again."""
        self.player_id = ""
        self.channel = grpc.aio.insecure_channel(
            address,
            options=[
                ("grpc.keepalive_time_ms", 15_000),
                ("grpc.keepalive_timeout_ms", 5_000),
                ("grpc.keepalive_permit_without_calls", 1),
                ("grpc.enable_retries", 1),
            ],
        )
        self.lobby = lobby_pb2_grpc.LobbyServiceStub(self.channel)
        self.game = game_pb2_grpc.GameServiceStub(self.channel)
        self.ladder = LadderCalls(self)
        """Leaderboards, ratings and rated match tickets (:mod:`clients.ladder_calls`)."""
        self.inbox = InboxCalls(self.channel, self.call, lambda: self.metadata)
        """The InboxService calls: notifications, invitations (``clients.inbox``)."""

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.channel.close()

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        auth = (("authorization", f"Bearer {self.token}"),) if self.token else ()
        return auth + ((("accept-language", self.language),) if self.language else ())

    async def call(
        self,
        method: grpc.aio.UnaryUnaryMultiCallable[Req, Resp],
        request: Req,
        timeout: float = 10.0,
    ) -> Resp:
        """One call; a RATE_LIMITED refusal (which did nothing) is retried after the delay
        the server asks for, a few times; an expired access token is refreshed once (with
        the refresh token of the login) and the call sent again."""
        refreshed = False
        for attempt in range(6):
            try:
                return await method(request, metadata=self.metadata, timeout=timeout)
            except grpc.aio.AioRpcError as exc:
                error = api_error(exc)
                if error.code == grpc.StatusCode.UNAUTHENTICATED and self.refresh_token:
                    if refreshed:
                        raise error from None
                    refreshed = True
                    await self.refresh()
                    continue
                if error.reason != "RATE_LIMITED" or attempt == 5:
                    raise error from None
                await asyncio.sleep(error.retry_after or 0.1)
        raise AssertionError("unreachable")

    # -- lobby ----------------------------------------------------------------------------------

    async def login(self, name: str) -> str:
        response = await self.call(
            self.lobby.CreateSession,
            lobby_pb2.CreateSessionRequest(display_name=name, request_id=new_request_id()),
        )
        assert isinstance(response, lobby_pb2.CreateSessionResponse)
        self.token, self.player_id = response.session_token, response.player_id
        self.refresh_token = response.refresh_token
        return self.player_id

    async def login_device(
        self, device_id: str, name: str = ""
    ) -> lobby_pb2.AuthenticateDeviceResponse:
        """Log in as the player of ``device_id`` (created on its first login)."""
        response = await self.call(
            self.lobby.AuthenticateDevice,
            lobby_pb2.AuthenticateDeviceRequest(
                device_id=device_id, display_name=name, request_id=new_request_id()
            ),
        )
        assert isinstance(response, lobby_pb2.AuthenticateDeviceResponse)
        self.token, self.player_id = response.session_token, response.player_id
        self.refresh_token = response.refresh_token
        return response

    async def refresh(self) -> lobby_pb2.RefreshSessionResponse:
        """Trade the refresh token for a new pair. An answer that did not come (UNAVAILABLE,
        DEADLINE_EXCEEDED) is asked again with the same token: within its grace the server
        answers the same pair, so a lost answer never loses the session."""
        request = lobby_pb2.RefreshSessionRequest(refresh_token=self.refresh_token)
        for delay in (*REFRESH_RETRY_DELAYS, None):
            try:
                response = await self.lobby.RefreshSession(request, timeout=10.0)
                break
            except grpc.aio.AioRpcError as exc:
                error = api_error(exc)
                if delay is None or error.code not in RETRYABLE_REFRESH:
                    raise error from None
                await asyncio.sleep(max(delay, error.retry_after or 0.0))
        self.token, self.refresh_token = response.session_token, response.refresh_token
        return response

    async def logout(self) -> None:
        """End the session: its tokens stop working on every replica."""
        await self.call(self.lobby.DeleteSession, lobby_pb2.DeleteSessionRequest())
        self.refresh_token = ""

    async def rename(self, name: str) -> str:
        response = await self.call(
            self.lobby.UpdateProfile,
            lobby_pb2.UpdateProfileRequest(display_name=name, request_id=new_request_id()),
        )
        assert isinstance(response, lobby_pb2.UpdateProfileResponse)
        return response.display_name

    async def my_rooms_page(
        self, page_size: int = 0, page_token: str = ""
    ) -> lobby_pb2.ListMyRoomsResponse:
        response = await self.call(
            self.lobby.ListMyRooms,
            lobby_pb2.ListMyRoomsRequest(page_size=page_size, page_token=page_token),
        )
        assert isinstance(response, lobby_pb2.ListMyRoomsResponse)
        return response

    async def my_rooms(self) -> list[common_pb2.Room]:
        """Every room the player sits in or watches, newest first (all pages)."""
        rooms: list[common_pb2.Room] = []
        token = ""
        while True:
            page = await self.my_rooms_page(page_token=token)
            rooms += page.rooms
            token = page.next_page_token
            if not token:
                return rooms

    async def history_page(
        self, page_size: int = 0, page_token: str = ""
    ) -> lobby_pb2.ListMatchHistoryResponse:
        response = await self.call(
            self.lobby.ListMatchHistory,
            lobby_pb2.ListMatchHistoryRequest(page_size=page_size, page_token=page_token),
        )
        assert isinstance(response, lobby_pb2.ListMatchHistoryResponse)
        return response

    async def games(self, language: str = "") -> list[lobby_pb2.GameInfo]:
        """The catalogue, described in ``language`` (BCP 47; empty: the server's default)."""
        response = await self.call(
            self.lobby.ListGames, lobby_pb2.ListGamesRequest(language_code=language)
        )
        assert isinstance(response, lobby_pb2.ListGamesResponse)
        return list(response.games)

    async def catalogue(self, game_id: str) -> lobby_pb2.GetGameCatalogueResponse:
        """One game's cards, spirits or breeds (language-neutral)."""
        response = await self.call(
            self.lobby.GetGameCatalogue, lobby_pb2.GetGameCatalogueRequest(game_id=game_id)
        )
        assert isinstance(response, lobby_pb2.GetGameCatalogueResponse)
        return response

    async def create_room(
        self,
        game_id: str,
        *,
        players: int = 0,
        options: common_pb2.RoomOptions | Mapping[str, object] | None = None,
        private: bool = False,
        takeover_after: int | None = None,
        bot_delay: float | None = None,
        request_id: str = "",
        pace: pace_pb2.RoomPace | None = None,
    ) -> common_pb2.Room:
        """A new room, the caller in seat 0. ``options``: the typed message, or by name
        (``{"level": "easy"}``, typed by clients/options.py); unset ones take the defaults.
        ``pace``: live (None) or turn-based (:func:`clients.inbox.turn_based`)."""
        request = lobby_pb2.CreateRoomRequest(
            game_id=game_id,
            players=players,
            visibility=common_pb2.VISIBILITY_PRIVATE if private else common_pb2.VISIBILITY_PUBLIC,
            request_id=request_id or new_request_id(),
        )
        if takeover_after is not None:
            request.takeover_after = takeover_after
        if pace is not None:
            request.pace.CopyFrom(pace)
        if bot_delay is not None:
            request.bot_delay.FromMilliseconds(int(bot_delay * 1000))
        if isinstance(options, common_pb2.RoomOptions):
            request.options.CopyFrom(options)
        else:  # by name, typed by the game's options message (clients/options.py)
            request.options.CopyFrom(room_options(game_id, options or {}))
        response = await self.call(self.lobby.CreateRoom, request)
        assert isinstance(response, lobby_pb2.CreateRoomResponse)
        return response.room

    async def rooms(self, game_id: str = "") -> list[common_pb2.Room]:
        """The first page of open public rooms."""
        return list((await self.rooms_page(game_id)).rooms)

    async def rooms_page(
        self, game_id: str = "", page_size: int = 0, page_token: str = ""
    ) -> lobby_pb2.ListRoomsResponse:
        response = await self.call(
            self.lobby.ListRooms,
            lobby_pb2.ListRoomsRequest(game_id=game_id, page_size=page_size, page_token=page_token),
        )
        assert isinstance(response, lobby_pb2.ListRoomsResponse)
        return response

    async def join(
        self,
        room_id: str = "",
        *,
        code: str = "",
        spectator: bool = False,
        request_id: str = "",
    ) -> lobby_pb2.JoinRoomResponse:
        response = await self.call(
            self.lobby.JoinRoom,
            lobby_pb2.JoinRoomRequest(  # one of room_id and join_code (a oneof)
                **({"join_code": code} if code else {"room_id": room_id}),
                spectator=spectator,
                request_id=request_id or new_request_id(),
            ),
        )
        assert isinstance(response, lobby_pb2.JoinRoomResponse)
        return response

    async def quick_match(
        self,
        game_id: str,
        players: int = 0,
        *,
        bots: int = 0,
        bot_level: str = "",
        bot_delay: float | None = None,
        request_id: str = "",
        pace: pace_pb2.RoomPace | None = None,
    ) -> lobby_pb2.QuickMatchResponse:
        """``request_id``: send the same one again to retry safely (empty: a new one).
        ``pace``: live (None) or turn-based (:func:`clients.inbox.turn_based`)."""
        request = lobby_pb2.QuickMatchRequest(
            game_id=game_id,
            players=players,
            bots=bots,
            bot_level=bot_level_value(bot_level),
            request_id=request_id or new_request_id(),
        )
        if pace is not None:
            request.pace.CopyFrom(pace)
        if bot_delay is not None:
            request.bot_delay.FromMilliseconds(int(bot_delay * 1000))
        response = await self.call(self.lobby.QuickMatch, request)
        assert isinstance(response, lobby_pb2.QuickMatchResponse)
        return response

    async def ready(
        self,
        room_id: str,
        ready: bool = True,
        *,
        contribute: bool = True,
        contribution: bytes | None = None,
    ) -> common_pb2.Room:
        """Ready (or not). Ready, it sends a deal contribution (docs/api.md, *A deal no one
        chooses*): ``contribution``, else 32 fresh random bytes (``contribute=False``: none,
        the server derives the seat's part)."""
        if ready and contribute and contribution is None:
            contribution = secrets.token_bytes(32)
        response = await self.call(
            self.lobby.SetReady,
            lobby_pb2.SetReadyRequest(
                room_id=room_id,
                ready=ready,
                request_id=new_request_id(),
                deal_contribution=contribution,
            ),
        )
        assert isinstance(response, lobby_pb2.SetReadyResponse)
        return response.room

    async def start(self, room_id: str) -> common_pb2.Room:
        response = await self.call(
            self.lobby.StartMatch,
            lobby_pb2.StartMatchRequest(room_id=room_id, request_id=new_request_id()),
        )
        assert isinstance(response, lobby_pb2.StartMatchResponse)
        return response.room

    async def add_bot(
        self, room_id: str, level: str = "strong", seat: int | None = None, request_id: str = ""
    ) -> common_pb2.Room:
        response = await self.call(
            self.lobby.AddBot,
            lobby_pb2.AddBotRequest(  # seat None: unset (no -1)
                room_id=room_id,
                seat=seat,
                level=bot_level_value(level),
                request_id=request_id or new_request_id(),
            ),
        )
        assert isinstance(response, lobby_pb2.AddBotResponse)
        return response.room

    async def leave(self, room_id: str) -> None:
        await self.call(
            self.lobby.LeaveRoom,
            lobby_pb2.LeaveRoomRequest(room_id=room_id, request_id=new_request_id()),
        )

    # -- game -----------------------------------------------------------------------------------

    async def view(self, room_id: str) -> game_pb2.GetViewResponse:
        response = await self.call(self.game.GetView, game_pb2.GetViewRequest(room_id=room_id))
        assert isinstance(response, game_pb2.GetViewResponse)
        return response

    async def legal(self, room_id: str) -> game_pb2.ListLegalActionsResponse:
        """ListLegalActions: not needed to play. The server pushes what the seat may do with
        every update and view that carries a view (``update.choices.actions``, to send with
        ``update.version``; ``view(...).choices`` with ``room.version``), and the calls it
        may make right or wrong (``choices.calls``); this answers only the truly legal ones
        (calls included) and nothing in ``clients/`` calls it. Kept for tools that have only
        a room id."""
        response = await self.call(
            self.game.ListLegalActions, game_pb2.ListLegalActionsRequest(room_id=room_id)
        )
        assert isinstance(response, game_pb2.ListLegalActionsResponse)
        return response

    async def act(
        self, room_id: str, action: game_pb2.Action, version: int, key: str | None = None
    ) -> game_pb2.ActResponse:
        request = game_pb2.ActRequest(
            room_id=room_id,
            version=version,
            request_id=key or new_request_id(),
            action=action,
        )
        response = await self.call(self.game.Act, request)
        assert isinstance(response, game_pb2.ActResponse)
        return response

    async def replay_page(
        self, room_id: str, page_size: int = 0, page_token: str = ""
    ) -> game_pb2.GetReplayResponse:
        request = game_pb2.GetReplayRequest(
            room_id=room_id, page_size=page_size, page_token=page_token
        )
        response = await self.call(self.game.GetReplay, request)
        assert isinstance(response, game_pb2.GetReplayResponse)
        return response

    async def replay(self, room_id: str, page_size: int = 0) -> game_pb2.GetReplayResponse:
        """A finished match's whole replay: every page, merged into the first."""
        replay = page = await self.replay_page(room_id, page_size)
        while page.next_page_token:
            page = await self.replay_page(room_id, page_size, page.next_page_token)
            replay.steps.extend(page.steps)
        replay.next_page_token = ""
        return replay

    async def send_chat(self, room_id: str, text: str) -> game_pb2.SendChatResponse:
        response = await self.call(
            self.game.SendChat,
            game_pb2.SendChatRequest(room_id=room_id, text=text, request_id=new_request_id()),
        )
        assert isinstance(response, game_pb2.SendChatResponse)
        return response

    async def mute(self, room_id: str, seat: int, muted: bool = True) -> list[int]:
        request = game_pb2.MuteSeatRequest(room_id=room_id, seat=seat, muted=muted)
        request.request_id = new_request_id()
        response = await self.call(self.game.MuteSeat, request)
        assert isinstance(response, game_pb2.MuteSeatResponse)
        return list(response.muted_seats)

    async def updates(
        self,
        room_id: str,
        *,
        resume: bool = True,
        cursor: str = "",
        presence: bool = False,
    ) -> AsyncGenerator[game_pb2.SubscribeResponse, None]:
        """The room's updates after ``cursor`` (an update's or a view's; empty: from the
        start); on a dropped stream, resubscribes from the last cursor received (with
        backoff), so no update is missed or repeated. A cursor the room's log can no longer
        resume (CURSOR_STALE: a restore or a failover rewrote it) is raised as
        :class:`~clients.api_error.ApiError`: subscribe again without one and adopt the
        history.
        ``presence``: also yield UPDATE_KIND_PRESENCE updates (who is connected)."""
        last_seq = 0
        delay = 0.1
        while True:
            request = game_pb2.SubscribeRequest(
                room_id=room_id, resume_cursor=cursor, presence=presence
            )
            call = self.game.Subscribe(request, metadata=self.metadata)
            try:
                async for update in call:
                    delay = 0.1
                    if update.kind == game_pb2.UPDATE_KIND_PRESENCE:
                        yield update
                        continue
                    if update.seq <= last_seq:
                        continue
                    last_seq, cursor = update.seq, update.cursor
                    yield update
                if not resume:
                    return
            except grpc.aio.AioRpcError as exc:
                error = api_error(exc)
                # A refusal with RetryInfo (STREAM_TOO_SLOW: this client fell behind) asks
                # for a new subscription after the delay, like a dropped stream.
                if not resume or (exc.code() not in RETRYABLE and error.retry_after is None):
                    raise error from None
                delay = max(delay, error.retry_after or 0.0)
            finally:
                call.cancel()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)
