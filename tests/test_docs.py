"""The docs a frontend developer reads are checked against the contract, so they cannot
drift: each game's page names every event kind and every enum value of its protobuf file, and
the API guide names every RPC, room event, update kind and room change."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from cercle.v1 import game_pb2, lobby_pb2, timer_pb2

from engine import registry

ROOT = Path(__file__).resolve().parents[1]
GAMES = [g.info.id for g in registry.games()]


def _prefix(enum_name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", enum_name).upper() + "_"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_page_lists_its_events_and_vocabularies(game_id: str) -> None:
    page = (ROOT / "docs" / "games" / f"{game_id}.md").read_text(encoding="utf-8")
    module = importlib.import_module(f"cercle.v1.{game_id}_pb2")
    event = game_pb2.Event.DESCRIPTOR.fields_by_name[game_id].message_type
    assert event is not None
    for field in event.oneofs_by_name["event"].fields:
        assert f"`{field.name}`" in page, f"docs/games/{game_id}.md lacks event `{field.name}`"
    for enum in module.DESCRIPTOR.enum_types_by_name.values():
        assert f"`{enum.name}`" in page, f"docs/games/{game_id}.md lacks enum {enum.name}"
        prefix = _prefix(enum.name)
        for value in enum.values:
            if value.number == 0:
                continue
            short = value.name.removeprefix(prefix).lower()
            assert {f"`{short}`", f"`{short.upper()}`", f"`{value.name}`"} & set(
                re.findall(r"`[^`]+`", page)
            ), f"docs/games/{game_id}.md lacks {enum.name} value {short}"


def test_the_api_guide_names_every_rpc_and_shared_vocabulary() -> None:
    guide = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for file in (lobby_pb2.DESCRIPTOR, game_pb2.DESCRIPTOR, timer_pb2.DESCRIPTOR):
        for service in file.services_by_name.values():
            for method in service.methods:
                assert method.name in guide, f"docs/api.md lacks {service.name}.{method.name}"
    for field in game_pb2.RoomEvent.DESCRIPTOR.oneofs_by_name["event"].fields:
        assert f"`{field.name}`" in guide, f"docs/api.md lacks room event {field.name}"
    for enum in (game_pb2.UpdateKind, lobby_pb2.RoomChange, game_pb2.OutcomeReason):
        for name in enum.keys()[1:]:
            assert name in guide, f"docs/api.md lacks {name}"


def test_the_reference_pages_are_generated_from_the_contract() -> None:
    for name in ("common", "game", "lobby", "timer", *GAMES):
        page = ROOT / "docs" / "reference" / f"{name}.md"
        assert page.exists(), page
    assert "TomahawkEvent.CardPlayed" in (ROOT / "docs/reference/tomahawk.md").read_text()
