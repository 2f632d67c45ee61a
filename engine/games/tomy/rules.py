"""*Mais où est Tomy ?*'s :class:`~engine.core.Game`: options, set-up, legal actions, the
rules of each action, the view, outcome and determinization; registered in
:mod:`engine.registry` on import."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, ClassVar

from engine import registry
from engine.core import (
    Game,
    IllegalAction,
    NotYourTurn,
    Outcome,
    Pending,
    State,
    Timeout,
    WrongGame,
)
from engine.events import Event, only
from engine.games.tomy import cards as data
from engine.games.tomy.actions import (
    BreakTie,
    NextStory,
    Pass,
    Propose,
    TemplateStory,
    TomyAction,
    Vote,
)
from engine.games.tomy.cards import DOG_FACES, TomyCatalogue
from engine.games.tomy.events import (
    EVENT_TYPES,
    NoCardToDraw,
    OwnVote,
    Passed,
    SatOut,
    StoryProposed,
    TieBroken,
    TomyOutcome,
    Voted,
)
from engine.games.tomy.round import (
    check_story_turn,
    deal_game,
    may_pass,
    maybe_reveal,
    next_speaker,
    outcome,
    resolve,
    rest_action,
)
from engine.games.tomy.state import NO_CARD, OVER, REVEAL, STORY, TIE, VOTE, TomyState
from engine.games.tomy.view import TomyView, view
from engine.info import ClockSpec, GameInfo, InvalidOptions, OptionSpec, OptionValue
from engine.rng import Rng
from engine.text import graphemes

# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------

_CLOCK_OPTION = {STORY: "story_seconds", VOTE: "vote_seconds", TIE: "tie_seconds"}


def _whole_number(value: object, what: str) -> int:
    """``value`` when it is a whole number (not a bool); a request of another shape is
    refused as not this game's."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise WrongGame(f"{what} must be a whole number")
    return value


def _check_template(template: object, column: int, location: int, story: str) -> TemplateStory:
    """MT-TIME-1: a proposal told with a template story (the listed representative, sent
    back): a number of the bank, about the column's breed and place, and no text beside."""
    if not isinstance(template, TemplateStory):
        raise WrongGame("template must be a template story")
    if story.strip():
        raise IllegalAction(
            "a proposal carries a story or a template story, not both", reason="STORY_AND_TEMPLATE"
        )
    number = _whole_number(template.number, "the template's number")
    if not 0 <= number < data.STORY_TEMPLATES:
        raise IllegalAction(
            f"there is no template story {number} (0 to {data.STORY_TEMPLATES - 1})",
            reason="NO_SUCH_TEMPLATE",
        )
    if template.breed != data.BREEDS[column].key or template.location != location:
        raise IllegalAction(
            "a template story names the proposed column's breed and place",
            reason="TEMPLATE_MISMATCH",
        )
    return template


def _clock_option(name: str, default: int) -> OptionSpec:
    return OptionSpec(name, "int", default, minimum=0, maximum=data.MAX_CLOCK_SECONDS)


PAUSE = "pause"
"""MT-PAUSE-1: the clock of the rest after a reveal."""
_NO_PAUSE = [False, 0, False]

_VERSION_FIELD = [f.name for f in dataclasses.fields(TomyState)].index("version")
"""Where ``version`` stands in a stored state (codec 1's upgrade copies it)."""


