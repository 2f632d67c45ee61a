"""Player words for what is not a game: the lobby's hints, refusals and connection errors
(never a code, an enum name or a raw gRPC message), and the screen's size."""

from __future__ import annotations

import shutil
import unicodedata

import grpc
from cercle.v1 import common_pb2

import i18n
from clients.api_error import ApiError
from clients.i18n import Tr
from clients.render import safe_text, strip_ansi

CONNECTION_CODES = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED})


def error_text(tr: Tr, exc: ApiError, address: str = "") -> str:
    """A refusal or a failure as a player reads it: the catalogue's sentence for its reason
    (``reason.ROOM_NOT_FOUND``) when there is one, else the server's message (English, and
    the most precise: "option vote_seconds must be at least 0") for an English reader and its
    text for players in their language (``localized``) for any other; a server that cannot
    be reached says what to do. The reason code itself is never shown.

    >>> error_text(Tr("en"), ApiError(grpc.StatusCode.UNAVAILABLE, "UNAVAILABLE", "x"), "h:1")
    'Cannot reach the server at h:1. Is it running (`make run`)? Check --address.'
    """
    if exc.code in CONNECTION_CODES and exc.reason in ("", exc.code.name):
        return tr("cannot_connect", address=address or "?")
    key = f"reason.{exc.reason}"
    if exc.reason and tr.has(key):
        return tr(key)
    english = tr.lang == i18n.DEFAULT_LANGUAGE or not exc.localized
    message = safe_text(exc.message if english else exc.localized).strip()
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


def screen_columns() -> int:
    return shutil.get_terminal_size((80, 24)).columns


def char_width(char: str) -> int:
    """Columns ``char`` takes on a terminal: 2 for a wide (East Asian) one, 0 for a
    combining mark or a control, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Cc", "Cf", "Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def rows_of(line: str, columns: int) -> int:
    """Screen rows ``line`` (one line, colour codes allowed) takes once the terminal wraps it
    at ``columns``: a wide character that does not fit at the end of a row goes to the next.

    >>> rows_of("abcd", 4), rows_of("abcde", 4), rows_of("ab猫猫", 4), rows_of("", 4)
    (1, 2, 2, 1)
    """
    rows, column = 1, 0
    for char in strip_ansi(line):
        width = char_width(char)
        if column + width > max(columns, 1):
            rows, column = rows + 1, 0
        column += width
    return rows


def text_rows(lines: list[str], columns: int) -> int:
    """Screen rows ``lines`` take, each wrapped at ``columns``."""
    return sum(rows_of(part, columns) for line in lines for part in line.split("\n"))


def written_rows(text: str) -> int:
    """Rows the cursor moves down when ``text`` is written (its last part stays on the row)."""
    return text_rows(text.split("\n")[:-1], screen_columns())


def status_rows(lines: list[str], index: int) -> tuple[int, int] | None:
    """The first screen row (1-based) of ``lines[index]`` and how many rows it takes, counted
    by display width so that wrapped lines above it are counted too; None when ``lines``
    (and a prompt line) do not fit the terminal, which would scroll it."""
    size = shutil.get_terminal_size((80, 24))
    if text_rows(lines, size.columns) + 1 >= size.lines:
        return None
    row = text_rows(lines[:index], size.columns) + 1
    return row, text_rows([lines[index]], size.columns)
