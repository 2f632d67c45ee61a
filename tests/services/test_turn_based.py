"""Turn-based rooms (issue 28, item 1): a decision limit of hours or days, a time bank, no
pause while the players are away, a bot only after several timeouts, a cap per player.

Two in-process replicas share one real Redis and one injected clock: the tests move the
clock across simulated days and drive the timers by hand. The players are never connected
at the same time: each turn opens a fresh channel with the player's token, plays and closes
it.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass

import grpc
import pytest
from cercle.v1 import common_pb2, pace_pb2

from clients.api_error import ApiError
from clients.inbox import turn_based
from clients.sdk import Client
from engine import registry
from services.rooms.paces import MAX_LIFETIME_SECONDS
from services.rooms.records import DeadlineRecord, EntryKind, LogEntry
from services.server import Replica
from services.store import room_key
from tests.services.tables import START, FakeClock, clocked_replicas, tick

HOUR = 3600.0
DAY = 24 * HOUR


@pytest.fixture
async def clocked(empty_redis_url: str) -> AsyncIterator[tuple[FakeClock, list[Replica]]]:
    # Tables nobody attends pause after 60 s here, as in production: a turn-based one must not.
    async with clocked_replicas(empty_redis_url, unattended_grace=60) as both:
        yield both


@dataclass
class Player:
    """A player who comes back now and then: a token, no open channel between visits."""

    address: str
    token: str
    player_id: str

    async def visit(self) -> Client:
        return Client(self.address, token=self.token)


async def _player(replica: Replica, name: str) -> Player:
    async with Client(f"127.0.0.1:{replica.port}") as client:
        await client.login(name)
        return Player(client.address, client.token, client.player_id)


async def _table(
    replicas: list[Replica], game: str, players: int, pace: pace_pb2.RoomPace
) -> tuple[str, list[Player]]:
    """A started turn-based table, each player visiting alone (create and ready, join and
    ready): the last ready starts it, the host need not come back."""
    people = [await _player(replicas[i % 2], f"P{i}") for i in range(players)]
    client = await people[0].visit()
    async with client:
        room = await client.create_room(game, players=players, pace=pace)
        assert room.pace.pace == pace_pb2.PACE_TURN_BASED
        await client.ready(room.room_id)
    for person in people[1:]:
        async with await person.visit() as client:
            await client.join(room.room_id)
            await client.ready(room.room_id)
    async with await people[0].visit() as client:
        started = await client.view(room.room_id)
        assert started.room.status == common_pb2.ROOM_STATUS_PLAYING
    return room.room_id, people


async def _log(replica: Replica, room_id: str) -> list[object]:
    return list(await replica.rooms.read_log(room_id, 0))


async def _play_turn(person: Player, room_id: str, rng: random.Random, decision: bool) -> bool:
    """The player visits, plays one legal action if the room waits for them, and leaves.
    False: it did not wait for them. ``decision``: the room waits for a decision of theirs
    (not a rest), which ListMyRooms says."""
    async with await person.visit() as client:
        (mine,) = [r for r in await client.my_rooms() if r.room_id == room_id]
        assert mine.my_turn.waiting == decision  # "your turn", from ListMyRooms
        legal = await client.legal(room_id)
        if not legal.actions:
            return False
        await client.act(room_id, rng.choice(list(legal.actions)), legal.version)
        return True


def _rest(game_id: str, clock_kind: common_pb2.ClockKind.ValueType) -> bool:
    name = common_pb2.ClockKind.Name(clock_kind).removeprefix("CLOCK_KIND_").lower()
    return registry.get(game_id).info.clock(name).rest


@pytest.mark.parametrize("game_id", sorted(g.info.id for g in registry.games()))
async def test_turn_based_match_across_days_from_visits_ends(
    clocked: tuple[FakeClock, list[Replica]], game_id: str
) -> None:
    """A match of each game over simulated days: every player visits alone a few hours after
    the last move, plays, and leaves; tables nobody attends are not paused; one missed
    decision is the game's timeout action and no bot; the match ends normally."""
    clock, replicas = clocked
    game = registry.get(game_id)
    players = max(2, game.info.min_players)
    room_id, people = await _table(replicas, game_id, players, turn_based(DAY))
    rng = random.Random(f"turn-based-{game_id}")
    missed: set[int] | None = None
    for _ in range(3000):
        clock.now += 5 * HOUR  # everyone is away for hours: no pause, no missed decision
        await tick(replicas)  # (a rest, the pause after a round, ends meanwhile)
        async with await people[0].visit() as client:
            view = await client.view(room_id)
        if view.room.status == common_pb2.ROOM_STATUS_FINISHED:
            break
        decisions = [d for d in view.deadlines if not _rest(game_id, d.clock)]
        assert all(d.length.seconds == int(DAY) for d in decisions)
        if missed is None and decisions:
            # Once, the waited players do not come back for a day: timeouts.
            clock.now = max(d.expire_time.seconds for d in decisions) + 1.0
            await tick(replicas)
            missed = {d.seat for d in decisions}
            timeouts = _decision_timeouts(game_id, await replicas[0].rooms.read_log(room_id, 0))
            assert {e.actor for e in timeouts} == missed
            after = await replicas[0].rooms.load(room_id)
            for seat in missed:  # one missed decision gives no seat to a bot
                kept = after.seats[seat]
                assert kept is not None and not kept.is_bot
            continue
        waited = {d.seat for d in decisions}
        for seat in sorted(set(view.waiting_for)):
            await _play_turn(people[seat], room_id, rng, seat in waited)
    else:
        pytest.fail("the match did not end")
    assert missed
    record = await replicas[1].rooms.load(room_id)
    assert record.paused is None and record.outcome is not None
    timeouts = _decision_timeouts(game_id, await replicas[1].rooms.read_log(room_id, 0))
    assert len(timeouts) == len(missed)  # only the missed decisions: the table never paused
    assert clock.now - START > 2 * DAY  # the match took days


