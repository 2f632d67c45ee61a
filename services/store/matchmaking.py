"""The match tickets' keys, Lua scripts and typed calls (``services.ladder.matchmaking`` holds the
rules). Every key shares the hash tag ``{mm}`` (one slot; the scripts also touch ticket
hashes they find in the queues, which Redis Cluster allows within one slot).

``cercle:{mm}:ticket:<id>`` (hash)
    ``player``, ``game``, ``players`` (table size), ``queue``, ``options`` (JSON), ``rating``
    (ordinal), ``created``, ``bots_at``, ``fingerprint`` (of the creating request),
    ``status`` (``waiting``, ``claimed``, ``matched``, ``cancelled``), and once claimed
    ``group``, ``room``, ``seat``, ``bots``. Expires an hour after its creation.
``cercle:{mm}:active:<player>`` (string)
    The player's open ticket (waiting or claimed): one at a time.
``cercle:{mm}:rating:<queue>`` / ``cercle:{mm}:age:<queue>`` (sorted sets)
    A queue's waiting tickets by ordinal and by creation time; a queue is one game, table
    size and set of options.
``cercle:{mm}:queues`` (set)
    The queues that may hold tickets.
``cercle:{mm}:group:<id>`` (hash) and ``cercle:{mm}:groups`` (sorted set: group -> lease end)
    A claimed group: its ``tickets`` (comma-separated, seat order), ``room`` (the room id
    drawn before the claim), ``queue``, ``bots``. A group stays in ``groups`` until its table
    is made; a replica that dies meanwhile leaves it to another once the lease ends, and
    making the table again finds what the first made.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from services.store.client import Store
from services.store.core import StoreCore

TAG = "{mm}"
TICKET_TTL_SECONDS = 3600

CREATE_TICKET_SCRIPT = """
-- Open a ticket, unless the player holds an open one.
-- KEYS[1] the ticket, KEYS[2] the player's active ticket, KEYS[3] the queue by rating,
-- KEYS[4] the queue by age, KEYS[5] the queues; ARGV[1] ticket id, ARGV[2] TTL,
-- ARGV[3] fingerprint, ARGV[4] rating, ARGV[5] created, ARGV[6] queue id, then field/value
-- pairs of the ticket.
-- Returns {0, id} created, {1, id} the same request again, {2, id} the id used for another
-- request, {3, other id} the player holds another open ticket.
local known = redis.call('HGET', KEYS[1], 'fingerprint')
if known then
  if known == ARGV[3] then return {1, ARGV[1]} end
  return {2, ARGV[1]}
end
local open = redis.call('GET', KEYS[2])
if open then
  local status = redis.call('HGET', 'cercle:{mm}:ticket:' .. open, 'status')
  if status == 'waiting' or status == 'claimed' then return {3, open} end
