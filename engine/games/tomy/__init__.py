"""*Mais où est Tomy ?* — tell where the invisible dog hides, then vote for the best story.

Rules: ``docs/games/tomy-rules.md`` (ids ``MT-…``); players' and frontend docs:
``docs/games/tomy.md``. Material and the **[decision]** s that are not room options live in
:mod:`engine.games.tomy.cards`.

A turn goes: story phase (each seat from the leash holder leftwards proposes a column with a
story, or passes), sealed simultaneous vote (every seat holding a card of a proposed breed
plays one face down), reveal, an optional tie choice by the leash holder, discards and draws,
then the proposed places are replaced and the leash passes left.

Dog card ``c`` (0–95) is of the breed in column ``c // 16``; location card ``l`` (0–47) is
``cards.PLACES[l]``. Decks keep their top card at the end of the list.

The package: ``cards`` (material and decisions as data), ``events``, ``actions``, ``state``,
``view``, ``round`` (turn mechanics) and ``rules`` (the :class:`~engine.core.Game`, registered
on import).
"""

from engine.games.tomy.actions import BreakTie, Pass, Propose, Vote
from engine.games.tomy.rules import TomyGame
from engine.games.tomy.state import (
    EMPTY,
    NO_CARD,
    OVER,
    PHASES,
    STORY,
    TIE,
    VOTE,
    Phase,
    Proposal,
    TomyState,
)
from engine.games.tomy.view import ColumnView, LastTurnView, ProposalView, TomyView

__all__ = [
    "EMPTY",
    "NO_CARD",
    "OVER",
    "PHASES",
    "STORY",
    "TIE",
    "VOTE",
    "BreakTie",
    "ColumnView",
    "LastTurnView",
    "Pass",
    "Phase",
    "Proposal",
    "ProposalView",
    "Propose",
    "TomyGame",
    "TomyState",
    "TomyView",
    "Vote",
]

CATALOGUE_POSITION = 3
"""Where the game comes in the catalogue (engine/games/__init__.py)."""
