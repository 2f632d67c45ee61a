"""The registry of games: one place that knows every game by its id."""

from __future__ import annotations

import sys
from typing import Any

from engine.core import Game


class UnknownGame(KeyError):
    """No game is registered under that id."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id
        self.message = f"there is no game called {game_id!r}"

    def __str__(self) -> str:
        return self.message


_GAMES: dict[str, Game[Any, Any, Any]] = {}


def register(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    """Register ``game`` under ``game.info.id``; registering one id twice is a bug."""
    game_id = game.info.id
    if game_id in _GAMES and type(_GAMES[game_id]) is not type(game):
        raise ValueError(f"two games claim the id {game_id!r}")
    _GAMES[game_id] = game
    return game


def get(game_id: str) -> Game[Any, Any, Any]:
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def games() -> list[Game[Any, Any, Any]]:
    """Every registered game, in catalogue order: by the ``CATALOGUE_POSITION`` of the game's
    package (``engine/games/<id>/__init__.py``), then in registration order."""
    _load()
    return sorted(_GAMES.values(), key=catalogue_position)


def catalogue_position(game: Game[Any, Any, Any]) -> int:
    """The ``CATALOGUE_POSITION`` of the package that defines ``game``'s class (a game
    defined elsewhere, or whose package declares none, comes last)."""
    parts = type(game).__module__.split(".")
    for end in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:end]))
        position = getattr(module, "CATALOGUE_POSITION", None)
        if isinstance(position, int):
            return position
    return _LAST


_LAST = 1_000_000


def _load() -> None:
    # Importing the package finds and imports every game package (engine/games/__init__.py).
    import engine.games  # noqa: F401
