"""Resume cursors: where a client stands in a room's log, in a form a rewrite cannot fool.

A cursor names the log's **epoch**, a **seq** and a **mark** of the entry at that seq (a
hash of its stored fields). A client sends back the cursor of the last update it got
(``SubscribeRequest.resume_cursor``); the stream resumes after it only if the room's log
still holds that very entry in the same epoch:

- the **epoch** is drawn when the room is created (the store's commit) and changes when an
  operator restores a backup (``HSET cercle:{cN}:room:ID epoch <new>``, docs/operations.md);
- the **mark** catches what no one announces: an ``everysec`` AOF that lost its last second,
  an asynchronous failover, a log truncated and written again. Sequence numbers then repeat
  with other entries; the entry at the cursor's seq is gone or differs, so its mark does
  not match.

Either way the stream answers at once FAILED_PRECONDITION / ``CURSOR_STALE`` (the client
subscribes again without a cursor and adopts the history it gets); a cursor past the log is
OUT_OF_RANGE / ``CURSOR_AHEAD``. Never a silent skip. Cursors are opaque to clients
(base64url of ``c1.<epoch>.<seq>.<mark>``).

>>> text = encode(Cursor("ab12", 7, "0f0f"))
>>> decode(text)
Cursor(epoch='ab12', seq=7, mark='0f0f')
>>> decode("").seq
0
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass

from services.errors import Kind, RoomError
from services.rooms.records import LogEntry, RoomRecord, to_hash

VERSION = "c1"
"""The cursor format (a later one can be told apart)."""


@dataclass(frozen=True, slots=True)
class Cursor:
    """A place in a room's log: after entry ``seq`` (0: before the first) of ``epoch``."""

    epoch: str
    seq: int
    mark: str
    """The hash of entry ``seq`` (empty for seq 0)."""


START = Cursor("", 0, "")


def entry_mark(entry: LogEntry) -> str:
    """A short hash of the entry's stored fields (the same on every replica, whether the
    entry came from the log or from its notification)."""
    digest = hashlib.sha256()
    digest.update(str(entry.seq).encode())
    for name, value in sorted(to_hash(entry, skip_defaults=True).items()):
        digest.update(b"\0" + name.encode() + b"=")
        digest.update(value if isinstance(value, bytes) else value.encode())
    return digest.hexdigest()[:16]


def encode(cursor: Cursor) -> str:
    text = f"{VERSION}.{cursor.epoch}.{cursor.seq}.{cursor.mark}"
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def cursor_at(record: RoomRecord, entry: LogEntry) -> str:
    """The cursor of ``entry`` of ``record``'s log."""
    return encode(Cursor(record.epoch, entry.seq, entry_mark(entry)))


def decode(text: str) -> Cursor:
    """The cursor a client sent back; INVALID_ARGUMENT ``CURSOR_INVALID`` if it is not one
    this server gave."""
    if not text:
        return START
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
        version, epoch, seq, mark = raw.split(".")
        if version != VERSION or not seq.isdigit() or len(raw) > 128:
            raise ValueError(raw)
        return Cursor(epoch, int(seq), mark)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise RoomError(
            Kind.INVALID_ARGUMENT,
            "CURSOR_INVALID",
            "resume_cursor is not a cursor this server gave: send one back as it came, "
            "or none to start over",
            field="resume_cursor",
        ) from None


def check(cursor: Cursor, record: RoomRecord, entry: LogEntry | None) -> None:
    """Refuse a cursor the room's log cannot resume: past its end (``CURSOR_AHEAD``), of
    another epoch, or whose entry is gone or differs (``CURSOR_STALE``). ``entry`` is the
    log's entry at ``cursor.seq`` (None if there is none)."""
    if cursor.seq == 0:
        return
    metadata = {
        "cursor_seq": str(cursor.seq),
        "last_seq": str(record.seq),
    }
    if cursor.epoch != record.epoch or (
        cursor.seq <= record.seq and (entry is None or entry_mark(entry) != cursor.mark)
    ):
        raise RoomError(
            Kind.FAILED_PRECONDITION,
            "CURSOR_STALE",
            "the room's log was rewritten since this cursor was given (a restore or a "
            "failover): subscribe again without a cursor and adopt what you get",
            metadata=metadata,
        )
    if cursor.seq > record.seq:
        raise RoomError(
            Kind.OUT_OF_RANGE,
            "CURSOR_AHEAD",
            f"the cursor is past this room's last update ({record.seq}): subscribe again "
            "without a cursor",
            metadata=metadata,
        )
