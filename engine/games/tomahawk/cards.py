"""Tomahawk Tribal's 136 cards as int ids, with the lookup tables the rules engine reads.

Rules: ``tomahawk.md`` of the shared rules folder, as implemented in
``docs/games/tomahawk.md`` (TT-DECK-1..4, TT-SCORE-1). A card is an int in
``0..135``; everything about it is a lookup in a precomputed tuple, so the hot loops never
build objects:

==========  ===========================================  =======  ======
ids         card                                         count    points
==========  ===========================================  =======  ======
0..79       classic: ``symbol * 8 + colour * 2 + copy``     80        5
80..87      Sheriff +1, ``80 + colour * 2 + copy``            8       10
88..91      Sheriff +2, ``88 + colour``                       4       10
92..95      Sheriff +3, ``92 + colour``                       4       10
96..103     Skip (Passe ton tour)                             8       10
104..111    Reverse (Contresens)                              8       10
112..119    Shield (Bouclier)                                 8       10
120..123    Diamond (Diamant), colourless                     4       20
124..127    Calumet, colourless                               4       10
128..131    Shaman (Chamane), colourless                      4       10
132..135    Wheel of Time (Roue du Temps), colourless         4       10
==========  ===========================================  =======  ======

>>> KIND_NAMES[KIND[0]], COLOUR_NAMES[COLOUR[0]], POINTS[0]
('bison', 'red', 5)
>>> KIND_NAMES[KIND[120]], COLOUR[120] == NO_COLOUR, POINTS[120]
('diamond', True, 20)
>>> len(KIND), sum(1 for c in ALL_CARDS if KIND[c] < CLASSIC_KINDS)
(136, 80)
"""

from __future__ import annotations

from dataclasses import dataclass

# --------------------------------------------------------------------------------------------
# Colours (TT-DECK-1)
# --------------------------------------------------------------------------------------------

RED, BLUE, VIOLET, WHITE = 0, 1, 2, 3
NO_COLOUR = 4
"""The colour index of the four colourless "tribal" kinds (Diamond, Calumet, Shaman, Wheel)."""

COLOUR_NAMES: tuple[str, ...] = ("red", "blue", "violet", "white")
"""The colours as actions and views spell them (lower case)."""

COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOUR_NAMES)}

# --------------------------------------------------------------------------------------------
# Kinds ("symbols" in the rules: what a card is, regardless of colour)
# --------------------------------------------------------------------------------------------

SYMBOLS: tuple[str, ...] = (
    "bison",
    "eagle",
    "wolf",
    "bear",
    "tipi",
    "feather",
    "totem",
    "bow",
    "canoe",
    "sun",
)
"""[decision TT-DECK-2] The ten classic symbols; the source does not name them."""

CLASSIC_KINDS = len(SYMBOLS)
CLASSIC_COPIES = 2
"""[decision TT-DECK-2] Each classic card (symbol x colour) exists twice: 10 x 4 x 2 = 80."""

SHERIFF_1, SHERIFF_2, SHERIFF_3 = 10, 11, 12
SKIP, REVERSE, SHIELD = 13, 14, 15
DIAMOND, CALUMET, SHAMAN, WHEEL = 16, 17, 18, 19

KIND_NAMES: tuple[str, ...] = (
    *SYMBOLS,
    "sheriff_1",
    "sheriff_2",
    "sheriff_3",
    "skip",
    "reverse",
    "shield",
    "diamond",
    "calumet",
    "shaman",
    "wheel",
)
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}
KINDS = len(KIND_NAMES)

SPECIAL_COPIES_PER_COLOUR: dict[int, int] = {
    SHERIFF_1: 2,
    SHERIFF_2: 1,
    SHERIFF_3: 1,
    SKIP: 2,
    REVERSE: 2,
    SHIELD: 2,
}
"""[decision TT-DECK-3] The coloured specials: copies of each kind per colour (8/4/4/8/8/8)."""

COLOURLESS_COPIES: dict[int, int] = {DIAMOND: 4, CALUMET: 4, SHAMAN: 4, WHEEL: 4}
"""[decision TT-DECK-3] The four "tribal" kinds have no colour, four copies each."""

SHERIFF_DRAW: dict[int, int] = {SHERIFF_1: 1, SHERIFF_2: 2, SHERIFF_3: 3}
"""How many cards each Sheriff makes the next player draw (TT-SHERIFF-1)."""

SHERIFFS_SHARE_A_SYMBOL = True
"""[decision, ours] For matching (TT-TURN-1) Sheriff +1, +2 and +3 are one symbol, "sheriff":
a Sheriff may be played on any Sheriff. For AGILITÉ (identical cards) the number counts."""

CLASSIC_POINTS = 5
SPECIAL_POINTS = 10
DIAMOND_POINTS = 20
"""TT-SCORE-1: points a card scores when it is left in a hand at the end of a round."""

DECK_SIZE = 136


