"""Tamashii's material as data: the six cards, the bag, the levels and the verdicts.

Every **[decision]** of ``shared/rules/tamashii.md`` that is a value (the needs and powers of
the cards, the gems each level removes, the verdict lines, the win threshold) lives here, so
it can be replaced when the printed cards are known without touching the rules code.

Gems are small ints: ``BLUE``, ``RED``, ``YELLOW``, ``BLACK``; ``COLOURS`` names them.

>>> sum(card.needs[BLUE] for card in CARDS), sum(card.needs[RED] for card in CARDS)
(5, 6)
>>> verdict(4)
('Good work!', 'Bon travail !')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

BLUE = 0
RED = 1
YELLOW = 2
BLACK = 3
COLOURS: tuple[str, ...] = ("blue", "red", "yellow", "black")
"""Colour names, indexed by the gem constants (the words used in views and events)."""

PLAIN_COLOURS: tuple[int, ...] = (BLUE, RED, YELLOW)
"""The colours a card can need (black never is needed; in NOVICE it stands in for any)."""

BAG_START: tuple[int, int, int, int] = (10, 10, 10, 2)
"""TM-BAG-1: the full bag, per colour (32 gems)."""

TOTAL_GEMS = sum(BAG_START)

# Powers (TM-CARDS-1). Names from the source's power list.
RETURN_EXCESS = "RETURN_EXCESS"
RETURN_TWO_YELLOW = "RETURN_TWO_YELLOW"
REMOVE_BLACK = "REMOVE_BLACK"
PEEK = "PEEK"
NO_POWER = "NONE"


@dataclass(frozen=True, slots=True)
class Card:
    """One Tamashii: ``needs`` is (blue, red, yellow, black) gems; black is always 0."""

    id: int
    name: str
    needs: tuple[int, int, int, int]
    power: str


CARDS: tuple[Card, ...] = (
    # [decision] TM-CARDS-1: the printed needs and powers are lost from our copy.
    Card(1, "Kaze", (2, 0, 1, 0), RETURN_EXCESS),
    Card(2, "Hi", (0, 2, 0, 0), RETURN_TWO_YELLOW),
    Card(3, "Mizu", (2, 1, 0, 0), REMOVE_BLACK),
    Card(4, "Tsuchi", (1, 1, 1, 0), PEEK),
    Card(5, "Hikari", (0, 0, 2, 0), NO_POWER),
    Card(6, "Yami", (0, 2, 1, 0), NO_POWER),
)

CARD_BY_ID: Mapping[int, Card] = {card.id: card for card in CARDS}

RETURN_TWO_YELLOW_COUNT = 2
"""How many yellow gems Hi's power puts back into the bag (TM-CARDS-1)."""

# Levels (TM-LEVEL-1): the gems each level takes out of the bag at set-up.
NOVICE = "NOVICE"
EASY = "EASY"
STANDARD = "STANDARD"
HARD = "HARD"
NIGHTMARE = "NIGHTMARE"
LEVELS: tuple[str, ...] = (NOVICE, EASY, STANDARD, HARD, NIGHTMARE)

LEVEL_REMOVALS: Mapping[str, tuple[int, int, int, int]] = {
    NOVICE: (0, 0, 0, 0),
    EASY: (0, 0, 0, 1),
    # [decision] "one gem of each colour" includes black, else STANDARD would equal HARD.
    STANDARD: (1, 1, 1, 1),
    HARD: (1, 1, 1, 0),
    NIGHTMARE: (2, 2, 2, 0),
}

# Verdicts (TM-END-2): (fewest freed for this line, English, French from the source).
VERDICTS: tuple[tuple[int, str, str], ...] = (
    (
        0,
        "Just a game, let's do better next time!",
        "Ce n'est qu'un jeu, faisons mieux la prochaine fois !",
    ),
    (3, "Not bad!", "Pas mal !"),
    (4, "Good work!", "Bon travail !"),
    (5, "Very good work!", "Très bon travail !"),
    (
        6,
        "Wonderful! Let's try a harder level next time!",
        "Formidable ! Essayons un niveau plus difficile la prochaine fois !",
    ),
)

WIN_THRESHOLD = 3
"""[decision] TM-COOP-1: the table counts as winning from this many freed Tamashii (the
first verdict that is not "let's do better next time")."""


def verdict(freed: int) -> tuple[str, str]:
    """The (English, French) verdict line for ``freed`` Tamashii."""
    line = VERDICTS[0]
    for entry in VERDICTS:
        if freed >= entry[0]:
            line = entry
    return line[1], line[2]
