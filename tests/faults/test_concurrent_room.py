"""Many clients hammering one Tomahawk room at once through two replicas.

Phase 1, the hammer: each of five players runs its own loop (legal actions -> a random one,
out-of-turn calls preferred) with no coordination, through alternating replicas.
Phase 2, the races: whenever several players have something to play at the same version
(an AGILITÉ! claim, SHÉRIF! calls, the turn player's move...), they all send it at once.

Proves:
- of actions sent at the same version, exactly one is applied; each loser gets ABORTED with
  reason TOO_LATE (an out-of-turn claim) or STALE_VERSION (a turn move), and loses nothing;
  at least five races had two or more simultaneous out-of-turn claims;
- in the hammer, every refusal is one of those two race answers (the list was stale);
- the room's log is a valid history: replaying every recorded action from the stored seed
  through the engine gives, after each step, exactly the stored state bytes, version and
  events, and the last state is the room's; every acknowledged Act is in it exactly once;
- the six streams (five players and a spectator, on both replicas) carry seqs 1..N with no
  gap and no repeat, and every view in them is exactly the engine's view for that seat;
- one Act sent six times at once with the same idempotency key through both replicas is
  applied once, and every copy gets the same answer (all but one ``replayed``).
"""

from __future__ import annotations

import asyncio
import random
import uuid
from dataclasses import dataclass, field

import grpc
import pytest
from cercle.v1 import game_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from services.store import Store
from tests.faults.helpers import (
    OUT_OF_TURN,
    Ack,
    Refusal,
    act_once,
    act_until_answered,
    action_json,
    check_acknowledged,
    check_log_replays,
    check_streams,
    pick_action,
    start_recorders,
    stop_tasks,
    tomahawk_oneof,
    wait_until,
)
from tests.services.play import Seat, open_table

PLAYERS = 5
OPTIONS = {"turn_seconds": "0", "target_score": "10000"}
HAMMER_ACTIONS = 100
MIN_CLAIM_RACES = 5
MAX_RACE_STEPS = 600
STEP_SECONDS = 0.06


@dataclass
class Ledger:
    room_id: str
    acks: list[Ack] = field(default_factory=list)
    refused: set[str] = field(default_factory=set)
    races: int = 0
    claim_races: int = 0

    def ack(
        self, seat: Seat, key: str, action: game_pb2.Action, answer: game_pb2.ActResponse
    ) -> Ack:
        record = Ack(
            seat.client.player_id,
            key,
            seat.seat,
            answer.seq,
            answer.version,
            action_json("tomahawk", action),
            answer.replayed,
            1,
        )
        self.acks.append(record)
        return record


async def _legal(seat: Seat, room_id: str) -> game_pb2.ListLegalActionsResponse:
    for _ in range(50):
        try:
            return await seat.client.legal(room_id)
        except ApiError as exc:
            if exc.reason != "RATE_LIMITED":
                raise
            await asyncio.sleep(0.2)
    raise AssertionError("rate limited for too long")


async def _hammer(ledger: Ledger, seat: Seat, rng: random.Random, stop: asyncio.Event) -> None:
    for _ in range(3000):
        if stop.is_set():
            return
        legal = await _legal(seat, ledger.room_id)
        if not legal.actions:
            await asyncio.sleep(0.01)
            continue
        action = pick_action(list(legal.actions), rng)
        key = uuid.uuid4().hex
        try:
            answer, _ = await act_until_answered(
                seat.client, ledger.room_id, action, legal.version, key=key
            )
        except Refusal as refused:
            assert refused.code == grpc.StatusCode.ABORTED, f"seat {seat.seat}: {refused}"
            assert refused.reason in ("STALE_VERSION", "TOO_LATE"), f"seat {seat.seat}: {refused}"
            ledger.refused.add(key)
            continue
        ledger.ack(seat, key, action, answer)


async def _race_step(
    ledger: Ledger, askers: list[Seat], seats: list[Seat], rng: random.Random
) -> None:
    """Everyone who may play at the current version plays at once; exactly one wins.
    ``askers`` list the legal actions (the same players, through the other replica, so that
    no session goes over its rate limit)."""
    lists = await asyncio.gather(*(_legal(s, ledger.room_id) for s in askers))
    versions = {legal.version for legal in lists}
    if len(versions) != 1:
        return
    (version,) = versions
    moves = [
        (seat, pick_action(list(legal.actions), rng), uuid.uuid4().hex)
        for seat, legal in zip(seats, lists, strict=True)
        if legal.actions
    ]
    assert moves, "nobody may play"
    results = await asyncio.gather(
        *(
            act_once(seat.client, ledger.room_id, action, version, key)
            for seat, action, key in moves
        ),
        return_exceptions=True,
    )
    limited = [r for r in results if isinstance(r, Refusal) and r.reason == "RATE_LIMITED"]
    if limited:
        await asyncio.sleep(max(r.retry_delay or 0.1 for r in limited))
    winners = 0
    for (seat, action, key), result in zip(moves, results, strict=True):
        if isinstance(result, game_pb2.ActResponse):
            assert not result.replayed and result.version == version + 1
            ledger.ack(seat, key, action, result)
            winners += 1
            continue
        assert isinstance(result, Refusal), repr(result)
        ledger.refused.add(key)
        if result.reason == "RATE_LIMITED":
            continue
        out_of_turn = tomahawk_oneof(action) in OUT_OF_TURN
        assert result.code == grpc.StatusCode.ABORTED, f"seat {seat.seat}: {result}"
        assert result.reason == ("TOO_LATE" if out_of_turn else "STALE_VERSION"), (
            f"seat {seat.seat} {tomahawk_oneof(action)}: {result}"
        )
    contenders = len(moves) - len(limited)
    assert winners == (1 if contenders else 0), f"{winners} of {contenders} applied"
    if contenders >= 2:
        ledger.races += 1
        claims = [a for _, a, _ in moves if tomahawk_oneof(a) in OUT_OF_TURN]
        if len(claims) >= 2 and not limited:
            ledger.claim_races += 1


