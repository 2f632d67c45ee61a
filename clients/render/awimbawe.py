"""Awimbawé on the terminal: the table, actions, events and outcome lines.

Card ids a view does not show are named from the documented layout
(``docs/games/awimbawe.md``: ``card = colour × 6 + value − 1``, Eagles 24–27).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cercle.v1 import (
    awimbawe_pb2,
)

from clients.render.renderer import (
    Context,
    GameRenderer,
    has,
    int_field,
    private_key,
    register,
)
from clients.render.text import (
    strip_ansi,
)


@dataclass
class AwimbaweMemory:
    """What Awimbawé's lines remember of a match (:meth:`Context.memory`)."""

    crowns: dict[int, int] = field(default_factory=dict)
    """Crowns in each seat's trick pile this round, from the tricks seen (empty until a
    round is seen dealt)."""
    sources: dict[int, int] = field(default_factory=dict)
    """The pile each card was played from (card id -> pile, -1 the hand), from the events."""


def aw_memory(ctx: Context) -> AwimbaweMemory:
    return ctx.memory("awimbawe", AwimbaweMemory)


AW_COLOURS = ("green", "yellow", "black", "brown")
AW_ANIMALS = ("mouse", "rhino", "cheetah", "hyena", "snake", "elephant")
AW_FEMININE = frozenset({"mouse", "hyena"})
"""Animals whose French name is feminine (« Hyène noire »)."""


def aw_face(card: int) -> tuple[str, str, int]:
    """``(animal, colour, value)`` of a card id, from the documented layout.

    >>> aw_face(0), aw_face(15), aw_face(27)
    (('mouse', 'green', 1), ('hyena', 'black', 4), ('eagle', 'sky', 10))
    """
    if card >= 24:
        return "eagle", "sky", card - 24 + 7
    return AW_ANIMALS[card % 6], AW_COLOURS[card // 6], card % 6 + 1


def aw_word(enum: Any, number: int) -> str:
    """The engine's lowercase word for an Awimbawé enum value (``AWIMBAWE_COLOUR_SKY`` of
    ``AwimbaweColour`` -> ``"sky"``); ``""`` when unset.

    >>> aw_word(awimbawe_pb2.AwimbaweColour, awimbawe_pb2.AWIMBAWE_COLOUR_SKY)
    'sky'
    """
    if not number:
        return ""
    name: str = enum.Name(number)
    prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum.DESCRIPTOR.name).upper() + "_"
    return name.removeprefix(prefix).lower()


AW_CROWNS = {"mouse": 1, "rhino": 1, "cheetah": 1, "hyena": 3, "snake": 1, "elephant": 2}
"""Crowns printed on each animal (``docs/games/awimbawe.md``, AW-CROWN-1)."""
AW_EAGLE_CROWNS = {7: 0, 8: -1, 9: -1, 10: -2}
"""... and on the Eagles, by value (barred crowns are negative)."""


def aw_crowns(animal: str, value: int) -> int:
    """The crowns on a card.

    >>> aw_crowns("hyena", 4), aw_crowns("eagle", 10)
    (3, -2)
    """
    if animal == "eagle":
        return AW_EAGLE_CROWNS.get(value, 0)
    return AW_CROWNS.get(animal, 0)


def aw_card_text(ctx: Context, animal: str, colour: str, value: int) -> str:
    agreement = "aw.colour_f" if animal in AW_FEMININE else "aw.colour"
    text = ctx.tr(
        "aw.card",
        colour=ctx.tr.word(agreement, colour),
        animal=ctx.tr.word("aw.animal", animal),
        value=value,
        crowns=aw_crowns(animal, value),
    )
    return ctx.style.colour(text, colour)


def aw_card(ctx: Context, card: Any) -> str:
    """A card from its id (an int), its view message or a pile's card (face down: ``?``)."""
    if isinstance(card, awimbawe_pb2.AwimbawePileCard):
        if card.WhichOneof("slot") != "card":
            return ctx.tr("aw.face_down")
        card = card.card
    if isinstance(card, awimbawe_pb2.AwimbaweCardView):
        return aw_card_text(
            ctx,
            aw_word(awimbawe_pb2.AwimbaweAnimal, card.animal),
            aw_word(awimbawe_pb2.AwimbaweColour, card.colour),
            card.value,
        )
    try:
        card_id = int(card)
    except (TypeError, ValueError):
        return ctx.tr("aw.hidden_card")
    if not 0 <= card_id < 28:
        return str(card)
    return aw_card_text(ctx, *aw_face(card_id))


def _aw_pile(ctx: Context, pile: awimbawe_pb2.AwimbawePileView) -> str:
    if not pile.cards:
        return ctx.tr("aw.empty_pile")
    return "[" + " | ".join(aw_card(ctx, c) for c in pile.cards) + "]"


