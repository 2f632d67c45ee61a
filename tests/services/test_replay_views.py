"""Each GetReplay step carries the table after it as a spectator saw it (ReplayStep.view).

Two real replicas, one real Valkey, real channels: a spectator follows the match live, and
once it is over every replay step's view is exactly the view that spectator was sent for
the same update, never a seat's (no hand, no face-down card, no sealed vote); the views
rebuilt from the seed and the steps through the engine are the same. Pages with views stay
under the byte limit.
"""

from __future__ import annotations

import random

import pytest
from cercle.v1 import game_pb2

from clients.options import plain_options
from clients.sdk import Client
from engine import registry
from engine.core import State, Timeout
from services.api.proto_messages import view_message
from services.api.replays import MAX_PAGE_BYTES, STEP_OVERHEAD
from services.games import contract_for
from tests.services.play import Seat, open_table, play_randomly, stop_all, subscribe_all, wait_for

TABLES = {
    "tomahawk": (3, {"target_score": "40", "turn_seconds": "0"}),
    "tamashii": (2, {"decision_seconds": "0", "memory_aid": "true"}),  # seats' own peeks
    "tomy": (3, {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"}),
    "awimbawe": (2, {"decision_seconds": "0"}),
}


@pytest.mark.parametrize("game_id", sorted(TABLES))
async def test_each_replay_step_shows_the_table_a_spectator_saw(
    replicas: list[str], game_id: str
) -> None:
    players, options = TABLES[game_id]
    room_id, seats = await open_table(replicas, game_id, players, options)
    watcher = Client(replicas[1])
    await watcher.login("Watcher")
    joined = await watcher.join(room_id, spectator=True)
    assert not joined.HasField("seat")
    spectator = Seat(watcher, -1)
    try:
        await subscribe_all(room_id, [*seats, spectator])
        await play_randomly(room_id, seats, random.Random(3))
        final = await seats[0].client.view(room_id)
        await wait_for(lambda: spectator.updates and spectator.updates[-1].seq == final.room.seq)
        replay = await watcher.replay(room_id)
    finally:
        await stop_all([*seats, spectator])

    live = {u.seq: u.view for u in spectator.updates if u.HasField("view")}
    seen = {
        seat.seat: {u.seq: u.view for u in seat.updates if u.HasField("view")} for seat in seats
    }
    game, contract = registry.get(game_id), contract_for(game_id)
    state: State = game.new_match(
        game.validate_options(plain_options(replay.match.options)), players, replay.match.seed
    )
    private_views = 0
    assert replay.steps
    for step in replay.steps:
        assert step.HasField("view"), f"seq {step.seq}: no view"
        assert step.view == live[step.seq], f"seq {step.seq}: not what the spectator saw"
        action = Timeout() if step.timeout else contract.action_from_proto(step.action)
        state = game.apply(state, step.seat, action, version=state.version).state
        assert step.view == view_message(game, state, None), f"seq {step.seq}: not the state's"
        table = getattr(step.view, game_id)
        fields = table.DESCRIPTOR.fields_by_name
        if "seat" in fields:
            assert not table.HasField("seat"), "a spectator's view names no seat"
        for secret in ("hand", "my_peeks", "my_vote"):  # what only a seat's own view holds
            if secret in fields:
                assert (
                    not table.HasField(secret)
                    if secret == "my_vote"
                    else not getattr(table, secret)
                ), f"seq {step.seq}: {secret} in a replay step"
        # The seats' own views of the same moment held more (their hands): a real difference.
        private_views += sum(
            by_seat.get(step.seq, step.view) != step.view for by_seat in seen.values()
        )
    assert private_views > 0, "the seats' views held nothing a spectator's did not?"


async def test_pages_with_views_stay_under_the_byte_limit(replicas: list[str]) -> None:
    room_id, seats = await open_table(replicas, "tomahawk", 4, TABLES["tomahawk"][1])
    try:
        await play_randomly(room_id, seats, random.Random(8))
        client = seats[0].client
        pages: list[game_pb2.GetReplayResponse] = []
        token = ""
        while not pages or token:
            page = await client.replay_page(room_id, page_size=40, page_token=token)
            pages.append(page)
            token = page.next_page_token
        whole = await client.replay_page(room_id)
    finally:
        await stop_all(seats)
    steps = [s for p in pages for s in p.steps]
    assert steps == list(whole.steps) and all(s.HasField("view") for s in steps)
    for page in pages:
        cost = sum(s.ByteSize() + STEP_OVERHEAD for s in page.steps)
        assert cost <= MAX_PAGE_BYTES and 1 <= len(page.steps) <= 40
    bare = [game_pb2.ReplayStep() for _ in steps]
    for plain, step in zip(bare, steps, strict=True):
        plain.CopyFrom(step)
        plain.ClearField("view")
    with_views = game_pb2.GetReplayResponse(steps=steps).ByteSize()
    assert with_views > 1.5 * game_pb2.GetReplayResponse(steps=bare).ByteSize(), "views count"
