"""The Python client's ladder calls (docs/ratings.md): leaderboards, ratings and rated match
tickets, reached as ``Client.ladder`` (``await client.ladder.leaderboard("tomahawk")``)."""

from __future__ import annotations

import datetime
from collections.abc import AsyncGenerator
from typing import Protocol, TypeVar

import grpc
from cercle.v1 import ladder_pb2, ladder_pb2_grpc
from google.protobuf.message import Message

from clients.api_error import api_error
from clients.request_ids import new_request_id

Req = TypeVar("Req", bound=Message)
Resp = TypeVar("Resp", bound=Message)


class Caller(Protocol):
    """What the ladder's calls use of the client (``clients.sdk.Client``)."""

    channel: grpc.aio.Channel

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]: ...

    async def call(
        self,
        method: grpc.aio.UnaryUnaryMultiCallable[Req, Resp],
        request: Req,
        timeout: float = 10.0,
    ) -> Resp: ...


class LadderCalls:
    """The LadderService's calls, through the client's retries and token refresh."""

    def __init__(self, client: Caller) -> None:
        self.client = client
        self.stub = ladder_pb2_grpc.LadderServiceStub(client.channel)

    async def leaderboard(
        self,
        game_id: str,
        *,
        season: bool = False,
        season_number: int | None = None,
        around_me: bool = False,
        page_size: int = 0,
        page_token: str = "",
    ) -> ladder_pb2.ListLeaderboardResponse:
        """One page of ``game_id``'s leaderboard: all-time, or a season (``season``; the
        current one unless ``season_number``); from the top or ``around_me``."""
        period = (
            ladder_pb2.LEADERBOARD_PERIOD_SEASON
            if season or season_number is not None
            else ladder_pb2.LEADERBOARD_PERIOD_ALL_TIME
        )
        request = ladder_pb2.ListLeaderboardRequest(
            game_id=game_id,
            period=period,
            season=season_number,
            around_me=around_me,
            page_size=page_size,
            page_token=page_token,
        )
        response = await self.client.call(self.stub.ListLeaderboard, request)
        assert isinstance(response, ladder_pb2.ListLeaderboardResponse)
        return response

    async def ratings(self, player_id: str = "") -> ladder_pb2.GetPlayerRatingsResponse:
        """A player's ratings (empty: mine)."""
        response = await self.client.call(
            self.stub.GetPlayerRatings, ladder_pb2.GetPlayerRatingsRequest(player_id=player_id)
        )
        assert isinstance(response, ladder_pb2.GetPlayerRatingsResponse)
        return response

    async def match_ticket(
        self,
        game_id: str,
        players: int = 0,
        *,
        bot_timeout: float | None = None,
        request_id: str = "",
    ) -> ladder_pb2.MatchTicket:
        """Ask for a table of players of close rating (a rated match queue)."""
        request = ladder_pb2.CreateMatchTicketRequest(
            game_id=game_id, players=players, request_id=request_id or new_request_id()
        )
        if bot_timeout is not None:
            request.bot_timeout.FromTimedelta(datetime.timedelta(seconds=bot_timeout))
        response = await self.client.call(self.stub.CreateMatchTicket, request)
        assert isinstance(response, ladder_pb2.CreateMatchTicketResponse)
        return response.ticket

    async def cancel_ticket(self, ticket_id: str) -> ladder_pb2.MatchTicket:
        response = await self.client.call(
            self.stub.CancelMatchTicket,
            ladder_pb2.CancelMatchTicketRequest(ticket_id=ticket_id, request_id=new_request_id()),
        )
        assert isinstance(response, ladder_pb2.CancelMatchTicketResponse)
        return response.ticket

    async def watch_ticket(self, ticket_id: str) -> AsyncGenerator[ladder_pb2.MatchTicket, None]:
        """The ticket as it changes, until it is matched, cancelled or expired."""
        call = self.stub.WatchMatchTicket(
            ladder_pb2.WatchMatchTicketRequest(ticket_id=ticket_id), metadata=self.client.metadata
        )
        try:
            async for response in call:
                yield response.ticket
        except grpc.aio.AioRpcError as exc:
            raise api_error(exc) from None
