"""Two real server replicas (separate processes) over one real Redis, for the service tests."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy.local.cluster import Proc, start_replica


@pytest.fixture(scope="session")
def replica_log_dir() -> Path:
    """Where the replicas' JSON logs go (tests read them to prove no secret is logged)."""
    return Path(tempfile.mkdtemp(prefix="cercle-test-replicas-"))


@pytest.fixture(scope="session")
def replicas(redis_url: str, replica_log_dir: Path) -> Iterator[list[str]]:
    procs: list[Proc] = []
    try:
        for i in range(2):
            procs.append(
                start_replica(
                    redis_url,
                    replica_log_dir,
                    name=f"replica-{i + 1}",
                    env={"CERCLE_LOG_LEVEL": "DEBUG"},
                )
            )
        yield [f"127.0.0.1:{p.port}" for p in procs]
    finally:
        for proc in procs:
            proc.stop()
