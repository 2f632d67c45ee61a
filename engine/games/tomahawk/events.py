"""Tomahawk Tribal's events: one frozen dataclass per kind (``docs/games/tomahawk.md``).

Each class mirrors a nested message of ``TomahawkEvent`` in ``protos/cercle/v1/tomahawk.proto``
(same field names). Cards travel as their :class:`CardFace` (id, kind, colour, points), so a
private event tells its reader what the card is, not only its id. Closed vocabularies are
lowercase strings; the tuples below list every value the engine emits, and each maps to a
value of the proto enum named beside it.

Events are immutable, so the engine shares one instance among matches wherever the fields
repeat (e.g. :func:`drew`, through the core's :class:`engine.events.Interned`): a hot-path
event costs a lookup, not a construction.

>>> e = CardPlayed(2, FACES[0], "red", False, None)
>>> e.kind, e.card.kind, e.visible_to(None)
('card_played', 'bison', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event, Interned, only
from engine.games.tomahawk.cards import COLOUR_NAMES, FACES, KIND_NAMES, CardFace

# --------------------------------------------------------------------------------------------
# Closed vocabularies (proto enum in brackets)
# --------------------------------------------------------------------------------------------

COLOURS: tuple[str, ...] = COLOUR_NAMES
"""[TomahawkColour] red, blue, violet, white."""

CARD_KINDS: tuple[str, ...] = KIND_NAMES
"""[TomahawkCardKind] the ten classic symbols, then the specials."""

DRAW_TURN = "turn"
"""A player drew one card because nothing in hand could be played (or on a timeout)."""
DRAW_SHERIFF = "sheriff"
"""A player took a pending Sheriff draw (or the last Sheriff's draw, TT-END-1)."""
DRAW_RETURNED = "returned"
"""A caster drew their own Sheriff total sent back by a Shield or a Shaman."""
DRAW_SHERIF = "sherif"
"""A player caught by SHÉRIF! drew (TT-TOMA-2)."""
DRAW_PENALTY = "penalty"
"""A bad-faith claim cost its caller cards (TT-FAIR-1)."""
DRAW_REASONS: tuple[str, ...] = (
    DRAW_TURN,
    DRAW_SHERIFF,
    DRAW_RETURNED,
    DRAW_SHERIF,
    DRAW_PENALTY,
)
"""[TomahawkDrawReason] why cards were drawn (``Drew.reason``, ``DrewCards.reason``)."""

SKIP_REASONS: tuple[str, ...] = ("skip", "returned_skip")
"""[TomahawkSkipReason] ``skip``: the seat took a pending Skip; ``returned_skip``: a Skip sent
back by a Shield or a Shaman passed over the seat."""

RETURNED_BY: tuple[str, ...] = ("shield", "shaman")
"""[TomahawkReturnedBy] the card that sent an effect back (TT-SHIELD-1, TT-SHAMAN-1)."""

PASS_REASONS: tuple[str, ...] = ("kept_drawn_card", "nothing_to_draw")
"""[TomahawkPassReason] why a turn ended without a card played."""

PENALTY_REASONS: tuple[str, ...] = ("bad_sherif", "bad_agilite")
"""[TomahawkPenaltyReason] the bad-faith claim that was punished (TT-FAIR-1)."""

ROUND_END_REASONS: tuple[str, ...] = ("empty_hand", "blocked")
"""[TomahawkRoundEndReason] a hand was emptied, or every player passed in a row (TT-TURN-4)."""

# --------------------------------------------------------------------------------------------
# The events, in the order of the ``TomahawkEvent`` oneof
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new round was dealt (rounds after the first; the first deal is the initial state)."""

    round: int
    starter: int
    first_card: CardFace
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Private to ``seat``: its new hand."""

    seat: int
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class ColourNamed(Event):
    """The starter named the colour over a colourless first card (TT-SETUP-2)."""

    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card``; ``colour`` is the current colour after the play; ``agilite``:
    played out of turn by AGILITÉ!; ``target``: the seat a Calumet swapped hands with."""

    seat: int
    card: CardFace
    colour: str
    agilite: bool
    target: int | None


@dataclass(frozen=True, slots=True)
class ComboPlayed(Event):
    """COMBO!: ``seat`` played ``symbol`` in four colours and named ``colour`` (on top)."""

    seat: int
    symbol: str
    cards: tuple[CardFace, ...]
    colour: str


@dataclass(frozen=True, slots=True)
class SheriffPending(Event):
    """``seat`` faces a pending draw of ``total`` cast by ``caster`` (TT-STACK-1)."""

    seat: int
    total: int
    caster: int


@dataclass(frozen=True, slots=True)
class SkipPending(Event):
    """``seat`` faces a Skip cast by ``caster`` (TT-SKIP-1)."""

    seat: int
    caster: int


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """``seat`` lost its turn; ``caster`` is set for a taken Skip (``reason`` ``skip``)."""

    seat: int
    reason: str
    caster: int | None


@dataclass(frozen=True, slots=True)
class EffectReturned(Event):
    """``seat`` sent an effect back ``to`` its caster ``by`` a Shield or a Shaman; ``draw``
    cards for a Sheriff total, 0 for a Skip."""

    seat: int
    to: int
    by: str
    draw: int


@dataclass(frozen=True, slots=True)
class DirectionChanged(Event):
    """The direction of play is now ``direction`` (+1 clockwise, -1 counter-clockwise)."""

    direction: int


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    """A Calumet: ``seat`` and ``target`` swapped hands."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class HandsPassed(Event):
    """A Wheel of Time: every hand moved one seat in ``direction`` (TT-WHEEL-1)."""

    direction: int


@dataclass(frozen=True, slots=True)
class HandReceived(Event):
    """Private to ``seat``: its whole new hand after a swap or a pass."""

    seat: int
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``count`` cards (public: no card named)."""

    seat: int
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class DrewCards(Event):
    """Private to ``seat``: the cards it drew."""

    seat: int
    cards: tuple[CardFace, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile (but its top card) was shuffled into a new draw pile (TT-TURN-4)."""

    draw_pile: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat``'s turn ended without a card played."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class TomahawkCalled(Event):
    """``seat`` called TOMAHAWK! on its last card (TT-TOMA-1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SherifCalled(Event):
    """``seat`` called SHÉRIF! on ``target``; ``caught``: the call was in good faith."""

    seat: int
    target: int
    caught: bool


@dataclass(frozen=True, slots=True)
class Penalty(Event):
    """``seat`` draws ``cards`` for a bad-faith claim (TT-FAIR-1)."""

    seat: int
    reason: str
    cards: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A round was scored: ``winner`` emptied their hand (None: a blocked round)."""

    round: int
    winner: int | None
    reason: str
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """A total reached the target (TT-GOAL-2): the lowest totals win."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReadyForNextRound(Event):
    """``seat`` is done reading the round's scores (NextRound, or its pause clock ran out:
    ``timeout``); the next round is dealt once every seat is (TT-PAUSE-1)."""

    seat: int
    timeout: bool = False


EVENT_TYPES: tuple[type[Event], ...] = (
    RoundStarted,
    HandDealt,
    ColourNamed,
    CardPlayed,
    ComboPlayed,
    SheriffPending,
    SkipPending,
    TurnSkipped,
    EffectReturned,
    DirectionChanged,
    HandsSwapped,
    HandsPassed,
    HandReceived,
    Drew,
    DrewCards,
    Reshuffled,
    Passed,
    TomahawkCalled,
    SherifCalled,
    Penalty,
    RoundEnded,
    MatchEnded,
    ReadyForNextRound,
)


@dataclass(frozen=True, slots=True)
class TomahawkOutcome:
    """``Outcome.detail``: how many rounds were played, and the target the totals met."""

    rounds: int
    target_score: int


# --------------------------------------------------------------------------------------------
# Shared instances for the hot path
# --------------------------------------------------------------------------------------------

MAX_SEATS = 8
_CARDS = len(FACES)

ME: tuple[frozenset[int], ...] = tuple(only(seat) for seat in range(MAX_SEATS))
"""Seat -> the audience of an event only that seat sees."""

_DREW_MAX = 16
_DREW: Interned[Drew] = Interned(Drew)


def drew(seat: int, count: int, reason: str) -> Drew:
    """``Drew(seat, count, reason)``, shared for the usual counts (:class:`Interned`)."""
    if count < _DREW_MAX:
        return _DREW.of(seat, count, reason)
    return Drew(seat, count, reason)


_ONE_CARD: Interned[DrewCards] = Interned(DrewCards)


def drew_cards(seat: int, cards: list[int], reason: str) -> DrewCards:
    """The private ``DrewCards`` for ``cards`` (ids), shared when it is one card."""
    if len(cards) == 1:
        card = cards[0]
        key = (seat * _CARDS + card, reason)
        return _ONE_CARD.table.get(key) or _ONE_CARD(
            key, seat, (FACES[card],), reason, audience=ME[seat]
        )
    return DrewCards(seat, tuple([FACES[c] for c in cards]), reason, audience=ME[seat])


_PLAYED: Interned[CardPlayed] = Interned(CardPlayed)

# Public events of a few fields with few values each, shared through ``Interned.of``.
SHERIFF_PENDING: Interned[SheriffPending] = Interned(SheriffPending)
SKIP_PENDING: Interned[SkipPending] = Interned(SkipPending)
TURN_SKIPPED: Interned[TurnSkipped] = Interned(TurnSkipped)
EFFECT_RETURNED: Interned[EffectReturned] = Interned(EffectReturned)
DIRECTION_CHANGED: Interned[DirectionChanged] = Interned(DirectionChanged)
PASSED: Interned[Passed] = Interned(Passed)
TOMAHAWK_CALLED: Interned[TomahawkCalled] = Interned(TomahawkCalled)
SHERIF_CALLED: Interned[SherifCalled] = Interned(SherifCalled)


def card_played(seat: int, card: int, colour: int, agilite: bool) -> CardPlayed:
    """``CardPlayed`` without a target (all but a Calumet), shared per seat, card, current
    colour (index) and AGILITÉ flag."""
    index = ((seat * _CARDS + card) * 4 + colour) * 2 + agilite
    return _PLAYED.table.get(index) or _PLAYED(
        index, seat, FACES[card], COLOURS[colour], agilite, None
    )


def faces(cards: list[int]) -> tuple[CardFace, ...]:
    """The faces of ``cards`` (ids), in order."""
    return tuple([FACES[c] for c in cards])
