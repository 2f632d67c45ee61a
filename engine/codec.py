"""One storage codec for the engine's frozen dataclasses, driven by their fields' types.

Events, actions and outcome details are stored (in a room's log) as compact JSON-compatible
lists: a dataclass becomes the list of its field values in declaration order, recursively.
The field types say how to read each value back, so the codec is written once for every game
and stays exact on round trip (``from_data(cls, to_data(x)) == x``).

Supported field types: ``int``, ``bool``, ``str``, ``float``, enums (stored as their value),
``X | None``, unions of scalars (``bool | int | str``), ``tuple[X, ...]``, ``list[X]``,
``dict[K, V]`` (``K`` ``str`` or ``int``; a JSON object), ``Any`` (a JSON value kept as it is)
and nested dataclasses (also inside tuples, lists, dicts and optionals). The room layer's
records (``services.rooms.records``) use the same codec.

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
import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, TypeVar, Union

from engine.events import Event
from engine.rng import Rng

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


_SCALARS = (int, bool, str, float)


def _reader(tp: Any) -> _Reader:
    """A function that turns the stored form of a ``tp`` value back into the value."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if all(a in _SCALARS for a in args):
            return _identity
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
    if origin is list:
        (item_type,) = typing.get_args(tp)
        item = _reader(item_type)
        return list if item is _identity else (lambda value: [item(v) for v in value])
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        if key_type not in (str, int):
            raise TypeError(f"unsupported dict key in {tp}")
        val = _reader(value_type)
        return lambda value: {key_type(k): val(v) for k, v in value.items()}
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        cls = tp
        return lambda value: from_data(cls, value)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if tp is Rng:
        return Rng  # stored as its one integer of state
    if typing.get_origin(tp) is typing.Literal:
        return _identity
    if tp is float:
        return float  # an int stored for a float comes back a float
    if tp in (int, bool, str) or tp is Any:
        return _identity
    raise TypeError(f"unsupported field type {tp}")


def reader(tp: Any) -> Callable[[Any], Any]:
    """The function that reads the stored form of a ``tp`` value (for codecs built on this
    one, such as the room layer's)."""
    return _reader(tp)


def to_data(obj: Any) -> Any:
    """The JSON-compatible form of a dataclass (or tuple, or scalar) value."""
    kind = type(obj)
    if kind in _PLAIN:
        return obj
    encode = _ENCODERS.get(kind)
    if encode is None:
        encode = _ENCODERS[kind] = _encoder(kind)
    return encode(obj)


_PLAIN = frozenset({int, bool, str, float, type(None)})
"""Types stored as they are (the common case: checked before anything else)."""
_ENCODERS: dict[type, Callable[[Any], Any]] = {}
"""How :func:`to_data` stores a value of each other type, chosen once per type."""


def _encoder(kind: type) -> Callable[[Any], Any]:
    if dataclasses.is_dataclass(kind):
        names = tuple(name for name, _ in _plan(kind))
        return lambda obj: [to_data(getattr(obj, name)) for name in names]
    if issubclass(kind, tuple | list):
        return lambda obj: [to_data(v) for v in obj]
    if issubclass(kind, dict):
        return lambda obj: {k: to_data(v) for k, v in obj.items()}
    if issubclass(kind, enum.Enum):
        return lambda obj: obj.value
    if issubclass(kind, Rng):
        return lambda obj: obj.state
    return _identity


def from_data(cls: type[T], data: Any, **extra: Any) -> T:
    """The inverse of :func:`to_data` for an instance of ``cls`` (``extra``: fields that are
    not stored in ``data``, such as an event's audience)."""
    plan = _plan(cls)  # type: ignore[arg-type]  # classes are hashable
    required = _required(cls)  # type: ignore[arg-type]
    if not isinstance(data, list) or not required <= len(data) <= len(plan):
        raise CodecError(f"{cls.__name__}: expected {len(plan)} fields")
    # Data stored before a field with a default was added at the end reads as that default.
    values = {
        name: value if read is _identity else read(value)
        for (name, read), value in zip(plan, data, strict=False)
    }
    return cls(**values, **extra)


@cache
def _required(cls: type) -> int:
    """How many leading stored fields a value of ``cls`` must have: all but the trailing ones
    that have a default (added later: older stored data lacks them)."""
    fields = _fields(cls)
    count = len(fields)
    while count and (
        fields[count - 1].default is not dataclasses.MISSING
        or fields[count - 1].default_factory is not dataclasses.MISSING
    ):
        count -= 1
    return count


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


# --------------------------------------------------------------------------------------------
# Game states: storage form and clone, from the dataclass fields
# --------------------------------------------------------------------------------------------
#
# A game state is a mutable ``@dataclass(slots=True)`` (``engine.core.State``). Its storage
# form is the list of its *stored* fields in declaration order: a field marked
# ``derived()`` is left out (and recomputed by ``State.restore``), a field marked
# ``stored_as(write, read)`` is stored in a compact form of its own. ``clone`` copies every
# field, lists deep (one level per ``list[...]`` of the type), the rest shared (ints,
# strings, tuples and frozen dataclasses are immutable).

_STORE = "cercle.store"


