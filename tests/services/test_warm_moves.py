"""A move on a room a replica follows costs one Redis round trip (services.rooms.warm): it is
planned on the replica's exact copy of the room and committed by one script that also takes
the session's rate and checks the idempotency key (``ACTION_COMMIT_SCRIPT``). The answers are
the same as on the path that loads the room: a stale copy falls back to it, a move the copy
refuses is judged again on the loaded room.

Round trips are read from the prometheus counter every in-process replica shares
(``cercle_redis_calls_total{op}``); the replicas' periodic work waits an hour, so nothing
but the call measured talks to Redis in a measured window.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

import grpc
import pytest
from cercle.v1 import game_pb2

from clients.api_error import ApiError, api_error
from clients.sdk import Client
from services import rate_limits, server
from services.api import streams
from services.rooms import feed, presence
from services.rooms.records import LogEntry, from_hash
from services.rooms.warm import WarmRooms
from services.server import Replica, start_replica
from services.store import notification, notify_channel, rate_key
from tests.services.play import round_trips_by_op, wait_for
from tests.services.tables import table_with_bots

QUIET = {"decision_seconds": "0"}
T = TypeVar("T")


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """No round trip of the replicas' own in a measured window: the feed's poll, the
    presence and stream-lease renewals and the store check wait an hour."""
    monkeypatch.setattr(feed, "POLL_SECONDS", 3600.0)
    monkeypatch.setattr(presence, "RENEW_SECONDS", 3600.0)
    monkeypatch.setattr(streams, "RENEW_SECONDS", 3600.0)
    monkeypatch.setattr(server, "STORE_CHECK_SECONDS", 3600.0)


@dataclass
class Watch:
    """One client's stream of a room: the seqs it received, in order."""

    client: Client
    seqs: list[int] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


@dataclass
class Table:
    """A solo table and the streams that follow it, on in-process replicas."""

    room_id: str
    host: list[Client]
    """The host's session, one client per replica."""
    watches: list[Watch]

    @property
    def seq(self) -> int:
        return max(max(w.seqs, default=0) for w in self.watches)

    async def heard(self, seq: int) -> None:
        """Every stream received ``seq`` (so every replica's feed heard its commit)."""
        await wait_for(lambda: all(w.seqs and w.seqs[-1] >= seq for w in self.watches))


async def act_once(
    client: Client, room_id: str, action: game_pb2.Action, version: int, key: str = ""
) -> game_pb2.ActResponse:
    """One Act call, never retried (the SDK retries a RATE_LIMITED refusal)."""
    request = game_pb2.ActRequest(
        room_id=room_id, version=version, request_id=key or uuid.uuid4().hex, action=action
    )
    try:
        response = await client.game.Act(request, metadata=client.metadata, timeout=5.0)
    except grpc.aio.AioRpcError as exc:
        raise api_error(exc) from None
    assert isinstance(response, game_pb2.ActResponse)
    return response


async def measured(call: Awaitable[T]) -> tuple[T | ApiError, dict[str, float]]:
    """The call's answer (or refusal) and the Redis round trips it cost, by store op."""
    before = round_trips_by_op()
    try:
        answer: T | ApiError = await call
    except ApiError as exc:
        answer = exc
    used = {
        op: n - before.get(op, 0) for op, n in round_trips_by_op().items() if n != before.get(op, 0)
    }
    return answer, used


@contextlib.asynccontextmanager
async def solo_table(replicas: list[Replica], watchers: int = 1) -> AsyncIterator[Table]:
    """A started solo tamashii table; the host's session on every replica; the host and
    ``watchers`` spectators following it, the streams spread over the replicas."""
    addresses = [f"127.0.0.1:{r.port}" for r in replicas]
    host = [Client(address) for address in addresses]
    spectators = [Client(addresses[(i + 1) % len(addresses)]) for i in range(watchers)]
    watches = [Watch(host[0]), *(Watch(s) for s in spectators)]
    try:
        await host[0].login("Warm")
        for client in host[1:]:
            client.token = host[0].token
        room = await table_with_bots(host[0], "tamashii", players=1, options=QUIET)
        for i, spectator in enumerate(spectators):
            await spectator.login(f"Watcher {i}")
            await spectator.join(room.room_id, spectator=True)
        for watch in watches:

            async def pump(watch: Watch = watch) -> None:
                async for update in watch.client.updates(room.room_id):
                    watch.seqs.append(update.seq)

            watch.task = asyncio.create_task(pump())
        table = Table(room.room_id, host, watches)
        seq = (await host[0].view(room.room_id)).room.seq
        await table.heard(seq)
        for client in host[1:]:
            await client.view(room.room_id)  # each replica knows the session
        await asyncio.sleep(0.3)  # the streams' arrival (presence pings) is over
        yield table
    finally:
        for watch in watches:
            if watch.task is not None:
                watch.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await watch.task
        for client in {id(c): c for c in [*host, *spectators]}.values():
            await client.close()


async def move(table: Table, via: int = 0) -> tuple[game_pb2.ActResponse, dict[str, float]]:
    """The host's first legal action, sent through replica ``via``; every stream received
    it before the round trips are counted."""
    client = table.host[via]
    legal = await client.legal(table.room_id)
    answer, used = await measured(act_once(client, table.room_id, legal.actions[0], legal.version))
    assert isinstance(answer, game_pb2.ActResponse), answer
    await table.heard(answer.seq)
    return answer, used


async def stop(replicas: list[Replica]) -> None:
    for replica in replicas:
        await replica.stop(grace=0.1)


async def test_a_move_on_a_followed_room_costs_one_round_trip(redis_url: str, quiet: None) -> None:
    replica = await start_replica(redis_url, timers=False, unattended_grace=0)
    try:
        async with solo_table([replica], watchers=2) as table:
            # No copy yet (the streams opened after the last commit): load, then commit.
            _, cold = await move(table)
            assert cold == {"load_room_for_action": 1, "commit_action": 1}, cold
            for _ in range(3):  # the room as committed is held: one round trip per move
                answer, warm = await move(table)
                assert warm == {"commit_action": 1}, warm
                assert all(w.seqs[-1] == answer.seq for w in table.watches)
            held = replica.feeds.warm.get(table.room_id)
            assert held is not None and held.seq == answer.seq
            assert held == await replica.store.rooms.load_room(table.room_id), (
                "the copy is not exact"
            )
    finally:
        await stop([replica])


async def test_moves_alternating_between_two_replicas_cost_one_round_trip_each(
    redis_url: str, quiet: None
) -> None:
    replicas = [await start_replica(redis_url, timers=False, unattended_grace=0) for _ in "ab"]
    try:
        async with solo_table(replicas, watchers=1) as table:
            for via in (0, 1):  # each replica's first move loads the room
                _, cold = await move(table, via)
                assert cold == {"load_room_for_action": 1, "commit_action": 1}, cold
            # From then on each replica's copy follows the other's commits from their
            # messages (the room fields ride along with the entry).
            for via in (0, 1, 0, 1, 0, 1):
                _, warm = await move(table, via)
                assert warm == {"commit_action": 1}, (via, warm)
            stored = await replicas[0].store.rooms.load_room(table.room_id)
            for replica in replicas:
                assert replica.feeds.warm.get(table.room_id) == stored
    finally:
        await stop(replicas)


