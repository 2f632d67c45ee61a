"""The soak's disruptions (``tools/soak.py``), on the cluster the soak started and nothing
else: a replica killed (SIGKILL) or drained (SIGTERM) and restarted on its port, Redis killed
and restarted on its append-only file, and Redis refusing every write for a few seconds
(OOM under ``maxmemory`` with ``noeviction``, NOREPLICAS under ``min-replicas-to-write``,
READONLY as the replica of a silent listener), each refusal checked on and then off with a
probe write; and, on the topology with sentinels (a Valkey primary, two replicas, three
sentinels, replicated commits), the primary killed (SIGKILL), a replica promoted by the
sentinels, and the killed one restarted on its files as a replica of the new primary, so
that the next failover too finds a replica to promote and one to confirm commits.
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

from deploy.local.cluster import (
    Cluster,
    Proc,
    online_replicas,
    sentinel_primary,
    start_redis,
    start_replica,
)
from tests.faults.helpers import DurableRedis, wait_health

DISRUPTIONS = ("kill9", "drain", "redis", "oom", "noreplicas", "readonly", "failover")
ONE_REDIS = ("kill9", "drain", "redis", "oom", "noreplicas", "readonly")
"""The disruptions of a single Valkey (the soak's default topology)."""
WITH_SENTINELS = ("kill9", "drain", "failover")
"""The disruptions of the topology with sentinels. Not the refusals nor ``redis``: they set
the primary's configuration (``min-replicas-to-write`` among it) or restart it where the
sentinels would promote a replica meanwhile."""
SENTINEL_REDIS_EXTRA = ["--appendfsync", "always", "--repl-diskless-sync-delay", "0"]
"""Every Valkey of the topology with sentinels: fsync on every write (as the single one), and
a promoted replica sends its first copy to a rejoining one at once (Valkey waits 5 s)."""
PROMOTION_SECONDS = 20.0
"""The longest a failover waits for the sentinels to promote a replica."""
REJOIN_SECONDS = 60.0
"""The longest it waits for the new primary to have both replicas online again."""
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

    def __init__(self, running: Cluster, redis: DurableRedis | None, rng: random.Random) -> None:
        """``redis``: the single Valkey the soak started, or None on the topology with
        sentinels (``running.redis`` and ``running.redis_replicas``)."""
        self.running = running
        self.redis = redis
        self.rng = rng
        self.restarts: collections.Counter[str] = collections.Counter()
        self.valkeys: dict[int, Proc] = {}
        """The Valkey servers behind the sentinels, by port (the restarted ones replace the
        killed ones)."""
        if running.sentinels and running.redis is not None:
            self.valkeys = {p.port: p for p in (running.redis, *running.redis_replicas)}
        self.failovers: list[float] = []
        """Seconds from each kill of a primary to the sentinels naming another."""

    def addresses(self) -> list[str]:
        return [f"127.0.0.1:{p.port}" for p in self.running.replicas]

    async def perform(self, disruption: Disruption) -> None:
        started = time.monotonic()
        try:
            if disruption.kind in ("kill9", "drain"):
                await self._replica(disruption)
            elif disruption.kind == "redis":
                await self._redis(disruption)
            elif disruption.kind == "failover":
                await self._failover(disruption)
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

    async def _failover(self, disruption: Disruption) -> None:
        """SIGKILL of the primary the sentinels name; the sentinels promote a replica; the
        killed one restarts on its port and files and the sentinels make it a replica of
        the primary they name; the failover is over once that primary has two replicas
        online again and every server is SERVING (``tests/faults/test_failover.py``, then
        the rejoin).

        The killed one restarts as a primary refusing writes (``min-replicas-to-write 1``,
        no replica), never as the replica of the primary the soak last saw: the sentinels
        may have moved on meanwhile (a second election, seen here 1 s after a promotion),
        and a replica given to a deposed primary lets it confirm commits (``WAIT 1``)
        that the sentinels' primary never gets, all lost when it is converted."""
        if not self.valkeys:
            disruption.note = "no sentinels"
            return
        sentinel = self.running.sentinels[0].port
        loop = asyncio.get_running_loop()
        old = await asyncio.to_thread(sentinel_primary, sentinel)
        victim = self.valkeys[old]
        disruption.target = f"redis-{old}"
        killed_at = loop.time()
        victim.kill(signal.SIGKILL)
        code = await asyncio.to_thread(victim.popen.wait, 10)
        new = old
        while new == old:
            if loop.time() - killed_at > PROMOTION_SECONDS:
                raise RuntimeError(f"no replica promoted in {PROMOTION_SECONDS:.0f} s")
            await asyncio.sleep(0.05)
            new = await asyncio.to_thread(sentinel_primary, sentinel)
        promoted = loop.time() - killed_at
        self.failovers.append(promoted)
        await asyncio.sleep(self.rng.uniform(1.0, 3.0))
        data_dir = self.running.work_dir / "redis" / _valkey_folder(self.running, old)
        back = await asyncio.to_thread(
            start_redis,
            data_dir,
            victim.log_path.parent,
            old,
            extra=SENTINEL_REDIS_EXTRA,
            min_replicas=1,
        )
        self.running.procs.append(back)  # stopped with the cluster
        self.valkeys[old] = back
        rejoin_at = loop.time()
        while True:
            primary = await asyncio.to_thread(sentinel_primary, sentinel)
            if primary != old and await asyncio.to_thread(online_replicas, primary) >= 2:
                break
            if loop.time() - rejoin_at > REJOIN_SECONDS:
                raise RuntimeError(f"no primary with 2 replicas online in {REJOIN_SECONDS} s")
            await asyncio.sleep(0.1)
        await wait_health(self.addresses(), "SERVING", 30)
        disruption.note = f"redis-{new} promoted {promoted:.1f} s after the kill" + (
            f", then redis-{primary}" if primary != new else ""
        )
        disruption.performed = code == -signal.SIGKILL

    async def _redis(self, disruption: Disruption) -> None:
        if self.redis is None:
            raise RuntimeError("the soak's single Valkey only")
        disruption.target = "redis"
        await asyncio.to_thread(self.redis.kill)
        await wait_health(self.addresses(), "NOT_SERVING", 15)
        await asyncio.sleep(self.rng.uniform(1.0, 3.0))
        await asyncio.to_thread(self.redis.restart)
        await wait_health(self.addresses(), "SERVING", 30)
        disruption.performed = True

    async def _refuse(self, disruption: Disruption) -> None:
        """Redis refuses every write for a few seconds; then it is restored and checked."""
        if self.redis is None:
            raise RuntimeError("the soak's single Valkey only")
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


def _valkey_folder(running: Cluster, port: int) -> str:
    """The folder (under ``<work>/redis``) of the Valkey first started on ``port``
    (``deploy.local.cluster.start_replicated_redis``: ``primary``, ``replica-1``, ...)."""
    first = [running.redis, *running.redis_replicas]
    names = ["primary"] + [f"replica-{i + 1}" for i in range(len(running.redis_replicas))]
    for proc, name in zip(first, names, strict=True):
        if proc is not None and proc.port == port:
            return name
    raise KeyError(port)


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
