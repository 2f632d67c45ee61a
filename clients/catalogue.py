"""A game's printed material in words, from ``LobbyService.GetGameCatalogue`` (``cercle cards
GAME`` and the in-game help): no table of cards is hard-coded here, the server's catalogue is
read as it comes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cercle.v1 import awimbawe_pb2, lobby_pb2

from clients.render.awimbawe import aw_card, aw_word
from clients.render.shared import Context, text_field
from clients.render.tamashii import gems_text, tm_name, tm_power
from clients.render.tomahawk import tt_card
from clients.render.tomy import my_breed


def _tomahawk(cat: Any, ctx: Context) -> list[str]:
    lines = [ctx.style.bold(ctx.tr("cards.tomahawk", count=len(cat.cards), hand=cat.hand_size))]
    for entry in cat.kinds:
        kind = text_field(entry, "kind") or "?"
        name = tt_card(ctx, kind, None)
        lines.append(
            "  "
            + ctx.tr(
                "cards.tomahawk_kind",
                name=name,
                copies=entry.copies,
                points=entry.points,
                draw=entry.draw,
            )
        )
    return lines


def _tamashii(cat: Any, ctx: Context) -> list[str]:
    lines = [ctx.style.bold(ctx.tr("cards.tamashii", count=len(cat.spirits)))]
    for spirit in cat.spirits:
        lines.append(
            "  "
            + ctx.tr(
                "tm.card",
                name=ctx.style.bold(tm_name(ctx, spirit.id)),
                needs=gems_text(ctx, spirit.needs),
                power=tm_power(ctx, spirit.power),
            )
        )
    lines.append("  " + ctx.tr("cards.tamashii_bag", gems=gems_text(ctx, cat.bag)))
    return lines


def _tomy(cat: Any, ctx: Context) -> list[str]:
    lines = [ctx.style.bold(ctx.tr("cards.tomy", count=len(cat.dog_cards), hand=cat.hand_size))]
    for entry in cat.breeds:
        lines.append(
            "  "
            + ctx.tr("cards.tomy_breed", breed=my_breed(ctx, entry.column), count=entry.dog_cards)
        )
    lines.append("  " + ctx.tr("cards.tomy_places", count=len(cat.locations)))
    return lines


def _awimbawe(cat: Any, ctx: Context) -> list[str]:
    lines = [ctx.style.bold(ctx.tr("cards.awimbawe", count=len(cat.cards), hand=cat.hand_size))]
    lines.append("  " + ", ".join(aw_card(ctx, card) for card in cat.cards))
    for power in cat.powers:
        animal = aw_word(awimbawe_pb2.AwimbaweAnimal, power.animal)
        name = aw_word(awimbawe_pb2.AwimbawePower, power.power)
        lines.append(
            "  "
            + ctx.tr(
                "cards.awimbawe_power",
                animal=ctx.tr.word("aw.animal", animal),
                power=ctx.tr.word("cards.aw_power", name),
            )
        )
    return lines


_GAMES: dict[str, Callable[[Any, Context], list[str]]] = {
    "tomahawk": _tomahawk,
    "tamashii": _tamashii,
    "tomy": _tomy,
    "awimbawe": _awimbawe,
}


def catalogue_lines(response: lobby_pb2.GetGameCatalogueResponse, ctx: Context) -> list[str]:
    """The catalogue in the reader's language, one line per card kind, spirit or breed."""
    which = response.WhichOneof("catalogue")
    handler = _GAMES.get(which or "")
    if handler is None:
        return [ctx.tr("cards.none")]
    return handler(getattr(response, which or ""), ctx)
