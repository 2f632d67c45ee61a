"""The cross-cutting concerns of every call, one interceptor each, in the order gRPC's
examples chain them (the first listed is the outermost):

1. :class:`MalformedRequestInterceptor`: a request that is not a valid protobuf message is
   answered INVALID_ARGUMENT instead of gRPC's UNKNOWN;
2. :class:`LogContextInterceptor`: the request id (set by
   :class:`services.api.request_context.RequestContextInterceptor`, which runs before these), the
   method and the caller's address in context variables (``structlog`` log lines carry them);
3. :class:`AuthenticationInterceptor`: the access token in ``authorization: Bearer``
   metadata -> the calling player (:data:`current_player`); public methods need none;
   requests without a valid token are limited per client address; a server stream ends
   UNAUTHENTICATED when its session is logged out, on any replica;
4. :class:`RateLimitInterceptor`: requests per second per session (per client address for
   the public methods), shared by every replica (services.rate_limits).

:func:`identity_interceptors` builds the four. A token's player is cached in process
(:class:`services.api.sessions.SessionCache`): at most ``TRUST_SECONDS`` while the replica hears
logouts on its pub/sub connection (they drop it at once), ``CACHE_SECONDS`` otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Awaitable, Callable
from typing import Any, NoReturn, TypeAlias

import grpc
import structlog
from google.protobuf.message import DecodeError

from services.api.request_context import current_request_id
from services.api.sessions import SessionCache
from services.api.statuses import abort_with
from services.errors import Kind, RoomError
from services.rate_limits import (
    SESSION_RATE_MESSAGE,
    Limits,
    SharedLimiter,
    client_address,
    deferred_take,
    rate_limited,
)
from services.rooms.feed import Feeds
from services.rooms.records import Player
from services.store import (
    Store,
    StoreUnavailable,
    token_digest,
    token_family,
)
from services.supervise import tracked
from services.text import clean_text

current_player: contextvars.ContextVar[Player | None] = contextvars.ContextVar(
    "current_player", default=None
)

PUBLIC_METHODS = frozenset(
    {
        "/cercle.v1.LobbyService/CreateSession",
        "/cercle.v1.LobbyService/AuthenticateDevice",
        "/cercle.v1.LobbyService/RefreshSession",
        "/cercle.v1.LobbyService/ListGames",
        "/cercle.v1.LobbyService/GetGameCatalogue",
    }
)


LIMITS = Limits.from_env()
RATE_PER_SECOND = LIMITS.rate_per_second
RATE_BURST = 2 * RATE_PER_SECOND
"""Requests per second per session, for all replicas together (services.rate_limits); over it:
RESOURCE_EXHAUSTED with RetryInfo."""

current_address: contextvars.ContextVar[str] = contextvars.ContextVar("current_address", default="")
"""The caller's address (``addr:<ip>``, see :func:`services.rate_limits.client_address`)."""


class Malformed:
    """What a request that is not a valid protobuf message decodes to: the handler answers
    INVALID_ARGUMENT instead of gRPC's UNKNOWN."""


def _tolerant(deserializer: Any) -> Any:
    def decode(data: bytes) -> Any:
        try:
            return deserializer(data)
        except DecodeError:
            return Malformed()

    return decode


MALFORMED = RoomError(
    Kind.INVALID_ARGUMENT,
    "MALFORMED_REQUEST",
    "the request is not a valid message",
    field="request",
)


def bearer_token(metadata: Any) -> str | None:
    for key, value in metadata or ():
        if key == "authorization" and isinstance(value, str) and value.startswith("Bearer "):
            return value[len("Bearer ") :].strip() or None
    return None


def require_player() -> Player:
    player = current_player.get()
    if player is None:  # the interceptor guarantees it on protected methods
        raise RoomError(Kind.UNAUTHENTICATED, "UNAUTHENTICATED", "open a session first")
    return player


Before: TypeAlias = "Callable[[Any, grpc.aio.ServicerContext[Any, Any]], Awaitable[None]]"
"""What an interceptor runs before the handler (it aborts the call to refuse it)."""


