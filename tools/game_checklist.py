"""What a game needs beyond its engine package before rooms can play it: the checklist of
``docs/architecture.md`` ("Adding a fifth game"), as code.

``missing(game)`` lists the ids of the items a registered game still lacks; it is empty for
every game the project ships (``tests/test_new_game.py`` checks it, and that a toy game
defined in the test lacks exactly the items outside the engine).

    .venv/bin/python tools/game_checklist.py            # every registered game
"""

from __future__ import annotations

import dataclasses
import importlib
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
from tools import genoneofs
from tools.scaffold_game_proto import proto_prefix

ROOT = Path(__file__).resolve().parents[1]

CHECKLIST: dict[str, str] = {
    "engine-package": "engine/games/<id>/ registers a Game whose state is a State dataclass "
    "and which declares action_types, event_types and outcome_type",
    "conformance": "engine/games/<id>/conformance.py: check(state), the invariant the "
    "conformance test runs after every step, and BOT_TABLES, the tables the bot tests play",
    "proto-messages": "protos/cercle/v1/<id>.proto: <Name>Action, <Name>Event, <Name>View, "
    "<Name>Outcome, <Name>Catalogue (scaffolded, then reviewed) and <Name>Options (one field "
    "per option, see services/games/options.py)",
    "proto-oneofs": "protos/cercle/v1/<id>.proto declares its members of the shared oneofs "
    "(Action, Event, View, Outcome, GetGameCatalogueResponse, RoomOptions) and its outcome "
    "reasons; make proto writes them into game.proto, lobby.proto and common.proto",
    "i18n-texts": "i18n/locales/<lang>/<id>.ftl (or games.ftl): game-<id>-summary, one "
    "message per option (and choice) and per clock kind, and outcome_reason-<reason> for each "
    "outcome reason the game declares, in every language",
    "i18n-events": "i18n/locales/<lang>/<id>.ftl: one message prefix, and <prefix>-ev-<kind> "
    "for every event kind, in every language (docs/i18n.md)",
    "rules-file": "docs/games/<id>-rules.md: the rules with their ids (a line - <ID>: ... each)",
    "docs-page": "docs/games/<id>.md: the rules as players and frontends read them",
    "cli-renderer": "clients/render/<id>.py registers the game's terminal renderer "
    "(clients.render.generic serves a game with no drawing of its own)",
    "web-module": "clients/web/src/games/<id>.ts exports the game's page module, named as "
    "the id in camelCase (games/generic.ts serves a game with no drawing of its own)",
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
    name = proto_prefix(game.info.id)
    try:
        module = __import__(f"cercle.v1.{game.info.id}_pb2", fromlist=["_"])
    except ImportError:
        return False
    kinds = ("Action", "Event", "View", "Outcome", "Catalogue", "Options")
    return all(hasattr(module, name + kind) for kind in kinds) and not mismatches(game)


def _conformance(game: Game[Any, Any, Any]) -> bool:
    try:
        module = importlib.import_module(f"engine.games.{game.info.id}.conformance")
    except ImportError:
        return False
    return callable(getattr(module, "check", None)) and bool(getattr(module, "BOT_TABLES", ()))


def _cli_renderer(game: Game[Any, Any, Any]) -> bool:
    from clients.render import renderer_for

    return (ROOT / "clients" / "render" / f"{game.info.id}.py").is_file() and (
        renderer_for(game.info.id) is not None
    )


def _web_module(game: Game[Any, Any, Any]) -> bool:
    path = ROOT / "clients" / "web" / "src" / "games" / f"{game.info.id}.ts"
    head, *rest = game.info.id.split("_")
    name = head + "".join(part.title() for part in rest)
    return path.is_file() and f"export const {name}" in path.read_text(encoding="utf-8")


def _proto_oneofs(game: Game[Any, Any, Any]) -> bool:
    messages = (
        game_pb2.Action,
        game_pb2.Event,
        game_pb2.View,
        game_pb2.Outcome,
        lobby_pb2.GetGameCatalogueResponse,
        common_pb2.RoomOptions,
    )
    proto = ROOT / "protos" / "cercle" / "v1" / f"{game.info.id}.proto"
    declared = {m.target for m in genoneofs.declarations(proto)} if proto.is_file() else set()
    return {m.DESCRIPTOR.name for m in messages} <= declared and all(
        game.info.id in m.DESCRIPTOR.fields_by_name for m in messages
    )


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
    proto = ROOT / "protos" / "cercle" / "v1" / f"{game.info.id}.proto"
    declared = genoneofs.declarations(proto) if proto.is_file() else []
    reasons = [  # the outcome reasons the game declares, in words (the outcome panel's)
        "outcome_reason-" + m.name.removeprefix("OUTCOME_REASON_").lower()
        for m in declared
        if m.target == "OutcomeReason"
    ]
    ids = game_message_ids(game) + reasons
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
        # its catalogue texts, outcome reasons and refusals (other files hold the shipped games')
        own = (f"game-{game.info.id}-", "outcome_reason-", "error-")
        ids = {i for i in ids if not i.startswith(own)}
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
        "conformance": _conformance,
        "proto-messages": _proto_messages,
        "proto-oneofs": _proto_oneofs,
        "i18n-texts": _i18n_texts,
        "i18n-events": _i18n_events,
        "rules-file": _rules_file,
        "docs-page": lambda g: (ROOT / "docs" / "games" / f"{g.info.id}.md").is_file(),
        "cli-renderer": _cli_renderer,
        "web-module": _web_module,
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
