"""``cercle``: the reference terminal client of the Cercle game server.

Commands (``cercle COMMAND --help`` for each)::

    cercle login NAME                 open a session and keep it in ~/.config/cercle
    cercle games                      the hosted games, their options and clocks
    cercle rooms [GAME]               open public rooms
    cercle create GAME [...]          create a room (prints its id and join code)
    cercle join ROOM_OR_CODE          take a seat (or --spectator)
    cercle ready ROOM / start ROOM / add-bot ROOM / leave ROOM
    cercle play [GAME|ROOM] [...]     the interactive game (quick match, bots, --auto)
    cercle watch ROOM_OR_CODE         watch a match as a spectator
    cercle replay ROOM                a finished match step by step, with the seed check

It speaks only the contract, through :mod:`clients.sdk`. The server is ``--address``
(default: ``$CERCLE_ADDRESS`` or Envoy on ``127.0.0.1:8080``). The session token is kept in
``$CERCLE_HOME/session.json`` (default ``~/.config/cercle``), one per server address, and is
never printed. Commands that take ``--json`` print one JSON document on stdout; errors print
the server's message on stderr (and ``{"error": ...}`` with ``--json``) and exit with 1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import hashlib
import json
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import grpc
from cercle.v1 import common_pb2, game_pb2, lobby_pb2
from google.protobuf import json_format

from clients.catalogue import catalogue_lines
from clients.i18n import Tr, detect_language
from clients.render import (
    GAMES,
    Context,
    Style,
    action_label,
    event_json,
    json_safe,
    option_text,
    outcome_json,
    render_replay,
    render_room,
    safe_message,
    safe_text,
    status_name,
    strip_ansi,
)
from clients.sdk import ApiError, Client, bot_level_name, option_values
from clients.tui import PlayOptions, TableLoop

DEFAULT_ADDRESS = "127.0.0.1:8080"
EXIT_ERROR = 1
EXIT_USAGE = 2


# -- session ------------------------------------------------------------------------------------


def config_dir() -> Path:
    home = os.environ.get("CERCLE_HOME")
    return Path(home) if home else Path.home() / ".config" / "cercle"


def session_path() -> Path:
    return config_dir() / "session.json"


def load_sessions() -> dict[str, Any]:
    try:
        data = json.loads(session_path().read_text())
    except (OSError, ValueError):
        return {}
    sessions = data.get("sessions") if isinstance(data, dict) else None
    return sessions if isinstance(sessions, dict) else {}


def load_session(address: str) -> dict[str, str] | None:
    found = load_sessions().get(address)
    if isinstance(found, dict) and found.get("token"):
        return {k: str(v) for k, v in found.items()}
    return None


def save_session(address: str, token: str, player_id: str, name: str, refresh: str = "") -> Path:
    """Keep the tokens for ``address`` (the file is readable by its owner only)."""
    sessions = load_sessions()
    sessions[address] = {"token": token, "player_id": player_id, "name": name, "refresh": refresh}
    path = session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        json.dump({"sessions": sessions}, handle, indent=2)
    os.replace(tmp, path)
    return path


def claim_session(address: str) -> Callable[[], None] | None:
    """Mark the saved session for ``address`` as played by this process, so that a second
    ``cercle play`` in another terminal plays as another player rather than as the same one
    (the server would seat it in the same place). Returns how to give it back, or None when
    another live process plays it."""
    key = hashlib.sha256(address.encode()).hexdigest()[:12]
    path = config_dir() / f"playing-{key}.pid"
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(2):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            try:
                holder = int(path.read_text().strip() or "0")
            except (OSError, ValueError):
                holder = 0
            if holder and holder != os.getpid() and _alive(holder):
                return None
            path.unlink(missing_ok=True)  # left by a process that is gone
            continue
        with os.fdopen(fd, "w") as handle:
            handle.write(str(os.getpid()))

        def release() -> None:
            with contextlib.suppress(OSError, ValueError):
                if int(path.read_text().strip()) == os.getpid():
                    path.unlink()

        return release
    return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def default_name() -> str:
    with contextlib.suppress(Exception):
        user = getpass.getuser()
        if user and user != "root":
            return user[:32]
    return "Guest"


# -- output helpers -----------------------------------------------------------------------------


class Io:
    """Where a command writes, in which language, with or without colours."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.json = bool(getattr(args, "json", False))
        self.lang = args.lang or detect_language()
        self.tr = Tr(self.lang)
        self.color = not args.no_color and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        self.style = Style(self.color)

    def line(self, text: str = "") -> None:
        print(text, flush=True)

    def note(self, text: str) -> None:
        """A remark that must not spoil a JSON document on stdout."""
        print(text, file=sys.stderr if self.json else sys.stdout, flush=True)

    def emit(self, document: Any) -> None:
        print(json_safe(json.dumps(document, ensure_ascii=False, indent=2)), flush=True)

    def error(self, exc: ApiError) -> int:
        message = safe_text(exc.message)
        text = (
            self.tr("error", message=message, reason=safe_text(exc.reason))
            if exc.reason
            else self.tr("error_plain", message=message)
        )
        print(self.style.bad(text), file=sys.stderr, flush=True)
        if self.json:
            self.emit(
                {
                    "error": {
                        "code": exc.code.name,
                        "reason": exc.reason,
                        "message": exc.message,
                        "field": exc.field,
                    }
                }
            )
        return EXIT_ERROR


