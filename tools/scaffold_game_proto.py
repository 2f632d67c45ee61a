"""Scaffold ``protos/cercle/v1/<game>.proto`` from a game's engine action and view classes.

For adding a game (or catching up with a changed engine type): it prints a .proto whose
messages mirror the engine's frozen dataclasses field by field, the shape the generic
converter (``services/games/convert.py``) maps. Review it, then keep the .proto as the
contract: once published, fields are only added (``buf breaking`` guards it).

    python tools/scaffold_game_proto.py tomahawk > protos/cercle/v1/tomahawk.proto
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import sys
import types
import typing
from typing import Any, Union

GAME_NAMES = {
    "tomahawk": "Tomahawk",
    "tamashii": "Tamashii",
    "tomy": "Tomy",
    "awimbawe": "Awimbawe",
}


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
        self.prefix = GAME_NAMES[game_id]
        self.module = importlib.import_module(f"engine.games.{game_id}")
        self.messages: dict[type, str] = {}
        self.out: list[str] = []
        self.uses_int_list = False

    def message_name(self, cls: type) -> str:
        name = cls.__name__
        if not name.startswith(self.prefix):
            name = self.prefix + name
        return name

    def field_type(self, tp: Any) -> tuple[str, str]:
        """(label, type) for a dataclass field type."""
        origin = typing.get_origin(tp)
        if origin in (Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            label, inner = self.field_type(args[0])
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
            _, inner = self.field_type(item)
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

    def queue(self, cls: type) -> None:
        if cls not in self.messages:
            self.messages[cls] = self.message_name(cls)
            self.pending.append(cls)

    def fields_block(self, cls: type, indent: str) -> list[str]:
        hints = typing.get_type_hints(cls)
        lines: list[str] = []
        for number, f in enumerate(dataclasses.fields(cls), start=1):
            label, tp = self.field_type(hints[f.name])
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
        module = self.module
        from engine import registry

        action_types = registry.get(self.game_id).action_types
        view_cls = getattr(module, f"{self.prefix}View")
        body: list[str] = []
        body.append(f"// A move in {self.prefix}: exactly one is set.")
        body.append(f"message {self.prefix}Action {{")
        for cls in action_types:
            body += doc_lines(cls, "  ")
            inner = self.fields_block(cls, "    ")
            if inner:
                body.append(f"  message {cls.__name__} {{")
                body += inner
                body.append("  }")
            else:
                body.append(f"  message {cls.__name__} {{}}")
        body.append("  // The action.")
        body.append("  oneof action {")
        for number, cls in enumerate(action_types, start=1):
            body.append(f"    {cls.__name__} {snake(cls.__name__)} = {number};")
        body.append("  }")
        body.append("}")
        body.append("")
        self.queue(view_cls)
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
            f"// {self.prefix}: actions and views. Field names match the engine's types in",
            f"// engine/games/{self.game_id}.py; docs/games/{self.game_id}.md explains each field.",
            "",
        ]
        return "\n".join(head + body).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(Scaffold(sys.argv[1]).render())
