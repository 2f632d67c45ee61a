"""A deal no one chooses (docs/api.md): two real replicas, one real Valkey, real channels.

A room publishes its server's commitment from its creation; a player's contribution sent
with SetReady is mixed into the seed with the server's secret and a part the server derives
for a seat that sent none. The replay reveals every part: the test recomputes the match's
seed from them (with the client's own check, ``clients/deal_check.py``) and the check fails
as soon as one part is altered. Bad contributions are refused and change nothing; the secret
appears in no message before the end.
"""

from __future__ import annotations

import random

import grpc
import pytest
from cercle.v1 import game_pb2

from clients.api_error import ApiError
from clients.deal_check import check_deal, derive_seed, drawn_contribution, secret_commitment
from clients.replay import commitment_check
from clients.sdk import Client
from services.rooms import fair_deal
from services.rooms.records import RoomMeta, RoomRecord, SeatKind, SeatRecord
from services.store import Store
from tests.services.play import Seat, play_randomly, stop_all

MINE = bytes(range(100, 132))  # seat 0's contribution (32 bytes)


async def _record(redis_url: str, room_id: str) -> RoomRecord:
    store = Store(redis_url)
    try:
        record = await store.rooms.load_room(room_id)
    finally:
        await store.close()
    assert record is not None
    return record


async def test_the_seed_is_derived_from_the_committed_secret_and_every_contribution(
    replicas: list[str], redis_url: str
) -> None:
    ana, ben = Client(replicas[0]), Client(replicas[1])
    await ana.login("Ana")
    await ben.login("Ben")
    seats = [Seat(ana, 0), Seat(ben, 1)]
    try:
        room = await ana.create_room("tamashii", players=2, options={"decision_seconds": "0"})
        commitment = room.deal_commitment
        assert room.HasField("deal_commitment") and len(commitment) == 64
        joined = await ben.join(room.room_id)
        assert joined.room.deal_commitment == commitment, "every member sees the commitment"
        await ana.ready(room.room_id, contribution=MINE)
        await ben.ready(room.room_id, contribute=False)  # the server derives seat 1's part
        started = await ana.start(room.room_id)
        secret = bytes.fromhex((await _record(redis_url, room.room_id)).deal_secret or "")
        assert secret_commitment(secret) == commitment
        # Before the end the secret is in no message a player gets.
        view = await ben.view(room.room_id)
        for message in (started, joined, view):
            wire = message.SerializeToString()
            assert secret not in wire and secret.hex().encode() not in wire
        await play_randomly(room.room_id, seats, random.Random(3))
        replay = await ben.replay(room.room_id)
    finally:
        await stop_all(seats)

    match = replay.match
    assert match.HasField("deal")
    deal = match.deal
    assert deal.server_secret == secret and deal.server_commitment == commitment
    parts = [(c.seat, c.contribution, c.source) for c in deal.contributions]
    assert parts == [
        (0, MINE, game_pb2.DEAL_CONTRIBUTION_SOURCE_PLAYER),
        (1, drawn_contribution(secret, 1), game_pb2.DEAL_CONTRIBUTION_SOURCE_SERVER),
    ]
    # The seed recomputed from the revealed parts is the one the match was dealt with
    # (whose commitment the start published, and which the replay's engine run uses).
    assert derive_seed(secret, [MINE, drawn_contribution(secret, 1)]) == match.seed
    assert commitment_check(match.seed, match.seed_nonce, match.seed_commitment)[1]
    checked = check_deal(match)
    assert checked.derived and checked.ok and checked.players == (0,), checked.problems

    def altered(change: str) -> list[str]:  # the messages of the problems found
        copy = game_pb2.ReplayMatch()
        copy.CopyFrom(match)
        if change == "secret":
            copy.deal.server_secret = bytes(a ^ 1 if i == 0 else a for i, a in enumerate(secret))
        elif change == "commitment":
            copy.deal.server_commitment = "0" * 64
        elif change == "player part":
            copy.deal.contributions[0].contribution = MINE[:-1] + b"\x00"
        elif change == "drawn part":
            copy.deal.contributions[1].contribution = bytes(32)
        elif change == "source":
            copy.deal.contributions[1].source = game_pb2.DEAL_CONTRIBUTION_SOURCE_PLAYER
        elif change == "seat":
            del copy.deal.contributions[1]
        elif change == "seed":
            copy.seed ^= 1
        return [problem.message for problem in check_deal(copy).problems]

    for change in ("secret", "commitment", "player part", "drawn part", "seat", "seed"):
        assert altered(change), f"altering the {change} went unnoticed"
    # A drawn part claimed as a player's: the seed still holds (the parts are the same
    # bytes), and the check says which seats' clients contributed.
    assert altered("source") == []


async def test_bad_contributions_are_refused_and_change_nothing(
    replicas: list[str], redis_url: str
) -> None:
    ana = Client(replicas[0])
    await ana.login("Ana")
    try:
        room = await ana.create_room("tamashii", players=1)
        for contribution, ready in ((bytes(15), True), (bytes(65), True), (MINE, False)):
            with pytest.raises(ApiError) as refused:
                await ana.ready(room.room_id, ready, contribution=contribution)
            error = refused.value
            assert (error.code, error.reason, error.field) == (
                grpc.StatusCode.INVALID_ARGUMENT,
                "INVALID_ARGUMENT",
                "deal_contribution",
            )
            assert error.localized
        record = await _record(redis_url, room.room_id)
        assert record.deal_contributions == {} and not record.seats[0].ready  # type: ignore[union-attr]
        assert record.seq == room.seq, "nothing was committed"
        await ana.ready(room.room_id, contribution=MINE)
        await ana.ready(room.room_id, False)  # not ready: the contribution is withdrawn
        assert (await _record(redis_url, room.room_id)).deal_contributions == {}
    finally:
        await ana.close()


def test_a_bot_or_a_silent_client_gets_a_part_derived_from_the_committed_secret() -> None:
    secret = bytes(range(32))
    meta = RoomMeta("tomahawk", {}, False, 3, "a", 0.0, "CODE", 3, 0.0)
    seats = (
        SeatRecord("a", "Ana", ready=True),
        SeatRecord("b", "Ben", ready=True),
        SeatRecord("bot1", "", kind=SeatKind.BOT, ready=True, level="strong"),
    )
    room = RoomRecord(
        "r",
        meta,
        seats,
        deal_secret=secret.hex(),
        deal_contributions={"a": MINE.hex(), "bot1": MINE.hex()},  # a bot sends nothing
    )
    deal = fair_deal.settle(room)
    assert deal is not None
    assert deal.contributions == (
        MINE,
        drawn_contribution(secret, 1),
        drawn_contribution(secret, 2),
    )
    assert deal.drawn == (1, 2)
    assert deal.seed == derive_seed(secret, list(deal.contributions))
    # The server's and the client's derivations are one formula, written twice.
    assert fair_deal.secret_commitment(secret) == secret_commitment(secret)
    assert fair_deal.settle(RoomRecord("old", meta, seats)) is None  # a room from before