end
local fields = {'fingerprint', ARGV[3], 'rating', ARGV[4], 'created', ARGV[5], 'status', 'waiting'}
for i = 7, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[1])
redis.call('SADD', KEYS[5], ARGV[6])
return {0, ARGV[1]}
"""

CANCEL_TICKET_SCRIPT = """
-- Withdraw a waiting ticket.
-- KEYS[1] the ticket, KEYS[2] the queue by rating, KEYS[3] the queue by age,
-- KEYS[4] the player's active ticket; ARGV[1] ticket id, ARGV[2] the player
-- Returns the status after: 'cancelled', or the status that kept it ('claimed', 'matched');
-- false when the player has no such ticket.
if redis.call('HGET', KEYS[1], 'player') ~= ARGV[2] then return false end
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'waiting' then return status end
redis.call('HSET', KEYS[1], 'status', 'cancelled')
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if redis.call('GET', KEYS[4]) == ARGV[1] then redis.call('DEL', KEYS[4]) end
return 'cancelled'
"""

CLAIM_GROUP_SCRIPT = """
-- Claim one table's worth of waiting tickets of a queue, atomically (no ticket twice).
-- KEYS[1] the queue by rating, KEYS[2] the queue by age, KEYS[3] the groups (lease set),
-- KEYS[4] the queues (an empty queue leaves it: the matchers' work follows the tickets)
-- ARGV[1] now, ARGV[2] table size, ARGV[3] base window, ARGV[4] widening per second,
-- ARGV[5] widest window, ARGV[6] group id, ARGV[7] room id, ARGV[8] lease end, ARGV[9]
-- queue id, ARGV[10] how many of the oldest tickets to try.
-- For each of the oldest tickets in turn: the others within its window (which widens with
-- its wait), closest first; a table when enough are there, or when its bot time passed
-- (the free seats go to bots). Returns {group id, room id, bots, ticket ids in seat order}
-- or an empty list when no table can be made now.
local now, size = tonumber(ARGV[1]), tonumber(ARGV[2])
if redis.call('ZCARD', KEYS[2]) == 0 then
  redis.call('SREM', KEYS[4], ARGV[9])
  return {}
end
local oldest = redis.call('ZRANGE', KEYS[2], 0, tonumber(ARGV[10]) - 1, 'WITHSCORES')
for i = 1, #oldest, 2 do
  local id = oldest[i]
  local ticket = 'cercle:{mm}:ticket:' .. id
  local rating = tonumber(redis.call('HGET', ticket, 'rating') or '0')
  local bots_at = tonumber(redis.call('HGET', ticket, 'bots_at') or '0')
  local wait = now - tonumber(oldest[i + 1])
  local window = math.min(tonumber(ARGV[5]), tonumber(ARGV[3]) + tonumber(ARGV[4]) * wait)
  local near = redis.call('ZRANGEBYSCORE', KEYS[1], rating - window, rating + window, 'WITHSCORES')
  local others = {}
  for j = 1, #near, 2 do
    if near[j] ~= id then
      others[#others + 1] = {near[j], math.abs(tonumber(near[j + 1]) - rating)}
    end
  end
  table.sort(others, function(a, b) return a[2] < b[2] end)
  if #others >= size - 1 or now >= bots_at then
    local group = {id}
    for j = 1, math.min(#others, size - 1) do group[#group + 1] = others[j][1] end
    local gkey = 'cercle:{mm}:group:' .. ARGV[6]
    for seat, member in ipairs(group) do
      redis.call('ZREM', KEYS[1], member)
      redis.call('ZREM', KEYS[2], member)
      redis.call('HSET', 'cercle:{mm}:ticket:' .. member, 'status', 'claimed', 'group', ARGV[6],
        'room', ARGV[7], 'seat', seat - 1, 'bots', size - #group)
    end
    redis.call('HSET', gkey, 'tickets', table.concat(group, ','), 'room', ARGV[7],
      'queue', ARGV[9], 'bots', size - #group)
    redis.call('EXPIRE', gkey, 3600)
    redis.call('ZADD', KEYS[3], ARGV[8], ARGV[6])
    local out = {ARGV[6], ARGV[7], size - #group}
    for _, member in ipairs(group) do out[#out + 1] = member end
    return out
  end
end
return {}
"""

MATCHED_SCRIPT = """
-- A group's table is made: its tickets are matched, their players free to ask again.
-- KEYS[1] the group, KEYS[2] the groups; ARGV[1] group id
local tickets = redis.call('HGET', KEYS[1], 'tickets')
if tickets then
  for id in string.gmatch(tickets, '[^,]+') do
    local ticket = 'cercle:{mm}:ticket:' .. id
    redis.call('HSET', ticket, 'status', 'matched')
    local active = 'cercle:{mm}:active:' .. (redis.call('HGET', ticket, 'player') or '')
    if redis.call('GET', active) == id then redis.call('DEL', active) end
  end
end
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
"""

CLAIM_LEASES_SCRIPT = """
-- The groups whose table a dead replica left unmade (lease ended), re-leased to the caller.
-- KEYS[1] the groups; ARGV[1] now, ARGV[2] new lease end, ARGV[3] at most this many
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, group in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], group) end
return due
"""


def ticket_key(ticket_id: str) -> str:
    return f"cercle:{TAG}:ticket:{ticket_id}"


def active_key(player_id: str) -> str:
    return f"cercle:{TAG}:active:{player_id}"


def queue_keys(queue: str) -> tuple[str, str]:
    """The queue's tickets by rating and by age."""
    return f"cercle:{TAG}:rating:{queue}", f"cercle:{TAG}:age:{queue}"


def queues_key() -> str:
    return f"cercle:{TAG}:queues"


def group_key(group_id: str) -> str:
    return f"cercle:{TAG}:group:{group_id}"


def groups_key() -> str:
    return f"cercle:{TAG}:groups"


@dataclass(frozen=True, slots=True)
class Claimed:
    """A group of tickets claimed for one table."""

    group_id: str
    room_id: str
    bots: int
    tickets: tuple[str, ...]
    """In seat order."""


class MatchmakingStore:
    """The tickets' calls over the :class:`Store`'s connection (:func:`for_store`)."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        redis = core.redis
        self._create = redis.register_script(CREATE_TICKET_SCRIPT)
        self._cancel = redis.register_script(CANCEL_TICKET_SCRIPT)
        self._claim = redis.register_script(CLAIM_GROUP_SCRIPT)
        self._matched = redis.register_script(MATCHED_SCRIPT)
        self._leases = redis.register_script(CLAIM_LEASES_SCRIPT)

    async def create(
        self,
        ticket_id: str,
        player_id: str,
        queue: str,
        fingerprint: str,
        rating: float,
        created: float,
        fields: dict[str, str],
    ) -> tuple[int, str]:
        by_rating, by_age = queue_keys(queue)
        keys = [ticket_key(ticket_id), active_key(player_id), by_rating, by_age, queues_key()]
        args: list[Any] = [ticket_id, TICKET_TTL_SECONDS, fingerprint, repr(rating)]
        args += [repr(created), queue]
        for name, value in {**fields, "player": player_id, "queue": queue}.items():
            args += [name, value]
        code, found = await self.core.call("ticket_create", self._create(keys=keys, args=args))
        return int(code), found.decode()

    async def ticket(self, ticket_id: str) -> dict[str, str] | None:
        raw = await self.core.call("ticket_read", self.core.redis.hgetall(ticket_key(ticket_id)))
        if not raw:
            return None
        return {k.decode(): v.decode() for k, v in cast(dict[bytes, bytes], raw).items()}

    async def cancel(self, ticket_id: str, player_id: str, queue: str) -> str | None:
        by_rating, by_age = queue_keys(queue)
        keys = [ticket_key(ticket_id), by_rating, by_age, active_key(player_id)]
        found = await self.core.call(
            "ticket_cancel", self._cancel(keys=keys, args=[ticket_id, player_id])
        )
        return None if found is None else found.decode()

    async def queues(self) -> list[str]:
        found = await self.core.call("ticket_queues", self.core.redis.smembers(queues_key()))
        return sorted(q.decode() for q in found)

    async def claim(
        self,
        queue: str,
        now: float,
        size: int,
        window: tuple[float, float, float],
        ids: tuple[str, str],
        lease_end: float,
        tries: int,
    ) -> Claimed | None:
        by_rating, by_age = queue_keys(queue)
        base, widen, widest = window
        args: list[Any] = [now, size, base, widen, widest, ids[0], ids[1], lease_end, queue]
        args.append(tries)
        found = await self.core.call(
            "ticket_claim",
            self._claim(keys=[by_rating, by_age, groups_key(), queues_key()], args=args),
        )
        if not found:
            return None
        group, room, bots, *tickets = found
        return Claimed(group.decode(), room.decode(), int(bots), tuple(t.decode() for t in tickets))

    async def group(self, group_id: str) -> Claimed | None:
        raw = await self.core.call("group_read", self.core.redis.hgetall(group_key(group_id)))
        if not raw:
            return None
        found = {k.decode(): v.decode() for k, v in cast(dict[bytes, bytes], raw).items()}
        tickets = tuple(found["tickets"].split(","))
        return Claimed(group_id, found["room"], int(found["bots"]), tickets)

    async def matched(self, group_id: str) -> None:
        await self.core.call(
            "group_matched",
            self._matched(keys=[group_key(group_id), groups_key()], args=[group_id]),
        )

    async def stale_groups(self, now: float, lease: float, limit: int) -> list[str]:
        found = await self.core.call(
            "group_leases", self._leases(keys=[groups_key()], args=[now, now + lease, limit])
        )
        return [group.decode() for group in found]

    async def tickets(self, ticket_ids: Sequence[str]) -> list[dict[str, str]]:
        pipe = self.core.redis.pipeline(transaction=False)
        for ticket_id in ticket_ids:
            pipe.hgetall(ticket_key(ticket_id))
        found = await self.core.call("tickets_read", pipe.execute())
        return [{k.decode(): v.decode() for k, v in raw.items()} for raw in found]


_BY_STORE: weakref.WeakKeyDictionary[Store, MatchmakingStore] = weakref.WeakKeyDictionary()


def for_store(store: Store) -> MatchmakingStore:
    """The tickets' calls over ``store`` (one per store: its scripts registered once)."""
    found = _BY_STORE.get(store)
    if found is None:
        found = _BY_STORE[store] = MatchmakingStore(store.core)
    return found
