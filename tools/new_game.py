"""Everything a new game needs beyond its rules, written from its engine package.

Write the game's package ``engine/games/<id>/`` first (its ``Game`` registered on import);
then

    .venv/bin/python tools/new_game.py <id>      # then: make proto

writes each file of the checklist (``tools/game_checklist.py``, docs/architecture.md "Adding a
fifth game") that does not exist yet, and never touches an existing file:

- ``engine/games/<id>/conformance.py``: ``check`` (no invariant yet: write the game's own)
  and ``BOT_TABLES`` (the smallest and the largest table);
- ``protos/cercle/v1/<id>.proto``: the messages (:mod:`tools.scaffold_game_proto`) and the
  game's members of the shared oneofs and its outcome reasons, numbered after the ones taken
  (:mod:`tools.genoneofs` writes them into the shared files at ``make proto``);
- ``i18n/locales/<lang>/<id>.ftl`` in every language: the catalogue texts
  (``game-<id>-…``), a hint, one sentence per action and per event kind (``-other`` for the
  private ones), to be translated;
- ``docs/games/<id>.md`` and ``docs/games/<id>-rules.md`` (one rule id to start with), and
  ``tests/engine/test_<id>.py``, the test that names it;
- ``clients/render/<id>.py`` and ``clients/web/src/games/<id>.ts``: the terminal's and the
  page's generic modules (:mod:`clients.render.generic`, ``games/generic.ts``).

Outcome reasons and private event kinds are found by playing random matches. Every other list
of games (registry, bots, renderers, test tables, oneofs, TypeScript imports, catalogues) is
found or generated; nothing existing is edited by hand.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gen" / "python"))

from engine import registry
from engine.core import Game
from engine.playout import random_playout
from tools import genoneofs
from tools.scaffold_game_proto import Scaffold, proto_prefix, snake

ROOT = Path(__file__).resolve().parents[1]
SEEDS = range(24)
"""Random matches played to find the outcome reasons and the private event kinds."""


def played(game: Game[Any, Any, Any]) -> tuple[list[str], set[str]]:
    """(the outcome reasons, the private event kinds) of random matches of ``game``."""
    reasons: list[str] = []
    private: set[str] = set()
    for seed in SEEDS:
        players = (game.info.min_players, game.info.max_players)[seed % 2]

        def watch(before: Any, seat: int, action: Any, after: Any, events: Any) -> None:
            private.update(e.kind for e in events if e.audience is not None)

        final, _ = random_playout(game, players, seed, on_step=watch)
        outcome = game.outcome(final)
        if outcome is not None and outcome.reason.upper() not in reasons:
            reasons.append(outcome.reason.upper())
    return reasons, private


def taken_numbers(root: Path) -> dict[str, int]:
    """Per shared oneof or enum (``Action.game``, ``OutcomeReason``), the highest number used."""
    taken: dict[str, int] = {}
    v1 = root / "protos" / "cercle" / "v1"
    for name in genoneofs.SHARED:
        lines = (v1 / name).read_text(encoding="utf-8").split("\n")
        message = ""
        oneof = ""
        for line in lines:
            if m := re.match(r"^(message|enum) (\w+) \{", line):
                message, oneof = m.group(2), ("" if m.group(1) == "message" else "-")
            elif m := re.match(r"^  oneof (\w+) \{", line):
                oneof = m.group(1)
            elif line == "  }":
                oneof = ""
            elif (m := re.match(r"^\s+(?:\w+ )?\w+ = (\d+);", line)) and oneof:
                key = message if oneof == "-" else f"{message}.{oneof}"
                taken[key] = max(taken.get(key, 0), int(m.group(1)))
    return taken


def enum_values(root: Path, enum: str) -> set[str]:
    """The values of a shared enum, without their prefix."""
    text = (root / "protos" / "cercle" / "v1" / "game.proto").read_text(encoding="utf-8")
    body = text.split(f"enum {enum} {{", 1)[1].split("\n}", 1)[0]
    prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum).upper() + "_"
    return {v.removeprefix(prefix) for v in re.findall(r"^\s+(\w+) = \d+;", body, re.M)}


def proto(game: Game[Any, Any, Any], root: Path, reasons: list[str]) -> str:
    """The game's .proto: the scaffold's messages and the game's declared shared members."""
    name, title = proto_prefix(game.info.id), game.info.name
    taken = taken_numbers(root)
    comments = {
        "Action.game": f"A {title} move.",
        "Event.event": f"A {title} event.",
        "Outcome.detail": f"{title}'s result.",
        "View.game": f"A {title} table.",
        "GetGameCatalogueResponse.catalogue": f"{title}'s material.",
        "RoomOptions.game": f"{title}'s options.",
    }
    lines = [
        "",
        "// Its members of the shared oneofs, which tools/genoneofs.py (make proto) writes into",
        "// game.proto, lobby.proto and common.proto; a number never changes once published:",
    ]
    lines += [f"// - {key} = {taken[key] + 1}: {text}" for key, text in comments.items()]
    known = enum_values(root, "OutcomeReason")
    number = taken["OutcomeReason"]
    for reason in reasons:
        if reason not in known:
            number += 1
            lines.append(f"// - OutcomeReason {reason} = {number}: {title}: {reason.lower()}.")
    text = documented(Scaffold(game.info.id).render())
    head, body = text.split(f"\n// A move in {name}", 1)
    return head.rstrip("\n") + "\n" + "\n".join(lines) + "\n\n// A move in " + name + body


