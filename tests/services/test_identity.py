"""Identity over two real replicas and one real Valkey: device logins give a stable player,
a relaunched app finds its match with ListMyRooms and finishes it from its last seq, refresh
tokens are traded once (a retry within the grace gets the same pair), a logout is refused
on the other replica within the session cache's bound, tokens and device ids are stored
only hashed and never logged.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
import sys
import uuid
from collections.abc import Awaitable
from pathlib import Path

import grpc
import pytest
import redis.asyncio as aioredis
from cercle.v1 import common_pb2, game_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from deploy.local.cluster import ROOT
from services.api import sessions
from services.server import start_replica as start_in_process
from services.store import players as store_players
from tests.services.play import Seat, play_randomly

QUIET = {"decision_seconds": "0"}


def _unauthenticated(exc: ApiError) -> bool:
    return (exc.code, exc.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED")


async def _refused(call: Awaitable[object]) -> ApiError:
    try:
        await call
    except ApiError as exc:
        return exc
    raise AssertionError("the call was accepted")


async def _killed_app(address: str, device_id: str, moves: int) -> tuple[str, int, str, str]:
    """Run tests/services/device_app.py until it has played ``moves`` moves, kill -9 it;
    its room, the last seq and resume cursor it received, and its stdout."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.services.device_app", address, device_id, str(moves)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    room, seq, cursor, out = "", 0, "", []
    try:
        assert proc.stdout is not None
        loop = asyncio.get_running_loop()
        while True:
            line = await asyncio.wait_for(loop.run_in_executor(None, proc.stdout.readline), 60)
            assert line, f"the app ended early: {proc.stderr.read() if proc.stderr else ''}"
            out.append(line)
            message = json.loads(line)
            if message.get("ready_to_die"):
                break
            room, seq, cursor = message["room"], message["seq"], message["cursor"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    return room, seq, cursor, "".join(out)


async def test_a_relaunched_app_finds_its_match_by_device_and_finishes_it_from_its_cursor(
    replicas: list[str],
) -> None:
    device_id = str(uuid.uuid4())
    first = Client(replicas[0])
    first_login = await first.login_device(device_id, "Phone")
    await first.close()
    assert first_login.created and first_login.display_name == "Phone"

    room_id, last_seq, cursor, _ = await _killed_app(replicas[0], device_id, moves=2)
    assert room_id and last_seq > 0 and cursor

    app = Client(replicas[1])  # relaunched, reaching the other replica
    try:
        again = await app.login_device(device_id, "Ignored for a known device")
        assert not again.created
        assert again.player_id == first_login.player_id
        assert again.display_name == "Phone"
        mine = await app.my_rooms()
        found = [r for r in mine if r.room_id == room_id]
        assert len(found) == 1, [r.room_id for r in mine]
        assert found[0].status == common_pb2.ROOM_STATUS_PLAYING
        assert found[0].my_seat == 0

        received: list[game_pb2.SubscribeResponse] = []

        async def follow() -> None:
            async for update in app.updates(room_id, cursor=cursor):  # the app kept it
                received.append(update)
                if update.kind == game_pb2.UPDATE_KIND_FINISHED:
                    return

        follower = asyncio.create_task(follow())
        await play_randomly(room_id, [Seat(app, 0)], random.Random(7))
        await asyncio.wait_for(follower, 30)
        seqs = [u.seq for u in received]
        assert seqs == list(range(last_seq + 1, last_seq + 1 + len(seqs))), seqs
        assert received[-1].kind == game_pb2.UPDATE_KIND_FINISHED

        history = await app.history_page()
        record = next(m for m in history.matches if m.room_id == room_id)
        assert record.game_id == "tamashii" and record.my_seat == 0
        assert record.outcome.reason != game_pb2.OUTCOME_REASON_UNSPECIFIED
        assert record.outcome.HasField("tamashii")
        finished = [r for r in await app.my_rooms() if r.room_id == room_id]
        assert finished[0].status == common_pb2.ROOM_STATUS_FINISHED
    finally:
        await app.close()


async def test_a_refresh_token_is_traded_once_for_a_new_pair(replicas: list[str]) -> None:
    client = Client(replicas[0])
    other = Client(replicas[1])
    try:
        await client.login("Refresher")
        old_access, old_refresh = client.token, client.refresh_token
        response = await client.refresh()
        assert response.player_id == client.player_id
        assert response.session_token not in (old_access, "")
        assert response.refresh_token not in (old_refresh, "")
        assert response.expire_time.seconds < response.refresh_expire_time.seconds
        await client.rooms()  # the new access token works

        other.refresh_token = old_refresh  # the spent refresh token, on the other replica:
        again = await other.refresh()  # within the grace, a retry gets the same pair
        assert (again.session_token, again.refresh_token) == (
            response.session_token,
            response.refresh_token,
        )
        other.token, other.refresh_token = old_access, ""  # the access token issued with it
        await asyncio.sleep(sessions.CACHE_SECONDS)  # the documented bound (it was never cached)
        assert _unauthenticated(await _refused(other.rooms()))
    finally:
        await client.close()
        await other.close()


async def test_a_logout_on_one_replica_is_refused_on_the_other_within_a_second(
    replicas: list[str],
) -> None:
    assert sessions.CACHE_SECONDS <= 1.0
    a, b = Client(replicas[0]), Client(replicas[1])
    try:
        await a.login("Leaver")
        b.token = a.token
        await b.rooms()  # replica B has resolved (and cached) the token
        refresh = a.refresh_token
        await a.logout()
        await asyncio.sleep(sessions.CACHE_SECONDS)  # the bound docs/operations.md states
        assert _unauthenticated(await _refused(b.rooms()))
        assert _unauthenticated(await _refused(a.rooms()))
        a.refresh_token = refresh
        assert _unauthenticated(await _refused(a.refresh()))  # the refresh token went too
    finally:
        await a.close()
        await b.close()


async def test_a_display_name_change_shows_in_the_rooms_joined_after(
    replicas: list[str],
) -> None:
    client = Client(replicas[0])
    try:
        await client.login_device(str(uuid.uuid4()), "Before")
        assert await client.rename("  After  ") == "After"
        await asyncio.sleep(sessions.CACHE_SECONDS)  # a replica's cached name lives this long
        room = await client.create_room("tamashii", players=1, private=True, options=QUIET)
        assert room.seats[0].display_name == "After"
        error = await _refused(client.rename(""))
        assert (error.code, error.field) == (grpc.StatusCode.INVALID_ARGUMENT, "display_name")
    finally:
        await client.close()


@pytest.mark.parametrize("device_id", ["", "short", "x" * 129, "has a space in it 12345"])
async def test_a_bad_device_id_is_invalid_argument(replicas: list[str], device_id: str) -> None:
    client = Client(replicas[0])
    try:
        error = await _refused(client.login_device(device_id, "Ann"))
        assert (error.code, error.reason, error.field) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
            "device_id",
        )
    finally:
        await client.close()


