"""What the terminal shows the same way for every game: the table, action and event lines
through each game's :class:`GameRenderer`, the room's own events, the outcome, the lobby and
the replay."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cercle.v1 import (
    common_pb2,
    game_pb2,
    lobby_pb2,
)
from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from clients.i18n import Tr
from clients.options import choice_name, options_message, plain_value
from clients.render.renderer import (
    Context,
    TypedText,
    game_of,
    renderer_for,
)
from clients.render.text import (
    safe_message,
)


def learn(view: game_pb2.View, ctx: Context) -> None:
    """Remember what the view shows (card faces, places) for later event lines."""
    view = safe_message(view)
    which = game_of(view)
    renderer = renderer_for(which)
    if renderer is not None and renderer.learn is not None:
        renderer.learn(ctx, getattr(view, which))


def learn_catalogue(response: lobby_pb2.GetGameCatalogueResponse, ctx: Context) -> None:
    """Remember what a game's catalogue names by id (places), for later lines."""
    which = response.WhichOneof("catalogue")
    renderer = renderer_for(which)
    if which and renderer is not None and renderer.learn_catalogue is not None:
        renderer.learn_catalogue(ctx, getattr(response, which))


def typed_text(action: game_pb2.Action) -> TypedText | None:
    """How a line typed for ``action`` is taken, when the action waits for one (a story
    told with a proposal); None for an action sent as chosen."""
    which = action.WhichOneof("game")
    renderer = renderer_for(which)
    typed = renderer.typed if renderer is not None else None
    if which is None or typed is None or not typed.asks(getattr(action, which)):
        return None
    return typed


def announces(action: game_pb2.Action) -> bool | None:
    """Whether ``action`` is a play made announcing something (its game's
    :attr:`GameRenderer.announcement`); None for an action that cannot announce."""
    which = action.WhichOneof("game")
    renderer = renderer_for(which)
    if which is None or renderer is None or renderer.announcement is None:
        return None
    return renderer.announcement.flag(getattr(action, which))


def unannounced(action: game_pb2.Action) -> game_pb2.Action:
    """``action`` without its announcement: what both variants of one play share."""
    which = action.WhichOneof("game")
    renderer = renderer_for(which)
    if not announces(action) or which is None or renderer is None:
        return action
    assert renderer.announcement is not None
    plain = game_pb2.Action()
    plain.CopyFrom(action)
    renderer.announcement.clear(getattr(plain, which))
    return plain


def announcement_hint(action: game_pb2.Action, ctx: Context) -> str:
    """The menu's hint for an announcing variant of a play, in words ("" for another action)."""
    renderer = renderer_for(action.WhichOneof("game"))
    if renderer is None or renderer.announcement is None:
        return ""
    return ctx.tr(renderer.announcement.hint)


def typed_example(action: game_pb2.Action, ctx: Context) -> str:
    """What Enter alone sends for an action that waits for a typed line ("" for another)."""
    typed = typed_text(action)
    which = action.WhichOneof("game")
    return typed.example(getattr(action, which), ctx) if typed is not None and which else ""


def typed_action(action: game_pb2.Action, line: str) -> game_pb2.Action:
    """A copy of ``action`` with the typed ``line`` put in (the action itself when it waits
    for no line, or the line is empty: Enter alone sends the example)."""
    typed = typed_text(action)
    which = action.WhichOneof("game")
    if typed is None or which is None or not line:
        return action
    filled = game_pb2.Action()
    filled.CopyFrom(action)
    typed.fill(getattr(filled, which), line)
    return filled


def opening_line(view: game_pb2.View, ctx: Context) -> str | None:
    """What the game tells when its match starts, from the first view (or None)."""
    view = safe_message(view)
    which = game_of(view)
    renderer = renderer_for(which)
    if renderer is None or renderer.opening is None:
        return None
    return renderer.opening(getattr(view, which), ctx)


def render_view(view: game_pb2.View, ctx: Context) -> list[str]:
    """The table as text lines (my hand included when I have one)."""
    view = safe_message(view)
    which = game_of(view)
    learn(view, ctx)
    renderer = renderer_for(which)
    return renderer.table(getattr(view, which), ctx) if renderer is not None else []


