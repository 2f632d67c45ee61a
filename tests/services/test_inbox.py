"""The inbox (issue 28, item 3): "your turn", match started and ended, kept in Redis,
announced on whichever replica the player watches from, paginated, marked read, bounded.

Two in-process replicas share one real Redis and an injected clock; the players act on one
replica and watch their inbox on the other.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import grpc
import pytest
from cercle.v1 import inbox_pb2, pace_pb2

from clients.api_error import ApiError
from clients.inbox import turn_based
from clients.sdk import Client
from services.api.streams import MAX_STREAMS_PER_SESSION
from services.rooms.inbox import NotificationKind, NotificationRecord
from services.server import Replica
from tests.services.play import read_message
from tests.services.tables import (
    START,
    FakeClock,
    addresses,
    clocked_replicas,
    logged_in,
    open_room,
    tick,
)

HOUR = 3600.0
DAY = 24 * HOUR


@pytest.fixture
async def clocked(empty_redis_url: str) -> AsyncIterator[tuple[FakeClock, list[Replica]]]:
    async with clocked_replicas(empty_redis_url, unattended_grace=60) as both:
        yield both


async def _pair(
    replicas: list[Replica], pace: pace_pb2.RoomPace | None = None
) -> tuple[str, list[Client], list[Client]]:
    """A started 2-seat Awimbawé room; each player has a client on each replica."""
    first, second = addresses(replicas)
    on_first = await logged_in([first], ["P0", "P1"])
    on_second = [Client(second, token=c.token) for c in on_first]
    # A turn-based table starts by itself once everyone is ready.
    opened = await open_room(on_first, "awimbawe", players=2, pace=pace, start=pace is None)
    return opened.room_id, on_first, on_second


async def _close(*groups: list[Client]) -> None:
    for group in groups:
        for client in group:
            await client.close()


async def test_your_turn_is_in_the_inbox_and_on_the_stream_of_another_replica(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    room_id, first, second = await _pair(replicas, turn_based(DAY))
    try:
        view = await first[0].view(room_id)
        mover = view.waiting_for[0]
        other = 1 - mover
        inbox = await second[other].inbox.notifications()
        kinds = [n.kind for n in inbox.notifications]
        assert kinds == [inbox_pb2.NOTIFICATION_KIND_MATCH_STARTED]
        mover_inbox = await second[mover].inbox.notifications()
        assert [n.kind for n in mover_inbox.notifications] == [
            inbox_pb2.NOTIFICATION_KIND_YOUR_TURN,
            inbox_pb2.NOTIFICATION_KIND_MATCH_STARTED,
        ]
        turn = mover_inbox.notifications[0]
        assert turn.room_id == room_id and turn.seat == mover and not turn.read
        assert turn.expire_time.seconds == int(START + DAY)
        # The other player watches on replica 1; the mover plays on replica 0.
        call = second[other].inbox.watch(inbox.notifications[0].sequence)
        try:
            clock.now += HOUR
            # The mover plays on replica 0 until the room waits for the other player.
            for _ in range(20):
                legal = await first[mover].legal(room_id)
                await first[mover].act(room_id, legal.actions[0], legal.version)
                if other in (await first[mover].view(room_id)).waiting_for:
                    break
            else:
                pytest.fail("the turn never passed")
            got = await read_message(call)
            assert got.notification.kind == inbox_pb2.NOTIFICATION_KIND_YOUR_TURN
            assert got.notification.room_id == room_id
            assert got.notification.seat == other
            assert got.notification.create_time.seconds == int(START + HOUR)
            rooms = {r.room_id: r for r in await second[other].my_rooms()}
            assert rooms[room_id].my_turn.waiting
            assert rooms[room_id].my_turn.since_time.seconds == int(START + HOUR)
            assert not (await second[mover].my_rooms())[0].my_turn.waiting
        finally:
            call.cancel()
    finally:
        await _close(first, second)


async def test_a_live_room_tells_start_and_end_but_not_every_turn(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    _, replicas = clocked
    room_id, first, second = await _pair(replicas)
    try:
        for _ in range(500):
            view = await first[0].view(room_id)
            if not view.waiting_for:
                break
            seat = view.waiting_for[0]
            legal = await first[seat].legal(room_id)
            await first[seat].act(room_id, legal.actions[0], legal.version)
        for client in second:
            inbox = await client.inbox.notifications()
            assert [n.kind for n in inbox.notifications] == [
                inbox_pb2.NOTIFICATION_KIND_MATCH_ENDED,
                inbox_pb2.NOTIFICATION_KIND_MATCH_STARTED,
            ]
            assert all(n.room_id == room_id for n in inbox.notifications)
    finally:
        await _close(first, second)


async def test_inbox_pages_marks_read_and_keeps_a_bounded_count_and_age(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    inbox = replicas[0].rooms.inbox
    client = Client(f"127.0.0.1:{replicas[1].port}")
    try:
        await client.login("Ann")
        player = client.player_id
        inbox.cap = 25
        for i in range(30):
            note = NotificationRecord(
                f"r{i}:turn", NotificationKind.YOUR_TURN, f"r{i}", "awimbawe", 0, clock.now
            )
            assert await inbox.add(player, note) > 0
            assert await inbox.add(player, note) == 0  # the same cause adds it once
            clock.now += HOUR
        seen: list[inbox_pb2.Notification] = []
        token = ""
        while True:
            page = await client.inbox.notifications(page_size=10, page_token=token)
            seen += page.notifications
            assert page.unread_count == 25
            token = page.next_page_token
            if not token:
                break
        assert [n.room_id for n in seen] == [f"r{i}" for i in range(29, 4, -1)]  # newest 25
        unread = await client.inbox.mark_read(
            [seen[0].notification_id], up_to_sequence=seen[-1].sequence
        )
        assert unread == 23
        assert await client.inbox.mark_read([seen[0].notification_id]) == 23  # idempotent
        page = await client.inbox.notifications(unread_only=True)
        assert {n.room_id for n in page.notifications} == {f"r{i}" for i in range(6, 29)}
        # Age: a notification older than the retention goes at the next add.
        inbox.retention = 10 * HOUR
        late = NotificationRecord(
            "late", NotificationKind.MATCH_ENDED, "x", "awimbawe", 0, clock.now
        )
        await inbox.add(player, late)
        page = await client.inbox.notifications()
        assert all(n.create_time.seconds >= int(clock.now - 10 * HOUR) for n in page.notifications)
        assert len(page.notifications) == 11  # the turns of the last 10 hours, and the late one
    finally:
        await client.close()


async def test_inbox_refuses_bad_requests_with_a_clear_status(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    _, replicas = clocked
    async with Client(f"127.0.0.1:{replicas[0].port}") as client:
        await client.login("Ann")
        with pytest.raises(ApiError) as refused:
            await client.inbox.mark_read(["x"] * 101)
        assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
        assert refused.value.field == "notification_ids"
        with pytest.raises(ApiError) as token:
            await client.inbox.notifications(page_token="nope")
        assert token.value.reason == "INVALID_PAGE_TOKEN"
        anonymous = Client(f"127.0.0.1:{replicas[0].port}")
        try:
            call = anonymous.inbox.watch()
            with pytest.raises(grpc.aio.AioRpcError) as denied:
                await asyncio.wait_for(call.read(), 10)
            assert denied.value.code() == grpc.StatusCode.UNAUTHENTICATED
        finally:
            await anonymous.close()


async def test_a_clock_about_to_run_out_is_told_once_and_only_while_it_runs(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    room_id, first, second = await _pair(replicas, turn_based(DAY))
    try:
        seat = (await first[0].view(room_id)).waiting_for[0]

        def warnings(page: inbox_pb2.ListNotificationsResponse) -> list[inbox_pb2.Notification]:
            return [
                n
                for n in page.notifications
                if n.kind == inbox_pb2.NOTIFICATION_KIND_CLOCK_RUNNING_OUT
            ]

        # The first player acts an hour in: their clock's warning is never told.
        clock.now = START + HOUR
        legal = await first[seat].legal(room_id)
        await first[seat].act(room_id, legal.actions[0], legal.version)
        waited = (await first[0].view(room_id)).waiting_for[0]
        clock.now = START + DAY - HOUR + 1
        await tick(replicas)
        for client in second:
            assert warnings(await client.inbox.notifications()) == []
        # The next clock's warning comes an hour before it runs out, once.
        clock.now = START + HOUR + DAY - HOUR - 1
        await tick(replicas)
        assert warnings(await second[waited].inbox.notifications()) == []
        clock.now = START + HOUR + DAY - HOUR + 1
        await asyncio.gather(tick(replicas), tick(replicas))  # both replicas, twice
        (warned,) = warnings(await second[waited].inbox.notifications())
        assert warned.room_id == room_id and warned.seat == waited
        assert warned.expire_time.seconds == int(START + HOUR + DAY)
        assert warnings(await second[1 - waited].inbox.notifications()) == []
    finally:
        await _close(first, second)


async def test_inbox_streams_count_against_the_sessions_stream_budget(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    _, replicas = clocked
    async with Client(f"127.0.0.1:{replicas[0].port}") as client:
        await client.login("Ann")
        calls = [client.inbox.watch() for _ in range(MAX_STREAMS_PER_SESSION)]
        try:
            for call in calls:  # each holds its lease once it runs
                await call.wait_for_connection()
            await asyncio.sleep(0.5)
            extra = client.inbox.watch()
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await asyncio.wait_for(extra.read(), 10)
            assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        finally:
            for call in calls:
                call.cancel()