def _aw_side(ctx: Context, side: awimbawe_pb2.AwimbaweSideView) -> list[str]:
    tr = ctx.tr
    heir_name = tr(f"aw.heir_name.{side.seat}") if side.seat in (0, 1) else ""
    heir = tr.word("aw.heir", aw_word(awimbawe_pb2.AwimbaweHeirSide, side.heir))
    lines = [
        ctx.style.bold(
            tr(
                "aw.side",
                name=ctx.who(side.seat),
                heir_name=heir_name,
                heir=heir,
                rounds=side.rounds_won,
                hand=side.hand_count,
                taken=side.trick_pile_count,
                hyenas=side.hyenas,
            )
        )
    ]
    crowns = aw_memory(ctx).crowns.get(side.seat)
    if crowns is not None:
        lines[0] += " · " + ctx.style.bold(ctx.tr("aw.crowns_taken", n=crowns))
    piles = "  ".join(f"{i}:{_aw_pile(ctx, p)}" for i, p in enumerate(side.piles))
    lines.append(f"   {tr('aw.piles')} {piles}")
    if side.paralysed or side.paralysed_unknown:
        cards = [aw_card(ctx, c) for c in side.paralysed]
        if side.paralysed_unknown:
            cards.append(tr("aw.paralysed_unknown", n=side.paralysed_unknown))
        lines.append("   " + ctx.style.warn(tr("aw.paralysed", cards=", ".join(cards))))
    return lines


def awimbawe_table(v: awimbawe_pb2.AwimbaweView, ctx: Context) -> list[str]:
    tr, st = ctx.tr, ctx.style
    deciding = int_field(v, "decision_seat")
    lines = [
        st.bold(
            tr(
                "aw.header",
                round=v.round,
                leader=ctx.who(v.leader),
                name=ctx.who(deciding) if deciding is not None else "—",
                decision=(
                    tr.word("aw.decision", aw_word(awimbawe_pb2.AwimbaweDecision, v.decision))
                    if v.decision
                    else "—"
                ),
            )
        )
    ]
    me = int_field(v, "seat")
    order = [1 - me, me] if me in (0, 1) else [0, 1]
    sides = {side.seat: side for side in v.players}
    if order[0] in sides:
        lines += _aw_side(ctx, sides[order[0]])
    if v.table:
        played = ", ".join(f"{ctx.who(p.seat)}: {aw_card(ctx, p.card)}" for p in v.table)
        lines.append(st.bold(tr("aw.trick", cards=played)))
    else:
        lines.append(tr("aw.trick_empty"))
    if order[1] in sides:
        lines += _aw_side(ctx, sides[order[1]])
    if v.hand:
        cards = "  ".join(f"#{i + 1} {aw_card(ctx, c)}" for i, c in enumerate(v.hand))
        lines.append(tr("aw.hand", cards=cards))
    next_leader = int_field(v, "next_leader")
    if next_leader is not None:
        lines.append(tr("aw.next_leader", name=ctx.who(next_leader)))
    if v.decision == awimbawe_pb2.AWIMBAWE_DECISION_SNAKE and v.snake_hand_positions:
        lines.append(tr("aw.snake_positions", n=v.snake_hand_positions))
    if has(v, "last_trick") and v.last_trick.led.animal:
        last = v.last_trick
        lines.append(
            st.dim(
                tr(
                    "aw.last_trick",
                    led=aw_card(ctx, last.led),
                    followed=aw_card(ctx, last.followed),
                    name=ctx.who(last.winner),
                )
            )
        )
    if v.decision == awimbawe_pb2.AWIMBAWE_DECISION_ROUND_OVER and v.round_results:
        return lines + awimbawe_round_table(v, ctx)
    for result in v.round_results:
        lines.append(st.dim(_aw_round_result(ctx, result)))
    return lines


def awimbawe_round_table(v: awimbawe_pb2.AwimbaweView, ctx: Context) -> list[str]:
    """AW-PAUSE-1: the round just played, shown while the table rests: who won it and why,
    each seat's crowns, Hyenas and rounds won."""
    tr, st = ctx.tr, ctx.style
    last = v.round_results[-1]
    reason = _aw_reason(ctx, last.reason)
    title = tr("aw.pause.title", round=last.round, name=ctx.who(last.winner), reason=reason)
    lines = ["", st.bold(title)]
    won = {side.seat: side.rounds_won for side in v.players}
    for seat in (0, 1):
        name = strip_ansi(ctx.who(seat))
        row = tr(
            "aw.pause.row",
            crowns=last.crowns[seat] if seat < len(last.crowns) else 0,
            hyenas=last.hyenas[seat] if seat < len(last.hyenas) else 0,
            won=won.get(seat, 0),
        )
        mark = "★" if seat == last.winner else " "
        line = f"{mark} {name:<18} {row}"
        lines.append(st.bold(line) if seat == last.winner else line)
    return lines


