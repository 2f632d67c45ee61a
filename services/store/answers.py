"""What the store's calls answer beyond a record: the outcomes of a commit (a conflict, a
duplicate or reused idempotency key) and what the one-round-trip action calls read and did
(:meth:`.RoomStore.load_room_for_action`, :meth:`.RoomStore.commit_action`)."""

from __future__ import annotations

from typing import NamedTuple

from services.rooms.records import RoomRecord


class Conflict(Exception):
    """The room changed between our read and our write (optimistic concurrency)."""


class Duplicate(Exception):
    """The idempotency key was already used; ``seq`` is the entry that action produced."""

    def __init__(self, seq: int) -> None:
        super().__init__(seq)
        self.seq = seq


class ActionLoad(NamedTuple):
    """What :meth:`.RoomStore.load_room_for_action` read in its one round trip."""

    record: RoomRecord | None
    done: tuple[int, str] | None
    """``(seq, request fingerprint)`` the idempotency key produced in this room."""
    owner: str | None
    """The room the key was first used in (None: claimed for this room now)."""
    rate: tuple[int, float] | None
    """``(granted, seconds to wait)`` from the shared limiter, when one was asked."""


class KeyReused(Exception):
    """The idempotency key was already used for another request (nothing written)."""


class ActionCommit(NamedTuple):
    """What :meth:`.RoomStore.commit_action` did in its one round trip (a conflict raises)."""

    seq: int | None
    """The new seq; None when nothing was written."""
    done: int | None
    """The seq the idempotency key produced already, for the same request."""
    reused: bool
    """The key was used for another request, or first in another room."""
    rate: tuple[int, float] | None
    """``(granted, seconds to wait)`` from the shared limiter, when one was asked."""
