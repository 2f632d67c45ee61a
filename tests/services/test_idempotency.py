"""An idempotency key names one request, over two real replicas and one real Redis.

The same key with the same request replays the first answer (tests/services/test_api.py);
the same key with anything else - another action, another game's action, another version,
another room - is refused INVALID_ARGUMENT / IDEMPOTENCY_KEY_REUSED and changes nothing,
even when the two requests race through two replicas.
"""

from __future__ import annotations

import asyncio
import uuid

import grpc
from cercle.v1 import game_pb2, tomahawk_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from tests.services.play import open_table, stop_all
from tests.services.tables import table_with_bots

QUIET = {"decision_seconds": "0"}


async def _state(client: Client, room_id: str) -> tuple[int, int]:
    view = await client.view(room_id)
    return view.room.version, view.room.seq


def _reused(exc: ApiError) -> bool:
    return (exc.code, exc.reason, exc.field) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "IDEMPOTENCY_KEY_REUSED",
        "request_id",
    )


async def _solo_table(client: Client) -> str:
    """A started private Tamashii match of ``client`` alone."""
    room = await table_with_bots(client, "tamashii", players=1, private=True, options=QUIET)
    return room.room_id


async def test_a_key_reused_for_another_request_is_refused_and_changes_nothing(
    replicas: list[str],
) -> None:
    player = Client(replicas[0])
    elsewhere = Client(replicas[1])  # the same session, on the other replica
    try:
        await player.login("Keys")
        elsewhere.token = player.token
        room_id = await _solo_table(player)
        other_room = await _solo_table(player)
        legal = await player.legal(room_id)
        assert len(legal.actions) >= 2
        key = uuid.uuid4().hex
        first = await player.act(room_id, legal.actions[0], legal.version, key=key)
        again = await elsewhere.act(room_id, legal.actions[0], legal.version, key=key)
        assert again.replayed and (again.seq, again.version) == (first.seq, first.version)
        after = await _state(player, room_id)
        other_before = await _state(player, other_room)
        other_legal = await player.legal(other_room)

        another_game = game_pb2.Action(
            tomahawk=tomahawk_pb2.TomahawkAction(draw=tomahawk_pb2.TomahawkAction.Draw())
        )
        attempts = [
            (room_id, legal.actions[1], legal.version),  # another action
            (room_id, another_game, legal.version),  # another game's action
            (room_id, legal.actions[0], legal.version + 1),  # another version
            (other_room, other_legal.actions[0], other_legal.version),  # another room
        ]
        for target, action, version in attempts:
            for client in (player, elsewhere):
                try:
                    await client.act(target, action, version, key=key)
                except ApiError as exc:
                    assert _reused(exc), exc
                else:
                    raise AssertionError(f"key reused with {action} at {version} was accepted")
        assert await _state(player, room_id) == after, "a refused request changed the room"
        assert await _state(player, other_room) == other_before, "the other room changed"
        # A new key in the other room works as ever.
        await player.act(other_room, other_legal.actions[0], other_legal.version)
    finally:
        await player.close()
        await elsewhere.close()


async def test_one_key_with_two_different_actions_at_once_applies_one(
    replicas: list[str],
) -> None:
    room_id, seats = await open_table(replicas, "tamashii", 1, QUIET)
    player = seats[0].client
    other = Client(replicas[1], player.token)
    try:
        for _ in range(5):
            legal = await player.legal(room_id)
            if len(legal.actions) < 2:
                break
            before = await _state(player, room_id)
            key = uuid.uuid4().hex
            results = await asyncio.gather(
                player.act(room_id, legal.actions[0], legal.version, key=key),
                other.act(room_id, legal.actions[1], legal.version, key=key),
                return_exceptions=True,
            )
            applied = [r for r in results if isinstance(r, game_pb2.ActResponse)]
            refused = [r for r in results if isinstance(r, ApiError)]
            assert len(applied) == 1 and len(refused) == 1, results
            assert not applied[0].replayed
            assert _reused(refused[0]), refused[0]
            assert await _state(player, room_id) == (before[0] + 1, before[1] + 1)
    finally:
        await other.close()
        await stop_all(seats)
