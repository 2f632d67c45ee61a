"""When a commit counts as done, as calls of the store (mixed into :class:`~.client.Store`):
with replicated commits (:mod:`.durability`) a commit script is followed by ``WAIT 1
<timeout>`` in the same pipeline, a request may confirm all its commits once at its end, and
``auto`` turns replicated once the primary reports an online replica."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Iterator
from typing import Any

from redis.asyncio.client import Pipeline
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, RedisError

from services import metrics
from services.store.durability import CommitDurability, Durability, commits_replicated
from services.store.errors import NOT_REPLICATED, NotReplicated, StoreUnavailable
from services.store.keys import replication_mark_channel


class ReplicationStore:
    """Replication-scoped calls of the store (a mixin of :class:`~.client.Store`)."""

    redis: Any
    cluster: bool

    async def _call(self, op: str, awaitable: Any) -> Any:
        raise NotImplementedError

    def _init_replication(self, durability: CommitDurability) -> None:
        """``durability``: when a commit counts as done (refused on Redis Cluster when
        ``replicated``: not supported yet)."""
        self.durability = durability
        if self.cluster and durability.mode is Durability.REPLICATED:
            raise ValueError("replicated commits need one Redis primary, not Redis Cluster")
        self.replicated = commits_replicated(durability.mode, None, False)
        """Whether commits wait for a replica now (``auto``: from the first time the
        primary reports one, :meth:`refresh_durability`)."""
        self._confirmed_at_end: contextvars.ContextVar[asyncio.Task[Any] | None] = (
            contextvars.ContextVar(f"confirmed_at_end_{id(self)}", default=None)
        )
        """The task whose commits wait for a replica once, at its end
        (:meth:`confirming_at_end`), instead of each commit on its own."""

    async def refresh_durability(self) -> bool:
        """With ``CERCLE_COMMIT_DURABILITY=auto``, ask the primary how many replicas are
        online (``INFO replication``) until one is: commits wait for a replica from then
        on. Returns whether they do. Never raises (unknown: unchanged). Redis Cluster stays
        local (not supported yet)."""
        if self.durability.mode is not Durability.AUTO or self.replicated or self.cluster:
            return self.replicated
        connected: int | None = None
        with contextlib.suppress(RedisError, OSError, TimeoutError):
            info = await self.redis.info("replication")
            # Online replicas only: one still waiting for its first copy acknowledges nothing.
            connected = sum(
                1
                for name, replica in info.items()
                if name.startswith("slave")
                and name[5:].isdigit()
                and isinstance(replica, dict)
                and replica.get("state") == "online"
            )
        self.replicated = commits_replicated(self.durability.mode, connected, self.replicated)
        return self.replicated

    async def _run_commit(
        self, op: str, script: AsyncScript, keys: list[str], args: list[str | bytes | int]
    ) -> tuple[Any, bool]:
        """Run a commit script; with replicated commits, ``WAIT 1 <timeout>`` follows it in
        the same pipeline (one round trip). Returns the script's answer and whether a
        replica holds everything this connection wrote (always True when local). A commit
        that wrote nothing needs no confirmation; one that found its change already
        written is confirmed by :meth:`read_entry` (``confirmed``)."""
        if not self._waits_now():
            return await self._call(op, script(keys=keys, args=args)), True

        async def run() -> tuple[Any, int]:
            for _ in range(2):  # a second time after loading the script (NOSCRIPT)
                pipe: Pipeline = self.redis.pipeline(transaction=False)
                pipe.evalsha(script.sha, len(keys), *keys, *args)
                pipe.wait(1, self.durability.timeout_ms)
                try:
                    answer, acknowledged = await pipe.execute()
                except NoScriptError:  # nothing ran: a fresh or flushed Redis
                    await self.redis.script_load(script.script)
                    continue
                return answer, int(acknowledged)
            raise StoreUnavailable("the commit script could not be loaded", "NOSCRIPT")

        answer, acknowledged = await self._call(op, run())
        return answer, acknowledged >= 1

    async def confirm_replicated(self, seq: int | None = None) -> None:
        """With replicated commits, return once a replica holds everything written so far
        (a request that changes nothing is answered only once what it found is safe: its
        first attempt may have been unconfirmed); raises :class:`NotReplicated` (``seq``:
        the room's, for the message). Nothing to do when local, nor within
        :meth:`confirming_at_end` (its end confirms)."""
        if not self._waits_now():
            return
        _, acknowledged = await self._call("confirm_replicated", self._confirming().execute())
        if int(acknowledged) < 1:
            raise self._not_replicated(seq)

    @contextlib.contextmanager
    def confirming_at_end(self) -> Iterator[None]:
        """Within this block, this task's commits do not wait for a replica each: the caller
        confirms everything once at its end (:meth:`confirm_replicated`), after it has kept
        the request's answer. A lobby request with a request id does so: a commit no
        replica confirmed must not leave the request half answered (its retry would run it
        again, e.g. a second room). Tasks the block starts wait as usual."""
        token = self._confirmed_at_end.set(asyncio.current_task())
        try:
            yield
        finally:
            self._confirmed_at_end.reset(token)

    def _waits_now(self) -> bool:
        """Whether a commit made now waits for a replica itself."""
        if not self.replicated:
            return False
        deferred = self._confirmed_at_end.get()
        return deferred is None or deferred is not asyncio.current_task()

    def _confirming(self) -> Pipeline:
        """A pipeline that has a replica confirm everything written before it: a PUBLISH on
        a channel nobody reads (always propagated, so the WAIT that follows covers every
        write before it, not only this connection's) and ``WAIT 1 <timeout>``."""
        pipe: Pipeline = self.redis.pipeline(transaction=False)
        pipe.publish(replication_mark_channel(), "")
        pipe.wait(1, self.durability.timeout_ms)
        return pipe

    def _not_replicated(self, seq: int | None) -> NotReplicated:
        metrics.REDIS_ERRORS.labels(NOT_REPLICATED).inc()
        return NotReplicated(seq)
