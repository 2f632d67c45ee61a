"""One generic mapping between engine dataclasses and protobuf messages.

Per-game proto messages mirror the engine's frozen dataclasses field by field (same names),
so a single converter serves every game; ``services.games.GameContract`` pairs each game's
engine classes with its proto messages by name. The rules follow the contract's conventions
("none" is absence, never a sentinel; an enum's zero value only means "not set"):

- ``int`` / ``str`` / ``bool`` fields map to the same-named scalar fields; ``X | None`` maps
  to a proto3 ``optional`` field (unset = None); a nested dataclass maps to a message field
  (``X | None``: unset = None);
- "exactly one of": the members of a proto ``oneof`` are same-named ``X | None`` fields of
  the dataclass, at most one of them not None (``SnakePick.target_card`` /
  ``hand_position``); sending two is a bug (TypeError), receiving none gives all None;
- ``tuple[...]`` maps to a ``repeated`` field, of scalars or of messages; a tuple of int
  tuples is ``repeated IntList``. A ``None`` item is never a sentinel: a tuple whose items
  may be ``None`` (``tuple[X | None, ...]``) maps to a repeated *choice* message, one
  ``oneof`` of two members, the ``X`` value and an empty message for ``None``
  (``AwimbawePileCard``: ``card`` or ``hidden``; ``TomySeatVote``: ``card`` or ``no_vote``);
  a ``None`` item of a scalar list is a TypeError;
- a ``str`` whose proto field is an enum maps by name: value ``"red"`` of field type
  ``Colour`` is ``COLOUR_RED`` (enum names are the type name in UPPER_SNAKE_CASE + ``_`` +
  the value upper-cased). ``None`` or ``""`` leaves a field with presence (``optional``, a
  oneof member) unset; the server never sends an ``_UNSPECIFIED`` value, so ``None`` or
  ``""`` for an enum field without presence is a TypeError. Read back, an unset or zero
  enum is ``None`` (a ConversionError when the dataclass field may not be ``None``).
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


_SCALAR, _MESSAGE, _ENUM, _REPEATED, _REPEATED_ENUM, _REPEATED_MESSAGE, _REPEATED_CHOICE = range(7)


def _choice(message_type: Any) -> tuple[str, bool, str] | None:
    """For a *choice* message (one oneof of a value and an empty "none" message, e.g.
    ``AwimbawePileCard``): the value member's name, whether it is a message, and the none
    member's name; else None."""
    oneofs = [o for o in message_type.oneofs if not _synthetic(o)]
    if len(oneofs) != 1 or len(message_type.fields) != 2 or len(oneofs[0].fields) != 2:
        return None
    empty = [f for f in oneofs[0].fields if f.type == f.TYPE_MESSAGE and not f.message_type.fields]
    if len(empty) != 1:
        return None
    (value,) = [f for f in oneofs[0].fields if f is not empty[0]]
    return value.name, value.type == value.TYPE_MESSAGE, empty[0].name


def _synthetic(oneof: Any) -> bool:
    """Whether ``oneof`` is the hidden one a proto3 ``optional`` field makes."""
    fields = oneof.fields
    return len(fields) == 1 and oneof.name == "_" + fields[0].name


def _oneofs(cls: type, descriptor: Any) -> tuple[tuple[str, ...], ...]:
    """The real oneofs of ``descriptor`` whose members are fields of ``cls``."""
    names = {f.name for f in _wire_fields(cls)}
    return tuple(
        tuple(f.name for f in o.fields)
        for o in descriptor.oneofs
        if not _synthetic(o) and all(f.name in names for f in o.fields)
    )


def _wire_fields(cls: type) -> list[dataclasses.Field[Any]]:
    """The fields that cross the wire: all but an event's ``audience`` (who receives an event
    is decided by the renderer; the wire says only whether it was private)."""
    return [f for f in dataclasses.fields(cls) if f.name != "audience"]


