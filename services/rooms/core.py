"""What the mixins of :class:`services.rooms.facade.Rooms` (the lobby's operations in
:mod:`services.rooms.lobby`, the server's own moves in :mod:`services.rooms.server_moves`) rely on:
the store, the clock, and the load-plan-commit of one room, which ``Rooms`` defines."""

from __future__ import annotations

from collections.abc import Callable

from services.rooms.records import Change, RoomRecord
from services.store import Store


class RoomsCore:
    """The part of :class:`services.rooms.facade.Rooms` its mixins call (declared once here)."""

    store: Store
    clock: Callable[[], float]

    async def load(self, room_id: str) -> RoomRecord:
        raise NotImplementedError

    async def _mutate(
        self,
        room_id: str,
        compute: Callable[[RoomRecord], Change | None],
        *,
        record: RoomRecord | None = None,
    ) -> tuple[RoomRecord, int]:
        raise NotImplementedError
