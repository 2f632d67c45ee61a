"""Identity: the session token in ``authorization: Bearer`` metadata -> the calling player.

An interceptor resolves the token once per call (with a small in-process cache, since a
token's player never changes) and puts the player and a request id in context variables
that servicers and log lines read. Public methods (CreateSession, ListGames, health,
reflection) need no token.
"""

from __future__ import annotations

import contextvars
import time
from collections import OrderedDict
from typing import Any

import grpc
import structlog
from google.protobuf.message import DecodeError

from services.errors import Kind, RoomError, abort_with
from services.limits import Limits, SharedLimiter, client_address
from services.request_context import current_request_id
from services.rooms import Player
from services.store import Store, StoreUnavailable
from services.text import clean_text

current_player: contextvars.ContextVar[Player | None] = contextvars.ContextVar(
    "current_player", default=None
)

PUBLIC_METHODS = frozenset(
    {
        "/cercle.v1.LobbyService/CreateSession",
        "/cercle.v1.LobbyService/ListGames",
        "/cercle.v1.LobbyService/GetGameCatalogue",
    }
)
CACHE_SECONDS = 60.0
CACHE_SIZE = 50_000


LIMITS = Limits.from_env()
RATE_PER_SECOND = LIMITS.rate_per_second
RATE_BURST = 2 * RATE_PER_SECOND
"""Requests per second per session, for all replicas together (services.limits); over it:
RESOURCE_EXHAUSTED with RetryInfo."""
ANONYMOUS_RATE_PER_SECOND = LIMITS.anonymous_rate_per_second
"""CreateSession and ListGames per second per client address (burst: four times)."""

current_address: contextvars.ContextVar[str] = contextvars.ContextVar("current_address", default="")
"""The caller's address (``addr:<ip>``, see :func:`services.limits.client_address`)."""


class SessionCache:
    """token -> player, for CACHE_SECONDS (a revoked session is refused within a minute)."""

    def __init__(self) -> None:
        self._entries: OrderedDict[str, tuple[float, Player]] = OrderedDict()

    def get(self, token: str) -> Player | None:
        hit = self._entries.get(token)
        if hit is None or hit[0] < time.monotonic():
            return None
        return hit[1]

    def put(self, token: str, player: Player) -> None:
        self._entries[token] = (time.monotonic() + CACHE_SECONDS, player)
        self._entries.move_to_end(token)
        while len(self._entries) > CACHE_SIZE:
            self._entries.popitem(last=False)


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


class AuthInterceptor(grpc.aio.ServerInterceptor):
    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.cache = SessionCache()
        self.limits = limits or Limits.from_env()
        rate, anonymous = self.limits.rate_per_second, self.limits.anonymous_rate_per_second
        self.limiter = SharedLimiter(store, "session", rate, 2 * rate)
        self.anonymous = SharedLimiter(store, "address", anonymous, 4 * anonymous)

    async def resolve(self, token: str) -> Player | None:
        player = self.cache.get(token)
        if player is None:
            found = await self.store.session(token)
            if found is None:
                return None
            player_id, name = found
            # Names are cleaned when a session is made; a session older than that is too.
            player = Player(player_id, clean_text(name))
            self.cache.put(token, player)
        return player

    async def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = await continuation(details)
        method = details.method
        if handler is None or not method.startswith("/cercle.v1."):
            return handler
        metadata = details.invocation_metadata
        token = bearer_token(metadata)
        interceptor = self

        async def identify(context: grpc.aio.ServicerContext) -> None:
            request_id = current_request_id()  # services.request_context set it
            structlog.contextvars.clear_contextvars()
            structlog.contextvars.bind_contextvars(request_id=request_id, method=method)
            current_player.set(None)
            address = client_address(
                str(context.peer() or ""), metadata, interceptor.limits.trusted_proxies
            )
            current_address.set(address)
            if method in PUBLIC_METHODS:
                # No session yet: sessions are limited per client address instead.
                wait = await interceptor.anonymous.take(address)
                if wait > 0:
                    await abort_with(
                        context,
                        RoomError(
                            Kind.RESOURCE_EXHAUSTED,
                            "RATE_LIMITED",
                            "too many requests from this address: slow down",
                            retry_after=wait,
                        ),
                    )
                return
            if token is None:
                await abort_with(
                    context,
                    RoomError(
                        Kind.UNAUTHENTICATED,
                        "UNAUTHENTICATED",
                        "send your session token as 'authorization: Bearer <token>'",
                    ),
                )
            try:
                player = await interceptor.resolve(token)
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
                await abort_with(
                    context,
                    RoomError(
                        Kind.UNAUTHENTICATED,
                        "UNAUTHENTICATED",
                        "this session is unknown or has expired",
                    ),
                )
            wait = await interceptor.limiter.take(player.player_id)
            if wait > 0:
                await abort_with(
                    context,
                    RoomError(
                        Kind.RESOURCE_EXHAUSTED,
                        "RATE_LIMITED",
                        "too many requests: slow down",
                        retry_after=wait,
                    ),
                )
            current_player.set(player)
            structlog.contextvars.bind_contextvars(player=player.player_id)

        if handler.unary_unary is not None:
            inner_unary = handler.unary_unary

            async def unary(request: Any, context: grpc.aio.ServicerContext) -> Any:
                if isinstance(request, Malformed):
                    await abort_with(context, MALFORMED)
                await identify(context)
                return await inner_unary(request, context)

            return grpc.unary_unary_rpc_method_handler(
                unary,
                request_deserializer=_tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            inner_stream = handler.unary_stream

            async def stream(request: Any, context: grpc.aio.ServicerContext) -> Any:
                if isinstance(request, Malformed):
                    await abort_with(context, MALFORMED)
                await identify(context)
                async for item in inner_stream(request, context):
                    yield item

            return grpc.unary_stream_rpc_method_handler(
                stream,
                request_deserializer=_tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        return handler
