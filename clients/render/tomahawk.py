"""Tomahawk Tribal on the terminal: the table, actions, events and outcome lines.

Card ids a view does not show are named from the faces the client has seen
(:attr:`TomahawkMemory.faces`), never from the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cercle.v1 import (
    tomahawk_pb2,
)

from clients.render.renderer import (
    Announcement,
    CallKeys,
    Context,
    GameRenderer,
    has,
    int_field,
    private_key,
    register,
    text_field,
)
from clients.render.text import (
    strip_ansi,
)
from clients.render.tomahawk_calls import agilite_open, call_key, call_keys, call_lines


@dataclass
class TomahawkMemory:
    """What Tomahawk's lines remember of a match (:meth:`Context.memory`)."""

    faces: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    """Every card face seen, by card id: (kind, colour)."""
    pending_draw: int | None = None
    """The Sheriff draw last announced, for a label drawn without the view."""


def tt_memory(ctx: Context) -> TomahawkMemory:
    return ctx.memory("tomahawk", TomahawkMemory)


TT_COLOURLESS = frozenset({"diamond", "calumet", "shaman", "wheel"})
TT_FEMININE = frozenset({"feather"})
"""Kinds whose French name is feminine (the colour agrees: « Plume blanche »)."""


def tt_card(ctx: Context, kind: str, colour: str | None) -> str:
    name = ctx.tr.word("tt.kind", kind)
    if colour is None or kind in TT_COLOURLESS:
        return ctx.style.bold(name)
    agreement = "tt.colour_f" if kind in TT_FEMININE else "tt.colour"
    text = ctx.tr("tt.card", colour=ctx.tr.word(agreement, colour), kind=name)
    return ctx.style.colour(text, colour)


def tt_face(ctx: Context, face: tomahawk_pb2.TomahawkCardFace) -> str:
    return tt_card(ctx, text_field(face, "kind") or "", text_field(face, "colour"))


def tt_card_id(ctx: Context, card: Any) -> str:
    try:
        card_id = int(card)
    except (TypeError, ValueError):
        return str(card)
    known = tt_memory(ctx).faces.get(card_id)
    if known is None:
        return ctx.tr("tt.card_id", id=card_id)
    return tt_card(ctx, known[0], known[1])


def tt_colour(ctx: Context, colour: str | None) -> str:
    if not colour:
        return ctx.tr("tt.colour_to_name")
    return ctx.style.colour(ctx.tr.word("tt.colour", colour), colour)


def learn_tomahawk(ctx: Context, v: tomahawk_pb2.TomahawkView) -> None:
    faces = list(v.hand)
    for name in ("top_card", "drawn_card", "agilite_card"):
        if has(v, name):
            faces.append(getattr(v, name))
    tt_learn(ctx, faces)


def tt_learn(ctx: Context, faces: Iterable[tomahawk_pb2.TomahawkCardFace]) -> None:
    """Remember card faces seen (so an action naming a card id can say which card it is)."""
    memory = tt_memory(ctx)
    for face in faces:
        kind = text_field(face, "kind")
        if kind:
            memory.faces[face.id] = (kind, text_field(face, "colour"))


