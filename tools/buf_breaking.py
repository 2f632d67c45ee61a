"""``buf breaking`` for protos/: against the recorded v1 baseline, and against main.

The baseline (``protos/v1-baseline.binpb``, a buf image) records ``cercle.v1`` as published:
no later change may break a client built on it, whatever the commits in between. Run with
``--record`` to write the baseline (only when a new major version is cut, never to silence
a failure). On a branch, the contract is also compared with main's merge base.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUF = Path(sys.executable).parent / "buf"
BASELINE = ROOT / "protos" / "v1-baseline.binpb"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()


def breaking(against: str, label: str) -> int:
    result = subprocess.run([str(BUF), "breaking", "protos", "--against", against], cwd=ROOT)
    if result.returncode == 0:
        print(f"buf breaking: no breaking change since {label}")
    return result.returncode


def main() -> int:
    if "--record" in sys.argv[1:]:
        subprocess.run(
            [str(BUF), "build", "protos", "--exclude-source-info", "-o", str(BASELINE)],
            cwd=ROOT,
            check=True,
        )
        print(f"recorded {BASELINE.relative_to(ROOT)}")
        return 0
    if not BASELINE.exists():
        print(f"buf breaking: {BASELINE.relative_to(ROOT)} is missing", file=sys.stderr)
        return 1
    status = breaking(str(BASELINE), "the v1 baseline")
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    base = git("merge-base", "HEAD", "main") if branch not in ("main", "HEAD") else ""
    if base and base != git("rev-parse", "HEAD"):
        status |= breaking(f"{ROOT}/.git#ref={base},subdir=protos", f"main ({base[:10]})")
    return status


if __name__ == "__main__":
    sys.exit(main())