def _aw_reason(ctx: Context, reason: int) -> str:
    """A round's reason in words (i18n keys ``aw.reason.four_hyenas``...)."""
    return ctx.tr.word("aw.reason", aw_word(awimbawe_pb2.AwimbaweRoundReason, reason))


def _aw_per_seat(ctx: Context, values: Iterable[int]) -> str:
    """``Ana 12, Bot 2 20``: one number per seat, seat 0 first."""
    return ", ".join(f"{ctx.who(seat)} {value}" for seat, value in enumerate(values))


def _aw_round_result(ctx: Context, result: awimbawe_pb2.AwimbaweRoundResultView) -> str:
    return ctx.tr(
        "aw.round_result",
        round=result.round,
        name=ctx.who(result.winner),
        reason=_aw_reason(ctx, result.reason),
        crowns=_aw_per_seat(ctx, result.crowns),
        hyenas=_aw_per_seat(ctx, result.hyenas),
    )


def awimbawe_outcome_lines(detail: awimbawe_pb2.AwimbaweOutcome, ctx: Context) -> list[str]:
    """What the end of a match shows from Awimbawé's outcome detail: every round."""
    return [_aw_round_result(ctx, result) for result in detail.rounds]


def _aw_source(ctx: Context, card: int, v: Any) -> str:
    if isinstance(v, awimbawe_pb2.AwimbaweView):
        me = int_field(v, "seat")
        for side in v.players:
            if side.seat != me:
                continue
            for index, pile in enumerate(side.piles):
                if has(pile, "top") and pile.top.animal and pile.top.card == card:
                    return ctx.tr("aw.from_pile", pile=index)
        return ctx.tr("aw.from_hand")
    played_from = aw_memory(ctx).sources.get(card)
    if played_from is not None:  # a replay: the step's event said where it came from
        if played_from < 0:
            return ctx.tr("aw.from_hand")
        return ctx.tr("aw.from_pile", pile=played_from)
    return ""


def awimbawe_action(a: awimbawe_pb2.AwimbaweAction, ctx: Context, v: Any) -> str:
    tr = ctx.tr
    which = a.WhichOneof("action")
    actor = ctx.actor if ctx.actor in (0, 1) else ctx.me
    opponent = 1 - actor if actor in (0, 1) else None
    if which == "play_card":
        card = a.play_card.card
        source = _aw_source(ctx, card, v)
        if not source:
            return tr("aw.act.play_card_plain", card=aw_card(ctx, card))
        return tr("aw.act.play_card", card=aw_card(ctx, card), source=source)
    if which == "eagle_choice":
        return tr("aw.act.fight" if a.eagle_choice.fight else "aw.act.flee")
    if which == "rhino_move":
        return tr(
            "aw.act.rhino_move",
            name=ctx.who(opponent),
            from_pile=a.rhino_move.from_pile,
            to_pile=a.rhino_move.to_pile,
        )
    if which == "skip_power":
        return tr("aw.act.skip_power")
    if which == "cheetah_choice":
        return tr("aw.act.cheetah_choice", name=ctx.who(a.cheetah_choice.leader))
    if which == "snake_pick":
        target = int_field(a.snake_pick, "target_card")
        if target is not None:
            return tr("aw.act.snake_card", card=aw_card(ctx, target))
        return tr(
            "aw.act.snake_hand",
            name=ctx.who(opponent),
            n=int_field(a.snake_pick, "hand_position"),
        )
    if which == "choose_leader":
        return tr("aw.act.choose_leader", name=ctx.who(a.choose_leader.leader))
    if which == "next_round":
        return ctx.style.bold(tr("aw.act.next_round"))
    return str(which)


