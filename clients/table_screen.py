"""What the terminal shows of one table loop (:class:`clients.tui.TableLoop`): the table (or
the lobby), the recent events and the panels in screen mode, the status line (its countdown
redrawn in place every second), the menu of choices and the prompt. :class:`ScreenLoop` is
what the screen uses of the loop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TextIO

from cercle.v1 import common_pb2, game_pb2

from clients.choices import TableChoices, menu_lines
from clients.clock import redraw_in_place, status_line
from clients.i18n import Tr
from clients.lobby_text import lobby_hints, screen_rows, status_rows, written_rows
from clients.render import Context, Style, render_room, render_view, safe_text, typed_example
from clients.render.panel import Panels
from clients.table_parts import PlayOptions


class ScreenLoop(Protocol):
    """What the screen uses of its table loop (:class:`clients.tui.TableLoop`)."""

    @property
    def tr(self) -> Tr: ...

    @property
    def style(self) -> Style: ...

    @property
    def ctx(self) -> Context: ...

    @property
    def options(self) -> PlayOptions: ...

    @property
    def stdin_is_tty(self) -> bool: ...

    @property
    def room(self) -> common_pb2.Room: ...

    @property
    def room_id(self) -> str: ...

    @property
    def seated(self) -> bool: ...

    @property
    def status(self) -> int: ...

    @property
    def view(self) -> game_pb2.View | None: ...

    @property
    def waiting_for(self) -> list[int]: ...

    @property
    def deadlines(self) -> list[common_pb2.Deadline]: ...

    @property
    def clock_offset(self) -> float: ...

    @property
    def pending_typed(self) -> game_pb2.Action | None: ...

    @property
    def choices(self) -> TableChoices: ...

    @property
    def log(self) -> Sequence[str]: ...

    @property
    def panels(self) -> Panels: ...

    def is_host(self) -> bool: ...


class TableScreen:
    """The output of one table loop (``out``): what it wrote, where its status line stands,
    and drawing the table again."""

    def __init__(self, table: ScreenLoop, out: TextIO) -> None:
        self.table = table
        self.out = out
        self.notices: list[str] = []
        """Messages about my input or the connection, repeated above the menu at the next
        redraw (screen mode)."""
        self.status_row: int | None = None
        """Screen mode: the row of the status line, redrawn every second (live countdown)."""
        self.status_height = 1
        """Screen mode: the rows the status line took when drawn (it may wrap)."""
        self.rows_written = 0

    def write(self, text: str) -> None:
        """``text`` on the terminal now, counting the rows it takes."""
        self.out.write(text)
        self.out.flush()
        self.rows_written += written_rows(text)  # by display width: a wrapped line counts
        if self.status_row is not None and self.rows_written >= screen_rows():
            self.status_row = None  # the screen scrolled: the status line moved

    def status_line(self) -> str:
        """Whose turn it is and the seconds left on the clocks running."""
        t = self.table
        return status_line(
            t.tr,
            t.style,
            t.ctx,
            me=t.room.my_seat if t.seated else None,
            waiting_for=t.waiting_for,
            deadlines=t.deadlines,
            clock_offset=t.clock_offset,
        )

    def prompt(self) -> str:
        """What the input line asks for ("" when nobody types here)."""
        t = self.table
        if t.pending_typed is not None:
            example = typed_example(t.pending_typed, t.ctx)
            return t.tr("story_prompt", example=safe_text(example)[:60])
        if t.options.auto or not t.stdin_is_tty:
            return ""  # nobody types here: no prompt between the lines
        if t.choices.menu:
            return t.tr("prompt_choice", n=len(t.choices.menu))
        return t.tr("prompt_idle")

    def redraw(self, *, full: bool | None = None) -> None:
        """The table, the status, the menu and the prompt. In screen mode the screen is
        cleared first and the recent events are repeated; in append mode the table is
        printed only when there is something to decide (or ``full``)."""
        t = self.table
        tr, st = t.tr, t.style
        screen = t.options.screen
        lines: list[str] = []
        if screen:
            full = True  # the screen is cleared: draw everything again
        elif full is None:
            full = (bool(t.choices.menu) or t.choices.chance()) and not t.options.auto
        t.choices.shown = []  # until the menu is drawn below
        if full:
            title = f"{t.room.game_id} · {t.room_id}"
            if not t.seated:
                title += " · " + tr("spectating")
            lines.append(st.dim(title))
            if t.status == common_pb2.ROOM_STATUS_OPEN:
                lines += render_room(t.room, t.ctx)
                lines += lobby_hints(t.tr, t.room, t.room_id, host=t.is_host())
            elif t.view is not None:
                lines += render_view(t.view, t.ctx)
                t.choices.shown_view = t.view  # a call's card number names its card
            if screen and t.log:
                lines.append(st.dim(tr("events_title")))
                shown = list(t.log)[-4:] if t.panels.open else t.log  # room for them
                lines += [f"  {line}" for line in shown]
            if screen:
                lines += t.panels.lines(t.ctx)
        if screen and self.notices:
            lines += self.notices
            self.notices = []
        status_index: int | None = None
        if t.status == common_pb2.ROOM_STATUS_PLAYING:
            status = self.status_line()
            if status:
                status_index = len(lines)
                lines.append(status)
            if t.choices.menu and not t.options.auto:
                lines.append(st.bold(tr("actions_title")))
                lines += menu_lines(t.choices.menu, t.ctx)
                t.choices.shown = t.choices.menu  # what a line typed now is for
            if full and not t.options.auto:
                lines += t.choices.lines()  # the calls, typed by key (s2, a3, t)
        text = "\n".join(lines)
        if screen:
            text = "\x1b[H\x1b[2J" + text
            self.rows_written = 0
            self.status_row = None
        prompt = self.prompt()
        self.write(text + ("\n" if text else "") + prompt)
        where = status_rows(lines, status_index) if screen and status_index is not None else None
        if where is not None:
            self.status_row, self.status_height = where

    def redraw_clock(self) -> None:
        """The status line again with the seconds left, in place: the cursor is saved and
        restored around it, so what the player is typing on the prompt line stays."""
        if self.status_row is None or self.table.status != common_pb2.ROOM_STATUS_PLAYING:
            return
        codes = redraw_in_place(self.status_line(), self.status_row, self.status_height)
        if codes:
            self.out.write(codes)
            self.out.flush()
