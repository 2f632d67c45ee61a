"""The CLI and the Python SDK play from the choices the server pushes, never asking for them.

Real replica processes (two, over the session's Valkey), real gRPC: ``cercle play --auto``
plays a whole match of every game against bots (subprocesses, half of them on each replica),
and so does a player written with the SDK alone (``updates()`` and ``act()``, with a spectator
watching). Then every replica's /metrics page must show Act calls and no ListLegalActions
call at all; a last ListLegalActions call proves the page would have counted one. The menu
itself (a TOMAHAWK! variant as an option of its card, ``3!``) is checked without a server.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cercle.v1 import common_pb2, game_pb2, tomahawk_pb2
from prometheus_client.parser import text_string_to_metric_families

from clients.api_error import ApiError
from clients.auto import choose_auto
from clients.choices import build_menu, menu_lines
from clients.i18n import Tr
from clients.render import Context, Style, learn, strip_ansi
from clients.sdk import Client
from clients.table_parts import PlayOptions
from clients.tui import TableLoop
from deploy.local.cluster import Cluster, cluster
from tests.clients.test_cli import ROOT, cli_env

pytestmark = pytest.mark.timeout(300)

GAMES: dict[str, tuple[int, list[str]]] = {
    "tomahawk": (1, ["target_score=30"]),
    "tamashii": (1, ["level=NOVICE"]),
    "tomy": (2, ["target_score=4"]),
    "awimbawe": (1, []),
}
"""Per game: the bots at the table, and the options that keep the match short."""


@pytest.fixture(scope="module")
def two_replicas(redis_url: str) -> Iterator[Cluster]:
    """Two replicas of their own (their counters start at zero), over the session's Valkey."""
    with cluster(replicas=2, envoy=False, redis_url=redis_url) as running:
        yield running


def rpcs_by_method(metrics_port: int) -> dict[str, float]:
    """``cercle_rpcs_total`` by method, read from a replica's /metrics page."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10) as page:
        text = page.read().decode()
    counts: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "cercle_rpcs_total":
                counts[sample.labels["method"]] = sample.value
    return counts


async def sdk_match(address: str, game_id: str) -> dict[str, Any]:
    """A whole match against bots with the SDK alone: the first view's choices, then each
    update's, played with that view's or update's version; a spectator follows along."""
    bots, options = GAMES[game_id]
    me, fan = Client(address), Client(address)
    try:
        await me.login("Sam")
        await fan.login("Fan")
        room = await me.create_room(
            game_id,
            players=bots + 1,
            options=dict(o.split("=", 1) for o in options),
            bot_delay=0,
        )
        for _ in range(bots):
            await me.add_bot(room.room_id, "random")
        await fan.join(room.room_id, spectator=True)
        watched: list[game_pb2.SubscribeResponse] = []

        async def watch() -> None:
            async for update in fan.updates(room.room_id):
                watched.append(update)
                if update.HasField("outcome"):
                    return

        watcher = asyncio.create_task(watch())
        await me.ready(room.room_id)
        await me.start(room.room_id)
        first = await me.view(room.room_id)
        tries = moves = 0

        async def play(choices: game_pb2.Choices, version: int) -> None:
            nonlocal tries, moves
            if not choices.actions:
                return  # nothing to do now: wait for the next update
            tries += 1
            with contextlib.suppress(ApiError):  # a bot's call or a newer update came first
                await me.act(room.room_id, choose_auto(list(choices.actions), None), version)
                moves += 1

        assert first.HasField("choices")
        await play(first.choices, first.room.version)
        outcome = None
        async for update in me.updates(room.room_id, cursor=first.cursor):
            if update.HasField("view"):
                assert update.HasField("choices"), update
            if update.HasField("outcome"):
                outcome = update.outcome
                assert not update.choices.actions  # nothing left to do
                break
            await play(update.choices, update.version)
        await asyncio.wait_for(watcher, 30)
        fan_view = await fan.view(room.room_id)
        return {
            "outcome": outcome,
            "tries": tries,
            "moves": moves,
            "watched": watched,
            "fan_view": fan_view,
        }
    finally:
        await me.close()
        await fan.close()


async def test_cli_and_sdk_play_every_game_from_pushed_choices_alone(
    two_replicas: Cluster, tmp_path: Path
) -> None:
    addresses = [f"127.0.0.1:{r.port}" for r in two_replicas.replicas]
    procs: list[tuple[str, Path, subprocess.Popen[str]]] = []
    for index, (game_id, (bots, options)) in enumerate(GAMES.items()):
        log = tmp_path / f"{game_id}.log"
        with log.open("w") as handle:
            argv = [sys.executable, "-m", "clients.cli", "play", game_id, "--auto"]
            argv += ["--bots", str(bots), "--bot-delay", "0", "--level", "random"]
            argv += ["--name", "Ana", "--lang", "en"]
            for option in options:
                argv += ["--option", option]
            procs.append(
                (
                    game_id,
                    log,
                    subprocess.Popen(
                        argv,
                        env=cli_env(addresses[index % 2], tmp_path / game_id),
                        cwd=ROOT,
                        stdout=handle,
                        stderr=subprocess.STDOUT,
                        stdin=subprocess.DEVNULL,
                        text=True,
                    ),
                )
            )
    try:
        played = await asyncio.wait_for(
            asyncio.gather(*(sdk_match(addresses[(i + 1) % 2], g) for i, g in enumerate(GAMES))),
            180,
        )
        cli_moves = 0
        for game_id, log, proc in procs:
            await asyncio.wait_for(asyncio.to_thread(proc.wait), 180)
            output = log.read_text()
            assert proc.returncode == 0, (game_id, output[-3000:])
            assert re.search(r"cercle replay [0-9a-f]+", output), (game_id, output[-3000:])
            assert "Match over." in output, (game_id, output[-3000:])
            moves = len(re.findall(r"^→ ", strip_ansi(output), re.MULTILINE))
            assert moves > 0, (game_id, output[-3000:])
            cli_moves += moves
    finally:
        for _, _, proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    sdk_tries = 0
    for game_id, result in zip(GAMES, played, strict=True):
        assert result["outcome"] is not None, game_id
        assert result["moves"] > 0, game_id
        sdk_tries += result["tries"]
        # A spectator never gets choices, on its stream or in its view.
        assert result["watched"] and result["watched"][-1].HasField("outcome"), game_id
        assert not any(u.HasField("choices") for u in result["watched"]), game_id
        assert not result["fan_view"].HasField("choices"), game_id

    counts = [rpcs_by_method(r.metrics_port) for r in two_replicas.replicas]
    assert all(c.get("Subscribe", 0) > 0 and c.get("GetView", 0) > 0 for c in counts), counts
    assert all(c.get("Act", 0) > 0 for c in counts), counts
    # Every move printed by the CLI and every SDK try is one Act call at least (retries: more).
    assert sum(c.get("Act", 0) for c in counts) >= cli_moves + sdk_tries, counts
    assert all(c.get("ListLegalActions", 0) == 0 for c in counts), counts

    # The page does count a ListLegalActions call: the assertion above could fail.
    async with Client(addresses[0]) as probe:
        await probe.login("Probe")
        # Private: a public open room would be another test's QuickMatch partner.
        room = await probe.create_room("awimbawe", private=True)
        with contextlib.suppress(ApiError):  # counted whatever the answer
            await probe.legal(room.room_id)
    assert rpcs_by_method(two_replicas.replicas[0].metrics_port).get("ListLegalActions") == 1


# -- the menu, without a server ---------------------------------------------------------------


def tt_play(card: int, tomahawk: bool) -> game_pb2.Action:
    return game_pb2.Action(
        tomahawk=tomahawk_pb2.TomahawkAction(
            play_card=tomahawk_pb2.TomahawkAction.PlayCard(card=card, tomahawk=tomahawk)
        )
    )


DRAW = game_pb2.Action(
    tomahawk=tomahawk_pb2.TomahawkAction(draw=tomahawk_pb2.TomahawkAction.Draw())
)


def tomahawk_view() -> game_pb2.View:
    bison = tomahawk_pb2.TomahawkCardFace(
        id=3,
        kind=tomahawk_pb2.TOMAHAWK_CARD_KIND_BISON,
        colour=tomahawk_pb2.TOMAHAWK_COLOUR_RED,
        points=5,
    )
    return game_pb2.View(
        tomahawk=tomahawk_pb2.TomahawkView(
            seat=0,
            hand=[
                bison,
                tomahawk_pb2.TomahawkCardFace(id=4, kind=bison.kind, colour=bison.colour, points=5),
            ],
            hand_ids=[3, 4],
            seats=[
                tomahawk_pb2.TomahawkSeatView(seat=0, cards=2),
                tomahawk_pb2.TomahawkSeatView(seat=1, cards=3),
            ],
            phase=tomahawk_pb2.TOMAHAWK_PHASE_PLAY,
            top_card=bison,
            colour=tomahawk_pb2.TOMAHAWK_COLOUR_RED,
        )
    )


def test_a_play_listed_with_and_without_tomahawk_is_one_entry_with_an_option() -> None:
    ctx = Context("tomahawk", Tr("en"), Style(False))
    view = tomahawk_view()
    learn(view, ctx)  # the faces of the hand, for the labels
    actions = [tt_play(3, False), tt_play(3, True), tt_play(4, True), tt_play(4, False), DRAW]
    menu = build_menu(actions, ctx, view)
    # Two identical red Bisons: one entry; its TOMAHAWK! variant is its option; then Draw.
    assert [c.action for c in menu] == [tt_play(3, False), DRAW]
    assert menu[0].announce == tt_play(3, True)
    assert "TOMAHAWK!" not in menu[0].label and "TOMAHAWK!" in menu[0].announce_label
    lines = menu_lines(menu, ctx)
    assert lines[0].endswith("(1! + TOMAHAWK!)") and "!" not in lines[1]
    alone = build_menu([tt_play(3, True)], ctx, view)  # a variant listed alone: as it is
    assert alone[0].action == tt_play(3, True) and alone[0].announce is None


class NoServer:
    """Stands for the SDK client: records the Act calls, answers nothing else."""

    def __init__(self) -> None:
        self.acts: list[tuple[game_pb2.Action, int]] = []
        self.player_id = "me"

    async def act(
        self, room_id: str, action: game_pb2.Action, version: int, key: str | None = None
    ) -> game_pb2.ActResponse:
        self.acts.append((action, version))
        return game_pb2.ActResponse(version=version + 1)


async def test_typed_choices_play_the_pushed_action_with_its_version() -> None:
    client = NoServer()
    loop = TableLoop(client, "r1", PlayOptions(), out=io.StringIO())  # type: ignore[arg-type]
    room = common_pb2.Room(
        room_id="r1",
        game_id="tomahawk",
        my_seat=0,
        status=common_pb2.ROOM_STATUS_PLAYING,
        version=7,
        seats=[common_pb2.Seat(index=0, player_id="me"), common_pb2.Seat(index=1)],
    )
    pushed = game_pb2.SubscribeResponse(
        seq=9, version=7, room=room, view=tomahawk_view(), kind=game_pb2.UPDATE_KIND_ACTION
    )
    pushed.choices.actions.extend([tt_play(3, False), tt_play(3, True), DRAW])
    loop.apply_update(pushed)
    assert len(loop.choices.menu) == 2 and loop.choices.version == 7
    chat = game_pb2.SubscribeResponse(seq=10, version=7, kind=game_pb2.UPDATE_KIND_CHAT)
    loop.apply_update(chat)  # no view: the choices stay
    assert len(loop.choices.menu) == 2
    await loop.input.on_line("2!")  # Draw has no TOMAHAWK! variant
    await loop.input.on_line("1!")
    assert client.acts == [(tt_play(3, True), 7)]
    assert loop.choices.menu == []  # the update of the move brings the next choices
    loop.apply_update(pushed)
    await loop.input.on_line("1")
    assert client.acts[-1] == (tt_play(3, False), 7)
    spectator = game_pb2.SubscribeResponse()
    spectator.CopyFrom(pushed)
    spectator.room.ClearField("my_seat")
    spectator.ClearField("choices")
    loop.apply_update(spectator)
    assert loop.choices.menu == []  # a spectator has nothing to choose


async def test_a_number_typed_for_a_menu_that_changed_is_never_applied_to_the_new_one() -> None:
    """Issue 30: '1' typed for one card played another once the list changed under the
    cursor. A line carries the menu on the screen when it was typed: its number names that
    menu's entry, played only if the new menu still offers it."""
    client = NoServer()
    out = io.StringIO()
    loop = TableLoop(client, "r1", PlayOptions(), out=out)  # type: ignore[arg-type]
    room = common_pb2.Room(
        room_id="r1",
        game_id="tomahawk",
        my_seat=0,
        status=common_pb2.ROOM_STATUS_PLAYING,
        version=7,
        seats=[common_pb2.Seat(index=0, player_id="me"), common_pb2.Seat(index=1)],
    )

    def push(version: int, *actions: game_pb2.Action) -> None:
        update = game_pb2.SubscribeResponse(
            seq=version + 2, version=version, view=tomahawk_view(), kind=game_pb2.UPDATE_KIND_BOT
        )
        update.room.CopyFrom(room)
        update.room.version = version
        update.choices.actions.extend(actions)
        loop.apply_update(update)

    push(7, tt_play(3, False), DRAW)
    loop.screen.redraw()
    typed_for = loop.choices.shown
    assert [c.action for c in typed_for] == [tt_play(3, False), DRAW]
    push(8, DRAW)  # the Bison is gone; Draw is now number 1
    await loop.input.on_line("1", typed_for)
    assert client.acts == []  # not Draw: the entry typed for is no longer offered
    assert "The list changed before '1' reached it" in strip_ansi(out.getvalue())
    typed_for = loop.choices.shown  # the redraw showed the new menu
    push(9, tt_play(3, False), DRAW)  # Draw moved to number 2
    await loop.input.on_line("1", typed_for)
    assert client.acts == [(DRAW, 9)]  # the action typed for, with the new version
    push(10)  # no menu on the screen when typed
    loop.screen.redraw()
    typed_for = loop.choices.shown
    push(11, DRAW)
    await loop.input.on_line("1", typed_for)
    assert client.acts == [(DRAW, 9)]
    await loop.input.on_line("1")  # typed for the menu now shown: played
    assert client.acts[-1] == (DRAW, 11)
