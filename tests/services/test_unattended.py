"""Tables nobody attends: they pause after a grace, and come back with their human.

Two in-process replicas share one real Redis and one injected clock (as in test_timers), so
the tests move time instead of sleeping: each step advances the clock past the bots' delay
and the human's 30 s clock, then runs both replicas' timer loops once. Clients talk to the
replicas over real gRPC channels; presence is what the replicas record for open streams.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

import pytest
from cercle.v1 import game_pb2

from clients.sdk import Client
from services.rooms.bot_seats import BOT_CLOCK, BOTS_ONLY_MIN_DELAY, bots_only
from services.rooms.presence import BOT_TABLES_PER_PLAYER
from services.rooms.records import RoomRecord
from services.server import Replica
from services.store import log_key, room_key, shard_of, timers_key
from tests.faults.helpers import wait_until
from tests.services.play import captured_logs
from tests.services.tables import FakeClock, clocked_replicas, tick

GRACE = 60.0
STEP = 31.0
"""One expiry period: more than the bots' delay (1 s) and the human's turn clock (30 s)."""


@pytest.fixture
async def clocked(redis_url: str) -> AsyncIterator[tuple[FakeClock, list[Replica]]]:
    async with clocked_replicas(redis_url, unattended_grace=GRACE) as both:
        yield both


async def _step(clock: FakeClock, replicas: list[Replica]) -> None:
    clock.now += STEP
    await tick(replicas)


async def _room(replica: Replica, room_id: str) -> RoomRecord:
    record = await replica.store.rooms.load_room(room_id)
    assert record is not None
    return record


async def _eventually(predicate: Callable[[], Awaitable[bool]], what: str) -> None:
    for _ in range(200):
        if await predicate():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def _watch(
    client: Client, room_id: str, got: list[game_pb2.SubscribeResponse]
) -> asyncio.Task[None]:
    async def pump() -> None:
        async for update in client.updates(room_id):
            got.append(update)

    return asyncio.create_task(pump())


async def _stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task


async def test_a_bot_table_pauses_when_its_human_leaves_and_resumes_when_they_return(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    human = Client(f"127.0.0.1:{replicas[0].port}")
    watcher = Client(f"127.0.0.1:{replicas[1].port}")
    streams: list[asyncio.Task[None]] = []
    try:
        await human.login("Walks away")
        await watcher.login("Watcher")
        joined = await human.quick_match("tomahawk", bots=3, bot_delay=1.0)
        room_id = joined.room.room_id
        await watcher.join(room_id, code=joined.room.join_code, spectator=True)
        presence = replicas[0].rooms.presence

        # The human watches: the table plays (bots, and the human's clock running out).
        streams.append(_watch(human, room_id, []))
        await wait_until(lambda: room_id in presence.held, 10, "the human's stream held")
        started = (await _room(replicas[0], room_id)).version
        for _ in range(6):
            await presence.renew_once()
            await _step(clock, replicas)
        record = await _room(replicas[0], room_id)
        assert record.paused is None and record.version >= started + 6

        # The human closes their stream; a spectator keeps watching (spectators do not
        # keep a table going). Within one period after the grace, the table pauses.
        streams.append(_watch(watcher, room_id, []))
        await _stop(streams.pop(0))
        await wait_until(lambda: room_id not in presence.held, 10, "the stream released")
        last_seen = clock.now
        for _ in range(int(GRACE // STEP) + 2):
            await _step(clock, replicas)
            record = await _room(replicas[0], room_id)
            if record.paused is not None:
                break
        assert record.paused is not None, "the table never paused"
        assert record.paused <= last_seen + GRACE + STEP
        paused_version, paused_seq = record.version, record.seq

        # Paused: several expiry periods pass and nothing moves; no clock runs.
        for _ in range(5):
            await _step(clock, replicas)
            record = await _room(replicas[0], room_id)
            assert record.version == paused_version, "the paused table moved"
        assert record.seq == paused_seq
        assert record.deadlines == ()
        score = await replicas[0].store.redis.zscore(timers_key(shard_of(room_id)), room_id)
        assert score is None, "a paused table stays in the timer index"
        assert list((await human.view(room_id)).deadlines) == []

        # The human subscribes again: the table resumes with fresh clocks and plays on.
        streams.append(_watch(human, room_id, []))

        async def resumed() -> bool:
            return (await _room(replicas[0], room_id)).paused is None

        await _eventually(resumed, "the table resumed")
        record = await _room(replicas[0], room_id)
        assert record.deadlines and all(d.expire > clock.now for d in record.deadlines)
        for _ in range(3):
            await presence.renew_once()
            await _step(clock, replicas)
        assert (await _room(replicas[0], room_id)).version > paused_version
    finally:
        for task in streams:
            await _stop(task)
        await human.close()
        await watcher.close()


async def test_bot_moves_do_not_renew_a_rooms_expiry_and_a_humans_move_does(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    store = replicas[0].store
    human = Client(f"127.0.0.1:{replicas[0].port}")
    streams: list[asyncio.Task[None]] = []
    try:
        await human.login("Slow")
        joined = await human.quick_match("tomahawk", bots=3, bot_delay=1.0)
        room_id = joined.room.room_id
        streams.append(_watch(human, room_id, []))
        held = replicas[0].rooms.presence.held
        await wait_until(lambda: room_id in held, 10, "the human's stream held")
        for key in (room_key(room_id), log_key(room_id)):
            await store.redis.expire(key, 1000)
        before = (await _room(replicas[0], room_id)).version
        for _ in range(8):  # bots move (and the human's clock runs out): server moves only
            await replicas[0].rooms.presence.renew_once()
            await _step(clock, replicas)
        assert (await _room(replicas[0], room_id)).version > before
        for key in (room_key(room_id), log_key(room_id)):
            assert 0 < await store.redis.ttl(key) <= 1000, key
        # The human plays (their seat may be a bot's by now: their move takes it back).
        for _ in range(20):
            legal = await human.legal(room_id)
            if legal.actions:
                await human.act(room_id, legal.actions[0], legal.version)
                break
            await replicas[0].rooms.presence.renew_once()
            await _step(clock, replicas)
        else:
            raise AssertionError("the human never had a move")
        for key in (room_key(room_id), log_key(room_id)):
            assert await store.redis.ttl(key) > 1000, key
    finally:
        for task in streams:
            await _stop(task)
        await human.close()


@pytest.fixture
async def clocked_alone(empty_redis_url: str) -> AsyncIterator[tuple[FakeClock, list[Replica]]]:
    """As ``clocked``, on an empty database: the timer loops see only this test's rooms."""
    async with clocked_replicas(empty_redis_url, unattended_grace=GRACE) as both:
        yield both


