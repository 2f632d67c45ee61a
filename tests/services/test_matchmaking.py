"""Match tickets (LadderService.CreateMatchTicket / WatchMatchTicket / CancelMatchTicket):
real replicas, real Valkey, real channels. Two tickets of close rating make one started
table; a lone ticket gets bots after its bot timeout; a waiting ticket can be cancelled, a
matched one cannot; one open ticket per player; retries give the same ticket; bad requests
are refused with their reasons and change nothing."""

from __future__ import annotations

import secrets

import grpc
import pytest
from cercle.v1 import ladder_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from services.ladder.matchmaking import window

MATCHED = ladder_pb2.MATCH_TICKET_STATUS_MATCHED


async def _device(address: str, name: str) -> Client:
    client = Client(address)
    await client.login_device(secrets.token_hex(16), name)
    return client


async def _last(client: Client, ticket_id: str) -> ladder_pb2.MatchTicket:
    seen = [t async for t in client.ladder.watch_ticket(ticket_id)]
    assert seen and all(t.ticket_id == ticket_id for t in seen)
    return seen[-1]


async def _refused(call: object) -> ApiError:
    with pytest.raises(ApiError) as refused:
        await call  # type: ignore[misc]
    return refused.value


def test_the_window_widens_as_a_ticket_waits() -> None:
    assert window(0) < window(5) < window(30) <= window(10_000) == window(20_000)


async def test_two_tickets_make_one_started_rated_table(replicas: list[str]) -> None:
    ana, ben = await _device(replicas[0], "Ana"), await _device(replicas[1], "Ben")
    try:
        first = await ana.ladder.match_ticket("awimbawe", bot_timeout=120)
        assert first.status == ladder_pb2.MATCH_TICKET_STATUS_WAITING
        assert first.rating_window == round(100 * window(0)) and first.HasField("bots_time")
        again = await _refused(ana.ladder.match_ticket("awimbawe"))
        assert (again.code, again.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TICKET_OPEN")
        assert again.metadata["ticket_id"] == first.ticket_id
        second = await ben.ladder.match_ticket("awimbawe", bot_timeout=120)
        a, b = await _last(ana, first.ticket_id), await _last(ben, second.ticket_id)
        assert a.status == b.status == MATCHED and a.room_id == b.room_id
        assert {a.seat, b.seat} == {0, 1} and a.bots == b.bots == 0
        room = (await ana.view(a.room_id)).room
        assert room.rated, "two device players, no bot: rated"
        assert {s.player_id for s in room.seats} == {ana.player_id, ben.player_id}
        late = await _refused(ana.ladder.cancel_ticket(first.ticket_id))
        assert (late.code, late.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TICKET_MATCHED")
        other = await _refused(ben.ladder.cancel_ticket(first.ticket_id))
        assert (other.code, other.reason) == (grpc.StatusCode.NOT_FOUND, "TICKET_NOT_FOUND")
    finally:
        await ana.close()
        await ben.close()


async def test_bots_cancel_retries_and_refusals(replicas: list[str]) -> None:
    cleo = await _device(replicas[0], "Cleo")
    try:
        # A table of five no one else asks for: cancelled while it waits.
        waiting = await cleo.ladder.match_ticket("tomahawk", 5, bot_timeout=600)
        cancelled = await cleo.ladder.cancel_ticket(waiting.ticket_id)
        assert cancelled.status == ladder_pb2.MATCH_TICKET_STATUS_CANCELLED
        assert (await cleo.ladder.cancel_ticket(waiting.ticket_id)).status == cancelled.status
        # The same request id: the same ticket; with other fields: refused.
        key = secrets.token_hex(8)
        lone = await cleo.ladder.match_ticket("tomahawk", 6, bot_timeout=1, request_id=key)
        assert (
            await cleo.ladder.match_ticket("tomahawk", 6, bot_timeout=1, request_id=key)
        ).ticket_id == (lone.ticket_id)
        reused = await _refused(cleo.ladder.match_ticket("tomahawk", 5, request_id=key))
        assert reused.reason == "IDEMPOTENCY_KEY_REUSED" and reused.field == "request_id"
        # Alone after a second: the other five seats go to bots.
        done = await _last(cleo, lone.ticket_id)
        assert done.status == MATCHED and done.bots == 5 and done.seat == 0
        room = (await cleo.view(done.room_id)).room
        assert not room.rated, "a table with bots is not rated"
        cases = [
            (cleo.ladder.match_ticket("nope"), "UNKNOWN_GAME", "game_id"),
            (cleo.ladder.match_ticket("awimbawe", 3), "INVALID_ARGUMENT", "players"),
            (
                cleo.ladder.match_ticket("awimbawe", bot_timeout=0.5),
                "INVALID_ARGUMENT",
                "bot_timeout",
            ),
            (
                cleo.ladder.match_ticket("awimbawe", bot_timeout=601),
                "INVALID_ARGUMENT",
                "bot_timeout",
            ),
        ]
        for call, reason, field in cases:
            error = await _refused(call)
            assert (error.code, error.reason, error.field) == (
                grpc.StatusCode.INVALID_ARGUMENT,
                reason,
                field,
            )
        missing = await _refused(cleo.ladder.cancel_ticket("t-unknown"))
        assert missing.reason == "TICKET_NOT_FOUND"
        with pytest.raises(ApiError) as watched:
            await _last(cleo, "t-unknown")
        assert watched.value.reason == "TICKET_NOT_FOUND"
    finally:
        await cleo.close()
