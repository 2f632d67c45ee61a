"""The terminal renderer of a game that needs no code of its own: the view's fields as lines,
actions and events in the words of the game's catalogue (``<id>-act-<kind>`` and
``<id>-ev-<kind>`` in ``i18n/locales/<lang>/<id>.ftl``; the variables are the message's
fields, and ``who`` for a ``seat``). ``tools/new_game.py`` writes a game's
``clients/render/<id>.py`` with it; a game grows its own drawing by replacing that file, as
the shipped games did.
"""

from __future__ import annotations

from typing import Any

from google.protobuf.message import Message

from clients.render.renderer import Context, GameRenderer


def _values(message: Message, ctx: Context) -> dict[str, object]:
    """The message's scalar and list fields as message variables, ``who`` for its seat."""
    values: dict[str, object] = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if field.message_type is not None and not field.is_repeated:
            continue
        if field.is_repeated:
            if field.message_type is None:
                values[field.name] = ", ".join(str(v) for v in value)
            continue
        values[field.name] = ("yes" if value else "no") if isinstance(value, bool) else value
    if "seat" in values:
        values["who"] = ctx.who(values["seat"])
    return values


def generic_renderer(game_id: str) -> GameRenderer:
    """The renderer of ``game_id`` from its contract messages and its catalogue alone."""

    def table(view: Any, ctx: Context) -> list[str]:
        return [f"{name}: {value}" for name, value in _values(view, ctx).items()]

    def action(action: Any, ctx: Context, view: Any) -> str:
        kind = action.WhichOneof("action")
        if kind is None:
            return "—"
        return ctx.tr(f"{game_id}.act.{kind}", **_values(getattr(action, kind), ctx))

    def event(event: Any, ctx: Context) -> str | None:
        kind = event.WhichOneof("event")
        if kind is None:
            return None
        return ctx.tr(f"{game_id}.ev.{kind}", **_values(getattr(event, kind), ctx))

    def outcome_lines(outcome: Any, ctx: Context) -> list[str]:
        return []

    def catalogue(response: Any, ctx: Context) -> list[str]:
        """The game's name, then one line per item of each list of its material."""
        lines = [ctx.tr(f"game.{game_id}.summary")]
        for field in response.DESCRIPTOR.fields:
            items = getattr(response, field.name) if field.is_repeated else []
            lines += [f"{field.name}: {_item(item)}" for item in items]
        return lines

    return GameRenderer(game_id, table, action, event, outcome_lines, catalogue=catalogue)


def _item(item: object) -> str:
    if isinstance(item, Message):
        return ", ".join(f"{f.name} {v}" for f, v in item.ListFields())
    return str(item)
