"""Text rendering for the terminal client: tables, action labels, event lines, outcomes.

Pure functions of the contract's messages (``cercle.v1``) and a :class:`Context` (language,
colours, the names at the table, and what the client has seen of cards). No I/O, no gRPC:
the interactive loop (:mod:`clients.tui`) and the commands (:mod:`clients.cli`) print what
these return. Colours are plain ANSI codes added by :class:`Style`; every line reads the
same without them.

Card ids that a view does not show are named from the games' documented layouts
(``docs/games/awimbawe.md``: ``card = colour × 6 + value − 1``, Eagles 24–27;
``docs/games/tomy.md``: dog ``c`` is of the breed in column ``c // 16``) or from the faces
the client has seen (Tomahawk), never from the engine.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cercle.v1 import (
    awimbawe_pb2,
    common_pb2,
    game_pb2,
    tamashii_pb2,
    tomahawk_pb2,
    tomy_pb2,
)
from google.protobuf import json_format
from google.protobuf.message import Message

from clients.i18n import Tr
from clients.sdk import bot_level_name

GAMES = ("tomahawk", "tamashii", "tomy", "awimbawe")

# -- style --------------------------------------------------------------------------------------

PALETTE = {
    "red": "31",
    "blue": "34",
    "violet": "35",
    "white": "97",
    "green": "32",
    "yellow": "93",
    "black": "90",
    "brown": "33",
    "sky": "96",
    "orange": "38;5;208",
}


@dataclass(frozen=True)
class Style:
    """ANSI colours, or nothing at all when ``enabled`` is false.

    >>> Style(False).bold("x"), Style(True).bold("x")
    ('x', '\\x1b[1mx\\x1b[0m')
    """

    enabled: bool = False

    def paint(self, text: str, *codes: str) -> str:
        if not self.enabled or not codes:
            return text
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m"

    def bold(self, text: str) -> str:
        return self.paint(text, "1")

    def dim(self, text: str) -> str:
        return self.paint(text, "2")

    def colour(self, text: str, colour: str | None) -> str:
        code = PALETTE.get(colour or "")
        return self.paint(text, code) if code else text

    def good(self, text: str) -> str:
        return self.paint(text, "32")

    def bad(self, text: str) -> str:
        return self.paint(text, "31")

    def warn(self, text: str) -> str:
        return self.paint(text, "33")


ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def strip_ansi(text: str) -> str:
    """``text`` without colour codes.

    >>> strip_ansi(Style(True).bold("Ana"))
    'Ana'
    """
    return ANSI.sub("", text)


_TERMINAL_SEQUENCES = re.compile(
    r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"  # CSI (cursor, erase, colours)
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC...
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]?"  # any other escape
)


def _unsafe(char: str) -> bool:
    """A control character (C0, DEL, C1) or a format character (bidi overrides and
    isolates, zero-width and invisible ones), except the joiner emoji sequences use."""
    return unicodedata.category(char) in ("Cc", "Cf") and char != "\u200d"


def safe_text(text: str) -> str:
    r"""Text from the server as it may be printed: no escape sequence, no control or bidi or
    invisible character (line breaks and tabs become spaces). Every name, story, message
    and label that came over the wire goes through here before it reaches the terminal
    (the server cleans free text too; a client does not rely on it).

    >>> safe_text("Eve\x1b[2J\x1b]0;pwned\x07\u202e!\nok")
    'Eve! ok'
    """
    text = _TERMINAL_SEQUENCES.sub("", text)
    return "".join(" " if c in "\t\n\r" else c for c in text if c in "\t\n\r" or not _unsafe(c))


M = TypeVar("M", bound=Message)


def safe_message(message: M) -> M:
    """A copy of a server message whose every string (nested, repeated, map keys and
    values, ``Struct`` values included) went through :func:`safe_text`."""
    copy = type(message)()
    copy.CopyFrom(message)
    _clean_strings(copy)
    return copy


def _clean_strings(message: Message) -> None:
    for fd, value in message.ListFields():
        entry = fd.message_type
        if entry is not None and entry.GetOptions().map_entry:
            holds_messages = entry.fields_by_name["value"].message_type is not None
            for key in list(value):
                item = value[key]
                if holds_messages:
                    _clean_strings(item)
                new_key = safe_text(key) if isinstance(key, str) else key
                new_item = safe_text(item) if isinstance(item, str) else item
                if new_key == key and new_item == item:
                    continue
                if holds_messages:
                    kept = type(item)()
                    kept.CopyFrom(item)
                    del value[key]
                    value[new_key].CopyFrom(kept)
                else:
                    del value[key]
                    value[new_key] = new_item
        elif fd.type == fd.TYPE_MESSAGE:
            for item in value if _is_repeated(fd) else [value]:
                _clean_strings(item)
        elif fd.type == fd.TYPE_STRING:
            if _is_repeated(fd):
                value[:] = [safe_text(v) for v in value]
            else:
                setattr(message, fd.name, safe_text(value))


def _is_repeated(fd: Any) -> bool:
    return bool(fd.is_repeated) if hasattr(fd, "is_repeated") else fd.label == fd.LABEL_REPEATED


def json_safe(text: str) -> str:
    r"""A JSON document (as ``json.dumps`` writes it: control characters in strings already
    escaped) with its other control, bidi and invisible characters written as ``\uXXXX``
    escapes too: the same data, harmless on a terminal. Its own line breaks stay.

    >>> json_safe('{"name": "Eve\u202e\x9b"}')
    '{"name": "Eve\\u202e\\u009b"}'
    """
    return "".join(f"\\u{ord(c):04x}" if c != "\n" and _unsafe(c) else c for c in text)


# -- context ------------------------------------------------------------------------------------


@dataclass
class Context:
    """What rendering needs besides the message: language, style, who sits where, and the
    card faces seen so far (so that an event naming a card id can say which card it is)."""

    game_id: str
    tr: Tr
    style: Style = field(default_factory=Style)
    names: dict[int, str] = field(default_factory=dict)
    me: int = -1
    players: dict[str, str] = field(default_factory=dict)
    tt_faces: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    places: dict[int, tuple[str, str]] = field(default_factory=dict)
    column_places: dict[int, int] = field(default_factory=dict)
    tt_pending_draw: int | None = None

    @property
    def lang(self) -> str:
        return self.tr.lang

    def set_room(self, room: common_pb2.Room) -> None:
        """Take the seats' names and my seat from a Room message."""
        if room.game_id:
            self.game_id = room.game_id
        self.me = room.my_seat
        for seat in room.seats:
            if seat.player_id:
                name = safe_text(seat.display_name or seat.player_id)
                self.names[seat.index] = name
                self.players[seat.player_id] = name
            else:
                self.names.pop(seat.index, None)

    def who(self, seat: Any) -> str:
        """A seat's name, marked when it is mine."""
        if seat is None or seat == "":
            return "?"
        try:
            index = int(seat)
        except (TypeError, ValueError):
            return str(seat)
        if index < 0:
            return self.tr("nobody")
        name = self.names.get(index) or self.tr("seat_n", n=index)
        if index == self.me:
            return self.style.bold(f"{name} ({self.tr('you')})")
        return name

    def who_all(self, seats: Iterable[Any]) -> str:
        names = [self.who(s) for s in seats]
        return ", ".join(names) if names else self.tr("nobody")

    def player(self, player_id: str) -> str:
        return self.players.get(player_id, player_id or "?")


