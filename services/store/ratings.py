"""The ladder's keys, Lua scripts and typed calls (``services.ladder.ratings`` holds the rules).

Every ladder key shares the hash tag ``{rt}``: each script touches one slot, on one Redis as
on Redis Cluster (the ladder lives on one shard; a ladder of millions of players would
split it by game).

``cercle:{rt}:rating:<game>`` (hash)
    player id -> ``"<mu> <sigma> <matches>"``: the player's rating in the game and how many
    rated matches it counts.
``cercle:{rt}:board:<game>`` and ``cercle:{rt}:board:<game>:s<season>`` (sorted sets)
    player id -> ordinal (mu - 3 sigma): the all-time leaderboard, and the season's (the
    players who finished a rated match in that season, at their rating of then).
``cercle:{rt}:best:<game>:<level>`` (sorted set)
    player id -> best result (a cooperative game: no ratings, the best team result per level).
``cercle:{rt}:changes:<player>`` (list)
    the player's last rating changes, newest first, as JSON (:class:`RatingChange`).
``cercle:{rt}:rated:<room>`` (hash)
    player id -> the JSON of the change the room's match made: exists once the match was
    counted, so a match is counted once whichever replica tries, and when.
``cercle:{rt}:pending`` (sorted set)
    room id -> when to look at the room next: a rated room is added before its start is
    committed and removed by the script that counts its finished match.
``cercle:player:<id>`` field ``device`` (the player hash of ``services.store.keys``)
    ``1`` once the player logged in with a device id: only such players are rated.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, cast

from services.store.client import Store
from services.store.core import StoreCore
from services.store.keys import player_key

TAG = "{rt}"
CHANGES_KEPT = 50
"""Rating changes kept per player."""
MARKER_TTL_SECONDS = 180 * 86400
"""How long a counted match's marker and a player's changes are kept (as match history)."""

RATE_MATCH_SCRIPT = """
-- Count one finished match in the ratings, once.
-- KEYS[1] the room's marker (hash), KEYS[2] pending rooms, KEYS[3] the game's ratings,
-- KEYS[4] the all-time board, KEYS[5] the season's board, KEYS[5+i] player i's changes
-- ARGV[1] room id, ARGV[2] marker TTL, ARGV[3] season board TTL, ARGV[4] n players,
-- ARGV[5] changes kept; then 5 per player i, from ARGV[6+5(i-1)]: player id, the rating
-- record read ('' none), the new record, the new ordinal, the change's JSON.
-- Returns 1 (counted), 0 (counted before: nothing written) or -1 (a player's rating changed
-- since it was read: nothing written; read again and retry).
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 0
end
local n = tonumber(ARGV[4])
for i = 1, n do
  local base = 6 + 5 * (i - 1)
  if (redis.call('HGET', KEYS[3], ARGV[base]) or '') ~= ARGV[base + 1] then return -1 end
end
for i = 1, n do
  local base = 6 + 5 * (i - 1)
  local player = ARGV[base]
  redis.call('HSET', KEYS[3], player, ARGV[base + 2])
  redis.call('ZADD', KEYS[4], ARGV[base + 3], player)
  redis.call('ZADD', KEYS[5], ARGV[base + 3], player)
  redis.call('LPUSH', KEYS[5 + i], ARGV[base + 4])
  redis.call('LTRIM', KEYS[5 + i], 0, tonumber(ARGV[5]) - 1)
  redis.call('EXPIRE', KEYS[5 + i], ARGV[2])
  redis.call('HSET', KEYS[1], player, ARGV[base + 4])
