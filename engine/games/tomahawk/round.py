"""Tomahawk Tribal's table mechanics: drawing, passing the turn, starting and scoring a round
(TT-SETUP, TT-TURN, TT-GOAL). Every function works in place on a clone of the state."""

from __future__ import annotations

from engine.events import Event
from engine.games.tomahawk.actions import BadChoice, CardNotInHand
from engine.games.tomahawk.cards import (
    ALL_CARDS,
    COLOUR,
    COLOUR_INDEX,
    DECK_SIZE,
    DRAW_OF,
    FACES,
    KIND,
    KINDS,
    MATCH_SYMBOL,
    NO_COLOUR,
    POINTS,
    REVERSE,
    SKIP,
    WHEEL,
)
from engine.games.tomahawk.decisions import (
    BLOCKED_ROUND_STARTER_FEWEST_POINTS,
    FIRST_REVERSE_OTHER_SIDE_STARTS,
    HAND_SIZE,
    PLAYABLE,
    REVERSE_SKIPS_WITH_TWO_PLAYERS,
)
from engine.games.tomahawk.events import (
    DIRECTION_CHANGED,
    ME,
    SHERIFF_PENDING,
    SKIP_PENDING,
    TURN_SKIPPED,
    HandDealt,
    HandReceived,
    HandsPassed,
    MatchEnded,
    ReadyForNextRound,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    drew,
    drew_cards,
    faces,
)
from engine.games.tomahawk.state import (
    FACE_DRAW,
    FACE_SKIP,
    NAME_COLOUR,
    NO_RECORD,
    OVER,
    PLAY,
    ROUND_OVER,
    TomahawkState,
)

# --------------------------------------------------------------------------------------------
# Rule helpers (work in place on a clone)
# --------------------------------------------------------------------------------------------


def touch(s: TomahawkState, seat: int) -> None:
    """A hand changed: a seat now at exactly one card must call TOMAHAWK! again (TT-TOMA-1)."""
    bit = 1 << seat
    if len(s.hands[seat]) == 1:
        s.ones |= bit
        s.may_call |= bit
    else:
        s.ones &= ~bit
        s.may_call &= ~bit
    s.called &= ~bit


def draw_cards(s: TomahawkState, seat: int, count: int, reason: str, events: list[Event]) -> int:
    """``seat`` draws up to ``count`` cards (refilling from the discard, TT-TURN-4)."""
    pile = s.draw
    if len(pile) >= count:
        got = pile[len(pile) - count :]
        del pile[len(pile) - count :]
    else:
        got = []
        for _ in range(count):
            if not pile:
                discard = s.discard
                if len(discard) <= 1:
                    break
                top = discard.pop()
                pile = discard
                s.rng.shuffle(pile)
                s.draw = pile
                s.discard = [top]
                events.append(Reshuffled(len(pile)))
            got.append(pile.pop())
    if got:
        s.hands[seat] += got
        touch(s, seat)
    events.append(drew(seat, len(got), reason))
    events.append(drew_cards(seat, got, reason))
    return len(got)


def advance(s: TomahawkState, seat: int, events: list[Event]) -> int:
    """The next seat after ``seat`` in the direction of play, passing over returned Skips.

    [decision TT-SHERIFF-1] A Sheriff's draw passes over a seat due to lose its turn too and
    falls on the seat after it; passing over spends the lost turn.
    """
    n = s.players
    nxt = (seat + s.direction) % n
    while s.skip_next >> nxt & 1:
        s.skip_next &= ~(1 << nxt)
        events.append(TURN_SKIPPED.of(nxt, "returned_skip", None))
        nxt = (nxt + s.direction) % n
    return nxt


def end_turn(s: TomahawkState, seat: int, events: list[Event]) -> None:
    """The turn passes from ``seat`` to the next seat, in the PLAY phase with nothing pending."""
    s.turn = advance(s, seat, events)
    s.phase = PLAY
    s.pending = 0
    s.caster = -1
    s.drawn = -1


def record(s: TomahawkState, seat: int, caster: int, amount: int) -> None:
    """``seat`` suffered a Sheriff draw (amount > 0) or a Skip (0) from ``caster``."""
    frm = list(s.suffered_from)
    amt = list(s.suffered_draw)
    frm[seat] = caster
    amt[seat] = amount
    s.suffered_from = tuple(frm)
    s.suffered_draw = tuple(amt)


def forget(s: TomahawkState, seat: int) -> None:
    """``seat`` takes a turn: what it suffered before can no longer be sent back."""
    if s.suffered_from[seat] != NO_RECORD:
        record(s, seat, NO_RECORD, 0)


def _hand_points(hand: list[int]) -> int:
    return sum([POINTS[c] for c in hand])


def is_playable(s: TomahawkState, card: int) -> bool:
    """TT-TURN-1: whether ``card`` may be played on the discard pile's top card now."""
    return s.colour >= 0 and bool(PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]][card])


def colour_of(name: object) -> int:
    """The index of a colour's name, or :class:`BadChoice` for anything else."""
    index = COLOUR_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise BadChoice("name a colour: red, blue, violet or white", reason="BAD_COLOUR")
    return index


def card_in_hand(s: TomahawkState, seat: int, card: object) -> int:
    """``card`` if ``seat`` holds it, else :class:`CardNotInHand`."""
    if type(card) is not int or not 0 <= card < DECK_SIZE:
        raise CardNotInHand("there is no such card")
    if card not in s.hands[seat]:
        raise CardNotInHand(f"you do not hold card {card}")
    return card


