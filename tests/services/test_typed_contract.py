"""The contract is typed end to end: every event of every game, every outcome and every
catalogue crosses the wire as typed messages and comes back equal; no Struct, no
language-suffixed field; texts come from the message catalogues in the caller's language."""

from __future__ import annotations

import dataclasses
import re
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from cercle.v1 import common_pb2, game_pb2, lobby_pb2, lobby_pb2_grpc
from google.protobuf.descriptor import Descriptor, FileDescriptor

import i18n
from deploy.local.cluster import Proc, start_replica
from engine import registry
from engine.core import Game
from engine.events import Event
from engine.playout import random_playout, seeded_match_events
from services.games import contract_for
from services.games.convert import from_proto
from services.rooms.events import ROOM_EVENT_TYPES

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g.info.id for g in registry.games()]
FILES: list[FileDescriptor] = [
    common_pb2.DESCRIPTOR,
    game_pb2.DESCRIPTOR,
    lobby_pb2.DESCRIPTOR,
    *(game_pb2.DESCRIPTOR.dependencies),
]


def _messages(descriptors: Any) -> Iterator[Descriptor]:
    for message in descriptors:
        yield message
        yield from _messages(message.nested_types)


def test_no_struct_and_no_language_suffixed_field_anywhere_in_the_contract() -> None:
    text = "\n".join(p.read_text() for p in (ROOT / "protos").rglob("*.proto"))
    assert "google.protobuf.Struct" not in text
    assert "google/protobuf/struct.proto" not in text
    for file in FILES:
        for message in _messages(file.message_types_by_name.values()):
            for field in message.fields:
                assert not re.search(r"_(en|fr)$", field.name), f"{message.full_name}.{field.name}"
                if field.message_type is not None:
                    assert field.message_type.full_name not in (
                        "google.protobuf.Struct",
                        "google.protobuf.Value",
                        "google.protobuf.ListValue",
                    ), f"{message.full_name}.{field.name}"


def _seeded_events(game: Game[Any, Any, Any], seeds: Iterable[int]) -> list[Event]:
    return [e for seed in seeds for e in seeded_match_events(game, seed)]


CHEAP = frozenset({"tamashii", "tomahawk"})
"""Games whose strong bots decide in microseconds: 40 seeds, every even one played by them."""
FEW: tuple[int, ...] = (0, *range(1, 161, 2))
"""Elsewhere (Awimbawé's and Tomy's strong bots search: up to 14 s a match) one match of strong
bots and 80 random ones, which produce every event class too (40 seeds took 135 s)."""


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_class_is_produced_and_round_trips_through_the_wire(game_id: str) -> None:
    game = registry.get(game_id)
    contract = contract_for(game_id)
    assert game.event_types, f"{game_id} declares no event classes"
    game_event = game_pb2.Event.DESCRIPTOR.fields_by_name[game_id].message_type
    assert game_event is not None
    oneof = game_event.oneofs_by_name
    fields = {f.name for f in oneof["event"].fields}
    missing = {cls.kind for cls in game.event_types} - fields
    assert not missing, f"event classes without a message: {missing}"
    events = _seeded_events(game, range(40)) if game_id in CHEAP else _seeded_events(game, FEW)
    produced = {type(e) for e in events}
    reachable = set(game.event_types) - set(game.dormant_events)
    never = {cls.__name__ for cls in reachable} - {cls.__name__ for cls in produced}
    assert not never, f"{game_id}: never produced in the seeded matches: {never}"
    for event in events:
        message = contract.event_to_proto(event)
        assert message.private == (event.audience is not None)
        assert message.WhichOneof("event") == game_id
        back = contract.event_from_proto(game_pb2.Event.FromString(message.SerializeToString()))
        assert back == dataclasses.replace(event, audience=None), event.kind
        assert contract.decode_events(contract.encode_events([event])) == [event]


def test_room_events_round_trip_and_never_clash_with_a_game_event() -> None:
    for game_id in GAMES:
        contract = contract_for(game_id)
        game_kinds = {cls.kind for cls in contract.events}
        assert not game_kinds & {cls.kind for cls in ROOM_EVENT_TYPES}
    contract = contract_for(GAMES[0])
    samples = []
    for cls in ROOM_EVENT_TYPES:
        values: dict[str, Any] = {
            f.name: (7 if f.type in (int, "int") else True if f.type in (bool, "bool") else "p-123")
            for f in dataclasses.fields(cls)
            if f.name != "audience"
        }
        samples.append(cls(**values))
    room_fields = {f.name for f in game_pb2.RoomEvent.DESCRIPTOR.oneofs_by_name["event"].fields}
    assert {cls.kind for cls in ROOM_EVENT_TYPES} == room_fields
    for event in samples:
        message = contract.event_to_proto(event)
        assert message.WhichOneof("event") == "room"
        assert contract.event_from_proto(message) == event
        assert contract.decode_events(contract.encode_events([event])) == [event]


