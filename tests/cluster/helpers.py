"""Valkey Redis Cluster nodes for the cluster tests: started with ``cluster-enabled`` (each
with its own cluster bus port and ``nodes.conf``), joined with ``CLUSTER MEET``, given slot
ranges or made the replica of a primary, and waited on until the cluster says ``ok``.

Every loop here is bounded in time.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import redis

from deploy.local.cluster import Proc, free_port, start_redis

RANGES = [(0, 5460), (5461, 10922), (10923, 16383)]
"""The slots of each of the three primaries."""

BUS_PORTS: dict[int, int] = {}
"""Each node's cluster bus port, by its client port (kept across a restart on that port)."""


def cluster_node(data: Path, logs: Path, port: int = 0, *, node_timeout_ms: int = 2000) -> Proc:
    """A Valkey cluster node keeping its files (``nodes.conf``, AOF fsynced on every write)
    in ``data``; ``port`` 0 for a free one, or a killed node's port to restart it."""
    port = port or free_port()
    bus = BUS_PORTS.setdefault(port, free_port())
    return start_redis(
        data,
        logs,
        port,
        extra=[
            "--cluster-port",
            str(bus),
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            str(data / "nodes.conf"),
            "--cluster-node-timeout",
            str(node_timeout_ms),
            "--cluster-require-full-coverage",
            "no",
            "--appendfsync",
            "always",
        ],
    )


def command(node: redis.Redis, *args: str | int | bytes) -> Any:
    """A raw command to one node (redis-py leaves ``execute_command`` unannotated)."""
    return node.execute_command(*args)  # type: ignore[no-untyped-call]


def node_id(port: int) -> str:
    return str(command(redis.Redis(port=port), "CLUSTER", "MYID").decode())


def meet(nodes: list[Proc]) -> None:
    """Join every node to the first one's cluster."""
    first = redis.Redis(port=nodes[0].port)
    for node in nodes[1:]:
        command(first, "CLUSTER", "MEET", "127.0.0.1", node.port, BUS_PORTS[node.port])


def wait_cluster_ok(port: int, timeout: float = 20.0) -> None:
    client = redis.Redis(port=port)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        info = command(client, "CLUSTER", "INFO").decode()
        if "cluster_state:ok" in info:
            return
        time.sleep(0.1)
    raise AssertionError("the cluster did not come up")


def owner(nodes: list[Proc], slot: int) -> Proc:
    """Which of the three primaries (in :data:`RANGES` order) was given ``slot``."""
    for node, (lo, hi) in zip(nodes, RANGES, strict=True):
        if lo <= slot <= hi:
            return node
    raise AssertionError(slot)
