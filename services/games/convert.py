"""One generic mapping between engine dataclasses and protobuf messages.

Per-game proto messages mirror the engine's frozen dataclasses field by field (same names),
so a single converter serves every game; each game's module (``services/games/<game>.py``)
only pairs engine classes with proto messages. Rules:

- ``int`` / ``str`` / ``bool`` fields map to the same-named scalar fields; ``X | None`` maps
  to a proto3 ``optional`` field (unset = None);
- ``tuple[...]`` maps to a ``repeated`` field, of scalars or of messages; a ``None`` item of
  an int tuple is sent as ``-1``, of a message tuple as an entry with no field set; a tuple
  of int tuples is ``repeated IntList``;
- a nested dataclass maps to a message field;
- a ``str`` whose proto field is an enum maps by name: value ``"red"`` of field type
  ``Colour`` is ``COLOUR_RED`` (enum names are the type name in UPPER_SNAKE_CASE + ``_`` +
  the value upper-cased); ``None`` or ``""`` is the ``_UNSPECIFIED`` zero value.
"""

from __future__ import annotations

import dataclasses
import keyword
import re
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, Union

from google.protobuf.message import Message

M = TypeVar("M", bound=Message)


class ConversionError(ValueError):
    """A message that does not fit the engine type (e.g. an unknown enum value)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _upper_snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()


@cache
def _enum_prefix(enum: Any) -> str:
    return _upper_snake(enum.name) + "_"


def _is_repeated(fd: Any) -> bool:
    return (
        bool(fd.is_repeated) if hasattr(fd, "is_repeated") else bool(fd.label == fd.LABEL_REPEATED)
    )


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _strip_optional(tp: Any) -> tuple[Any, bool]:
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return tp, False


_SCALAR, _MESSAGE, _ENUM, _REPEATED, _REPEATED_ENUM, _REPEATED_MESSAGE = range(6)


def _wire_fields(cls: type) -> list[dataclasses.Field[Any]]:
    """The fields that cross the wire: all but an event's ``audience`` (who receives an event
    is decided by the renderer; the wire says only whether it was private)."""
    return [f for f in dataclasses.fields(cls) if f.name != "audience"]


@cache
def _plan(cls: type, descriptor: Any) -> tuple[tuple[str, int, Any], ...]:
    """How to copy each field of ``cls`` into ``descriptor``'s message (computed once)."""
    plan = []
    for f in _wire_fields(cls):
        fd = descriptor.fields_by_name.get(f.name)
        if fd is None:
            raise TypeError(f"{descriptor.full_name} has no field {f.name}")
        if _is_repeated(fd):
            if fd.type == fd.TYPE_MESSAGE:
                plan.append((f.name, _REPEATED_MESSAGE, None))
            elif fd.type == fd.TYPE_ENUM:
                plan.append((f.name, _REPEATED_ENUM, fd.enum_type))
            else:
                plan.append((f.name, _REPEATED, None))
        elif fd.type == fd.TYPE_MESSAGE:
            plan.append((f.name, _MESSAGE, None))
        elif fd.type == fd.TYPE_ENUM:
            plan.append((f.name, _ENUM, fd.enum_type))
        else:
            plan.append((f.name, _SCALAR, None))
    return tuple(plan)


def to_proto(obj: Any, message: M) -> M:
    """Fill ``message`` from the dataclass ``obj`` (field names must match)."""
    message.SetInParent()
    cls: type = type(obj)
    descriptor: Any = message.DESCRIPTOR
    _filler(cls, descriptor)(obj, message)
    return message


# Views, events and choices are converted on every update, for every seat: each pair of a
# dataclass and a message gets a ``fill`` function written once for its fields (as the
# engine writes each state's ``clone``), one statement per field, instead of deciding each
# field's kind again per value. It does exactly what the plan says (see the module rules).


