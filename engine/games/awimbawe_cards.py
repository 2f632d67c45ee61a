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

COLOURS: tuple[str, ...] = ("green", "yellow", "black", "brown", "sky")
"""Terrain colours (indices 0–3) and the Eagles' sky (index 4)."""
GREEN, YELLOW, BLACK, BROWN, SKY = range(5)
LAND_COLOURS = (GREEN, YELLOW, BLACK, BROWN)

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
