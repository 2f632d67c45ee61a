"""The expectations half of ``tools/compat.py``: the baseline's own descriptors, the paths
and reads of a golden, and the check of a message against them (pure: no server, no disk
but the baseline image).

A path names messages inside a golden: a field (``view``), a repeated field (``events[]``,
every element), a map entry (``options["language"]``), an ``Any`` unpacked
(``details[]<google.rpc.ErrorInfo>``), joined by dots. See the module doc of
``tools/compat.py`` for what is expected and why.
"""

from __future__ import annotations

import collections
import hashlib
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.protobuf import any_pb2, descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import compat_reads  # noqa: E402

BASELINE = ROOT / "protos" / "v1-baseline.binpb"
Captured = list[tuple[str, Message]]
"""One play of the scenarios: (golden name, the message received), in order."""
_SEGMENTS = re.compile(r'(\w+(?:\[\]|\["[^"]*"\])?(?:<[\w.]+>)?)(?:\.|$)')
_SEGMENT = re.compile(r'^(\w+)(\[\]|\["([^"]*)"\])?(?:<([\w.]+)>)?$')


# -- the baseline ----------------------------------------------------------------------------


class Baseline:
    """The baseline image as descriptors and message classes of their own pool."""

    def __init__(self, path: Path = BASELINE) -> None:
        data = path.read_bytes()
        self.digest = hashlib.sha256(data).hexdigest()
        files = descriptor_pb2.FileDescriptorSet.FromString(data)
        self.pool = descriptor_pool.DescriptorPool()
        for file in files.file:
            self.pool.Add(file)

    def knows(self, full_name: str) -> bool:
        try:
            self.pool.FindMessageTypeByName(full_name)
        except KeyError:
            return False
        return True

    def decode(self, full_name: str, data: bytes) -> Message:
        """``data`` read as the baseline's ``full_name``; google.rpc types (not part of the
        contract) come from the default pool."""
        if full_name.startswith("google.rpc.") or not self.knows(full_name):
            descriptor = descriptor_pool.Default().FindMessageTypeByName(full_name)
        else:
            descriptor = self.pool.FindMessageTypeByName(full_name)
        message = message_factory.GetMessageClass(descriptor)()
        message.ParseFromString(data)
        return message


def downgrade(baseline: Baseline, message: Message) -> Message:
    """``message`` as a client built on the baseline would send it: the fields the baseline
    knows only (by number). A type the baseline lacks is returned as it is."""
    name = message.DESCRIPTOR.full_name
    if not baseline.knows(name):
        return message
    old = baseline.decode(name, message.SerializeToString())
    old.DiscardUnknownFields()
    narrowed = type(message)()
    narrowed.ParseFromString(old.SerializeToString())
    return narrowed


# -- expectations ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Read:
    """One field read and what the reader expects of it (``values``: for ``equals``)."""

    field: str
    check: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Expectation:
    """Reads of the messages at ``at`` ('' is the golden itself): one of ``reads`` holds for
    at least one of them, or for ``every`` one (a needed read)."""

    at: str
    type: str
    reads: tuple[Read, ...]
    every: bool = False
    why: str = ""

    def describe(self) -> str:
        told = " or ".join(_describe(read) for read in self.reads)
        scope = f"in every {self.type}" if self.every else f"in at least one {self.type}"
        return f"{told} {scope}{' (' + self.why + ')' if self.why else ''}"

    def known_key(self) -> str:
        """How a known break is named: the type and the read, wherever it is missed."""
        return f"{self.type}: " + " or ".join(_describe(read) for read in self.reads)


@dataclass(frozen=True)
class Violation:
    golden: str
    at: str
    expected: str
    found: str = ""
    known_key: str = ""
    """Set for a needed read (see :meth:`Expectation.known_key`)."""

    def key(self) -> str:
        return f"{self.golden}: {self.at or '<message>'}: {self.expected}"

    def __str__(self) -> str:
        return f"{self.key()}; today: {self.found}" if self.found else self.key()


def _describe(read: Read) -> str:
    if read.check == "equals":
        return f"{read.field} to include {list(read.values)}"
    if read.check == "keys":
        return f"{read.field} to have the keys {list(read.values)}"
    return f"{read.field} {read.check.replace('_', '-')}"


