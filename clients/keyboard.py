"""Lines typed on stdin as items of an asyncio queue: ``("line", text)`` for each line and
``("eof", None)`` at the end. A terminal or a pipe is watched with ``loop.add_reader``; a
regular file (or anything that cannot be polled) is read in a thread."""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
import threading
from collections.abc import Callable
from typing import Any, TextIO

Put = Callable[[tuple[str, Any]], None]


def watch_stdin(stream: TextIO, put: Put) -> tuple[bool, int | None]:
    """Start feeding ``put`` from ``stream`` (in the running loop); returns whether it is a
    terminal and the file descriptor watched by the loop (to remove at the end), if any."""
    loop = asyncio.get_running_loop()
    try:
        fd = stream.fileno()
        mode = os.fstat(fd).st_mode
    except (OSError, ValueError, AttributeError):
        return False, None
    is_tty = os.isatty(fd)
    if stat.S_ISREG(mode):
        read_in_thread(stream, put, loop)
        return is_tty, None
    pending = bytearray()

    def readable() -> None:
        try:
            chunk = os.read(fd, 4096)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            loop.remove_reader(fd)
            put(("eof", None))
            return
        pending.extend(chunk)
        while b"\n" in pending:
            index = pending.index(b"\n")
            line = bytes(pending[:index]).decode("utf-8", "replace").rstrip("\r")
            del pending[: index + 1]
            put(("line", line))

    try:
        loop.add_reader(fd, readable)
    except OSError:  # e.g. /dev/null cannot be polled
        read_in_thread(stream, put, loop)
        return is_tty, None
    return is_tty, fd


def read_in_thread(stream: TextIO, put: Put, loop: asyncio.AbstractEventLoop) -> None:
    """Regular files cannot be watched with add_reader: read them in a thread."""

    def put_threadsafe(item: tuple[str, Any]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is gone
            loop.call_soon_threadsafe(put, item)

    def reader() -> None:
        for line in stream:
            put_threadsafe(("line", line.rstrip("\r\n")))
        put_threadsafe(("eof", None))

    threading.Thread(target=reader, name="cercle-stdin", daemon=True).start()
