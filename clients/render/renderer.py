"""The interface every game's terminal renderer implements (:class:`GameRenderer`) and their
registry (one per game, registered by its module ``clients/render/<game>.py``), the
:class:`Context` they render in (language, style, names at the table, each game's memory), and
the small field helpers they share.

Pure functions of the contract's messages (``cercle.v1``): no I/O, no gRPC. Colours and safe
text are :mod:`clients.render.text`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cercle.v1 import (
    common_pb2,
    game_pb2,
)
from google.protobuf.message import Message

from clients.i18n import Tr
from clients.options import bot_level_name
from clients.render.text import Style, safe_text

T = TypeVar("T")

# -- context ------------------------------------------------------------------------------------


@dataclass
class Context:
    """What rendering needs besides the message, the same for every game: language, style,
    who sits where; and each game's own memory of earlier messages (the card faces seen so
    far, so that an event naming a card id can say which card it is), made by the game's
    renderer (:attr:`GameRenderer.memory`) and read through :meth:`memory`."""

    game_id: str
    tr: Tr
    style: Style = field(default_factory=Style)
    names: dict[int, str] = field(default_factory=dict)
    me: int = -1
    players: dict[str, str] = field(default_factory=dict)
    actor: int = -1
    """The seat whose action is being labelled when it is not mine (a replay step)."""
    memories: dict[str, object] = field(default_factory=dict)
    """Each game's memory by game id, made on first use by its renderer's hook."""

    def memory(self, game_id: str, kind: type[T]) -> T:
        """The memory game ``game_id`` keeps in this context (made by its renderer's
        :attr:`GameRenderer.memory` on first use), which must be a ``kind``."""
        found = self.memories.get(game_id)
        if found is None:
            renderer = renderer_for(game_id)
            make = renderer.memory if renderer is not None else None
            found = self.memories[game_id] = make() if make is not None else kind()
        if not isinstance(found, kind):
            raise TypeError(f"{game_id}'s memory is a {type(found).__name__}, not {kind.__name__}")
        return found

    @property
    def lang(self) -> str:
        return self.tr.lang

    def set_room(self, room: common_pb2.Room) -> None:
        """Take the seats' names and my seat from a Room message."""
        if room.game_id:
            self.game_id = room.game_id
        self.me = room.my_seat if room.HasField("my_seat") else -1
        self.learn_seats(room.seats)

    def learn_seats(self, seats: Iterable[common_pb2.Seat]) -> None:
        """Name every taken seat: a person by their name, a bot in the reader's language."""
        for seat in seats:
            if seat.player_id:
                self.names[seat.index] = name = self.seat_name(seat)
                self.players[seat.player_id] = name
            else:
                self.names.pop(seat.index, None)

    def seat_name(self, seat: common_pb2.Seat) -> str:
        """A seat's name: the server names bots in no language (Seat.bot_number), so it is
        said here in the reader's, from the game's world ("Coyote (strong bot)")."""
        if seat.kind != common_pb2.SEAT_KIND_BOT:
            return safe_text(seat.display_name or seat.player_id)
        number = seat.bot_number if seat.HasField("bot_number") else seat.index + 1
        return self.tr(
            "bot_label", name=self.bot_name(number), level=bot_level_name(seat.bot_level)
        )

    def bot_name(self, number: int) -> str:
        """The name of the room's bot ``number``: the game's own list (``game-<id>-bot_name``
        in games.ftl), else the catalogue's default ("Bot 3")."""
        key = f"game.{self.game_id}.bot_name"
        return self.tr(key if self.game_id and self.tr.has(key) else "bot_name", n=number)

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


