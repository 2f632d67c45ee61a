"""Where a ``cercle`` command writes: plain lines in the reader's language, or one JSON
document; the Room as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from cercle.v1 import common_pb2

from clients.api_error import ApiError
from clients.i18n import Tr, detect_language
from clients.lobby_text import error_text
from clients.options import bot_level_name, plain_options
from clients.render import Style, json_safe, status_name

EXIT_ERROR = 1
SEAT_KINDS = {common_pb2.SEAT_KIND_HUMAN: "human", common_pb2.SEAT_KIND_BOT: "bot"}
"""A seat's kind in the JSON output ("" for a free seat)."""


class Io:
    """Where a command writes, in which language, with or without colours."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.json = bool(getattr(args, "json", False))
        self.lang = args.lang or detect_language()
        self.tr = Tr(self.lang)
        self.color = not args.no_color and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        self.style = Style(self.color)
        self.address = server_target(getattr(args, "address", "") or "")

    def line(self, text: str = "") -> None:
        print(text, flush=True)

    def note(self, text: str) -> None:
        """A remark that must not spoil a JSON document on stdout."""
        print(text, file=sys.stderr if self.json else sys.stdout, flush=True)

    def emit(self, document: Any) -> None:
        print(json_safe(json.dumps(document, ensure_ascii=False, indent=2)), flush=True)

    def error(self, exc: ApiError) -> int:
        text = self.tr("error", message=error_text(self.tr, exc, self.address))
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


def server_target(address: str) -> str:
    """``host:port`` for gRPC from what a player may type (``http://host:port/``).

    >>> server_target("http://127.0.0.1:8080/"), server_target(" localhost:8080 ")
    ('127.0.0.1:8080', 'localhost:8080')
    """
    text = address.strip()
    for scheme in ("http://", "grpc://"):
        if text.lower().startswith(scheme):
            text = text[len(scheme) :]
    return text.rstrip("/")


def room_json(room: common_pb2.Room) -> dict[str, Any]:
    """A Room as plain JSON (ints as numbers; no secret: the join code is the caller's)."""
    return {
        "room_id": room.room_id,
        "game_id": room.game_id,
        "status": status_name(room),
        "visibility": "private" if room.visibility == common_pb2.VISIBILITY_PRIVATE else "public",
        "join_code": room.join_code,
        "players": len(room.seats),
        "options": plain_options(room.options),
        "seats": [
            {
                "index": s.index,
                "player_id": s.player_id,
                "display_name": s.display_name,
                "kind": SEAT_KINDS.get(s.kind, ""),
                "bot_number": s.bot_number if s.HasField("bot_number") else None,
                "ready": s.ready,
                "bot_level": bot_level_name(s.bot_level),
            }
            for s in room.seats
        ],
        "spectator_count": room.spectator_count,
        "host_player_id": room.host_player_id,
        "my_seat": room.my_seat if room.HasField("my_seat") else None,
        "version": room.version,
        "seq": room.seq,
    }
