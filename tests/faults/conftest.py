"""Fixtures of the fault tests.

``fault_replicas``: two real replica processes over the session's Redis, for the tests that
break nothing (concurrency, authorization, limits). The tests that kill or restart things
start their own Redis, replicas and Envoy.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy.local.cluster import Proc, start_replica


@pytest.fixture(scope="session")
def fault_replicas(redis_url: str) -> Iterator[list[str]]:
    work = Path(tempfile.mkdtemp(prefix="cercle-fault-replicas-"))
    procs: list[Proc] = []
    try:
        for i in range(2):
            procs.append(start_replica(redis_url, work, name=f"fault-replica-{i + 1}"))
        yield [f"127.0.0.1:{p.port}" for p in procs]
    finally:
        for proc in procs:
            proc.stop()