def derived() -> dict[str, Any]:
    """``field(metadata=derived())``: a field computed from the others, not stored (its
    value comes back from the state's ``restore``)."""
    return {_STORE: None}


def stored_as(write: Callable[[Any], Any], read: Callable[[Any], Any]) -> dict[str, Any]:
    """``field(metadata=stored_as(write, read))``: a field stored as ``write(value)``, read
    back with ``read(stored)`` (e.g. a list of flags stored as the indices that are set)."""
    return {_STORE: (write, read)}


_StatePlan = tuple[tuple[str, Callable[[Any], Any], Callable[[Any], Any]], ...]
_STATE_PLANS: dict[type, _StatePlan] = {}


def _state_plan(cls: type) -> _StatePlan:
    """``(name, write, read)`` of each stored field of the state class ``cls``, in order."""
    plan = _STATE_PLANS.get(cls)
    if plan is None:
        plan = _STATE_PLANS[cls] = _build_state_plan(cls)
    return plan


def _build_state_plan(cls: Any) -> _StatePlan:
    hints = typing.get_type_hints(cls)
    plan = []
    for f in dataclasses.fields(cls):
        custom = f.metadata.get(_STORE, False)
        if custom is None:
            continue  # derived
        if custom:
            write, read = custom
        else:
            write, read = _writer(hints[f.name]), _reader(hints[f.name])
        plan.append((f.name, write, read))
    return tuple(plan)


def _scalar(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        return all(_scalar(a) for a in typing.get_args(tp))
    return origin is typing.Literal or tp in (int, bool, str, float, type(None)) or tp is Any


def _state_rng(value: Rng) -> int:
    return value.state


def _writer(tp: Any) -> Callable[[Any], Any]:
    """A function giving the stored form of a ``tp`` field value: :func:`to_data`, written out
    for the shapes states hold (scalars, ``Rng``, lists and tuples of them) so that storing a
    state does not walk every card through the generic function."""
    if _scalar(tp):
        return _identity
    if tp is Rng:
        return _state_rng
    origin = typing.get_origin(tp)
    if origin in (list, tuple):
        args = [a for a in typing.get_args(tp) if a is not Ellipsis]
        if all(_scalar(a) for a in args):
            return list
        if origin is list and len(args) == 1:
            item = _writer(args[0])
            return lambda value: [item(v) for v in value]
    return to_data


def state_to_data(state: Any) -> list[Any]:
    """The storage form of a game state: its stored fields' :func:`to_data`, in order."""
    return [
        getattr(state, name) if write is _identity else write(getattr(state, name))
        for name, write, _ in _state_plan(type(state))
    ]


def state_from_data(cls: type[T], data: Any) -> T:
    """The inverse of :func:`state_to_data` (the state's ``restore`` then fills in its
    derived fields). The class's ``__init__`` is not called."""
    plan = _state_plan(cls)
    if not isinstance(data, list) or len(data) != len(plan):
        raise CodecError(f"{cls.__name__}: expected {len(plan)} fields")
    state = object.__new__(cls)
    for (name, _, read), value in zip(plan, data, strict=True):
        setattr(state, name, value if read is _identity else read(value))
    return state


# The one speed trick of the engine: ``clone`` runs on every ``Game.apply`` (and thousands of
# times per bot decision), so each state class gets a ``clone`` function written for its
# fields, like the ``__init__`` that ``dataclasses`` writes: one assignment per field, no
# loop, no ``getattr``. It behaves exactly as copying each field with :func:`_copy_expr`.


def _immutable(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        return all(_immutable(a) for a in typing.get_args(tp))
    if origin is tuple:
        return all(a is Ellipsis or _immutable(a) for a in typing.get_args(tp))
    if origin is typing.Literal or tp in (int, bool, str, float, type(None)) or tp is Any:
        return True
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return True
    params = getattr(tp, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def _copy_expr(tp: Any, src: str, depth: int = 0) -> str:
    """Python source that copies the value ``src`` of type ``tp``."""
    if _immutable(tp):
        return src
    if tp is Rng:
        return f"_Rng({src}.state)"
    if typing.get_origin(tp) is list:
        (item,) = typing.get_args(tp)
        if _immutable(item):
            return f"{src}[:]"
        var = f"_v{depth}"
        return f"[{_copy_expr(item, var, depth + 1)} for {var} in {src}]"
    raise TypeError(f"clone: unsupported field type {tp}")


_CLONERS: dict[type, Callable[[Any], Any]] = {}


def state_cloner(cls: type[T]) -> Callable[[T], T]:
    """The ``clone`` function of the state class ``cls`` (see above), written once."""
    clone = _CLONERS.get(cls)
    if clone is None:
        clone = _CLONERS[cls] = _write_cloner(cls)
    return clone


def _write_cloner(cls: Any) -> Callable[[Any], Any]:
    hints = typing.get_type_hints(cls)
    lines = ["def clone(self):", "    new = _new(_cls)"]
    for f in dataclasses.fields(cls):
        lines.append(f"    new.{f.name} = {_copy_expr(hints[f.name], 'self.' + f.name)}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_Rng": Rng}
    exec("\n".join(lines), namespace)  # the source is built from the field types only
    clone: Callable[[Any], Any] = namespace["clone"]
    return clone
