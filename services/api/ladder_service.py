"""LadderService: leaderboards and players' ratings (docs/ratings.md). Thin: parse, read the
ladder through the store (``services.store.ratings``), render.

Leaderboards are Redis sorted sets (player -> ordinal, mu - 3 sigma): the all-time board and
one per season. Pages follow AIP-158: a token holds the last entry's (ordinal, player), so
the next page starts right after it even if others moved meanwhile; the places shown are the
board's at the moment each page is read.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import grpc
from cercle.v1 import common_pb2, ladder_pb2, ladder_pb2_grpc

from engine import registry
from engine.core import Game
from services import errors, pages
from services.api.auth import require_player
from services.api.ladder_messages import change_message, rating_message, ticket_message
from services.api.lobby_service import duration_seconds
from services.api.proto_messages import timestamp
from services.api.servicing import guarded, guarded_stream
from services.games.options import options_to_proto
from services.ladder.matchmaking import Matchmaker
from services.ladder.ratings import (
    MODEL,
    rating_mode,
    season_bounds,
    season_of,
)
from services.rooms.facade import Rooms
from services.store.ratings import Rating, board_key, for_store

DEFAULT_PAGE_SIZE = 20
RECENT_CHANGES = 10
"""Rating changes a player's standing shows per game."""

Context = grpc.aio.ServicerContext[object, object]


def _ranked_game(game_id: str) -> str:
    try:
        registry.get(game_id)
    except registry.UnknownGame as exc:
        raise errors.invalid("game_id", exc.message, "UNKNOWN_GAME") from None
    if rating_mode(game_id) != "ranked":
        raise errors.invalid("game_id", f"{game_id} is cooperative: it rates no one", "NOT_RATED")
    return game_id


def _levels(game: Game[Any, Any, Any]) -> list[str]:
    """The levels a cooperative game's best results are kept by (its ``level`` option's
    choices, lower-cased as ``services.ladder.ratings`` keys them; ``any`` without one)."""
    spec = next((o for o in game.info.options if o.name == "level"), None)
    return ["any"] if spec is None else [choice.lower() for choice in spec.choices]


def _level_options(game: Game[Any, Any, Any], level: str) -> common_pb2.RoomOptions:
    """The game's options message with only its level set."""
    message = options_to_proto(game, {"level": level.upper()})
    inner = getattr(message, game.info.id)
    for field, _ in inner.ListFields():
        if field.name != "level":
            inner.ClearField(field.name)
    return message


