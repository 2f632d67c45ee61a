"""The store's calls about rooms (``Store.rooms``): load a room (alone, with what an action
needs, with its timers' presence, with its last entry for a view), commit a change and its
log entry in one Lua step (:mod:`.commits`, :mod:`.scripts`), and read the room's log."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from services.rooms.records import LogEntry, RoomRecord, from_hash
from services.store.answers import ActionCommit, ActionLoad, Conflict, Duplicate, KeyReused
from services.store.commits import ROOM_TTL_SECONDS, commit_arguments
from services.store.core import StoreCore
from services.store.keys import (
    idem_key,
    idem_owner_key,
    log_key,
    online_key,
    presence_key,
    room_key,
    shard_tag,
)
from services.store.replication import Replication
from services.store.scripts import (
    ACTION_COMMIT_SCRIPT,
    COMMIT_SCRIPT,
    DELETE_IF_SCRIPT,
    RATE_SCRIPT,
)

IDEMPOTENCY_TTL_SECONDS = ROOM_TTL_SECONDS
LOG_PAGE = 500
"""How many log entries :meth:`RoomStore.read_log` returns at most by default: a reader
that gets fewer has reached the end of the log."""


class RoomStore:
    """Room-scoped calls of the store (``Store.rooms``)."""

    def __init__(self, core: StoreCore, replication: Replication) -> None:
        self.core = core
        self.replication = replication
        self._commit = core.redis.register_script(COMMIT_SCRIPT)
        self._commit_action = core.redis.register_script(ACTION_COMMIT_SCRIPT)
        self._delete_if = core.redis.register_script(DELETE_IF_SCRIPT)
        self._rate = core.redis.register_script(RATE_SCRIPT)
        self.deadline_indexed: Callable[[float], None] | None = None
        """Told each deadline a commit of this process indexed (the replica's expiry loop
        wakes for it, ``services.api.timer_service``)."""

    async def load_room(self, room_id: str) -> RoomRecord | None:
        """The room's hash in one round trip, or None if it does not exist."""
        raw = await self.core.call("load_room", self.core.redis.hgetall(room_key(room_id)))
        if not raw:
            return None
        return _room_from_hash(room_id, cast(dict[bytes, bytes], raw))

    async def load_rooms(self, room_ids: Sequence[str]) -> list[RoomRecord | None]:
        """Several rooms in one pipelined round trip (None for each that does not exist)."""
        if not room_ids:
            return []
        pipe = self.core.redis.pipeline(transaction=False)
        for room_id in room_ids:
            pipe.hgetall(room_key(room_id))
        raws = await self.core.call("load_rooms", pipe.execute())
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
        None when it was), and, when ``rate`` names a shared limiter
        (:meth:`.LimitStore.take_rate`'s arguments), what it granted."""
        pipe = self.core.redis.pipeline(transaction=False)
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
            answers = list(await self.core.call("load_room_for_action", pipe.execute()))
        else:
            key, interval_us, burst, wanted = rate
            if self.core.cluster:  # no script in a cluster pipeline: sent beside it, at once
                loaded, granted = await self.core.call(
                    "load_room_for_action",
                    asyncio.gather(
                        pipe.execute(), self._rate(keys=[key], args=[interval_us, burst, wanted])
                    ),
                )
                answers = [*loaded, granted]
            else:
                await self._rate(keys=[key], args=[interval_us, burst, wanted], client=pipe)
                answers = list(await self.core.call("load_room_for_action", pipe.execute()))
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
        notices: tuple[str, float] | None = None,
    ) -> int:
        """Write a room change and its log entry atomically; return the new seq.

        ``room`` is the room after the change, ``before`` the room it was computed from
        (None for a new room): only the fields that differ are written, and when the
        deadlines differ the room's earliest one is indexed in its shard's timers in the
        same step. ``op`` names the call in the round-trip metric ``cercle_redis_calls_total``
        (``commit_action`` for a player's, a timeout's or a bot's action).
        ``ttl`` 0 leaves the room's expiry as it is (changes the server makes by itself).
        ``notices`` (their JSON, when a sweep may deliver them): the notifications the
        change gives, kept in the room's shard with it (``services.store.inbox``).
        Raises :class:`Conflict` if the room's seq is not ``expected_seq`` any more,
        :class:`Duplicate` if ``idempotency_key`` was used already for the request whose
        hash is ``fingerprint``, and :class:`KeyReused` if it was used for another one.
        """
        keys, args, deadline_arg = commit_arguments(
            room_id, expected_seq, room, entry, before, idempotency_key, fingerprint, ttl, notices
        )
        (code, seq), confirmed = await self.replication.run_commit(op, self._commit, keys, args)
        if code == 1:
            self._indexed(deadline_arg)
            if not confirmed:
                raise self.replication.not_replicated(int(seq))
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
        notices: tuple[str, float] | None = None,
    ) -> ActionCommit:
        """A player's action planned on a copy of the room this replica holds
        (``services.rooms.warm``), committed in one round trip that also does what
        :meth:`load_room_for_action` does before a commit: takes the session's ``rate``
        (:meth:`.LimitStore.take_rate`'s arguments) and checks the idempotency key in
        this room and across rooms (claiming it for this room when the commit is
        written). Nothing is written when the limiter refuses (``rate`` granted 0) or the
        key was used.
        Raises :class:`Conflict` when the room is not at ``expected_seq`` any more (the
        copy was stale: nothing written, no rate taken). One Redis only: on Redis Cluster
        the rate and the key's owner live in other slots than the room."""
        if self.core.cluster:
            raise ValueError("commit_action needs one Redis (the rate and owner keys' slots)")
        keys, args, deadline_arg = commit_arguments(
            room_id, expected_seq, room, entry, before, idempotency_key, fingerprint, ttl, notices
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
        answer, confirmed = await self.replication.run_commit(
            op, self._commit_action, keys, head + args
        )
        code, seq, granted, wait = (int(value) for value in answer)
        taken = (granted, wait / 1e6) if rate is not None else None
        if code == 0:
            raise Conflict(seq)
        if code == 1:
            self._indexed(deadline_arg)
            if not confirmed:
                raise self.replication.not_replicated(seq)
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
        raw = await self.core.call(
            "read_log",
            self.core.redis.xrange(log_key(room_id), min=f"({after_seq}-0", max="+", count=count),
        )
        return [from_hash(LogEntry, fields, seq=int(eid.split(b"-")[0])) for eid, fields in raw]

    async def room_seqs(self, room_ids: Sequence[str]) -> list[int]:
        """Each room's last log seq (0: no such room), in one pipelined round trip per 1,000
        rooms (on Redis Cluster, redis-py sends each node its part at once)."""
        seqs: list[int] = []
        for start in range(0, len(room_ids), 1000):
            pipe = self.core.redis.pipeline(transaction=False)
            for room_id in room_ids[start : start + 1000]:
                pipe.hget(room_key(room_id), "seq")
            raw = await self.core.call("room_seqs", pipe.execute())
            seqs += [int(value) if value is not None else 0 for value in raw]
        return seqs

    async def read_entry(
        self, room_id: str, seq: int, *, confirmed: bool = False
    ) -> LogEntry | None:
        """The entry at ``seq``. ``confirmed``: an entry about to be acknowledged (a
        retried action's answer): with replicated commits, read in a round trip that first
        has a replica confirm everything written so far (raises :class:`NotReplicated`)."""
        if confirmed and self.replication.waits_now() and self.core.cluster:
            tag = shard_tag(room_id)

            def read(pipe: Any) -> None:
                pipe.xrange(log_key(room_id), min=f"{seq}-0", max=f"{seq}-0", count=1)

            acknowledged, (raw,) = await self.core.call(
                "read_entry", self.replication.confirmed_on_shard(log_key(room_id), tag, read)
            )
            if not acknowledged:
                raise self.replication.not_replicated(seq)
        elif not (confirmed and self.replication.waits_now()):
            raw = await self.core.call(
                "read_entry",
                self.core.redis.xrange(log_key(room_id), min=f"{seq}-0", max=f"{seq}-0", count=1),
            )
        else:
            pipe = self.replication.confirming()
            pipe.xrange(log_key(room_id), min=f"{seq}-0", max=f"{seq}-0", count=1)
            _, acknowledged, raw = await self.core.call("read_entry", pipe.execute())
            if not self.replication.acknowledged(acknowledged):
                raise self.replication.not_replicated(seq)
        if not raw:
            return None
        eid, fields = raw[0]
        return from_hash(LogEntry, fields, seq=int(eid.split(b"-")[0]))

    async def release_idempotency_key(self, idempotency_key: str, room_id: str) -> None:
        """Give back the claim :meth:`load_room_for_action` made for a key whose request was
        refused (a refused request changes nothing)."""
        await self.core.call(
            "release_idempotency_key",
            self._delete_if(keys=[idem_owner_key(idempotency_key)], args=[room_id]),
        )

    async def load_room_for_timers(
        self, room_id: str, since: float
    ) -> tuple[RoomRecord | None, set[str]]:
        """The room and, in the same round trip, the players whose presence was recorded
        at ``since`` or later."""
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.hgetall(room_key(room_id))
        pipe.zrangebyscore(presence_key(room_id), repr(float(since)), "+inf")
        raw, present = await self.core.call("load_room_for_timers", pipe.execute())
        record = _room_from_hash(room_id, raw) if raw else None
        return record, {p.decode() for p in present}

    async def load_room_for_view(
        self, room_id: str, now: float
    ) -> tuple[RoomRecord | None, LogEntry | None, frozenset[str]]:
        """The room, the last entry of its log and who is connected (``online_key``), in
        one round trip (GetView). The last entry is the one at the room's seq unless a
        change committed in between (then the caller reads that one)."""
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.hgetall(room_key(room_id))
        pipe.xrevrange(log_key(room_id), max="+", min="-", count=1)
        pipe.zrangebyscore(online_key(room_id), f"({float(now)!r}", "+inf")
        raw, last, members = await self.core.call("load_room_for_view", pipe.execute())
        record = _room_from_hash(room_id, raw) if raw else None
        entry = None
        if last:
            entry_id, fields = last[0]
            entry = from_hash(LogEntry, fields, seq=int(entry_id.split(b"-")[0]))
        return record, entry, frozenset(m.decode() for m in members)


def _room_from_hash(room_id: str, raw: Mapping[bytes, bytes]) -> RoomRecord:
    return from_hash(RoomRecord, raw, room_id=room_id)
