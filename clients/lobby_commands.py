"""The lobby's commands of ``cercle`` (:mod:`clients.cli`): the hosted games, the open
rooms, and a room's create, join, leave, ready, start and add-bot."""

from __future__ import annotations

import argparse

from cercle.v1 import common_pb2
from google.protobuf import json_format

from clients.io import Io, room_json
from clients.options import choice_name
from clients.play import join_target, typed_options
from clients.render import (
    Context,
    option_text,
    options_text,
    render_room,
    safe_message,
)
from clients.sdk import Client
from clients.turns import turn_based_pace


async def cmd_games(client: Client, args: argparse.Namespace, io: Io) -> int:
    games = await client.games(io.lang)
    if io.json:
        io.emit(
            {
                "games": [
                    json_format.MessageToDict(
                        g,
                        preserving_proto_field_name=True,
                        always_print_fields_with_no_presence=True,
                    )
                    for g in games
                ]
            }
        )
        return 0
    tr, st = io.tr, io.style
    io.line(tr("games_title", address=args.address))
    for game in map(safe_message, games):
        players = (
            tr("players_one", n=game.min_players)
            if game.min_players == game.max_players
            else tr("players_range", low=game.min_players, high=game.max_players)
        )
        io.line(f"  {st.bold(game.game_id):<10} {game.name} · {players}")
        summary = game.summary
        if summary:
            io.line(f"      {summary}")
        for option in game.options:
            bounds = ""
            if option.HasField("minimum") or option.HasField("maximum"):
                low = option.minimum if option.HasField("minimum") else ""
                high = option.maximum if option.HasField("maximum") else ""
                bounds = f" [{low}–{high}]"
            if option.choices:
                names = [choice_name(game.game_id, option.name, c.value) for c in option.choices]
                bounds = f" [{'|'.join(n.lower() for n in names)}]"
            description = option.description
            default = option_text(game.game_id, option) or "N"  # N: unset by default
            io.line(f"      --option {option.name}={default}{bounds}  {st.dim(description)}")
    return 0


async def cmd_rooms(client: Client, args: argparse.Namespace, io: Io) -> int:
    rooms = await client.rooms(args.game or "")
    if io.json:
        io.emit({"rooms": [room_json(r) for r in rooms]})
        return 0
    if not rooms:
        io.line(io.tr("no_rooms"))
        return 0
    io.line(io.tr("rooms_title"))
    # The option metadata, asked once for the whole listing (labels of choices, order).
    infos = {g.game_id: {o.name: o for o in g.options} for g in await client.games(io.tr.lang)}
    for room in map(safe_message, rooms):
        taken = sum(1 for s in room.seats if s.player_id)
        host = next((s.display_name for s in room.seats if s.player_id == room.host_player_id), "?")
        options = options_text(room.options, room.game_id, io.tr, infos.get(room.game_id))
        io.line(
            "  "
            + io.tr(
                "room_line",
                room_id=room.room_id,
                game=f"{room.game_id:<9}",
                taken=taken,
                total=len(room.seats),
                host=host,
                options=io.style.dim(options),
            )
        )
    return 0


def print_room(io: Io, room: common_pb2.Room) -> None:
    ctx = Context(room.game_id, io.tr, io.style)
    ctx.set_room(room)
    for line in render_room(room, ctx):
        io.line(line)


async def cmd_create(client: Client, args: argparse.Namespace, io: Io) -> int:
    room = await client.create_room(
        args.game,
        players=args.players or 0,
        options=typed_options(args.game, args.option),
        private=args.private,
        bot_delay=args.bot_delay,
        pace=turn_based_pace(args),
    )
    if io.json:
        io.emit(
            {
                "room_id": room.room_id,
                "join_code": room.join_code,
                "seat": 0,
                "room": room_json(room),
            }
        )
        return 0
    visibility = io.tr("private_room") if args.private else io.tr("public")
    io.line(
        io.tr(
            "created",
            room_id=io.style.bold(room.room_id),
            game=room.game_id,
            players=len(room.seats),
            visibility=visibility,
        )
    )
    io.line(io.tr("join_code", code=io.style.bold(room.join_code)))
    print_room(io, room)
    return 0


async def cmd_join(client: Client, args: argparse.Namespace, io: Io) -> int:
    joined = await join_target(client, args.target, args.spectator)
    room = joined.room
    if io.json:
        io.emit(
            {
                "room_id": room.room_id,
                "seat": joined.seat if joined.HasField("seat") else None,
                "spectator": not joined.HasField("seat"),
                "join_code": room.join_code,
                "room": room_json(room),
            }
        )
        return 0
    if not joined.HasField("seat"):
        io.line(io.tr("joined_spectator", room_id=room.room_id))
    else:
        io.line(io.tr("joined_seat", room_id=room.room_id, seat=joined.seat))
    print_room(io, room)
    return 0


async def cmd_leave(client: Client, args: argparse.Namespace, io: Io) -> int:
    await client.leave(args.room)
    if io.json:
        io.emit({"room_id": args.room, "left": True})
    else:
        io.line(io.tr("left_room", room_id=args.room))
    return 0


async def cmd_ready(client: Client, args: argparse.Namespace, io: Io) -> int:
    room = await client.ready(args.room, not args.not_ready)
    if io.json:
        io.emit({"room_id": room.room_id, "ready": not args.not_ready, "room": room_json(room)})
        return 0
    key = "marked_not_ready" if args.not_ready else "marked_ready"
    io.line(io.tr(key, room_id=room.room_id))
    print_room(io, room)
    return 0


async def cmd_start(client: Client, args: argparse.Namespace, io: Io) -> int:
    room = await client.start(args.room)
    if io.json:
        io.emit({"room_id": room.room_id, "room": room_json(room)})
        return 0
    io.line(io.tr("started", room_id=room.room_id))
    print_room(io, room)
    return 0


async def cmd_add_bot(client: Client, args: argparse.Namespace, io: Io) -> int:
    room = await client.add_bot(args.room, args.level, args.seat)
    if io.json:
        io.emit({"room_id": room.room_id, "room": room_json(room)})
        return 0
    io.line(io.tr("bot_added", room_id=room.room_id))
    print_room(io, room)
    return 0
