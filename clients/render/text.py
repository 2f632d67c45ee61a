"""Terminal text: colours (:class:`Style`, plain ANSI codes; every line reads the same
without them) and text from the server made safe to print (:func:`safe_text`,
:func:`safe_message`, :func:`json_safe`). Pure functions, no I/O."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, TypeVar

from google.protobuf.message import Message

# -- style --------------------------------------------------------------------------------------

PALETTE = {
    "red": "31",
    "blue": "34",
    "violet": "35",
    "white": "97",
    "green": "32",
    "yellow": "93",
    "black": "90",
    "brown": "33",
    "sky": "96",
    "orange": "38;5;208",
}


@dataclass(frozen=True)
class Style:
    """ANSI colours, or nothing at all when ``enabled`` is false.

    >>> Style(False).bold("x"), Style(True).bold("x")
    ('x', '\\x1b[1mx\\x1b[0m')
    """

    enabled: bool = False

    def paint(self, text: str, *codes: str) -> str:
        if not self.enabled or not codes:
            return text
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m"

    def bold(self, text: str) -> str:
        return self.paint(text, "1")

    def dim(self, text: str) -> str:
        return self.paint(text, "2")

    def colour(self, text: str, colour: str | None) -> str:
        code = PALETTE.get(colour or "")
        return self.paint(text, code) if code else text

    def good(self, text: str) -> str:
        return self.paint(text, "32")

    def bad(self, text: str) -> str:
        return self.paint(text, "31")

    def warn(self, text: str) -> str:
        return self.paint(text, "33")


ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def strip_ansi(text: str) -> str:
    """``text`` without colour codes.

    >>> strip_ansi(Style(True).bold("Ana"))
    'Ana'
    """
    return ANSI.sub("", text)


_TERMINAL_SEQUENCES = re.compile(
    r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"  # CSI (cursor, erase, colours)
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC...
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]?"  # any other escape
)


def _unsafe(char: str) -> bool:
    """A control character (C0, DEL, C1) or a format character (bidi overrides and
    isolates, zero-width and invisible ones), except the joiner emoji sequences use."""
    return unicodedata.category(char) in ("Cc", "Cf") and char != "\u200d"


def safe_text(text: str) -> str:
    r"""Text from the server as it may be printed: no escape sequence, no control or bidi or
    invisible character (line breaks and tabs become spaces). Every name, story, message
    and label that came over the wire goes through here before it reaches the terminal
    (the server cleans free text too; a client does not rely on it).

    >>> safe_text("Eve\x1b[2J\x1b]0;pwned\x07\u202e!\nok")
    'Eve! ok'
    """
    text = _TERMINAL_SEQUENCES.sub("", text)
    return "".join(" " if c in "\t\n\r" else c for c in text if c in "\t\n\r" or not _unsafe(c))


M = TypeVar("M", bound=Message)


def safe_message(message: M) -> M:
    """A copy of a server message whose every string (nested, repeated, map keys and
    values, ``Struct`` values included) went through :func:`safe_text`."""
    copy = type(message)()
    copy.CopyFrom(message)
    _clean_strings(copy)
    return copy


def _clean_strings(message: Message) -> None:
    for fd, value in message.ListFields():
        entry = fd.message_type
        if entry is not None and entry.GetOptions().map_entry:
            holds_messages = entry.fields_by_name["value"].message_type is not None
            for key in list(value):
                item = value[key]
                if holds_messages:
                    _clean_strings(item)
                new_key = safe_text(key) if isinstance(key, str) else key
                new_item = safe_text(item) if isinstance(item, str) else item
                if new_key == key and new_item == item:
                    continue
                if holds_messages:
                    kept = type(item)()
                    kept.CopyFrom(item)
                    del value[key]
                    value[new_key].CopyFrom(kept)
                else:
                    del value[key]
                    value[new_key] = new_item
        elif fd.type == fd.TYPE_MESSAGE:
            for item in value if _is_repeated(fd) else [value]:
                _clean_strings(item)
        elif fd.type == fd.TYPE_STRING:
            if _is_repeated(fd):
                value[:] = [safe_text(v) for v in value]
            else:
                setattr(message, fd.name, safe_text(value))


def _is_repeated(fd: Any) -> bool:
    return bool(fd.is_repeated) if hasattr(fd, "is_repeated") else fd.label == fd.LABEL_REPEATED


def json_safe(text: str) -> str:
    r"""A JSON document (as ``json.dumps`` writes it: control characters in strings already
    escaped) with its other control, bidi and invisible characters written as ``\uXXXX``
    escapes too: the same data, harmless on a terminal. Its own line breaks stay.

    >>> json_safe('{"name": "Eve\u202e\x9b"}')
    '{"name": "Eve\\u202e\\u009b"}'
    """
    return "".join(f"\\u{ord(c):04x}" if c != "\n" and _unsafe(c) else c for c in text)
