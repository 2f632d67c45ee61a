"""The soak's audit (``tools/soak_audit.py``) finds what it claims to find.

- On a real room played through two real replicas, a clean history gives nothing lost or
  doubled; an acknowledgement the log does not hold is counted lost; a player's action the
  idempotency index no longer accounts for is counted doubled.
- On logs written by hand: a timeout that fires no running deadline, or fires one twice,
  is counted doubled; a deadline set aside long after it expired without firing, or still
  running long after it expired, is counted missing; lateness is firing time minus expiry.
"""

from __future__ import annotations

import time
import uuid

import grpc

from services.rooms.records import DeadlineRecord, EntryKind, LogEntry
from services.store import Store, idem_key
from tests.faults.helpers import OUT_OF_TURN, Ack, action_json, tomahawk_oneof
from tests.services.play import open_table
from tools.soak_audit import GRACE_SECONDS, Audit, audit_rooms, audit_timers
from tools.soak_tables import RoomTrack, Tally


async def _played_room(addresses: list[str], actions: int) -> RoomTrack:
    """A Tomahawk room (no clocks) with ``actions`` acknowledged player actions."""
    room_id, seats = await open_table(addresses, "tomahawk", 2, {"turn_seconds": "0"})
    track = RoomTrack(room_id, "tomahawk", {s.client.player_id: s.seat for s in seats})
    try:
        for _ in range(actions * 10):
            if len(track.acks) == actions:
                break
            for seat in seats:
                legal = await seat.client.legal(room_id)
                moves = [a for a in legal.actions if tomahawk_oneof(a) not in OUT_OF_TURN]
                if moves:
                    key = uuid.uuid4().hex
                    answer = await seat.client.act(room_id, moves[0], legal.version, key)
                    track.acks.append(
                        Ack(
                            seat.client.player_id,
                            key,
                            seat.seat,
                            answer.seq,
                            answer.version,
                            action_json("tomahawk", moves[0]),
                            answer.replayed,
                            1,
                        )
                    )
                    break
    finally:
        for seat in seats:
            await seat.client.close()
    assert len(track.acks) == actions
    return track


async def test_the_audit_counts_a_lost_acknowledgement_and_an_unaccounted_action(
    redis_url: str, fault_replicas: list[str]
) -> None:
    track = await _played_room(fault_replicas, 3)
    store = Store(redis_url)
    try:
        clean = await audit_rooms(store, [track], time.time())
        assert (clean.acknowledged, clean.lost, clean.doubled) == (3, [], [])
        assert clean.not_replaying == [] and clean.index_mismatch == []

        forged = track.acks[0]
        track.acks.append(
            Ack(forged.player_id, "never-sent", forged.seat, 999, 999, forged.action, False, 1)
        )
        lost = await audit_rooms(store, [track], time.time())
        assert len(lost.lost) == 1 and "seq 999" in lost.lost[0]
        track.acks.pop()

        first = track.acks[0]
        await store.redis.hdel(idem_key(track.room_id), f"{first.player_id}:{first.key}")
        doubled = await audit_rooms(store, [track], time.time())
        assert len(doubled.doubled) == 1 and f"seq {first.seq}" in doubled.doubled[0]
        assert len(doubled.index_mismatch) == 1
    finally:
        await store.close()


def _deadline(seat: int, expire: float, length: float = 3.0, clock: str = "turn") -> DeadlineRecord:
    return DeadlineRecord(seat, clock, expire, length, 0)


def _entry(
    seq: int, kind: str, actor: int, deadlines: list[DeadlineRecord], timeout: bool = False
) -> LogEntry:
    return LogEntry(
        EntryKind(kind), actor, seq, deadlines=tuple(deadlines), timeout=timeout, seq=seq
    )


def _timers(entries: list[LogEntry], ended_at: float) -> Audit:
    audit = Audit()
    audit_timers(audit, RoomTrack("r", "tomahawk", {}), entries, set(), ended_at)
    return audit


def test_a_timeout_that_fires_no_running_deadline_or_fires_one_again_is_doubled() -> None:
    entries = [
        _entry(1, "started", -1, [_deadline(0, 100.0)]),
        # Seat 0's clock (expired at 100) fires at 102.5 (seat 1's fresh clock says when),
        # but stays running...
        _entry(2, "timeout", 0, [_deadline(0, 100.0), _deadline(1, 105.5)], timeout=True),
        # ... so it fires a second time: a double;
        _entry(3, "timeout", 0, [_deadline(1, 105.5)], timeout=True),
        # and then seat 0 has no running clock at all: another double.
        _entry(4, "timeout", 0, [_deadline(1, 105.5)], timeout=True),
    ]
    audit = _timers(entries, 106.0)
    assert (audit.turn.fired, audit.turn.doubled, audit.turn.missing) == (2, 2, 0)
    assert audit.turn.lateness == [2.5]


def test_a_deadline_that_never_fires_is_missing() -> None:
    late = 100.0 + GRACE_SECONDS + 1.0
    entries = [
        _entry(1, "started", -1, [_deadline(0, 100.0), _deadline(2, 100.0, 0.3, "bot")]),
        # Seat 0 moves long after its clock expired: that clock never fired.
        _entry(2, "action", 0, [_deadline(1, late + 3.0), _deadline(2, 100.0, 0.3, "bot")]),
    ]
    audit = _timers(entries, late + GRACE_SECONDS)
    assert (audit.turn.missing, audit.turn.fired) == (1, 0)
    # The bot's move never came either; seat 1's clock has not been expired long enough.
    assert (audit.bot.missing, audit.turn.pending_at_end) == (1, 1)

    on_time = [
        entries[0],
        _entry(2, "action", 0, [_deadline(1, 102.0), _deadline(2, 100.0, 0.3, "bot")]),
        _entry(3, "bot", 2, [_deadline(1, 102.0)]),
    ]
    audit = _timers(on_time, 103.0)
    assert (audit.turn.missing, audit.turn.superseded, audit.turn.pending_at_end) == (0, 1, 1)
    assert (audit.bot.fired, audit.bot.missing) == (1, 0)


def test_the_soak_tells_an_edge_reset_from_a_replica_answering_internal() -> None:
    """A stream Envoy reset when its replica died (RST_STREAM, reported INTERNAL without
    ErrorInfo) is the transport; an INTERNAL or UNKNOWN a replica answered is a fault."""
    tally = Tally()
    reset = "Stream removed (RST_STREAM (Received RST_STREAM with error code 2))"
    tally.count("Subscribe INTERNAL/INTERNAL", grpc.StatusCode.INTERNAL, "INTERNAL", reset)
    tally.count("UNAVAILABLE/STORE_UNAVAILABLE", grpc.StatusCode.UNAVAILABLE, "x", "refused")
    assert tally.server_faults == []
    assert tally.retried == {"Subscribe INTERNAL/RESET": 1, "UNAVAILABLE/STORE_UNAVAILABLE": 1}

    bug = "something went wrong on the server; the room is unchanged"
    tally.count("INTERNAL/INTERNAL", grpc.StatusCode.INTERNAL, "INTERNAL", bug)
    tally.count("UNKNOWN/UNKNOWN", grpc.StatusCode.UNKNOWN, "UNKNOWN", "Unexpected <class>")
    assert len(tally.server_faults) == 2
    assert tally.retried["INTERNAL/INTERNAL"] == 1
