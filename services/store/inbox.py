"""The store's calls for the players' inboxes (``services.rooms.inbox``).

``cercle:{p:<player>}:inbox`` (hash): ``n:<notification id>`` -> the notification's JSON
(:class:`~services.rooms.inbox.NotificationRecord` without its sequence), ``r:<id>`` -> ``1`` once
read, and the counters ``seq`` (the last sequence given) and ``unread``.
``cercle:{p:<player>}:inbox-order`` (sorted set): notification id -> its sequence. Both in
one slot (the ``{p:<player>}`` tag), so each script below is one atomic step on Redis
Cluster too.

``cercle:{cN}:notices`` (sorted set, one per room shard, in the rooms' slots): the
notifications a room's change gives, as one JSON per change (:func:`pending_notices`'s
form) -> when a sweep may deliver them. The commit script writes them with the change
(``services.store.scripts``); the replica that committed it puts them in the inboxes and
then removes them (:meth:`InboxStore.drop_pending`); a replica killed in between leaves
them to any replica's sweep (:meth:`InboxStore.claim_pending`, leased like the timers).

A notification's id is made from what caused it (``<room>:turn:<seat>:<version>:<clock>``),
so adding it twice (a retried commit) adds it once. An inbox keeps at most ``cap``
notifications and none older than ``cutoff``: each add drops the oldest beyond them. Both
keys expire ``ttl`` seconds after the last add.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass

from services.store.core import StoreCore
from services.store.keys import (
    INBOX_CHANNEL,
    INBOX_WARNINGS,
    SHARDS,
    inbox_keys,
    pending_notices_key,
    shard_of,
)
from services.store.outbox import OUTBOX_DUE, OUTBOX_ITEMS, OutboxStore
from services.store.scripts import CLAIM_SCRIPT

ADD_NOTIFICATION_SCRIPT = """
-- Add a notification to a player's inbox, drop what is beyond its bounds, ping the channel.
-- KEYS[1] the inbox hash, KEYS[2] its order (sorted set: id -> sequence)
-- ARGV[1] notification id, ARGV[2] its JSON (an object whose field "c" is its time),
-- ARGV[3] the most notifications kept, ARGV[4] the oldest time kept, ARGV[5] TTL (s),
-- ARGV[6] the channel to publish on, ARGV[7] what to publish (the player id)
-- With KEYS[3] and KEYS[4] (the webhook outbox's due set and items, services.store.outbox;
-- one Redis only): ARGV[8] the delivery id, ARGV[9] its body, ARGV[10] when to try it.
-- Returns the new notification's sequence, or 0 if the id was already there.
if redis.call('HEXISTS', KEYS[1], 'n:' .. ARGV[1]) == 1 then return 0 end
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
redis.call('HSET', KEYS[1], 'n:' .. ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], seq, ARGV[1])
redis.call('HINCRBY', KEYS[1], 'unread', 1)
local cap = tonumber(ARGV[3])
local cutoff = tonumber(ARGV[4])
for _ = 1, 64 do
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0)[1]
  if not oldest then break end
  local drop = redis.call('ZCARD', KEYS[2]) > cap
  if not drop then
    local body = redis.call('HGET', KEYS[1], 'n:' .. oldest)
    drop = (not body) or tonumber(cjson.decode(body)['c']) < cutoff
  end
  if not drop then break end
  redis.call('ZREM', KEYS[2], oldest)
  redis.call('HDEL', KEYS[1], 'n:' .. oldest)
  if redis.call('HDEL', KEYS[1], 'r:' .. oldest) == 0 then
    redis.call('HINCRBY', KEYS[1], 'unread', -1)
  end
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('PUBLISH', ARGV[6], ARGV[7])
if KEYS[4] and redis.call('HSETNX', KEYS[4], 'b:' .. ARGV[8], ARGV[9]) == 1 then
  redis.call('ZADD', KEYS[3], ARGV[10], ARGV[8])
