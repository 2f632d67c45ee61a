"""Strong bots register here: importing a game's bot module registers its ``strong`` level."""

from engine.bots import awimbawe, tamashii, tomahawk, tomy

__all__ = ["awimbawe", "tamashii", "tomahawk", "tomy"]
