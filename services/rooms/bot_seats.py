"""Bot seats: a bot's decisions from its seat's view, what it remembers, and the takeover of
the seat of a player who keeps missing their turn. Pure: no Redis, no asyncio, no clock.

A bot decides from its seat's view only (``game.view(state, seat)``), with randomness drawn
from the secret match seed (:func:`bot_rng`), so a match with bots replays exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from engine.bots import make_bot
from engine.core import Game, State
from engine.events import Event
from engine.rng import Rng
from services.games import contract_for
from services.rooms.records import DeadlineRecord, SeatKind, SeatRecord, Seats

BOT_CLOCK = "bot"
"""The deadline kind of a bot's next move (not a player clock: views do not show it)."""
TAKEOVER_LEVEL = "strong"
"""The level of the bot that plays for an absent player in a room without bots."""
BOTS_ONLY_MIN_DELAY = 1.0
"""Seconds a bot waits at least before it moves at a table of bots alone (every seat a
bot's, taken-over seats included), whatever the room's bot delay: nobody plays there, so
nobody waits for speed, and such a table costs the server at most one move per bot per
second however it is watched."""


def bot_rng(seed: int, seat: int, version: int) -> Rng:
    """A bot's randomness for one decision: derived from the secret match seed."""
    return Rng.from_seed((seed * 1_000_003 + seat * 65_537 + version) & ((1 << 64) - 1))


def is_bot(seat: SeatRecord | None) -> bool:
    return seat is not None and seat.is_bot


def bots_only(seats: Sequence[SeatRecord | None]) -> bool:
    """True if no human plays at the table now: every seat is a bot's (a seat a bot keeps for
    an absent player counts as a bot's)."""
    return all(seat is not None and seat.is_bot for seat in seats)


def people(seats: Sequence[SeatRecord | None]) -> frozenset[int]:
    """The seats a person plays now (not a bot's, not one a bot keeps for an absent player).

    >>> sorted(people([SeatRecord("a", "A"), new_bot(1, "random", "x"), None]))
    [0]
    """
    return frozenset(i for i, seat in enumerate(seats) if seat is not None and not seat.is_bot)


def bot_delay(room_delay: float, seats: Sequence[SeatRecord | None]) -> float:
    """The seconds a bot waits before it moves: the room's bot delay, at least
    :data:`BOTS_ONLY_MIN_DELAY` at a table of bots alone.

    >>> human, bot = SeatRecord("a", "A"), new_bot(1, "random", "x")
    >>> bot_delay(0.0, [human, bot]), bot_delay(0.0, [bot, bot]), bot_delay(5.0, [bot, bot])
    (0.0, 1.0, 5.0)
    """
    return max(room_delay, BOTS_ONLY_MIN_DELAY) if bots_only(seats) else room_delay


def new_bot(index: int, level: str, token: str) -> SeatRecord:
    """A bot of ``level`` for seat ``index`` (``token``: a few random characters that make
    its player id unique)."""
    return SeatRecord(
        player_id=f"bot-{index}-{token}",
        name="",  # a bot has no name: clients word it (Seat.bot_number) in their language
        kind=SeatKind.BOT,
        ready=True,
        level=level,
    )


def room_bot_level(seats: Sequence[SeatRecord | None]) -> str:
    """The level of the bots the host seated (the first bot seat's, taken-over seats
    aside), else :data:`TAKEOVER_LEVEL`: an absent player's bot plays like the room's."""
    for seat in seats:
        if seat is not None and seat.is_bot and not seat.away and seat.level:
            return seat.level
    return TAKEOVER_LEVEL


def taken_over(seat: SeatRecord, level: str = TAKEOVER_LEVEL) -> SeatRecord:
    """The seat once a bot of ``level`` plays for its absent human."""
    return dataclasses.replace(seat, kind=SeatKind.BOT, level=level, away=True)


def taken_back(seat: SeatRecord) -> SeatRecord:
    """The seat once its human acts again."""
    return dataclasses.replace(seat, kind=SeatKind.HUMAN, level=None, away=False)


def reflex(
    game: Game[Any, Any, Any],
    state: State,
    index: int,
    seat: SeatRecord,
    memory: Any,
    seed: int,
) -> list[Any] | None:
    """The out-of-turn call a bot seat wants to make now (the contract's stored form of the
    action), if any: a bot that is not waited for may still have a legal action."""
    legal = game.legal_actions(state, index)
    if not legal:
        return None
    bot = make_bot(game, seat.level or "random")
    action = bot.reflex(game.view(state, index), legal, memory, bot_rng(seed, index, state.version))
    if action is None:
        return None
    return contract_for(game.info.id).action_to_data(action)


def decide(
    game: Game[Any, Any, Any],
    state: State,
    deadline: DeadlineRecord,
    seat: SeatRecord | None,
    memory: Any,
    seed: int,
) -> Any | None:
    """The action a bot takes when its deadline falls due: the out-of-turn call stored with
    the deadline, or its choice among its legal actions (None: it has none any more)."""
    if deadline.action is not None:
        return contract_for(game.info.id).action_from_data(deadline.action)
    legal = game.legal_actions(state, deadline.seat)
    if not legal or seat is None:
        return None
    bot = make_bot(game, seat.level or "random")
    return bot.choose(
        game.view(state, deadline.seat),
        legal,
        memory,
        bot_rng(seed, deadline.seat, state.version),
    )


def observe(
    game: Game[Any, Any, Any], seats: Seats, events: Sequence[Event], memories: Mapping[int, Any]
) -> dict[int, Any]:
    """Every bot seat's memory once it has seen the events its seat may see."""
    out = dict(memories)
    for index, here in enumerate(seats):
        if here is not None and here.is_bot:
            seen = [e for e in events if e.visible_to(index)]
            bot = make_bot(game, here.level or "random")
            out[index] = bot.observe(out.get(index), index, seen)
    return out
