"""The store's calls about players: identities, sessions, the rooms a player is in, their
match history (``Store.players``; the answers of lobby request ids are in :mod:`.request_ids`).

Tokens are opaque random strings; only their SHA-256 is a key (``keys.access_key``,
``keys.refresh_key``), so a Redis dump hands out no identity. TTLs are fixed from issue:
using an access token does not extend it (:data:`ACCESS_TTL_SECONDS`), a refresh token
lives :data:`REFRESH_TTL_SECONDS` and is traded once (:meth:`PlayerStore.refresh_session`;
a retry within :data:`REFRESH_GRACE_SECONDS` gets the same pair, a later reuse revokes the
family). The tokens issued from one login form a family (``keys.family_key``): a logout or
a detected reuse deletes it, and every token of it stops working.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import os
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from services.rooms.records import MatchSummary, from_json, to_json
from services.store.core import StoreCore
from services.store.errors import StoreUnavailable
from services.store.keys import (
    access_key,
    device_key,
    family_key,
    history_key,
    matches_key,
    my_rooms_key,
    open_rooms_key,
    player_key,
    refresh_key,
    sessions_channel,
    token_digest,
    token_family,
)
from services.store.replication import Replication

ACCESS_TTL_SECONDS = int(os.environ.get("CERCLE_ACCESS_TTL_SECONDS", "3600"))
"""An access token works this long after it was issued (using it does not extend it)."""
REFRESH_TTL_SECONDS = 30 * 24 * 3600
"""A refresh token works once, this long after it was issued."""
REFRESH_GRACE_SECONDS = float(os.environ.get("CERCLE_REFRESH_GRACE_SECONDS", "30"))
"""The same refresh token sent again this soon after it was spent gets the same new pair
(its answer may have been lost), as long as that pair was not refreshed in turn."""
REUSE_DETECTION_SECONDS = 7 * 24 * 3600
"""How long a spent refresh token is remembered (at most): sent again after the grace and
within this, it revokes its whole family (OAuth 2.0 refresh token rotation); later, it is
just unknown."""
PLAYER_TTL_SECONDS = 180 * 24 * 3600
"""A player's profile, device link, room list and history are kept this long after the
player's last session was issued (each CreateSession, AuthenticateDevice or RefreshSession
renews them)."""
PAGE_SLACK = 64
"""Extra entries read past a page, to skip entries that tie with the cursor's score."""

Cursor = tuple[float, str]
"""A position in a sorted index: the last entry read (score, member)."""

ROTATE_REFRESH_SCRIPT = """
-- Use a refresh token issued before session families: read its record and delete it in one
-- step, so that it is spent once even when two replicas get it at the same moment.
-- KEYS[1] the refresh token's hash (cercle:refresh:<sha256>)
-- Returns {player_id, access digest}, or false when the token is unknown, spent or expired.
local found = redis.call('HMGET', KEYS[1], 'player_id', 'access')
if not found[1] then return false end
redis.call('DEL', KEYS[1])
return found
"""

REFRESH_SCRIPT = """
-- Trade a refresh token of a session family for the family's next pair, in one step (all
-- keys share the family's hash tag): a refusal changes nothing, and two replicas that get
-- the same token at once give the same answer.
-- KEYS[1] the refresh token's record, KEYS[2] the family, KEYS[3] the next access token's
-- session, KEYS[4] the next refresh token's record (all cercle:{f<family>}:...)
-- ARGV[1] the refresh token's digest, ARGV[2] a fresh nonce (the next pair is derived from
-- the refresh token and it), ARGV[3] and ARGV[4] the next access and refresh digests,
-- ARGV[5] the retry grace (ms), ARGV[6] access TTL (s), ARGV[7] refresh TTL (s),
-- ARGV[8] how long a spent token's record is kept for reuse detection, at most (s)
-- Returns false when the token or its family is unknown (expired, logged out, revoked);
-- {'new', player_id, previous access digest} when it was spent now (nothing is written
-- otherwise); {'again', player_id, nonce, ms since spent} for the same token again within
-- the grace while the pair it got is still the family's (no write: works while writes are
-- refused); {'reused', player_id, current access digest} when a spent token came back
-- later: the family is deleted (every token issued from it stops working).
local token = redis.call('HMGET', KEYS[1], 'player_id', 'spent', 'next', 'next_refresh')
if not token[1] then return false end
local family = redis.call('HMGET', KEYS[2], 'access', 'refresh')
if not family[2] then return false end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if token[2] then
  local elapsed = now - tonumber(token[2])
  if elapsed <= tonumber(ARGV[5]) and family[2] == token[4] then
    return {'again', token[1], token[3], tostring(elapsed)}
  end
  redis.call('DEL', KEYS[2])
  return {'reused', token[1], family[1]}
end
if family[2] ~= ARGV[1] then
  redis.call('DEL', KEYS[2])
  return {'reused', token[1], family[1]}
end
redis.call('HSET', KEYS[1], 'spent', now, 'next', ARGV[2], 'next_refresh', ARGV[4])
if redis.call('TTL', KEYS[1]) > tonumber(ARGV[8]) then
  redis.call('EXPIRE', KEYS[1], ARGV[8])
end
redis.call('HSET', KEYS[3], 'player_id', token[1], 'refresh', ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[6])
redis.call('HSET', KEYS[4], 'player_id', token[1], 'access', ARGV[3])
redis.call('EXPIRE', KEYS[4], ARGV[7])
redis.call('HSET', KEYS[2], 'access', ARGV[3], 'refresh', ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[7])
return {'new', token[1], family[1]}
"""


