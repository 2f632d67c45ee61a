"""Awimbawé's match state (one dataclass, stored by :mod:`engine.codec`) and the decisions
the table waits for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.codec import stored_as
from engine.core import (
    State,
)
from engine.games.awimbawe.cards import (
    CARD_COUNT,
    CHEETAH,
    CROWNS,
    HYENA,
    PILES,
    RHINO,
    SNAKE,
    VALUE,
)
from engine.rng import Rng

SEATS = 2

# What the table waits for (``AwimbaweState.phase``); ``chooser`` is the seat that decides.
PLAY = "play"
"""``chooser`` plays a card (leads, or follows the card on the table)."""
EAGLE = "eagle"
"""``chooser`` followed a land card with an Eagle: FIGHT or FLEE (AW-EAGLE-1)."""
RHINO_MOVE = "rhino"
"""``chooser`` played a Rhino: move an opponent's pile top, or skip (AW-RHINO-1)."""
SNAKE_PICK = "snake"
"""``chooser`` played a Snake: paralyse an opponent's card, or skip (AW-SNAKE-1)."""
CHEETAH_CHOICE = "cheetah"
"""``chooser`` played a Cheetah: choose who leads the next trick, or skip (AW-CHEETAH-1)."""
CHOOSE_LEADER = "choose_leader"
"""Between rounds: ``chooser`` lost the round and chooses who leads the next (AW-SETUP-3)."""
OVER = "over"
"""The match is over (AW-MATCH-1)."""
ROUND_OVER = "round_over"
"""Between rounds, before the leader is chosen: the table rests to read the round's result;
each seat still in ``waiting`` presses NextRound (AW-PAUSE-1)."""

DECISIONS = (PLAY, EAGLE, RHINO_MOVE, SNAKE_PICK, CHEETAH_CHOICE, CHOOSE_LEADER, ROUND_OVER)
"""What the view's ``decision`` may say (``AwimbaweDecision``); unset once the match is over."""
HEIR_SIDES = ("silver", "gold")
"""AW-HEIR-1: an Heir shows silver until its player wins a round (``AwimbaweHeirSide``)."""

POWER_PHASES = {RHINO: RHINO_MOVE, CHEETAH: CHEETAH_CHOICE, SNAKE: SNAKE_PICK}


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


def _face_up_cards(face_up: list[bool]) -> list[int]:
    return [card for card in range(CARD_COUNT) if face_up[card]]


def _face_up_flags(cards: list[int]) -> list[bool]:
    flags = [False] * CARD_COUNT
    for card in cards:
        flags[card] = True
    return flags


@dataclass(init=False, eq=True, repr=False, slots=True)
class AwimbaweState(State):
    """The whole match, secrets included. Plain data; seats are 0 and 1.

    - ``hands[p]``: seat p's hand cards (dealt order; a secret of p).
    - ``piles[p][i]``: seat p's pile i, bottom first; ``face_up[c]`` says whether card c,
      lying in a pile, is face up (False for every card outside the piles).
    - ``table``: this trick's cards, the led card first; ``leader`` led (or leads) it.
    - ``phase`` / ``chooser``: the decision the table waits for and who makes it.
    - ``next_leader``: the seat a Cheetah named to lead the next trick, or -1.
    - ``paralysed[p]``: seat p's cards a Snake paralysed for p's next play (AW-SNAKE-1).
    - ``trick_piles[p]``: cards p took this round; ``last_trick`` is ``[leader, led card,
      followed card, winner, seat that took the led card, seat that took the followed card]``
      or ``[]``.
    - ``voids[p]``: bit mask of colours (``1 << colour``) that p's hand is known to lack since
      p failed to follow them: public knowledge, used by :meth:`AwimbaweGame.determinize`.
    - ``rounds_won``; ``round_results``: ``[round, winner, reason, crowns 0, crowns 1,
      hyenas 0, hyenas 1]`` per finished round.
    - ``round_pause``: the table rests after a round that does not end the match (option
      ``pause_seconds`` > 0); ``waiting``: bit mask of the seats still to press NextRound
      (AW-PAUSE-1).
    """

    version: int
    rng: Rng
    decision_seconds: int
    round_no: int
    rounds_won: list[int]
    round_results: list[list[Any]]
    hands: list[list[int]]
    piles: list[list[list[int]]]
    face_up: list[bool] = field(metadata=stored_as(_face_up_cards, _face_up_flags))
    table: list[int]
    leader: int
    phase: str
    chooser: int
    next_leader: int
    paralysed: list[list[int]]
    trick_piles: list[list[int]]
    last_trick: list[int]
    voids: list[int]
    round_pause: bool
    waiting: int

    def __init__(
        self,
        *,
        rng: Rng,
        decision_seconds: int = 60,
        version: int = 0,
        round_no: int = 1,
        rounds_won: list[int] | None = None,
        round_results: list[list[Any]] | None = None,
        hands: list[list[int]] | None = None,
        piles: list[list[list[int]]] | None = None,
        face_up: list[bool] | None = None,
        table: list[int] | None = None,
        leader: int = 0,
        phase: str = PLAY,
        chooser: int = 0,
        next_leader: int = -1,
        paralysed: list[list[int]] | None = None,
        trick_piles: list[list[int]] | None = None,
        last_trick: list[int] | None = None,
        voids: list[int] | None = None,
        round_pause: bool = False,
        waiting: int = 0,
    ) -> None:
        self.version = version
        self.rng = rng
        self.decision_seconds = decision_seconds
        self.round_no = round_no
        self.rounds_won = rounds_won if rounds_won is not None else [0, 0]
        self.round_results = round_results if round_results is not None else []
        self.hands = hands if hands is not None else [[], []]
        self.piles = (
            piles if piles is not None else [[[] for _ in range(PILES)] for _ in range(SEATS)]
        )
        self.face_up = face_up if face_up is not None else [False] * CARD_COUNT
        self.table = table if table is not None else []
        self.leader = leader
        self.phase = phase
        self.chooser = chooser
        self.next_leader = next_leader
        self.paralysed = paralysed if paralysed is not None else [[], []]
        self.trick_piles = trick_piles if trick_piles is not None else [[], []]
        self.last_trick = last_trick if last_trick is not None else []
        self.voids = voids if voids is not None else [0, 0]
        self.round_pause = round_pause
        self.waiting = waiting

    # -- small derived facts ------------------------------------------------------------------

    def available(self, seat: int) -> list[int]:
        """Seat's available cards: the hand, then the face-up pile tops (pile order)."""
        cards = self.hands[seat][:]
        for pile in self.piles[seat]:
            if pile and self.face_up[pile[-1]]:
                cards.append(pile[-1])
        return cards

    def unparalysed(self, seat: int) -> list[int]:
        """Seat's available cards that no Snake holds (AW-SNAKE-1)."""
        held = self.paralysed[seat]
        if not held:
            return self.available(seat)
        return [c for c in self.available(seat) if c not in held]

    def cards_left(self, seat: int) -> int:
        """Cards seat still has to play this round (hand and piles)."""
        return len(self.hands[seat]) + sum(len(p) for p in self.piles[seat])

    def hyenas(self, seat: int) -> int:
        """Hyenas in seat's trick pile: public (they lie face up, AW-TAKE-1)."""
        return sum(1 for c in self.trick_piles[seat] if VALUE[c] == HYENA)

    def crowns(self, seat: int) -> int:
        """Crowns in seat's trick pile (barred crowns count negative, AW-CROWN-1)."""
        return sum(CROWNS[c] for c in self.trick_piles[seat])