class TomyGame(Game[TomyState, TomyAction, TomyView]):
    """The rules of *Mais où est Tomy ?* (``docs/games/tomy-rules.md``)."""

    state_type: ClassVar[type[State]] = TomyState
    action_types: ClassVar[tuple[type, ...]] = (Propose, Pass, Vote, BreakTie, NextStory)
    event_types: ClassVar[tuple[type[Event], ...]] = EVENT_TYPES
    dormant_events: ClassVar[tuple[type[Event], ...]] = (SatOut, NoCardToDraw)
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
                minimum=0,
                maximum=data.MAX_PLAYERS - 1,
                unset_value=-1,
            ),
            OptionSpec(
                "language",
                "choice",
                "FR",
                choices=("FR", "EN"),
            ),
            OptionSpec(
                "pause_seconds",
                "int",
                data.PAUSE_SECONDS,
                minimum=0,
                maximum=data.MAX_PAUSE_SECONDS,
            ),
        ),
        clocks=(
            ClockSpec(STORY, "story_seconds"),
            ClockSpec(VOTE, "vote_seconds"),
            ClockSpec(TIE, "tie_seconds"),
            ClockSpec(PAUSE, "pause_seconds", rest=True),
        ),
    )

    codec_version = 3
    """2: ``vote_opened`` stored; 3: the MT-PAUSE-1 fields stored (a room saved by an older
    codec is upgraded on load, without a pause as it played then)."""

    def catalogue(self) -> TomyCatalogue:
        return data.catalogue()

    def decode(self, data: bytes) -> TomyState:
        codec, body = json.loads(data)
        if codec == 1:  # before vote_opened: a vote in progress accepts only the current version
            return TomyState.from_data([*body, body[_VERSION_FIELD], *_NO_PAUSE])
        if codec == 2:  # before the MT-PAUSE-1 fields
            return TomyState.from_data([*body, *_NO_PAUSE])
        return super().decode(data)

    def unordered_since(self, state: TomyState) -> int | None:
        """MT-VOTE-1: votes are sealed and revealed together, so their order cannot matter: a
        vote based on any version since the vote began is taken (if still legal)."""
        return state.vote_opened if state.phase == VOTE else None

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
        state.round_pause = int(options.get("pause_seconds", data.PAUSE_SECONDS)) > 0
        deal_game(state)  # MT-SETUP-1
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
        if state.phase == REVEAL:
            return tuple(
                Pending(seat, PAUSE) for seat in range(state.players) if state.waiting >> seat & 1
            )
        return ()

    def legal_actions(self, state: TomyState, seat: int) -> list[TomyAction]:
        if state.phase == STORY:
            if seat != state.storyteller():
                return []
            taken = state.proposed_columns()
            actions: list[Any] = [
                Propose(
                    column,
                    template=TemplateStory.of(state.turn + column, column, state.row[column]),
                )
                for column in range(data.COLUMNS)
                if column not in taken
            ]
            if may_pass(state):
                actions.append(Pass())
            return actions
        if state.phase == VOTE:
            if not state.can_vote[seat] or state.votes[seat] != NO_CARD:
                return []
            proposed = state.proposed_columns()
            return [Vote(card) for card in state.hands[seat] if data.breed_of(card) in proposed]
        if state.phase == TIE and seat == state.leash:
            return [BreakTie(column) for column in state.tie_columns]
        if state.phase == REVEAL and 0 <= seat < state.players and state.waiting >> seat & 1:
            return [NextStory()]
        return []

    # -- playing ----------------------------------------------------------------------------

    def play(self, state: TomyState, seat: int, action: TomyAction | Timeout) -> list[Event]:
        if state.phase == REVEAL or isinstance(action, NextStory):
            if not isinstance(action, (*self.action_types, Timeout)):
                raise WrongGame(f"{type(action).__name__} is not a move of {self.info.name}")
            return rest_action(state, seat, action)
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
        check_story_turn(state, seat)
        column = _whole_number(action.column, "column")
        story = "" if action.text is None else action.text
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
        location = state.row[column]
        if action.template is not None:
            template = _check_template(action.template, column, location, story)
            state.proposals.append((column, seat, location, template.number))
            return [StoryProposed(seat, column, location, None, template), *next_speaker(state)]
        story = story.strip()
        length = graphemes(story)
        if not 1 <= length <= data.STORY_MAX_CHARS or len(story) > data.STORY_MAX_CODE_POINTS:
            raise IllegalAction(
                f"a story must hold 1 to {data.STORY_MAX_CHARS} characters once trimmed "
                f"(yours has {length})",
                reason="STORY_LENGTH",
            )
        state.proposals.append((column, seat, location, story))
        return [StoryProposed(seat, column, location, story), *next_speaker(state)]

    def _pass(self, state: TomyState, seat: int) -> list[Event]:
        check_story_turn(state, seat)
        if not may_pass(state):
            if state.speaker == 0:
                why = "the leash holder must propose a place"
            else:
                why = "at least two places must be proposed: the last player must propose"
            raise IllegalAction(why, reason="MUST_PROPOSE")
        return [Passed(seat), *next_speaker(state)]

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
        card = _whole_number(card, "card")
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
        return [Voted(seat), OwnVote(DOG_FACES[card], audience=only(seat)), *maybe_reveal(state)]

    def _break_tie(self, state: TomyState, seat: int, column: int) -> list[Event]:
        if state.phase != TIE or seat != state.leash:
            raise NotYourTurn("only the leash holder breaks a tie, after the reveal")
        if column not in state.tie_columns:
            raise IllegalAction(
                f"column {column} is not one of the tied breeds "
                f"{', '.join(str(c) for c in state.tie_columns)}",
                reason="NOT_TIED",
            )
        return [TieBroken(seat, column), *resolve(state, column)]

    def _timeout(self, state: TomyState, seat: int) -> list[Event]:
        """MT-TIME-1. ``apply`` has checked that ``seat`` is pending."""
        rng = state.rng
        if state.phase == STORY:
            if may_pass(state):
                return self._pass(state, seat)
            taken = state.proposed_columns()
            free = [column for column in range(data.COLUMNS) if column not in taken]
            column = rng.choice(free)
            template = TemplateStory.of(rng.below(data.STORY_TEMPLATES), column, state.row[column])
            return self._propose(state, seat, Propose(column, template=template))
        if state.phase == VOTE:
            if not data.VOTE_TIMEOUT_PLAYS_RANDOM_CARD:
                state.can_vote[seat] = False
                return [SatOut(seat), *maybe_reveal(state)]
            proposed = state.proposed_columns()
            cards = [card for card in state.hands[seat] if data.breed_of(card) in proposed]
            return self._vote(state, seat, rng.choice(cards))
        return self._break_tie(state, seat, rng.choice(state.tie_columns))

    # -- what a seat sees -------------------------------------------------------------------

    def view(self, state: TomyState, seat: int | None) -> TomyView:
        return view(state, seat)

    def outcome(self, state: TomyState) -> Outcome | None:
        return outcome(state) if state.phase == OVER else None

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


registry.register(TomyGame())