@cache
def _filler(cls: type, descriptor: Any) -> Callable[[Any, Any], None]:
    lines = ["def fill(obj, message):"]
    namespace: dict[str, Any] = {"_to_proto": to_proto, "_enum_number": _enum_number}
    for index, (name, kind, extra) in enumerate(_plan(cls, descriptor)):
        # A field named like a Python keyword (``pass``) is reached with getattr.
        target = f"getattr(message, {name!r})" if keyword.iskeyword(name) else f"message.{name}"
        lines.append(f"    v = obj.{name}")
        if kind == _SCALAR:
            if keyword.iskeyword(name):
                lines.append(f"    if v is not None: setattr(message, {name!r}, v)")
            else:
                lines.append(f"    if v is not None: {target} = v")
        elif kind == _REPEATED:
            lines += [
                "    if v is not None:",
                "        if None in v: v = [-1 if i is None else i for i in v]",
                f"        {target}.extend(v)",
            ]
        elif kind == _MESSAGE:
            lines.append(f"    if v is not None: _to_proto(v, {target})")
        elif kind == _REPEATED_MESSAGE:
            lines += [
                "    if v is not None:",
                f"        add = {target}.add",
                "        for item in v:",
                "            added = add()",
                "            if isinstance(item, tuple): added.values.extend(item)",
                "            elif item is not None: _to_proto(item, added)",
            ]
        else:
            enum = f"_enum_{index}"
            namespace[enum] = extra
            if kind == _ENUM:
                number = f"_enum_number({enum}, v)"
                if keyword.iskeyword(name):
                    lines.append(f"    if v is not None: setattr(message, {name!r}, {number})")
                else:
                    lines.append(f"    if v is not None: {target} = {number}")
            else:
                lines.append(
                    f"    if v is not None: {target}.extend(_enum_number({enum}, i) for i in v)"
                )
    lines.append("    return None")
    exec("\n".join(lines), namespace)  # the source is built from field names and kinds only
    fill: Callable[[Any, Any], None] = namespace["fill"]
    return fill


@cache
def _enum_number(enum: Any, value: str) -> int:
    if value in ("", None):
        return 0
    name = _enum_prefix(enum) + str(value).upper()
    found = enum.values_by_name.get(name)
    if found is None:
        raise TypeError(f"{enum.full_name} has no value {name}")
    return int(found.number)


def from_proto(message: Message, cls: type) -> Any:
    """Build the dataclass ``cls`` from ``message``; raises :class:`ConversionError`."""
    descriptor: Any = message.DESCRIPTOR
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for f in _wire_fields(cls):
        fd = descriptor.fields_by_name[f.name]
        tp, optional = _strip_optional(hints[f.name])
        if _is_repeated(fd):
            items = list(getattr(message, f.name))
            (item_tp,) = typing.get_args(tp)[:1] or (Any,)
            if fd.type == fd.TYPE_MESSAGE and typing.get_origin(item_tp) is tuple:
                kwargs[f.name] = tuple(tuple(i.values) for i in items)  # IntList
            elif fd.type == fd.TYPE_MESSAGE:
                kwargs[f.name] = tuple(from_proto(i, item_tp) for i in items)
            elif fd.type == fd.TYPE_ENUM:
                kwargs[f.name] = tuple(_enum_value(fd.enum_type, i, f.name) for i in items)
            else:
                kwargs[f.name] = tuple(items)
            continue
        has_presence = fd.type == fd.TYPE_MESSAGE or fd.has_presence
        if optional and has_presence and not message.HasField(f.name):
            kwargs[f.name] = None
            continue
        raw = getattr(message, f.name)
        if fd.type == fd.TYPE_MESSAGE:
            kwargs[f.name] = from_proto(raw, tp)
        elif fd.type == fd.TYPE_ENUM:
            value = _enum_value(fd.enum_type, raw, f.name)
            if value is None and not optional:
                raise ConversionError(f.name, f"{f.name} must be set")
            kwargs[f.name] = value
        else:
            kwargs[f.name] = raw
    return cls(**kwargs)


def _enum_value(enum: Any, number: int, field: str) -> str | None:
    value = enum.values_by_number.get(number)
    if value is None:
        raise ConversionError(field, f"{field} has no value {number}")
    if number == 0:
        return None
    name: str = value.name
    return name[len(_enum_prefix(enum)) :].lower()
