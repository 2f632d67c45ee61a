"""The CLI's Tamashii lines read the typed contract: events, outcome and view enums.

Every event of seeded matches, mapped to ``TamashiiEvent`` as the server sends it, renders to
a line in both languages without falling back to raw enum names or i18n keys; verdicts and
faces are translated from their enum values and card ids.
"""

from __future__ import annotations

import pytest
from cercle.v1 import tamashii_pb2

from clients.i18n import Tr
from clients.render import Context
from clients.render.tamashii import tamashii_event, tamashii_outcome_lines, tamashii_table
from engine import registry
from engine.events import Event
from engine.games.tamashii.cards import CARDS, FACES, VERDICTS
from engine.games.tamashii.events import MatchOver, Peeked, TamashiiOutcome
from engine.playout import random_playout
from services.games.convert import to_proto

GAME = registry.get("tamashii")


def _wire(event: Event) -> tamashii_pb2.TamashiiEvent:
    message = tamashii_pb2.TamashiiEvent()
    to_proto(event, getattr(message, event.kind))
    return message


def _events() -> list[Event]:
    events: list[Event] = []

    def on_step(before: object, seat: int, action: object, after: object, evs: object) -> None:
        assert isinstance(evs, tuple)
        events.extend(e for e in evs if isinstance(e, Event))

    for seed in range(6):
        random_playout(GAME, 1 + seed % 4, seed, chooser_seed=seed, on_step=on_step)
    return events


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_event_renders_in_both_languages(lang: str) -> None:
    ctx = Context("tamashii", Tr(lang), me=0)
    kinds = set()
    for event in _events():
        line = tamashii_event(_wire(event), ctx)
        assert line, event
        assert "tm." not in line and "TAMASHII_" not in line, line
        kinds.add(event.kind)
    assert {"gem_drawn", "gems_placed", "match_over", "turn_started", "peeked"} <= kinds


def test_peek_line_shows_the_whole_face() -> None:
    """TM-PEEK-1: the peeker reads the spirit's name, needs and power."""
    ctx = Context("tamashii", Tr("en"), me=1)
    line = tamashii_event(_wire(Peeked(1, 3, FACES[4], False, audience=frozenset({1}))), ctx)
    assert line == "You saw slot 3: Tsuchi (needs 1 blue, 1 red, 1 yellow; peek at a card)."


@pytest.mark.parametrize(("fewest", "verdict"), VERDICTS)
def test_verdicts_are_translated_from_the_enum(fewest: int, verdict: str) -> None:
    for lang in ("en", "fr"):
        ctx = Context("tamashii", Tr(lang))
        expected = Tr(lang)(f"tm.verdict.{verdict}")
        detail = to_proto(
            TamashiiOutcome(fewest, "standard", verdict), tamashii_pb2.TamashiiOutcome()
        )
        assert isinstance(detail, tamashii_pb2.TamashiiOutcome)
        assert tamashii_outcome_lines(detail, ctx) == [ctx.tr("tm.verdict", verdict=expected)]
        line = tamashii_event(_wire(MatchOver(fewest, "all_freed", verdict)), ctx)
        assert line is not None and expected in line
    assert Tr("fr")("tm.verdict.wonderful").startswith("Formidable !")


def test_table_translates_level_phase_and_freed_faces() -> None:
    state = GAME.new_match(GAME.validate_options({"level": "HARD"}), 2, 4)
    view = to_proto(GAME.view(state, 0), tamashii_pb2.TamashiiView())
    assert isinstance(view, tamashii_pb2.TamashiiView)
    lines = tamashii_table(view, Context("tamashii", Tr("fr")))
    assert lines[0].startswith("Niveau difficile") and "choix" in lines[0]
    assert all(name.name not in "\n".join(lines) for name in CARDS)  # all face down
