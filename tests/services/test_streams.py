"""Streams at scale on one replica, and graceful shutdown."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import grpc
from cercle.v1 import game_pb2

from clients.sdk import Client
from services.server import start_replica
from tests.services.play import read_message, round_trips_by_op, wait_for
from tests.services.tables import table_with_bots


async def test_an_action_costs_one_redis_round_trip_whatever_the_number_of_subscribers(
    redis_url: str,
) -> None:
    """The Act commits once, planned on the replica's copy of the room it follows
    (services.rooms.warm, kept since the spectators joined with streams open); the replica's feed
    gets the entry from the commit's notification and fans it out to its local subscribers
    without a read."""
    replica = await start_replica(redis_url, timers=False)
    address = f"127.0.0.1:{replica.port}"
    host = Client(address)
    watchers = [Client(address) for _ in range(30)]
    tasks: list[asyncio.Task[None]] = []
    try:
        await host.login("Host")
        room = await table_with_bots(host, "tamashii", players=1, options={"decision_seconds": "0"})
        got: dict[int, list[int]] = {i: [] for i in range(len(watchers))}
        for i, watcher in enumerate(watchers):
            await watcher.login(f"W{i}")
            await watcher.join(room.room_id, spectator=True)

            async def pump(i: int = i, watcher: Client = watcher) -> None:
                async for update in watcher.updates(room.room_id):
                    got[i].append(update.seq)

            tasks.append(asyncio.create_task(pump()))
        seq = (await host.view(room.room_id)).room.seq
        await wait_for(lambda: all(g and g[-1] == seq for g in got.values()))
        await asyncio.sleep(0.3)
        legal = await host.legal(room.room_id)
        before_by_op = round_trips_by_op()
        await host.act(room.room_id, legal.actions[0], legal.version)
        await wait_for(lambda: all(g[-1] == seq + 1 for g in got.values()))
        by_op = {
            op: n - before_by_op.get(op, 0)
            for op, n in round_trips_by_op().items()
            if n != before_by_op.get(op, 0)
        }
        used = sum(by_op.values())
        # The Act: one commit (a script that also publishes the entry, so the feed needs no
        # read) and no load; a poll that raced may add a read or two - never one per
        # subscriber.
        assert "load_room_for_action" not in by_op, by_op
        assert by_op.get("commit_action") == 1, by_op
        assert used <= 3, f"{used} Redis calls for one update to 30 subscribers: {by_op}"
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for client in [host, *watchers]:
            await client.close()
        await replica.stop(grace=0.1)


async def test_graceful_shutdown_ends_streams_and_clients_resume_elsewhere(redis_url: str) -> None:
    """A replica that stops goes NOT_SERVING, ends its streams cleanly, and a client resumes
    on another replica from its last cursor."""
    first = await start_replica(redis_url, timers=False)
    second = await start_replica(redis_url, timers=False)
    player = Client(f"127.0.0.1:{first.port}")
    try:
        await player.login("Solo")
        room = await table_with_bots(
            player, "tamashii", players=1, options={"decision_seconds": "0"}
        )
        call = player.game.Subscribe(
            game_pb2.SubscribeRequest(room_id=room.room_id), metadata=player.metadata
        )
        got = [u async for u in _take(call, room.room_id, player)]
        await first.stop(grace=1.0)
        got += [u async for u in call]  # the stream ends without an error
        seqs = [u.seq for u in got]
        other = Client(f"127.0.0.1:{second.port}", player.token)
        legal = await other.legal(room.room_id)
        await other.act(room.room_id, legal.actions[0], legal.version)
        async for update in other.updates(room.room_id, cursor=got[-1].cursor):
            assert update.seq == seqs[-1] + 1
            break
        await other.close()
    finally:
        await player.close()
        await second.stop(grace=0.1)


async def _take(
    call: grpc.aio.UnaryStreamCall[game_pb2.SubscribeRequest, game_pb2.SubscribeResponse],
    room_id: str,
    player: Client,
) -> AsyncIterator[game_pb2.SubscribeResponse]:
    """The stream's first updates (up to the current seq)."""
    seq = (await player.view(room_id)).room.seq
    async for update in call:
        yield update
        if update.seq >= seq:
            return


async def test_liveness_stays_serving_while_readiness_follows_redis(redis_url: str) -> None:
    """Kubernetes' liveness probe asks health service "liveness" (the process answers);
    readiness asks "" (the process can reach Redis)."""
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    replica = await start_replica("redis://127.0.0.1:1/0", timers=False)  # nothing there
    channel = Client(f"127.0.0.1:{replica.port}").channel
    try:
        stub = health_pb2_grpc.HealthStub(channel)
        live = await stub.Check(health_pb2.HealthCheckRequest(service="liveness"))
        assert live.status == health_pb2.HealthCheckResponse.SERVING
        await asyncio.sleep(0.3)
        ready = await stub.Check(health_pb2.HealthCheckRequest(service=""))
        assert ready.status == health_pb2.HealthCheckResponse.NOT_SERVING
    finally:
        await channel.close()
        await replica.stop(grace=0.1)


async def test_a_replica_keeps_nothing_of_a_room_once_its_last_stream_there_closes(
    redis_url: str,
) -> None:
    """Room after room on one replica (as in `make soak`): the record and the renderers a
    room's streams share live while a stream of it is open here, and go with the last one,
    so a replica's memory does not grow with every room it ever served."""
    replica = await start_replica(redis_url, timers=False)
    player = Client(f"127.0.0.1:{replica.port}")
    try:
        await player.login("Solo")
        rooms = []
        for _ in range(3):
            room = await table_with_bots(
                player, "tamashii", players=1, options={"decision_seconds": "0"}
            )
            rooms.append(room.room_id)
            streams = [
                player.game.Subscribe(
                    game_pb2.SubscribeRequest(room_id=room.room_id), metadata=player.metadata
                )
                for _ in range(2)
            ]
            firsts = [await read_message(stream) for stream in streams]
            assert all(first.seq > 0 for first in firsts)
            legal = await player.legal(room.room_id)
            await player.act(room.room_id, legal.actions[0], legal.version)
            for stream in streams:  # a live update: rendered through the shared renderer
                assert (await read_message(stream)).seq > firsts[0].seq
            assert replica.game.cache.holds(room.room_id)
            streams[0].cancel()
            await wait_for(lambda r=room.room_id: len(replica.feeds.rooms[r].queues) == 1)
            assert replica.game.cache.holds(room.room_id)  # the other stream still shares it
            streams[1].cancel()
            await wait_for(lambda r=room.room_id: r not in replica.feeds.rooms)
            await wait_for(lambda r=room.room_id: not replica.game.cache.holds(r))
        assert not [r for r in rooms if replica.game.cache.holds(r)]
    finally:
        await player.close()
        await replica.stop(grace=0.1)
