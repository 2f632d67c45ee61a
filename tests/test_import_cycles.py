"""No import circle inside a part, and redis-py behind the store (issue 29, item 3).

The module import graph of ``services/`` and of ``clients/`` is read from the source with
``ast``: every ``import`` and ``from ... import`` anywhere in a module, at the top, inside a
function (a late import that hides a circle is still one) or under ``if TYPE_CHECKING:`` (a
type that names its caller's class ties the two modules as much as a call does: a parent
handed to a child is a protocol, not the parent's class). An edge goes to the module named
(``from services.rooms import lobby`` names ``services.rooms.lobby``; ``from services.rooms.act
import Actions`` names ``services.rooms.act``), not to the packages above it: that Python runs
a package's ``__init__`` first is no dependency of the code's own.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("services", "clients")
KNOWN_CIRCLES: dict[str, list[list[str]]] = {
    "services": [],
    "clients": [],
}
"""The circles still there, per part, each with the reason it is not broken yet."""
PRODUCT = ("engine", "services", "clients", "i18n", "deploy")
"""The packages that ship; among them only services/store/ may import redis-py."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def python_files(part: str) -> Iterator[Path]:
    for path in sorted((ROOT / part).rglob("*.py")):
        if not {".venv", "node_modules", "build"} & set(path.parts):
            yield path


def imported_names(path: Path) -> Iterator[tuple[str, str | None, int]]:
    """Every import of ``path``: (module, name imported from it or None, line); relative
    imports made absolute."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                yield module, alias.name, node.lineno


def import_graph(part: str) -> dict[str, dict[str, int]]:
    """module -> {module of the same part it imports: line of the first such import}."""
    modules = {module_name(path): path for path in python_files(part)}
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        for module, imported, line in imported_names(path):
            # ``from m import x``: the submodule m.x if there is one, else m itself.
            target = f"{module}.{imported}" if f"{module}.{imported}" in modules else module
            if target in modules and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize("part", PARTS)
def test_no_import_circle_inside_a_part(part: str) -> None:
    graph = import_graph(part)
    assert len(graph) > 10
    found = cycles(graph)
    assert all(known in found for known in KNOWN_CIRCLES[part]), "a known circle is gone"
    described = [
        " <-> ".join(component)
        + ":\n"
        + "\n".join(
            f"    {a} imports {b} (line {graph[a][b]})"
            for a in component
            for b in component
            if b in graph[a]
        )
        for component in found
        if component not in KNOWN_CIRCLES[part]
    ]
    assert not described, "import circles:\n" + "\n".join(described)


def test_a_circle_is_found() -> None:
    """The check itself: a circle of three, late imports included, is reported."""
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 9}, "d": {"a": 1}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_only_the_store_imports_redis() -> None:
    """redis-py's types and errors stay inside ``services/store/``: the rest of Cercle uses
    the store's calls and its own error types (``services.store.errors``)."""
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for part in PRODUCT
        for path in python_files(part)
        if not path.is_relative_to(ROOT / "services" / "store")
        for name, _, line in imported_names(path)
        if name == "redis" or name.startswith("redis.")
    ]
    assert offenders == []
