"""Every Redis access of Cercle: key names, Lua scripts and the typed calls that run them.

Data model. Rooms are spread over ``SHARDS`` hash tags ``{c<n>}`` (n = crc32(room id) mod
SHARDS). All keys of a room, and the timer index of its shard, share that tag, so every
script touches one slot and the same code runs on Redis Cluster, while the deadline index is
updated in the same atomic step as the room:

``cercle:{cN}:room:ID`` (hash)
    ``meta`` (JSON: game, options, visibility, players, host, created, join code),
    ``seats`` (JSON list), ``spectators`` (JSON list of player ids), ``status``,
    ``version`` (engine version), ``seq`` (last stream entry), ``state`` (engine bytes),
    ``seed`` and ``nonce`` (secrets until the match ends), ``deadlines`` (JSON list),
    ``outcome`` (JSON, once finished), ``timeouts`` (JSON: consecutive timeouts per seat),
    ``human_at`` (server time of the last change a human made), ``paused`` (server time
    the clocks stopped because no human was there; empty while they run).
``cercle:{cN}:log:ID`` (stream)
    One entry per room change, with the explicit id ``<seq>-0`` so that "after seq N" is
    simply the stream range ``(N-0 +``. Fields: ``kind``, ``actor``, ``version``, ``action``,
    ``events`` (JSON, with each event's audience), ``state`` (engine bytes after the change),
    ``room`` (seats and status, on lobby changes), ``deadlines``.
``cercle:{cN}:idem:ID`` (hash)
    idempotency key -> ``<seq>:<fingerprint>``: the seq its action produced and a hash of
    the request, so that the key reused for another request is refused.
``cercle:{cN}:presence:ID`` (sorted set)
    player id -> when a seated human last had a stream open on the room (server time);
    the timer loop pauses a table whose humans are all absent (``services.presence``).
``cercle:{cN}:timers`` (sorted set)
    room id -> its earliest deadline (seconds since the epoch), for the shard.
``cercle:{cN}:notify:ID`` (pub/sub channel)
    Each new entry as JSON ``[seq, [field, value, ...]]``, so that replicas tail a room
    without reading the log back.

Global keys (hints; the room itself is the truth): ``cercle:session:<sha256(token)>``
(hash), ``cercle:open`` and ``cercle:open:<game>`` (sorted sets of open public rooms by
creation time), ``cercle:code:<join code>`` (room id, deleted when the match ends),
``cercle:idemkey:<sha256(player:key)>`` (the room an idempotency key was first used in),
``cercle:quota:<kind>:<subject>`` (fixed-window counters: rooms created, failed join codes),
``cercle:rate:<kind>:<subject>`` (GCRA request limiters shared by every replica),
``cercle:streams:<scope>`` (sorted set: lease id -> expiry in ms of Redis time; the open
streams of a session or a client address, across replicas).
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import json
import time
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import RedisClusterException, RedisError

from services import metrics
from services.store_errors import WRITE_REFUSALS, StoreUnavailable, error_kind

ROOM_TTL_SECONDS = 24 * 3600
"""A room and its log expire this long after their last change once its match started."""
OPEN_ROOM_TTL_SECONDS = 3600
"""A room whose match has not started expires after an hour without any change."""
ROOMS_PER_HOUR = 30
"""How many rooms one session may create in an hour."""
SESSION_TTL_SECONDS = 7 * 24 * 3600
IDEMPOTENCY_TTL_SECONDS = ROOM_TTL_SECONDS


class Conflict(Exception):
    """The room changed between our read and our write (optimistic concurrency)."""


class Duplicate(Exception):
    """The idempotency key was already used; ``seq`` is the entry that action produced."""

    def __init__(self, seq: int) -> None:
        super().__init__(seq)
        self.seq = seq


class KeyReused(Exception):
    """The idempotency key was already used for another request (nothing written)."""


# ---------------------------------------------------------------------------------------
# Key names: built here and nowhere else.
# ---------------------------------------------------------------------------------------


SHARDS = 16
"""How many hash tags rooms are spread over. Changing it moves rooms: do it on an empty
store only."""


def shard_of(room_id: str) -> int:
    return zlib.crc32(room_id.encode()) % SHARDS


def _tag(room_id: str) -> str:
    return f"cercle:{{c{shard_of(room_id)}}}"


def room_key(room_id: str) -> str:
    return f"{_tag(room_id)}:room:{room_id}"


def log_key(room_id: str) -> str:
    return f"{_tag(room_id)}:log:{room_id}"


def idem_key(room_id: str) -> str:
    return f"{_tag(room_id)}:idem:{room_id}"


def timers_key(shard: int) -> str:
    return f"cercle:{{c{shard}}}:timers"


def notify_channel(room_id: str) -> str:
    return f"{_tag(room_id)}:notify:{room_id}"


def room_of_channel(channel: str) -> str:
    return channel.rsplit(":", 1)[1]


def session_key(token: str) -> str:
    # Only a hash of the token is stored: a Redis dump does not hand out identities.
    return "cercle:session:" + hashlib.sha256(token.encode()).hexdigest()


def open_rooms_key(game_id: str | None = None) -> str:
    return "cercle:open" if game_id is None else f"cercle:open:{game_id}"


def code_key(code: str) -> str:
    return f"cercle:code:{code}"


def presence_key(room_id: str) -> str:
    return f"{_tag(room_id)}:presence:{room_id}"


def idem_owner_key(player_key: str) -> str:
    """The room an idempotency key (``player:key``) was first used in."""
    return "cercle:idemkey:" + hashlib.sha256(player_key.encode()).hexdigest()[:32]


def quota_key(kind: str, subject: str) -> str:
    return f"cercle:quota:{kind}:{subject}"


def rate_key(kind: str, subject: str) -> str:
    return f"cercle:rate:{kind}:{subject}"


def stream_leases_key(scope: str) -> str:
    """The leases of one scope's open streams (``player:<id>`` or ``addr:<address>``)."""
    return f"cercle:streams:{scope}"