def _decision_timeouts(game_id: str, entries: list[LogEntry]) -> list[LogEntry]:
    """The log's timeouts of decision clocks (a rest's timeout is no missed decision)."""
    info = registry.get(game_id).info
    found: list[LogEntry] = []
    previous: tuple[DeadlineRecord, ...] = ()
    for entry in entries:
        if entry.kind is EntryKind.CHAT:
            continue
        if entry.timeout:
            kinds = {d.clock for d in previous if d.seat == entry.actor and d.clock != "bot"}
            if not all(info.clock(kind).rest for kind in kinds):
                found.append(entry)
        previous = entry.deadlines
    return found


async def test_two_missed_decisions_in_a_row_give_the_seat_to_a_bot_never_one(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    """Awimbawé (docs/games/awimbawe.md, turn-based play): each timeout plays the game's
    timeout card; after 2 in a row a bot plays the seat; its player's own move takes it
    back. Nobody is connected the whole time, and the table never pauses."""
    clock, replicas = clocked
    room_id, people = await _table(replicas, "awimbawe", 2, turn_based(12 * HOUR))
    rooms = replicas[0].rooms
    counts: dict[int, int] = {}
    while True:
        record = await rooms.load(room_id)
        (deadline,) = [d for d in record.deadlines if d.clock == "decision"]
        seat = deadline.seat
        assert record.paused is None
        assert deadline.length == 12 * HOUR
        clock.now = deadline.expire + 1
        await tick(replicas)
        counts[seat] = counts.get(seat, 0) + 1
        after = await rooms.load(room_id)
        here = after.seats[seat]
        assert here is not None
        if here.is_bot:
            break
        assert counts[seat] < 2  # one missed decision never gives the seat to a bot
    assert counts[seat] == 2 and here.away
    # The player comes back: their own move takes the seat back.
    async with await people[seat].visit() as client:
        legal = await client.legal(room_id)
        if legal.actions:
            await client.act(room_id, legal.actions[0], legal.version)
            mover = (await rooms.load(room_id)).seats[seat]
            assert mover is not None and not mover.is_bot


async def test_time_bank_pays_for_a_slow_decision_and_a_timeout_empties_it(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    clock, replicas = clocked
    room_id, people = await _table(replicas, "awimbawe", 2, turn_based(HOUR, 2 * HOUR))
    rooms = replicas[0].rooms
    record = await rooms.load(room_id)
    (deadline,) = [d for d in record.deadlines if d.clock == "decision"]
    seat = deadline.seat
    assert deadline.length == 3 * HOUR  # the limit and the whole bank
    clock.now = START + 1.5 * HOUR  # half an hour of the bank spent
    async with await people[seat].visit() as client:
        legal = await client.legal(room_id)
        await client.act(room_id, legal.actions[0], legal.version)
    after = await rooms.load(room_id)
    assert after.banks[seat] == pytest.approx(1.5 * HOUR)
    # The same seat's next decision (if it is theirs) runs for the limit and what is left.
    for d in after.deadlines:
        if d.seat == seat and d.clock == "decision":
            assert d.length == pytest.approx(2.5 * HOUR)
    # A timeout empties the bank of the seat that missed.
    (waiting,) = [d for d in after.deadlines if d.clock == "decision"]
    clock.now = waiting.expire + 1
    await tick(replicas)
    assert (await rooms.load(room_id)).banks[waiting.seat] == 0.0


async def test_invalid_paces_are_refused_and_create_nothing(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    _, replicas = clocked
    person = await _player(replicas[0], "Ann")
    live_with_limit = pace_pb2.RoomPace(pace=pace_pb2.PACE_LIVE)
    live_with_limit.decision_limit.FromSeconds(600)
    cases = [
        (turn_based(60), {}, "pace.decision_limit"),
        (turn_based(15 * DAY), {}, "pace.decision_limit"),
        (turn_based(DAY, 15 * DAY), {}, "pace.time_bank"),
        (live_with_limit, {}, "pace.decision_limit"),
        (turn_based(DAY), {"takeover_after": 1}, "takeover_after"),
    ]
    async with await person.visit() as client:
        for pace, extra, field in cases:
            with pytest.raises(ApiError) as refused:
                await client.create_room("awimbawe", pace=pace, **extra)  # type: ignore[arg-type]
            assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
            assert refused.value.reason == "INVALID_PACE"
            assert refused.value.field == field
        assert await client.my_rooms() == []


async def test_open_turn_based_rooms_are_capped_per_player(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    _, replicas = clocked
    for replica in replicas:
        replica.rooms.turn_seats.limit = 2
    person = await _player(replicas[0], "Ann")
    other = await _player(replicas[1], "Bob")
    async with await person.visit() as client:
        first = await client.create_room("awimbawe", pace=turn_based(DAY))
        await client.create_room("tomahawk", pace=turn_based(DAY))
        with pytest.raises(ApiError) as refused:
            await client.create_room("awimbawe", pace=turn_based(DAY))
        assert refused.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert refused.value.reason == "TOO_MANY_TURN_BASED_ROOMS"
        assert refused.value.metadata["limit"] == "2"
        assert len(await client.my_rooms()) == 2
        await client.create_room("awimbawe")  # a live room is not counted
    async with await other.visit() as client:
        for _ in range(2):
            await client.create_room("tamashii", pace=turn_based(DAY))
        with pytest.raises(ApiError) as joined:
            await client.join(first.room_id)
        assert joined.value.reason == "TOO_MANY_TURN_BASED_ROOMS"
    async with await person.visit() as client:
        await client.leave(first.room_id)  # leaving frees a place
        await client.create_room("awimbawe", pace=turn_based(DAY))


async def test_quick_match_pairs_players_of_the_same_pace_only(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    _, replicas = clocked
    ann, bob, cid = [await _player(replicas[i % 2], n) for i, n in enumerate("ABC")]
    async with await ann.visit() as client:
        mine = await client.quick_match("awimbawe", pace=turn_based(DAY))
    async with await bob.visit() as client:
        live = await client.quick_match("awimbawe")
        assert live.room.room_id != mine.room.room_id
        assert live.room.pace.pace == pace_pb2.PACE_LIVE
    async with await cid.visit() as client:
        other_limit = await client.quick_match("awimbawe", pace=turn_based(2 * DAY))
        assert other_limit.room.room_id != mine.room.room_id
        same = await client.quick_match("awimbawe", pace=turn_based(DAY))
        assert same.room.room_id == mine.room.room_id


async def test_the_catalogue_lists_turn_based_play(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    _, replicas = clocked
    async with Client(f"127.0.0.1:{replicas[0].port}") as client:
        games = {g.game_id: g for g in await client.games()}
    for game_id, info in games.items():
        assert info.turn_based.takeover_after == registry.get(game_id).info.turn_based_takeover
        assert info.turn_based.takeover_after >= 2
        assert info.turn_based.min_decision_limit.seconds == 300
        assert info.turn_based.max_decision_limit.seconds == 14 * DAY
        assert info.turn_based.default_decision_limit.seconds == DAY
    assert games["awimbawe"].turn_based.takeover_after == 2


async def test_a_turn_based_room_lives_as_long_as_it_plays_up_to_its_maximum(
    clocked: tuple[FakeClock, list[Replica]],
) -> None:
    """Every change, a timeout too, renews the room for its longest next decision and a
    day; never past its maximum lifetime after its creation."""
    clock, replicas = clocked
    room_id, _ = await _table(replicas, "awimbawe", 2, turn_based(2 * DAY, DAY))
    redis = replicas[0].rooms.store.redis
    key = room_key(room_id)
    assert 3 * DAY < await redis.ttl(key) <= 4 * DAY  # limit + bank + a day
    await redis.expire(key, 60)  # as if the last change were long ago
    record = await replicas[0].rooms.load(room_id)
    (deadline,) = [d for d in record.deadlines if d.clock == "decision"]
    clock.now = deadline.expire + 1  # nobody came: a timeout renews it
    await tick(replicas)
    assert 3 * DAY < await redis.ttl(key) <= 4 * DAY
    # Near its maximum lifetime, a change renews it only up to that maximum.
    clock.now = START + MAX_LIFETIME_SECONDS - HOUR
    await tick(replicas)
    assert 0 < await redis.ttl(key) <= HOUR


@pytest.mark.parametrize("game_id", sorted(g.info.id for g in registry.games()))
async def test_a_seat_goes_to_a_bot_after_the_games_count_of_missed_decisions(
    clocked: tuple[FakeClock, list[Replica]], game_id: str
) -> None:
    """Nobody comes back: each missed decision plays the game's timeout action, and a seat
    gets a bot exactly when its missed decisions in a row reach the game's turn-based count
    (docs/games/<game>.md, "Turn-based play"), never before."""
    clock, replicas = clocked
    game = registry.get(game_id)
    players = max(2, game.info.min_players)
    room_id, _ = await _table(replicas, game_id, players, turn_based(DAY))
    rooms = replicas[0].rooms
    for _ in range(200):
        record = await rooms.load(room_id)
        assert record.paused is None
        taken = [i for i, s in enumerate(record.seats) if s is not None and s.away]
        missed = _decision_timeouts(game_id, await rooms.read_log(room_id, 0))
        counts = {seat: sum(1 for e in missed if e.actor == seat) for seat in range(players)}
        if taken:
            assert all(counts[seat] == game.info.turn_based_takeover for seat in taken)
            assert all(n <= game.info.turn_based_takeover for n in counts.values())
            return
        assert all(n < game.info.turn_based_takeover for n in counts.values())
        running = [d for d in record.deadlines if d.clock != "bot"]
        assert running, "a turn-based table always waits on a clock"
        clock.now = min(d.expire for d in running) + 1
        await tick(replicas)
    pytest.fail("no seat was ever taken over")