def documented(proto_text: str) -> str:
    """``proto_text`` with a comment on every message, field and enum value that has none
    (buf lint asks for them; a review replaces the words with the game's)."""
    out: list[str] = []
    for line in proto_text.split("\n"):
        indent = line[: len(line) - len(line.lstrip())]
        declared = (
            re.match(r"^\s*(?:message|enum) (\w+) \{", line)
            or re.match(r"^\s*(?:optional |repeated )?[\w.]+ (\w+) = \d+;", line)
            or re.match(r"^\s*([A-Z][A-Z0-9_]*) = \d+;", line)
        )
        if declared and not (out and out[-1].strip().startswith("//")):
            words = snake(declared.group(1)).replace("_", " ").strip().lower()
            out.append(f"{indent}// The {words}.")
        out.append(line)
    return "\n".join(out)


def _fields(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls) if f.name != "audience"]


def _sentence(words: str, fields: list[str]) -> str:
    parts = [f"{field} {{ ${field} }}" for field in fields if field != "seat"]
    who = "{ $who }: " if "seat" in fields else ""
    return f"{who}{words}" + (f" ({', '.join(parts)})" if parts else "")


def ftl(game: Game[Any, Any, Any], private: set[str], reasons: list[str]) -> str:
    """The game's catalogue file (one per language, the same words to translate)."""
    from tools.game_checklist import game_message_ids

    game_id = game.info.id
    lines = [f"# {game.info.name}: catalogue texts, outcome reasons, a hint, actions, events."]
    lines.append("# Written by tools/new_game.py; translate each line.")
    lines.append("")
    for message_id in game_message_ids(game):
        text = game.info.name if message_id.endswith("-summary") else message_id.split("-", 2)[2]
        lines.append(f"{message_id} = {text.replace('-', ' ')}")
    lines += [f"outcome_reason-{r.lower()} = {r.lower().replace('_', ' ')}" for r in reasons]
    lines.append(f"{game_id}-hint = Your turn: choose an action.")
    for cls in game.action_types:
        words = snake(cls.__name__).replace("_", " ")
        lines.append(f"{game_id}-act-{snake(cls.__name__)} = {_sentence(words, _fields(cls))}")
    for cls in game.event_types:
        words = cls.kind.replace("_", " ")
        lines.append(f"{game_id}-ev-{cls.kind} = {_sentence(words, _fields(cls))}")
        if cls.kind in private:
            lines.append(f"{game_id}-ev-{cls.kind}-other = {{ $who }}: {words} (hidden)")
    return "\n".join(lines) + "\n"


def rule_prefix(game_id: str, root: Path) -> str:
    """Two letters no other game's rule ids use."""
    used = {
        m.group(1)
        for path in (root / "docs" / "games").glob("*-rules.md")
        for m in re.finditer(r"^- ([A-Z]{2})-", path.read_text(encoding="utf-8"), re.M)
    }
    letters = re.sub(r"[^A-Z]", "", game_id.upper())
    for first in letters:
        for second in letters[1:] + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if first + second not in used:
                return first + second
    raise SystemExit(f"no free rule prefix for {game_id}")


def docs_page(game: Game[Any, Any, Any], scaffold: Scaffold, reasons: list[str]) -> str:
    name = game.info.name
    rules = f"{game.info.id}-rules.md"
    lines = [f"# {name}", "", f"Rules with their ids: [{rules}]({rules}).", ""]
    lines += ["## Actions", ""]
    lines += [f"- `{snake(cls.__name__)}`" for cls in game.action_types]
    lines += ["", "## Events", ""]
    lines += [f"- `{cls.kind}`" for cls in game.event_types]
    if scaffold.enums:
        lines += ["", "## Vocabularies", ""]
        for enum, values in scaffold.enums.items():
            lines.append(f"- `{enum}`: " + ", ".join(f"`{v}`" for v in values))
    if reasons:
        lines += ["", "## Outcome reasons", ""]
        lines += [f"- `OUTCOME_REASON_{reason}`" for reason in reasons]
    lines += ["", "## Options", ""]
    options = [f"- `{spec.name}` (default {spec.default})" for spec in game.info.options]
    lines += options or ["None."]
    return "\n".join(lines) + "\n"


