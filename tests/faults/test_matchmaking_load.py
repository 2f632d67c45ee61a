"""200 match tickets sent through 3 real replica processes at once, every replica's matcher
claiming from the same queue in real Valkey: everyone is seated exactly once.

Players get ratings spread over a wide range first (written by the ladder's own counting
script), then each sends one Tomy ticket for a table of three (bot timeout 3 s) through one
of the three replicas. Checks: every ticket ends matched; its room holds its player in the
ticket's seat; every person seated in a room holds a ticket naming that room (no second
table for a ticket: each player's room list holds one room); tables of several people hold
close ratings (within the window the oldest could have widened to).
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections import defaultdict
from pathlib import Path

from clients.sdk import Client
from deploy.local.cluster import Proc, start_replica
from services.ladder.matchmaking import window
from services.ladder.ratings import season_of
from services.store import Store
from services.store.keys import my_rooms_key
from services.store.matchmaking import for_store as tickets_store
from services.store.ratings import PlayerUpdate, Rating, RatingChange
from services.store.ratings import for_store as ratings_store

TICKETS = 200
ENV = {"CERCLE_ANONYMOUS_RATE_PER_SECOND": "100000"}


async def test_200_tickets_from_3_replicas_seat_everyone_once(
    redis_url: str, tmp_path: Path
) -> None:
    procs: list[Proc] = [
        start_replica(redis_url, tmp_path, name=f"mm-{i}", env=ENV) for i in range(3)
    ]
    addresses = [f"127.0.0.1:{p.port}" for p in procs]
    clients = [Client(addresses[i % 3]) for i in range(TICKETS)]
    store = Store(redis_url)
    rng = random.Random(200)
    try:
        gate = asyncio.Semaphore(40)

        async def login(i: int, client: Client) -> None:
            async with gate:
                await client.login_device(secrets.token_hex(16), f"Queue {i}")

        await asyncio.gather(*(login(i, c) for i, c in enumerate(clients)))
        ladder = ratings_store(store)
        season = season_of(time.time())
        ordinals: dict[str, float] = {}
        for client in clients:
            mu = rng.uniform(10.0, 60.0)
            ordinals[client.player_id] = mu - 3 * 2.0
            change = RatingChange(
                "seed-" + secrets.token_hex(4), "tomy", 1.0, 1, mu, 2.0, mu, 2.0, 20
            )
            update = PlayerUpdate(client.player_id, None, Rating(mu, 2.0, 20), mu - 6.0, change)
            assert await ladder.rate_match(change.room_id, "tomy", season, 3600, [update]) == 1

        started = time.monotonic()

        async def ask(client: Client) -> str:
            async with gate:
                return (await client.ladder.match_ticket("tomy", 3, bot_timeout=3)).ticket_id

        ticket_ids = await asyncio.gather(*(ask(c) for c in clients))
        db = tickets_store(store)
        for _ in range(600):
            tickets = await db.tickets(ticket_ids)
            if all(t.get("status") == "matched" for t in tickets):
                break
            await asyncio.sleep(0.1)
        else:
            waiting = [t.get("status") for t in tickets if t.get("status") != "matched"]
            raise AssertionError(f"{len(waiting)} tickets never matched: {waiting[:5]}")
        elapsed = time.monotonic() - started

        by_room: dict[str, list[dict[str, str]]] = defaultdict(list)
        for ticket in tickets:
            by_room[ticket["room"]].append(ticket)
        for room_id, members in by_room.items():
            record = await store.rooms.load_room(room_id)
            assert record is not None and record.status.value == "playing", room_id
            humans = {s.player_id for s in record.seats if s is not None and not s.is_bot}
            assert humans == {t["player"] for t in members}, "every person there holds a ticket"
            for ticket in members:
                seat = record.seats[int(ticket["seat"])]
                assert seat is not None and seat.player_id == ticket["player"]
            assert len(record.seats) == 3 and int(members[0]["bots"]) == 3 - len(members)
            ratings = [float(t["rating"]) for t in members]
            assert max(ratings) - min(ratings) <= 2 * window(elapsed), (room_id, ratings)
        for _ in range(50):  # the emptied queue leaves the matchers' list
            if "tomy:3:" not in str(await db.queues()):
                break
            await asyncio.sleep(0.1)
        assert not [q for q in await db.queues() if q.startswith("tomy:3:")]
        for client in clients:  # one table each, whatever replica claimed it
            assert await store.redis.zcard(my_rooms_key(client.player_id)) == 1
        assert sum(len(m) for m in by_room.values()) == TICKETS
        people = [len(m) for m in by_room.values()]
        assert people.count(3) >= TICKETS // 6, f"few full tables: {people}"
    finally:
        for client in clients:
            await client.close()
        await store.close()
        for proc in procs:
            proc.stop()
