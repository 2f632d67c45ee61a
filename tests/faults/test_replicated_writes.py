"""Every write a client is told succeeded is on a Redis replica first (replicated commits).

A Valkey primary, its Valkey replica and a Cercle replica over the primary
(``tests.faults.replicated``). For each RPC that changes something a client is told
about — sessions (CreateSession, AuthenticateDevice, RefreshSession, DeleteSession), the
profile, every lobby request, chat, mutes and Act — the Valkey replica is frozen (SIGSTOP):
the call answers UNAVAILABLE / STORE_UNAVAILABLE with RetryInfo instead of OK; after SIGCONT
the same request (the same ``request_id``, or for RefreshSession the same refresh token) is
sent twice: it succeeds, and its effect is there exactly once.

What is written without confirmation, by design: rate limiters and quotas (a count lost in
a failover only lets a client do a little more), presence and who is connected (renewed
every few seconds while a stream is open), stream leases (renewed, or they lapse), a
request id's hold (it lapses), timer claims (leases). None is something a client was told
had succeeded. Reads (GetView...) are answered from the primary as it is.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import grpc
import pytest
from cercle.v1 import common_pb2, game_pb2, lobby_pb2, tomahawk_pb2
from google.protobuf.message import Message

from clients.sdk import Client
from services.store import log_key
from tests.faults.helpers import OUT_OF_TURN, Refusal, act_once, refusal, tomahawk_oneof
from tests.faults.replicated import TIMEOUT_MS, Topology, frozen, start_topology

M = TypeVar("M", bound=Message)

OPTIONS = common_pb2.RoomOptions(
    tomahawk=tomahawk_pb2.TomahawkOptions(
        turn_seconds=0, target_score=10000, reaction_seconds=0, pause_seconds=0
    )
)
"""No clock, no reaction window: only the players' Acts change the room."""


@pytest.fixture
async def replicated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Topology]:
    async for topology in start_topology(tmp_path, monkeypatch, "replicated"):
        yield topology


async def _raw(call: Awaitable[M]) -> M:
    """One call; a non-OK status is raised as :class:`Refusal`."""
    try:
        return await call
    except grpc.aio.AioRpcError as exc:
        raise refusal(exc) from None


async def _refused_then_once(
    topology: Topology, name: str, send: Callable[[], Awaitable[M]]
) -> tuple[M, M]:
    """``send`` while the Valkey replica is frozen: UNAVAILABLE with RetryInfo; then, the
    replica resumed, ``send`` twice more (the same request): both answered."""
    with frozen(topology.follower), pytest.raises(Refusal) as refused:
        await send()
    assert refused.value.code == grpc.StatusCode.UNAVAILABLE, (name, refused.value)
    assert refused.value.reason == "STORE_UNAVAILABLE", (name, refused.value)
    assert refused.value.retry_delay is not None and refused.value.retry_delay > 0, name
    return await send(), await send()


def rid() -> str:
    return uuid.uuid4().hex


