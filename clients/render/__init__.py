"""Text rendering for the terminal client: tables, action labels, event lines, outcomes.

Pure functions of the contract's messages (``cercle.v1``) and a :class:`Context` (language,
colours, the names at the table, and what the client has seen of cards). No I/O, no gRPC:
the interactive loop (:mod:`clients.tui`) and the commands (:mod:`clients.cli`) print what
these return.

Each game has its own module (``clients/render/<game>.py``) that builds a
:class:`GameRenderer` and registers it; :mod:`clients.render.messages` shows what is the same
for every game through that registry. Adding a game adds a module here (and its import
below), not a branch in the shared code.
"""

from clients.render import awimbawe, tamashii, tomahawk, tomy
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

GAMES = tuple(RENDERERS)
"""The games this client can show, in registration order."""

__all__ = [
    "GAMES",
    "RENDERERS",
    "Context",
    "GameRenderer",
    "Style",
    "action_label",
    "awimbawe",
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
    "tamashii",
    "tomahawk",
    "tomy",
    "typed_action",
    "typed_example",
    "typed_text",
]