def probe_key(shard: int) -> str:
    """Never written: the readiness probe's ``SET ... XX`` on it is refused exactly when any
    write to the shard's slot would be."""
    return f"cercle:{{c{shard}}}:probe"


# ---------------------------------------------------------------------------------------
# Lua scripts
# ---------------------------------------------------------------------------------------

COMMIT_SCRIPT = """
-- Commit one room change atomically: compare the room's seq, write the new fields, append
-- the stream entry, remember the idempotency key, refresh TTLs and notify tailers.
-- KEYS[1] room hash, KEYS[2] log stream, KEYS[3] idempotency hash, KEYS[4] shard timers
-- ARGV[1] expected seq (the seq the change was computed from; 0 for a new room)
-- ARGV[2] idempotency key ('' for none)
-- ARGV[3] the request's fingerprint (a hash of what the key was sent with)
-- ARGV[4] TTL in seconds for the three room keys (0: leave their expiry as it is; the
--         server's own changes, bot moves and timeouts, do not keep a room alive)
-- ARGV[5] n = number of room hash field/value pairs that follow
-- ARGV[6 .. 5+2n] room hash field/value pairs
-- ARGV[6+2n .. #ARGV-3] stream entry field/value pairs
-- ARGV[#ARGV-2] room id; ARGV[#ARGV-1] the room's next deadline ('' none, '-' unchanged)
-- ARGV[#ARGV] notify channel.
-- Returns {1, new_seq} on success, {0, current_seq} on a seq conflict,
-- {2, seq} when the idempotency key was used already for the same request, and
-- {3, seq} when it was used for another one (nothing written in either case).
local idem = ARGV[2]
if idem ~= '' then
  local done = redis.call('HGET', KEYS[3], idem)
  if done then
    local seq, fingerprint = string.match(done, '^(%d+):?(.*)$')
    if fingerprint ~= '' and fingerprint ~= ARGV[3] then return {3, tonumber(seq)} end
    return {2, tonumber(seq)}
  end
end
local current = tonumber(redis.call('HGET', KEYS[1], 'seq') or '0')
if current ~= tonumber(ARGV[1]) then return {0, current} end
local new_seq = current + 1
local n = tonumber(ARGV[5])
local fields = {'seq', new_seq}
for i = 6, 5 + 2 * n do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
local entry = {}
for i = 6 + 2 * n, #ARGV - 3 do entry[#entry + 1] = ARGV[i] end
redis.call('XADD', KEYS[2], new_seq .. '-0', unpack(entry))
if idem ~= '' then redis.call('HSET', KEYS[3], idem, new_seq .. ':' .. ARGV[3]) end
local ttl = tonumber(ARGV[4])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  if idem ~= '' then redis.call('EXPIRE', KEYS[3], ttl) end
end
local next_deadline = ARGV[#ARGV - 1]
if next_deadline == '' then
  redis.call('ZREM', KEYS[4], ARGV[#ARGV - 2])
elseif next_deadline ~= '-' then
  redis.call('ZADD', KEYS[4], next_deadline, ARGV[#ARGV - 2])
end
-- Tailing replicas get the entry itself, so they need not read it back.
redis.call('PUBLISH', ARGV[#ARGV], cjson.encode({new_seq, entry}))
return {1, new_seq}
"""


