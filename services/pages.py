"""Page tokens of the list RPCs (AIP-158): opaque to clients, checked on the way back.

A token is URL-safe base64 of ``[version, list, scope, position, check]``: the list it
belongs to (``rooms``, ``my_rooms``...), a digest of the query it continues (the game filter,
the caller), the position after the page (a sorted index's last ``(score, member)``, or an
offset) and a checksum. A token that does not decode, or that belongs to another list or
another query, is refused INVALID_ARGUMENT / INVALID_PAGE_TOKEN and nothing is read.

>>> token = encode_token("rooms", "tomahawk", (12.5, "abc"))
>>> decode_token(token, "rooms", "tomahawk")
(12.5, 'abc')
>>> decode_token("", "rooms", "tomahawk") is None
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
from typing import Any

from services import errors
from services.errors import RoomError

VERSION = 1
MAX_PAGE_SIZE = 100
"""The largest page any list RPC returns (and its default)."""

Position = tuple[float, str]


def page_size(requested: int) -> int:
    """The page size to use: ``requested`` within 1..MAX_PAGE_SIZE (0 or less: the max)."""
    if requested < 0:
        raise errors.invalid("page_size", "page_size cannot be negative")
    return MAX_PAGE_SIZE if requested == 0 else min(requested, MAX_PAGE_SIZE)


def _scope(scope: str) -> str:
    return hashlib.sha256(scope.encode()).hexdigest()[:12]


def _check(body: list[Any]) -> str:
    return hashlib.sha256(json.dumps(body).encode()).hexdigest()[:8]


def encode_token(list_name: str, scope: str, position: Position) -> str:
    """The token of the page after ``position`` in ``list_name`` for the query ``scope``."""
    body: list[Any] = [VERSION, list_name, _scope(scope), position[0], position[1]]
    raw = json.dumps([*body, _check(body)], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def bad_token(message: str) -> RoomError:
    return errors.invalid("page_token", message, "INVALID_PAGE_TOKEN")


def decode_token(token: str, list_name: str, scope: str) -> Position | None:
    """The position a token continues from (None for the first page)."""
    if not token:
        return None
    if len(token) > 512:
        raise bad_token("this page token is not one the server gave: start from the first page")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        value = json.loads(raw)
        *body, check = value
        version, name, digest, score, member = body
        valid = (
            check == _check(body)
            and version == VERSION
            and isinstance(score, int | float)
            and math.isfinite(score)
            and abs(score) < 1e15
            and isinstance(member, str)
        )
    except (ValueError, TypeError, binascii.Error):
        valid = False
    if not valid:
        raise bad_token("this page token is not one the server gave: start from the first page")
    if name != list_name or digest != _scope(scope):
        raise bad_token(
            "this page token belongs to another list or another query: send the same "
            "request as for the previous page, or start from the first page"
        )
    return float(score), str(member)
