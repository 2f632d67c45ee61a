"""A fifth game is added by adding files (issue 29): a copy of the repository gets the toy
game "Higher card wins" (tests/fifth_game/toy.py: its rules, as its author writes them), then
``tools/new_game.py`` writes every other file it needs and the generators of ``make proto``
run; the game then plays through the engine, a real cluster over a real gRPC channel (lobby,
a match against a server bot, its replay), the CLI and the web page in headless Chromium
(tests/fifth_game/play.py). Along the way the test counts the repository's existing files
that changed before the generators ran (edited by hand: must be 0) and those the generators
rewrote (printed).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fifth_game.toy import FILES, GAME_ID, GAME_NAME
from tools import web

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = ("node_modules", "__pycache__", "build", ".mypy_cache", ".ruff_cache")


def tracked_files(root: Path) -> list[str]:
    """The repository's files as git lists them (those deleted in the work tree left out)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True
    ).stdout.decode()
    return [name for name in listed.split("\0") if name and (root / name).is_file()]


def copy_repository(tree: Path) -> None:
    for name in tracked_files(ROOT):
        target = tree / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    for package in ("clients/ts", "clients/web"):  # the packages' dependencies, shared
        web.npm_ci_if_stale(ROOT / package)
        (tree / package / "node_modules").symlink_to(ROOT / package / "node_modules")


def snapshot(tree: Path) -> dict[str, str]:
    """Every file of ``tree`` (but dependencies, builds and caches) -> its SHA-256."""
    files = {}
    for path in tree.rglob("*"):
        relative = path.relative_to(tree)
        if path.is_file() and not path.is_symlink() and not set(relative.parts) & set(SKIPPED):
            files[str(relative)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


def start(tree: Path, *argv: str) -> subprocess.Popen[str]:
    """Starts ``argv`` in ``tree`` with its own code and stubs first."""
    env = {**os.environ, "PYTHONPATH": f"{tree / 'gen' / 'python'}{os.pathsep}{tree}"}
    env["CERCLE_NODE"] = web.node_tool("node")
    env["PATH"] = f"{web.node_bin()}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.Popen(
        list(argv), cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def finish(proc: subprocess.Popen[str], timeout: float = 180) -> str:
    """Waits for ``proc``; fails with its output unless it succeeded."""
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, f"{proc.args!r}:\n{out[-3000:]}\n{err[-3000:]}"
    return out


def run(tree: Path, *argv: str) -> str:
    return finish(start(tree, *argv))


def test_a_fifth_game_is_added_by_adding_files_and_plays_through_the_whole_stack(
    tmp_path: Path,
) -> None:
    started = time.monotonic()
    chromium = web.find_chromium()
    if chromium is None:
        pytest.fail("no Chromium for the web page's check (make test-web installs it)")
    tree = tmp_path / "cercle"
    copy_repository(tree)
    phases = {"copy": time.monotonic() - started}
    before = snapshot(tree)
    py = sys.executable

    # By hand: the game's rules, and nothing else. Then the tool writes the rest.
    for name, text in FILES.items():
        assert not (tree / name).exists(), name
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text, encoding="utf-8")
    written = run(tree, py, "tools/new_game.py", GAME_ID)
    assert "kept" not in written, written
    added = snapshot(tree)
    phases["by hand and new_game.py"] = time.monotonic() - started - sum(phases.values())
    edited_by_hand = sorted(name for name in before if added.get(name) != before[name])
    added_files = sorted(set(added) - set(before))

    # make proto's generators (tools/genproto.py runs tools/genoneofs.py first).
    run(tree, py, "tools/genproto.py")
    docs = start(tree, py, "tools/gendocs.py")  # two cores: the two others side by side
    finish(start(tree, py, "tools/web.py", "--generate"))
    finish(docs)
    generated = snapshot(tree)
    phases["generators"] = time.monotonic() - started - sum(phases.values())
    rewritten = sorted(name for name in added if generated.get(name) != added[name])
    generated_new = sorted(set(generated) - set(added))

    print(
        f"\nfifth game: {len(added_files)} files added ({len(FILES)} by hand, "
        f"{len(added_files) - len(FILES)} by tools/new_game.py), "
        f"{len(edited_by_hand)} existing files edited by hand, "
        f"{len([n for n in rewritten if n in before])} existing files rewritten by the "
        f"generators, {len(generated_new)} files generated"
    )
    print("  rewritten by the generators: " + ", ".join(n for n in rewritten if n in before))
    assert edited_by_hand == []
    assert {"protos/cercle/v1/game.proto", "clients/web/src/games/all.generated.ts"} <= set(
        rewritten
    )

    # The contract is whole and the checklist finds nothing missing.
    run(tree, str(Path(py).parent / "buf"), "lint", "protos")
    assert f"{GAME_ID}: ready" in run(tree, py, "tools/game_checklist.py")

    # The engine's generic tests, the i18n and docs rules and the CLI's catalogue, for it.
    tests = [
        "tests/engine/test_conformance.py",
        "tests/engine/test_bots.py",
        f"tests/engine/test_{GAME_ID}.py",
        "tests/test_i18n.py",
        "tests/test_docs.py",
        "tests/test_doc_paths.py",
        "tests/test_layering.py",
        "tests/test_new_game.py",
        "tests/clients/test_catalogue_cli.py",
    ]
    # the game's own cases, the docs' checks over every game and every path, and that shared
    # client code names no game (the new one included)
    chosen = f"{GAME_ID} or api_guide or every_path or every_rule_id_named or names_no_game"
    typecheck = start(
        tree, web.node_tool("node"), "clients/web/node_modules/.bin/tsc", "-p", "clients/web"
    )
    out = run(tree, py, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-k", chosen, *tests)
    # (pytest exits non-zero when a test fails or none is selected; one dot per test passed)
    assert out.splitlines()[0].count(".") >= 20, out[-2000:]

    # The page type-checks (run beside the tests above) and builds with the game's module;
    # then everything plays it.
    finish(typecheck)
    phases["checks and tests"] = time.monotonic() - started - sum(phases.values())
    run(tree, py, "tools/web.py", "--build")
    report = run(tree, py, "-m", "tests.fifth_game.play", GAME_ID, "--web", chromium)
    print("  " + report.strip())
    assert f'"name": "{GAME_NAME}"' in report and f'"title": "{GAME_NAME}"' in report
    assert '"reason": "OUTCOME_REASON_HIGHER_CARD"' in report
    phases["build and play"] = time.monotonic() - started - sum(phases.values())
    spent = ", ".join(f"{phase} {seconds:.0f} s" for phase, seconds in phases.items())
    print(f"  wall time {time.monotonic() - started:.0f} s ({spent})")
