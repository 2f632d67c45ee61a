"""Generate the Python stubs in gen/python from protos/ (``make proto``).

First the games' members of the shared oneofs and enums are written from each game's own
.proto (:mod:`tools.genoneofs`); ``--check`` fails if they are not.

``--check`` regenerates into a temporary folder and fails if gen/ differs: generated code
is checked in (so frontends and the server never need protoc) and never stale.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import grpc_tools

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools import genoneofs

ROOT = Path(__file__).resolve().parents[1]
PROTOS = ROOT / "protos"
OUT = ROOT / "gen" / "python"


def generate(out: Path) -> None:
    files = sorted(str(p.relative_to(PROTOS)) for p in (PROTOS / "cercle").rglob("*.proto"))
    include = Path(grpc_tools.__file__).parent / "_proto"
    plugin = Path(sys.executable).parent / "protoc-gen-mypy"
    out.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable,
        "-m",
        "grpc_tools.protoc",
        f"-I{PROTOS}",
        f"-I{include}",
        f"--python_out={out}",
        f"--grpc_python_out={out}",
        f"--plugin=protoc-gen-mypy={plugin}",
        f"--mypy_out={out}",
        f"--plugin=protoc-gen-mypy_grpc={plugin}_grpc",
        f"--mypy_grpc_out={out}",
        *files,
    ]
    subprocess.run(cmd, check=True, cwd=PROTOS)
    for package in (out / "cercle", out / "cercle" / "v1"):
        (package / "__init__.py").write_text(
            '"""Generated from protos/ by `make proto`. Do not edit."""\n'
        )
        (package / "py.typed").write_text("")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    stale_protos = [p.name for p, text in genoneofs.generated().items() if p.read_text() != text]
    if args.check and stale_protos:
        print(f"the games' oneof members are stale in {', '.join(stale_protos)}; run `make proto`")
        return 1
    if not args.check:
        for path, text in genoneofs.generated().items():
            path.write_text(text, encoding="utf-8")
        shutil.rmtree(OUT / "cercle", ignore_errors=True)
        generate(OUT)
        print(f"generated {OUT.relative_to(ROOT)}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp))
        fresh = Path(tmp) / "cercle"
        stale = []
        for path in sorted(fresh.rglob("*")):
            if path.is_file():
                committed = OUT / path.relative_to(tmp)
                if not committed.exists() or not filecmp.cmp(path, committed, shallow=False):
                    stale.append(str(committed.relative_to(ROOT)))
        for path in sorted((OUT / "cercle").rglob("*")):
            generated = Path(tmp) / path.relative_to(OUT)
            if path.is_file() and "__pycache__" not in path.parts and not generated.exists():
                stale.append(str(path.relative_to(ROOT)) + " (not generated any more)")
        if stale:
            print("generated code is stale; run `make proto`:\n  " + "\n  ".join(stale))
            return 1
    print("generated code is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
