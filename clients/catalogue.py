"""A game's printed material in words, from ``LobbyService.GetGameCatalogue`` (``cercle cards
GAME`` and the in-game help): no table of cards is hard-coded here, the server's catalogue is
read as it comes, by the game's renderer (``clients/render/<game>.py``: ``catalogue``)."""

from __future__ import annotations

from cercle.v1 import lobby_pb2

from clients.render.renderer import (
    RENDERERS,
    Context,
)


def catalogue_lines(response: lobby_pb2.GetGameCatalogueResponse, ctx: Context) -> list[str]:
    """The catalogue in the reader's language, one line per card kind, spirit or breed."""
    which = response.WhichOneof("catalogue")
    renderer = RENDERERS.get(which or "")
    if renderer is None or renderer.catalogue is None:
        return [ctx.tr("cards.none")]
    return renderer.catalogue(getattr(response, which or ""), ctx)
