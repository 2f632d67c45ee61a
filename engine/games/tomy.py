"""*Mais où est Tomy ?* — tell where the invisible dog hides, then vote for the best story.

Rules: ``shared/rules/tomy.md`` (ids ``MT-…``); players' and frontend docs:
``docs/games/tomy.md``. Material and the **[decision]** s that are not room options live in
:mod:`engine.games.tomy_data`.

A turn goes: story phase (each seat from the leash holder leftwards proposes a column with a
story, or passes), sealed simultaneous vote (every seat holding a card of a proposed breed
plays one face down), reveal, an optional tie choice by the leash holder, discards and draws,
then the proposed places are replaced and the leash passes left.

Dog card ``c`` (0–95) is of the breed in column ``c // 16``; location card ``l`` (0–47) is
``tomy_data.PLACES[l]``. Decks keep their top card at the end of the list.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from engine import registry
from engine.core import (
    ClockSpec,
    Game,
    GameInfo,
    IllegalAction,
    InvalidOptions,
    NotYourTurn,
    OptionSpec,
    OptionValue,
    Outcome,
    Pending,
    State,
    Timeout,
    WrongGame,
)
from engine.events import Event, only
from engine.games import tomy_data as data
from engine.games.tomy_data import DOG_FACES, BreedKey, ColourKey, DogCard, TomyCatalogue
from engine.games.tomy_events import (
    EVENT_TYPES,
    LOCATIONS_EXHAUSTED,
    ONE_CARD_LEFT,
    TARGET_SCORE,
    CardDrawn,
    DogDeckReshuffled,
    EndReason,
    GameOver,
    GameStarted,
    HandDealt,
    LocationDeckShort,
    LocationsDiscarded,
    MatchOver,
    NoCardToDraw,
    OwnDraw,
    OwnVote,
    Passed,
    PlacedLocation,
    RevealedVote,
    RoundScored,
    RowRefilled,
    SatOut,
    StoryProposed,
    Tie,
    TieBroken,
    TomyOutcome,
    TurnResult,
    TurnStarted,
    Voted,
    VotesRevealed,
    VoteStarted,
)
from engine.rng import Rng
from engine.text import graphemes

Phase = Literal["story", "vote", "tie", "over"]
"""The phase of a turn: enum ``TomyPhase`` on the wire."""

STORY: Final = "story"
VOTE: Final = "vote"
TIE: Final = "tie"
OVER: Final = "over"
PHASES: Final[tuple[Phase, ...]] = (STORY, VOTE, TIE, OVER)

NO_CARD = -1
"""In ``votes`` / ``last_votes``: the seat has not voted (or could not)."""

EMPTY = -1
"""In ``row``: the column's location was discarded and not replaced (end of a game)."""

Proposal = tuple[int, int, int, str]
"""(column, seat, location, story) — one story told this turn."""


# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Propose:
    """MT-STORY-1: "je pense que Tomy est là !" — the place under ``column``, with a story.

    ``story`` is free text, 1–500 characters once trimmed. :meth:`TomyGame.legal_actions`
    lists one representative per available column, with a template story.
    """

    column: int
    story: str


@dataclass(frozen=True, slots=True)
class Pass:
    """MT-STORY-1: say nothing this turn (not allowed to the leash holder, MT-STORY-2)."""


@dataclass(frozen=True, slots=True)
class Vote:
    """MT-VOTE-1: play dog card ``card`` (from my hand) face down for its breed."""

    card: int


@dataclass(frozen=True, slots=True)
class BreakTie:
    """MT-REVEAL-1: the leash holder picks the winning breed among the tied ``column`` s."""

    column: int


TomyAction = Propose | Pass | Vote | BreakTie


# --------------------------------------------------------------------------------------------
# Views
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ColumnView:
    """One breed card of the row and the place face up under it (``location`` None: none).
    The place's text is in the catalogue (``TomyCatalogue.locations``), by id."""

    column: int
    breed: BreedKey
    colour: ColourKey
    location: int | None


@dataclass(frozen=True, slots=True)
class ProposalView:
    """A story told this turn (or last turn): ``seat`` put Tomy at ``location``."""

    column: int
    seat: int
    location: int
    story: str


DogCardView = DogCard
"""A dog card of my hand: its face (the same as in events and the catalogue)."""


@dataclass(frozen=True, slots=True)
class LastTurnView:
    """The previous turn, as revealed: its stories, every vote and the winning column."""

    proposals: tuple[ProposalView, ...]
    votes: tuple[int | None, ...]
    winning_column: int | None


@dataclass(frozen=True, slots=True)
class TomyView:
    """What one seat (or a spectator, ``seat`` None) sees. Never another hand, an unrevealed
    vote, the order of a deck or the RNG."""

    seat: int | None
    phase: Phase
    game: int
    turn: int
    leash_holder: int
    storyteller: int | None
    columns: tuple[ColumnView, ...]
    proposals: tuple[ProposalView, ...]
    passed: tuple[bool, ...]
    sitting_out: tuple[bool, ...]
    voted: tuple[bool, ...]
    votes: tuple[int | None, ...] | None
    my_vote: int | None
    hand: tuple[DogCardView, ...] | None
    hand_counts: tuple[int, ...]
    dog_deck_count: int
    dog_discard_count: int
    location_deck_count: int
    location_discard_count: int
    tie_columns: tuple[int, ...]
    last_turn: LastTurnView | None
    rounds: bool
    target_score: int
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...] | None
    language: data.LanguageKey


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


@dataclass(init=False, eq=True, repr=False, slots=True)
class TomyState(State):
    """The whole match. Plain lists and ints; see the module docstring for card numbers."""

    rng: Rng
    version: int
    players: int
    rounds: bool
    target_score: int
    language: str
    game_no: int
    turn: int
    leash: int
    phase: Phase
    speaker: int
    """How many seats have spoken this story phase."""
    last_winner: int
    end_reason: str
    """The ``Outcome.reason`` once the match is over."""
    row: list[int]
    location_deck: list[int]
    location_discard: list[int]
    dog_deck: list[int]
    dog_discard: list[int]
    can_vote: list[bool]
    votes: list[int]
    tie_columns: list[int]
    last_votes: list[int]
    """Empty: no turn finished yet."""
    hands: list[list[int]]
    round_scores: list[list[int]]
    proposals: list[Proposal]
    last_proposals: list[Proposal]

    def __init__(self, players: int, rounds: bool, target_score: int, language: str) -> None:
        self.version = 0
        self.rng = Rng(0)
        self.players = players
        self.rounds = rounds
        self.target_score = target_score
        self.language = language
        self.game_no = 0
        self.turn = 0
        self.leash = 0
        self.phase = STORY
        self.speaker = 0  # how many seats have spoken this story phase
        self.row = [EMPTY] * data.COLUMNS
        self.location_deck = []
        self.location_discard = []
        self.hands = [[] for _ in range(players)]
        self.dog_deck = []
        self.dog_discard = []
        self.proposals = []
        self.can_vote = [False] * players
        self.votes = [NO_CARD] * players
        self.tie_columns = []
        self.last_proposals = []
        self.last_votes = []  # empty: no turn finished yet
        self.last_winner = EMPTY
        self.round_scores = []
        self.end_reason = ""  # the Outcome.reason once the match is over

    # -- derived facts ----------------------------------------------------------------------

    def storyteller(self) -> int:
        """The seat whose story turn it is (story phase only)."""
        return (self.leash + self.speaker) % self.players

    def proposed_columns(self) -> list[int]:
        return [p[0] for p in self.proposals]

    def totals(self) -> list[int]:
        """MT-VAR-1: each seat's sum of cards left in hand over the finished games."""
        return [sum(scores[seat] for scores in self.round_scores) for seat in range(self.players)]


# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------

_CLOCK_OPTION = {STORY: "story_seconds", VOTE: "vote_seconds", TIE: "tie_seconds"}


def _clock_option(name: str, default: int) -> OptionSpec:
    return OptionSpec(name, "int", default, minimum=0, maximum=data.MAX_CLOCK_SECONDS)


class TomyGame(Game[TomyState]):
    """The rules of *Mais où est Tomy ?* (``shared/rules/tomy.md``)."""

    state_type: ClassVar[type[State]] = TomyState
    action_types: ClassVar[tuple[type, ...]] = (Propose, Pass, Vote, BreakTie)
    event_types: ClassVar[tuple[type, ...]] = EVENT_TYPES
    dormant_events: ClassVar[tuple[type, ...]] = (SatOut, NoCardToDraw)
    """Only with VOTE_TIMEOUT_PLAYS_RANDOM_CARD / RESHUFFLE_DISCARDS_WHEN_DECK_EMPTY off."""
    outcome_type: ClassVar[type | None] = TomyOutcome
    info: ClassVar[GameInfo] = GameInfo(
        id="tomy",
        name="Mais où est Tomy ?",
        min_players=data.MIN_PLAYERS,
        max_players=data.MAX_PLAYERS,
        options=(
            OptionSpec(
                "rounds",
                "bool",
                False,
            ),
            OptionSpec(
                "target_score",
                "int",
                data.TARGET_SCORE,
                minimum=1,
                maximum=100,
            ),
            _clock_option(
                "story_seconds",
                data.STORY_SECONDS,
            ),
            _clock_option(
                "vote_seconds",
                data.VOTE_SECONDS,
            ),
            _clock_option(
                "tie_seconds",
                data.TIE_SECONDS,
            ),
            OptionSpec(
                "first_player",
                "int",
                -1,
                minimum=-1,
                maximum=data.MAX_PLAYERS - 1,
            ),
            OptionSpec(
                "language",
                "choice",
                "FR",
                choices=("FR", "EN"),
            ),
        ),
        clocks=(
            ClockSpec(
                STORY,
                "story_seconds",
            ),
            ClockSpec(
                VOTE,
                "vote_seconds",
            ),
            ClockSpec(
                TIE,
                "tie_seconds",
            ),
        ),
    )

    def catalogue(self) -> TomyCatalogue:
        return data.catalogue()

    # -- set-up -----------------------------------------------------------------------------

    def new_match(self, options: Mapping[str, OptionValue], players: int, seed: int) -> TomyState:
        self.check_players(players)
        first = int(options["first_player"])
        if first >= players:
            raise InvalidOptions(
                "first_player", f"first_player must be -1 or a seat below {players}"
            )
        state = TomyState(
            players,
            bool(options["rounds"]),
            int(options["target_score"]),
            str(options["language"]),
        )
        state.rng = Rng.from_seed(seed)
        _deal(state)  # MT-SETUP-1
        # MT-SETUP-2
        state.leash = first if first >= 0 else state.rng.below(players)
        return state

    def seats(self, state: TomyState) -> int:
        return state.players

    # -- whose move -------------------------------------------------------------------------

    def pending(self, state: TomyState) -> tuple[Pending, ...]:
        if state.phase == STORY:
            return (Pending(state.storyteller(), STORY),)
        if state.phase == VOTE:
            return tuple(
                Pending(seat, VOTE)
                for seat in range(state.players)
                if state.can_vote[seat] and state.votes[seat] == NO_CARD
            )
        if state.phase == TIE:
            return (Pending(state.leash, TIE),)
        return ()

    def legal_actions(self, state: TomyState, seat: int) -> list[Any]:
        if state.phase == STORY:
            if seat != state.storyteller():
                return []
            taken = state.proposed_columns()
            actions: list[Any] = [
                Propose(
                    column,
                    data.template_story(
                        state.language, state.turn + column, column, state.row[column]
                    ),
                )
                for column in range(data.COLUMNS)
                if column not in taken
            ]
            if _may_pass(state):
                actions.append(Pass())
            return actions
        if state.phase == VOTE:
            if not state.can_vote[seat] or state.votes[seat] != NO_CARD:
                return []
            proposed = state.proposed_columns()
            return [Vote(card) for card in state.hands[seat] if data.breed_of(card) in proposed]
        if state.phase == TIE and seat == state.leash:
            return [BreakTie(column) for column in state.tie_columns]
        return []

    # -- playing ----------------------------------------------------------------------------

    def play(self, state: TomyState, seat: int, action: Any) -> list[Event]:
        if isinstance(action, Timeout):
            return self._timeout(state, seat)
        if isinstance(action, Propose):
            return self._propose(state, seat, action)
        if isinstance(action, Pass):
            return self._pass(state, seat)
        if isinstance(action, Vote):
            return self._vote(state, seat, action.card)
        if isinstance(action, BreakTie):
            return self._break_tie(state, seat, action.column)
        raise WrongGame(f"{type(action).__name__} is not a move of {self.info.name}")

    def _propose(self, state: TomyState, seat: int, action: Propose) -> list[Event]:
        _check_story_turn(state, seat)
        column, story = action.column, action.story
        if not isinstance(column, int) or isinstance(column, bool):
            raise WrongGame("column must be a whole number")
        if not 0 <= column < data.COLUMNS:
            raise IllegalAction(
                f"there is no column {column} (columns are 0 to {data.COLUMNS - 1})",
                reason="NO_SUCH_COLUMN",
            )
        if column in state.proposed_columns():
            raise IllegalAction(
                f"the place under the {data.BREEDS[column].name_en} column is already "
                "proposed this turn",
                reason="COLUMN_TAKEN",
            )
        if not isinstance(story, str):
            raise WrongGame("story must be text")
        story = story.strip()
        length = graphemes(story)
        if not 1 <= length <= data.STORY_MAX_CHARS or len(story) > data.STORY_MAX_CODE_POINTS:
            raise IllegalAction(
                f"a story must hold 1 to {data.STORY_MAX_CHARS} characters once trimmed "
                f"(yours has {length})",
                reason="STORY_LENGTH",
            )
        location = state.row[column]
        state.proposals.append((column, seat, location, story))
        return [StoryProposed(seat, column, location, story), *_next_speaker(state)]

    def _pass(self, state: TomyState, seat: int) -> list[Event]:
        _check_story_turn(state, seat)
        if not _may_pass(state):
            if state.speaker == 0:
                why = "the leash holder must propose a place"
            else:
                why = "at least two places must be proposed: the last player must propose"
            raise IllegalAction(why, reason="MUST_PROPOSE")
        return [Passed(seat), *_next_speaker(state)]

    def _vote(self, state: TomyState, seat: int, card: int) -> list[Event]:
        if state.phase != VOTE:
            raise NotYourTurn("this is not the vote phase")
        if state.votes[seat] != NO_CARD:
            raise IllegalAction("you have already voted this turn", reason="ALREADY_VOTED")
        if not state.can_vote[seat]:
            raise IllegalAction(
                "you hold no card of a proposed breed: you sit this vote out",
                reason="CANNOT_VOTE",
            )
        if not isinstance(card, int) or isinstance(card, bool):
            raise WrongGame("card must be a whole number")
        hand = state.hands[seat]
        if card not in hand:
            raise IllegalAction(f"card {card} is not in your hand", reason="CARD_NOT_IN_HAND")
        column = data.breed_of(card)
        if column not in state.proposed_columns():
            raise IllegalAction(
                f"nobody proposed the {data.BREEDS[column].name_en} column this turn",
                reason="BREED_NOT_PROPOSED",
            )
        hand.remove(card)
        state.votes[seat] = card
        return [Voted(seat), OwnVote(DOG_FACES[card], audience=only(seat)), *_maybe_reveal(state)]

    def _break_tie(self, state: TomyState, seat: int, column: int) -> list[Event]:
        if state.phase != TIE or seat != state.leash:
            raise NotYourTurn("only the leash holder breaks a tie, after the reveal")
        if column not in state.tie_columns:
            raise IllegalAction(
                f"column {column} is not one of the tied breeds "
                f"{', '.join(str(c) for c in state.tie_columns)}",
                reason="NOT_TIED",
            )
        return [TieBroken(seat, column), *_resolve(state, column)]

    def _timeout(self, state: TomyState, seat: int) -> list[Event]:
        """MT-TIME-1. ``apply`` has checked that ``seat`` is pending."""
        rng = state.rng
        if state.phase == STORY:
            if _may_pass(state):
                return self._pass(state, seat)
            taken = state.proposed_columns()
            free = [column for column in range(data.COLUMNS) if column not in taken]
            column = rng.choice(free)
            story = data.template_story(
                state.language, rng.below(len(data.STORY_TEMPLATES_FR)), column, state.row[column]
            )
            return self._propose(state, seat, Propose(column, story))
        if state.phase == VOTE:
            if not data.VOTE_TIMEOUT_PLAYS_RANDOM_CARD:
                state.can_vote[seat] = False
                return [SatOut(seat), *_maybe_reveal(state)]
            proposed = state.proposed_columns()
            cards = [card for card in state.hands[seat] if data.breed_of(card) in proposed]
            return self._vote(state, seat, rng.choice(cards))
        return self._break_tie(state, seat, rng.choice(state.tie_columns))

    # -- what a seat sees -------------------------------------------------------------------

    def view(self, state: TomyState, seat: int | None) -> TomyView:
        n = state.players
        columns = tuple(
            ColumnView(
                column,
                breed.key,
                breed.colour,
                None if state.row[column] == EMPTY else state.row[column],
            )
            for column, breed in enumerate(data.BREEDS)
        )
        in_vote = state.phase in (VOTE, TIE)
        passed = [False] * n
        if state.phase == STORY or in_vote:
            storytellers = {p[1] for p in state.proposals}
            spoken = state.speaker if state.phase == STORY else n
            for i in range(spoken):
                other = (state.leash + i) % n
                passed[other] = other not in storytellers
        hand: tuple[DogCardView, ...] | None = None
        my_vote: int | None = None
        if seat is not None:
            hand = tuple(DOG_FACES[card] for card in state.hands[seat])
            if state.votes[seat] != NO_CARD:
                my_vote = state.votes[seat]
        last_turn = None
        if state.last_votes:
            last_turn = LastTurnView(
                tuple(ProposalView(*p) for p in state.last_proposals),
                tuple(None if v == NO_CARD else v for v in state.last_votes),
                None if state.last_winner == EMPTY else state.last_winner,
            )
        return TomyView(
            seat=seat,
            phase=state.phase,
            game=state.game_no,
            turn=state.turn,
            leash_holder=state.leash,
            storyteller=state.storyteller() if state.phase == STORY else None,
            columns=columns,
            proposals=tuple(ProposalView(*p) for p in state.proposals),
            passed=tuple(passed),
            sitting_out=tuple(in_vote and not can for can in state.can_vote),
            voted=tuple(v != NO_CARD for v in state.votes),
            votes=(
                tuple(None if v == NO_CARD else v for v in state.votes)
                if state.phase == TIE
                else None
            ),
            my_vote=my_vote,
            hand=hand,
            hand_counts=tuple(len(h) for h in state.hands),
            dog_deck_count=len(state.dog_deck),
            dog_discard_count=len(state.dog_discard),
            location_deck_count=len(state.location_deck),
            location_discard_count=len(state.location_discard),
            tie_columns=tuple(state.tie_columns),
            last_turn=last_turn,
            rounds=state.rounds,
            target_score=state.target_score,
            round_scores=tuple(tuple(scores) for scores in state.round_scores),
            totals=tuple(state.totals()) if state.rounds else None,
            language="en" if state.language == "EN" else "fr",
        )

    def outcome(self, state: TomyState) -> Outcome | None:
        return _outcome(state) if state.phase == OVER else None

    # -- worlds for bots and leak tests -----------------------------------------------------

    def determinize(self, state: TomyState, seat: int | None, rng: Rng) -> TomyState:
        """Re-deal what ``seat`` cannot see: other hands, others' sealed votes, the dog deck,
        the location deck order and the state's RNG.

        The dog discards and the location discards are public (they were revealed) and
        stay. The re-deal keeps every public fact of the vote phase: a seat that sits the
        vote out holds no card of a proposed breed; a seat that has still to vote holds at
        least one; a sealed vote is of a proposed breed. It is built so as to always succeed:
        sitting-out hands are drawn from the other breeds first, then each sealed vote and
        one card per pending voter from the proposed breeds, then the rest at random (should
        no card fit a constraint, any card is taken: see ``take``).
        """
        world = state.clone()
        others = [other for other in range(state.players) if other != seat]
        sealed = [
            other for other in others if state.phase == VOTE and state.votes[other] != NO_CARD
        ]
        pool = world.dog_deck[:]
        for other in others:
            pool.extend(world.hands[other])
            world.hands[other] = []
        for other in sealed:
            pool.append(world.votes[other])
        pool.sort()
        rng.shuffle(pool)
        proposed = set(state.proposed_columns())
        in_vote = state.phase in (VOTE, TIE)
        sizes = {other: len(state.hands[other]) for other in others}

        def take(wanted: bool) -> int:
            for i in range(len(pool) - 1, -1, -1):
                if (data.breed_of(pool[i]) in proposed) == wanted:
                    return pool.pop(i)
            # Unreachable while the real state is a witness; with the data switch
            # VOTE_TIMEOUT_PLAYS_RANDOM_CARD off, a timed-out voter sits out holding proposed
            # breeds, so fall back to any card rather than fail.
            return pool.pop()

        if in_vote:
            for other in others:
                if not state.can_vote[other]:
                    world.hands[other] = [take(False) for _ in range(sizes[other])]
            for other in sealed:
                world.votes[other] = take(True)
            if state.phase == VOTE:
                for other in others:
                    if state.can_vote[other] and state.votes[other] == NO_CARD:
                        world.hands[other] = [take(True)]
        for other in others:
            hand = world.hands[other]
            while len(hand) < sizes[other]:
                hand.append(pool.pop())
            hand.sort()
        world.dog_deck = pool
        rng.shuffle(world.location_deck)
        world.rng = Rng(rng.next_u32() << 32 | rng.next_u32())
        return world