# -- small helpers ------------------------------------------------------------------------------


def _upper_snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()


def text_field(message: Message, name: str) -> str | None:
    """A string (or enum, by its short lower-case name) field; None when unset or absent.

    Tolerates a field turning from ``string`` into an enum in a later contract.
    """
    fd: Any = message.DESCRIPTOR.fields_by_name.get(name)
    if fd is None:
        return None
    if fd.has_presence and not message.HasField(name):
        return None
    value = getattr(message, name)
    if fd.type == fd.TYPE_ENUM:
        if value == 0:
            return None
        enum_name = fd.enum_type.values_by_number[value].name
        prefix = _upper_snake(fd.enum_type.name) + "_"
        return str(enum_name[len(prefix) :].lower() if enum_name.startswith(prefix) else enum_name)
    return str(value) if value != "" else None


def int_field(message: Message, name: str) -> int | None:
    """An int field; None when an ``optional`` one is unset or the field is absent."""
    fd: Any = message.DESCRIPTOR.fields_by_name.get(name)
    if fd is None:
        return None
    if fd.has_presence and not message.HasField(name):
        return None
    return int(getattr(message, name))


def has(message: Message, name: str) -> bool:
    """True when the message field ``name`` is set (and exists)."""
    return name in message.DESCRIPTOR.fields_by_name and message.HasField(name)


def plain(value: Any) -> Any:
    """JSON-style values with integral doubles turned back into ints.

    >>> plain({"seat": 1.0, "cards": [3.0, 4.5], "x": None})
    {'seat': 1, 'cards': [3, 4.5], 'x': None}
    """
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def private_key(key: str, d: Mapping[str, Any], ctx: Context) -> str:
    """``key`` for an event addressed to me, ``key.other`` for someone else's (a replay
    shows every private event; a seated player only gets their own)."""
    seat = d.get("seat")
    mine = seat == ctx.me if seat is not None else ctx.me >= 0
    return key if mine else f"{key}.other"


def game_of(view: game_pb2.View) -> str:
    return view.WhichOneof("game") or ""


# -- Tomahawk -----------------------------------------------------------------------------------

