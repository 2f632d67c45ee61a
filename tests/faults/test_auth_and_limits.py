"""Authorization and limits, over two real replica processes and the session's Redis.

- A session token acts only for its own seat: ``ActRequest`` has no seat field, and the
  seated player who is not to move cannot make the other seat's pending move (it is refused
  as NOT_YOUR_TURN, for their own seat); the mover's token plays it.
- A spectator cannot act (PERMISSION_DENIED / SPECTATOR) and its views and updates carry no
  hand and no private event; an outsider cannot even look.
- A private room cannot be joined without its code, by room id, as a player or a spectator.
- Limits: a request over 64 KiB is refused RESOURCE_EXHAUSTED before any work (even with no
  token); a story over 500 characters is FAILED_PRECONDITION / STORY_LENGTH; the 31st room
  of a session in an hour is RESOURCE_EXHAUSTED / TOO_MANY_ROOMS with RetryInfo; a burst of
  twice the allowance (``services.api.auth.RATE_BURST``) from one session at once is partly
  RESOURCE_EXHAUSTED / RATE_LIMITED with RetryInfo while the allowance itself is served, and
  the session works again after the advised delay; an open room's keys expire within an
  hour, a started room's within a day.

Regressions of bugs this suite found (fixed since): a refused QuickMatch against bots left a
room behind; a player who left a room kept a stream showing them the hand of whoever took
their seat; a colliding join code led into another private room.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import uuid
from typing import Any

import grpc
import pytest
from cercle.v1 import common_pb2, game_pb2, lobby_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from services.api.auth import RATE_BURST, RATE_PER_SECOND
from services.rooms import lobby as lobby_module
from services.rooms.records import RoomMeta, from_json
from services.server import start_replica
from services.store import (
    OPEN_ROOM_TTL_SECONDS,
    ROOM_TTL_SECONDS,
    ROOMS_PER_HOUR,
    Store,
    idem_key,
    log_key,
    room_key,
)
from tests.faults.helpers import (
    OUT_OF_TURN,
    Refusal,
    StreamRecord,
    act_once,
    record_stream,
    refusal,
    stop_tasks,
    tomahawk_oneof,
    wait_until,
)
from tests.services.play import Seat, open_table, stop_all

TOMAHAWK = {"turn_seconds": "0", "target_score": "10000"}
TOMY = {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"}


async def _turn(room_id: str, seats: list[Seat]) -> tuple[Seat, game_pb2.Action, int]:
    """The seat to move, one of its turn moves (not an out-of-turn call), the version."""
    for seat in seats:
        legal = await seat.client.legal(room_id)
        moves = [a for a in legal.actions if tomahawk_oneof(a) not in OUT_OF_TURN]
        if moves:
            return seat, moves[0], legal.version
    raise AssertionError("nobody's turn")


async def _room_state(client: Client, room_id: str) -> tuple[int, int]:
    view = await client.view(room_id)
    return view.room.version, view.room.seq


async def test_a_token_acts_only_for_its_own_seat(
    fault_replicas: list[str], redis_url: str
) -> None:
    # The request cannot even name a seat: the seat comes from the session token.
    assert {f.name for f in game_pb2.ActRequest.DESCRIPTOR.fields} == {
        "room_id",
        "version",
        "request_id",
        "action",
    }
    room_id, seats = await open_table(fault_replicas, "tomahawk", 3, TOMAHAWK)
    _, strangers = await open_table(fault_replicas, "tomahawk", 2, TOMAHAWK)
    store = Store(redis_url)
    try:
        mover, move, version = await _turn(room_id, seats)
        before = await _room_state(mover.client, room_id)
        mover_hand = list((await mover.client.view(room_id)).view.tomahawk.hand_ids)
        for seat in seats:
            if seat is mover:
                continue
            # The mover's pending move, sent with another player's token: refused for the
            # sender's own seat.
            with pytest.raises(Refusal) as refused:
                await act_once(seat.client, room_id, move, version, uuid.uuid4().hex)
            assert (refused.value.code, refused.value.reason) == (
                grpc.StatusCode.FAILED_PRECONDITION,
                "NOT_YOUR_TURN",
            ), refused.value
            # Every card of the mover's hand, played with this token: never the mover's.
            for card in mover_hand[:3]:
                play = game_pb2.Action()
                play.tomahawk.play_card.card = card
                with pytest.raises(Refusal) as refused:
                    await act_once(seat.client, room_id, play, version, uuid.uuid4().hex)
                assert refused.value.reason == "NOT_YOUR_TURN", refused.value
        assert await _room_state(mover.client, room_id) == before
        # A token of another table: not seated here.
        with pytest.raises(Refusal) as refused:
            await act_once(strangers[0].client, room_id, move, version, uuid.uuid4().hex)
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "NOT_SEATED",
        )
        # The mover's own token plays it, for the mover's seat.
        answer = await act_once(mover.client, room_id, move, version, uuid.uuid4().hex)
        assert answer.version == version + 1
        entry = await store.rooms.read_entry(room_id, answer.seq)
        assert entry is not None and entry.actor == mover.seat
    finally:
        await stop_all(seats)
        await stop_all(strangers)
        await store.close()


async def test_a_spectator_cannot_act_and_sees_no_hand(fault_replicas: list[str]) -> None:
    room_id, seats = await open_table(fault_replicas, "tomahawk", 3, TOMAHAWK)
    spectator, outsider = Client(fault_replicas[1]), Client(fault_replicas[0])
    try:
        await spectator.login("Watcher")
        await outsider.login("Outsider")
        assert not (await spectator.join(room_id, spectator=True)).HasField("seat")
        mover, move, version = await _turn(room_id, seats)
        before = await _room_state(mover.client, room_id)
        with pytest.raises(Refusal) as refused:
            await act_once(spectator, room_id, move, version, uuid.uuid4().hex)
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SPECTATOR",
        )
        assert (await spectator.legal(room_id)).actions == []
        assert await _room_state(mover.client, room_id) == before
        # Its view: the table, no hand, no seat.
        view = (await spectator.view(room_id)).view.tomahawk
        assert not view.HasField("seat")
        assert list(view.hand) == [] and list(view.hand_ids) == []
        assert [s.cards for s in view.seats] == [8, 8, 8]  # hand sizes are public
        # Its updates: no hand in any view, no private event.
        mover_answer = await act_once(mover.client, room_id, move, version, uuid.uuid4().hex)
        updates: list[game_pb2.SubscribeResponse] = []
        async with asyncio.timeout(10):
            async for update in spectator.updates(room_id, resume=False):
                updates.append(update)
                if update.seq >= mover_answer.seq:
                    break
        assert updates and updates[-1].seq == mover_answer.seq
        hands = [list((await s.client.view(room_id)).view.tomahawk.hand_ids) for s in seats]
        for update in updates:
            if update.HasField("view"):
                seen = update.view.tomahawk
                assert not seen.HasField("seat")
                assert list(seen.hand) == [] and list(seen.hand_ids) == []
            assert not any(event.private for event in update.events), update.seq
        assert all(len(hand) >= 7 for hand in hands)
        # Someone who neither sits nor watches sees nothing at all.
        for call in (outsider.view, outsider.legal):
            with pytest.raises(ApiError) as denied:
                await call(room_id)
            assert (denied.value.code, denied.value.reason) == (
                grpc.StatusCode.PERMISSION_DENIED,
                "NOT_IN_ROOM",
            )
    finally:
        await spectator.close()
        await outsider.close()
        await stop_all(seats)


async def test_a_private_room_needs_its_code_even_by_room_id(fault_replicas: list[str]) -> None:
    host, guest = Client(fault_replicas[0]), Client(fault_replicas[1])
    try:
        await host.login("Host")
        await guest.login("Guest")
        room = await host.create_room("tomy", players=3, private=True, options=TOMY)
        wrong = "".join(reversed(room.join_code))
        attempts = [{"room_id": room.room_id}, {"room_id": room.room_id, "spectator": True}]
        for attempt in attempts:
            with pytest.raises(ApiError) as refused:
                await guest.join(**attempt)  # type: ignore[arg-type]
            assert (refused.value.code, refused.value.reason) == (
                grpc.StatusCode.PERMISSION_DENIED,
                "PRIVATE_ROOM",
            ), attempt
        # JoinRoom takes a room id or a code (a oneof): a wrong code opens no room at all.
        with pytest.raises(ApiError) as refused:
            await guest.join(code=wrong if wrong != room.join_code else "ZZZZZZ")
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.NOT_FOUND,
            "UNKNOWN_JOIN_CODE",
        )
        with pytest.raises(ApiError) as refused:
            await guest.view(room.room_id)
        assert refused.value.code == grpc.StatusCode.PERMISSION_DENIED
        assert (await host.view(room.room_id)).room.seq == 1  # nothing was joined
        joined = await guest.join(room.room_id, code=room.join_code)
        assert joined.seat == 1
    finally:
        await host.close()
        await guest.close()


async def test_a_request_over_64_kib_is_refused_before_any_work(
    fault_replicas: list[str],
) -> None:
    room_id, seats = await open_table(fault_replicas, "tomy", 3, TOMY)
    try:
        view = await seats[0].client.view(room_id)
        teller = seats[view.view.tomy.storyteller]
        legal = await teller.client.legal(room_id)
        propose = next(a for a in legal.actions if a.tomy.WhichOneof("action") == "propose")
        propose.tomy.propose.ClearField("template")  # a story of one's own, not the listed one
        propose.tomy.propose.text = "x" * 100_000
        before = await _room_state(teller.client, room_id)
        anonymous = Client(teller.client.address)  # no token at all
        try:
            for client, target in ((teller.client, room_id), (anonymous, "no-such-room")):
                with pytest.raises(Refusal) as refused:
                    await act_once(client, target, propose, legal.version, uuid.uuid4().hex)
                # Refused by gRPC on size, before authentication or any room lookup.
                assert refused.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED, refused.value
                assert not refused.value.has_error_info
        finally:
            await anonymous.close()
        assert await _room_state(teller.client, room_id) == before
        # Story length: 501 characters is refused by the rules, 500 is fine.
        propose.tomy.propose.text = "y" * 501
        with pytest.raises(Refusal) as refused:
            await act_once(teller.client, room_id, propose, legal.version, uuid.uuid4().hex)
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "STORY_LENGTH",
        )
        assert await _room_state(teller.client, room_id) == before
        propose.tomy.propose.text = "z" * 500
        answer = await act_once(teller.client, room_id, propose, legal.version, uuid.uuid4().hex)
        assert answer.version == legal.version + 1
    finally:
        await stop_all(seats)


async def test_the_31st_room_in_an_hour_is_refused(fault_replicas: list[str]) -> None:
    client = Client(fault_replicas[0])
    try:
        await client.login("Builder")
        request = lobby_pb2.CreateRoomRequest(
            game_id="tomy",
            players=3,
            visibility=common_pb2.VISIBILITY_PRIVATE,  # kept out of the public lists
        )
        for _ in range(ROOMS_PER_HOUR):
            await client.lobby.CreateRoom(request, metadata=client.metadata, timeout=10)
        with pytest.raises(grpc.aio.AioRpcError) as exc:
            await client.lobby.CreateRoom(request, metadata=client.metadata, timeout=10)
        refused = refusal(exc.value)
        assert (refused.code, refused.reason) == (
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "TOO_MANY_ROOMS",
        )
        assert refused.retry_delay is not None and refused.retry_delay > 0
    finally:
        await client.close()


async def test_a_burst_of_calls_from_one_session_is_rate_limited(
    fault_replicas: list[str],
) -> None:
    client = Client(fault_replicas[1])
    try:
        await client.login("Eager")
        room = await client.create_room("tomy", players=3, private=True, options=TOMY)
        request = game_pb2.GetViewRequest(room_id=room.room_id)

        async def one() -> Refusal | None:
            try:
                await client.game.GetView(request, metadata=client.metadata, timeout=10)
            except grpc.aio.AioRpcError as exc:
                return refusal(exc)
            return None

        calls = int(2 * RATE_BURST)
        answers: list[Refusal | None] = []
        for _ in range(0, calls, 40):  # waves of 40: fewer than the store's connections
            answers += await asyncio.gather(*(one() for _ in range(40)))
        calls = len(answers)
        limited = [a for a in answers if a is not None]
        assert limited, f"{calls} calls at once were all served"
        assert calls - len(limited) >= RATE_BURST - 1, "the burst allowance was not honoured"
        for refused in limited:
            assert (refused.code, refused.reason) == (
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                "RATE_LIMITED",
            ), refused
            assert refused.retry_delay is not None, "no RetryInfo"
            assert 0 <= refused.retry_delay <= 1 / RATE_PER_SECOND + 0.001
        await asyncio.sleep(max(r.retry_delay or 0 for r in limited) + 0.05)
        assert await one() is None, "still limited after the advised delay"
    finally:
        await client.close()


async def test_idle_rooms_expire(fault_replicas: list[str], redis_url: str) -> None:
    store = Store(redis_url)
    host = Client(fault_replicas[0])
    room_id, seats = await open_table(fault_replicas, "tomahawk", 2, TOMAHAWK)
    try:
        await host.login("Idle host")
        waiting = await host.create_room("tomahawk", players=2, private=True, options=TOMAHAWK)
        for key in (room_key(waiting.room_id), log_key(waiting.room_id)):
            ttl = await store.redis.ttl(key)
            assert 0 < ttl <= OPEN_ROOM_TTL_SECONDS, (key, ttl)
        mover, move, version = await _turn(room_id, seats)
        await act_once(mover.client, room_id, move, version, uuid.uuid4().hex)
        for key in (room_key(room_id), log_key(room_id), idem_key(room_id)):
            ttl = await store.redis.ttl(key)
            assert OPEN_ROOM_TTL_SECONDS < ttl <= ROOM_TTL_SECONDS, (key, ttl)
    finally:
        await host.close()
        await stop_all(seats)
        await store.close()


async def _rooms_hosted_by(store: Store, player_id: str) -> list[str]:
    hosted: list[str] = []
    async for key in store.redis.scan_iter(match="cercle:*:room:*", count=500):
        meta = await store.redis.hget(key, "meta")
        if meta and from_json(RoomMeta, meta).host == player_id:
            hosted.append(key.decode())
    return hosted


async def test_a_refused_quick_match_against_bots_creates_no_room(
    fault_replicas: list[str], redis_url: str
) -> None:
    """Regression (found by this suite): QuickMatch against bots with an unknown bot_level
    used to create the private room before refusing; a refused request changes nothing."""
    client = Client(fault_replicas[0])
    store = Store(redis_url)
    try:
        await client.login("Solo")
        request = lobby_pb2.QuickMatchRequest(game_id="tomahawk", bots=2, bot_level=99)  # type: ignore[arg-type]
        with pytest.raises(grpc.aio.AioRpcError) as exc:
            await client.lobby.QuickMatch(request, metadata=client.metadata, timeout=10)
        refused = refusal(exc.value)
        assert (refused.code, refused.reason) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "UNKNOWN_LEVEL",
        )
        assert await _rooms_hosted_by(store, client.player_id) == []
        assert await store.redis.get(f"cercle:quota:rooms:{client.player_id}") is None
    finally:
        await client.close()
        await store.close()


async def test_a_player_who_left_gets_no_view_of_their_old_seat(
    fault_replicas: list[str],
) -> None:
    """Regression (found by this suite, a leak): Subscribe used to fix the viewer's seat when
    the stream opened; a player who left kept receiving the hand of whoever took the seat."""
    host, leaver, newcomer = (Client(fault_replicas[i % 2]) for i in range(3))
    record = StreamRecord("leaver")
    stream: asyncio.Task[None] | None = None
    try:
        for client, name in ((host, "Host"), (leaver, "Leaver"), (newcomer, "Newcomer")):
            await client.login(name)
        room = await host.create_room("tomahawk", players=2, options=TOMAHAWK)
        assert (await leaver.join(room.room_id)).seat == 1
        stream = asyncio.create_task(record_stream(leaver, room.room_id, record, max_resumes=1))
        await wait_until(lambda: len(record.seqs) >= 2, 10, "the leaver's backlog")
        await leaver.leave(room.room_id)
        left_at = (await host.view(room.room_id)).room.seq
        assert (await newcomer.join(room.room_id)).seat == 1  # the same seat
        await host.ready(room.room_id)
        await newcomer.ready(room.room_id)
        await host.start(room.room_id)
        started = (await host.view(room.room_id)).room.seq
        newcomer_hand = list((await newcomer.view(room.room_id)).view.tomahawk.hand_ids)
        assert len(newcomer_hand) == 8
        # Give the old stream time to receive the start, if it is still served.
        with contextlib.suppress(AssertionError):
            await wait_until(lambda: bool(record.seqs) and record.seqs[-1] >= started, 3)
        # Since LeaveRoom ends the leaver's streams, the old stream ended there.
        assert any("LEFT_ROOM" in error for error in record.errors), record.errors
        after_leaving = [u for u in record.updates if u.seq > left_at]
        for update in after_leaving:
            seen = update.view.tomahawk
            assert not seen.HasField("seat"), f"seq {update.seq}: a seat's view"
            assert list(seen.hand_ids) == [], f"seq {update.seq}: the newcomer's hand"
            assert not any(e.private for e in update.events), f"seq {update.seq}"
    finally:
        if stream is not None:
            await stop_tasks([stream])
        for client in (host, leaver, newcomer):
            await client.close()


class _CollidingCodes:
    """``secrets`` for the room layer whose first ``forced`` choices spell one join code
    again and again (a collision of two rooms' random codes, made certain); everything else
    is the real module."""

    def __init__(self, code: str, rooms: int) -> None:
        self.letters = list(code) * rooms

    def choice(self, options: str) -> str:
        return self.letters.pop(0) if self.letters else secrets.choice(options)

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


@pytest.mark.timeout(60)
async def test_a_join_code_leads_only_to_its_own_room(redis_url: str) -> None:
    """Regression (found by this suite): when a new room drew a join code already in use, the
    code kept naming the other room and its holder joined that other private room."""
    code = "".join(secrets.choice(lobby_module.JOIN_CODE_ALPHABET) for _ in range(6))
    replica = await start_replica(redis_url, timers=False)
    address = f"127.0.0.1:{replica.port}"
    first_host, second_host, guest = (Client(address) for _ in range(3))
    try:
        for client, name in ((first_host, "First"), (second_host, "Second"), (guest, "Guest")):
            await client.login(name)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(lobby_module, "secrets", _CollidingCodes(code, rooms=2))
            first = await first_host.create_room("tomy", players=3, private=True, options=TOMY)
            second = await second_host.create_room("tomy", players=3, private=True, options=TOMY)
        assert first.join_code == code and first.room_id != second.room_id
        # The second host shares the code the server gave them; the guest uses it.
        joined = await guest.join(code=second.join_code)
        assert joined.room.room_id == second.room_id, "the code led into another private room"
    finally:
        for client in (first_host, second_host, guest):
            await client.close()
        await replica.stop(grace=0.1)
