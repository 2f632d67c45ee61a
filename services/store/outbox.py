"""The store's calls for the webhook outbox (``services.rooms.webhooks``).

``cercle:{outbox}:due`` (sorted set): delivery id -> when to try it next (server time);
``cercle:{outbox}:items`` (hash): ``b:<delivery id>`` -> the exact body to POST,
``a:<delivery id>`` -> attempts so far. One slot (the ``{outbox}`` tag). A delivery is put
there by the same script that adds its notification to the inbox (``services.store.inbox``,
on one Redis; on Redis Cluster by a second call right after it), claimed by
:data:`CLAIM_DELIVERIES_SCRIPT` with a lease (a replica killed while it posts leaves it to
another once the lease ends: at least once), and removed once the receiver answered 2xx.
"""

from __future__ import annotations

from dataclasses import dataclass

from services.store.core import StoreCore

OUTBOX_DUE = "cercle:{outbox}:due"
OUTBOX_ITEMS = "cercle:{outbox}:items"

ENQUEUE_DELIVERY_SCRIPT = """
-- Put a delivery in the webhook outbox (once: an id already there is left as it is).
-- KEYS[1] the outbox's due set, KEYS[2] its items
-- ARGV[1] delivery id, ARGV[2] body, ARGV[3] when to try it first
if redis.call('HSETNX', KEYS[2], 'b:' .. ARGV[1], ARGV[2]) == 1 then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
"""

CLAIM_DELIVERIES_SCRIPT = """
-- Claim the deliveries that are due: each is pushed back by the lease and its attempts
-- counted, so that a replica that dies while posting leaves it to another after the lease.
-- KEYS[1] the outbox's due set, KEYS[2] its items
-- ARGV[1] now, ARGV[2] the lease's end, ARGV[3] how many at most
-- Returns id, body, attempts (this one included) for each claimed delivery, flat.
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])) do
  local body = redis.call('HGET', KEYS[2], 'b:' .. id)
  if body then
    redis.call('ZADD', KEYS[1], ARGV[2], id)
    local attempts = redis.call('HINCRBY', KEYS[2], 'a:' .. id, 1)
    out[#out + 1] = id
    out[#out + 1] = body
    out[#out + 1] = attempts
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
return out
"""


@dataclass(frozen=True, slots=True)
class Delivery:
    delivery_id: str
    body: bytes
    attempts: int


class OutboxStore:
    """The store's calls for the outbox; one per replica, over the store's core."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        self._enqueue = core.redis.register_script(ENQUEUE_DELIVERY_SCRIPT)
        self._claim = core.redis.register_script(CLAIM_DELIVERIES_SCRIPT)

    async def enqueue(self, delivery_id: str, body: str, when: float) -> None:
        await self.core.call(
            "outbox_enqueue",
            self._enqueue(keys=[OUTBOX_DUE, OUTBOX_ITEMS], args=[delivery_id, body, repr(when)]),
        )

    async def claim(self, now: float, lease: float, limit: int) -> list[Delivery]:
        flat = await self.core.call(
            "outbox_claim",
            self._claim(
                keys=[OUTBOX_DUE, OUTBOX_ITEMS], args=[repr(now), repr(now + lease), limit]
            ),
        )
        return [
            Delivery(_text(flat[i]), bytes(flat[i + 1]), int(flat[i + 2]))
            for i in range(0, len(flat), 3)
        ]

    async def done(self, delivery_id: str) -> None:
        pipe = self.core.redis.pipeline(transaction=True)
        pipe.zrem(OUTBOX_DUE, delivery_id)
        pipe.hdel(OUTBOX_ITEMS, f"b:{delivery_id}", f"a:{delivery_id}")
        await self.core.call("outbox_done", pipe.execute())

    async def retry_at(self, delivery_id: str, when: float) -> None:
        await self.core.call("outbox_retry", self.core.redis.zadd(OUTBOX_DUE, {delivery_id: when}))


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
