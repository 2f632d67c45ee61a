"""What ``cercle play --auto`` plays: the first action of the kind its game's renderer prefers
most (:attr:`~clients.render.renderer.GameRenderer.auto_order`), or one at random with a seed
(so two processes can play a match unattended)."""

from __future__ import annotations

import random

from cercle.v1 import game_pb2

from clients.render.messages import announces
from clients.render.renderer import renderer_for


def action_kind(action: game_pb2.Action) -> tuple[str, str]:
    """``(game, kind)`` of an action: its ``game`` oneof's field and the field of that
    game's ``action`` oneof."""
    game = action.WhichOneof("game") or ""
    if not game:
        return "", ""
    inner = getattr(action, game)
    return game, inner.WhichOneof("action") or ""


def choose_auto(actions: list[game_pb2.Action], rng: random.Random | None) -> game_pb2.Action:
    """The action ``--auto`` plays: random with a seeded ``rng``, else the first of the most
    preferred kind (of a play listed with and without an announcement, the announcing one)."""
    if rng is not None:
        return rng.choice(actions)

    def rank(item: tuple[int, game_pb2.Action]) -> tuple[int, int, int]:
        index, action = item
        game, kind = action_kind(action)
        renderer = renderer_for(game)
        order = renderer.auto_order if renderer is not None else ()
        kind_rank = order.index(kind) if kind in order else len(order)
        return kind_rank, 0 if announces(action) else 1, index

    return min(enumerate(actions), key=rank)[1]
