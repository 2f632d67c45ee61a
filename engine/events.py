"""Typed events: one small frozen dataclass per kind of thing that can happen in a match.

Every game declares its event classes (``Game.event_types``), each a subclass of
:class:`Event` with typed fields only (``int``, ``bool``, ``str`` for a closed vocabulary,
``X | None``, tuples, and nested frozen dataclasses such as a card's face). The class name is
the event's kind in CamelCase; :attr:`Event.kind` is its snake_case form (``CardPlayed`` ->
``card_played``), which is also the name of its field in the game's ``<Game>Event`` protobuf
message, so one generic mapping serves every game.

Who may see an event is its ``audience`` (keyword-only, not part of the wire message):
``None`` is everyone, players and spectators; a frozenset is exactly those seats. An event
about a secret is emitted twice: a public one without the secret and a private one for the
seats allowed to know it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class CardPlayed(Event):
...     seat: int
...     card: int
>>> e = CardPlayed(1, 42, audience=only(1))
>>> e.kind, e.visible_to(1), e.visible_to(0), e.visible_to(None)
('card_played', True, False, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

Audience = frozenset[int] | None
"""Who may see an event: ``None`` is everyone (players and spectators); a frozenset is
exactly those seats and nobody else (no spectator)."""

PUBLIC: Audience = None


def snake_case(name: str) -> str:
    """``CardPlayed`` -> ``card_played`` (the event kind and its protobuf field name)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every game's event classes (see the module docstring)."""

    audience: Audience = field(default=PUBLIC, kw_only=True)

    kind: ClassVar[str] = "event"
    """The stable snake_case name of the event class."""

    def __init_subclass__(cls) -> None:
        # No super() call: ``slots=True`` rebuilds the class, which breaks zero-argument
        # super() here, and object.__init_subclass__ does nothing.
        cls.kind = snake_case(cls.__name__)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.audience is None or (seat is not None and seat in self.audience)


_ONLY: dict[int, frozenset[int]] = {}


def only(seat: int) -> frozenset[int]:
    """The audience of an event that only ``seat`` may see (shared frozensets)."""
    audience = _ONLY.get(seat)
    if audience is None:
        audience = _ONLY[seat] = frozenset((seat,))
    return audience


E = TypeVar("E", bound=Event)


class Interned(Generic[E]):
    """Events handed out again instead of built anew: the engine's one speed trick for
    events. Events are frozen, so a hot path (Tomahawk's draws and plays, thousands per
    second in a bot's playouts) may give every match the same instance for the same fields;
    a lookup costs a fraction of a dataclass construction. ``key`` must say everything the
    fields say (the instance is built once, from ``args``, the first time the key is asked).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Drew(Event):
    ...     seat: int
    ...     count: int
    >>> drew = Interned(Drew)
    >>> drew((1, 2), 1, 2) is drew((1, 2), 1, 2), drew((1, 2), 1, 2)
    (True, Drew(audience=None, seat=1, count=2))

    :meth:`of` is the short form for public events whose fields are their own key.

    The other speed tricks of the engine are in ``engine/codec.py`` (a state's ``clone``
    and field writers generated from its dataclass fields), ``engine/rng.py``
    (``Rng.shuffle``: one 32-bit draw per card, computed inline) and ``engine/core.py``
    (``Game.step`` checks fully only when something can be wrong); docs/architecture.md
    lists them."""

    __slots__ = ("_make", "table")

    def __init__(self, make: Callable[..., E]) -> None:
        self._make = make
        self.table: dict[Hashable, E] = {}
        """Every instance built so far, by key: the hottest callers look here first
        (``table.get(key) or interned(key, ...)``), which saves the call."""

    def __call__(self, key: Hashable, *args: object, **kwargs: object) -> E:
        event = self.table.get(key)
        if event is None:
            event = self.table[key] = self._make(*args, **kwargs)
        return event

    def of(self, *fields: Hashable) -> E:
        """The public event of these positional ``fields``, which are its key: for events
        whose fields take few distinct values (seats, small counts, closed vocabularies).
        Each field must keep one type (``True`` and ``1`` are the same key).

        >>> @dataclass(frozen=True, slots=True)
        ... class Skipped(Event):
        ...     seat: int
        >>> skipped = Interned(Skipped)
        >>> skipped.of(3) is skipped.of(3), skipped.of(3) == Skipped(3)
        (True, True)
        """
        event = self.table.get(fields)
        if event is None:
            event = self.table[fields] = self._make(*fields)
        return event
