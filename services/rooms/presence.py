"""Who is at a table, and the pause of tables nobody attends.

A table of bots plays itself: left alone it would play at full speed for hours, renewing its
own expiry. So a table plays on only while one of its humans is there:

- **connected**: a player who holds a human seat (or a seat a bot keeps for them while they
  are away) has a Subscribe or WatchRoom stream open on the room, on any replica. Each
  replica records its streams' players in the room's presence set
  (:meth:`IndexStore.touch_presence`, server time) when a stream opens and every few seconds
  while it stays open (:class:`Presence`);
- **acted**: a human's own change (an action, the start, a resume) stamps ``human_at`` in
  the room.

When a deadline falls due and no human was there for the grace (``CERCLE_UNATTENDED_GRACE_
SECONDS``, 60 s by default; 0 turns the pause off), the timer loop pauses the table
(:meth:`ServerMoves.pause`): its clocks and bot moves stop and it leaves the timer index. The
next stream one of its humans opens (or their next action) resumes it with fresh clocks
(:meth:`Rooms.resume`).

A table of **bots alone** (every seat a bot's: its humans' seats were taken over) plays for
nobody, so it is bounded however it is watched: its bots wait at least
``bot_seats.BOTS_ONLY_MIN_DELAY`` (1 s) before each move, and one player keeps at most
``CERCLE_BOT_TABLES_PER_PLAYER`` (2) such tables running at once: each move of one renews its
place in the count of each of its humans (a lease set, ``bot_tables_scope``, that forgets a
table ``BOT_TABLE_LEASE_SECONDS`` after its last move); a table past the count pauses, and
resumes (their stream still open) once one of the others ended or paused
(:meth:`Presence.may_run`). A human's own action takes their seat back and lifts both.

The same streams also say who is **connected**, for the other players to see
(``TablePresence`` in views and updates): every player with a stream open on the room,
spectators included (only counted when shown), in ``cercle:{cN}:online:ID``
(:class:`services.store.Online`). A player stays connected for ``PRESENCE_GRACE_SECONDS``
after their last stream closes (a reconnecting phone does not flap); a replica that dies
stops renewing and its players lapse after ``ONLINE_SECONDS``. Each change is pinged on the
room's channel; the feeds then read the set again (``services.rooms.feed``).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable
from typing import Any

import structlog

from services.clock import Clock
from services.errors import RoomError
from services.rooms.bot_seats import bots_only
from services.rooms.records import RoomRecord, SeatRecord
from services.store import Online, Store, StoreUnavailable, bot_tables_scope
from services.supervise import tracked

log = structlog.get_logger("cercle.presence")

UNATTENDED_GRACE_SECONDS = float(os.environ.get("CERCLE_UNATTENDED_GRACE_SECONDS", "60"))
"""How long a table plays on with none of its humans there (0: forever)."""
RENEW_SECONDS = 5.0
"""How often a replica renews the presence of its open streams' players (at most)."""
PRESENCE_GRACE_SECONDS = float(os.environ.get("CERCLE_PRESENCE_GRACE_SECONDS", "5"))
"""How long a player still shows as connected after their last stream closed."""
BOT_TABLES_PER_PLAYER = int(os.environ.get("CERCLE_BOT_TABLES_PER_PLAYER", "2"))
"""Tables of bots alone one player keeps running at once (0: no limit)."""
BOT_TABLE_LEASE_SECONDS = 90.0
"""How long a table of bots alone keeps its place in its players' count after its last move:
longer than the longest bot delay (30 s), so a running table never loses it."""


def human_players(seats: Iterable[SeatRecord | None]) -> set[str]:
    """The players whose presence keeps a table going: human seats, and seats a bot holds
    for an absent human.

    >>> from services.rooms.records import SeatKind
    >>> sorted(human_players([SeatRecord("a", "A"), None,
    ...                       SeatRecord("b", "B", SeatKind.BOT, away=True),
    ...                       SeatRecord("bot-2", "Bot", SeatKind.BOT)]))
    ['a', 'b']
    """
    return {seat.player_id for seat in seats if seat is not None and seat.belongs_to_human}


def attended(record: RoomRecord, present: set[str], since: float) -> bool:
    """True if one of the room's humans had a stream open (``present``: recorded at
    ``since`` or later) or changed the room themselves at ``since`` or later."""
    if record.human_at is not None and record.human_at >= since:
        return True
    return bool(present & human_players(record.seats))


