"""What seats, rooms and joins say, over real replicas and a real Valkey, with no value
that means something else than it says (issue 25, item 2): a free seat is SEAT_KIND_EMPTY
(a zero enum value is never sent), a person's seat has no bot level, a bot has no
server-made name but a ``bot_number`` the client words, "no seat", "no actor" and "no
join code" are unset fields (no -1, no empty string), JoinRoom takes a room id or a join
code (a oneof), AddBot without a seat takes the first free one, and QuickMatch's refusal
of a bot count names ``bots``.
"""

from __future__ import annotations

import grpc
import pytest
from cercle.v1 import common_pb2, game_pb2, lobby_pb2

from clients.api_error import ApiError, api_error
from clients.sdk import Client
from services.server import start_replica
from tests.services.play import read_message


async def _refused(call: object) -> ApiError:
    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await call  # type: ignore[misc]
    return api_error(raised.value)


def _no_zero_enum(room: common_pb2.Room) -> None:
    for seat in room.seats:
        assert seat.kind != common_pb2.SEAT_KIND_UNSPECIFIED, seat
        if seat.HasField("bot_level"):
            assert seat.bot_level != common_pb2.BOT_LEVEL_UNSPECIFIED, seat


async def test_seats_say_free_person_or_bot_and_bots_carry_a_number_not_a_name(
    replicas: list[str],
) -> None:
    host, watcher = Client(replicas[0]), Client(replicas[1])
    try:
        await host.login("Host")
        await watcher.login("Watcher")
        room = await host.create_room("tomy", players=5, private=True)
        await host.add_bot(room.room_id)  # no seat: the first free one
        await host.add_bot(room.room_id, "random", 3)
        room = (await host.view(room.room_id)).room
        _no_zero_enum(room)
        kinds = [seat.kind for seat in room.seats]
        assert kinds == [
            common_pb2.SEAT_KIND_HUMAN,
            common_pb2.SEAT_KIND_BOT,
            common_pb2.SEAT_KIND_EMPTY,
            common_pb2.SEAT_KIND_BOT,
            common_pb2.SEAT_KIND_EMPTY,
        ]
        person, first_bot, free, second_bot, _ = room.seats
        assert person.display_name == "Host" and not person.HasField("bot_level")
        assert not person.HasField("bot_number")
        for seat, number, level in (
            (first_bot, 1, common_pb2.BOT_LEVEL_STRONG),
            (second_bot, 2, common_pb2.BOT_LEVEL_RANDOM),
        ):
            assert seat.display_name == "" and seat.player_id, seat  # no English "Bot 2"
            assert (seat.bot_number, seat.bot_level) == (number, level), seat
        assert not free.player_id and not free.HasField("bot_number")
        assert room.HasField("my_seat") and room.my_seat == 0

        # A spectator sits nowhere: JoinRoom's seat and the room's my_seat are unset.
        joined = await watcher.join(code=room.join_code, spectator=True)
        assert not joined.HasField("seat") and not joined.room.HasField("my_seat")
    finally:
        await host.close()
        await watcher.close()


