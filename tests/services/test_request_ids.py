"""``request_id`` on the mutating RPCs that had none (CreateSession, AuthenticateDevice,
UpdateProfile, SendChat, MuteSeat), over two real replicas and one real Valkey: a retry
with the same id, on either replica, returns the first answer and changes nothing more (no
second player, no second session, no second chat line); the same id with another request
is refused INVALID_ARGUMENT / IDEMPOTENCY_KEY_REUSED and changes nothing, and never hands
the first answer's tokens to it.
"""

from __future__ import annotations

import secrets
import uuid

import grpc
import pytest
from cercle.v1 import game_pb2, lobby_pb2

from clients.api_error import ApiError, api_error
from clients.sdk import Client
from services.api.session_retries import SESSION_REQUEST_TTL_SECONDS
from services.rooms.records import EntryKind
from services.store import Store


def _reused(exc: ApiError) -> bool:
    return (exc.code, exc.reason, exc.field) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "IDEMPOTENCY_KEY_REUSED",
        "request_id",
    )


async def _stored_anywhere(store: Store, secrets_: list[str]) -> list[str]:
    """The keys whose name or string value holds one of ``secrets_`` (a dump's view)."""
    found = []
    async for key in store.redis.scan_iter(count=1000):
        text = key.decode(errors="replace")
        if await store.redis.type(key) == b"string":
            text += repr(await store.redis.get(key))
        if any(secret in text for secret in secrets_):
            found.append(text[:80])
    return found


async def _refused(call: object) -> ApiError:
    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await call  # type: ignore[misc]
    return api_error(raised.value)


async def test_a_retried_create_session_opens_one_guest_with_the_same_tokens(
    replicas: list[str], redis_url: str
) -> None:
    first_replica, other_replica = Client(replicas[0]), Client(replicas[1])
    store = Store(redis_url)
    try:
        request_id = str(uuid.uuid4())
        request = lobby_pb2.CreateSessionRequest(display_name="Guest", request_id=request_id)
        first = await first_replica.lobby.CreateSession(request)
        # The answer was lost: the app sends the same request again, to the other replica.
        again = await other_replica.lobby.CreateSession(request)
        assert again == first  # the same player and the same tokens: no second guest
        # The answer kept for the retry holds no token (they are derived again for it).
        tokens = [first.session_token, first.refresh_token]
        assert await _stored_anywhere(store, tokens) == []
        other = lobby_pb2.CreateSessionRequest(display_name="Someone else", request_id=request_id)
        refused = await _refused(other_replica.lobby.CreateSession(other))
        assert _reused(refused), refused
        assert first.session_token not in str(refused) and first.refresh_token not in str(refused)
        # The guest's session works: the retry opened no other one to use instead.
        first_replica.token = first.session_token
        assert (await first_replica.my_rooms()) == []
        # Without an id, each call is a new guest (nothing held).
        bare = lobby_pb2.CreateSessionRequest(display_name="Guest")
        one = await first_replica.lobby.CreateSession(bare)
        two = await first_replica.lobby.CreateSession(bare)
        assert one.player_id != two.player_id
        assert SESSION_REQUEST_TTL_SECONDS <= 60  # a login is answered again briefly only
        # A guest's request id seals its tokens: a guessable one is refused, nothing made.
        weak = lobby_pb2.CreateSessionRequest(display_name="Guest", request_id="1")
        refused = await _refused(first_replica.lobby.CreateSession(weak))
        assert (refused.code, refused.field) == (grpc.StatusCode.INVALID_ARGUMENT, "request_id")
    finally:
        await store.close()
        await first_replica.close()
        await other_replica.close()


