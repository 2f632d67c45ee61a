"""Pushed choices over two real replicas and one real Redis: every update and view a seat
gets says what that seat may do (what ListLegalActions would answer at that version, less the
calls listed apart as ``calls``),
spectators never get any, whole matches of every game are played from them alone, and
Tomy's sealed votes cast at the same moment through different replicas are all accepted."""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import dataclass, field

import pytest
from cercle.v1 import game_pb2, tomahawk_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from tests.services.play import Seat, open_table, stop_all, subscribe_all, wait_for

QUIET = {
    "tomahawk": {"turn_seconds": "0", "target_score": "40"},
    "tamashii": {"decision_seconds": "0"},
    "tomy": {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"},
    "awimbawe": {},
}
"""No clock runs out during a test: every version change is one of the test's own moves."""


@dataclass
class Watcher:
    """A spectator and every update its stream brought."""

    client: Client
    updates: list[game_pb2.SubscribeResponse] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


async def _watch(address: str, room_id: str) -> Watcher:
    watcher = Watcher(Client(address))
    await watcher.client.login("Watcher")
    await watcher.client.join(room_id, spectator=True)

    async def pump() -> None:
        async for update in watcher.client.updates(room_id):
            watcher.updates.append(update)

    watcher.task = asyncio.create_task(pump())
    return watcher


async def _close(watcher: Watcher) -> None:
    if watcher.task is not None:
        watcher.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await watcher.task
    await watcher.client.close()


def _latest_view_update(seat: Seat) -> game_pb2.SubscribeResponse | None:
    """The seat's last update that carries a view (chat and presence ones leave choices)."""
    for update in reversed(seat.updates):
        if update.HasField("view"):
            return update
    return None


async def _settled(seats: list[Seat], watcher: Watcher, version: int) -> None:
    """Waits until every seat's stream and the spectator's reached ``version``."""

    def reached() -> bool:
        for updates in [s.updates for s in seats] + [watcher.updates]:
            if not any(u.HasField("view") and u.version >= version for u in updates):
                return False
        return True

    await wait_for(reached, timeout=20)


async def _check_choices(
    room_id: str, seats: list[Seat], watcher: Watcher, version: int
) -> dict[int, game_pb2.SubscribeResponse]:
    """Every seat's latest update carries its choices, the same as ListLegalActions and
    GetView say at that version; the spectator's updates and view carry none."""
    latest: dict[int, game_pb2.SubscribeResponse] = {}
    for seat in seats:
        update = _latest_view_update(seat)
        assert update is not None and update.version == version
        assert update.HasField("choices"), f"seat {seat.seat}'s update has no choices"
        legal = await seat.client.legal(room_id)
        view = await seat.client.view(room_id)
        assert legal.version == view.room.version == version
        # The calls that can be wrong (Choices.calls) are not repeated in actions; every
        # legal call is among them.
        calls = list(update.choices.calls)
        assert list(update.choices.actions) == [a for a in legal.actions if a not in calls]
        if update.view.HasField("tomahawk") and not update.HasField("outcome"):
            # SHÉRIF! on every other seat that did not call TOMAHAWK!, right or wrong.
            sherif = [c for c in calls if c.tomahawk.WhichOneof("action") == "call_sherif"]
            targets = [c.tomahawk.call_sherif.target for c in sherif]
            others = update.view.tomahawk.seats
            want = [t.seat for t in others if t.seat != seat.seat and not t.called_tomahawk]
            if update.view.tomahawk.phase == tomahawk_pb2.TOMAHAWK_PHASE_ROUND_OVER:
                want = []  # nothing to shout while the table rests after a round (TT-PAUSE-1)
            assert targets == want
        if view.HasField("outcome"):
            assert not view.HasField("choices")
        else:
            assert list(view.choices.actions) == list(update.choices.actions)
            assert list(view.choices.calls) == calls
        latest[seat.seat] = update
    assert watcher.updates and not any(u.HasField("choices") for u in watcher.updates)
    assert not (await watcher.client.view(room_id)).HasField("choices")
    return latest


@pytest.mark.parametrize(
    ("game_id", "players"), [("tomahawk", 3), ("tamashii", 2), ("tomy", 3), ("awimbawe", 2)]
)
async def test_a_whole_match_is_played_from_the_pushed_choices_alone(
    replicas: list[str], game_id: str, players: int
) -> None:
    """Each move is picked from the mover's own stream; at every version each seat's choices
    equal what ListLegalActions and GetView say; a spectator never gets choices; the last
    update's choices are empty."""
    room_id, seats = await open_table(replicas, game_id, players, QUIET[game_id])
    watcher = await _watch(replicas[1], room_id)
    by_seat = {seat.seat: seat for seat in seats}
    rng = random.Random(f"choices-{game_id}")
    try:
        await subscribe_all(room_id, seats)
        version = (await seats[0].client.view(room_id)).room.version
        for _ in range(1500):
            await _settled(seats, watcher, version)
            latest = await _check_choices(room_id, seats, watcher, version)
            if any(u.HasField("outcome") for u in latest.values()):
                assert all(not u.choices.actions for u in latest.values())
                break
            movers = [seat for seat, u in latest.items() if u.choices.actions]
            assert movers, f"nobody may move at version {version} and the match is not over"
            mover = rng.choice(movers)
            action = rng.choice(list(latest[mover].choices.actions))
            accepted = await by_seat[mover].client.act(room_id, action, version)
            version = accepted.version
        else:
            raise AssertionError(f"the {game_id} match did not end")
    finally:
        await _close(watcher)
        await stop_all(seats)


def _all_votes(update: game_pb2.SubscribeResponse) -> bool:
    actions = update.choices.actions
    return bool(actions) and all(a.tomy.WhichOneof("action") == "vote" for a in actions)


async def test_mt_vote_1_simultaneous_sealed_votes_through_two_replicas_are_all_accepted(
    replicas: list[str],
) -> None:
    """MT-VOTE-1: in every vote phase of a 5-player Tomy match, every voter sends its vote
    at the same moment, each through its own connection (seats alternate between the two
    replicas), each based on the version its own update carried: none is refused."""
    room_id, seats = await open_table(replicas, "tomy", 5, QUIET["tomy"])
    watcher = await _watch(replicas[0], room_id)
    by_seat = {seat.seat: seat for seat in seats}
    rng = random.Random("simultaneous-votes")
    phases = votes = 0
    refusals: list[ApiError] = []
    try:
        await subscribe_all(room_id, seats)
        version = (await seats[0].client.view(room_id)).room.version
        for _ in range(500):
            await _settled(seats, watcher, version)
            latest = {s.seat: u for s in seats if (u := _latest_view_update(s)) is not None}
            if any(u.HasField("outcome") for u in latest.values()):
                break
            voters = [seat for seat, u in latest.items() if _all_votes(u)]
            if len(voters) >= 2:
                phases += 1
                sent = [
                    by_seat[seat].client.act(
                        room_id, rng.choice(list(latest[seat].choices.actions)), version
                    )
                    for seat in voters
                ]
                results = await asyncio.gather(*sent, return_exceptions=True)
                refusals += [r for r in results if isinstance(r, ApiError)]
                assert all(isinstance(r, ApiError | game_pb2.ActResponse) for r in results)
                votes += sum(isinstance(r, game_pb2.ActResponse) for r in results)
                # The votes landed in some order: go on from the room's version after them.
                version = (await seats[0].client.view(room_id)).room.version
                continue
            movers = [seat for seat, u in latest.items() if u.choices.actions]
            assert movers
            mover = rng.choice(movers)
            action = rng.choice(list(latest[mover].choices.actions))
            version = (await by_seat[mover].client.act(room_id, action, version)).version
        else:
            raise AssertionError("the Tomy match did not end")
        assert phases >= 2, f"only {phases} vote phases were played"
        assert refusals == [], [(r.code, r.reason) for r in refusals]
        assert votes >= 2 * phases
    finally:
        await _close(watcher)
        await stop_all(seats)
