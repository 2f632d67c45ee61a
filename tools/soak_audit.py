"""The soak's audit: every room's log, replayed through its engine and held against what
the clients were told.

Actions. Every acknowledged Act must be in the log at the seq and version its answer gave,
with the same seat and action (else it is *lost*), and the room's idempotency index must map
its key to that seq. A key answered with two different seqs, or a player's action in the log
that no idempotency key accounts for, is an action applied twice (*doubled*).

Timers. Each log entry of a match carries the deadlines running after it (seat, clock,
expiry, length), so the log says which deadline every timeout and every bot move fired:
- a timeout (or a bot move) must fire a deadline of its seat (a turn clock, or the bot's
  clock) that was running before it; one that fires none, or fires one that had fired
  already, is *doubled*;
- a deadline that leaves the running set without firing was *superseded* (its player moved,
  the match moved on) — unless that happened more than ``GRACE_SECONDS`` after it expired,
  or it is still running at the end that long after its expiry: then it is *missing*
  (the grace is the claim lease, the longest a dead replica may hold a deadline, plus 5 s);
- *lateness* is firing time minus expiry. The firing time is the time the firing entry was
  computed at, read from the clocks it started (a fresh clock expires at ``now + length``);
  when it started none (the last move of a match), the moment the first of the soak's
  subscribers received it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from services.rooms.bot_seats import BOT_CLOCK
from services.rooms.expiry import LEASE_SECONDS
from services.rooms.records import DeadlineRecord, LogEntry
from services.store import Store, idem_key
from tests.faults.helpers import check_log_replays, read_whole_log
from tools.soak_tables import RoomTrack

GRACE_SECONDS = LEASE_SECONDS + 5.0
EARLY_TOLERANCE = 0.001
"""Seconds of float rounding allowed between a deadline and the moment it fired."""


@dataclass
class TimerFigures:
    """Deadlines of one kind (turn clocks or bot moves) over every room."""

    fired: int = 0
    lateness: list[float] = field(default_factory=list)
    """Seconds each fired deadline was late, where the firing time is known."""
    missing: int = 0
    doubled: int = 0
    early: int = 0
    superseded: int = 0
    dropped: int = 0
    """Bot reflexes the timer loop found no longer legal and dropped (a firing too)."""
    pending_at_end: int = 0
    details: list[str] = field(default_factory=list)
    latest: list[tuple[float, str]] = field(default_factory=list)
    """The five latest firings: (seconds late, where)."""

    def late(self, seconds: float, where: str) -> None:
        self.lateness.append(seconds)
        self.latest = sorted([*self.latest, (seconds, where)], reverse=True)[:5]

    def note(self, text: str) -> None:
        if len(self.details) < 20:
            self.details.append(text)


@dataclass
class Audit:
    """The whole soak's findings."""

    rooms: int = 0
    acknowledged: int = 0
    replayed_by_retry: int = 0
    """Acks that were a retried key's replayed answer (``replayed = true``)."""
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    index_mismatch: list[str] = field(default_factory=list)
    """Acknowledged keys the room's idempotency index does not map to their seq."""
    unacknowledged_applied: int = 0
    """Acts given up on by their client (fate unknown) that had been applied: allowed."""
    not_replaying: list[str] = field(default_factory=list)
    stream_faults: list[str] = field(default_factory=list)
    stream_resumes: int = 0
    turn: TimerFigures = field(default_factory=TimerFigures)
    bot: TimerFigures = field(default_factory=TimerFigures)


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value))


async def audit_rooms(store: Store, rooms: Iterable[RoomTrack], ended_at: float) -> Audit:
    """Audit every room (the replicas must be stopped: nothing may change meanwhile)."""
    audit = Audit()
    for room in rooms:
        audit.rooms += 1
        try:
            replayed = await check_log_replays(store, room.room_id)
            entries = replayed.entries
        except AssertionError as exc:
            audit.not_replaying.append(f"{room.room_id} ({room.game}): {exc}")
            entries = await read_whole_log(store, room.room_id)
        raw = await store.redis.hgetall(idem_key(room.room_id))
        # each key maps to "<seq>:<request fingerprint>"
        index = {k.decode(): int(v.split(b":", 1)[0]) for k, v in raw.items()}
        audit_actions(audit, room, entries, index)
        player_seqs = set(index.values())
        audit_timers(audit, room, entries, player_seqs, ended_at)
        audit_streams(audit, room, entries)
    return audit


