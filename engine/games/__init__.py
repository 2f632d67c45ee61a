"""The games: one package per game (``engine/games/<id>/``), each registering its
:class:`~engine.core.Game` on import. This package finds them on the file system and imports
them all, so a new game is added by adding its package, never by editing a list here.

The catalogue order is each package's ``CATALOGUE_POSITION`` (an int, see
:func:`engine.registry.games`; a package without one comes after those with one).
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from types import ModuleType


def game_packages() -> list[ModuleType]:
    """Every game package under ``engine/games/``, imported (which registers its game)."""
    return [
        importlib.import_module(f"engine.games.{info.name}")
        for info in pkgutil.iter_modules([str(Path(__file__).parent)])
        if info.ispkg and not info.name.startswith("_")
    ]


game_packages()  # registers every game