def _build() -> tuple[list[int], list[int]]:
    kinds: list[int] = []
    colours: list[int] = []
    for symbol in range(CLASSIC_KINDS):
        for colour in range(4):
            for _ in range(CLASSIC_COPIES):
                kinds.append(symbol)
                colours.append(colour)
    for kind, copies in SPECIAL_COPIES_PER_COLOUR.items():
        for colour in range(4):
            for _ in range(copies):
                kinds.append(kind)
                colours.append(colour)
    for kind, copies in COLOURLESS_COPIES.items():
        for _ in range(copies):
            kinds.append(kind)
            colours.append(NO_COLOUR)
    return kinds, colours


_kinds, _colours = _build()

KIND: tuple[int, ...] = tuple(_kinds)
"""Card id -> kind index (``KIND_NAMES``)."""

COLOUR: tuple[int, ...] = tuple(_colours)
"""Card id -> colour index (``COLOUR_NAMES``), or ``NO_COLOUR``."""

ALL_CARDS: tuple[int, ...] = tuple(range(len(KIND)))

POINTS: tuple[int, ...] = tuple(
    CLASSIC_POINTS if k < CLASSIC_KINDS else DIAMOND_POINTS if k == DIAMOND else SPECIAL_POINTS
    for k in KIND
)
"""Card id -> points in hand (TT-SCORE-1)."""

FACE: tuple[int, ...] = tuple(k * 5 + c for k, c in zip(KIND, COLOUR, strict=True))
"""Card id -> its face (kind and colour): two cards are identical (AGILITÉ) iff equal faces."""

MATCH_SYMBOL: tuple[int, ...] = tuple(
    SHERIFF_1 if SHERIFFS_SHARE_A_SYMBOL and k in SHERIFF_DRAW else k for k in KIND
)
"""Card id -> the symbol used for matching the top card (TT-TURN-1)."""

DRAW_OF: tuple[int, ...] = tuple(SHERIFF_DRAW.get(k, 0) for k in KIND)
"""Card id -> N for a Sheriff +N, else 0."""

COMBO_BIT: tuple[int, ...] = tuple(
    (1 << (k * 4 + c)) if k < CLASSIC_KINDS else 0 for k, c in zip(KIND, COLOUR, strict=True)
)
"""Card id -> one bit per (classic symbol, colour): OR them over a hand to find combos."""

COMBO_LOW_BITS = sum(1 << (4 * s) for s in range(CLASSIC_KINDS))
"""Bit 0 of each symbol's nibble in a ``COMBO_BIT`` mask."""

# --------------------------------------------------------------------------------------------
# Faces and the catalogue (what a frontend draws; language-neutral: ids and enum names)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as a frontend draws it. ``colour`` is None for the colourless kinds."""

    id: int
    kind: str
    colour: str | None
    points: int


FACES: tuple[CardFace, ...] = tuple(
    CardFace(
        c,
        KIND_NAMES[KIND[c]],
        None if COLOUR[c] == NO_COLOUR else COLOUR_NAMES[COLOUR[c]],
        POINTS[c],
    )
    for c in range(len(KIND))
)
"""Card id -> its :class:`CardFace` (built once: events and views share these)."""


@dataclass(frozen=True, slots=True)
class KindEntry:
    """One kind of card as printed: how many copies, its points and what it does.

    ``copies_per_colour`` is 0 for the colourless kinds, whose ``copies`` are all colourless.
    ``draw`` is N for a Sheriff +N (TT-SHERIFF-1), else 0. ``plays_on_anything``: may be
    played on any card (TT-TURN-1); ``agilite``: AGILITÉ! may be called on it (TT-AGIL-1);
    ``combo``: one of the classic symbols a COMBO! takes (TT-COMBO-1).
    """

    kind: str
    copies: int
    copies_per_colour: int
    points: int
    draw: int
    plays_on_anything: bool
    agilite: bool
    combo: bool


@dataclass(frozen=True, slots=True)
class TomahawkCatalogue:
    """Every card of the deck by id, every kind, the colours and the deal (TT-DECK, TT-SETUP-1)."""

    cards: tuple[CardFace, ...]
    kinds: tuple[KindEntry, ...]
    colours: tuple[str, ...]
    hand_size: int


def catalogue(
    hand_size: int, agilite_forbidden: frozenset[int], colourless_on_anything: bool
) -> TomahawkCatalogue:
    """The catalogue; the engine passes its decisions (deal size, kinds without AGILITÉ!,
    whether colourless kinds go on anything)."""
    kinds = tuple(
        KindEntry(
            kind=KIND_NAMES[k],
            copies=KIND.count(k),
            copies_per_colour=(
                CLASSIC_COPIES if k < CLASSIC_KINDS else SPECIAL_COPIES_PER_COLOUR.get(k, 0)
            ),
            points=CLASSIC_POINTS
            if k < CLASSIC_KINDS
            else DIAMOND_POINTS
            if k == DIAMOND
            else SPECIAL_POINTS,
            draw=SHERIFF_DRAW.get(k, 0),
            plays_on_anything=colourless_on_anything and k in COLOURLESS_COPIES,
            agilite=k not in agilite_forbidden,
            combo=k < CLASSIC_KINDS,
        )
        for k in range(KINDS)
    )
    return TomahawkCatalogue(FACES, kinds, COLOUR_NAMES, hand_size)


assert len(KIND) == DECK_SIZE, len(KIND)
assert sum(1 for k in KIND if k >= CLASSIC_KINDS) == 56
