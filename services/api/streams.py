"""Budgets of the server streams (Subscribe, WatchRoom, WatchClock) and how they end.

- **Open streams.** A session may hold ``MAX_STREAMS_PER_SESSION`` open streams and a client
  address ``MAX_STREAMS_PER_ADDRESS``, counted across every replica: each open stream holds
  a lease in Redis under its session and its address (:meth:`LimitStore.take_stream_lease`),
  which its replica renews every ``RENEW_SECONDS`` while the stream is open and drops when
  it ends. The leases of a replica that dies lapse after ``LEASE_SECONDS``. Over a budget
  the stream is refused RESOURCE_EXHAUSTED / ``TOO_MANY_STREAMS`` before any work.
- **Slow readers.** A stream whose client reads slower than its room changes is ended by
  the feed once ``services.rooms.feed.QUEUE_LIMIT`` updates wait for it (its queue is dropped at
  once): RESOURCE_EXHAUSTED / ``STREAM_TOO_SLOW`` with RetryInfo; the client subscribes
  again with ``resume_cursor`` = the last cursor it got and misses nothing.
- **Leaving.** A stream ends FAILED_PRECONDITION / ``LEFT_ROOM`` at the log entry of its
  viewer's own ``LeaveRoom``, on whichever replica the stream is served.
- **Cursors.** A cursor past the room's log is OUT_OF_RANGE / ``CURSOR_AHEAD``
  (:mod:`services.rooms.cursors`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import uuid
from collections.abc import AsyncIterator, Iterable
from typing import Any

import grpc
import structlog

from engine.codec import decode_event, kinds
from services import metrics
from services.api.auth import current_address, current_player
from services.api.statuses import abort_with
from services.errors import Kind, RoomError
from services.rooms.events import Left, SpectatorLeft
from services.rooms.records import EntryKind, LogEntry
from services.store import Store, StoreUnavailable, player_streams_scope
from services.supervise import tracked

log = structlog.get_logger("cercle.streams")

MAX_STREAMS_PER_SESSION = int(os.environ.get("CERCLE_STREAMS_PER_SESSION", "16"))
"""Open streams one session may hold, across all replicas."""
MAX_STREAMS_PER_ADDRESS = int(os.environ.get("CERCLE_STREAMS_PER_ADDRESS", "256"))
"""Open streams one client address may hold, across all replicas (behind Envoy: the last
X-Forwarded-For hop, as for the anonymous rate limit)."""
LEASE_SECONDS = 60.0
"""How long a stream's lease lives without renewal (a dead replica's streams count this long)."""
RENEW_SECONDS = 20.0
"""How often a replica renews the leases of its open streams (one round trip for all)."""
TOO_SLOW_RETRY_SECONDS = 0.25


def too_many_streams(scope: str, limit: int) -> RoomError:
    who = "this session" if scope.startswith("player:") else "your network address"
    return RoomError(
        Kind.RESOURCE_EXHAUSTED,
        "TOO_MANY_STREAMS",
        f"{who} already has {limit} open update streams: close one before opening another",
        metadata={"limit": str(limit), "scope": "session" if who == "this session" else "address"},
    )


def too_slow() -> RoomError:
    return RoomError(
        Kind.RESOURCE_EXHAUSTED,
        "STREAM_TOO_SLOW",
        "updates were waiting faster than this stream read them: subscribe again with "
        "resume_cursor = the cursor of the last update you received (you miss nothing)",
        retry_after=TOO_SLOW_RETRY_SECONDS,
    )


def left_room() -> RoomError:
    return RoomError(
        Kind.FAILED_PRECONDITION,
        "LEFT_ROOM",
        "you left this room: join it again to follow it",
    )


LEAVES = kinds((Left, SpectatorLeft))
"""The lobby changes of a member leaving the room, by kind."""


def leaves(entry: LogEntry, player_id: str, since_seq: int) -> bool:
    """True if ``entry`` is ``player_id`` leaving the room after ``since_seq`` (the seq at
    which their stream found them a member)."""
    if entry.seq <= since_seq or entry.kind is not EntryKind.LOBBY:
        return False
    for data in entry.events:  # each event as the codec stores it: [kind, audience, ...]
        if data and data[0] in LEAVES:
            event = decode_event(LEAVES, data)
            if isinstance(event, Left | SpectatorLeft) and event.player_id == player_id:
                return True
    return False


class StreamLeases:
    """This replica's open-stream leases: taken, renewed in one batch, dropped."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.held: dict[str, tuple[str, ...]] = {}
        """lease id -> the scopes it is held in."""
        self._ids = itertools.count()
        self._prefix = uuid.uuid4().hex[:12]
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False
        """Set on shutdown: leases still held then are left to lapse."""

    async def take(self, player_id: str, address: str) -> str:
        """A lease for one more stream, or :class:`RoomError` TOO_MANY_STREAMS."""
        lease_id = f"{self._prefix}:{next(self._ids)}"
        limits = {
            player_streams_scope(player_id): MAX_STREAMS_PER_SESSION,
            address: MAX_STREAMS_PER_ADDRESS,
        }
        full = await self.store.limits.take_stream_lease(lease_id, limits, LEASE_SECONDS)
        if full is not None:
            raise too_many_streams(full[0], limits[full[0]])
        self.held[lease_id] = tuple(limits)
        return lease_id

    def drop(self, lease_id: str) -> None:
        """Release a lease in the background (the stream's task may be cancelled)."""
        scopes = self.held.pop(lease_id, None)
        if scopes is None or self.closed:
            return
        tracked("stream_lease_drop", asyncio.create_task(self._drop(lease_id, scopes)), self._tasks)

    async def _drop(self, lease_id: str, scopes: Iterable[str]) -> None:
        try:
            await self.store.limits.drop_stream_lease(lease_id, list(scopes))
        except StoreUnavailable as exc:  # the lease lapses by itself
            log.warning("stream_lease_not_dropped", error=str(exc))

    async def renew(self) -> None:
        by_scope: dict[str, list[str]] = {}
        for lease_id, scopes in list(self.held.items()):
            for scope in scopes:
                by_scope.setdefault(scope, []).append(lease_id)
        await self.store.limits.renew_stream_leases(by_scope, LEASE_SECONDS)

    async def run(self) -> None:
        """Renew the leases of the open streams until cancelled."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                await self.renew()
            except StoreUnavailable as exc:
                log.warning("stream_leases_not_renewed", error=str(exc))

    async def close(self) -> None:
        """On shutdown, before the store closes: wait for the releases under way; the
        leases of streams that end later lapse by themselves."""
        self.closed = True
        with contextlib.suppress(Exception):
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


class StreamLimitInterceptor(grpc.aio.ServerInterceptor):
    """Holds a lease for every open ``cercle.v1`` server stream. Runs after
    :class:`services.api.auth.AuthenticationInterceptor`, which has identified the caller."""

    def __init__(self, leases: StreamLeases) -> None:
        self.leases = leases

    async def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = await continuation(details)
        if (
            handler is None
            or handler.unary_stream is None
            or not details.method.startswith("/cercle.v1.")
        ):
            return handler
        inner = handler.unary_stream
        leases = self.leases

        async def stream(
            request: Any, context: grpc.aio.ServicerContext[Any, Any]
        ) -> AsyncIterator[Any]:
            player = current_player.get()
            if player is None:  # refused by the auth interceptor already
                async for item in inner(request, context):
                    yield item
                return
            try:
                lease_id = await leases.take(player.player_id, current_address.get())
            except (RoomError, StoreUnavailable) as exc:
                error = (
                    exc
                    if isinstance(exc, RoomError)
                    else RoomError(
                        Kind.UNAVAILABLE,
                        "STORE_UNAVAILABLE",
                        "the server cannot reach its store; retry",
                        retry_after=1.0,
                    )
                )
                log.info("stream_refused", reason=error.reason)
                metrics.ACTIONS_REJECTED.labels(error.reason).inc()
                await abort_with(context, error)
            try:
                async for item in inner(request, context):
                    yield item
            finally:
                leases.drop(lease_id)

        return grpc.unary_stream_rpc_method_handler(
            stream,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )
