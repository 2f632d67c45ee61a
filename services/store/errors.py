"""What a Redis error means for Cercle: every one is a :class:`StoreUnavailable` of some
``kind``, which the servicers answer UNAVAILABLE with RetryInfo (never INTERNAL)."""

from __future__ import annotations

from redis.exceptions import (
    BusyLoadingError,
    ClusterDownError,
    MasterDownError,
    OutOfMemoryError,
    ReadOnlyError,
    RedisClusterException,
    RedisError,
    ResponseError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

WRITE_REFUSALS = frozenset(
    {"OOM", "READONLY", "MISCONF", "NOREPLICAS", "TRYAGAIN", "CLUSTERDOWN", "MASTERDOWN"}
)
"""Redis error codes that refuse a write for a while: a full Redis under ``noeviction``
(OOM), a replica after a failover (READONLY), a failed background save (MISCONF), too few
replicas for ``min-replicas-to-write`` (NOREPLICAS), a cluster resharding or failing over
(TRYAGAIN, CLUSTERDOWN, MASTERDOWN). The refused command did not run."""


class StoreUnavailable(Exception):
    """Redis cannot be reached, or refuses the call for a while; nothing was changed (or
    the change's fate is unknown and a retry with the same idempotency key is safe).

    ``kind`` says which: ``connection`` (unreachable, timed out, loading), a code of
    :data:`WRITE_REFUSALS`, or another Redis error code (``ERR``...)."""

    def __init__(self, message: str = "", kind: str = "connection") -> None:
        super().__init__(message)
        self.kind = kind

    @property
    def refusing_writes(self) -> bool:
        return self.kind in WRITE_REFUSALS


STORE_ERRORS: tuple[type[Exception], ...] = (StoreUnavailable, RedisError, OSError)
"""Everything a call to Redis may raise when Redis is away or refuses it: a
:class:`StoreUnavailable`, or what a connection of our own lets through (redis-py's errors
stay in here). A caller that can do without the answer catches these."""

NOT_REPLICATED = "NOTREPLICATED"
"""The kind of :class:`NotReplicated` (not a Redis error code: WAIT answered too few)."""


class NotReplicated(StoreUnavailable):
    """A commit the primary wrote but no replica confirmed within the replication timeout
    (``services.store.durability``): not acknowledged, since a failover now would lose it.
    The primary keeps it: a retry with the same idempotency key finds it, waits for a
    replica again and answers what it produced (applied once)."""

    def __init__(self, seq: int | None) -> None:
        what = f"the change at seq {seq}" if seq is not None else "the request's changes"
        super().__init__(f"no replica confirmed {what} in time", NOT_REPLICATED)
        self.seq = seq if seq is not None else 0


def error_kind(exc: BaseException) -> str:
    """What a Redis error means: ``connection`` (unreachable, timed out, still loading its
    data), a code of :data:`WRITE_REFUSALS`, or the error's own code (``ERR``, ``WRONGTYPE``)."""
    for error_class, code in _CODES:
        if isinstance(exc, error_class):
            return code
    if isinstance(exc, (RedisConnectionError, RedisTimeoutError, OSError, TimeoutError)):
        return "connection"
    if isinstance(exc, RuntimeError):  # a write on a transport the server closed
        return "connection"
    if isinstance(exc, ResponseError):
        # A pipeline's error names the command first: "Command # 1 (...) of pipeline
        # caused error: ('WRONGTYPE ...',)".
        text = str(exc).rpartition("caused error: ")[2].lstrip("('\"")
        code = getattr(exc, "status_code", None) or text.split(" ", 1)[0]
        return code if code.isupper() and code.isalpha() else "ERR"
    return "connection" if isinstance(exc, RedisClusterException) else "ERR"


_CODES: tuple[tuple[type[BaseException], str], ...] = (
    (OutOfMemoryError, "OOM"),
    (ReadOnlyError, "READONLY"),
    (MasterDownError, "MASTERDOWN"),
    (ClusterDownError, "CLUSTERDOWN"),
    (TryAgainError, "TRYAGAIN"),
    (BusyLoadingError, "connection"),
)
