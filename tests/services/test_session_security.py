"""Sessions under a security probe, over in-process replicas, real gRPC channels and the
session's Valkey (findings N1, N2, N3, N7, N8, N9):

- N1: a refresh whose answer was lost can be sent again, on any replica, within the grace
  (``REFRESH_GRACE_SECONDS``) and gets the same new pair;
- N8: a spent refresh token sent again after the grace revokes its whole family: the pair
  issued from it stops working too;
- N2: a stream opened before a logout ends UNAUTHENTICATED within a second of it, whichever
  replica the logout reached (and, on a replica that could not hear it, once it hears again);
- N3: a new session's first burst, spread over replicas, is limited by its real budget;
- N7: a device id without enough entropy is refused INVALID_ARGUMENT;
- N9: made-up tokens are rate limited per client address (RESOURCE_EXHAUSTED with
  RetryInfo), while a valid session from the same address is not.
"""

from __future__ import annotations

import asyncio
import secrets
import uuid
from collections.abc import AsyncIterator, Awaitable
from typing import Any

import grpc
import pytest
import redis.asyncio as aioredis
from cercle.v1 import game_pb2, lobby_pb2

from clients.api_error import ApiError, api_error
from clients.sdk import Client
from services.api.sessions import SessionCache
from services.server import Replica, start_replica
from services.store import players as store_players
from services.store import sessions_channel
from tests.services.play import wait_for

QUIET = {"decision_seconds": "0"}


async def _refused(call: Awaitable[object]) -> ApiError:
    try:
        await call
    except ApiError as exc:
        return exc
    raise AssertionError("the call was accepted")


