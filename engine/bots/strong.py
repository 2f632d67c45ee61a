"""Strong bots register here: a game's bot module ``engine/bots/<id>.py``, found for every
registered game and imported, registers its ``strong`` level. A game without one plays its
``strong`` seats at random (:func:`engine.bots.make_bot`)."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from engine import registry


def bot_modules() -> list[ModuleType]:
    """The bot module of every registered game that has one, imported, in catalogue order."""
    found = []
    for game in registry.games():
        name = f"engine.bots.{game.info.id}"
        if importlib.util.find_spec(name) is not None:
            found.append(importlib.import_module(name))
    return found


MODULES = bot_modules()
"""The games' bot modules."""
