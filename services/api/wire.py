"""Responses serialized once and written as they are to many streams.

A server-streaming handler may yield ``bytes``: a response message serialized already, such
as one update shared by every subscriber of the same audience (a seat, or the spectators) on
this replica, so that a thousand streams of one audience cost one serialization rather than
a thousand. :class:`PreSerializedInterceptor` wraps each stream method's response serializer
so that bytes go out untouched and messages are serialized as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc


def passthrough(serialize: Callable[[Any], bytes]) -> Callable[[Any], bytes]:
    """``serialize``, except that bytes (a message serialized already) are sent as they are."""

    def serializer(message: Any) -> bytes:
        if isinstance(message, bytes):
            return message
        return serialize(message)

    return serializer


class PreSerializedInterceptor(grpc.aio.ServerInterceptor):
    """Lets ``cercle.v1`` server streams yield pre-serialized responses (bytes)."""

    async def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = await continuation(details)
        if (
            handler is None
            or handler.unary_stream is None
            or handler.response_serializer is None
            or not details.method.startswith("/cercle.v1.")
        ):
            return handler
        return handler._replace(response_serializer=passthrough(handler.response_serializer))
