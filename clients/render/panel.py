"""Panels the terminal table keeps on screen until the player closes them (issue 30: what a
player should see at a glance): a card shown to the reader alone (a Tamashii peek, drawn as
the card) and the game's catalogue (``c``). A redraw of the table draws them again, so the
next update does not wipe them; ``x`` closes them (:mod:`clients.table_input`).

Which event shows a card to the reader alone is the game's knowledge: its renderer's
``private_card`` (``clients/render/<game>.py``). Functions of the contract's messages
and a :class:`~clients.render.renderer.Context` (the box is as wide as the terminal): no I/O.
"""

from __future__ import annotations

import shutil
import unicodedata
from dataclasses import dataclass

from cercle.v1 import game_pb2

from clients.render.renderer import (
    Context,
    renderer_for,
)
from clients.render.text import (
    safe_message,
    strip_ansi,
)

PEEK = "peek"
"""A card a private event showed to the reader alone (stays until closed, or until the
reader's next turn ends)."""
CARDS = "cards"
"""The game's catalogue, asked for with ``c`` (stays until closed)."""

CATALOGUE_ROWS = 18
"""The most catalogue lines a panel shows at once: the table and the menu stay in view."""


@dataclass(frozen=True)
class Panel:
    """What a panel shows: its kind (:data:`PEEK`, :data:`CARDS`), a title and its lines."""

    kind: str
    title: str
    lines: tuple[str, ...]
    shown_at: int = 0
    """The update (``seq``) it came with."""


def private_card_panel(event: game_pb2.Event, ctx: Context, seq: int = 0) -> Panel | None:
    """The panel for an event that shows a card to the reader alone (a private event of the
    reader's own seat, that the game's renderer draws as a card), else None."""
    which = event.WhichOneof("event")
    renderer = renderer_for(which)
    if not event.private or renderer is None or renderer.private_card is None:
        return None
    drawn = renderer.private_card(getattr(safe_message(event), which or ""), ctx)
    if drawn is None:
        return None
    title, lines = drawn
    return Panel(PEEK, title, tuple(lines), seq)


def catalogue_panel(lines: list[str], ctx: Context) -> Panel:
    """The catalogue's lines (:func:`clients.catalogue.catalogue_lines`) as a panel; the
    first line is its title. A long catalogue is cut, saying how many lines are left out
    (``cercle cards GAME`` prints it whole)."""
    title, body = (lines[0], lines[1:]) if lines else (ctx.tr("cards.none"), [])
    if len(body) > CATALOGUE_ROWS:
        left = len(body) - (CATALOGUE_ROWS - 1)
        body = [*body[: CATALOGUE_ROWS - 1], ctx.tr("panel.more", n=left, game=ctx.game_id)]
    return Panel(CARDS, strip_ansi(title), tuple(line.strip() for line in body))


def turn_started(event: game_pb2.Event) -> int | None:
    """The seat whose turn ``event`` starts, when it is a game's ``turn_started`` with a
    ``seat``, else None."""
    which = event.WhichOneof("event")
    inner = getattr(event, which) if which and which != "room" else None
    if inner is None or inner.WhichOneof("event") != "turn_started":
        return None
    started = inner.turn_started
    if "seat" not in started.DESCRIPTOR.fields_by_name:  # Tomy's turns name a leash holder
        return None
    return int(started.seat)


def width(text: str) -> int:
    """Columns ``text`` (colour codes allowed) takes on a terminal."""
    columns = 0
    for char in strip_ansi(text):
        if unicodedata.combining(char) or unicodedata.category(char) in ("Cc", "Cf", "Mn"):
            continue
        columns += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return columns


def boxed(panel: Panel, ctx: Context, columns: int | None = None) -> list[str]:
    """``panel`` drawn as a box (a card for a :data:`PEEK`), its closing key on its bottom
    edge, at most ``columns`` wide (default: the terminal's; longer lines wrap inside the
    terminal, the box's right edge is then dropped for them).

    >>> from clients.i18n import Tr
    >>> from clients.render.renderer import Style
    >>> ctx = Context("tamashii", Tr("en"), Style(False))
    >>> print("\\n".join(boxed(Panel(PEEK, "Slot 2", ("Mizu",)), ctx, 30)))
    ╭─ Slot 2 ───────╮
    │ Mizu           │
    ╰──── x: close ──╯
    """
    st = ctx.style
    columns = columns or shutil.get_terminal_size((80, 24)).columns
    close = ctx.tr("panel.close")
    inner = max([width(line) for line in panel.lines] + [width(panel.title) + 2, width(close) + 6])
    inner = min(inner, max(columns - 4, 10))
    top = f"╭─ {panel.title} " + "─" * max(inner - width(panel.title) - 1, 0) + "╮"
    rows = [st.bold(top)]
    for line in panel.lines:
        pad = inner - width(line)
        rows.append(f"│ {line}{' ' * pad} │" if pad >= 0 else f"│ {line}")
    bottom = "╰" + "─" * (inner - width(close) - 2) + f" {close} ──╯"
    rows.append(st.dim(bottom))
    return rows


class Panels:
    """The panels open at one table, by kind (one of each at most)."""

    def __init__(self) -> None:
        self.open: dict[str, Panel] = {}
        self.turn: int | None = None
        """The seat whose turn the last ``turn_started`` seen began."""

    def take(self, update: game_pb2.SubscribeResponse, ctx: Context) -> list[Panel]:
        """What an update changes: a card shown to the reader alone opens a panel, which
        stays through the others' turns and the reader's next one (they may use what they
        saw), and closes when that turn of theirs ends (a later update starts the turn
        after it). Returns the panels it opened."""
        opened: list[Panel] = []
        for event in update.events:
            seat = turn_started(event)
            peek = self.open.get(PEEK)
            if seat is not None:
                ended, self.turn = self.turn, seat
                if peek is not None and update.seq > peek.shown_at and ended == ctx.me:
                    del self.open[PEEK]
            panel = private_card_panel(event, ctx, update.seq)
            if panel is not None:
                self.open[PEEK] = panel
                opened.append(panel)
        return opened

    def show(self, panel: Panel) -> None:
        self.open[panel.kind] = panel

    def close(self) -> bool:
        """Closes every panel; whether one was open."""
        had = bool(self.open)
        self.open.clear()
        return had

    def lines(self, ctx: Context, columns: int | None = None) -> list[str]:
        """Every open panel drawn, the peeked card first."""
        kinds = sorted(self.open, key=lambda kind: kind != PEEK)
        return [row for kind in kinds for row in boxed(self.open[kind], ctx, columns)]
