"""What each part may import (``docs/architecture.md``, "The parts, and what each may import")."""

from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path

import pytest

from tools.genweb import game_ids as contract_games

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


SHARED_CLIENT_FILES = (
    "clients/render/renderer.py",
    "clients/render/messages.py",
    "clients/render/text.py",
    "clients/choices.py",
    "clients/auto.py",
    "clients/table_input.py",
    "clients/tui.py",
    "clients/web/src/table.ts",
    "clients/web/src/table-draw.ts",
    "clients/web/src/table-choices.ts",
    "clients/web/src/replay.ts",
    "clients/web/src/lobby.ts",
    "clients/web/src/narrate.ts",
    "clients/web/src/words.ts",
)
"""Client code every game shares (issue 29 item 2): it reaches a game only through the
game's own module (its renderer, its game module), so it never names one."""
NAMES_A_GAME_ALLOWED: dict[str, set[str]] = {}
"""Per file, the lines (stripped) that may still name a game, each for a stated reason."""


def game_ids() -> list[str]:
    """Every game id a client shows: the terminal's renderers (``clients/render/<game>.py``)
    and the web page's game modules (``clients/web/src/games/<game>.ts``)."""
    from clients.render import RENDERERS

    folder = ROOT / "clients/web/src/games"
    web = {game for game in contract_games() if (folder / f"{game}.ts").is_file()}
    return sorted(set(RENDERERS) | web)


def message_prefixes(ids: list[str]) -> list[str]:
    """The prefix of every game's message ids (``tt`` for ``tt-kind-bison`` in
    ``i18n/locales/en/tomahawk.ftl``): a string naming one is that game's words."""
    prefixes = []
    for game_id in ids:
        ftl = (ROOT / "i18n/locales/en" / f"{game_id}.ftl").read_text()
        found = set(re.findall(r"^([a-z]+)-[\w-]+ =", ftl, re.MULTILINE))
        found -= {"game", "error"}  # a later game's catalogue texts and refusals (i18n.md)
        assert len(found) == 1, (game_id, found)
        prefixes.append(found.pop())
    return prefixes


def _unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@pytest.mark.parametrize("path", SHARED_CLIENT_FILES)
def test_shared_client_code_names_no_game(path: str) -> None:
    """No game id, nor a type named after a game (``TomahawkView``, ``tomahawk_pb2``), in
    code, comments or strings of a shared client module: per-game code lives in the game's
    file (its renderer, its game module), reached through the interface every game
    implements."""
    ids = game_ids()
    assert len(ids) >= 4
    prefixes = message_prefixes(ids)
    game = re.compile(
        rf"(?<![A-Za-z])({'|'.join(ids)})"  # a game's id, name or type
        rf"|[\"'`]({'|'.join(prefixes)})[-.][a-z]",  # one of its messages: "tm-verdict"
        re.IGNORECASE,
    )
    allowed = NAMES_A_GAME_ALLOWED.get(path, set())
    found = [
        f"{path}:{number}: {line.strip()}"
        for number, line in enumerate((ROOT / path).read_text().splitlines(), 1)
        if game.search(_unaccented(line)) and line.strip() not in allowed
    ]
    assert not found, "\n".join(found)


PRIVATE_NAME_PARTS = ("engine", "services", "clients")
"""Where an underscore means private to the module (``docs/architecture.md``): a name one
sibling module uses from another is public API of the module that defines it."""


def _is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for an attribute chain on a name, else ``None``."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


NAMEDTUPLE_API = frozenset({"_asdict", "_fields", "_make", "_replace"})
"""Underscore names that are public API (``collections.namedtuple``'s)."""


def private_uses(path: Path) -> list[str]:
    """Every ``from x import _name``, ``x._name`` (``x`` a project module) and
    ``<expr>._name`` on another object than ``self``/``cls`` in ``path``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    package = ".".join(parts if path.name == "__init__.py" else parts[:-1])
    label = str(path.relative_to(ROOT))
    return private_uses_in(path.read_text(), package, label)


def private_uses_in(source: str, package: str, label: str) -> list[str]:
    """:func:`private_uses` for the source of a module of ``package``."""
    tree = ast.parse(source, label)
    modules: dict[str, str] = {}  # local name -> the module it is bound to
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{label}:{node.lineno}: {base}.{alias.name}")
                elif _is_module(f"{base}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    modules[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    modules[top] = top
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            owner = _dotted(node.value)
            if owner is None:
                continue
            head, _, rest = owner.partition(".")
            if head in modules and _is_module(".".join(filter(None, [modules[head], rest]))):
                found.append(f"{label}:{node.lineno}: {owner}.{node.attr}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and node.attr not in NAMEDTUPLE_API
            and not _own(node.value)
        ):
            use = f"{label}:{node.lineno}: {ast.unparse(node)}"
            if use not in found:
                found.append(use)
    return found


def _own(node: ast.expr) -> bool:
    """Whether ``node`` is the object itself: ``self``, ``cls`` or ``super()``."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
    )


@pytest.mark.parametrize("part", PRIVATE_NAME_PARTS)
def test_no_module_uses_another_modules_private_names(part: str) -> None:
    """Issue 29 item 4: sibling modules share public names; an underscore name stays in its
    module (``tests/`` may reach inside, to check a helper)."""
    found = [
        use
        for path in sorted((ROOT / part).rglob("*.py"))
        if "node_modules" not in path.parts
        for use in private_uses(path)
    ]
    assert found == [], "\n".join(found)


def test_private_uses_finds_every_form() -> None:
    """The check above sees ``from x import _name``, relative or not, ``x._name`` on a
    project module, and ``<expr>._name`` on any object but ``self``, ``cls`` and
    ``super()`` (another object's private attribute); namedtuple's ``_replace`` is public."""
    source = (
        "from engine.rng import _MASK32\nfrom . import codec\nfrom .rng import Rng, _x\n"
        "import engine.events\nx = codec._clone + engine.events._y + Rng._z\n"
        "y = self._ok + cls._ok + super()._ok + self.store._call + t._replace(a=1)\n"
    )
    uses = {use.split(": ")[1] for use in private_uses_in(source, "engine", "sample.py")}
    assert uses == {
        "engine.rng._MASK32",
        "engine.rng._x",
        "codec._clone",
        "engine.events._y",
        "Rng._z",
        "self.store._call",
    }