def action_label(action: game_pb2.Action, ctx: Context, view: game_pb2.View | None = None) -> str:
    """One readable line for an action (a menu entry, a replay step)."""
    action = safe_message(action)
    which = action.WhichOneof("game")
    renderer = renderer_for(which)
    if which is None or renderer is None:
        return "—"
    inner: Any = None
    if view is not None and game_of(view) == which:
        inner = getattr(view, which)
    return renderer.action(getattr(action, which), ctx, inner)


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
        renderer = renderer_for(which)
        if renderer is not None:
            text = renderer.event(getattr(event, which), ctx)
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
    if kind == "chat_sent":
        return tr("ev.chat_sent", who=ctx.who(e.seat), text=e.text)
    if kind == "seat_muted":
        return tr("ev.seat_muted", who=ctx.who(e.seat), muted="yes" if e.muted else "no")
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
    """The end of a match: winners, scores, reason, and the game's own lines (a
    verdict; with ``details``, what the final view also shows, such as the rounds won)."""
    outcome = safe_message(outcome)
    tr, st = ctx.tr, ctx.style
    lines = [st.bold(tr("match_over"))]
    if outcome.winners:
        lines.append(
            st.good(tr("winners", names=ctx.who_all(outcome.winners), count=len(outcome.winners)))
        )
    else:
        lines.append(tr("no_winner"))
    if outcome.scores:
        scores = ", ".join(f"{ctx.who(i)} {s}" for i, s in enumerate(outcome.scores))
        lines.append(tr("scores", scores=scores))
    if outcome.reason:
        reason = game_pb2.OutcomeReason.Name(outcome.reason)[len("OUTCOME_REASON_") :]
        lines.append(tr("reason", reason=tr.word("outcome_reason", reason.lower())))
    which = outcome.WhichOneof("detail")
    renderer = renderer_for(which)
    if renderer is not None and details:
        lines += renderer.outcome_lines(getattr(outcome, which or ""), ctx)
    return lines


STATUS_NAMES = {
    common_pb2.ROOM_STATUS_OPEN: "open",
    common_pb2.ROOM_STATUS_PLAYING: "playing",
    common_pb2.ROOM_STATUS_FINISHED: "finished",
    common_pb2.ROOM_STATUS_ABANDONED: "abandoned",
}


def status_name(room: common_pb2.Room) -> str:
    return STATUS_NAMES.get(room.status, "unspecified")


def option_text(game_id: str, info: lobby_pb2.OptionInfo) -> str:
    """An option's default as ``--option`` takes it (``standard``, ``true``, ``60``); empty
    when the default is to leave it unset (a first player drawn at random)."""
    value = info.default_value
    which = value.WhichOneof("value")
    if which is None:
        return ""
    if which == "enum_value":
        return choice_name(game_id, info.name, value.enum_value).lower()
    raw = getattr(value, which)
    return ("true" if raw else "false") if isinstance(raw, bool) else str(raw)


def option_phrase(
    game_id: str,
    field: FieldDescriptor,
    value: int | bool,
    tr: Tr,
    info: lobby_pb2.OptionInfo | None = None,
) -> str:
    """One room option in words (``decision clock 60 s``, ``language English``), from the
    CLI's ``room_option-<name>`` message; a choice is named by the server's label
    (``info.choices``) or the games catalogue. An option the catalogues do not know is said
    with the server's description when there is one, else left out (empty)."""
    name = field.name
    shown: object = value
    if isinstance(value, bool):
        shown = "true" if value else "false"
    elif field.type == FieldDescriptor.TYPE_ENUM:
        choice = str(plain_value(field, value))
        shown = choice.lower()
        label = next((c.label for c in (info.choices if info else ()) if c.value == value), "")
        if label:
            shown = label
        elif tr.has(f"game.{game_id}.option.{name}.{choice}"):
            shown = tr(f"game.{game_id}.option.{name}.{choice}")
    if tr.has(f"room_option.{name}"):
        return tr(f"room_option.{name}", value=shown)
    if info is not None and info.description:
        return tr("room_option_other", description=info.description.rstrip("."), value=shown)
    return ""


