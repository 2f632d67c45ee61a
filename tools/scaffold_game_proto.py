"""Scaffold ``protos/cercle/v1/<game>.proto`` from a game's engine package
(``engine/games/<game>/``, registered in ``engine.registry``).

For adding a game (or catching up with a changed engine type): it prints a .proto with the
messages the checklist's ``proto-messages`` item asks for (``tools/game_checklist.py``):
``<Name>Action`` (one oneof member per ``Game.action_types``), ``<Name>Event`` (one per
``Game.event_types``, named by the event's kind), ``<Name>View``, ``<Name>Outcome``
(``Game.outcome_type``), ``<Name>Catalogue`` (``Game.catalogue()``) and ``<Name>Options``,
each mirroring the engine's frozen dataclasses field by field, the shape the generic
converter (``services/games/convert.py``) maps; a ``Literal`` of strings becomes an enum
named after its field. Review it (comments, oneofs, reserved numbers), then keep the .proto
as the contract: once published, fields are only added (``buf breaking`` guards it).

    python tools/scaffold_game_proto.py tomahawk > protos/cercle/v1/tomahawk.proto

``tools/new_game.py`` writes it for a new game, with the game's members of the shared oneofs
declared (tools/genoneofs.py), and every other file a game needs.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import sys
import types
import typing
from collections.abc import Sequence
from typing import Any, Literal, Union


def proto_prefix(game_id: str) -> str:
    """The prefix of a game's messages: its id in CamelCase (``tomahawk`` -> ``Tomahawk``,
    ``higher_card`` -> ``HigherCard``), as ``<Prefix>Action`` and the others are named."""
    return "".join(part.title() for part in game_id.split("_"))


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def doc_lines(obj: Any, indent: str) -> list[str]:
    doc = inspect.getdoc(obj) or ""
    if not doc or doc.startswith(obj.__name__ + "("):
        return []
    doc = re.sub(r":\w+:`([^`]*)`", r"`\1`", doc).replace("``", "`")
    return [f"{indent}// {line}".rstrip() for line in doc.splitlines()]


class Scaffold:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.prefix = proto_prefix(game_id)
        self.messages: dict[type, str] = {}
        self.enums: dict[str, tuple[str, ...]] = {}
        self.uses_int_list = False

    def message_name(self, cls: type) -> str:
        name = cls.__name__
        if not name.startswith(self.prefix):
            name = self.prefix + name
        return name

    def field_type(self, tp: Any, name: str = "") -> tuple[str, str]:
        """(label, type) for the type of the dataclass field ``name``."""
        origin = typing.get_origin(tp)
        if origin is Literal:
            return "", self.enum(name, typing.get_args(tp))
        if origin in (Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            label, inner = self.field_type(args[0], name)
            if label or dataclasses.is_dataclass(args[0]):
                return label, inner  # repeated, or a message (which has presence anyway)
            return "optional", inner
        if origin is tuple:
            item = typing.get_args(tp)[0]
            item_origin = typing.get_origin(item)
            if item_origin is tuple:
                self.uses_int_list = True
                return "repeated", "IntList"
            if item_origin in (Union, types.UnionType):
                item = next(a for a in typing.get_args(item) if a is not type(None))
            _, inner = self.field_type(item, name)
            return "repeated", inner
        if tp is bool:
            return "", "bool"
        if tp is int:
            return "", "int32"
        if tp is str:
            return "", "string"
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            self.queue(tp)
            return "", self.message_name(tp)
        raise TypeError(f"unsupported type {tp!r}")

    def enum(self, field_name: str, values: tuple[str, ...]) -> str:
        """The enum for a ``Literal`` field: ``<Name><Field>``, its values the literal's
        strings in UPPER_SNAKE_CASE after the enum's name (as ``convert`` maps them)."""
        enum = self.prefix + "".join(part.title() for part in field_name.split("_"))
        known = self.enums.get(enum, ())
        self.enums[enum] = known + tuple(v for v in values if v not in known)
        return enum

    def enum_blocks(self) -> list[str]:
        lines: list[str] = []
        for enum, values in self.enums.items():
            head = snake(enum).upper()
            lines.append(f"enum {enum} {{")
            lines.append(f"  {head}_UNSPECIFIED = 0;")
            lines += [f"  {head}_{v.upper()} = {n};" for n, v in enumerate(values, start=1)]
            lines += ["}", ""]
        return lines

    def queue(self, cls: type, name: str | None = None) -> None:
        if cls not in self.messages:
            self.messages[cls] = name or self.message_name(cls)
            self.pending.append(cls)

    def oneof_message(self, name: str, oneof: str, classes: Sequence[type]) -> list[str]:
        """``message <name>`` with one nested message per class (its fields) and a oneof
        ``oneof`` of them, each member named after its class in snake_case."""
        body = [f"message {name} {{"]
        for cls in classes:
            body += doc_lines(cls, "  ")
            inner = self.fields_block(cls, "    ")
            if inner:
                body += [f"  message {cls.__name__} {{", *inner, "  }"]
            else:
                body.append(f"  message {cls.__name__} {{}}")
        body.append(f"  // The {oneof}.")
        body.append(f"  oneof {oneof} {{")
        for number, cls in enumerate(classes, start=1):
            body.append(f"    {cls.__name__} {snake(cls.__name__)} = {number};")
        return [*body, "  }", "}", ""]

    def fields_block(self, cls: type, indent: str) -> list[str]:
        hints = typing.get_type_hints(cls)
        lines: list[str] = []
        wire_fields = [f for f in dataclasses.fields(cls) if f.name != "audience"]  # not sent
        for number, f in enumerate(wire_fields, start=1):
            label, tp = self.field_type(hints[f.name], f.name)
            note = ""
            args = typing.get_args(hints[f.name])
            if (
                typing.get_origin(hints[f.name]) is tuple
                and args
                and typing.get_origin(args[0]) in (Union, types.UnionType)
            ):
                if tp.startswith("int"):
                    note = f"{indent}// -1 stands for none.\n"
                else:
                    note = f"{indent}// An entry with no field set stands for none.\n"
            if note:
                lines.append(note.rstrip("\n"))
            lines.append(f"{indent}{label + ' ' if label else ''}{tp} {f.name} = {number};")
        return lines

    def options_block(self, specs: Any) -> list[str]:
        """``<Name>Options``: one field per option (services/games/options.py maps them); a
        choice option needs an enum ``<Name><Option>`` whose values end with the choices."""
        lines = [f"// The options of a {self.prefix} room (RoomOptions.{self.game_id})."]
        lines.append(f"message {self.prefix}Options {{")
        for number, spec in enumerate(specs, start=1):
            if spec.kind == "choice":
                enum = self.prefix + "".join(part.title() for part in spec.name.split("_"))
                lines.append(f"  // One of {', '.join(spec.choices)}; zero: {spec.default}.")
                lines.append(f"  {enum} {spec.name} = {number};")
            else:
                tp = "bool" if spec.kind == "bool" else "int32"
                if spec.unset_value is not None and spec.default == spec.unset_value:
                    lines.append("  // Unset: none chosen (the default).")
                else:
                    lines.append(f"  // Unset in a request: {spec.default}.")
                lines.append(f"  optional {tp} {spec.name} = {number};")
        return [*lines, "}", ""]

    def render(self) -> str:
        self.pending: list[type] = []
        from engine import registry

        game = registry.get(self.game_id)
        body = [f"// A move in {self.prefix}: exactly one is set."]
        body += self.oneof_message(f"{self.prefix}Action", "action", game.action_types)
        body.append(f"// What happened in a {self.prefix} match: exactly one is set.")
        body += self.oneof_message(f"{self.prefix}Event", "event", game.event_types)
        package = importlib.import_module(f"engine.games.{self.game_id}")  # exports the view
        self.queue(getattr(package, f"{self.prefix}View"), f"{self.prefix}View")
        if game.outcome_type is not None:
            self.queue(game.outcome_type, f"{self.prefix}Outcome")
        self.queue(type(game.catalogue()), f"{self.prefix}Catalogue")
        while self.pending:
            cls = self.pending.pop(0)
            body += doc_lines(cls, "")
            body.append(f"message {self.messages[cls]} {{")
            body += self.fields_block(cls, "  ")
            body.append("}")
            body.append("")
        body += self.options_block(registry.get(self.game_id).info.options)
        head = [
            'syntax = "proto3";',
            "",
            "package cercle.v1;",
            "",
        ]
        if self.uses_int_list:
            head += ['import "cercle/v1/lists.proto";', ""]
        head += [  # the same in every file of cercle.v1 (buf lint: PACKAGE_SAME_*)
            'option go_package = "cercle/gen/go/cercle/v1;cerclev1";',
            "option java_multiple_files = true;",
            'option java_package = "com.cercle.v1";',
            "",
            f"// {self.prefix}: actions, events, views, outcome, catalogue and options. Field",
            f"// names match the engine's types in the package engine/games/{self.game_id}/;",
            f"// docs/games/{self.game_id}.md explains each field,",
            f"// docs/games/{self.game_id}-rules.md defines the rule ids.",
            "",
        ]
        return "\n".join(head + self.enum_blocks() + body).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(Scaffold(sys.argv[1]).render())