class RefreshReused(Exception):
    """A spent refresh token came back after the retry grace: its family was revoked."""


def derived_pair(secret: str, family: str, nonce: str) -> tuple[str, str]:
    """An access token and a refresh token derived from ``secret`` (stored nowhere: the
    refresh token traded, or what a login's retry sends again) and a stored ``nonce``, so
    that a retry can be given the same pair while a Redis dump cannot compute it."""
    key = secret.encode()
    parts = []
    for use in ("access", "refresh"):
        mac = hmac.new(key, f"{use}:{nonce}".encode(), hashlib.sha256).digest()
        parts.append(f"{family}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}")
    return parts[0], parts[1]


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


class PlayerStore:
    """Player-scoped calls of the store (``Store.players``)."""

    def __init__(self, core: StoreCore, replication: Replication) -> None:
        self.core = core
        self.replication = replication
        self._rotate_refresh = core.redis.register_script(ROTATE_REFRESH_SCRIPT)
        self._refresh = core.redis.register_script(REFRESH_SCRIPT)

    # -- identity ---------------------------------------------------------------------------

    async def create_player(self, player_id: str, name: str, created: float) -> None:
        key = player_key(player_id)
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.hset(key, mapping={"name": name, "created": repr(created)})
        pipe.expire(key, PLAYER_TTL_SECONDS)
        await self.core.call("create_player", pipe.execute())

    async def player_for_device(self, device_id: str, new_player_id: str) -> tuple[str, bool]:
        """The player of a device: ``new_player_id`` if the device is new (then True), else
        the one it got first. Renews the link."""
        key = device_key(device_id)
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.set(key, new_player_id, nx=True, get=True, ex=PLAYER_TTL_SECONDS)
        pipe.expire(key, PLAYER_TTL_SECONDS)
        old, _ = await self.core.call("player_for_device", pipe.execute())
        if old is None:
            return new_player_id, True
        return old.decode(), False

    async def display_name(self, player_id: str) -> str | None:
        name = await self.core.call(
            "display_name", self.core.redis.hget(player_key(player_id), "name")
        )
        return None if name is None else name.decode()

    async def set_display_name(self, player_id: str, name: str) -> None:
        """Rename a player; every replica hears it (:func:`keys.sessions_channel`) and drops
        the name it cached with the player's sessions."""
        await self.core.call(
            "set_display_name", self.core.redis.hset(player_key(player_id), "name", name)
        )
        await self._announce("p:" + player_id)

    async def _announce(self, change: str) -> None:
        """Publish a session change, after the write it announces has been applied (on
        Redis Cluster a pipeline's commands run on several nodes at once: a replica that
        heard the change before the write could read the old value and cache it again)."""
        await self.core.call("announce", self.core.redis.publish(sessions_channel(), change))

    async def announce_listening(self, nonce: str) -> None:
        """The ``r:<nonce>`` a replica publishes to learn that its subscription is live."""
        await self._announce("r:" + nonce)

    # -- sessions ---------------------------------------------------------------------------

    async def issue_session(
        self, player_id: str, derived_from: tuple[str, str] | None = None
    ) -> IssuedSession:
        """A new session family for ``player_id``, with its first access token and refresh
        token (random, or :func:`derived_pair` of ``derived_from`` = (secret, nonce), for a
        login a retry must be answered again); renews the player's keys
        (:data:`PLAYER_TTL_SECONDS`)."""
        family = secrets.token_hex(8)
        access = f"{family}.{secrets.token_urlsafe(32)}"
        refresh = f"{family}.{secrets.token_urlsafe(32)}"
        if derived_from is not None:
            access, refresh = derived_pair(derived_from[0], family, derived_from[1])
        access_digest, refresh_digest = token_digest(access), token_digest(refresh)
        pipe = self.core.redis.pipeline(transaction=False)
        self._renew_player(pipe, player_id)
        pipe.hset(
            access_key(access_digest, family),
            mapping={"player_id": player_id, "refresh": refresh_digest},
        )
        pipe.expire(access_key(access_digest, family), ACCESS_TTL_SECONDS)
        pipe.hset(
            refresh_key(refresh_digest, family),
            mapping={"player_id": player_id, "access": access_digest},
        )
        pipe.expire(refresh_key(refresh_digest, family), REFRESH_TTL_SECONDS)
        # The family last: its tokens work once it names them.
        pipe.hset(
            family_key(family),
            mapping={"player_id": player_id, "access": access_digest, "refresh": refresh_digest},
        )
        pipe.expire(family_key(family), REFRESH_TTL_SECONDS)
        await self.core.call("issue_session", pipe.execute())
        return IssuedSession(player_id, access, refresh, ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS)

    @staticmethod
    def _renew_player(pipe: Any, player_id: str) -> None:
        for key in (
            player_key(player_id),
            my_rooms_key(player_id),
            history_key(player_id),
            matches_key(player_id),
        ):
            pipe.expire(key, PLAYER_TTL_SECONDS)

    async def session(self, token: str) -> SessionFound | None:
        """What an access token stands for; None if unknown, expired, refreshed or logged
        out. Does not extend the token. Two round trips (the profile is another key, in
        another slot on Redis Cluster); replicas cache the answer (``services.api.auth``)."""
        digest, family = token_digest(token), token_family(token)
        key = access_key(digest, family)
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.hget(key, "player_id")
        pipe.pttl(key)
        if family is not None:
            pipe.hget(family_key(family), "access")  # the family's current access token
        player_id, pttl, *current = await self.core.call("session", pipe.execute())
        if player_id is None or (current and current[0] != digest.encode()):
            return None
        name = await self.display_name(player_id.decode())
        # PTTL is -1 for a key without a TTL (none is written so): trust it for the full term.
        expires_in = pttl / 1000 if pttl >= 0 else float(ACCESS_TTL_SECONDS)
        return SessionFound(player_id.decode(), name or "", expires_in)

    async def refresh_session(self, refresh_token: str) -> IssuedSession | None:
        """Trade a refresh token for a new pair (:data:`REFRESH_SCRIPT`, one atomic step):
        None if the token is unknown, expired, or its family was logged out or revoked;
        :class:`RefreshReused` (the family is revoked now) if it was spent more than
        :data:`REFRESH_GRACE_SECONDS` ago. Within the grace, the same pair again. With
        replicated commits, a pair is returned only once a replica holds it (else
        :class:`~services.store.errors.NotReplicated`: the retry with the same token, within
        the grace, gets the same pair, confirmed)."""
        family = token_family(refresh_token)
        if family is None:
            return await self._refresh_legacy(refresh_token)
        nonce = secrets.token_hex(16)
        access, refresh = derived_pair(refresh_token, family, nonce)
        access_digest, refresh_digest = token_digest(access), token_digest(refresh)
        found = await self.core.call(
            "refresh_session",
            self._refresh(
                keys=[
                    refresh_key(token_digest(refresh_token), family),
                    family_key(family),
                    access_key(access_digest, family),
                    refresh_key(refresh_digest, family),
                ],
                args=[
                    token_digest(refresh_token),
                    nonce,
                    access_digest,
                    refresh_digest,
                    int(REFRESH_GRACE_SECONDS * 1000),
                    ACCESS_TTL_SECONDS,
                    REFRESH_TTL_SECONDS,
                    REUSE_DETECTION_SECONDS,
                ],
            ),
        )
        if not found:
            return None
        outcome, player_id = found[0].decode(), found[1].decode()
        if outcome == "reused":
            await self._announce("t:" + found[2].decode())
            await self._announce("f:" + family)
            raise RefreshReused()
        if outcome == "again":
            access, refresh = derived_pair(refresh_token, family, found[2].decode())
            elapsed = int(found[3]) // 1000
            await self.replication.confirm_replicated()
            return IssuedSession(
                player_id,
                access,
                refresh,
                max(0, ACCESS_TTL_SECONDS - elapsed),
                max(0, REFRESH_TTL_SECONDS - elapsed),
            )
        await self._announce("t:" + found[2].decode())  # the previous access token
        pipe = self.core.redis.pipeline(transaction=False)
        self._renew_player(pipe, player_id)
        with contextlib.suppress(StoreUnavailable):  # renewals only: the pair is issued
            await self.core.call("renew_player", pipe.execute())
        await self.replication.confirm_replicated()
        return IssuedSession(player_id, access, refresh, ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS)

    async def _refresh_legacy(self, refresh_token: str) -> IssuedSession | None:
        """A refresh token issued before session families: spent once (no grace), for the
        first pair of a new family."""
        found = await self.core.call(
            "rotate_refresh",
            self._rotate_refresh(keys=[refresh_key(token_digest(refresh_token))], args=[]),
        )
        if not found:
            return None
        player_id, access_digest = found
        await self.core.call(
            "rotate_refresh", self.core.redis.delete(access_key(access_digest.decode()))
        )
        await self._announce("t:" + access_digest.decode())
        return await self.issue_session(player_id.decode())

    async def families_alive(self, families: Sequence[str]) -> list[bool]:
        """Whether each session family still exists (not logged out, revoked or expired)."""
        if not families:
            return []
        pipe = self.core.redis.pipeline(transaction=False)
        for family in families:
            pipe.exists(family_key(family))
        return [bool(found) for found in await self.core.call("families_alive", pipe.execute())]

    async def delete_session(self, token: str) -> None:
        """Log out: every token of the session's family stops working (for a token issued
        before families: the access token and its refresh token). With replicated
        commits, returns once a replica holds the deletion (a logout a failover undid would
        leave the tokens working); a retry deletes nothing more and confirms again."""
        digest, family = token_digest(token), token_family(token)
        key = access_key(digest, family)
        if family is None:
            refresh = await self.core.call("delete_session", self.core.redis.hget(key, "refresh"))
            pipe = self.core.redis.pipeline(transaction=False)
            pipe.delete(key)
            if refresh is not None:
                pipe.delete(refresh_key(refresh.decode()))
            await self.core.call("delete_session", pipe.execute())
            await self._announce("t:" + digest)
            await self.replication.confirm_replicated()
            return
        current = await self.core.call(
            "delete_session", self.core.redis.hget(family_key(family), "refresh")
        )
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.delete(family_key(family), key)
        if current is not None:
            pipe.delete(refresh_key(current.decode(), family))
        await self.core.call("delete_session", pipe.execute())
        await self._announce("t:" + digest)
        await self._announce("f:" + family)  # its streams end (services.api.auth)
        await self.replication.confirm_replicated()

    # -- the rooms of a player, and their history --------------------------------------------

    async def index_memberships(
        self, room_id: str, created: float, joined: Iterable[str], left: Iterable[str]
    ) -> None:
        """Add the room to the room lists of ``joined`` players, remove it from ``left``'s."""
        pipe = self.core.redis.pipeline(transaction=False)
        for player_id in joined:
            pipe.zadd(my_rooms_key(player_id), {room_id: created})
            pipe.expire(my_rooms_key(player_id), PLAYER_TTL_SECONDS)
        for player_id in left:
            pipe.zrem(my_rooms_key(player_id), room_id)
        if len(pipe):
            await self.core.call("index_memberships", pipe.execute())

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
        pipe = self.core.redis.pipeline(transaction=False)
        encoded = to_json(summary)
        for player_id in player_ids:
            pipe.zadd(history_key(player_id), {summary.room_id: summary.finished})
            pipe.hset(matches_key(player_id), summary.room_id, encoded)
            pipe.expire(history_key(player_id), PLAYER_TTL_SECONDS)
            pipe.expire(matches_key(player_id), PLAYER_TTL_SECONDS)
        if len(pipe):
            await self.core.call("record_match", pipe.execute())

    async def history_page(
        self, player_id: str, after: Cursor | None, limit: int
    ) -> tuple[list[MatchSummary], list[tuple[str, float]]]:
        """The player's finished matches after ``after``, most recently finished first, and
        the page's positions in the history index."""
        page = await self._page("history_page", history_key(player_id), after, limit)
        if not page:
            return [], []
        raw = await self.core.call(
            "history_page", self.core.redis.hmget(matches_key(player_id), [r for r, _ in page])
        )
        return [from_json(MatchSummary, text) for text in raw if text is not None], page

    async def _page(
        self, op: str, key: str, after: Cursor | None, limit: int
    ) -> list[tuple[str, float]]:
        """Up to ``limit`` members of a sorted set, highest score first, strictly after
        ``after`` in that order (equal scores: reverse lexicographic, as ZREVRANGE)."""
        top: str | float = "+inf" if after is None else after[0]
        raw = await self.core.call(
            op,
            self.core.redis.zrevrangebyscore(
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
