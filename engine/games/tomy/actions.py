"""*Mais où est Tomy ?*'s actions (small frozen dataclasses)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.tomy import cards as data

# --------------------------------------------------------------------------------------------
# Stories
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TemplateStory:
    """MT-TIME-1: a story the server tells (a bot, a run-out story clock, the listed legal
    actions), as a reference: template ``number`` (0 to ``cards.STORY_TEMPLATES - 1``) of the
    clients' catalogues (``my-story-<number>``), filled with ``breed`` (a ``BreedKey``) and
    location card ``location``. No text and no language: each reader renders it in theirs."""

    number: int
    breed: str  # BreedKey
    location: int

    @classmethod
    def of(cls, number: int, column: int, location: int) -> TemplateStory:
        """Template ``number`` (taken modulo the bank) about ``column``'s breed at
        ``location``."""
        return cls(number % data.STORY_TEMPLATES, data.BREEDS[column].key, location)


Story = str | int
"""A story as the state keeps it: the text a person told, or a template's number."""

# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Propose:
    """MT-STORY-1: "je pense que Tomy est là !" — the place under ``column``, with a story.

    The story is exactly one of ``text`` (free text, 1–500 characters once trimmed) or
    ``template`` (a :class:`TemplateStory` about the column's breed and place).
    :meth:`TomyGame.legal_actions` lists one representative per available column, with a
    template story.
    """

    column: int
    text: str | None = None
    template: TemplateStory | None = None

    def __post_init__(self) -> None:
        # A log stored before the story was a oneof holds "" as the text of a template story.
        if self.text == "" and self.template is not None:
            object.__setattr__(self, "text", None)


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


@dataclass(frozen=True, slots=True)
class NextStory:
    """MT-PAUSE-1: done reading the revealed votes; the next turn starts once every seat has
    pressed it (only during the rest after a reveal, phase ``reveal``)."""


TomyAction = Propose | Pass | Vote | BreakTie | NextStory