# --------------------------------------------------------------------------------------------
# Rule helpers (they change the state in place)
# --------------------------------------------------------------------------------------------


def _deal(state: TomyState) -> None:
    """MT-SETUP-1: shuffle the places, one face up per column; shuffle the dogs, deal nine."""
    rng = state.rng
    state.game_no += 1
    state.turn = 1
    state.phase = STORY
    state.speaker = 0
    locations = list(range(data.LOCATION_CARDS))
    rng.shuffle(locations)
    state.row = [locations.pop() for _ in range(data.COLUMNS)]
    state.location_deck = locations
    state.location_discard = []
    dogs = list(range(data.DOG_CARDS))
    rng.shuffle(dogs)
    state.hands = [sorted(dogs.pop() for _ in range(data.HAND_SIZE)) for _ in state.hands]
    state.dog_deck = dogs
    state.dog_discard = []


def _check_story_turn(state: TomyState, seat: int) -> None:
    if state.phase != STORY:
        raise NotYourTurn("stories are told before the vote, not now")
    if seat != state.storyteller():
        raise NotYourTurn(f"it is seat {state.storyteller()}'s turn to tell a story")


def _may_pass(state: TomyState) -> bool:
    """MT-STORY-1/2: the leash holder must propose; so must the last seat if only one place
    has been proposed."""
    if state.speaker == 0:
        return False
    return not (state.speaker == state.players - 1 and len(state.proposals) < 2)


