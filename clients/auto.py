"""What ``cercle play --auto`` plays: the first action of the most preferred kind, or one at
random with a seed (so two processes can play a match unattended)."""

from __future__ import annotations

import random

from cercle.v1 import game_pb2

PREFERRED: dict[str, tuple[str, ...]] = {
    "tomahawk": (
        "call_tomahawk",
        "call_sherif",
        "play_card",
        "combo",
        "name_colour",
        "take_pending_draw",
        "take_skip",
        "draw",
        "pass",
        "agilite",
    ),
    "tamashii": ("gather", "place", "power_peek", "draw_again", "peek"),
    "tomy": ("propose", "vote", "break_tie", "pass"),
    "awimbawe": (
        "play_card",
        "eagle_choice",
        "choose_leader",
        "cheetah_choice",
        "rhino_move",
        "snake_pick",
        "skip_power",
    ),
}
"""The action kinds ``--auto`` prefers, per game, best first."""


def action_kind(action: game_pb2.Action) -> tuple[str, str]:
    """``(game, kind)`` of an action, e.g. ``("tomahawk", "play_card")``."""
    game = action.WhichOneof("game") or ""
    if not game:
        return "", ""
    inner = getattr(action, game)
    return game, inner.WhichOneof("action") or ""


def choose_auto(actions: list[game_pb2.Action], rng: random.Random | None) -> game_pb2.Action:
    """The action ``--auto`` plays: random with a seeded ``rng``, else the first of the most
    preferred kind (a Tomahawk play that also calls TOMAHAWK! first)."""
    if rng is not None:
        return rng.choice(actions)

    def rank(item: tuple[int, game_pb2.Action]) -> tuple[int, int, int]:
        index, action = item
        game, kind = action_kind(action)
        order = PREFERRED.get(game, ())
        kind_rank = order.index(kind) if kind in order else len(order)
        calls = 0
        if game == "tomahawk" and kind in ("play_card", "agilite", "combo"):
            calls = 0 if getattr(getattr(action.tomahawk, kind), "tomahawk", False) else 1
        return kind_rank, calls, index

    return min(enumerate(actions), key=rank)[1]
