"""A replica's pub/sub connection, as the feeds (``services.rooms.feed``) use it: redis-py's
``PubSub`` stays behind this wrapper, and :data:`CONNECTION_ERRORS` says what a lost
connection raises."""

from __future__ import annotations

from typing import Any

from redis.asyncio.client import PubSub
from redis.exceptions import RedisError

CONNECTION_ERRORS: tuple[type[Exception], ...] = (RedisError, OSError)
"""What a call on a connection of our own (pub/sub, a probe) raises when Redis is away: the
caller rebuilds the connection."""


class Channels:
    """One pub/sub connection (:meth:`services.store.client.Store.pubsub`)."""

    def __init__(self, pubsub: PubSub) -> None:
        self._pubsub = pubsub

    @property
    def connected(self) -> bool:
        connection = self._pubsub.connection
        return connection is not None and bool(connection.is_connected)

    async def subscribe(self, *channels: str) -> None:
        """Subscribe (connecting first if needed): only the connection's one reader calls
        this, since redis-py's retry reconnects, and so reads, from the caller."""
        await self._pubsub.subscribe(*channels)

    async def send(self, command: str, channel: str) -> None:
        """Write SUBSCRIBE or UNSUBSCRIBE on the live connection, without reading it (a
        write beside the reader's read is safe). The channel is recorded as redis-py would,
        so a reconnection inside the reader's read subscribes it again."""
        connection = self._pubsub.connection
        assert connection is not None
        raw = channel.encode()
        if command == "SUBSCRIBE":
            self._pubsub.channels[raw] = None
        else:
            self._pubsub.channels.pop(raw, None)
        await connection.send_command(command, raw, check_health=False)

    async def next_message(self, timeout: float) -> tuple[str, bytes] | None:
        """The next message published on a subscribed channel (channel, data), or None
        after ``timeout`` seconds or on any other kind of message."""
        message: dict[str, Any] | None = await self._pubsub.get_message(timeout=timeout)
        if message is None or message.get("type") != "message":
            return None
        return message["channel"].decode(), message["data"]

    async def close(self) -> None:
        await self._pubsub.aclose()
