"""Decorators that turn room-layer exceptions into gRPC statuses, once for all servicers."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import grpc
import structlog

from services import errors, metrics
from services.api.auth import current_player
from services.api.statuses import abort_with
from services.api.streams import too_slow
from services.errors import Kind, RoomError
from services.games.convert import ConversionError
from services.rooms.feed import StreamTooSlow
from services.store import NotReplicated, StoreUnavailable

log = structlog.get_logger("cercle.rpc")
T = TypeVar("T")


INTERNAL = RoomError(
    Kind.INTERNAL, "INTERNAL", "something went wrong on the server; the room is unchanged"
)
"""What a client sees of a bug: no exception text (it could hold a secret), a request id in
the server's logs."""


def _as_room_error(exc: Exception) -> RoomError:
    if isinstance(exc, RoomError):
        return exc
    if isinstance(exc, StoreUnavailable):
        return store_unavailable(exc)
    if isinstance(exc, StreamTooSlow):
        return too_slow()
    if isinstance(exc, ConversionError):
        return errors.invalid(exc.field, exc.message, "MALFORMED_ACTION")
    log.exception("rpc_failed", error_type=type(exc).__name__)
    return INTERNAL


def store_unavailable(exc: StoreUnavailable) -> RoomError:
    """UNAVAILABLE with RetryInfo, whatever Redis said: unreachable, or refusing writes for a
    while (full, read-only after a failover, failed save, cluster failover), or no replica
    of it confirmed the change in time (``services.store.durability``)."""
    if isinstance(exc, NotReplicated):
        message = (
            "the server's store could not confirm the change on a second copy in time, so it "
            "is not acknowledged: retry with the same idempotency key (it is applied once)"
        )
        retry_after = 1.0
    elif exc.refusing_writes:
        message = (
            "the server's store refuses changes right now (full, read-only or failing over); "
            "nothing was changed: retry with the same idempotency key"
        )
        retry_after = 2.0
    elif exc.kind == "connection":
        message = "the server cannot reach its store right now; retry with the same idempotency key"
        retry_after = 1.0
    else:  # an error Redis should not give: an operator must look (logged, no secret)
        log.error("store_error", store_error=exc.kind, error_type=type(exc).__name__)
        message = "the server's store refused the request; retry with the same idempotency key"
        retry_after = 2.0
    return RoomError(Kind.UNAVAILABLE, "STORE_UNAVAILABLE", message, retry_after=retry_after)


def guarded(
    method: Callable[[Any, Any, grpc.aio.ServicerContext[Any, Any]], Awaitable[T]],
) -> Callable[[Any, Any, grpc.aio.ServicerContext[Any, Any]], Awaitable[T]]:
    name = method.__name__
    calls, seconds = metrics.RPCS.labels(name), metrics.RPC_SECONDS.labels(name)

    @functools.wraps(method)
    async def wrapper(self: Any, request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> T:
        calls.inc()
        try:
            with seconds.time():
                return await method(self, request, context)
        except grpc.aio.AbortError:
            raise
        except Exception as exc:
            error = _as_room_error(exc)
            log.info("rpc_refused", reason=error.reason, status=error.kind.name, **_why(exc))
            metrics.ACTIONS_REJECTED.labels(error.reason).inc()
            await abort_with(context, error)

    return wrapper


def _why(exc: Exception) -> dict[str, str]:
    """What a refusal's log line adds: the store's error kind (OOM, READONLY...)."""
    return {"store_error": exc.kind} if isinstance(exc, StoreUnavailable) else {}


def guarded_stream(
    method: Callable[[Any, Any, grpc.aio.ServicerContext[Any, Any]], AsyncIterator[T]],
) -> Callable[[Any, Any, grpc.aio.ServicerContext[Any, Any]], AsyncIterator[T]]:
    calls = metrics.RPCS.labels(method.__name__)

    @functools.wraps(method)
    async def wrapper(
        self: Any, request: Any, context: grpc.aio.ServicerContext[Any, Any]
    ) -> AsyncIterator[T]:
        calls.inc()
        metrics.ACTIVE_STREAMS.inc()
        try:
            async for item in method(self, request, context):
                yield item
        except grpc.aio.AbortError:
            raise
        except Exception as exc:
            error = _as_room_error(exc)
            log.info("rpc_refused", reason=error.reason, status=error.kind.name, **_why(exc))
            metrics.ACTIONS_REJECTED.labels(error.reason).inc()
            await abort_with(context, error)
        finally:
            metrics.ACTIVE_STREAMS.dec()

    return wrapper


def holds_presence(
    method: Callable[[Any, Any, grpc.aio.ServicerContext[Any, Any]], AsyncIterator[T]],
) -> Callable[[Any, Any, grpc.aio.ServicerContext[Any, Any]], AsyncIterator[T]]:
    """While the stream is open, its player counts as at the table of ``request.room_id``
    (``services.rooms.presence``: a table none of whose humans is there pauses). For servicers
    with a ``rooms`` attribute; put it under :func:`guarded_stream`."""

    @functools.wraps(method)
    async def wrapper(
        self: Any, request: Any, context: grpc.aio.ServicerContext[Any, Any]
    ) -> AsyncIterator[T]:
        player = current_player.get()
        if player is None or not request.room_id:
            async for item in method(self, request, context):
                yield item
            return
        async with self.rooms.presence.hold(request.room_id, player.player_id):
            async for item in method(self, request, context):
                yield item

    return wrapper