CLAIM_SCRIPT = """
-- Claim the rooms of one shard whose earliest deadline has passed.
-- KEYS[1] the shard's timers sorted set
-- ARGV[1] now, ARGV[2] lease end (now + lease), ARGV[3] at most this many rooms
-- Returns the claimed room ids; each is re-scored to the lease end, so no other replica
-- claims it before the lease ends (or before a commit indexes its next deadline).
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, room in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], room)
end
return due
"""

RESCHEDULE_SCRIPT = """
-- Re-index a room's earliest deadline from the deadlines stored in the room itself.
-- KEYS[1] room hash, KEYS[2] the shard's timers sorted set; ARGV[1] room id
-- Returns the earliest deadline as a string, or false when the room has none.
local raw = redis.call('HGET', KEYS[1], 'deadlines')
local earliest = nil
if raw then
  for _, d in ipairs(cjson.decode(raw)) do
    if earliest == nil or d['e'] < earliest then earliest = d['e'] end
  end
end
if earliest == nil then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return false
end
redis.call('ZADD', KEYS[2], earliest, ARGV[1])
return tostring(earliest)
"""


TOUCH_PRESENCE_SCRIPT = """
-- Record that players have a stream open on a room, for those who hold a human seat.
-- KEYS[1] room hash, KEYS[2] the room's presence sorted set
-- ARGV[1] now (server time), ARGV[2] TTL of the presence set (seconds), ARGV[3..] player ids
-- A seat a bot holds for an absent player ('away') counts: its player is human.
-- Returns {how many of them hold a human seat, 1 if the room's clocks are paused else 0}.
local raw = redis.call('HGET', KEYS[1], 'seats')
if not raw then return {0, 0} end
local humans = {}
for _, seat in ipairs(cjson.decode(raw)) do
  if type(seat) == 'table' and (seat['kind'] == 'human' or seat['away'] == true) then
    humans[seat['player_id']] = true
  end
end
local seated = 0
for i = 3, #ARGV do
  if humans[ARGV[i]] then
    redis.call('ZADD', KEYS[2], ARGV[1], ARGV[i])
    seated = seated + 1
  end
end
if seated > 0 then redis.call('EXPIRE', KEYS[2], ARGV[2]) end
local paused = redis.call('HGET', KEYS[1], 'paused')
if paused and paused ~= '' then return {seated, 1} end
return {seated, 0}
"""

