"""The toy fifth game of tests/test_fifth_game.py, "Higher card wins", as the files its author
writes: its engine package, ``engine/games/<id>/`` (the rules; everything else a game needs
is written by tools/new_game.py and the generators).

Two players get three cards each from twenty (1 to 20, shuffled, secret); seat 0 plays one
face up, then seat 1; the higher card wins. Kept as text, so that this repository never
imports (and registers) it: the test writes it into a copy of the repository.
"""

from __future__ import annotations

GAME_ID = "higher"
GAME_NAME = "Higher card wins"

INIT = '''"""Higher card wins: two players, three secret cards each, the higher card played wins."""

from engine.games.higher.rules import (
    CardPlayed,
    Kept,
    HigherCatalogue,
    HigherGame,
    HigherOutcome,
    HigherState,
    HigherView,
    HigherWon,
    PlayCard,
)

__all__ = [
    "CardPlayed",
    "Kept",
    "HigherCatalogue",
    "HigherGame",
    "HigherOutcome",
    "HigherState",
    "HigherView",
    "HigherWon",
    "PlayCard",
]
'''

RULES = '''"""The rules of Higher card wins (docs/games/higher-rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.core import (
    Game,
    IllegalAction,
    NotYourTurn,
    Outcome,
    Pending,
    State,
    Timeout,
    WrongGame,
)
from engine.events import Event, only
from engine.info import ClockSpec, GameInfo, OptionSpec, OptionValue
from engine.rng import Rng

CARDS = tuple(range(1, 21))
HAND = 3


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one card of your hand face up."""

    card: int


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """The cards you kept after playing one (you alone see them)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class HigherWon(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class HigherOutcome:
    winner: int
    card: int


@dataclass(frozen=True, slots=True)
class HigherCatalogue:
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HigherView:
    seat: int | None
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    played: tuple[int, ...]
    turn: int


@dataclass(eq=True, repr=False, slots=True)
class HigherState(State):
    version: int
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    played: list[int]
    turn: int


class HigherGame(Game[HigherState, PlayCard, HigherView]):
    info = GameInfo(
        id="higher",
        name="Higher card wins",
        min_players=2,
        max_players=2,
        options=(OptionSpec("turn_seconds", "int", 30, minimum=0, maximum=300),),
        clocks=(ClockSpec("turn", "turn_seconds"),),
    )
    state_type = HigherState
    action_types = (PlayCard,)
    event_types = (CardPlayed, Kept, HigherWon)
    outcome_type = HigherOutcome

    def catalogue(self) -> HigherCatalogue:
        return HigherCatalogue(CARDS)

    def new_match(
        self, options: Mapping[str, OptionValue], players: int, seed: int
    ) -> HigherState:
        self.check_players(players)
        rng = Rng.from_seed(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = [sorted(deck[HAND * s : HAND * (s + 1)]) for s in range(players)]
        return HigherState(0, rng, deck[HAND * players :], hands, [0] * players, 0)

    def seats(self, state: HigherState) -> int:
        return len(state.hands)

    def pending(self, state: HigherState) -> tuple[Pending, ...]:
        return () if state.turn < 0 else (Pending(state.turn, "turn"),)

    def legal_actions(self, state: HigherState, seat: int) -> list[Any]:
        if seat != state.turn:
            return []
        return [PlayCard(card) for card in state.hands[seat]]

    def play(self, state: HigherState, seat: int, action: Any) -> list[Event]:
        if state.turn < 0:
            raise IllegalAction("the match is over", reason="MATCH_FINISHED")
        if isinstance(action, Timeout):
            action = PlayCard(state.hands[seat][0])
        if not isinstance(action, PlayCard):
            raise WrongGame("that is not a Higher card wins action")
        if seat != state.turn:
            raise NotYourTurn("it is not your turn")
        if action.card not in state.hands[seat]:
            raise IllegalAction("play a card of your hand", reason="CARD_NOT_IN_HAND")
        state.hands[seat].remove(action.card)
        state.played[seat] = action.card
        kept = Kept(seat, tuple(state.hands[seat]), audience=only(seat))
        events: list[Event] = [CardPlayed(seat, action.card), kept]
        if seat + 1 < len(state.hands):
            state.turn = seat + 1
        else:
            state.turn = -1
            winner = max(range(len(state.played)), key=lambda s: state.played[s])
            events.append(HigherWon(winner, state.played[winner]))
        return events

    def view(self, state: HigherState, seat: int | None) -> HigherView:
        hand = tuple(state.hands[seat]) if seat is not None else ()
        counts = tuple(len(h) for h in state.hands)
        return HigherView(seat, hand, counts, tuple(state.played), state.turn)

    def outcome(self, state: HigherState) -> Outcome | None:
        if state.turn >= 0:
            return None
        winner = max(range(len(state.played)), key=lambda s: state.played[s])
        scores = tuple(int(s == winner) for s in range(len(state.played)))
        card = state.played[winner]
        return Outcome((winner,), scores, "HIGHER_CARD", HigherOutcome(winner, card))

    def determinize(self, state: HigherState, seat: int | None, rng: Rng) -> HigherState:
        world = state.clone()
        world.rng = Rng(rng.next_u32())
        hidden = list(world.deck)
        for other, hand in enumerate(world.hands):
            if other != seat:
                hidden += hand
        rng.shuffle(hidden)
        for other, hand in enumerate(world.hands):
            if other != seat:
                world.hands[other] = sorted(hidden[: len(hand)])
                hidden = hidden[len(hand) :]
        world.deck = hidden
        return world


registry.register(HigherGame())
'''

FILES = {
    "engine/games/higher/__init__.py": INIT,
    "engine/games/higher/rules.py": RULES,
}
"""The toy's files, by path in the repository: the rules its author writes."""
