"""Player words for what is not a game: the lobby's hints, refusals and connection errors
(never a code, an enum name or a raw gRPC message), and the screen's size."""

from __future__ import annotations

import shutil

import grpc
from cercle.v1 import common_pb2

from clients.i18n import Tr
from clients.render import safe_text, strip_ansi
from clients.sdk import ApiError

CONNECTION_CODES = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED})


def error_text(tr: Tr, exc: ApiError, address: str = "") -> str:
    """A refusal or a failure as a player reads it: the catalogue's sentence for its reason
    (``reason.ROOM_NOT_FOUND``) when there is one, else the server's message; a server that
    cannot be reached says what to do. The reason code itself is never shown.

    >>> error_text(Tr("en"), ApiError(grpc.StatusCode.UNAVAILABLE, "UNAVAILABLE", "x"), "h:1")
    'Cannot reach the server at h:1. Is it running (`make run`)? Check --address.'
    """
    if exc.code in CONNECTION_CODES and exc.reason in ("", exc.code.name):
        return tr("cannot_connect", address=address or "?")
    key = f"reason.{exc.reason}"
    if exc.reason and tr.has(key):
        return tr(key)
    message = safe_text(exc.message).strip()
    return message or tr("refused_plain")


def lobby_hints(tr: Tr, room: common_pb2.Room, room_id: str, *, host: bool) -> list[str]:
    """What the waiting screen says: how others join (the join code of a private room,
    which is the only way in), and what the host may do now."""
    free = sum(1 for seat in room.seats if not seat.player_id)
    lines = []
    if free:
        private = room.visibility == common_pb2.VISIBILITY_PRIVATE
        if private and room.join_code:
            lines.append(tr("lobby_wait_code", free=free, code=room.join_code))
        else:
            lines.append(tr("lobby_wait_others", free=free, room_id=room_id))
    else:
        lines.append(tr("lobby_wait_ready"))
    if host:
        lines.append(tr("lobby_host_bots") if free else tr("lobby_host_start"))
    elif room.HasField("my_seat"):
        lines.append(tr("lobby_guest_hint"))
    return lines


def screen_rows() -> int:
    return shutil.get_terminal_size((80, 24)).lines


def fits_screen(lines: list[str]) -> bool:
    """Whether ``lines`` (and a prompt line) fit the terminal without scrolling or wrapping,
    so that a line of it can be redrawn in place by its row."""
    size = shutil.get_terminal_size((80, 24))
    if len(lines) + 1 >= size.lines:
        return False
    return all(len(strip_ansi(line)) < size.columns for line in lines)
