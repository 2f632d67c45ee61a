"""Who has a stream open on a room now (``services.rooms.presence``), kept in Redis.

``cercle:{cN}:online:ID`` (sorted set): player id -> until when they count as connected
(server time). A replica raises a player's score while one of their streams is open
(``ZADD GT``: a replica never shortens another's claim) and lowers it to the grace when
its last stream of them closes (``ZADD LT``: another replica that still holds them raises it
again at its next renewal). A ping on the room's notification channel tells every replica
to read the set again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from services.store.core import StoreCore
from services.store.keys import notify_channel, online_key, room_key
from services.store.scripts import ONLINE_HOLD_SCRIPT

PRESENCE_PING = b'"presence"'
"""What a replica publishes on a room's channel when someone's presence changed (a log
entry's notification is a JSON list, this a JSON string)."""


class Online:
    """The store's calls for presence; one per replica, over the store's core."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        self._hold = core.redis.register_script(ONLINE_HOLD_SCRIPT)

    async def hold(
        self, rooms: Sequence[tuple[str, Sequence[str]]], until: float, ttl: int
    ) -> None:
        """Count each room's players who are its members (seated or watching) connected
        until ``until`` at least: one pipelined round trip (concurrent calls on Redis
        Cluster)."""
        if not rooms:
            return

        def call(room_id: str, players: Sequence[str], client: Any = None) -> Any:
            return self._hold(
                keys=[room_key(room_id), online_key(room_id)],
                args=[repr(float(until)), ttl, *players],
                client=client,
            )

        if self.core.cluster:
            await self.core.call("online_hold", asyncio.gather(*(call(r, p) for r, p in rooms)))
            return
        pipe = self.core.redis.pipeline(transaction=False)
        for room_id, players in rooms:
            await call(room_id, players, pipe)
        await self.core.call("online_hold", pipe.execute())

    async def release(self, room_id: str, player_id: str, until: float) -> None:
        """The last stream of ``player_id`` on this replica closed: connected until
        ``until`` at most (the grace), unless another replica holds them longer."""
        await self.core.call(
            "online_release",
            self.core.redis.zadd(online_key(room_id), {player_id: until}, xx=True, lt=True),
        )

    async def read(self, room_id: str, now: float) -> frozenset[str]:
        """The players connected at ``now`` (and the set's lapsed members dropped)."""
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.zremrangebyscore(online_key(room_id), "-inf", repr(float(now)))
        pipe.zrangebyscore(online_key(room_id), f"({float(now)!r}", "+inf")
        _, members = await self.core.call("online_read", pipe.execute())
        return frozenset(m.decode() for m in members)

    async def ping(self, room_id: str) -> None:
        """Tell every replica following the room that presence changed."""
        await self.core.call(
            "online_ping", self.core.redis.publish(notify_channel(room_id), PRESENCE_PING)
        )