TT_COLOURLESS = frozenset({"diamond", "calumet", "shaman", "wheel"})
TT_COLOURS = ("red", "blue", "violet", "white")
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
    known = ctx.tt_faces.get(card_id)
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
    for face in faces:
        kind = text_field(face, "kind")
        if kind:
            ctx.tt_faces[face.id] = (kind, text_field(face, "colour"))


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
        if s.catchable:
            flags.append(st.warn(tr("tt.catchable")))
        if s.skips_next_turn:
            flags.append(tr("tt.skips_next"))
        target = int_field(s, "shaman_target")
        if target is not None and s.seat == int_field(v, "seat"):
            draw = tr("tt.shaman_draw", n=s.shaman_draw) if s.shaman_draw else tr("tt.shaman_skip")
            flags.append(tr("tt.shaman_back", name=ctx.who(target), draw=draw))
        name = strip_ansi(ctx.who(s.seat))
        line = tr("tt.seat_line", cards=f"{s.cards:>2}", total=s.total)
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
            n = ctx.tt_pending_draw if ctx.tt_pending_draw is not None else "?"
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
        ctx.tt_pending_draw = e.total
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
    if which == "hands_swapped":
        return tr("tt.ev.hands_swapped", who=who, target=ctx.who(e.target))
    return _tomahawk_table_event(which, e, ctx, who)


def _tomahawk_table_event(which: str, e: Any, ctx: Context, who: str) -> str | None:
    """The rest of :func:`tomahawk_event`: draws, calls, penalties, the round and the match."""
    tr = ctx.tr
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
        return ctx.style.bold(tr("tt.ev.match_ended", names=ctx.who_all(list(e.winners))))
    return None


def tomahawk_outcome_lines(detail: tomahawk_pb2.TomahawkOutcome, ctx: Context) -> list[str]:
    """What the end of a Tomahawk match adds to the shared outcome lines."""
    if not detail.rounds:
        return []
    return [ctx.tr("tt.outcome", rounds=detail.rounds, target=detail.target_score)]


def _totals(ctx: Context, d: Mapping[str, Any], key: str = "totals") -> str:
    values = d.get(key)
    if not isinstance(values, list):
        return str(values)
    return ", ".join(f"{ctx.who(i)} {t}" for i, t in enumerate(values))


# -- Tamashii -----------------------------------------------------------------------------------

GEM_COLOURS = ("blue", "red", "yellow", "black")


def tm_enum(enum: Any, number: int) -> str:
    """The value name of a Tamashii enum without its prefix (``TAMASHII_POWER_PEEK`` ->
    ``PEEK``), the suffix of its i18n keys; ``""`` for the unset zero value."""
    if not number:
        return ""
    prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum.DESCRIPTOR.name).upper() + "_"
    return str(enum.Name(number))[len(prefix) :]


