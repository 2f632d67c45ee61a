"""Redis behind Sentinel: the store asks the sentinels which server is the primary, and asks
again when that one goes away or turns out to be a replica (a failover promoted another).

The URL (``REDIS_URL`` / ``--redis-url``, like the other forms, so every place that passes
a store URL passes this one too)::

    redis+sentinel://[:password@]host:port[,host:port...]/<master name>[/<db>]

``host:port`` are the sentinels (any number; asked in turn), ``<master name>`` the name they
monitor (``sentinel monitor <name> ...``), ``password`` the Redis servers' (the sentinels
are reached without one). How a failover reaches the store: redis-py's
:class:`~redis.asyncio.sentinel.SentinelConnectionPool` resolves the primary at every new
connection, and a connection that gets ``READONLY`` (a demoted primary) drops itself; the
store's health loop drops every pooled connection once Redis answers again
(``Store.reset_connections``), so the next calls open connections to the promoted primary.
"""

from __future__ import annotations

from typing import Any, NamedTuple
from urllib.parse import unquote

from redis.asyncio.connection import BlockingConnectionPool
from redis.asyncio.sentinel import SentinelConnectionPool

SENTINEL_SCHEME = "redis+sentinel://"


class SentinelSettings(NamedTuple):
    """Where the sentinels are and what they watch, from a ``redis+sentinel://`` URL."""

    sentinels: list[tuple[str, int]]
    master: str
    db: int
    password: str | None


def sentinel_settings(url: str) -> SentinelSettings:
    """The settings of a ``redis+sentinel://`` URL (a malformed one is refused, not guessed).

    >>> sentinel_settings("redis+sentinel://10.0.0.1:26379,10.0.0.2:26380/cercle")
    SentinelSettings(sentinels=[('10.0.0.1', 26379), ('10.0.0.2', 26380)], master='cercle', db=0, password=None)
    >>> sentinel_settings("redis+sentinel://:s%40cret@h:26379/cercle/2")[2:]
    (2, 's@cret')
    """  # noqa: E501
    if not url.startswith(SENTINEL_SCHEME):
        raise ValueError(f"a Sentinel URL starts with {SENTINEL_SCHEME}")
    rest = url[len(SENTINEL_SCHEME) :]
    netloc, _, path = rest.partition("/")
    password = None
    if "@" in netloc:
        credentials, _, netloc = netloc.rpartition("@")
        password = unquote(credentials.partition(":")[2]) or None
    sentinels: list[tuple[str, int]] = []
    for address in netloc.split(","):
        host, _, port = address.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"a sentinel is host:port, not {address!r}")
        sentinels.append((host, int(port)))
    master, _, db = path.strip("/").partition("/")
    if not master:
        raise ValueError("a Sentinel URL names the master: redis+sentinel://host:port/<name>")
    if db and not db.isdigit():
        raise ValueError(f"the database is a number, not {db!r}")
    return SentinelSettings(sentinels, master, int(db or 0), password)


class BlockingSentinelConnectionPool(SentinelConnectionPool, BlockingConnectionPool):
    """Sentinel's pool (connections to whichever server the sentinels name the primary)
    that, like the store's pool for one Redis, waits for a free connection instead of
    failing with "Too many connections" when every one is busy."""

    def __init__(self, service_name: str, sentinel_manager: Any, **kwargs: Any) -> None:
        super().__init__(service_name, sentinel_manager, **kwargs)  # type: ignore[no-untyped-call]