class Presence:
    """The players of this replica's open streams, by room, renewed in Redis."""

    def __init__(
        self,
        store: Store,
        clock: Clock,
        grace: float,
        resume: Callable[[str], Awaitable[None]],
        connected_grace: float = PRESENCE_GRACE_SECONDS,
    ) -> None:
        self.store = store
        self.clock = clock
        self.resume = resume
        """Starts a paused table again (``Rooms.resume``): one of its humans is back."""
        self.grace = grace
        self.every = min(RENEW_SECONDS, grace / 3) if grace > 0 else RENEW_SECONDS
        self.ttl = int(grace) + 60
        """The presence set's own expiry: it outlives the grace, then goes."""
        self.connected_grace = connected_grace
        self.online = Online(store.core)
        self.online_seconds = 3 * self.every
        """How long a renewal keeps a player connected (a dead replica's lapse after it)."""
        self.held: dict[str, collections.Counter[str]] = {}
        """room id -> player id -> open streams on this replica."""
        self._tasks: set[asyncio.Task[None]] = set()

    @contextlib.asynccontextmanager
    async def hold(self, room_id: str, player_id: str) -> AsyncIterator[None]:
        """Count ``player_id`` as at the table while the context is open (a stream); their
        arrival resumes a paused table."""
        players = self.held.setdefault(room_id, collections.Counter())
        players[player_id] += 1
        try:
            with contextlib.suppress(StoreUnavailable):  # the stream itself will say so
                await self._touch([(room_id, [player_id])])
                await self._connect(room_id, player_id)
            yield
        finally:
            players[player_id] -= 1
            if players[player_id] <= 0:
                del players[player_id]
                self._spawn(self._disconnect(room_id, player_id))
            if not players and self.held.get(room_id) is players:
                del self.held[room_id]

    async def _connect(self, room_id: str, player_id: str) -> None:
        now = self.clock()
        await self.online.hold([(room_id, [player_id])], now + self.online_seconds, self.ttl)
        await self.online.ping(room_id)

    async def _disconnect(self, room_id: str, player_id: str) -> None:
        """The player's last stream here closed: connected for the grace only, then the
        table is told (if no stream of theirs opened again meanwhile, here or elsewhere)."""
        try:
            await self.online.release(room_id, player_id, self.clock() + self.connected_grace)
            await asyncio.sleep(self.connected_grace + 0.05)
            await self.online.ping(room_id)
        except StoreUnavailable as exc:  # the player lapses by themselves
            log.warning("presence_release_failed", error=str(exc))

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        tracked("presence_release", asyncio.create_task(coroutine), self._tasks)

    def close(self) -> None:
        """On shutdown: the departures still waiting for their grace are not told (their
        players lapse by themselves)."""
        for task in list(self._tasks):
            task.cancel()

    async def may_run(self, record: RoomRecord, limit: int = BOT_TABLES_PER_PLAYER) -> bool:
        """True if the table may play on now. A table where a human plays always may; a
        table of bots alone may if each of its humans keeps fewer than ``limit`` other such
        tables running (its place in their count is then taken or renewed, one round
        trip)."""
        humans = human_players(record.seats)
        if limit <= 0 or not humans or not bots_only(record.seats):
            return True
        full = await self.store.limits.take_stream_lease(
            record.room_id,
            {bot_tables_scope(player_id): limit for player_id in sorted(humans)},
            BOT_TABLE_LEASE_SECONDS,
        )
        return full is None

    async def connected(self, room_id: str) -> frozenset[str]:
        """The players connected to the room now (any replica)."""
        return await self.online.read(room_id, self.clock())

    async def renew_once(self) -> None:
        """Record every held player as present now (one pipelined round trip)."""
        rooms = [(room, list(players)) for room, players in self.held.items()]
        await self._touch(rooms)
        await self.online.hold(rooms, self.clock() + self.online_seconds, self.ttl)

    async def run(self) -> None:
        """Renew every ``every`` seconds, for as long as the replica runs."""
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.renew_once()
            except StoreUnavailable as exc:
                log.warning("presence_store_unavailable", error=str(exc))

    async def _touch(self, rooms: list[tuple[str, list[str]]]) -> None:
        if not rooms:
            return
        results = await self.store.indexes.touch_presence(rooms, self.clock(), self.ttl)
        for (room_id, _), (seated, paused) in zip(rooms, results, strict=True):
            if seated and paused:
                try:
                    await self.resume(room_id)
                except (RoomError, StoreUnavailable) as exc:
                    log.warning("resume_failed", room=room_id, error=str(exc))
