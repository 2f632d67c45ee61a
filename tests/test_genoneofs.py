"""tools/genoneofs.py: the shared oneofs are written from the games' own declarations, the
same text for the shipped games, a new game's members (and its import) added at their
numbers, a member edited by hand put back."""

from __future__ import annotations

import shutil
from pathlib import Path

from tools import genoneofs

ROOT = Path(__file__).resolve().parents[1]


def _copy(tmp_path: Path) -> Path:
    v1 = tmp_path / "v1"
    shutil.copytree(ROOT / "protos" / "cercle" / "v1", v1)
    return v1


def test_the_shipped_games_declarations_give_the_shared_files_as_they_are() -> None:
    for path, text in genoneofs.generated().items():
        assert path.read_text(encoding="utf-8") == text, path.name


def test_every_shipped_game_declares_each_shared_oneof_once() -> None:
    for path in genoneofs.game_protos():
        targets = [f"{m.target}.{m.oneof}" for m in genoneofs.declarations(path) if m.oneof]
        assert sorted(targets) == sorted(
            f"{message}.{oneof}"
            for message, oneof in (
                ("Action", "game"),
                ("Event", "event"),
                ("Outcome", "detail"),
                ("View", "game"),
                ("GetGameCatalogueResponse", "catalogue"),
                ("RoomOptions", "game"),
            )
        ), path.name


def test_a_new_games_members_and_import_are_written_and_a_hand_edit_is_undone(
    tmp_path: Path,
) -> None:
    v1 = _copy(tmp_path)
    (v1 / "pebbles.proto").write_text(
        'syntax = "proto3";\n\npackage cercle.v1;\n\n'
        "// - Action.game = 9: A Pebbles move.\n"
        "// - RoomOptions.game = 9: Pebbles's options.\n"
        "// - OutcomeReason LAST_PEBBLE = 40: Pebbles: the last pebble was taken.\n\n"
        "// A move.\nmessage PebblesAction {}\n",
        encoding="utf-8",
    )
    game = v1 / "game.proto"
    game.write_text(game.read_text().replace("    TomyAction tomy = 3;\n", ""))
    written = genoneofs.generated(v1)
    game_text, common_text = written[v1 / "game.proto"], written[v1 / "common.proto"]
    assert "    // A Pebbles move.\n    PebblesAction pebbles = 9;\n  }" in game_text
    assert "    TomyAction tomy = 3;\n    // An Awimbawé move." in game_text  # put back
    assert "  OUTCOME_REASON_LAST_PEBBLE = 40;\n}" in game_text
    assert "    PebblesOptions pebbles = 9;\n  }" in common_text
    for text in (game_text, common_text):
        imports = [line for line in text.splitlines() if line.startswith("import ")]
        assert 'import "cercle/v1/pebbles.proto";' in imports and imports == sorted(imports)
    lobby = written[v1 / "lobby.proto"]
    assert "pebbles" not in lobby  # declares no catalogue: neither member nor import