def audit_actions(
    audit: Audit, room: RoomTrack, entries: list[LogEntry], index: dict[str, int]
) -> None:
    by_seq = {e.seq: e for e in entries}
    first: dict[str, tuple[int, int]] = {}
    claimed: dict[int, str] = {}
    where = f"{room.room_id} ({room.game})"
    for ack in room.acks:
        audit.acknowledged += 1
        audit.replayed_by_retry += ack.replayed
        known = first.setdefault(ack.key, (ack.seq, ack.version))
        if known != (ack.seq, ack.version):
            audit.doubled.append(f"{where}: key {ack.key} answered at seqs {known[0]}, {ack.seq}")
            continue
        if claimed.setdefault(ack.seq, ack.key) != ack.key:
            audit.lost.append(f"{where}: seq {ack.seq} acknowledged to two keys")
            continue
        entry = by_seq.get(ack.seq)
        if (
            entry is None
            or entry.kind not in ("action", "finished")
            or entry.timeout
            or (entry.actor, entry.version) != (ack.seat, ack.version)
            or _normal(entry.action) != _normal(ack.action)
        ):
            audit.lost.append(f"{where}: acknowledged seq {ack.seq} is not that action in the log")
        if index.get(f"{ack.player_id}:{ack.key}") != ack.seq:
            audit.index_mismatch.append(f"{where}: key of seq {ack.seq} not indexed to it")
    recorded = set(index.values())
    for entry in entries:
        if entry.kind == "action" and entry.seq not in recorded:
            audit.doubled.append(f"{where}: player action at seq {entry.seq} has no key")
    audit.unacknowledged_applied += sum(1 for key in room.abandoned if key in index)


def _ident(deadline: DeadlineRecord) -> tuple[int, str, float]:
    return deadline.seat, deadline.clock, deadline.expire


def _computed_at(
    before: dict[tuple[int, str, float], DeadlineRecord], after: Iterable[DeadlineRecord]
) -> float | None:
    """When an entry was computed: a clock it started expires at ``now + length``."""
    fresh = [d for d in after if _ident(d) not in before]
    return min(d.expire - d.length for d in fresh) if fresh else None


def audit_timers(
    audit: Audit, room: RoomTrack, entries: list[LogEntry], player_seqs: set[int], ended_at: float
) -> None:
    where = f"{room.room_id} ({room.game})"
    running: dict[tuple[int, str, float], DeadlineRecord] | None = None
    fired: set[tuple[int, str, float]] = set()
    for entry in entries:
        if entry.kind == "started":
            running = {_ident(d): d for d in entry.deadlines}
            continue
        if running is None:
            continue
        after = {_ident(d): d for d in entry.deadlines}
        at = _computed_at(running, entry.deadlines)
        if at is None:
            at = room.first_seen.get(entry.seq)
        firing: str | None = None
        if entry.kind == "timeout" or (entry.kind == "finished" and entry.timeout):
            firing = "turn"
        elif entry.kind == "bot" or (entry.kind == "finished" and entry.seq not in player_seqs):
            firing = "bot"
        fired_now: tuple[int, str, float] | None = None
        if firing is not None:
            figures = audit.turn if firing == "turn" else audit.bot
            mine = sorted(
                (
                    k
                    for k in running
                    if k[0] == entry.actor and (k[1] == BOT_CLOCK) == (firing == "bot")
                ),
                key=lambda k: k[2],
            )
            if not mine:
                figures.doubled += 1
                figures.note(f"{where}: seq {entry.seq} fired no running {firing} deadline")
            else:
                fired_now = mine[0]
                if fired_now in fired:
                    figures.doubled += 1
                    figures.note(f"{where}: seq {entry.seq} fired {fired_now} again")
                fired.add(fired_now)
                figures.fired += 1
                if at is not None:
                    if at < fired_now[2] - EARLY_TOLERANCE:
                        figures.early += 1
                        figures.note(
                            f"{where}: seq {entry.seq} fired {fired_now[2] - at:.3f}s early"
                        )
                    figures.late(max(0.0, at - fired_now[2]), f"{where} seq {entry.seq}")
        for key in running:
            if key == fired_now or key in after:
                continue
            figures = audit.bot if key[1] == BOT_CLOCK else audit.turn
            if entry.kind == "clock":
                figures.dropped += 1
            elif at is not None and at > key[2] + GRACE_SECONDS:
                figures.missing += 1
                figures.note(
                    f"{where}: deadline {key} expired {at - key[2]:.1f}s before seq {entry.seq} "
                    "set it aside, and never fired"
                )
            else:
                figures.superseded += 1
        running = after
    for key in running or {}:
        figures = audit.bot if key[1] == BOT_CLOCK else audit.turn
        if key[2] < ended_at - GRACE_SECONDS:
            figures.missing += 1
            figures.note(f"{where}: deadline {key} expired {ended_at - key[2]:.1f}s before the end")
        else:
            figures.pending_at_end += 1


def audit_streams(audit: Audit, room: RoomTrack, entries: list[LogEntry]) -> None:
    """Each stream got 1..n with no gap and no repeat, n at most the log's length."""
    last = entries[-1].seq if entries else 0
    for stream in room.streams:
        audit.stream_resumes += stream.resumes
        expected = list(range(1, len(stream.seqs) + 1))
        if stream.seqs != expected or len(stream.seqs) > last:
            audit.stream_faults.append(
                f"{room.room_id} ({room.game}) {stream.name}: gap or repeat in {len(stream.seqs)} "
                f"updates (resumed {stream.resumes} times)"
            )
