"""The terminal client's saved sessions: one token per server address in
``$CERCLE_HOME/session.json`` (default ``~/.config/cercle``, readable by its owner only), and
the claim that keeps two terminals of one user from playing as the same player.

Two terminals that play at once use two identities, each saved under its own key (the
address, then ``ADDRESS #2``, ``#3``...: :func:`session_slots`), so the second one's quit
never overwrites the first one's player, and each comes back as the same player."""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import json
import os
import secrets
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


SLOTS = 9
"""How many terminals of one user may play at once on one server, each as its own player."""


def session_slots(address: str) -> list[str]:
    """The keys the sessions of ``address`` are saved under: one per terminal playing at once
    (the address itself for the first)."""
    return [address, *(f"{address} #{n}" for n in range(2, SLOTS + 1))]


def save_session(key: str, token: str, player_id: str, name: str, refresh: str = "") -> Path:
    """Keep the tokens saved under ``key`` (a :func:`session_slots` key), leaving the other
    keys' sessions as they are (the file is readable by its owner only)."""
    sessions = load_sessions()
    sessions[key] = {"token": token, "player_id": player_id, "name": name, "refresh": refresh}
    path = session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")  # two terminals never share one
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        json.dump({"sessions": sessions}, handle, indent=2)
    os.replace(tmp, path)
    return path


def claim_slot(address: str) -> tuple[str, Callable[[], None]] | None:
    """The first session key of ``address`` that no live terminal plays, claimed for this
    process (see :func:`claim_session`), and how to give it back; None when every one is."""
    for key in session_slots(address):
        release = claim_session(key)
        if release is not None:
            return key, release
    return None


def claim_session(address: str) -> Callable[[], None] | None:
    """Mark the saved session under ``address`` (a session key) as played by this process, so
    that a second ``cercle play`` in another terminal plays as another player rather than as
    the same one (the server would seat it in the same place). Returns how to give it back, or
    None when another live process plays it."""
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


def device_id() -> str:
    """This machine's device id (``cercle login --device``): drawn once from a secure
    generator, kept in ``$CERCLE_HOME/device`` readable by its owner only."""
    path = config_dir() / "device"
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    value = secrets.token_hex(16)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(value)
    return value