# -- the registry -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRenderer:
    """How the terminal shows one game: its table, action labels, event lines, the lines its
    outcome adds, and (optionally) its memory and what a view teaches it for later lines. Each
    ``clients/render/<game>.py`` builds one and :func:`register` s it."""

    game_id: str
    table: Callable[[Any, Context], list[str]]
    action: Callable[[Any, Context, Any], str]
    event: Callable[[Any, Context], str | None]
    outcome_lines: Callable[[Any, Context], list[str]]
    memory: Callable[[], object] | None = None
    """Makes the game's own memory of a match (what its lines need from earlier messages:
    card faces seen, places named), kept in the :class:`Context` (:meth:`Context.memory`)."""
    learn: Callable[[Context, Any], None] | None = None
    """What a view teaches the game's memory for later lines."""
    learn_catalogue: Callable[[Context, Any], None] | None = None
    """What the game's catalogue (``GetGameCatalogue``) teaches the game's memory (place names)."""
    opening: Callable[[Any, Context], str | None] | None = None
    """A line told when the match starts, from its first view (the first card shown)."""
    catalogue: Callable[[Any, Context], list[str]] | None = None
    """The game's material in words (``cercle cards``), from its catalogue message."""
    round: Callable[[Any], int] | None = None
    """The round (deal, game) a view is in, from 1 (``cercle replay``'s "round N"); None
    for a game played in one go."""
    private_card: Callable[[Any, Context], tuple[str, list[str]] | None] | None = None
    """A card that one of the game's private events shows to the reader alone (a peek), as
    a title and the card's lines, for the panel that keeps it on screen
    (:mod:`clients.render.panel`); None for the game's other events."""
    calls: CallKeys | None = None
    """The keys a player types for the game's calls (``Choices.calls``), if it has any."""
    typed: TypedText | None = None
    """The game's actions that wait for a line the player types, if it has any."""
    announcement: Announcement | None = None
    """The game's plays that may announce something as they are made, if it has any."""
    auto_order: tuple[str, ...] = ()
    """The action kinds ``cercle play --auto`` prefers, best first (a kind not listed comes
    after those listed)."""


@dataclass(frozen=True)
class CallKeys:
    """How the terminal offers a game's calls: stable typed keys, not menu numbers."""

    keys: Callable[[Sequence[Any], Sequence[Any], Context, Any], dict[str, Any]]
    """(calls, actions, context, the game's view on screen) -> each call by its key."""
    parse: Callable[[str, Context], str | None]
    """A typed line -> the key it names (None: not a call; ``"?"``: a call mistyped)."""
    lines: Callable[[dict[str, Any], Context, Any], list[str]]
    """What the screen says of the calls on offer."""
    help: str
    """The message id of the calls' help (shown with ``?``)."""
    chance: Callable[[Sequence[Any]], bool]
    """Whether the calls on offer include one a moment opened (the table is drawn for it),
    not only those always on offer."""


@dataclass(frozen=True)
class TypedText:
    """An action that waits for a line the player types before it is sent (a story told
    with a proposal): the menu entry chosen, then the line, or Enter alone for the example."""

    asks: Callable[[Any], bool]
    """Whether the game's action (inside ``Action``) waits for a typed line."""
    example: Callable[[Any, Context], str]
    """What Enter alone sends, in words (from the game's action)."""
    fill: Callable[[Any, str], None]
    """Puts a typed line into (a copy of) the game's action."""
    max_length: int
    """The longest line the server takes."""


@dataclass(frozen=True)
class Announcement:
    """Plays that may announce something as they are made (a call on one's last card): the
    server lists such a play twice, without and with the announcement, and the menu shows both
    as one entry whose option is the announcing variant (typed ``N!``)."""

    flag: Callable[[Any], bool | None]
    """The game's action (inside ``Action``) -> whether it announces; None for an action that
    cannot."""
    clear: Callable[[Any], None]
    """Turns the announcement off in (a copy of) the game's action."""
    hint: str
    """The message id of the option's hint on the menu ("with ...")."""


RENDERERS: dict[str, GameRenderer] = {}
"""Every registered renderer by game id (the ``oneof`` field name in the contract)."""


def register(renderer: GameRenderer) -> GameRenderer:
    RENDERERS[renderer.game_id] = renderer
    return renderer


def renderer_for(game_id: str | None) -> GameRenderer | None:
    return RENDERERS.get(game_id or "")
