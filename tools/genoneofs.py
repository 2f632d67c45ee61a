"""Write each game's members of the shared oneofs and enums from the game's own .proto
(run by ``tools/genproto.py``, so by ``make proto``).

The shared messages list every game: ``Action.game``, ``Event.event``, ``Outcome.detail`` and
``View.game`` (``game.proto``), ``GetGameCatalogueResponse.catalogue`` (``lobby.proto``) and
``RoomOptions.game`` (``common.proto``). A game declares its members in its own
``protos/cercle/v1/<id>.proto``, in a comment block of lines

    // - Action.game = 5: A Higher card move.
    // - OutcomeReason HIGHER_CARD = 8: Higher card: the higher card won.

A line ``- <Message>.<oneof> = <number>: <comment>`` is the field ``<id>`` of that oneof,
typed ``<Prefix><Kind>`` (``Action``, ``Event``, ``Outcome``, ``View``, ``Catalogue``,
``Options``; ``<Prefix>`` is the name before ``Action`` of the file's ``<Prefix>Action``
message). A line ``- <Enum> <VALUE> = <number>: <comment>`` is the value
``<ENUM>_<VALUE>`` of that shared enum (``OutcomeReason``, ``ErrorReason``). The numbers are
the game's for good: written in its own file, they never move when another game comes or
goes, and ``buf breaking`` (tools/buf_breaking.py) guards them.

This tool rewrites only the declared members in the shared files: a member whose name a game
declares is replaced by the declaration (the others, such as ``Event.room``, stay), and the
declared members follow the others in number order; a shared file imports the file of each
game it holds a message of. ``--check`` fails if a shared file is
not what the declarations give.

    .venv/bin/python tools/genoneofs.py [--check]
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROTOS = ROOT / "protos" / "cercle" / "v1"
SHARED = ("common.proto", "errors.proto", "game.proto", "lobby.proto")
"""The contract's files that list every game; the others are one game each."""

KINDS = {
    "Action": "Action",
    "Event": "Event",
    "Outcome": "Outcome",
    "View": "View",
    "GetGameCatalogueResponse": "Catalogue",
    "RoomOptions": "Options",
}
"""Shared message -> the kind of the game's message its oneof holds."""

_DECLARATION = re.compile(r"^// - (\w+)(?:\.(\w+))?(?: ([A-Z][A-Z0-9_]*))? = (\d+): (.+)$", re.M)
_FIELD = re.compile(r"^\s*(?:\w+ )?(\w+) = (\d+);")


@dataclass(frozen=True)
class Member:
    """One declared member: a oneof field (``oneof`` set) or an enum value."""

    game: str
    target: str
    oneof: str | None
    name: str
    type: str
    number: int
    comment: str


def game_protos(root: Path = PROTOS) -> list[Path]:
    """The per-game files: every .proto of the package that declares a ``<Prefix>Action``."""
    return sorted(
        path
        for path in root.glob("*.proto")
        if path.name not in SHARED
        and re.search(r"^message \w+Action \{", path.read_text(encoding="utf-8"), re.M)
    )


def declarations(path: Path) -> list[Member]:
    """The members ``path`` (``<id>.proto``) declares."""
    text = path.read_text(encoding="utf-8")
    game = path.stem
    prefix = re.search(r"^message (\w+)Action \{", text, re.M)
    members = []
    for target, oneof, value, number, comment in _DECLARATION.findall(text):
        if oneof:
            if prefix is None or target not in KINDS:
                raise SystemExit(f"{path.name}: cannot declare {target}.{oneof}")
            name, kind = game, prefix.group(1) + KINDS[target]
        else:
            enum_prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", target).upper()
            name, kind = f"{enum_prefix}_{value}", ""
        members.append(Member(game, target, oneof or None, name, kind, int(number), comment))
    return members


def _block(lines: list[str], head: str, start: int = 0) -> tuple[int, int]:
    """(first body line, closing line) of the block opened by the line ``head``."""
    opening = next(i for i in range(start, len(lines)) if lines[i] == head)
    indent = len(head) - len(head.lstrip())
    closing = next(i for i in range(opening + 1, len(lines)) if lines[i] == " " * indent + "}")
    return opening + 1, closing


def _chunks(body: list[str]) -> list[list[str]]:
    """The body's members, each with the comment and blank lines before it."""
    chunks: list[list[str]] = []
    current: list[str] = []
    for line in body:
        current.append(line)
        if _FIELD.match(line):
            chunks.append(current)
            current = []
    if current:
        chunks.append(current)
    return chunks


def rewrite(text: str, members: list[Member]) -> str:
    """``text`` (a shared file) with the declared members of its blocks written."""
    lines = text.split("\n")
    targets = sorted({(m.target, m.oneof) for m in members})
    for target, oneof in targets:
        head = f"message {target} {{" if oneof else f"enum {target} {{"
        if head not in lines:
            continue
        start, end = _block(lines, head)
        if oneof:
            start, end = _block(lines, f"  oneof {oneof} {{", start)
        declared = sorted(
            (m for m in members if (m.target, m.oneof) == (target, oneof)),
            key=lambda m: m.number,
        )
        names = {m.name for m in declared}
        body = lines[start:end]
        kept = [c for c in _chunks(body) if not _named(c, names)]
        spaced = any(not line.strip() for line in body)
        indent = "    " if oneof else "  "
        out = [line for chunk in kept for line in chunk]
        for member in declared:
            if spaced:
                out.append("")
            out.append(f"{indent}// {member.comment}")
            typed = f"{member.type} " if oneof else ""
            out.append(f"{indent}{typed}{member.name} = {member.number};")
        lines[start:end] = out
    return "\n".join(_with_imports(lines, members))


def _with_imports(lines: list[str], members: list[Member]) -> list[str]:
    """``lines`` importing the file of every game whose message a oneof of them holds (the
    import block kept sorted, as buf format has it)."""
    text = "\n".join(lines)
    games = {
        m.game for m in members if m.oneof and re.search(rf"^\s+{m.type} {m.game} =", text, re.M)
    }
    first = next((i for i, line in enumerate(lines) if line.startswith("import ")), None)
    if first is None or not games:
        return lines
    last = first
    while last < len(lines) and lines[last].startswith("import "):
        last += 1
    imports = set(lines[first:last]) | {f'import "cercle/v1/{game}.proto";' for game in games}
    return [*lines[:first], *sorted(imports), *lines[last:]]


def _named(chunk: list[str], names: set[str]) -> bool:
    match = _FIELD.match(chunk[-1])
    return match is not None and match.group(1) in names


def generated(root: Path = PROTOS) -> dict[Path, str]:
    """Each shared file as the declarations of the per-game files give it."""
    members = [m for path in game_protos(root) for m in declarations(path)]
    return {
        root / name: rewrite((root / name).read_text(encoding="utf-8"), members) for name in SHARED
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    stale = []
    for path, text in generated().items():
        if path.read_text(encoding="utf-8") != text:
            stale.append(path.name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    if args.check and stale:
        print(f"out of date (run make proto): {', '.join(stale)}", file=sys.stderr)
        return 1
    print(f"oneofs: {'rewrote ' + ', '.join(stale) if stale else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
