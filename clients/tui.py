"""The interactive terminal game: one loop for every game, lobby to outcome.

:class:`TableLoop` runs three producers into one queue — the room's update stream (an
asyncio task over :meth:`clients.sdk.Client.updates`, which resumes by itself), the
keyboard (``loop.add_reader`` on stdin, a thread for regular files) and a one-second tick —
and handles their items in order: updates are narrated and redraw the table and the menu of
the seat's choices, which the server pushes with every update and view that carries a view
(:mod:`clients.choices`: an announcement shows up the moment it is possible, and no
``ListLegalActions`` call is ever made); a line of input picks a menu entry or makes a call
by its key (``s2``, ``a3``, ``t``: right or wrong, as at a table). Calls that fail
with UNAVAILABLE are retried (``reconnecting…``); ``Act`` is retried with the same
idempotency key.

What the terminal shows is drawn by the loop's :class:`~clients.table_screen.TableScreen`;
the lobby, the typed input and the choices are its other parts (:mod:`clients.lobby_screen`,
:mod:`clients.table_input`, :mod:`clients.choices`).

With ``auto`` the loop picks actions itself (the first of the preferred kind, or at random
with a seed), so two processes can play a match unattended.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import random
import sys
from collections.abc import Awaitable, Callable
from typing import Any, TextIO, TypeVar

import grpc
from cercle.v1 import common_pb2, game_pb2

from clients.api_error import ApiError
from clients.choices import TableChoices
from clients.clock import seconds_left, server_clock_offset
from clients.i18n import Tr
from clients.keyboard import watch_stdin
from clients.ladder import rating_change_lines
from clients.lobby_screen import LobbyScreen
from clients.lobby_text import error_text
from clients.render import (
    Context,
    Style,
    learn,
    learn_catalogue,
    narrate,
    opening_line,
    render_outcome,
    render_view,
)
from clients.render.panel import Panel, Panels, boxed
from clients.sdk import Client
from clients.table_input import TableInput
from clients.table_parts import PlayOptions
from clients.table_screen import TableScreen

T = TypeVar("T")

RETRY_CODES = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.INTERNAL,
    }
)
"""Codes of a call that may not have reached a healthy replica: retried (Act with its key)."""

RECENT_UPDATES = 12
"""Updates told again as recent events when a player comes back to a match under way."""
LOG_LINES = 14
WARN_SECONDS = 10


class TableLoop:
    """One seat (or a spectator) at one room's table, in a terminal."""

    def __init__(
        self,
        client: Client,
        room_id: str,
        options: PlayOptions,
        out: TextIO | None = None,
        stdin: TextIO | None = None,
    ) -> None:
        self.client = client
        self.room_id = room_id
        self.options = options
        self.stdin = stdin if stdin is not None else sys.stdin
        self.tr = Tr(options.lang)
        self.style = Style(options.color)
        self.ctx = Context("", self.tr, self.style)
        self.rng = random.Random(options.seed) if options.seed is not None else None
        self.queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self.room = common_pb2.Room()
        self.view: game_pb2.View | None = None
        self.deadlines: list[common_pb2.Deadline] = []
        self.waiting_for: list[int] = []
        self.outcome: game_pb2.Outcome | None = None
        self.choices = TableChoices(self)
        self.pending_typed: game_pb2.Action | None = None
        """The action chosen that waits for a typed line (a proposal's story), if any."""
        self.paused = False
        """Whether the table is paused (see :meth:`tell_pause`)."""
        self.log: collections.deque[str] = collections.deque(maxlen=LOG_LINES)
        self.panels = Panels()
        """What stays on screen until closed (``x``): a card peeked at, the catalogue."""
        self.clock_offset = 0.0
        self.warned: set[tuple[int, int, int]] = set()
        self.lobby = LobbyScreen(self)
        self.input = TableInput(self)
        self.tasks: list[asyncio.Task[None]] = []
        self.reader_fd: int | None = None
        self.started_table_shown = False
        self.stdin_is_tty = False
        self.screen = TableScreen(self, out or sys.stdout)

    # -- output ---------------------------------------------------------------------------------

    def refusal_line(self, exc: ApiError) -> str:
        """A refusal as a line, in player words (never its code)."""
        return self.tr("refused", message=error_text(self.tr, exc))

    def say(self, text: str, *, log: bool = True) -> None:
        """A line now (an event); kept in the screen's log too."""
        if log:
            self.log.append(text)
        self.screen.write(("\n" if self.options.screen else "") + text + "\n")

    def show_panel(self, panel: Panel) -> None:
        """Keeps ``panel`` on screen (screen mode: every redraw draws it), or prints it now."""
        self.panels.show(panel)
        if not self.options.screen:
            self.screen.write("\n".join(boxed(panel, self.ctx)) + "\n")

    def notify(self, text: str) -> None:
        """A message about my input or the connection: a line now, and in screen mode
        repeated above the menu at the next redraw."""
        if self.options.screen:
            self.screen.notices.append(text)
        self.say(text, log=False)

    @property
    def seated(self) -> bool:
        return self.room.HasField("my_seat")

    @property
    def status(self) -> int:
        return int(self.room.status)

    def remaining(self, deadline: common_pb2.Deadline) -> float:
        return seconds_left(deadline, self.clock_offset)

    # -- calls ----------------------------------------------------------------------------------

    async def call(self, make: Callable[[], Awaitable[T]]) -> T:
        """``make()``, retried while the server is unreachable (saying so once)."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.options.retry_for
        delay = 0.2
        announced = False
        while True:
            try:
                result = await make()
            except ApiError as exc:
                if exc.code not in RETRY_CODES or loop.time() > give_up:
                    if announced:
                        self.notify(self.tr("gave_up"))
                    raise
                if not announced:
                    self.notify(self.style.warn(self.tr("reconnecting")))
                    announced = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
                continue
            if announced:
                self.notify(self.tr("reconnected"))
            return result

    async def sync_clock(self) -> None:
        """The server's clock, so that countdowns computed here match its deadlines."""
        offset = await server_clock_offset(self.client, self.room_id)
        if offset is not None:
            self.clock_offset = offset

    def is_host(self) -> bool:
        return bool(self.client.player_id) and self.room.host_player_id == self.client.player_id

    # -- state ----------------------------------------------------------------------------------

    def set_room(self, room: common_pb2.Room) -> None:
        """Take ``room`` unless it is older than the one we have (an update still in the
        stream can be older than the answer of our own Start or Ready call)."""
        if room.seq and room.seq < self.room.seq:
            return
        self.room = room
        self.ctx.set_room(room)

    def apply_view_response(self, response: game_pb2.GetViewResponse) -> None:
        self.set_room(response.room)
        if response.HasField("view") and response.view.WhichOneof("game"):
            self.view = response.view
            learn(self.view, self.ctx)
        self.deadlines = list(response.deadlines)
        self.waiting_for = list(response.waiting_for)
        if response.HasField("outcome"):
            self.outcome = response.outcome
        self.choices.adopt(response.choices, response.room.version)

    def apply_update(self, update: game_pb2.SubscribeResponse) -> None:
        if update.kind in (game_pb2.UPDATE_KIND_CHAT, game_pb2.UPDATE_KIND_PRESENCE):
            for event in update.events:  # a chat line or a mute: the table is unchanged
                self.say(narrate(event, self.ctx, self.room))
            return
        if update.HasField("room"):
            self.set_room(update.room)
        if update.HasField("view") and update.view.WhichOneof("game"):
            self.view = update.view
            learn(self.view, self.ctx)
        for event in update.events:
            self.say(
                narrate(
                    event,
                    self.ctx,
                    self.room,
                    timeout=update.kind == game_pb2.UPDATE_KIND_TIMEOUT,
                )
            )
        for panel in self.panels.take(update, self.ctx):
            self.show_panel(panel)
        self.tell_pause(update)
        self.deadlines = list(update.deadlines)
        self.waiting_for = list(update.waiting_for)
        if update.HasField("outcome"):
            self.outcome = update.outcome
        if update.HasField("view"):  # choices come with every view (none for a spectator)
            self.choices.adopt(update.choices, update.version)

    def tell_pause(self, update: game_pb2.SubscribeResponse) -> None:
        """Say when the table pauses (a clocks-only update that drops every deadline, the
        clock of a seat it waits for among them: none of its players is there) and when it
        goes on again, so that a spectator knows why nothing moves."""
        paused = (
            update.kind == game_pb2.UPDATE_KIND_CLOCK
            and not update.deadlines
            and any(d.seat in update.waiting_for for d in self.deadlines)
            and self.status == common_pb2.ROOM_STATUS_PLAYING
        )
        if paused and not self.paused:
            self.say(self.style.warn(self.tr("table_paused")))
        elif self.paused and update.deadlines:
            self.say(self.tr("table_resumed"))
        self.paused = paused or (self.paused and not update.deadlines)

    def tell_history(self, update: game_pb2.SubscribeResponse) -> None:
        """The events of an update from before this client came back (the table already
        shows where they led): kept as recent events, the table is not changed."""
        timeout = update.kind == game_pb2.UPDATE_KIND_TIMEOUT
        for event in update.events:
            self.log.append(narrate(event, self.ctx, self.room, timeout=timeout))

    # -- the loop -------------------------------------------------------------------------------

    async def run(self) -> int:
        """Play (or watch) until the match ends or the user leaves; returns an exit code."""
        first = await self.call(lambda: self.client.view(self.room_id))
        self.apply_view_response(first)
        if self.finished():
            return await self.finish()
        await self.sync_clock()
        with contextlib.suppress(ApiError):  # names by id (places) for the lines
            learn_catalogue(await self.client.catalogue(self.room.game_id), self.ctx)
        seq = first.room.seq
        back = self.status != common_pb2.ROOM_STATUS_OPEN and self.view is not None and seq > 0
        # Back at a match under way: the last updates again, told as "Recent events".
        since = max(0, seq - RECENT_UPDATES) if back else seq
        # (From the first view's cursor, so a rewritten log is told, not skipped; from the
        # start only to tell the recent events again.)
        start = "" if back else first.cursor
        self.tasks.append(asyncio.create_task(self.pump(since, skip_until=seq, cursor=start)))
        self.tasks.append(asyncio.create_task(self.ticker()))
        try:
            if not self.options.auto:
                self.start_stdin()
            if self.status == common_pb2.ROOM_STATUS_OPEN:
                await self.enter_lobby()
            elif self.view is not None:
                # A match under way (joined late, or back after a crash): the table now.
                self.started_table_shown = True
                self.screen.redraw(full=True)
                await self.choices.maybe_auto()
            while True:
                batch = [await self.queue.get()]
                while not self.queue.empty():
                    batch.append(self.queue.get_nowait())
                code = await self.handle(batch)
                if code is not None:
                    return code
        except asyncio.CancelledError:  # Ctrl-C: the same way back as `q`
            if self.status != common_pb2.ROOM_STATUS_OPEN and not self.finished():
                self.say("\n" + self.tr("quit", room_id=self.room_id), log=False)
            raise
        finally:
            await self.stop()

    async def handle(self, batch: list[tuple[str, Any]]) -> int | None:
        updated = False
        for kind, item in batch:
            if kind == "update":
                self.apply_update(item)
                updated = True
                if self.finished():
                    return await self.finish()
            elif kind == "history":
                self.tell_history(item)
                if self.options.screen and not updated:
                    self.screen.redraw(full=True)
            elif kind == "stream_error":
                raise item
        if updated:
            if self.status == common_pb2.ROOM_STATUS_ABANDONED:
                self.say(self.tr("abandoned"))
                return 1
            if self.status == common_pb2.ROOM_STATUS_OPEN:
                self.screen.redraw(full=True)
                await self.lobby_step()
            else:
                just_started = not self.started_table_shown
                self.started_table_shown = True
                if just_started and self.view is not None:
                    opening = opening_line(self.view, self.ctx)
                    if opening:
                        self.say(opening)
                self.screen.redraw(full=True if just_started else None)
                await self.choices.maybe_auto()
        for kind, item in batch:
            if kind == "line":
                code = await self.input.on_line(*item)
                if code is not None:
                    return code
            elif kind == "eof" and self.stdin_is_tty:  # Ctrl-D: leave the table
                self.say(self.tr("quit", room_id=self.room_id))
                return 0
            elif kind == "tick":
                await self.on_tick()
        return None

    def finished(self) -> bool:
        return self.outcome is not None or self.status == common_pb2.ROOM_STATUS_FINISHED

    async def finish(self) -> int:
        lines: list[str] = []
        if self.view is not None:
            lines += render_view(self.view, self.ctx)
        if self.outcome is not None:
            lines += render_outcome(self.outcome, self.ctx, details=self.view is None)
        else:
            lines.append(self.tr("match_over"))
        if self.room.rated and self.seated:  # what the match did to my rating
            with contextlib.suppress(ApiError):
                lines += await rating_change_lines(self.client, self.room_id, self.tr)
        lines.append(self.tr("replay_hint", room_id=self.room_id))
        self.screen.write("\n" + "\n".join(lines) + "\n")
        return 0

    async def pump(self, quiet_until: int, skip_until: int = 0, cursor: str = "") -> None:
        """Updates after ``cursor`` (empty: from the start, those up to ``quiet_until``
        dropped) into the queue; those up to ``skip_until`` (already shown by the first
        view) only tell their events, as history."""
        try:
            async for update in self.client.updates(self.room_id, cursor=cursor):
                if not cursor and update.seq and update.seq <= quiet_until:
                    continue
                if update.seq and update.seq <= skip_until:
                    await self.queue.put(("history", update))
                    continue
                await self.queue.put(("update", update))
        except Exception as exc:  # an error the SDK does not retry: the loop raises it
            await self.queue.put(("stream_error", exc))

    async def ticker(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            await self.queue.put(("tick", None))

    def start_stdin(self) -> None:
        def put(item: tuple[str, Any]) -> None:
            if item[0] == "line":  # with the menu it was typed for (TableChoices.pick)
                item = ("line", (item[1], self.choices.shown, self.choices.shown_view))
            self.queue.put_nowait(item)

        self.stdin_is_tty, self.reader_fd = watch_stdin(self.stdin, put)

    async def stop(self) -> None:
        if self.reader_fd is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.reader_fd)
            self.reader_fd = None
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.tasks.clear()

    # -- lobby ----------------------------------------------------------------------------------

    async def enter_lobby(self) -> None:
        await self.lobby.enter()

    async def lobby_step(self, *, force: bool = False) -> None:
        await self.lobby.step(force=force)

    async def on_tick(self) -> None:
        if self.status == common_pb2.ROOM_STATUS_OPEN:
            await self.lobby_step()
            return
        self.screen.redraw_clock()
        if not self.seated or self.options.auto:
            return
        for deadline in self.deadlines:
            if deadline.seat != self.room.my_seat:
                continue
            key = (deadline.version, deadline.clock, deadline.seat)
            left = self.remaining(deadline)
            if 0 < left <= WARN_SECONDS and key not in self.warned:
                self.warned.add(key)
                self.say(self.style.warn(self.tr("time_warning", seconds=round(left))), log=False)
                self.screen.write(self.screen.prompt())
