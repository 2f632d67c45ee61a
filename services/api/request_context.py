"""The request's own context: its id and the caller's language (AIP-155, AIP-193).

:class:`RequestContextInterceptor` runs first on every ``cercle.v1`` call: it takes the
request id a proxy gave (``x-request-id``, as Envoy sets it; else draws one), returns it as
the ``x-request-id`` response header at once (so every response carries it, an error's
too), and keeps it and the caller's ``accept-language`` in context variables that log lines
and errors read (:mod:`services.errors` adds a ``RequestInfo`` detail with the id and a
``LocalizedMessage`` in that language).
"""

from __future__ import annotations

import contextvars
import re
import uuid
from typing import Any

import grpc

REQUEST_ID_HEADER = "x-request-id"

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
"""The current call's request id ('' outside a call)."""
accept_language: contextvars.ContextVar[str] = contextvars.ContextVar("accept_language", default="")
"""The caller's ``accept-language`` metadata ('' when not sent: English)."""

_SANE_ID = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")


def _metadata(metadata: Any, key: str) -> str:
    for name, value in metadata or ():
        if name == key and isinstance(value, str):
            return value
    return ""


def current_request_id() -> str:
    """The call's request id, drawn now if the call has none yet."""
    value = request_id.get()
    if not value:
        value = uuid.uuid4().hex[:16]
        request_id.set(value)
    return value


class RequestContextInterceptor(grpc.aio.ServerInterceptor):
    """Sets the request id and language of every ``cercle.v1`` call and sends the id back
    as the ``x-request-id`` header. Put it first."""

    async def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = await continuation(details)
        if handler is None or not details.method.startswith("/cercle.v1."):
            return handler
        metadata = details.invocation_metadata
        given = _metadata(metadata, REQUEST_ID_HEADER)
        language = _metadata(metadata, "accept-language")[:200]

        async def begin(context: grpc.aio.ServicerContext[Any, Any]) -> None:
            rid = given if _SANE_ID.match(given) else uuid.uuid4().hex[:16]
            request_id.set(rid)
            accept_language.set(language)
            await context.send_initial_metadata(((REQUEST_ID_HEADER, rid),))

        if handler.unary_unary is not None:
            inner_unary = handler.unary_unary

            async def unary(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
                await begin(context)
                return await inner_unary(request, context)

            return grpc.unary_unary_rpc_method_handler(
                unary,
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            inner_stream = handler.unary_stream

            async def stream(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
                await begin(context)
                async for item in inner_stream(request, context):
                    yield item

            return grpc.unary_stream_rpc_method_handler(
                stream,
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler
