"""The docs a frontend developer reads are checked against the contract, so they cannot
drift: each game's page names every event kind and every enum value of its protobuf file, and
the API guide names every RPC, room event, update kind and room change; every rule id of
docs/games/<game>-rules.md has a test, and every rule id cited anywhere is defined there."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from cercle.v1 import game_pb2, lobby_pb2, timer_pb2

from engine import registry
from tests.test_doc_paths import repository_files
from tools import genoneofs

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
    declared = {  # a game added later documents its own reasons on its page
        member.name: member.game
        for path in genoneofs.game_protos()
        for member in genoneofs.declarations(path)
        if member.oneof is None
    }
    for enum in (game_pb2.UpdateKind, lobby_pb2.RoomChange, game_pb2.OutcomeReason):
        for name in enum.keys()[1:]:
            if name in declared:
                page = ROOT / "docs" / "games" / f"{declared[name]}.md"
                assert name in page.read_text(encoding="utf-8"), f"{page.name} lacks {name}"
            else:
                assert name in guide, f"docs/api.md lacks {name}"


def test_the_reference_pages_are_generated_from_the_contract() -> None:
    for name in ("common", "game", "lobby", "timer", *GAMES):
        page = ROOT / "docs" / "reference" / f"{name}.md"
        assert page.exists(), page
    assert "TomahawkEvent.CardPlayed" in (ROOT / "docs/reference/tomahawk.md").read_text()


_RULE_ID = re.compile(r"\b([A-Z]{2}-[A-Z]+-\d+)\b")
"""A rule id: two letters, a word and a number, dashed (what the rule-coverage tool reads)."""


def _defined_rule_ids(game_id: str) -> list[str]:
    """The ids docs/games/<game>-rules.md defines: each rule is a list item ``- ID: ...``."""
    rules = (ROOT / "docs" / "games" / f"{game_id}-rules.md").read_text(encoding="utf-8")
    return re.findall(r"^- ([A-Z]{2}-[A-Z]+-\d+)\b", rules, re.MULTILINE)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_id_of_a_game_has_a_test(game_id: str) -> None:
    """The rule-coverage check: each id of the game's rules file is named under tests/ (as
    the id or in snake_case, as a test's name), and the file defines each id once."""
    ids = _defined_rule_ids(game_id)
    assert ids and len(set(ids)) == len(ids), f"docs/games/{game_id}-rules.md: {ids}"
    assert len({i.split("-")[0] for i in ids}) == 1, f"{game_id}: one id prefix per game"
    named = "".join(f.read_text(encoding="utf-8") for f in (ROOT / "tests").rglob("*.py"))
    named = named.upper().replace("_", "-")
    assert not [i for i in ids if i not in named], f"{game_id}: rule ids no test names"


def test_every_rule_id_named_anywhere_is_defined() -> None:
    """Code, tests, protos and docs cite only ids that a docs/games/*-rules.md defines."""
    defined = {i for game_id in GAMES for i in _defined_rule_ids(game_id)}
    undefined: dict[str, str] = {}
    for f in repository_files(".md", ".py", ".proto", ".ts", ".ftl"):
        for rule_id in _RULE_ID.findall(f.read_text(encoding="utf-8")):
            if rule_id not in defined:
                undefined.setdefault(rule_id, str(f.relative_to(ROOT)))
    assert not undefined, f"rule ids no rules file defines: {undefined}"


def test_every_python_package_is_collected_for_its_doctests() -> None:
    """A docstring's example is a test only if pytest collects its package (testpaths, with
    --doctest-modules): every top-level folder holding Python code is listed."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in config["addopts"].split()
    python_folders = {
        path.relative_to(ROOT).parts[0]
        for path in repository_files(".py")
        if len(path.relative_to(ROOT).parts) > 1
    }
    assert python_folders - set(config["testpaths"]) == set()


def test_importing_a_package_for_its_doctests_changes_no_setting() -> None:
    """pytest imports every module of the collected packages before any test runs: a module
    that set a ``CERCLE_*`` variable when imported (bench/common.py lifted the rate limits so)
    would change every server the tests start afterwards (the limits' tests then failed)."""
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in repository_files(".py")
        if path.relative_to(ROOT).parts[0] in ("bench", "tools", "deploy", "services", "clients")
        and path.name != "__main__.py"
        and not path.name.startswith("test_")
    )
    probe = (
        "import importlib, os, sys\n"
        "before = dict(os.environ)\n"
        "for name in sys.argv[1:]:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(k for k in os.environ if os.environ.get(k) != before.get(k)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]", f"importing changed {done.stdout.strip()}"
