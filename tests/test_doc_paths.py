"""Every repository path the docs name exists: README.md, docs/**/*.md, the comments of
protos/**/*.proto and the module docstrings of the Python code are read for backticked paths
(`docs/api.md`, ``engine/games/tomy/``) and markdown links (`[api](api.md)`), and each one that
has a file's shape (a ``/`` or a known extension) must name a file or folder of the repository.

A path is looked up from the repository's root, then from the folder of the file naming it
(a markdown link); one that does not start at a top-level folder may also be the end of a
repository path (a bare ``cards.py``, ``src/table.ts`` in a text about clients/web).
Placeholders (``<game>``, ``*``, ``…``) stand for any name: at least one file must match.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Iterator
from fnmatch import fnmatch
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SKIPPED_DIRS = {".git", ".venv", "node_modules", "gen", "build", "__pycache__", ".mypy_cache"}
"""Folders whose files are not docs (installed packages, generated code)."""


def _walk() -> Iterator[tuple[str, list[str], list[str]]]:
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in SKIPPED_DIRS
            and not d.endswith(".egg-info")
            and not d.startswith(".venv")  # bench/.venv-rlcard too (make bench-engine)
        )
        yield folder, dirs, sorted(files)


def repository_files(*suffixes: str) -> Iterator[Path]:
    """The repository's files with one of ``suffixes``, outside SKIPPED_DIRS (not walked)."""
    for folder, _, files in _walk():
        yield from (Path(folder) / name for name in files if name.endswith(suffixes))


NOT_IN_THE_REPOSITORY = (
    # Build outputs and local state the repository ignores (.gitignore): made by running things.
    "artifacts/",  # the web tests' screenshots
    "build/",  # tools/stubs.py's stubs
    "bench/results/",  # benchmark results (only .keep is committed)
    "bench/.venv-rlcard",  # bench/rlcard_uno.py's own virtualenv
    ".run/",  # tests' Valkey processes
    "clients/ts/test/fixtures/",  # written by tools/event_fixtures.py
    "node_modules",  # npm install
    "clients/ts/node_modules",  # npm ci by tools/web.py (absent in a fresh clone)
    "clients/web/node_modules",
    "bench/peers/node_modules",
    "clients/web/build/",  # clients/web/build.mjs's bundle
    "gen/kotlin",  # buf generate with protos/buf.gen.mobile.yaml
    "gen/swift",
    "dist/",  # clients/ts's package build (npm pack), shipped in the tarball only
    "../../build/stubs/gen/go",  # clients/go/go.mod's replace target, made by `make stubs`
    # Where Valkey keeps its append-only files, inside its data folder (not ours).
    "appendonlydir/",
)
"""Named in the docs on purpose, but not files of a fresh clone."""

NOT_PATHS = frozenset(
    {
        "INTERNAL/RESET",  # an HTTP/2 reset, in docs/operations.md
        "autoscaling/v2",  # a Kubernetes API version
        "envoyproxy/envoy",  # a container image
        "10.0.0.0/8",  # a network
        "cercle/gen/go/cercle/v1",  # a Go import path (the generated stubs' package)
        "cercle/gen/go",  # a Go module path (the generated stubs' module)
        "cercle/clients/go",  # a Go module path (clients/go/go.mod's module)
        ".d.ts",  # TypeScript declaration files, as a kind of file
        "Node.js",  # the JavaScript runtime
    }
)
"""Spans with a file's shape that are not file paths."""

EXTENSIONS = (
    "md|proto|py|pyi|ts|mjs|js|json|ftl|yaml|yml|toml|go|java|kt|swift|sh|lua|txt|html|css|binpb"
)
"""The extensions that make a bare name a file name (``cards.py``, not ``e.g``)."""
TOP = tuple(sorted(entry.name for entry in ROOT.iterdir() if not entry.name.startswith(".")))
"""The repository's top-level entries: a path that starts with one is read from the root."""
FOLDERS = "|".join(re.escape(name) for name in TOP if (ROOT / name).is_dir())

_PLACEHOLDER = re.compile(r"<[^<>/`]+>|\{[^{}/`]+\}|…")
_SPAN = re.compile(r"``?((?:[^`\s<]|<[^`<>]+>)+?)``?")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_SEGMENT = r"(?:[\w*-]|<[\w -]+>)(?:[\w*.-]|<[\w -]+>)*"
_PLAIN = re.compile(
    rf"(?<![\w/.:`<>*-])((?:\.\.?/)?(?:(?:{FOLDERS})/(?:{_SEGMENT}/?)*"
    rf"|{_SEGMENT}(?:/{_SEGMENT})*\.(?:{EXTENSIONS})))(?![\w/])"
)
"""A path in plain text: one under a top-level folder, or any name with a file extension."""


