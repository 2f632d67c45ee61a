"""docs/api.md's error table is the code's: every reason the server can send is in the
table with the one status code the code gives it, and every reason of the table exists
(AIP-193: one code per reason, everywhere). The code is read, not run: every place that
builds a refusal names its reason as a literal (``RoomError(Kind.X, "REASON", ...)``,
``errors.invalid(field, message, "REASON")``...), and the engine's refusals are its
``IllegalAction`` classes and their ``reason=`` literals, mapped by ``errors.from_illegal``.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import engine
from engine.core import IllegalAction, StaleVersion
from services import errors

ROOT = Path(__file__).resolve().parents[2]
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


def _service_refusals() -> Iterator[tuple[str, str, str]]:
    """(reason, status, where) of every refusal built in services/."""
    for path in sorted((ROOT / "services").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name, where = _name(node), f"{path.relative_to(ROOT)}:{node.lineno}"
            if name == "RoomError" and len(node.args) >= 2:
                kind, reason = node.args[0], node.args[1]
                if isinstance(kind, ast.Attribute) and isinstance(reason, ast.Constant):
                    yield str(reason.value), kind.attr, where
                else:
                    assert path.name == "errors.py", f"{where}: a reason not written out"
            elif name in HELPERS and path.name != "errors.py":
                status, position, default = HELPERS[name]
                arg = node.args[position] if len(node.args) > position else None
                if isinstance(arg, ast.Constant):
                    yield str(arg.value), status, where
                elif arg is None and default is not None:
                    yield default, status, where
                else:
                    raise AssertionError(f"{where}: a reason not written out")


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
                    if keyword.arg == "reason" and isinstance(keyword.value, ast.Constant):
                        reasons[str(keyword.value.value)] = classes[_name(node) or ""]
    out = {}
    for reason, cls in reasons.items():
        sample = (
            StaleVersion(1, 2, reason=reason)
            if issubclass(cls, StaleVersion)
            else IllegalAction("x", reason=reason)
        )
        out[reason] = errors.from_illegal(sample).kind.name
    return out


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


def test_the_docs_error_table_is_the_codes() -> None:
    table = _table()
    code = {reason: status for reason, status, _ in _service_refusals()}
    for reason, status in _engine_refusals().items():
        assert code.get(reason, status) == status, f"{reason}: engine {status}, services {code}"
        code.setdefault(reason, status)
    missing = {r: s for r, s in code.items() if r not in table}
    assert not missing, f"reasons the code sends that docs/api.md does not list: {missing}"
    unknown = sorted(set(table) - set(code))
    assert not unknown, f"reasons docs/api.md lists that the code never sends: {unknown}"
    wrong = {r: (table[r], s) for r, s in code.items() if table[r] != s}
    assert not wrong, f"docs/api.md (table, code) disagree: {wrong}"


def test_too_late_is_aborted_from_every_path() -> None:
    """TOO_LATE comes from a game's stale() (a StaleVersion) and from TooLate refusals:
    one code, ABORTED, like STALE_VERSION."""
    from engine.core import TooLate

    by_class = errors.from_illegal(TooLate("too late"))
    by_stale = errors.from_illegal(StaleVersion(3, 4, reason="TOO_LATE"))
    assert by_class.kind is by_stale.kind is errors.Kind.ABORTED
    assert by_stale.expected_version == 3 and by_stale.current_version == 4
