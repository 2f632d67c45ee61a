"""Bots: pure, seeded players that decide from what their seat may see.

A bot never receives a game state. It gets, for its seat:

- ``view``: ``game.view(state, seat)``, exactly what a human player at that seat sees;
- ``legal``: ``game.legal_actions(state, seat)``, the moves that seat may make now;
- ``memory``: a JSON-compatible value the bot folds the seat's visible events into
  (:meth:`Bot.observe`), e.g. the cards a Tamashii bot peeked at;
- ``rng``: a seeded :class:`~engine.rng.Rng`, so a bot's play is replayable.

The server keeps ``memory`` in the room (so any replica can run any bot) and calls
:meth:`Bot.choose` when the table waits for the bot's seat, and :meth:`Bot.reflex` after
every change for out-of-turn calls (AGILITÉ!, SHÉRIF!), which must be cheap.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from engine.core import Event, Game
from engine.rng import Rng

Memory = Any
"""A JSON-compatible value (None, numbers, strings, lists, dicts)."""


class Bot(ABC):
    """One level of play for one game."""

    level: ClassVar[str]

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game

    def observe(self, memory: Memory, seat: int, events: Sequence[Event]) -> Memory:
        """Fold the events ``seat`` just saw into ``memory`` (default: remember nothing)."""
        return memory

    @abstractmethod
    def choose(self, view: Any, legal: Sequence[Any], memory: Memory, rng: Rng) -> Any:
        """The move to make when the table waits for this seat; one of ``legal``."""

    def reflex(self, view: Any, legal: Sequence[Any], memory: Memory, rng: Rng) -> Any | None:
        """An out-of-turn move worth making right now, or None (default: none)."""
        return None


class RandomBot(Bot):
    """A uniformly random legal action when waited for; no out-of-turn calls."""

    level = "random"

    def choose(self, view: Any, legal: Sequence[Any], memory: Memory, rng: Rng) -> Any:
        return legal[rng.below(len(legal))]


BotFactory = Callable[[Game[Any, Any, Any]], Bot]
_LEVELS: dict[tuple[str, str], BotFactory] = {}
LEVELS = ("random", "strong")


def register(game_id: str, level: str, factory: BotFactory) -> None:
    _LEVELS[(game_id, level)] = factory


def make_bot(game: Game[Any, Any, Any], level: str) -> Bot:
    """The bot of ``level`` for ``game``; ``strong`` falls back to random where a game has
    no strong bot yet."""
    _load()
    factory = _LEVELS.get((game.info.id, level))
    if factory is None:
        if level not in LEVELS:
            raise KeyError(level)
        factory = RandomBot
    return factory(game)


def _load() -> None:
    import engine.bots.strong  # noqa: F401  (registers the strong bots)
