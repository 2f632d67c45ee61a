"""Generates docs/reference/<file>.md from protos/ (``make proto``; ``--check`` in make test).

The reference lists every service, RPC, message, field, enum and enum value of ``cercle.v1``
with the comment written for it in the .proto file, so the docs a frontend developer reads
are the contract itself and cannot drift from it. It also writes docs/api.md's error table
(between its ``error-table`` markers) from the comments of ``ErrorReason`` in
protos/cercle/v1/errors.proto: one row per reason, with its status code, what happened and
what a client should do.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from google.protobuf import descriptor_pb2

ROOT = Path(__file__).resolve().parents[1]
BUF = Path(sys.executable).parent / "buf"
OUT = ROOT / "docs" / "reference"
API_GUIDE = ROOT / "docs" / "api.md"
TABLE_BEGIN = "<!-- error-table:begin (generated from protos/cercle/v1/errors.proto) -->"
TABLE_END = "<!-- error-table:end -->"

_LABEL = {descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED: "repeated "}
_SCALARS = {
    number: name[len("TYPE_") :].lower()
    for name, number in descriptor_pb2.FieldDescriptorProto.Type.items()
}


def _image() -> descriptor_pb2.FileDescriptorSet:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "image.binpb"
        subprocess.run([str(BUF), "build", "protos", "-o", str(path)], cwd=ROOT, check=True)
        return descriptor_pb2.FileDescriptorSet.FromString(path.read_bytes())


def _comments(file: descriptor_pb2.FileDescriptorProto) -> dict[tuple[int, ...], str]:
    out = {}
    for location in file.source_code_info.location:
        text = (location.leading_comments or location.trailing_comments).strip()
        if text:
            paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
            out[tuple(location.path)] = "<br>".join(p for p in paragraphs if p)
    return out


def _type_name(field: descriptor_pb2.FieldDescriptorProto) -> str:
    if field.type_name:
        return field.type_name.removeprefix(".cercle.v1.").removeprefix(".")
    return _SCALARS.get(field.type, "?")


class Writer:
    def __init__(self, file: descriptor_pb2.FileDescriptorProto) -> None:
        self.file = file
        self.comments = _comments(file)
        self.lines: list[str] = []

    def comment(self, path: tuple[int, ...]) -> str:
        return self.comments.get(path, "").replace("|", "\\|")

    def prose(self, path: tuple[int, ...]) -> str:
        """A comment outside a table: paragraphs kept."""
        return self.comments.get(path, "").replace("<br>", "\n\n")

    def message(
        self, message: descriptor_pb2.DescriptorProto, path: tuple[int, ...], prefix: str
    ) -> None:
        name = f"{prefix}{message.name}"
        self.lines += [f"### {name}", "", self.prose(path), ""]
        if message.field:
            self.lines += ["| field | type | meaning |", "|---|---|---|"]
            oneofs = [o.name for o in message.oneof_decl]
            for index, field in enumerate(message.field):
                kind = _LABEL.get(field.label, "")
                if field.proto3_optional:
                    kind = "optional "
                elif field.HasField("oneof_index"):
                    kind = f"oneof {oneofs[field.oneof_index]}: "
                type_text = f"{kind}{_type_name(field)}"
                text = self.comment((*path, 2, index))
                self.lines.append(f"| `{field.name}` = {field.number} | {type_text} | {text} |")
            self.lines.append("")
        for index, enum in enumerate(message.enum_type):
            self.enum(enum, (*path, 4, index), f"{name}.")
        for index, nested in enumerate(message.nested_type):
            if not nested.options.map_entry:
                self.message(nested, (*path, 3, index), f"{name}.")

    def enum(
        self, enum: descriptor_pb2.EnumDescriptorProto, path: tuple[int, ...], prefix: str
    ) -> None:
        self.lines += [f"### enum {prefix}{enum.name}", "", self.prose(path), ""]
        self.lines += ["| value | number | meaning |", "|---|---|---|"]
        for index, value in enumerate(enum.value):
            text = self.comment((*path, 2, index))
            self.lines.append(f"| `{value.name}` | {value.number} | {text} |")
        self.lines.append("")

    def render(self) -> str:
        f = self.file
        self.lines = [
            f"# `{f.name}`",
            "",
            "Generated from the contract by `tools/gendocs.py` (`make proto`); do not edit.",
            "",
        ]
        for index, service in enumerate(f.service):
            self.lines += [f"## service {service.name}", "", self.prose((6, index)), ""]
            for m_index, method in enumerate(service.method):
                stream = "stream " if method.server_streaming else ""
                signature = (
                    f"{method.name}({_type_name_of(method.input_type)}) returns "
                    f"({stream}{_type_name_of(method.output_type)})"
                )
                self.lines += [
                    f"- **{method.name}** — `{signature}`: {self.comment((6, index, 2, m_index))}",
                ]
            self.lines.append("")
        if f.message_type:
            self.lines += ["## Messages", ""]
        for index, message in enumerate(f.message_type):
            self.message(message, (4, index), "")
        if f.enum_type:
            self.lines += ["## Enums", ""]
        for index, enum in enumerate(f.enum_type):
            self.enum(enum, (5, index), "")
        return "\n".join(self.lines).rstrip() + "\n"


def _type_name_of(name: str) -> str:
    return name.removeprefix(".cercle.v1.")


def render_all(image: descriptor_pb2.FileDescriptorSet) -> dict[Path, str]:
    out = {}
    for file in image.file:
        if not file.name.startswith("cercle/"):
            continue
        out[OUT / (Path(file.name).stem + ".md")] = Writer(file).render()
    return out


def error_rows(file: descriptor_pb2.FileDescriptorProto) -> list[str]:
    """docs/api.md's error table: one row per ``ErrorReason`` value but the zero one, from its
    comment ``CODE. What happened. Do: what a client should do.``"""
    (index, enum), *_ = [(i, e) for i, e in enumerate(file.enum_type) if e.name == "ErrorReason"]
    comments = _comments(file)
    rows = ["| status | reason | what happened | what a client should do |", "|---|---|---|---|"]
    for v_index, value in enumerate(enum.value):
        if value.number == 0:
            continue
        text = comments.get((5, index, 2, v_index), "").replace("|", "\\|")
        code, _, rest = text.partition(". ")
        meaning, _, todo = rest.partition(" Do: ")
        if not code.isupper() or not todo:
            raise SystemExit(f"errors.proto: {value.name}'s comment is not 'CODE. ... Do: ...'")
        reason = value.name.removeprefix("ERROR_REASON_")
        rows.append(f"| `{code}` | `{reason}` | {meaning} | {todo[:1].upper()}{todo[1:]} |")
    return rows


def with_error_table(guide: str, image: descriptor_pb2.FileDescriptorSet) -> str:
    """The API guide with its error table rewritten from errors.proto."""
    (file,) = [f for f in image.file if f.name == "cercle/v1/errors.proto"]
    head, begin, rest = guide.partition(TABLE_BEGIN)
    _, end, tail = rest.partition(TABLE_END)
    if not begin or not end:
        raise SystemExit(f"docs/api.md lacks the markers {TABLE_BEGIN} ... {TABLE_END}")
    return head + "\n".join([TABLE_BEGIN, *error_rows(file), TABLE_END]) + tail


def main() -> int:
    image = _image()
    pages = render_all(image)
    guide = API_GUIDE.read_text(encoding="utf-8")
    pages[API_GUIDE] = with_error_table(guide, image)
    if "--check" in sys.argv[1:]:
        stale = [p for p, text in pages.items() if not p.exists() or p.read_text() != text]
        extra = [p for p in OUT.glob("*.md") if p not in pages] if OUT.exists() else []
        if stale or extra:
            for path in stale + extra:
                print(f"{path.relative_to(ROOT)} is out of date: run make proto", file=sys.stderr)
            return 1
        print("docs/reference and docs/api.md's error table are up to date")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for path, text in pages.items():
        path.write_text(text)
    print(f"wrote {len(pages) - 1} pages to {OUT.relative_to(ROOT)} and docs/api.md's error table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
