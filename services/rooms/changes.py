"""How every change of a room is made: load the room (one round trip), plan the change with
a pure planner, and commit it with the store's compare-and-set script (one round trip). If
another replica changed the room in between, the change is planned again from the fresh
room (:meth:`RoomChanges.apply`); after a commit, this replica's copy of the room
(``services.rooms.warm``), the global indexes and the players' lists follow
(:meth:`RoomChanges.committed`).

The lobby (:mod:`services.rooms.lobby`), the Act path (:mod:`services.rooms.act`), the
server's own moves (:mod:`services.rooms.server_moves`) and the chat hold one
:class:`RoomChanges` each: the same one, made by :class:`services.rooms.facade.Rooms`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from services import errors
from services.clock import Clock
from services.errors import RoomError
from services.ladder.ratings import ratings_of
from services.rooms import paces
from services.rooms.inbox import Inbox
from services.rooms.records import Change, Followup, LogEntry, MatchSummary, RoomRecord, RoomStatus
from services.rooms.turns import TurnSeats
from services.rooms.warm import WarmRooms
from services.store import (
    OPEN_ROOM_TTL_SECONDS,
    ROOM_TTL_SECONDS,
    Conflict,
    NotReplicated,
    Store,
)

MAX_COMMIT_ATTEMPTS = 20


@dataclass(frozen=True, slots=True)
class Committed:
    """What :meth:`RoomChanges.apply` did: the room the change was planned on, the change
    (None: there was nothing to do) and the log's seq after it."""

    before: RoomRecord
    change: Change | None
    seq: int


def check_room_id(room_id: str) -> None:
    """Refuse a room id no room can have, before any round trip."""
    if not room_id or len(room_id) > 64:
        raise errors.invalid("room_id", "give a room id")


def no_such_room() -> RoomError:
    return errors.not_found("there is no room with that id (it may have expired)")


