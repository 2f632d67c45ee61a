"""The store's calls for the limits every replica shares (``Store.limits``): fixed-window
quotas, the GCRA rate limiters and the open streams' leases (``services.rate_limits``,
``services.api.streams``)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from services.store.core import StoreCore
from services.store.keys import stream_leases_key
from services.store.scripts import RATE_SCRIPT, STREAM_LEASE_SCRIPT


class LimitStore:
    """Limit-scoped calls of the store (``Store.limits``)."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        self._rate = core.redis.register_script(RATE_SCRIPT)
        self._stream_lease = core.redis.register_script(STREAM_LEASE_SCRIPT)

    # -- quotas and rates -------------------------------------------------------------------

    async def count_quota(self, keys: Sequence[str], window: int) -> list[tuple[int, float]]:
        """Count one more event on each fixed-window counter (``quota_key``); a counter
        starts its ``window`` (seconds) with its first event. Returns each count and the
        seconds left in its window."""
        pipe = self.core.redis.pipeline(transaction=False)
        for key in keys:
            pipe.incr(key)
            pipe.expire(key, window, nx=True)
            pipe.pttl(key)
        raw = await self.core.call("count_quota", pipe.execute())
        return [
            (int(count), max(0, int(ms)) / 1000)
            for count, ms in zip(raw[::3], raw[2::3], strict=True)
        ]

    async def read_quota(self, keys: Sequence[str]) -> list[tuple[int, float]]:
        """Each counter's count and the seconds left in its window (0, 0 when unused)."""
        pipe = self.core.redis.pipeline(transaction=False)
        for key in keys:
            pipe.get(key)
            pipe.pttl(key)
        raw = await self.core.call("read_quota", pipe.execute())
        return [
            (int(count or 0), max(0, int(ms)) / 1000 if count else 0.0)
            for count, ms in zip(raw[::2], raw[1::2], strict=True)
        ]

    async def take_rate(
        self, key: str, interval_us: int, burst: int, wanted: int = 1
    ) -> tuple[int, float]:
        """Take up to ``wanted`` requests from the shared limiter ``key`` (``rate_key``):
        how many were granted and, when none, the seconds until one is."""
        granted, wait = await self.core.call(
            "take_rate", self._rate(keys=[key], args=[interval_us, burst, wanted])
        )
        return int(granted), int(wait) / 1e6

    # -- stream leases ---------------------------------------------------------------------

    async def take_stream_lease(
        self, lease_id: str, limits: Mapping[str, int], seconds: float
    ) -> tuple[str, int] | None:
        """Take ``lease_id`` in each scope's lease set, in one round trip, if every scope has
        fewer than its limit of live leases. Returns None when taken, else ``(scope, live)``
        of a full scope (the lease is then held nowhere)."""
        scopes = list(limits)
        answers = await self._lease_scripts(
            "take_stream_lease",
            [(scope, [limits[scope], int(seconds * 1000), lease_id]) for scope in scopes],
        )
        pairs = zip(scopes, answers, strict=True)
        full = [(scope, int(live)) for scope, (taken, live) in pairs if not taken]
        if full:
            await self.drop_stream_lease(lease_id, scopes)
            return full[0]
        return None

    async def renew_stream_leases(
        self, leases: Mapping[str, Sequence[str]], seconds: float
    ) -> None:
        """Extend every given lease (scope -> lease ids) by ``seconds``; one round trip."""
        await self._lease_scripts(
            "renew_stream_leases",
            [(scope, [0, int(seconds * 1000), *ids]) for scope, ids in leases.items() if ids],
        )

    async def drop_stream_lease(self, lease_id: str, scopes: Sequence[str]) -> None:
        pipe = self.core.redis.pipeline(transaction=False)
        for scope in scopes:
            pipe.zrem(stream_leases_key(scope), lease_id)
        await self.core.call("drop_stream_lease", pipe.execute())

    async def _lease_scripts(
        self, op: str, calls: Sequence[tuple[str, Sequence[str | int]]]
    ) -> list[Any]:
        """The lease script once per (scope, args): pipelined on one server, concurrently on
        a cluster (the scopes' sets live in different slots)."""
        if not calls:
            return []
        if self.core.cluster:
            return list(
                await self.core.call(
                    op,
                    asyncio.gather(
                        *(
                            self._stream_lease(keys=[stream_leases_key(scope)], args=args)
                            for scope, args in calls
                        )
                    ),
                )
            )
        pipe = self.core.redis.pipeline(transaction=False)
        for scope, args in calls:
            await self._stream_lease(keys=[stream_leases_key(scope)], args=args, client=pipe)
        return list(await self.core.call(op, pipe.execute()))