async def test_join_room_takes_a_room_id_or_a_join_code(replicas: list[str]) -> None:
    host, guest, other = Client(replicas[0]), Client(replicas[1]), Client(replicas[0])
    try:
        for client, name in ((host, "Host"), (guest, "Guest"), (other, "Other")):
            await client.login(name)
        private = await host.create_room("tomy", players=3, private=True)
        public = await host.create_room("tomy", players=3)
        by_code = await guest.join(code=private.join_code.lower())  # case does not matter
        assert by_code.room.room_id == private.room_id and by_code.seat == 1
        by_id = await guest.join(public.room_id)
        assert by_id.room.room_id == public.room_id and by_id.seat == 1
        # The join code is the members' only: an outsider's listing has no such field.
        listed = {room.room_id: room for room in await other.rooms("tomy")}
        assert not listed[public.room_id].HasField("join_code")
        assert by_id.room.HasField("join_code") and by_id.room.join_code == public.join_code
        # The room id of a private room alone does not open it.
        refused = await _refused(
            other.lobby.JoinRoom(
                lobby_pb2.JoinRoomRequest(room_id=private.room_id), metadata=other.metadata
            )
        )
        assert (refused.code, refused.reason) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "PRIVATE_ROOM",
        )
        # One field of the oneof at most: setting the code replaces the id.
        both = lobby_pb2.JoinRoomRequest(room_id=public.room_id)
        both.join_code = private.join_code
        assert both.WhichOneof("room") == "join_code" and not both.room_id
        neither = await _refused(
            other.lobby.JoinRoom(lobby_pb2.JoinRoomRequest(), metadata=other.metadata)
        )
        assert (neither.code, neither.field) == (grpc.StatusCode.INVALID_ARGUMENT, "room_id")
        descriptor = lobby_pb2.JoinRoomRequest.DESCRIPTOR
        assert [f.name for f in descriptor.oneofs_by_name["room"].fields] == [
            "room_id",
            "join_code",
        ]
    finally:
        for client in (host, guest, other):
            await client.close()


async def test_quick_match_refuses_a_bot_count_on_the_bots_field(replicas: list[str]) -> None:
    player = Client(replicas[0])
    try:
        await player.login("Solo")
        for bots in (5, -1):  # Awimbawé is a game for two: one bot
            request = lobby_pb2.QuickMatchRequest(game_id="awimbawe", bots=bots)
            refused = await _refused(player.lobby.QuickMatch(request, metadata=player.metadata))
            assert (refused.code, refused.reason, refused.field) == (
                grpc.StatusCode.INVALID_ARGUMENT,
                "BOTS_OUT_OF_RANGE",
                "bots",
            ), refused
            assert "Awimbawé is played with 1 bot besides you" in refused.message, refused
            assert refused.metadata["min_bots"] == refused.metadata["max_bots"] == "1"
            assert refused.localized, refused  # worded for the player by the catalogue
        # A table size that disagrees with the bots is the players field's fault.
        request = lobby_pb2.QuickMatchRequest(game_id="tomy", bots=2, players=5)
        refused = await _refused(player.lobby.QuickMatch(request, metadata=player.metadata))
        assert (refused.reason, refused.field) == ("INVALID_ARGUMENT", "players"), refused
        unknown = lobby_pb2.QuickMatchRequest(game_id="chess", bots=1)
        refused = await _refused(player.lobby.QuickMatch(unknown, metadata=player.metadata))
        assert (refused.reason, refused.field) == ("UNKNOWN_GAME", "game_id"), refused
        assert await player.my_rooms() == []  # nothing was created
        matched = await player.quick_match("awimbawe", bots=1)
        assert matched.seat == 0 and matched.room.seats[1].bot_number == 1
    finally:
        await player.close()


async def test_an_update_names_its_actor_only_when_a_seat_acted(redis_url: str) -> None:
    replica = await start_replica(redis_url, timers=False)
    player = Client(f"127.0.0.1:{replica.port}")
    try:
        await player.login("Solo")
        room = await player.create_room("tamashii", players=1, options={"decision_seconds": "0"})
        call = player.game.Subscribe(
            game_pb2.SubscribeRequest(room_id=room.room_id), metadata=player.metadata
        )
        created = await read_message(call)
        assert created.kind == game_pb2.UPDATE_KIND_LOBBY and not created.HasField("actor")
        await player.ready(room.room_id)
        await player.start(room.room_id)
        legal = await player.legal(room.room_id)
        await player.act(room.room_id, legal.actions[0], legal.version)
        while (update := await read_message(call)).kind != game_pb2.UPDATE_KIND_ACTION:
            if update.kind in (game_pb2.UPDATE_KIND_LOBBY, game_pb2.UPDATE_KIND_STARTED):
                assert not update.HasField("actor"), update
        assert update.HasField("actor") and update.actor == 0
        call.cancel()
    finally:
        await player.close()
        await replica.stop(grace=0.1)
