"""A committed change's notifications are never lost between the commit and the inboxes
(issue 28, items 3 and 4: every notification delivered at least once).

The commit script keeps a change's notifications in the room's shard in the same atomic step
as the change (``services.store.inbox``'s pending notices); the replica that committed it
puts them in the inboxes and then drops them. Here that replica "dies" exactly in between:
its inbox writer is replaced by one that fails before it writes anything, and the replica is
then stopped. Another replica's expiry loop must deliver them, once, after the grace.

Two in-process replicas share one real Redis and an injected clock; the players speak to
them over real gRPC channels.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from cercle.v1 import inbox_pb2

from clients.api_error import ApiError
from clients.inbox import turn_based
from clients.sdk import Client
from services.rooms.inbox import PENDING_GRACE_SECONDS, PENDING_LEASE_SECONDS, SWEEP_SECONDS
from services.server import Replica
from services.store import StoreUnavailable
from services.store.keys import pending_notices_key, shard_of
from services.store.outbox import OUTBOX_ITEMS
from tests.services.tables import FakeClock, addresses, clocked_replicas, logged_in, open_room

DAY = 24 * 3600.0


class ReplicaDied(Exception):
    """The process ends here: nothing after the commit runs."""


@pytest.fixture
async def clocked(empty_redis_url: str) -> AsyncIterator[tuple[FakeClock, list[Replica]]]:
    async with clocked_replicas(empty_redis_url, unattended_grace=60) as both:
        yield both


async def _pending(replica: Replica, room_id: str) -> list[str]:
    key = pending_notices_key(shard_of(room_id))
    members = await replica.store.core.redis.zrange(key, 0, -1)
    records = [(m.decode(), json.loads(m)) for m in members]
    return [text for text, record in records if isinstance(record, list) and record[0] == room_id]


async def _kinds(client: Client) -> list[str]:
    page = await client.inbox.notifications()
    return sorted(inbox_pb2.NotificationKind.Name(n.kind) for n in page.notifications)


async def test_a_replica_that_dies_after_its_commit_leaves_the_notifications_to_another(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, (dying, survivor) = clocked

    async def dies(payload: str) -> bool:
        raise ReplicaDied

    dying.rooms.inbox.deliver_pending = dies  # type: ignore[method-assign]
    survivor.rooms.inbox.deliver = True  # the operator's webhook outbox gets them too
    players = await logged_in(addresses([dying]), ["P0", "P1"])
    room = await players[0].create_room("awimbawe", players=2, pace=turn_based(DAY))
    await players[1].join(room.room_id)
    await players[0].ready(room.room_id)
    with pytest.raises(ApiError):  # the last ready starts the table, then the replica dies
        await players[1].ready(room.room_id)
    await dying.stop(grace=0)

    watchers = [Client(f"127.0.0.1:{survivor.port}", token=c.token) for c in players]
    try:
        view = await watchers[0].view(room.room_id)
        assert view.waiting_for, "the start was committed before the replica died"
        assert [await _kinds(w) for w in watchers] == [[], []]
        assert len(await _pending(survivor, room.room_id)) == 1

        # Within the grace the committer may still be writing them: the sweep waits.
        clock.now += PENDING_GRACE_SECONDS / 2
        await survivor.expiry.tick_once()
        assert [await _kinds(w) for w in watchers] == [[], []]

        clock.now += PENDING_GRACE_SECONDS
        await survivor.expiry.tick_once()
        kinds = [await _kinds(w) for w in watchers]
        mover = view.waiting_for[0]
        for seat, found in enumerate(kinds):
            expected = ["NOTIFICATION_KIND_MATCH_STARTED"]
            if seat == mover:
                expected.append("NOTIFICATION_KIND_YOUR_TURN")
            assert sorted(found) == sorted(expected), (seat, found)
        assert await _pending(survivor, room.room_id) == []
        deliveries = await survivor.store.core.redis.hkeys(OUTBOX_ITEMS)
        assert len([d for d in deliveries if d.startswith(b"b:")]) == len(kinds[0]) + len(kinds[1])

        # Delivered once: a later sweep finds nothing, and the inboxes are as they were.
        clock.now += PENDING_LEASE_SECONDS + SWEEP_SECONDS
        assert await survivor.rooms.inbox.sweep() == 0
        assert [await _kinds(w) for w in watchers] == kinds
    finally:
        for client in [*players, *watchers]:
            await client.close()


async def test_a_store_failure_after_the_commit_keeps_the_notifications_for_a_sweep(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, (first, second) = clocked
    inbox = first.rooms.inbox
    real_add = inbox.add
    failures = 0

    async def fails_once(player_id: str, note: object) -> int:
        nonlocal failures
        if failures == 0:
            failures += 1
            raise StoreUnavailable("the store went away")
        return await real_add(player_id, note)  # type: ignore[arg-type]

    inbox.add = fails_once  # type: ignore[method-assign]
    players = await logged_in(addresses([first]), ["Q0", "Q1"])
    try:
        # The last ready is answered: the change (the start) is committed.
        room = await open_room(players, "awimbawe", pace=turn_based(DAY), start=False)
        assert failures == 1
        assert len(await _pending(first, room.room_id)) == 1  # kept for a sweep

        clock.now += PENDING_GRACE_SECONDS + 1
        assert await second.rooms.inbox.sweep() == 1
        assert await _pending(first, room.room_id) == []
        for client in players:
            assert "NOTIFICATION_KIND_MATCH_STARTED" in await _kinds(client)
    finally:
        for client in players:
            await client.close()


async def test_a_record_this_version_cannot_read_is_dropped_and_the_sweep_goes_on(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, (first, _) = clocked
    redis = first.store.core.redis
    unreadable = '{"form": "of another version"}'
    await redis.zadd(pending_notices_key(3), {unreadable: clock.now})
    players = await logged_in(addresses([first]), ["R0", "R1"])
    try:
        room = await open_room(players, "awimbawe", pace=turn_based(DAY), start=False)
        # The committer's own delivery went through; the stranger waits for the sweep.
        assert await _pending(first, room.room_id) == []
        clock.now += PENDING_GRACE_SECONDS + 1
        assert await first.rooms.inbox.sweep() == 0
        assert await redis.zrange(pending_notices_key(3), 0, -1) == []
        for client in players:
            assert "NOTIFICATION_KIND_MATCH_STARTED" in await _kinds(client)
    finally:
        for client in players:
            await client.close()
