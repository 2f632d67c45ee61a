"""The Cercle server process: LobbyService, GameService (and the timer loop) on one port.

Stateless: every room lives in Redis, so any number of replicas can serve the same rooms and
any of them may be killed. ``cercle-server --port 50051 --redis-url redis://...``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import signal
import socket
from collections.abc import Awaitable, Coroutine
from dataclasses import dataclass
from typing import Any

import grpc
import structlog
from cercle.v1 import (
    game_pb2,
    game_pb2_grpc,
    inbox_pb2,
    inbox_pb2_grpc,
    ladder_pb2,
    ladder_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    timer_pb2,
    timer_pb2_grpc,
)
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from engine import registry
from services import logs, metrics, supervise
from services.api.auth import identity_interceptors
from services.api.game_service import GameService
from services.api.inbox_service import InboxService
from services.api.ladder_service import LadderService
from services.api.lobby_service import LobbyService
from services.api.request_context import RequestContextInterceptor
from services.api.retries import Retries
from services.api.streams import StreamLeases, StreamLimitInterceptor
from services.api.timer_service import TimerService
from services.api.wire import PreSerializedInterceptor
from services.clock import Clock, wall_clock
from services.ladder.matchmaking import Matchmaker
from services.ladder.ratings import ratings_of
from services.rooms.expiry import ExpiryLoop
from services.rooms.facade import Rooms
from services.rooms.feed import Feeds
from services.rooms.webhooks import WebhookConfig, Webhooks
from services.store import Store

log = structlog.get_logger("cercle.server")

SERVICE_NAMES = (
    lobby_pb2.DESCRIPTOR.services_by_name["LobbyService"].full_name,
    game_pb2.DESCRIPTOR.services_by_name["GameService"].full_name,
    timer_pb2.DESCRIPTOR.services_by_name["TimerService"].full_name,
    ladder_pb2.DESCRIPTOR.services_by_name["LadderService"].full_name,
    inbox_pb2.DESCRIPTOR.services_by_name["InboxService"].full_name,
)
MAX_MESSAGE_BYTES = 64 * 1024
"""Requests larger than this are refused by gRPC (RESOURCE_EXHAUSTED) before any work."""
MAX_PENDING_REQUESTS = 10_000
"""Calls grpc may hold before the event loop takes them (then twice that, hard)."""
MAX_CONNECTIONS = int(os.environ.get("CERCLE_MAX_CONNECTIONS", "4096"))
"""Connections a replica holds open at once; past it a new one is closed at once (each costs
a file descriptor and buffers). Behind Envoy a replica sees a few; direct clients are the
case this bounds."""
MAX_STREAMS_PER_CONNECTION = 1000
"""Calls open at once on one connection (HTTP/2 SETTINGS_MAX_CONCURRENT_STREAMS); Envoy
opens another connection past it. Sessions have their own, smaller, stream budgets."""
HANDSHAKE_TIMEOUT_MS = 10_000
"""A connection that has not completed its HTTP/2 handshake in this time is closed (a silent
TCP connection is not held)."""
MAX_CONNECTION_IDLE_MS = 120_000
"""A connection with no call open this long gets GOAWAY (a client reconnects on its next
call, without an error)."""
MAX_CONNECTION_AGE_MS = 6 * 3_600_000
MAX_CONNECTION_AGE_GRACE_MS = 30 * 60_000
"""A connection gets GOAWAY after six hours (gRPC adds +-10 % so they do not all go at
once); its calls have half an hour more, then a stream still open ends UNAVAILABLE and
resumes from its cursor (rare: a match is shorter; Envoy's connections are the ones it
reaches, and Envoy opens new ones for new calls at the GOAWAY)."""
YOUNG_GC_SECONDS = 0.1


@dataclass
class Replica:
    """A running server and what it owns, for tests and for main()."""

    server: grpc.aio.Server
    port: int
    store: Store
    feeds: Feeds
    rooms: Rooms
    health: health.aio.HealthServicer
    tasks: list[asyncio.Task[None]]
    expiry: ExpiryLoop
    leases: StreamLeases
    game: GameService
    """The game servicer (its stream cache is this replica's)."""

    async def stop(self, grace: float = 2.0) -> None:
        """Drain and stop. Each step is bounded: a dependency stuck mid-reconnect (a pub/sub
        connection, a pool waiting on Redis) must not keep a stopping replica alive."""
        for name in ("", *SERVICE_NAMES):
            await self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
        # ends every stream cleanly: clients resume elsewhere
        await _bounded("feeds", self.feeds.stop())
        await _bounded("server", self.server.stop(grace), grace + STOP_STEP_SECONDS)
        await _bounded("timers", self.expiry.stop())
        self.rooms.presence.close()
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await _bounded("task", task)
        await _bounded("leases", self.leases.close())
        await _bounded("store", self.store.close())


STOP_STEP_SECONDS = 5.0
"""The longest one step of a replica's stop may take before it is abandoned."""


async def _bounded(
    step: str, awaitable: Awaitable[object], seconds: float = STOP_STEP_SECONDS
) -> None:
    try:
        await asyncio.wait_for(awaitable, seconds)
    except TimeoutError:
        log.warning("stop_step_abandoned", step=step, seconds=seconds)


async def start_replica(
    redis_url: str,
    port: int = 0,
    host: str = "127.0.0.1",
    *,
    clock: Clock | None = None,
    timers: bool = True,
    unattended_grace: float | None = None,
) -> Replica:
    """Start one replica. ``clock`` replaces the wall clock (tests); ``timers=False`` runs
    no expiry loop (tests that drive it by hand); ``unattended_grace`` replaces
    ``CERCLE_UNATTENDED_GRACE_SECONDS`` (0: tables nobody attends are never paused)."""
    clock = clock or wall_clock  # the replica's one clock, handed to every part
    store = Store(redis_url)
    feeds = Feeds(store, clock)
    rooms = (
        Rooms(store, clock, warm=feeds.warm)
        if unattended_grace is None
        else Rooms(store, clock, unattended_grace=unattended_grace, warm=feeds.warm)
    )
    leases = StreamLeases(store)
    server = grpc.aio.server(
        # The request id first (every answer carries it, errors too), then identity: the
        # stream budgets count per session; last, streams may yield pre-serialized bytes.
        interceptors=[
            RequestContextInterceptor(),
            *identity_interceptors(store, feeds=feeds),
            StreamLimitInterceptor(leases),
            PreSerializedInterceptor(),
        ],
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.keepalive_time_ms", 20_000),
            ("grpc.keepalive_timeout_ms", 10_000),
            ("grpc.http2.max_pings_without_data", 0),
            ("grpc.keepalive_permit_without_calls", 1),
            # Clients may ping every 5 s on idle streams (the SDK pings every 15 s, Envoy
            # every 10 s give or take its jitter) without being told "too many pings"; a
            # client that pings faster is sent GOAWAY at its third.
            ("grpc.http2.min_ping_interval_without_data_ms", 5_000),
            ("grpc.http2.max_ping_strikes", 2),
            # Bounded connections: how many, how long a silent or idle one is held, how long
            # one lives, how many calls it carries.
            ("grpc.max_allowed_incoming_connections", MAX_CONNECTIONS),
            ("grpc.server_handshake_timeout_ms", HANDSHAKE_TIMEOUT_MS),
            ("grpc.max_connection_idle_ms", MAX_CONNECTION_IDLE_MS),
            ("grpc.max_connection_age_ms", MAX_CONNECTION_AGE_MS),
            ("grpc.max_connection_age_grace_ms", MAX_CONNECTION_AGE_GRACE_MS),
            ("grpc.max_concurrent_streams", MAX_STREAMS_PER_CONNECTION),
            # Calls received but not yet picked up by the event loop: past the soft limit
            # grpc cancels new ones at random, past the hard one all of them (defaults 1,000
            # and 3,000). A room of a thousand spectators reconnecting after a failover is
            # such a burst; cancelled calls come back as retries, so shedding them early
            # only adds work.
            ("grpc.server.max_pending_requests", MAX_PENDING_REQUESTS),
            ("grpc.server.max_pending_requests_hard_limit", 2 * MAX_PENDING_REQUESTS),
        ],
    )
    lobby_pb2_grpc.add_LobbyServiceServicer_to_server(LobbyService(rooms, feeds), server)
    game_service = GameService(rooms, feeds)
    game_pb2_grpc.add_GameServiceServicer_to_server(game_service, server)
    timer_pb2_grpc.add_TimerServiceServicer_to_server(TimerService(rooms, feeds), server)
    matchmaker = Matchmaker(rooms)
    ladder_pb2_grpc.add_LadderServiceServicer_to_server(LadderService(rooms, matchmaker), server)
    inbox_service = InboxService(rooms.inbox, rooms.invitations, Retries(store))
    inbox_pb2_grpc.add_InboxServiceServicer_to_server(inbox_service, server)
    feeds.add_listener(rooms.inbox)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    # "liveness": SERVING while the process answers; "" and each service: while Redis does.
    await health_servicer.set("liveness", health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection(
        (*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME), server
    )
    bound = server.add_insecure_port(f"{host}:{port}")
    await store.warm_up()
    _log_durability(store)
    await server.start()
    await feeds.start()
    expiry = ExpiryLoop(rooms)
    replica = Replica(
        server, bound, store, feeds, rooms, health_servicer, [], expiry, leases, game_service
    )
    replica.tasks.append(supervise.spawn("health", lambda: _watch_store(replica)))
    replica.tasks.append(supervise.spawn("stream-leases", leases.run))
    replica.tasks.append(supervise.spawn("gc", _collect_young))
    replica.tasks.append(supervise.spawn("loop-lag", metrics.watch_loop_lag))
    replica.tasks.append(supervise.spawn("presence", rooms.presence.run))
    if timers:
        replica.tasks.append(supervise.spawn("expiry", expiry.run))
        replica.tasks.append(supervise.spawn("ratings", ratings_of(store, rooms.clock).run))
        replica.tasks.append(supervise.spawn("matchmaker", matchmaker.run))
    webhook = WebhookConfig.from_env()
    if webhook is not None:  # every replica sends: the outbox's claims keep it at least once
        sender = Webhooks(store, webhook, rooms.clock)
        replica.tasks.append(supervise.spawn("webhooks", sender.run))
    return replica


async def _collect_young() -> None:
    """Collect the young generation every ``YOUNG_GC_SECONDS``. The collector counts
    allocations minus deallocations, so a replica in a steady state (each action frees about
    what it allocates) rarely reaches the threshold, while the objects that outlive an
    action pile up in the young generation: the collection that finally comes walks them
    all at once (60-90 ms with ~90,000 of them, seen in `make bench`). A short period keeps
    each walk small (~1 ms)."""
    while True:
        await asyncio.sleep(YOUNG_GC_SECONDS)
        # The older generations as the collector itself would (an explicit collection
        # counts for the next generation but never starts it).
        counts, thresholds = gc.get_count(), gc.get_threshold()
        generation = 2 if counts[2] >= thresholds[2] else 1 if counts[1] >= thresholds[1] else 0
        gc.collect(generation)


STORE_CHECK_SECONDS = 1.0


def _log_durability(store: Store) -> None:
    """Say when a commit counts as done (``services.store.durability``)."""
    log.info(
        "commit_durability",
        mode=store.replication.durability.mode.value,
        replicated=store.replication.replicated,
        replication_timeout_ms=store.replication.durability.timeout_ms,
    )


async def _watch_store(replica: Replica) -> None:
    """SERVING while Redis answers and accepts writes; NOT_SERVING while it is unreachable
    or refuses writes (full under ``noeviction``, a read-only replica after a failover, a
    failed save...), checked every ``STORE_CHECK_SECONDS`` and as soon as a call is refused.
    Each check also lets ``CERCLE_COMMIT_DURABILITY=auto`` see a replica the primary gained
    (``services.store.durability``)."""
    serving: bool | None = None
    reachable = True
    while True:
        problem = None if await replica.store.ping() else "connection"
        if problem is None and not reachable:
            # Redis is back: connections opened before it went away are dead; drop them
            # before saying SERVING, so no request picks one up.
            await replica.store.reset_connections()
            problem = None if await replica.store.ping() else "connection"
        reachable = problem is None
        if problem is None:
            problem = await replica.store.writable()
        # auto: commits wait for a replica once the primary has one
        refreshed = problem is None and not replica.store.replication.replicated
        if refreshed and await replica.store.replication.refresh_durability():
            _log_durability(replica.store)
        ok = problem is None
        if ok != serving:
            status = (
                health_pb2.HealthCheckResponse.SERVING
                if ok
                else health_pb2.HealthCheckResponse.NOT_SERVING
            )
            for name in ("", *SERVICE_NAMES):
                await replica.health.set(name, status)
            metrics.STORE_READY.set(1 if ok else 0)
            log.info("health", serving=ok, store_error=problem or "")
            serving = ok
        replica.store.core.refused.clear()
        if serving:  # a refused call looks again at once
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(replica.store.core.refused.wait(), STORE_CHECK_SECONDS)
        else:
            await asyncio.sleep(STORE_CHECK_SECONDS)


async def serve(redis_url: str, port: int, host: str) -> None:
    asyncio.get_running_loop().set_exception_handler(logs.loop_exception_handler)
    replica = await start_replica(redis_url, port, host)
    log.info("listening", port=replica.port, redis=redis_url.split("@")[-1])
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("draining")
    await replica.stop(grace=5.0)


def main() -> None:
    parser = argparse.ArgumentParser(description="Run one Cercle server replica.")
    parser.add_argument("--port", type=int, default=int(os.environ.get("CERCLE_PORT", "50051")))
    parser.add_argument("--host", default=os.environ.get("CERCLE_HOST", "127.0.0.1"))
    parser.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    )
    parser.add_argument("--replica", default=os.environ.get("CERCLE_REPLICA", socket.gethostname()))
    parser.add_argument("--log-level", default=os.environ.get("CERCLE_LOG_LEVEL", "INFO"))
    parser.add_argument(
        "--metrics-port",
        type=int,
        default=int(os.environ.get("CERCLE_METRICS_PORT", "0")),
        help="serve Prometheus metrics on this port (0: off)",
    )
    parser.add_argument(
        "--metrics-host",
        default=os.environ.get("CERCLE_METRICS_HOST", ""),
        help="address the metrics port binds (default: the --host address)",
    )
    args = parser.parse_args()
    logs.configure(args.log_level, args.replica)
    if args.metrics_port:
        metrics.serve(args.metrics_port, args.metrics_host or args.host)
    run(serve(args.redis_url, args.port, args.host))


def run(main: Coroutine[Any, Any, None]) -> None:
    """Run the server's event loop: uvloop (a libuv loop in C, a dependency on Linux and
    macOS) where it is installed, else asyncio's own.

    The garbage collector's young generation is collected less often (a server allocates
    many short-lived objects per request; full collections over a large heap of streams
    are what makes the latency tail), and what exists at start-up is frozen out of it."""
    registry.games()  # import every game now: not during a first request, and frozen below
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 1000)
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
    else:
        uvloop.run(main)


if __name__ == "__main__":
    main()
