"""One storage codec for the engine's frozen dataclasses, driven by their fields' types.

Events, actions and outcome details are stored (in a room's log) as compact JSON-compatible
lists: a dataclass becomes the list of its field values in declaration order, recursively.
The field types say how to read each value back, so the codec is written once for every game
and stays exact on round trip (``from_data(cls, to_data(x)) == x``).

Supported field types: ``int``, ``bool``, ``str``, ``X | None``, ``tuple[X, ...]`` and nested
dataclasses (also inside tuples and optionals).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Drew:
...     seat: int
...     cards: tuple[int, ...]
...     colour: str | None
>>> d = Drew(2, (7, 9), None)
>>> to_data(d)
[2, [7, 9], None]
>>> from_data(Drew, to_data(d)) == d
True
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, TypeVar, Union

from engine.events import Event

T = TypeVar("T")

_Reader = Callable[[Any], Any]


class CodecError(ValueError):
    """Stored data that does not fit the type it is read as."""


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.name != "audience")


@cache
def _plan(cls: type) -> tuple[tuple[str, _Reader], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _reader(hints[f.name])) for f in _fields(cls))


def _identity(value: Any) -> Any:
    return value


def _reader(tp: Any) -> _Reader:
    """A function that turns the stored form of a ``tp`` value back into the value."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) != 1:
            raise TypeError(f"unsupported union {tp}")
        inner = _reader(args[0])
        if inner is _identity:
            return _identity
        return lambda value: None if value is None else inner(value)
    if origin is tuple:
        items = typing.get_args(tp)
        if len(items) == 2 and items[1] is Ellipsis:
            item = _reader(items[0])
            if item is _identity:
                return tuple
            return lambda value: tuple(item(v) for v in value)
        readers = [_reader(a) for a in items]
        return lambda value: tuple(r(v) for r, v in zip(readers, value, strict=True))
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        cls = tp
        return lambda value: from_data(cls, value)
    if tp in (int, bool, str):
        return _identity
    raise TypeError(f"unsupported field type {tp}")


def to_data(obj: Any) -> Any:
    """The JSON-compatible form of a dataclass (or tuple, or scalar) value."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [to_data(getattr(obj, name)) for name, _ in _plan(type(obj))]
    if isinstance(obj, tuple):
        return [to_data(v) for v in obj]
    return obj


def from_data(cls: type[T], data: Any, **extra: Any) -> T:
    """The inverse of :func:`to_data` for an instance of ``cls`` (``extra``: fields that are
    not stored in ``data``, such as an event's audience)."""
    plan = _plan(cls)  # type: ignore[arg-type]  # classes are hashable
    if not isinstance(data, list) or len(data) != len(plan):
        raise CodecError(f"{cls.__name__}: expected {len(plan)} fields")
    values = {name: read(value) for (name, read), value in zip(plan, data, strict=True)}
    return cls(**values, **extra)


def encode_event(event: Event) -> list[Any]:
    """``[kind, audience (sorted seats or None), *fields]``."""
    audience = None if event.audience is None else sorted(event.audience)
    return [event.kind, audience, *to_data(event)]


def decode_event(types_by_kind: Mapping[str, type[Event]], data: list[Any]) -> Event:
    """The inverse of :func:`encode_event`, given the event classes by kind."""
    kind, audience, *values = data
    cls = types_by_kind.get(kind)
    if cls is None:
        raise CodecError(f"unknown event kind {kind!r}")
    return from_data(cls, values, audience=None if audience is None else frozenset(audience))


def kinds(event_types: Iterable[type[Event]]) -> dict[str, type[Event]]:
    """Event classes by their kind."""
    return {cls.kind: cls for cls in event_types}