def gems_text(ctx: Context, gems: Any) -> str:
    """``2 blue, 1 red`` from a TamashiiGems message or a ``{"blue": 2, ...}`` dict."""
    counts: dict[str, int] = {}
    for colour in GEM_COLOURS:
        if isinstance(gems, Mapping):
            counts[colour] = int(gems.get(colour) or 0)
        else:
            counts[colour] = int(getattr(gems, colour, 0) or 0)
    parts = [
        ctx.style.colour(f"{n} {ctx.tr.word('tm.gem', colour)}", colour)
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
    name = tm_enum(tamashii_pb2.TamashiiColour, colour).lower()
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
        pile = tm_enum(tamashii_pb2.TamashiiPile, e.excess_to).lower()
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
        if not e.colour:
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


# -- Tomy ---------------------------------------------------------------------------------------

BREEDS = ("cocker", "teckel", "husky", "yorkshire", "caniche", "dalmatien")
BREED_COLOURS = ("green", "red", "blue", "yellow", "violet", "orange")
DOGS_PER_BREED = 16


def my_breed(ctx: Context, column: Any) -> str:
    try:
        index = int(column)
    except (TypeError, ValueError):
        return str(column)
    if not 0 <= index < len(BREEDS):
        return str(column)
    return ctx.style.colour(ctx.tr.word("my.breed", BREEDS[index]), BREED_COLOURS[index])


def my_dog(ctx: Context, card: Any) -> str:
    try:
        card_id = int(card)
    except (TypeError, ValueError):
        return str(card)
    return ctx.tr("my.dog", breed=my_breed(ctx, card_id // DOGS_PER_BREED), card=card_id)


def my_place(ctx: Context, location: Any) -> str:
    try:
        known = ctx.places.get(int(location))
    except (TypeError, ValueError):
        known = None
    if known is None:
        return f"#{location}"
    return known[0] if ctx.lang == "fr" else known[1]


def learn_tomy(ctx: Context, v: tomy_pb2.TomyView) -> None:
    """Remember which location lies under each column (action labels name the place)."""
    ctx.column_places.clear()
    for column in v.columns:
        location = int_field(column, "location")
        if location is not None:
            ctx.column_places[column.column] = location


def tomy_learn_catalogue(ctx: Context, catalogue: tomy_pb2.TomyCatalogue) -> None:
    """Take the places' French and English text from the game's catalogue (by location id):
    views and events name places by id only."""
    catalogue = safe_message(catalogue)
    for location in catalogue.locations:
        names = {text_field(name, "language"): name.text for name in location.names}
        ctx.places[location.id] = (names.get("fr") or "", names.get("en") or "")


_TOMY_VOTING = (tomy_pb2.TOMY_PHASE_VOTE, tomy_pb2.TOMY_PHASE_TIE)


def tomy_table(v: tomy_pb2.TomyView, ctx: Context) -> list[str]:
    tr, st = ctx.tr, ctx.style
    lines = [
        st.bold(
            tr(
                "my.header",
                game=v.game,
                turn=v.turn,
                phase=tr.word("my.phase", text_field(v, "phase") or ""),
                leash=ctx.who(v.leash_holder),
            )
        )
    ]
    storyteller = int_field(v, "storyteller")
    if storyteller is not None and v.phase == tomy_pb2.TOMY_PHASE_STORY:
        lines.append(st.bold(tr("my.storyteller", name=ctx.who(storyteller))))
    stories = {p.column: p for p in v.proposals}
    for column in v.columns:
        location = int_field(column, "location")
        place = my_place(ctx, location) if location is not None else tr("my.no_place")
        breed = strip_ansi(my_breed(ctx, column.column))
        row = tr("my.column", column=column.column, breed=f"{breed:<18}", place=place)
        colour = text_field(column, "colour") or BREED_COLOURS[column.column % 6]
        lines.append("  " + st.colour(row, colour))
        proposal = stories.get(column.column)
        if proposal is not None:
            lines.append(
                "      "
                + st.bold(tr("my.story_by", name=ctx.who(proposal.seat), story=proposal.story))
            )
    if v.tie_columns:
        breeds = ", ".join(my_breed(ctx, c) for c in v.tie_columns)
        lines.append(st.warn(tr("my.tie", breeds=breeds)))
    lines.append(tr("my.players"))
    for seat, count in enumerate(v.hand_counts):
        flags = []
        if seat == v.leash_holder:
            flags.append(tr("my.flag.leash"))
        if seat < len(v.passed) and v.passed[seat]:
            flags.append(tr("my.flag.passed"))
        if seat < len(v.voted) and v.voted[seat]:
            flags.append(st.good(tr("my.flag.voted")))
        if seat < len(v.sitting_out) and v.sitting_out[seat] and v.phase in _TOMY_VOTING:
            flags.append(tr("my.flag.sitting_out"))
        suffix = f" · {', '.join(flags)}" if flags else ""
        lines.append("  " + tr("my.player_line", name=ctx.who(seat), cards=count, flags=suffix))
    if v.hand:
        lines.append(tr("my.hand"))
        by_breed: dict[int, list[int]] = {}
        for dog in v.hand:
            by_breed.setdefault(dog.column, []).append(dog.id)
        for dog_column in sorted(by_breed):
            cards = by_breed[dog_column]
            ids = ", ".join(f"#{c}" for c in cards)
            lines.append(f"   {my_breed(ctx, dog_column)} ×{len(cards)} ({ids})")
    my_vote = int_field(v, "my_vote")
    if my_vote is not None and my_vote >= 0:
        lines.append(tr("my.my_vote", card=my_dog(ctx, my_vote)))
    if has(v, "last_turn"):
        lines.append(st.dim(tr("my.last_turn", result=_tomy_last_turn(ctx, v.last_turn))))
    lines.append(
        st.dim(
            tr(
                "my.piles",
                dogs=v.dog_deck_count,
                dog_discards=v.dog_discard_count,
                places=v.location_deck_count,
            )
        )
    )
    if v.rounds and v.totals:
        totals = ", ".join(f"{ctx.who(i)} {t}" for i, t in enumerate(v.totals))
        lines.append(tr("my.totals", totals=totals, target=v.target_score))
    return lines


def _tomy_last_turn(ctx: Context, last: tomy_pb2.TomyLastTurnView) -> str:
    winning = int_field(last, "winning_column")
    if winning is None:
        return ctx.tr("my.ev.turn_no_result")
    votes = [
        f"{ctx.who(seat)} {my_breed(ctx, card // DOGS_PER_BREED)}"
        for seat, card in enumerate(last.votes)
        if card >= 0
    ]
    return f"{my_breed(ctx, winning)} ({'; '.join(votes)})"


def tomy_action(a: tomy_pb2.TomyAction, ctx: Context) -> str:
    tr = ctx.tr
    which = a.WhichOneof("action")
    if which == "propose":
        column = a.propose.column
        location = ctx.column_places.get(column)
        place = my_place(ctx, location) if location is not None else f"#{column}"
        return tr("my.act.propose", place=place, breed=my_breed(ctx, column))
    if which == "pass":
        return tr("my.act.pass")
    if which == "vote":
        return tr("my.act.vote", card=my_dog(ctx, a.vote.card))
    if which == "break_tie":
        return tr("my.act.break_tie", breed=my_breed(ctx, a.break_tie.column))
    return str(which)


def _tomy_breeds(ctx: Context, columns: Iterable[int]) -> str:
    return ", ".join(my_breed(ctx, c) for c in columns)


def tomy_event(ev: tomy_pb2.TomyEvent, ctx: Context) -> str | None:
    """One line for a Tomy event (``None``: no event set)."""
    tr = ctx.tr
    which = ev.WhichOneof("event")
    if which is None:
        return None
    e: Any = getattr(ev, which)
    who = ctx.who(e.seat) if "seat" in e.DESCRIPTOR.fields_by_name else ""
    if which == "story_proposed":
        return tr(
            "my.ev.story_proposed",
            who=who,
            place=my_place(ctx, e.location),
            breed=my_breed(ctx, e.column),
            story=e.story,
        )
    if which == "passed":
        return tr("my.ev.passed", who=who)
    if which == "vote_started":
        out = list(e.sitting_out)
        sitting = tr("my.ev.sitting_out", names=ctx.who_all(out)) if out else ""
        return ctx.style.bold(
            tr("my.ev.vote_started", breeds=_tomy_breeds(ctx, e.columns), out=sitting)
        )
    if which == "voted":
        return tr("my.ev.voted", who=who)
    if which == "own_vote":
        return tr(private_key("my.ev.own_vote", {}, ctx), card=my_dog(ctx, e.card.id))
    if which == "sat_out":
        return tr("my.ev.sat_out", who=who)
    if which == "votes_revealed":
        if not e.votes:
            return tr("my.ev.no_votes")
        text = "; ".join(f"{ctx.who(v.seat)} → {my_breed(ctx, v.column)}" for v in e.votes)
        return tr("my.ev.votes_revealed", votes=text)
    if which == "tie":
        return ctx.style.warn(tr("my.ev.tie", who=who, breeds=_tomy_breeds(ctx, e.columns)))
    if which == "tie_broken":
        return tr("my.ev.tie_broken", who=who, breed=my_breed(ctx, e.column))
    if which == "turn_result":
        column = int_field(e, "column")
        if column is None:
            return tr("my.ev.turn_no_result")
        return ctx.style.bold(
            tr(
                "my.ev.turn_result",
                breed=my_breed(ctx, column),
                names=ctx.who_all(list(e.must_draw)),
            )
        )
    return _tomy_deck_and_game_event(which, e, ctx, who)


def _tomy_deck_and_game_event(which: str, e: Any, ctx: Context, who: str) -> str | None:
    """The rest of :func:`tomy_event`: decks, rows, games and the match."""
    tr = ctx.tr
    if which == "dog_deck_reshuffled":
        return tr("my.ev.dog_deck_reshuffled", n=e.cards)
    if which == "card_drawn":
        return tr("my.ev.card_drawn", who=who)
    if which == "own_draw":
        return tr(private_key("my.ev.own_draw", {}, ctx), card=my_dog(ctx, e.card.id))
    if which == "no_card_to_draw":
        return tr("my.ev.no_card_to_draw", who=who)
    if which == "locations_discarded":
        return ctx.style.dim(tr("my.ev.locations_discarded", breeds=_tomy_breeds(ctx, e.columns)))
    if which == "row_refilled":
        text = "; ".join(
            f"{my_breed(ctx, p.column)}: {my_place(ctx, p.location)}" for p in e.placed
        )
        return ctx.style.dim(tr("my.ev.row_refilled", places=text))
    if which == "location_deck_short":
        return tr("my.ev.location_deck_short")
    if which == "turn_started":
        return tr("my.ev.turn_started", turn=e.turn, who=ctx.who(e.leash_holder))
    if which == "game_over":
        return ctx.style.bold(
            tr(
                "my.ev.game_over",
                game=e.game,
                reason=tr.word("my.reason", text_field(e, "reason") or ""),
                names=ctx.who_all(list(e.winners)),
            )
        )
    if which == "round_scored":
        return tr(
            "my.ev.round_scored",
            game=e.game,
            scores=_tomy_per_seat(ctx, e.scores),
            totals=_tomy_per_seat(ctx, e.totals),
        )
    if which == "game_started":
        return tr("my.ev.game_started", game=e.game, who=ctx.who(e.leash_holder))
    if which == "hand_dealt":
        text = ", ".join(my_dog(ctx, card.id) for card in e.cards)
        return tr(private_key("my.ev.hand_dealt", {}, ctx), cards=text)
    if which == "match_over":
        return ctx.style.bold(
            tr(
                "my.ev.match_over",
                reason=tr.word("my.reason", text_field(e, "reason") or ""),
                names=ctx.who_all(list(e.winners)),
            )
        )
    return None


def _tomy_per_seat(ctx: Context, values: Iterable[int]) -> str:
    return ", ".join(f"{ctx.who(i)} {v}" for i, v in enumerate(values))


def tomy_outcome_lines(detail: tomy_pb2.TomyOutcome, ctx: Context) -> list[str]:
    """What a finished match's detail adds to its outcome: each game's scores (rounds
    variant) and the cards left in hand."""
    lines = [
        ctx.tr("my.outcome.round", game=game, scores=_tomy_per_seat(ctx, scores.values))
        for game, scores in enumerate(detail.round_scores, start=1)
    ]
    if detail.hand_counts:
        lines.append(ctx.tr("my.outcome.hands", counts=_tomy_per_seat(ctx, detail.hand_counts)))
    return lines


# -- Awimbawé -----------------------------------------------------------------------------------

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


def aw_card_text(ctx: Context, animal: str, colour: str, value: int) -> str:
    agreement = "aw.colour_f" if animal in AW_FEMININE else "aw.colour"
    text = ctx.tr(
        "aw.card",
        colour=ctx.tr.word(agreement, colour),
        animal=ctx.tr.word("aw.animal", animal),
        value=value,
    )
    return ctx.style.colour(text, colour)


def aw_card(ctx: Context, card: Any) -> str:
    """A card from its id (an int) or its view message; ``?`` for a face-down one."""
    if isinstance(card, awimbawe_pb2.AwimbaweCardView):
        if not card.animal:
            return ctx.tr("aw.face_down")
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
                tricks=side.trick_pile_count,
                hyenas=side.hyenas,
            )
        )
    ]
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
    for result in v.round_results:
        lines.append(st.dim(_aw_round_result(ctx, result)))
    return lines