def option_raw(value: common_pb2.OptionValue) -> Any:
    which = value.WhichOneof("value")
    return None if which is None else getattr(value, which)


def room_json(room: common_pb2.Room) -> dict[str, Any]:
    """A Room as plain JSON (ints as numbers; no secret: the join code is the caller's)."""
    return {
        "room_id": room.room_id,
        "game_id": room.game_id,
        "status": status_name(room),
        "visibility": "private" if room.visibility == common_pb2.VISIBILITY_PRIVATE else "public",
        "join_code": room.join_code,
        "players": len(room.seats),
        "options": {k: option_raw(v) for k, v in sorted(room.options.items())},
        "seats": [
            {
                "index": s.index,
                "player_id": s.player_id,
                "display_name": s.display_name,
                "kind": "bot"
                if s.kind == common_pb2.SEAT_KIND_BOT
                else ("human" if s.player_id else ""),
                "ready": s.ready,
                "bot_level": bot_level_name(s.bot_level),
            }
            for s in room.seats
        ],
        "spectator_count": room.spectator_count,
        "host_player_id": room.host_player_id,
        "my_seat": room.my_seat,
        "version": room.version,
        "seq": room.seq,
    }


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["k=v", ...]`` as a dict; a pair without ``=`` is a usage error."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise SystemExit(f"cercle: --option wants NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def looks_like_code(text: str) -> bool:
    """Join codes are 6 characters; room ids are longer hex strings.

    >>> looks_like_code("HSSLHH"), looks_like_code("97fafdc51fb7")
    (True, False)
    """
    return len(text.strip()) == 6


# -- commands -----------------------------------------------------------------------------------

Command = Callable[[Client, argparse.Namespace, Io], Awaitable[int]]


async def cmd_login(client: Client, args: argparse.Namespace, io: Io) -> int:
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
                bounds = f" [{'|'.join(option.choices)}]"
            description = option.description
            default = option_text(option.default_value)
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
    for room in map(safe_message, rooms):
        taken = sum(1 for s in room.seats if s.player_id)
        host = next((s.display_name for s in room.seats if s.player_id == room.host_player_id), "?")
        options = " ".join(f"{k}={option_text(v)}" for k, v in sorted(room.options.items()))
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
        options=parse_options(args.option),
        private=args.private,
        bot_delay=args.bot_delay,
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


async def join_target(client: Client, target: str, spectator: bool) -> lobby_pb2.JoinRoomResponse:
    if looks_like_code(target):
        return await client.join(code=target, spectator=spectator)
    return await client.join(target.strip(), spectator=spectator)


