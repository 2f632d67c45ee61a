"""What the parts of the terminal table share: the loop's :class:`PlayOptions`, and the small
protocols the parts' own protocols are made of.

The table loop (:class:`clients.tui.TableLoop`) hands itself to its parts (the screen, the
lobby, the typed input, the choices); each part says in its own module, as a protocol, exactly
what it uses of the loop (:class:`~clients.table_screen.ScreenLoop`,
:class:`~clients.lobby_screen.LobbyLoop`, :class:`~clients.table_input.InputLoop`,
:class:`~clients.choices.ChoicesLoop`), so no part names the loop's class and the loop's
module is the only one that imports them all (no import circle).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from clients.api_error import ApiError
from clients.i18n import Tr
from clients.sdk import Client

T = TypeVar("T")


@dataclass
class PlayOptions:
    """How the loop behaves (from the command line)."""

    lang: str = "en"
    color: bool = False
    screen: bool = False
    """Clear and redraw the whole screen on each update (a terminal); else append lines."""
    auto: bool = False
    seed: int | None = None
    auto_delay: float = 0.0
    autostart: bool = True
    """As host, start the match once every seat is taken and ready."""
    retry_for: float = 60.0
    """How long calls keep being retried while the server is unreachable."""
    bot_level: str = "strong"
    """The level of the bots the host seats from the lobby (``b``)."""


class Redraws(Protocol):
    """A screen that draws the table again (:meth:`clients.table_screen.TableScreen.redraw`)."""

    def redraw(self, *, full: bool | None = None) -> None: ...


class Tells(Protocol):
    """How a part of the table tells the player something, in their language."""

    @property
    def tr(self) -> Tr: ...

    def say(self, text: str, *, log: bool = True) -> None:
        """A line now (an event), kept in the log."""

    def notify(self, text: str) -> None:
        """A message about the player's input or the connection."""

    def refusal_line(self, exc: ApiError) -> str:
        """A refusal as a line, in player words."""


class CallsRoom(Protocol):
    """How a part of the table calls the server about its room."""

    @property
    def client(self) -> Client: ...

    @property
    def room_id(self) -> str: ...

    async def call(self, make: Callable[[], Awaitable[T]]) -> T:
        """``make()``, retried while the server is unreachable."""