async def test_a_stale_copy_falls_back_to_a_load_and_the_move_is_applied_once(
    redis_url: str, quiet: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    replicas = [await start_replica(redis_url, timers=False, unattended_grace=0) for _ in "ab"]
    first = replicas[0]
    try:
        async with solo_table(replicas, watchers=1) as table:
            for via in (0, 1):
                await move(table, via)
            held = first.feeds.warm.get(table.room_id)
            assert held is not None
            # A commit the first replica has not heard yet: a spectator joins through the
            # other replica (seq + 1, the match version unchanged) while its message is
            # not taken in by the first replica's copy.
            with monkeypatch.context() as deaf:
                deaf.setattr(first.feeds.warm, "heard", lambda *args: None)
                late = Client(f"127.0.0.1:{replicas[1].port}")
                await late.login("Late")
                await late.join(table.room_id, spectator=True)
                await late.close()
                await table.heard(held.seq + 1)
            assert first.feeds.warm.get(table.room_id) == held, "the copy should be stale"
            legal = await table.host[0].legal(table.room_id)
            assert legal.version == held.version
            answer, used = await measured(
                act_once(table.host[0], table.room_id, legal.actions[0], legal.version)
            )
            assert isinstance(answer, game_pb2.ActResponse), answer
            # The commit planned on the copy conflicted (nothing written); the move was
            # planned again on the loaded room and committed once.
            assert used == {"commit_action": 2, "load_room_for_action": 1}, used
            assert (answer.seq, answer.version) == (held.seq + 2, held.version + 1)
            await table.heard(answer.seq)
            for watch in table.watches:
                assert len(watch.seqs) == len(set(watch.seqs)), "an entry came twice"
            log = await first.store.rooms.read_log(table.room_id, held.seq)
            assert [e.seq for e in log] == [held.seq + 1, held.seq + 2]
            assert first.feeds.warm.get(table.room_id) == await first.store.rooms.load_room(
                table.room_id
            )
            # A client naming a later version than a copy holds is not planned on it.
            stale = first.feeds.warm.get(table.room_id)
            with monkeypatch.context() as deaf:
                deaf.setattr(first.feeds.warm, "heard", lambda *args: None)
                _, used = await move(table, via=1)
                assert used == {"commit_action": 1}, used
            assert first.feeds.warm.get(table.room_id) == stale
            _, used = await move(table, via=0)
            assert used == {"load_room_for_action": 1, "commit_action": 1}, used
    finally:
        await stop(replicas)


def _reused(answer: object) -> bool:
    return isinstance(answer, ApiError) and (answer.code, answer.reason, answer.field) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "IDEMPOTENCY_KEY_REUSED",
        "request_id",
    )