def _aw_reason(ctx: Context, reason: int) -> str:
    """A round's reason in words (i18n keys ``aw.reason.FOUR_HYENAS``...)."""
    return ctx.tr.word("aw.reason", aw_word(awimbawe_pb2.AwimbaweRoundReason, reason).upper())


def _aw_round_result(ctx: Context, result: awimbawe_pb2.AwimbaweRoundResultView) -> str:
    return ctx.tr(
        "aw.round_result",
        round=result.round,
        name=ctx.who(result.winner),
        reason=_aw_reason(ctx, result.reason),
        crowns=list(result.crowns),
        hyenas=list(result.hyenas),
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


def awimbawe_action(a: awimbawe_pb2.AwimbaweAction, ctx: Context, v: Any) -> str:
    tr = ctx.tr
    which = a.WhichOneof("action")
    opponent = 1 - ctx.me if ctx.me in (0, 1) else None
    if which == "play_card":
        card = a.play_card.card
        return tr("aw.act.play_card", card=aw_card(ctx, card), source=_aw_source(ctx, card, v))
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
        source = (
            tr("aw.from_pile", pile=e.pile)
            if e.source == awimbawe_pb2.AWIMBAWE_SOURCE_PILE
            else tr("aw.from_hand")
        )
        return tr("aw.ev.card_played", who=who, card=aw_card(ctx, e.card), source=source)
    if which == "paralysis_ended":
        return tr("aw.ev.paralysis_ended", who=who)
    if which in ("power_without_effect", "power_skipped"):
        power = tr.word("aw.animal", aw_word(awimbawe_pb2.AwimbawePower, e.power))
        return tr(f"aw.ev.{which}", who=who, power=power)
    if which == "eagle_choice":
        return ctx.style.bold(tr("aw.ev.eagle_fight" if e.fight else "aw.ev.eagle_flee", who=who))
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
    if which == "trick_won":
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
                crowns=list(e.crowns),
                hyenas=list(e.hyenas),
            )
        )
    if which == "match_over":
        return ctx.style.bold(tr("aw.ev.match_over", winner=ctx.who(e.winner)))
    if which == "leader_chosen":
        return tr("aw.ev.leader_chosen", who=who, leader=ctx.who(e.leader))
    if which == "round_dealt":
        return ctx.style.bold(tr("aw.ev.round_dealt", round=e.round, leader=ctx.who(e.leader)))
    if which == "hand_dealt":
        cards = ", ".join(aw_card(ctx, c) for c in e.cards)
        return tr(private_key("aw.ev.hand_dealt", {"seat": e.seat}, ctx), who=who, cards=cards)
    return None