def _next_speaker(state: TomyState) -> list[Event]:
    state.speaker += 1
    if state.speaker < state.players:
        return []
    return _start_vote(state)


def _start_vote(state: TomyState) -> list[Event]:
    """MT-VOTE-1/2: everyone holding a card of a proposed breed votes; the others sit out."""
    proposed = state.proposed_columns()
    state.phase = VOTE
    state.votes = [NO_CARD] * state.players
    state.can_vote = [any(data.breed_of(card) in proposed for card in hand) for hand in state.hands]
    started = VoteStarted(
        tuple(sorted(proposed)),
        tuple(seat for seat, can in enumerate(state.can_vote) if not can),
    )
    return [started, *_maybe_reveal(state)]


def _maybe_reveal(state: TomyState) -> list[Event]:
    """MT-REVEAL-1: once every eligible seat has voted, turn every vote over at once."""
    if any(can and vote == NO_CARD for can, vote in zip(state.can_vote, state.votes, strict=True)):
        return []
    counts = [0] * data.COLUMNS
    for card in state.votes:
        if card != NO_CARD:
            counts[data.breed_of(card)] += 1
    events: list[Event] = [
        VotesRevealed(
            tuple(
                RevealedVote(seat, card, data.breed_of(card))
                for seat, card in enumerate(state.votes)
                if card != NO_CARD
            ),
            tuple(counts),
        )
    ]
    best = max(counts)
    if best == 0:  # MT-REVEAL-3
        return events + _resolve(state, EMPTY)
    tied = [column for column, count in enumerate(counts) if count == best]
    if len(tied) == 1:
        return events + _resolve(state, tied[0])
    state.phase = TIE
    state.tie_columns = tied
    return [*events, Tie(state.leash, tuple(tied))]


