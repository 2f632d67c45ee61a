"""The store's calls for what indexes rooms (``Store.indexes``): the open
rooms and join codes (hints; the room itself is the truth), the players' presence at their
tables, and the shards' timers (which room's deadline is due)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from services.store.commits import ROOM_TTL_SECONDS
from services.store.core import StoreCore
from services.store.keys import (
    SHARDS,
    code_key,
    open_rooms_key,
    presence_key,
    room_key,
    shard_of,
    timers_key,
)
from services.store.scripts import (
    CLAIM_SCRIPT,
    DELETE_IF_SCRIPT,
    RESCHEDULE_SCRIPT,
    TOUCH_PRESENCE_SCRIPT,
)


class IndexStore:
    """Index-scoped calls of the store (``Store.indexes``)."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        self._claim = core.redis.register_script(CLAIM_SCRIPT)
        self._delete_if = core.redis.register_script(DELETE_IF_SCRIPT)
        self._reschedule = core.redis.register_script(RESCHEDULE_SCRIPT)
        self._touch_presence = core.redis.register_script(TOUCH_PRESENCE_SCRIPT)

    # -- global indexes (hints; the room itself is the truth) ---------------------------------

    async def index_open_room(self, room_id: str, game_id: str, created: float) -> None:
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.zadd(open_rooms_key(), {room_id: created})
        pipe.zadd(open_rooms_key(game_id), {room_id: created})
        await self.core.call("index_open_room", pipe.execute())

    async def unindex_open_room(self, room_id: str, game_id: str) -> None:
        pipe = self.core.redis.pipeline(transaction=False)
        pipe.zrem(open_rooms_key(), room_id)
        pipe.zrem(open_rooms_key(game_id), room_id)
        await self.core.call("unindex_open_room", pipe.execute())

    async def open_rooms(self, game_id: str | None, limit: int) -> list[str]:
        ids = await self.core.call(
            "open_rooms", self.core.redis.zrevrange(open_rooms_key(game_id), 0, limit - 1)
        )
        return [i.decode() for i in ids]

    async def set_join_code(self, code: str, room_id: str) -> bool:
        return bool(
            await self.core.call(
                "set_join_code",
                self.core.redis.set(code_key(code), room_id, nx=True, ex=ROOM_TTL_SECONDS),
            )
        )

    async def room_for_code(self, code: str) -> str | None:
        value = await self.core.call("room_for_code", self.core.redis.get(code_key(code)))
        return value.decode() if value else None

    async def retire_join_code(self, code: str, room_id: str) -> None:
        """Forget a join code once its room's match is over (if it still names the room)."""
        await self.core.call(
            "retire_join_code", self._delete_if(keys=[code_key(code)], args=[room_id])
        )

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

        if self.core.cluster:
            results = await self.core.call(
                "touch_presence", asyncio.gather(*(call(r, p) for r, p in rooms))
            )
        else:
            pipe = self.core.redis.pipeline(transaction=False)
            for room_id, players in rooms:
                await call(room_id, players, pipe)
            results = await self.core.call("touch_presence", pipe.execute())
        return [(int(seated), bool(paused)) for seated, paused in results]

    # -- timers ----------------------------------------------------------------------------------

    async def claim_due(
        self, now: float, lease: float, limit: int = 100
    ) -> tuple[list[str], float | None]:
        """Rooms whose earliest deadline has passed, claimed for ``lease`` seconds, and the
        earliest deadline left in the index afterwards (None: no room has one).

        Every shard is asked in one pipelined round trip. A claimed room is pushed back to
        ``now + lease`` in its shard's index, so other replicas leave it alone while this one
        works; if this replica dies, the claim lapses and another replica takes the room.
        """
        if self.core.cluster:  # shards live on several nodes: ask them concurrently
            results = await self.core.call(
                "claim_due",
                asyncio.gather(
                    *(
                        self._claim(keys=[timers_key(shard)], args=[now, now + lease, limit])
                        for shard in range(SHARDS)
                    )
                ),
            )
        else:
            pipe = self.core.redis.pipeline(transaction=False)
            for shard in range(SHARDS):
                await self._claim(
                    keys=[timers_key(shard)], args=[now, now + lease, limit], client=pipe
                )
            results = await self.core.call("claim_due", pipe.execute())
        claimed = [member.decode() for due, _ in results for member in due]
        firsts = [float(first) for _, first in results if first]
        return claimed, min(firsts, default=None)

    async def reschedule(self, room_id: str) -> None:
        """Index the room's earliest deadline again from its stored deadlines."""
        await self.core.call(
            "reschedule",
            self._reschedule(
                keys=[room_key(room_id), timers_key(shard_of(room_id))], args=[room_id]
            ),
        )
