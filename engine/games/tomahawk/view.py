"""What one seat of a Tomahawk Tribal match, or a spectator, may see."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.tomahawk.cards import (
    COLOUR_NAMES,
    FACES,
    CardFace,
)
from engine.games.tomahawk.decisions import AGILE
from engine.games.tomahawk.state import (
    DRAWN,
    FACE_DRAW,
    FACE_SKIP,
    OVER,
    PHASE_NAMES,
    ROUND_OVER,
    TomahawkState,
)

# --------------------------------------------------------------------------------------------
# View (what one seat, or a spectator, may see)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everybody sees it: its card count and the TOMAHAWK! it called. Whether a
    SHÉRIF! on it would be right is for the players to notice (TT-TOMA-2, TT-FAIR-1), so
    the view does not say it."""

    seat: int
    cards: int
    """How many cards the seat holds."""
    called_tomahawk: bool
    """Holds one card and has called TOMAHAWK! (everybody heard it)."""
    total: int
    """Match total so far (penalty points, lower is better)."""
    skips_next_turn: bool
    """A Skip was sent back to this seat: its next turn is lost."""
    shaman_target: int | None
    """Who a Shaman played by this seat would send an effect back to (None: nobody)."""
    shaman_draw: int
    """Cards that Shaman would send back (0 with a ``shaman_target``: a Skip)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The last finished round."""

    round: int
    winner: int | None
    """Who emptied their hand; None for a blocked round (TT-TURN-4)."""
    points: tuple[int, ...]
    """Points each seat scored in that round."""
    totals: tuple[int, ...]
    """Match totals after that round."""


@dataclass(frozen=True, slots=True)
class TomahawkView:
    """Everything a frontend needs to draw the table for ``seat`` (None: a spectator)."""

    seat: int | None
    hand: tuple[CardFace, ...]
    """My cards, sorted by id (empty for a spectator)."""
    hand_ids: tuple[int, ...]
    seats: tuple[SeatView, ...]
    round: int
    phase: str
    """``play``, ``name_colour``, ``face_sheriff``, ``face_skip``, ``drawn``, ``match_over``,
    ``round_over`` (the table rests to read ``last_round``, TT-PAUSE-1)."""
    turn: int | None
    """Whose decision the table waits for (None once the match is over, and during the rest
    between rounds, when every seat still to press NextRound is waited for)."""
    direction: int
    """+1 clockwise (increasing seats), -1 counter-clockwise."""
    colour: str | None
    """The current colour; None while the starter must name it."""
    top_card: CardFace
    pending_draw: int
    """Cards the seat ``turn`` must draw unless it stacks or shields (phase face_sheriff)."""
    attack_from: int | None
    """Who cast the Sheriff or Skip the seat ``turn`` faces."""
    drawn_card: CardFace | None
    """Only for the seat that drew it: the drawn card, which may be played now."""
    agilite_card: CardFace | None
    """The card a player holding an identical one may jump in on now (None: no window)."""
    agilite_from: int | None
    """Who played ``agilite_card`` (they may not jump in on it)."""
    draw_pile: int
    discard_pile: int
    target_score: int
    last_round: RoundResult | None
    match_over: bool
    winners: tuple[int, ...]


def view(state: TomahawkState, seat: int | None) -> TomahawkView:
    """What ``seat`` (None: a spectator) may see of ``state``."""
    s = state
    n = s.players
    over = s.phase == OVER
    if seat is not None and 0 <= seat < n:
        hand_ids = tuple(sorted(s.hands[seat]))
        me: int | None = seat
    else:
        hand_ids = ()
        me = None
    seats = tuple(
        SeatView(
            seat=t,
            cards=len(s.hands[t]),
            called_tomahawk=bool(s.called >> t & 1),
            total=s.totals[t],
            skips_next_turn=bool(s.skip_next >> t & 1),
            shaman_target=None if s.suffered_from[t] < 0 else s.suffered_from[t],
            shaman_draw=s.suffered_draw[t],
        )
        for t in range(n)
    )
    last = s.last_card
    window = last >= 0 and bool(AGILE[last]) and not over
    last_round = None
    if s.last_round_points:
        last_round = RoundResult(
            round=s.round_no if over or s.phase == ROUND_OVER else s.round_no - 1,
            winner=None if s.last_round_winner < 0 else s.last_round_winner,
            points=s.last_round_points,
            totals=s.totals,
        )
    best = min(s.totals)
    return TomahawkView(
        seat=me,
        hand=tuple(FACES[c] for c in hand_ids),
        hand_ids=hand_ids,
        seats=seats,
        round=s.round_no,
        phase=PHASE_NAMES[s.phase],
        turn=None if over or s.phase == ROUND_OVER else s.turn,
        direction=s.direction,
        colour=COLOUR_NAMES[s.colour] if s.colour >= 0 else None,
        top_card=FACES[s.discard[-1]],
        pending_draw=s.pending if s.phase == FACE_DRAW else 0,
        attack_from=s.caster if s.phase in (FACE_DRAW, FACE_SKIP) else None,
        drawn_card=FACES[s.drawn] if s.phase == DRAWN and me == s.turn else None,
        agilite_card=FACES[last] if window else None,
        agilite_from=s.last_player if window else None,
        draw_pile=len(s.draw),
        discard_pile=len(s.discard),
        target_score=s.target_score,
        last_round=last_round,
        match_over=over,
        winners=tuple(t for t, total in enumerate(s.totals) if total == best) if over else (),
    )
