"""What the CLI draws while the table rests (TT-PAUSE-1, AW-PAUSE-1, MT-PAUSE-1), from real
engine states through the contract, in both languages: the round's score table (Tomy: the
reveal) under the board, the menu's Next round / Next story and the rest in the status line."""

from __future__ import annotations

from typing import Any

import pytest
from cercle.v1 import common_pb2, game_pb2

from clients.choices import build_menu
from clients.clock import status_line
from clients.i18n import Tr
from clients.render import Context, render_view, strip_ansi
from clients.render.messages import learn_catalogue
from clients.render.text import (
    Style,
)
from engine import registry
from engine.core import Game, State
from engine.rng import Rng
from services.games import contract_for

PLAYERS = {"tomahawk": 3, "awimbawe": 2, "tomy": 4}


def _at_rest(game_id: str, seed: int = 5) -> tuple[Game[Any, Any, Any], State]:
    game = registry.get(game_id)
    state = game.new_match(game.validate_options({}), PLAYERS[game_id], seed)
    rng = Rng(seed)
    while game.pending(state)[0].clock != "pause":
        seat = game.pending(state)[0].seat
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rng.below(len(legal))]).state
    return game, state


def _drawn(game_id: str, lang: str) -> tuple[list[str], Context, Game[Any, Any, Any], State]:
    game, state = _at_rest(game_id)
    contract = contract_for(game_id)
    ctx = Context(game_id, Tr(lang), Style(False))
    learn_catalogue(contract.catalogue_to_proto(game.catalogue()), ctx)
    view = contract.view_to_proto(game.view(state, 0))
    return [strip_ansi(line) for line in render_view(view, ctx)], ctx, game, state


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tt_pause_1_the_round_score_table_under_the_board(lang: str) -> None:
    lines, _, game, state = _drawn("tomahawk", lang)
    text = "\n".join(lines)
    last = game.view(state, 0).last_round
    assert last is not None
    title = {"en": "End of round 1", "fr": "Fin de la manche 1"}[lang]
    assert title in lines
    table = lines[lines.index(title) :]
    rows = [line for line in table if " · total " in line]
    assert len(rows) == PLAYERS["tomahawk"], text
    for seat, row in enumerate(rows):
        points = last.points[seat]
        assert (f"+{points}" if points else " 0 ") in row and f"total {last.totals[seat]}" in row
        assert row.startswith("★") == (seat == last.winner)
    assert "{" not in text and "tt-" not in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_aw_pause_1_the_round_result_under_the_board(lang: str) -> None:
    lines, _, game, state = _drawn("awimbawe", lang)
    result = game.view(state, 0).round_results[-1]
    rows = [
        line
        for line in lines
        if line[:1] in ("★", " ") and ("crowns" in line or "couronnes" in line)
    ]
    assert len(rows) == 2, lines
    for seat, row in enumerate(rows):
        assert f" {result.crowns[seat]} " in row + " "
        assert row.startswith("★") == (seat == result.winner)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mt_pause_1_the_reveal_under_the_board(lang: str) -> None:
    lines, _, game, state = _drawn("tomy", lang)
    last = game.view(state, 0).last_turn
    assert last is not None
    found = {"en": "found Tomy", "fr": "a trouvé Tomy"}[lang]
    drew = {"en": "draws a card", "fr": "pioche une carte"}[lang]
    rows = [line for line in lines if found in line or drew in line]
    voters = [seat for seat, vote in enumerate(last.votes) if vote is not None]
    assert len(rows) == len(voters), lines
    assert sum(found in row for row in rows) == len(last.finders)
    assert all(row.startswith("★") for row in rows if found in row)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_pause_1_the_menu_offers_next_and_the_status_tells_the_rest(game_id: str) -> None:
    _, ctx, game, state = _drawn(game_id, "en")
    contract = contract_for(game_id)
    actions = [contract.action_to_proto(a) for a in game.legal_actions(state, 0)]
    view = game_pb2.View()
    view.CopyFrom(contract.view_to_proto(game.view(state, 0)))
    menu = build_menu(actions, ctx, view)
    assert [strip_ansi(c.label) for c in menu] == [
        "Next story" if game_id == "tomy" else "Next round"
    ]
    deadlines = [
        common_pb2.Deadline(seat=p.seat, clock=common_pb2.CLOCK_KIND_PAUSE)
        for p in game.pending(state)
    ]
    for d in deadlines:
        d.expire_time.seconds = 2_000_000_020
    waiting = [p.seat for p in game.pending(state)]
    line = strip_ansi(
        status_line(
            ctx.tr,
            ctx.style,
            ctx,
            me=0,
            waiting_for=waiting,
            deadlines=deadlines,
            clock_offset=0.0,
            now=2_000_000_000.0,
        )
    )
    assert line.startswith("Rest: play resumes in 20 s"), line
    assert "Your turn" not in line
    after = strip_ansi(
        status_line(
            ctx.tr,
            ctx.style,
            ctx,
            me=0,
            waiting_for=waiting[1:],
            deadlines=deadlines[1:],
            clock_offset=0.0,
            now=2_000_000_000.0,
        )
    )
    assert after.startswith("waiting for ") and "20 s left" in after, after
