"""Tomy's server-told stories cross the wire as typed references (``TomyTemplateStory``:
template number, breed, place), not as text in the room's language, so that each reader
renders them in their own (issue 18): a bot's story reaches a subscriber that way, and a
player who sends the listed template story back is told the same way."""

from __future__ import annotations

import random

from cercle.v1 import tomy_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from engine.games.tomy import cards as tomy_data
from tests.services.play import RACE_REASONS


async def test_a_bot_story_reaches_a_subscriber_as_a_typed_template(replicas: list[str]) -> None:
    human = Client(replicas[0])
    rng = random.Random(5)
    try:
        await human.login("Ana")
        joined = await human.quick_match("tomy", bots=2, bot_level="strong", bot_delay=0.0)
        room_id = joined.room.room_id
        assert joined.room.options.tomy.language == tomy_pb2.TOMY_LANGUAGE_FR  # its language
        bot_stories: list[tomy_pb2.TomyEvent.StoryProposed] = []
        mine: list[tomy_pb2.TomyEvent.StoryProposed] = []
        async for update in human.updates(room_id):
            for event in update.events:
                if event.tomy.HasField("story_proposed"):
                    told = event.tomy.story_proposed
                    (mine if told.seat == 0 else bot_stories).append(told)
            if (bot_stories and mine) or update.HasField("outcome"):
                break
            if 0 not in update.waiting_for:
                continue
            legal = await human.legal(room_id)
            proposals = [a for a in legal.actions if a.tomy.HasField("propose")]
            choice = proposals[0] if proposals else rng.choice(list(legal.actions))
            try:
                await human.act(room_id, choice, legal.version)
            except ApiError as exc:
                assert exc.reason in RACE_REASONS
        assert bot_stories and mine
        for told in bot_stories + mine:
            assert told.WhichOneof("story") == "template"
            assert 0 <= told.template.number < tomy_data.STORY_TEMPLATES
            breed = tomy_data.BREEDS[told.column].key
            assert told.template.breed == tomy_pb2.TomyBreed.Value(f"TOMY_BREED_{breed.upper()}")
            assert told.template.location == told.location
        # The view carries the same reference for the stories of the turn.
        view = await human.view(room_id)
        for proposal in view.view.tomy.proposals:
            assert proposal.WhichOneof("story") == "template"
    finally:
        await human.close()
