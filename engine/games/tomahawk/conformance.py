"""Tomahawk Tribal's conservation invariant (TT-DECK-4), checked after every step.

Hands + draw pile + discard pile hold exactly the 136 distinct card ids, each once. Every
Tomahawk action resolves atomically, so no card is ever "in transit" between two states.
"""

from __future__ import annotations

from typing import Any

from engine.games.tomahawk.cards import DECK_SIZE
from engine.info import OptionValue

_ALL = list(range(DECK_SIZE))


def check(state: Any) -> None:
    """TT-DECK-4: every card id 0..135 is in exactly one place."""
    cards: list[int] = []
    for hand in state.hands:
        cards += hand
    cards += state.draw
    cards += state.discard
    assert len(cards) == DECK_SIZE, f"TT-DECK-4: {len(cards)} cards instead of {DECK_SIZE}"
    assert sorted(cards) == _ALL, "TT-DECK-4: a card is missing or duplicated"
    assert state.discard, "the discard pile always has a top card"
    ones = sum(1 << seat for seat, hand in enumerate(state.hands) if len(hand) == 1)
    assert state.ones == ones, "the one-card mask disagrees with the hands"
    assert state.called & ~ones == 0 and state.may_call & ~ones == 0


BOT_TABLES: list[tuple[int, dict[str, OptionValue]]] = [
    (2, {"target_score": 40}),
    (4, {"target_score": 40}),
    (7, {"target_score": 30}),
]
"""(players, options) of the tables bots play whole matches at (tests/engine/test_bots.py)."""
REPLAY_TABLE = 1
"""The BOT_TABLES entry the same-seeds test replays (default: the last)."""
DECISION_TABLE = 1
"""The BOT_TABLES entry the decides-from-its-view test plays (default: the first)."""
