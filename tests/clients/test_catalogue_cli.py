"""The CLI lists each game's cards from the server's catalogue (``cercle cards GAME`` and the
in-game ``c``), in both languages, with no table of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from cercle.v1 import lobby_pb2

from clients.catalogue import catalogue_lines
from clients.i18n import Tr
from clients.render import Context, Style
from clients.sdk import Client
from deploy.local.cluster import start_replica
from engine import registry
from services.games import contract_for

GAMES = [g.info.id for g in registry.games()]


def _wire(game_id: str) -> lobby_pb2.GetGameCatalogueResponse:
    return contract_for(game_id).catalogue_to_proto(registry.get(game_id).catalogue())


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_game_catalogue_reads_in_words(game_id: str, lang: str) -> None:
    lines = catalogue_lines(_wire(game_id), Context(game_id, Tr(lang), Style(False)))
    text = "\n".join(lines)
    assert len(lines) >= 3
    # no raw message id, enum name or unfilled variable reaches the reader
    for raw in ("cards-", "tt-", "tm-", "my-", "aw-", "UNSPECIFIED", "{", "None"):
        assert raw not in text, (raw, text)


def test_the_catalogues_say_what_the_printed_material_says() -> None:
    tr = Tr("en")
    tomahawk = "\n".join(catalogue_lines(_wire("tomahawk"), Context("tomahawk", tr, Style(False))))
    assert "136 cards" in tomahawk and "Bison" in tomahawk and "the next player draws 2" in tomahawk
    tamashii = catalogue_lines(_wire("tamashii"), Context("tamashii", tr, Style(False)))
    assert len([line for line in tamashii if "needs" in line]) == 6  # TM-PEEK-1: whole faces
    awimbawe = "\n".join(catalogue_lines(_wire("awimbawe"), Context("awimbawe", tr, Style(False))))
    assert "28 cards" in awimbawe and "Snake" in awimbawe and "paralyse" in awimbawe


async def test_cards_come_from_get_game_catalogue(redis_url: str, tmp_path: Path) -> None:
    replica = start_replica(redis_url, tmp_path, name="replica-cards")
    client = Client(f"127.0.0.1:{replica.port}")
    try:
        response = await client.catalogue("tomy")
    finally:
        await client.close()
        replica.stop()
    lines = catalogue_lines(response, Context("tomy", Tr("fr"), Style(False)))
    assert lines[0].startswith("96 cartes chien")
