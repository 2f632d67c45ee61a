"""What one seat of a *Mais où est Tomy ?* match, or a spectator, may see."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.tomy import cards as data
from engine.games.tomy.actions import Story, TemplateStory
from engine.games.tomy.cards import BreedKey, ColourKey, DogCard
from engine.games.tomy.state import Phase

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
