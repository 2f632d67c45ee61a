"""The store's calls for the cap on a player's open turn-based rooms (``services.rooms.turns``).

``cercle:player:<id>:turn-rooms`` (sorted set): room id -> creation time, for every
turn-based room not yet over the player sits in. A seat is claimed with
:data:`CLAIM_TURN_ROOM_SCRIPT` (the count and the add are one atomic step, so two replicas
never both let a player past the cap) and released when the player leaves the room or its
match ends. Entries of rooms that expired are pruned by the room layer when a claim is
refused (it loads them: they live in other slots).
"""

from __future__ import annotations

from collections.abc import Sequence

from services.store.core import StoreCore
from services.store.keys import turn_rooms_key

CLAIM_TURN_ROOM_SCRIPT = """
-- Count a room among a player's open turn-based rooms, unless they are at the cap.
-- KEYS[1] the player's turn-based rooms (sorted set: room id -> created)
-- ARGV[1] room id, ARGV[2] its creation time, ARGV[3] the cap (0: none), ARGV[4] TTL (s)
-- Returns 1 when the room is counted (also when it already was), 0 at the cap.
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 1 end
local cap = tonumber(ARGV[3])
if cap > 0 and redis.call('ZCARD', KEYS[1]) >= cap then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
"""


class TurnRoomsStore:
    """The store's calls for the turn-based rooms cap; one per replica, over the
    store's core."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        self._claim = core.redis.register_script(CLAIM_TURN_ROOM_SCRIPT)

    async def claim(self, player_id: str, room_id: str, created: float, cap: int, ttl: int) -> bool:
        """Count ``room_id`` for the player; False if they are at ``cap``."""
        done = await self.core.call(
            "turn_rooms_claim",
            self._claim(keys=[turn_rooms_key(player_id)], args=[room_id, repr(created), cap, ttl]),
        )
        return bool(done)

    async def rooms(self, player_id: str) -> list[str]:
        raw = await self.core.call(
            "turn_rooms", self.core.redis.zrange(turn_rooms_key(player_id), 0, -1)
        )
        return [r.decode() if isinstance(r, bytes) else str(r) for r in raw]

    async def release(self, player_ids: Sequence[str], room_id: str) -> None:
        """Stop counting ``room_id`` for each player (left, or its match is over)."""
        for player_id in player_ids:
            await self.core.call(
                "turn_rooms_release", self.core.redis.zrem(turn_rooms_key(player_id), room_id)
            )