def _unauthenticated(exc: ApiError) -> bool:
    return (exc.code, exc.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED")


@pytest.fixture
async def two(empty_redis_url: str) -> AsyncIterator[list[Replica]]:
    replicas = [await start_replica(empty_redis_url, timers=False) for _ in range(2)]
    try:
        yield replicas
    finally:
        for replica in replicas:
            await replica.stop(grace=0.1)


def _cache(replica: Replica) -> SessionCache:
    listener = replica.feeds.listeners[sessions_channel()]
    assert isinstance(listener, SessionCache)
    return listener


def _address(replica: Replica) -> str:
    return f"127.0.0.1:{replica.port}"


async def _raw_refresh(client: Client, refresh_token: str) -> lobby_pb2.RefreshSessionResponse:
    try:
        response = await client.lobby.RefreshSession(
            lobby_pb2.RefreshSessionRequest(refresh_token=refresh_token), timeout=10.0
        )
    except grpc.aio.AioRpcError as exc:
        raise api_error(exc) from None
    assert isinstance(response, lobby_pb2.RefreshSessionResponse)
    return response


async def test_n1_a_lost_refresh_answer_can_be_retried_for_the_same_pair(
    two: list[Replica],
) -> None:
    a, b = Client(_address(two[0])), Client(_address(two[1]))
    try:
        await a.login("Phone")
        old_access, spent = a.token, a.refresh_token
        first = await _raw_refresh(a, spent)  # its answer is "lost": sent again, elsewhere
        again = await _raw_refresh(b, spent)
        assert (again.session_token, again.refresh_token) == (
            first.session_token,
            first.refresh_token,
        )
        assert again.player_id == first.player_id == a.player_id
        assert abs(again.expire_time.seconds - first.expire_time.seconds) <= 1
        assert first.session_token != old_access and first.refresh_token != spent
        both = await asyncio.gather(_raw_refresh(a, spent), _raw_refresh(b, spent))
        assert {r.session_token for r in both} == {first.session_token}
        b.token, b.refresh_token = again.session_token, ""
        await b.rooms()  # the pair works
        stale = Client(_address(two[1]), old_access)
        assert _unauthenticated(await _refused(stale.rooms()))  # the old access token does not
        await stale.close()
        # The new refresh token trades on as usual.
        b.refresh_token = again.refresh_token
        await b.refresh()
        await b.rooms()
    finally:
        await a.close()
        await b.close()


async def test_n8_a_spent_refresh_token_reused_after_the_grace_revokes_its_family(
    two: list[Replica], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_players, "REFRESH_GRACE_SECONDS", 0.3, raising=False)
    victim, thief = Client(_address(two[0])), Client(_address(two[1]))
    try:
        await victim.login("Victim")
        stolen = victim.refresh_token
        await victim.refresh()  # the victim rotates: ``stolen`` is spent
        await victim.rooms()
        issued_from_it = (victim.token, victim.refresh_token)
        await asyncio.sleep(0.5)  # past the grace
        error = await _refused(_raw_refresh(thief, stolen))
        assert _unauthenticated(error) and "already used" in error.message, error
        assert stolen not in error.message
        # The whole family is revoked: the pair issued from the reused token is dead too,
        # on every replica.
        for replica in two:
            holder = Client(_address(replica), issued_from_it[0])
            assert _unauthenticated(await _refused(holder.rooms()))
            assert _unauthenticated(await _refused(_raw_refresh(holder, issued_from_it[1])))
            await holder.close()
    finally:
        await victim.close()
        await thief.close()


def _open_stream(client: Client, kind: str, room_id: str) -> Any:
    """A Subscribe or WatchRoom call on the room."""
    if kind == "Subscribe":
        return client.game.Subscribe(
            game_pb2.SubscribeRequest(room_id=room_id), metadata=client.metadata
        )
    return client.lobby.WatchRoom(
        lobby_pb2.WatchRoomRequest(room_id=room_id), metadata=client.metadata
    )


@pytest.mark.parametrize("kind", ["Subscribe", "WatchRoom"])
async def test_n2_a_stream_ends_unauthenticated_within_a_second_of_a_logout_on_another_replica(
    two: list[Replica], kind: str
) -> None:
    holder = Client(_address(two[0]))
    try:
        await holder.login("Leaver")
        room = await holder.create_room("tamashii", players=2, private=True, options=QUIET)
        await holder.refresh()  # a stream of a refreshed session ends too
        call = _open_stream(holder, kind, room.room_id)
        first = asyncio.ensure_future(call.read())
        await asyncio.wait({first}, timeout=2)  # the stream is open (a first update or not)
        await wait_for(lambda: two[0].feeds.stream_count >= 1 or first.done(), timeout=5)
        other = Client(_address(two[1]), holder.token)
        loop = asyncio.get_running_loop()
        logged_out = loop.time()
        await other.logout()
        await other.close()

        async def drain() -> None:
            if not first.done():
                await first
            while await call.read() is not grpc.aio.EOF:
                pass

        with pytest.raises(grpc.aio.AioRpcError) as ended:
            await asyncio.wait_for(drain(), timeout=1.0)
        assert loop.time() - logged_out < 1.0
        error = api_error(ended.value)
        assert _unauthenticated(error) and "logged out" in error.message, error
        await wait_for(lambda: two[0].feeds.stream_count == 0, timeout=2)  # its work stopped
    finally:
        await holder.close()


async def test_n2_a_stream_whose_replica_missed_the_logout_ends_once_it_hears_again(
    two: list[Replica], empty_redis_url: str
) -> None:
    cache = _cache(two[0])
    await wait_for(lambda: cache.listening_since is not None)
    holder = Client(_address(two[0]))
    admin = aioredis.from_url(empty_redis_url)
    try:
        await holder.login("Offline")
        room = await holder.create_room("tamashii", players=2, private=True, options=QUIET)
        call = _open_stream(holder, "Subscribe", room.room_id)
        first = asyncio.ensure_future(call.read())
        await wait_for(lambda: two[0].feeds.stream_count >= 1, timeout=5)
        await admin.client_kill_filter(_type="pubsub")  # replica A stops hearing announcements
        await wait_for(lambda: cache.listening_since is None, timeout=5)
        other = Client(_address(two[1]), holder.token)
        await other.logout()  # announced while replica A cannot hear it
        await other.close()

        async def drain() -> None:
            if not first.done():
                await first
            while await call.read() is not grpc.aio.EOF:
                pass

        with pytest.raises(grpc.aio.AioRpcError) as ended:
            await asyncio.wait_for(drain(), timeout=10)  # A reconnects after 0.5 s
        error = api_error(ended.value)
        assert _unauthenticated(error) and "logged out" in error.message, error
    finally:
        await holder.close()
        await admin.aclose()


async def test_n3_a_new_sessions_first_burst_is_limited_by_its_real_budget(
    empty_redis_url: str,
) -> None:
    replicas = [await start_replica(empty_redis_url, timers=False) for _ in range(3)]
    clients = [Client(_address(r)) for r in replicas]
    refused = 0
    try:
        for trial in range(6):
            await clients[0].login(f"Burst {trial}")
            token = clients[0].token
            calls = [  # as a load balancer may spread them: a few to each replica in turn
                clients[i // 7].lobby.ListMyRooms(
                    lobby_pb2.ListMyRoomsRequest(), metadata=(("authorization", f"Bearer {token}"),)
                )
                for i in range(20)  # well under the 50/s (burst 100) of a session
            ]
            for outcome in await asyncio.gather(*calls, return_exceptions=True):
                if isinstance(outcome, grpc.aio.AioRpcError):
                    assert api_error(outcome).reason == "RATE_LIMITED", outcome
                    refused += 1
                else:
                    assert isinstance(outcome, BaseException) is False, outcome
        assert refused == 0, f"{refused} of 120 requests were refused RATE_LIMITED"
    finally:
        for client in clients:
            await client.close()
        for replica in replicas:
            await replica.stop(grace=0.1)


@pytest.mark.parametrize(
    "device_id",
    [
        "0000000000000000",
        "0" * 64,
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "1234567890123456",
        "abababababababababababababababab",
        "00000000-0000-0000-0000-000000000000",
        "device-" + "7" * 24,
        "0123456789abcdef",  # 16 distinct hex digits: 64 bits at most
    ],
)
async def test_n7_a_low_entropy_device_id_is_refused_invalid_argument(
    two: list[Replica], device_id: str
) -> None:
    client = Client(_address(two[0]))
    try:
        error = await _refused(client.login_device(device_id, "Weak"))
        assert (error.code, error.field) == (grpc.StatusCode.INVALID_ARGUMENT, "device_id")
        assert "128 bits" in error.message
        assert device_id not in error.message
    finally:
        await client.close()


async def test_n7_random_device_ids_are_accepted_and_give_a_stable_player(
    two: list[Replica],
) -> None:
    for device_id in (
        str(uuid.uuid4()),
        uuid.uuid4().hex,
        secrets.token_hex(16),
        secrets.token_urlsafe(16),
        secrets.token_urlsafe(32),
    ):
        first, second = Client(_address(two[0])), Client(_address(two[1]))
        try:
            assert (await first.login_device(device_id, "Phone")).created, device_id
            assert not (await second.login_device(device_id)).created
            assert first.player_id == second.player_id
        finally:
            await first.close()
            await second.close()


async def test_n9_made_up_tokens_are_rate_limited_per_address_but_a_valid_session_is_not(
    two: list[Replica],
) -> None:
    valid = Client(_address(two[0]))
    guesser = Client(_address(two[0]))
    try:
        await valid.login("Honest")
        outcomes = []
        for _ in range(3):
            calls = [
                guesser.lobby.ListMyRooms(
                    lobby_pb2.ListMyRoomsRequest(),
                    metadata=(("authorization", f"Bearer {secrets.token_urlsafe(32)}"),),
                )
                for _ in range(60)
            ]
            outcomes += await asyncio.gather(*calls, return_exceptions=True)
        errors = [api_error(o) for o in outcomes if isinstance(o, grpc.aio.AioRpcError)]
        assert len(errors) == len(outcomes), "a made-up token was accepted"
        limited = [e for e in errors if e.reason == "RATE_LIMITED"]
        assert len(limited) >= 100, f"only {len(limited)} of 180 made-up tokens were limited"
        assert all(e.code == grpc.StatusCode.RESOURCE_EXHAUSTED for e in limited)
        assert all(e.retry_after is not None and e.retry_after > 0 for e in limited)
        assert all(_unauthenticated(e) for e in errors if e not in limited)
        # The same address, with a valid session: served, not limited.
        for _ in range(30):
            await valid.lobby.ListMyRooms(lobby_pb2.ListMyRoomsRequest(), metadata=valid.metadata)
    finally:
        await valid.close()
        await guesser.close()
