"""The store's calls about players: identities, sessions, the rooms a player is in, their
match history, and the answers of lobby request ids (mixed into :class:`~.client.Store`).

Tokens are opaque random strings; only their SHA-256 is a key (``keys.access_key``,
``keys.refresh_key``), so a Redis dump hands out no identity. TTLs are fixed from issue:
using an access token does not extend it (:data:`ACCESS_TTL_SECONDS`), a refresh token
lives :data:`REFRESH_TTL_SECONDS` and is single-use (:meth:`PlayerStore.rotate_refresh`).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from services.records import MatchSummary, from_json, to_json
from services.store.keys import (
    access_key,
    device_key,
    history_key,
    matches_key,
    my_rooms_key,
    open_rooms_key,
    player_key,
    refresh_key,
    request_key,
    sessions_channel,
    token_digest,
)

ACCESS_TTL_SECONDS = int(os.environ.get("CERCLE_ACCESS_TTL_SECONDS", "3600"))
"""An access token works this long after it was issued (using it does not extend it)."""
REFRESH_TTL_SECONDS = 30 * 24 * 3600
"""A refresh token works once, this long after it was issued."""
PLAYER_TTL_SECONDS = 180 * 24 * 3600
"""A player's profile, device link, room list and history are kept this long after the
player's last session was issued (each CreateSession, AuthenticateDevice or RefreshSession
renews them)."""
REQUEST_TTL_SECONDS = 24 * 3600
"""How long a lobby request id's answer is kept for retries."""
REQUEST_PENDING_SECONDS = 30
"""How long a request id is held while its first call runs; if the replica running it dies,
a retry after this runs the request again."""
PAGE_SLACK = 64
"""Extra entries read past a page, to skip entries that tie with the cursor's score."""

Cursor = tuple[float, str]
"""A position in a sorted index: the last entry read (score, member)."""

ROTATE_REFRESH_SCRIPT = """
-- Use a refresh token: read its record and delete it in one step, so that it is spent once
-- even when two replicas get it at the same moment.
-- KEYS[1] the refresh token's hash (cercle:refresh:<sha256>)
-- Returns {player_id, access digest}, or false when the token is unknown, spent or expired.
local found = redis.call('HMGET', KEYS[1], 'player_id', 'access')
if not found[1] then return false end
redis.call('DEL', KEYS[1])
return found
"""


@dataclass(frozen=True, slots=True)
class IssuedSession:
    """A new access token and refresh token (returned once; only their digests are kept)."""

    player_id: str
    access_token: str
    refresh_token: str
    access_ttl: int
    refresh_ttl: int


@dataclass(frozen=True, slots=True)
class SessionFound:
    """What an access token stands for: its player, their display name, and how many
    seconds the token still works."""

    player_id: str
    display_name: str
    expires_in: float


@dataclass(frozen=True, slots=True)
class RequestClaim:
    """What a lobby request id already holds: ``done`` with the first call's answer, or
    still running (``done`` False). ``fingerprint`` is the hash of the request it named."""

    done: bool
    fingerprint: str
    answer: bytes


