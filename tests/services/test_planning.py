"""The Act step as a pure function (services.rooms.planning): no Redis, no server, no clock.

A two-seat Tomahawk table is started with the lobby's own planner and then driven through
:func:`plan_action` change by change, each change's room fed to the next, as the room layer
does after each commit.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import registry
from engine.core import Game, State, Timeout
from services.errors import RoomError
from services.games import contract_for
from services.rooms.bot_seats import BOT_CLOCK
from services.rooms.events import MatchEnded, MatchStarted, SeatTakenBack, SeatTakenOver
from services.rooms.lobby_planning import plan_start
from services.rooms.planning import plan_action
from services.rooms.records import (
    Change,
    EntryKind,
    Followup,
    Player,
    RoomMeta,
    RoomRecord,
    RoomStatus,
    SeatKind,
    SeatRecord,
    Source,
    seed_commitment,
    to_hash,
)

GAME: Game[Any, Any, Any] = registry.get("tomahawk")
CONTRACT = contract_for("tomahawk")
TURN_SECONDS = 30
START = 1_000.0
SEED, NONCE = 12345, "ab" * 16
HOST = Player("p0", "Ann")
GUEST = Player("p1", "Bob")


def started(*, takeover_after: int = 3, target_score: int = 10_000, players: int = 2) -> RoomRecord:
    options = GAME.validate_options(
        {"turn_seconds": TURN_SECONDS, "target_score": target_score, "first_player": 0}
    )
    meta = RoomMeta(
        game="tomahawk",
        options=dict(options),
        private=True,
        players=players,
        host=HOST.player_id,
        created=START,
        code="ABCDEF",
        takeover_after=takeover_after,
        bot_delay=0.5,
    )
    people = (HOST, GUEST, Player("p2", "Cy"))[:players]
    seats = tuple(SeatRecord(p.player_id, p.name, ready=True) for p in people)
    open_room = RoomRecord("room1", meta, seats, seq=4)
    change = plan_start(open_room, GAME, HOST, SEED, NONCE, START)
    return change.room


def state_of(record: RoomRecord) -> State:
    assert record.state is not None
    state: State = GAME.decode(record.state)
    return state


def on_turn(record: RoomRecord) -> int:
    (pending,) = GAME.pending(state_of(record))
    return pending.seat


def play(record: RoomRecord, seat: int, now: float) -> Change:
    """The seat's player makes their first legal action."""
    action = GAME.legal_actions(state_of(record), seat)[0]
    return plan_action(
        record, GAME, seat, action, source=Source.PLAYER, version=record.version, now=now
    )


def time_out(record: RoomRecord, seat: int) -> Change:
    (clock,) = [d for d in record.deadlines if d.seat == seat and d.clock != BOT_CLOCK]
    return plan_action(
        record, GAME, seat, Timeout(), source=Source.TIMEOUT, version=None, now=clock.expire
    )


def test_an_action_by_the_seat_on_turn_is_logged_with_its_events_and_a_fresh_clock() -> None:
    record = started()
    seat = on_turn(record)
    action = GAME.legal_actions(state_of(record), seat)[0]
    expected = GAME.apply(state_of(record), seat, action, version=record.version)

    change = plan_action(
        record, GAME, seat, action, source=Source.PLAYER, version=record.version, now=START + 5
    )

    entry, room = change.entry, change.room
    assert entry.kind is EntryKind.ACTION and entry.actor == seat and not entry.timeout
    assert entry.version == room.version == record.version + 1 == expected.state.version
    assert entry.action == CONTRACT.action_to_data(action)
    assert entry.events == CONTRACT.encode_events(expected.events)
    assert entry.state == room.state == GAME.encode(expected.state)
    assert entry.room is None  # seats and status did not change
    nxt = on_turn(room)
    (clock,) = room.deadlines
    assert (clock.seat, clock.clock, clock.version) == (nxt, "turn", room.version)
    assert clock.expire == START + 5 + TURN_SECONDS and clock.length == TURN_SECONDS
    assert entry.deadlines == room.deadlines
    assert room.human_at == START + 5 and change.renews and change.followups == ()
    assert room.status is RoomStatus.PLAYING and room.seq == record.seq  # the store sets seq


def test_a_timeout_counts_and_the_seat_gets_a_bot_after_takeover_after() -> None:
    record = started(takeover_after=2)
    timeouts = 0
    for _ in range(50):
        seat = on_turn(record)
        if seat != 0:
            record = play(record, seat, now=START).room
            continue
        change = time_out(record, 0)
        timeouts += 1
        entry = change.entry
        assert entry.kind is EntryKind.TIMEOUT and entry.timeout and entry.action is None
        assert not change.renews  # the server's own move does not keep the room alive
        record = change.room
        assert record.timeouts[0] == timeouts
        if timeouts == 1:
            assert record.seats[0] == SeatRecord("p0", "Ann", ready=True)
            assert entry.room is None
            assert not any(isinstance(e, SeatTakenOver) for e in change.events)
            continue
        assert SeatTakenOver(0) in change.events
        assert record.seats[0] == SeatRecord(
            "p0", "Ann", SeatKind.BOT, ready=True, level="strong", away=True
        )
        assert entry.room == record.room_part()
        assert CONTRACT.decode_events(entry.events)[-1] == SeatTakenOver(0)
        break
    else:
        raise AssertionError("seat 0 never timed out twice")
    # The bot now has no player clock but a bot deadline whenever the table waits for it.
    assert not [d for d in record.deadlines if d.seat == 0 and d.clock != BOT_CLOCK]
    for _ in range(50):
        if on_turn(record) == 0:
            break
        record = play(record, 1, now=START).room
    (bot_move,) = record.deadlines
    assert (bot_move.seat, bot_move.clock, bot_move.expire) == (0, BOT_CLOCK, START + 0.5)


