"""Semantic compatibility with the recorded v1 baseline: golden messages and what an old
client reads from them.

``buf breaking`` (tools/buf_breaking.py) proves the wire is compatible with
``protos/v1-baseline.binpb``; it cannot see a server that keeps the wire and changes what it
puts in it (issue 25: server-told Tomy stories began to leave ``story`` empty and set a new
``template``, so a client built on the baseline showed blank stories). This tool closes that
gap:

``record``
    starts Valkey and two replicas, plays the scenarios of ``tools/compat_scenarios.py``
    (every RPC family, every game, the tricky shapes) ``--runs`` times, and writes under
    ``protos/compat/``: each golden message (``<name>.binpb``, today's bytes with ids,
    tokens, cursors and timestamps normalised; ``<name>.txtpb``, the same decoded with the
    **baseline**, unknown fields shown by number, as an old client sees it) and
    ``expectations.json``: per golden, the fields an old client reads and what it expects
    of them, the baseline's digest, and the known breaks.
``check``
    replays the scenarios against the current server and reports every expectation that no
    longer holds (``tests/contract/test_semantic_compat.py`` does the same in ``make test``).

Choices, and why:

- Messages are decoded with the **baseline** descriptors (a fresh descriptor pool built from
  the image, classes from ``message_factory``), never with the generated classes: fields
  are then read by number and by the baseline's names and types, as an old client reads
  them; a field added since is an unknown field it cannot see.
- The requests go through the same lens (:func:`downgrade`): a request of an RPC the
  baseline knows is sent with only the fields the baseline knows, as an old client sends
  it, so a server that comes to need a new request field fails the scenario.
- Expectations, derived from the golden by walking it
  (``tools/compat_expectations.py``, ``expectations_of``): a message field set stays set
  (``present``); a string, bytes or list filled stays filled (``non_empty``); a map keeps
  its keys (``keys``); an enum stays one of the baseline's named values (``known_enum``;
  its zero value too, which meant something then: a card with no power). Numbers, bools
  and which oneof case is set are not derived (0, false and the next event are the play's,
  not the contract's). Paths write a
  repeated field as ``events[]``, a map entry as ``options["language"]``, an unpacked
  ``Any`` as ``details[]<google.rpc.ErrorInfo>``. A derived expectation holds when **at
  least one** message at its path satisfies it, and is met when today's message has none
  there (its parent's expectation rules on that): an event added to an update or a deal
  that differs does not break it, while a field no longer filled anywhere does.
- Curated reads (``tools/compat_reads.py``), from how our clients read: ``NEEDED`` holds
  for **every** message at its path (every told story has its text or its template);
  ``EQUALS`` compares values (today's values include every golden value: status codes,
  error reasons, game ids).
- The server deals with a secret random seed (there is deliberately no way to fix it from
  outside), so a scenario's messages differ from run to run. ``record`` plays every
  scenario several times (``--runs``, 4 by default) and keeps only the expectations that
  held in every run; the scenarios drive play with a seeded choice and wait for the shapes
  they need. Ids, tokens, cursors and timestamps are never compared (and are normalised in
  the stored goldens), so they cannot make the check flaky.
- A needed read that the server misses when recording is a *known break*: recorded in
  ``known_breaks``, expected by the check (which then fails if it goes away or another
  appears), so ``make test`` shows the state honestly until the baseline is recorded again
  (``tools/buf_breaking.py --record``, then ``record`` here). Known breaks are named by the
  message type and the read (``cercle.v1.TomyEvent.StoryProposed: story non-empty``), not
  by golden and path: where a told story shows up in a run is the play's.

Run: ``.venv/bin/python tools/compat.py record [--runs 4]`` or ``... check``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from google.protobuf import text_format
from google.protobuf.message import Message

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.compat_expectations import (  # noqa: E402
    Baseline,
    Captured,
    Expectation,
    Read,
    Violation,
    expectations_of,
    is_map,
    is_repeated,
    unpack_any,
    violations,
)

GOLDEN_DIR = ROOT / "protos" / "compat"
MANIFEST = GOLDEN_DIR / "expectations.json"


# -- goldens on disk -------------------------------------------------------------------------

_VOLATILE = re.compile(r"(^|_)(id|token|cursor|code|nonce|commitment)$")
_STABLE = {"game_id", "language_code", "locale"}


def normalise(message: Message) -> None:
    """Ids, tokens, cursors, join codes, timestamps and seeds replaced by fixed values
    (filled stays filled, empty stays empty), so that goldens diff cleanly."""
    for fd, value in message.ListFields():
        if fd.message_type is not None and fd.message_type.full_name == "google.protobuf.Timestamp":
            for stamp in value if is_repeated(fd) else [value]:
                stamp.seconds, stamp.nanos = 1_700_000_000, 0
        elif fd.message_type is not None:
            if is_map(fd):
                items = (
                    list(value.values())
                    if fd.message_type.fields_by_name["value"].message_type
                    else []
                )
            else:
                items = list(value) if is_repeated(fd) else [value]
            for item in items:
                if item.DESCRIPTOR.full_name == "google.protobuf.Any":
                    inner = unpack_any(item)  # an error's details: a RequestInfo's id...
                    if inner is not None:
                        normalise(inner)
                        item.Pack(inner)
                else:
                    normalise(item)
        elif fd.type == fd.TYPE_STRING and _VOLATILE.search(fd.name) and fd.name not in _STABLE:
            if is_repeated(fd):
                value[:] = [f"<{fd.name}>" if v else v for v in value]
            else:
                setattr(message, fd.name, f"<{fd.name}>")
        elif fd.name == "seed" and not is_repeated(fd):
            setattr(message, fd.name, 1)


@dataclass
class Golden:
    name: str
    type: str
    in_baseline: bool
    expectations: list[Expectation] = field(default_factory=list)


def _row(e: Expectation) -> list[Any]:
    reads = [[r.field, r.check, *([list(r.values)] if r.values else [])] for r in e.reads]
    return [e.at, e.type, "every" if e.every else "some", reads, e.why]


def _expectation(row: list[Any]) -> Expectation:
    at, type_name, scope, reads, why = row
    told = tuple(Read(r[0], r[1], tuple(r[2]) if len(r) > 2 else ()) for r in reads)
    return Expectation(at, type_name, told, scope == "every", why)


def write_manifest(baseline: Baseline, goldens: list[Golden], known: list[str]) -> None:
    """``expectations.json``: one expectation a line, ``[path, type, "some"|"every",
    [[field, check, (values)]...], why]``, so that a re-recording diffs readably."""
    lines = [
        "{",
        f' "baseline_sha256": {json.dumps(baseline.digest)},',
        f' "known_breaks": {json.dumps(sorted(known), indent=2)},',
        ' "goldens": {',
    ]
    for n, golden in enumerate(goldens):
        rows = ",\n".join("   " + json.dumps(_row(e)) for e in golden.expectations)
        head = f'  {json.dumps(golden.name)}: {{"type": {json.dumps(golden.type)}, '
        head += f'"in_baseline": {json.dumps(golden.in_baseline)}, "expectations": ['
        tail = "]}" + ("," if n < len(goldens) - 1 else "")
        lines.append(head + ("\n" + rows + "\n  " if rows else "") + tail)
    lines += [" }", "}"]
    MANIFEST.write_text("\n".join(lines) + "\n")


def load_manifest() -> tuple[str, list[Golden], list[str]]:
    data = json.loads(MANIFEST.read_text())
    goldens = [
        Golden(name, g["type"], g["in_baseline"], [_expectation(row) for row in g["expectations"]])
        for name, g in data["goldens"].items()
    ]
    return data["baseline_sha256"], goldens, list(data["known_breaks"])


def golden_bytes(name: str) -> bytes:
    return (GOLDEN_DIR / f"{name}.binpb").read_bytes()


def text_form(message: Message) -> str:
    return text_format.MessageToString(message, print_unknown_fields=True)


# -- record and check ------------------------------------------------------------------------


def record(captured_runs: list[Captured], baseline: Baseline) -> list[str]:
    """Write the goldens of the first run and the expectations that held in every run;
    returns the known breaks (needed reads the server already missed)."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for stale in GOLDEN_DIR.glob("*.*pb"):
        stale.unlink()
    goldens: list[Golden] = []
    known: set[str] = set()
    for name, message in captured_runs[0]:
        normalise(message)
        full = message.DESCRIPTOR.full_name
        data = message.SerializeToString(deterministic=True)
        (GOLDEN_DIR / f"{name}.binpb").write_bytes(data)
        old = baseline.decode(full, data)
        (GOLDEN_DIR / f"{name}.txtpb").write_text(
            f"# {full} as a client built on protos/v1-baseline.binpb decodes it\n" + text_form(old)
        )
        golden = Golden(name, full, baseline.knows(full) or full.startswith("google.rpc."))
        if golden.in_baseline:
            expected = expectations_of(old, baseline)
            for run in captured_runs:
                again = dict(run).get(name)
                if again is None:
                    continue
                seen = baseline.decode(full, again.SerializeToString())
                missed = violations(name, seen, expected)
                known |= {v.known_key for v in missed if v.known_key}
                unstable = {v.key() for v in missed if not v.known_key}
                expected = [
                    e
                    for e in expected
                    if e.every or Violation(name, e.at, e.describe()).key() not in unstable
                ]
            golden.expectations = expected
        goldens.append(golden)
    write_manifest(baseline, goldens, sorted(known))
    return sorted(known)


