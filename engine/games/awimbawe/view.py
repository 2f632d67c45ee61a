"""What one seat of an Awimbawé match, or a spectator, may see."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.awimbawe.cards import (
    CARD_VIEWS,
    ROUNDS_TO_WIN,
    CardView,
)
from engine.games.awimbawe.events import (
    RoundResultView,
)
from engine.games.awimbawe.state import SEATS, AwimbaweState

# --------------------------------------------------------------------------------------------
# View
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PileView:
    """One pile, bottom first; ``None`` is a face-down card (nobody knows it, not even its
    owner). ``top`` is the playable face-up top card, or ``None`` (face down or empty)."""

    cards: tuple[CardView | None, ...]
    top: CardView | None
    size: int


@dataclass(frozen=True, slots=True)
class SideView:
    """What anyone may see of one seat."""

    seat: int
    heir: str
    """``"silver"``, or ``"gold"`` once they have won a round (AW-HEIR-1)."""
    rounds_won: int
    hand_count: int
    piles: tuple[PileView, ...]
    trick_pile_count: int
    hyenas: int
    """Hyenas in their trick pile (public: taken Hyenas lie face up, AW-TAKE-1)."""
    paralysed: tuple[CardView, ...]
    """Their paralysed cards that the viewer can identify (pile cards; hand cards only for
    their owner)."""
    paralysed_unknown: int
    """Their paralysed hand cards that the viewer cannot identify (chosen blind)."""


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: int
    card: CardView


@dataclass(frozen=True, slots=True)
class LastTrickView:
    """AW-TAKE-1: the only trick that may be looked at once taken."""

    leader: int
    led: CardView
    followed: CardView
    winner: int
    led_to: int
    """The seat whose trick pile took the led card."""
    followed_to: int
    """The seat whose trick pile took the followed card: not the winner's only when a
    following Eagle FLED and went to its own player's trick pile (AW-EAGLE-1)."""


@dataclass(frozen=True, slots=True)
class AwimbaweView:
    """What one seat (``seat=None``: a spectator) may see. Never a face-down card, the
    opponent's hand or the RNG."""

    seat: int | None
    round: int
    hand: tuple[CardView, ...]
    """The viewer's hand, by card id; empty for a spectator."""
    players: tuple[SideView, SideView]
    table: tuple[PlayedCard, ...]
    """This trick's cards, the led card first."""
    leader: int
    """Who leads (or led) the current trick; between rounds, who led the last one."""
    decision: str
    """What the table waits for: play, eagle, rhino, snake, cheetah, choose_leader; "" when
    the match is over."""
    decision_seat: int | None
    next_leader: int | None
    """The seat a Cheetah named to lead the next trick, if any."""
    snake_hand_positions: int
    """During a Snake pick: how many opponent hand positions may be picked blind."""
    last_trick: LastTrickView | None
    round_results: tuple[RoundResultView, ...]
    match_winner: int | None


# --------------------------------------------------------------------------------------------
# Rules, as functions of the state
# --------------------------------------------------------------------------------------------


def round_results(state: AwimbaweState) -> tuple[RoundResultView, ...]:
    """The rounds played so far, as the view shows them."""
    return tuple(
        RoundResultView(r[0], r[1], r[2], (r[3], r[4]), (r[5], r[6])) for r in state.round_results
    )


def match_winner(state: AwimbaweState) -> int | None:
    """The seat that has won the rounds the match asks for, or ``None``."""
    for p in range(SEATS):
        if state.rounds_won[p] >= ROUNDS_TO_WIN:
            return p
    return None


def side_view(state: AwimbaweState, p: int, viewer: int | None) -> SideView:
    """Seat ``p``'s side of the table as ``viewer`` (a seat, or ``None`` for a spectator)
    may see it."""
    piles = []
    for pile in state.piles[p]:
        cards = tuple(CARD_VIEWS[c] if state.face_up[c] else None for c in pile)
        piles.append(PileView(cards, cards[-1] if cards else None, len(cards)))
    hand = state.hands[p]
    known = []
    unknown = 0
    for c in state.paralysed[p]:
        if viewer == p or c not in hand:
            known.append(c)
        else:
            unknown += 1
    return SideView(
        seat=p,
        heir="gold" if state.rounds_won[p] else "silver",
        rounds_won=state.rounds_won[p],
        hand_count=len(hand),
        piles=tuple(piles),
        trick_pile_count=len(state.trick_piles[p]),
        hyenas=state.hyenas(p),
        paralysed=tuple(CARD_VIEWS[c] for c in sorted(known)),
        paralysed_unknown=unknown,
    )
