"""Tamashii on the terminal: the table, actions, events and outcome lines."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cercle.v1 import (
    tamashii_pb2,
)

from clients.render.renderer import (
    Context,
    GameRenderer,
    has,
    register,
)

GEM_COLOURS = ("blue", "red", "yellow", "black")


def tm_enum(enum: Any, number: int) -> str:
    """The value name of a Tamashii enum without its prefix, in lower case
    (``TAMASHII_POWER_PEEK`` -> ``peek``), the suffix of its i18n keys (docs/i18n.md); ``""``
    for the unset zero value."""
    if not number:
        return ""
    prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum.DESCRIPTOR.name).upper() + "_"
    return str(enum.Name(number))[len(prefix) :].lower()


def gems_text(ctx: Context, gems: Any) -> str:
    """``2 blue, 1 red`` from a TamashiiGems message or a ``{"blue": 2, ...}`` dict."""
    counts: dict[str, int] = {}
    for colour in GEM_COLOURS:
        if isinstance(gems, Mapping):
            counts[colour] = int(gems.get(colour) or 0)
        else:
            counts[colour] = int(getattr(gems, colour, 0) or 0)
    parts = [
        ctx.style.colour(ctx.tr("tm.gem_n", n=n, colour=ctx.tr.word("tm.gem", colour)), colour)
        for colour, n in counts.items()
        if n
    ]
    return ", ".join(parts) if parts else ctx.tr("tm.no_gems")


def gems_total(gems: tamashii_pb2.TamashiiGems) -> int:
    return gems.blue + gems.red + gems.yellow + gems.black


def tm_name(ctx: Context, card_id: int) -> str:
    """A spirit's name by card id (the names of the catalogue's ``spirits``)."""
    return ctx.tr.word("tm.spirit", str(card_id))


def tm_power(ctx: Context, power: int) -> str:
    return ctx.tr.word("tm.power", tm_enum(tamashii_pb2.TamashiiPower, power))


def tm_colour(ctx: Context, colour: int) -> str:
    """A gem colour's word, painted in its colour."""
    name = tm_enum(tamashii_pb2.TamashiiColour, colour)
    return ctx.style.colour(ctx.tr.word("tm.gem", name), name)


def tm_verdict(ctx: Context, verdict: int) -> str:
    """The verdict line (TM-END-2) in the reader's language; ``""`` when unset."""
    name = tm_enum(tamashii_pb2.TamashiiVerdict, verdict)
    return ctx.tr.word("tm.verdict", name) if name else ""


def tm_card(ctx: Context, card: tamashii_pb2.TamashiiCardView) -> str:
    """A card's whole face: name, needs and power (TM-PEEK-1)."""
    return ctx.tr(
        "tm.card",
        name=ctx.style.bold(tm_name(ctx, card.id)),
        needs=gems_text(ctx, card.needs),
        power=tm_power(ctx, card.power),
    )


def tamashii_table(v: tamashii_pb2.TamashiiView, ctx: Context) -> list[str]:
    tr, st = ctx.tr, ctx.style
    lines = [
        st.bold(
            tr(
                "tm.header",
                level=tr.word("tm.level", tm_enum(tamashii_pb2.TamashiiLevel, v.level)),
                freed=v.freed,
                phase=tr.word("tm.phase", tm_enum(tamashii_pb2.TamashiiPhase, v.phase)),
                name=ctx.who(v.turn),
            )
        )
    ]
    for slot in v.slots:
        if slot.face_up and has(slot, "card"):
            state = st.good(
                tr(
                    "tm.freed_card",
                    name=tm_name(ctx, slot.card.id),
                    needs=gems_text(ctx, slot.card.needs),
                    power=tm_power(ctx, slot.card.power),
                )
            )
        else:
            state = tr("tm.face_down")
        parts = [f"  [{slot.slot}] {state}"]
        if gems_total(slot.gems):
            parts.append(tr("tm.on_card", gems=gems_text(ctx, slot.gems)))
        if slot.peeked_by:
            parts.append(st.dim(tr("tm.peeked_by", names=ctx.who_all(slot.peeked_by))))
        lines.append(" · ".join(parts))
    lines.append(tr("tm.bag", gems=gems_text(ctx, v.bag), n=gems_total(v.bag)))
    if gems_total(v.drawn):
        lines.append(st.bold(tr("tm.drawn", gems=gems_text(ctx, v.drawn))))
    lines.append(st.dim(tr("tm.removed", gems=gems_text(ctx, v.removed))))
    for known in v.my_peeks:
        lines.append(tr("tm.my_peek", slot=known.slot, card=tm_card(ctx, known.card)))
    for known in v.seen_by_all:
        lines.append(tr("tm.seen_by_all", slot=known.slot, card=tm_card(ctx, known.card)))
    verdict = tm_verdict(ctx, v.verdict)
    if verdict:
        lines.append(st.bold(tr("tm.verdict", verdict=verdict)))
    return lines


