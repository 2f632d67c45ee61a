"""The CLI renders Tomy's server-told stories (``TomyTemplateStory``: template number, breed,
place) in its reader's language from the catalogues, whatever the room's language: an
English reader in a French room reads English, a French reader French (issue 18)."""

from __future__ import annotations

import re

import pytest
from cercle.v1 import game_pb2

import i18n
from clients.i18n import Tr
from clients.render import Context
from clients.render.messages import learn_catalogue
from clients.render.text import (
    Style,
)
from clients.render.tomy import story_bank_size, tomy_event, tomy_table
from engine import registry
from engine.core import Timeout
from engine.games.tomy import cards as tomy_data
from engine.games.tomy.events import StoryProposed
from services.games import contract_for

GAME = registry.get("tomy")
CONTRACT = contract_for("tomy")


def _context(lang: str) -> Context:
    ctx = Context("tomy", Tr(lang), Style(False))
    learn_catalogue(CONTRACT.catalogue_to_proto(GAME.catalogue()), ctx)
    return ctx


def _told_in_a_french_room() -> tuple[StoryProposed, game_pb2.View]:
    """A story the server tells when the leash holder's clock runs out, in a French room."""
    state = GAME.new_match(GAME.validate_options({"language": "FR"}), 4, seed=3)
    seat = GAME.pending(state)[0].seat
    after = GAME.apply(state, seat, Timeout())
    told = next(e for e in after.events if isinstance(e, StoryProposed))
    return told, CONTRACT.view_to_proto(GAME.view(after.state, None))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_template_story_is_told_in_the_readers_language(lang: str) -> None:
    told, view = _told_in_a_french_room()
    assert told.template is not None and told.text is None
    breed, place = tomy_data.BREEDS[told.column], tomy_data.PLACES[told.location]
    name, where, foreign = (
        (breed.name_en, place.en, place.fr) if lang == "en" else (breed.name_fr, place.fr, place.en)
    )
    expected = i18n.catalogue(lang)(
        f"my-story-{told.template.number}",
        breed=name,
        place=where,
        Place=where[:1].upper() + where[1:],
    )
    ctx = _context(lang)
    line = tomy_event(CONTRACT.event_to_proto(told).tomy, ctx)
    assert line is not None and expected in line, line
    assert name in expected and where[1:] in expected
    assert foreign[1:] not in line and "my-story" not in line
    table = "\n".join(tomy_table(view.tomy, ctx))
    assert expected in table and "my-story" not in table


def test_the_bank_has_the_same_numbered_templates_in_every_language() -> None:
    banks = {}
    for lang in i18n.available():
        text = (i18n.locales_dir() / lang / "tomy.ftl").read_text()
        banks[lang] = sorted(int(n) for n in re.findall(r"^my-story-(\d+) =", text, re.M))
        assert story_bank_size(_context(lang)) == tomy_data.STORY_TEMPLATES
    assert set(map(tuple, banks.values())) == {tuple(range(tomy_data.STORY_TEMPLATES))}


def test_a_template_number_the_client_does_not_know_is_taken_modulo_its_bank() -> None:
    told, _ = _told_in_a_french_room()
    message = CONTRACT.event_to_proto(told).tomy
    ctx = _context("en")
    line = tomy_event(message, ctx)
    message.story_proposed.template.number += tomy_data.STORY_TEMPLATES  # a newer server
    assert tomy_event(message, ctx) == line
