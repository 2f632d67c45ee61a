"""Limits that hold however many replicas run, and who the client is.

- **Who**: :func:`client_address` is the peer's address, or, when the peer is a trusted
  proxy (``CERCLE_TRUSTED_PROXIES``, loopback by default: ``make run`` puts Envoy there),
  the nearest untrusted hop of ``X-Forwarded-For``. A client that reaches a replica directly
  cannot choose its address by sending the header.
- **How fast**: :class:`SharedLimiter` is a GCRA limiter kept in Redis
  (``store.RATE_SCRIPT``), so a session or an address gets its rate once, not once per
  replica. A replica takes a few requests at a time from Redis (its lease) and spends them
  locally: most requests make no extra round trip, and since a lease is taken from the
  shared bucket first, all replicas together never exceed it. A local bucket of the same
  rate answers a flood without asking Redis (it refuses only what the shared one would).
- **How many**: fixed-window quotas per session and per address (rooms created, failed
  join codes), counted in Redis too (see :mod:`services.rooms.facade`). A wrong-code lockout
  falls on the guessing sessions only, never on everyone behind a shared address
  (:func:`check_join_attempts`).

Every number comes from the environment when the replica starts (:meth:`Limits.from_env`).
"""

from __future__ import annotations

import contextvars
import functools
import ipaddress
import os
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from services.errors import Kind, RoomError
from services.store import STORE_ERRORS, Store, quota_key, rate_key

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

LEASE_SECONDS = 10.0
"""Requests a replica took from the shared bucket and did not spend are dropped after this.
Long enough that a player who acts every few seconds spends one lease over several moves
(a lease is a round trip to Redis); what a replica holds unspent is at most one batch per
key, already counted in the shared bucket."""
CACHE_SIZE = 50_000
ASKING_SECONDS = 1.0
"""A batch asked of Redis longer ago than this counts as lost (its request failed): the next
request of the key asks a batch again."""


def _env(environ: Mapping[str, str], name: str, default: float) -> float:
    return float(environ.get(name, default))


@dataclass(frozen=True)
class Limits:
    """Every per-client limit of a replica."""

    rate_per_second: float = 50.0
    """Requests per second per session (burst: twice that)."""
    anonymous_rate_per_second: float = 10.0
    """CreateSession / ListGames per second per client address (burst: four times)."""
    rooms_per_session_hour: int = 30
    rooms_per_address_hour: int = 300
    join_failures_per_session: int = 10
    """Wrong join codes per window after which that session joins no room by code."""
    join_failures_per_address: int = 300
    """Wrong join codes per window from one address (many people may share it: a carrier
    NAT, a school) after which its *guessing* sessions, those with a wrong code in the
    window, join no room by code; its other sessions still do (:func:`check_join_attempts`)."""
    join_failure_window: int = 600
    """Seconds: failed join-code lookups counted per window."""
    trusted_proxies: tuple[Network, ...] = (
        ipaddress.ip_network("127.0.0.0/8"),
        ipaddress.ip_network("::1/128"),
    )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Limits:
        env = os.environ if environ is None else environ
        default = cls()
        proxies = env.get("CERCLE_TRUSTED_PROXIES")
        return cls(
            rate_per_second=_env(env, "CERCLE_RATE_PER_SECOND", default.rate_per_second),
            anonymous_rate_per_second=_env(
                env, "CERCLE_ANONYMOUS_RATE_PER_SECOND", default.anonymous_rate_per_second
            ),
            rooms_per_session_hour=default.rooms_per_session_hour,
            rooms_per_address_hour=int(
                _env(env, "CERCLE_ROOMS_PER_ADDRESS_PER_HOUR", default.rooms_per_address_hour)
            ),
            join_failures_per_session=int(
                _env(env, "CERCLE_JOIN_FAILURES_PER_SESSION", default.join_failures_per_session)
            ),
            join_failures_per_address=int(
                _env(env, "CERCLE_JOIN_FAILURES_PER_ADDRESS", default.join_failures_per_address)
            ),
            join_failure_window=int(
                _env(env, "CERCLE_JOIN_FAILURE_WINDOW_SECONDS", default.join_failure_window)
            ),
            trusted_proxies=(
                default.trusted_proxies if proxies is None else parse_networks(proxies)
            ),
        )


def parse_networks(text: str) -> tuple[Network, ...]:
    """``"10.0.0.0/8, 192.168.1.7, ::1"`` as networks (an address alone is a /32 or /128;
    empty: none).

    >>> [str(n) for n in parse_networks("10.0.0.0/8, 192.168.1.7,::1")]
    ['10.0.0.0/8', '192.168.1.7/32', '::1/128']
    """
    return tuple(
        ipaddress.ip_network(part.strip(), strict=False) for part in text.split(",") if part.strip()
    )


