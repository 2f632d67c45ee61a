"""Limits that no player can run past, with small values, on a Redis of their own (so the
counters are exact) and in-process replicas over real gRPC:

- rooms are counted per client address as well as per session;
- wrong join codes lock a session, then the guessing sessions of an address (never the
  sessions that guessed nothing), out of every join by code for the window (even with a
  right code), RESOURCE_EXHAUSTED / TOO_MANY_JOIN_ATTEMPTS + RetryInfo;
- a join code dies with its match: once finished or abandoned it is NOT_FOUND like a code
  that never existed;
- ``X-Forwarded-For`` is believed only from a trusted proxy: a direct client cannot pick
  its address;
- a session's request rate holds across replicas: two replicas over one Redis serve it
  once, not twice.

The client address of a test client is 127.0.0.1, a trusted proxy by default: sending
``x-forwarded-for`` is how these tests play clients from several addresses.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

import grpc
import pytest
from cercle.v1 import common_pb2, lobby_pb2

from clients.api_error import ApiError, api_error
from clients.sdk import Client
from deploy.local.cluster import start_redis
from services.server import Replica, start_replica
from services.store import Store, code_key
from tests.services.play import Seat, play_randomly, stop_all


@pytest.fixture(scope="module")
def own_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    work = tmp_path_factory.mktemp("limits-redis")
    proc = start_redis(work / "data", work, appendonly=False)
    try:
        yield f"redis://127.0.0.1:{proc.port}/0"
    finally:
        proc.stop()


@pytest.fixture
async def redis_url_clean(own_redis: str) -> AsyncIterator[str]:
    store = Store(own_redis)
    await store.redis.flushdb()
    await store.close()
    yield own_redis


async def _replica(monkeypatch: pytest.MonkeyPatch, redis_url: str, **env: str) -> Replica:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return await start_replica(redis_url, timers=False)


def _from(address: str) -> tuple[tuple[str, str], ...]:
    return (("x-forwarded-for", address),)


async def _call(
    client: Client, method: Callable[..., Awaitable[object]], request: object, via: str
) -> object:
    """One call as a client behind the edge at ``via`` (no SDK retry)."""
    try:
        return await method(request, metadata=client.metadata + _from(via), timeout=10)
    except grpc.aio.AioRpcError as exc:
        raise api_error(exc) from None


async def _login(client: Client, name: str, via: str) -> None:
    response = await _call(
        client, client.lobby.CreateSession, lobby_pb2.CreateSessionRequest(display_name=name), via
    )
    assert isinstance(response, lobby_pb2.CreateSessionResponse)
    client.token, client.player_id = response.session_token, response.player_id


def _room_request() -> lobby_pb2.CreateRoomRequest:
    return lobby_pb2.CreateRoomRequest(
        game_id="tomy", players=3, visibility=common_pb2.VISIBILITY_PRIVATE
    )


async def test_rooms_are_limited_per_address_as_well_as_per_session(
    redis_url_clean: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    replica = await _replica(monkeypatch, redis_url_clean, CERCLE_ROOMS_PER_ADDRESS_PER_HOUR="3")
    address = f"127.0.0.1:{replica.port}"
    clients = [Client(address) for _ in range(5)]
    try:
        for i, client in enumerate(clients[:4]):  # four sessions behind one address
            await _login(client, f"Host {i}", "198.51.100.7")
        for client in clients[:3]:
            await _call(client, client.lobby.CreateRoom, _room_request(), "198.51.100.7")
        with pytest.raises(ApiError) as refused:
            await _call(clients[3], clients[3].lobby.CreateRoom, _room_request(), "198.51.100.7")
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "TOO_MANY_ROOMS",
        )
        assert refused.value.retry_after is not None and refused.value.retry_after > 0
        # Another address is not concerned.
        await _login(clients[4], "Elsewhere", "203.0.113.9")
        await _call(clients[4], clients[4].lobby.CreateRoom, _room_request(), "203.0.113.9")
    finally:
        for client in clients:
            await client.close()
        await replica.stop(grace=0.1)


async def _join_by_code(client: Client, code: str, via: str) -> lobby_pb2.JoinRoomResponse:
    response = await _call(
        client,
        client.lobby.JoinRoom,
        lobby_pb2.JoinRoomRequest(join_code=code, spectator=True),
        via,
    )
    assert isinstance(response, lobby_pb2.JoinRoomResponse)
    return response


async def _refused_join(client: Client, code: str, via: str) -> ApiError:
    with pytest.raises(ApiError) as refused:
        await _join_by_code(client, code, via)
    return refused.value


async def test_wrong_join_codes_lock_out_the_session_then_the_addresss_guessing_sessions(
    redis_url_clean: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    replica = await _replica(
        monkeypatch,
        redis_url_clean,
        CERCLE_JOIN_FAILURES_PER_SESSION="3",
        CERCLE_JOIN_FAILURES_PER_ADDRESS="5",
    )
    address = f"127.0.0.1:{replica.port}"
    host, guesser, second, third, fourth, friend = (Client(address) for _ in range(6))
    try:
        await _login(host, "Host", "203.0.113.1")
        room = await _call(host, host.lobby.CreateRoom, _room_request(), "203.0.113.1")
        assert isinstance(room, lobby_pb2.CreateRoomResponse)
        code = room.room.join_code
        wrong = iter(c for c in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE") if c != code)
        for client, name in ((guesser, "Guesser"), (second, "Second"), (third, "Third")):
            await _login(client, name, "198.51.100.66")
        await _login(fourth, "Fourth", "198.51.100.66")
        for _ in range(3):
            unknown = await _refused_join(guesser, next(wrong), "198.51.100.66")
            assert (unknown.code, unknown.reason) == (
                grpc.StatusCode.NOT_FOUND,
                "UNKNOWN_JOIN_CODE",
            )
        # The session is locked out: even the right code is refused, with a delay to wait.
        locked = await _refused_join(guesser, code, "198.51.100.66")
        assert (locked.code, locked.reason) == (
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "TOO_MANY_JOIN_ATTEMPTS",
        )
        assert locked.retry_after is not None and 0 < locked.retry_after <= 600
        # A second guessing session from the address brings it to its limit (3 + 2 = 5):
        # from then on that session is refused too, though it has tries left of its own...
        for _ in range(2):
            assert (await _refused_join(second, next(wrong), "198.51.100.66")).reason == (
                "UNKNOWN_JOIN_CODE"
            )
        assert (await _refused_join(second, code, "198.51.100.66")).reason == (
            "TOO_MANY_JOIN_ATTEMPTS"
        )
        # ... and so is a session whose first code, tried past the address's limit, is wrong.
        assert (await _refused_join(fourth, "FFFFFF", "198.51.100.66")).reason == (
            "UNKNOWN_JOIN_CODE"
        )
        assert (await _refused_join(fourth, code, "198.51.100.66")).reason == (
            "TOO_MANY_JOIN_ATTEMPTS"
        )
        # A session of the same address that guessed nothing still joins with the code.
        joined = await _join_by_code(third, code, "198.51.100.66")
        assert joined.room.room_id == room.room.room_id
        # Someone else, elsewhere, joins with the code.
        await _login(friend, "Friend", "203.0.113.2")
        joined = await _join_by_code(friend, code, "203.0.113.2")
        assert joined.room.room_id == room.room.room_id
    finally:
        for client in (host, guesser, second, third, fourth, friend):
            await client.close()
        await replica.stop(grace=0.1)


async def test_n4_one_guesser_does_not_lock_out_others_on_the_same_address(
    redis_url_clean: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the default limits: 30 wrong codes from one address (three guessing sessions
    of ten) lock those three sessions out, each after its own ten, and nobody else behind
    that address (a carrier NAT, a school)."""
    monkeypatch.delenv("CERCLE_JOIN_FAILURES_PER_SESSION", raising=False)
    monkeypatch.delenv("CERCLE_JOIN_FAILURES_PER_ADDRESS", raising=False)
    replica = await _replica(monkeypatch, redis_url_clean)
    address = f"127.0.0.1:{replica.port}"
    shared = "198.51.100.80"
    host = Client(address)
    guessers = [Client(address) for _ in range(3)]
    classmates = [Client(address) for _ in range(3)]
    try:
        await _login(host, "Host", "203.0.113.1")
        room = await _call(host, host.lobby.CreateRoom, _room_request(), "203.0.113.1")
        assert isinstance(room, lobby_pb2.CreateRoomResponse)
        code = room.room.join_code
        wrong = (f"{i:06d}".translate(str.maketrans("0123456789", "ABCDEFGHJK")) for i in range(99))
        for i, guesser in enumerate(guessers):
            await _login(guesser, f"Guesser {i}", shared)
            for _ in range(10):
                guess = next(wrong)
                if guess == code:
                    guess = next(wrong)
                assert (await _refused_join(guesser, guess, shared)).reason == "UNKNOWN_JOIN_CODE"
            assert (await _refused_join(guesser, code, shared)).reason == "TOO_MANY_JOIN_ATTEMPTS"
        for i, classmate in enumerate(classmates):
            await _login(classmate, f"Classmate {i}", shared)
            joined = await _join_by_code(classmate, code, shared)
            assert joined.room.room_id == room.room.room_id
    finally:
        for client in (host, *guessers, *classmates):
            await client.close()
        await replica.stop(grace=0.1)


