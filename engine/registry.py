"""The registry of games: one place that knows every game by its id."""

from __future__ import annotations

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
    """Every registered game, in catalogue order."""
    _load()
    return list(_GAMES.values())


def _load() -> None:
    # Importing the package registers each game module it lists.
    import engine.games  # noqa: F401