def tamashii_action(a: tamashii_pb2.TamashiiAction, ctx: Context) -> str:
    tr = ctx.tr
    which = a.WhichOneof("action")
    if which == "peek":
        return tr("tm.act.peek", slot=a.peek.slot)
    if which == "gather":
        return tr("tm.act.gather")
    if which == "draw_again":
        return tr("tm.act.draw_again")
    if which == "place":
        key = "tm.act.place_free" if a.place.free else "tm.act.place"
        return tr(key, slot=a.place.slot)
    if which == "power_peek":
        return tr("tm.act.power_peek", slot=a.power_peek.slot)
    return str(which)


def tamashii_event(ev: tamashii_pb2.TamashiiEvent, ctx: Context) -> str | None:
    """One line for a typed Tamashii event; ``None`` if no event is set."""
    tr, st = ctx.tr, ctx.style
    which = ev.WhichOneof("event")
    if which is None:
        return None
    e: Any = getattr(ev, which)
    who = ctx.who(e.seat) if "seat" in e.DESCRIPTOR.fields_by_name else "?"
    if which == "slot_peeked":
        power = tr("tm.by_power") if e.by_power else ""
        return tr("tm.ev.slot_peeked", who=who, slot=e.slot, power=power)
    if which == "peeked":
        key = "tm.ev.peeked" if e.seat == ctx.me else "tm.ev.peeked.other"
        return tr(key, who=who, slot=e.slot, name=tm_card(ctx, e.card))
    if which == "gem_drawn":
        return tr("tm.ev.gem_drawn", who=who, colour=tm_colour(ctx, e.colour))
    if which == "bust":
        return st.warn(tr("tm.ev.bust", who=who, gems=gems_text(ctx, e.returned)))
    if which == "gems_placed":
        free = tr("tm.try_free") if e.free else ""
        return tr("tm.ev.gems_placed", who=who, gems=gems_text(ctx, e.gems), slot=e.slot, free=free)
    if which == "freed":
        pile = tm_enum(tamashii_pb2.TamashiiPile, e.excess_to)
        if not gems_total(e.excess):
            return st.good(tr("tm.ev.freed_exact", name=tm_name(ctx, e.card.id), slot=e.slot))
        return st.good(
            tr(
                "tm.ev.freed",
                name=tm_name(ctx, e.card.id),
                slot=e.slot,
                gems=gems_text(ctx, e.excess),
                to=tr.word("tm.to", pile),
            )
        )
    if which == "liberation_failed":
        return st.warn(
            tr(
                "tm.ev.liberation_failed",
                slot=e.slot,
                name=tm_card(ctx, e.card),
                gems=gems_text(ctx, e.discarded),
            )
        )
    if which == "power_applied":
        return tr("tm.ev.power_applied", name=tm_name(ctx, e.card), power=tm_power(ctx, e.power))
    if which == "turn_timed_out":
        return tr("tm.ev.turn_timed_out", who=who)
    if which == "gem_eroded":
        if not e.HasField("colour"):
            return tr("tm.ev.gem_eroded_none")
        return st.dim(tr("tm.ev.gem_eroded", colour=tm_colour(ctx, e.colour)))
    if which == "turn_started":
        return tr("tm.ev.turn_started", who=who)
    if which == "match_over":
        return st.bold(tr("tm.ev.match_over", freed=e.freed, verdict=tm_verdict(ctx, e.verdict)))
    return None


def tamashii_outcome_lines(detail: tamashii_pb2.TamashiiOutcome, ctx: Context) -> list[str]:
    """What the end of a Tamashii match adds to the outcome: the verdict (TM-END-2)."""
    verdict = tm_verdict(ctx, detail.verdict)
    if not verdict:
        return []
    return [ctx.style.bold(ctx.tr("tm.verdict", verdict=verdict))]


def tamashii_catalogue_lines(cat: Any, ctx: Context) -> list[str]:
    """The game's material (``GetGameCatalogue``) in words, one line per kind (``cercle
    cards``)."""
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


def tamashii_private_card(
    ev: tamashii_pb2.TamashiiEvent, ctx: Context
) -> tuple[str, list[str]] | None:
    """The card the reader peeked at (TM-PEEK-1), for the panel that keeps it on screen
    until closed or a later turn (TM-MEM-1: it is not in the view after that, unless the
    room has the memory aid)."""
    if ev.WhichOneof("event") != "peeked" or ev.peeked.seat != ctx.me:
        return None
    e, tr = ev.peeked, ctx.tr
    title = tr("tm.panel.peek_title", slot=e.slot)
    lines = [
        ctx.style.bold(tm_name(ctx, e.card.id)),
        tr("tm.panel.needs", needs=gems_text(ctx, e.card.needs)),
        tr("tm.panel.power", power=tm_power(ctx, e.card.power)),
        ctx.style.dim(tr("tm.panel.remember")),
    ]
    return title, lines


register(
    GameRenderer(
        "tamashii",
        table=tamashii_table,
        action=lambda a, ctx, v: tamashii_action(a, ctx),
        event=tamashii_event,
        outcome_lines=tamashii_outcome_lines,
        catalogue=tamashii_catalogue_lines,
        private_card=tamashii_private_card,
        auto_order=("gather", "place", "power_peek", "draw_again", "peek"),
    )
)
