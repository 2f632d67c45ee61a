"""*Mais où est Tomy ?*'s match state (one dataclass, stored by :mod:`engine.codec`) and
its phases."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from engine.core import (
    State,
)
from engine.games.tomy import cards as data
from engine.rng import Rng

Phase = Literal["story", "vote", "tie", "over", "reveal"]
"""The phase of a turn: enum ``TomyPhase`` on the wire."""

STORY: Final = "story"
VOTE: Final = "vote"
TIE: Final = "tie"
OVER: Final = "over"
REVEAL: Final = "reveal"
"""MT-PAUSE-1: the votes are revealed and scored; the table rests to read them until every
seat still in ``waiting`` presses NextStory (or its pause clock runs out)."""
PHASES: Final[tuple[Phase, ...]] = (STORY, VOTE, TIE, OVER, REVEAL)

NO_CARD = -1
"""In ``votes`` / ``last_votes``: the seat has not voted (or could not)."""

EMPTY = -1
"""In ``row``: the column's location was discarded and not replaced (end of a game)."""

Proposal = tuple[int, int, int, str | int]
"""(column, seat, location, story) — one story told this turn: its text, or the number of
the template story the server told (``TemplateStory``)."""


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


@dataclass(init=False, eq=True, repr=False, slots=True)
class TomyState(State):
    """The whole match. Plain lists and ints; see the module docstring for card numbers."""

    rng: Rng
    version: int
    players: int
    rounds: bool
    target_score: int
    language: str
    game_no: int
    turn: int
    leash: int
    phase: Phase
    speaker: int
    """How many seats have spoken this story phase."""
    last_winner: int
    end_reason: str
    """The ``Outcome.reason`` once the match is over."""
    row: list[int]
    location_deck: list[int]
    location_discard: list[int]
    dog_deck: list[int]
    dog_discard: list[int]
    can_vote: list[bool]
    votes: list[int]
    tie_columns: list[int]
    last_votes: list[int]
    """Empty: no turn finished yet."""
    hands: list[list[int]]
    round_scores: list[list[int]]
    proposals: list[Proposal]
    last_proposals: list[Proposal]
    vote_opened: int
    """The match version at which the current vote phase began (votes based on any version
    since then are accepted: their order cannot matter); -1 outside a vote."""
    round_pause: bool
    """MT-PAUSE-1: rest after each reveal that does not end the match (``pause_seconds`` > 0)."""
    waiting: int
    """Bit mask of the seats still to press NextStory during the rest after a reveal."""
    deal_next: bool
    """During that rest: the game ended (rounds variant), so a new game is dealt after it."""

    def __init__(self, players: int, rounds: bool, target_score: int, language: str) -> None:
        self.version = 0
        self.rng = Rng(0)
        self.players = players
        self.rounds = rounds
        self.target_score = target_score
        self.language = language
        self.game_no = 0
        self.turn = 0
        self.leash = 0
        self.phase = STORY
        self.speaker = 0  # how many seats have spoken this story phase
        self.row = [EMPTY] * data.COLUMNS
        self.location_deck = []
        self.location_discard = []
        self.hands = [[] for _ in range(players)]
        self.dog_deck = []
        self.dog_discard = []
        self.proposals = []
        self.can_vote = [False] * players
        self.votes = [NO_CARD] * players
        self.tie_columns = []
        self.last_proposals = []
        self.last_votes = []  # empty: no turn finished yet
        self.last_winner = EMPTY
        self.round_scores = []
        self.vote_opened = -1
        self.end_reason = ""  # the Outcome.reason once the match is over
        self.round_pause = False
        self.waiting = 0
        self.deal_next = False

    # -- derived facts ----------------------------------------------------------------------

    def storyteller(self) -> int:
        """The seat whose story turn it is (story phase only)."""
        return (self.leash + self.speaker) % self.players

    def proposed_columns(self) -> list[int]:
        return [p[0] for p in self.proposals]

    def totals(self) -> list[int]:
        """MT-VAR-1: each seat's sum of cards left in hand over the finished games."""
        return [sum(scores[seat] for scores in self.round_scores) for seat in range(self.players)]
