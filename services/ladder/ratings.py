"""The ladder: per-game ratings (openskill's Bradley-Terry "full pairing" model), counted
once per finished rated match whatever replica dies when (docs/ratings.md).

- **Which tables are rated**: a table whose every seat is held at the start by a person who
  logged in with a device id (``AuthenticateDevice``; guests and bots are never rated, and a
  table with a bot is not rated): humans only. A competitive game needs two seats or more.
  The start decides it (``RoomRecord.rated``, ``Room.rated``).
- **Ranks**: from the outcome, the winners first, then by score (in the direction that puts
  the winners first: Tomahawk and Tomy count penalty points, Awimbawé rounds won); equal
  scores tie. A seat that a bot holds at the end (its player away, taken over for the rest
  of the match) ranks last, below every seat still played by its person.
- **Cooperative games** (``GameInfo.cooperative``: Tamashii) rate no one: the match's result
  (the game's score, the same for every seat) goes to a best-result table per level
  (the room's ``level`` option) instead.
- **Exactly once**: a rated room is put in the store's pending set *before* its start is
  committed; the finish's replica counts the match right after its commit; if it died
  first, any replica's sweep (:meth:`Ratings.run`) finds the room in the pending set and
  counts it. Counting is one Lua script that writes every player's rating and the room's
  marker together, and does nothing if the marker exists (``services.store.ratings``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime
import math
import os
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import structlog
from openskill.models import BradleyTerryFull

from engine import registry
from engine.core import Outcome
from services.games import contract_for
from services.rooms.records import Change, RoomRecord, RoomStatus
from services.store import Store, StoreUnavailable
from services.store.ratings import PlayerUpdate, Rating, RatingChange, RatingsStore, for_store

log = structlog.get_logger("cercle.ratings")

MODEL = BradleyTerryFull()
"""openskill's Bradley-Terry model with full pairing: every pair of seats is compared, so
two players tied for 2nd and one 4th get different updates (the Plackett-Luce default, in a
check of the issue, gave them the same)."""
PROVISIONAL_MATCHES = 10
"""A rating is provisional until it counts this many rated matches."""

SEASON_DAYS = float(os.environ.get("CERCLE_SEASON_DAYS", "28"))
"""How long a season lasts (days; the operator's setting)."""
SEASON_START = os.environ.get("CERCLE_SEASON_START", "2026-01-05")
"""When season 1 started (an ISO date, UTC)."""
RECHECK_SECONDS = float(os.environ.get("CERCLE_RATINGS_RECHECK_SECONDS", "30"))
"""How often a rated match still under way is looked at by the sweep, hence how late a
finished match whose replica died before counting it is counted, at worst."""
SWEEP_SECONDS = 1.0
"""How often a replica's sweep claims the pending rooms due."""
LEASE_SECONDS = 10.0
"""A claimed room is left to its replica this long."""


# -- the rules (pure) ---------------------------------------------------------------------


def ordinal(mu: float, sigma: float) -> float:
    """The displayed rating's base: mu - 3 sigma (openskill's ``ordinal``)."""
    return mu - 3 * sigma


def display_rating(mu: float, sigma: float) -> int:
    """The rating shown to players: round(100 x ordinal); a new player shows 0.

    >>> display_rating(MODEL.mu, MODEL.sigma)
    0
    """
    return round(100 * ordinal(mu, sigma))


def is_provisional(matches: int) -> bool:
    return matches < PROVISIONAL_MATCHES


def ranks(outcome: Outcome, away: Sequence[bool]) -> list[int]:
    """Each seat's rank (1 best; ties share a rank): the winners first, then by score in
    the direction that puts the winners first; a seat held by a bot at the end ranks last.

    >>> ranks(Outcome((0,), (3, 10, 10, 25), "TARGET_SCORE"), [False] * 4)
    [1, 2, 2, 4]
    >>> ranks(Outcome((1,), (1, 2), "TWO_ROUNDS"), [False, False])
    [2, 1]
    >>> ranks(Outcome((0,), (3, 10, 4), "TARGET_SCORE"), [False, False, True])
    [1, 2, 3]
    """
    scores = outcome.scores
    present = [i for i in range(len(scores)) if not away[i]]
    winners = [w for w in outcome.winners if 0 <= w < len(scores)]
    lower_better = not winners or scores[winners[0]] == min(scores[i] for i in present or [0])

    def better(a: int, b: int) -> bool:
        if (a in winners) != (b in winners):
            return a in winners
        return scores[a] < scores[b] if lower_better else scores[a] > scores[b]

    out = []
    for seat in range(len(scores)):
        if away[seat]:
            out.append(len(present) + 1)
        else:
            out.append(1 + sum(1 for other in present if better(other, seat)))
    return out


def new_ratings(before: Sequence[Rating | None], seat_ranks: Sequence[int]) -> list[Rating]:
    """Every seat's rating after a match it finished at ``seat_ranks`` (openskill)."""
    teams = [
        [MODEL.rating()] if r is None else [MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before
    ]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in seat_ranks])
    return [
        Rating(team[0].mu, team[0].sigma, (0 if r is None else r.matches) + 1)
        for team, r in zip(rated, before, strict=True)
    ]


def season_start() -> float:
    day = datetime.date.fromisoformat(SEASON_START)
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC).timestamp()


def season_of(now: float) -> int:
    """The season running at ``now`` (1 is the first)."""
    return 1 + max(0, math.floor((now - season_start()) / (SEASON_DAYS * 86400)))


