"""`make help` is the Makefile's table of contents: every target it declares is listed there,
once, with a line saying what it does, so a new target cannot hide."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAKEFILE = (ROOT / "Makefile").read_text()

_RULE = re.compile(r"^([a-z][a-z0-9-]*)\s*:(?!=)", re.MULTILINE)
"""A rule's target at the start of a line (``name:``, not the assignment ``name :=``)."""


def declared_targets() -> set[str]:
    """The targets of ``.PHONY`` and every rule named in plain words (not a file path)."""
    phony = re.search(r"^\.PHONY:(.*)$", MAKEFILE, re.MULTILINE)
    assert phony is not None, "the Makefile has no .PHONY line"
    return set(phony.group(1).split()) | set(_RULE.findall(MAKEFILE))


def help_lines() -> list[str]:
    """What ``make help`` prints; from its recipe's echo lines when make is not installed."""
    make = shutil.which("make")
    if make is not None:
        run = subprocess.run(
            [make, "-s", "--no-print-directory", "help"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        )
        return run.stdout.splitlines()
    recipe = MAKEFILE.split("\nhelp:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r'^\t@echo "(.*)"$', recipe, re.MULTILINE)


def test_every_target_is_phony() -> None:
    phony = re.search(r"^\.PHONY:(.*)$", MAKEFILE, re.MULTILINE)
    assert phony is not None
    assert set(_RULE.findall(MAKEFILE)) - set(phony.group(1).split()) == set()


@pytest.mark.parametrize("target", sorted(declared_targets()))
def test_make_help_lists_the_target_once(target: str) -> None:
    listed = [line for line in help_lines() if line.split()[:2] == ["make", target]]
    assert len(listed) == 1, f"`make help` should list `make {target}` once: {listed}"
    assert len(listed[0].split()) > 2, f"`make {target}` has no description in `make help`"


def test_make_help_names_only_real_targets() -> None:
    targets = declared_targets()
    for line in help_lines():
        if line.startswith(" "):  # the previous target's description, continued
            continue
        assert line.split()[0] == "make" and line.split()[1] in targets, line
