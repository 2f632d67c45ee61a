"""What a player types at the table (``cercle play``): the commands of every screen (leave,
chat, help, the catalogue), the lobby's, a choice of the menu (``3``; ``3!`` for its
announcing variant, :mod:`clients.choices`), and the line an action waits for (a story told
with a proposal). Kept apart
from the table loop (clients.tui), which owns the screen and the stream: :class:`InputLoop`
is what the input uses of it.
"""

from __future__ import annotations

import contextlib
from typing import Protocol

from cercle.v1 import common_pb2, game_pb2

from clients.api_error import ApiError
from clients.catalogue import catalogue_lines
from clients.choices import CallNotOffered, Choice, MenuChanged, TableChoices
from clients.lobby_screen import LobbyScreen
from clients.render import (
    Context,
    Style,
    action_label,
    renderer_for,
    strip_ansi,
    typed_action,
    typed_text,
)
from clients.render.panel import Panel, Panels, catalogue_panel
from clients.sdk import Client
from clients.table_parts import Redraws, Tells


class InputScreen(Redraws, Protocol):
    """What the input uses of the table's screen (:class:`clients.table_screen.TableScreen`)."""

    def write(self, text: str) -> None: ...

    def prompt(self) -> str: ...


class InputLoop(Tells, Protocol):
    """What the input uses of its table loop (:class:`clients.tui.TableLoop`)."""

    pending_typed: game_pb2.Action | None
    """The action waiting for a typed line (the next line is its text)."""

    @property
    def client(self) -> Client: ...

    @property
    def room_id(self) -> str: ...

    @property
    def style(self) -> Style: ...

    @property
    def ctx(self) -> Context: ...

    @property
    def seated(self) -> bool: ...

    @property
    def status(self) -> int: ...

    @property
    def view(self) -> game_pb2.View | None: ...

    @property
    def screen(self) -> InputScreen: ...

    @property
    def panels(self) -> Panels: ...

    @property
    def lobby(self) -> LobbyScreen: ...

    @property
    def choices(self) -> TableChoices: ...

    def show_panel(self, panel: Panel) -> None: ...


class TableInput:
    """The typed lines of one table loop."""

    def __init__(self, loop: InputLoop) -> None:
        self.loop = loop

    async def on_line(
        self,
        line: str,
        typed_for: list[Choice] | None = None,
        seen: game_pb2.View | None = None,
    ) -> int | None:
        """What a line typed at the table does: leave, chat, help, the catalogue, a lobby
        command, a call by its key (``s2``, ``a3``, ``t``), a choice of the menu or the line
        an action waits for; 0 to end the loop. ``typed_for`` is the menu on the screen when
        it was typed (None: the current one), ``seen`` the table drawn then (a call's card
        number)."""
        loop = self.loop
        text = line.strip()
        tr = loop.tr
        if loop.pending_typed is not None:
            await self.on_typed_line(line)
            return None
        if text.lower() in ("q", "quit", "exit"):
            if loop.status == common_pb2.ROOM_STATUS_OPEN and loop.seated:
                # Before the match, leaving frees the seat for someone else.
                with contextlib.suppress(ApiError):
                    await loop.client.leave(loop.room_id)
                loop.say(tr("left_room", room_id=loop.room_id))
                return 0
            loop.say(tr("quit", room_id=loop.room_id))
            return 0
        if text.startswith(">") and loop.seated:  # "> text": a line to the table's chat
            try:
                await loop.client.send_chat(loop.room_id, text[1:])
            except ApiError as exc:
                loop.notify(loop.refusal_line(exc))
            return None
        if text.lower() in ("h", "help", "?"):
            renderer = renderer_for(loop.ctx.game_id)
            calls = " " + tr(renderer.calls.help) if renderer and renderer.calls else ""
            loop.notify(tr("help") + calls + " " + tr("help.cards") + " " + tr("help.panels"))
            loop.screen.redraw(full=False)
            return None
        if text.lower() == "c" and loop.ctx.game_id:
            # A panel that every redraw draws again, until x closes it (issue 30: the list
            # was wiped by the next update).
            with contextlib.suppress(ApiError):
                response = await loop.client.catalogue(loop.ctx.game_id)
                loop.show_panel(catalogue_panel(catalogue_lines(response, loop.ctx), loop.ctx))
            loop.screen.redraw(full=False)
            return None
        if text.lower() == "x":
            if loop.panels.close():
                loop.notify(tr("panel.closed"))
            loop.screen.redraw(full=False)
            return None
        if loop.status == common_pb2.ROOM_STATUS_OPEN:
            await loop.lobby.on_line(text)
            return None
        if text == "":
            loop.screen.redraw(full=True)
            return None
        try:
            called = loop.choices.pick_call(text, seen)
        except CallNotOffered as missing:
            loop.notify(loop.style.bad(tr("call_not_offered", text=text)))
            del missing
            loop.screen.redraw(full=False)
            return None
        if called is not None:
            await loop.choices.act(called[1], called[0])
            return None
        menu = loop.choices.menu
        if not menu:
            loop.notify(tr("no_choice_now"))
            loop.screen.redraw(full=False)
            return None
        try:
            picked = loop.choices.pick(text, typed_for)
        except MenuChanged as changed:
            label = strip_ansi(changed.label)
            said = loop.tr("menu_changed", text=text, label=label) if label else ""
            loop.notify(loop.style.warn(said or loop.tr("menu_changed_none", text=text)))
            loop.screen.redraw(full=True)
            return None
        if picked is None:
            loop.notify(loop.style.bad(tr("invalid_choice", text=text, n=len(menu))))
            loop.screen.redraw(full=False)
            return None
        label, action = picked
        if typed_text(action) is not None:
            loop.pending_typed = action
            loop.screen.write(loop.screen.prompt())
            return None
        await loop.choices.act(action, label)
        return None

    async def on_typed_line(self, line: str) -> None:
        """The line typed for the action chosen (a proposal's story): the example shown for
        Enter alone; a line of spaces only is asked again (it is not a story, and sending the
        example for it would tell a story the player did not choose)."""
        loop = self.loop
        assert loop.pending_typed is not None
        proposal = loop.pending_typed
        typed = typed_text(proposal)
        assert typed is not None
        story = line.strip()
        refusal = ""
        if len(story) > typed.max_length:
            refusal = loop.tr("story_too_long", n=len(story))
        elif line and not story:
            refusal = loop.tr("story_blank")
        if refusal:
            loop.notify(loop.style.bad(refusal))
            loop.screen.write(loop.screen.prompt())
            return
        loop.pending_typed = None
        action = typed_action(proposal, story)  # a story of one's own, else the example
        await loop.choices.act(action, action_label(action, loop.ctx, loop.view))
