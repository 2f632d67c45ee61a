"""The events of *Mais où est Tomy ?*: one frozen dataclass per kind (``docs/games/tomy.md``).

Each class maps field by field to the nested message of the same name in ``TomyEvent``
(``protos/cercle/v1/tomy.proto``); its kind is the class name in snake_case
(``StoryProposed`` -> ``story_proposed``). Columns are 0–5 (the breed of the row, MT-MAT-1),
locations 0–47, dog cards 0–95 (``cards``). Closed vocabularies are ``str`` fields (the
storage codec knows no ``Literal``) holding lowercase values that name enum values: breeds
(``cards.BreedKey``, enum ``TomyBreed``) and end reasons (:data:`EndReason`, enum
``TomyEndReason``).

Private events (``own_vote``, ``own_draw``, ``hand_dealt``) carry the dog cards' faces; their
public twins (``voted``, ``card_drawn``) only say who.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from engine.events import Event
from engine.games.tomy.actions import TemplateStory
from engine.games.tomy.cards import DogCard

EndReason = Literal["one_card_left", "locations_exhausted", "target_score"]
"""Why a game (``game_over``) or the match (``match_over``) ended: enum ``TomyEndReason``."""

ONE_CARD_LEFT: Final = "one_card_left"
LOCATIONS_EXHAUSTED: Final = "locations_exhausted"
TARGET_SCORE: Final = "target_score"
END_REASONS: Final[tuple[EndReason, ...]] = (ONE_CARD_LEFT, LOCATIONS_EXHAUSTED, TARGET_SCORE)


# -- the story phase -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoryProposed(Event):
    """MT-STORY-1: ``seat`` put Tomy at ``location`` (under ``column``), telling exactly one
    of ``text`` (a person's story) or ``template`` (a story the server told)."""

    seat: int
    column: int
    location: int
    text: str | None
    template: TemplateStory | None = None

    def __post_init__(self) -> None:
        # A log stored before the story was a oneof holds "" as the text of a template story.
        if self.text == "" and self.template is not None:
            object.__setattr__(self, "text", None)


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """MT-STORY-1: ``seat`` passed."""

    seat: int


# -- the vote ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VoteStarted(Event):
    """MT-VOTE-1/2: the vote on ``columns`` starts; ``sitting_out`` hold none of them."""

    columns: tuple[int, ...]
    sitting_out: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Voted(Event):
    """MT-VOTE-1: ``seat`` played a card face down (public: not which)."""

    seat: int


@dataclass(frozen=True, slots=True)
class OwnVote(Event):
    """MT-VOTE-1, to the voter only: the card they played face down."""

    card: DogCard


@dataclass(frozen=True, slots=True)
class SatOut(Event):
    """MT-TIME-1 with the data switch ``VOTE_TIMEOUT_PLAYS_RANDOM_CARD`` off: ``seat``'s vote
    clock ran out and it sits this vote out."""

    seat: int


@dataclass(frozen=True, slots=True)
class RevealedVote:
    """One vote turned over: ``seat`` played dog ``card``, of the breed in ``column``."""

    seat: int
    card: int
    column: int


@dataclass(frozen=True, slots=True)
class VotesRevealed(Event):
    """MT-REVEAL-1: every vote at once (seat order), and the count per column (6 numbers)."""

    votes: tuple[RevealedVote, ...]
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tie(Event):
    """MT-REVEAL-1: ``columns`` are tied; the leash holder ``seat`` must choose."""

    seat: int
    columns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TieBroken(Event):
    """MT-REVEAL-1: the leash holder ``seat`` chose ``column``."""

    seat: int
    column: int


@dataclass(frozen=True, slots=True)
class TurnResult(Event):
    """MT-REVEAL-2/3: the winning ``column`` and ``breed`` (both unset if nobody voted);
    ``matched`` shed their card, ``must_draw`` draw one (leash order)."""

    column: int | None
    breed: str | None  # BreedKey
    matched: tuple[int, ...]
    must_draw: tuple[int, ...]


# -- draws -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DogDeckReshuffled(Event):
    """MT-REVEAL-2 [decision]: the dog discards became a new deck of ``cards`` cards."""

    cards: int


@dataclass(frozen=True, slots=True)
class NoCardToDraw(Event):
    """MT-REVEAL-2: ``seat`` should draw, but no dog card is left anywhere."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """MT-REVEAL-2: ``seat`` drew one dog card (public: not which)."""

    seat: int


@dataclass(frozen=True, slots=True)
class OwnDraw(Event):
    """MT-REVEAL-2, to the drawer only: the card they drew."""

    card: DogCard


# -- the end of a turn -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LocationsDiscarded(Event):
    """MT-NEXT-1: the places under ``columns`` (the proposed ones) are discarded."""

    columns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LocationDeckShort(Event):
    """MT-NEXT-1: the location deck holds ``left`` cards, fewer than the ``needed``: nothing is
    refilled and the game ends."""

    needed: int
    left: int


@dataclass(frozen=True, slots=True)
class PlacedLocation:
    """Location card ``location`` now lies face up under ``column``."""

    column: int
    location: int


@dataclass(frozen=True, slots=True)
class RowRefilled(Event):
    """MT-NEXT-1: new places face up under the columns just emptied."""

    placed: tuple[PlacedLocation, ...]


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """MT-NEXT-1: turn ``turn`` of game ``game`` starts; ``leash_holder`` speaks first."""

    game: int
    turn: int
    leash_holder: int


# -- games and the match -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """MT-END-1: game ``game`` ended for ``reason``; ``winners`` hold the fewest cards."""

    game: int
    reason: str  # EndReason
    hand_counts: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """MT-VAR-1: each seat scores its cards left (``scores``); ``totals`` so far."""

    game: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """MT-VAR-1 then MT-SETUP-1: game ``game`` is dealt; ``row`` is the location under each
    column."""

    game: int
    leash_holder: int
    row: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """MT-SETUP-1, to each player: the nine dog cards dealt to them for a new game."""

    cards: tuple[DogCard, ...]


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """MT-END-1 / MT-VAR-1: the match ended; ``winners`` and ``scores`` as in the outcome."""

    reason: str  # EndReason
    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReadyForNextStory(Event):
    """``seat`` is done reading the reveal (NextStory, or its pause clock ran out:
    ``timeout``); the next turn starts once every seat is (MT-PAUSE-1)."""

    seat: int
    timeout: bool = False


EVENT_TYPES: Final[tuple[type[Event], ...]] = (
    StoryProposed,
    Passed,
    VoteStarted,
    Voted,
    OwnVote,
    SatOut,
    VotesRevealed,
    Tie,
    TieBroken,
    TurnResult,
    DogDeckReshuffled,
    NoCardToDraw,
    CardDrawn,
    OwnDraw,
    LocationsDiscarded,
    LocationDeckShort,
    RowRefilled,
    TurnStarted,
    GameOver,
    RoundScored,
    GameStarted,
    HandDealt,
    MatchOver,
    ReadyForNextStory,
)
"""Every event class, in the order of the ``TomyEvent`` oneof."""


@dataclass(frozen=True, slots=True)
class TomyOutcome:
    """``Outcome.detail``: how many games were dealt, each finished game's scores (rounds
    variant; empty otherwise) and the cards left in each hand at the end."""

    games: int
    round_scores: tuple[tuple[int, ...], ...]
    hand_counts: tuple[int, ...]