@pytest.mark.timeout(60)
async def test_session_and_profile_writes_wait_for_the_replica_and_retries_apply_once(
    replicated: Topology,
) -> None:
    assert TIMEOUT_MS < 1000
    host, guest, other = (Client(replicated.address) for _ in range(3))
    store = replicated.store
    done: list[str] = []
    try:
        created = lobby_pb2.CreateSessionRequest(display_name="Host", request_id=rid())
        first, again = await _refused_then_once(
            replicated, "CreateSession", lambda: _raw(host.lobby.CreateSession(created))
        )
        assert first.player_id == again.player_id
        assert (first.session_token, first.refresh_token) == (
            again.session_token,
            again.refresh_token,
        )
        host.token, host.refresh_token = first.session_token, first.refresh_token
        host.player_id = first.player_id
        assert await store.players.display_name(first.player_id) == "Host"
        done.append("CreateSession")

        device = lobby_pb2.AuthenticateDeviceRequest(
            device_id=uuid.uuid4().hex + uuid.uuid4().hex, display_name="Guest", request_id=rid()
        )
        on_device, again_device = await _refused_then_once(
            replicated, "AuthenticateDevice", lambda: _raw(guest.lobby.AuthenticateDevice(device))
        )
        assert on_device.player_id == again_device.player_id and on_device.created
        guest.token, guest.refresh_token = on_device.session_token, on_device.refresh_token
        guest.player_id = on_device.player_id
        # The device names one player: logging in with it again, now, finds the same one.
        later = await _raw(
            guest.lobby.AuthenticateDevice(
                lobby_pb2.AuthenticateDeviceRequest(device_id=device.device_id)
            )
        )
        assert later.player_id == on_device.player_id and not later.created
        done.append("AuthenticateDevice")

        spent = host.refresh_token
        refresh = lobby_pb2.RefreshSessionRequest(refresh_token=spent)
        pair, same_pair = await _refused_then_once(
            replicated, "RefreshSession", lambda: _raw(host.lobby.RefreshSession(refresh))
        )
        assert (pair.session_token, pair.refresh_token) == (
            same_pair.session_token,
            same_pair.refresh_token,
        )
        host.token, host.refresh_token = pair.session_token, pair.refresh_token
        await host.my_rooms()  # the new pair works
        done.append("RefreshSession")

        rename = lobby_pb2.UpdateProfileRequest(display_name="Hostess", request_id=rid())
        renamed, _ = await _refused_then_once(
            replicated,
            "UpdateProfile",
            lambda: _raw(host.lobby.UpdateProfile(rename, metadata=host.metadata)),
        )
        assert renamed.display_name == "Hostess"
        assert await store.players.display_name(host.player_id) == "Hostess"
        done.append("UpdateProfile")

        # -- logging out --------------------------------------------------------------------------
        await other.login("Other")
        logout_metadata = other.metadata
        logout = lobby_pb2.DeleteSessionRequest()
        with frozen(replicated.follower), pytest.raises(Refusal) as refused:
            await _raw(other.lobby.DeleteSession(logout, metadata=logout_metadata))
        assert refused.value.code == grpc.StatusCode.UNAVAILABLE, refused.value
        assert refused.value.retry_delay is not None and refused.value.retry_delay > 0
        # The retry finds the session gone (the first call deleted it on the primary, now on
        # the replica too): UNAUTHENTICATED says so; the token works nowhere any more.
        with pytest.raises(Refusal) as gone:
            await _raw(other.lobby.DeleteSession(logout, metadata=logout_metadata))
        assert gone.value.code == grpc.StatusCode.UNAUTHENTICATED, gone.value
        done.append("DeleteSession")
    finally:
        for client in (host, guest, other):
            await client.close()
    assert done == [
        "CreateSession",
        "AuthenticateDevice",
        "RefreshSession",
        "UpdateProfile",
        "DeleteSession",
    ]


@pytest.mark.timeout(60)
async def test_lobby_writes_wait_for_the_replica_and_retries_apply_once(
    replicated: Topology,
) -> None:
    host, guest, other = (Client(replicated.address) for _ in range(3))
    done: list[str] = []
    try:
        await host.login("Host")
        await guest.login("Guest")
        create = lobby_pb2.CreateRoomRequest(
            game_id="tomahawk", players=3, options=OPTIONS, request_id=rid()
        )
        room, same_room = await _refused_then_once(
            replicated,
            "CreateRoom",
            lambda: _raw(host.lobby.CreateRoom(create, metadata=host.metadata)),
        )
        room_id = room.room.room_id
        assert same_room.room.room_id == room_id
        assert [r.room_id for r in await host.my_rooms()] == [room_id]
        done.append("CreateRoom")

        join = lobby_pb2.JoinRoomRequest(room_id=room_id, request_id=rid())
        joined, _ = await _refused_then_once(
            replicated,
            "JoinRoom",
            lambda: _raw(guest.lobby.JoinRoom(join, metadata=guest.metadata)),
        )
        assert joined.seat == 1
        done.append("JoinRoom")

        add = lobby_pb2.AddBotRequest(room_id=room_id, seat=2, request_id=rid())
        await _refused_then_once(
            replicated, "AddBot", lambda: _raw(host.lobby.AddBot(add, metadata=host.metadata))
        )
        remove = lobby_pb2.RemoveBotRequest(room_id=room_id, seat=2, request_id=rid())
        removed, _ = await _refused_then_once(
            replicated,
            "RemoveBot",
            lambda: _raw(host.lobby.RemoveBot(remove, metadata=host.metadata)),
        )
        assert not [s for s in removed.room.seats if s.kind == common_pb2.SEAT_KIND_BOT]
        await host.add_bot(room_id)
        done += ["AddBot", "RemoveBot"]

        for client in (host, guest):
            await _set_ready(replicated, client, room_id)
        done.append("SetReady")

        start = lobby_pb2.StartMatchRequest(room_id=room_id, request_id=rid())
        started, _ = await _refused_then_once(
            replicated,
            "StartMatch",
            lambda: _raw(host.lobby.StartMatch(start, metadata=host.metadata)),
        )
        assert started.room.status == common_pb2.ROOM_STATUS_PLAYING
        done.append("StartMatch")

        # -- a quick match, and leaving it --------------------------------------------------------
        await other.login("Other")
        quick = lobby_pb2.QuickMatchRequest(game_id="tamashii", players=2, request_id=rid())
        matched, matched_again = await _refused_then_once(
            replicated,
            "QuickMatch",
            lambda: _raw(other.lobby.QuickMatch(quick, metadata=other.metadata)),
        )
        quick_room = matched.room.room_id
        assert matched_again.room.room_id == quick_room
        assert [r.room_id for r in await other.my_rooms()] == [quick_room]
        leave = lobby_pb2.LeaveRoomRequest(room_id=quick_room, request_id=rid())
        await _refused_then_once(
            replicated,
            "LeaveRoom",
            lambda: _raw(other.lobby.LeaveRoom(leave, metadata=other.metadata)),
        )
        assert [r.room_id for r in await other.my_rooms()] == []
        done += ["QuickMatch", "LeaveRoom"]
    finally:
        for client in (host, guest, other):
            await client.close()
    assert done == [
        "CreateRoom",
        "JoinRoom",
        "AddBot",
        "RemoveBot",
        "SetReady",
        "StartMatch",
        "QuickMatch",
        "LeaveRoom",
    ]


