"""The commit scripts' wire forms: the KEYS and ARGV a room change is sent with
(``COMMIT_SCRIPT``, ``ACTION_COMMIT_SCRIPT`` in :mod:`services.store.scripts`), and the
message a commit publishes on the room's channel (its log entry and the room fields it
wrote, which keep the replicas' copies exact: ``services.rooms.warm``)."""

from __future__ import annotations

import json
import secrets

from services.rooms.records import LogEntry, RoomRecord, from_hash, next_deadline, to_hash
from services.store.keys import (
    idem_key,
    log_key,
    notify_channel,
    pending_notices_key,
    room_key,
    shard_of,
    timers_key,
)

ROOM_TTL_SECONDS = 24 * 3600
"""A room and its log expire this long after their last change once its match started (the
commit's TTL argument; a room's join code lives as long)."""


def entry_from_notification(payload: bytes) -> LogEntry:
    """The log entry a commit published on the room's channel."""
    return notification(payload)[0]


def notification(payload: bytes) -> tuple[LogEntry, dict[bytes, bytes] | None]:
    """The log entry a commit published on the room's channel, and the room hash fields it
    wrote, ``seq`` included (None from a commit that did not publish them)."""
    seq, flat = json.loads(payload)
    raw: dict[bytes, bytes] = {}
    room: dict[bytes, bytes] = {}
    copied: list[bytes] = []
    for i in range(0, len(flat), 2):
        name, value = flat[i].encode(), flat[i + 1].encode()
        if name == b"room.":  # a room field equal to the entry's field of the same name
            copied.append(value)
        elif name.startswith(b"room."):
            room[name[5:]] = value
        else:
            raw[name] = value
    entry = from_hash(LogEntry, raw, seq=int(seq))
    if b"seq" not in room:
        return entry, None
    for name in copied:
        room[name] = raw[name]
    return entry, room


def commit_arguments(
    room_id: str,
    expected_seq: int,
    room: RoomRecord,
    entry: LogEntry,
    before: RoomRecord | None,
    idempotency_key: str,
    fingerprint: str,
    ttl: int,
    notices: tuple[str, float] | None = None,
) -> tuple[list[str], list[str | bytes | int], str]:
    """COMMIT_SCRIPT's KEYS and ARGV for a change, and its deadline argument. ``notices``:
    the notifications the change gives (their JSON) and when a sweep may deliver them."""
    if before is None:  # a new room: what is at its default need not be written
        fields = to_hash(room, skip_defaults=True)
        fields["epoch"] = room.epoch or secrets.token_hex(6)  # its log's first epoch
    else:
        fields = to_hash(room, changed_from=before)
    args: list[str | bytes | int] = [
        expected_seq,
        idempotency_key,
        fingerprint,
        ttl,
        len(fields),
    ]
    for name, value in fields.items():
        args += [name, value]
    for name, value in to_hash(entry, skip_defaults=True).items():
        args += [name, value]
    if before is not None and before.deadlines == room.deadlines:
        deadline_arg = "-"  # unchanged
    else:
        earliest = next_deadline(room.deadlines)
        deadline_arg = "" if earliest is None else repr(earliest)
    pending, due = notices if notices is not None else ("", 0.0)
    args += [room_id, deadline_arg, pending, repr(due), notify_channel(room_id)]
    shard = shard_of(room_id)
    keys = [room_key(room_id), log_key(room_id), idem_key(room_id), timers_key(shard)]
    if pending:  # named only when used: see COMMIT_SCRIPT's KEYS[5]
        keys.append(pending_notices_key(shard))
    return keys, args, deadline_arg
