"""A refused call as the Python client sees it (:class:`ApiError`), read from the gRPC status
and its ``google.rpc`` details (AIP-193: ``ErrorInfo``, ``BadRequest``, ``RetryInfo``,
``RequestInfo``, ``LocalizedMessage``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status


@dataclass
class ApiError(Exception):
    """A refused call, with the stable reason from ``google.rpc.ErrorInfo``."""

    code: grpc.StatusCode
    reason: str
    message: str
    field: str = ""
    retry_after: float | None = None
    """From ``google.rpc.RetryInfo``: when a retry makes sense."""
    metadata: dict[str, str] = dataclasses.field(default_factory=dict)
    """``ErrorInfo.metadata``: the refusal's dynamic values (limits, versions...)."""
    request_id: str = ""
    """``google.rpc.RequestInfo.request_id`` (the ``x-request-id`` header): quote it."""
    localized: str = ""
    """``google.rpc.LocalizedMessage``: the text to show a player (its language was asked
    with ``accept-language``)."""

    def __str__(self) -> str:
        return f"{self.message} ({self.reason})"


def api_error(exc: grpc.aio.AioRpcError) -> ApiError:
    """The :class:`ApiError` of a failed call: its status code and message, and what its
    ``google.rpc`` details say (reason, field, retry delay, request id, localized text)."""
    reason, field = exc.code().name, ""
    retry_after: float | None = None
    metadata: dict[str, str] = {}
    request_id, localized = "", ""
    try:
        status = rpc_status.from_call(exc)
    except Exception:
        status = None
    if status is not None:
        for detail in status.details:
            if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                info = error_details_pb2.ErrorInfo()
                detail.Unpack(info)
                reason = info.reason
                metadata = dict(info.metadata)
            elif detail.Is(error_details_pb2.RequestInfo.DESCRIPTOR):
                request = error_details_pb2.RequestInfo()
                detail.Unpack(request)
                request_id = request.request_id
            elif detail.Is(error_details_pb2.LocalizedMessage.DESCRIPTOR):
                text = error_details_pb2.LocalizedMessage()
                detail.Unpack(text)
                localized = text.message
            elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad = error_details_pb2.BadRequest()
                detail.Unpack(bad)
                if bad.field_violations:
                    field = bad.field_violations[0].field
            elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
                info_retry = error_details_pb2.RetryInfo()
                detail.Unpack(info_retry)
                retry_after = info_retry.retry_delay.ToMilliseconds() / 1000
    return ApiError(
        exc.code(), reason, exc.details() or "", field, retry_after, metadata, request_id, localized
    )
