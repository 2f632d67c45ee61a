"""The lobby's planners, pure: from the room as loaded to the
:class:`~services.rooms.records.Change` to commit (joining, leaving, ready, a bot, the
start), or a room error. :class:`services.rooms.lobby.Lobby` runs each through the
compare-and-set loop (:meth:`services.rooms.changes.RoomChanges.apply`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.bots import LEVELS as BOT_LEVELS
from engine.codec import encode_event
from engine.core import Game
from engine.info import InvalidOptions
from services import errors
from services.games import contract_for
from services.rooms import bot_seats
from services.rooms.clocks import compute_deadlines
from services.rooms.events import LOBBY_CHANGES, MatchStarted
from services.rooms.records import (
    Change,
    EntryKind,
    Followup,
    LogEntry,
    Player,
    RoomRecord,
    RoomStatus,
    SeatRecord,
    is_member,
    seat_of,
    seed_commitment,
)

DEFAULT_BOT_DELAY = 0.8
"""Seconds a bot waits before it moves, so that people can follow (room option)."""
DEFAULT_TAKEOVER_AFTER = 3
"""Consecutive timeouts after which a bot plays for an absent player (0: never)."""


def lobby_entry(change: str, room: RoomRecord, who: str) -> LogEntry:
    """A lobby change's log entry (the room after it); during a match it repeats the state,
    so that every update a subscriber receives can carry a view."""
    return LogEntry(
        EntryKind.LOBBY,
        version=room.version,
        events=[encode_event(LOBBY_CHANGES[change](who))],
        state=room.state,
        room=room.room_part(),
        deadlines=room.deadlines,
    )


def lobby_change(
    current: RoomRecord, change: str, who: str, *followups: Followup, **fields: Any
) -> Change:
    room = dataclasses.replace(current, **fields)
    return Change(room, lobby_entry(change, room, who), followups)


def code_opens(record: RoomRecord, code: str) -> bool:
    """True if ``code`` is the room's join code and still opens it: a code is retired when
    its match ends (finished or abandoned)."""
    return bool(code) and code == record.meta.code and not record.status.over


# -- planners (pure) ----------------------------------------------------------------------


def plan_spectate(current: RoomRecord, player: Player) -> Change | None:
    if is_member(current, player.player_id):
        return None
    spectators = (*current.spectators, player.player_id)
    return lobby_change(current, "spectator_joined", player.player_id, spectators=spectators)


def plan_join(current: RoomRecord, player: Player) -> Change | None:
    if seat_of(current, player.player_id) >= 0:
        return None
    if current.status is not RoomStatus.OPEN:
        raise errors.precondition(
            "the match has started: you can watch it as a spectator", "MATCH_STARTED"
        )
    free = [i for i, seat in enumerate(current.seats) if seat is None]
    if not free:
        raise errors.precondition("every seat is taken", "ROOM_FULL")
    seats = list(current.seats)
    seats[free[0]] = SeatRecord(player.player_id, player.name)
    full = all(seat is not None for seat in seats)
    return lobby_change(
        current,
        "joined",
        player.player_id,
        *((Followup.UNINDEX_OPEN,) if full else ()),
        seats=tuple(seats),
        spectators=tuple(p for p in current.spectators if p != player.player_id),
    )


def plan_leave(current: RoomRecord, player: Player) -> Change:
    if player.player_id in current.spectators:
        spectators = tuple(p for p in current.spectators if p != player.player_id)
        return lobby_change(current, "spectator_left", player.player_id, spectators=spectators)
    seat = seat_of(current, player.player_id)
    if seat < 0:
        raise errors.denied("you are not in this room", "NOT_IN_ROOM")
    if current.status is not RoomStatus.OPEN:
        raise errors.precondition(
            "the match is under way: your seat stays at the table", "MATCH_STARTED"
        )
    seats = list(current.seats)
    seats[seat] = None
    humans = [s for s in seats if s is not None and not s.is_bot]
    meta, status = current.meta, RoomStatus(current.status)
    followups: tuple[Followup, ...]
    if not humans:
        status = RoomStatus.ABANDONED
        followups = (Followup.UNINDEX_OPEN, Followup.RETIRE_CODE)
    else:
        if meta.host == player.player_id:
            meta = dataclasses.replace(meta, host=humans[0].player_id)
        followups = (Followup.INDEX_OPEN,)
    return lobby_change(
        current, "left", player.player_id, *followups, seats=tuple(seats), meta=meta, status=status
    )


def plan_ready(
    current: RoomRecord, player: Player, ready: bool, contribution: bytes | None = None
) -> Change | None:
    seat = seat_of(current, player.player_id)
    if seat < 0:
        raise errors.denied("take a seat first", "NOT_SEATED")
    if current.status is not RoomStatus.OPEN:
        raise errors.precondition("the match has started", "MATCH_STARTED")
    here = current.seats[seat]
    assert here is not None
    given = current.deal_contributions
    if contribution is not None:  # the seat's deal contribution (services.rooms.fair_deal)
        given = {**given, player.player_id: contribution.hex()}
    elif not ready:
        given = {k: v for k, v in given.items() if k != player.player_id}
    if here.ready == ready and given == current.deal_contributions:
        return None
    seats = list(current.seats)
    seats[seat] = dataclasses.replace(here, ready=ready)
    return lobby_change(
        current, "ready", player.player_id, seats=tuple(seats), deal_contributions=given
    )


def plan_bot(
    current: RoomRecord, player: Player, seat: int | None, level: str | None, token: str
) -> Change:
    """Put a bot of ``level`` in ``seat`` (None: the first free), or remove it (level
    None)."""
    if current.meta.host != player.player_id:
        raise errors.denied("only the host can seat or remove bots", "NOT_HOST")
    if current.status is not RoomStatus.OPEN:
        raise errors.precondition("the match has started", "MATCH_STARTED")
    seats = list(current.seats)
    if seat is None:
        free = [i for i, s in enumerate(seats) if s is None]
        if level is None:
            raise errors.invalid("seat", "say which seat's bot to remove")
        if not free:
            raise errors.precondition("every seat is taken", "ROOM_FULL")
        seat = free[0]
    index = seat
    if not 0 <= index < len(seats):
        raise errors.invalid("seat", f"seats go from 0 to {len(seats) - 1}")
    if level is None:
        if not bot_seats.is_bot(seats[index]):
            raise errors.precondition("there is no bot in that seat", "NO_BOT_THERE")
        seats[index] = None
        change = "bot_removed"
    else:
        if level not in BOT_LEVELS:
            raise errors.invalid("level", "bot levels are random and strong", "UNKNOWN_LEVEL")
        if seats[index] is not None:
            raise errors.precondition("that seat is taken", "SEAT_TAKEN")
        seats[index] = bot_seats.new_bot(index, level, token)
        change = "bot_added"
    return lobby_change(current, change, player.player_id, seats=tuple(seats))


def plan_start(
    current: RoomRecord,
    game: Game[Any, Any, Any],
    player: Player,
    seed: int,
    nonce: str,
    now: float,
) -> Change:
    """Deal the match: the seed stays secret, its commitment is published (MatchStarted)."""
    if current.meta.host != player.player_id:
        raise errors.denied("only the host can start the match", "NOT_HOST")
    if current.status is not RoomStatus.OPEN:
        raise errors.precondition("the match has already started", "MATCH_STARTED")
    if any(seat is None for seat in current.seats):
        raise errors.precondition("every seat must be taken first", "SEATS_EMPTY")
    if not all(seat is not None and seat.ready for seat in current.seats):
        raise errors.precondition("every player must be ready", "NOT_READY")
    try:
        state = game.new_match(current.meta.options, len(current.seats), seed)
    except InvalidOptions as exc:  # a room stored before options were checked
        raise errors.from_invalid_options(exc, game.info.id) from None
    deadlines = compute_deadlines(
        game, current.meta, current.seats, state, (), -1, now, seed=seed, pace=current.pace
    )
    events = (MatchStarted(seed_commitment(seed, nonce), len(current.seats)),)
    encoded = game.encode(state)
    room = dataclasses.replace(
        current,
        status=RoomStatus.PLAYING,
        state=encoded,
        version=state.version,
        seed=seed,
        nonce=nonce,
        deadlines=deadlines,
        human_at=now,
    )
    entry = LogEntry(
        EntryKind.STARTED,
        version=state.version,
        events=contract_for(game.info.id).encode_events(events),
        state=encoded,
        room=room.room_part(),
        deadlines=deadlines,
    )
    return Change(room, entry, (Followup.UNINDEX_OPEN,), events=events)
