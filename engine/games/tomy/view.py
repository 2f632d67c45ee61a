"""What one seat of a *Mais où est Tomy ?* match, or a spectator, may see."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.tomy import cards as data
from engine.games.tomy.actions import Story, TemplateStory
from engine.games.tomy.cards import DOG_FACES, BreedKey, ColourKey, DogCard
from engine.games.tomy.state import EMPTY, NO_CARD, STORY, TIE, VOTE, Phase, TomyState

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
    """A story told this turn (or last turn): ``seat`` put Tomy at ``location``, telling
    exactly one of ``text`` (a person's story) or ``template`` (a story the server told)."""

    column: int
    seat: int
    location: int
    text: str | None
    template: TemplateStory | None = None

    @classmethod
    def of(cls, column: int, seat: int, location: int, story: Story) -> ProposalView:
        """The view of a state's proposal (its story a text or a template's number)."""
        if isinstance(story, int):
            return cls(column, seat, location, None, TemplateStory.of(story, column, location))
        return cls(column, seat, location, story)


DogCardView = DogCard
"""A dog card of my hand: its face (the same as in events and the catalogue)."""


@dataclass(frozen=True, slots=True)
class LastTurnView:
    """The previous turn, as revealed: its stories, every vote and the winning column."""

    proposals: tuple[ProposalView, ...]
    votes: tuple[int | None, ...]
    winning_column: int | None
    finders: tuple[int, ...] = ()
    """The seats whose vote was of the winning breed: they found Tomy and drew no card."""


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
# What a seat sees
# --------------------------------------------------------------------------------------------


def view(state: TomyState, seat: int | None) -> TomyView:
    """What ``seat`` (``None``: a spectator) may see of the match: the row, the proposals,
    who passed, sat out or voted, its own hand and vote, the counts of every deck and pile,
    and, while a tie is to break, the votes laid."""
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
            tuple(ProposalView.of(*p) for p in state.last_proposals),
            tuple(None if v == NO_CARD else v for v in state.last_votes),
            None if state.last_winner == EMPTY else state.last_winner,
            tuple(
                seat
                for seat, v in enumerate(state.last_votes)
                if v != NO_CARD and data.breed_of(v) == state.last_winner
            ),
        )
    return TomyView(
        seat=seat,
        phase=state.phase,
        game=state.game_no,
        turn=state.turn,
        leash_holder=state.leash,
        storyteller=state.storyteller() if state.phase == STORY else None,
        columns=columns,
        proposals=tuple(ProposalView.of(*p) for p in state.proposals),
        passed=tuple(passed),
        sitting_out=tuple(in_vote and not can for can in state.can_vote),
        voted=tuple(v != NO_CARD for v in state.votes),
        votes=(
            tuple(None if v == NO_CARD else v for v in state.votes) if state.phase == TIE else None
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
