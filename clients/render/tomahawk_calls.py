"""Tomahawk Tribal's calls on the terminal: the keys a player types for them, stable whatever
the menu's numbers (``Choices.calls``: right or wrong, a wrong one costs 2 cards).

- ``s`` + a seat number: SHÉRIF! on that seat (``s2``);
- ``a`` + the number of a card of the hand as the table shows it (``#3``): AGILITÉ! with it
  (``a3``); ``a3!`` announces TOMAHAWK! with it; a Diamond names the colour (``a3 red``,
  ``a3 rouge``, or its first letters);
- ``t``: TOMAHAWK! about one's own last card (the menu lists it too).

A card's number is read on the hand the player saw when they typed (the view on screen), so
a hand that changed meanwhile never turns ``a3`` into another card.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cercle.v1 import game_pb2, tomahawk_pb2

from clients.render.renderer import (
    Context,
    text_field,
)

COLOURS = ("red", "blue", "violet", "white")
CALL = re.compile(r"^(?:(s)\s*(\d+)|(a)\s*(\d+)\s*([^\d\s!]*)\s*(!?)|(t))$")
"""A typed call: ``s2``; ``a3``, ``a3!``, ``a3 red``, ``a3 red!``; ``t``."""


def _hand(view: Any) -> list[int]:
    return list(view.hand_ids) if isinstance(view, tomahawk_pb2.TomahawkView) else []


def call_keys(
    calls: Sequence[game_pb2.Action],
    actions: Sequence[game_pb2.Action],
    ctx: Context,
    view: Any,
) -> dict[str, game_pb2.Action]:
    """Each call on offer (and TOMAHAWK! from ``actions``) by its canonical key; an
    AGILITÉ! with a card ``view`` (the table on screen) does not show has none."""
    del ctx
    hand = _hand(view)
    out: dict[str, game_pb2.Action] = {}
    for action in calls:
        body = action.tomahawk
        which = body.WhichOneof("action")
        if which == "call_sherif":
            out[f"s{body.call_sherif.target}"] = action
        elif which == "agilite" and body.agilite.card in hand:
            key = f"a{hand.index(body.agilite.card) + 1}"
            colour = text_field(body.agilite, "colour")
            if colour:
                key += " " + colour
            if body.agilite.tomahawk:
                key += "!"
            out[key] = action
    for action in actions:
        if action.tomahawk.WhichOneof("action") == "call_tomahawk":
            out["t"] = action
    return out


def call_key(text: str, ctx: Context) -> str | None:
    """The canonical key of a typed call (``A3 Rou!`` -> ``a3 red!``); None if ``text`` is no
    call (then it may be a menu number); ``"?"`` for a colour word that names no colour."""
    found = CALL.match(text.strip().lower())
    if found is None:
        return None
    if found.group(1):
        return f"s{int(found.group(2))}"
    if found.group(7):
        return "t"
    key = f"a{int(found.group(4))}"
    word = found.group(5)
    if word:
        named = [
            c
            for c in COLOURS
            if c.startswith(word) or ctx.tr.word("tt.colour", c).lower().startswith(word)
        ]
        if len(named) != 1:
            return "?"
        key += " " + named[0]
    return key + found.group(6)


def call_lines(keys: dict[str, game_pb2.Action], ctx: Context, view: Any) -> list[str]:
    """What the screen says of the calls on offer: the SHÉRIF! keys by seat, how to make an
    AGILITÉ! while a card may be jumped on, and TOMAHAWK!'s ``t``."""
    tr, st = ctx.tr, ctx.style
    lines: list[str] = []
    sherif = [key for key in keys if key.startswith("s")]
    if sherif:
        who = " · ".join(f"{st.bold(key)} {ctx.who(int(key[1:]))}" for key in sherif)
        lines.append(tr("tt.calls.sherif", seats=who))
    if any(key.startswith("a") for key in keys):
        lines.append(tr("tt.calls.agilite"))
    if "t" in keys:
        lines.append(tr("tt.calls.tomahawk"))
    if lines:
        lines.insert(0, st.bold(tr("tt.calls.title")))
    del view
    return lines


def agilite_open(calls: Sequence[game_pb2.Action]) -> bool:
    """An AGILITÉ! is on offer: a card was just played that one may jump on."""
    return any(a.tomahawk.WhichOneof("action") == "agilite" for a in calls)