DELETE_IF_SCRIPT = """
-- Delete a key only if it still holds the value: a join code that still names its room (an
-- expired code may have been drawn again for a newer room), an idempotency key's claim
-- that is still this room's.
-- KEYS[1] the key; ARGV[1] the value. Returns 1 if deleted, else 0.
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

RATE_SCRIPT = """
-- Take up to ARGV[3] requests from a limiter shared by every replica: GCRA (the generic
-- cell rate algorithm, a token bucket kept as one timestamp), on Redis's clock.
-- KEYS[1] the limiter: its theoretical arrival time, in microseconds
-- ARGV[1] emission interval (microseconds per request: 1e6 / rate per second)
-- ARGV[2] burst (how many requests may come at once)
-- ARGV[3] requests wanted (a replica may take a few at once and spend them locally)
-- Returns {granted, wait}: granted is 0..ARGV[3]; when 0, wait is the microseconds until
-- one request is allowed again.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local interval = tonumber(ARGV[1])
local tolerance = interval * tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local granted = math.min(math.floor((now + tolerance - tat) / interval), tonumber(ARGV[3]))
if granted <= 0 then return {0, math.ceil(tat - tolerance + interval - now)} end
tat = tat + granted * interval
redis.call('SET', KEYS[1], string.format('%.0f', tat), 'PX', math.ceil((tat - now) / 1000) + 1)
return {granted, 0}
"""

STREAM_LEASE_SCRIPT = """
-- Take or renew stream leases in one scope's lease set, unless the scope is full.
-- KEYS[1] the scope's lease set (sorted set: lease id -> expiry, ms of Redis time)
-- ARGV[1] at most this many live leases (0: no limit, for renewals), ARGV[2] lease ms,
-- ARGV[3 ..] lease ids
-- Expired leases (of streams whose replica died) are dropped first. Returns {1, live} when
-- the leases were written, {0, live} when ARGV[3] is new and the set already holds ARGV[1]
-- live leases (nothing written).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local live = redis.call('ZCARD', KEYS[1])
local limit = tonumber(ARGV[1])
if limit > 0 and live >= limit and not redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  return {0, live}
end
local ms = tonumber(ARGV[2])
for i = 3, #ARGV do redis.call('ZADD', KEYS[1], now + ms, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ms)
return {1, redis.call('ZCARD', KEYS[1])}
"""


# ---------------------------------------------------------------------------------------
# Typed records
# ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class RoomRecord:
    """A room as stored: the raw fields, decoded from JSON where they are JSON."""

    room_id: str
    meta: dict[str, Any]
    seats: list[dict[str, Any] | None]
    spectators: list[str]
    status: str
    version: int
    seq: int
    state: bytes | None
    seed: int | None
    nonce: str | None
    deadlines: list[dict[str, Any]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    timeouts: dict[str, int] = field(default_factory=dict)
    memories: dict[str, Any] = field(default_factory=dict)
    human_at: float | None = None
    """Server time of the last change a human made (an action, the start, a resume)."""
    paused: float | None = None
    """Server time the clocks stopped for want of a human (None: they run)."""


@dataclass(slots=True)
class LogEntry:
    """One stream entry of a room's log."""

    seq: int
    kind: str
    actor: int
    version: int
    action: Any
    events: list[list[Any]]
    state: bytes | None
    room: dict[str, Any] | None
    deadlines: list[dict[str, Any]]
    timeout: bool = False


def entry_from_notification(payload: bytes) -> LogEntry:
    """The log entry a commit published on the room's channel."""
    seq, flat = json.loads(payload)
    raw = {flat[i].encode(): flat[i + 1].encode() for i in range(0, len(flat), 2)}
    return _entry_from_fields(int(seq), raw)


def _entry_from_fields(seq: int, raw: Mapping[bytes, bytes]) -> LogEntry:
    state = raw.get(b"state")
    room = raw.get(b"room")
    return LogEntry(
        seq=seq,
        kind=raw[b"kind"].decode(),
        actor=int(raw.get(b"actor", b"-1")),
        version=int(raw.get(b"version", b"0")),
        action=json.loads(raw[b"action"]) if raw.get(b"action") else None,
        events=json.loads(raw[b"events"]) if raw.get(b"events") else [],
        state=state if state else None,
        room=json.loads(room) if room else None,
        deadlines=json.loads(raw[b"deadlines"]) if raw.get(b"deadlines") else [],
        timeout=raw.get(b"timeout") == b"1",
    )


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------------------


