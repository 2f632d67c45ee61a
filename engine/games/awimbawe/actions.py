"""Awimbawé's actions (small frozen dataclasses) and the errors that refuse them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import (
    IllegalAction,
)
from engine.games.awimbawe.state import (
    CHEETAH_CHOICE,
    CHOOSE_LEADER,
    EAGLE,
    PLAY,
    RHINO_MOVE,
    ROUND_OVER,
    SNAKE_PICK,
)

# --------------------------------------------------------------------------------------------
# Errors (stable reasons a frontend translates)
# --------------------------------------------------------------------------------------------


class CardNotAvailable(IllegalAction):
    """The card named is not the player's to play now. ``details``: ``card`` (the id sent) and
    ``why``, one of :data:`NOT_AVAILABLE_WHY` (public knowledge only: a card the player cannot
    see is ``not_yours`` wherever it is, so a refusal never tells where a hidden card lies)."""

    reason = "CARD_NOT_AVAILABLE"


NO_SUCH_CARD = "no_such_card"
ON_THE_TABLE = "on_the_table"
COVERED = "covered"
OPPONENTS_PILE = "opponents_pile"
NOT_YOURS = "not_yours"
NOT_AVAILABLE_WHY: dict[str, str] = {
    NO_SUCH_CARD: "there is no such card (cards are 0 to 27)",
    ON_THE_TABLE: "it is already on the table",
    COVERED: "it lies under another card of your pile",
    OPPONENTS_PILE: "it lies in your opponent's piles",
    NOT_YOURS: "it is neither in your hand nor face up on top of one of your piles",
}
"""``CardNotAvailable``'s ``why`` codes (``ErrorInfo.metadata["why"]``), with their English
sentences."""


class CardParalysed(IllegalAction):
    reason = "CARD_PARALYSED"


class MustFollowColour(IllegalAction):
    reason = "MUST_FOLLOW_COLOUR"


class MustPlayEagle(IllegalAction):
    reason = "MUST_PLAY_EAGLE"


class NoDecisionPending(IllegalAction):
    """The action answers a decision the table is not waiting for."""

    reason = "NO_DECISION_PENDING"


class InvalidRhinoMove(IllegalAction):
    reason = "INVALID_RHINO_MOVE"


class InvalidSnakeTarget(IllegalAction):
    reason = "INVALID_SNAKE_TARGET"


class InvalidLeader(IllegalAction):
    reason = "INVALID_LEADER"


# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayCard:
    """AW-TRICK-1: play ``card`` from the hand or from the face-up top of one of your piles."""

    card: int


@dataclass(frozen=True, slots=True)
class EagleChoice:
    """AW-EAGLE-1: the Eagle you followed with FIGHTs (``fight``) or FLEEs."""

    fight: bool


@dataclass(frozen=True, slots=True)
class RhinoMove:
    """AW-RHINO-1: move the top card of the opponent's pile ``from_pile`` (0–3) to the bottom
    of their non-empty pile ``to_pile``."""

    from_pile: int
    to_pile: int


@dataclass(frozen=True, slots=True)
class SkipPower:
    """Do not use the optional power (Rhino, Snake or Cheetah) of the card just played."""


@dataclass(frozen=True, slots=True)
class CheetahChoice:
    """AW-CHEETAH-1: seat ``leader`` leads the next trick."""

    leader: int


@dataclass(frozen=True, slots=True)
class SnakePick:
    """AW-SNAKE-1: paralyse one available opponent card. Give exactly one of
    ``target_card`` (a face-up pile top of the opponent) or ``hand_position`` (a position,
    ``0 ≤ p < snake_hand_positions`` of the view, in the opponent's hand as shuffled for you:
    a blind pick)."""

    target_card: int | None = None
    hand_position: int | None = None


@dataclass(frozen=True, slots=True)
class ChooseLeader:
    """AW-SETUP-3: the loser of a round chooses who leads the next one."""

    leader: int


@dataclass(frozen=True, slots=True)
class NextRound:
    """AW-PAUSE-1: done reading the round's result; once both seats are, the round's loser
    chooses who leads the next one."""


AwimbaweAction = (
    PlayCard
    | EagleChoice
    | RhinoMove
    | SkipPower
    | CheetahChoice
    | SnakePick
    | ChooseLeader
    | NextRound
)
"""Every Awimbawé action (the :class:`engine.core.Game` action type)."""

ACTION_TYPES = (
    PlayCard,
    EagleChoice,
    RhinoMove,
    SkipPower,
    CheetahChoice,
    SnakePick,
    ChooseLeader,
    NextRound,
)
EXPECTED: dict[str, tuple[type, ...]] = {
    PLAY: (PlayCard,),
    EAGLE: (EagleChoice,),
    RHINO_MOVE: (RhinoMove, SkipPower),
    SNAKE_PICK: (SnakePick, SkipPower),
    CHEETAH_CHOICE: (CheetahChoice, SkipPower),
    CHOOSE_LEADER: (ChooseLeader,),
    ROUND_OVER: (NextRound,),
}
WAITING_FOR = {
    PLAY: "you to play a card",
    EAGLE: "your Eagle to fight or flee",
    RHINO_MOVE: "your Rhino move (or a skip)",
    SNAKE_PICK: "your Snake's pick (or a skip)",
    CHEETAH_CHOICE: "your Cheetah's choice of leader (or a skip)",
    CHOOSE_LEADER: "you to choose who leads the next round",
    ROUND_OVER: "both players to press next round",
}