def season_bounds(season: int) -> tuple[float, float]:
    """When ``season`` starts and ends (server time)."""
    start = season_start() + (season - 1) * SEASON_DAYS * 86400
    return start, start + SEASON_DAYS * 86400


def rating_mode(game_id: str) -> str:
    """``"cooperative"`` (a best-result table) or ``"ranked"``."""
    return "cooperative" if registry.get(game_id).info.cooperative else "ranked"


def may_be_rated(record: RoomRecord) -> bool:
    """The table's seats could make a rated match (persons only, enough of them)."""
    seats = record.seats
    if any(seat is None or seat.is_bot for seat in seats):
        return False
    return rating_mode(record.meta.game) == "cooperative" or len(seats) >= 2


def mark_rated(change: Change, checked: Sequence[str]) -> Change:
    """The start's change with ``rated`` set when its seats are the ``checked`` players."""
    ids = [seat.player_id for seat in change.room.seats if seat is not None]
    rated = bool(checked) and ids == list(checked) and may_be_rated(change.room)
    return dataclasses.replace(change, room=dataclasses.replace(change.room, rated=rated))


# -- counting matches ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Counted:
    """What :meth:`Ratings.count` did with a room."""

    status: str
    """``counted``, ``already`` (counted before), ``later`` (not finished yet) or ``dropped``
    (never to be counted: gone, abandoned or unrated)."""


class Ratings:
    """The ladder of one process (:func:`ratings_of`)."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.db: RatingsStore = for_store(store)
        self.clock = clock

    async def checked_players(self, record: RoomRecord) -> list[str]:
        """The room's players if the table would be rated now (all persons with a device
        identity), else an empty list."""
        if not may_be_rated(record):
            return []
        ids = [seat.player_id for seat in record.seats if seat is not None]
        return ids if all(await self.db.device_players(ids)) else []

    async def expect(self, room_id: str) -> None:
        """Before a rated start is committed: the sweep will look at the room."""
        await self.db.expect(room_id, self.clock() + RECHECK_SECONDS)

    async def count(self, room_id: str) -> Counted:
        """Count the room's finished match, once (any replica, any number of times)."""
        record = await self.store.rooms.load_room(room_id)
        if record is None or record.status is RoomStatus.ABANDONED or not record.rated:
            await self.db.forget(room_id)
            return Counted("dropped")
        if record.status is not RoomStatus.FINISHED or record.outcome is None:
            await self.db.expect(room_id, self.clock() + RECHECK_SECONDS)
            return Counted("later")
        outcome = contract_for(record.meta.game).outcome_from_data(record.outcome)
        players = [seat.player_id for seat in record.seats if seat is not None]
        if rating_mode(record.meta.game) == "cooperative":
            level = str(record.meta.options.get("level", "any")).lower()
            result = max(outcome.scores, default=0)
            done = await self.db.record_best(room_id, record.meta.game, level, result, players)
            return Counted("counted" if done else "already")
        away = [seat is None or seat.is_bot or seat.away for seat in record.seats]
        seat_ranks = ranks(outcome, away)
        for _ in range(8):  # another match of the same players may be counted meanwhile
            done = await self._rate(record, players, seat_ranks)
            if done >= 0:
                log.info("match_rated", room=room_id, counted=bool(done))
                return Counted("counted" if done else "already")
        raise StoreUnavailable("the ratings kept changing while this match was counted", "busy")

    async def _rate(self, record: RoomRecord, players: list[str], seat_ranks: list[int]) -> int:
        game = record.meta.game
        before = await self.db.ratings(game, players)
        after = new_ratings(before, seat_ranks)
        finished = self.clock()
        updates = []
        for player, rank, old, new in zip(players, seat_ranks, before, after, strict=True):
            old = old or Rating(MODEL.mu, MODEL.sigma, 0)
            change = RatingChange(
                record.room_id,
                game,
                finished,
                rank,
                old.mu,
                old.sigma,
                new.mu,
                new.sigma,
                new.matches,
            )
            updates.append(
                PlayerUpdate(
                    player,
                    None if old.matches == 0 else old,
                    new,
                    ordinal(new.mu, new.sigma),
                    change,
                )
            )
        season = season_of(finished)
        ttl = int(season_bounds(season)[1] - finished + 2 * SEASON_DAYS * 86400)
        return await self.db.rate_match(record.room_id, game, season, ttl, updates)

    async def count_soon(self, room_id: str) -> None:
        """Right after a rated match's finish was committed (the sweep does it otherwise)."""
        try:
            await self.count(room_id)
        except Exception:  # the pending set keeps the room: the sweep counts it
            log.warning("match_rating_deferred", room=room_id, exc_info=True)

    async def sweep(self) -> int:
        """Look at the pending rooms due; returns how many."""
        claimed = await self.db.claim(self.clock(), LEASE_SECONDS, 32)
        for room_id in claimed:
            await self.count(room_id)
        return len(claimed)

    async def run(self) -> None:
        """The sweep, forever (one per replica)."""
        while True:
            with contextlib.suppress(StoreUnavailable):
                await self.sweep()
            await asyncio.sleep(SWEEP_SECONDS)


_BY_STORE: weakref.WeakKeyDictionary[Store, Ratings] = weakref.WeakKeyDictionary()


def ratings_of(store: Store, clock: Callable[[], float]) -> Ratings:
    """The process's ladder over ``store``."""
    found = _BY_STORE.get(store)
    if found is None:
        found = _BY_STORE[store] = Ratings(store, clock)
    return found