class RoomChanges:
    """Load, plan, compare-and-set, and what follows a commit. One per replica."""

    def __init__(
        self,
        store: Store,
        clock: Clock,
        warm: WarmRooms | None,
        turn_seats: TurnSeats,
        inbox: Inbox,
    ) -> None:
        self.store = store
        self.clock = clock
        self.warm = warm
        self.turn_seats = turn_seats
        """The cap on each player's open turn-based rooms (``services.rooms.turns``)."""
        self.inbox = inbox
        """The players' notifications (``services.rooms.inbox``), told after each commit."""

    async def load(self, room_id: str) -> RoomRecord:
        check_room_id(room_id)
        record = await self.store.rooms.load_room(room_id)
        if record is None:
            raise no_such_room()
        return record

    async def load_for_view(
        self, room_id: str
    ) -> tuple[RoomRecord, LogEntry | None, frozenset[str]]:
        """The room, its log's last entry and who is connected (one round trip)."""
        check_room_id(room_id)
        record, last, online = await self.store.rooms.load_room_for_view(room_id, self.clock())
        if record is None:
            raise no_such_room()
        return record, last, online

    async def apply(
        self,
        room_id: str,
        compute: Callable[[RoomRecord], Change | None],
        *,
        idempotency_key: str = "",
        fingerprint: str = "",
        record: RoomRecord | None = None,
        op: str = "commit",
    ) -> Committed:
        """Load (unless ``record`` is the room as just loaded), plan, compare-and-set;
        planned again on a concurrent change of the room. ``op`` names the commit in the
        store's round-trip counts and metrics."""
        for _ in range(MAX_COMMIT_ATTEMPTS):
            current = record if record is not None else await self.load(room_id)
            record = None
            change = compute(current)
            if change is None:  # nothing to do (idempotent request), once what it found is safe
                await self.store.replication.confirm_replicated(current.seq)
                return Committed(current, None, current.seq)
            notices = self.inbox.notices(current, change.room)
            try:
                seq = await self.store.rooms.commit(
                    room_id,
                    expected_seq=current.seq,
                    room=change.room,
                    before=current,
                    entry=change.entry,
                    idempotency_key=idempotency_key,
                    fingerprint=fingerprint,
                    op=op,
                    ttl=ttl_for(current, change, self.clock()),
                    notices=notices,
                )
            except Conflict:
                continue
            except NotReplicated as unconfirmed:  # written on the primary: keep up with it
                await self.committed(current, change, unconfirmed.seq, notices=notices)
                raise
            await self.committed(current, change, seq, notices=notices)
            return Committed(current, change, seq)
        raise RoomError(errors.Kind.ABORTED, "BUSY", "the room is changing too fast; try again")

    async def committed(
        self,
        before: RoomRecord,
        change: Change,
        seq: int,
        *,
        notices: tuple[str, float] | None,
    ) -> None:
        """This replica's copy, the indexes, the players' lists and inboxes after a change
        written at ``seq`` (also one no Redis replica confirmed in time: it is on the
        primary); ``notices``: what the commit kept for the inboxes (:meth:`Inbox.notices`)."""
        if self.warm is not None:  # the room after the change, exactly
            self.warm.committed(replace(change.room, seq=seq, epoch=before.epoch))
        await self._follow_up(change)
        await self._index_players(before, change.room)
        await self.inbox.committed(notices)

    async def _follow_up(self, change: Change) -> None:
        """The global indexes a committed change asks for (hints; the room is the truth)."""
        room = change.room
        for followup in change.followups:
            if followup is Followup.UNINDEX_OPEN:
                await self.store.indexes.unindex_open_room(room.room_id, room.meta.game)
            elif followup is Followup.INDEX_OPEN:
                if not room.meta.private:
                    await self.store.indexes.index_open_room(
                        room.room_id, room.meta.game, room.meta.created
                    )
            elif followup is Followup.RETIRE_CODE:
                await self.store.indexes.retire_join_code(room.meta.code, room.room_id)

    async def _index_players(self, before: RoomRecord, after: RoomRecord) -> None:
        """Keep the players' room lists and match histories (hints, like the open rooms:
        ListMyRooms checks each room it lists)."""
        await self.turn_seats.changed(before, after)
        was, now = members(before), members(after)
        if was != now:
            await self.store.players.index_memberships(
                after.room_id, after.meta.created, now - was, was - now
            )
        if after.status is RoomStatus.FINISHED and before.status is not RoomStatus.FINISHED:
            summary = MatchSummary(
                after.room_id,
                after.meta.game,
                after.meta.created,
                self.clock(),
                after.seats,
                after.outcome,
            )
            humans = [s.player_id for s in after.seats if s is not None and s.belongs_to_human]
            await self.store.players.record_match(summary, humans)
            if after.rated:  # the ladder counts it now (else any replica's sweep will)
                await ratings_of(self.store, self.clock).count_soon(after.room_id)


def members(record: RoomRecord) -> set[str]:
    """The people in a room: seated humans (also while a bot keeps their seat) and
    spectators."""
    seated = {s.player_id for s in record.seats if s is not None and s.belongs_to_human}
    return seated | set(record.spectators)


def ttl_for(before: RoomRecord, change: Change, now: float) -> int:
    """Open rooms expire after an hour idle; started ones a day after their last change by a
    human (0: the server's own change leaves the expiry as it is). Once the match is over
    (finished or abandoned) nothing extends the room's life any more: chat, a mute or a
    spectator coming or going leaves its expiry as the end set it. A turn-based room lives
    as long as it plays: every change, timeouts included, renews it for its longest next
    decision and a day, within its maximum lifetime (``services.rooms.paces.room_ttl``);
    open, it waits a week for its players."""
    status = change.room.status
    pace = change.room.pace
    if pace is not None and pace.turn_based and not before.status.over:
        if status is RoomStatus.OPEN:
            return paces.OPEN_TURN_BASED_TTL_SECONDS if change.renews else 0
        if not status.over:
            return paces.room_ttl(pace, change.room.meta.created, now)
    if not change.renews or before.status.over:
        return 0
    if status in (RoomStatus.OPEN, RoomStatus.ABANDONED):
        return OPEN_ROOM_TTL_SECONDS
    return ROOM_TTL_SECONDS
