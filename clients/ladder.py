"""The ladder in the terminal (docs/ratings.md): ``cercle ladder GAME`` (a leaderboard),
``cercle ratings [PLAYER]`` (ratings with their provisional marks and last changes),
``cercle queue GAME`` (a rated match: a ticket watched until its table is made), and the
line the table prints after a rated match (its rating change)."""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Any

from cercle.v1 import ladder_pb2
from google.protobuf import json_format

from clients.i18n import Tr
from clients.io import Io
from clients.render import safe_text
from clients.sdk import Client

PROVISIONAL_MARK = "?"


def shown_rating(rating: ladder_pb2.PlayerRating) -> str:
    """The displayed rating, with its provisional mark.

    >>> shown_rating(ladder_pb2.PlayerRating(rating=1234, provisional=True))
    '1234?'
    """
    return f"{rating.rating}{PROVISIONAL_MARK if rating.provisional else ''}"


def delta(value: int) -> str:
    """A signed change ("+37", "-5", "±0")."""
    return f"+{value}" if value > 0 else f"{value}" if value < 0 else "±0"


def change_line(tr: Tr, change: ladder_pb2.RatingChange) -> str:
    return tr(
        "rating_change",
        before=shown_rating(change.before),
        after=shown_rating(change.after),
        delta=delta(change.rating_delta),
        place=change.place,
        room_id=change.room_id,
    )


def _json(message: Any) -> Any:
    return json_format.MessageToDict(message, preserving_proto_field_name=True)


async def cmd_ladder(client: Client, args: argparse.Namespace, io: Io) -> int:
    page = await client.ladder.leaderboard(
        args.game,
        season=args.season is not None,
        season_number=args.season or None,
        around_me=args.around_me,
        page_size=args.page_size,
        page_token=args.page_token,
    )
    if io.json:
        io.emit(_json(page))
        return 0
    title = "ladder_title_season" if page.HasField("season") else "ladder_title"
    io.line(io.tr(title, game=args.game, season=page.season, players=page.total_players))
    for entry in page.entries:
        line = io.tr(
            "ladder_line",
            rank=entry.rank,
            name=safe_text(entry.display_name) or entry.player_id,
            rating=shown_rating(entry.rating),
            matches=entry.rating.rated_matches,
        )
        io.line(io.style.good(line) if entry.player_id == client.player_id else line)
    if page.HasField("my_rank"):
        io.line(io.tr("ladder_my_rank", rank=page.my_rank))
    if page.next_page_token:
        io.line(io.style.dim(io.tr("ladder_more", token=page.next_page_token)))
    io.line(io.style.dim(io.tr("ladder_provisional")))
    return 0


async def cmd_ratings(client: Client, args: argparse.Namespace, io: Io) -> int:
    ratings = await client.ladder.ratings(args.player or "")
    if io.json:
        io.emit(_json(ratings))
        return 0
    io.line(io.tr("ratings_title", name=safe_text(ratings.display_name) or ratings.player_id))
    if not ratings.standings:
        io.line(io.tr("ratings_none"))
    for standing in ratings.standings:
        io.line(
            io.tr(
                "ratings_line",
                game=standing.rating.game_id,
                rating=shown_rating(standing.rating),
                rank=standing.rank,
                matches=standing.rating.rated_matches,
            )
        )
        for change in standing.recent_changes:
            io.line("    " + change_line(io.tr, change))
    return 0


async def cmd_queue(client: Client, args: argparse.Namespace, io: Io) -> int:
    """A rated match: a ticket, watched (its wait and window) until its table is made."""
    ticket = await client.ladder.match_ticket(
        args.game, args.players or 0, bot_timeout=args.bot_timeout
    )
    started = time.monotonic()
    io.note(io.tr("queue_waiting", rating=ticket.rating, window=ticket.rating_window, waited=0))
    try:
        async for seen in client.ladder.watch_ticket(ticket.ticket_id):
            ticket = seen
            if seen.status == ladder_pb2.MATCH_TICKET_STATUS_WAITING:
                waited = round(time.monotonic() - started)
                io.note(
                    io.tr(
                        "queue_waiting",
                        rating=seen.rating,
                        window=seen.rating_window,
                        waited=waited,
                    )
                )
    except asyncio.CancelledError:  # Ctrl-C: withdraw the ticket
        await client.ladder.cancel_ticket(ticket.ticket_id)
        raise
    if io.json:
        io.emit(_json(ticket))
    elif ticket.status == ladder_pb2.MATCH_TICKET_STATUS_MATCHED:
        io.line(io.tr("queue_matched", room_id=ticket.room_id, seat=ticket.seat, bots=ticket.bots))
    else:
        io.line(io.tr("queue_ended"))
    return 0 if ticket.status == ladder_pb2.MATCH_TICKET_STATUS_MATCHED else 1


async def rating_change_lines(client: Client, room_id: str, tr: Tr) -> list[str]:
    """After a rated match: the line of its rating change (counted within seconds)."""
    for _ in range(20):
        ratings = await client.ladder.ratings()
        for standing in ratings.standings:
            for change in standing.recent_changes:
                if change.room_id == room_id:
                    return [change_line(tr, change)]
        await asyncio.sleep(0.25)
    return [tr("rating_pending")]


def add_commands(command: Any) -> None:
    """The ladder's subcommands (``command(name, help)`` makes one; clients/cli.py)."""
    sub = command("ladder", "a game's leaderboard (all-time, or --season)")
    sub.add_argument("game", metavar="GAME")
    sub.add_argument(
        "--season", type=int, nargs="?", const=0, default=None, help="a season (no N: this one)"
    )
    sub.add_argument("--around-me", action="store_true", help="the page around my place")
    sub.add_argument("--page-size", type=int, default=0, help="lines per page (20)")
    sub.add_argument("--page-token", default="", help="the next page (printed with each page)")
    sub.set_defaults(run=cmd_ladder)

    sub = command("ratings", "a player's ratings and their last changes (default: mine)")
    sub.add_argument("player", nargs="?", metavar="PLAYER_ID")
    sub.set_defaults(run=cmd_ratings)

    sub = command("queue", "a rated match: wait for players of close rating")
    sub.add_argument("game", metavar="GAME")
    sub.add_argument("--players", type=int, help="table size (default: the game's smallest)")
    sub.add_argument(
        "--bot-timeout", type=float, default=None, help="seconds before bots fill (60)"
    )
    sub.set_defaults(run=cmd_queue)
