"""Domain errors of the room layer, and what each maps to (AIP-193).

The room layer raises :class:`RoomError` (never a gRPC type); servicers answer it once,
through :func:`services.api.statuses.abort_with` (the one mapping to a gRPC status).
Every status carries a ``google.rpc.ErrorInfo`` whose ``reason`` is a stable code a
frontend can translate and whose ``metadata`` holds every dynamic value (versions,
limits, ``retry_after_ms``, the field at fault...), a ``RequestInfo`` with the request id
(the ``x-request-id`` header of the same response), a ``LocalizedMessage`` for the player
in the caller's language (``accept-language``; the catalogue
``i18n/locales/<language>/errors.ftl``), plus ``BadRequest`` (field violations),
``PreconditionFailure`` (stale version) or ``RetryInfo`` where they apply.
``Status.message`` is for developers (English). No text ever contains a secret.

The reasons are the contract's ``enum ErrorReason`` (protos/cercle/v1/errors.proto): a
``RoomError`` whose reason is not one of its values is a bug and cannot be built (the
servicer answers INTERNAL and logs it). One status code per reason, everywhere: the enum's
comments and docs/api.md's error table (generated from them) name it, and
``tests/services/test_error_table.py`` checks both against every reason the code can send.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import grpc
from cercle.v1 import errors_pb2

from engine.core import IllegalAction, StaleVersion
from engine.info import InvalidOptions

DOMAIN = "cercle.games"
"""ErrorInfo.domain of every refusal."""

REASON_PREFIX = "ERROR_REASON_"
REASONS = frozenset(
    name.removeprefix(REASON_PREFIX)
    for name, number in errors_pb2.ErrorReason.items()
    if number != errors_pb2.ERROR_REASON_UNSPECIFIED
)
"""Every ErrorInfo.reason the server may send: the contract's ErrorReason names, unprefixed."""


class Kind(enum.Enum):
    """The gRPC status a domain error maps to."""

    INVALID_ARGUMENT = grpc.StatusCode.INVALID_ARGUMENT
    NOT_FOUND = grpc.StatusCode.NOT_FOUND
    ALREADY_EXISTS = grpc.StatusCode.ALREADY_EXISTS
    PERMISSION_DENIED = grpc.StatusCode.PERMISSION_DENIED
    UNAUTHENTICATED = grpc.StatusCode.UNAUTHENTICATED
    FAILED_PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
    ABORTED = grpc.StatusCode.ABORTED
    OUT_OF_RANGE = grpc.StatusCode.OUT_OF_RANGE
    RESOURCE_EXHAUSTED = grpc.StatusCode.RESOURCE_EXHAUSTED
    UNAVAILABLE = grpc.StatusCode.UNAVAILABLE
    UNIMPLEMENTED = grpc.StatusCode.UNIMPLEMENTED
    INTERNAL = grpc.StatusCode.INTERNAL


@dataclass
class RoomError(Exception):
    """A request the room layer refuses. Nothing was changed."""

    kind: Kind
    reason: str
    message: str
    field: str | None = None
    """For INVALID_ARGUMENT: the request field at fault (BadRequest field violation)."""
    retry_after: float | None = None
    """For RESOURCE_EXHAUSTED / UNAVAILABLE: when a retry makes sense (RetryInfo)."""
    expected_version: int | None = None
    current_version: int | None = None
    metadata: dict[str, str] | None = None
    """Dynamic values of the refusal (ErrorInfo.metadata; the localized text's variables)."""

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"{self.reason} is not an ErrorReason of the contract (errors.proto)")

    def __str__(self) -> str:
        return f"{self.reason}: {self.message}"


def invalid(field: str, message: str, reason: str = "INVALID_ARGUMENT") -> RoomError:
    return RoomError(Kind.INVALID_ARGUMENT, reason, message, field=field)


def not_found(message: str, reason: str = "ROOM_NOT_FOUND") -> RoomError:
    return RoomError(Kind.NOT_FOUND, reason, message)


def denied(message: str, reason: str = "PERMISSION_DENIED") -> RoomError:
    return RoomError(Kind.PERMISSION_DENIED, reason, message)


def precondition(message: str, reason: str) -> RoomError:
    return RoomError(Kind.FAILED_PRECONDITION, reason, message)


RACES = frozenset({"STALE_VERSION", "TOO_LATE"})
"""Engine reasons of an action that lost a race: ABORTED (retry on the fresh state), from
whichever path they come."""


def from_illegal(exc: IllegalAction) -> RoomError:
    """An engine refusal as a room error (races become ABORTED); the engine's ``details``
    become ErrorInfo.metadata."""
    if isinstance(exc, StaleVersion) or exc.reason in RACES:
        return RoomError(
            Kind.ABORTED,
            exc.reason,
            exc.message,
            expected_version=getattr(exc, "expected", None),
            current_version=getattr(exc, "current", None),
        )
    details = dict(exc.details) or None
    if exc.reason == "UNKNOWN_ACTION":
        return RoomError(
            Kind.INVALID_ARGUMENT, exc.reason, exc.message, field="action", metadata=details
        )
    return RoomError(Kind.FAILED_PRECONDITION, exc.reason, exc.message, metadata=details)


def from_invalid_options(exc: InvalidOptions, game_id: str) -> RoomError:
    """An engine refusal of an option (or of the table size) on the request field it names:
    ``options.<game id>.<option>`` (the field of the game's options message) or ``players``."""
    field = "players" if exc.option == "players" else f"options.{game_id}.{exc.option}"
    return RoomError(Kind.INVALID_ARGUMENT, "INVALID_OPTION", exc.message, field=field)
