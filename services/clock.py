"""Server time: the one clock of a replica.

:func:`~services.server.start_replica` takes one :data:`Clock` (the wall clock,
:func:`wall_clock`, unless a test gives its own) and hands that same object to every part
that reads the time: the room layer (deadlines, presence), the feeds and the servicers
(``server_time`` in answers). No other module reads the wall clock for server time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeAlias

Clock: TypeAlias = Callable[[], float]
"""Server time in seconds since the epoch (deadlines are absolute)."""


def wall_clock() -> float:
    """Server time in seconds (wall clock; deadlines are absolute)."""
    return time.time()