end
redis.call('HSET', KEYS[1], '', '')
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[5], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
"""

RECORD_BEST_SCRIPT = """
-- Count one finished cooperative match in its level's best results, once.
-- KEYS[1] the room's marker (hash), KEYS[2] pending rooms, KEYS[3] the level's best results
-- ARGV[1] room id, ARGV[2] marker TTL, ARGV[3] the result, ARGV[4..] the player ids
-- Returns 1 (counted) or 0 (counted before: nothing written).
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 0
end
for i = 4, #ARGV do
  redis.call('ZADD', KEYS[3], 'GT', ARGV[3], ARGV[i])
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[3])
end
redis.call('HSET', KEYS[1], '', '')
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
"""

CLAIM_PENDING_SCRIPT = """
-- Claim the pending rooms due by now, so that one replica looks at each at a time.
-- KEYS[1] pending rooms; ARGV[1] now, ARGV[2] lease end, ARGV[3] at most this many
-- Returns the room ids, each re-scored to the lease end.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, room in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], room) end
return due
"""

LEADERBOARD_PAGE_SCRIPT = """
-- One page of a leaderboard, best first, read at once (its places agree with each other).
-- KEYS[1] the board; ARGV[1] 'top', 'after' or 'around'; ARGV[2] the score and ARGV[3] the
-- member the previous page ended with ('after'); ARGV[4] page size; ARGV[5] the member to
-- center the page on ('around').
-- Returns {index of the page's first entry (0-based), {member, score, ...}, board size}.
local start = 0
local size = tonumber(ARGV[4])
if ARGV[1] == 'after' then
  local rank = redis.call('ZREVRANK', KEYS[1], ARGV[3])
  local score = redis.call('ZSCORE', KEYS[1], ARGV[3])
  if rank and score and tonumber(score) == tonumber(ARGV[2]) then
    start = rank + 1
  else  -- the last member moved since: on from its score
    start = redis.call('ZCOUNT', KEYS[1], '(' .. ARGV[2], '+inf')
  end
elseif ARGV[1] == 'around' then
  local rank = redis.call('ZREVRANK', KEYS[1], ARGV[5])
  if rank then start = math.max(0, rank - math.floor(size / 2)) end
end
local items = redis.call('ZREVRANGE', KEYS[1], start, start + size - 1, 'WITHSCORES')
return {start, items, redis.call('ZCARD', KEYS[1])}
"""


def rating_key(game: str) -> str:
    return f"cercle:{TAG}:rating:{game}"


def board_key(game: str, season: int | None = None) -> str:
    """The all-time board (``season`` None) or one season's."""
    return f"cercle:{TAG}:board:{game}" + ("" if season is None else f":s{season}")


def best_key(game: str, level: str) -> str:
    return f"cercle:{TAG}:best:{game}:{level}"


def changes_key(player_id: str) -> str:
    return f"cercle:{TAG}:changes:{player_id}"


def rated_key(room_id: str) -> str:
    return f"cercle:{TAG}:rated:{room_id}"


def pending_key() -> str:
    return f"cercle:{TAG}:pending"


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one game."""

    mu: float
    sigma: float
    matches: int

    def record(self) -> str:
        return f"{self.mu!r} {self.sigma!r} {self.matches}"

    @classmethod
    def from_record(cls, raw: str) -> Rating:
        mu, sigma, matches = raw.split()
        return cls(float(mu), float(sigma), int(matches))


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated match did to one player's rating."""

    room_id: str
    game: str
    finished: float
    rank: int
    """1 for the best; a seat that left or was taken over by a bot ranks last."""
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    matches: int
    """Rated matches counted after this one."""

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, raw: str | bytes) -> RatingChange:
        return cls(**json.loads(raw))


@dataclass(frozen=True, slots=True)
class PlayerUpdate:
    """One player's part of a rated match, for :meth:`RatingsStore.rate_match`."""

    player_id: str
    read: Rating | None
    """The rating as read (None: none yet); the script refuses if it changed since."""
    after: Rating
    ordinal: float
    change: RatingChange


