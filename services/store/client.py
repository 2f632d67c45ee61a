"""The store: Cercle's Redis calls, as parts that share one core (:mod:`.core`: the redis-py
client and its error mapping).

``store.rooms`` (:mod:`.room_store`) loads and commits rooms and reads their logs;
``store.players`` (:mod:`.players`) keeps identities, sessions, room lists and histories;
``store.request_ids`` (:mod:`.request_ids`) the answers of lobby request ids;
``store.limits`` (:mod:`.limits`) the quotas, rates and stream leases every replica shares;
``store.indexes`` (:mod:`.indexes`) the open rooms, join codes, presence and timers;
``store.replication`` (:mod:`.replication`) when a commit counts as done. The other parts
(:mod:`.inbox`, :mod:`.invitations`, :mod:`.online`, :mod:`.turns`, :mod:`.ratings`,
:mod:`.matchmaking`, :mod:`.outbox`) are made by the room layer from ``store.core``.
Key names come from :mod:`.keys` (with the data model), the scripts from :mod:`.scripts`
(with their KEYS and ARGV); records are encoded and decoded by :mod:`services.rooms.records`.
Nothing else in Cercle talks to Redis.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

from services.store.core import StoreCore
from services.store.durability import CommitDurability, durability_from_env
from services.store.errors import StoreUnavailable
from services.store.indexes import IndexStore
from services.store.keys import SHARDS, probe_key
from services.store.limits import LimitStore
from services.store.players import PlayerStore
from services.store.replication import Replication
from services.store.request_ids import RequestIdStore
from services.store.room_store import RoomStore

OPEN_ROOM_TTL_SECONDS = 3600
"""A room whose match has not started expires after an hour without any change."""
ROOMS_PER_HOUR = 30
"""How many rooms one session may create in an hour."""


class Store:
    """Cercle's Redis store. One per process; safe to share between tasks. Its calls are in
    its parts (this module's docstring); itself, it opens, checks and closes the
    connection."""

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
        self.core = StoreCore(url, max_connections=max_connections)
        self.redis: Any = self.core.redis
        """The redis-py client (tests and tools that look at the data itself)."""
        self.replication = Replication(
            self.core, durability or durability_from_env(os.environ), max_connections
        )
        self.rooms = RoomStore(self.core, self.replication)
        self.players = PlayerStore(self.core, self.replication)
        self.request_ids = RequestIdStore(self.core)
        self.limits = LimitStore(self.core)
        self.indexes = IndexStore(self.core)

    @property
    def cluster(self) -> bool:
        """Whether the store is Redis Cluster."""
        return self.core.cluster

    async def close(self) -> None:
        await self.replication.close_shards()
        await self.core.close()

    async def warm_up(self) -> None:
        """On Redis Cluster, learn the slots before the first calls: the first calls of a
        fresh client all start the topology discovery, which replaces connections other
        calls are opening. Then learn whether commits wait for a replica
        (``replication.refresh_durability``). Never raises: a store that is away is the
        health check's business."""
        if self.cluster:
            with contextlib.suppress(Exception):  # the health check reports an absent store
                await self.redis.initialize()
        await self.replication.refresh_durability()

    async def reset_connections(self) -> None:
        """Drop every pooled connection (after Redis came back: the old ones are dead)."""
        if not self.cluster:
            await self.redis.connection_pool.disconnect()
        await self.replication.close_shards(reopen=True)

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
            await self.core.call("probe_writes", pipe.execute())
        except StoreUnavailable as exc:
            return exc.kind
        return None

    def pubsub(self) -> Any:
        """A pub/sub connection (on Redis Cluster, PUBLISH reaches every node)."""
        return self.redis.pubsub(ignore_subscribe_messages=True)
