"""Connections are bounded at the edge and at the replicas, and ``make run`` keeps to this
machine (N11): real Envoy and real replica processes, raw TCP sockets that never say a word.

- a replica holds at most ``CERCLE_MAX_CONNECTIONS`` connections (past it a new one is
  closed at once) and closes a connection that has not finished its HTTP/2 handshake after
  ``HANDSHAKE_TIMEOUT_MS``; then it serves real clients again;
- a replica enforces keepalive: a client that pings every second is sent GOAWAY (too many
  pings), one that pings every 6 s keeps its idle stream (the SDK pings every 15 s);
- ``make run``'s Envoy listens on 127.0.0.1 (``CERCLE_LISTEN_ADDRESS`` to open it), holds
  at most ``CERCLE_EDGE_MAX_CONNECTIONS`` connections and closes a silent one after its
  idle timeout (30 s), well before the 40 s the probe held them.
"""

from __future__ import annotations

import asyncio
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import yaml
from grpc_health.v1 import health_pb2, health_pb2_grpc

from clients.sdk import Client
from deploy.local import cluster
from services.server import HANDSHAKE_TIMEOUT_MS


def _silent(port: int, count: int, host: str = "127.0.0.1") -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.create_connection((host, port), timeout=5)
        sock.setblocking(False)
        sockets.append(sock)
    return sockets


def _closed(sock: socket.socket) -> bool:
    """True once the peer closed the connection (whatever it said before)."""
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:  # reset
        return True


def _wait_closed(sockets: list[socket.socket], seconds: float) -> list[bool]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = [_closed(s) for s in sockets]
        if all(state):
            return state
        time.sleep(0.2)
    return [_closed(s) for s in sockets]


@pytest.fixture
def work() -> Iterator[Path]:
    yield Path(tempfile.mkdtemp(prefix="cercle-n11-"))


def test_n11_a_replica_caps_connections_and_drops_silent_ones(redis_url: str, work: Path) -> None:
    proc = cluster.start_replica(
        redis_url, work, name="capped-replica", env={"CERCLE_MAX_CONNECTIONS": "4"}
    )
    sockets: list[socket.socket] = []
    try:
        time.sleep(0.5)  # the start-up probe's connection is gone
        sockets = _silent(proc.port, 7)
        time.sleep(1.0)
        early = [_closed(s) for s in sockets]
        assert early[:4] == [False] * 4, early  # held while their handshake may still come
        assert early[4:] == [True] * 3, early  # past the cap: closed at once
        late = _wait_closed(sockets[:4], HANDSHAKE_TIMEOUT_MS / 1000 + 5)
        assert late == [True] * 4, "a silent connection outlived the handshake timeout"

        async def served() -> None:
            client = Client(f"127.0.0.1:{proc.port}")
            try:
                await client.login("After the silence")
            finally:
                await client.close()

        asyncio.run(served())
    finally:
        for sock in sockets:
            sock.close()
        proc.stop()


async def _idle_stream(port: int, ping_ms: int, seconds: float) -> str:
    """Hold a health Watch stream (one answer, then silence) on a channel that pings every
    ``ping_ms``: how it ended within ``seconds`` ("alive" if it did not)."""
    options = [
        ("grpc.keepalive_time_ms", ping_ms),
        ("grpc.keepalive_timeout_ms", 5_000),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.max_pings_without_data", 0),
    ]
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=options) as channel:
        call = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest())
        await call.read()
        try:
            await asyncio.wait_for(call.read(), seconds)
        except TimeoutError:
            return "alive"
        except grpc.aio.AioRpcError as exc:
            return f"{exc.code().name}: {exc.details()}"
        finally:
            call.cancel()
        return "ended"


def test_n11_a_replica_sends_goaway_to_a_client_that_pings_too_often(
    redis_url: str, work: Path
) -> None:
    proc = cluster.start_replica(redis_url, work, name="keepalive-replica")
    try:

        async def both() -> tuple[str, str]:
            fast, polite = await asyncio.gather(
                _idle_stream(proc.port, 1_000, 20), _idle_stream(proc.port, 6_000, 20)
            )
            return fast, polite

        fast, polite = asyncio.run(both())
        assert "Too many pings" in fast, fast
        assert polite == "alive", polite
    finally:
        proc.stop()


def test_n11_make_runs_envoy_listens_on_loopback_and_bounds_connections(
    redis_url: str, work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CERCLE_LISTEN_ADDRESS", raising=False)
    monkeypatch.setenv("CERCLE_EDGE_MAX_CONNECTIONS", "4")
    assert "address: 0.0.0.0" in cluster.render_envoy_config(
        1, 2, [3], address=cluster.listen_address("0.0.0.0")
    )
    with cluster.cluster(1, redis_url=redis_url, work_dir=work, web=False) as running:
        assert running.envoy is not None
        port = running.envoy.port
        config = yaml.safe_load((work / "logs" / f"envoy-{port}.yaml").read_text())
        (listener,) = config["static_resources"]["listeners"]
        assert listener["address"]["socket_address"]["address"] == "127.0.0.1"
        outside = _outside_address()
        if outside is not None:  # this machine's other address does not reach it
            with pytest.raises(OSError):
                socket.create_connection((outside, port), timeout=2).close()
        time.sleep(0.5)  # the start-up probe's connection is gone
        started = time.monotonic()
        sockets = _silent(port, 6)
        try:
            time.sleep(1.0)
            early = [_closed(s) for s in sockets]
            # At most 4 are held (which ones depends on the order Envoy's workers accept).
            assert early.count(False) <= 4 and early.count(True) >= 2, early
            held = [s for s, closed in zip(sockets, early, strict=True) if not closed]
            late = _wait_closed(held, 38 - (time.monotonic() - started))
            assert late == [True] * len(held), "a silent connection was held 38 s"
        finally:
            for sock in sockets:
                sock.close()


def _outside_address() -> str | None:
    """One of this machine's non-loopback IPv4 addresses, if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.255", 9))  # no packet is sent: it picks a route
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") else address
