"""The 28 Awimbawé cards as ints ``0..27`` and their lookup tables (AW-MAT-1, AW-CROWN-1).

A land animal is ``colour * 6 + (value - 1)``: green 0–5, yellow 6–11, black 12–17, brown
18–23, each Mouse (1) to Elephant (6). The four Eagles are 24–27, valued 7–10, in the sky
"colour", which is the trump suit.

>>> [card_name(c) for c in (0, 9, 23, 27)]
['green Mouse 1', 'yellow Hyena 4', 'brown Elephant 6', 'Eagle 10']
>>> CROWNS[3], CROWNS[27]
(3, -2)
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS: tuple[str, ...] = ("green", "yellow", "black", "brown", "sky")
"""Terrain colours (indices 0–3) and the Eagles' sky (index 4)."""
GREEN, YELLOW, BLACK, BROWN, SKY = range(5)

# Values, which also name the animals.
MOUSE, RHINO, CHEETAH, HYENA, SNAKE, ELEPHANT = range(1, 7)
EAGLE_VALUES = (7, 8, 9, 10)

KINDS: dict[int, tuple[str, int]] = {
    # value: (animal, crowns). AW-CROWN-1 [decision]: the text does not print the crowns
    # (they are drawn on the cards); this is the ONE table that sets them. Negative numbers
    # are barred crowns, which count against their owner at the end of a round.
    MOUSE: ("mouse", 1),
    RHINO: ("rhino", 1),
    CHEETAH: ("cheetah", 1),
    HYENA: ("hyena", 3),
    SNAKE: ("snake", 1),
    ELEPHANT: ("elephant", 2),
    7: ("eagle", 0),
    8: ("eagle", -1),
    9: ("eagle", -1),
    10: ("eagle", -2),
}

CARD_COUNT = 28
PILES = 4
"""AW-SETUP-1: piles per player, each a face-down card under a face-up one."""
HAND_SIZE = 6
"""AW-SETUP-1: cards in a hand at the deal."""
ROUNDS_TO_WIN = 2
"""AW-MATCH-1: first to two rounds (the Heir turns gold at the first, AW-HEIR-1)."""
CARDS: tuple[int, ...] = tuple(range(CARD_COUNT))
EAGLES: tuple[int, ...] = (24, 25, 26, 27)

VALUE: tuple[int, ...] = tuple(c % 6 + 1 for c in range(24)) + EAGLE_VALUES
COLOUR: tuple[int, ...] = tuple(c // 6 for c in range(24)) + (SKY,) * 4
ANIMAL: tuple[str, ...] = tuple(KINDS[v][0] for v in VALUE)
CROWNS: tuple[int, ...] = tuple(KINDS[v][1] for v in VALUE)
HYENAS: tuple[int, ...] = tuple(c for c in CARDS if VALUE[c] == HYENA and COLOUR[c] != SKY)


def land_card(colour: int, value: int) -> int:
    """The land animal of ``value`` (1–6) in terrain ``colour`` (0–3)."""
    return colour * 6 + value - 1


def eagle(value: int) -> int:
    """The Eagle of ``value`` (7–10)."""
    return 24 + value - 7


def is_eagle(card: int) -> bool:
    return card >= 24


def card_name(card: int) -> str:
    """A name a player can read, e.g. ``"black Snake 5"`` or ``"Eagle 8"``."""
    animal = ANIMAL[card].capitalize()
    if is_eagle(card):
        return f"{animal} {VALUE[card]}"
    return f"{COLOURS[COLOUR[card]]} {animal} {VALUE[card]}"


# --------------------------------------------------------------------------------------------
# Closed vocabularies (lowercase names: the protobuf enums ``AwimbaweAnimal``,
# ``AwimbaweColour`` and ``AwimbawePower`` hold exactly these, upper-cased)
# --------------------------------------------------------------------------------------------

ANIMALS: tuple[str, ...] = ("mouse", "rhino", "cheetah", "hyena", "snake", "elephant", "eagle")
"""Every animal, by value (the four Eagles share one)."""

POWERS: dict[str, tuple[str, bool, str]] = {
    # animal: (power, optional, rule). A power is named after the animal that has it;
    # optional powers are a decision of the player who played the card (AW-POW), the others
    # work by themselves. The Elephant has none (AW-ELEPHANT-1).
    "mouse": ("mouse", False, "AW-MOUSE-1"),
    "rhino": ("rhino", True, "AW-RHINO-1"),
    "cheetah": ("cheetah", True, "AW-CHEETAH-1"),
    "hyena": ("hyena", False, "AW-HYENA-1"),
    "snake": ("snake", True, "AW-SNAKE-1"),
    "eagle": ("eagle", False, "AW-EAGLE-1"),
}
POWER: tuple[str | None, ...] = tuple(
    POWERS[a][0] if a in POWERS else None for a in (KINDS[v][0] for v in VALUE)
)
"""Each card's power, or ``None`` (the Elephants)."""

HEIRS: tuple[str, ...] = ("white_tiger", "black_panther")
"""AW-HEIR-1: seat 0's and seat 1's Heir (``AwimbaweHeirAnimal``)."""


# --------------------------------------------------------------------------------------------
# Faces and the catalogue (language-neutral: ids and vocabulary names only)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardView:
    """One card's face: ``card`` id (0–27), animal, colour (``sky`` for Eagles), value,
    crowns (negative: barred crowns) and power (``None``: the Elephant has none)."""

    card: int
    animal: str
    colour: str
    value: int
    crowns: int
    power: str | None


CARD_VIEWS: tuple[CardView, ...] = tuple(
    CardView(c, ANIMAL[c], COLOURS[COLOUR[c]], VALUE[c], CROWNS[c], POWER[c]) for c in CARDS
)
"""Every card's face, by id (shared instances: events and views reuse them)."""


@dataclass(frozen=True, slots=True)
class PowerEntry:
    """One animal power: which animal has it, whether the player who played the card decides
    to use it (``player_decides``: Rhino, Cheetah, Snake) or it works by itself, and the rule
    id that defines it."""

    power: str
    animal: str
    player_decides: bool
    rule: str


@dataclass(frozen=True, slots=True)
class HeirEntry:
    """AW-HEIR-1: the Heir card of ``seat`` (``animal``: one of :data:`HEIRS`)."""

    seat: int
    animal: str


@dataclass(frozen=True, slots=True)
class AwimbaweCatalogue:
    """The printed material: the 28 cards (each exactly once in the deck), the powers, the
    Heirs, and the numbers of the set-up and the match."""

    cards: tuple[CardView, ...]
    powers: tuple[PowerEntry, ...]
    heirs: tuple[HeirEntry, ...]
    trump_colour: str
    hand_size: int
    piles: int
    rounds_to_win: int


CATALOGUE = AwimbaweCatalogue(
    cards=CARD_VIEWS,
    powers=tuple(
        PowerEntry(power, animal, optional, rule)
        for animal, (power, optional, rule) in POWERS.items()
    ),
    heirs=tuple(HeirEntry(seat, heir) for seat, heir in enumerate(HEIRS)),
    trump_colour=COLOURS[SKY],
    hand_size=HAND_SIZE,
    piles=PILES,
    rounds_to_win=ROUNDS_TO_WIN,
)
