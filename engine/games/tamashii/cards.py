"""Tamashii's material as data: the six cards, the bag, the levels, the verdicts, and the
catalogue that shows all of it to clients.

Every **[decision]** of ``docs/games/tamashii-rules.md`` that is a value (the needs and powers of
the cards, the gems each level removes, the verdict levels, the win threshold) lives here, so
it can be replaced when the printed cards are known without touching the rules code.

Gems are small ints: ``BLUE``, ``RED``, ``YELLOW``, ``BLACK``; ``COLOURS`` names them. Every
closed vocabulary (colours, powers, levels, verdicts) is a lowercase snake_case string, the
lowercase name of its value in the protobuf enum (``"return_excess"`` is
``TAMASHII_POWER_RETURN_EXCESS``).

>>> sum(card.needs[BLUE] for card in CARDS), sum(card.needs[RED] for card in CARDS)
(5, 6)
>>> verdict(4)
'good_work'
>>> FACES[4]
CardFace(id=4, needs=Gems(blue=1, red=1, yellow=1, black=0), power='peek')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

BLUE = 0
RED = 1
YELLOW = 2
BLACK = 3
COLOURS: tuple[str, ...] = ("blue", "red", "yellow", "black")
"""Colour names, indexed by the gem constants (the ``TamashiiColour`` enum values)."""

PLAIN_COLOURS: tuple[int, ...] = (BLUE, RED, YELLOW)
"""The colours a card can need (black never is needed; in NOVICE it stands in for any)."""

BAG_START: tuple[int, int, int, int] = (10, 10, 10, 2)
"""TM-BAG-1: the full bag, per colour (32 gems)."""

TOTAL_GEMS = sum(BAG_START)

# Powers (TM-CARDS-1): the ``TamashiiPower`` enum values. Names from the source's power list.
RETURN_EXCESS = "return_excess"
RETURN_TWO_YELLOW = "return_two_yellow"
REMOVE_BLACK = "remove_black"
PEEK = "peek"
NO_POWER = "none"
POWERS: tuple[str, ...] = (NO_POWER, RETURN_EXCESS, RETURN_TWO_YELLOW, REMOVE_BLACK, PEEK)


@dataclass(frozen=True, slots=True)
class Gems:
    """A number of gems per colour (the ``TamashiiGems`` message)."""

    blue: int = 0
    red: int = 0
    yellow: int = 0
    black: int = 0


@dataclass(frozen=True, slots=True)
class CardFace:
    """The whole printed face of a Tamashii but its name (TM-PEEK-1): what a peek shows, what
    a liberation attempt reveals to all. ``needs`` to be freed; ``power`` (``"none"`` if it
    has none). The name is in the catalogue, by ``id``."""

    id: int
    needs: Gems
    power: str


@dataclass(frozen=True, slots=True)
class Card:
    """One Tamashii: ``needs`` is (blue, red, yellow, black) gems; black is always 0."""

    id: int
    name: str
    needs: tuple[int, int, int, int]
    power: str

    @property
    def face(self) -> CardFace:
        return CardFace(self.id, Gems(*self.needs), self.power)


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

FACES: Mapping[int, CardFace] = {card.id: card.face for card in CARDS}
"""Each card's face by id, built once (events and views share these objects)."""

RETURN_TWO_YELLOW_COUNT = 2
"""How many yellow gems Hi's power puts back into the bag (TM-CARDS-1)."""

# Levels (TM-LEVEL-1): the ``TamashiiLevel`` enum values. The room option ``level`` spells
# them in capitals (``STANDARD``), as options always have; the match keeps the lowercase value.
NOVICE = "novice"
EASY = "easy"
STANDARD = "standard"
HARD = "hard"
NIGHTMARE = "nightmare"
LEVELS: tuple[str, ...] = (NOVICE, EASY, STANDARD, HARD, NIGHTMARE)
LEVEL_CHOICES: tuple[str, ...] = tuple(level.upper() for level in LEVELS)
"""The values of the room option ``level`` (``NOVICE`` ... ``NIGHTMARE``)."""

