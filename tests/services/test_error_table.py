"""Every reason the server can send is in the contract's ``enum ErrorReason``
(protos/cercle/v1/errors.proto) and in docs/api.md's error table, with the one status code
the code gives it, and every reason of the enum and of the table is one the code sends
(AIP-193: one code per reason, everywhere). The code is read, not run: every place that
builds a refusal names its reason as a literal (``RoomError(Kind.X, "REASON", ...)``,
``errors.invalid(field, message, "REASON")``...), and the engine's refusals are its
``IllegalAction`` classes and their ``reason=`` literals (or a choice between literals),
mapped by ``errors.from_illegal``. A reason added anywhere without its enum value, its code
or its docs row fails here.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cercle.v1 import errors_pb2
from google.rpc import code_pb2, error_details_pb2

import engine
from engine.core import IllegalAction, StaleVersion
from services import errors
from services.api import statuses

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT / "protos" / "cercle" / "v1" / "errors.proto"
HELPERS = {  # helper -> (status, position of its reason argument, default reason)
    "invalid": ("INVALID_ARGUMENT", 2, "INVALID_ARGUMENT"),
    "not_found": ("NOT_FOUND", 1, "ROOM_NOT_FOUND"),
    "denied": ("PERMISSION_DENIED", 1, "PERMISSION_DENIED"),
    "precondition": ("FAILED_PRECONDITION", 1, None),
}


def _name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def _literals(node: ast.expr | None) -> list[str] | None:
    """The reasons an expression can be: a string literal, or a choice between literals
    (``"A" if x else "B"``); None for anything else (a reason not written out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def _service_refusals() -> Iterator[tuple[str, str, str]]:
    """(reason, status, where) of every refusal built in services/."""
    for path in sorted((ROOT / "services").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name, where = _name(node), f"{path.relative_to(ROOT)}:{node.lineno}"
            if name == "RoomError" and len(node.args) >= 2:
                kind, reasons = node.args[0], _literals(node.args[1])
                if isinstance(kind, ast.Attribute) and reasons is not None:
                    yield from ((reason, kind.attr, where) for reason in reasons)
                else:
                    assert path.name == "errors.py", f"{where}: a reason not written out"
            elif name in HELPERS and path.name != "errors.py":
                status, position, default = HELPERS[name]
                arg = node.args[position] if len(node.args) > position else None
                reasons = [default] if arg is None and default is not None else _literals(arg)
                assert reasons is not None, f"{where}: a reason not written out"
                yield from ((reason, status, where) for reason in reasons)


def _engine_refusals() -> dict[str, str]:
    """Every reason the engine can refuse an action with -> its status (from_illegal)."""
    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        importlib.import_module(module.name)
    classes: dict[str, type[IllegalAction]] = {}
    pending: list[type[IllegalAction]] = [IllegalAction]
    while pending:
        cls = pending.pop()
        classes[cls.__name__] = cls
        pending.extend(cls.__subclasses__())
    reasons = {cls.reason: cls for cls in classes.values()}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _name(node) in classes:
                for keyword in node.keywords:
                    if keyword.arg == "reason":
                        where = f"{path.relative_to(ROOT)}:{node.lineno}"
                        literals = _literals(keyword.value)
                        assert literals is not None, f"{where}: a reason not written out"
                        for reason in literals:
                            reasons[reason] = classes[_name(node) or ""]
    out = {}
    for reason, cls in reasons.items():
        sample = (
            StaleVersion(1, 2, reason=reason)
            if issubclass(cls, StaleVersion)
            else IllegalAction("x", reason=reason)
        )
        out[reason] = errors.from_illegal(sample).kind.name
    return out


def _code_refusals() -> dict[str, str]:
    """Every reason the server can send -> its one status code."""
    code = {reason: status for reason, status, _ in _service_refusals()}
    for reason, status in _engine_refusals().items():
        assert code.get(reason, status) == status, f"{reason}: engine {status}, services {code}"
        code.setdefault(reason, status)
    return code


def _contract() -> dict[str, str]:
    """errors.proto's ErrorReason: reason (unprefixed) -> the status code its comment names
    first (``CODE. What happened. Do: ...``)."""
    text = CONTRACT.read_text(encoding="utf-8")
    body = text[text.index("enum ErrorReason {") :]
    contract: dict[str, str] = {}
    for comment, name in re.findall(r"((?:[ ]*//[^\n]*\n)+)[ ]*ERROR_REASON_(\w+) = \d+;", body):
        words = " ".join(line.strip().removeprefix("//").strip() for line in comment.splitlines())
        if name == "UNSPECIFIED":
            continue
        code, _, rest = words.partition(". ")
        assert code in errors.Kind.__members__, f"errors.proto {name}: starts with no code"
        assert " Do: " in rest, f"errors.proto {name}: says nothing of what a client should do"
        contract[name] = code
    return contract


def _table() -> dict[str, str]:
    """docs/api.md's error table: reason -> status."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text[text.index("## Errors") :]
    table: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        status = cells[0].strip("`")
        for reason in re.findall(r"`([A-Z][A-Z0-9_]+)`", cells[1]):
            assert table.get(reason, status) == status, f"{reason} is in two rows"
            table[reason] = status
    assert table, "no error table in docs/api.md"
    return table


def test_every_reason_the_services_send_has_one_status() -> None:
    seen: dict[str, set[str]] = {}
    for reason, status, where in _service_refusals():
        seen.setdefault(reason, set()).add(f"{status} ({where})")
    mixed = {r: s for r, s in seen.items() if len({x.split()[0] for x in s}) > 1}
    assert not mixed, f"reasons sent with several status codes: {mixed}"


def test_the_contract_lists_every_reason_the_code_sends_and_no_other() -> None:
    code, contract = _code_refusals(), _contract()
    names = {n.removeprefix(errors.REASON_PREFIX) for n, _ in errors_pb2.ErrorReason.items()}
    assert set(contract) == names - {"UNSPECIFIED"}, "errors.proto could not be read"
    missing = {r: s for r, s in code.items() if r not in contract}
    assert not missing, f"reasons the code sends that errors.proto does not list: {missing}"
    unknown = sorted(set(contract) - set(code))
    assert not unknown, f"reasons errors.proto lists that the code never sends: {unknown}"
    wrong = {r: (contract[r], s) for r, s in code.items() if contract[r] != s}
    assert not wrong, f"errors.proto (comment, code) disagree on the status: {wrong}"
    assert set(contract) == errors.REASONS


def test_the_docs_error_table_is_the_contracts() -> None:
    table, contract = _table(), _contract()
    missing = sorted(set(contract) - set(table))
    assert not missing, f"reasons docs/api.md's error table lacks (run make proto): {missing}"
    unknown = sorted(set(table) - set(contract))
    assert not unknown, f"reasons docs/api.md lists that errors.proto does not: {unknown}"
    wrong = {r: (table[r], contract[r]) for r in contract if table[r] != contract[r]}
    assert not wrong, f"docs/api.md (table, errors.proto) disagree on the status: {wrong}"
    assert table["ALREADY_DREW"] == "FAILED_PRECONDITION"  # issue 25: once missing


def test_a_reason_outside_the_contract_cannot_leave_the_server() -> None:
    """A refusal built with a reason the enum lacks fails at once (the servicer answers
    INTERNAL and logs it), so what a client receives is always an ErrorReason."""
    with pytest.raises(ValueError, match="not an ErrorReason"):
        errors.RoomError(errors.Kind.FAILED_PRECONDITION, "NO_SUCH_REASON", "x")
    with pytest.raises(ValueError, match="not an ErrorReason"):
        errors.from_illegal(IllegalAction("x", reason="NO_SUCH_REASON"))
    status = statuses.to_status(errors.from_illegal(IllegalAction("x", reason="ALREADY_DREW")))
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    assert (info.reason, info.domain) == ("ALREADY_DREW", errors.DOMAIN)
    assert errors_pb2.ErrorReason.Value(errors.REASON_PREFIX + info.reason) > 0
    assert status.code == code_pb2.FAILED_PRECONDITION


def test_too_late_is_aborted_from_every_path() -> None:
    """TOO_LATE comes from a game's stale() (a StaleVersion) and from TooLate refusals:
    one code, ABORTED, like STALE_VERSION."""
    from engine.core import TooLate

    by_class = errors.from_illegal(TooLate("too late"))
    by_stale = errors.from_illegal(StaleVersion(3, 4, reason="TOO_LATE"))
    assert by_class.kind is by_stale.kind is errors.Kind.ABORTED
    assert by_stale.expected_version == 3 and by_stale.current_version == 4