def run_before(handler: Any, before: Before, *, deserializer: Any = None) -> Any:
    """``handler`` with ``before`` run first, for unary and server-streaming methods (the
    only kinds Cercle has); ``deserializer`` replaces the request's decoder."""
    decode = deserializer or handler.request_deserializer
    if handler.unary_unary is not None:
        inner_unary = handler.unary_unary

        async def unary(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            await before(request, context)
            return await inner_unary(request, context)

        return grpc.unary_unary_rpc_method_handler(
            unary, request_deserializer=decode, response_serializer=handler.response_serializer
        )
    if handler.unary_stream is not None:
        inner_stream = handler.unary_stream

        async def stream(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            await before(request, context)
            async for item in inner_stream(request, context):
                yield item

        return grpc.unary_stream_rpc_method_handler(
            stream, request_deserializer=decode, response_serializer=handler.response_serializer
        )
    return handler


def _ours(handler: Any, details: Any) -> bool:
    return handler is not None and str(details.method).startswith("/cercle.v1.")


class MalformedRequestInterceptor(grpc.aio.ServerInterceptor):
    """A request that does not decode gets INVALID_ARGUMENT / MALFORMED_REQUEST."""

    async def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = await continuation(details)
        if not _ours(handler, details):
            return handler

        async def refuse_malformed(
            request: Any, context: grpc.aio.ServicerContext[Any, Any]
        ) -> None:
            if isinstance(request, Malformed):
                await abort_with(context, MALFORMED)

        tolerant = _tolerant(handler.request_deserializer)
        return run_before(handler, refuse_malformed, deserializer=tolerant)


class LogContextInterceptor(grpc.aio.ServerInterceptor):
    """The request id, the method and the caller's address, for log lines and limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits

    async def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = await continuation(details)
        if not _ours(handler, details):
            return handler
        method, metadata = details.method, details.invocation_metadata
        proxies = self.limits.trusted_proxies

        async def bind(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> None:
            structlog.contextvars.clear_contextvars()
            structlog.contextvars.bind_contextvars(request_id=current_request_id(), method=method)
            current_player.set(None)
            current_address.set(client_address(str(context.peer() or ""), metadata, proxies))

        return run_before(handler, bind)


LOGGED_OUT = RoomError(
    Kind.UNAUTHENTICATED,
    "UNAUTHENTICATED",
    "this session was logged out: log in again to follow the table",
)
"""How a server stream ends when its session is logged out or revoked, on any replica."""

BAD_TOKEN_MESSAGE = (
    "too many requests with an unknown, expired or logged-out session token from this "
    "address: refresh the session (RefreshSession) or open a new one, then retry"
)


class AuthenticationInterceptor(grpc.aio.ServerInterceptor):
    """The access token -> :data:`current_player` (public methods need no token).

    A request without a valid token is refused UNAUTHENTICATED, and counted against its
    client address (``CERCLE_ANONYMOUS_RATE_PER_SECOND``, burst four times): past that it is
    refused RESOURCE_EXHAUSTED / RATE_LIMITED with RetryInfo, so made-up tokens cannot be
    tried at any speed; requests with a valid token are not counted there. A server stream
    ends UNAUTHENTICATED (:data:`LOGGED_OUT`) as soon as its session family is announced
    ended (a logout or a revoked family, on any replica: :meth:`SessionCache.watch`)."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.cache = SessionCache(store)
        rate = (limits or LIMITS).anonymous_rate_per_second
        self.bad_tokens = SharedLimiter(store, "bad-token", rate, 4 * rate)
        self._endings: set[asyncio.Task[None]] = set()

    async def _refuse_unauthenticated(
        self, context: grpc.aio.ServicerContext[Any, Any], error: RoomError
    ) -> NoReturn:
        wait = await self.bad_tokens.take(current_address.get())
        if wait > 0:
            await abort_with(context, rate_limited(BAD_TOKEN_MESSAGE, wait))
        await abort_with(context, error)

    def _end_stream(
        self, context: grpc.aio.ServicerContext[Any, Any], task: asyncio.Task[Any] | None
    ) -> None:
        async def end() -> None:
            with contextlib.suppress(Exception):  # AbortError; or the stream ended already
                await abort_with(context, LOGGED_OUT)
            if task is not None:
                task.cancel()  # the status is sent: stop the stream's work

        tracked("stream_logged_out", asyncio.create_task(end()), self._endings)

    async def resolve(self, token: str) -> Player | None:
        digest = token_digest(token)
        player = self.cache.get(digest)
        if player is None:
            began, changes = self.cache.clock(), self.cache.changes
            found = await self.store.players.session(token)
            if found is None:
                return None
            # Names are cleaned when they are set; a profile older than that is too.
            player = Player(found.player_id, clean_text(found.display_name))
            self.cache.put(digest, player, began, found.expires_in, changes)
        return player

    async def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = await continuation(details)
        if not _ours(handler, details) or details.method in PUBLIC_METHODS:
            return handler
        token = bearer_token(details.invocation_metadata)

        async def authenticate(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> None:
            if token is None:
                await self._refuse_unauthenticated(
                    context,
                    RoomError(
                        Kind.UNAUTHENTICATED,
                        "UNAUTHENTICATED",
                        "send your session token as 'authorization: Bearer <token>'",
                    ),
                )
            try:
                player = await self.resolve(token)
            except StoreUnavailable:
                await abort_with(
                    context,
                    RoomError(
                        Kind.UNAVAILABLE,
                        "STORE_UNAVAILABLE",
                        "the server cannot reach its store; retry",
                        retry_after=1.0,
                    ),
                )
            if player is None:
                await self._refuse_unauthenticated(
                    context,
                    RoomError(
                        Kind.UNAUTHENTICATED,
                        "UNAUTHENTICATED",
                        "this session is unknown, has expired or was logged out: "
                        "refresh it (RefreshSession) or open a new one",
                    ),
                )
            current_player.set(player)
            structlog.contextvars.bind_contextvars(player=player.player_id)

        family = None if token is None else token_family(token)
        if handler.unary_stream is None or family is None:
            return run_before(handler, authenticate)
        inner = handler.unary_stream

        async def stream(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            # Watched before the token is resolved: a logout announced after the read that
            # found the session is heard (one announced before it, the read does not find).
            task = asyncio.current_task()
            unwatch = self.cache.watch(family, lambda: self._end_stream(context, task))
            try:
                await authenticate(request, context)
                async for item in inner(request, context):
                    yield item
            finally:
                unwatch()

        return grpc.unary_stream_rpc_method_handler(
            stream,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )


RATE_WITH_FIRST_ROUND_TRIP = frozenset({"/cercle.v1.GameService/Act"})
"""Methods whose session rate, when this replica holds no lease for it, is taken in the
same pipeline as the method's first read (:data:`services.rate_limits.deferred_take`): the
commonest call costs no round trip of its own for its rate."""


class RateLimitInterceptor(grpc.aio.ServerInterceptor):
    """Requests per second per session, or per client address on the public methods."""

    def __init__(self, store: Store, limits: Limits) -> None:
        rate, anonymous = limits.rate_per_second, limits.anonymous_rate_per_second
        self.limiter = SharedLimiter(store, "session", rate, 2 * rate)
        self.anonymous = SharedLimiter(store, "address", anonymous, 4 * anonymous)

    async def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = await continuation(details)
        if not _ours(handler, details):
            return handler
        public = details.method in PUBLIC_METHODS

        rides_along = details.method in RATE_WITH_FIRST_ROUND_TRIP

        async def limit(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> None:
            deferred_take.set(None)
            if public:  # no session yet: limited per client address instead
                wait = await self.anonymous.take(current_address.get())
                message = "too many requests from this address: slow down"
            else:
                player = current_player.get()
                if player is None:
                    return  # only behind AuthenticationInterceptor, which set it
                message = SESSION_RATE_MESSAGE
                if rides_along:
                    wait, deferred = self.limiter.take_locally(player.player_id)
                    deferred_take.set(deferred)
                else:
                    wait = await self.limiter.take(player.player_id)
            if wait > 0:
                await abort_with(context, rate_limited(message, wait))

        return run_before(handler, limit)


def identity_interceptors(
    store: Store, limits: Limits | None = None, *, feeds: Feeds | None = None
) -> list[grpc.aio.ServerInterceptor]:
    """The four interceptors in their order (outermost first). With ``feeds``, the
    replica's pub/sub connection tells the session cache of logouts (:class:`SessionCache`);
    without, a resolved token is trusted for ``services.api.sessions.CACHE_SECONDS`` only."""
    limits = limits or Limits.from_env()
    authentication = AuthenticationInterceptor(store, limits)
    if feeds is not None:
        feeds.add_listener(authentication.cache)
    return [
        MalformedRequestInterceptor(),
        LogContextInterceptor(limits),
        authentication,
        RateLimitInterceptor(store, limits),
    ]