LEVEL_REMOVALS: Mapping[str, tuple[int, int, int, int]] = {
    NOVICE: (0, 0, 0, 0),
    EASY: (0, 0, 0, 1),
    # [decision] "one gem of each colour" includes black, else STANDARD would equal HARD.
    STANDARD: (1, 1, 1, 1),
    HARD: (1, 1, 1, 0),
    NIGHTMARE: (2, 2, 2, 0),
}

# Verdicts (TM-END-2): the ``TamashiiVerdict`` enum values; clients translate them (the
# French lines of the source, and their English version, are in the clients' catalogues).
JUST_A_GAME = "just_a_game"
"""0-2 freed: "just a game, let's do better next time"."""
NOT_BAD = "not_bad"
GOOD_WORK = "good_work"
VERY_GOOD_WORK = "very_good_work"
WONDERFUL = "wonderful"
"""All six freed: "wonderful, try a harder level"."""

VERDICTS: tuple[tuple[int, str], ...] = (
    (0, JUST_A_GAME),
    (3, NOT_BAD),
    (4, GOOD_WORK),
    (5, VERY_GOOD_WORK),
    (6, WONDERFUL),
)
"""(fewest freed for this verdict, verdict), by increasing count."""

WIN_THRESHOLD = 3
"""[decision] TM-COOP-1: the table counts as winning from this many freed Tamashii (the
first verdict that is not "let's do better next time")."""


def verdict(freed: int) -> str:
    """The verdict for ``freed`` Tamashii (TM-END-2)."""
    line = VERDICTS[0][1]
    for fewest, name in VERDICTS:
        if freed >= fewest:
            line = name
    return line


# --------------------------------------------------------------------------------------------
# The catalogue (the ``TamashiiCatalogue`` message): the printed material, language-neutral
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spirit:
    """One Tamashii as printed (TM-CARDS-1): its proper name (the same in every language),
    its needs and its power. One copy of each is in the game."""

    id: int
    name: str
    needs: Gems
    power: str


@dataclass(frozen=True, slots=True)
class Level:
    """One difficulty (TM-LEVEL-1): the gems taken out of the bag at set-up, whether the
    freed spirits' powers apply, and whether black gems are wild (no bust)."""

    level: str
    removed: Gems
    powers_active: bool
    black_is_wild: bool


@dataclass(frozen=True, slots=True)
class VerdictRange:
    """TM-END-2: the verdict given for ``min_freed`` to ``max_freed`` Tamashii freed."""

    verdict: str
    min_freed: int
    max_freed: int
    win: bool


@dataclass(frozen=True, slots=True)
class TamashiiCatalogue:
    """Everything printed in the box: the six spirits, the bag, the levels and verdicts."""

    spirits: tuple[Spirit, ...]
    bag: Gems
    slots: int
    levels: tuple[Level, ...]
    verdicts: tuple[VerdictRange, ...]
    win_threshold: int
    return_two_yellow_count: int


def catalogue() -> TamashiiCatalogue:
    """The catalogue, built from the tables above."""
    bounds = [fewest for fewest, _ in VERDICTS[1:]] + [len(CARDS) + 1]
    return TamashiiCatalogue(
        spirits=tuple(Spirit(c.id, c.name, Gems(*c.needs), c.power) for c in CARDS),
        bag=Gems(*BAG_START),
        slots=len(CARDS),
        levels=tuple(
            Level(level, Gems(*LEVEL_REMOVALS[level]), level != NOVICE, level == NOVICE)
            for level in LEVELS
        ),
        verdicts=tuple(
            VerdictRange(name, fewest, bound - 1, fewest >= WIN_THRESHOLD)
            for (fewest, name), bound in zip(VERDICTS, bounds, strict=True)
        ),
        win_threshold=WIN_THRESHOLD,
        return_two_yellow_count=RETURN_TWO_YELLOW_COUNT,
    )
