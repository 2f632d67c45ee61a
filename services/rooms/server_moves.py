"""The server's own moves at a table (``Rooms.moves``): a player's clock that ran out (a
timeout, through the Act path as a player's action: :meth:`Actions.by_server`), a bot's move
as the bot decides from its seat's view, and the pause and resume of a table none of whose
humans is there (``services.rooms.presence``). The timer loop calls
:meth:`ServerMoves.run_due` for each room whose earliest deadline has passed."""

from __future__ import annotations

from collections.abc import Callable

import structlog

from engine import registry
from engine.core import Timeout
from services.errors import RoomError
from services.rooms import bot_seats, clocks
from services.rooms.act import Actions, ActResult
from services.rooms.bot_seats import BOT_CLOCK
from services.rooms.changes import RoomChanges
from services.rooms.paces import is_turn_based
from services.rooms.presence import Presence, attended
from services.rooms.records import Change, DeadlineRecord, RoomRecord, RoomStatus, Source

log = structlog.get_logger("cercle.rooms")


class ServerMoves:
    """Timeouts, bot moves, pauses and resumes."""

    def __init__(
        self,
        changes: RoomChanges,
        actions: Actions,
        presence: Presence,
        unattended_grace: float,
    ) -> None:
        self.changes = changes
        self.actions = actions
        self.presence = presence
        self.store = changes.store
        self.clock = changes.clock
        self.unattended_grace = unattended_grace
        """A table whose humans all stayed away this long is paused (0: never)."""

    async def run_due(
        self,
        room_id: str,
        *,
        max_steps: int = 32,
        on_late: Callable[[float, float], None] | None = None,
    ) -> int:
        """Apply every deadline of the room that has passed: timeouts through the same path
        as a player's action, bot moves as the bot decides from its seat's view. Returns how
        many were applied. Safe to run on several replicas at once: each application names
        the version it was computed for, so a deadline is applied once. A timeout costs two
        Redis round trips (load, then the commit that also indexes the next deadline).
        ``on_late`` receives, for each player's clock applied, how late (seconds) it was
        when its room was loaded and when its timeout was committed."""
        applied = 0
        grace = self.unattended_grace
        record, present = await self.store.rooms.load_room_for_timers(room_id, self.clock() - grace)
        for _ in range(max_steps):
            if record is None or record.status is not RoomStatus.PLAYING or record.state is None:
                return applied
            now = self.clock()
            due = clocks.due(record.deadlines, now)
            if not due:
                if applied == 0:  # the claim pushed the index back: put the real time again
                    await self.store.indexes.reschedule(room_id)
                return applied
            if (
                grace > 0
                and not is_turn_based(record.pace)  # its clocks run, whoever is connected
                and not attended(record, present, now - grace)
            ):
                await self.pause(room_id)  # nobody is there: no clock runs, no bot plays
                return applied
            deadline = due[0]
            if deadline.clock == BOT_CLOCK and not await self.presence.may_run(record):
                await self.pause(room_id)  # bots alone, whose players run enough of them
                return applied
            try:
                if deadline.clock == BOT_CLOCK:
                    result = await self._bot_move(record, deadline)
                else:
                    result = await self.actions.by_server(
                        record,
                        deadline.seat,
                        Timeout(),
                        version=record.version,
                        source=Source.TIMEOUT,
                    )
                    if on_late is not None:
                        on_late(now - deadline.expire, self.clock() - deadline.expire)
                applied += 1
                if result is None or not clocks.due(result.deadlines, self.clock()):
                    return applied  # the commit indexed the next deadline already
            except RoomError as exc:
                if exc.reason not in ("STALE_VERSION", "NOT_DUE", "BUSY"):
                    if deadline.clock != BOT_CLOCK:
                        raise
                    # A bot's stored reflex no longer fits: drop it and move on.
                    log.warning("bot_move_refused", room=room_id, reason=exc.reason)
                    await self._drop(room_id, deadline)
            record = await self.store.rooms.load_room(room_id)
        return applied

    async def _bot_move(self, record: RoomRecord, deadline: DeadlineRecord) -> ActResult | None:
        game = registry.get(record.meta.game)
        assert record.state is not None and record.seed is not None
        state = game.decode(record.state)
        action = bot_seats.decide(
            game,
            state,
            deadline,
            record.seats[deadline.seat],
            record.memories.get(deadline.seat),
            record.seed,
        )
        if action is None:
            await self._drop(record.room_id, deadline)
            return None
        version = deadline.version if deadline.action is not None else record.version
        return await self.actions.by_server(
            record, deadline.seat, action, version=version, source=Source.BOT
        )

    async def _drop(self, room_id: str, deadline: DeadlineRecord) -> None:
        """Forget one deadline (a bot's reflex that no longer applies)."""
        await self.changes.apply(room_id, lambda current: clocks.drop(current, deadline))

    async def pause(self, room_id: str) -> None:
        """Stop a table's clocks and bots: none of its humans is there (services.rooms.presence).
        Its deadlines are dropped and it leaves the timer index until :meth:`resume`."""
        now = self.clock()
        await self.changes.apply(room_id, lambda current: clocks.pause(current, now))
        log.info("table_paused", room=room_id)

    async def resume(self, room_id: str) -> None:
        """Start a paused table again, every clock afresh: one of its humans is back (a
        table of bots alone stays paused while its players run enough such tables)."""
        record = await self.changes.load(room_id)
        if record.paused is not None and not await self.presence.may_run(record):
            return

        def compute(current: RoomRecord) -> Change | None:
            return clocks.resume(current, registry.get(current.meta.game), self.clock())

        await self.changes.apply(room_id, compute, record=record)
        log.info("table_resumed", room=room_id)