def peer_host(peer: str) -> str:
    """The address in a gRPC peer string (``ipv4:1.2.3.4:5678``, ``ipv6:[::1]:5678``).

    >>> peer_host("ipv4:10.1.2.3:5000"), peer_host("ipv6:[::1]:443"), peer_host("unix:/s")
    ('10.1.2.3', '::1', 'unix:/s')
    """
    kind, _, rest = peer.partition(":")
    if kind == "ipv4":
        return rest.rsplit(":", 1)[0]
    if kind == "ipv6":
        return rest.rsplit(":", 1)[0].strip("[]")
    return peer


@functools.lru_cache(maxsize=8192)
def _ip(text: str) -> Address | None:
    """The address ``text`` names (None: not an address); remembered, as a replica sees
    the same few peers and proxies on every request."""
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped  # an IPv4 client of a dual-stack socket
    return address


def _trusted(address: Address | None, proxies: Iterable[Network]) -> bool:
    return address is not None and any(address in network for network in proxies)


def client_address(
    peer: str, metadata: Iterable[tuple[str, Any]] | None, proxies: Sequence[Network]
) -> str:
    """The client's address, as ``addr:<ip>``.

    The peer's own address, unless the peer is a trusted proxy: then ``X-Forwarded-For``
    read from the right (the hop the proxy appended) past every trusted proxy; a hop that is
    not an address stops the walk there.

    >>> lo = parse_networks("127.0.0.1")
    >>> client_address("ipv4:127.0.0.1:9", [("x-forwarded-for", "6.6.6.6, 1.2.3.4")], lo)
    'addr:1.2.3.4'
    >>> client_address("ipv4:5.5.5.5:9", [("x-forwarded-for", "1.2.3.4")], lo)
    'addr:5.5.5.5'
    """
    host = peer_host(peer)
    if _trusted(_ip(host), proxies):
        forwarded = [
            hop.strip()
            for key, value in metadata or ()
            if key == "x-forwarded-for" and isinstance(value, str)
            for hop in value.split(",")
        ]
        for hop in reversed(forwarded):
            address = _ip(hop)
            if address is None:
                break
            host = str(address)
            if not _trusted(address, proxies):
                break
    return "addr:" + host


class RateLimiter:
    """Token buckets per key, in this process only (bounded)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> float:
        """0 if the request may go ahead, else the seconds to wait."""
        now = time.monotonic()
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens - 1.0, now)
        self._buckets.move_to_end(key)
        while len(self._buckets) > CACHE_SIZE:
            self._buckets.popitem(last=False)
        return 0.0


class SharedLimiter:
    """``rate`` requests per second per key (``burst`` at once) for all replicas together."""

    def __init__(self, store: Store, kind: str, rate: float, burst: float) -> None:
        self.store = store
        self.kind = kind
        self.interval_us = max(1, round(1e6 / rate))
        self.burst = max(1, int(burst))
        self.batch = max(1, min(self.burst // 4, int(rate // 2)))
        """Requests taken from Redis at once (1 for slow limits: exact). Half a second's
        worth: 25 at the default 50 requests per second per session."""
        self.local = RateLimiter(rate, burst)
        self._leases: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._asking: OrderedDict[str, float] = OrderedDict()
        """Keys whose batch is being taken from Redis now (since when, monotonic): the
        requests that come meanwhile take one request each, not a batch each (a session's
        first burst would otherwise reserve the whole bucket in batches, mostly for
        other replicas, and be refused far below its rate)."""

    async def take(self, key: str) -> float:
        """0 if the request may go ahead, else the seconds to wait (RetryInfo)."""
        wait, deferred = self.take_locally(key)
        if deferred is None:
            return wait
        try:
            granted, wait = await self.store.limits.take_rate(*deferred.args)
        except STORE_ERRORS:
            # Redis is away or refuses writes (full): the request meets that itself; the
            # local bucket still holds.
            return 0.0
        return deferred.settle(granted, wait)

    def take_locally(self, key: str) -> tuple[float, DeferredTake | None]:
        """What this replica can answer alone: ``(wait, None)`` when the local bucket
        refuses (wait > 0) or a lease pays for the request (0); otherwise ``(0,
        take)``, where ``take`` names the batch to take from the shared bucket, with
        :meth:`DeferredTake.settle` on its answer, before the request goes ahead."""
        wait = self.local.take(key)
        if wait > 0:
            return wait, None
        if self._spend(key):
            return 0.0, None
        now = time.monotonic()
        asking = self._asking.get(key)
        if asking is not None and now - asking < ASKING_SECONDS:
            return 0.0, DeferredTake(self, key, 1)
        self._asking[key] = now
        while len(self._asking) > CACHE_SIZE:
            self._asking.popitem(last=False)
        return 0.0, DeferredTake(self, key, self.batch)

    def settle(self, key: str, granted: int, wait: float, wanted: int) -> float:
        """Record what the shared limiter granted a :class:`DeferredTake` of ``key`` that
        asked for ``wanted``: 0 if the request may go ahead, else the seconds to wait."""
        now = time.monotonic()
        if wanted == self.batch:
            self._asking.pop(key, None)
        left, expires = self._leases.pop(key, (0, 0.0))
        self._leases[key] = ((left if expires >= now else 0) + granted, now + LEASE_SECONDS)
        while len(self._leases) > CACHE_SIZE:
            self._leases.popitem(last=False)
        if self._spend(key):  # ours, or what a concurrent request of the key just took
            return 0.0
        return max(wait, 0.001)

    def _spend(self, key: str) -> bool:
        left, expires = self._leases.get(key, (0, 0.0))
        if left <= 0 or expires < time.monotonic():
            return False
        self._leases[key] = (left - 1, expires)
        return True


@dataclass(frozen=True, slots=True)
class DeferredTake:
    """A batch a request must take from a shared limiter before it goes ahead. The Act
    path sends it in the pipeline that loads the room (no round trip of its own, see
    :data:`deferred_take`); elsewhere :meth:`SharedLimiter.take` sends it alone."""

    limiter: SharedLimiter
    key: str
    wanted: int = 1
    """Requests to take: a batch, or 1 while another request of the key takes a batch."""

    @property
    def args(self) -> tuple[str, int, int, int]:
        """``LimitStore.take_rate``'s arguments: limiter key, interval, burst, requests wanted."""
        limiter = self.limiter
        return rate_key(limiter.kind, self.key), limiter.interval_us, limiter.burst, self.wanted

    def settle(self, granted: int, wait: float) -> float:
        """Record what the shared limiter granted: 0 if the request may go ahead, else the
        seconds to wait."""
        return self.limiter.settle(self.key, granted, wait, self.wanted)


