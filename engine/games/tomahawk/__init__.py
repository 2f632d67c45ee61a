"""Tomahawk Tribal: shed your hand first, keep few points (rules: ``docs/games/tomahawk.md``).

A turn is one card matching the current colour or the top card's symbol, or a draw. Specials
make the next player draw (Sheriffs, stackable), skip them, reverse the play, send an attack
back (Shield, Shaman), change the colour (Diamond), swap hands (Calumet) or pass every hand on
(Wheel of Time). Out of turn, anyone holding a card identical to the one just played may jump
in with it (AGILITÉ!), a player down to one card calls TOMAHAWK! and the others may catch one
who forgot (SHÉRIF!).

Cards are ints (:mod:`engine.games.tomahawk.cards`); rule ids ``TT-…`` refer to
``docs/games/tomahawk-rules.md``. Each ``[decision]`` of that file that the code can switch is a
named constant in :mod:`~engine.games.tomahawk.decisions`; the others are comments
``[decision TT-…]`` where the code makes them.

>>> from engine import registry
>>> game = registry.get("tomahawk")
>>> state = game.new_match(game.validate_options({"first_player": 0}), 3, seed=7)
>>> len(state.hands), [len(h) for h in state.hands]
(3, [8, 8, 8])
>>> game.pending(state)[0].clock
'turn'


The package, one module per concern: ``cards`` (the deck as int ids and lookup tables),
``events``, ``actions`` (and the errors that refuse them), ``state``, ``decisions`` (the
``[decision]`` constants and derived tables), ``round`` (table mechanics), ``play`` (one handler
per action), ``effects`` (what a card does once played), ``view`` and ``rules`` (the
:class:`~engine.core.Game`, registered on import).
"""

from engine.games.tomahawk.actions import (
    ACTION_TYPES,
    Agilite,
    BadChoice,
    CallRefused,
    CallSherif,
    CallTomahawk,
    CardDoesNotMatch,
    CardNotInHand,
    Combo,
    Draw,
    NameColour,
    NextRound,
    NotNow,
    Pass,
    PlayCard,
    TakePendingDraw,
    TakeSkip,
)
from engine.games.tomahawk.rules import TomahawkGame
from engine.games.tomahawk.state import (
    DRAWN,
    FACE_DRAW,
    FACE_SKIP,
    NAME_COLOUR,
    OVER,
    PHASE_NAMES,
    PLAY,
    ROUND_OVER,
    TomahawkState,
)
from engine.games.tomahawk.view import RoundResult, SeatView, TomahawkView

__all__ = [
    "ACTION_TYPES",
    "DRAWN",
    "FACE_DRAW",
    "FACE_SKIP",
    "NAME_COLOUR",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "ROUND_OVER",
    "Agilite",
    "BadChoice",
    "CallRefused",
    "CallSherif",
    "CallTomahawk",
    "CardDoesNotMatch",
    "CardNotInHand",
    "Combo",
    "Draw",
    "NameColour",
    "NextRound",
    "NotNow",
    "Pass",
    "PlayCard",
    "RoundResult",
    "SeatView",
    "TakePendingDraw",
    "TakeSkip",
    "TomahawkGame",
    "TomahawkState",
    "TomahawkView",
]

CATALOGUE_POSITION = 1
"""Where the game comes in the catalogue (engine/games/__init__.py)."""