async def test_a_retried_authenticate_device_answers_the_same_session(
    replicas: list[str], redis_url: str
) -> None:
    first_replica, other_replica = Client(replicas[0]), Client(replicas[1])
    store = Store(redis_url)
    try:
        device, request_id = secrets.token_hex(16), str(uuid.uuid4())
        request = lobby_pb2.AuthenticateDeviceRequest(
            device_id=device, display_name="Phone", request_id=request_id
        )
        first = await first_replica.lobby.AuthenticateDevice(request)
        again = await other_replica.lobby.AuthenticateDevice(request)
        assert first.created and again == first  # the same tokens, not a second session
        assert await _stored_anywhere(store, [first.session_token, first.refresh_token]) == []
        # The same id from another device is that device's own request: its own player.
        elsewhere = lobby_pb2.AuthenticateDeviceRequest(
            device_id=secrets.token_hex(16), display_name="Tablet", request_id=request_id
        )
        other = await other_replica.lobby.AuthenticateDevice(elsewhere)
        assert other.created and other.player_id != first.player_id
        assert other.session_token != first.session_token
        renamed = lobby_pb2.AuthenticateDeviceRequest(
            device_id=device, display_name="Renamed", request_id=request_id
        )
        assert _reused(await _refused(first_replica.lobby.AuthenticateDevice(renamed)))
        # A new id is a new login of the same player (a new session).
        request.request_id = str(uuid.uuid4())
        later = await first_replica.lobby.AuthenticateDevice(request)
        assert later.player_id == first.player_id and not later.created
        assert later.session_token != first.session_token
        # The device id is a secret: it is not written in the store's key names.
        assert not [key async for key in store.redis.scan_iter(match=f"*{device}*")]
    finally:
        await store.close()
        await first_replica.close()
        await other_replica.close()


async def test_a_retried_update_profile_changes_the_name_once(replicas: list[str]) -> None:
    player, elsewhere = Client(replicas[0]), Client(replicas[1])
    try:
        await player.login("Before")
        elsewhere.token = player.token
        request_id = str(uuid.uuid4())
        request = lobby_pb2.UpdateProfileRequest(display_name="After", request_id=request_id)
        first = await player.lobby.UpdateProfile(request, metadata=player.metadata)
        await player.rename("Later")  # the player renames again meanwhile (a new id)
        # A late retry of the first rename answers it again and does not undo "Later".
        assert await elsewhere.lobby.UpdateProfile(request, metadata=player.metadata) == first
        other = lobby_pb2.UpdateProfileRequest(display_name="Other", request_id=request_id)
        refused = await _refused(player.lobby.UpdateProfile(other, metadata=player.metadata))
        assert _reused(refused), refused
        room = await player.create_room("tomy", players=3)
        assert room.seats[0].display_name == "Later"
    finally:
        await player.close()
        await elsewhere.close()


async def test_a_retried_chat_line_is_sent_once_and_a_mute_applied_once(
    replicas: list[str], redis_url: str
) -> None:
    host, guest = Client(replicas[0]), Client(replicas[1])
    store = Store(redis_url)
    try:
        await host.login("Host")
        await guest.login("Guest")
        room = await host.create_room("tomy", players=3)
        await guest.join(room.room_id)
        request_id = str(uuid.uuid4())
        line = game_pb2.SendChatRequest(room_id=room.room_id, text="hello", request_id=request_id)
        first = await host.game.SendChat(line, metadata=host.metadata)
        again = await host.game.SendChat(line, metadata=host.metadata)
        assert again == first
        other = game_pb2.SendChatRequest(room_id=room.room_id, text="bye", request_id=request_id)
        assert _reused(await _refused(host.game.SendChat(other, metadata=host.metadata)))
        entries = await store.rooms.read_log(room.room_id, 0)
        chats = [e for e in entries if e.kind is EntryKind.CHAT]
        assert len(chats) == 1 and chats[0].seq == first.seq  # one line, not two

        mute_id = str(uuid.uuid4())
        mute = game_pb2.MuteSeatRequest(
            room_id=room.room_id, seat=1, muted=True, request_id=mute_id
        )
        muted = await host.game.MuteSeat(mute, metadata=host.metadata)
        assert list(muted.muted_seats) == [1]
        await host.mute(room.room_id, 1, False)  # unmuted since, with a new id
        # The late retry of the mute answers it again and does not mute the seat again.
        assert await host.game.MuteSeat(mute, metadata=host.metadata) == muted
        assert (await guest.send_chat(room.room_id, "free again")).text == "free again"
        unmute = game_pb2.MuteSeatRequest(
            room_id=room.room_id, seat=1, muted=False, request_id=mute_id
        )
        assert _reused(await _refused(host.game.MuteSeat(unmute, metadata=host.metadata)))
    finally:
        await store.close()
        await host.close()
        await guest.close()
