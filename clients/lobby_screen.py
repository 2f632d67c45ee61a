"""The table's lobby (before the match): getting ready, the host's start once every seat is
taken and ready, and what may be typed there (``b``: seat a bot; Enter: start now)."""

from __future__ import annotations

from typing import Protocol

from cercle.v1 import common_pb2

from clients.api_error import ApiError
from clients.table_parts import CallsRoom, PlayOptions, Redraws, Tells


class LobbyLoop(Tells, CallsRoom, Protocol):
    """What the lobby uses of its table loop (:class:`clients.tui.TableLoop`)."""

    @property
    def room(self) -> common_pb2.Room: ...

    @property
    def status(self) -> int: ...

    @property
    def options(self) -> PlayOptions: ...

    @property
    def screen(self) -> Redraws: ...

    def set_room(self, room: common_pb2.Room) -> None: ...

    def is_host(self) -> bool: ...


class LobbyScreen:
    """The lobby part of one table loop."""

    def __init__(self, table: LobbyLoop) -> None:
        self.table = table
        self.starting = False

    async def enter(self) -> None:
        """Say I am ready (a seated player), draw the lobby, start if everyone is."""
        t = self.table
        me = t.room.my_seat
        if t.room.HasField("my_seat") and not t.room.seats[me].ready:
            try:
                room = await t.call(lambda: t.client.ready(t.room_id))
                t.set_room(room)
            except ApiError as exc:
                t.notify(t.refusal_line(exc))
        t.screen.redraw(full=True)
        await self.step()

    def everyone_ready(self) -> bool:
        seats = self.table.room.seats
        return bool(seats) and all(s.player_id and s.ready for s in seats)

    async def step(self, *, force: bool = False) -> None:
        """As host: start once every seat is taken and ready (or now, with ``force``)."""
        t = self.table
        if t.status != common_pb2.ROOM_STATUS_OPEN or not t.is_host() or self.starting:
            return
        if not force and not (t.options.autostart and self.everyone_ready()):
            return
        self.starting = True
        t.say(t.tr("starting"))
        try:
            room = await t.call(lambda: t.client.start(t.room_id))
            t.set_room(room)
        except ApiError as exc:
            t.notify(t.refusal_line(exc))
        finally:
            self.starting = False

    async def on_line(self, text: str) -> None:
        """A line typed in the lobby: ``b`` seats a bot (host, a free seat), Enter starts
        (host, every seat taken); anything else is answered with what may be typed."""
        t = self.table
        free = any(not seat.player_id for seat in t.room.seats)
        if text.lower() == "b" and t.is_host() and free:
            try:
                room = await t.call(lambda: t.client.add_bot(t.room_id, t.options.bot_level))
                t.set_room(room)
            except ApiError as exc:
                t.notify(t.refusal_line(exc))
        elif text == "" and t.is_host() and not free:
            await self.step(force=True)
        elif text != "":
            t.notify(t.tr("lobby_keys_host" if t.is_host() else "lobby_keys_guest"))
        t.screen.redraw(full=True)
        await self.step()
