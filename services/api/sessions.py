"""The replica's in-process cache of resolved session tokens (:class:`SessionCache`).

A token's player is trusted for at most :data:`TRUST_SECONDS` while the replica hears every
session change on its pub/sub connection (a logout or a revoked token family drops the
entries at once, and ends the streams watching that family), and for :data:`CACHE_SECONDS`
otherwise. :mod:`services.api.auth`'s interceptors are its users.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from services.rooms.records import Player
from services.store import (
    STORE_ERRORS,
    Store,
    sessions_channel,
)
from services.supervise import tracked

CACHE_SECONDS = 1.0
"""How long a replica trusts a token it resolved without asking the store again when it
may have missed a session change (its pub/sub connection is down): a logged-out (or
rotated) token is then refused on every replica at most this long after."""
TRUST_SECONDS = 300.0
"""How long a replica trusts a resolved token while it hears every session change (a
logout reaches it at once); bounds what a connection that broke unnoticed could miss."""
CACHE_SIZE = 50_000


@dataclass(slots=True)
class _Cached:
    player: Player
    resolved_at: float
    """When the store read began (monotonic)."""
    expires_at: float
    """When the token itself stops working (monotonic)."""
    announced: bool
    """Resolved while this replica heard every session change (see :class:`SessionCache`)."""


class SessionCache:
    """Access token (its SHA-256) -> player, so that a request costs no round trip.

    While this replica hears the session channel (:func:`services.store.sessions_channel`,
    on the feed's pub/sub connection), an entry is trusted until its token expires, for at
    most :data:`TRUST_SECONDS`: a logout, a refresh and a rename are announced there and drop
    the entry on every replica. Otherwise (the connection is down, or the entry was resolved
    while a change might have been missed) it is trusted for :data:`CACHE_SECONDS`.

    The subscription counts as live once the replica hears its own ``r:<nonce>`` marker
    (subscriptions take effect asynchronously); entries resolved before that are short. An
    entry whose store read overlapped a change it may have missed (any change heard while
    the read ran) is short too.

    It also ends the open streams of a session family announced ended (``f:<family>``,
    :meth:`watch`); once the subscription is live again after an outage, it ends those of
    the families that ended meanwhile (:meth:`_recheck`).
    """

    channel = sessions_channel()

    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self._entries: OrderedDict[str, _Cached] = OrderedDict()
        self._by_player: dict[str, set[str]] = {}
        self.listening_since: float | None = None
        """When the live subscription was confirmed to cover (None: not live)."""
        self._marker: tuple[str, float] | None = None
        self.changes = 0
        """Session changes heard so far (a resolve compares it before and after)."""
        self._ended: dict[str, set[Callable[[], None]]] = {}
        """Session family -> what to call when it ends (logout, revoked): its open streams."""
        self._checks: set[asyncio.Task[None]] = set()

    def watch(self, family: str, on_end: Callable[[], None]) -> Callable[[], None]:
        """Call ``on_end`` when the family is announced ended (``f:<family>``); returns
        what stops watching."""
        watchers = self._ended.setdefault(family, set())
        watchers.add(on_end)

        def unwatch() -> None:
            watchers.discard(on_end)
            if not watchers and self._ended.get(family) is watchers:
                del self._ended[family]

        return unwatch

    def get(self, digest: str) -> Player | None:
        entry = self._entries.get(digest)
        if entry is None:
            return None
        now = self.clock()
        until = min(entry.expires_at, entry.resolved_at + CACHE_SECONDS)
        since = self.listening_since
        if entry.announced and since is not None and entry.resolved_at >= since:
            until = min(entry.expires_at, entry.resolved_at + TRUST_SECONDS)
        if now >= until:
            self._drop(digest)
            return None
        return entry.player

    def put(
        self, digest: str, player: Player, resolved_at: float, expires_in: float, changes: int
    ) -> None:
        """Cache what a store read that began at ``resolved_at`` found, when ``changes``
        session changes had been heard."""
        announced = changes == self.changes and self.listening_since is not None
        self._drop(digest)
        self._entries[digest] = _Cached(player, resolved_at, resolved_at + expires_in, announced)
        self._by_player.setdefault(player.player_id, set()).add(digest)
        while len(self._entries) > CACHE_SIZE:
            self._drop(next(iter(self._entries)))

    def _drop(self, digest: str) -> None:
        entry = self._entries.pop(digest, None)
        if entry is not None:
            digests = self._by_player.get(entry.player.player_id)
            if digests is not None:
                digests.discard(digest)
                if not digests:
                    del self._by_player[entry.player.player_id]

    def __len__(self) -> int:
        return len(self._entries)

    # -- services.rooms.feed.ChannelListener -----------------------------------------------------

    async def connected(self) -> None:
        nonce = secrets.token_hex(8)
        self._marker = (nonce, self.clock())
        try:
            await self.store.players.announce_listening(nonce)
        except STORE_ERRORS:
            self._marker = None  # stays short until the next connection

    def disconnected(self) -> None:
        self.listening_since = None
        self._marker = None

    async def _recheck(self) -> None:
        """End the streams of the families that ended while this replica could not hear
        it (its pub/sub connection was down): run once it hears again."""
        families = list(self._ended)
        try:
            alive = await self.store.players.families_alive(families)
        except STORE_ERRORS:
            return  # the next connection checks again
        for family, live in zip(families, alive, strict=True):
            if not live:
                for on_end in list(self._ended.pop(family, ())):
                    on_end()

    def heard(self, data: bytes) -> None:
        kind, _, subject = data.decode(errors="replace").partition(":")
        if kind == "r":
            if self._marker is not None and subject == self._marker[0]:
                self.listening_since = self._marker[1]
                if self._ended:  # the streams' families may have ended while not heard
                    tracked("streams_recheck", asyncio.create_task(self._recheck()), self._checks)
            return
        self.changes += 1
        if kind == "t":
            self._drop(subject)
        elif kind == "p":
            for digest in list(self._by_player.get(subject, ())):
                self._drop(digest)
        elif kind == "f":
            for on_end in list(self._ended.pop(subject, ())):
                on_end()