def awimbawe_event(ev: awimbawe_pb2.AwimbaweEvent, ctx: Context) -> str | None:
    """One line for an Awimbawé event (``None`` for an empty one)."""
    tr = ctx.tr
    which = ev.WhichOneof("event")
    if which is None:
        return None
    e: Any = getattr(ev, which)
    who = ctx.who(e.seat) if hasattr(e, "seat") else ""
    if which == "card_played":
        aw_memory(ctx).sources[e.card.card] = (
            e.pile if e.source == awimbawe_pb2.AWIMBAWE_SOURCE_PILE else -1
        )
        source = (
            tr("aw.from_pile", pile=e.pile)
            if e.source == awimbawe_pb2.AWIMBAWE_SOURCE_PILE
            else tr("aw.from_hand")
        )
        return tr("aw.ev.card_played", who=who, card=aw_card(ctx, e.card), source=source)
    if which == "paralysis_ended":
        return tr("aw.ev.paralysis_ended", who=who)
    if which == "ready_for_next_round":
        return ctx.style.dim(tr("aw.ev.ready_for_next_round", who=who))
    if which in ("power_without_effect", "power_skipped"):
        power = tr.word("aw.animal", aw_word(awimbawe_pb2.AwimbawePower, e.power))
        return tr(f"aw.ev.{which}", who=who, power=power)
    if which == "eagle_choice":
        return ctx.style.bold(tr("aw.ev.eagle_choice", who=who, fight="yes" if e.fight else "no"))
    if which == "rhino_move":
        card = aw_card(ctx, e.card) if e.HasField("card") else tr("aw.hidden_card")
        return tr(
            "aw.ev.rhino_move",
            who=who,
            card=card,
            owner=ctx.who(e.owner),
            from_pile=e.from_pile,
            to_pile=e.to_pile,
        )
    if which == "card_paralysed":
        if not e.HasField("card"):
            return tr("aw.ev.card_paralysed_hand", who=who, owner=ctx.who(e.owner))
        return tr(
            "aw.ev.card_paralysed", who=who, card=aw_card(ctx, e.card), owner=ctx.who(e.owner)
        )
    if which == "hand_card_paralysed":
        key = private_key("aw.ev.hand_card_paralysed", {"seat": e.seat}, ctx)
        return ctx.style.warn(tr(key, who=who, card=aw_card(ctx, e.card)))
    if which == "cheetah_choice":
        return tr("aw.ev.cheetah_choice", who=who, leader=ctx.who(e.leader))
    return _awimbawe_trick_and_round_event(which, e, who, ctx)


def awimbawe_catalogue_lines(cat: Any, ctx: Context) -> list[str]:
    """The game's material (``GetGameCatalogue``) in words, one line per kind (``cercle
    cards``)."""
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


register(
    GameRenderer(
        "awimbawe",
        table=awimbawe_table,
        action=awimbawe_action,
        event=awimbawe_event,
        outcome_lines=awimbawe_outcome_lines,
        memory=AwimbaweMemory,
        catalogue=awimbawe_catalogue_lines,
        round=lambda view: view.round,
        auto_order=(
            "play_card",
            "eagle_choice",
            "choose_leader",
            "cheetah_choice",
            "rhino_move",
            "snake_pick",
            "skip_power",
        ),
    )
)


def _awimbawe_trick_and_round_event(which: str, e: Any, who: str, ctx: Context) -> str | None:
    """Tricks, rounds and deals (the rest of :func:`awimbawe_event`)."""
    tr = ctx.tr
    if which == "trick_won":
        if len(e.cards) == 2:
            for card, seat in zip(e.cards, (e.led_to, e.followed_to), strict=True):
                crowns = aw_memory(ctx).crowns
                if seat in crowns:  # counted since the round was dealt
                    crowns[seat] += card.crowns
        cards = " / ".join(aw_card(ctx, c) for c in e.cards)
        return ctx.style.bold(tr("aw.ev.trick_won", winner=ctx.who(e.winner), cards=cards))
    if which == "cards_turned_up":
        text = ", ".join(
            f"{ctx.who(c.seat)} {tr('aw.from_pile', pile=c.pile)}: {aw_card(ctx, c.card)}"
            for c in e.cards
        )
        return ctx.style.dim(tr("aw.ev.cards_turned_up", cards=text))
    if which == "next_leader":
        return ctx.style.dim(tr("aw.ev.next_leader", who=who))
    if which == "round_over":
        return ctx.style.bold(
            tr(
                "aw.ev.round_over",
                round=e.round,
                winner=ctx.who(e.winner),
                reason=_aw_reason(ctx, e.reason),
                crowns=_aw_per_seat(ctx, e.crowns),
                hyenas=_aw_per_seat(ctx, e.hyenas),
            )
        )
    if which == "match_over":
        return ctx.style.bold(tr("aw.ev.match_over", winner=ctx.who(e.winner)))
    if which == "leader_chosen":
        return tr("aw.ev.leader_chosen", who=who, leader=ctx.who(e.leader))
    if which == "round_dealt":
        aw_memory(ctx).crowns = {0: 0, 1: 0}
        return ctx.style.bold(tr("aw.ev.round_dealt", round=e.round, leader=ctx.who(e.leader)))
    if which == "hand_dealt":
        cards = ", ".join(aw_card(ctx, c) for c in e.cards)
        return tr(private_key("aw.ev.hand_dealt", {"seat": e.seat}, ctx), who=who, cards=cards)
    return None
