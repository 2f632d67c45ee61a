"""What the streams of one replica share, owned by the replica's GameService (no module
globals): one copy of each room's record, and the renderers of each room's latest entries.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from typing import Any

from cercle.v1 import game_pb2

from engine import registry
from engine.core import Game
from services.api.proto_messages import EntryRenderer, timestamp
from services.clock import Clock
from services.rooms import cursors
from services.rooms.records import LogEntry, RoomRecord

RECORDS_LIMIT = 10_000
RENDERERS_ROOMS = 10_000
RENDERERS_PER_ROOM = 4


class SharedRenderer(EntryRenderer):
    """An entry's renderer that also knows the entry's cursor (computed once) and stamps
    every update it renders with that cursor and the server's time of its first rendering
    (so the bytes shared by an audience are the same for each of its streams)."""

    _cursor: str | None = None
    _server_time: float | None = None

    def __init__(
        self, game: Game[Any, Any, Any], record: RoomRecord, entry: LogEntry, clock: Clock
    ) -> None:
        super().__init__(game, record, entry)
        self.clock = clock

    @property
    def cursor(self) -> str:
        if self._cursor is None:
            self._cursor = cursors.cursor_at(self.record, self.entry)
        return self._cursor

    def render(self, viewer: str, seat: int | None, version: int) -> game_pb2.SubscribeResponse:
        update = super().render(viewer, seat, version)
        if self._server_time is None:
            self._server_time = self.clock()
        update.cursor = self.cursor
        update.server_time.CopyFrom(timestamp(self._server_time))
        return update


class StreamCache:
    """Records and renderers shared by every stream of this replica."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        """Server time (the replica's one clock), stamped on each update once."""
        self._records: OrderedDict[str, RoomRecord] = OrderedDict()
        self._renderers: OrderedDict[str, dict[int, SharedRenderer]] = OrderedDict()
        """The renderers of each room's latest entries on this replica, by seq."""

    def record(self, record: RoomRecord) -> RoomRecord:
        """One copy of a room's record for all its streams (a room with a thousand
        spectators would otherwise hold a thousand copies of its spectator list). Streams
        use it for what does not change (game, options, host, the log's epoch...); seats
        come with each entry."""
        cached = self._records.get(record.room_id)
        if cached is not None and cached.seq >= record.seq and cached.epoch == record.epoch:
            self._records.move_to_end(record.room_id)
            return cached
        # Streams render from their entries' states; bots' memories are no stream's business.
        record = dataclasses.replace(record, state=None, memories={})
        self._records[record.room_id] = record
        self._records.move_to_end(record.room_id)
        while len(self._records) > RECORDS_LIMIT:
            self._records.popitem(last=False)
        return record

    def forget(self, room_id: str) -> None:
        """Drop a room's record and renderers once none of its streams is open on this
        replica: a replica serving room after room must not keep every one it served (the
        10-minute soak saw a replica grow 10 % from finished rooms' renderers)."""
        self._records.pop(room_id, None)
        self._renderers.pop(room_id, None)

    def holds(self, room_id: str) -> bool:
        """Whether anything of the room is kept (for tests)."""
        return room_id in self._records or room_id in self._renderers

    def renderer(self, record: RoomRecord, entry: LogEntry) -> SharedRenderer:
        """One renderer per entry of a room, shared by every subscriber of the room, so
        each distinct view of an update is computed once. Only a room's last few entries
        keep theirs (subscribers still rendering one when the next arrives share it too):
        what a renderer holds (a decoded state, the views) then dies young. A cache of
        thousands of past entries kept them alive long enough to fill the collector's
        older generations, whose collections took 30-40 ms."""
        renderers = self._renderers.get(record.room_id)
        if renderers is None:
            renderers = self._renderers[record.room_id] = {}
            if len(self._renderers) > RENDERERS_ROOMS:
                self._renderers.popitem(last=False)
        renderer = renderers.get(entry.seq)
        if renderer is None or (
            renderer.entry is not entry and renderer.cursor != cursors.cursor_at(record, entry)
        ):
            renderer = renderers[entry.seq] = SharedRenderer(
                registry.get(record.meta.game), record, entry, self.clock
            )
            self._renderers.move_to_end(record.room_id)
            while len(renderers) > RENDERERS_PER_ROOM:
                del renderers[min(renderers)]
        return renderer