async def cmd_join(client: Client, args: argparse.Namespace, io: Io) -> int:
    joined = await join_target(client, args.target, args.spectator)
    room = joined.room
    if io.json:
        io.emit(
            {
                "room_id": room.room_id,
                "seat": joined.seat,
                "spectator": joined.seat < 0,
                "join_code": room.join_code,
                "room": room_json(room),
            }
        )
        return 0
    if joined.seat < 0:
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


def commitment_check(seed: int, nonce: str, commitment: str) -> tuple[str, bool]:
    """``sha256("<seed>:<nonce>")`` and whether it is the published commitment.

    >>> digest, ok = commitment_check(1, "n", hashlib.sha256(b"1:n").hexdigest())
    >>> ok
    True
    """
    digest = hashlib.sha256(f"{seed}:{nonce}".encode()).hexdigest()
    return digest, digest == commitment.strip().lower()


async def cmd_replay(client: Client, args: argparse.Namespace, io: Io) -> int:
    replay = await client.replay(args.room)
    digest, ok = commitment_check(replay.seed, replay.seed_nonce, replay.seed_commitment)
    ctx = Context(replay.game_id, io.tr, io.style)
    lines = render_replay(replay, args.room, ctx)
    if io.json:
        label_ctx = Context(replay.game_id, io.tr, Style(False))
        render_replay(replay, args.room, label_ctx)  # learn names and faces
        io.emit(
            {
                "room_id": args.room,
                "game_id": replay.game_id,
                "players": replay.players,
                "options": {k: option_raw(v) for k, v in sorted(replay.options.items())},
                "seats": [
                    {"index": s.index, "display_name": s.display_name, "player_id": s.player_id}
                    for s in replay.seats
                ],
                "steps": [replay_step_json(step, label_ctx) for step in replay.steps],
                "outcome": outcome_json(replay.outcome),
                "seed": replay.seed,
                "seed_nonce": replay.seed_nonce,
                "seed_commitment": replay.seed_commitment,
                "computed_commitment": digest,
                "commitment_ok": ok,
            }
        )
        return 0 if ok else EXIT_ERROR
    for line in lines:
        io.line(line)
    io.line()
    io.line(io.tr("replay_seed", seed=replay.seed, nonce=replay.seed_nonce))
    io.line(io.tr("replay_commitment", digest=digest, commitment=replay.seed_commitment))
    io.line(io.style.good(io.tr("commitment_ok")) if ok else io.style.bad(io.tr("commitment_bad")))
    return 0 if ok else EXIT_ERROR


def replay_step_json(step: game_pb2.ReplayStep, ctx: Context) -> dict[str, Any]:
    has_action = step.HasField("action") and bool(step.action.WhichOneof("game"))
    return {
        "seq": step.seq,
        "version": step.version,
        "seat": step.seat,
        "timeout": step.timeout,
        "action": json_format.MessageToDict(step.action, preserving_proto_field_name=True)
        if has_action
        else None,
        "label": strip_ansi(action_label(step.action, ctx)) if has_action else "",
        "events": [event_json(e) for e in step.events],
    }


# -- interactive commands -----------------------------------------------------------------------


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
    )


async def cmd_watch(client: Client, args: argparse.Namespace, io: Io) -> int:
    joined = await join_target(client, args.target, True)
    io.line(io.tr("joined_spectator", room_id=joined.room.room_id))
    loop = TableLoop(client, joined.room.room_id, play_options(args, io))
    return await loop.run()


def options_match(room: common_pb2.Room, wanted: dict[str, str]) -> bool:
    for name, text in wanted.items():
        have = room.options.get(name)
        if have is None:
            return False
        expected = option_values({name: text})[name]
        if option_raw(have) != option_raw(expected):
            return False
    return True


