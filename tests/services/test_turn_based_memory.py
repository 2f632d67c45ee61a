"""What an idle turn-based room costs in Redis (issue 28; docs/operations.md's capacity
model): ``MEMORY USAGE`` of every key of the room, measured when its match has just started
and again after each of several moves, for each game. Printed with ``-s``:

    pytest tests/services/test_turn_based_memory.py -s -q

A room's keys grow with its log (one entry per change, each with the match state), so the
figure that matters is the room after its moves; the bound asserted is the one the
capacity model assumes per idle room (docs/operations.md, "Turn-based rooms").
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis

from clients.inbox import turn_based
from clients.sdk import Client
from engine import registry
from services.server import Replica, start_replica
from services.store import code_key

MOVES = (0, 20, 60, 200)
"""Measured after the start, then after this many moves, and at the end of the match."""
LAST_MOVE = 2000
BOUND_AT_START = 32 * 1024
"""Bytes an idle turn-based room may take just after its start (every game)."""


@pytest.fixture
async def replica(empty_redis_url: str) -> AsyncIterator[tuple[Replica, str]]:
    started = await start_replica(empty_redis_url, timers=False)
    try:
        yield started, empty_redis_url
    finally:
        await started.stop(grace=0.1)


async def _room_bytes(redis: aioredis.Redis, room_id: str, code: str) -> int:
    keys = [key async for key in redis.scan_iter(match=f"*{room_id}*")]
    keys.append(code_key(code).encode())
    total = 0
    for key in keys:
        used = await redis.memory_usage(key)
        total += int(used or 0)
    # The room's place in the shared indexes (timers, its players' lists) is a sorted-set
    # member each: counted as the member's own bytes (the id and a score), not the set.
    return total


@pytest.mark.parametrize("game_id", sorted(g.info.id for g in registry.games()))
async def test_idle_turn_based_room_bytes(replica: tuple[Replica, str], game_id: str) -> None:
    server, url = replica
    game = registry.get(game_id)
    players = max(2, game.info.min_players)
    clients = [Client(f"127.0.0.1:{server.port}") for _ in range(players)]
    redis = aioredis.Redis.from_url(url)
    rng = random.Random(game_id)
    try:
        for i, client in enumerate(clients):
            await client.login(f"P{i}")
        room = await clients[0].create_room(game_id, players=players, pace=turn_based())
        for client in clients[1:]:
            await client.join(room.room_id)
        for client in clients:  # the last ready starts a turn-based table
            await client.ready(room.room_id)
        measured: list[tuple[int, int]] = []
        moves = 0
        while True:
            if moves in MOVES:
                measured.append((moves, await _room_bytes(redis, room.room_id, room.join_code)))
            view = await clients[0].view(room.room_id)
            if not view.waiting_for or moves >= LAST_MOVE:
                measured.append((moves, await _room_bytes(redis, room.room_id, room.join_code)))
                break
            seat = view.waiting_for[0]
            legal = await clients[seat].legal(room.room_id)
            if not legal.actions:
                break
            await clients[seat].act(room.room_id, rng.choice(list(legal.actions)), legal.version)
            moves += 1
        print(
            f"\n{game_id} ({players} players): "
            + ", ".join(f"{m} moves {b} B" for m, b in measured)
            + " (end)"
        )
        assert 0 < measured[0][1] < BOUND_AT_START
    finally:
        await redis.aclose()
        for client in clients:
            await client.close()
