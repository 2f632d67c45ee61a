"""AW-INV-1: hands + piles + table + both trick piles hold the 28 cards, each exactly once."""

from __future__ import annotations

from typing import Any

from engine.games.awimbawe.cards import CARD_COUNT
from engine.info import OptionValue


def check(state: Any) -> None:
    cards: list[int] = []
    for seat in (0, 1):
        cards += state.hands[seat]
        for pile in state.piles[seat]:
            cards += pile
        cards += state.trick_piles[seat]
    cards += state.table
    assert sorted(cards) == list(range(CARD_COUNT)), "AW-INV-1: the 28 cards are not all there once"
    # Only cards lying in piles may be marked face up.
    in_piles = {c for seat in (0, 1) for pile in state.piles[seat] for c in pile}
    assert all(not up or c in in_piles for c, up in enumerate(state.face_up))
    # Paralysed cards are the owner's hand or (face-up) pile cards.
    for seat in (0, 1):
        owned = set(state.hands[seat]) | {c for pile in state.piles[seat] for c in pile}
        for card in state.paralysed[seat]:
            assert card in owned and (card in state.hands[seat] or state.face_up[card])


BOT_TABLES: list[tuple[int, dict[str, OptionValue]]] = [(2, {})]
"""(players, options) of the tables bots play whole matches at (tests/engine/test_bots.py)."""