class Store:
    """Cercle's Redis store. One per process; safe to share between tasks."""

    def __init__(self, url: str, *, max_connections: int = 64) -> None:
        """``url`` is ``redis://host:port/db`` for one server, or
        ``redis+cluster://host:port`` (any node) for Redis Cluster."""
        self.url = url
        self.cluster = url.startswith("redis+cluster://")
        self.redis: Any
        if self.cluster:
            self.redis = RedisCluster.from_url(
                "redis://" + url[len("redis+cluster://") :],
                max_connections=max_connections,
                socket_timeout=5,
                socket_connect_timeout=2,
            )
        else:
            # A blocking pool: when every connection is busy a call waits for one (up to its
            # timeout) instead of failing with "Too many connections".
            pool = aioredis.BlockingConnectionPool.from_url(
                url,
                max_connections=max_connections,
                timeout=5,
                socket_timeout=5,
                socket_connect_timeout=2,
                health_check_interval=10,
            )
            self.redis = aioredis.Redis(connection_pool=pool)
        self._commit = self.redis.register_script(COMMIT_SCRIPT)
        self._claim = self.redis.register_script(CLAIM_SCRIPT)
        self._reschedule = self.redis.register_script(RESCHEDULE_SCRIPT)
        self._touch_presence = self.redis.register_script(TOUCH_PRESENCE_SCRIPT)
        self._delete_if = self.redis.register_script(DELETE_IF_SCRIPT)
        self._rate = self.redis.register_script(RATE_SCRIPT)
        self._stream_lease = self.redis.register_script(STREAM_LEASE_SCRIPT)
        self.refused = asyncio.Event()
        """Set when a call is refused (unreachable, or writes refused): the readiness check
        runs at once instead of at its next period."""
        self.calls = 0
        """Round trips made (for benchmarks and tests)."""
        self.calls_by_op: collections.Counter[str] = collections.Counter()
        """The same, by the store method that made them (``load_room_for_action``,
        ``commit``, ``claim_due``...)."""

    async def close(self) -> None:
        await self.redis.aclose()

    async def reset_connections(self) -> None:
        """Drop every pooled connection (after Redis came back: the old ones are dead)."""
        if not self.cluster:
            await self.redis.connection_pool.disconnect()

    async def ping(self) -> bool:
        try:
            return bool(await self.redis.ping())
        except Exception:
            return False

    async def writable(self) -> str | None:
        """None while every shard accepts writes, else why not (``OOM``, ``READONLY``,
        ``connection``...). One pipelined ``SET <probe> 1 XX`` per shard: a command that
        changes nothing (the key never exists) but is admitted like any write, so Redis
        refuses it for the same reasons (memory, read-only replica, failed save, missing
        replicas, cluster state)."""
        pipe = self.redis.pipeline(transaction=False)
        for shard in range(SHARDS):
            pipe.set(probe_key(shard), 1, xx=True)
        try:
            await self._call("probe_writes", pipe.execute())
        except StoreUnavailable as exc:
            return exc.kind
        return None

    # -- rooms -----------------------------------------------------------------------------

    async def load_room(self, room_id: str) -> RoomRecord | None:
        """The room's hash in one round trip, or None if it does not exist."""
        raw = await self._call("load_room", self.redis.hgetall(room_key(room_id)))
        if not raw:
            return None
        return _room_from_hash(room_id, cast(dict[bytes, bytes], raw))

    async def load_room_for_action(
        self, room_id: str, idempotency_key: str
    ) -> tuple[RoomRecord | None, tuple[int, str] | None, str | None]:
        """The room and, in the same round trip, what an idempotency key already produced:
        ``(seq, request fingerprint)`` in this room (None if the key is new here), and the
        room the key was first used in (claimed for this room if the key is new anywhere;
        None when it was)."""
        if not idempotency_key:
            return await self.load_room(room_id), None, None
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(room_key(room_id))
        pipe.hget(idem_key(room_id), idempotency_key)
        pipe.set(
            idem_owner_key(idempotency_key),
            room_id,
            nx=True,
            get=True,
            ex=IDEMPOTENCY_TTL_SECONDS,
        )
        raw, done, owner = await self._call("load_room_for_action", pipe.execute())
        record = _room_from_hash(room_id, raw) if raw else None
        found = None
        if done is not None:
            seq, _, fingerprint = done.decode().partition(":")
            found = (int(seq), fingerprint)
        return record, found, owner.decode() if owner is not None else None

    async def commit(
        self,
        room_id: str,
        *,
        expected_seq: int,
        fields: Mapping[str, str | bytes | int],
        entry: Mapping[str, str | bytes | int],
        idempotency_key: str = "",
        fingerprint: str = "",
        ttl: int = ROOM_TTL_SECONDS,
        next_deadline: float | str | None = "-",
        op: str = "commit",
    ) -> int:
        """Write a room change and its log entry atomically; return the new seq.

        ``op`` names the call in :attr:`calls_by_op` and the round-trip metric
        (``commit_action`` for a player's, a timeout's or a bot's action).

        ``next_deadline`` (seconds since the epoch) indexes the room's earliest deadline in
        its shard's timers in the same step (None: no deadline; ``"-"``: leave it).
        ``ttl`` 0 leaves the room's expiry as it is (changes the server makes by itself).
        Raises :class:`Conflict` if the room's seq is not ``expected_seq`` any more,
        :class:`Duplicate` if ``idempotency_key`` was used already for the request whose
        hash is ``fingerprint``, and :class:`KeyReused` if it was used for another one.
        """
        args: list[str | bytes | int] = [
            expected_seq,
            idempotency_key,
            fingerprint,
            ttl,
            len(fields),
        ]
        for name, value in fields.items():
            args += [name, value]
        for name, value in entry.items():
            args += [name, value]
        deadline_arg = (
            ""
            if next_deadline is None
            else (next_deadline if isinstance(next_deadline, str) else repr(float(next_deadline)))
        )
        args += [room_id, deadline_arg, notify_channel(room_id)]
        keys = [
            room_key(room_id),
            log_key(room_id),
            idem_key(room_id),
            timers_key(shard_of(room_id)),
        ]
        code, seq = await self._call(op, self._commit(keys=keys, args=args))
        if code == 1:
            return int(seq)
        if code == 2:
            raise Duplicate(int(seq))
        if code == 3:
            raise KeyReused()
        raise Conflict(int(seq))

    async def read_log(self, room_id: str, after_seq: int, count: int = 500) -> list[LogEntry]:
        """Entries with seq > ``after_seq``, oldest first, at most ``count``."""
        raw = await self._call(
            "read_log",
            self.redis.xrange(log_key(room_id), min=f"({after_seq}-0", max="+", count=count),
        )
        return [_entry_from_fields(int(eid.split(b"-")[0]), fields) for eid, fields in raw]

    async def read_entry(self, room_id: str, seq: int) -> LogEntry | None:
        raw = await self._call(
            "read_entry",
            self.redis.xrange(log_key(room_id), min=f"{seq}-0", max=f"{seq}-0", count=1),
        )
        if not raw:
            return None
        eid, fields = raw[0]
        return _entry_from_fields(int(eid.split(b"-")[0]), fields)

    # -- global indexes (hints; the room itself is the truth) ---------------------------------

    async def index_open_room(self, room_id: str, game_id: str, created: float) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(open_rooms_key(), {room_id: created})
        pipe.zadd(open_rooms_key(game_id), {room_id: created})
        await self._call("index_open_room", pipe.execute())

    async def unindex_open_room(self, room_id: str, game_id: str) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.zrem(open_rooms_key(), room_id)
        pipe.zrem(open_rooms_key(game_id), room_id)
        await self._call("unindex_open_room", pipe.execute())

    async def open_rooms(self, game_id: str | None, limit: int) -> list[str]:
        ids = await self._call(
            "open_rooms", self.redis.zrevrange(open_rooms_key(game_id), 0, limit - 1)
        )
        return [i.decode() for i in ids]

    async def set_join_code(self, code: str, room_id: str) -> bool:
        return bool(
            await self._call(
                "set_join_code",
                self.redis.set(code_key(code), room_id, nx=True, ex=ROOM_TTL_SECONDS),
            )
        )

    async def room_for_code(self, code: str) -> str | None:
        value = await self._call("room_for_code", self.redis.get(code_key(code)))
        return value.decode() if value else None

    async def retire_join_code(self, code: str, room_id: str) -> None:
        """Forget a join code once its room's match is over (if it still names the room)."""
        await self._call("retire_join_code", self._delete_if(keys=[code_key(code)], args=[room_id]))

    async def release_idempotency_key(self, idempotency_key: str, room_id: str) -> None:
        """Give back the claim :meth:`load_room_for_action` made for a key whose request was
        refused (a refused request changes nothing)."""
        await self._call(
            "release_idempotency_key",
            self._delete_if(keys=[idem_owner_key(idempotency_key)], args=[room_id]),
        )

    async def count_room_created(self, player_id: str) -> int:
        """Count a room created by ``player_id`` in the current hour; return the count."""
        ((count, _),) = await self.count_quota([quota_key("rooms", player_id)], 3600)
        return count

    async def count_quota(self, keys: Sequence[str], window: int) -> list[tuple[int, float]]:
        """Count one more event on each fixed-window counter (``quota_key``); a counter
        starts its ``window`` (seconds) with its first event. Returns each count and the
        seconds left in its window."""
        pipe = self.redis.pipeline(transaction=False)
        for key in keys:
            pipe.incr(key)
            pipe.expire(key, window, nx=True)
            pipe.pttl(key)
        raw = await self._call("count_quota", pipe.execute())
        return [
            (int(count), max(0, int(ms)) / 1000)
            for count, ms in zip(raw[::3], raw[2::3], strict=True)
        ]

    async def read_quota(self, keys: Sequence[str]) -> list[tuple[int, float]]:
        """Each counter's count and the seconds left in its window (0, 0 when unused)."""
        pipe = self.redis.pipeline(transaction=False)
        for key in keys:
            pipe.get(key)
            pipe.pttl(key)
        raw = await self._call("read_quota", pipe.execute())
        return [
            (int(count or 0), max(0, int(ms)) / 1000 if count else 0.0)
            for count, ms in zip(raw[::2], raw[1::2], strict=True)
        ]

    async def take_rate(
        self, key: str, interval_us: int, burst: int, wanted: int = 1
    ) -> tuple[int, float]:
        """Take up to ``wanted`` requests from the shared limiter ``key`` (``rate_key``):
        how many were granted and, when none, the seconds until one is."""
        granted, wait = await self._call(
            "take_rate", self._rate(keys=[key], args=[interval_us, burst, wanted])
        )
        return int(granted), int(wait) / 1e6

    # -- presence ----------------------------------------------------------------------------

    async def touch_presence(
        self, rooms: Sequence[tuple[str, Sequence[str]]], now: float, ttl: int
    ) -> list[tuple[int, bool]]:
        """For each ``(room id, player ids)``: record ``now`` for the players who hold a
        human seat; return how many did and whether the room's clocks are paused. One
        pipelined round trip (concurrent calls on Redis Cluster)."""
        if not rooms:
            return []

        def call(room_id: str, players: Sequence[str], client: Any = None) -> Any:
            return self._touch_presence(
                keys=[room_key(room_id), presence_key(room_id)],
                args=[repr(float(now)), ttl, *players],
                client=client,
            )

        if self.cluster:
            results = await self._call(
                "touch_presence", asyncio.gather(*(call(r, p) for r, p in rooms))
            )
        else:
            pipe = self.redis.pipeline(transaction=False)
            for room_id, players in rooms:
                await call(room_id, players, pipe)
            results = await self._call("touch_presence", pipe.execute())
        return [(int(seated), bool(paused)) for seated, paused in results]

    async def load_room_for_timers(
        self, room_id: str, since: float
    ) -> tuple[RoomRecord | None, set[str]]:
        """The room and, in the same round trip, the players whose presence was recorded
        at ``since`` or later."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(room_key(room_id))
        pipe.zrangebyscore(presence_key(room_id), repr(float(since)), "+inf")
        raw, present = await self._call("load_room_for_timers", pipe.execute())
        record = _room_from_hash(room_id, raw) if raw else None
        return record, {p.decode() for p in present}

    # -- sessions -----------------------------------------------------------------------------

    async def create_session(self, token: str, player_id: str, display_name: str) -> None:
        key = session_key(token)
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(key, mapping={"player_id": player_id, "name": display_name})
        pipe.expire(key, SESSION_TTL_SECONDS)
        await self._call("create_session", pipe.execute())

    async def session(self, token: str) -> tuple[str, str] | None:
        """(player_id, display name) for a token, renewing the session; None if unknown."""
        key = session_key(token)
        pipe = self.redis.pipeline(transaction=False)
        pipe.hmget(key, "player_id", "name")
        pipe.expire(key, SESSION_TTL_SECONDS)
        (player_id, name), _ = await self._call("session", pipe.execute())
        if player_id is None:
            return None
        return player_id.decode(), (name or b"").decode()

    # -- timers ----------------------------------------------------------------------------------

    async def claim_due(self, now: float, lease: float, limit: int = 100) -> list[str]:
        """Rooms whose earliest deadline has passed, claimed for ``lease`` seconds.

        Every shard is asked in one pipelined round trip. A claimed room is pushed back to
        ``now + lease`` in its shard's index, so other replicas leave it alone while this one
        works; if this replica dies, the claim lapses and another replica takes the room.
        """
        if self.cluster:  # shards live on several nodes: ask them concurrently
            results = await self._call(
                "claim_due",
                asyncio.gather(
                    *(
                        self._claim(keys=[timers_key(shard)], args=[now, now + lease, limit])
                        for shard in range(SHARDS)
                    )
                ),
            )
        else:
            pipe = self.redis.pipeline(transaction=False)
            for shard in range(SHARDS):
                await self._claim(
                    keys=[timers_key(shard)], args=[now, now + lease, limit], client=pipe
                )
            results = await self._call("claim_due", pipe.execute())
        return [member.decode() for claimed in results for member in claimed]

    def pubsub(self) -> Any:
        """A pub/sub connection (on Redis Cluster, PUBLISH reaches every node)."""
        return self.redis.pubsub(ignore_subscribe_messages=True)

    async def reschedule(self, room_id: str) -> None:
        """Index the room's earliest deadline again from its stored deadlines."""
        await self._call(
            "reschedule",
            self._reschedule(
                keys=[room_key(room_id), timers_key(shard_of(room_id))], args=[room_id]
            ),
        )

    # -- stream leases ---------------------------------------------------------------------

    async def take_stream_lease(
        self, lease_id: str, limits: Mapping[str, int], seconds: float
    ) -> tuple[str, int] | None:
        """Take ``lease_id`` in each scope's lease set, in one round trip, if every scope has
        fewer than its limit of live leases. Returns None when taken, else ``(scope, live)``
        of a full scope (the lease is then held nowhere)."""
        scopes = list(limits)
        answers = await self._lease_scripts(
            "take_stream_lease",
            [(scope, [limits[scope], int(seconds * 1000), lease_id]) for scope in scopes],
        )
        pairs = zip(scopes, answers, strict=True)
        full = [(scope, int(live)) for scope, (taken, live) in pairs if not taken]
        if full:
            await self.drop_stream_lease(lease_id, scopes)
            return full[0]
        return None

    async def renew_stream_leases(
        self, leases: Mapping[str, Sequence[str]], seconds: float
    ) -> None:
        """Extend every given lease (scope -> lease ids) by ``seconds``; one round trip."""
        await self._lease_scripts(
            "renew_stream_leases",
            [(scope, [0, int(seconds * 1000), *ids]) for scope, ids in leases.items() if ids],
        )

    async def drop_stream_lease(self, lease_id: str, scopes: Sequence[str]) -> None:
        pipe = self.redis.pipeline(transaction=False)
        for scope in scopes:
            pipe.zrem(stream_leases_key(scope), lease_id)
        await self._call("drop_stream_lease", pipe.execute())

    async def _lease_scripts(
        self, op: str, calls: Sequence[tuple[str, Sequence[str | int]]]
    ) -> list[Any]:
        """The lease script once per (scope, args): pipelined on one server, concurrently on
        a cluster (the scopes' sets live in different slots)."""
        if not calls:
            return []
        if self.cluster:
            return list(
                await self._call(
                    op,
                    asyncio.gather(
                        *(
                            self._stream_lease(keys=[stream_leases_key(scope)], args=args)
                            for scope, args in calls
                        )
                    ),
                )
            )
        pipe = self.redis.pipeline(transaction=False)
        for scope, args in calls:
            await self._stream_lease(keys=[stream_leases_key(scope)], args=args, client=pipe)
        return list(await self._call(op, pipe.execute()))

    # -- plumbing ---------------------------------------------------------------------------

    async def _call(self, op: str, awaitable: Any) -> Any:
        self.calls += 1
        self.calls_by_op[op] += 1
        metrics.REDIS_CALLS.labels(op=op).inc()
        try:
            return await awaitable
        except (RedisError, RedisClusterException, OSError, TimeoutError) as exc:
            kind = error_kind(exc)
            metrics.REDIS_ERRORS.labels(kind).inc()
            if kind == "connection" or kind in WRITE_REFUSALS:
                self.refused.set()
            raise StoreUnavailable(str(exc), kind) from exc


