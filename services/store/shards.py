"""Two commands on one connection to the primary of a Redis Cluster shard: a commit script
and the ``WAIT 1 <timeout>`` that confirms it reached a replica of that shard.

redis-py's cluster client sends each command on a connection of its own choosing (a
pipeline groups commands by node, and routes a keyless ``WAIT`` by itself), while ``WAIT``
counts only the writes made on *its* connection and before. So replicated commits on a
cluster go through plain connections to each primary, kept here, one pool per primary:

- the primary of a slot is the cluster client's (its slot map, refreshed by its own calls:
  the health check writes to every shard every second), unless a redirection since said
  otherwise: ``MOVED`` (the slot moved, or a replica was promoted) is followed and kept,
  ``ASK`` (the slot is migrating) is followed once, each command after an ``ASKING`` on
  the same connection;
- a primary that cannot be reached (killed, not yet replaced) raises the connection error:
  the store answers UNAVAILABLE and the client retries with the same request id, by
  which time the cluster has promoted a replica and the slot map says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.client import Pipeline
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import AskError, MovedError, RedisClusterException

from services.store.keys import replication_mark_key

REDIRECTIONS = 3
"""How many ``MOVED`` / ``ASK`` answers one call follows before it gives up (UNAVAILABLE)."""
MARK_CANDIDATES = 100_000
"""How many mark keys are tried to find one in the slots of a primary (a primary that owns
a single slot is found within this many on average 16,384: enough)."""

Address = tuple[str, int]


class ShardPrimaries:
    """Plain connections to each primary of a Redis Cluster, for the calls that need two
    commands on one connection (:meth:`on_slot_owner`, :meth:`on_every_primary`)."""

    def __init__(self, cluster: RedisCluster, *, max_connections: int) -> None:
        self.cluster = cluster
        self.max_connections = max_connections
        self._clients: dict[Address, aioredis.Redis] = {}
        self._moved: dict[int, Address] = {}
        """Slots a ``MOVED`` answer sent elsewhere than the cluster client's map says."""
        self._marks: dict[Address, str] = {}
        """A mark key (:func:`~.keys.replication_mark_key`) in a slot of each primary."""

    def client(self, address: Address) -> aioredis.Redis:
        """The pool of plain connections to the server at ``address``."""
        found = self._clients.get(address)
        if found is None:
            settings = self.cluster.get_connection_kwargs()
            found = aioredis.Redis(
                connection_pool=aioredis.BlockingConnectionPool(
                    host=address[0],
                    port=address[1],
                    username=settings.get("username"),
                    password=settings.get("password"),
                    max_connections=self.max_connections,
                    timeout=5,
                    socket_timeout=5,
                    socket_connect_timeout=2,
                )
            )
            self._clients[address] = found
        return found

    async def owner(self, slot: int) -> Address:
        """The primary of ``slot``: where a redirection last sent it, else the cluster
        client's slot map (learnt first if it has none yet)."""
        moved = self._moved.get(slot)
        if moved is not None:
            return moved
        await self.cluster.initialize()
        nodes = self.cluster.nodes_manager.slots_cache.get(slot)
        if not nodes:
            raise RedisClusterException(f"slot {slot} is not covered by the cluster")
        return nodes[0].host, int(nodes[0].port)

    async def on_slot_owner(self, key: str, commands: Callable[[Pipeline], None]) -> list[Any]:
        """Run ``commands`` (added to a pipeline) on one connection to the primary of
        ``key``'s slot and return their answers, an error reply as its exception (the
        caller looks at them). Follows ``MOVED`` and ``ASK``; a connection error raises
        and forgets the redirection the call followed."""
        slot = self.cluster.keyslot(key)
        address = await self.owner(slot)
        asking = False
        for _ in range(REDIRECTIONS + 1):
            pipe = self.client(address).pipeline(transaction=False)
            commands(pipe)
            if asking:  # ASKING lets the importing node serve the next command only
                queued = list(pipe.command_stack)
                pipe.command_stack.clear()
                for args, options in queued:
                    pipe.execute_command("ASKING")
                    pipe.execute_command(*args, **options)
            try:
                answers: list[Any] = await pipe.execute(raise_on_error=False)
            except BaseException:
                self._moved.pop(slot, None)
                raise
            if asking:
                answers = answers[1::2]
            redirected = next((a for a in answers if isinstance(a, AskError)), None)
            if redirected is None:
                return answers
            target = (redirected.host or address[0], int(redirected.port))
            asking = not isinstance(redirected, MovedError)
            if not asking:
                self._moved[slot] = target
            address = target
        raise RedisClusterException(f"slot {slot} redirected more than {REDIRECTIONS} times")

    async def on_every_primary(self, commands: Callable[[Pipeline], None]) -> list[list[Any]]:
        """Run ``commands`` on one connection to every primary at once, after a write of
        the mark key that lives on it (:meth:`mark_of`, ``SET`` first in each pipeline:
        its answer is dropped). Returns each primary's answers; an error reply raises."""
        await self.cluster.initialize()
        primaries = {(node.host, int(node.port)) for node in self.cluster.get_primaries()}

        async def on(address: Address) -> list[Any]:
            mark = self.mark_of(address)

            def marked(pipe: Pipeline) -> None:
                pipe.set(mark, "", px=60_000)
                commands(pipe)

            answers = await self.on_slot_owner(mark, marked)
            for reply in answers:
                if isinstance(reply, Exception):
                    raise reply
            return answers[1:]

        return list(await asyncio.gather(*(on(address) for address in sorted(primaries))))

    def mark_of(self, address: Address) -> str:
        """A mark key in a slot the primary at ``address`` owns now (found again when a
        slot moved: a mark whose slot another primary owns would confirm there)."""
        mark = self._marks.get(address)
        if mark is not None and self._owned_by(mark, address):
            return mark
        for index in range(MARK_CANDIDATES):
            candidate = replication_mark_key(f"r{index}")
            if self._owned_by(candidate, address):
                self._marks[address] = candidate
                return candidate
        raise RedisClusterException(f"no slot of the cluster is served by {address}")

    def _owned_by(self, key: str, address: Address) -> bool:
        slot = self.cluster.keyslot(key)
        moved = self._moved.get(slot)
        if moved is not None:
            return moved == address
        nodes = self.cluster.nodes_manager.slots_cache.get(slot)
        if not nodes:
            return False
        return (nodes[0].host, int(nodes[0].port)) == address

    async def disconnect(self) -> None:
        """Drop every pooled connection (the primaries went away and came back)."""
        for client in self._clients.values():
            await client.connection_pool.disconnect()

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.aclose()
        self._clients.clear()
