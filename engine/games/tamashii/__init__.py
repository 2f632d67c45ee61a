"""Tamashii: a cooperative memory and push-your-luck game (rules: ``docs/games/tamashii.md``).

Six Tamashii lie face down in slots 0–5. On their turn a player either PEEKs at one face-down
card (they alone learn it, once) or GATHERs gems from the bag one at a time, then places all
of them on one face-down card, possibly trying to FREE it. A black gem ends the turn with
nothing gained; every turn the bag loses one gem. The table wins together by freeing as many
Tamashii as it can.

The card list, the bag, the levels, the verdicts and the catalogue are data in
:mod:`engine.games.tamashii.cards`; the typed events are in :mod:`engine.games.tamashii.events`;
rule ids ``TM-…`` refer to ``docs/games/tamashii-rules.md``.

The package: ``cards``, ``events``, ``actions``, ``state``, ``view`` and ``rules`` (the
:class:`~engine.core.Game`, registered on import).

>>> from engine import registry
>>> game = registry.get("tamashii")
>>> state = game.new_match(game.validate_options({}), 2, seed=7)
>>> sorted(type(a).__name__ for a in game.legal_actions(state, state.turn))[:2]
['Gather', 'Peek']
"""

from engine.games.tamashii.actions import DrawAgain, Gather, Peek, Place, PowerPeek
from engine.games.tamashii.cards import CardFace, Gems
from engine.games.tamashii.events import (
    ALL_FREED,
    BAG_EXHAUSTED,
    CHOOSE,
    GATHERING,
    NO_CARD_CAN_BE_FREED,
    OVER,
    POWER_PEEK,
)
from engine.games.tamashii.rules import TamashiiGame, could_be_freed, end_reason
from engine.games.tamashii.state import TamashiiState
from engine.games.tamashii.view import KnownCard, SlotView, TamashiiView

__all__ = [
    "ALL_FREED",
    "BAG_EXHAUSTED",
    "CHOOSE",
    "GATHERING",
    "NO_CARD_CAN_BE_FREED",
    "OVER",
    "POWER_PEEK",
    "CardFace",
    "DrawAgain",
    "Gather",
    "Gems",
    "KnownCard",
    "Peek",
    "Place",
    "PowerPeek",
    "SlotView",
    "TamashiiGame",
    "TamashiiState",
    "TamashiiView",
    "could_be_freed",
    "end_reason",
]

CATALOGUE_POSITION = 2
"""Where the game comes in the catalogue (engine/games/__init__.py)."""