def most_common_colour(hand: list[int]) -> int:
    """TT-TURN-5: the colour ``hand`` holds most of (ties and no colour at all: the lowest)."""
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[COLOUR[c]] += 1
    best = 0
    for colour in range(1, 4):
        if counts[colour] > counts[best]:
            best = colour
    return best


# --------------------------------------------------------------------------------------------
# Round start and end
# --------------------------------------------------------------------------------------------


def start_round(s: TomahawkState, starter: int, events: list[Event]) -> None:
    """Deal (TT-SETUP-1) and apply the first card (TT-SETUP-2)."""
    n = s.players
    deck = list(ALL_CARDS)
    s.rng.shuffle(deck)
    s.hands = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)]
    s.draw = deck[n * HAND_SIZE :]
    first = s.draw.pop()
    s.discard = [first]
    s.direction = 1
    s.turn = starter
    s.phase = PLAY
    s.pending = 0
    s.caster = -1
    s.drawn = -1
    s.last_card = -1
    s.last_player = -1
    s.ones = 0
    s.called = 0
    s.may_call = 0
    s.skip_next = 0
    s.suffered_from = (NO_RECORD,) * n
    s.suffered_draw = (0,) * n
    s.passes = 0
    kind = KIND[first]
    s.colour = -1 if COLOUR[first] == NO_COLOUR else COLOUR[first]
    events.append(RoundStarted(s.round_no, starter, FACES[first], s.totals))
    for seat in range(n):
        events.append(HandDealt(seat, faces(s.hands[seat]), audience=ME[seat]))
    # "as if played by the player before the starting player" [decision TT-SETUP-2]: that
    # seat is the caster of a first Skip or Sheriff, so a Shield or Shaman sends it there.
    before = (starter - 1) % n
    # [decision TT-SETUP-2] A Calumet, Shaman or Shield turned up first has no effect (no
    # caster): no branch below.
    if DRAW_OF[first]:
        s.pending = DRAW_OF[first]
        s.caster = before
        s.phase = FACE_DRAW
        events.append(SHERIFF_PENDING.of(starter, s.pending, before))
    elif kind == SKIP or (kind == REVERSE and n == 2 and REVERSE_SKIPS_WITH_TWO_PLAYERS):
        if kind == REVERSE:
            s.direction = -1
            events.append(DIRECTION_CHANGED.of(-1))
        s.caster = before
        s.phase = FACE_SKIP
        events.append(SKIP_PENDING.of(starter, before))
    elif kind == REVERSE and FIRST_REVERSE_OTHER_SIDE_STARTS:
        s.direction = -1
        s.turn = before
        events.append(DIRECTION_CHANGED.of(-1))
    elif kind == WHEEL:
        pass_hands(s, events)
    if s.colour < 0:
        s.phase = NAME_COLOUR


def pass_hands(s: TomahawkState, events: list[Event]) -> None:
    """TT-WHEEL-1: every hand moves to the next seat in the direction of play."""
    n = s.players
    d = s.direction
    old = s.hands
    s.hands = [old[(t - d) % n] for t in range(n)]
    events.append(HandsPassed(d))
    for t in range(n):
        touch(s, t)
        events.append(HandReceived(t, faces(s.hands[t]), audience=ME[t]))


def end_round(s: TomahawkState, winner: int, events: list[Event]) -> None:
    """TT-GOAL-1 / TT-TURN-4: score the hands; end the match (TT-GOAL-2) or deal again."""
    n = s.players
    points = [_hand_points(h) for h in s.hands]
    totals = tuple(t + p for t, p in zip(s.totals, points, strict=True))
    s.totals = totals
    s.last_round_points = tuple(points)
    s.last_round_winner = winner
    events.append(
        RoundEnded(
            s.round_no,
            None if winner < 0 else winner,
            "empty_hand" if winner >= 0 else "blocked",
            tuple(points),
            totals,
        )
    )
    if max(totals) >= s.target_score:
        s.phase = OVER
        s.pending = 0
        s.caster = -1
        s.drawn = -1
        s.last_card = -1
        s.last_player = -1
        best = min(totals)
        events.append(MatchEnded(tuple(t for t in range(n) if totals[t] == best), totals))
        return
    if winner >= 0:
        starter = winner  # TT-GOAL-3
    elif BLOCKED_ROUND_STARTER_FEWEST_POINTS:
        starter = min(range(n), key=lambda t: (points[t], t))
    else:
        starter = s.turn
    if s.round_pause:  # TT-PAUSE-1: the table rests before the next deal
        s.phase = ROUND_OVER
        s.waiting = (1 << n) - 1
        s.next_starter = starter
        s.pending = 0
        s.caster = -1
        s.drawn = -1
        s.last_card = -1
        s.last_player = -1
        return
    s.round_no += 1
    start_round(s, starter, events)


def next_round(s: TomahawkState, seat: int, events: list[Event], *, timeout: bool) -> None:
    """TT-PAUSE-1: ``seat`` is done reading; the last one to press deals the next round."""
    s.waiting &= ~(1 << seat)
    events.append(ReadyForNextRound(seat, timeout))
    if s.waiting:
        return
    starter = s.next_starter
    s.next_starter = -1
    s.round_no += 1
    start_round(s, starter, events)
