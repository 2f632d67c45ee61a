"""Room options (and bot levels) between their typed messages and the words a player types or reads.

A room's options are the game's own message in ``RoomOptions`` (``TamashiiOptions``...): one
field per option, named as the catalogue's ``OptionInfo.name``. What a player types
(``--option level=easy``) becomes that message here, by the generated descriptors, so no
game's option list is written in a client:

>>> room_options("tamashii", {"level": "easy", "memory_aid": "true"}).tamashii.memory_aid
True
>>> plain_options(room_options("tomy", {"language": "EN", "vote_seconds": 0}))
{'vote_seconds': 0, 'language': 'EN'}
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cercle.v1 import common_pb2
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

Plain = int | bool | str
"""An option's value as JSON shows it: a number, true/false, or a choice's name."""

_TRUE = ("true", "1", "yes", "on", "oui")
_FALSE = ("false", "0", "no", "off", "non")


def options_message(game_id: str) -> Descriptor:
    """The descriptor of a game's options message (ValueError for a game without one)."""
    field = common_pb2.RoomOptions.DESCRIPTOR.fields_by_name.get(game_id)
    if field is None or field.message_type is None:
        raise ValueError(f"there is no game called {game_id!r}")
    return field.message_type


def _enum(field: FieldDescriptor) -> EnumDescriptor:
    assert field.enum_type is not None
    return field.enum_type


def _prefix(enum: EnumDescriptor) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"


def choice_name(game_id: str, name: str, number: int) -> str:
    """A choice's short name (``TAMASHII_LEVEL_EASY`` -> ``EASY``), "" for an unknown one."""
    field = options_message(game_id).fields_by_name.get(name)
    if field is None or field.enum_type is None:
        return ""
    value = field.enum_type.values_by_number.get(number)
    return "" if value is None else value.name.removeprefix(_prefix(field.enum_type))


def _typed(game_id: str, field: FieldDescriptor, raw: object) -> int | bool:
    where = f"option {field.name} of {game_id}"
    if field.type == FieldDescriptor.TYPE_BOOL:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in _TRUE or text in _FALSE:
            return text in _TRUE
        raise ValueError(f"{where} takes true or false, not {raw!r}")
    if field.type == FieldDescriptor.TYPE_ENUM:
        enum = _enum(field)
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        text = str(raw).strip().upper()
        value = enum.values_by_name.get(text) or enum.values_by_name.get(_prefix(enum) + text)
        if value is None or value.number == 0:
            names = [v.name.removeprefix(_prefix(enum)).lower() for v in enum.values if v.number]
            raise ValueError(f"{where} takes one of {', '.join(names)}, not {raw!r}")
        return value.number
    if isinstance(raw, bool):
        raise ValueError(f"{where} takes a whole number, not {raw!r}")
    try:
        return int(str(raw).strip()) if not isinstance(raw, int) else raw
    except ValueError:
        raise ValueError(f"{where} takes a whole number, not {raw!r}") from None


def room_options(game_id: str, raw: Mapping[str, object]) -> common_pb2.RoomOptions:
    """The typed options for ``game_id`` from name -> value (a value or its text: ``30``,
    ``"true"``, ``"easy"`` or ``"TAMASHII_LEVEL_EASY"``); the others stay unset (the server
    takes their defaults). ValueError for a name the game lacks or a value of the wrong type
    (the server checks the bounds)."""
    message = common_pb2.RoomOptions()
    if not raw:
        return message
    descriptor = options_message(game_id)
    inner: Message = getattr(message, game_id)
    for name, value in raw.items():
        field = descriptor.fields_by_name.get(name)
        if field is None:
            known = ", ".join(descriptor.fields_by_name)
            raise ValueError(f"{game_id} has no option {name!r} (it has {known})")
        setattr(inner, name, _typed(game_id, field, value))
    return message


def option_fields(options: common_pb2.RoomOptions) -> list[tuple[FieldDescriptor, int | bool]]:
    """The set fields of the game's message, in field order (an enum as its number)."""
    which = options.WhichOneof("game")
    if which is None:
        return []
    inner: Message = getattr(options, which)
    return [(field, value) for field, value in inner.ListFields()]


def plain_value(field: FieldDescriptor, value: int | bool) -> Plain:
    """A field's value as JSON shows it: a choice by its short name (``EASY``)."""
    if field.type == FieldDescriptor.TYPE_ENUM:
        enum = _enum(field)
        known = enum.values_by_number.get(int(value))
        return known.name.removeprefix(_prefix(enum)) if known is not None else int(value)
    return value


def plain_options(options: common_pb2.RoomOptions) -> dict[str, Plain]:
    """The options that are set, as plain values (a first player left to chance is absent)."""
    return {field.name: plain_value(field, value) for field, value in option_fields(options)}


def bot_level_value(level: str) -> common_pb2.BotLevel.ValueType:
    """The contract's BotLevel for a level name (``random``, ``strong``; empty: unset).

    >>> bot_level_value("random") == common_pb2.BOT_LEVEL_RANDOM
    True
    """
    if not level:
        return common_pb2.BOT_LEVEL_UNSPECIFIED
    return common_pb2.BotLevel.Value("BOT_LEVEL_" + level.upper())


def bot_level_name(level: common_pb2.BotLevel.ValueType) -> str:
    """The level name of a BotLevel value (empty for unset)."""
    if level == common_pb2.BOT_LEVEL_UNSPECIFIED:
        return ""
    return common_pb2.BotLevel.Name(level)[len("BOT_LEVEL_") :].lower()
