"""Every game module registers itself on import; this package imports them all."""

import importlib

GAME_MODULES = ("tomahawk", "tamashii", "tomy", "awimbawe")

for _name in GAME_MODULES:
    try:
        importlib.import_module(f"engine.games.{_name}")
    except ModuleNotFoundError as exc:  # TEMPORARY while the engines are being written
        if exc.name != f"engine.games.{_name}":
            raise