def _resolve(state: TomyState, winner: int) -> list[Event]:
    """MT-REVEAL-2: every vote is discarded; those who voted for another breed draw one."""
    n = state.players
    order = [(state.leash + i) % n for i in range(n)]
    voters = [seat for seat in order if state.votes[seat] != NO_CARD]
    drawers = [seat for seat in voters if data.breed_of(state.votes[seat]) != winner]
    events: list[Event] = [
        TurnResult(
            None if winner == EMPTY else winner,
            None if winner == EMPTY else data.BREEDS[winner].key,
            tuple(seat for seat in voters if seat not in drawers),
            tuple(drawers),
        )
    ]
    for seat in voters:
        state.dog_discard.append(state.votes[seat])
    for seat in drawers:
        if not state.dog_deck and data.RESHUFFLE_DISCARDS_WHEN_DECK_EMPTY and state.dog_discard:
            state.dog_deck = sorted(state.dog_discard)
            state.dog_discard = []
            state.rng.shuffle(state.dog_deck)
            events.append(DogDeckReshuffled(len(state.dog_deck)))
        if not state.dog_deck:
            events.append(NoCardToDraw(seat))
            continue
        card = state.dog_deck.pop()
        insort(state.hands[seat], card)
        events.append(CardDrawn(seat))
        events.append(OwnDraw(DOG_FACES[card], audience=only(seat)))
    state.last_proposals = state.proposals
    state.last_votes = state.votes
    state.last_winner = winner
    return events + _end_turn(state)


