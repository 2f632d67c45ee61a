"""No secret in any log line, on any path: success, refusal, INTERNAL (an unexpected
exception in each servicer family, in the timer loop and in the store), an uncaught crash,
and start-up with a Redis password.

The in-process replica logs through :func:`services.logs.configure` into a buffer. Bugs are
planted by monkeypatching functions of the room layer, the renderers and the store so that
they raise an exception whose frames hold the decoded state, the seed, the nonce and a
session token in their locals, and whose message repeats some of them. The buffer is then
searched for the match's seed, nonce, RNG state, encoded state, hands and tokens; the
clients must get INTERNAL with the generic message.
"""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
from cercle.v1 import game_pb2, timer_pb2, timer_pb2_grpc

from clients.api_error import ApiError
from clients.sdk import Client
from deploy.local.cluster import ROOT, start_redis, start_replica
from engine import registry
from services import store
from services.api import servicing, sessions, timer_service
from services.rooms import clocks, planning
from services.rooms.lobby import Lobby
from services.rooms.records import RoomRecord
from services.server import Replica
from services.server import start_replica as start_in_process
from services.store import Store, room_store
from services.store.players import PlayerStore
from tests.faults.helpers import wait_health, wait_until
from tests.services.play import captured_logs
from tests.services.tables import START, FakeClock, addresses, logged_in, open_room

TURN_SECONDS = 30


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """Every log line of this process (structlog and the standard library) as JSON."""
    with captured_logs("DEBUG", "leak-test") as buffer:
        yield buffer


@dataclass
class Table:
    room_id: str
    clients: list[Client]
    replica: Replica
    clock: FakeClock
    secrets: list[str]


