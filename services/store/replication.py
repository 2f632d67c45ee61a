"""When a commit counts as done, as a part of the store (``Store.replication``):
with replicated commits (:mod:`.durability`) a commit script is followed by ``WAIT 1
<timeout>`` in the same pipeline, a request may confirm all its commits once at its end, and
``auto`` turns replicated once the primary reports an online replica.

On Redis Cluster (:mod:`.shards`) a commit and its WAIT go on one connection to the primary
of the room's shard; a request confirmed at its end is confirmed on *every* primary (a mark
written on each, then its WAIT: a lobby request or a login writes keys on several shards,
and which ones is not tracked), so it needs every shard to have a replica that keeps up;
``auto`` turns replicated once every primary reports an online replica."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Callable, Iterator
from typing import Any

from redis.asyncio.client import Pipeline
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, RedisClusterException, RedisError

from services import metrics
from services.store.core import StoreCore
from services.store.durability import CommitDurability, Durability, commits_replicated
from services.store.errors import NOT_REPLICATED, NotReplicated, StoreUnavailable
from services.store.keys import replication_mark_channel, replication_mark_key
from services.store.shards import ShardPrimaries


class Replication:
    """When the store's commits count as done (``Store.replication``): the commit scripts
    run through it (:meth:`run_commit`)."""

    def __init__(self, core: StoreCore, durability: CommitDurability, max_connections: int) -> None:
        """``durability``: when a commit counts as done; ``max_connections``: of each pool
        to a cluster's primary (:mod:`.shards`)."""
        self.core = core
        self.durability = durability
        self._max_connections = max_connections
        self._shards: ShardPrimaries | None = None
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
        on. Returns whether they do. Never raises (unknown: unchanged). On Redis Cluster,
        the fewest online replicas of any primary counts (every shard needs one)."""
        if self.durability.mode is not Durability.AUTO or self.replicated:
            return self.replicated
        connected: int | None = None
        with contextlib.suppress(RedisError, RedisClusterException, OSError, TimeoutError):
            if self.core.cluster:
                await self.core.redis.initialize()
                primaries = self.core.redis.get_primaries()
                answers = await self.core.redis.info("replication", target_nodes=primaries)
                # One answer per primary by node name; a single primary's answer alone.
                infos = [answers] if len(primaries) == 1 else list(answers.values())
                connected = min((_online(info) for info in infos), default=None)
            else:
                connected = _online(await self.core.redis.info("replication"))
        self.replicated = commits_replicated(self.durability.mode, connected, self.replicated)
        return self.replicated

    async def run_commit(
        self, op: str, script: AsyncScript, keys: list[str], args: list[str | bytes | int]
    ) -> tuple[Any, bool]:
        """Run a commit script; with replicated commits, ``WAIT 1 <timeout>`` follows it in
        the same pipeline (one round trip). Returns the script's answer and whether a
        replica holds everything this connection wrote (always True when local). A commit
        that wrote nothing needs no confirmation; one that found its change already
        written is confirmed by :meth:`read_entry` (``confirmed``)."""
        if not self.waits_now():
            return await self.core.call(op, script(keys=keys, args=args)), True
        if self.core.cluster:
            answer, confirmed = await self.core.call(
                op, self._run_commit_on_shard(script, keys, args)
            )
            return answer, bool(confirmed)

        async def run() -> tuple[Any, Any]:
            for _ in range(2):  # a second time after loading the script (NOSCRIPT)
                pipe: Pipeline = self.core.redis.pipeline(transaction=False)
                pipe.evalsha(script.sha, len(keys), *keys, *args)
                self._wait(pipe)
                try:
                    answer, acknowledged = await pipe.execute()
                except NoScriptError:  # nothing ran: a fresh or flushed Redis
                    await self.core.redis.script_load(script.script)
                    continue
                return answer, acknowledged
            raise StoreUnavailable("the commit script could not be loaded", "NOSCRIPT")

        answer, acknowledged = await self.core.call(op, run())
        return answer, self.acknowledged(acknowledged)

    async def _run_commit_on_shard(
        self, script: AsyncScript, keys: list[str], args: list[str | bytes | int]
    ) -> tuple[Any, bool]:
        """:meth:`run_commit` on Redis Cluster: the script and its WAIT on one connection
        to the primary of the keys' slot (one slot: the room's hash tag)."""
        shards = self._shard_primaries()

        def commit(pipe: Pipeline) -> None:
            pipe.evalsha(script.sha, len(keys), *keys, *args)
            self._wait(pipe)

        for _ in range(2):  # a second time after loading the script (a promoted replica)
            answer, acknowledged = await shards.on_slot_owner(keys[0], commit)
            if isinstance(answer, NoScriptError):  # nothing ran; loaded on every primary
                await self.core.redis.script_load(script.script)
                continue
            for reply in (answer, acknowledged):
                if isinstance(reply, Exception):
                    raise reply
            return answer, self.acknowledged(acknowledged)
        raise StoreUnavailable("the commit script could not be loaded", "NOSCRIPT")

    def _shard_primaries(self) -> ShardPrimaries:
        if self._shards is None:
            self._shards = ShardPrimaries(self.core.redis, max_connections=self._max_connections)
        return self._shards

    async def close_shards(self, *, reopen: bool = False) -> None:
        """Close the connections to a cluster's primaries (``reopen``: only drop them)."""
        if self._shards is not None:
            await (self._shards.disconnect() if reopen else self._shards.aclose())

    async def confirmed_on_shard(
        self, key: str, tag: str, commands: Callable[[Pipeline], None]
    ) -> tuple[bool, list[Any]]:
        """On Redis Cluster: on the primary of ``key``'s slot, a mark written in the slot of
        ``tag`` (the same: pass the key's hash tag), its WAIT, then ``commands``. Returns
        whether a replica confirmed, and the answers of ``commands``."""

        def confirm(pipe: Pipeline) -> None:
            pipe.set(replication_mark_key(tag), "", px=60_000)
            self._wait(pipe)
            commands(pipe)

        answers = await self._shard_primaries().on_slot_owner(key, confirm)
        for reply in answers:
            if isinstance(reply, Exception):
                raise reply
        return self.acknowledged(answers[1]), answers[2:]

    async def confirm_replicated(self, seq: int | None = None) -> None:
        """With replicated commits, return once a replica holds everything written so far
        (a request that changes nothing is answered only once what it found is safe: its
        first attempt may have been unconfirmed); raises :class:`NotReplicated` (``seq``:
        the room's, for the message). Nothing to do when local, nor within
        :meth:`confirming_at_end` (its end confirms)."""
        if not self.waits_now():
            return
        if self.core.cluster:
            answers = await self.core.call(
                "confirm_replicated", self._shard_primaries().on_every_primary(self._wait)
            )
            for (acknowledged,) in answers:
                if not self.acknowledged(acknowledged):
                    raise self.not_replicated(seq)
            return
        _, acknowledged = await self.core.call("confirm_replicated", self.confirming().execute())
        if not self.acknowledged(acknowledged):
            raise self.not_replicated(seq)

    def _wait(self, pipe: Pipeline) -> None:
        """Queue the confirmation of everything written before it on this connection:
        ``WAIT 1 <timeout>`` (a replica received it), or with ``fsynced`` durability
        ``WAITAOF 1 1 <timeout>`` (the primary's and a replica's append-only files hold
        it); :meth:`acknowledged` reads its answer."""
        if self.durability.mode is Durability.FSYNCED:
            pipe.execute_command("WAITAOF", 1, 1, self.durability.timeout_ms)
        else:
            pipe.wait(1, self.durability.timeout_ms)

    def acknowledged(self, reply: Any) -> bool:
        """Whether the answer of :meth:`_wait`'s command confirms: WAIT's count of
        replicas, or WAITAOF's pair (local fsync, replicas that fsynced).

        An error reply (WAITAOF with the append-only file off) raises."""
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, list | tuple):
            return len(reply) == 2 and int(reply[0]) >= 1 and int(reply[1]) >= 1
        return int(reply) >= 1

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

    def waits_now(self) -> bool:
        """Whether a commit made now waits for a replica itself."""
        if not self.replicated:
            return False
        deferred = self._confirmed_at_end.get()
        return deferred is None or deferred is not asyncio.current_task()

    def confirming(self) -> Pipeline:
        """A pipeline that has a replica confirm everything written before it: a PUBLISH on
        a channel nobody reads (always propagated, so the WAIT that follows covers every
        write before it, not only this connection's) and ``WAIT 1 <timeout>``."""
        pipe: Pipeline = self.core.redis.pipeline(transaction=False)
        if self.durability.mode is Durability.FSYNCED:
            # A PUBLISH is replicated but never written to an append-only file: WAITAOF
            # would wait for the next write. A key is.
            pipe.set(replication_mark_key("c0"), "", px=60_000)
        else:
            pipe.publish(replication_mark_channel(), "")
        self._wait(pipe)
        return pipe

    def not_replicated(self, seq: int | None) -> NotReplicated:
        metrics.REDIS_ERRORS.labels(NOT_REPLICATED).inc()
        return NotReplicated(seq)


def _online(info: Any) -> int:
    """How many replicas ``INFO replication`` (as redis-py parses it) names online: one
    still waiting for its first copy acknowledges nothing."""
    if not isinstance(info, dict):
        return 0
    return sum(
        1
        for name, replica in info.items()
        if name.startswith("slave")
        and name[5:].isdigit()
        and isinstance(replica, dict)
        and replica.get("state") == "online"
    )