async def test_idempotency_keys_answer_as_before_on_a_followed_room(
    redis_url: str, quiet: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    replicas = [await start_replica(redis_url, timers=False, unattended_grace=0) for _ in "ab"]
    second = replicas[1]
    try:
        async with solo_table(replicas, watchers=1) as table:
            other = await table_with_bots(
                table.host[0], "tamashii", players=1, private=True, options=QUIET
            )
            for via in (0, 1):
                await move(table, via)
            host, elsewhere = table.host
            room_id = table.room_id
            legal = await host.legal(room_id)
            key = uuid.uuid4().hex
            with monkeypatch.context() as deaf:  # the second replica misses this commit
                deaf.setattr(second.feeds.warm, "heard", lambda *args: None)
                first_answer, used = await measured(
                    act_once(host, room_id, legal.actions[0], legal.version, key=key)
                )
                assert isinstance(first_answer, game_pb2.ActResponse), first_answer
                assert used == {"commit_action": 1}, used
                await table.heard(first_answer.seq)
                # Retried through the replica that did not hear it: planned on its copy,
                # the commit finds the key done and the answer is the first one's.
                again, used = await measured(
                    act_once(elsewhere, room_id, legal.actions[0], legal.version, key=key)
                )
                assert used == {"commit_action": 1, "read_entry": 1}, used
            assert isinstance(again, game_pb2.ActResponse) and again.replayed
            assert (again.seq, again.version) == (first_answer.seq, first_answer.version)
            # Retried where the copy is current: the copy refuses the old version, the
            # loaded room knows the key.
            again, used = await measured(
                act_once(host, room_id, legal.actions[0], legal.version, key=key)
            )
            assert isinstance(again, game_pb2.ActResponse) and again.replayed
            assert (again.seq, again.version) == (first_answer.seq, first_answer.version)
            assert used == {"load_room_for_action": 1, "read_entry": 1}, used

            # The same key for another request in this room, then in another room: refused,
            # in the one round trip, and nothing changes.
            now = await host.legal(room_id)
            before = (await host.view(room_id)).room.seq
            answer, used = await measured(
                act_once(host, room_id, now.actions[0], now.version, key=key)
            )
            assert _reused(answer), answer
            assert used == {"commit_action": 1}, used
            elsewhere_key = uuid.uuid4().hex
            other_legal = await host.legal(other.room_id)
            await act_once(
                host, other.room_id, other_legal.actions[0], other_legal.version, key=elsewhere_key
            )
            answer, used = await measured(
                act_once(host, room_id, now.actions[0], now.version, key=elsewhere_key)
            )
            assert _reused(answer), answer
            assert used == {"commit_action": 1}, used
            assert (await host.view(room_id)).room.seq == before
            # A key first used on a followed room is claimed for it there.
            claimed_key = uuid.uuid4().hex
            answer, used = await measured(
                act_once(host, room_id, now.actions[0], now.version, key=claimed_key)
            )
            assert isinstance(answer, game_pb2.ActResponse) and used == {"commit_action": 1}
            other_legal = await host.legal(other.room_id)
            answer, _ = await measured(
                act_once(
                    host,
                    other.room_id,
                    other_legal.actions[0],
                    other_legal.version,
                    key=claimed_key,
                )
            )
            assert _reused(answer), answer
    finally:
        await stop(replicas)


async def _drain(replica: Replica, player_id: str, seconds: float) -> None:
    """Spend the session's shared rate budget (5 per second, burst 10) and ``seconds``
    more, as its requests to other replicas would (the limiter's theoretical arrival time,
    on Redis's clock: its burst plus ``seconds`` ahead)."""
    now_s, now_us = await replica.store.redis.time()
    ahead = (now_s * 1_000_000 + now_us) + round((10 / 5 + seconds) * 1e6)
    await replica.store.redis.set(rate_key("session", player_id), str(ahead), px=60_000)


async def test_the_session_rate_is_taken_and_refuses_in_the_one_round_trip(
    redis_url: str, quiet: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 5 requests per second per session (burst 10); leases lapse soon, so the move asks
    # the shared limiter (in its commit).
    monkeypatch.setenv("CERCLE_RATE_PER_SECOND", "5")
    monkeypatch.setattr(rate_limits, "LEASE_SECONDS", 0.3)
    replica = await start_replica(redis_url, timers=False, unattended_grace=0)
    try:
        async with solo_table([replica], watchers=1) as table:
            host = table.host[0]
            await move(table)
            legal = await host.legal(table.room_id)
            before = (await host.view(table.room_id)).room.seq
            await asyncio.sleep(1.0)  # local bucket full again, no lease held
            await _drain(replica, host.player_id, 3.0)
            answer, used = await measured(
                act_once(host, table.room_id, legal.actions[0], legal.version)
            )
            assert isinstance(answer, ApiError), answer
            assert (answer.code, answer.reason) == (
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                "RATE_LIMITED",
            )
            # The shared limiter's wait (the local bucket's would be under 0.2 s), told by
            # the commit itself, which wrote nothing.
            assert answer.retry_after is not None and answer.retry_after > 2.0, answer
            assert used == {"commit_action": 1}, used
            await replica.store.redis.delete(rate_key("session", host.player_id))  # refilled
            assert (await host.view(table.room_id)).room.seq == before, "a refusal changed it"
            await asyncio.sleep(0.4)  # no lease held
            answer, used = await measured(
                act_once(host, table.room_id, legal.actions[0], legal.version)
            )
            assert isinstance(answer, game_pb2.ActResponse), answer
            assert used == {"commit_action": 1}, used  # and took its rate there
            await table.heard(answer.seq)

            # A burst of moves: refused RATE_LIMITED past the budget; what is refused
            # changes nothing.
            applied = refused = 0
            for _ in range(30):
                choices = await _legal_or_none(host, table.room_id)
                if choices is None:
                    refused += 1
                    continue
                result, _ = await measured(
                    act_once(host, table.room_id, choices.actions[0], choices.version)
                )
                if isinstance(result, ApiError):
                    assert result.reason == "RATE_LIMITED", result
                    refused += 1
                else:
                    applied += 1
                    await table.heard(result.seq)
            assert refused > 0, "no move of the burst was refused"
            view = await _eventually(lambda: host.view(table.room_id))
            assert view.room.version == answer.version + applied
    finally:
        await stop([replica])


async def _legal_or_none(client: Client, room_id: str) -> game_pb2.ListLegalActionsResponse | None:
    try:
        return await client.legal(room_id)
    except ApiError as exc:
        assert exc.reason == "RATE_LIMITED", exc
        return None


async def _eventually(call: Callable[[], Awaitable[T]]) -> T:
    for _ in range(50):
        try:
            return await call()
        except ApiError as exc:
            assert exc.reason == "RATE_LIMITED", exc
            await asyncio.sleep(0.3)
    raise AssertionError("still rate limited")


async def test_a_move_a_followed_room_refuses_is_refused_as_before_and_spends_the_rate(
    redis_url: str, quiet: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rate_limits, "LEASE_SECONDS", 0.3)
    replicas = [await start_replica(redis_url, timers=False, unattended_grace=0) for _ in "ab"]
    first = replicas[0]
    try:
        async with solo_table(replicas[:1], watchers=1) as table:
            host = table.host[0]
            await move(table)
            await move(table)
            assert first.feeds.warm.get(table.room_id) is not None
            legal = await host.legal(table.room_id)
            cold = Client(f"127.0.0.1:{replicas[1].port}", host.token)  # holds no copy
            watcher = table.watches[1].client
            limiter = rate_key("session", host.player_id)
            illegal = [
                (host, legal.version - 1, "STALE_VERSION"),  # a version the copy is past
                (watcher, legal.version, "SPECTATOR"),  # no seat
            ]
            try:
                for client, version, reason in illegal:
                    on_cold = cold if client is host else Client(cold.address, client.token)
                    expected, _ = await measured(
                        act_once(on_cold, table.room_id, legal.actions[0], version)
                    )
                    assert isinstance(expected, ApiError) and expected.reason == reason
                    await asyncio.sleep(0.4)  # no lease held: the move asks the limiter
                    spent = await first.store.redis.get(limiter)
                    answer, used = await measured(
                        act_once(client, table.room_id, legal.actions[0], version)
                    )
                    assert isinstance(answer, ApiError), answer
                    assert (answer.code, answer.reason, answer.message) == (
                        expected.code,
                        expected.reason,
                        expected.message,
                    )
                    # Judged again on the loaded room, as on a room with no copy: the load
                    # (which took the rate), then the key's claim given back.
                    assert used == {"load_room_for_action": 1, "release_idempotency_key": 1}, used
                    if client is host:
                        after = await first.store.redis.get(limiter)
                        assert int(after) > int(spent or 0), "the refused move spent no rate"
                    if on_cold is not cold:
                        await on_cold.close()
            finally:
                await cold.close()
            assert (await host.legal(table.room_id)).version == legal.version
    finally:
        await stop(replicas)


async def test_a_commit_message_carries_the_room_fields_and_a_copy_follows_it_exactly(
    redis_url: str, quiet: None
) -> None:
    replica = await start_replica(redis_url, timers=False, unattended_grace=0)
    store = replica.store
    listener = store.pubsub()
    try:
        async with solo_table([replica], watchers=1) as table:
            room_id = table.room_id
            start = await store.rooms.load_room(room_id)
            assert start is not None
            await listener.subscribe(notify_channel(room_id))
            for _ in range(3):
                await move(table)
            messages: list[bytes] = []
            while len(messages) < 3:
                message = await listener.get_message(ignore_subscribe_messages=True, timeout=5)
                if message is not None:
                    messages.append(message["data"])
            copy = WarmRooms()
            copy.heard_live = lambda room_id: True
            copy.committed(start)
            for data in messages:
                entry, fields = notification(data)
                assert fields is not None and fields[b"seq"] == str(entry.seq).encode()
                assert entry == await store.rooms.read_entry(room_id, entry.seq)
                # A reader of entries alone (a replica of the version before) reads it too.
                seq, flat = json.loads(data)
                pairs = {flat[i].encode(): flat[i + 1].encode() for i in range(0, len(flat), 2)}
                assert from_hash(LogEntry, pairs, seq=seq) == entry
                assert entry.state is not None and flat.count(entry.state.decode()) == 1
                copy.heard(room_id, entry.seq, fields)
            assert copy.get(room_id) == await store.rooms.load_room(room_id)
            last_entry, last_fields = notification(messages[-1])

            def copy_at_start() -> WarmRooms:
                held = WarmRooms()
                held.heard_live = lambda room_id: True
                held.committed(start)
                return held

            gap = copy_at_start()  # a message that does not follow the copy
            gap.heard(room_id, start.seq + 2, last_fields)
            assert gap.get(room_id) is None
            old = copy_at_start()  # a message without the room's fields
            old.heard(room_id, start.seq + 1, None)
            assert old.get(room_id) is None
            unknown = copy_at_start()  # a field the record does not store
            unknown.heard(room_id, start.seq + 1, {b"seq": b"1", b"no_such_field": b"1"})
            assert unknown.get(room_id) is None
            assert last_entry.seq == start.seq + 3
    finally:
        await listener.aclose()
        await stop([replica])
