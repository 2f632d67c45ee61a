"""Webhooks while replicas are killed (issue 28, item 4): every notification in the players'
inboxes reaches the operator's receiver at least once, each delivery signed with the HMAC of
its body, and a delivery that comes twice carries the same idempotency key and body.

Real parts: two server replicas as processes over one real Valkey, an HTTP receiver in this
process that answers some first tries with 500 and holds others without an answer (so that
the replica posting them is killed with its claims leased), and real gRPC clients playing
turn-based matches through both replicas. One replica is SIGKILLed mid-way and a new one
started; the survivors deliver what the dead one had claimed once its lease ran out.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import signal
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from clients.api_error import ApiError
from clients.inbox import turn_based
from clients.sdk import Client
from deploy.local.cluster import Proc, start_replica
from services.rooms.webhooks import IDEMPOTENCY_HEADER, SIGNATURE_HEADER

SECRET = "test-webhook-secret"


@dataclass
class Receiver:
    """A webhook receiver: records every POST; fails or holds some first tries."""

    received: dict[str, list[bytes]] = field(default_factory=lambda: defaultdict(list))
    bad_signatures: int = 0
    tries: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await reader.readuntil(b"\r\n\r\n")
            headers = {}
            for line in request.decode().split("\r\n")[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            body = await reader.readexactly(int(headers["content-length"]))
            key = headers[IDEMPOTENCY_HEADER.lower()]
            expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
            if not hmac.compare_digest(headers[SIGNATURE_HEADER.lower()], expected):
                self.bad_signatures += 1
            self.tries[key] += 1
            first = self.tries[key] == 1
            bucket = int(hashlib.sha256(key.encode()).hexdigest(), 16) % 5
            if first and (bucket == 0 or len(self.tries) == 1):  # the very first one too
                writer.write(b"HTTP/1.1 500 Busy\r\nContent-Length: 0\r\n\r\n")
            elif first and bucket == 1:
                await asyncio.sleep(4)  # held: its replica may be killed meanwhile
                self.received[key].append(body)
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
            else:
                self.received[key].append(body)
                writer.write(b"HTTP/1.1 204 No Content\r\n\r\n")
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, KeyError):
            pass
        finally:
            writer.close()


def _start(redis_url: str, log_dir: Path, name: str, port: int) -> Proc:
    return start_replica(
        redis_url,
        log_dir,
        name=name,
        env={
            "CERCLE_WEBHOOK_URL": f"http://127.0.0.1:{port}/hooks/cercle?v=1",
            "CERCLE_WEBHOOK_SECRET": SECRET,
            "CERCLE_WEBHOOK_LEASE_SECONDS": "3",
        },
    )


async def _play(addresses: list[str], moves: int) -> tuple[list[Client], list[str]]:
    """Two players on different replicas start a turn-based Awimbawé match and play."""
    clients = [Client(addresses[i % len(addresses)]) for i in range(2)]
    for i, client in enumerate(clients):
        await client.login(f"P{i}")
    room = await clients[0].create_room("awimbawe", pace=turn_based(3600))
    await clients[1].join(room.room_id)
    for client in clients:  # the last ready starts a turn-based table
        await client.ready(room.room_id)
    for _ in range(moves):
        view = await clients[0].view(room.room_id)
        if not view.waiting_for:
            break
        seat = view.waiting_for[0]
        legal = await clients[seat].legal(room.room_id)
        try:
            await clients[seat].act(room.room_id, legal.actions[0], legal.version)
        except ApiError:
            continue
    return clients, [room.room_id]


async def _expected(clients: list[Client]) -> set[str]:
    keys = set()
    for client in clients:
        token = ""
        while True:
            page = await client.inbox.notifications(page_token=token)
            keys |= {f"{client.player_id}/{n.notification_id}" for n in page.notifications}
            token = page.next_page_token
            if not token:
                break
    return keys


async def test_every_notification_is_delivered_signed_while_a_replica_is_killed(
    empty_redis_url: str,
) -> None:
    receiver = Receiver()
    server = await asyncio.start_server(receiver.handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    log_dir = Path(tempfile.mkdtemp(prefix="cercle-webhooks-"))
    procs = [_start(empty_redis_url, log_dir, f"hook-{i}", port) for i in range(2)]
    players: list[Client] = []
    try:
        addresses = [f"127.0.0.1:{p.port}" for p in procs]
        first, _ = await _play(addresses, 12)
        players += first
        await asyncio.sleep(1)  # some deliveries are held by the receiver now
        procs[0].kill(signal.SIGKILL)
        procs[0].popen.wait(5)
        procs.append(_start(empty_redis_url, log_dir, "hook-2", port))
        addresses = [f"127.0.0.1:{p.port}" for p in procs[1:]]
        second, _ = await _play(addresses, 12)
        players += second
        for client in first:  # their channel pointed at the dead replica
            client.address = addresses[0]
        expected = set()
        for client in second:
            expected |= await _expected([client])
        async with Client(addresses[0], token=first[0].token) as again:
            again.player_id = first[0].player_id
            expected |= await _expected([again])
        async with Client(addresses[1], token=first[1].token) as again:
            again.player_id = first[1].player_id
            expected |= await _expected([again])
        assert len(expected) >= 8
        for _ in range(600):  # a killed replica's claims come back after their 3 s lease
            if expected <= set(receiver.received):
                break
            await asyncio.sleep(0.1)
        missing = expected - set(receiver.received)
        assert not missing, f"never delivered: {sorted(missing)[:5]}"
        assert receiver.bad_signatures == 0
        assert any(tries > 1 for tries in receiver.tries.values())  # retries happened
        for key, bodies in receiver.received.items():
            assert all(body == bodies[0] for body in bodies)  # a duplicate is the same
            payload = json.loads(bodies[0])
            assert payload["delivery_id"] == key
            text = bodies[0].decode()
            assert SECRET not in text and "join_code" not in text and "token" not in text
    finally:
        for client in players:
            await client.close()
        for proc in procs:
            proc.stop()
        server.close()
        await server.wait_closed()