@pytest.mark.timeout(60)
async def test_table_writes_wait_for_the_replica_and_retries_apply_once(
    replicated: Topology,
) -> None:
    host, guest = Client(replicated.address), Client(replicated.address)
    store = replicated.store
    done: list[str] = []
    try:
        await host.login("Host")
        await guest.login("Guest")
        room = await host.create_room("tomahawk", players=2, options={"turn_seconds": "0"})
        room_id = room.room_id
        await guest.join(room_id)
        for client in (host, guest):
            await client.ready(room_id)
        await host.start(room_id)

        chat = game_pb2.SendChatRequest(room_id=room_id, text="bonjour", request_id=rid())
        said, said_again = await _refused_then_once(
            replicated,
            "SendChat",
            lambda: _raw(guest.game.SendChat(chat, metadata=guest.metadata)),
        )
        assert said.seq == said_again.seq
        log = await store.redis.xrange(log_key(room_id))
        assert sum(b"bonjour" in value for _, fields in log for value in fields.values()) == 1
        done.append("SendChat")

        mute = game_pb2.MuteSeatRequest(room_id=room_id, seat=1, muted=True, request_id=rid())
        muted, _ = await _refused_then_once(
            replicated, "MuteSeat", lambda: _raw(host.game.MuteSeat(mute, metadata=host.metadata))
        )
        assert list(muted.muted_seats) == [1]
        done.append("MuteSeat")

        mover, action, version = await _next_move(room_id, [host, guest])
        key = rid()
        before = await store.rooms.load_room(room_id)
        assert before is not None
        acted, acted_again = await _refused_then_once(
            replicated, "Act", lambda: act_once(mover, room_id, action, version, key)
        )
        assert acted.replayed and acted_again.replayed and acted.seq == acted_again.seq
        after = await store.rooms.load_room(room_id)
        assert after is not None and after.seq >= acted.seq
        assert [
            e for e in await store.rooms.read_log(room_id, before.seq) if e.version == version + 1
        ]
        done.append("Act")
    finally:
        for client in (host, guest):
            await client.close()
    assert done == ["SendChat", "MuteSeat", "Act"]


async def _set_ready(topology: Topology, client: Client, room_id: str) -> None:
    ready = lobby_pb2.SetReadyRequest(room_id=room_id, ready=True, request_id=rid())
    answer, _ = await _refused_then_once(
        topology, "SetReady", lambda: _raw(client.lobby.SetReady(ready, metadata=client.metadata))
    )
    (seat,) = [s for s in answer.room.seats if s.player_id == client.player_id]
    assert seat.ready


async def _next_move(room_id: str, clients: list[Client]) -> tuple[Client, game_pb2.Action, int]:
    """The client to play and its first in-turn legal action."""
    for client in clients:
        legal = await client.legal(room_id)
        moves = [a for a in legal.actions if tomahawk_oneof(a) not in OUT_OF_TURN]
        if moves:
            return client, moves[0], legal.version
    raise AssertionError("nobody had a move to play")