def tomahawk_table(v: tomahawk_pb2.TomahawkView, ctx: Context) -> list[str]:
    tr, st = ctx.tr, ctx.style
    direction = tr("tt.clockwise") if v.direction >= 0 else tr("tt.counter")
    lines = [
        st.bold(
            tr(
                "tt.header",
                round=v.round,
                target=v.target_score,
                direction=direction,
                draw=v.draw_pile,
                discard=v.discard_pile,
            )
        )
    ]
    top = tt_face(ctx, v.top_card) if has(v, "top_card") and v.top_card.kind else "—"
    lines.append(tr("tt.top", card=top, colour=tt_colour(ctx, text_field(v, "colour"))))
    turn = int_field(v, "turn")
    if turn is not None:
        phase = text_field(v, "phase") or ""
        lines.append(tr("tt.turn", name=ctx.who(turn), phase=tr.word("tt.phase", phase)))
    attack_from = int_field(v, "attack_from")
    caster = ctx.who(attack_from) if attack_from is not None else "?"
    if v.pending_draw:
        lines.append(st.warn(tr("tt.pending", n=v.pending_draw, caster=caster)))
    elif v.phase == tomahawk_pb2.TOMAHAWK_PHASE_FACE_SKIP:
        lines.append(st.warn(tr("tt.skip_pending", caster=caster)))
    if has(v, "agilite_card") and v.agilite_card.kind:
        lines.append(
            tr(
                "tt.agilite_window",
                card=tt_face(ctx, v.agilite_card),
                name=ctx.who(int_field(v, "agilite_from")),
            )
        )
    for s in v.seats:
        marker = "▶" if turn == s.seat else " "
        flags = []
        if s.called_tomahawk:
            flags.append(st.good(tr("tt.called")))
        if s.skips_next_turn:
            flags.append(tr("tt.skips_next"))
        target = int_field(s, "shaman_target")
        holds_shaman = any(text_field(face, "kind") == "shaman" for face in v.hand)
        if target is not None and s.seat == int_field(v, "seat") and holds_shaman:
            draw = tr("tt.shaman_draw", n=s.shaman_draw) if s.shaman_draw else tr("tt.shaman_skip")
            flags.append(tr("tt.shaman_back", name=ctx.who(target), draw=draw))
        name = strip_ansi(ctx.who(s.seat))
        line = " " * (s.cards < 10) + tr("tt.seat_line", cards=s.cards, total=s.total)
        row = f" {marker} {s.seat} {name:<18} {line}"
        if flags:
            row += "  " + " · ".join(flags)
        lines.append(st.bold(row) if turn == s.seat else row)
    if v.hand:
        lines.append(tr("tt.hand"))
        cells = [f"#{i + 1} {tt_face(ctx, face)}" for i, face in enumerate(v.hand)]
        for start in range(0, len(cells), 6):
            lines.append("   " + "   ".join(cells[start : start + 6]))
    if has(v, "drawn_card") and v.drawn_card.kind:
        lines.append(st.bold(tr("tt.drawn_card", card=tt_face(ctx, v.drawn_card))))
    if v.phase == tomahawk_pb2.TOMAHAWK_PHASE_ROUND_OVER and has(v, "last_round"):
        return lines + tomahawk_round_table(v, ctx)
    if has(v, "last_round") and v.last_round.round:
        last = v.last_round
        winner = int_field(last, "winner")
        result = (
            tr("tt.last_round_winner", name=ctx.who(winner))
            if winner is not None
            else tr("tt.last_round_blocked")
        )
        points = ", ".join(f"{ctx.who(i)} +{p}" for i, p in enumerate(last.points))
        lines.append(st.dim(tr("tt.last_round", round=last.round, winner=result, points=points)))
    return lines


def tomahawk_round_table(v: tomahawk_pb2.TomahawkView, ctx: Context) -> list[str]:
    """TT-PAUSE-1: the score table of the round just played, shown while the table rests:
    who won it, each seat's points this round and total (the next-round entry is in the
    menu below, the countdown in the status line)."""
    tr, st = ctx.tr, ctx.style
    last = v.last_round
    winner = int_field(last, "winner")
    lines = ["", st.bold(tr("tt.pause.title", round=last.round))]
    if winner is not None:
        lines.append(st.good(tr("tt.pause.winner", name=ctx.who(winner))))
    else:
        lines.append(st.warn(tr("tt.pause.blocked")))
    lines.append(st.dim("  " + tr("tt.pause.head")))
    for seat, (points, total) in enumerate(zip(last.points, last.totals, strict=False)):
        name = strip_ansi(ctx.who(seat))
        mark = "★" if seat == winner else " "
        row = f"{mark} {seat} {name:<18} {tr('tt.pause.row', points=points, total=total)}"
        lines.append(st.bold(row) if seat == winner else row)
    lines.append(st.dim(tr("tt.pause.target", target=v.target_score)))
    return lines


def tomahawk_action(a: tomahawk_pb2.TomahawkAction, ctx: Context, v: Any) -> str:
    tr = ctx.tr
    which = a.WhichOneof("action")
    if which == "play_card" or which == "agilite":
        body = a.play_card if which == "play_card" else a.agilite
        card = tt_card_id(ctx, body.card)
        parts = [tr("tt.act.play_card" if which == "play_card" else "tt.act.agilite", card=card)]
        colour = text_field(body, "colour")
        if colour:
            parts.append(tr("tt.act.with_colour", colour=tt_colour(ctx, colour)))
        target = int_field(body, "target")
        if target is not None:
            parts.append(tr("tt.act.with_target", name=ctx.who(target)))
        if body.tomahawk:
            parts.append(ctx.style.bold(tr("tt.act.with_tomahawk")))
        return " ".join(parts)
    if which == "draw":
        return tr("tt.act.draw")
    if which == "pass":
        return tr("tt.act.pass")
    if which == "take_pending_draw":
        if isinstance(v, tomahawk_pb2.TomahawkView):
            n: Any = v.pending_draw
        else:
            pending = tt_memory(ctx).pending_draw
            n = pending if pending is not None else "?"
        return tr("tt.act.take_pending_draw", n=n)
    if which == "take_skip":
        return tr("tt.act.take_skip")
    if which == "name_colour":
        return tr("tt.act.name_colour", colour=tt_colour(ctx, text_field(a.name_colour, "colour")))
    if which == "combo":
        label = tr(
            "tt.act.combo",
            symbol=tr.word("tt.kind", text_field(a.combo, "symbol") or ""),
            colour=tt_colour(ctx, text_field(a.combo, "colour")),
        )
        if a.combo.tomahawk:
            label += " " + ctx.style.bold(tr("tt.act.with_tomahawk"))
        return label
    if which == "call_tomahawk":
        return ctx.style.bold(tr("tt.act.call_tomahawk"))
    if which == "call_sherif":
        return ctx.style.bold(tr("tt.act.call_sherif", name=ctx.who(a.call_sherif.target)))
    if which == "next_round":
        return ctx.style.bold(tr("tt.act.next_round"))
    return str(which)


def _tt_cards(ctx: Context, cards: Iterable[tomahawk_pb2.TomahawkCardFace]) -> str:
    return ", ".join(tt_face(ctx, face) for face in cards)


def _tt_seat_totals(ctx: Context, totals: Iterable[int]) -> str:
    return ", ".join(f"{ctx.who(i)} {t}" for i, t in enumerate(totals))


def tomahawk_event(ev: tomahawk_pb2.TomahawkEvent, ctx: Context) -> str | None:
    """One line for a Tomahawk event (``ev``: the typed ``TomahawkEvent``); card faces seen
    in it are learnt for later action labels."""
    tr = ctx.tr
    which = ev.WhichOneof("event")
    if which is None:
        return None
    e: Any = getattr(ev, which)
    seat = e.seat if "seat" in e.DESCRIPTOR.fields_by_name else None
    who = ctx.who(seat)
    if which == "card_played":
        tt_learn(ctx, [e.card])
        kind = text_field(e.card, "kind") or ""
        text = tr(
            "tt.ev.card_played_agilite" if e.agilite else "tt.ev.card_played",
            who=who,
            card=tt_face(ctx, e.card),
        )
        colour = text_field(e, "colour")
        if kind == "diamond" and colour:
            text += " " + tr("tt.ev.colour_now", colour=tt_colour(ctx, colour))
        target = int_field(e, "target")
        if target is not None:
            text += " " + tr("tt.ev.swap_with", name=ctx.who(target))
        return text
    if which == "round_started":
        tt_learn(ctx, [e.first_card])
        return tr(
            "tt.ev.round_started",
            round=e.round,
            starter=ctx.who(e.starter),
            card=tt_face(ctx, e.first_card),
        )
    if which in ("hand_dealt", "hand_received", "drew_cards"):
        tt_learn(ctx, e.cards)
        key = private_key(f"tt.ev.{which}", {"seat": seat}, ctx)
        return tr(key, who=who, cards=_tt_cards(ctx, e.cards))
    if which == "colour_named":
        return tr("tt.ev.colour_named", who=who, colour=tt_colour(ctx, text_field(e, "colour")))
    if which == "combo_played":
        tt_learn(ctx, e.cards)
        return tr(
            "tt.ev.combo_played",
            who=who,
            symbol=tr.word("tt.kind", text_field(e, "symbol") or ""),
            colour=tt_colour(ctx, text_field(e, "colour")),
        )
    if which == "sheriff_pending":
        tt_memory(ctx).pending_draw = e.total
        return tr("tt.ev.sheriff_pending", who=who, total=e.total, caster=ctx.who(e.caster))
    if which == "skip_pending":
        return tr("tt.ev.skip_pending", who=who, caster=ctx.who(e.caster))
    if which == "turn_skipped":
        return tr("tt.ev.turn_skipped", who=who)
    if which == "effect_returned":
        return tr(
            "tt.ev.effect_returned",
            by=tr.word("tt.by", text_field(e, "by") or ""),
            who=who,
            to=ctx.who(e.to),
            draw=tr("tt.ev.returned_draw", n=e.draw) if e.draw else "",
        )
    if which in ("direction_changed", "hands_passed"):
        if which == "hands_passed":
            return tr("tt.ev.hands_passed")
        text = tr("tt.clockwise") if e.direction >= 0 else tr("tt.counter")
        return tr("tt.ev.direction_changed", direction=text)
    return _tomahawk_table_event(which, e, who, ctx)


