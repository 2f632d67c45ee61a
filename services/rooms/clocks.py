"""The clocks of a table: which deadlines run after a change, and the pause and resume of a
table nobody attends (``services.rooms.presence``). Pure: no Redis, no asyncio; the time is given.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Game, State
from services.rooms import bot_seats, paces
from services.rooms.bot_seats import BOT_CLOCK
from services.rooms.records import (
    Change,
    DeadlineRecord,
    EntryKind,
    LogEntry,
    RoomMeta,
    RoomRecord,
    RoomStatus,
    Seats,
)


def compute_deadlines(
    game: Game[Any, Any, Any],
    meta: RoomMeta,
    seats: Seats,
    state: State,
    previous: Sequence[DeadlineRecord],
    actor: int,
    now: float,
    *,
    seed: int = 0,
    memories: Mapping[int, Any] | None = None,
    pace: paces.PaceRecord | None = None,
    banks: Mapping[int, float] | None = None,
) -> tuple[DeadlineRecord, ...]:
    """The clocks (and bot moves) running after a change.

    A player's clock that was already running for the same seat and kind keeps its expiry
    when *another* seat acted (a vote by one player does not restart the others' clocks);
    the seat's own action starts a fresh one. A clock whose option is 0 does not run.
    A bot seat the table waits for gets a ``bot`` deadline after the room's bot delay; a
    bot seat that is not waited for gets one only if its reflex wants an out-of-turn call,
    which is then stored with the deadline. At a table of bots alone the bot delay is at
    least :data:`~services.rooms.bot_seats.BOTS_ONLY_MIN_DELAY`; at a table with people, a bot
    move is at least the game's reaction wait away (``Game.reaction_wait``: the time a
    person needs to take an out-of-turn chance the change opened, before the bots); a bot's
    kept deadline is pushed back to it too. In a turn-based room (``pace``) every decision
    clock runs, for the room's limit and the seat's bank (``banks``; ``services.rooms.paces``).
    """
    if game.outcome(state) is not None:
        return ()
    people = bot_seats.people(seats)
    hold = game.reaction_wait(state, meta.options, people) if people else 0.0
    delay = max(bot_seats.bot_delay(meta.bot_delay, seats), hold)
    at_once = bot_seats.bot_delay(0.0, seats)  # a bot ends a rest (round over) at once
    kept = {(d.seat, d.clock): d for d in previous}
    result: list[DeadlineRecord] = []
    pending = game.pending(state)
    waited = {p.seat for p in pending}
    for item in pending:
        if bot_seats.is_bot(seats[item.seat]):
            continue
        try:
            spec = game.info.clock(item.clock)
        except KeyError:
            continue
        seconds = float(meta.options.get(spec.option, 0) or 0)
        if pace is not None and pace.turn_based:
            left = paces.bank_left(pace, banks or {}, item.seat)
            seconds = paces.clock_seconds(
                pace, rest=spec.rest, option_seconds=seconds, bank_left=left
            )
        if seconds <= 0:
            continue
        old = kept.get((item.seat, item.clock))
        expire = old.expire if old is not None and item.seat != actor else now + seconds
        result.append(DeadlineRecord(item.seat, item.clock, expire, seconds, state.version))
    for index, seat in enumerate(seats):
        if seat is None or not seat.is_bot:
            continue
        if index in waited:
            old = kept.get((index, BOT_CLOCK))
            keep = old is not None and index != actor and old.action is None
            resting_now = resting(game, state, index)
            wait = at_once if resting_now else delay
            floor = 0.0 if resting_now else hold
            expire, length = now + wait, wait
            if old is not None and keep:
                # Kept, or pushed back to the reaction floor: a pushed deadline is a fresh
                # one of that length (so its length says when it was set: expire - length).
                expire = max(old.expire, now + floor)
                length = old.length if expire == old.expire else floor
            result.append(DeadlineRecord(index, BOT_CLOCK, expire, length, state.version))
            continue
        memory = (memories or {}).get(index)
        action = bot_seats.reflex(game, state, index, seat, memory, seed)
        if action is not None:
            result.append(
                DeadlineRecord(index, BOT_CLOCK, now + delay, delay, state.version, action)
            )
    return tuple(result)


def resting(game: Game[Any, Any, Any], state: State, seat: int) -> bool:
    """Whether the table waits for ``seat`` under a rest clock only (``ClockSpec.rest``: the
    pause after a round or a reveal): its timeout is no missed turn, and a bot ends it at
    once."""
    kinds = [p.clock for p in game.pending(state) if p.seat == seat]
    return bool(kinds) and all(_rest(game, kind) for kind in kinds)


def _rest(game: Game[Any, Any, Any], kind: str) -> bool:
    try:
        return game.info.clock(kind).rest
    except KeyError:
        return False


def due(deadlines: Sequence[DeadlineRecord], now: float) -> list[DeadlineRecord]:
    """The deadlines that have passed, earliest first."""
    return sorted((d for d in deadlines if d.expire <= now), key=lambda d: d.expire)


def clock_entry(current: RoomRecord, deadlines: tuple[DeadlineRecord, ...]) -> LogEntry:
    """The log entry of a change of the clocks alone (kind ``clock``, no event; the state is
    repeated for views): a paused table has no deadline, a resumed one fresh ones."""
    return LogEntry(
        EntryKind.CLOCK, version=current.version, state=current.state, deadlines=deadlines
    )


def pause(current: RoomRecord, now: float) -> Change | None:
    """Stop the table's clocks and bots (None: nothing to stop). Its deadlines are dropped,
    so it leaves the timer index."""
    if current.status is not RoomStatus.PLAYING or current.paused is not None:
        return None
    room = dataclasses.replace(current, paused=now, deadlines=())
    return Change(room, clock_entry(current, ()), renews=False)


def resume(current: RoomRecord, game: Game[Any, Any, Any], now: float) -> Change | None:
    """Start a paused table again, every clock afresh (None: it is not paused)."""
    if current.paused is None or current.status is not RoomStatus.PLAYING:
        return None
    if current.state is None or current.seed is None:
        return None
    state = game.decode(current.state)
    deadlines = compute_deadlines(
        game,
        current.meta,
        current.seats,
        state,
        (),
        -1,
        now,
        seed=current.seed,
        memories=current.memories,
        pace=current.pace,
        banks=current.banks,
    )
    room = dataclasses.replace(current, paused=None, deadlines=deadlines, human_at=now)
    return Change(room, clock_entry(current, deadlines))


def drop(current: RoomRecord, deadline: DeadlineRecord) -> Change | None:
    """Forget one deadline (a bot's reflex that no longer applies; None: already gone)."""
    kept = tuple(d for d in current.deadlines if d != deadline)
    if len(kept) == len(current.deadlines):
        return None
    room = dataclasses.replace(current, deadlines=kept)
    return Change(room, clock_entry(current, kept), renews=False)