def match_secrets(record: RoomRecord, clients: list[Client], join_code: str) -> list[str]:
    """Every form in which this match's secrets could reach a log line."""
    assert record.state is not None and record.seed is not None and record.nonce is not None
    game = registry.get(record.meta.game)
    state: Any = game.decode(record.state)
    encoded = record.state.decode()
    found = [
        str(record.seed),
        record.nonce,
        join_code,
        str(state.rng.state),
        encoded[:40],
        encoded[len(encoded) // 2 : len(encoded) // 2 + 40],
        repr(record.state)[2:42],
        *(client.token for client in clients),
    ]
    for hand in state.hands:
        assert len(hand) >= 5
        found += [json.dumps(hand), repr(hand), repr(tuple(hand)), json.dumps(hand[:5])[:-1]]
    return found


@pytest.fixture
async def table(redis_url: str, captured: io.StringIO) -> AsyncIterator[Table]:
    """A started match on an in-process replica whose every log line is captured (the
    room's creation included)."""
    clock = FakeClock()
    replica = await start_in_process(redis_url, clock=clock)
    clients: list[Client] = []
    try:
        clients = await logged_in(addresses([replica]), ["Leak 0", "Leak 1"])
        created = (
            await open_room(
                clients, "tomahawk", private=True, options={"turn_seconds": str(TURN_SECONDS)}
            )
        ).room
        record = await replica.store.rooms.load_room(created.room_id)
        assert record is not None and record.status == "playing"
        secrets = match_secrets(record, clients, created.join_code)
        yield Table(created.room_id, clients, replica, clock, secrets)
    finally:
        for client in clients:
            await client.close()
        await replica.stop(grace=0.1)


def assert_no_secret(text: str, secrets: list[str], where: str) -> None:
    for secret in secrets:
        assert secret and secret not in text, f"{where} holds a secret: {secret[:12]}..."


def assert_generic_internal(error: ApiError, secrets: list[str]) -> None:
    assert error.code == grpc.StatusCode.INTERNAL, error
    assert error.message == servicing.INTERNAL.message
    assert_no_secret(f"{error.message} {error.reason}", secrets, "the client's error")


def lines(buffer: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in buffer.getvalue().splitlines() if line.strip()]


class PlantedBug(RuntimeError):
    pass


def secret_bug(record: RoomRecord, token: str) -> PlantedBug:
    """An exception raised where a careless frame holds every secret of the room, and
    whose message repeats them as a careless ``f"{record!r}"`` would."""
    game = registry.get(record.meta.game)
    state = game.decode(record.state) if record.state else None
    seed, nonce, hands = record.seed, record.nonce, getattr(state, "hands", None)
    authorization = f"Bearer {token}"
    assert state is not None and seed and nonce and hands and authorization
    return PlantedBug(
        f"planted: {record!r} seed={seed} nonce={nonce!r} hands={hands} token={token} "
        f"authorization: {authorization} state={record.state!r}"
    )


@pytest.mark.timeout(60)
async def test_no_secret_reaches_the_logs_on_any_servicer_path(
    table: Table, captured: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, guest = table.clients
    room_id = table.room_id
    token = host.token

    # Success and refusal paths first (DEBUG level): views, legal actions, a stale version.
    await host.view(room_id)
    mover, legal = host, await host.legal(room_id)
    if not legal.actions:
        mover, legal = guest, await guest.legal(room_id)
    with pytest.raises(ApiError) as stale:
        await mover.act(room_id, legal.actions[0], legal.version + 5)
    assert stale.value.reason == "STALE_VERSION"

    # Lobby: a bug inside SetReady.
    async def lobby_bug(self: Lobby, player: object, room: str, ready: bool, *deal: object) -> None:
        record = await self.store.rooms.load_room(room)
        assert record is not None
        raise secret_bug(record, token)

    monkeypatch.setattr(Lobby, "set_ready", lobby_bug)
    with pytest.raises(ApiError) as lobby:
        await host.ready(room_id)
    assert_generic_internal(lobby.value, table.secrets)

    # Game: a bug in the deadline computation, deep inside Act's compare-and-set (its
    # frames hold the decoded state before and after the move, the record, the seed).
    real_deadlines = clocks.compute_deadlines  # the function planning imported

    def deadline_bug(*args: Any, **kwargs: Any) -> Any:
        raise PlantedBug(f"planted in deadlines: seed={kwargs.get('seed')} state={args[3]!r}")

    monkeypatch.setattr(planning, "compute_deadlines", deadline_bug)
    with pytest.raises(ApiError) as game_call:
        await mover.act(room_id, legal.actions[0], legal.version)
    assert_generic_internal(game_call.value, table.secrets)

    # Timer loop: the turn clock runs out while the same bug is planted; the loop logs the
    # failure (without secrets) and lives on.
    table.clock.now = START + TURN_SECONDS + 1

    def timer_failed_on_the_room() -> bool:
        return any(
            line["event"] == "task_failed" and line.get("room") == room_id
            for line in lines(captured)
        )

    await wait_until(timer_failed_on_the_room, 20, "the timer loop's failure on the room")
    monkeypatch.setattr(planning, "compute_deadlines", real_deadlines)

    # TimerService: a bug while rendering deadlines.
    def render_bug(deadlines: list[dict[str, Any]]) -> Any:
        raise PlantedBug(f"planted in render: {deadlines!r} token={token}")

    monkeypatch.setattr(timer_service, "deadline_messages", render_bug)
    stub = timer_pb2_grpc.TimerServiceStub(host.channel)
    with pytest.raises(grpc.aio.AioRpcError) as timer_call:
        await stub.GetDeadlines(
            timer_pb2.GetDeadlinesRequest(room_id=room_id), metadata=host.metadata
        )
    assert timer_call.value.code() == grpc.StatusCode.INTERNAL
    assert timer_call.value.details() == servicing.INTERNAL.message

    # Store: a bug right after a room was decoded from Redis (GetView, then a stream).
    real_from_hash = room_store._room_from_hash

    def store_bug(room: str, raw: dict[bytes, bytes]) -> RoomRecord:
        record = real_from_hash(room, raw)
        raise secret_bug(record, token)

    monkeypatch.setattr(room_store, "_room_from_hash", store_bug)
    with pytest.raises(ApiError) as view:
        await guest.view(room_id)
    assert_generic_internal(view.value, table.secrets)
    stream = guest.game.Subscribe(
        game_pb2.SubscribeRequest(room_id=room_id), metadata=guest.metadata
    )
    with pytest.raises(grpc.aio.AioRpcError) as subscribe:
        async for _ in stream:
            pass
    assert subscribe.value.code() == grpc.StatusCode.INTERNAL
    assert subscribe.value.details() == servicing.INTERNAL.message
    monkeypatch.undo()

    # The replica still serves: nothing above broke it.
    assert (await host.view(room_id)).room.room_id == room_id

    text = captured.getvalue()
    assert_no_secret(text, table.secrets, "the logs")
    parsed = lines(captured)
    failures = [line for line in parsed if line["event"] in ("rpc_failed", "task_failed")]
    assert len(failures) >= 5, "each planted bug is logged"
    for line in failures:
        (exception,) = line["exception"][-1:]
        assert exception["exc_type"] == "PlantedBug"
        assert exception["frames"], "the traceback is there, file:line:function"
        assert all(set(frame) <= {"filename", "lineno", "name"} for frame in exception["frames"])
    assert '"locals"' not in text
    assert room_id in text, "the logs still name the room"
    assert any(line["event"] == "action_applied" for line in parsed) or any(
        line["event"] == "rpc_refused" for line in parsed
    )


def test_an_uncaught_crash_is_one_redacted_json_line() -> None:
    """The process dies of an exception whose frames and message hold secrets: stderr has
    one JSON line, its traceback without locals, its message scrubbed."""
    token = "Qm9yZWFsaXNfc2VjcmV0X3Rva2VuX3RoYXRfbXVzdA1"
    seed = 7308845367402377191
    program = f"""
from services import logs
logs.configure("INFO", "crash-test")
def start(redis_url):
    token = {token!r}
    seed = {seed}
    raise RuntimeError(f"cannot start: seed={{seed}} token={{token!r}} url={{redis_url}}")
start("redis://:hunter2-password@10.0.0.1:6379/0")
"""
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    (line,) = [json.loads(text) for text in done.stderr.splitlines() if text.strip()]
    assert line["event"] == "uncaught_exception"
    assert line["exception"][0]["exc_type"] == "RuntimeError"
    for secret in (token, str(seed), "hunter2-password"):
        assert secret not in done.stderr


async def test_start_up_and_health_lines_do_not_carry_the_redis_password(
    tmp_path: Path,
) -> None:
    password = "s3cret-Redis-pass-9f2c"
    redis = start_redis(
        tmp_path / "redis", tmp_path, appendonly=False, extra=["--requirepass", password]
    )
    replica = start_replica(
        f"redis://:{password}@127.0.0.1:{redis.port}/0",
        tmp_path,
        name="password-replica",
        env={"CERCLE_LOG_LEVEL": "DEBUG"},
    )
    try:
        address = f"127.0.0.1:{replica.port}"
        await wait_health([address], "SERVING", 10)
        async with Client(address) as client:
            await client.login("Pw")  # the replica really uses Redis, with its password
            assert client.token
    finally:
        replica.stop()
        redis.stop()
    text = replica.log_path.read_text()
    assert '"event": "listening"' in text and '"serving": true' in text
    assert password not in text


async def test_a_store_failure_in_the_store_layer_is_unavailable_and_logged_without_secrets(
    redis_url: str, captured: io.StringIO
) -> None:
    """A Redis error reply whose text would carry a value (a script error) is answered
    UNAVAILABLE and its log line carries the error kind, not the text of the call."""
    replica = await start_in_process(redis_url, timers=False)
    client = Client(f"127.0.0.1:{replica.port}")
    room_id = ""
    try:
        await client.login("Wrongtype")
        created = await client.create_room("tomahawk", players=2)
        room_id = created.room_id
        admin = Store(redis_url)
        try:  # the room's key now holds the wrong type: every read of it is refused
            await admin.redis.delete(store.room_key(created.room_id))
            await admin.redis.set(store.room_key(created.room_id), client.token)
        finally:
            await admin.close()
        with pytest.raises(ApiError) as refused:
            await client.view(created.room_id)
        assert refused.value.code == grpc.StatusCode.UNAVAILABLE
        assert refused.value.reason == "STORE_UNAVAILABLE"
        assert refused.value.retry_after is not None and refused.value.retry_after > 0
    finally:
        admin = Store(redis_url)
        try:  # a listed room no one can read would fail the later tests' ListRooms
            if room_id:
                await admin.redis.delete(store.room_key(room_id))
        finally:
            await admin.close()
        await client.close()
        await replica.stop(grace=0.1)
    text = captured.getvalue()
    assert '"store_error": "WRONGTYPE"' in text
    assert client.token not in text


@pytest.mark.timeout(60)
async def test_no_token_or_device_id_reaches_the_logs_on_the_identity_paths(
    table: Table, captured: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Device login, refresh and logout succeed, then each fails with a bug planted where
    the tokens and the device id are in the frames and in the exception's message."""
    address = f"127.0.0.1:{table.replica.port}"
    device_id = "device-" + uuid.uuid4().hex  # random: a weak device id is refused
    phone = Client(address)
    try:
        await phone.login_device(device_id, "Phone")
        tokens = [phone.token, phone.refresh_token]
        await phone.refresh()
        tokens += [phone.token, phone.refresh_token]
        await phone.my_rooms()
        secrets = [device_id, *tokens]

        real_issue = PlayerStore.issue_session

        async def issue_bug(self: PlayerStore, player_id: str) -> store.IssuedSession:
            issued = await real_issue(self, player_id)
            secrets.extend([issued.access_token, issued.refresh_token])
            raise PlantedBug(
                f"planted: device={device_id} access={issued.access_token} "
                f"refresh={issued.refresh_token} authorization: Bearer {tokens[2]}"
            )

        real_refresh = PlayerStore.refresh_session

        async def refresh_bug(self: PlayerStore, refresh_token: str) -> store.IssuedSession:
            issued = await real_refresh(self, refresh_token)
            assert issued is not None
            secrets.extend([issued.access_token, issued.refresh_token])
            raise PlantedBug(
                f"planted: refresh={refresh_token} access={issued.access_token} "
                f"next refresh={issued.refresh_token}"
            )

        monkeypatch.setattr(PlayerStore, "issue_session", issue_bug)
        monkeypatch.setattr(PlayerStore, "refresh_session", refresh_bug)
        for call in (phone.login_device(device_id), phone.refresh()):
            with pytest.raises(ApiError) as failed:
                await call
            assert_generic_internal(failed.value, secrets)
        monkeypatch.undo()
        await phone.login_device(device_id)
        secrets += [phone.token, phone.refresh_token]
        await phone.logout()
        await asyncio.sleep(sessions.CACHE_SECONDS)  # the replica's cache of the token lapses
        stale = Client(address, secrets[-2])
        with pytest.raises(ApiError) as refused:
            await stale.my_rooms()
        await stale.close()
        assert refused.value.reason == "UNAUTHENTICATED"
    finally:
        await phone.close()
    text = captured.getvalue()
    assert_no_secret(text, secrets, "the logs")
    failures = [line for line in lines(captured) if line["event"] == "rpc_failed"]
    assert len(failures) >= 2, "each planted bug is logged"
