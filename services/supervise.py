"""Background tasks that cannot die: every long-running loop of a replica (the timer loop,
the pub/sub listener, the feed poll, the store watch) runs under :func:`supervise`, and every
one-shot task it spawns (a room's due deadlines, a feed's catch-up) is :func:`tracked`.

A loop that raises is logged (type, message scrubbed, traceback without locals: see
:mod:`services.logs`), counted in ``cercle_background_failures_total{task}``, and started
again after a backoff (0.1 s doubling to 5 s; back to 0.1 s once a run lasted a minute).
A loop that returns is started again too: these loops are meant to run forever.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import structlog

from services import metrics

log = structlog.get_logger("cercle.supervise")

FIRST_DELAY = 0.1
MAX_DELAY = 5.0
HEALTHY_AFTER = 60.0
"""A run that lasted this long resets the backoff."""


async def supervise(
    name: str,
    run: Callable[[], Awaitable[None]],
    *,
    first_delay: float = FIRST_DELAY,
    max_delay: float = MAX_DELAY,
) -> None:
    """Run ``run()`` forever: restart it after any exception (never after cancellation)."""
    loop = asyncio.get_running_loop()
    delay = first_delay
    while True:
        started = loop.time()
        try:
            await run()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            failed(name, exc)
        else:
            metrics.BACKGROUND_FAILURES.labels(name).inc()
            log.warning("task_returned", task=name)
        if loop.time() - started >= HEALTHY_AFTER:
            delay = first_delay
        await asyncio.sleep(delay)
        delay = min(max_delay, delay * 2)
        log.info("task_restarted", task=name)


def spawn(name: str, run: Callable[[], Awaitable[None]]) -> asyncio.Task[None]:
    """A supervised task named ``name``."""
    return asyncio.create_task(supervise(name, run), name=name)


def tracked(name: str, task: asyncio.Task[Any], running: set[asyncio.Task[Any]]) -> None:
    """Keep a one-shot task in ``running`` until it ends; log and count its exception."""
    running.add(task)

    def done(finished: asyncio.Task[Any]) -> None:
        running.discard(finished)
        if finished.cancelled():
            return
        exc = finished.exception()
        if exc is not None and isinstance(exc, Exception):
            failed(name, exc)

    task.add_done_callback(done)


def failed(name: str, exc: Exception, **context: str) -> None:
    """Log (without secrets) and count a background failure; ``context`` names what it
    was working on (``room=...``)."""
    metrics.BACKGROUND_FAILURES.labels(name).inc()
    log.error(
        "task_failed",
        task=name,
        error_type=type(exc).__name__,
        exc_info=(type(exc), exc, exc.__traceback__),
        **context,
    )