@pytest.mark.parametrize("game_id", GAMES)
def test_outcome_and_catalogue_are_typed_and_round_trip(game_id: str) -> None:
    game = registry.get(game_id)
    contract = contract_for(game_id)
    assert game.outcome_type is not None
    for seed in range(4):
        players = min(game.info.min_players + seed % 2, game.info.max_players)
        state, _ = random_playout(game, players, seed)
        outcome = game.outcome(state)
        assert outcome is not None
        assert isinstance(outcome.detail, game.outcome_type)
        message = contract.outcome_to_proto(outcome)
        assert message.reason != game_pb2.OUTCOME_REASON_UNSPECIFIED
        assert message.WhichOneof("detail") == game_id
        assert from_proto(getattr(message, game_id), game.outcome_type) == outcome.detail
        assert contract.outcome_from_data(contract.outcome_to_data(outcome)) == outcome
    catalogue = game.catalogue()
    wire = contract.catalogue_to_proto(catalogue)
    assert wire.WhichOneof("catalogue") == game_id
    assert from_proto(getattr(wire, game_id), type(catalogue)) == catalogue


# -- over a real replica ------------------------------------------------------------------------


async def test_list_games_speaks_the_callers_language(replicas: list[str]) -> None:
    async with grpc.aio.insecure_channel(replicas[0]) as channel:
        lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
        fr = await lobby.ListGames(lobby_pb2.ListGamesRequest(language_code="fr-CA"))
        en = await lobby.ListGames(lobby_pb2.ListGamesRequest(language_code="en"))
        header = await lobby.ListGames(
            lobby_pb2.ListGamesRequest(), metadata=(("accept-language", "de-DE, fr;q=0.5"),)
        )
        unknown = await lobby.ListGames(lobby_pb2.ListGamesRequest(language_code="de"))
    tomahawk_fr = next(g for g in fr.games if g.game_id == "tomahawk")
    tomahawk_en = next(g for g in en.games if g.game_id == "tomahawk")
    assert tomahawk_fr.language_code == "fr" and tomahawk_en.language_code == "en"
    assert tomahawk_fr.summary == i18n.catalogue("fr")("game-tomahawk-summary")
    assert tomahawk_en.summary == i18n.catalogue("en")("game-tomahawk-summary")
    assert tomahawk_fr.summary != tomahawk_en.summary
    assert [g.summary for g in header.games] == [g.summary for g in fr.games]
    assert [g.summary for g in unknown.games] == [g.summary for g in en.games]
    for game in fr.games:
        assert game.summary and not game.summary.startswith("game-")
        for option in game.options:
            assert option.description and not option.description.startswith("game-")
            assert all(
                c.value and c.label and not c.label.startswith("game-") for c in option.choices
            )
            assert not option.may_be_unset or not option.unset_label.startswith("game-")
        for clock in game.clocks:
            assert clock.clock != common_pb2.CLOCK_KIND_UNSPECIFIED
            assert clock.on_timeout and not clock.on_timeout.startswith("game-")


def _pseudo(text: str) -> str:
    """A pseudo-localisation: accented letters, brackets to show truncation."""
    table = str.maketrans("aeiouAEIOU", "àéîõüÀÉÎÕÜ")
    return "[" + text.translate(table) + "]"


@pytest.fixture
def pseudo_locales(tmp_path: Path) -> Path:
    """The shipped catalogues plus a pseudo-locale `en-XA` made from the English files: a
    language added by adding files only."""
    root = tmp_path / "locales"
    shutil.copytree(i18n.locales_dir(), root)
    (root / "en-XA").mkdir()
    for path in (root / "en").glob("*.ftl"):
        lines = []
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r"^([A-Za-z][\w-]*) = (.*)$", line)
            if match and "{" not in match.group(2):
                line = f"{match.group(1)} = {_pseudo(match.group(2))}"
            lines.append(line)
        (root / "en-XA" / path.name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


async def test_a_pseudo_locale_is_served_from_files_alone(
    redis_url: str, tmp_path: Path, pseudo_locales: Path
) -> None:
    proc: Proc = start_replica(
        redis_url, tmp_path, name="replica-pseudo", env={"CERCLE_LOCALES": str(pseudo_locales)}
    )
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{proc.port}") as channel:
            lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
            response = await lobby.ListGames(lobby_pb2.ListGamesRequest(language_code="en-XA"))
    finally:
        proc.stop()
    english = i18n.catalogue("en")
    game = next(g for g in response.games if g.game_id == "tamashii")
    assert game.language_code == "en-XA"
    assert game.summary == _pseudo(english("game-tamashii-summary"))
    assert game.options[0].description == _pseudo(
        english(f"game-tamashii-option-{game.options[0].name}")
    )


async def test_get_game_catalogue_over_the_wire(replicas: list[str]) -> None:
    async with grpc.aio.insecure_channel(replicas[1]) as channel:
        lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
        for game_id in GAMES:
            response = await lobby.GetGameCatalogue(
                lobby_pb2.GetGameCatalogueRequest(game_id=game_id)
            )
            assert response.WhichOneof("catalogue") == game_id
            assert response == contract_for(game_id).catalogue_to_proto(
                registry.get(game_id).catalogue()
            )
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await lobby.GetGameCatalogue(lobby_pb2.GetGameCatalogueRequest(game_id="chess"))
        assert (
            refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        )  # UNKNOWN_GAME, as CreateRoom