def rules_page(game: Game[Any, Any, Any], prefix: str) -> str:
    return (
        f"# {game.info.name}: rules\n\n"
        f"- {prefix}-GOAL-1: a match ends with an outcome, whatever legal moves are played.\n"
    )


def rules_test(game: Game[Any, Any, Any], prefix: str) -> str:
    rule = f"{prefix.lower()}_goal_1"
    return f'''"""{game.info.name}: the rules of docs/games/{game.info.id}-rules.md, a test
each."""

from __future__ import annotations

from engine import registry
from engine.playout import random_playout


def test_{rule}_a_match_ends_with_an_outcome() -> None:
    """{prefix}-GOAL-1: random legal play always reaches the end."""
    game = registry.get("{game.info.id}")
    for seed in range(20):
        final, _ = random_playout(game, game.info.min_players, seed)
        assert game.outcome(final) is not None
'''


def conformance(game: Game[Any, Any, Any]) -> str:
    low, high = game.info.min_players, game.info.max_players
    tables = sorted({low, high})
    return f'''"""{game.info.name}'s checks for the generic tests: the invariant the
conformance test (tests/engine/test_conformance.py) runs after every step, and the tables the
bot tests play."""

from __future__ import annotations

from typing import Any

from engine.info import OptionValue


def check(state: Any) -> None:
    """No conservation invariant yet: write the game's own (what is never lost or doubled)."""


BOT_TABLES: list[tuple[int, dict[str, OptionValue]]] = [{", ".join(f"({n}, {{}})" for n in tables)}]
"""(players, options) of the tables bots play whole matches at (tests/engine/test_bots.py)."""
'''


def cli_module(game: Game[Any, Any, Any]) -> str:
    return f'''"""{game.info.name} in the terminal: the generic renderer
(clients.render.generic) until the game draws its own table."""

from clients.render.generic import generic_renderer
from clients.render.renderer import register

register(generic_renderer("{game.info.id}"))
'''


def web_module(game: Game[Any, Any, Any]) -> str:
    head, *rest = game.info.id.split("_")
    name = head + "".join(part.title() for part in rest)
    usual = min(game.info.max_players, max(game.info.min_players, 2))
    return f"""/** {game.info.name} on the page: the generic module (games/generic.ts) until
 * the game draws its own table. */

import {{ genericGame }} from "./generic.js";

export const {name} = genericGame("{game.info.id}", {usual});
"""


def files(game_id: str, root: Path = ROOT) -> dict[Path, str]:
    """Every file the game needs, by path under ``root``, with its text."""
    game = registry.get(game_id)
    reasons, private = played(game)
    scaffold = Scaffold(game_id)
    proto_text = proto(game, root, reasons)
    scaffold.render()  # fills scaffold.enums for the docs page
    prefix = rule_prefix(game_id, root)
    out = {
        root / "engine" / "games" / game_id / "conformance.py": conformance(game),
        root / "protos" / "cercle" / "v1" / f"{game_id}.proto": proto_text,
        root / "docs" / "games" / f"{game_id}.md": docs_page(game, scaffold, reasons),
        root / "docs" / "games" / f"{game_id}-rules.md": rules_page(game, prefix),
        root / "tests" / "engine" / f"test_{game_id}.py": rules_test(game, prefix),
        root / "clients" / "render" / f"{game_id}.py": cli_module(game),
        root / "clients" / "web" / "src" / "games" / f"{game_id}.ts": web_module(game),
    }
    worded = {
        message_id
        for path in (root / "i18n" / "locales").glob("*/*.ftl")
        if path.stem != game_id
        for message_id in re.findall(r"^(outcome_reason-\w+) *=", path.read_text(), re.M)
    }
    text = ftl(game, private, [r for r in reasons if f"outcome_reason-{r.lower()}" not in worded])
    for language in sorted(p for p in (root / "i18n" / "locales").iterdir() if p.is_dir()):
        out[language / f"{game_id}.ftl"] = text
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("game_id")
    args = parser.parse_args()
    for path, text in files(args.game_id).items():
        if path.exists():
            print(f"kept    {path.relative_to(ROOT)}")
            continue
        path.write_text(text, encoding="utf-8")
        print(f"wrote   {path.relative_to(ROOT)}")
    print("now: make proto (the oneofs, stubs, docs and TypeScript lists), then review each file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
