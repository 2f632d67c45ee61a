"""MT-INV-1: every dog card and every location card is in exactly one place."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.tomy import EMPTY, NO_CARD
from engine.games.tomy import cards as tomy_data
from engine.info import OptionValue


def check(state: Any) -> None:
    """MT-INV-1: dog deck + hands + votes on the table + dog discards = 96, each card once;
    location deck + row + location discards = 48, each card once."""
    dogs = Counter(state.dog_deck)
    dogs.update(state.dog_discard)
    for hand in state.hands:
        dogs.update(hand)
    dogs.update(card for card in state.votes if card != NO_CARD)
    assert sum(dogs.values()) == tomy_data.DOG_CARDS == 96, "MT-INV-1: dog card count"
    assert set(dogs) == set(range(96)), "MT-INV-1: a dog card is missing"
    assert max(dogs.values()) == 1, "MT-INV-1: a dog card is in two places"

    places = Counter(state.location_deck)
    places.update(state.location_discard)
    places.update(location for location in state.row if location != EMPTY)
    assert sum(places.values()) == tomy_data.LOCATION_CARDS == 48, "MT-INV-1: location count"
    assert set(places) == set(range(48)), "MT-INV-1: a location card is missing"
    assert max(places.values()) == 1, "MT-INV-1: a location card is in two places"

    # Hands are kept sorted, so the views and encodings are canonical.
    for hand in state.hands:
        assert hand == sorted(hand)


BOT_TABLES: list[tuple[int, dict[str, OptionValue]]] = [
    (3, {}),
    (5, {"language": "EN"}),
    (8, {"rounds": True, "target_score": 4}),
]
"""(players, options) of the tables bots play whole matches at (tests/engine/test_bots.py)."""
