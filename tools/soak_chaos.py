"""The soak's disruptions (``tools/soak.py``), on the cluster the soak started and nothing
else: a replica killed (SIGKILL) or drained (SIGTERM) and restarted on its port, Redis killed
and restarted on its append-only file, and Redis refusing every write for a few seconds
(OOM under ``maxmemory`` with ``noeviction``, NOREPLICAS under ``min-replicas-to-write``,
READONLY as the replica of a silent listener), each refusal checked on and then off with a
probe write.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import random
import signal
import subprocess
import time
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis

from deploy.local.cluster import Cluster, Proc, start_replica
from tests.faults.helpers import DurableRedis, wait_health

DISRUPTIONS = ("kill9", "drain", "redis", "oom", "noreplicas", "readonly")
PROBE_KEY = "soak:probe"
"""A key outside Cercle's names, written to check that a refusal is on (and then off)."""


@dataclass
class Disruption:
    kind: str
    at: float
    """Seconds since the start of play."""
    seconds: float = 0.0
    target: str = ""
    performed: bool = False
    note: str = ""


class Chaos:
    """The disruptions, on the cluster the soak started (and nothing else)."""

    def __init__(self, running: Cluster, redis: DurableRedis, rng: random.Random) -> None:
        self.running = running
        self.redis = redis
        self.rng = rng
        self.restarts: collections.Counter[str] = collections.Counter()

    def addresses(self) -> list[str]:
        return [f"127.0.0.1:{p.port}" for p in self.running.replicas]

    async def perform(self, disruption: Disruption) -> None:
        started = time.monotonic()
        try:
            if disruption.kind in ("kill9", "drain"):
                await self._replica(disruption)
            elif disruption.kind == "redis":
                await self._redis(disruption)
            else:
                await self._refuse(disruption)
        except Exception as exc:
            disruption.performed = False
            disruption.note = f"failed: {exc!r}"[:200]
        disruption.seconds = time.monotonic() - started

    async def _replica(self, disruption: Disruption) -> None:
        victims = list(range(1, len(self.running.replicas)))
        if not victims:
            disruption.note = "no replica to spare"
            return
        index = self.rng.choice(victims)
        old = self.running.replicas[index]
        disruption.target = old.name
        if disruption.kind == "kill9":
            old.kill(signal.SIGKILL)
            code = await asyncio.to_thread(old.popen.wait, 10)
            gone = code == -signal.SIGKILL
        else:
            old.kill(signal.SIGTERM)
            try:
                code = await asyncio.to_thread(old.popen.wait, 20)
                gone = code == 0
            except subprocess.TimeoutExpired:
                old.kill(signal.SIGKILL)
                await asyncio.to_thread(old.popen.wait, 10)
                disruption.note = "the drain took over 20 s: killed"
                gone = False
        await asyncio.sleep(self.rng.uniform(1.0, 4.0))
        new = await self._restart(old)
        self.running.replicas[index] = new
        await wait_health([f"127.0.0.1:{new.port}"], "SERVING", 30)
        disruption.performed = gone

    async def _restart(self, old: Proc) -> Proc:
        new = await asyncio.to_thread(
            start_replica, self.running.redis_url, old.log_path.parent, old.port, old.name
        )
        self.running.procs.append(new)  # stopped with the cluster
        self.restarts[new.name] += 1
        return new

    async def _redis(self, disruption: Disruption) -> None:
        disruption.target = "redis"
        await asyncio.to_thread(self.redis.kill)
        await wait_health(self.addresses(), "NOT_SERVING", 15)
        await asyncio.sleep(self.rng.uniform(1.0, 3.0))
        await asyncio.to_thread(self.redis.restart)
        await wait_health(self.addresses(), "SERVING", 30)
        disruption.performed = True

    async def _refuse(self, disruption: Disruption) -> None:
        """Redis refuses every write for a few seconds; then it is restored and checked."""
        disruption.target = "redis"
        admin = aioredis.Redis.from_url(self.redis.url)
        silent = SilentListener()
        kind = disruption.kind
        refused = ""
        try:
            if kind == "oom":
                used = int((await admin.info("memory"))["used_memory"])
                await admin.config_set("maxmemory-policy", "noeviction")
                await admin.config_set("maxmemory", max(1, used // 2))
            elif kind == "noreplicas":
                await admin.config_set("min-replicas-to-write", 1)
            else:
                await silent.start()
                await admin.replicaof("127.0.0.1", str(silent.port))
            refused = await _write_refused(admin)
            await asyncio.sleep(self.rng.uniform(2.0, 5.0))
        finally:
            await _restore(admin, kind)
            await silent.close()
        accepted = not await _write_refused(admin)
        await admin.delete(PROBE_KEY)
        await admin.aclose()
        disruption.note = refused.split(".")[0][:60]
        disruption.performed = bool(refused) and accepted


async def _write_refused(admin: Any) -> str:
    """The error a write gets now ('' if it is accepted)."""
    try:
        await admin.set(PROBE_KEY, "1", ex=60)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return ""


async def _restore(admin: Any, kind: str) -> None:
    """Undo a refusal, trying a few times (Redis must not stay refusing)."""
    for attempt in range(10):
        try:
            if kind == "oom":
                await admin.config_set("maxmemory", 0)
            elif kind == "noreplicas":
                await admin.config_set("min-replicas-to-write", 0)
            else:
                await admin.execute_command("REPLICAOF", "NO", "ONE")
            return
        except Exception:
            await asyncio.sleep(0.2 * (attempt + 1))
    raise RuntimeError(f"could not undo the {kind} refusal")


class SilentListener:
    """A port the soak holds that accepts connections and never answers: a 'primary' Redis
    can be pointed at so that it turns read-only without ever starting a sync."""

    def __init__(self) -> None:
        self.server: asyncio.Server | None = None
        self.port = 0
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._hold, "127.0.0.1", 0)
        self.port = int(self.server.sockets[0].getsockname()[1])

    async def _hold(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writers.append(writer)
        with contextlib.suppress(OSError):
            for _ in range(10_000):
                if not await reader.read(65536):
                    break
        writer.close()

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for writer in self.writers:
            writer.close()
