"""Request ids of the mutating lobby RPCs, over two real replicas and one real Valkey: a
retry (after a lost response, on either replica, or at the same moment) returns the first
answer, starts no second match and spends no quota; the same id with another request is
refused as Act's reused idempotency key is, and changes nothing; a refused first call leaves
its id free.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import grpc
import redis.asyncio as aioredis
from cercle.v1 import lobby_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from services.store import quota_key


def _reused(exc: ApiError) -> bool:
    """The same status, reason and field shape as Act's IDEMPOTENCY_KEY_REUSED."""
    return (exc.code, exc.reason, exc.field) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "IDEMPOTENCY_KEY_REUSED",
        "request_id",
    )


async def _rooms_created(redis_url: str, player_id: str) -> int:
    redis = aioredis.from_url(redis_url)
    try:
        return int(await redis.get(quota_key("rooms", player_id)) or 0)
    finally:
        await redis.aclose()


async def test_a_retried_quick_match_starts_exactly_one_match(
    replicas: list[str], redis_url: str
) -> None:
    player = Client(replicas[0])
    elsewhere = Client(replicas[1])
    try:
        await player.login("Retrier")
        elsewhere.token = player.token
        request_id = str(uuid.uuid4())
        first = await player.quick_match("tomy", bots=2, request_id=request_id)
        # The response was lost: the app sends the same request again, reaching the other
        # replica, then twice at once.
        again = await elsewhere.quick_match("tomy", bots=2, request_id=request_id)
        both = await asyncio.gather(
            player.quick_match("tomy", bots=2, request_id=request_id),
            elsewhere.quick_match("tomy", bots=2, request_id=request_id),
        )
        for answer in (again, *both):
            assert answer == first
        mine = await player.my_rooms()
        assert [r.room_id for r in mine] == [first.room.room_id]
        assert await _rooms_created(redis_url, player.player_id) == 1
    finally:
        await player.close()
        await elsewhere.close()


async def test_a_request_id_reused_for_another_request_is_refused_and_changes_nothing(
    replicas: list[str], redis_url: str
) -> None:
    player = Client(replicas[0])
    try:
        await player.login("Reuser")
        request_id = str(uuid.uuid4())
        room = await player.create_room(
            "tomy", players=3, private=True, options={}, request_id=request_id
        )
        before_rooms = [r.room_id for r in await player.my_rooms()]
        before_quota = await _rooms_created(redis_url, player.player_id)
        before = (await player.view(room.room_id)).room
        others = [
            player.create_room("tomy", players=4, private=True, request_id=request_id),
            player.quick_match("tomy", bots=2, request_id=request_id),
            player.join(room.room_id, spectator=True, request_id=request_id),
        ]
        for call in others:
            try:
                await call
            except ApiError as exc:
                assert _reused(exc), exc
            else:
                raise AssertionError("a request id reused for another request was accepted")
        assert [r.room_id for r in await player.my_rooms()] == before_rooms
        assert await _rooms_created(redis_url, player.player_id) == before_quota
        assert (await player.view(room.room_id)).room == before
        # The same request with its id is still a retry.
        retried = await player.create_room(
            "tomy", players=3, private=True, options={}, request_id=request_id
        )
        assert retried.room_id == room.room_id
        assert await _rooms_created(redis_url, player.player_id) == before_quota
    finally:
        await player.close()


async def test_every_mutating_lobby_call_replays_its_first_answer(replicas: list[str]) -> None:
    host, guest = Client(replicas[0]), Client(replicas[1])
    try:
        await host.login("Host")
        await guest.login("Guest")
        room = await host.create_room("tomy", players=3)
        room_id = room.room_id
        calls: list[tuple[Client, grpc.aio.UnaryUnaryMultiCallable[Any, Any], Any]] = [
            (guest, guest.lobby.JoinRoom, lobby_pb2.JoinRoomRequest(room_id=room_id)),
            (guest, guest.lobby.SetReady, lobby_pb2.SetReadyRequest(room_id=room_id, ready=True)),
            (host, host.lobby.AddBot, lobby_pb2.AddBotRequest(room_id=room_id)),
            (host, host.lobby.RemoveBot, lobby_pb2.RemoveBotRequest(room_id=room_id, seat=2)),
            (host, host.lobby.AddBot, lobby_pb2.AddBotRequest(room_id=room_id, seat=2)),
            (host, host.lobby.SetReady, lobby_pb2.SetReadyRequest(room_id=room_id, ready=True)),
            (host, host.lobby.StartMatch, lobby_pb2.StartMatchRequest(room_id=room_id)),
        ]
        for client, method, request in calls:
            request.request_id = str(uuid.uuid4())
            first = await client.call(method, request)
            seq = (await host.view(room_id)).room.seq
            assert await client.call(method, request) == first, request
            assert (await host.view(room_id)).room.seq == seq, f"{request} ran twice"
        # Leaving a spectator seat twice with one id: the second is the first's answer,
        # not NOT_IN_ROOM.
        watcher = Client(replicas[0])
        await watcher.login("Watcher")
        await watcher.join(room_id, spectator=True)
        leave = lobby_pb2.LeaveRoomRequest(room_id=room_id, request_id=str(uuid.uuid4()))
        await watcher.call(watcher.lobby.LeaveRoom, leave)
        await watcher.call(watcher.lobby.LeaveRoom, leave)
        await watcher.close()
    finally:
        await host.close()
        await guest.close()


async def test_a_refused_request_leaves_its_id_free(replicas: list[str]) -> None:
    player = Client(replicas[0])
    try:
        await player.login("Refused")
        request_id = str(uuid.uuid4())
        try:
            await player.join("no-such-room", request_id=request_id)
        except ApiError as exc:
            assert exc.code == grpc.StatusCode.NOT_FOUND
        else:
            raise AssertionError("joined a room that does not exist")
        room = await player.create_room("tomy", players=3, private=True, request_id=request_id)
        assert room.room_id
        too_long = await asyncio.gather(
            player.create_room("tomy", players=3, request_id="x" * 129), return_exceptions=True
        )
        assert isinstance(too_long[0], ApiError)
        assert (too_long[0].code, too_long[0].field) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "request_id",
        )
    finally:
        await player.close()


async def test_a_quick_match_whose_caller_gave_up_is_answered_to_its_retry(
    replicas: list[str], redis_url: str
) -> None:
    """The first calls' deadlines pass (before or while the server works: the answer is
    lost either way): the retry gets one match, never a second one. (Whether the server had
    started is up to timing; services.api.retries shields a started call from its caller's
    cancellation so that its answer is kept.)"""
    player = Client(replicas[1])
    try:
        await player.login("Impatient")
        request = lobby_pb2.QuickMatchRequest(game_id="tomy", bots=2, request_id=str(uuid.uuid4()))
        for timeout in (0.005, 0.05):
            try:
                await player.lobby.QuickMatch(request, metadata=player.metadata, timeout=timeout)
            except grpc.aio.AioRpcError as exc:
                assert exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        answer = await player.call(player.lobby.QuickMatch, request)
        assert isinstance(answer, lobby_pb2.QuickMatchResponse)
        mine = await player.my_rooms()
        assert [r.room_id for r in mine] == [answer.room.room_id]
        assert await _rooms_created(redis_url, player.player_id) == 1
    finally:
        await player.close()