class PlayerStore:
    """Player-scoped calls of the store (a mixin of :class:`~.client.Store`)."""

    redis: Any
    _delete_if: Any
    _rotate_refresh: Any

    async def _call(self, op: str, awaitable: Any) -> Any:
        raise NotImplementedError

    # -- identity ---------------------------------------------------------------------------

    async def create_player(self, player_id: str, name: str, created: float) -> None:
        key = player_key(player_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(key, mapping={"name": name, "created": repr(created)})
        pipe.expire(key, PLAYER_TTL_SECONDS)
        await self._call("create_player", pipe.execute())

    async def player_for_device(self, device_id: str, new_player_id: str) -> tuple[str, bool]:
        """The player of a device: ``new_player_id`` if the device is new (then True), else
        the one it got first. Renews the link."""
        key = device_key(device_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(key, new_player_id, nx=True, get=True, ex=PLAYER_TTL_SECONDS)
        pipe.expire(key, PLAYER_TTL_SECONDS)
        old, _ = await self._call("player_for_device", pipe.execute())
        if old is None:
            return new_player_id, True
        return old.decode(), False

    async def display_name(self, player_id: str) -> str | None:
        name = await self._call("display_name", self.redis.hget(player_key(player_id), "name"))
        return None if name is None else name.decode()

    async def set_display_name(self, player_id: str, name: str) -> None:
        """Rename a player; every replica hears it (:func:`keys.sessions_channel`) and drops
        the name it cached with the player's sessions."""
        await self._call("set_display_name", self.redis.hset(player_key(player_id), "name", name))
        await self._announce("p:" + player_id)

    async def _announce(self, change: str) -> None:
        """Publish a session change, after the write it announces has been applied (on
        Redis Cluster a pipeline's commands run on several nodes at once: a replica that
        heard the change before the write could read the old value and cache it again)."""
        await self._call("announce", self.redis.publish(sessions_channel(), change))

    async def announce_listening(self, nonce: str) -> None:
        """The ``r:<nonce>`` a replica publishes to learn that its subscription is live."""
        await self._announce("r:" + nonce)

    # -- sessions ---------------------------------------------------------------------------

    async def issue_session(self, player_id: str) -> IssuedSession:
        """A new access token and refresh token for ``player_id``; renews the player's keys
        (:data:`PLAYER_TTL_SECONDS`)."""
        access, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        access_digest, refresh_digest = token_digest(access), token_digest(refresh)
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(
            access_key(access_digest), mapping={"player_id": player_id, "refresh": refresh_digest}
        )
        pipe.expire(access_key(access_digest), ACCESS_TTL_SECONDS)
        pipe.hset(
            refresh_key(refresh_digest), mapping={"player_id": player_id, "access": access_digest}
        )
        pipe.expire(refresh_key(refresh_digest), REFRESH_TTL_SECONDS)
        for key in (
            player_key(player_id),
            my_rooms_key(player_id),
            history_key(player_id),
            matches_key(player_id),
        ):
            pipe.expire(key, PLAYER_TTL_SECONDS)
        await self._call("issue_session", pipe.execute())
        return IssuedSession(player_id, access, refresh, ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS)

    async def session(self, token: str) -> SessionFound | None:
        """What an access token stands for; None if unknown, expired or logged out. Does
        not extend the token. Two round trips (the profile is another key, in another
        slot on Redis Cluster); replicas cache the answer (``services.auth``)."""
        key = access_key(token_digest(token))
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(key, "player_id")
        pipe.pttl(key)
        player_id, pttl = await self._call("session", pipe.execute())
        if player_id is None:
            return None
        name = await self.display_name(player_id.decode())
        # PTTL is -1 for a key without a TTL (none is written so): trust it for the full term.
        expires_in = pttl / 1000 if pttl >= 0 else float(ACCESS_TTL_SECONDS)
        return SessionFound(player_id.decode(), name or "", expires_in)

    async def rotate_refresh(self, refresh_token: str) -> str | None:
        """Spend a refresh token: the player it was issued to (None if unknown, spent or
        expired). The access token issued with it stops working too."""
        found = await self._call(
            "rotate_refresh",
            self._rotate_refresh(keys=[refresh_key(token_digest(refresh_token))], args=[]),
        )
        if not found:
            return None
        player_id, access_digest = found
        await self._call("rotate_refresh", self.redis.delete(access_key(access_digest.decode())))
        await self._announce("t:" + access_digest.decode())
        return str(player_id.decode())

    async def delete_session(self, token: str) -> None:
        """Log out: the access token and its refresh token stop working."""
        digest = token_digest(token)
        key = access_key(digest)
        refresh = await self._call("delete_session", self.redis.hget(key, "refresh"))
        pipe = self.redis.pipeline(transaction=False)
        pipe.delete(key)
        if refresh is not None:
            pipe.delete(refresh_key(refresh.decode()))
        await self._call("delete_session", pipe.execute())
        await self._announce("t:" + digest)

    # -- the rooms of a player, and their history --------------------------------------------

    async def index_memberships(
        self, room_id: str, created: float, joined: Iterable[str], left: Iterable[str]
    ) -> None:
        """Add the room to the room lists of ``joined`` players, remove it from ``left``'s."""
        pipe = self.redis.pipeline(transaction=False)
        for player_id in joined:
            pipe.zadd(my_rooms_key(player_id), {room_id: created})
            pipe.expire(my_rooms_key(player_id), PLAYER_TTL_SECONDS)
        for player_id in left:
            pipe.zrem(my_rooms_key(player_id), room_id)
        if len(pipe):
            await self._call("index_memberships", pipe.execute())

    async def my_rooms_page(
        self, player_id: str, after: Cursor | None, limit: int
    ) -> list[tuple[str, float]]:
        return await self._page("my_rooms_page", my_rooms_key(player_id), after, limit)

    async def open_rooms_page(
        self, game_id: str | None, after: Cursor | None, limit: int
    ) -> list[tuple[str, float]]:
        return await self._page("open_rooms_page", open_rooms_key(game_id), after, limit)

    async def record_match(self, summary: MatchSummary, player_ids: Sequence[str]) -> None:
        """Add a finished match to each player's history."""
        pipe = self.redis.pipeline(transaction=False)
        encoded = to_json(summary)
        for player_id in player_ids:
            pipe.zadd(history_key(player_id), {summary.room_id: summary.finished})
            pipe.hset(matches_key(player_id), summary.room_id, encoded)
            pipe.expire(history_key(player_id), PLAYER_TTL_SECONDS)
            pipe.expire(matches_key(player_id), PLAYER_TTL_SECONDS)
        if len(pipe):
            await self._call("record_match", pipe.execute())

    async def history_page(
        self, player_id: str, after: Cursor | None, limit: int
    ) -> tuple[list[MatchSummary], list[tuple[str, float]]]:
        """The player's finished matches after ``after``, most recently finished first, and
        the page's positions in the history index."""
        page = await self._page("history_page", history_key(player_id), after, limit)
        if not page:
            return [], []
        raw = await self._call(
            "history_page", self.redis.hmget(matches_key(player_id), [r for r, _ in page])
        )
        return [from_json(MatchSummary, text) for text in raw if text is not None], page

    async def _page(
        self, op: str, key: str, after: Cursor | None, limit: int
    ) -> list[tuple[str, float]]:
        """Up to ``limit`` members of a sorted set, highest score first, strictly after
        ``after`` in that order (equal scores: reverse lexicographic, as ZREVRANGE)."""
        top: str | float = "+inf" if after is None else after[0]
        raw = await self._call(
            op,
            self.redis.zrevrangebyscore(
                key, top, "-inf", start=0, num=limit + PAGE_SLACK, withscores=True
            ),
        )
        out: list[tuple[str, float]] = []
        for member, score in raw:
            name = member.decode()
            if after is not None and score == after[0] and name >= after[1]:
                continue  # at or before the cursor
            out.append((name, float(score)))
            if len(out) == limit:
                break
        return out

    # -- lobby request ids ----------------------------------------------------------------------

    async def claim_request(
        self, player_id: str, request_id: str, fingerprint: str
    ) -> RequestClaim | None:
        """Hold a request id for its first call (None), or what it already holds."""
        held = await self._call(
            "claim_request",
            self.redis.set(
                request_key(player_id, request_id),
                b"P" + fingerprint.encode(),
                nx=True,
                get=True,
                ex=REQUEST_PENDING_SECONDS,
            ),
        )
        if held is None:
            return None
        state, rest = held[:1], held[1:]
        fp, _, answer = rest.partition(b":")
        return RequestClaim(state == b"D", fp.decode(), answer)

    async def finish_request(
        self, player_id: str, request_id: str, fingerprint: str, answer: bytes
    ) -> None:
        """Keep the first call's answer for retries (:data:`REQUEST_TTL_SECONDS`)."""
        await self._call(
            "finish_request",
            self.redis.set(
                request_key(player_id, request_id),
                b"D" + fingerprint.encode() + b":" + answer,
                ex=REQUEST_TTL_SECONDS,
            ),
        )

    async def release_request(self, player_id: str, request_id: str, fingerprint: str) -> None:
        """Give a request id back: its first call was refused (a refused call changes
        nothing, so a retry runs it again)."""
        await self._call(
            "release_request",
            self._delete_if(
                keys=[request_key(player_id, request_id)], args=[b"P" + fingerprint.encode()]
            ),
        )