@pytest.fixture
def info_log() -> Iterator[io.StringIO]:
    """This process's log lines at the production level (INFO), as JSON."""
    with captured_logs("INFO", "n5") as buffer:
        yield buffer


async def _bots_take_over(
    clock: FakeClock, replicas: list[Replica], room_ids: list[str]
) -> list[RoomRecord]:
    """Step the clock (the human watching, never playing) until every seat of every room is
    a bot's: the human's clock ran out ``takeover_after`` times."""
    for _ in range(30):
        records = [await _room(replicas[0], room_id) for room_id in room_ids]
        if all(bots_only(r.seats) for r in records):
            return records
        await replicas[0].rooms.presence.renew_once()
        await _step(clock, replicas)
    raise AssertionError("the bots never took the human's seat over")


async def test_n5_a_table_of_bots_alone_keeps_a_minimum_pace_and_logs_no_move_at_info(
    clocked_alone: tuple[FakeClock, list[Replica]], info_log: io.StringIO
) -> None:
    """Bot delay 0, the human watching but never playing: once their seat is a bot's,
    every bot waits at least BOTS_ONLY_MIN_DELAY, so one step of the clock moves the table
    once per bot at most (with no delay it moved until the step's move budget ran out);
    and no bot move writes an info line."""
    clock, replicas = clocked_alone
    human = Client(f"127.0.0.1:{replicas[0].port}")
    streams: list[asyncio.Task[None]] = []
    try:
        await human.login("Watches bots")
        joined = await human.quick_match("tomahawk", bots=3, bot_delay=0)
        room_id = joined.room.room_id
        streams.append(_watch(human, room_id, []))
        presence = replicas[0].rooms.presence
        await wait_until(lambda: room_id in presence.held, 10, "the human's stream held")
        (record,) = await _bots_take_over(clock, replicas, [room_id])
        for _ in range(4):
            before = record.version
            await presence.renew_once()
            await _step(clock, replicas)
            record = await _room(replicas[0], room_id)
            if record.outcome is not None:
                break
            assert record.paused is None, "a watched table of bots paused"
            assert record.version - before <= len(record.seats), (before, record.version)
            bots = [d for d in record.deadlines if d.clock == BOT_CLOCK]
            assert bots and all(d.length >= BOTS_ONLY_MIN_DELAY for d in bots), bots
        lines = [json.loads(line) for line in info_log.getvalue().splitlines() if line]
        applied = [line for line in lines if line.get("event") == "action_applied"]
        assert any(line.get("source") == "timeout" for line in applied), "no timeout logged"
        assert not [line for line in applied if line.get("source") == "bot"], "bot moves at info"
    finally:
        for task in streams:
            await _stop(task)
        await human.close()


async def test_n5_one_player_keeps_a_bounded_number_of_bot_tables_running(
    clocked_alone: tuple[FakeClock, list[Replica]],
) -> None:
    """One session watches three tables whose seats all went to bots: BOT_TABLES_PER_PLAYER
    of them play on, the others pause, watched or not."""
    clock, replicas = clocked_alone
    human = Client(f"127.0.0.1:{replicas[0].port}")
    streams: list[asyncio.Task[None]] = []
    tables = BOT_TABLES_PER_PLAYER + 1
    try:
        await human.login("Many tables")
        room_ids = []
        for _ in range(tables):
            joined = await human.quick_match("tomahawk", bots=3, bot_delay=1.0)
            room_ids.append(joined.room.room_id)
            streams.append(_watch(human, room_ids[-1], []))
        presence = replicas[0].rooms.presence
        await wait_until(
            lambda: all(r in presence.held for r in room_ids), 10, "the human's streams held"
        )
        await _bots_take_over(clock, replicas, room_ids)
        for _ in range(2):  # the tables past the count pause at their next bot move
            await presence.renew_once()
            await _step(clock, replicas)
        before = [await _room(replicas[0], room_id) for room_id in room_ids]
        for _ in range(4):
            await presence.renew_once()
            await _step(clock, replicas)
        after = [await _room(replicas[0], room_id) for room_id in room_ids]
        playing = [
            b.room_id
            for b, a in zip(before, after, strict=True)
            if a.version > b.version or a.outcome is not None
        ]
        assert len(playing) == BOT_TABLES_PER_PLAYER, (playing, [a.paused for a in after])
        stopped = [a for a in after if a.room_id not in playing]
        assert all(a.paused is not None and a.deadlines == () for a in stopped), stopped
    finally:
        for task in streams:
            await _stop(task)
        await human.close()