class LadderService(ladder_pb2_grpc.LadderServiceServicer):
    """Leaderboards, players' ratings and rated match tickets."""

    def __init__(self, rooms: Rooms, matchmaker: Matchmaker) -> None:
        self.rooms = rooms
        self.db = for_store(rooms.store)
        self.matchmaker = matchmaker
        self.clock = rooms.clock

    @guarded
    async def ListLeaderboard(
        self, request: ladder_pb2.ListLeaderboardRequest, context: Context
    ) -> ladder_pb2.ListLeaderboardResponse:
        player = require_player()
        game = _ranked_game(request.game_id)
        if request.page_size < 0:
            raise errors.invalid("page_size", "page_size cannot be negative")
        size = min(request.page_size or DEFAULT_PAGE_SIZE, pages.MAX_PAGE_SIZE)
        response = ladder_pb2.ListLeaderboardResponse()
        if request.period == ladder_pb2.LEADERBOARD_PERIOD_ALL_TIME:
            board = board_key(game)
        elif request.period == ladder_pb2.LEADERBOARD_PERIOD_SEASON:
            current = season_of(self.rooms.clock())
            season = request.season if request.HasField("season") else current
            if not 1 <= season <= current:
                raise errors.invalid("season", f"seasons go from 1 to {current} (the current)")
            board = board_key(game, season)
            start, end = season_bounds(season)
            response.season = season
            response.season_start_time.CopyFrom(timestamp(start))
            response.season_end_time.CopyFrom(timestamp(end))
        else:
            raise errors.invalid("period", "say which board: all-time or a season")
        scope = f"{board}:{int(request.around_me)}:{player.player_id if request.around_me else ''}"
        after = pages.decode_token(request.page_token, "leaderboard", scope)
        mode = "after" if after is not None else "around" if request.around_me else "top"
        first, entries, total = await self.db.board_page(board, mode, after, size, player.player_id)
        response.total_players = total
        (mine,) = await self.db.ranks([board], player.player_id)
        if mine is not None:
            response.my_rank = mine
        await self._fill(response.entries, game, first, entries)
        if entries and first + len(entries) < total:
            last_player, last_score = entries[-1]
            response.next_page_token = pages.encode_token(
                "leaderboard", scope, (last_score, last_player)
            )
        return response

    async def _fill(
        self, out: object, game: str, first: int, entries: Sequence[tuple[str, float]]
    ) -> None:
        ids = [player_id for player_id, _ in entries]
        names = await self.db.names(ids)
        ratings = await self.db.ratings(game, ids)
        for index, ((player_id, score), name, rating) in enumerate(
            zip(entries, names, ratings, strict=True)
        ):
            message = rating_message(game, rating or Rating(MODEL.mu, MODEL.sigma, 0))
            message.rating = round(100 * score)  # the board's (a past season's standing)
            out.add(  # type: ignore[attr-defined]  # a repeated message field
                rank=first + index + 1, player_id=player_id, display_name=name, rating=message
            )

    async def _add_best_results(
        self, response: ladder_pb2.GetPlayerRatingsResponse, player_id: str
    ) -> None:
        for game in registry.games():
            if not game.info.cooperative:
                continue
            levels = _levels(game)
            for level, best in zip(
                levels, await self.db.best_results(game.info.id, levels, player_id), strict=True
            ):
                if best is None:
                    continue
                response.best_results.add(
                    game_id=game.info.id,
                    level=_level_options(game, level) if level != "any" else None,
                    result=best[0],
                    rank=best[1],
                )

    @guarded
    async def GetPlayerRatings(
        self, request: ladder_pb2.GetPlayerRatingsRequest, context: Context
    ) -> ladder_pb2.GetPlayerRatingsResponse:
        player = require_player()
        player_id = request.player_id or player.player_id
        if len(player_id) > 64:
            raise errors.invalid("player_id", "that is not a player id")
        (name,) = await self.db.names([player_id])
        season = season_of(self.rooms.clock())
        response = ladder_pb2.GetPlayerRatingsResponse(
            player_id=player_id, display_name=name, season=season
        )
        await self._add_best_results(response, player_id)
        games = [g.info.id for g in registry.games() if not g.info.cooperative]
        found = [(game, (await self.db.ratings(game, [player_id]))[0]) for game in games]
        rated = [(game, rating) for game, rating in found if rating is not None]
        if not rated:
            return response
        changes = await self.db.recent_changes(player_id, 50)
        for game, rating in rated:
            rank, season_rank = await self.db.ranks(
                [board_key(game), board_key(game, season)], player_id
            )
            standing = response.standings.add(rating=rating_message(game, rating), rank=rank or 0)
            if season_rank is not None:
                standing.season_rank = season_rank
            mine = [change for change in changes if change.game == game][:RECENT_CHANGES]
            standing.recent_changes.extend(change_message(change) for change in mine)
        return response

    # -- match tickets (services.ladder.matchmaking) ---------------------------------------

    @guarded
    async def CreateMatchTicket(
        self, request: ladder_pb2.CreateMatchTicketRequest, context: Context
    ) -> ladder_pb2.CreateMatchTicketResponse:
        player = require_player()
        timeout = duration_seconds(request, "bot_timeout")
        ticket = await self.matchmaker.create(player, request, timeout)
        return ladder_pb2.CreateMatchTicketResponse(ticket=ticket_message(ticket))

    @guarded
    async def CancelMatchTicket(
        self, request: ladder_pb2.CancelMatchTicketRequest, context: Context
    ) -> ladder_pb2.CancelMatchTicketResponse:
        player = require_player()
        ticket = await self.matchmaker.cancel(player, request.ticket_id)
        return ladder_pb2.CancelMatchTicketResponse(ticket=ticket_message(ticket))

    @guarded_stream
    async def WatchMatchTicket(
        self, request: ladder_pb2.WatchMatchTicketRequest, context: Context
    ) -> AsyncIterator[ladder_pb2.WatchMatchTicketResponse]:
        player = require_player()
        async for ticket in self.matchmaker.watch(player, request.ticket_id):
            yield ladder_pb2.WatchMatchTicketResponse(
                ticket=ticket_message(ticket), server_time=timestamp(self.clock())
            )