def test_a_taken_over_seat_plays_at_the_level_of_the_rooms_bots() -> None:
    """The bot that plays for an absent human is of the level the host chose for the
    room's bots (here: random), not always strong."""
    record = started(takeover_after=1, players=3)
    seats = list(record.seats)
    seats[2] = SeatRecord("bot-2-x", "Bot 3 (random)", SeatKind.BOT, ready=True, level="random")
    record = dataclasses.replace(record, seats=tuple(seats))
    for _ in range(50):
        seat = on_turn(record)
        if seat == 0:
            break
        record = play(record, seat, now=START).room
    record = time_out(record, 0).room
    assert record.seats[0] == SeatRecord(
        "p0", "Ann", SeatKind.BOT, ready=True, level="random", away=True
    )


def test_a_players_own_action_takes_their_seat_back_from_the_bot() -> None:
    record = started(takeover_after=1)
    for _ in range(50):
        seat = on_turn(record)
        if seat == 0:
            record = time_out(record, 0).room
            break
        record = play(record, seat, now=START).room
    assert record.seats[0] is not None and record.seats[0].away
    for _ in range(50):
        if on_turn(record) == 0:
            break
        record = play(record, 1, now=START).room

    change = play(record, 0, now=START + 9)

    assert SeatTakenBack(0) in change.events
    assert change.room.seats[0] == SeatRecord("p0", "Ann", ready=True)  # human, no level
    assert 0 not in change.room.timeouts
    assert change.entry.room == change.room.room_part()
    assert change.entry.kind is EntryKind.ACTION and change.renews


def test_the_last_action_finishes_the_match_stores_the_outcome_and_reveals_the_seed() -> None:
    record = started(target_score=1)
    start_events = CONTRACT.decode_events(
        plan_start(
            dataclasses.replace(record, status=RoomStatus.OPEN, state=None),
            GAME,
            HOST,
            SEED,
            NONCE,
            START,
        ).entry.events
    )
    (commitment,) = [e for e in start_events if isinstance(e, MatchStarted)]
    change = None
    for step in range(5000):
        change = play(record, on_turn(record), now=START + step)
        record = change.room
        if record.status is not RoomStatus.PLAYING:
            break
    assert change is not None and record.status is RoomStatus.FINISHED

    final = state_of(record)
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert record.outcome == CONTRACT.outcome_to_data(outcome)
    assert change.entry.kind is EntryKind.FINISHED
    assert change.entry.room == record.room_part()
    assert record.deadlines == () and change.entry.deadlines == ()
    assert change.followups == (Followup.RETIRE_CODE,)
    revealed = CONTRACT.decode_events(change.entry.events)[-1]
    assert revealed == MatchEnded(SEED, NONCE) == change.events[-1]
    assert seed_commitment(revealed.seed, revealed.seed_nonce) == commitment.seed_commitment
    with pytest.raises(RoomError) as over:
        plan_action(record, GAME, 0, Timeout(), source=Source.PLAYER, version=None, now=START)
    assert over.value.reason == "MATCH_FINISHED"


def test_an_illegal_action_raises_the_room_error_and_changes_nothing() -> None:
    record = started()
    before = to_hash(record)
    seat = on_turn(record)
    other = 1 - seat
    action = GAME.legal_actions(state_of(record), seat)[0]

    with pytest.raises(RoomError) as wrong_seat:
        plan_action(
            record, GAME, other, action, source=Source.PLAYER, version=record.version, now=START
        )
    assert wrong_seat.value.reason == "NOT_YOUR_TURN"
    with pytest.raises(RoomError) as stale:
        plan_action(
            record, GAME, seat, action, source=Source.PLAYER, version=record.version - 1, now=START
        )
    assert stale.value.reason == "STALE_VERSION"
    with pytest.raises(RoomError) as early:  # the clock has not run out yet
        plan_action(record, GAME, seat, Timeout(), source=Source.TIMEOUT, version=None, now=START)
    assert early.value.reason == "NOT_DUE"
    with pytest.raises(RoomError) as not_a_bot:
        plan_action(record, GAME, seat, action, source=Source.BOT, version=None, now=START)
    assert not_a_bot.value.reason == "NOT_A_BOT"
    assert to_hash(record) == before
