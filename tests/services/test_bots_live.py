"""Bots in live server matches: "me + bots" through QuickMatch, one scripted human, every
game, bots moving through the same action path on the replicas' timer loops."""

from __future__ import annotations

import random

import pytest

from clients.api_error import ApiError
from clients.sdk import Client
from tests.services.play import RACE_REASONS
from tests.services.tables import table_with_bots

GAMES = {"tomahawk": 3, "tamashii": 2, "tomy": 2, "awimbawe": 1}


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_one_human_and_bots_finish_a_match(replicas: list[str], game_id: str) -> None:
    human = Client(replicas[0])
    rng = random.Random(3)
    try:
        await human.login("Human")
        if game_id == "tomahawk":
            # Bots at full speed: no reaction window for the person (a quick match has the
            # default 2 s, which would make a whole match last minutes; the window has its
            # own tests, tests/services/test_reaction_window.py).
            room = await table_with_bots(
                human,
                game_id,
                players=1 + GAMES[game_id],
                bot_level="strong",
                options={"reaction_seconds": 0},
                private=True,
                bot_delay=0.0,
            )
            seat = 0
        else:
            joined = await human.quick_match(
                game_id, bots=GAMES[game_id], bot_level="strong", bot_delay=0.0
            )
            room, seat = joined.room, joined.seat
        assert seat == 0 and room.status == 2  # ROOM_STATUS_PLAYING
        assert [s.kind for s in room.seats[1:]] == [2] * GAMES[game_id]  # SEAT_KIND_BOT
        moves = 0
        async for update in human.updates(room.room_id):
            if update.HasField("outcome"):
                break
            if 0 not in update.waiting_for:
                continue
            legal = await human.legal(room.room_id)
            if not legal.actions:
                continue
            try:
                await human.act(room.room_id, rng.choice(list(legal.actions)), legal.version)
                moves += 1
            except ApiError as exc:
                assert exc.reason in RACE_REASONS
        replay = await human.replay(room.room_id)
        kinds = {step.seat for step in replay.steps}
        assert kinds >= {1}, "the bots played"
        assert game_id == "tamashii" or moves > 0
    finally:
        await human.close()
