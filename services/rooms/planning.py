"""The Act step as a pure function: from the room as loaded and one action, the change to
commit. No Redis, no asyncio, no clock: the time is given, and so is the source of the
action, so a test can drive a whole match through it without a server.

:func:`plan_action` checks that the action may be made now (the match is on, a timeout is
due, a bot acts for a bot's seat), applies it with the engine and returns the room after it
(state, version, seats, deadlines, consecutive timeouts, bots' memories, outcome), its log
entry and its events; or raises the :class:`~services.errors.RoomError` the actor gets, and
then nothing changes. Around the action:

- **takeover**: a seat whose clock runs out ``takeover_after`` times in a row gets a bot
  (``SeatTakenOver``); the player's own next action takes it back (``SeatTakenBack``). A
  rest clock (``ClockSpec.rest``: the pause after a round or a reveal) running out is no
  missed turn: it neither counts nor resets the count;
- **end**: the action that ends the match stores the outcome and reveals the seed and its
  nonce (``MatchEnded``), so anyone can check the seed commitment of the start.
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from engine.core import Game, IllegalAction, State, Timeout
from engine.events import Event
from services import errors
from services.games import contract_for
from services.rooms import bot_seats, paces
from services.rooms.clocks import compute_deadlines, resting
from services.rooms.events import MatchEnded, SeatTakenBack, SeatTakenOver
from services.rooms.records import (
    Change,
    DeadlineRecord,
    EntryKind,
    Followup,
    LogEntry,
    RoomRecord,
    RoomStatus,
    Source,
)

S = TypeVar("S", bound=State)
A = TypeVar("A")
V = TypeVar("V")

_ENTRY_KINDS = {
    Source.PLAYER: EntryKind.ACTION,
    Source.TIMEOUT: EntryKind.TIMEOUT,
    Source.BOT: EntryKind.BOT,
}


def check_may_act(current: RoomRecord, seat: int, source: Source, now: float) -> None:
    """Raise the room error if ``source`` may not act for ``seat`` in the room now."""
    if current.status is RoomStatus.FINISHED:
        raise errors.precondition("the match is over", "MATCH_FINISHED")
    if current.status is not RoomStatus.PLAYING or current.state is None:
        raise errors.precondition("the match has not started", "MATCH_NOT_STARTED")
    if source is not Source.PLAYER and current.paused is not None:
        raise errors.precondition("the table is paused", "NOT_DUE")
    if source is Source.TIMEOUT and not any(
        d.seat == seat and d.clock != bot_seats.BOT_CLOCK and d.expire <= now
        for d in current.deadlines
    ):
        raise errors.precondition("no clock has run out for that seat", "NOT_DUE")
    if source is Source.BOT and not bot_seats.is_bot(current.seats[seat]):
        raise errors.precondition("that seat is not a bot's", "NOT_A_BOT")


def plan_action(
    current: RoomRecord,
    game: Game[S, A, V],
    seat: int,
    action: A | Timeout,
    *,
    source: Source,
    version: int | None,
    now: float,
) -> Change:
    """The change ``action`` by ``seat`` makes to the room (see the module docstring).

    ``version`` is the match version the actor based the action on (None: any), ``now`` the
    server time. Raises :class:`~services.errors.RoomError`.
    """
    check_may_act(current, seat, source, now)
    assert current.state is not None
    contract = contract_for(game.info.id)
    before = game.decode(current.state)
    try:
        transition = game.apply(before, seat, action, version=version)
    except IllegalAction as exc:
        raise errors.from_illegal(exc) from None
    new = transition.state
    events: list[Event] = list(transition.events)
    outcome = game.outcome(new)
    seats = list(current.seats)
    room_changed = False
    # Consecutive timeouts: a player who keeps missing their turn gets a bot.
    timeouts = dict(current.timeouts)
    here = seats[seat]
    if source is Source.TIMEOUT and not resting(game, before, seat):
        timeouts[seat] = timeouts.get(seat, 0) + 1
        limit = current.meta.takeover_after
        if limit and here is not None and not here.is_bot and timeouts[seat] >= limit:
            seats[seat] = bot_seats.taken_over(here, bot_seats.room_bot_level(seats))
            events.append(SeatTakenOver(seat))
            room_changed = True
    elif source is Source.PLAYER:
        timeouts.pop(seat, None)
        if here is not None and here.away:  # the player is back
            seats[seat] = bot_seats.taken_back(here)
            events.append(SeatTakenBack(seat))
            room_changed = True
    banks = _banks_after(current, game, before, seat, source, now)
    # Bots remember what their seat saw.
    memories = bot_seats.observe(game, tuple(seats), events, current.memories)
    assert current.seed is not None and current.nonce is not None
    deadlines: tuple[DeadlineRecord, ...] = compute_deadlines(
        game,
        current.meta,
        tuple(seats),
        new,
        current.deadlines,
        seat,
        now,
        seed=current.seed,
        memories=memories,
        pace=current.pace,
        banks=banks,
    )
    status = RoomStatus.PLAYING
    stored_outcome = current.outcome
    if outcome is not None:
        status = RoomStatus.FINISHED
        events.append(MatchEnded(current.seed, current.nonce))
        stored_outcome = contract.outcome_to_data(outcome)
        room_changed = True
    encoded = game.encode(new)
    room = dataclasses.replace(
        current,
        seats=tuple(seats),
        status=status,
        version=new.version,
        state=encoded,
        deadlines=deadlines,
        outcome=stored_outcome,
        timeouts=timeouts,
        memories=memories,
        banks=banks,
        human_at=now if source is Source.PLAYER else current.human_at,
        paused=None if source is Source.PLAYER else current.paused,  # a human is back
    )
    entry = LogEntry(
        EntryKind.FINISHED if outcome is not None else _ENTRY_KINDS[source],
        actor=seat,
        version=new.version,
        action=None if source is Source.TIMEOUT else contract.action_to_data(action),
        events=contract.encode_events(events),
        state=encoded,
        room=room.room_part() if room_changed else None,
        deadlines=deadlines,
        timeout=source is Source.TIMEOUT,
    )
    return Change(
        room,
        entry,
        followups=(Followup.RETIRE_CODE,) if outcome is not None else (),
        renews=source is Source.PLAYER,
        events=tuple(events),
    )


def _banks_after(
    current: RoomRecord, game: Game[S, A, V], before: S, seat: int, source: Source, now: float
) -> dict[int, float]:
    """The seats' time banks after ``seat``'s decision (turn-based rooms only): what the
    decision took beyond the limit is drawn from the bank; a timeout (not a rest's) spends
    it all."""
    pace = current.pace
    if pace is None or not pace.turn_based or pace.bank <= 0 or resting(game, before, seat):
        return current.banks
    left = paces.bank_left(pace, current.banks, seat)
    if source is Source.TIMEOUT:
        return {**current.banks, seat: 0.0}
    running = [d for d in current.deadlines if d.seat == seat and d.clock != bot_seats.BOT_CLOCK]
    if source is not Source.PLAYER or not running:
        return current.banks
    took = now - (running[0].expire - running[0].length)
    return {**current.banks, seat: paces.spend_bank(pace, bank_left=left, took=took)}