# -- every game ---------------------------------------------------------------------------------


def learn(view: game_pb2.View, ctx: Context) -> None:
    """Remember what the view shows (card faces, places) for later event lines."""
    view = safe_message(view)
    which = game_of(view)
    if which == "tomahawk":
        learn_tomahawk(ctx, view.tomahawk)
    elif which == "tomy":
        learn_tomy(ctx, view.tomy)


def render_view(view: game_pb2.View, ctx: Context) -> list[str]:
    """The table as text lines (my hand included when I have one)."""
    view = safe_message(view)
    which = game_of(view)
    learn(view, ctx)
    if which == "tomahawk":
        return tomahawk_table(view.tomahawk, ctx)
    if which == "tamashii":
        return tamashii_table(view.tamashii, ctx)
    if which == "tomy":
        return tomy_table(view.tomy, ctx)
    if which == "awimbawe":
        return awimbawe_table(view.awimbawe, ctx)
    return []


def action_label(action: game_pb2.Action, ctx: Context, view: game_pb2.View | None = None) -> str:
    """One readable line for an action (a menu entry, a replay step)."""
    action = safe_message(action)
    which = action.WhichOneof("game")
    inner: Any = None
    if view is not None and game_of(view) == which:
        inner = getattr(view, which)
    if which == "tomahawk":
        return tomahawk_action(action.tomahawk, ctx, inner)
    if which == "tamashii":
        return tamashii_action(action.tamashii, ctx)
    if which == "tomy":
        return tomy_action(action.tomy, ctx)
    if which == "awimbawe":
        return awimbawe_action(action.awimbawe, ctx, inner)
    return "—"