class RatingsStore:
    """The ladder's calls, over the :class:`Store`'s connection (``for_store``)."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        redis = core.redis
        self._rate_match = redis.register_script(RATE_MATCH_SCRIPT)
        self._record_best = redis.register_script(RECORD_BEST_SCRIPT)
        self._claim = redis.register_script(CLAIM_PENDING_SCRIPT)
        self._page = redis.register_script(LEADERBOARD_PAGE_SCRIPT)

    # -- identities -------------------------------------------------------------------------

    async def mark_device(self, player_id: str) -> None:
        """The player logged in with a device id (rated from now on)."""
        await self.core.call(
            "mark_device", self.core.redis.hset(player_key(player_id), "device", 1)
        )

    async def device_players(self, player_ids: Sequence[str]) -> list[bool]:
        pipe = self.core.redis.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.hget(player_key(player_id), "device")
        found = await self.core.call("device_players", pipe.execute())
        return [value == b"1" for value in found]

    # -- pending rooms ----------------------------------------------------------------------

    async def expect(self, room_id: str, at: float) -> None:
        """Look at ``room_id`` at ``at`` (before its rated start is committed)."""
        await self.core.call("ratings_expect", self.core.redis.zadd(pending_key(), {room_id: at}))

    async def claim(self, now: float, lease: float, limit: int) -> list[str]:
        found = await self.core.call(
            "ratings_claim", self._claim(keys=[pending_key()], args=[now, now + lease, limit])
        )
        return [room.decode() for room in found]

    async def forget(self, room_id: str) -> None:
        """Stop looking at a room that will never be counted (gone, abandoned, unrated)."""
        await self.core.call("ratings_forget", self.core.redis.zrem(pending_key(), room_id))

    # -- counting a match -------------------------------------------------------------------

    async def ratings(self, game: str, player_ids: Sequence[str]) -> list[Rating | None]:
        if not player_ids:
            return []
        raw = await self.core.call(
            "ratings_read", self.core.redis.hmget(rating_key(game), player_ids)
        )
        return [None if value is None else Rating.from_record(value.decode()) for value in raw]

    async def rate_match(
        self, room_id: str, game: str, season: int, season_ttl: int, updates: Sequence[PlayerUpdate]
    ) -> int:
        """Write a finished match's rating changes at once; 1 done, 0 counted before, -1 a
        rating changed since it was read (nothing written)."""
        keys = [
            rated_key(room_id),
            pending_key(),
            rating_key(game),
            board_key(game),
            board_key(game, season),
            *(changes_key(u.player_id) for u in updates),
        ]
        args: list[Any] = [room_id, MARKER_TTL_SECONDS, season_ttl, len(updates), CHANGES_KEPT]
        for u in updates:
            read = "" if u.read is None else u.read.record()
            args += [u.player_id, read, u.after.record(), repr(u.ordinal), u.change.to_json()]
        return int(await self.core.call("rate_match", self._rate_match(keys=keys, args=args)))

    async def record_best(
        self, room_id: str, game: str, level: str, result: int, player_ids: Sequence[str]
    ) -> int:
        keys = [rated_key(room_id), pending_key(), best_key(game, level)]
        args: list[Any] = [room_id, MARKER_TTL_SECONDS, result, *player_ids]
        return int(await self.core.call("record_best", self._record_best(keys=keys, args=args)))

    async def changes_of_room(self, room_id: str) -> dict[str, RatingChange]:
        """Each player's change made by a counted room (empty: not counted, or unrated)."""
        raw = await self.core.call("rated_room", self.core.redis.hgetall(rated_key(room_id)))
        return {
            k.decode(): RatingChange.from_json(v)
            for k, v in cast(dict[bytes, bytes], raw).items()
            if k and v and v.startswith(b"{")
        }

    async def recent_changes(self, player_id: str, count: int) -> list[RatingChange]:
        raw = await self.core.call(
            "rating_changes", self.core.redis.lrange(changes_key(player_id), 0, count - 1)
        )
        return [RatingChange.from_json(item) for item in raw]

    # -- reading the ladder -----------------------------------------------------------------

    async def board_page(
        self, board: str, mode: str, after: tuple[float, str] | None, size: int, me: str
    ) -> tuple[int, list[tuple[str, float]], int]:
        """A page of ``board``: the index of its first entry, its (player, ordinal) and the
        board's size. ``mode``: ``top``, ``after`` (``after`` the last entry read) or
        ``around`` (centered on ``me``)."""
        score, member = after if after is not None else (0.0, "")
        start, items, total = await self.core.call(
            "leaderboard_page",
            self._page(keys=[board], args=[mode, repr(score), member, size, me]),
        )
        pairs = [(items[i].decode(), float(items[i + 1])) for i in range(0, len(items), 2)]
        return int(start), pairs, int(total)

    async def ranks(self, boards: Sequence[str], player_id: str) -> list[int | None]:
        """The player's place (1 is the best) on each board, None where absent."""
        pipe = self.core.redis.pipeline(transaction=False)
        for board in boards:
            pipe.zrevrank(board, player_id)
        found = await self.core.call("leaderboard_ranks", pipe.execute())
        return [None if rank is None else int(rank) + 1 for rank in found]

    async def best_results(
        self, game: str, levels: Sequence[str], player_id: str
    ) -> list[tuple[int, int] | None]:
        """The player's best result and place at each level of a cooperative game."""
        pipe = self.core.redis.pipeline(transaction=False)
        for level in levels:
            pipe.zscore(best_key(game, level), player_id)
            pipe.zrevrank(best_key(game, level), player_id)
        found = await self.core.call("best_results", pipe.execute())
        return [
            None if found[i] is None else (int(found[i]), int(found[i + 1]) + 1)
            for i in range(0, len(found), 2)
        ]

    async def names(self, player_ids: Sequence[str]) -> list[str]:
        pipe = self.core.redis.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.hget(player_key(player_id), "name")
        found = await self.core.call("player_names", pipe.execute())
        return ["" if name is None else name.decode() for name in found]

    async def room_changes(
        self, room_ids: Sequence[str], player_id: str
    ) -> list[RatingChange | None]:
        """The player's change made by each room (None: unrated, or not counted yet)."""
        pipe = self.core.redis.pipeline(transaction=False)
        for room_id in room_ids:
            pipe.hget(rated_key(room_id), player_id)
        found = await self.core.call("rated_rooms", pipe.execute())
        return [
            RatingChange.from_json(raw) if raw and raw.startswith(b"{") else None for raw in found
        ]


_BY_STORE: weakref.WeakKeyDictionary[Store, RatingsStore] = weakref.WeakKeyDictionary()


def for_store(store: Store) -> RatingsStore:
    """The ladder's calls over ``store`` (one per store: its scripts registered once)."""
    found = _BY_STORE.get(store)
    if found is None:
        found = _BY_STORE[store] = RatingsStore(store.core)
    return found
