"""The terminal client's saved sessions: one token per server address in
``$CERCLE_HOME/session.json`` (default ``~/.config/cercle``, readable by its owner only), and
the claim that keeps two terminals of one user from playing as the same player."""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def config_dir() -> Path:
    home = os.environ.get("CERCLE_HOME")
    return Path(home) if home else Path.home() / ".config" / "cercle"


def session_path() -> Path:
    return config_dir() / "session.json"


def load_sessions() -> dict[str, Any]:
    try:
        data = json.loads(session_path().read_text())
    except (OSError, ValueError):
        return {}
    sessions = data.get("sessions") if isinstance(data, dict) else None
    return sessions if isinstance(sessions, dict) else {}


def load_session(address: str) -> dict[str, str] | None:
    found = load_sessions().get(address)
    if isinstance(found, dict) and found.get("token"):
        return {k: str(v) for k, v in found.items()}
    return None


def save_session(address: str, token: str, player_id: str, name: str, refresh: str = "") -> Path:
    """Keep the tokens for ``address`` (the file is readable by its owner only)."""
    sessions = load_sessions()
    sessions[address] = {"token": token, "player_id": player_id, "name": name, "refresh": refresh}
    path = session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        json.dump({"sessions": sessions}, handle, indent=2)
    os.replace(tmp, path)
    return path


def claim_session(address: str) -> Callable[[], None] | None:
    """Mark the saved session for ``address`` as played by this process, so that a second
    ``cercle play`` in another terminal plays as another player rather than as the same one
    (the server would seat it in the same place). Returns how to give it back, or None when
    another live process plays it."""
    key = hashlib.sha256(address.encode()).hexdigest()[:12]
    path = config_dir() / f"playing-{key}.pid"
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(2):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            try:
                holder = int(path.read_text().strip() or "0")
            except (OSError, ValueError):
                holder = 0
            if holder and holder != os.getpid() and _alive(holder):
                return None
            path.unlink(missing_ok=True)  # left by a process that is gone
            continue
        with os.fdopen(fd, "w") as handle:
            handle.write(str(os.getpid()))

        def release() -> None:
            with contextlib.suppress(OSError, ValueError):
                if int(path.read_text().strip()) == os.getpid():
                    path.unlink()

        return release
    return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def default_name() -> str:
    with contextlib.suppress(Exception):
        user = getpass.getuser()
        if user and user != "root":
            return user[:32]
    return "Guest"
