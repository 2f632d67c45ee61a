"""The CLI's turn-based commands (issue 28): ``cercle turns`` (the rooms waiting for you,
your unread notifications) and ``cercle create``'s ``--turn-based`` / ``--time-bank``."""

from __future__ import annotations

import argparse

from cercle.v1 import pace_pb2

from clients.inbox import turn_based
from clients.io import Io
from clients.render import safe_message
from clients.sdk import Client


async def cmd_turns(client: Client, args: argparse.Namespace, io: Io) -> int:
    """The rooms that wait for a decision of yours (turn-based or live), oldest wait first,
    and how many notifications you have not read."""
    rooms = [r for r in await client.my_rooms() if r.my_turn.waiting]
    rooms.sort(key=lambda r: r.my_turn.since_time.seconds)
    unread = (await client.inbox.notifications(page_size=1)).unread_count
    if io.json:
        io.emit(
            {
                "turns": [
                    {
                        "room_id": r.room_id,
                        "game_id": r.game_id,
                        "turn_based": r.pace.pace == pace_pb2.PACE_TURN_BASED,
                        "since": r.my_turn.since_time.seconds or None,
                        "expires": r.my_turn.expire_time.seconds or None,
                    }
                    for r in rooms
                ],
                "unread": unread,
            }
        )
        return 0
    if not rooms:
        io.line(io.tr("turns_none"))
    else:
        io.line(io.tr("turns_title"))
        for room in map(safe_message, rooms):
            expires = room.my_turn.expire_time
            left = expires.ToDatetime().strftime("%Y-%m-%d %H:%M UTC") if expires.seconds else "-"
            io.line("  " + io.tr("turn_line", room_id=room.room_id, game=room.game_id, until=left))
    io.line(io.tr("turns_unread", n=unread))
    return 0


def turn_based_pace(args: argparse.Namespace) -> pace_pb2.RoomPace | None:
    """``--turn-based HOURS`` (and ``--time-bank HOURS``): the room's pace (None: live)."""
    if args.turn_based is None:
        if args.time_bank is not None:
            raise SystemExit("--time-bank needs --turn-based")
        return None
    return turn_based(args.turn_based * 3600, (args.time_bank or 0) * 3600)


def add_create_options(sub: argparse.ArgumentParser) -> None:
    """``create``'s own flags: private, and the pace."""
    sub.add_argument("--private", action="store_true", help="unlisted: join with its code")
    sub.add_argument(
        "--turn-based",
        type=float,
        metavar="HOURS",
        help="a turn-based room: HOURS per decision (from 0.1 to 336)",
    )
    sub.add_argument(
        "--time-bank", type=float, metavar="HOURS", help="with --turn-based: a time bank per seat"
    )