end
return seq
"""

MARK_READ_SCRIPT = """
-- Mark notifications of a player's inbox read.
-- KEYS[1] the inbox hash, KEYS[2] its order
-- ARGV[1] mark every one up to this sequence too (0: none), ARGV[2...] notification ids
-- Returns how many are unread now.
local ids = {}
for i = 2, #ARGV do ids[#ids + 1] = ARGV[i] end
if tonumber(ARGV[1]) > 0 then
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])) do
    ids[#ids + 1] = id
  end
end
for _, id in ipairs(ids) do
  if redis.call('HEXISTS', KEYS[1], 'n:' .. id) == 1 then
    if redis.call('HSETNX', KEYS[1], 'r:' .. id, '1') == 1 then
      redis.call('HINCRBY', KEYS[1], 'unread', -1)
    end
  end
end
return tonumber(redis.call('HGET', KEYS[1], 'unread') or '0')
"""


CLAIM_WARNINGS_SCRIPT = """
-- Claim the clock warnings that are due: each is pushed back by the lease, so that a
-- replica that dies before it is done leaves it to another one after the lease.
-- KEYS[1] the warnings (sorted set: warning JSON -> when to tell it)
-- ARGV[1] now, ARGV[2] the lease's end, ARGV[3] how many at most
-- Returns the warnings claimed.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, warning in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], warning)
end
return due
"""


@dataclass(frozen=True, slots=True)
class StoredNotification:
    """A notification as read back: its id, sequence, JSON body and read flag."""

    notification_id: str
    sequence: int
    body: bytes
    read: bool


@dataclass(frozen=True, slots=True)
class PendingNotice:
    """One notification of a change's pending ones: for whom, its id and its JSON body."""

    player_id: str
    notification_id: str
    body: str


def pending_notices(room_id: str, notices: Sequence[PendingNotice]) -> str:
    """The JSON a commit keeps for the notifications its change gives
    (``["<room id>", [[player, id, body], ...]]``)."""
    return json.dumps(
        [room_id, [[n.player_id, n.notification_id, n.body] for n in notices]],
        separators=(",", ":"),
    )


def read_pending(payload: str) -> tuple[str, list[PendingNotice]]:
    """The room id and the notifications of :func:`pending_notices`'s JSON."""
    room_id, notices = json.loads(payload)
    return room_id, [PendingNotice(*n) for n in notices]


