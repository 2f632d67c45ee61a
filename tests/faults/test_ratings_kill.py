"""Every rated match updates the ratings exactly once, with the replica that applies its
last move SIGKILLed around the finish (docs/ratings.md).

Three real replica processes over a real Valkey of the test's own; two players logged in
with device ids play rated Awimbawé matches through a surviving replica. The move that
ends each match (found by playing it on the engine first) is sent to the victim replica,
which gets kill -9 after a delay that varies from match to match (at once, a few
milliseconds, as soon as the finish is in Valkey, after its answer): before its commit,
between the commit and the counting, or after both. The client retries the move on a
survivor with the same request id. Then:

- each match is counted once: each player's rating counts exactly as many matches as were
  played, their change lists hold one change per room, each room's marker names both;
- the ratings are openskill's own ``BradleyTerryFull`` over the matches' ranks, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import signal
import time
import uuid
from pathlib import Path

from openskill.models import BradleyTerryFull

from clients.api_error import ApiError
from clients.sdk import Client
from deploy.local.cluster import Proc, start_redis, start_replica
from engine import registry
from services.games import contract_for
from services.store import Store, room_key
from services.store.ratings import for_store, pending_key
from tests.faults.helpers import act_until_answered

MATCHES = 8
DELAYS = (-1.0, 0.0, 0.005, -1.0, 0.02, None, -1.0, 0.002)
"""When the victim is killed after the last move was sent to it: seconds, or as soon as the
finish is committed (negative), or after its answer (None)."""
ENV = {"CERCLE_RATINGS_RECHECK_SECONDS": "1"}


def _ends_the_match(store_state: bytes, seat: int, action: object) -> bool:
    game = registry.get("awimbawe")
    after = game.apply(game.decode(store_state), seat, action).state
    return game.outcome(after) is not None


async def _play_to_the_end(
    store: Store,
    room_id: str,
    players: list[Client],
    finisher: list[Client],
    victim: Proc,
    delay: float | None,
    rng: random.Random,
) -> str:
    """Play to the end, the last move sent to the victim, killed ``delay`` after it was
    sent; says which replica committed the finish."""
    contract = contract_for("awimbawe")
    while True:
        view = await players[0].view(room_id)
        assert not view.HasField("outcome"), "the match ended before its last move"
        seat = next(iter(view.waiting_for)) if view.waiting_for else 0
        legal = await players[seat].legal(room_id)
        if not legal.actions:
            continue
        action = rng.choice(list(legal.actions))
        record = await store.rooms.load_room(room_id)
        assert record is not None and record.state is not None
        if record.version != legal.version:
            continue
        if not _ends_the_match(record.state, seat, contract.action_from_proto(action)):
            with contextlib.suppress(ApiError):
                await players[seat].act(room_id, action, legal.version)
            continue
        key = uuid.uuid4().hex
        last = asyncio.create_task(finisher[seat].act(room_id, action, legal.version, key))
        if delay is None:
            with contextlib.suppress(Exception):
                await last
        elif delay < 0:  # as soon as the finish is in Valkey: before the victim counts it
            while await store.redis.hget(room_key(room_id), "status") != b"finished":
                if last.done():
                    break
        else:
            await asyncio.sleep(delay)
        victim.kill(signal.SIGKILL)
        with contextlib.suppress(Exception):
            await last
        answered = last.done() and not last.cancelled() and last.exception() is None
        retry, _ = await act_until_answered(players[seat], room_id, action, legal.version, key=key)
        if answered:
            return "the victim finished and answered"
        return "the victim finished, died" if retry.replayed else "a survivor finished"


async def test_each_match_is_rated_once_whichever_replica_dies_around_its_finish(
    tmp_path: Path,
) -> None:
    # A Valkey of its own: the session's replicas would sweep the same pending rooms with
    # their own (longer) recheck period.
    valkey = start_redis(tmp_path / "valkey", tmp_path, appendonly=False)
    redis_url = f"redis://127.0.0.1:{valkey.port}/0"
    procs = [start_replica(redis_url, tmp_path, name=f"ratings-{i}", env=ENV) for i in range(3)]
    store = Store(redis_url)
    db = for_store(store)
    devices = [secrets.token_hex(16), secrets.token_hex(16)]
    rng = random.Random(27)
    played: list[tuple[str, list[float]]] = []
    paths: list[tuple[str, bool]] = []
    try:
        for match in range(MATCHES):
            victim_index = match % 3
            victim, survivor = procs[victim_index], procs[(victim_index + 1) % 3]
            address = f"127.0.0.1:{survivor.port}"
            players = [Client(address), Client(address)]
            finisher = [Client(f"127.0.0.1:{victim.port}") for _ in range(2)]
            try:
                for client, device, name in zip(players, devices, ("Ana", "Ben"), strict=True):
                    await client.login_device(device, name)
                for near, far in zip(finisher, players, strict=True):
                    near.token, near.player_id = far.token, far.player_id
                room = await players[0].create_room(
                    "awimbawe", players=2, options={"decision_seconds": "0"}
                )
                await players[1].join(room.room_id)
                for client in players:
                    await client.ready(room.room_id)
                assert (await players[0].start(room.room_id)).rated
                delay = DELAYS[match % len(DELAYS)]
                path = await _play_to_the_end(
                    store, room.room_id, players, finisher, victim, delay, rng
                )
            finally:
                for client in (*players, *finisher):
                    await client.close()
            victim.popen.wait(10)
            procs[victim_index] = start_replica(
                redis_url, tmp_path, name=f"ratings-{victim_index}-{match}", env=ENV
            )

            for _ in range(400):  # counted by the finish's replica, or by a sweep
                if len(await db.changes_of_room(room.room_id)) == 2:
                    break
                await asyncio.sleep(0.05)
            else:
                pending = await store.redis.zscore(pending_key(), room.room_id)
                left = await store.rooms.load_room(room.room_id)
                status = None if left is None else (left.status, left.rated)
                raise AssertionError(
                    f"match {match} ({path}) was never counted: pending at {pending}, "
                    f"now {time.time()}, room {status}"
                )
            record = await store.rooms.load_room(room.room_id)
            assert record is not None and record.outcome is not None
            winner = record.outcome["winners"][0]
            played.append((room.room_id, [1.0 if seat == winner else 2.0 for seat in range(2)]))
            log = victim.log_path.read_text()
            by_victim = f'"room": "{room.room_id}"' in log and "match_rated" in log
            paths.append((path, by_victim))
        ids = [players[0].player_id, players[1].player_id]
        model = BradleyTerryFull()
        expected = [model.rating(), model.rating()]
        for _, match_ranks in played:
            rated = model.rate([[r] for r in expected], ranks=match_ranks)
            expected = [team[0] for team in rated]
        stored = await db.ratings("awimbawe", ids)
        assert [(r.mu, r.sigma, r.matches) for r in stored if r] == [
            (e.mu, e.sigma, MATCHES) for e in expected
        ]
        for player in ids:
            changes = await db.recent_changes(player, 50)
            assert sorted(c.room_id for c in changes) == sorted(room for room, _ in played)
        # The kills hit the moments that matter: a finish committed by the victim that
        # another replica's sweep counted, and a finish the victim never committed.
        assert ("the victim finished, died", False) in paths, paths
        assert any(path == "a survivor finished" for path, _ in paths), paths
    finally:
        await store.close()
        for proc in procs:
            proc.stop()
        valkey.stop()
