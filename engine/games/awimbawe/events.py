"""Awimbawé's events and outcome detail: one frozen dataclass per kind of thing that happens.

Each class's kind is its name in snake_case (``CardPlayed`` -> ``card_played``), the name of
its field in the ``AwimbaweEvent`` protobuf message. Every event is public unless built with
``audience=only(seat)`` (``HandDealt``, ``HandCardParalysed``). A card an event reveals is
carried as its whole face (:class:`~engine.games.awimbawe.cards.CardView`), so a client needs
no earlier view to draw it. Closed vocabularies are lowercase strings listed below; the
protobuf enum of the same name holds each of them upper-cased (``"hand"`` of
``AwimbaweSource`` is ``AWIMBAWE_SOURCE_HAND``).

>>> from engine.events import only
>>> from engine.games.awimbawe.cards import CARD_VIEWS
>>> e = HandCardParalysed(1, CARD_VIEWS[16], audience=only(1))
>>> e.kind, e.card.animal, e.visible_to(0)
('hand_card_paralysed', 'snake', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.events import Event
from engine.games.awimbawe.cards import CardView

# -- vocabularies -----------------------------------------------------------------------------

HAND: Final = "hand"
PILE: Final = "pile"
SOURCES = (HAND, PILE)
"""Where a card was played or paralysed from (``AwimbaweSource``)."""

PLAYED: Final = "played"
STUCK: Final = "stuck"
UNCOVERED: Final = "uncovered"
PARALYSIS_END_REASONS = (PLAYED, STUCK)
"""Why a seat's paralysis ended (``AwimbaweParalysisEndReason``): they played a card
(AW-SNAKE-1), or they had nothing else to play (AW-STUCK-1)."""
TURN_UP_REASONS = (UNCOVERED, STUCK)
"""Why pile cards were turned face up (``AwimbaweTurnUpReason``): a trick was collected
(AW-UNCOVER-1), or their owner had nothing to play (AW-STUCK-1)."""

FOUR_HYENAS: Final = "four_hyenas"
MORE_CROWNS: Final = "more_crowns"
FEWER_HYENAS: Final = "fewer_hyenas"
LAST_TRICK: Final = "last_trick"
ROUND_REASONS = (FOUR_HYENAS, MORE_CROWNS, FEWER_HYENAS, LAST_TRICK)
"""Why a round was won (``AwimbaweRoundReason``, AW-HYENA-1 and AW-END-1)."""

FEWER_CROWNS_SHOWN: Final = "fewer_crowns"
TIE_DRAWN: Final = "tie_drawn"
CHOSEN: Final = "chosen"
LEAD_REASONS = (FEWER_CROWNS_SHOWN, TIE_DRAWN, CHOSEN)
"""Why a player leads a round's first trick (``AwimbaweLeadReason``, AW-SETUP-3)."""


# -- shared parts -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurnedCard:
    """A pile top turned face up: ``seat``'s pile ``pile`` (0–3) now shows ``card``."""

    seat: int
    pile: int
    card: CardView


@dataclass(frozen=True, slots=True)
class RoundResultView:
    """One finished round: its number, winner and why, and both seats' crowns and Hyenas
    in their trick piles (seat 0 first)."""

    round: int
    winner: int
    reason: str
    crowns: tuple[int, ...]
    hyenas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AwimbaweOutcome:
    """``Outcome.detail`` of a finished match: every round, in order."""

    rounds: tuple[RoundResultView, ...]


# -- events (in the order of the ``AwimbaweEvent`` oneof) ---------------------------------------


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` from their hand or from the top of their pile ``pile``."""

    seat: int
    card: CardView
    source: str
    pile: int | None


@dataclass(frozen=True, slots=True)
class ParalysisEnded(Event):
    """``seat``'s paralysed cards are free again."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class PowerWithoutEffect(Event):
    """The power of the card ``seat`` just played can do nothing: no decision is asked."""

    seat: int
    power: str


@dataclass(frozen=True, slots=True)
class PowerSkipped(Event):
    """``seat`` did not use the optional power of the card they just played."""

    seat: int
    power: str


@dataclass(frozen=True, slots=True)
class EagleChoice(Event):
    """``seat``'s following Eagle fights (``fight``) or flees (AW-EAGLE-1)."""

    seat: int
    fight: bool


@dataclass(frozen=True, slots=True)
class RhinoMove(Event):
    """``seat``'s Rhino moved the top of ``owner``'s pile ``from_pile`` under their pile
    ``to_pile``; ``card`` is its face if it was face up, else ``None``."""

    seat: int
    owner: int
    from_pile: int
    to_pile: int
    card: CardView | None
    face_up: bool


@dataclass(frozen=True, slots=True)
class CardParalysed(Event):
    """``seat``'s Snake paralysed a card of ``owner``: the top of pile ``pile`` (``card``
    is its face), or the hand card at ``hand_position`` picked blind (``card`` is ``None``)."""

    seat: int
    owner: int
    source: str
    pile: int | None
    card: CardView | None
    hand_position: int | None


@dataclass(frozen=True, slots=True)
class HandCardParalysed(Event):
    """Private to ``seat``: which of their hand cards a blind Snake pick paralysed."""

    seat: int
    card: CardView


@dataclass(frozen=True, slots=True)
class CheetahChoice(Event):
    """``seat``'s Cheetah named ``leader`` to lead the next trick."""

    seat: int
    leader: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """The trick led by ``leader`` is over: ``cards`` (led, followed), the led card went
    to ``led_to``'s trick pile, the followed one to ``followed_to``'s; ``hyenas`` per seat."""

    winner: int
    leader: int
    cards: tuple[CardView, ...]
    led_to: int
    followed_to: int
    hyenas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsTurnedUp(Event):
    """Pile tops turned face up."""

    cards: tuple[TurnedCard, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class NextLeader(Event):
    """``seat`` leads the next trick (named by a Cheetah, or as the trick's winner)."""

    seat: int
    by_cheetah: bool


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    """Round ``round`` is won by ``winner``; per seat: crowns, Hyenas, rounds won so far."""

    round: int
    winner: int
    reason: str
    crowns: tuple[int, ...]
    hyenas: tuple[int, ...]
    rounds_won: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """``winner`` won their second round: the match is over (AW-MATCH-1)."""

    winner: int
    rounds_won: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LeaderChosen(Event):
    """The loser of a round, ``seat``, chose ``leader`` to lead the next one (AW-SETUP-3)."""

    seat: int
    leader: int


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """A new round is dealt (rounds 2 and 3): its leader and why, each seat's four
    face-up pile tops (card ids, seat 0 first) and hand sizes."""

    round: int
    leader: int
    lead_reason: str
    tops: tuple[tuple[int, ...], ...]
    hand_counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Private to ``seat``: their new hand, sorted by card id."""

    seat: int
    cards: tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class ReadyForNextRound(Event):
    """``seat`` is done reading the round's result (NextRound, or its pause clock ran out:
    ``timeout``); once both are, the round's loser chooses who leads (AW-PAUSE-1)."""

    seat: int
    timeout: bool = False


EVENT_TYPES: tuple[type[Event], ...] = (
    CardPlayed,
    ParalysisEnded,
    PowerWithoutEffect,
    PowerSkipped,
    EagleChoice,
    RhinoMove,
    CardParalysed,
    HandCardParalysed,
    CheetahChoice,
    TrickWon,
    CardsTurnedUp,
    NextLeader,
    RoundOver,
    MatchOver,
    LeaderChosen,
    RoundDealt,
    HandDealt,
    ReadyForNextRound,
)
"""Every event class, in the stable order of the ``AwimbaweEvent`` oneof."""
