"""GetReplay's pages (AIP-158): a finished match's steps, a bounded page at a time.

A page holds at most ``page_size`` steps (at most :data:`MAX_STEPS`) and at most
:data:`MAX_PAGE_BYTES` of encoded steps, so it stays far below the 4 MiB a gRPC client
receives by default however long the match was. The match's own data (game, options, seed,
seats, outcome) comes once, as ``match``, on the first page. The page token
(services/pages.py) holds the seq of the page's last step and is scoped to the room and
its match, so a token of another replay or another list is refused INVALID_ARGUMENT /
INVALID_PAGE_TOKEN. A finished match's log only grows by chat entries, which are no
steps: the pages never shift.

Each step carries the table after it as a spectator saw it (``view``: the engine's view for
no seat, of the state the log entry stored), so a client redraws the table step by step
with its live table's code; the match is over, but no hand or face-down card a spectator
could not see is sent. Those views make a step a few hundred bytes to a few KB: a page of
a long match is cut by :data:`MAX_PAGE_BYTES` well before :data:`MAX_STEPS`.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import aclosing
from typing import Any

from cercle.v1 import game_pb2

from engine import registry
from engine.core import Game
from services import errors
from services.api.proto_messages import all_event_messages, room_message, room_options, view_message
from services.games import GameContract, contract_for
from services.pages import bad_token, decode_token, encode_token
from services.rooms import fair_deal
from services.rooms.facade import Rooms
from services.rooms.records import EntryKind, RoomRecord, seed_commitment

MAX_STEPS = 1000
"""The most steps of a page (and the default page size)."""
MAX_PAGE_BYTES = 256 * 1024
"""The most bytes of encoded steps in a page (a page holds at least one step; a step with
its spectator view is a few hundred bytes to a few KB, a round's end with every hand shown
more)."""
STEP_OVERHEAD = 4
"""A repeated field's tag and length prefix around each step, at most (steps < 2 MiB)."""
PLAYED = (EntryKind.ACTION, EntryKind.TIMEOUT, EntryKind.BOT, EntryKind.FINISHED)
"""The log entries of the match's steps (a replay's)."""
LIST = "replay"


def replay_page_size(requested: int) -> int:
    """The most steps to return: ``requested`` within 1..MAX_STEPS (0: MAX_STEPS)."""
    if requested < 0:
        raise errors.invalid("page_size", "page_size cannot be negative")
    return MAX_STEPS if requested == 0 else min(requested, MAX_STEPS)


async def take_page(
    steps: AsyncIterator[game_pb2.ReplayStep], size: int, budget: int = MAX_PAGE_BYTES
) -> tuple[list[game_pb2.ReplayStep], bool]:
    """The next page of ``steps``: at most ``size`` of them and ``budget`` bytes (at least
    one step), and whether more steps follow."""
    page: list[game_pb2.ReplayStep] = []
    used = 0
    async for step in steps:
        cost = step.ByteSize() + STEP_OVERHEAD
        if page and (len(page) >= size or used + cost > budget):
            return page, True
        page.append(step)
        used += cost
    return page, False


async def replay_page(
    rooms: Rooms, record: RoomRecord, player_id: str, request: game_pb2.GetReplayRequest
) -> game_pb2.GetReplayResponse:
    """One page of the replay of ``record``'s finished match, as ``player_id`` asks it."""
    assert record.seed is not None and record.nonce is not None
    size = replay_page_size(request.page_size)
    commitment = seed_commitment(record.seed, record.nonce)
    scope = f"{record.room_id}:{commitment}"
    position = decode_token(request.page_token, LIST, scope)
    after = 0.0 if position is None else position[0]
    if after < 0 or not after.is_integer():
        raise bad_token("this page token is not one the server gave: start from the first page")
    contract = contract_for(record.meta.game)
    game = registry.get(record.meta.game)
    async with aclosing(_steps(rooms, record.room_id, game, contract, int(after))) as read:
        steps, more = await take_page(read, size)
    response = game_pb2.GetReplayResponse(steps=steps)
    if more:
        response.next_page_token = encode_token(LIST, scope, (steps[-1].seq, ""))
    if position is None:
        match = response.match
        match.game_id = record.meta.game
        match.players = len(record.seats)
        match.seed = record.seed
        match.seed_nonce = record.nonce
        match.seed_commitment = commitment
        match.seats.extend(room_message(record, player_id).seats)
        match.options.CopyFrom(room_options(record.meta))
        add_deal_derivation(match.deal, record)
        if record.outcome is not None:
            match.outcome.CopyFrom(
                contract.outcome_to_proto(contract.outcome_from_data(record.outcome))
            )
    return response


async def _steps(
    rooms: Rooms, room_id: str, game: Game[Any, Any, Any], contract: GameContract, after_seq: int
) -> AsyncGenerator[game_pb2.ReplayStep, None]:
    """The match's steps after ``after_seq``, read from the log a batch at a time, each
    with the spectator's view of the state it stored."""
    cursor = after_seq
    while entries := await rooms.read_log(room_id, cursor):
        for entry in entries:
            cursor = entry.seq
            if entry.kind not in PLAYED:
                continue
            step = game_pb2.ReplayStep(
                seq=entry.seq,
                version=entry.version,
                seat=entry.actor,
                timeout=entry.timeout,
                events=all_event_messages(contract, contract.decode_events(entry.events)),
            )
            if entry.action:
                step.action.CopyFrom(
                    contract.action_to_proto(contract.action_from_data(entry.action))
                )
            if entry.state is not None:
                step.view.CopyFrom(view_message(game, game.decode(entry.state), None))
            yield step


_SOURCES = {
    fair_deal.Source.PLAYER: game_pb2.DEAL_CONTRIBUTION_SOURCE_PLAYER,
    fair_deal.Source.SERVER: game_pb2.DEAL_CONTRIBUTION_SOURCE_SERVER,
}


def add_deal_derivation(out: game_pb2.DealDerivation, room: RoomRecord) -> None:
    """Fill the replay's ``deal`` of a finished match (left unset for a room without one;
    :mod:`services.rooms.fair_deal` says what it proves)."""
    deal = fair_deal.stored(room)
    if deal is None:
        return
    out.server_secret = deal.secret
    out.server_commitment = fair_deal.secret_commitment(deal.secret)
    for seat, (contribution, source) in enumerate(
        zip(deal.contributions, deal.sources, strict=True)
    ):
        out.contributions.add(seat=seat, contribution=contribution, source=_SOURCES[source])