class InboxStore:
    """The store's calls for the inboxes; one per replica, over the store's core."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        self._add = core.redis.register_script(ADD_NOTIFICATION_SCRIPT)
        self._mark = core.redis.register_script(MARK_READ_SCRIPT)
        self._claim_warnings = core.redis.register_script(CLAIM_WARNINGS_SCRIPT)
        self._claim_pending = core.redis.register_script(CLAIM_SCRIPT)
        self.outbox = OutboxStore(core)

    async def drop_pending(self, payload: str) -> None:
        """Forget a change's pending notifications (:func:`pending_notices`' JSON): they
        are in their players' inboxes."""
        room_id, _ = read_pending(payload)
        key = pending_notices_key(shard_of(room_id))
        await self.core.call("notices_done", self.core.redis.zrem(key, payload))

    async def drop_unreadable(self, payload: str) -> None:
        """Forget a pending record that names no room this version can read, from every
        shard (it is in one)."""
        keys = [pending_notices_key(shard) for shard in range(SHARDS)]
        await self.core.call(
            "notices_dropped",
            asyncio.gather(*(self.core.redis.zrem(key, payload) for key in keys)),
        )

    async def claim_pending(self, now: float, lease: float, limit: int = 50) -> list[str]:
        """The pending notifications of every shard that are due at ``now`` (their
        committer died or failed before it delivered them), each leased until
        ``now + lease``; one pipelined round trip (concurrent calls on Redis Cluster)."""
        args = [repr(now), repr(now + lease), limit]
        if self.core.cluster:
            results = await self.core.call(
                "notices_claim",
                asyncio.gather(
                    *(
                        self._claim_pending(keys=[pending_notices_key(shard)], args=args)
                        for shard in range(SHARDS)
                    )
                ),
            )
        else:
            pipe = self.core.redis.pipeline(transaction=False)
            for shard in range(SHARDS):
                await self._claim_pending(keys=[pending_notices_key(shard)], args=args, client=pipe)
            results = await self.core.call("notices_claim", pipe.execute())
        return [_text(member) for due, _ in results for member in due]

    async def schedule_warning(self, warning: str, when: float) -> None:
        """Tell ``warning`` (a JSON the caller reads back) at ``when`` (server time)."""
        await self.core.call("inbox_warn", self.core.redis.zadd(INBOX_WARNINGS, {warning: when}))

    async def claim_warnings(self, now: float, lease: float, limit: int = 100) -> list[str]:
        """The warnings due at ``now``, each leased until ``now + lease``."""
        due = await self.core.call(
            "inbox_warnings",
            self._claim_warnings(keys=[INBOX_WARNINGS], args=[repr(now), repr(now + lease), limit]),
        )
        return [_text(w) for w in due]

    async def drop_warning(self, warning: str) -> None:
        await self.core.call("inbox_warned", self.core.redis.zrem(INBOX_WARNINGS, warning))

    async def add(
        self,
        player_id: str,
        notification_id: str,
        body: str,
        *,
        cap: int,
        cutoff: float,
        ttl: int,
        delivery: tuple[str, str, float] | None = None,
    ) -> int:
        """Add a notification (its JSON ``body``); its sequence, or 0 if already there.
        ``delivery`` (id, body, when): also put it in the webhook outbox, in the same atomic
        step on one Redis (on Redis Cluster, whose outbox is in another slot, right after,
        whether or not the inbox had it already: a delivery is enqueued once per id)."""
        keys = list(inbox_keys(player_id))
        args: list[object] = [
            notification_id,
            body,
            cap,
            repr(cutoff),
            ttl,
            INBOX_CHANNEL,
            player_id,
        ]
        if delivery is not None and not self.core.cluster:
            keys += [OUTBOX_DUE, OUTBOX_ITEMS]
            args += [delivery[0], delivery[1], repr(delivery[2])]
        seq = await self.core.call("inbox_add", self._add(keys=keys, args=args))
        if delivery is not None and self.core.cluster:  # also when the inbox had it: a
            await self.outbox.enqueue(*delivery)  # replica may have died before this line
        return int(seq)

    async def page(
        self, player_id: str, before: int | None, size: int
    ) -> tuple[list[StoredNotification], int]:
        """Up to ``size`` notifications with a sequence below ``before`` (None: the newest),
        newest first, and the unread count."""
        _, order = inbox_keys(player_id)
        top = "+inf" if before is None else f"({before}"
        found = await self.core.call(
            "inbox_page",
            self.core.redis.zrevrangebyscore(
                order, top, "-inf", start=0, num=size, withscores=True
            ),
        )
        return await self._read(player_id, [(_text(m), int(s)) for m, s in found])

    async def after(self, player_id: str, after: int, size: int) -> list[StoredNotification]:
        """Up to ``size`` notifications with a sequence above ``after``, oldest first."""
        _, order = inbox_keys(player_id)
        found = await self.core.call(
            "inbox_after",
            self.core.redis.zrangebyscore(
                order, f"({after}", "+inf", start=0, num=size, withscores=True
            ),
        )
        notes, _ = await self._read(player_id, [(_text(m), int(s)) for m, s in found])
        return notes

    async def mark_read(self, player_id: str, ids: Sequence[str], up_to: int) -> int:
        """Mark ``ids`` (and every one up to sequence ``up_to``) read; the unread count."""
        unread = await self.core.call(
            "inbox_mark", self._mark(keys=list(inbox_keys(player_id)), args=[up_to, *ids])
        )
        return max(0, int(unread))

    async def _read(
        self, player_id: str, found: list[tuple[str, int]]
    ) -> tuple[list[StoredNotification], int]:
        items, _ = inbox_keys(player_id)
        fields = ["unread"]
        for notification_id, _seq in found:
            fields += [f"n:{notification_id}", f"r:{notification_id}"]
        values = await self.core.call("inbox_read", self.core.redis.hmget(items, fields))
        unread = int(values[0] or 0)
        notes = []
        for index, (notification_id, seq) in enumerate(found):
            body, read = values[1 + 2 * index], values[2 + 2 * index]
            if body is not None:
                notes.append(StoredNotification(notification_id, seq, body, read is not None))
        return notes, max(0, unread)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