def options_text(
    options: common_pb2.RoomOptions,
    game_id: str,
    tr: Tr,
    infos: Mapping[str, lobby_pb2.OptionInfo] | None = None,
) -> str:
    """A room's options in words, in the order of the game's options message; an option
    left unset (a first player drawn at random) is said with ``value`` ``unset``."""
    which = options.WhichOneof("game")
    if which is None:
        return ""
    inner: Message = getattr(options, which)
    phrases = []
    for field in options_message(which).fields:
        info = (infos or {}).get(field.name)
        if not field.has_presence or inner.HasField(field.name):
            phrases.append(option_phrase(game_id, field, getattr(inner, field.name), tr, info))
        elif tr.has(f"room_option.{field.name}"):
            phrases.append(tr(f"room_option.{field.name}", value="unset"))
        elif info is not None and info.unset_label:
            description = info.description.rstrip(".")
            phrases.append(tr("room_option_other", description=description, value=info.unset_label))
    return " · ".join(p for p in phrases if p)


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
        st.dim(options_text(room.options, room.game_id, tr)),
    ]
    for seat in room.seats:
        if not seat.player_id:
            lines.append(f"  {seat.index} {st.dim(tr('free_seat'))}")
            continue
        # A bot's name says it is one, and how it plays ("Coyote (strong bot)").
        flags = [st.good(tr("ready")) if seat.ready else tr("not_ready")]
        if seat.player_id == room.host_player_id:
            flags.append(tr("host"))
        lines.append(f"  {seat.index} {ctx.who(seat.index)} · {', '.join(flags)}")
    return lines


def replay_parts(
    replay: game_pb2.GetReplayResponse, room_id: str, ctx: Context
) -> tuple[list[str], list[list[str]], list[str]]:
    """A finished match as its title, one group of lines per step (the seat, its action,
    then its events) and the outcome: what ``cercle replay`` shows one step at a time."""
    replay = safe_message(replay)
    match = replay.match
    tr = ctx.tr
    ctx.game_id = match.game_id
    ctx.learn_seats(match.seats)
    names = ", ".join(ctx.names.get(i, "?") for i in range(match.players))
    head = [
        ctx.style.bold(
            tr(
                "replay_title",
                room_id=room_id,
                game=match.game_id,
                players=match.players,
                names=names,
            )
        ),
        ctx.style.dim(options_text(match.options, match.game_id, tr)),
    ]
    steps: list[list[str]] = []
    for step in replay.steps:
        # The events first: they tell the label what the action alone does not (the pile
        # a card came from); the acting seat names "the opponent".
        events = ["        · " + narrate(event, ctx, timeout=step.timeout) for event in step.events]
        ctx.actor = step.seat
        if step.HasField("action") and step.action.WhichOneof("game"):
            label = action_label(step.action, ctx)
        else:
            label = tr("replay_timeout")
        ctx.actor = -1
        version = f"{step.version:<4}"
        line = tr("replay_step", version=version, seat=ctx.who(step.seat), action=label)
        steps.append([line, *events])
    tail = render_outcome(match.outcome, ctx) if match.HasField("outcome") else []
    return head, steps, tail


def round_starts(replay: game_pb2.GetReplayResponse) -> dict[int, int]:
    """Where each round of the replay starts: round -> the index of its first step (the
    first whose view, the table after it, is in that round); empty for a game played in one
    go."""
    renderer = renderer_for(replay.match.game_id)
    starts: dict[int, int] = {}
    if renderer is None or renderer.round is None:
        return starts
    for index, step in enumerate(replay.steps):
        if step.view.WhichOneof("game") == replay.match.game_id:
            starts.setdefault(renderer.round(getattr(step.view, replay.match.game_id)), index)
    return starts


def render_replay(replay: game_pb2.GetReplayResponse, room_id: str, ctx: Context) -> list[str]:
    """A finished match step by step, all at once: seat, action, then its events."""
    head, steps, tail = replay_parts(replay, room_id, ctx)
    return head + [line for step in steps for line in step] + tail