async def find_or_create(client: Client, game_id: str, args: argparse.Namespace, io: Io) -> str:
    """A seat for ``cercle play GAME``: bots, a private room, or a quick match."""
    tr = io.tr
    options = parse_options(args.option)
    if args.bots:
        players = args.players or args.bots + 1
        if players < args.bots + 1:
            raise SystemExit(
                f"cercle play: --players {players} leaves no seat for you and {args.bots} bots"
            )
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
        io.line(tr("quick_created", room_id=room.room_id))
        io.line(tr("join_code", code=room.join_code))
        return room.room_id
    if not options and args.bot_delay is None:
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
    with contextlib.suppress(ApiError):
        game_ids = [g.game_id for g in await client.games()] or game_ids
    if not target:
        if args.auto or not sys.stdin.isatty():
            raise SystemExit(f"cercle play: name a game ({', '.join(game_ids)}) or a room")
        while target not in game_ids:
            target = input(f"{io.tr('choose_game')}({', '.join(game_ids)}) ").strip().lower()
    if target.lower() in game_ids:
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

    sub = command("login", "open a session and save it")
    sub.add_argument("display_name", metavar="NAME")
    sub.set_defaults(run=cmd_login, needs_session=False)

    sub = command("games", "list the games")
    sub.set_defaults(run=cmd_games, needs_session=False)

    sub = command("cards", "list a game's cards (its catalogue)")
    sub.add_argument("game", metavar="GAME")
    sub.set_defaults(run=cmd_cards, needs_session=False)

    sub = command("rooms", "list open public rooms")
    sub.add_argument("game", nargs="?", metavar="GAME")
    sub.set_defaults(run=cmd_rooms)

    sub = command("create", "create a room")
    sub.add_argument("game", metavar="GAME")
    room_options(sub)
    sub.add_argument("--private", action="store_true", help="unlisted: join with its code")
    sub.set_defaults(run=cmd_create)

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
    sub.add_argument("--seat", type=int, default=-1, help="the seat (default: first free)")
    sub.set_defaults(run=cmd_add_bot)

    sub = command("replay", "a finished match step by step, with the seed commitment check")
    sub.add_argument("room", metavar="ROOM")
    sub.set_defaults(run=cmd_replay)

    def interactive(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--plain", action="store_true", help="append lines instead of redrawing the screen"
        )

    sub = command("watch", "watch a match as a spectator", json_flag=False)
    sub.add_argument("target", metavar="ROOM_OR_CODE")
    interactive(sub)
    sub.set_defaults(run=cmd_watch)

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
    return parser


async def run_command(args: argparse.Namespace, io: Io) -> int:
    client = Client(args.address)
    release: Callable[[], None] | None = None
    saved: dict[str, str] | None = None
    try:
        needs_session = getattr(args, "needs_session", True)
        saved = load_session(args.address) if needs_session else None
        if needs_session and getattr(args, "seats_a_player", False):
            release = claim_session(args.address)
            if release is None:  # another terminal plays as the saved player
                base = args.name or (saved or {}).get("name") or default_name()
                name = args.name or f"{base[:30]} 2"
                await client.login(name)
                io.note(io.style.dim(io.tr("second_player", name=name)))
                return int(await args.run(client, args, io))
        if needs_session:
            if saved is not None:
                client.token, client.player_id = saved["token"], saved.get("player_id", "")
                client.refresh_token = saved.get("refresh", "")
            else:
                await new_guest(client, args, io, None)
        try:
            return int(await args.run(client, args, io))
        except ApiError as exc:
            if exc.code != grpc.StatusCode.UNAUTHENTICATED or saved is None:
                raise
        # The saved session expired (or the server's data was reset): a fresh one, once.
        await new_guest(client, args, io, saved)
        return int(await args.run(client, args, io))
    finally:
        if saved is not None and client.token not in ("", saved["token"]):
            # The SDK refreshed the expired access token: keep the new pair.
            name = saved.get("name", "")
            save_session(args.address, client.token, client.player_id, name, client.refresh_token)
        if release is not None:
            release()
        await client.close()


async def new_guest(
    client: Client, args: argparse.Namespace, io: Io, saved: dict[str, str] | None
) -> None:
    name = args.name or (saved or {}).get("name") or default_name()
    player_id = await client.login(name)
    save_session(args.address, client.token, player_id, name, client.refresh_token)
    io.note(io.style.dim(io.tr("guest_session", name=name)))


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
