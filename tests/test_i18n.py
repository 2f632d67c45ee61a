"""The message catalogues (i18n/locales): every language has every message, with the same
variables, and every file parses; the CLI's words resolve through them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cercle.v1 import game_pb2
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

import i18n
from clients.i18n import Tr, detect_language
from engine import registry
from engine.playout import seeded_match_events

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
    assert Tr("fr")("you") == "toi" and Tr("en")("you") == "you"


def test_every_game_text_of_the_catalogue_is_in_every_language() -> None:
    """The game catalogue's texts (ListGames) live in the message catalogues, not the
    engine: a summary per game, a description per option and choice, a line per clock."""
    from tools.game_checklist import game_message_ids

    for language in i18n.available():
        tr = i18n._catalogue(LOCALES, language)  # no English fallback here
        for game in registry.games():
            for message_id in game_message_ids(game):
                assert tr._bundles[0].has_message(message_id), f"{language}: {message_id}"


def _game_prefix(game_id: str) -> str:
    """A game's message prefix: the one every message id of its ``<game>.ftl`` starts with
    but its catalogue texts ``game-<id>-…``, its outcome reasons ``outcome_reason-…`` and
    its refusals ``error-…`` (docs/i18n.md); fails if the file mixes prefixes."""
    prefixes = {
        message_id.split("-")[0]
        for message_id in _messages(LOCALES / "en" / f"{game_id}.ftl")
        if not message_id.startswith((f"game-{game_id}-", "outcome_reason-", "error-"))
    }
    assert len(prefixes) == 1, f"{game_id}.ftl mixes message prefixes {sorted(prefixes)}"
    return prefixes.pop()


def _ids_of(language: str, file: str) -> set[str]:
    return set(_messages(LOCALES / language / file))


@pytest.mark.parametrize("game_id", [g.info.id for g in registry.games()])
def test_every_event_kind_has_its_message_in_every_language(game_id: str) -> None:
    """The event -> message-id rule of docs/i18n.md: the sentence of event kind ``<kind>`` of
    a game is ``<prefix>-ev-<kind>`` in its ``<game>.ftl``, and a private event also has
    ``<prefix>-ev-<kind>-other`` (the same event read by another seat, in a replay)."""
    game = registry.get(game_id)
    kinds = {event_type.kind for event_type in game.event_types}
    assert kinds, f"{game_id} declares no event types"
    # The private kinds, as random matches emit them (odd seeds: random play, fast).
    seeds = (1, 3, 5, 7)
    private = {e.kind for seed in seeds for e in seeded_match_events(game, seed) if e.audience}
    assert private <= kinds and private, f"{game_id}: no private event in {len(seeds)} matches"
    prefix = _game_prefix(game_id)
    for language in i18n.available():
        ids = _ids_of(language, f"{game_id}.ftl")
        missing = sorted(
            f"{prefix}-ev-{kind}" for kind in kinds if f"{prefix}-ev-{kind}" not in ids
        )
        missing += sorted(
            f"{prefix}-ev-{kind}-other"
            for kind in private
            if f"{prefix}-ev-{kind}-other" not in ids
        )
        assert not missing, f"{language}/{game_id}.ftl lacks {missing}"


def test_every_room_event_has_its_message_in_every_language() -> None:
    """Room events (the RoomEvent oneof: joins, bots, chat...) read ``ev-<kind>`` of cli.ftl."""
    kinds = [f.name for f in game_pb2.RoomEvent.DESCRIPTOR.oneofs_by_name["event"].fields]
    for language in i18n.available():
        ids = _ids_of(language, "cli.ftl")
        assert not [k for k in kinds if f"ev-{k}" not in ids], f"{language}/cli.ftl"


_ID = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*")
_WIRE_STRINGS = re.compile(
    r"(?:error|error-code|reason|web-refusal|game-[a-z]+-option-[a-z_]+)-[A-Z0-9_]+"
)
"""Ids ending in a string the wire carries as it is (ErrorInfo.reason, a status code, an
option's choice): they keep its spelling."""


def test_message_ids_are_lower_case_but_for_wire_strings() -> None:
    """One casing for every game: ids are lower case, ``-`` between parts and ``_`` inside
    one (``tm-power-return_excess``, the enum value's name in lower case)."""
    for language in i18n.available():
        for path in sorted((LOCALES / language).glob("*.ftl")):
            wrong = [
                m for m in _messages(path) if not (_ID.fullmatch(m) or _WIRE_STRINGS.fullmatch(m))
            ]
            assert not wrong, f"{language}/{path.name}: {wrong}"