SERVICE_EVENTS = frozenset(
    {
        "created",
        "joined",
        "left",
        "bot_added",
        "bot_removed",
        "spectator_joined",
        "spectator_left",
    }
)

_GAME_EVENTS: dict[str, Callable[[Any, Context], str | None]] = {
    "tomahawk": tomahawk_event,
    "tamashii": tamashii_event,
    "tomy": tomy_event,
    "awimbawe": awimbawe_event,
}
"""The narrator of each game's typed events (``<Game>Event`` -> one line)."""

_GAME_OUTCOMES: dict[str, Callable[[Any, Context], list[str]]] = {
    "tomahawk": tomahawk_outcome_lines,
    "tamashii": tamashii_outcome_lines,
    "tomy": tomy_outcome_lines,
    "awimbawe": awimbawe_outcome_lines,
}
"""The lines each game adds to the end of a match from its ``<Game>Outcome``."""


def narrate(
    event: game_pb2.Event,
    ctx: Context,
    room: common_pb2.Room | None = None,
    *,
    timeout: bool = False,
) -> str:
    """One line for an event; private events are marked, and so are the events of an update
    the server played for a seat whose clock ran out (``timeout``)."""
    tr = ctx.tr
    event = safe_message(event)
    which = event.WhichOneof("event")
    text: str | None = None
    if which == "room":
        text = room_event(event.room, ctx, room)
    elif which is not None:
        handler = _GAME_EVENTS.get(which)
        if handler is not None:
            text = handler(getattr(event, which), ctx)
    if text is None:  # an event this client does not know yet (a newer server)
        inner = getattr(event, which) if which else None
        kind = inner.WhichOneof("event") if inner is not None else None
        text = tr("ev.unknown", kind=kind or "?")
    if timeout:
        text += " " + ctx.style.dim(tr("timeout_tag"))
    if event.private:
        text = ctx.style.paint(tr("private_tag"), "36") + " " + text
    return text


def room_event(
    ev: game_pb2.RoomEvent, ctx: Context, room: common_pb2.Room | None = None
) -> str | None:
    """A change of the room itself, the same for every game."""
    tr = ctx.tr
    kind = ev.WhichOneof("event")
    if kind is None:
        return None
    e: Any = getattr(ev, kind)
    if kind in SERVICE_EVENTS:
        return tr(f"ev.{kind}", who=ctx.player(e.player_id))
    if kind == "ready":
        ready = None
        if room is not None:
            for seat in room.seats:
                if seat.player_id == e.player_id:
                    ready = seat.ready
        key = "ev.ready" if ready is None else ("ev.ready_on" if ready else "ev.ready_off")
        return tr(key, who=ctx.player(e.player_id))
    if kind == "match_started":
        return ctx.style.bold(tr("ev.match_started", commitment=e.seed_commitment[:16]))
    if kind == "match_finished":
        return tr("ev.match_finished")
    if kind in ("seat_taken_over", "seat_taken_back"):
        return ctx.style.warn(tr(f"ev.{kind}", who=ctx.who(e.seat)))
    return None


def event_json(event: game_pb2.Event) -> dict[str, Any]:
    """An event for ``--json`` output: its group (``room`` or the game), its kind, its fields
    (protobuf JSON names) and whether it was private."""
    which = event.WhichOneof("event") or ""
    inner = getattr(event, which) if which else None
    kind = (inner.WhichOneof("event") if inner is not None else None) or ""
    data = (
        json_format.MessageToDict(
            getattr(inner, kind),
            preserving_proto_field_name=True,
            always_print_fields_with_no_presence=True,
        )
        if inner is not None and kind
        else {}
    )
    return {"group": which, "kind": kind, "data": data, "private": event.private}


