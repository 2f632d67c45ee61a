"""Text rendering for the terminal client: tables, action labels, event lines, outcomes.

Pure functions of the contract's messages (``cercle.v1``) and a :class:`Context` (language,
colours, the names at the table, and what the client has seen of cards). No I/O, no gRPC:
the interactive loop (:mod:`clients.tui`) and the commands (:mod:`clients.cli`) print what
these return.

Each game has its own module (``clients/render/<game>.py``) that builds a
:class:`GameRenderer` and registers it; :mod:`clients.render.messages` shows what is the same
for every game through that registry. Adding a game adds a module here, found on the file
system and imported below (:func:`renderer_modules`), not a branch in the shared code.
"""

import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

from cercle.v1 import common_pb2

from clients.render.messages import (
    action_label,
    event_json,
    learn,
    learn_catalogue,
    narrate,
    opening_line,
    option_text,
    options_text,
    outcome_json,
    render_outcome,
    render_replay,
    render_room,
    render_view,
    replay_parts,
    room_event,
    round_starts,
    status_name,
    typed_action,
    typed_example,
    typed_text,
)
from clients.render.renderer import (
    RENDERERS,
    Context,
    GameRenderer,
    register,
    renderer_for,
)
from clients.render.text import (
    Style,
    json_safe,
    safe_message,
    safe_text,
    strip_ansi,
)


def renderer_modules() -> list[ModuleType]:
    """Every module of this package, imported: each game's module registers its renderer."""
    return [
        importlib.import_module(f"clients.render.{info.name}")
        for info in pkgutil.iter_modules([str(Path(__file__).parent)])
        if not info.name.startswith("_")
    ]


MODULES = renderer_modules()
"""The modules of this package (the games' renderers and what they share)."""

_ORDER = [f.name for f in common_pb2.RoomOptions.DESCRIPTOR.oneofs_by_name["game"].fields]
GAMES = tuple(sorted(RENDERERS, key=lambda g: (_ORDER.index(g) if g in _ORDER else len(_ORDER), g)))
"""The games this client can show, in the contract's order (its ``RoomOptions.game`` oneof)."""

__all__ = [
    "GAMES",
    "MODULES",
    "RENDERERS",
    "Context",
    "GameRenderer",
    "Style",
    "action_label",
    "event_json",
    "json_safe",
    "learn",
    "learn_catalogue",
    "narrate",
    "opening_line",
    "option_text",
    "options_text",
    "outcome_json",
    "register",
    "render_outcome",
    "render_replay",
    "render_room",
    "render_view",
    "renderer_for",
    "replay_parts",
    "room_event",
    "round_starts",
    "safe_message",
    "safe_text",
    "status_name",
    "strip_ansi",
    "typed_action",
    "typed_example",
    "typed_text",
]
