"""Room requests are checked against the room as it is, over real replicas and Redis:
an option naming a seat the table does not have, or an enum number the contract does not
define, is refused INVALID_ARGUMENT with the field at fault, and no room is made."""

from __future__ import annotations

import grpc
import pytest
from cercle.v1 import common_pb2, lobby_pb2

from clients.api_error import ApiError, api_error
from clients.options import room_options
from clients.sdk import Client


async def _create(client: Client, request: lobby_pb2.CreateRoomRequest) -> common_pb2.Room:
    try:
        response = await client.lobby.CreateRoom(request, metadata=client.metadata, timeout=10)
    except grpc.aio.AioRpcError as exc:
        raise api_error(exc) from None
    assert isinstance(response, lobby_pb2.CreateRoomResponse)
    return response.room


@pytest.mark.parametrize(("game_id", "players"), [("tomahawk", 2), ("tamashii", 2), ("tomy", 3)])
async def test_a_first_player_beyond_the_tables_seats_is_refused_at_creation(
    replicas: list[str], game_id: str, players: int
) -> None:
    client = Client(replicas[0])
    try:
        await client.login("Seats")
        request = lobby_pb2.CreateRoomRequest(
            game_id=game_id, players=players, visibility=common_pb2.VISIBILITY_PRIVATE
        )
        request.options.CopyFrom(room_options(game_id, {"first_player": players}))
        with pytest.raises(ApiError) as refused:
            await _create(client, request)
        assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
        assert refused.value.reason == "INVALID_OPTION"
        assert refused.value.field == f"options.{game_id}.first_player"
        # The last seat is a seat: accepted, and the match starts.
        getattr(request.options, game_id).first_player = players - 1
        room = await _create(client, request)
        assert getattr(room.options, game_id).first_player == players - 1
    finally:
        await client.close()


@pytest.mark.parametrize("visibility", [3, 99, -1])
async def test_an_unknown_visibility_is_refused(replicas: list[str], visibility: int) -> None:
    client = Client(replicas[1])
    try:
        await client.login("Enums")
        request = lobby_pb2.CreateRoomRequest(game_id="tomy", players=3)
        request.visibility = visibility  # type: ignore[assignment]
        with pytest.raises(ApiError) as refused:
            await _create(client, request)
        assert (refused.value.code, refused.value.field) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "visibility",
        )
        listed = await client.rooms("tomy")
        assert all(r.host_player_id != client.player_id for r in listed), "a room was made"
    finally:
        await client.close()


@pytest.mark.parametrize(
    ("seconds", "nanos"),
    [
        (0, -5),  # negative
        (-1, 0),  # negative
        (0, 1_000_000_000),  # nanos out of range
        (1, -500_000_000),  # signs that disagree
        (315_576_000_001, 0),  # beyond the largest Duration
    ],
)
async def test_n10_an_invalid_duration_is_refused_naming_its_field(
    replicas: list[str], seconds: int, nanos: int
) -> None:
    """A ``google.protobuf.Duration`` the protobuf definition does not allow, or a negative
    one, is refused INVALID_ARGUMENT with the field at fault, by CreateRoom and QuickMatch
    alike: it is never read as another length."""
    client = Client(replicas[0])
    try:
        await client.login("Durations")
        create = lobby_pb2.CreateRoomRequest(
            game_id="tomy", players=3, visibility=common_pb2.VISIBILITY_PRIVATE
        )
        create.bot_delay.seconds, create.bot_delay.nanos = seconds, nanos
        with pytest.raises(ApiError) as refused:
            await _create(client, create)
        assert (refused.value.code, refused.value.field) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "bot_delay",
        )
        quick = lobby_pb2.QuickMatchRequest(game_id="tomy", bots=2)
        quick.bot_delay.seconds, quick.bot_delay.nanos = seconds, nanos
        with pytest.raises(ApiError) as refused:
            try:
                await client.lobby.QuickMatch(quick, metadata=client.metadata, timeout=10)
            except grpc.aio.AioRpcError as exc:
                raise api_error(exc) from None
        assert (refused.value.code, refused.value.field) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "bot_delay",
        )
        # A valid Duration is taken: 1.5 s.
        create.bot_delay.seconds, create.bot_delay.nanos = 1, 500_000_000
        assert (await _create(client, create)).room_id
    finally:
        await client.close()