@pytest.mark.timeout(150)
async def test_hammering_one_room_leaves_a_replayable_history(
    fault_replicas: list[str], redis_url: str
) -> None:
    room_id, seats = await open_table(fault_replicas, "tomahawk", PLAYERS, OPTIONS)
    watcher = Client(fault_replicas[1])
    await watcher.login("Watcher")
    await watcher.join(room_id, spectator=True)
    named = [(f"seat{s.seat}", s.client) for s in seats] + [("spectator", watcher)]
    records, recorders = await start_recorders(named, room_id)
    twins = [Seat(Client(fault_replicas[(s.seat + 1) % 2], s.client.token), s.seat) for s in seats]
    for twin, seat in zip(twins, seats, strict=True):
        twin.client.player_id = seat.client.player_id
    ledger = Ledger(room_id)
    store = Store(redis_url)
    stop = asyncio.Event()
    hammers = [
        asyncio.create_task(_hammer(ledger, seat, random.Random(100 + seat.seat), stop))
        for seat in seats
    ]
    loop = asyncio.get_running_loop()
    try:
        deadline = loop.time() + 30
        while len(ledger.acks) < HAMMER_ACTIONS and loop.time() < deadline:
            await asyncio.sleep(0.05)
            for task in hammers:
                if task.done():
                    task.result()  # a hammer failed: show why
        stop.set()
        await asyncio.wait_for(asyncio.gather(*hammers), 30)
        assert len(ledger.acks) >= HAMMER_ACTIONS, "the hammer made too little progress"
        hammered = len(ledger.acks)

        rng = random.Random(7)
        deadline = loop.time() + 45
        for step in range(MAX_RACE_STEPS):
            if ledger.claim_races >= MIN_CLAIM_RACES or loop.time() > deadline:
                break
            paced = loop.time() + STEP_SECONDS
            pair = (seats, twins) if step % 2 else (twins, seats)
            await _race_step(ledger, *pair, rng)
            await asyncio.sleep(max(0.0, paced - loop.time()))
        assert ledger.claim_races >= MIN_CLAIM_RACES, (
            f"only {ledger.claim_races} races of simultaneous claims in {ledger.races} races"
        )

        replayed = await check_log_replays(store, room_id)
        await check_acknowledged(store, room_id, ledger.acks, replayed, ledger.refused)
        last = replayed.record.seq
        await wait_until(
            lambda: all(r.seqs and r.seqs[-1] >= last for r in records), 20, "streams caught up"
        )
        stream_seats: dict[str, int | None] = {f"seat{s.seat}": s.seat for s in seats}
        stream_seats["spectator"] = None
        check_streams(records, stream_seats, replayed)
        assert len(replayed.actions) == len(ledger.acks) >= hammered
        # stored actions: [kind, *fields] (engine codec)
        assert any(
            e.action and e.action[0] in ("agilite", "call_sherif", "call_tomahawk")
            for e in replayed.actions
        ), "no out-of-turn call was ever applied"
    finally:
        stop.set()
        await stop_tasks(hammers)
        await stop_tasks(recorders)
        for seat in seats + twins:
            await seat.client.close()
        await watcher.close()
        await store.close()


async def test_one_key_sent_six_times_at_once_is_applied_once(
    fault_replicas: list[str], redis_url: str
) -> None:
    """A client that retries too eagerly: the same Act (same idempotency key) six times at
    once through both replicas. It is applied once; every copy gets the same answer, all
    but one with ``replayed`` true."""
    room_id, seats = await open_table(fault_replicas, "tomahawk", 2, OPTIONS)
    store = Store(redis_url)
    copies: list[Client] = []
    try:
        lists = [await s.client.legal(room_id) for s in seats]
        mover, legal = next(
            (s, lst)
            for s, lst in zip(seats, lists, strict=True)
            if any(tomahawk_oneof(a) not in OUT_OF_TURN for a in lst.actions)
        )
        move = next(a for a in legal.actions if tomahawk_oneof(a) not in OUT_OF_TURN)
        copies = [Client(fault_replicas[i % 2], mover.client.token) for i in range(6)]
        key = uuid.uuid4().hex
        answers = await asyncio.gather(
            *(act_once(c, room_id, move, legal.version, key) for c in copies),
            return_exceptions=True,
        )
        assert all(isinstance(a, game_pb2.ActResponse) for a in answers), answers
        responses = [a for a in answers if isinstance(a, game_pb2.ActResponse)]
        assert len({(a.seq, a.version) for a in responses}) == 1, responses
        assert [a.replayed for a in responses].count(False) == 1, responses
        assert responses[0].version == legal.version + 1
        record = await store.rooms.load_room(room_id)
        assert record is not None and record.version == legal.version + 1
        replayed = await check_log_replays(store, room_id)
        assert [e.seq for e in replayed.actions] == [responses[0].seq]
    finally:
        for client in copies:
            await client.close()
        for seat in seats:
            await seat.client.close()
        await store.close()
