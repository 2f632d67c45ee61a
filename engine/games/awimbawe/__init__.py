"""Awimbawé: a two-player trick-taking game of savannah animals (rules: ``docs/games/awimbawe.md``).

Each player holds a hand of 6 and four piles (a face-down card under a face-up one). Every
trick the leader plays any available card (hand or a face-up pile top), the follower must
follow the terrain colour, else play an Eagle (the sky trump), else discard and lose. Animals
have powers: the Rhino shoves an opponent's pile top under another pile, the Cheetah chooses
who leads next, the Snake paralyses an opponent's card, the Mouse beats the Elephant, and a
player who takes all four Hyenas loses the round. Most crowns in the trick pile wins a round;
two rounds win the match.

The cards and their crowns are data in :mod:`engine.games.awimbawe.cards`; rule ids ``AW-…``
refer to ``docs/games/awimbawe-rules.md``.

The package: ``cards``, ``events``, ``actions`` (and the errors that refuse them), ``state``,
``view``, ``play`` (the rules as functions of the state) and ``rules`` (the
:class:`~engine.core.Game`, registered on import).

>>> from engine import registry
>>> game = registry.get("awimbawe")
>>> state = game.new_match(game.validate_options({}), 2, seed=7)
>>> [type(a).__name__ for a in game.legal_actions(state, state.chooser)][:1]
['PlayCard']
>>> len(game.view(state, 0).hand), game.view(state, 0).players[1].hand_count
(6, 6)
"""

from engine.games.awimbawe.actions import (
    ACTION_TYPES,
    CardNotAvailable,
    CardParalysed,
    CheetahChoice,
    ChooseLeader,
    EagleChoice,
    InvalidLeader,
    InvalidRhinoMove,
    InvalidSnakeTarget,
    MustFollowColour,
    MustPlayEagle,
    NoDecisionPending,
    PlayCard,
    RhinoMove,
    SkipPower,
    SnakePick,
)
from engine.games.awimbawe.rules import AwimbaweGame
from engine.games.awimbawe.state import (
    CHEETAH_CHOICE,
    CHOOSE_LEADER,
    DECISIONS,
    EAGLE,
    HEIR_SIDES,
    OVER,
    PLAY,
    POWER_PHASES,
    RHINO_MOVE,
    SEATS,
    SNAKE_PICK,
    AwimbaweState,
)
from engine.games.awimbawe.view import AwimbaweView, LastTrickView, PileView, PlayedCard, SideView

__all__ = [
    "ACTION_TYPES",
    "CHEETAH_CHOICE",
    "CHOOSE_LEADER",
    "DECISIONS",
    "EAGLE",
    "HEIR_SIDES",
    "OVER",
    "PLAY",
    "POWER_PHASES",
    "RHINO_MOVE",
    "SEATS",
    "SNAKE_PICK",
    "AwimbaweGame",
    "AwimbaweState",
    "AwimbaweView",
    "CardNotAvailable",
    "CardParalysed",
    "CheetahChoice",
    "ChooseLeader",
    "EagleChoice",
    "InvalidLeader",
    "InvalidRhinoMove",
    "InvalidSnakeTarget",
    "LastTrickView",
    "MustFollowColour",
    "MustPlayEagle",
    "NoDecisionPending",
    "PileView",
    "PlayCard",
    "PlayedCard",
    "RhinoMove",
    "SideView",
    "SkipPower",
    "SnakePick",
]

CATALOGUE_POSITION = 4
"""Where the game comes in the catalogue (engine/games/__init__.py)."""
