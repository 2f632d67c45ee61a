"""Players: identities (guest and device), sessions (access and refresh tokens, logout),
display names, the rooms a player is in and their match history. No gRPC here: the
servicer parses and renders; this module checks input and calls the store.
"""

from __future__ import annotations

import collections
import itertools
import math
import re
import secrets
import string
from collections.abc import Callable

import structlog

from services import errors, pages
from services.errors import Kind, RoomError
from services.rooms.records import MatchSummary, Player, RoomRecord, is_member
from services.store import IssuedSession, RefreshReused, Store
from services.store.ratings import for_store
from services.text import clean_text, graphemes

log = structlog.get_logger("cercle.players")

DEFAULT_NAME = "Player"
DEVICE_ID_LENGTHS = (16, 128)
MAX_NAME_LENGTH = 32
"""Visible characters a display name may hold."""


def clean_display_name(raw: str) -> str:
    """A display name as shown to others, or INVALID_ARGUMENT."""
    name = clean_text(raw)
    if not 1 <= graphemes(name) <= MAX_NAME_LENGTH or len(name) > 4 * MAX_NAME_LENGTH:
        raise errors.invalid(
            "display_name", f"a display name has 1 to {MAX_NAME_LENGTH} visible characters"
        )
    return name


DEVICE_ID_BITS = 128
"""The entropy a device id must carry as written (:func:`device_id_bits`)."""
_UUID = re.compile(r"[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_BASE64URL = frozenset(string.ascii_letters + string.digits + "-_")


def device_id_bits(device_id: str) -> float:
    """How many bits a device id can carry: its length times the bits of the smallest
    alphabet it is written in (digits, hex digits, base64url, visible ASCII; a UUID's
    hyphens carry none), and 0 when it is visibly not random (a character that repeats far
    more than chance allows, a repeated pattern, a counting run). A random UUID and 16
    random bytes in hex or base64url pass 128; ``0000000000000000`` has 0.

    >>> device_id_bits("0" * 32), device_id_bits("0123456789abcdef" * 2)
    (0.0, 0.0)
    >>> device_id_bits("3f2b8c1e-9d4a-4e7b-a6c5-0d1e2f3a4b5c")
    128.0
    """
    text = device_id.replace("-", "") if _UUID.fullmatch(device_id) else device_id
    n = len(text)
    if n < 2:
        return 0.0
    if all(c in string.digits for c in text):
        alphabet = 10
    elif all(c in string.hexdigits for c in text) and (text.islower() or text.isupper()):
        alphabet = 16
    elif all(c in _BASE64URL for c in text):
        alphabet = 64
    else:
        alphabet = 94
    counts = collections.Counter(text).values()
    spread = -sum(k / n * math.log2(k / n) for k in counts) / math.log2(min(alphabet, n))
    steps = sum(abs(ord(x) - ord(y)) == 1 for x, y in itertools.pairwise(text))
    periodic = any(text == (text[:p] * (n // p + 1))[:n] for p in range(1, n // 2 + 1))
    if spread < 0.5 or periodic or 2 * steps >= n - 1:
        return 0.0
    return n * math.log2(alphabet)


def _check_device_id(device_id: str) -> None:
    low, high = DEVICE_ID_LENGTHS
    if not low <= len(device_id) <= high or not all(33 <= ord(c) <= 126 for c in device_id):
        raise errors.invalid(
            "device_id",
            f"a device id has {low} to {high} visible ASCII characters (a random UUID is right)",
        )
    if device_id_bits(device_id) < DEVICE_ID_BITS:
        raise errors.invalid(
            "device_id",
            f"a device id needs at least {DEVICE_ID_BITS} bits of entropy: make it once per "
            "install from a secure random generator (a random UUID, or 16 random bytes in "
            "hex or base64url) and keep it; this one is too short or too regular",
        )


def _expired_refresh() -> RoomError:
    return RoomError(
        Kind.UNAUTHENTICATED,
        "UNAUTHENTICATED",
        "this refresh token is unknown, was already used, has expired or was logged out: "
        "open a new session",
    )


class Players:
    """Identity and per-player lists. One per process."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    # -- identity -------------------------------------------------------------------------------

    async def create_guest(
        self, display_name: str, derived_from: tuple[str, str] | None = None
    ) -> IssuedSession:
        """A new guest and its session (tokens derived from ``derived_from``, see
        ``PlayerStore.issue_session``)."""
        name = clean_display_name(display_name)
        player_id = "p-" + secrets.token_hex(8)
        await self.store.players.create_player(player_id, name, self.clock())
        return await self.store.players.issue_session(player_id, derived_from)

    async def authenticate_device(
        self, device_id: str, display_name: str, derived_from: tuple[str, str] | None = None
    ) -> tuple[IssuedSession, bool, str]:
        """A session for the device's player (created on its first call): the session,
        whether the player is new, and their display name."""
        _check_device_id(device_id)
        name = clean_display_name(display_name) if display_name.strip() else DEFAULT_NAME
        player_id, created = await self.store.players.player_for_device(
            device_id, "p-" + secrets.token_hex(8)
        )
        current = None if created else await self.store.players.display_name(player_id)
        if current is None:  # new, or a profile that expired while the device link did not
            await self.store.players.create_player(player_id, name, self.clock())
            current = name
        await for_store(self.store).mark_device(player_id)  # rated from now on
        log.info("device_authenticated", player=player_id, created=created)
        return await self.store.players.issue_session(player_id, derived_from), created, current

    async def refresh(self, refresh_token: str) -> IssuedSession:
        if not refresh_token or len(refresh_token) > 256:
            raise errors.invalid("refresh_token", "give the refresh token of your session")
        try:
            issued = await self.store.players.refresh_session(refresh_token)
        except RefreshReused:
            log.warning("refresh_token_reused")  # the family is revoked: maybe a stolen token
            raise RoomError(
                Kind.UNAUTHENTICATED,
                "UNAUTHENTICATED",
                "this refresh token was already used: for safety every session issued from "
                "it is now logged out; log in again",
            ) from None
        if issued is None:
            raise _expired_refresh()
        return issued

    async def logout(self, access_token: str) -> None:
        await self.store.players.delete_session(access_token)

    async def rename(self, player: Player, display_name: str) -> str:
        name = clean_display_name(display_name)
        await self.store.players.set_display_name(player.player_id, name)
        return name

    # -- my rooms, my matches ---------------------------------------------------------------------

    async def my_rooms(
        self, player: Player, page_token: str, page_size: int
    ) -> tuple[list[RoomRecord], str]:
        """The rooms ``player`` sits in or watches, newest first, and the next page's token.
        An index entry whose room expired, or that the player is no longer in, is pruned."""
        size = pages.page_size(page_size)
        after = pages.decode_token(page_token, "my_rooms", player.player_id)
        found = await self.store.players.my_rooms_page(player.player_id, after, size)
        rooms, gone = [], []
        records = await self.store.rooms.load_rooms([room_id for room_id, _ in found])
        for (room_id, _), record in zip(found, records, strict=True):
            if record is None or not is_member(record, player.player_id):
                gone.append(room_id)
            else:
                rooms.append(record)
        for room_id in gone:
            await self.store.players.index_memberships(room_id, 0.0, (), (player.player_id,))
        return rooms, _next_token("my_rooms", player.player_id, found, size)

    async def history(
        self, player: Player, page_token: str, page_size: int
    ) -> tuple[list[MatchSummary], str]:
        """The player's finished matches, most recently finished first, and the next
        page's token."""
        size = pages.page_size(page_size)
        after = pages.decode_token(page_token, "history", player.player_id)
        summaries, positions = await self.store.players.history_page(player.player_id, after, size)
        return summaries, _next_token("history", player.player_id, positions, size)


def _next_token(list_name: str, scope: str, found: list[tuple[str, float]], size: int) -> str:
    """The next page's token when this page was full (the list may go on), else ''."""
    if len(found) < size:
        return ""
    member, score = found[-1]
    return pages.encode_token(list_name, scope, (score, member))
