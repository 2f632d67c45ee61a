"""What each part may import (``docs/architecture.md``, "The parts, and what each may import")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("engine", "i18n", "services", "clients", "deploy", "tools", "bench", "tests")
MAY_IMPORT: dict[str, set[str]] = {
    "engine": {"engine"},
    "i18n": {"i18n"},
    "services": {"services", "engine", "i18n", "cercle"},
    "clients": {"clients", "i18n", "cercle"},
    "deploy": {"deploy"},
}
"""The project's own top-level packages (and the generated ``cercle``) each part may import;
``tools``, ``bench`` and ``tests`` may import any."""


def project_imports(part: str) -> set[tuple[str, str]]:
    """(file, top-level package) for every import of a project package in ``part``."""
    found = set()
    for path in (ROOT / part).rglob("*.py"):
        if ".venv" in path.parts or "node_modules" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in (*PARTS, "cercle"):
                    found.add((str(path.relative_to(ROOT)), top))
    return found


@pytest.mark.parametrize("part", sorted(MAY_IMPORT))
def test_each_part_imports_only_the_parts_below_it(part: str) -> None:
    offenders = sorted(
        f"{file} imports {top}"
        for file, top in project_imports(part)
        if top not in MAY_IMPORT[part]
    )
    assert offenders == []
