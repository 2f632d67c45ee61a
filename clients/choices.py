"""What the seat may do at the table (``cercle play``), as the server pushes it.

Every update and view that carries a ``view`` also carries the receiving seat's ``choices``
(``SubscribeResponse.choices``, ``GetViewResponse.choices``): every action ``Act`` accepts
from it now (an announcement the moment it is possible), and apart the calls it may make
right or wrong (``Choices.calls``, typed by the keys of the game's
:attr:`~clients.render.renderer.GameRenderer.calls`), each to be sent with that update's
``version``. :class:`TableChoices` keeps the last ones as the menu (updates without a view,
chat and presence, leave it standing; spectators never get any) and plays an entry of it;
nothing here asks the server what is legal (no ``ListLegalActions``).

A play listed twice, without and with an announcement (the game's
:attr:`~clients.render.renderer.GameRenderer.announcement`, a call on one's last card), is
one entry: typing its number plays it, its number and ``!`` (``3!``) plays it announcing. An
action that waits for a typed line comes with an example the player may replace with their
own (:mod:`clients.table_input`).
"""

from __future__ import annotations

import asyncio
import random
import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from cercle.v1 import common_pb2, game_pb2

from clients.api_error import ApiError
from clients.auto import choose_auto
from clients.render import Context, Style, action_label, renderer_for, strip_ansi, typed_text
from clients.render.messages import announcement_hint, announces, unannounced
from clients.table_parts import CallsRoom, PlayOptions, Redraws, Tells

ENTRY = re.compile(r"^(\d+)\s*(!?)$")
"""A typed menu choice: its number, and ``!`` for the announcing variant."""


class MenuChanged(Exception):
    """A line typed for a menu that has changed since, whose entry the new menu no longer
    offers: it is not applied to whatever entry now has its number."""

    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.label = label
        """The entry it was typed for ("" when no menu was shown then)."""


