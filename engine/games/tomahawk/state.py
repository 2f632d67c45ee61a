"""Tomahawk Tribal's match state (one dataclass, stored by :mod:`engine.codec`) and its phases."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.codec import derived
from engine.core import (
    State,
)
from engine.rng import Rng

# Phases: what the seat whose turn it is must decide.
PLAY = 0
"""Play a card, a combo, or draw (TT-TURN-1/3)."""
NAME_COLOUR = 1
"""The round's first card is colourless: the starter names the colour (TT-SETUP-2)."""
FACE_DRAW = 2
"""A Sheriff draw is pending: stack a Sheriff, Shield it, or take it (TT-STACK-1)."""
FACE_SKIP = 3
"""A Skip is pending: Shield it or take it (TT-SKIP-1, TT-SHIELD-1)."""
DRAWN = 4
"""The card just drawn can be played: play it or keep it (TT-TURN-3)."""
OVER = 5
"""The match is over."""
ROUND_OVER = 6
"""A round has ended and the table rests to read the scores: every seat in ``waiting``
presses NextRound (or lets the pause clock run out), then the next round is dealt
(TT-PAUSE-1)."""

PHASE_NAMES: tuple[str, ...] = (
    "play",
    "name_colour",
    "face_sheriff",
    "face_skip",
    "drawn",
    "match_over",
    "round_over",
)
NO_RECORD = -1
"""``suffered_from`` of a seat that suffered nothing a Shaman could send back."""

# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


@dataclass(eq=True, repr=False, slots=True)
class TomahawkState(State):
    """The whole match. Cards are ints; per-seat flags are bit masks (bit ``seat``).

    ``draw`` and ``discard`` keep their top at the end. ``colour`` is -1 while the starter
    must name it. ``pending``/``caster`` describe the attack the seat ``turn`` faces;
    ``drawn`` is the card that seat just drew and may still play. ``last_card`` /
    ``last_player`` open the AGILITÉ window (-1: closed). ``suffered_from`` /
    ``suffered_draw`` hold, per seat, the last Sheriff draw (N > 0) or Skip (0) it suffered
    and from whom (-1: nothing a Shaman could send back). ``ones`` (seats holding exactly one
    card) is derived from ``hands`` and kept for speed.
    """

    players: int
    target_score: int
    version: int
    rng: Rng
    round_no: int
    totals: tuple[int, ...]
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    colour: int
    direction: int
    turn: int
    phase: int
    pending: int
    caster: int
    drawn: int
    last_card: int
    last_player: int
    ones: int = field(metadata=derived())
    called: int
    may_call: int
    skip_next: int
    suffered_from: tuple[int, ...]
    suffered_draw: tuple[int, ...]
    passes: int
    last_round_winner: int
    last_round_points: tuple[int, ...]
    round_pause: bool = False
    """TT-PAUSE-1: rest after each round that does not end the match (option
    ``pause_seconds`` > 0)."""
    waiting: int = 0
    """Bit mask of the seats still to press NextRound while ``phase`` is ROUND_OVER."""
    next_starter: int = -1
    """Who starts the round dealt once the pause is over (-1 outside a pause)."""

    def restore(self) -> None:
        self.ones = sum(1 << seat for seat, hand in enumerate(self.hands) if len(hand) == 1)
