"""Room options between the contract and the engine: the one mapping, for every game.

A game's options message (``<Game>Options`` at the end of ``protos/cercle/v1/<game>.proto``,
the field ``<game id>`` of ``RoomOptions``) has one field per :class:`~engine.info.OptionSpec`
of the game, with the option's name:

- an ``"int"`` option is an ``optional int32``; its ``unset_value`` (``first_player`` -1: a
  seat drawn at random) is the field left unset, both ways;
- a ``"bool"`` option is an ``optional bool``;
- a ``"choice"`` option is an enum field whose value ``<ENUM>_<CHOICE>`` is the choice
  (``TAMASHII_LEVEL_STANDARD`` is ``"STANDARD"``); the zero value means "not set".

A request's unset field is left out of the engine's options, so the engine takes the default
(``Game.validate_options``). The engine keeps its plain values and rooms store them as they
are (``RoomMeta.options``): this module is the only place that knows both forms.
``tests/services/test_room_options.py`` checks that every game's message matches its specs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cercle.v1 import common_pb2
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

from engine.core import Game
from engine.info import OptionSpec, OptionValue
from services.games.convert import ConversionError


def option_field(game_id: str, name: str) -> str:
    """The request field path of an option, as a BadRequest violation names it."""
    return f"options.{game_id}.{name}"


def options_descriptor(game_id: str) -> Descriptor:
    """The descriptor of the game's options message (KeyError for a game the contract lacks)."""
    descriptor = common_pb2.RoomOptions.DESCRIPTOR.fields_by_name[game_id].message_type
    assert descriptor is not None
    return descriptor


def _enum(field: FieldDescriptor) -> EnumDescriptor:
    assert field.enum_type is not None, f"{field.name} is not an enum field"
    return field.enum_type


def _enum_prefix(field: FieldDescriptor) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", _enum(field).name).upper() + "_"


def _field(game_id: str, spec: OptionSpec) -> FieldDescriptor:
    field: FieldDescriptor = options_descriptor(game_id).fields_by_name[spec.name]
    return field


def choice_number(game_id: str, spec: OptionSpec, choice: str) -> int:
    """The enum number of a choice option's value (``"EASY"`` -> TAMASHII_LEVEL_EASY's)."""
    field = _field(game_id, spec)
    number: int = _enum(field).values_by_name[_enum_prefix(field) + choice.upper()].number
    return number


def options_from_proto(
    game: Game[Any, Any, Any], options: common_pb2.RoomOptions
) -> dict[str, object]:
    """The options a request sets, in the engine's form (unset ones left out); raises
    :class:`ConversionError` naming the field for another game's message or an enum number
    that is not one of the option's choices."""
    game_id = game.info.id
    which = options.WhichOneof("game")
    if which is None:
        return {}
    if which != game_id:
        raise ConversionError("options", f"these are options for {which}, not for {game_id}")
    inner: Message = getattr(options, which)
    raw: dict[str, object] = {}
    for spec in game.info.options:
        path = option_field(game_id, spec.name)
        if spec.kind == "choice":
            number = getattr(inner, spec.name)
            if number == 0:
                continue  # not set: the default
            field = _field(game_id, spec)
            value = _enum(field).values_by_number.get(number)
            prefix = _enum_prefix(field)
            choice = value.name.removeprefix(prefix) if value is not None else ""
            if choice not in spec.choices:
                names = ", ".join(prefix + c for c in spec.choices)
                raise ConversionError(path, f"option {spec.name} takes one of {names}")
            raw[spec.name] = choice
        elif inner.HasField(spec.name):
            value = getattr(inner, spec.name)
            if spec.unset_value is not None and value == spec.unset_value:
                raise ConversionError(
                    path, f"option {spec.name} must be at least {spec.minimum} (or left unset)"
                )
            raw[spec.name] = value
    return raw


def options_to_proto(
    game: Game[Any, Any, Any], options: Mapping[str, OptionValue]
) -> common_pb2.RoomOptions:
    """The typed options of a room: every option set (a missing one at its default), but an
    int option at its ``unset_value`` left unset."""
    game_id = game.info.id
    message = common_pb2.RoomOptions()
    inner: Message = getattr(message, game_id)
    inner.SetInParent()  # the game's case is set even if every field were unset
    for spec in game.info.options:
        value = options.get(spec.name, spec.default)
        if spec.kind == "choice":
            setattr(inner, spec.name, choice_number(game_id, spec, str(value)))
        elif spec.kind == "bool":
            setattr(inner, spec.name, bool(value))
        elif spec.unset_value is None or value != spec.unset_value:
            setattr(inner, spec.name, int(value))
    return message


def default_value(game_id: str, spec: OptionSpec) -> common_pb2.OptionValue | None:
    """The catalogue's default of an option (None: the default is the field left unset)."""
    if spec.kind == "choice":
        return common_pb2.OptionValue(enum_value=choice_number(game_id, spec, str(spec.default)))
    if spec.kind == "bool":
        return common_pb2.OptionValue(bool_value=bool(spec.default))
    if spec.unset_value is not None and spec.default == spec.unset_value:
        return None
    return common_pb2.OptionValue(int_value=int(spec.default))


def mismatches(game: Game[Any, Any, Any]) -> list[str]:
    """How the game's options message differs from its option specs (empty: they match)."""
    try:
        descriptor = options_descriptor(game.info.id)
    except KeyError:
        return [f"RoomOptions has no field {game.info.id}"]
    wanted = {
        "int": FieldDescriptor.TYPE_INT32,
        "bool": FieldDescriptor.TYPE_BOOL,
        "choice": FieldDescriptor.TYPE_ENUM,
    }
    out = []
    specs = {spec.name: spec for spec in game.info.options}
    for name in descriptor.fields_by_name.keys() - specs.keys():
        out.append(f"{descriptor.name}.{name} is no option of {game.info.id}")
    for spec in specs.values():
        field = descriptor.fields_by_name.get(spec.name)
        if field is None:
            out.append(f"{descriptor.name} lacks the field {spec.name}")
        elif field.type != wanted[spec.kind]:
            out.append(f"{descriptor.name}.{spec.name} is not a {spec.kind} field")
        elif spec.kind != "choice" and not field.has_presence:
            out.append(f"{descriptor.name}.{spec.name} is not optional")
        elif spec.kind == "choice":
            prefix = _enum_prefix(field)
            names = {value.name for value in _enum(field).values}
            out += [
                f"{_enum(field).name} lacks {prefix}{choice}"
                for choice in spec.choices
                if prefix + choice not in names
            ]
    return out
