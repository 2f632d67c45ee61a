"""TM-INV-1 and the card layout, checked after every step of the conformance test."""

from __future__ import annotations

from typing import Any

from engine.games.tamashii.cards import BAG_START, CARD_BY_ID, CARDS, TOTAL_GEMS
from engine.info import OptionValue


def check(state: Any) -> None:
    """TM-INV-1: bag + drawn this turn + on cards + removed = 32 gems, colour by colour; the
    six cards each lie in exactly one slot; no gem is negative."""
    for colour in range(4):
        on_cards = sum(state.on_cards[4 * slot + colour] for slot in range(6))
        parts = (state.bag[colour], state.drawn[colour], on_cards, state.removed[colour])
        assert min(parts) >= 0, f"negative gem count for colour {colour}: {parts}"
        assert sum(parts) == BAG_START[colour], f"colour {colour}: {parts}"
    total = sum(state.bag) + sum(state.drawn) + sum(state.on_cards) + sum(state.removed)
    assert total == TOTAL_GEMS == 32
    assert sorted(state.cards) == sorted(card.id for card in CARDS)
    assert len(state.cards) == 6
    for slot in range(6):
        if state.freed[slot]:
            # A freed card keeps exactly the gems that covered its needs (TM-FREE-1/2).
            needs = CARD_BY_ID[state.cards[slot]].needs
            on = state.gems_on(slot)
            assert all(on[c] <= needs[c] for c in range(3)), f"excess left on slot {slot}"
            assert sum(on) == sum(needs), f"slot {slot} freed without its needs"


BOT_TABLES: list[tuple[int, dict[str, OptionValue]]] = [
    (1, {}),
    (3, {"level": "NOVICE"}),
    (4, {"level": "NIGHTMARE", "memory_aid": True}),
    (6, {"level": "EASY"}),
]
"""(players, options) of the tables bots play whole matches at (tests/engine/test_bots.py)."""
DECISION_TABLE = 1
"""The BOT_TABLES entry the decides-from-its-view test plays (default: the first)."""
TAKEOVER_TABLE = 1
"""The BOT_TABLES entry the bot-taking-over test plays (default: the first)."""