class CallNotOffered(Exception):
    """A call key typed that no call on offer has now: nothing is played."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Choice:
    """One menu entry."""

    label: str
    action: game_pb2.Action
    announce: game_pb2.Action | None = None
    """The same play announcing (typed ``N!``), when the server listed both."""
    announce_label: str = ""


def plain_key(action: game_pb2.Action) -> bytes:
    """The action without its announcement, serialized: what both variants of one play
    share."""
    return unannounced(action).SerializeToString(deterministic=True)


def build_menu(
    actions: Iterable[game_pb2.Action], ctx: Context, view: game_pb2.View | None
) -> list[Choice]:
    """One entry per distinct action, in the server's order: two identical cards are one
    entry, and a play listed without and with an announcement is one entry whose option is the
    announcing variant (listed alone, a variant is an entry as it is)."""
    quiet: dict[bytes, game_pb2.Action] = {}
    loud: dict[bytes, game_pb2.Action] = {}
    order: list[bytes] = []
    for action in actions:
        key = plain_key(action)
        if key not in quiet and key not in loud:
            order.append(key)
        (loud if announces(action) else quiet).setdefault(key, action)
    menu: list[Choice] = []
    seen: set[str] = set()
    for key in order:
        announce = loud.get(key)
        if key in quiet:
            action = quiet[key]
        else:  # only the announcing variant: an entry as it is
            action, announce = loud[key], None
        label = action_label(action, ctx, view)
        plain = strip_ansi(label)
        if plain in seen:
            continue  # two identical cards: one entry
        seen.add(plain)
        extra = action_label(announce, ctx, view) if announce is not None else ""
        menu.append(Choice(label, action, announce, extra))
    return menu


def menu_lines(menu: list[Choice], ctx: Context) -> list[str]:
    """The numbered entries; one with an announcing variant says how to pick it (``3!``)."""
    width = len(str(len(menu)))
    lines = []
    for index, choice in enumerate(menu, 1):
        line = f"  {index:>{width}}) {choice.label}"
        if choice.announce is not None:
            line += "  " + ctx.style.dim(f"({index}! {announcement_hint(choice.announce, ctx)})")
        lines.append(line)
    return lines


class ChoicesLoop(Tells, CallsRoom, Protocol):
    """What the choices use of their table loop (:class:`clients.tui.TableLoop`)."""

    pending_typed: game_pb2.Action | None
    """The action waiting for a typed line (dropped when the menu no longer offers it)."""

    @property
    def style(self) -> Style: ...

    @property
    def ctx(self) -> Context: ...

    @property
    def options(self) -> PlayOptions: ...

    @property
    def rng(self) -> random.Random | None: ...

    @property
    def seated(self) -> bool: ...

    @property
    def status(self) -> int: ...

    @property
    def view(self) -> game_pb2.View | None: ...

    @property
    def screen(self) -> Redraws: ...

    def finished(self) -> bool: ...


class TableChoices:
    """The choices of one table loop: the menu, the version it is based on, and playing an
    entry of it (``--auto`` picks one itself)."""

    def __init__(self, loop: ChoicesLoop) -> None:
        self.loop = loop
        self.menu: list[Choice] = []
        self.actions: list[game_pb2.Action] = []
        """Every action pushed (both variants of an announcing play): what ``--auto`` picks
        from."""
        self.version = -1
        """The version of the update or view the choices came with (``ActRequest.version``)."""
        self.refused: set[tuple[int, bytes]] = set()
        self.shown: list[Choice] = []
        """The menu on the screen now (set when it is drawn): what a line typed now is for."""
        self.calls: list[game_pb2.Action] = []
        """The calls on offer, right or wrong (``Choices.calls``), typed by their keys."""
        self.shown_view: game_pb2.View | None = None
        """The table last drawn: a call's key names a card as it showed it."""

    def clear(self) -> None:
        self.menu, self.actions, self.calls = [], [], []

    def call_keys(self, view: game_pb2.View | None) -> dict[str, game_pb2.Action]:
        """The calls on offer by their typed keys, cards numbered as ``view`` shows them."""
        ctx = self.loop.ctx
        renderer = renderer_for(ctx.game_id)
        if renderer is None or renderer.calls is None or view is None:
            return {}
        inner = getattr(view, ctx.game_id, None) if ctx.game_id else None
        return renderer.calls.keys(self.calls, self.actions, ctx, inner)

    def lines(self) -> list[str]:
        """What the screen says of the calls on offer (empty: none)."""
        ctx = self.loop.ctx
        renderer = renderer_for(ctx.game_id)
        if renderer is None or renderer.calls is None or not self.calls:
            return []
        inner = getattr(self.loop.view, ctx.game_id, None) if self.loop.view else None
        return renderer.calls.lines(self.call_keys(self.loop.view), ctx, inner)

    def chance(self) -> bool:
        """A call a moment opened is on offer (a jump-in): worth drawing the table for."""
        renderer = renderer_for(self.loop.ctx.game_id)
        return (
            renderer is not None
            and renderer.calls is not None
            and renderer.calls.chance(self.calls)
        )

    def pick_call(
        self, text: str, seen: game_pb2.View | None
    ) -> tuple[str, game_pb2.Action] | None:
        """The call a typed key names (``s2``, ``a3``, ``t``), on the table ``seen`` when it
        was typed; None if ``text`` is no call key. Raises :class:`CallNotOffered` for a key
        no call on offer now has (the moment passed, the card is gone, a colour mistyped):
        nothing is played."""
        ctx = self.loop.ctx
        renderer = renderer_for(ctx.game_id)
        if renderer is None or renderer.calls is None:
            return None
        key = renderer.calls.parse(text, ctx)
        if key is None:
            return None
        action = self.call_keys(seen or self.loop.view).get(key)
        if action is None:
            raise CallNotOffered(key)
        return action_label(action, ctx, self.loop.view), action

    def adopt(self, choices: game_pb2.Choices, version: int) -> None:
        """The choices of an update or a view of ``version`` (its view already taken, for
        the labels). Empty: nothing to do now; a spectator or a table not playing: none."""
        loop = self.loop
        self.version = version
        if not loop.seated or loop.status != common_pb2.ROOM_STATUS_PLAYING:
            self.clear()
            return
        self.actions = list(choices.actions)
        self.calls = list(choices.calls)
        self.menu = build_menu(self.actions, loop.ctx, loop.view)
        if loop.pending_typed is not None and not any(
            typed_text(a) is not None for a in self.actions
        ):
            loop.pending_typed = None

    def pick(
        self, text: str, typed_for: list[Choice] | None = None
    ) -> tuple[str, game_pb2.Action] | None:
        """The entry typed (``3``, or ``3!`` for its announcing variant); None if none is.
        ``typed_for`` is the menu that was on the screen when the line was typed: if the
        menu changed since, the number names that menu's entry, played only if the new menu
        still offers the same action (else :class:`MenuChanged`), never the entry that now
        has the number (issue 30: a '1' typed for one card played another)."""
        found = ENTRY.match(text.strip())
        menu = self.menu if typed_for is None else typed_for
        if found is None or not 1 <= int(found.group(1)) <= len(menu):
            if typed_for is not None and typed_for is not self.menu and found is not None:
                raise MenuChanged("")  # typed for another menu (or none): not for this one
            return None
        choice = menu[int(found.group(1)) - 1]
        if menu is not self.menu:
            key = plain_key(choice.action)
            now = next((c for c in self.menu if plain_key(c.action) == key), None)
            if now is None:
                raise MenuChanged(choice.label)
            choice = now
        if not found.group(2):
            return choice.label, choice.action
        if choice.announce is None:
            return None
        return choice.announce_label, choice.announce

    async def act(self, action: game_pb2.Action, label: str) -> bool:
        """Play ``action`` with the version its choices came with (retried with the same key
        while unreachable); False if refused."""
        loop = self.loop
        key = uuid.uuid4().hex
        version = self.version
        if loop.options.auto:
            loop.say(loop.tr("auto_played", label=label))
        try:
            await loop.call(lambda: loop.client.act(loop.room_id, action, version, key))
        except ApiError as exc:
            self.refused.add((version, action.SerializeToString(deterministic=True)))
            if exc.reason == "STALE_VERSION":
                # The table moved on: its update is on the way and brings the new choices.
                self.clear()
                loop.notify(loop.style.warn(loop.tr("stale")))
            else:
                loop.notify(loop.style.bad(loop.refusal_line(exc)))
            loop.screen.redraw(full=False)
            return False
        self.clear()  # the update of this action brings the next choices
        return True

    async def maybe_auto(self) -> None:
        """With ``auto``: play while there is something to play (a refusal tries another
        choice, never the same action at the same version)."""
        loop = self.loop
        if not loop.options.auto:
            return
        for _ in range(5):
            if loop.status != common_pb2.ROOM_STATUS_PLAYING or loop.finished():
                return
            candidates = [
                a
                for a in self.actions
                if (self.version, a.SerializeToString(deterministic=True)) not in self.refused
            ]
            if not candidates:
                return
            action = choose_auto(candidates, loop.rng)
            if loop.options.auto_delay:
                await asyncio.sleep(loop.options.auto_delay)
            if await self.act(action, action_label(action, loop.ctx, loop.view)):
                return