SESSION_RATE_MESSAGE = "too many requests: slow down"


def rate_limited(message: str, wait: float) -> RoomError:
    """RESOURCE_EXHAUSTED / RATE_LIMITED, with RetryInfo ``wait`` seconds."""
    return RoomError(Kind.RESOURCE_EXHAUSTED, "RATE_LIMITED", message, retry_after=wait)


deferred_take: contextvars.ContextVar[DeferredTake | None] = contextvars.ContextVar(
    "deferred_take", default=None
)
"""Set by the rate-limit interceptor on a method that takes its rate with its own first
round trip (``Act``: ``services.rooms.facade``); None when the request is paid for already."""


def _join_counters(limits: Limits, player_id: str, address: str) -> list[tuple[str, int]]:
    counters = [(quota_key("join-failures", player_id), limits.join_failures_per_session)]
    if address:
        counters.append(
            (quota_key("join-failures-from", address), limits.join_failures_per_address)
        )
    return counters


async def check_join_attempts(store: Store, limits: Limits, player_id: str, address: str) -> None:
    """Refuse the *guessing* sessions every join by code for the rest of the window
    (RESOURCE_EXHAUSTED / TOO_MANY_JOIN_ATTEMPTS), so that join codes cannot be guessed at
    any speed while the people who share a guesser's address still join:

    - a session with ``join_failures_per_session`` wrong codes in the window is refused;
    - once its address has ``join_failures_per_address`` wrong codes (a guesser cycling
      sessions), every session of that address with a wrong code in the window is refused
      too, from its next try on; a session that has guessed nothing still joins by code.
    """
    counters = _join_counters(limits, player_id, address)
    counts = await store.limits.read_quota([key for key, _ in counters])
    (session_count, session_left), *by_address = counts
    refused: tuple[int, float, str] | None = None
    if session_count >= limits.join_failures_per_session:
        refused = (limits.join_failures_per_session, session_left, "session")
    elif by_address and session_count > 0:
        address_count, address_left = by_address[0]
        if address_count >= limits.join_failures_per_address:
            refused = (limits.join_failures_per_address, address_left, "address")
    if refused is not None:
        limit, left, scope = refused
        raise RoomError(
            Kind.RESOURCE_EXHAUSTED,
            "TOO_MANY_JOIN_ATTEMPTS",
            "too many wrong join codes: wait before you try another one",
            retry_after=max(1.0, left),
            metadata={"limit": str(limit), "scope": scope},
        )


async def count_join_failure(store: Store, limits: Limits, player_id: str, address: str) -> None:
    """Count a join code that opened nothing, for the session and for the address."""
    keys = [key for key, _ in _join_counters(limits, player_id, address)]
    await store.limits.count_quota(keys, limits.join_failure_window)
