"""A Valkey primary, a Valkey replica following it, and a Cercle replica over the primary
with replicated (or local) commits: the topology of the replicated-commit tests
(``tests/faults/test_replicated_commits.py``, ``tests/faults/test_replicated_writes.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from deploy.local.cluster import Proc, online_replicas, start_redis
from services.server import Replica, start_replica
from services.store import Store
from tests.faults.helpers import FlakyProxy

TIMEOUT_MS = 300
"""``CERCLE_REPLICATION_TIMEOUT_MS`` of the Cercle replica."""


@dataclass
class Topology:
    primary: Proc
    follower: Proc
    """The Valkey replica (the one a failover would promote)."""
    link: FlakyProxy
    """The replication link: the replica follows the primary through it (``delay``: the
    stream reaches the replica late; its acknowledgements go back at once)."""
    cercle: Replica
    store: Store
    """A store on the primary, for the test's own reads."""
    follower_redis: aioredis.Redis
    """A connection to the Valkey replica, read directly."""

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.cercle.port}"


async def wait_following(primary: Proc, timeout: float = 20.0) -> None:
    """Until the primary's replica is online and acknowledges a write (a replica loads its
    first copy after the primary counts it online)."""
    admin = aioredis.from_url(f"redis://127.0.0.1:{primary.port}/0")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        while online_replicas(primary.port) < 1 or await _unacknowledged_write(admin):
            assert loop.time() < deadline, "the Valkey replica never followed its primary"
            await asyncio.sleep(0.05)
    finally:
        await admin.aclose()


async def _unacknowledged_write(admin: aioredis.Redis) -> bool:
    pipe = admin.pipeline(transaction=False)
    pipe.set("cercle:test:following", 1)
    pipe.wait(1, 100)
    _, acknowledged = await pipe.execute()
    return int(acknowledged) < 1


@contextlib.contextmanager
def frozen(proc: Proc) -> Iterator[None]:
    """The process stopped (SIGSTOP) for the block; continued (SIGCONT) on the way out."""
    proc.kill(signal.SIGSTOP)
    try:
        yield
    finally:
        proc.kill(signal.SIGCONT)


async def wait_fsyncing_replica(primary: Proc, timeout: float = 20.0) -> None:
    """Until a replica of ``primary`` reports its append-only file fsynced (``WAITAOF``
    counts it): a replica restarts its file after its first full copy."""
    admin = aioredis.from_url(f"redis://127.0.0.1:{primary.port}/0")
    try:
        deadline = time.monotonic() + timeout
        while True:
            await admin.set("cercle:test:fsync", "1")
            _, replicas = await admin.waitaof(0, 1, 200)
            if int(replicas) >= 1:
                return
            if time.monotonic() > deadline:
                raise RuntimeError("no replica fsynced its append-only file in time")
            await asyncio.sleep(0.1)
    finally:
        await admin.delete("cercle:test:fsync")
        await admin.aclose()


async def start_topology(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    mode: str,
    *,
    fsync_always: bool = False,
    timeout_ms: int = TIMEOUT_MS,
) -> AsyncIterator[Topology]:
    """A primary, its replica following it through a :class:`FlakyProxy`, and a Cercle
    replica on the primary whose commits are ``mode`` (``CERCLE_COMMIT_DURABILITY``),
    waiting ``timeout_ms`` for a replica. ``fsync_always``: both Valkeys keep an
    append-only file fsynced at every write (what ``fsynced`` commits want)."""
    aof = ["--appendfsync", "always"] if fsync_always else None
    primary = start_redis(tmp_path / "primary", tmp_path, appendonly=fsync_always, extra=aof)
    link = FlakyProxy(primary.port)
    await link.start()
    follower = start_redis(
        tmp_path / "follower",
        tmp_path,
        appendonly=fsync_always,
        extra=aof,
        replica_of=link.port,
    )
    try:
        await wait_following(primary)
        if fsync_always:  # the replica's append-only file starts after its first copy
            await wait_fsyncing_replica(primary)
        monkeypatch.setenv("CERCLE_COMMIT_DURABILITY", mode)
        monkeypatch.setenv("CERCLE_REPLICATION_TIMEOUT_MS", str(timeout_ms))
        url = f"redis://127.0.0.1:{primary.port}/0"
        cercle = await start_replica(url)
        store = Store(url)
        follower_redis = aioredis.from_url(f"redis://127.0.0.1:{follower.port}/0")
        try:
            yield Topology(primary, follower, link, cercle, store, follower_redis)
        finally:
            await cercle.stop(grace=0.1)
            await store.close()
            await follower_redis.aclose()
    finally:
        follower.kill(signal.SIGCONT)
        follower.stop()
        link.drop_all()  # else the primary waits for its replica on SIGTERM (shutdown-timeout)
        await link.close()
        primary.stop()
