"""``cercle``: the reference terminal client of the Cercle game server.

Commands (``cercle COMMAND --help`` for each)::

    cercle login NAME                 open a session and keep it in ~/.config/cercle
    cercle games                      the hosted games, their options and clocks
    cercle rooms [GAME]               open public rooms
    cercle turns                      the rooms waiting for you, and your unread notifications
    cercle create GAME [...]          create a room (prints its id and join code)
    cercle join ROOM_OR_CODE          take a seat (or --spectator)
    cercle ready ROOM / start ROOM / add-bot ROOM / leave ROOM
    cercle play [GAME|ROOM] [...]     the interactive game (quick match, bots, --auto)
    cercle watch ROOM_OR_CODE         watch a match as a spectator
    cercle replay ROOM                a finished match step by step, with the seed check
    cercle ladder GAME                a leaderboard (--season, --around-me); cercle ratings
    cercle queue GAME                 a rated match with players of close rating

It speaks only the contract, through :mod:`clients.sdk`. The server is ``--address``
(default: ``$CERCLE_ADDRESS`` or Envoy on ``127.0.0.1:8080``). The session token is kept in
``$CERCLE_HOME/session.json`` (default ``~/.config/cercle``), one per server address and
terminal playing at once, and is never printed. Commands that take ``--json`` print one JSON
document on stdout; errors print the server's message on stderr (and ``{"error": ...}`` with
``--json``) and exit with 1.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import grpc
from google.protobuf import json_format

from clients.api_error import ApiError
from clients.catalogue import catalogue_lines
from clients.io import EXIT_ERROR, Io
from clients.ladder import add_commands as add_ladder_commands
from clients.lobby_commands import (
    cmd_add_bot,
    cmd_create,
    cmd_games,
    cmd_join,
    cmd_leave,
    cmd_ready,
    cmd_rooms,
    cmd_start,
)
from clients.play import cmd_play, cmd_watch
from clients.render import (
    Context,
    safe_text,
)
from clients.replay import cmd_replay
from clients.sdk import Client
from clients.session import (
    claim_slot,
    default_name,
    device_id,
    load_session,
    save_session,
    session_slots,
)
from clients.turns import add_create_options, cmd_turns

DEFAULT_ADDRESS = "127.0.0.1:8080"


# -- commands -----------------------------------------------------------------------------------

Command = Callable[[Client, argparse.Namespace, Io], Awaitable[int]]


async def cmd_login(client: Client, args: argparse.Namespace, io: Io) -> int:
    if args.device:  # the same player on every login from this machine: rated play
        player_id = (await client.login_device(device_id(), args.display_name)).player_id
    else:
        player_id = await client.login(args.display_name)
    path = save_session(
        args.address, client.token, player_id, args.display_name, client.refresh_token
    )
    if io.json:
        io.emit({"player_id": player_id, "name": args.display_name, "session_file": str(path)})
    else:
        io.line(io.tr("logged_in", name=args.display_name, player_id=player_id, path=path))
    return 0


async def cmd_cards(client: Client, args: argparse.Namespace, io: Io) -> int:
    """Every card (spirit, breed) of a game, from the server's catalogue."""
    response = await client.catalogue(args.game)
    if io.json:
        io.emit(json_format.MessageToDict(response, preserving_proto_field_name=True))
        return 0
    for line in catalogue_lines(response, Context(args.game, io.tr, io.style)):
        io.line(line)
    return 0


# -- argument parsing ---------------------------------------------------------------------------


