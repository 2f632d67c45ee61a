"""The strong Tomahawk Tribal bot: a card-by-card heuristic, sharp on the out-of-turn calls.

Out of turn (:meth:`TomahawkBot.reflex`, cheap: the server asks after every change) it calls
TOMAHAWK! for itself as soon as it holds one card, SHÉRIF! on any other seat holding one card
that has not called, and jumps in with AGILITÉ! whenever it holds an identical card (a card
shed and the turn taken; a Diamond names its best colour).

On its turn it scores every legal move (:func:`score_play`) and plays the best:

- shed cards, high points first (a Diamond left in hand costs 20);
- keep its hand playable: the colour it leaves on the table should be one it holds;
- keep the flexible cards (colourless ones, Shields) for when they are needed, unless the
  hand is nearly empty;
- attack the next player with Sheriffs and Skips, the more so when that player is close to
  going out; turn the play round with a Reverse when the next player is the one to fear;
- a Calumet or a Wheel only when the hand it gets back is smaller than its own;
- a Combo sheds four cards at once; the play that empties the hand wins the round;
- facing a Sheriff draw: stack a Sheriff, else send it back with a Shield, else take it;
  facing a Skip: a Shield if it has one. TOMAHAWK! always goes with a play that leaves one
  card.

No search and no budget: a decision takes well under a millisecond. A determinized Monte
Carlo search (playouts to the end of the round with this heuristic for itself) was measured
and did not beat it, even with ideal world sampling and a hundred times the time: see
docs/bots.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots import Bot, Memory, register
from engine.core import Game
from engine.games.tomahawk import (
    Agilite,
    CallSherif,
    CallTomahawk,
    Combo,
    Draw,
    NameColour,
    Pass,
    PlayCard,
    TakePendingDraw,
    TakeSkip,
    TomahawkView,
)
from engine.games.tomahawk.cards import (
    CALUMET,
    COLOUR,
    COLOUR_INDEX,
    COLOUR_NAMES,
    DIAMOND,
    DRAW_OF,
    KIND,
    MATCH_SYMBOL,
    NO_COLOUR,
    POINTS,
    REVERSE,
    SHAMAN,
    SHIELD,
    SKIP,
    WHEEL,
)
from engine.rng import Rng

WIN = 1000.0
"""The play that empties the hand."""
SHED = 0.1
"""Per point of the card shed."""
FOLLOW = 1.5
"""For the share of the hand left that can follow the table after the play."""
KEEP = 2.0
"""For keeping a colourless card or a Shield while the hand is long."""
ATTACK = 2.0
"""Per step of danger (4 - cards) of the player an attack hits."""
KEEP_UNTIL = 0
"""Flexible cards are kept while more than this many cards would be left."""


def best_colour(hand: Sequence[int]) -> str:
    """The colour the hand holds most of (points break ties: shed the heavy ones)."""
    counts = [0.0] * 4
    for card in hand:
        colour = COLOUR[card]
        if colour != NO_COLOUR:
            counts[colour] += 1 + POINTS[card] / 100
    return COLOUR_NAMES[max(range(4), key=lambda c: counts[c])]


def _next_seat(view: TomahawkView, seat: int, step: int = 1) -> int:
    n = len(view.seats)
    return (seat + step * view.direction) % n


def score_play(view: TomahawkView, action: PlayCard | Combo) -> float:
    """How good playing ``action`` is for the seat of ``view`` (higher is better)."""
    me = view.seat
    assert me is not None
    hand = list(view.hand_ids)
    sizes = [s.cards for s in view.seats]
    if isinstance(action, Combo):
        return WIN if len(hand) == 4 else 8.0 + (1.0 if action.colour == best_colour(hand) else 0)
    card = action.card
    rest = [c for c in hand if c != card]
    if not rest:
        return WIN
    kind = KIND[card]
    left = len(rest)
    nxt = _next_seat(view, me)
    prev = _next_seat(view, me, -1)
    danger = [max(0, 4 - sizes[s]) for s in range(len(sizes))]  # 3 with one card left
    danger[me] = 0
    score = SHED * POINTS[card]  # shed heavy cards first
    # The colour left on the table, and how much of the rest can follow it.
    if action.colour is not None:
        colour = COLOUR_INDEX[action.colour]
    elif COLOUR[card] != NO_COLOUR:
        colour = COLOUR[card]
    else:
        colour = COLOUR_INDEX.get(view.colour or "", -1)
    follow = sum(
        1
        for c in rest
        if COLOUR[c] == colour or COLOUR[c] == NO_COLOUR or MATCH_SYMBOL[c] == MATCH_SYMBOL[card]
    )
    score += FOLLOW * follow / left
    flexible = COLOUR[card] == NO_COLOUR or kind == SHIELD
    if flexible and left > KEEP_UNTIL and kind not in (CALUMET, WHEEL):
        score -= KEEP  # keep what can be played on anything (or answers an attack)
    if DRAW_OF[card]:
        score += 1.0 + DRAW_OF[card] / 2 + ATTACK * danger[nxt]
    elif kind == SKIP:
        score += 1.0 + ATTACK * danger[nxt]
    elif kind == REVERSE:
        two = len(sizes) == 2
        score += 1.0 + ATTACK * danger[nxt] if two else ATTACK * (danger[nxt] - danger[prev])
    elif kind == SHAMAN:
        seat_view = view.seats[me]
        if seat_view.shaman_target is not None:
            score += 2.0 + seat_view.shaman_draw + 2.0 * danger[seat_view.shaman_target]
    elif kind == CALUMET:
        target = action.target if action.target is not None else nxt
        score += 1.5 * (left - sizes[target]) + ATTACK * danger[target]
    elif kind == WHEEL:
        # Every hand moves on in the direction of play: ours comes from the seat before us.
        n = len(sizes)
        score += 1.5 * (left - sizes[prev])
        for seat in range(n):
            if seat != me:
                giver = (seat - view.direction) % n
                now = left if giver == me else sizes[giver]
                score += 0.5 * danger[seat] * (now - sizes[seat])
    if kind == DIAMOND and action.colour is not None:
        score += 0.5 if action.colour == best_colour(rest) else 0.0
    return score


def _best_play(view: TomahawkView, plays: Sequence[Any]) -> Any:
    return max(plays, key=lambda a: (score_play(view, a), getattr(a, "tomahawk", False)))


def _with_call(view: TomahawkView, options: Sequence[Any]) -> list[Any]:
    """Among options that differ only by the TOMAHAWK! flag, keep the one that calls."""
    calling = {_strip(a) for a in options if getattr(a, "tomahawk", False)}
    return [a for a in options if getattr(a, "tomahawk", False) or _strip(a) not in calling]


def _strip(action: Any) -> Any:
    if isinstance(action, PlayCard):
        return PlayCard(action.card, action.colour, action.target, False)
    if isinstance(action, Combo):
        return Combo(action.symbol, action.colour, False)
    if isinstance(action, Agilite):
        return Agilite(action.card, action.colour, False)
    return action


class TomahawkBot(Bot):
    """See the module docstring."""

    level = "strong"

    def reflex(self, view: Any, legal: Sequence[Any], memory: Memory, rng: Rng) -> Any | None:
        assert isinstance(view, TomahawkView)
        for action in legal:
            if isinstance(action, CallTomahawk):
                return action
        for action in legal:
            if isinstance(action, CallSherif):
                return action
        jumps = _with_call(view, [a for a in legal if isinstance(a, Agilite)])
        if jumps:
            colour = best_colour([c for c in view.hand_ids if c != jumps[0].card])
            for action in jumps:
                if action.colour in (None, colour):
                    return action
            return jumps[0]
        return None

    def choose(self, view: Any, legal: Sequence[Any], memory: Memory, rng: Rng) -> Any:
        assert isinstance(view, TomahawkView)
        if len(legal) == 1:
            return legal[0]
        call = self.reflex(view, [a for a in legal if not isinstance(a, Agilite)], memory, rng)
        if call is not None:
            return call
        options = _with_call(
            view, [a for a in legal if not isinstance(a, (CallTomahawk, CallSherif))]
        )
        plays = [a for a in options if isinstance(a, (PlayCard, Combo))]
        phase = view.phase
        if phase == "name_colour":
            return NameColour(best_colour(view.hand_ids))
        if phase == "face_sheriff":
            cards = [a for a in plays if isinstance(a, PlayCard)]
            sheriffs = [a for a in cards if DRAW_OF[a.card]]
            shields = [a for a in cards if KIND[a.card] == SHIELD]
            if sheriffs or shields:
                return _best_play(view, sheriffs or shields)
            return TakePendingDraw()
        if phase == "face_skip":
            if plays:
                return _best_play(view, plays)
            # TT-AGIL-1: the identical Skip jumps in and sends the Skip on.
            jumps = [a for a in options if isinstance(a, Agilite)]
            return jumps[0] if jumps else TakeSkip()
        if phase == "drawn":
            if plays:
                best = _best_play(view, plays)
                if score_play(view, best) > -1.0:
                    return best
            return Pass()
        if plays:
            return _best_play(view, plays)
        return Draw() if Draw() in legal else options[0]


def _factory(game: Game[Any, Any, Any]) -> Bot:
    return TomahawkBot(game)


register("tomahawk", "strong", _factory)
