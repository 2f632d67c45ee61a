"""What a game needs beyond its engine package before rooms can play it: the checklist of
``docs/architecture.md`` ("Adding a fifth game"), as code.

``missing(game)`` lists the ids of the items a registered game still lacks; it is empty for
every game the project ships (``tests/test_new_game.py`` checks it, and that a toy game
defined in the test lacks exactly the items outside the engine).

    .venv/bin/python tools/game_checklist.py            # every registered game
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gen" / "python"))

from cercle.v1 import common_pb2, game_pb2, lobby_pb2

from engine import registry
from engine.core import Game, State
from engine.events import Event
from i18n import _bundle, available, locales_dir
from services.games.options import mismatches
from tools.scaffold_game_proto import GAME_NAMES

ROOT = Path(__file__).resolve().parents[1]

CHECKLIST: dict[str, str] = {
    "engine-package": "engine/games/<id>/ registers a Game whose state is a State dataclass "
    "and which declares action_types, event_types and outcome_type",
    "scaffold-name": "tools/scaffold_game_proto.py: GAME_NAMES names the game's proto prefix",
    "proto-messages": "protos/cercle/v1/<id>.proto: <Name>Action, <Name>Event, <Name>View, "
    "<Name>Outcome, <Name>Catalogue (scaffolded, then reviewed) and <Name>Options (one field "
    "per option, see services/games/options.py)",
    "proto-oneofs": "protos/cercle/v1/game.proto, lobby.proto and common.proto: a field named "
    "<id> in the oneofs of Action, Event, View, Outcome, GetGameCatalogueResponse and "
    "RoomOptions",
    "i18n-texts": "i18n/locales/<lang>/games.ftl: game-<id>-summary, one message per option "
    "(and choice) and per clock kind, in every language",
    "i18n-events": "i18n/locales/<lang>/<id>.ftl: one message prefix, and <prefix>-ev-<kind> "
    "for every event kind, in every language (docs/i18n.md)",
    "rules-file": "docs/games/<id>-rules.md: the rules with their ids (a line - <ID>: ... each)",
    "docs-page": "docs/games/<id>.md: the rules as players and frontends read them",
}
"""Item id -> what it asks for (``docs/architecture.md`` lists the same ids)."""


def _engine_package(game: Game[Any, Any, Any]) -> bool:
    state = game.state_type
    return (
        registry.get(game.info.id) is game
        and issubclass(state, State)
        and dataclasses.is_dataclass(state)
        and bool(game.action_types)
        and bool(game.event_types)
        and all(issubclass(cls, Event) for cls in game.event_types)
        and game.outcome_type is not None
    )


def _proto_messages(game: Game[Any, Any, Any]) -> bool:
    name = GAME_NAMES.get(game.info.id)
    if name is None:
        return False
    try:
        module = __import__(f"cercle.v1.{game.info.id}_pb2", fromlist=["_"])
    except ImportError:
        return False
    kinds = ("Action", "Event", "View", "Outcome", "Catalogue", "Options")
    return all(hasattr(module, name + kind) for kind in kinds) and not mismatches(game)


def _proto_oneofs(game: Game[Any, Any, Any]) -> bool:
    messages = (
        game_pb2.Action,
        game_pb2.Event,
        game_pb2.View,
        game_pb2.Outcome,
        lobby_pb2.GetGameCatalogueResponse,
        common_pb2.RoomOptions,
    )
    return all(game.info.id in m.DESCRIPTOR.fields_by_name for m in messages)


def game_message_ids(game: Game[Any, Any, Any]) -> list[str]:
    """The catalogue messages ListGames reads for ``game`` (services/api/lobby_service.py): a
    summary, a description per option and per choice, a line per clock."""
    prefix = f"game-{game.info.id}"
    ids = [f"{prefix}-summary"]
    for spec in game.info.options:
        ids.append(f"{prefix}-option-{spec.name}")
        ids += [f"{prefix}-option-{spec.name}-{choice}" for choice in spec.choices]
        if spec.unset_value is not None:
            ids.append(f"{prefix}-option-{spec.name}-unset")
    ids += [f"{prefix}-clock-{clock.kind}" for clock in game.info.clocks]
    return ids


def _i18n_texts(game: Game[Any, Any, Any]) -> bool:
    ids = game_message_ids(game)
    for language in available():
        bundle = _bundle(locales_dir(), language)  # this language alone, no fallback
        if not all(bundle.has_message(message_id) for message_id in ids):
            return False
    return True


def _i18n_events(game: Game[Any, Any, Any]) -> bool:
    """Every language has ``<id>.ftl``, its ids share one prefix, and each event kind has
    ``<prefix>-ev-<kind>`` (the event -> message-id rule of docs/i18n.md)."""
    for language in available():
        path = locales_dir() / language / f"{game.info.id}.ftl"
        if not path.is_file():
            return False
        ids = set(re.findall(r"^([a-zA-Z][\w-]*) *=", path.read_text(encoding="utf-8"), re.M))
        prefixes = {message_id.split("-")[0] for message_id in ids}
        if len(prefixes) != 1:
            return False
        prefix = prefixes.pop()
        if not all(f"{prefix}-ev-{e.kind}" in ids for e in game.event_types):
            return False
    return True


def _rules_file(game: Game[Any, Any, Any]) -> bool:
    rules = ROOT / "docs" / "games" / f"{game.info.id}-rules.md"
    return rules.is_file() and bool(
        re.search(r"^- [A-Z]{2}-[A-Z]+-\d+\b", rules.read_text(encoding="utf-8"), re.M)
    )


def missing(game: Game[Any, Any, Any]) -> list[str]:
    """The ids of the :data:`CHECKLIST` items ``game`` does not meet yet, in list order."""
    checks: dict[str, Callable[[Game[Any, Any, Any]], bool]] = {
        "engine-package": _engine_package,
        "scaffold-name": lambda g: g.info.id in GAME_NAMES,
        "proto-messages": _proto_messages,
        "proto-oneofs": _proto_oneofs,
        "i18n-texts": _i18n_texts,
        "i18n-events": _i18n_events,
        "rules-file": _rules_file,
        "docs-page": lambda g: (ROOT / "docs" / "games" / f"{g.info.id}.md").is_file(),
    }
    assert checks.keys() == CHECKLIST.keys()
    return [item for item, check in checks.items() if not check(game)]


def main() -> int:
    status = 0
    for game in registry.games():
        lacking = missing(game)
        print(f"{game.info.id}: {'ready' if not lacking else 'missing ' + ', '.join(lacking)}")
        status |= bool(lacking)
    return status


if __name__ == "__main__":
    sys.exit(main())
