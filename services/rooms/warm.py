"""This replica's exact copies of the rooms it follows live, so that a player's move on one
costs one Redis round trip (``Actions.by_player``: planned on the copy, committed by
``RoomStore.commit_action``, which also takes the session's rate and checks the idempotency key).

The room hash is written by the commit script only, always with seq + 1 and a message on the
room's channel that carries the fields it wrote (``services.store.scripts``): the copy of a
room at seq N and the message of seq N + 1 give the room at N + 1, exactly. This replica's
own commit gives the room after it too (the change's room, at the new seq).

A copy is kept only for a room whose every commit this replica hears: one its feed follows
(``services.rooms.feed``: a local stream is open on it) while the pub/sub connection is up. It is
dropped at the first doubt: a message that does not follow it (a gap), a message without
the fields (from an older replica) or with one the record does not store, the pub/sub
connection lost or opened again, the room's last local stream gone. At most
:data:`WARM_ROOMS` copies are held (the least recently used go first).

The copy never decides what is written: the commit compares the room's seq, and a copy that
is stale anyway (a commit whose message is not heard yet) only costs a conflict, after which
the move takes the path with a load (``services.rooms.act``).
"""

from __future__ import annotations

import dataclasses
import os
from collections import OrderedDict
from collections.abc import Callable, Mapping

from engine.codec import CodecError
from services.rooms.records import RoomRecord, with_hash

WARM_ROOMS = int(os.environ.get("CERCLE_WARM_ROOMS", "10000"))
"""Room copies one replica holds at most (each about the size of its room's hash)."""


def _never(room_id: str) -> bool:
    return False


class WarmRooms:
    """The copies, by room id, each at its seq."""

    def __init__(self, limit: int = WARM_ROOMS) -> None:
        self.limit = limit
        self._rooms: OrderedDict[str, RoomRecord] = OrderedDict()
        self.heard_live: Callable[[str], bool] = _never
        """Whether every commit of the room is heard on this replica now (set by the feed
        that hears them; until then no copy is kept)."""

    def __len__(self) -> int:
        return len(self._rooms)

    def get(self, room_id: str) -> RoomRecord | None:
        """The room as of its copy's seq, or None when no copy is held."""
        room = self._rooms.get(room_id)
        if room is not None:
            self._rooms.move_to_end(room_id)
        return room

    def committed(self, room: RoomRecord) -> None:
        """This replica committed ``room`` (the room after the change, at its new seq)."""
        room_id = room.room_id
        if not self.heard_live(room_id):
            self._rooms.pop(room_id, None)
            return
        held = self._rooms.get(room_id)
        if held is not None and held.seq >= room.seq:
            return  # its message (or a later one) was heard first
        self._rooms[room_id] = room
        self._rooms.move_to_end(room_id)
        while len(self._rooms) > self.limit:
            self._rooms.popitem(last=False)

    def heard(self, room_id: str, seq: int, fields: Mapping[bytes, bytes] | None) -> None:
        """A commit's message: the room's new ``seq`` and the hash fields it wrote (None:
        not sent)."""
        held = self._rooms.get(room_id)
        if held is None or seq <= held.seq:
            return
        if seq != held.seq + 1 or fields is None:
            del self._rooms[room_id]
            return
        try:
            self._rooms[room_id] = dataclasses.replace(with_hash(held, fields), seq=seq)
        except (CodecError, ValueError, TypeError, KeyError):
            del self._rooms[room_id]

    def drop(self, room_id: str, at_seq: int | None = None) -> None:
        """Forget the room's copy (only if it is still at ``at_seq``, when given: a copy
        that moved on since is newer than what proved stale)."""
        held = self._rooms.get(room_id)
        if held is not None and (at_seq is None or held.seq == at_seq):
            del self._rooms[room_id]

    def clear(self) -> None:
        self._rooms.clear()