async def test_a_join_code_is_retired_when_its_match_ends(
    redis_url_clean: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    replica = await _replica(monkeypatch, redis_url_clean)
    address = f"127.0.0.1:{replica.port}"
    player, watcher = Client(address), Client(address)
    store = Store(redis_url_clean)
    try:
        await player.login("Solo")
        await watcher.login("Watcher")
        # Abandoned: the last human leaves an open room.
        left = await player.create_room("tomy", players=3, private=True)
        await player.leave(left.room_id)
        # Finished: a solo match played to its end.
        room = await player.create_room("tamashii", players=1, options={"decision_seconds": "0"})
        await player.ready(room.room_id)
        await player.start(room.room_id)
        assert not (await watcher.join(code=room.join_code, spectator=True)).HasField("seat")
        await play_randomly(room.room_id, [Seat(player, 0)], random.Random(5))
        for code in (left.join_code, room.join_code):
            assert await store.redis.get(code_key(code)) is None, "the code was not retired"
            with pytest.raises(ApiError) as gone:
                await watcher.join(code=code, spectator=True)
            assert (gone.value.code, gone.value.reason) == (
                grpc.StatusCode.NOT_FOUND,
                "UNKNOWN_JOIN_CODE",
            )
        # Nor does the private room open by its id to one who lost the code.
        stranger = Client(address)
        try:
            await stranger.login("Stranger")
            with pytest.raises(ApiError) as denied:
                await stranger.join(left.room_id, spectator=True)
            assert denied.value.reason == "PRIVATE_ROOM"
        finally:
            await stranger.close()
    finally:
        await stop_all([Seat(player, 0), Seat(watcher, -1)])
        await store.close()
        await replica.stop(grace=0.1)


async def test_forwarded_for_is_believed_only_from_a_trusted_proxy(
    redis_url_clean: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sessions are limited per address (burst 2 here). From a trusted proxy each
    forwarded address has its own allowance; from anyone else the header is ignored and the
    peer's own address is limited, whatever it claims."""
    trusting = await _replica(monkeypatch, redis_url_clean, CERCLE_ANONYMOUS_RATE_PER_SECOND="0.5")
    monkeypatch.setenv("CERCLE_TRUSTED_PROXIES", "10.20.30.40")  # not the test's loopback
    doubting = await _replica(monkeypatch, redis_url_clean, CERCLE_ANONYMOUS_RATE_PER_SECOND="0.5")
    clients = [Client(f"127.0.0.1:{r.port}") for r in (trusting, doubting)]
    try:
        for i in range(6):  # six "addresses" behind the trusted loopback proxy
            await _login(clients[0], f"Via proxy {i}", f"192.0.2.{i + 1}")
        outcomes: list[str] = []
        for i in range(6):
            try:
                await _login(clients[1], f"Direct {i}", f"192.0.2.{i + 100}")
                outcomes.append("ok")
            except ApiError as exc:
                outcomes.append(exc.reason)
        # The peer (127.0.0.1, one address) had a burst of 2, then waits ~2 s per session.
        assert outcomes[:2] == ["ok", "ok"] and outcomes.count("RATE_LIMITED") >= 3, outcomes
    finally:
        for client in clients:
            await client.close()
        for replica in (trusting, doubting):
            await replica.stop(grace=0.1)


async def test_a_sessions_rate_is_shared_by_every_replica(
    redis_url_clean: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1 request/s, burst 2, per session: ten requests at once spread over two replicas
    are served twice (plus what a second brings), not twice per replica."""
    monkeypatch.setenv("CERCLE_RATE_PER_SECOND", "1")
    replicas = [await start_replica(redis_url_clean, timers=False) for _ in range(2)]
    first = Client(f"127.0.0.1:{replicas[0].port}")
    second = Client(f"127.0.0.1:{replicas[1].port}")
    try:
        await first.login("Busy")
        second.token = first.token
        loop = asyncio.get_running_loop()
        started = loop.time()
        answers: list[ApiError | None] = []
        for i in range(10):
            client = (first, second)[i % 2]
            try:
                await client.lobby.ListRooms(
                    lobby_pb2.ListRoomsRequest(), metadata=client.metadata, timeout=10
                )
                answers.append(None)
            except grpc.aio.AioRpcError as exc:
                answers.append(api_error(exc))
        elapsed = loop.time() - started
        served = answers.count(None)
        refused = [a for a in answers if a is not None]
        assert all(r.reason == "RATE_LIMITED" and r.retry_after for r in refused), refused
        # Per replica, each would have served its burst of 2: 4 at least.
        assert 2 <= served <= 2 + int(elapsed), (served, elapsed)
    finally:
        await first.close()
        await second.close()
        for replica in replicas:
            await replica.stop(grace=0.1)
