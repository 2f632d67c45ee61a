"""The store's core: the one redis-py client of a process, and the call that runs every
command through it (:meth:`StoreCore.call`: counts it, and maps a Redis error to
:class:`~.errors.StoreUnavailable`). Every part of the store (:mod:`.client`) is given it."""

from __future__ import annotations

import asyncio
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.sentinel import Sentinel
from redis.exceptions import RedisClusterException, RedisError

from services import metrics
from services.store.errors import WRITE_REFUSALS, StoreUnavailable, error_kind
from services.store.sentinel import (
    SENTINEL_SCHEME,
    BlockingSentinelConnectionPool,
    sentinel_settings,
)


class StoreCore:
    """The redis-py client, whether it talks to Redis Cluster, and the error mapping."""

    def __init__(self, url: str, *, max_connections: int) -> None:
        """``url``: as :class:`~.client.Store` takes it."""
        self.url = url
        self.cluster = url.startswith("redis+cluster://")
        """Whether the client talks to Redis Cluster (no script in a pipeline, keys of one
        call in one slot)."""
        self.redis: Any
        """The redis-py client (for the store's parts only: nothing else names it)."""
        self.sentinel: Sentinel | None = None
        """The sentinels' client, with a ``redis+sentinel://`` URL."""
        if self.cluster:
            self.redis = RedisCluster.from_url(
                "redis://" + url[len("redis+cluster://") :],
                max_connections=max_connections,
                socket_timeout=5,
                socket_connect_timeout=2,
            )
        elif url.startswith(SENTINEL_SCHEME):
            settings = sentinel_settings(url)
            sentinel = Sentinel(settings.sentinels, socket_timeout=2, socket_connect_timeout=2)
            self.sentinel = sentinel
            self.redis = sentinel.master_for(
                settings.master,
                connection_pool_class=BlockingSentinelConnectionPool,
                max_connections=max_connections,
                timeout=5,
                socket_timeout=5,
                socket_connect_timeout=2,
                health_check_interval=10,
                db=settings.db,
                password=settings.password,
            )
        else:
            # A blocking pool: when every connection is busy a call waits for one (up to its
            # timeout) instead of failing with "Too many connections".
            pool = aioredis.BlockingConnectionPool.from_url(
                url,
                max_connections=max_connections,
                timeout=5,
                socket_timeout=5,
                socket_connect_timeout=2,
                health_check_interval=10,
            )
            self.redis = aioredis.Redis(connection_pool=pool)
        self.refused = asyncio.Event()
        """Set when a call is refused (unreachable, or writes refused): the readiness check
        runs at once instead of at its next period."""

    async def call(self, op: str, awaitable: Any) -> Any:
        """Await one round trip (a command, a pipeline's ``execute()``, a script call),
        counted as ``op`` in ``cercle_redis_calls_total``. A lost connection or a refused
        write raises :class:`~.errors.StoreUnavailable` (and sets :attr:`refused`)."""
        metrics.redis_call(op)
        try:
            return await awaitable
        except (
            RedisError,
            RedisClusterException,
            OSError,
            TimeoutError,
            RuntimeError,
            AttributeError,
        ) as exc:
            if isinstance(exc, RuntimeError) and not _closed_transport(exc):
                raise
            if isinstance(exc, AttributeError):
                if not _closed_under_redis_py(exc):
                    raise
                exc = ConnectionError(f"connection closed while in use ({exc})")
            kind = error_kind(exc)
            metrics.REDIS_ERRORS.labels(kind).inc()
            if kind == "connection" or kind in WRITE_REFUSALS:
                self.refused.set()
            raise StoreUnavailable(str(exc), kind) from exc

    async def close(self) -> None:
        """Close the client (and the sentinels' client)."""
        await self.redis.aclose()
        if self.sentinel is not None:
            await self.sentinel.aclose()


def _closed_transport(exc: RuntimeError) -> bool:
    """The event loop's "unable to perform operation on <TCPTransport closed=True>": a
    connection the server closed under a pooled client (seen with Redis Cluster during a
    test run) is a lost connection, not a bug of ours."""
    return "closed" in str(exc) and "Transport" in str(exc)


def _closed_under_redis_py(exc: AttributeError) -> bool:
    """redis-py's asyncio Redis Cluster client can close a connection while another task is
    opening it (its topology refresh replaces the nodes' connections); the writer is then
    None and the write raises ``'NoneType' object has no attribute 'writelines'`` inside
    redis-py. Nothing was sent: it is a lost connection, not a bug of ours (it reached
    clients as UNKNOWN)."""
    if "'NoneType' object has no attribute" not in str(exc):
        return False
    frame = exc.__traceback__
    while frame is not None and frame.tb_next is not None:
        frame = frame.tb_next
    return frame is not None and "/redis/" in frame.tb_frame.f_code.co_filename