def outcome_json(outcome: game_pb2.Outcome) -> dict[str, Any]:
    """An outcome for ``--json`` output."""
    detail = outcome.WhichOneof("detail")
    return {
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "reason": game_pb2.OutcomeReason.Name(outcome.reason),
        "detail": json_format.MessageToDict(
            getattr(outcome, detail), preserving_proto_field_name=True
        )
        if detail
        else {},
    }


def render_outcome(outcome: game_pb2.Outcome, ctx: Context, *, details: bool = True) -> list[str]:
    """The end of a match: winners, scores, reason, and the game's own lines (Tamashii's
    verdict; with ``details``, what the final view also shows, such as Awimbawé's rounds)."""
    outcome = safe_message(outcome)
    tr, st = ctx.tr, ctx.style
    lines = [st.bold(tr("match_over"))]
    if outcome.winners:
        lines.append(st.good(tr("winners", names=ctx.who_all(outcome.winners))))
    else:
        lines.append(tr("no_winner"))
    if outcome.scores:
        scores = ", ".join(f"{ctx.who(i)} {s}" for i, s in enumerate(outcome.scores))
        lines.append(tr("scores", scores=scores))
    if outcome.reason:
        reason = game_pb2.OutcomeReason.Name(outcome.reason)[len("OUTCOME_REASON_") :]
        lines.append(tr("reason", reason=tr.word("outcome_reason", reason.lower())))
    which = outcome.WhichOneof("detail")
    handler = _GAME_OUTCOMES.get(which or "")
    if handler is not None and details:
        lines += handler(getattr(outcome, which or ""), ctx)
    return lines


STATUS_NAMES = {
    common_pb2.ROOM_STATUS_OPEN: "open",
    common_pb2.ROOM_STATUS_PLAYING: "playing",
    common_pb2.ROOM_STATUS_FINISHED: "finished",
    common_pb2.ROOM_STATUS_ABANDONED: "abandoned",
}


def status_name(room: common_pb2.Room) -> str:
    return STATUS_NAMES.get(room.status, "unspecified")


def option_text(value: common_pb2.OptionValue) -> str:
    which = value.WhichOneof("value")
    if which is None:
        return ""
    raw = getattr(value, which)
    if isinstance(raw, bool):
        return "true" if raw else "false"
    return str(raw)


def options_text(options: Mapping[str, common_pb2.OptionValue]) -> str:
    return " ".join(f"{k}={option_text(options[k])}" for k in sorted(options))


def render_room(room: common_pb2.Room, ctx: Context) -> list[str]:
    """The lobby: the room, its seats, who is ready."""
    room = safe_message(room)
    tr, st = ctx.tr, ctx.style
    lines = [
        st.bold(
            tr(
                "lobby_title",
                room_id=room.room_id,
                game=room.game_id,
                status=tr(f"status.{status_name(room)}"),
                code=room.join_code or "—",
            )
        ),
        st.dim(options_text(room.options)),
    ]
    for seat in room.seats:
        if not seat.player_id:
            lines.append(f"  {seat.index} {st.dim(tr('free_seat'))}")
            continue
        flags = []
        if seat.kind == common_pb2.SEAT_KIND_BOT:
            level = bot_level_name(seat.bot_level)
            flags.append(f"{tr('bot')} {tr.word('bot_level', level) if level else ''}".strip())
        flags.append(st.good(tr("ready")) if seat.ready else tr("not_ready"))
        if seat.player_id == room.host_player_id:
            flags.append(tr("host"))
        lines.append(f"  {seat.index} {ctx.who(seat.index)} · {', '.join(flags)}")
    return lines


def render_replay(replay: game_pb2.GetReplayResponse, room_id: str, ctx: Context) -> list[str]:
    """A finished match step by step: seat, action, then its events."""
    replay = safe_message(replay)
    tr = ctx.tr
    ctx.game_id = replay.game_id
    for seat in replay.seats:
        if seat.player_id:
            ctx.names[seat.index] = seat.display_name or seat.player_id
            ctx.players[seat.player_id] = ctx.names[seat.index]
    names = ", ".join(ctx.names.get(i, "?") for i in range(replay.players))
    lines = [
        ctx.style.bold(
            tr(
                "replay_title",
                room_id=room_id,
                game=replay.game_id,
                players=replay.players,
                names=names,
            )
        ),
        ctx.style.dim(options_text(replay.options)),
    ]
    for step in replay.steps:
        if step.HasField("action") and step.action.WhichOneof("game"):
            label = action_label(step.action, ctx)
        else:
            label = tr("replay_timeout")
        version = f"{step.version:<4}"
        lines.append(tr("replay_step", version=version, seat=ctx.who(step.seat), action=label))
        for event in step.events:
            lines.append("        · " + narrate(event, ctx, timeout=step.timeout))
    if replay.HasField("outcome"):
        lines += render_outcome(replay.outcome, ctx)
    return lines
