"""When a commit counts as done: on the primary alone, or once a replica of it holds it.

Redis replicates asynchronously: a change the primary acknowledged but had not yet sent is
lost when a replica is promoted in its place. With replicated commits the store sends
``WAIT 1 <timeout>`` in the same pipeline as each room commit (one round trip) and tells the
client "done" only when a replica has the change; otherwise the commit raises
:class:`~services.store.errors.NotReplicated` (UNAVAILABLE with RetryInfo: the retry with the
same request id is applied once, and is itself confirmed before it is acknowledged).

Settings (read when a :class:`~services.store.Store` is made):

``CERCLE_COMMIT_DURABILITY``
    ``local`` (a single server: no WAIT), ``replicated`` (always WAIT), or ``auto``
    (default): local until the primary reports a connected replica (``INFO replication``,
    read when the store warms up and at every health check of the replica's store watch),
    replicated from then on for the life of the process: a primary that loses its replica
    keeps refusing to acknowledge unconfirmed changes rather than quietly dropping back to
    local.
``CERCLE_REPLICATION_TIMEOUT_MS``
    How long a commit waits for a replica's acknowledgement (default 500).

WAIT, not WAITAOF: WAIT confirms a replica received the change (what a promotion needs);
WAITAOF's replica count only counts replicas that fsync an append-only file, which the
primary cannot see the configuration of.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import NamedTuple

DEFAULT_REPLICATION_TIMEOUT_MS = 500
"""How long a commit waits for a replica by default: far above a healthy replica's lag on
one network (well under a millisecond), well under a player's patience."""


class Durability(enum.Enum):
    """``CERCLE_COMMIT_DURABILITY``: when a commit counts as done."""

    LOCAL = "local"
    REPLICATED = "replicated"
    AUTO = "auto"


class CommitDurability(NamedTuple):
    """The commit durability settings."""

    mode: Durability
    timeout_ms: int


def durability_from_env(env: Mapping[str, str]) -> CommitDurability:
    """The settings from ``CERCLE_COMMIT_DURABILITY`` and ``CERCLE_REPLICATION_TIMEOUT_MS``
    (a value that is not one of the choices is refused, not guessed).

    >>> durability_from_env({})
    CommitDurability(mode=<Durability.AUTO: 'auto'>, timeout_ms=500)
    >>> durability_from_env({"CERCLE_COMMIT_DURABILITY": "local"}).mode
    <Durability.LOCAL: 'local'>
    """
    raw = env.get("CERCLE_COMMIT_DURABILITY", "").strip().lower() or Durability.AUTO.value
    try:
        mode = Durability(raw)
    except ValueError:
        choices = ", ".join(d.value for d in Durability)
        raise ValueError(f"CERCLE_COMMIT_DURABILITY is one of {choices}, not {raw!r}") from None
    timeout_ms = int(env.get("CERCLE_REPLICATION_TIMEOUT_MS", "") or DEFAULT_REPLICATION_TIMEOUT_MS)
    if timeout_ms < 1:  # WAIT 0 would block forever
        raise ValueError("CERCLE_REPLICATION_TIMEOUT_MS is at least 1")
    return CommitDurability(mode, timeout_ms)


def commits_replicated(mode: Durability, connected_replicas: int | None, already: bool) -> bool:
    """Whether commits wait for a replica, given the primary's connected replicas (None:
    unknown, e.g. Redis unreachable) and whether they waited already.

    >>> commits_replicated(Durability.AUTO, 0, False), commits_replicated(Durability.AUTO, 1, False)
    (False, True)
    >>> commits_replicated(Durability.AUTO, 0, True)  # once replicated, always
    True
    """
    if mode is Durability.LOCAL:
        return False
    if mode is Durability.REPLICATED:
        return True
    return already or (connected_replicas is not None and connected_replicas >= 1)
