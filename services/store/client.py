"""The store: the typed calls that run Cercle's Redis commands and Lua scripts.

Key names come from :mod:`services.store.keys` (with the data model), the scripts from
:mod:`services.store.scripts` (with their KEYS and ARGV); records are encoded and decoded by
:mod:`services.rooms.records`. Nothing else in Cercle talks to Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.sentinel import Sentinel
from redis.exceptions import RedisClusterException, RedisError

from services import metrics
from services.rooms.records import LogEntry, RoomRecord, from_hash
from services.store.answers import ActionCommit, ActionLoad, Conflict, Duplicate, KeyReused
from services.store.commits import ROOM_TTL_SECONDS, commit_arguments
from services.store.durability import (
    CommitDurability,
    durability_from_env,
)
from services.store.errors import (
    WRITE_REFUSALS,
    StoreUnavailable,
    error_kind,
)
from services.store.indexes import IndexStore
from services.store.keys import (
    SHARDS,
    idem_key,
    idem_owner_key,
    log_key,
    online_key,
    presence_key,
    probe_key,
    room_key,
    shard_tag,
)
from services.store.limits import LimitStore
from services.store.players import REFRESH_SCRIPT, ROTATE_REFRESH_SCRIPT, PlayerStore
from services.store.replication import ReplicationStore
from services.store.scripts import (
    ACTION_COMMIT_SCRIPT,
    CLAIM_SCRIPT,
    COMMIT_SCRIPT,
    DELETE_IF_SCRIPT,
    RATE_SCRIPT,
    RESCHEDULE_SCRIPT,
    STREAM_LEASE_SCRIPT,
    TOUCH_PRESENCE_SCRIPT,
)
from services.store.sentinel import (
    SENTINEL_SCHEME,
    BlockingSentinelConnectionPool,
    sentinel_settings,
)

OPEN_ROOM_TTL_SECONDS = 3600
"""A room whose match has not started expires after an hour without any change."""
ROOMS_PER_HOUR = 30
"""How many rooms one session may create in an hour."""
IDEMPOTENCY_TTL_SECONDS = ROOM_TTL_SECONDS
LOG_PAGE = 500
"""How many log entries :meth:`Store.read_log` returns at most by default: a reader that
gets fewer has reached the end of the log."""


# ---------------------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------------------


class Store(PlayerStore, LimitStore, IndexStore, ReplicationStore):
    """Cercle's Redis store. One per process; safe to share between tasks. Player-scoped
    calls (sessions, identities, room lists, history, request ids) are in
    :mod:`services.store.players`; the limits' counters (quotas, rates, stream leases) in
    :mod:`services.store.limits`."""

    def __init__(
        self,
        url: str,
        *,
        max_connections: int = 64,
        durability: CommitDurability | None = None,
    ) -> None:
        """``url`` is ``redis://host:port/db`` for one server,
        ``redis+sentinel://host:port[,host:port...]/<master name>[/db]`` for a primary the
        sentinels name (:mod:`services.store.sentinel`: a failover is followed), or
        ``redis+cluster://host:port`` (any node) for Redis Cluster. ``durability``: when a
        commit counts as done (default: from the environment,
        :mod:`services.store.durability`)."""
        self.url = url
        self.cluster = url.startswith("redis+cluster://")
        self._init_replication(durability or durability_from_env(os.environ), max_connections)
        self.redis: Any
        self.sentinel: Sentinel | None = None
        """The sentinels' client, with a ``redis+sentinel://`` URL."""
        if self.cluster:
            self.redis = RedisCluster.from_url(
                "redis://" + url[len("redis+cluster://") :],
                max_connections=max_connections,
                socket_timeout=5,
                socket_connect_timeout=2,
            )
        elif url.startswith(SENTINEL_SCHEME):
            settings = sentinel_settings(url)
            sentinel = Sentinel(settings.sentinels, socket_timeout=2, socket_connect_timeout=2)
            self.sentinel = sentinel
            self.redis = sentinel.master_for(
                settings.master,
                connection_pool_class=BlockingSentinelConnectionPool,
                max_connections=max_connections,
                timeout=5,
                socket_timeout=5,
                socket_connect_timeout=2,
                health_check_interval=10,
                db=settings.db,
                password=settings.password,
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
        self._commit_action = self.redis.register_script(ACTION_COMMIT_SCRIPT)
        self._claim = self.redis.register_script(CLAIM_SCRIPT)
        self._reschedule = self.redis.register_script(RESCHEDULE_SCRIPT)
        self._touch_presence = self.redis.register_script(TOUCH_PRESENCE_SCRIPT)
        self._delete_if = self.redis.register_script(DELETE_IF_SCRIPT)
        self._rate = self.redis.register_script(RATE_SCRIPT)
        self._stream_lease = self.redis.register_script(STREAM_LEASE_SCRIPT)
        self._rotate_refresh = self.redis.register_script(ROTATE_REFRESH_SCRIPT)
        self._refresh = self.redis.register_script(REFRESH_SCRIPT)
        self.refused = asyncio.Event()
        """Set when a call is refused (unreachable, or writes refused): the readiness check
        runs at once instead of at its next period."""
        self.deadline_indexed: Callable[[float], None] | None = None
        """Told each deadline a commit of this process indexed (the replica's expiry loop
        wakes for it, ``services.api.timer_service``)."""

    async def close(self) -> None:
        await self._close_shards()
        await self.redis.aclose()
        if self.sentinel is not None:
            await self.sentinel.aclose()

    async def warm_up(self) -> None:
        """On Redis Cluster, learn the slots before the first calls: the first calls of a
        fresh client all start the topology discovery, which replaces connections other
        calls are opening. Then learn whether commits wait for a replica
        (:meth:`refresh_durability`). Never raises: a store that is away is the health
        check's business."""
        if self.cluster:
            with contextlib.suppress(Exception):  # the health check reports an absent store
                await self.redis.initialize()
        await self.refresh_durability()

    async def reset_connections(self) -> None:
        """Drop every pooled connection (after Redis came back: the old ones are dead)."""
        if not self.cluster:
            await self.redis.connection_pool.disconnect()
        await self._close_shards(reopen=True)

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

    async def load_rooms(self, room_ids: Sequence[str]) -> list[RoomRecord | None]:
        """Several rooms in one pipelined round trip (None for each that does not exist)."""
        if not room_ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for room_id in room_ids:
            pipe.hgetall(room_key(room_id))
        raws = await self._call("load_rooms", pipe.execute())
        return [
            _room_from_hash(room_id, raw) if raw else None
            for room_id, raw in zip(room_ids, raws, strict=True)
        ]

    async def load_room_for_action(
        self,
        room_id: str,
        idempotency_key: str,
        rate: tuple[str, int, int, int] | None = None,
    ) -> ActionLoad:
        """The room and, in the same round trip, what an idempotency key already produced:
        ``(seq, request fingerprint)`` in this room (None if the key is new here), the
        room the key was first used in (claimed for this room if the key is new anywhere;
        None when it was), and, when ``rate`` names a shared limiter (:meth:`take_rate`'s
        arguments), what it granted."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(room_key(room_id))
        if idempotency_key:
            pipe.hget(idem_key(room_id), idempotency_key)
            pipe.set(
                idem_owner_key(idempotency_key),
                room_id,
                nx=True,
                get=True,
                ex=IDEMPOTENCY_TTL_SECONDS,
            )
        if rate is None:
            answers = list(await self._call("load_room_for_action", pipe.execute()))
        else:
            key, interval_us, burst, wanted = rate
            if self.cluster:  # no script in a cluster pipeline: sent beside it, at once
                loaded, granted = await self._call(
                    "load_room_for_action",
                    asyncio.gather(
                        pipe.execute(), self._rate(keys=[key], args=[interval_us, burst, wanted])
                    ),
                )
                answers = [*loaded, granted]
            else:
                await self._rate(keys=[key], args=[interval_us, burst, wanted], client=pipe)
                answers = list(await self._call("load_room_for_action", pipe.execute()))
        raw = answers.pop(0)
        record = _room_from_hash(room_id, raw) if raw else None
        found, owner = None, None
        if idempotency_key:
            done, owner = answers.pop(0), answers.pop(0)
            if done is not None:
                seq, _, fingerprint = done.decode().partition(":")
                found = (int(seq), fingerprint)
        granted = None
        if rate is not None:
            given, wait = answers.pop(0)
            granted = (int(given), int(wait) / 1e6)
        return ActionLoad(record, found, owner.decode() if owner is not None else None, granted)

    async def commit(
        self,
        room_id: str,
        *,
        expected_seq: int,
        room: RoomRecord,
        entry: LogEntry,
        before: RoomRecord | None = None,
        idempotency_key: str = "",
        fingerprint: str = "",
        ttl: int = ROOM_TTL_SECONDS,
        op: str = "commit",
    ) -> int:
        """Write a room change and its log entry atomically; return the new seq.

        ``room`` is the room after the change, ``before`` the room it was computed from
        (None for a new room): only the fields that differ are written, and when the
        deadlines differ the room's earliest one is indexed in its shard's timers in the
        same step. ``op`` names the call in the round-trip metric ``cercle_redis_calls_total``
        (``commit_action`` for a player's, a timeout's or a bot's action).
        ``ttl`` 0 leaves the room's expiry as it is (changes the server makes by itself).
        Raises :class:`Conflict` if the room's seq is not ``expected_seq`` any more,
        :class:`Duplicate` if ``idempotency_key`` was used already for the request whose
        hash is ``fingerprint``, and :class:`KeyReused` if it was used for another one.
        """
        keys, args, deadline_arg = commit_arguments(
            room_id, expected_seq, room, entry, before, idempotency_key, fingerprint, ttl
        )
        (code, seq), confirmed = await self._run_commit(op, self._commit, keys, args)
        if code == 1:
            self._indexed(deadline_arg)
            if not confirmed:
                raise self._not_replicated(int(seq))
            return int(seq)
        if code == 2:
            raise Duplicate(int(seq))
        if code == 3:
            raise KeyReused()
        raise Conflict(int(seq))

    async def commit_action(
        self,
        room_id: str,
        *,
        expected_seq: int,
        room: RoomRecord,
        entry: LogEntry,
        before: RoomRecord,
        idempotency_key: str = "",
        fingerprint: str = "",
        ttl: int = ROOM_TTL_SECONDS,
        rate: tuple[str, int, int, int] | None = None,
        op: str = "commit_action",
    ) -> ActionCommit:
        """A player's action planned on a copy of the room this replica holds
        (``services.rooms.warm``), committed in one round trip that also does what
        :meth:`load_room_for_action` does before a commit: takes the session's ``rate``
        (:meth:`take_rate`'s arguments) and checks the idempotency key in this room and
        across rooms (claiming it for this room when the commit is written). Nothing is
        written when the limiter refuses (``rate`` granted 0) or the key was used.
        Raises :class:`Conflict` when the room is not at ``expected_seq`` any more (the
        copy was stale: nothing written, no rate taken). One Redis only: on Redis Cluster
        the rate and the key's owner live in other slots than the room."""
        if self.cluster:
            raise ValueError("commit_action needs one Redis (the rate and owner keys' slots)")
        keys, args, deadline_arg = commit_arguments(
            room_id, expected_seq, room, entry, before, idempotency_key, fingerprint, ttl
        )
        head: list[str | bytes | int] = [
            room_id if idempotency_key else "",
            IDEMPOTENCY_TTL_SECONDS,
        ]
        if idempotency_key:
            keys.append(idem_owner_key(idempotency_key))
        if rate is None:
            head += [0, 0, 0]
        else:
            limiter, interval_us, burst, wanted = rate
            keys.append(limiter)
            head += [wanted, interval_us, burst]
        answer, confirmed = await self._run_commit(op, self._commit_action, keys, head + args)
        code, seq, granted, wait = (int(value) for value in answer)
        taken = (granted, wait / 1e6) if rate is not None else None
        if code == 0:
            raise Conflict(seq)
        if code == 1:
            self._indexed(deadline_arg)
            if not confirmed:
                raise self._not_replicated(seq)
            return ActionCommit(seq, None, False, taken)
        if code == 4:
            return ActionCommit(None, None, False, taken)
        return ActionCommit(None, seq if code == 2 else None, code == 3, taken)

    def _indexed(self, deadline_arg: str) -> None:
        """Tell the expiry loop the deadline a commit indexed ('' none, '-' unchanged)."""
        if deadline_arg not in ("", "-") and self.deadline_indexed is not None:
            self.deadline_indexed(float(deadline_arg))

    async def read_log(self, room_id: str, after_seq: int, count: int = LOG_PAGE) -> list[LogEntry]:
        """Entries with seq > ``after_seq``, oldest first, at most ``count``."""
        raw = await self._call(
            "read_log",
            self.redis.xrange(log_key(room_id), min=f"({after_seq}-0", max="+", count=count),
        )
        return [from_hash(LogEntry, fields, seq=int(eid.split(b"-")[0])) for eid, fields in raw]

    async def room_seqs(self, room_ids: Sequence[str]) -> list[int]:
        """Each room's last log seq (0: no such room), in one pipelined round trip per 1,000
        rooms (on Redis Cluster, redis-py sends each node its part at once)."""
        seqs: list[int] = []
        for start in range(0, len(room_ids), 1000):
            pipe = self.redis.pipeline(transaction=False)
            for room_id in room_ids[start : start + 1000]:
                pipe.hget(room_key(room_id), "seq")
            raw = await self._call("room_seqs", pipe.execute())
            seqs += [int(value) if value is not None else 0 for value in raw]
        return seqs

    async def read_entry(
        self, room_id: str, seq: int, *, confirmed: bool = False
    ) -> LogEntry | None:
        """The entry at ``seq``. ``confirmed``: an entry about to be acknowledged (a
        retried action's answer): with replicated commits, read in a round trip that first
        has a replica confirm everything written so far (raises :class:`NotReplicated`)."""
        if confirmed and self._waits_now() and self.cluster:
            tag = shard_tag(room_id)

            def read(pipe: Any) -> None:
                pipe.xrange(log_key(room_id), min=f"{seq}-0", max=f"{seq}-0", count=1)

            acknowledged, (raw,) = await self._call(
                "read_entry", self._confirmed_on_shard(log_key(room_id), tag, read)
            )
            if not acknowledged:
                raise self._not_replicated(seq)
        elif not (confirmed and self._waits_now()):
            raw = await self._call(
                "read_entry",
                self.redis.xrange(log_key(room_id), min=f"{seq}-0", max=f"{seq}-0", count=1),
            )
        else:
            pipe = self._confirming()
            pipe.xrange(log_key(room_id), min=f"{seq}-0", max=f"{seq}-0", count=1)
            _, acknowledged, raw = await self._call("read_entry", pipe.execute())
            if int(acknowledged) < 1:
                raise self._not_replicated(seq)
        if not raw:
            return None
        eid, fields = raw[0]
        return from_hash(LogEntry, fields, seq=int(eid.split(b"-")[0]))

    async def release_idempotency_key(self, idempotency_key: str, room_id: str) -> None:
        """Give back the claim :meth:`load_room_for_action` made for a key whose request was
        refused (a refused request changes nothing)."""
        await self._call(
            "release_idempotency_key",
            self._delete_if(keys=[idem_owner_key(idempotency_key)], args=[room_id]),
        )

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

    async def load_room_for_view(
        self, room_id: str, now: float
    ) -> tuple[RoomRecord | None, LogEntry | None, frozenset[str]]:
        """The room, the last entry of its log and who is connected (``online_key``), in
        one round trip (GetView). The last entry is the one at the room's seq unless a
        change committed in between (then the caller reads that one)."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(room_key(room_id))
        pipe.xrevrange(log_key(room_id), max="+", min="-", count=1)
        pipe.zrangebyscore(online_key(room_id), f"({float(now)!r}", "+inf")
        raw, last, members = await self._call("load_room_for_view", pipe.execute())
        record = _room_from_hash(room_id, raw) if raw else None
        entry = None
        if last:
            entry_id, fields = last[0]
            entry = from_hash(LogEntry, fields, seq=int(entry_id.split(b"-")[0]))
        return record, entry, frozenset(m.decode() for m in members)

    def pubsub(self) -> Any:
        """A pub/sub connection (on Redis Cluster, PUBLISH reaches every node)."""
        return self.redis.pubsub(ignore_subscribe_messages=True)

    # -- plumbing ---------------------------------------------------------------------------

    async def _call(self, op: str, awaitable: Any) -> Any:
        metrics.redis_call(op)
        try:
            return await awaitable
        except (
            RedisError,
            RedisClusterException,
            OSError,
            TimeoutError,
            RuntimeError,
            AttributeError,
        ) as exc:
            if isinstance(exc, RuntimeError) and not _closed_transport(exc):
                raise
            if isinstance(exc, AttributeError):
                if not _closed_under_redis_py(exc):
                    raise
                exc = ConnectionError(f"connection closed while in use ({exc})")
            kind = error_kind(exc)
            metrics.REDIS_ERRORS.labels(kind).inc()
            if kind == "connection" or kind in WRITE_REFUSALS:
                self.refused.set()
            raise StoreUnavailable(str(exc), kind) from exc


def _closed_transport(exc: RuntimeError) -> bool:
    """The event loop's "unable to perform operation on <TCPTransport closed=True>": a
    connection the server closed under a pooled client (seen with Redis Cluster during a
    test run) is a lost connection, not a bug of ours."""
    return "closed" in str(exc) and "Transport" in str(exc)


def _closed_under_redis_py(exc: AttributeError) -> bool:
    """redis-py's asyncio Redis Cluster client can close a connection while another task is
    opening it (its topology refresh replaces the nodes' connections); the writer is then
    None and the write raises ``'NoneType' object has no attribute 'writelines'`` inside
    redis-py. Nothing was sent: it is a lost connection, not a bug of ours (it reached
    clients as UNKNOWN)."""
    if "'NoneType' object has no attribute" not in str(exc):
        return False
    frame = exc.__traceback__
    while frame is not None and frame.tb_next is not None:
        frame = frame.tb_next
    return frame is not None and "/redis/" in frame.tb_frame.f_code.co_filename


def _room_from_hash(room_id: str, raw: Mapping[bytes, bytes]) -> RoomRecord:
    return from_hash(RoomRecord, raw, room_id=room_id)
