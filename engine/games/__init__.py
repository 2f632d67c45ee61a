"""Every game module registers itself on import; this package imports them all, in
catalogue order."""
# isort: skip_file

from engine.games import tomahawk  # noqa: F401
from engine.games import tamashii  # noqa: F401
from engine.games import tomy  # noqa: F401
from engine.games import awimbawe  # noqa: F401
