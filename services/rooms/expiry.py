"""The expiry loop every replica runs.

Each tick claims the rooms whose earliest deadline has passed (one pipelined round trip over
the shards' indexes; a claim is a lease, so a replica that dies while holding rooms only
delays them by the lease) and applies their due deadlines with
:meth:`services.rooms.server_moves.ServerMoves.run_due`.
Between ticks the loop sleeps until the earliest deadline the claim saw, or one that a
commit of this replica indexed since (the store tells it), and at most ``IDLE_SECONDS``:
a deadline another replica indexed is found by then even if that replica died. An idle
replica asks Redis twice a second, not twenty times.
Each tick also tells the due "your clock runs out" warnings and, every few seconds, delivers
the notifications a replica committed and died before it put them in the inboxes
(``services.rooms.inbox``).
Exactly once comes from the match version: a timeout names the version it was computed
for, so of two replicas that race, one applies it and the other finds the match moved on.
"""

from __future__ import annotations

import asyncio
import contextlib

import structlog

from services import metrics
from services.rooms.facade import Rooms
from services.store import StoreUnavailable
from services.supervise import failed, tracked

log = structlog.get_logger("cercle.timers")

TICK_SECONDS = 0.02
"""The shortest wait between two ticks (deadlines due within it are handled together)."""
IDLE_SECONDS = 0.5
"""The longest wait between two ticks: how late a deadline this replica did not index and
did not see at its last tick (another replica's, just indexed) may be handled, at worst."""
LEASE_SECONDS = 10.0
MAX_PARALLEL = 16
"""Rooms handled at once per replica (well under the store's connection pool)."""
MAX_PAUSE_SECONDS = 2.0
"""The longest wait between two ticks while the store refuses them."""


class ExpiryLoop:
    """Applies due deadlines; one per replica."""

    def __init__(
        self,
        rooms: Rooms,
        *,
        tick: float = TICK_SECONDS,
        idle: float | None = None,
        lease: float = LEASE_SECONDS,
    ) -> None:
        self.rooms = rooms
        self.clock = rooms.clock
        self.tick = tick
        self.idle = IDLE_SECONDS if idle is None else idle
        self.lease = lease
        self._running: set[asyncio.Task[None]] = set()
        self._limit = asyncio.Semaphore(MAX_PARALLEL)
        self.next_due: float | None = None
        """The earliest deadline known to this loop (None: none known)."""
        self._indexed_since_claim: float | None = None
        self._sooner = asyncio.Event()
        rooms.store.rooms.deadline_indexed = self.indexed

    def indexed(self, deadline: float) -> None:
        """A commit of this replica indexed ``deadline``: wake up for it if it is sooner."""
        if self._indexed_since_claim is None or deadline < self._indexed_since_claim:
            self._indexed_since_claim = deadline
        if self.next_due is None or deadline < self.next_due:
            self.next_due = deadline
            self._sooner.set()

    async def _wait(self) -> None:
        """Sleep until the next known deadline, at least ``tick`` and at most ``idle``
        after the last tick."""
        loop = asyncio.get_running_loop()
        latest = loop.time() + self.idle
        earliest = loop.time() + self.tick
        while True:
            wake = latest
            if self.next_due is not None:
                wake = min(wake, loop.time() + self.next_due - self.clock())
            wait = max(wake, earliest) - loop.time()
            if wait <= 0:
                return
            self._sooner.clear()
            try:
                await asyncio.wait_for(self._sooner.wait(), wait)
            except TimeoutError:
                return

    async def run(self) -> None:
        """Tick forever. While the store is unreachable or refuses writes (the claim is a
        write) the loop waits, backing off to ``MAX_PAUSE_SECONDS``, and logs once when it
        pauses and once when it resumes; any other error ends the run, and the supervisor
        (:mod:`services.supervise`) logs, counts and restarts it."""
        failures = 0
        while True:
            try:
                await self.tick_once()
            except StoreUnavailable as exc:
                failures += 1
                if failures == 1:
                    log.warning("timers_paused", store_error=exc.kind)
                await asyncio.sleep(min(MAX_PAUSE_SECONDS, 0.1 * 2 ** min(failures, 6)))
                continue
            if failures:
                log.info("timers_resumed", failed_ticks=failures)
                failures = 0
            await self._wait()

    async def tick_once(self) -> int:
        now = self.clock()
        self._indexed_since_claim = None
        due, first = await self.rooms.store.indexes.claim_due(now, self.lease)
        # A commit that indexed a deadline while the claim ran may not be in ``first``.
        known = [d for d in (first, self._indexed_since_claim) if d is not None]
        self.next_due = min(known, default=None)
        for room_id in due:
            tracked("timer_room", asyncio.create_task(self._fire(room_id)), self._running)
        await self.rooms.inbox.warn_due(self.rooms.store.rooms.load_room)  # "your clock runs out"
        await self.rooms.inbox.sweep()  # notifications a dead replica committed, not delivered
        return len(due)

    async def drain(self) -> None:
        """Wait for the rooms being handled now (tests)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._running):
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*list(self._running), return_exceptions=True)

    async def _fire(self, room_id: str) -> None:
        async with self._limit:
            try:
                await self.rooms.moves.run_due(room_id, on_late=self._late)
            except Exception as exc:
                # The room's claim lapses after the lease: it is tried again then, unless
                # the reschedule below puts its real deadline back first.
                if isinstance(exc, StoreUnavailable):
                    log.warning("timer_failed", room=room_id, store_error=exc.kind)
                else:
                    failed("timer_room", exc, room=room_id)
                with contextlib.suppress(Exception):
                    await self.rooms.store.indexes.reschedule(room_id)

    @staticmethod
    def _late(claimed: float, committed: float) -> None:
        metrics.TIMER_LATENESS.observe(claimed)
        metrics.TIMEOUT_LATENESS.observe(committed)