def _end_turn(state: TomyState) -> list[Event]:
    """MT-NEXT-1 then MT-END-1: replace the proposed places, see whether the game ends."""
    columns = [p[0] for p in state.proposals]
    for column in columns:
        state.location_discard.append(state.row[column])
        state.row[column] = EMPTY
    events: list[Event] = [LocationsDiscarded(tuple(columns))]
    exhausted = len(state.location_deck) < len(columns)
    if exhausted:
        events.append(LocationDeckShort(len(columns), len(state.location_deck)))
    else:
        placed = []
        for column in columns:
            state.row[column] = state.location_deck.pop()
            placed.append(PlacedLocation(column, state.row[column]))
        events.append(RowRefilled(tuple(placed)))
    state.proposals = []
    state.votes = [NO_CARD] * state.players
    state.can_vote = [False] * state.players
    state.tie_columns = []
    state.speaker = 0
    single = [seat for seat, hand in enumerate(state.hands) if len(hand) == 1]
    if single:
        return events + _end_game(state, ONE_CARD_LEFT)
    if exhausted:
        return events + _end_game(state, LOCATIONS_EXHAUSTED)
    state.leash = (state.leash + 1) % state.players
    state.turn += 1
    state.phase = STORY
    return [*events, TurnStarted(state.game_no, state.turn, state.leash)]


def _end_game(state: TomyState, reason: EndReason) -> list[Event]:
    """MT-END-1, and MT-VAR-1 in the rounds variant."""
    counts = [len(hand) for hand in state.hands]
    fewest = min(counts)
    events: list[Event] = [
        GameOver(
            state.game_no,
            reason,
            tuple(counts),
            tuple(seat for seat, count in enumerate(counts) if count == fewest),
        )
    ]
    if not state.rounds:
        state.phase = OVER
        state.end_reason = reason.upper()
        return [*events, _match_over(state)]
    state.round_scores.append(counts)
    totals = state.totals()
    events.append(RoundScored(state.game_no, tuple(counts), tuple(totals)))
    if max(totals) >= state.target_score:
        state.phase = OVER
        state.end_reason = TARGET_SCORE.upper()
        return [*events, _match_over(state)]
    state.leash = (state.leash + 1) % state.players
    _deal(state)
    events.append(GameStarted(state.game_no, state.leash, tuple(state.row)))
    for seat, hand in enumerate(state.hands):
        events.append(HandDealt(tuple(DOG_FACES[card] for card in hand), audience=only(seat)))
    return events


def _outcome(state: TomyState) -> Outcome:
    """MT-END-1 (cards left in hand) or MT-VAR-1 (totals): the lowest score wins."""
    scores = state.totals() if state.rounds else [len(hand) for hand in state.hands]
    best = min(scores)
    return Outcome(
        winners=tuple(seat for seat, score in enumerate(scores) if score == best),
        scores=tuple(scores),
        reason=state.end_reason,
        detail=TomyOutcome(
            games=state.game_no,
            round_scores=tuple(tuple(scores) for scores in state.round_scores),
            hand_counts=tuple(len(hand) for hand in state.hands),
        ),
    )


_END_REASON: Final[dict[str, EndReason]] = {
    ONE_CARD_LEFT.upper(): ONE_CARD_LEFT,
    LOCATIONS_EXHAUSTED.upper(): LOCATIONS_EXHAUSTED,
    TARGET_SCORE.upper(): TARGET_SCORE,
}


def _match_over(state: TomyState) -> Event:
    result = _outcome(state)
    return MatchOver(_END_REASON[result.reason], result.winners, result.scores)


registry.register(TomyGame())
