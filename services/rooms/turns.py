"""The cap on a player's open turn-based rooms (``CERCLE_TURN_BASED_ROOMS_PER_PLAYER``).

A turn-based room lasts days, so a player could sit in any number of them: each costs Redis
memory (docs/operations.md) and every other player of the room waits on them. A seat in a
turn-based room not yet over is counted for its player (``services.store.turns``) when they
create or join it, and released when they leave it or its match ends (finished or
abandoned). A claim past the cap prunes the count first (rooms that expired, or that are
over without their release, say after a replica died between the commit and it) and is then
refused with RESOURCE_EXHAUSTED / TOO_MANY_TURN_BASED_ROOMS; nothing else changes.
"""

from __future__ import annotations

from services import errors
from services.errors import RoomError
from services.rooms import paces
from services.rooms.records import RoomRecord, RoomStatus, seat_of
from services.store import Store
from services.store.turns import TurnRoomsStore


class TurnSeats:
    """Counts the turn-based rooms each player sits in; one per replica."""

    def __init__(self, store: Store, limit: int = paces.TURN_BASED_ROOMS_PER_PLAYER) -> None:
        self.store = store
        self.calls = TurnRoomsStore(store.core)
        self.limit = limit

    async def claim(self, player_id: str, room_id: str, created: float) -> None:
        """Count the room for the player, or raise TOO_MANY_TURN_BASED_ROOMS."""
        ttl = int(paces.MAX_LIFETIME_SECONDS)
        if await self.calls.claim(player_id, room_id, created, self.limit, ttl):
            return
        await self._prune(player_id)
        if await self.calls.claim(player_id, room_id, created, self.limit, ttl):
            return
        raise RoomError(
            errors.Kind.RESOURCE_EXHAUSTED,
            "TOO_MANY_TURN_BASED_ROOMS",
            f"you already play {self.limit} turn-based matches: finish or leave one first",
            metadata={"limit": str(self.limit)},
        )

    async def release(self, player_id: str, room_id: str) -> None:
        await self.calls.release([player_id], room_id)

    async def changed(self, before: RoomRecord, after: RoomRecord) -> None:
        """Release the seats a committed change of a turn-based room gave up: players who
        left it, and everyone once its match is over."""
        if not paces.is_turn_based(after.pace):
            return
        was, now = _seated(before), _seated(after)
        gone = was | now if after.status.over else was - now
        if gone:
            await self.calls.release(sorted(gone), after.room_id)

    async def _prune(self, player_id: str) -> None:
        room_ids = await self.calls.rooms(player_id)
        records = await self.store.rooms.load_rooms(room_ids)
        stale = [
            room_id
            for room_id, record in zip(room_ids, records, strict=True)
            if record is None or record.status.over or seat_of(record, player_id) < 0
        ]
        for room_id in stale:
            await self.calls.release([player_id], room_id)


def _seated(record: RoomRecord) -> set[str]:
    return {s.player_id for s in record.seats if s is not None and s.belongs_to_human}


def turn_based_start_due(record: RoomRecord) -> bool:
    """A turn-based room whose every seat is taken and ready, not yet started: it starts by
    itself (``Lobby.set_ready``), so that its host need not come back for it."""
    return (
        paces.is_turn_based(record.pace)
        and record.status is RoomStatus.OPEN
        and all(seat is not None and seat.ready for seat in record.seats)
    )