def _join(at: str, segment: str) -> str:
    return f"{at}.{segment}" if at else segment


def is_repeated(fd: Any) -> bool:
    """protobuf 7 drops ``label`` for ``is_repeated``; 5.x has only ``label``."""
    flag = getattr(fd, "is_repeated", None)
    return bool(flag) if flag is not None else bool(fd.label == FieldDescriptor.LABEL_REPEATED)


def _in_oneof(fd: Any) -> bool:
    """In a oneof of the schema (not the synthetic one of a proto3 ``optional``)."""
    oneof = fd.containing_oneof
    return oneof is not None and not (len(oneof.fields) == 1 and oneof.name == f"_{fd.name}")


def is_map(fd: Any) -> bool:
    return fd.message_type is not None and fd.message_type.GetOptions().map_entry


def unpack_any(value: any_pb2.Any) -> Message | None:
    name = value.type_url.rsplit("/", 1)[-1]
    try:
        descriptor = descriptor_pool.Default().FindMessageTypeByName(name)
    except KeyError:
        return None
    inner = message_factory.GetMessageClass(descriptor)()
    inner.ParseFromString(value.value)
    return inner


def children(message: Message, at: str) -> Iterator[tuple[str, Message]]:
    """The sub-messages of ``message`` with their generalised paths (repeated as ``[]``)."""
    for fd, value in message.ListFields():
        if fd.message_type is None:
            continue
        if is_map(fd):
            if fd.message_type.fields_by_name["value"].message_type is not None:
                for key in sorted(value):
                    yield _join(at, f'{fd.name}["{key}"]'), value[key]
        elif is_repeated(fd):
            for item in value:
                yield from _child(fd, item, _join(at, f"{fd.name}[]"))
        else:
            yield from _child(fd, value, _join(at, fd.name))


def _child(fd: Any, value: Any, path: str) -> Iterator[tuple[str, Message]]:
    if fd.message_type.full_name == "google.protobuf.Any":
        inner = unpack_any(value)
        if inner is not None:
            yield f"{path}<{inner.DESCRIPTOR.full_name}>", inner
        return
    yield path, value


def walk(message: Message, at: str = "") -> Iterator[tuple[str, Message]]:
    yield at, message
    for path, child in children(message, at):
        yield from walk(child, path)


def nodes(message: Message, at: str) -> list[Message]:
    """Every message at the generalised path ``at``."""
    found = [message]
    for segment in _SEGMENTS.findall(at):
        match = _SEGMENT.match(segment)
        assert match, f"bad path segment {segment!r}"
        name, index, key, type_name = match.groups()
        step: list[Message] = []
        for node in found:
            fd = node.DESCRIPTOR.fields_by_name.get(name)
            if fd is None or fd.message_type is None:
                continue
            value = getattr(node, name)
            if key is not None:
                items = [value[key]] if key in value else []
            elif index:
                items = list(value)
            else:
                items = [value] if node.HasField(name) else []
            if type_name:
                unpacked = [unpack_any(item) for item in items]
                items = [u for u in unpacked if u and u.DESCRIPTOR.full_name == type_name]
            step += items
        found = step
    return found


def holds(node: Message, read: Read) -> bool:
    fd: Any = node.DESCRIPTOR.fields_by_name.get(read.field)
    if fd is None:
        return False  # a field the reader's schema lacks cannot be read
    value = getattr(node, read.field)
    many = is_repeated(fd)
    if read.check == "present":
        return len(value) > 0 if many else node.HasField(read.field)
    if read.check == "non_empty":
        return len(value) > 0
    if read.check == "non_zero":
        return bool(value != 0)
    if read.check == "true":
        return value is True
    if read.check == "keys":
        return set(read.values) <= {str(key) for key in value}
    if read.check == "known_enum":
        values = list(value) if many else [value]
        known = fd.enum_type.values_by_number
        return bool(values) and all(v in known for v in values)
    raise ValueError(f"unknown check {read.check!r}")