def _sources() -> Iterator[tuple[Path, str]]:
    """(file, the text of it that may name paths)."""
    yield ROOT / "README.md", (ROOT / "README.md").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").rglob("*.md")):
        yield page, page.read_text(encoding="utf-8")
    for proto in sorted((ROOT / "protos").rglob("*.proto")):
        lines = proto.read_text(encoding="utf-8").splitlines()
        yield proto, "\n".join(line.split("//", 1)[1] for line in lines if "//" in line)
    for module in repository_files(".py"):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        yield module, ast.get_docstring(tree) or ""


def _file_shaped(span: str) -> bool:
    """True for a span that names a file or folder (not a URL, a route, a host or a word)."""
    shape = _PLACEHOLDER.sub("x", span)
    if shape.startswith("/") or re.match(r"^[a-z][a-z0-9+.-]*:", shape):
        return False  # an absolute path of the machine, an HTTP route, a URL
    if span in NOT_PATHS or span.startswith("<") or not re.fullmatch(r"[\w./*+-]+", shape):
        return False  # a listed non-path, a pattern of files written elsewhere, prose
    first, _, rest = shape.partition("/")
    if rest and "." in first and not first.startswith("."):
        return False  # a host name (buf.build/..., google.golang.org/...) or a gRPC method
    if not rest:
        stem, dot, extension = shape.rpartition(".")
        return bool(dot and stem.strip(".")) and re.fullmatch(EXTENSIONS, extension) is not None
    return True


def named_paths() -> Iterator[tuple[Path, str]]:
    """(file, path it names) for every file-shaped span of every source."""
    for source, text in _sources():
        spans = [m.group(1) for m in _SPAN.finditer(text)]
        spans += [m.group(1) for m in _PLAIN.finditer(_SPAN.sub(" ", text))]
        if source.suffix == ".md":
            spans += [m.group(1).split("#")[0] for m in _LINK.finditer(text)]
        for span in spans:
            span = span.rstrip(".,:;)")
            if span and _file_shaped(span):
                yield source, span


@cache
def _entries() -> tuple[str, ...]:
    """Every file and folder of the repository (outside SKIPPED_DIRS), relative to the root."""
    found: list[str] = []
    for folder, dirs, files in _walk():
        base = Path(folder).relative_to(ROOT)
        found += [(base / name).as_posix() for name in (*dirs, *files)]
    return tuple(found)


def _exists(source: Path, path: str) -> bool:
    """A path from the root, from ``source``'s folder, or (when it does not start at a
    top-level entry) as the end of some repository path: ``store/scripts.py`` in a text
    about services/."""
    pattern = _PLACEHOLDER.sub("*", path).rstrip("/")
    if any(next(base.glob(pattern), None) for base in (ROOT, source.parent)):
        return True
    if pattern.split("/")[0] in TOP or pattern.startswith("."):
        return False
    return any(fnmatch(entry, pattern) or fnmatch(entry, f"*/{pattern}") for entry in _entries())


def test_every_path_the_docs_name_exists() -> None:
    missing = sorted(
        f"{source.relative_to(ROOT)}: {path}"
        for source, path in set(named_paths())
        if not path.startswith(NOT_IN_THE_REPOSITORY) and not _exists(source, path)
    )
    assert not missing, "paths named in docs, protos or docstrings that do not exist:\n" + (
        "\n".join(missing)
    )


def test_the_checker_sees_a_wrong_path() -> None:
    """The checker reads the shapes the docs use (a backticked path, a link, a placeholder)."""
    readme = ROOT / "README.md"
    assert _file_shaped("docs/i18n.md") and _file_shaped("cards.py")
    assert not _file_shaped("cercle.v1.GameService/Act") and not _file_shaped("tt.kind.bison")
    assert _exists(readme, "docs/games/<game>.md") and _exists(readme, "i18n/locales/*/")
    assert _exists(readme, "store/scripts.py") and not _exists(readme, "docs/scripts.py")
    assert not _exists(readme, "shared/rules/tomahawk.md")
    assert not _exists(readme, "engine/games/tomy.py")
    assert ("README.md", "docs/api.md") in {(str(s.relative_to(ROOT)), p) for s, p in named_paths()}
