"""Invitations (issue 28, item 5): by player id (the invitee's inbox and WatchInbox on
another replica get it) or by a shareable code; accept takes a seat, even in a private
room; decline spends it; every refusal is a clear status and changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest
from cercle.v1 import inbox_pb2

from clients.api_error import ApiError
from clients.inbox import turn_based
from services.rooms.invitations import INVITATIONS_PER_HOUR
from services.server import Replica, start_replica
from tests.services.play import read_message
from tests.services.tables import addresses, logged_in


@pytest.fixture
async def replicas(empty_redis_url: str) -> AsyncIterator[list[Replica]]:
    started = [await start_replica(empty_redis_url, timers=False) for _ in range(2)]
    try:
        yield started
    finally:
        for replica in started:
            await replica.stop(grace=0.1)


async def test_an_invited_player_hears_of_it_and_takes_a_seat_in_a_private_room(
    replicas: list[Replica],
) -> None:
    ann, bob = await logged_in(addresses(replicas), "AB")
    try:
        room = await ann.create_room("awimbawe", private=True, pace=turn_based())
        start = (await bob.inbox.notifications()).notifications
        call = bob.inbox.watch(start[0].sequence if start else 0)
        try:
            sent = await ann.inbox.invite(room.room_id, bob.player_id)
            got = (await read_message(call)).notification
        finally:
            call.cancel()
        assert got.kind == inbox_pb2.NOTIFICATION_KIND_INVITATION
        assert got.room_id == room.room_id and got.game_id == "awimbawe"
        assert got.invitation_code == sent.invitation_code
        assert got.from_player_id == ann.player_id and got.from_display_name == "A"
        assert room.join_code not in str(got)  # the room's code stays the members' secret
        assert sent.invitation_code not in got.notification_id  # ids go to webhooks, logs
        listed = (await bob.inbox.notifications()).notifications[0]
        assert listed.notification_id == got.notification_id
        joined = await bob.inbox.respond_to_invitation(got.invitation_code)
        assert joined.room.room_id == room.room_id and joined.room.my_seat == 1
        again = await bob.inbox.respond_to_invitation(got.invitation_code)  # accepting twice
        assert again.room.my_seat == 1
        # Once the match has started (a turn-based table starts when everyone is ready),
        # nobody is invited to it any more.
        for client in (ann, bob):
            await client.ready(room.room_id)
        with pytest.raises(ApiError) as started:
            await ann.inbox.invite(room.room_id)
        assert started.value.reason == "MATCH_STARTED"
    finally:
        await ann.close()
        await bob.close()


async def test_a_shareable_code_seats_whoever_has_it_and_a_declined_one_is_spent(
    replicas: list[Replica],
) -> None:
    ann, bob, cid, dan = await logged_in(addresses(replicas), "ABCD")
    try:
        room = await ann.create_room("tomy", players=3, private=True)
        shared = await ann.inbox.invite(room.room_id)
        assert (await bob.inbox.respond_to_invitation(shared.invitation_code)).room.my_seat == 1
        await cid.inbox.respond_to_invitation(shared.invitation_code, accept=False)  # not spent
        direct = await ann.inbox.invite(room.room_id, dan.player_id)
        with pytest.raises(ApiError) as other:
            await cid.inbox.respond_to_invitation(direct.invitation_code)
        assert other.value.code == grpc.StatusCode.PERMISSION_DENIED
        assert other.value.reason == "NOT_INVITED"
        await dan.inbox.respond_to_invitation(direct.invitation_code, accept=False)
        with pytest.raises(ApiError) as declined:
            await dan.inbox.respond_to_invitation(direct.invitation_code)
        assert declined.value.reason == "INVITATION_DECLINED"
        assert (await cid.inbox.respond_to_invitation(shared.invitation_code)).room.my_seat == 2
        seats = [s.player_id for s in (await ann.view(room.room_id)).room.seats]
        assert dan.player_id not in seats
    finally:
        for client in (ann, bob, cid, dan):
            await client.close()


async def test_bad_invitations_are_refused_and_change_nothing(replicas: list[Replica]) -> None:
    ann, bob, cid = await logged_in(addresses(replicas), "ABC")
    try:
        room = await ann.create_room("awimbawe")
        cases = [
            (
                bob.inbox.invite(room.room_id, cid.player_id),
                grpc.StatusCode.PERMISSION_DENIED,
                "NOT_IN_ROOM",
            ),
            (
                ann.inbox.invite(room.room_id, "p-nobody"),
                grpc.StatusCode.NOT_FOUND,
                "PLAYER_NOT_FOUND",
            ),
            (
                ann.inbox.invite(room.room_id, ann.player_id),
                grpc.StatusCode.INVALID_ARGUMENT,
                "INVALID_ARGUMENT",
            ),
            (
                bob.inbox.respond_to_invitation("no-such-code"),
                grpc.StatusCode.NOT_FOUND,
                "INVITATION_NOT_FOUND",
            ),
        ]
        for call, code, reason in cases:
            with pytest.raises(ApiError) as refused:
                await call
            assert (refused.value.code, refused.value.reason) == (code, reason)
            assert refused.value.message  # a text a frontend can show
        assert (await cid.inbox.notifications()).notifications == []
        # The hourly cap.
        for _ in range(INVITATIONS_PER_HOUR):
            await ann.inbox.invite(room.room_id)
        with pytest.raises(ApiError) as many:
            await ann.inbox.invite(room.room_id, cid.player_id)
        assert many.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert many.value.reason == "TOO_MANY_INVITATIONS"
        assert (await cid.inbox.notifications()).notifications == []
    finally:
        for client in (ann, bob, cid):
            await client.close()
