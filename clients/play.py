"""``cercle play`` and ``cercle watch``: find or make a seat, then hand the table to
:class:`clients.tui.TableLoop`."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

import grpc
from cercle.v1 import common_pb2, lobby_pb2

from clients.api_error import ApiError
from clients.io import Io
from clients.options import choice_name, plain_options, room_options
from clients.render import GAMES
from clients.sdk import Client
from clients.table_parts import PlayOptions
from clients.tui import TableLoop


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["k=v", ...]`` as a dict; a pair without ``=`` is a usage error."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise SystemExit(f"cercle: --option wants NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def typed_options(game_id: str, pairs: Sequence[str] | None) -> common_pb2.RoomOptions:
    """``--option`` pairs as the game's typed options; a name or value the game's options
    message does not take is a usage error."""
    try:
        return room_options(game_id, parse_options(pairs))
    except ValueError as exc:
        raise SystemExit(f"cercle: --option: {exc}") from None


def looks_like_code(text: str) -> bool:
    """Join codes are 6 characters; room ids are longer hex strings.

    >>> looks_like_code("HSSLHH"), looks_like_code("97fafdc51fb7")
    (True, False)
    """
    return len(text.strip()) == 6


def with_language(
    pairs: list[str] | None, info: lobby_pb2.GameInfo | None, lang: str
) -> list[str] | None:
    """``--option`` pairs plus ``language=<the player's>`` for a game that has a table
    language (Tomy's), unless given. The stories the server tells do not depend on it: they
    are template references each reader renders in their own language."""
    if info is None or any(p.partition("=")[0].strip() == "language" for p in pairs or []):
        return pairs
    for option in info.options:
        names = [choice_name(info.game_id, option.name, c.value) for c in option.choices]
        if option.name == "language" and lang.upper() in names:
            return [*(pairs or []), f"language={lang.upper()}"]
    return pairs


async def join_target(client: Client, target: str, spectator: bool) -> lobby_pb2.JoinRoomResponse:
    if looks_like_code(target):
        return await client.join(code=target, spectator=spectator)
    return await client.join(target.strip(), spectator=spectator)


def play_options(args: argparse.Namespace, io: Io) -> PlayOptions:
    auto = bool(getattr(args, "auto", False))
    screen = (
        sys.stdout.isatty()
        and not getattr(args, "plain", False)
        and not auto
        and os.environ.get("TERM", "") != "dumb"
    )
    return PlayOptions(
        lang=io.lang,
        color=io.color,
        screen=screen,
        auto=auto,
        seed=getattr(args, "seed", None),
        auto_delay=getattr(args, "auto_delay", 0.0) or 0.0,
        bot_level=getattr(args, "level", None) or "strong",
    )


async def cmd_watch(client: Client, args: argparse.Namespace, io: Io) -> int:
    joined = await join_target(client, args.target, True)
    io.line(io.tr("joined_spectator", room_id=joined.room.room_id))
    loop = TableLoop(client, joined.room.room_id, play_options(args, io))
    return await loop.run()


def options_match(room: common_pb2.Room, wanted: common_pb2.RoomOptions) -> bool:
    """Whether the room has every option ``wanted`` sets."""
    have = plain_options(room.options)
    return all(have.get(name) == value for name, value in plain_options(wanted).items())


async def find_or_create(client: Client, game_id: str, args: argparse.Namespace, io: Io) -> str:
    """A seat for ``cercle play GAME``: bots, a private room, or a quick match."""
    tr = io.tr
    options = typed_options(game_id, args.option)
    if args.bots:
        players = args.players or args.bots + 1
        if players < args.bots + 1:
            raise SystemExit(tr("seats_too_few", players=players, bots=args.bots))
        room = await client.create_room(
            game_id,
            players=players,
            options=options,
            private=not args.public,
            bot_delay=args.bot_delay,
        )
        for _ in range(args.bots):
            room = await client.add_bot(room.room_id, args.level)
        io.line(tr("bots_room", room_id=room.room_id, n=args.bots))
        return room.room_id
    if args.private:
        room = await client.create_room(
            game_id,
            players=args.players or 0,
            options=options,
            private=True,
            bot_delay=args.bot_delay,
        )
        io.line(tr("private_created", room_id=room.room_id, code=room.join_code))
        return room.room_id
    if options.WhichOneof("game") is None and args.bot_delay is None:
        matched = await client.quick_match(game_id, args.players or 0)
        if (
            any(s.player_id == client.player_id for s in matched.room.seats)
            and sum(1 for s in matched.room.seats if s.player_id) == 1
        ):
            io.line(tr("quick_created", room_id=matched.room.room_id))
        else:
            io.line(tr("quick_joined", room_id=matched.room.room_id, seat=matched.seat))
        return matched.room.room_id
    # Options: join an open room with the same options, else create one.
    for room in await client.rooms(game_id):
        if args.players and len(room.seats) != args.players:
            continue
        if not options_match(room, options):
            continue
        if any(s.player_id == client.player_id for s in room.seats):
            return room.room_id
        try:
            joined = await client.join(room.room_id)
        except ApiError:
            continue  # taken meanwhile
        io.line(tr("quick_joined", room_id=room.room_id, seat=joined.seat))
        return room.room_id
    room = await client.create_room(
        game_id, players=args.players or 0, options=options, bot_delay=args.bot_delay
    )
    io.line(tr("quick_created", room_id=room.room_id))
    return room.room_id


async def cmd_play(client: Client, args: argparse.Namespace, io: Io) -> int:
    target = args.target
    game_ids = list(GAMES)
    infos: list[lobby_pb2.GameInfo] = []
    with contextlib.suppress(ApiError):
        infos = await client.games()
        game_ids = [g.game_id for g in infos] or game_ids
    if not target:
        if args.auto or not sys.stdin.isatty():
            raise SystemExit(io.tr("name_a_game", games=", ".join(game_ids)))
        while target not in game_ids:
            target = input(f"{io.tr('choose_game')}({', '.join(game_ids)}) ").strip().lower()
    if target.lower() in game_ids:
        info = next((g for g in infos if g.game_id == target.lower()), None)
        args.option = with_language(args.option, info, io.lang)
        room_id = await find_or_create(client, target.lower(), args, io)
    else:
        try:
            joined = await join_target(client, target, False)
        except ApiError as exc:
            if exc.code == grpc.StatusCode.NOT_FOUND:
                print(
                    io.tr("unknown_game_or_room", what=target, games=", ".join(game_ids)),
                    file=sys.stderr,
                )
            raise
        room_id = joined.room.room_id
        io.line(io.tr("quick_joined", room_id=room_id, seat=joined.seat))
    loop = TableLoop(client, room_id, play_options(args, io))
    return await loop.run()