@cache
def _plan(cls: type, descriptor: Any) -> tuple[tuple[str, int, Any], ...]:
    """How to copy each field of ``cls`` into ``descriptor``'s message (computed once)."""
    plan: list[tuple[str, int, Any]] = []
    for f in _wire_fields(cls):
        fd = descriptor.fields_by_name.get(f.name)
        if fd is None:
            raise TypeError(f"{descriptor.full_name} has no field {f.name}")
        if _is_repeated(fd):
            choice = _choice(fd.message_type) if fd.type == fd.TYPE_MESSAGE else None
            if choice is not None:
                plan.append((f.name, _REPEATED_CHOICE, choice))
            elif fd.type == fd.TYPE_MESSAGE:
                plan.append((f.name, _REPEATED_MESSAGE, None))
            elif fd.type == fd.TYPE_ENUM:
                plan.append((f.name, _REPEATED_ENUM, fd.enum_type))
            else:
                plan.append((f.name, _REPEATED, None))
        elif fd.type == fd.TYPE_MESSAGE:
            plan.append((f.name, _MESSAGE, None))
        elif fd.type == fd.TYPE_ENUM:
            plan.append((f.name, _ENUM, (fd.enum_type, bool(fd.has_presence))))
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
    namespace: dict[str, Any] = {
        "_to_proto": to_proto,
        "_enum_number": _enum_number,
        "_unset_enum": _unset_enum,
        "_no_sentinel": _no_sentinel,
        "_two_of": _two_of,
    }
    for members in _oneofs(cls, descriptor):
        count = " + ".join(f"(obj.{name} is not None)" for name in members)
        lines.append(f"    if {count} > 1: _two_of({descriptor.full_name!r}, {members!r})")
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
                f"        if None in v: _no_sentinel({name!r})",
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
                f"            else: _no_sentinel({name!r})",
            ]
        elif kind == _REPEATED_CHOICE:
            value, is_message, none = extra
            fill_value = (
                f"_to_proto(item, added.{value})" if is_message else f"added.{value} = item"
            )
            lines += [
                "    if v is not None:",
                f"        add = {target}.add",
                "        for item in v:",
                "            added = add()",
                f"            if item is None: added.{none}.SetInParent()",
                f"            else: {fill_value}",
            ]
        else:
            enum = f"_enum_{index}"
            if kind == _ENUM:
                namespace[enum], presence = extra
                number = f"_enum_number({enum}, v)"
                assign = (
                    f"setattr(message, {name!r}, {number})"
                    if keyword.iskeyword(name)
                    else f"{target} = {number}"
                )
                if presence:
                    lines.append(f"    if v is not None and v != '': {assign}")
                else:
                    lines.append(f"    if v is None or v == '': _unset_enum({enum}, {name!r})")
                    lines.append(f"    else: {assign}")
            else:
                namespace[enum] = extra
                lines.append(
                    f"    if v is not None: {target}.extend(_enum_number({enum}, i) for i in v)"
                )
    lines.append("    return None")
    exec("\n".join(lines), namespace)  # the source is built from field names and kinds only
    fill: Callable[[Any, Any], None] = namespace["fill"]
    return fill


def _unset_enum(enum: Any, field: str) -> None:
    raise TypeError(
        f"{field} ({enum.full_name}) has no value: the server never sends an UNSPECIFIED "
        "enum; make the field optional if it may be absent"
    )


def _no_sentinel(field: str) -> None:
    raise TypeError(
        f"{field} has a None item: a list whose items may be absent is a list of "
        "choice messages (a oneof of the value and an empty message)"
    )


def _two_of(message: str, members: tuple[str, ...]) -> None:
    raise TypeError(f"{message}: at most one of {', '.join(members)} may be set (a oneof)")


@cache
def _enum_number(enum: Any, value: str) -> int:
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
            choice = _choice(fd.message_type) if fd.type == fd.TYPE_MESSAGE else None
            if choice is not None:
                kwargs[f.name] = tuple(_choice_item(i, choice, item_tp, f.name) for i in items)
            elif fd.type == fd.TYPE_MESSAGE and typing.get_origin(item_tp) is tuple:
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


def _choice_item(item: Message, choice: tuple[str, bool, str], tp: Any, field: str) -> Any:
    """The value of one item of a repeated choice message (None for its empty member)."""
    value, is_message, none = choice
    which = item.WhichOneof(item.DESCRIPTOR.oneofs[0].name)
    if which == none:
        return None
    if which is None:
        raise ConversionError(field, f"an item of {field} must be a {value} or a {none}")
    if is_message:
        return from_proto(getattr(item, value), _strip_optional(tp)[0])
    return getattr(item, value)


def _enum_value(enum: Any, number: int, field: str) -> str | None:
    value = enum.values_by_number.get(number)
    if value is None:
        raise ConversionError(field, f"{field} has no value {number}")
    if number == 0:
        return None
    name: str = value.name
    return name[len(_enum_prefix(enum)) :].lower()
