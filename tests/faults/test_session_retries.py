"""RefreshSession while the store refuses writes (finding N1): a refusal says "nothing was
changed: retry", and it is true. A refresh whose answer was lost is answered again with the
same pair even while Valkey refuses writes (that answer writes nothing), and a refresh
refused while Valkey is full spends nothing: the same refresh token works once writes are
accepted again, however long after (past the retry grace too).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest
import redis.asyncio as aioredis
from cercle.v1 import lobby_pb2

from clients.api_error import ApiError, api_error
from clients.sdk import Client
from deploy.local.cluster import Proc, start_redis
from services.server import Replica, start_replica
from services.store import players as store_players
from tests.faults.helpers import wait_health


@pytest.fixture
async def full_able(tmp_path: Path) -> AsyncIterator[tuple[Proc, Replica]]:
    redis = start_redis(tmp_path / "redis", tmp_path, appendonly=False)
    replica = await start_replica(f"redis://127.0.0.1:{redis.port}/0", timers=False)
    try:
        yield redis, replica
    finally:
        await replica.stop(grace=0.1)
        redis.stop()


async def _refresh(client: Client, token: str) -> lobby_pb2.RefreshSessionResponse:
    try:
        response = await client.lobby.RefreshSession(
            lobby_pb2.RefreshSessionRequest(refresh_token=token), timeout=10.0
        )
    except grpc.aio.AioRpcError as exc:
        raise api_error(exc) from None
    assert isinstance(response, lobby_pb2.RefreshSessionResponse)
    return response


async def _full(admin: aioredis.Redis, address: str) -> None:
    await admin.config_set("maxmemory-policy", "noeviction")
    await admin.config_set("maxmemory", 1)  # every write: OOM
    await wait_health([address], "NOT_SERVING", 10)


async def _writable(admin: aioredis.Redis, address: str) -> None:
    await admin.config_set("maxmemory", 0)
    await wait_health([address], "SERVING", 15)


@pytest.mark.timeout(60)
async def test_n1_a_lost_refresh_answer_is_given_again_while_the_store_refuses_writes(
    full_able: tuple[Proc, Replica], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_players, "REFRESH_GRACE_SECONDS", 5.0, raising=False)
    redis, replica = full_able
    address = f"127.0.0.1:{replica.port}"
    admin = aioredis.from_url(f"redis://127.0.0.1:{redis.port}/0")
    client = Client(address)
    try:
        await wait_health([address], "SERVING", 10)
        await client.login("Phone")
        spent = client.refresh_token
        lost = await _refresh(client, spent)  # its answer never reaches the phone
        await _full(admin, address)
        again = await _refresh(client, spent)  # nothing to write: answered while full
        assert (again.session_token, again.refresh_token) == (
            lost.session_token,
            lost.refresh_token,
        )
        await _writable(admin, address)
        client.token, client.refresh_token = again.session_token, again.refresh_token
        await client.rooms()
    finally:
        await client.close()
        await admin.aclose()


@pytest.mark.timeout(60)
async def test_n1_a_refresh_refused_while_the_store_refuses_writes_spends_nothing(
    full_able: tuple[Proc, Replica], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_players, "REFRESH_GRACE_SECONDS", 0.5, raising=False)
    redis, replica = full_able
    address = f"127.0.0.1:{replica.port}"
    admin = aioredis.from_url(f"redis://127.0.0.1:{redis.port}/0")
    client = Client(address)
    try:
        await wait_health([address], "SERVING", 10)
        await client.login("Phone")
        await _full(admin, address)
        try:
            await _refresh(client, client.refresh_token)
            raise AssertionError("a refresh was accepted while writes were refused")
        except ApiError as refused:
            assert (refused.code, refused.reason) == (
                grpc.StatusCode.UNAVAILABLE,
                "STORE_UNAVAILABLE",
            ), refused
            assert refused.retry_after is not None and refused.retry_after > 0
        await asyncio.sleep(0.6)  # past the retry grace: the retry is no retry of a trade
        await _writable(admin, address)
        traded = await _refresh(client, client.refresh_token)  # nothing was spent
        assert traded.session_token not in ("", client.token)
        client.token, client.refresh_token = traded.session_token, traded.refresh_token
        await client.rooms()
    finally:
        await client.close()
        await admin.aclose()