def add_common(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """Options accepted before and after the command (``cercle --lang fr games`` and
    ``cercle games --lang fr``); after the command they override."""

    def default(value: Any) -> Any:
        return value if top else argparse.SUPPRESS

    parser.add_argument(
        "--address",
        default=default(os.environ.get("CERCLE_ADDRESS") or DEFAULT_ADDRESS),
        help="server address (default: $CERCLE_ADDRESS or %(default)s, Envoy)"
        if top
        else argparse.SUPPRESS,
    )
    parser.add_argument(
        "--lang", choices=("fr", "en"), default=default(None), help="language (default: from LANG)"
    )
    parser.add_argument(
        "--no-color",
        action="store_true",
        default=default(False),
        help="no colours (also automatic when stdout is not a terminal or NO_COLOR is set)",
    )
    parser.add_argument(
        "--name", default=default(None), help="display name of a guest session created on the fly"
    )


def add_login_command(command: Callable[..., argparse.ArgumentParser]) -> None:
    sub = command("login", "open a session and save it")
    sub.add_argument("display_name", metavar="NAME")
    sub.add_argument(
        "--device",
        action="store_true",
        help="log in as this machine's player (a device id kept in CERCLE_HOME): rated",
    )
    sub.set_defaults(run=cmd_login, needs_session=False)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cercle",
        description="Play Cercle's card games in a terminal (Tomahawk Tribal, Tamashii, "
        "Mais où est Tomy ?, Awimbawé).",
    )
    add_common(parser, top=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def command(name: str, help_text: str, *, json_flag: bool = True) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        add_common(sub, top=False)
        if json_flag:
            sub.add_argument("--json", action="store_true", help="print one JSON document")
        return sub

    def room_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--players", type=int, help="number of seats (default: the minimum)")
        sub.add_argument(
            "--option",
            action="append",
            metavar="NAME=VALUE",
            help="a room option (repeatable); see `cercle games`",
        )
        sub.add_argument(
            "--bot-delay", type=float, help="seconds bots wait before they move (default 0.8)"
        )

    add_login_command(command)

    command("games", "list the games").set_defaults(run=cmd_games, needs_session=False)

    sub = command("cards", "list a game's cards (its catalogue)")
    sub.add_argument("game", metavar="GAME")
    sub.set_defaults(run=cmd_cards, needs_session=False)

    sub = command("rooms", "list open public rooms")
    sub.add_argument("game", nargs="?", metavar="GAME")
    sub.set_defaults(run=cmd_rooms)

    sub = command("create", "create a room")
    sub.add_argument("game", metavar="GAME")
    room_options(sub)
    add_create_options(sub)
    sub.set_defaults(run=cmd_create)

    command("turns", "the rooms waiting for you, and your unread notifications").set_defaults(
        run=cmd_turns
    )

    sub = command("join", "take a seat in a room (or watch it)")
    sub.add_argument("target", metavar="ROOM_OR_CODE")
    sub.add_argument("--spectator", action="store_true", help="watch instead of sitting")
    sub.set_defaults(run=cmd_join)

    sub = command("leave", "leave a room (before its match starts)")
    sub.add_argument("room", metavar="ROOM")
    sub.set_defaults(run=cmd_leave)

    sub = command("ready", "say you are ready")
    sub.add_argument("room", metavar="ROOM")
    sub.add_argument("--not", dest="not_ready", action="store_true", help="no longer ready")
    sub.set_defaults(run=cmd_ready)

    sub = command("start", "start the match (host)")
    sub.add_argument("room", metavar="ROOM")
    sub.set_defaults(run=cmd_start)

    sub = command("add-bot", "seat a server bot (host)")
    sub.add_argument("room", metavar="ROOM")
    sub.add_argument("--level", choices=("random", "strong"), default="strong")
    sub.add_argument("--seat", type=int, default=None, help="the seat (default: first free)")
    sub.set_defaults(run=cmd_add_bot)

    sub = command("replay", "a finished match step by step, with the seed commitment check")
    sub.add_argument("room", metavar="ROOM")
    sub.add_argument(
        "--all", action="store_true", help="print every move at once (no Enter between moves)"
    )
    sub.add_argument(
        "--round", type=int, default=None, metavar="N", help="start at round N (Enter: r N)"
    )
    sub.set_defaults(run=cmd_replay)

    def interactive(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--plain", action="store_true", help="append lines instead of redrawing the screen"
        )

    sub = command("watch", "watch a match as a spectator", json_flag=False)
    sub.add_argument("target", metavar="ROOM_OR_CODE")
    interactive(sub)
    sub.set_defaults(run=cmd_watch, watches=True)

    sub = command("play", "play a game in the terminal", json_flag=False)
    sub.add_argument(
        "target", nargs="?", metavar="GAME|ROOM", help="a game (quick match) or a room / code"
    )
    room_options(sub)
    sub.add_argument("--bots", type=int, default=0, help="fill N seats with server bots")
    sub.add_argument("--level", choices=("random", "strong"), default="strong", help="bot level")
    sub.add_argument("--private", action="store_true", help="create a private room")
    sub.add_argument("--public", action="store_true", help="with --bots: list the room publicly")
    sub.add_argument("--auto", action="store_true", help="play by itself (tests and demos)")
    sub.add_argument("--seed", type=int, help="with --auto: pick actions at random, seeded")
    sub.add_argument(
        "--auto-delay", type=float, default=0.0, help="with --auto: seconds before each move"
    )
    interactive(sub)
    sub.set_defaults(run=cmd_play, seats_a_player=True)
    add_ladder_commands(command)
    return parser


async def run_command(args: argparse.Namespace, io: Io) -> int:
    args.address = io.address  # `http://host:port` works as well as `host:port`
    client = Client(args.address, language=io.tr.lang)  # refusals come in the reader's words
    release: Callable[[], None] | None = None
    key = args.address  # where this terminal's session is saved (clients.session)
    saved: dict[str, str] | None = None
    try:
        needs_session = getattr(args, "needs_session", True)
        if needs_session and getattr(args, "watches", False):
            # A spectator of its own, never a seated player's session: the server sends a
            # seat's session that seat's hand, and a watch must show no hand at all.
            first = load_session(args.address)
            await client.login(args.name or (first or {}).get("name") or default_name())
            return int(await args.run(client, args, io))
        if needs_session and getattr(args, "seats_a_player", False):
            claimed = claim_slot(args.address)
            if claimed is None:  # every saved identity is playing: one that is not saved
                await client.login(args.name or default_name())
                return int(await args.run(client, args, io))
            key, release = claimed
        saved = load_session(key) if needs_session else None
        if needs_session:
            if saved is not None:
                client.token, client.player_id = saved["token"], saved.get("player_id", "")
                client.refresh_token = saved.get("refresh", "")
            elif key != args.address:  # another terminal plays as the first saved player
                base = args.name or (load_session(args.address) or {}).get("name")
                number = session_slots(args.address).index(key) + 1
                name = args.name or f"{(base or default_name())[:29]} {number}"
                await new_guest(client, args, io, key, None, name)
                io.note(io.style.dim(io.tr("second_player", name=name)))
            else:
                await new_guest(client, args, io, key, None)
        try:
            return int(await args.run(client, args, io))
        except ApiError as exc:
            if exc.code != grpc.StatusCode.UNAUTHENTICATED or saved is None:
                raise
        # The saved session expired (or the server's data was reset): a fresh one, once.
        await new_guest(client, args, io, key, saved)
        return int(await args.run(client, args, io))
    finally:
        if (
            saved is not None
            and client.token not in ("", saved["token"])
            and client.player_id == saved.get("player_id")
        ):
            # The SDK refreshed the expired access token of this very player: keep the pair.
            name = saved.get("name", "")
            save_session(key, client.token, client.player_id, name, client.refresh_token)
        if release is not None:
            release()
        await client.close()


async def new_guest(
    client: Client,
    args: argparse.Namespace,
    io: Io,
    key: str,
    saved: dict[str, str] | None,
    name: str | None = None,
) -> None:
    """A new guest session, saved under ``key`` (see clients.session)."""
    name = name or args.name or (saved or {}).get("name") or ask_name(io)
    player_id = await client.login(name)
    save_session(key, client.token, player_id, name, client.refresh_token)
    io.note(io.style.dim(io.tr("guest_session", name=name)))


def ask_name(io: Io) -> str:
    """The player's name, asked once on a terminal (then kept with the session; ``cercle
    login NAME`` or ``--name`` set it too); the account name or "Guest" elsewhere."""
    default = default_name()
    if io.json or not sys.stdin.isatty():
        return default
    try:
        typed = input(io.tr("ask_name", default=default))
    except EOFError:
        return default
    return safe_text(typed).strip()[:32] or default


def main(argv: Sequence[str] | None = None) -> None:
    """The ``cercle`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    io = Io(args)
    try:
        code = asyncio.run(run_command(args, io))
    except ApiError as exc:
        code = io.error(exc)
    except KeyboardInterrupt:
        print("\n" + io.tr("interrupted"), file=sys.stderr)
        code = 130
    except BrokenPipeError:  # `cercle games | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = EXIT_ERROR
    sys.exit(code)


if __name__ == "__main__":
    main()
