"""The one mapping of a :class:`~services.errors.RoomError` to a gRPC status (AIP-193):
the rich ``google.rpc.Status`` (:func:`to_status`) whose details say what
:mod:`services.errors` describes, and :func:`abort_with`, which every servicer and
interceptor calls to answer a refusal."""

from __future__ import annotations

from typing import Any, NoReturn

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.protobuf.message import Message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

import i18n
from services.api.request_context import accept_language, current_request_id
from services.errors import DOMAIN, RoomError


def to_status(error: RoomError) -> status_pb2.Status:
    """The rich ``google.rpc.Status`` for an error."""
    details: list[any_pb2.Any] = []

    def pack(message: Message) -> None:
        packed = any_pb2.Any()
        packed.Pack(message)
        details.append(packed)

    metadata = error_metadata(error)
    pack(error_details_pb2.ErrorInfo(reason=error.reason, domain=DOMAIN, metadata=metadata))
    pack(error_details_pb2.RequestInfo(request_id=current_request_id()))
    pack(localized(error, metadata))
    if error.field is not None:
        pack(
            error_details_pb2.BadRequest(
                field_violations=[
                    error_details_pb2.BadRequest.FieldViolation(
                        field=error.field, description=error.message
                    )
                ]
            )
        )
    if error.expected_version is not None:
        pack(
            error_details_pb2.PreconditionFailure(
                violations=[
                    error_details_pb2.PreconditionFailure.Violation(
                        type="STALE_VERSION",
                        subject="version",
                        description=(
                            f"expected version {error.expected_version}, "
                            f"current version {error.current_version}"
                        ),
                    )
                ]
            )
        )
    if error.retry_after is not None:
        delay = duration_pb2.Duration()
        delay.FromMilliseconds(max(1, round(error.retry_after * 1000)))
        pack(error_details_pb2.RetryInfo(retry_delay=delay))
    return status_pb2.Status(
        code=getattr(code_pb2, error.kind.name),
        message=error.message,
        details=details,
    )


def error_metadata(error: RoomError) -> dict[str, str]:
    """Every dynamic value of the refusal, as ErrorInfo.metadata (strings, AIP-193)."""
    metadata = dict(error.metadata or {})
    if error.field is not None:
        metadata["field"] = error.field
    if error.expected_version is not None:
        metadata["expected_version"] = str(error.expected_version)
    if error.current_version is not None:
        metadata["current_version"] = str(error.current_version)
    if error.retry_after is not None:
        metadata["retry_after_ms"] = str(max(1, round(error.retry_after * 1000)))
    return metadata


def localized(error: RoomError, metadata: dict[str, str]) -> error_details_pb2.LocalizedMessage:
    """The player's text for the refusal, in the caller's language: the catalogue's
    ``error-<REASON>`` (its variables from the metadata), else the one of its status code
    (an engine reason the catalogue does not word)."""
    tr = i18n.catalogue(accept_language.get() or i18n.DEFAULT_LANGUAGE)
    message_id = f"error-{error.reason}"
    if not tr.has(message_id):
        message_id = f"error-code-{error.kind.name}"
    text = tr(message_id, **metadata)
    return error_details_pb2.LocalizedMessage(locale=tr.language, message=text)


async def abort_with(context: grpc.aio.ServicerContext[Any, Any], error: RoomError) -> NoReturn:
    await context.abort_with_status(rpc_status.to_status(to_status(error)))
    raise AssertionError("unreachable")  # abort raises
