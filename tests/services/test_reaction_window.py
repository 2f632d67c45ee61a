"""The reaction window (``TomahawkOptions.reaction_seconds``) over real gRPC and a real Valkey:
a scripted person who reacts 1.2 s after the update that opens a chance gets their call in
before strong bots at the default bot delay (0.8 s) — an AGILITÉ! with the twin of the card a
bot just played, a TOMAHAWK! after a Wheel of Time handed them one card — and the same person
loses the race when the room sets ``reaction_seconds`` to 0 (what players met before).

Each table is dealt by hand (the match's ``new_match`` is replaced for the test), so the
chance comes at the first bot move, whatever the seed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping

import pytest
from cercle.v1 import game_pb2, tomahawk_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from engine.games.tomahawk import TomahawkGame, TomahawkState
from engine.info import OptionValue
from services.server import start_replica
from tests.engine.test_tomahawk import (
    B_BLUE,
    B_RED,
    B_RED2,
    E_BLUE,
    E_RED,
    W_VIOLET,
    W_WHITE,
    WHEEL,
    cid,
    table,
)
from tests.services.tables import table_with_bots

REACTION = 1.2
"""Seconds the scripted person takes to see a chance and click (a quick human)."""


def _agilite_table() -> TomahawkState:
    """Bot 1 must play its red Bison (its only playable card); the person (seat 0) holds the
    twin; bot 2, next to play, holds no twin."""
    hands = [
        [B_RED2, E_BLUE, W_WHITE],
        [B_RED, W_VIOLET, cid("tipi", "white")],
        [E_RED, cid("sun", "violet"), cid("totem", "white")],
    ]
    return table(hands, B_BLUE, turn=1)


def _wheel_table() -> TomahawkState:
    """Counter-clockwise: bot 1 must play its Wheel of Time (its violet Wolf does not match),
    which hands its last card to the person (seat 0), whose turn it then is."""
    hands = [
        [B_BLUE, W_WHITE, cid("tipi", "blue")],
        [WHEEL, W_VIOLET],
        [E_BLUE, cid("sun", "blue"), cid("totem", "blue")],
    ]
    return table(hands, E_RED, turn=1, direction=-1)


class Dealer:
    """An in-process replica whose Tomahawk matches start from the table last given."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.state: TomahawkState | None = None


@pytest.fixture
async def dealer(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Dealer]:
    replica = await start_replica(redis_url)
    out = Dealer(replica.port)

    original = TomahawkGame.new_match

    def new_match(
        self: TomahawkGame, options: Mapping[str, OptionValue], players: int, seed: int
    ) -> TomahawkState:
        if out.state is None:  # building the table itself
            return original(self, options, players, seed)
        return out.state.clone()

    monkeypatch.setattr(TomahawkGame, "new_match", new_match)
    try:
        yield out
    finally:
        await replica.stop(grace=0.1)


async def _table(port: int, reaction: int | None) -> tuple[Client, str]:
    human = Client(f"127.0.0.1:{port}")
    await human.login("Quick")
    options: dict[str, object] = {"turn_seconds": 0}
    if reaction is not None:
        options["reaction_seconds"] = reaction
    # The default bot delay (0.8 s), two strong bots.
    room = await table_with_bots(human, "tomahawk", players=3, bot_level="strong", options=options)
    return human, room.room_id


def _events(update: game_pb2.SubscribeResponse) -> list[str]:
    return [str(e.tomahawk.WhichOneof("event")) for e in update.events if e.HasField("tomahawk")]


async def _react(
    human: Client,
    room_id: str,
    opens: Callable[[game_pb2.SubscribeResponse], bool],
    call: Callable[[game_pb2.SubscribeResponse], game_pb2.Action],
) -> str:
    """Waits for the update that opens the chance, reacts :data:`REACTION` s later and
    answers "" if the call was accepted, else the reason it was refused."""

    async def run() -> str:
        async for update in human.updates(room_id):
            if update.HasField("view") and opens(update):
                await asyncio.sleep(REACTION)
                try:
                    await human.act(room_id, call(update), update.version)
                except ApiError as exc:
                    return exc.reason
                return ""
        raise AssertionError("the stream ended")

    return await asyncio.wait_for(run(), timeout=20)


def _agilite_opens(update: game_pb2.SubscribeResponse) -> bool:
    view = update.view.tomahawk
    return view.HasField("agilite_card") and view.agilite_card.id == B_RED


def _agilite(update: game_pb2.SubscribeResponse) -> game_pb2.Action:
    calls = [c for c in update.choices.calls if c.tomahawk.agilite.card == B_RED2]
    assert calls, "the twin's AGILITÉ! is among the calls on offer"
    return calls[0]


def _wheel_opens(update: game_pb2.SubscribeResponse) -> bool:
    return "hands_passed" in _events(update)


def _tomahawk(update: game_pb2.SubscribeResponse) -> game_pb2.Action:
    assert len(update.view.tomahawk.hand) == 1
    return game_pb2.Action(
        tomahawk=tomahawk_pb2.TomahawkAction(
            call_tomahawk=tomahawk_pb2.TomahawkAction.CallTomahawk()
        )
    )


@pytest.mark.parametrize(("reaction", "wins"), [(None, True), (0, False)])
async def test_tt_agil_1_a_person_jumps_in_before_the_bots_within_the_window(
    dealer: Dealer, reaction: int | None, wins: bool
) -> None:
    """Default window (2 s): the person's AGILITÉ! 1.2 s after the card lands is accepted;
    no window: the next bot has played by then (TOO_LATE)."""
    dealer.state = _agilite_table()
    human, room_id = await _table(dealer.port, reaction)
    try:
        reason = await _react(human, room_id, _agilite_opens, _agilite)
        assert reason == ("" if wins else "TOO_LATE")
    finally:
        await human.close()


@pytest.mark.parametrize(("reaction", "wins"), [(None, True), (0, False)])
async def test_tt_toma_1_a_person_handed_one_card_calls_before_a_bots_sherif(
    dealer: Dealer, reaction: int | None, wins: bool
) -> None:
    """Default window: TOMAHAWK! 1.2 s after a Wheel of Time left the person one card is
    accepted (the bots' SHÉRIF! waits 3 s); no window: a bot's SHÉRIF! came first."""
    dealer.state = _wheel_table()
    human, room_id = await _table(dealer.port, reaction)
    try:
        reason = await _react(human, room_id, _wheel_opens, _tomahawk)
        assert reason == ("" if wins else "TOO_LATE")
        view = await human.view(room_id)
        seat = view.view.tomahawk.seats[0]
        assert seat.called_tomahawk == wins and (seat.cards == 1) == wins
    finally:
        await human.close()