def _room_from_hash(room_id: str, raw: dict[bytes, bytes]) -> RoomRecord:
    seed = raw.get(b"seed")
    nonce = raw.get(b"nonce")
    return RoomRecord(
        room_id=room_id,
        meta=json.loads(raw[b"meta"]),
        seats=json.loads(raw.get(b"seats", b"[]")),
        spectators=json.loads(raw.get(b"spectators", b"[]")),
        status=raw.get(b"status", b"open").decode(),
        version=int(raw.get(b"version", b"0")),
        seq=int(raw.get(b"seq", b"0")),
        state=raw.get(b"state") or None,
        seed=int(seed) if seed else None,
        nonce=nonce.decode() if nonce else None,
        deadlines=json.loads(raw.get(b"deadlines", b"[]")),
        outcome=json.loads(raw[b"outcome"]) if raw.get(b"outcome") else None,
        timeouts=json.loads(raw[b"timeouts"]) if raw.get(b"timeouts") else {},
        memories=json.loads(raw[b"memories"]) if raw.get(b"memories") else {},
        human_at=float(raw[b"human_at"]) if raw.get(b"human_at") else None,
        paused=float(raw[b"paused"]) if raw.get(b"paused") else None,
    )


def dumps(value: Any) -> str:
    """Compact JSON as stored in room fields and log entries."""
    return _dumps(value)


def now() -> float:
    """Server time in seconds (wall clock; deadlines are absolute)."""
    return time.time()


__all__: Sequence[str] = (
    "WRITE_REFUSALS",
    "Conflict",
    "Duplicate",
    "KeyReused",
    "LogEntry",
    "RoomRecord",
    "Store",
    "StoreUnavailable",
    "dumps",
)