def values_of(node: Message, name: str) -> list[str]:
    """The value(s) of a field as text (enum values by the reader's names)."""
    fd = node.DESCRIPTOR.fields_by_name.get(name)
    if fd is None:
        return []
    raw = getattr(node, name)
    items = list(raw) if is_repeated(fd) else [raw]
    if fd.enum_type is not None:
        by_number = fd.enum_type.values_by_number
        return [by_number[v].name if v in by_number else str(v) for v in items]
    return [str(v) for v in items]


def observed_reads(node: Message) -> Iterator[Read]:
    """What the golden ``node`` shows that an old client may rely on (see the module doc).

    Not derived: numbers and bools (0 and false are real values: seat 0, column 0, not
    passed), which case of a oneof is set (which event or action comes is the play's, not
    the contract's; the scenarios wait for the shapes they need), and the fields a needed
    read of the type already rules on."""
    name = node.DESCRIPTOR.full_name
    skip = set(compat_reads.SKIP.get(name, ()))
    skip |= {f for alternatives, _ in compat_reads.NEEDED.get(name, ()) for f, _ in alternatives}
    for fd, _ in node.ListFields():
        if fd.name in skip or _in_oneof(fd):
            continue
        if is_map(fd):
            yield Read(fd.name, "keys", tuple(sorted(str(k) for k in getattr(node, fd.name))))
        if is_repeated(fd) or fd.type in (fd.TYPE_STRING, fd.TYPE_BYTES):
            yield Read(fd.name, "non_empty")
        elif fd.message_type is not None:
            yield Read(fd.name, "present")
        if fd.enum_type is not None:
            yield Read(fd.name, "known_enum")


def expectations_of(golden: Message, baseline: Baseline) -> list[Expectation]:
    """Every expectation an old client has of ``golden`` (decoded with the baseline)."""
    observed: dict[str, set[Read]] = collections.defaultdict(set)
    equals: dict[tuple[str, str], collections.Counter[str]] = {}
    needed: dict[tuple[str, tuple[Read, ...]], str] = {}
    types: dict[str, str] = {}
    for at, node in walk(golden):
        descriptor: Any = node.DESCRIPTOR
        types[at] = descriptor.full_name
        observed[at].update(r for r in observed_reads(node) if holds(node, r))
        for name in compat_reads.EQUALS.get(descriptor.full_name, ()):
            if name in descriptor.fields_by_name:
                counter = equals.setdefault((at, name), collections.Counter())
                counter.update(values_of(node, name))
        for alternatives, why in compat_reads.NEEDED.get(descriptor.full_name, ()):
            reads = tuple(Read(f, c) for f, c in alternatives if f in descriptor.fields_by_name)
            needed[(at, reads or tuple(Read(f, c) for f, c in alternatives))] = why
    found = [
        Expectation(at, types[at], (read,))
        for at in observed
        for read in sorted(observed[at], key=str)
    ]
    found += [
        Expectation(at, types[at], (Read(name, "equals", tuple(sorted(counter.elements()))),))
        for (at, name), counter in equals.items()
    ]
    found += [
        Expectation(at, types[at], reads, every=True, why=why)
        for (at, reads), why in needed.items()
    ]
    return found


def violations(golden: str, message: Message, expected: list[Expectation]) -> list[Violation]:
    """The expectations ``message`` (decoded with the baseline) no longer meets."""
    out: list[Violation] = []
    for expectation in expected:
        here = nodes(message, expectation.at)
        if not here:
            continue  # no such message this time: its parent's expectation rules on that
        read = expectation.reads[0]
        if read.check == "equals":
            today = collections.Counter(v for n in here for v in values_of(n, read.field))
            missing = collections.Counter(read.values) - today
            if missing:
                found = f"{read.field} = {sorted(today.elements())}"
                out.append(Violation(golden, expectation.at, expectation.describe(), found))
            continue
        meets = [any(holds(n, r) for r in expectation.reads) for n in here]
        if not (all(meets) if expectation.every else any(meets)):
            found = f"{meets.count(False)} of {len(meets)} do not"
            known = expectation.known_key() if expectation.every else ""
            out.append(Violation(golden, expectation.at, expectation.describe(), found, known))
    return out
