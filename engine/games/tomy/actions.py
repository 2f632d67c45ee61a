"""*Mais où est Tomy ?*'s actions (small frozen dataclasses)."""

from __future__ import annotations

from dataclasses import dataclass

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
