"""The message catalogues (i18n/locales): every language has every message, with the same
variables, and every file parses; the CLI's words resolve through them."""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

import i18n
from clients.i18n import Tr, detect_language

LOCALES = i18n.locales_dir()


def _messages(path: Path) -> dict[str, set[str]]:
    """Message id -> the variables its value and attributes use; fails on a parse error."""
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    junk = [entry.content for entry in resource.body if isinstance(entry, ast.Junk)]
    assert not junk, f"{path}: cannot parse {junk[:1]}"
    out: dict[str, set[str]] = {}

    class Variables(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.names: set[str] = set()

        def visit_VariableReference(self, node: ast.VariableReference) -> None:
            self.names.add(node.id.name)

    for entry in resource.body:
        if isinstance(entry, ast.Message):
            visitor = Variables()
            visitor.visit(entry)
            out[entry.id.name] = visitor.names
    return out


def test_every_language_has_every_message_with_the_same_variables() -> None:
    english = {p.name: _messages(p) for p in (LOCALES / "en").glob("*.ftl")}
    assert english, "no English catalogue"
    for language in i18n.available():
        for name, messages in english.items():
            path = LOCALES / language / name
            assert path.exists(), f"{language} lacks {name}"
            theirs = _messages(path)
            assert set(theirs) == set(messages), f"{language}/{name}: {set(messages) ^ set(theirs)}"
            for message_id, variables in messages.items():
                assert theirs[message_id] == variables, f"{language}/{name}: {message_id}"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_plural_and_numbers(language: str) -> None:
    tr = Tr(language)
    assert tr("tm.gems", count=1) != tr("tm.gems", count=3) if tr.has("tm.gems") else True
    # a number is never grouped ("12345", not "12,345" or "12 345")
    assert "12345" in tr("seat_n", n=12345)


def test_languages_are_negotiated_from_tags_and_locales() -> None:
    assert i18n.negotiate("fr-BE") == "fr"
    assert i18n.negotiate("de-DE, en;q=0.3") == "en"
    assert i18n.negotiate("xx") == "en"
    assert detect_language({"LANG": "fr_CA.UTF-8"}) == "fr"
    assert detect_language({"LC_ALL": "C"}) == "en"
    assert Tr("fr")("you") == "vous" and Tr("en")("you") == "you"


def test_every_game_text_of_the_catalogue_is_in_every_language() -> None:
    """The game catalogue's texts (ListGames) live in the message catalogues, not the
    engine: a summary per game, a description per option and choice, a line per clock."""
    from engine import registry
    from tools.game_checklist import game_message_ids

    for language in i18n.available():
        tr = i18n._catalogue(LOCALES, language)  # no English fallback here
        for game in registry.games():
            for message_id in game_message_ids(game):
                assert tr._bundles[0].has_message(message_id), f"{language}: {message_id}"
