"""One update, serialized once per audience and shared by that audience's streams on a
replica (``EntryRenderer.payload`` + ``services.api.wire``), never crossing audiences: a seat's
stream gets its own hand, never another seat's, and spectators get no hand."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from cercle.v1 import game_pb2

from clients.sdk import Client
from services.server import Replica, start_replica
from tests.services.tables import addresses, logged_in, open_room


async def _table(replica: Replica) -> tuple[str, list[Client], Client]:
    """A started 3-seat Tomahawk match on ``replica``, and a spectator (P3) of it."""
    *players, spectator = await logged_in(addresses([replica]), ["P0", "P1", "P2", "P3"])
    opened = await open_room(players, "tomahawk", spectators=[spectator])
    return opened.room_id, players, spectator


async def _close(replica: Replica, clients: list[Client]) -> None:
    for client in clients:
        await client.close()
    await replica.stop(grace=0.1)


async def test_shared_payloads_are_keyed_by_audience(redis_url: str) -> None:
    """Two viewers of one entry at different seats get different bytes, each with its own
    hand; a second stream of the same seat gets the very same bytes (one serialization)."""
    replica = await start_replica(redis_url, timers=False)
    room_id, players, spectator = await _table(replica)
    try:
        record = await replica.rooms.load(room_id)
        entry = (await replica.rooms.read_log(room_id, 0))[-1]
        assert entry.state is not None
        renderer = replica.game.cache.renderer(record, entry)
        ids = [p.player_id for p in (await players[0].view(room_id)).room.seats]
        hands = [list((await p.view(room_id)).view.tomahawk.hand_ids) for p in players]
        assert hands[0] != hands[1]
        for seat, viewer in enumerate(ids):
            sent = game_pb2.SubscribeResponse.FromString(renderer.payload(viewer, seat, 0))
            assert list(sent.view.tomahawk.hand_ids) == hands[seat]
            assert sent.view.tomahawk.seat == seat
        watching = game_pb2.SubscribeResponse.FromString(renderer.payload("watcher", None, 0))
        assert not watching.view.tomahawk.hand_ids
        assert not watching.view.tomahawk.HasField("seat")
        assert renderer.payload(ids[0], 0, 0) is renderer.payload(ids[0], 0, 0)
    finally:
        await _close(replica, [*players, spectator])


async def test_every_stream_sees_its_own_hand_through_the_shared_fan_out(redis_url: str) -> None:
    """Over real streams on one replica (two for the first player): after each move, each
    seat's update carries exactly the hand GetView gives that player, the spectator's none,
    and the two streams of one seat receive identical updates."""
    replica = await start_replica(redis_url, timers=False)
    room_id, players, spectator = await _table(replica)
    watchers = [players[0], players[0], players[1], players[2], spectator]
    got: list[list[game_pb2.SubscribeResponse]] = [[] for _ in watchers]
    first = await players[0].view(room_id)
    start, moves = first.room.seq, 4

    async def pump(index: int, client: Client) -> None:
        async for update in client.updates(room_id, cursor=first.cursor):
            got[index].append(update)
            if update.seq >= start + moves:
                return

    tasks = [asyncio.create_task(pump(i, c)) for i, c in enumerate(watchers)]
    try:
        for _ in range(moves):
            view = await players[0].view(room_id)
            mover = players[view.waiting_for[0]]
            legal = await mover.legal(room_id)
            await mover.act(room_id, legal.actions[0], legal.version)
            seq = (await mover.view(room_id)).room.seq
            hands = [list((await p.view(room_id)).view.tomahawk.hand_ids) for p in players]
            await asyncio.wait_for(
                _until(lambda s=seq: all(g and g[-1].seq >= s for g in got)),
                10,
            )
            latest = [next(u for u in g if u.seq == seq) for g in got]
            for seat, update in zip([0, 0, 1, 2], latest[:4], strict=True):
                assert list(update.view.tomahawk.hand_ids) == hands[seat], (seat, seq)
            # the same update (the server's time is that of its rendering: a stream that read
            # the entry from the log, having subscribed after it, got its own)
            assert all(u.server_time.seconds > 0 and u.cursor for u in latest)
            same = [game_pb2.SubscribeResponse() for _ in range(2)]
            for copy, update in zip(same, latest[:2], strict=True):
                copy.CopyFrom(update)
                copy.ClearField("server_time")
            assert same[0].SerializeToString() == same[1].SerializeToString()
            assert not latest[4].view.tomahawk.hand_ids
        await asyncio.wait_for(asyncio.gather(*tasks), 10)
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await _close(replica, [*players, spectator])


async def _until(condition: Callable[..., bool]) -> None:
    # Callable[...]: the caller binds its loop variable as a default (lambda s=seq: ...)
    while not condition():
        await asyncio.sleep(0.01)


async def test_a_lobby_update_is_shared_by_viewers_the_room_says_the_same_of(
    redis_url: str,
) -> None:
    """A lobby change carries the Room, which says which seat is the viewer's and shows the
    join code to members only: members of one seat share its bytes; a seated player gets
    their seat; someone who is not a member never gets the code."""
    replica = await start_replica(redis_url, timers=False)
    address = f"127.0.0.1:{replica.port}"
    host, guest, watcher = Client(address), Client(address), Client(address)
    try:
        for i, client in enumerate((host, guest, watcher)):
            await client.login(f"P{i}")
        room = await host.create_room("tomahawk", players=2, private=True)
        assert room.join_code
        await guest.join(code=room.join_code)
        await watcher.join(code=room.join_code, spectator=True)
        record = await replica.rooms.load(room.room_id)
        entry = (await replica.rooms.read_log(room.room_id, 0))[-1]
        assert entry.room is not None  # the spectator's arrival: a lobby change
        renderer = replica.game.cache.renderer(record, entry)
        watcher_id = record.spectators[0]
        guest_id = next(
            s.player_id for s in entry.room.seats if s and s.player_id != record.meta.host
        )
        for_watcher = renderer.payload(watcher_id, None, 0)
        assert renderer.payload(watcher_id, None, 0) is for_watcher
        sent = game_pb2.SubscribeResponse.FromString(for_watcher)
        assert not sent.room.HasField("my_seat") and sent.room.join_code == room.join_code
        seated = game_pb2.SubscribeResponse.FromString(renderer.payload(guest_id, 1, 0))
        assert seated.room.my_seat == 1 and seated.room.join_code == room.join_code
        stranger = game_pb2.SubscribeResponse.FromString(renderer.payload("p-stranger", None, 0))
        assert not stranger.room.HasField("my_seat") and not stranger.room.join_code
    finally:
        await _close(replica, [host, guest, watcher])