async def test_tokens_and_device_ids_are_stored_hashed_and_never_logged(
    replicas: list[str], redis_url: str, replica_log_dir: Path
) -> None:
    device_id = str(uuid.uuid4())
    client = Client(replicas[0])
    secrets: list[str] = [device_id]
    try:
        await client.login_device(device_id, "Hashed")
        secrets += [client.token, client.refresh_token]
        await client.refresh()
        secrets += [client.token, client.refresh_token]
        await client.quick_match("tomy", bots=2)
        await client.logout()
        bad = Client(replicas[1], client.token)
        await _refused(bad.rooms())
        await bad.close()
    finally:
        await client.close()
    redis = aioredis.from_url(redis_url)
    try:
        async for key in redis.scan_iter(count=1000):
            assert isinstance(key, bytes)  # no decode_responses: Redis hands back bytes
            text = key.decode(errors="replace")
            stored_type = await redis.type(key)
            assert isinstance(stored_type, bytes)
            kind = stored_type.decode()
            if kind == "string":
                text += repr(await redis.get(key))
            elif kind == "hash":
                text += repr(await redis.hgetall(key))
            for secret in secrets:
                assert secret not in text, f"a token or device id is stored in {key!r}"
    finally:
        await redis.aclose()
    for log in replica_log_dir.iterdir():
        content = log.read_text(errors="replace")
        for secret in secrets:
            assert secret not in content, f"a token or device id is in {log.name}"


async def test_an_access_token_expires_at_a_fixed_time_even_while_used_and_the_sdk_refreshes(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_players, "ACCESS_TTL_SECONDS", 2)
    replica = await start_in_process(redis_url, timers=False)
    client = Client(f"127.0.0.1:{replica.port}")
    try:
        await client.login("Busy")
        first_access, first_refresh = client.token, client.refresh_token
        raw = Client(client.address, first_access)  # no refresh token: sees the expiry
        used = 0
        for _ in range(200):  # used every 0.1 s: a renewing TTL would never run out
            try:
                await raw.rooms()
            except ApiError as exc:
                assert _unauthenticated(exc)
                break
            used += 1
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the access token was renewed by its use")
        assert used >= 2  # it did work before it expired
        await raw.close()
        await client.rooms()  # the SDK traded its refresh token for a new pair
        assert client.token != first_access and client.refresh_token != first_refresh
    finally:
        await client.close()
        await replica.stop(grace=0.1)
