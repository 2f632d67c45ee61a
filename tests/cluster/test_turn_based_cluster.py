"""Turn-based rooms, the inbox, invitations and the webhook outbox on a real 3-master Redis
Cluster (issue 28): every script of theirs touches one slot (a player's ``{p:<id>}`` inbox,
the ``{outbox}``, the cap's and the warnings' single keys), so a match played through two
replicas tells each player, on any replica, and a webhook receives every notification."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cercle.v1 import common_pb2, inbox_pb2
from redis.crc import key_slot

from clients.inbox import turn_based
from clients.sdk import Client
from deploy.local.cluster import Proc, start_replica
from services.store.keys import inbox_keys
from tests.cluster.test_redis_cluster import redis_cluster  # noqa: F401  (a fixture)
from tests.faults.test_webhook_kills import SECRET, Receiver
from tests.services.play import read_message


def test_an_inbox_lives_in_one_slot() -> None:
    items, order = inbox_keys("p-0123456789abcdef")
    assert key_slot(items.encode()) == key_slot(order.encode())


async def test_a_turn_based_match_tells_both_players_on_a_cluster(
    redis_cluster: tuple[list[Proc], Path],  # noqa: F811
) -> None:
    nodes, work = redis_cluster
    receiver = Receiver()
    server = await asyncio.start_server(receiver.handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    url = f"redis+cluster://127.0.0.1:{nodes[0].port}"
    env = {
        "CERCLE_WEBHOOK_URL": f"http://127.0.0.1:{port}/",
        "CERCLE_WEBHOOK_SECRET": SECRET,
        "CERCLE_WEBHOOK_LEASE_SECONDS": "3",
    }
    procs = [start_replica(url, work, name=f"turns-{i}", env=env) for i in range(2)]
    clients = [Client(f"127.0.0.1:{p.port}") for p in procs]
    try:
        for i, client in enumerate(clients):
            await client.login(f"P{i}")
        room = await clients[0].create_room("awimbawe", pace=turn_based(3600), private=True)
        sent = await clients[0].inbox.invite(room.room_id, clients[1].player_id)
        (note,) = (await clients[1].inbox.notifications()).notifications
        assert note.kind == inbox_pb2.NOTIFICATION_KIND_INVITATION
        assert note.invitation_code == sent.invitation_code
        joined = await clients[1].inbox.respond_to_invitation(note.invitation_code)
        assert joined.room.my_seat == 1
        for client in clients:  # the last ready starts it
            await client.ready(room.room_id)
        view = await clients[0].view(room.room_id)
        assert view.room.status == common_pb2.ROOM_STATUS_PLAYING
        mover = view.waiting_for[0]
        other = 1 - mover
        start = (await clients[other].inbox.notifications()).notifications[0].sequence
        call = clients[other].inbox.watch(start)
        try:
            for _ in range(20):
                legal = await clients[mover].legal(room.room_id)
                await clients[mover].act(room.room_id, legal.actions[0], legal.version)
                if other in (await clients[0].view(room.room_id)).waiting_for:
                    break
            got = (await read_message(call, 20)).notification
            assert got.kind == inbox_pb2.NOTIFICATION_KIND_YOUR_TURN and got.seat == other
        finally:
            call.cancel()
        expected = set()
        for client in clients:
            page = await client.inbox.notifications()
            expected |= {f"{client.player_id}/{n.notification_id}" for n in page.notifications}
        for _ in range(300):
            if expected <= set(receiver.received):
                break
            await asyncio.sleep(0.1)
        assert expected <= set(receiver.received)
        assert receiver.bad_signatures == 0
    finally:
        for client in clients:
            await client.close()
        for proc in procs:
            proc.stop()
        server.close()
        await server.wait_closed()