RECHECK_RUNS = 3
"""How many deals ``check`` plays at most before it calls a derived read broken."""


def check(captured_runs: list[Captured], baseline: Baseline) -> list[str]:
    """Every problem of today's server against the recorded goldens, as readable lines
    (empty: compatible). Known breaks are expected, and must still happen.

    ``captured_runs`` are one or more plays of the scenarios (each a different deal). A
    needed read (in every message of its type) or a lost golden is a problem as soon as
    one run shows it; a read derived from the golden ("filled in at least one message
    there") only when every run misses it: a real break misses it in every deal, while a
    field the deal left empty once (no winner, no vote to draw for) is the play's. The
    callers play again while problems remain (:data:`RECHECK_RUNS`)."""
    digest, goldens, known = load_manifest()
    problems: list[str] = []
    if digest != baseline.digest:
        problems.append(
            "protos/v1-baseline.binpb changed since the goldens were recorded: run "
            "`.venv/bin/python tools/compat.py record`"
        )
    needed: dict[str, Violation] = {}
    derived: list[dict[str, Violation]] = []
    lost: list[set[str]] = []
    for captured in captured_runs:
        today = dict(captured)
        missed: dict[str, Violation] = {}
        lost.append({g.name for g in goldens if g.name not in today})
        for golden in goldens:
            message = today.get(golden.name)
            if message is None or not golden.in_baseline:
                continue
            seen = baseline.decode(golden.type, message.SerializeToString())
            for v in violations(golden.name, seen, golden.expectations):
                (needed if v.known_key else missed)[v.key()] = v
        derived.append(missed)
    everywhere = set.intersection(*(set(run) for run in derived)) if derived else set()
    found = [*needed.values(), *(derived[0][key] for key in sorted(everywhere))]
    gone = set.intersection(*lost) if lost else set()
    problems += [f"{name}: the scenarios no longer produce this golden" for name in sorted(gone)]
    problems += [f"an old client breaks: {v}" for v in found if v.known_key not in known]
    still = {v.known_key for v in found}
    problems += [
        f"known break no longer happens (record the goldens again): {key}"
        for key in known
        if key not in still
    ]
    return problems


def main() -> int:
    from tools import compat_scenarios

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["record", "check"])
    parser.add_argument("--runs", type=int, default=4, help="record: scenario runs to agree")
    args = parser.parse_args()
    baseline = Baseline()
    runs = RECHECK_RUNS if args.command == "check" else max(1, args.runs)
    captured = asyncio.run(compat_scenarios.play_on_local_cluster(baseline, runs))
    if args.command == "record":
        known = record(captured, baseline)
        print(f"recorded {len(captured[0])} goldens in {GOLDEN_DIR.relative_to(ROOT)}")
        for key in known:
            print(f"known break (the server already misses what the baseline needs): {key}")
        return 0
    problems = check(captured, baseline)
    for line in problems:
        print(line)
    known = load_manifest()[2]
    if problems:
        print(f"{len(problems)} problem(s)")
    else:
        print(f"compatible with the baseline but for {len(known)} known break(s):")
        print("\n".join(f"  {key}" for key in known))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
