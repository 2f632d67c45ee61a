"""``buf breaking`` for protos/: against main's merge base on a branch, against the previous
commit on main itself. Skipped (with a message) when there is nothing to compare with."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUF = Path(sys.executable).parent / "buf"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()


def main() -> int:
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    base = git("merge-base", "HEAD", "main") if branch not in ("main", "HEAD") else ""
    if not base or base == git("rev-parse", "HEAD"):
        base = git("rev-parse", "--verify", "--quiet", "HEAD~1")
    if not base or not git("ls-tree", "-r", "--name-only", base, "protos/cercle/v1"):
        print("buf breaking: no earlier contract to compare with; skipped")
        return 0
    against = f"{ROOT}/.git#ref={base},subdir=protos"
    result = subprocess.run([str(BUF), "breaking", "protos", "--against", against], cwd=ROOT)
    if result.returncode == 0:
        print(f"buf breaking: no breaking change since {base[:10]}")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
