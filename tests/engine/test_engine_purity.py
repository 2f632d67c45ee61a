"""``engine/`` is pure: no I/O, clock, network, storage or global randomness (STYLE 1)."""

from __future__ import annotations

import ast
import pathlib

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = {
    "grpc",
    "redis",
    "asyncio",
    "time",
    "random",
    "socket",
    "threading",
    "os",
    "subprocess",
    "datetime",
    "services",
    "clients",
    "cercle",
    "google",
    "structlog",
}


def test_engine_imports_nothing_impure() -> None:
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN:
                    offenders.append(f"{path.relative_to(ENGINE.parent)}: {name}")
    assert offenders == []