def _tomahawk_table_event(which: str, e: Any, who: str, ctx: Context) -> str | None:
    """Draws, calls, penalties and the end of rounds (the rest of :func:`tomahawk_event`)."""
    tr = ctx.tr
    if which == "hands_swapped":
        return tr("tt.ev.hands_swapped", who=who, target=ctx.who(e.target))
    if which == "drew":
        reason = text_field(e, "reason") or "turn"
        why = tr.word("tt.why", reason)
        if why == reason:
            why = f" ({why})"
        return tr("tt.ev.drew", who=who, count=e.count, why=why)
    if which == "reshuffled":
        return tr("tt.ev.reshuffled", n=e.draw_pile)
    if which == "passed":
        why = tr.word("tt.why", text_field(e, "reason") or "")
        return tr("tt.ev.passed", who=who, why=why if why.startswith(" ") else "")
    if which == "tomahawk_called":
        return ctx.style.bold(tr("tt.ev.tomahawk_called", who=who))
    if which == "ready_for_next_round":
        return ctx.style.dim(tr("tt.ev.ready_for_next_round", who=who))
    if which == "sherif_called":
        result = tr("tt.caught") if e.caught else tr("tt.not_caught")
        return ctx.style.bold(
            tr("tt.ev.sherif_called", who=who, target=ctx.who(e.target), result=result)
        )
    if which == "penalty":
        reason = tr.word("tt.penalty", text_field(e, "reason") or "")
        return ctx.style.warn(tr("tt.ev.penalty", who=who, n=e.cards, reason=reason))
    if which == "round_ended":
        winner = int_field(e, "winner")
        result = (
            tr("tt.ev.round_won", name=ctx.who(winner))
            if winner is not None
            else tr("tt.ev.round_blocked")
        )
        return ctx.style.bold(
            tr(
                "tt.ev.round_ended",
                round=e.round,
                result=result,
                totals=_tt_seat_totals(ctx, e.totals),
            )
        )
    if which == "match_ended":
        return ctx.style.bold(
            tr("tt.ev.match_ended", names=ctx.who_all(list(e.winners)), count=len(e.winners))
        )
    return None


def tomahawk_outcome_lines(detail: tomahawk_pb2.TomahawkOutcome, ctx: Context) -> list[str]:
    """What the end of a Tomahawk match adds to the shared outcome lines."""
    if not detail.rounds:
        return []
    return [ctx.tr("tt.outcome", rounds=detail.rounds, target=detail.target_score)]


def tomahawk_opening(v: tomahawk_pb2.TomahawkView, ctx: Context) -> str | None:
    """The first round's first card, told when the match starts (later rounds tell it in
    their ``round_started`` event)."""
    if not has(v, "top_card") or not v.top_card.kind:
        return None
    tt_learn(ctx, [v.top_card])
    return ctx.tr("tt.first_card", round=v.round, card=tt_face(ctx, v.top_card))


def tomahawk_catalogue_lines(cat: Any, ctx: Context) -> list[str]:
    """The game's material (``GetGameCatalogue``) in words, one line per kind (``cercle
    cards``)."""
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


PLAYS_THAT_CALL = ("play_card", "agilite", "combo")
"""The actions that may call TOMAHAWK! as they are made (their ``tomahawk`` flag)."""


def calls_tomahawk(a: tomahawk_pb2.TomahawkAction) -> bool | None:
    """Whether a play calls TOMAHAWK! as it is made; None for an action that cannot."""
    kind = a.WhichOneof("action")
    if kind not in PLAYS_THAT_CALL:
        return None
    return bool(getattr(a, kind).tomahawk)


def drop_tomahawk_call(a: tomahawk_pb2.TomahawkAction) -> None:
    """The same play without its TOMAHAWK! call."""
    kind = a.WhichOneof("action")
    assert kind is not None
    getattr(a, kind).tomahawk = False


register(
    GameRenderer(
        "tomahawk",
        table=tomahawk_table,
        action=tomahawk_action,
        event=tomahawk_event,
        outcome_lines=tomahawk_outcome_lines,
        memory=TomahawkMemory,
        learn=learn_tomahawk,
        opening=tomahawk_opening,
        catalogue=tomahawk_catalogue_lines,
        round=lambda view: view.round,
        calls=CallKeys(call_keys, call_key, call_lines, "tt.calls.help", agilite_open),
        announcement=Announcement(calls_tomahawk, drop_tomahawk_call, "tt.act.with_tomahawk"),
        auto_order=(
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
    )
)
