"""Table chat: short messages between the seated players of a room, kept in its log.

- **Who.** Seated players write (``SendChat``); spectators read only (they get every chat
  update, as they get every public event), so a table's talk stays the players'. The host
  may mute a seat (``MuteSeat``): its messages are then refused ``SEAT_MUTED``.
- **What.** The text is cleaned as every free text is (:func:`services.text.clean_text`: no
  control, escape, bidi or invisible characters, spaces collapsed, NFC), then holds 1 to
  ``MAX_CHAT_LENGTH`` characters as people count them.
- **How often.** ``CHAT_RATE_PER_SECOND`` messages per second per session (burst
  ``CHAT_BURST``), for all replicas together (:class:`services.rate_limits.SharedLimiter`).
- **Where.** A message is a log entry of kind ``chat`` with one public ``ChatSent`` event
  (a mute, one ``SeatMuted``): it reaches every stream of the room like any update, a
  resuming client gets the ones it missed, and it expires with the room. It changes no
  match version and no view.
"""

from __future__ import annotations

import dataclasses
import os

from engine.codec import encode_event
from services import errors
from services.errors import Kind, RoomError
from services.rate_limits import SharedLimiter
from services.rooms.changes import RoomChanges
from services.rooms.events import ChatSent, RoomEvent, SeatMuted
from services.rooms.records import Change, EntryKind, LogEntry, Player, RoomRecord, seat_of
from services.text import clean_text, graphemes

MAX_CHAT_LENGTH = 200
"""Characters (as people count them) one message may hold."""
CHAT_RATE_PER_SECOND = float(os.environ.get("CERCLE_CHAT_RATE_PER_SECOND", "1"))
CHAT_BURST = float(os.environ.get("CERCLE_CHAT_BURST", "5"))


class TableChat:
    """Sending and muting; one per replica."""

    def __init__(
        self, changes: RoomChanges, rate: float = CHAT_RATE_PER_SECOND, burst: float = CHAT_BURST
    ) -> None:
        self.changes = changes
        self.rate = rate
        self.limiter = SharedLimiter(changes.store, "chat", rate, burst)

    async def send(self, player: Player, room_id: str, raw: str) -> tuple[int, str]:
        """Post ``raw`` (cleaned) to the table for the caller's seat: its seq and text."""
        text = clean_text(raw)
        if not text:
            raise errors.invalid("text", "the message has nothing visible in it", "CHAT_EMPTY")
        if graphemes(text) > MAX_CHAT_LENGTH or len(text) > 8 * MAX_CHAT_LENGTH:
            raise RoomError(
                Kind.INVALID_ARGUMENT,
                "CHAT_TOO_LONG",
                f"a chat message has at most {MAX_CHAT_LENGTH} characters",
                field="text",
                metadata={"limit": str(MAX_CHAT_LENGTH)},
            )
        record = await self.changes.load(room_id)
        _writer_seat(record, player.player_id)
        wait = await self.limiter.take(player.player_id)
        if wait > 0:
            raise RoomError(
                Kind.RESOURCE_EXHAUSTED,
                "CHAT_RATE_LIMITED",
                f"too many chat messages: at most {self.rate:g} a second",
                retry_after=wait,
                metadata={"rate_per_second": f"{self.rate:g}"},
            )

        def compute(current: RoomRecord) -> Change:
            seat = _writer_seat(current, player.player_id)
            event = ChatSent(seat, player.player_id, text)
            return Change(current, _chat_entry(current, event, seat))

        done = await self.changes.apply(room_id, compute, record=record, op="commit_chat")
        return done.seq, text

    async def mute(self, player: Player, room_id: str, seat: int, muted: bool) -> tuple[int, ...]:
        """Mute or unmute ``seat`` (the host only): the seats muted now."""

        def compute(current: RoomRecord) -> Change | None:
            if current.meta.host != player.player_id:
                raise errors.denied("only the host can mute a seat", "NOT_HOST")
            if not 0 <= seat < len(current.seats):
                raise RoomError(
                    Kind.INVALID_ARGUMENT,
                    "INVALID_ARGUMENT",
                    f"this table has seats 0 to {len(current.seats) - 1}",
                    field="seat",
                    metadata={"seats": str(len(current.seats))},
                )
            now_muted = set(current.muted) | {seat} if muted else set(current.muted) - {seat}
            if tuple(sorted(now_muted)) == current.muted:
                return None  # nothing to change: answered as done
            room = dataclasses.replace(current, muted=tuple(sorted(now_muted)))
            return Change(room, _chat_entry(current, SeatMuted(seat, muted)))

        record = (await self.changes.apply(room_id, compute, op="commit_chat")).before
        return (
            tuple(sorted(set(record.muted) | {seat}))
            if muted
            else tuple(s for s in record.muted if s != seat)
        )


def _chat_entry(current: RoomRecord, event: RoomEvent, actor: int = -1) -> LogEntry:
    """The log entry of a chat event: the match's version and clocks as they are (an
    update without them would read as stopped clocks)."""
    return LogEntry(
        EntryKind.CHAT,
        actor=actor,
        version=current.version,
        events=[encode_event(event)],
        deadlines=current.deadlines,
    )


def _writer_seat(record: RoomRecord, player_id: str) -> int:
    """The caller's seat if they may write to the table now."""
    seat = seat_of(record, player_id)
    if seat < 0:
        if player_id in record.spectators:
            raise errors.denied("spectators read the table's chat but do not write", "SPECTATOR")
        raise errors.denied("you have no seat in this room", "NOT_SEATED")
    if seat in record.muted:
        raise errors.denied("the host muted your seat's chat", "SEAT_MUTED")
    return seat
