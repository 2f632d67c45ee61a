"""GetReplay in pages (AIP-158): two real replicas, one real Valkey, real channels.

A finished match read page by page, alternating replicas, is the match read in one page:
the same header (on the first page only) and the same steps, which are exactly the played
entries of the room's log in Valkey. A page never holds more than its ``page_size`` steps,
nor more than ``MAX_PAGE_BYTES`` of them (checked over a long engine match's steps, since a
match through the API that long takes minutes). Bad tokens and unfinished matches are
refused with their reasons, and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable
from typing import Any

import grpc
import pytest
from cercle.v1 import game_pb2

from clients.api_error import ApiError
from engine import registry
from engine.playout import random_playout
from services.api.proto_messages import all_event_messages, view_message
from services.api.replays import MAX_PAGE_BYTES, MAX_STEPS, STEP_OVERHEAD, take_page
from services.games import contract_for
from services.pages import encode_token
from services.rooms.records import EntryKind
from services.store import Store
from tests.services.play import open_table, play_randomly, stop_all

HEADER = ("game_id", "players", "seed", "seed_nonce", "seed_commitment")
PLAYED = {EntryKind.ACTION, EntryKind.TIMEOUT, EntryKind.BOT, EntryKind.FINISHED}


async def _refused(call: Awaitable[object]) -> ApiError:
    with pytest.raises(ApiError) as refused:
        await call
    return refused.value


async def test_a_replay_read_across_pages_is_the_match_read_at_once(
    replicas: list[str], redis_url: str
) -> None:
    options = {"target_score": "40", "turn_seconds": "0"}
    room_id, seats = await open_table(replicas, "tomahawk", 4, options)
    try:
        running = await _refused(seats[1].client.replay_page(room_id))
        assert (running.code, running.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "MATCH_NOT_FINISHED",
        )
        await play_randomly(room_id, seats, random.Random(11))
        whole = await seats[1].client.replay_page(room_id)
        assert not whole.next_page_token and len(whole.steps) < MAX_STEPS, "one page"

        pages: list[game_pb2.GetReplayResponse] = []
        token = ""
        while not pages or token:
            reader = seats[len(pages) % 2].client  # replicas[0], then replicas[1]...
            page = await reader.replay_page(room_id, page_size=7, page_token=token)
            pages.append(page)
            token = page.next_page_token
        merged = await seats[2].client.replay(room_id, page_size=7)
    finally:
        await stop_all(seats)

    assert len(pages) > 3 and all(1 <= len(p.steps) <= 7 for p in pages)
    assert all(len(p.steps) == 7 for p in pages[:-1])
    first, *rest = pages
    assert first.HasField("match") and all(getattr(first.match, name) for name in HEADER)
    assert first.match.seats and first.match.HasField("outcome")
    assert first.match.HasField("options")
    for page in rest:  # the match's data comes once
        assert not page.HasField("match")
    walked = game_pb2.GetReplayResponse()
    walked.CopyFrom(first)
    for page in rest:
        walked.steps.extend(page.steps)
    walked.next_page_token = ""
    assert walked == whole
    assert merged == whole  # the SDK's replay(): every page, merged

    store = Store(redis_url)
    try:
        log = await store.rooms.read_log(room_id, 0, count=100_000)
    finally:
        await store.close()
    assert [s.seq for s in whole.steps] == [e.seq for e in log if e.kind in PLAYED]
    assert [s.version for s in whole.steps] == [e.version for e in log if e.kind in PLAYED]


async def test_bad_page_tokens_and_sizes_are_refused(replicas: list[str]) -> None:
    room_id, seats = await open_table(replicas, "awimbawe", 2, {"decision_seconds": "0"})
    try:
        await play_randomly(room_id, seats, random.Random(5))
        client = seats[0].client
        first = await client.replay_page(room_id, page_size=2)
        assert first.next_page_token
        bad_tokens = [
            "not-a-token",
            first.next_page_token[:-2],  # cut: its checksum fails
            encode_token("rooms", "", (1.0, "x")),  # another list's
            encode_token("replay", f"{room_id}:another-match", (2.0, "")),  # another replay's
            encode_token("replay", "", (2.0, "")),
        ]
        for token in bad_tokens:
            refused = await _refused(client.replay_page(room_id, page_token=token))
            assert (refused.code, refused.reason, refused.field) == (
                grpc.StatusCode.INVALID_ARGUMENT,
                "INVALID_PAGE_TOKEN",
                "page_token",
            ), token
        refused = await _refused(client.replay_page(room_id, page_size=-1))
        assert (refused.reason, refused.field) == ("INVALID_ARGUMENT", "page_size")
        # The good token still reads on, on the other replica.
        second = await seats[1].client.replay_page(room_id, 2, first.next_page_token)
        assert second.steps and second.steps[0].seq > first.steps[-1].seq
    finally:
        await stop_all(seats)


async def _steps_of_a_long_match() -> list[game_pb2.ReplayStep]:
    """Every step of a long Tomahawk match, as GetReplay renders them, with the spectator's
    view after each (several MB)."""
    game, contract = registry.get("tomahawk"), contract_for("tomahawk")
    steps: list[game_pb2.ReplayStep] = []

    def record(before: Any, seat: int, action: Any, after: Any, events: tuple[Any, ...]) -> None:
        step = game_pb2.ReplayStep(
            seq=len(steps) + 2, seat=seat, events=all_event_messages(contract, list(events))
        )
        step.action.CopyFrom(contract.action_to_proto(action))
        step.view.CopyFrom(view_message(game, after, None))
        steps.append(step)

    random_playout(game, 6, 7, options={"target_score": 2500}, on_step=record)
    return steps


async def _walk(
    steps: list[game_pb2.ReplayStep], size: int, budget: int
) -> list[list[game_pb2.ReplayStep]]:
    pages: list[list[game_pb2.ReplayStep]] = []
    start, more = 0, True
    while more:

        async def rest(at: int = start) -> AsyncIterator[game_pb2.ReplayStep]:
            for step in steps[at:]:
                yield step

        page, more = await take_page(rest(), size, budget)
        pages.append(page)
        start += len(page)
    return pages


async def test_each_page_is_bounded_in_steps_and_bytes() -> None:
    steps = await _steps_of_a_long_match()
    total = game_pb2.GetReplayResponse(steps=steps).ByteSize()
    assert total > 2 * MAX_PAGE_BYTES, "a match longer than one page's bytes"
    for size, budget in ((MAX_STEPS, MAX_PAGE_BYTES), (MAX_STEPS, 8 * 1024), (50, 8 * 1024)):
        pages = await _walk(steps, size, budget)
        assert [s for page in pages for s in page] == steps, "every step once, in order"
        for page in pages:
            assert 1 <= len(page) <= size
            assert game_pb2.GetReplayResponse(steps=page).ByteSize() <= budget
        if budget < size * 60:  # steps average over 60 bytes: the byte budget cut these pages
            assert max(len(p) for p in pages) < size
    # A step over the budget still goes, alone on its page: no page is ever empty.
    assert await _walk(steps[:2], 5, STEP_OVERHEAD) == [steps[:1], steps[1:2]]
