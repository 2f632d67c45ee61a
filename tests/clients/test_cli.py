"""The reference terminal client, against a real local cluster: Redis, two replicas, Envoy.

Commands run as subprocesses (``python -m clients.cli``) with their own ``CERCLE_HOME``;
the interactive mode is driven through a pseudo-terminal with pexpect; the rendering
functions are checked on real views and events of every game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
from cercle.v1 import awimbawe_pb2, common_pb2, game_pb2, tamashii_pb2, tomahawk_pb2, tomy_pb2

from clients.api_error import ApiError
from clients.i18n import Tr
from clients.render import (
    Context,
    Style,
    action_label,
    narrate,
    render_outcome,
    render_room,
    render_view,
    strip_ansi,
)
from clients.render.tomy import my_memory, tomy_event, tomy_learn_catalogue, tomy_outcome_lines
from clients.sdk import Client
from deploy.local.cluster import Cluster, Proc, cluster, start_replica

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=2, envoy=True) as running:
        yield running


def cli_env(address: str, home: Path, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "CERCLE_ADDRESS": address,
        "CERCLE_HOME": str(home),
        "LANG": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env


def cli(
    edge: Cluster, home: Path, *args: str, timeout: float = 30
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "clients.cli", *args],
        env=cli_env(edge.address, home),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def cli_json(edge: Cluster, home: Path, *args: str) -> Any:
    done = cli(edge, home, *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# -- non-interactive commands -------------------------------------------------------------------


def test_games_json_lists_every_game_with_options(edge: Cluster, tmp_path: Path) -> None:
    games = {g["game_id"]: g for g in cli_json(edge, tmp_path, "games")["games"]}
    assert set(games) == {"tomahawk", "tamashii", "tomy", "awimbawe"}
    assert games["awimbawe"]["min_players"] == games["awimbawe"]["max_players"] == 2
    assert any(o["name"] == "target_score" for o in games["tomahawk"]["options"])
    text = cli(edge, tmp_path, "games", "--lang", "fr")
    assert text.returncode == 0 and "Tomahawk Tribal" in text.stdout and "joueurs" in text.stdout
    # A choice by the names of its enum's values; a first player left to chance by default.
    assert "--option level=standard [novice|easy|standard|hard|nightmare]" in text.stdout
    assert "--option first_player=N [0–7]" in text.stdout
    assert "\x1b[" not in text.stdout  # not a terminal: no colours


def test_login_create_rooms_join(edge: Cluster, tmp_path: Path) -> None:
    ana, ben, cleo = tmp_path / "ana", tmp_path / "ben", tmp_path / "cleo"
    login = cli(edge, ana, "login", "Ana")
    assert login.returncode == 0 and "Ana" in login.stdout
    saved = json.loads((ana / "session.json").read_text())["sessions"][edge.address]
    assert saved["name"] == "Ana" and saved["token"] not in login.stdout  # never printed
    assert (ana / "session.json").stat().st_mode & 0o077 == 0

    created = cli_json(edge, ana, "create", "tomy", "--players", "3", "--option", "vote_seconds=11")
    room_id, code = created["room_id"], created["join_code"]
    assert len(code) == 6 and created["seat"] == 0
    assert created["room"]["options"]["vote_seconds"] == 11
    assert created["room"]["seats"][0]["display_name"] == "Ana"
    assert saved["token"] not in json.dumps(created)

    listed = cli_json(edge, ben, "--name", "Ben", "rooms", "tomy")
    assert room_id in [r["room_id"] for r in listed["rooms"]]
    assert all(r["game_id"] == "tomy" for r in listed["rooms"])

    joined = cli_json(edge, ben, "join", room_id)
    assert joined["seat"] == 1 and joined["room_id"] == room_id
    by_code = cli_json(edge, cleo, "--name", "Cléo", "join", code.lower())
    assert by_code["seat"] == 2 and by_code["room"]["seats"][2]["display_name"] == "Cléo"

    text = cli(edge, ana, "rooms")
    assert text.returncode == 0

    private = cli_json(edge, ana, "create", "awimbawe", "--private")
    assert private["room"]["visibility"] == "private"
    watcher = cli_json(edge, cleo, "join", private["join_code"], "--spectator")
    assert watcher["seat"] is None and watcher["spectator"] is True
    shown = cli(edge, ana, "create", "tamashii", "--lang", "fr")
    assert "Code d'accès" in shown.stdout and "créée" in shown.stdout


def test_errors_print_the_server_message_and_exit_non_zero(edge: Cluster, tmp_path: Path) -> None:
    unknown = cli(edge, tmp_path, "join", "0123456789ab")
    assert unknown.returncode == 1
    assert "There is no room with that id." in unknown.stderr
    assert "ROOM_NOT_FOUND" not in unknown.stderr  # player words, not the code
    as_json = cli(edge, tmp_path, "join", "0123456789ab", "--json")
    assert as_json.returncode == 1
    assert json.loads(as_json.stdout)["error"]["reason"] == "ROOM_NOT_FOUND"
    bad = cli(edge, tmp_path, "create", "tomy", "--option", "vote_seconds=-3", "--json")
    error = json.loads(bad.stdout)["error"]
    assert bad.returncode == 1 and error["code"] == "INVALID_ARGUMENT"
    assert error["field"] == "options.tomy.vote_seconds" and error["message"] in bad.stderr
    chess = cli(edge, tmp_path, "create", "chess")
    assert chess.returncode == 1 and "does not host that game" in chess.stderr
    start = cli(edge, tmp_path, "start", "0123456789ab", "--lang", "fr")
    assert start.returncode == 1 and start.stderr.startswith("Erreur")


def test_lobby_commands_auto_play_watch_and_replay(edge: Cluster, tmp_path: Path) -> None:
    """create, add-bot, ready, start; the host plays with --auto while a spectator watches;
    then the replay checks the seed commitment."""
    host, fan = tmp_path / "host", tmp_path / "fan"
    room = cli_json(
        edge, host, "create", "awimbawe", "--bot-delay", "0", "--option", "decision_seconds=0"
    )
    room_id = room["room_id"]
    bot = cli_json(edge, host, "add-bot", room_id, "--level", "random")
    assert bot["room"]["seats"][1]["kind"] == "bot"
    assert cli_json(edge, host, "ready", room_id)["room"]["seats"][0]["ready"] is True
    assert cli_json(edge, host, "start", room_id)["room"]["status"] == "playing"
    env_fan = cli_env(edge.address, fan)
    watcher = subprocess.Popen(
        [sys.executable, "-m", "clients.cli", "watch", room_id, "--lang", "fr"],
        env=env_fan,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(1.0)  # the spectator is in before the first move
    player = cli(edge, host, "play", room_id, "--auto", "--auto-delay", "0.02", timeout=60)
    assert player.returncode == 0, player.stderr
    assert "Winner" in player.stdout and f"cercle replay {room_id}" in player.stdout
    watched, _ = watcher.communicate(timeout=30)
    assert watcher.returncode == 0
    assert "spectateur" in watched and "Partie terminée" in watched and "joue" in watched

    replay = cli(edge, host, "replay", room_id)
    assert replay.returncode == 0
    assert "Shuffle checked" in replay.stdout and "#1 " in replay.stdout
    assert "Deal checked" in replay.stdout
    document = cli_json(edge, host, "replay", room_id)
    assert document["commitment_ok"] is True
    # `ready` sent the host's part of the seed; the server derived the bot's (docs/api.md).
    assert document["deal_derived"] is True and document["deal_ok"] is True
    assert document["deal_player_seats"] == [0] and document["deal_problems"] == []
    versions = [step["version"] for step in document["steps"]]
    assert versions == list(range(1, len(versions) + 1))


# -- the interactive mode through a pseudo-terminal ---------------------------------------------


def spawn(edge: Cluster, home: Path, *args: str) -> pexpect.spawn:
    """The CLI in a pseudo-terminal, as a player starts it: Ctrl-C interrupts it even when
    the tests run in the background (a shell starts a background job with SIGINT ignored,
    and the child would inherit that)."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "clients.cli", *args],
        env=cli_env(edge.address, home, TERM="xterm"),
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=20,
        dimensions=(60, 180),
        preexec_fn=_default_sigint,
    )
    return child


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_interactive_awimbawe_menu_in_english(edge: Cluster, tmp_path: Path) -> None:
    child = spawn(
        edge,
        tmp_path,
        "play",
        "awimbawe",
        "--bots",
        "1",
        "--bot-delay",
        "0",
        "--lang",
        "en",
        "--name",
        "Guest",
    )
    try:
        child.expect(r"Your possible actions:")
        child.expect(r"Choose 1–\d+ \(h: help, q: quit\) > ")
        child.sendline("99")
        child.expect(r"Invalid choice '99'")
        child.expect(r"Choose 1–\d+ .*> ")
        child.sendline("1")
        child.expect(r"Guest \(you\)\S* plays .+\((hand|pile \d)\)")
        child.sendline("q")
        child.expect("You left the table")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_interactive_tomy_story_in_french(edge: Cluster, tmp_path: Path) -> None:
    child = spawn(
        edge,
        tmp_path,
        "play",
        "tomy",
        "--bots",
        "2",
        "--bot-delay",
        "0",
        "--lang",
        "fr",
        "--option",
        "first_player=0",
        "--name",
        "Zoé",
        "--no-color",
    )
    try:
        child.expect("Tes actions possibles")
        child.expect(r"Raconter : Tomy est à")
        child.expect(r"Choisis 1–\d+ .*> ")
        assert "Passer" not in child.before  # the leash holder must propose (no pass)
        child.sendline("1")
        child.expect("Ton histoire")
        child.sendline("   ")  # spaces only: asked again, not the example sent (issue 30)
        child.expect("Rien que des espaces")
        child.expect("Ton histoire")
        child.sendline("x" * 501)
        child.expect("Trop long : 501 caractères")
        child.sendline("Tomy dort sous le lit")
        child.expect("« Tomy dort sous le lit »")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_interactive_tomy_speaker_after_the_leash_holder_is_offered_the_pass(
    edge: Cluster, tmp_path: Path
) -> None:
    """Seat 2 (a bot) holds the leash and tells first; seat 0 speaks next and may pass (the
    rules let every speaker but the leash holder pass): the menu offers it and it is played."""
    child = spawn(
        edge,
        tmp_path,
        "play",
        "tomy",
        "--bots",
        "2",
        "--bot-delay",
        "0",
        "--lang",
        "fr",
        "--option",
        "first_player=2",
        "--name",
        "Zoé",
        "--no-color",
        "--plain",
    )
    try:
        child.expect(r"(\d+)\) Passer \(ne rien dire ce tour\)")
        number = child.match.group(1)
        child.expect(r"Choisis 1–\d+ .*> ")
        child.sendline(number)
        child.expect("Zoé .*passe")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


# -- rendering on real views --------------------------------------------------------------------

BOTS = {"tomahawk": 2, "tamashii": 1, "tomy": 2, "awimbawe": 1}
OPTIONS = {
    # reaction_seconds 0: bots at full speed (the people's window, 2 s after each card, would
    # make the match outlast the test; tests/services/test_reaction_window.py covers it).
    "tomahawk": {"target_score": "30", "reaction_seconds": "0"},
    "tamashii": {},
    "tomy": {},
    "awimbawe": {},
}


async def play_with_bots(address: str, game_id: str) -> dict[str, Any]:
    """A whole match: me plus bots, my seat playing the first of the choices each update
    pushes; every update, the view of a spectator, and the choices seen on the way."""
    me, fan = Client(address), Client(address)
    try:
        await me.login("Ana")
        await fan.login("Fan")
        room = await me.create_room(
            game_id, players=BOTS[game_id] + 1, options=OPTIONS[game_id], bot_delay=0
        )
        for _ in range(BOTS[game_id]):
            await me.add_bot(room.room_id, "random")
        await fan.join(room.room_id, spectator=True)
        await me.ready(room.room_id)
        await me.start(room.room_id)
        updates: list[game_pb2.SubscribeResponse] = []
        menus: list[tuple[game_pb2.View, list[game_pb2.Action]]] = []
        async for update in me.updates(room.room_id):
            updates.append(update)
            if update.HasField("outcome"):
                break
            if update.kind == game_pb2.UPDATE_KIND_LOBBY or not update.HasField("view"):
                continue
            if update.choices.actions:
                menus.append((update.view, list(update.choices.actions)))
                with contextlib.suppress(ApiError):  # a bot's move or call won the race
                    await me.act(room.room_id, update.choices.actions[0], update.version)
        spectator_view = await fan.view(room.room_id)
        return {"updates": updates, "menus": menus, "spectator": spectator_view}
    finally:
        await me.close()
        await fan.close()


@pytest.mark.parametrize("game_id", ["tomahawk", "tamashii", "tomy", "awimbawe"])
async def test_rendering_of_a_whole_match(edge: Cluster, game_id: str) -> None:
    played = await asyncio.wait_for(play_with_bots(edge.address, game_id), 60)
    updates: list[game_pb2.SubscribeResponse] = played["updates"]
    assert updates[-1].HasField("outcome")
    for lang in ("en", "fr"):
        ctx = Context(game_id, Tr(lang), Style(False))
        kinds: set[str] = set()
        for update in updates:
            if update.HasField("room"):
                ctx.set_room(update.room)
            if update.HasField("view"):
                table = render_view(update.view, ctx)
                assert table and all("\x1b" not in line for line in table)
            for event in update.events:
                line = narrate(event, ctx, update.room if update.HasField("room") else None)
                group = event.WhichOneof("event")
                assert group is not None
                kind = getattr(event, group).WhichOneof("event")
                kinds.add(f"{group}.{kind}")
                # Every event kind the server sent has its own sentence (no raw fallback).
                assert line != Tr(lang)("ev.unknown", kind=kind), line
                if event.private:
                    assert line.startswith(Tr(lang)("private_tag"))
        assert len(kinds) > 3
        for view, actions in played["menus"]:
            labels = [action_label(a, ctx, view) for a in actions]
            assert all(label and "?" not in label.split("(")[0] for label in labels), labels
        outcome = render_outcome(updates[-1].outcome, ctx)
        assert outcome[0] == Tr(lang)("match_over")
        spectator = Context(game_id, Tr(lang), Style(True))
        spectator.set_room(played["spectator"].room)
        assert spectator.me == -1
        shown = render_view(played["spectator"].view, spectator)
        assert any("\x1b[" in line for line in shown)  # colours when asked for
        you = f"({Tr(lang)('you')})"
        assert all(you not in strip_ansi(line) for line in shown)


def test_tomahawk_table_from_a_built_view() -> None:
    view = game_pb2.View(
        tomahawk=tomahawk_pb2.TomahawkView(
            seat=0,
            hand=[
                tomahawk_pb2.TomahawkCardFace(
                    id=3,
                    kind=tomahawk_pb2.TOMAHAWK_CARD_KIND_BISON,
                    colour=tomahawk_pb2.TOMAHAWK_COLOUR_RED,
                    points=5,
                ),
                tomahawk_pb2.TomahawkCardFace(
                    id=130, kind=tomahawk_pb2.TOMAHAWK_CARD_KIND_DIAMOND, points=20
                ),
            ],
            hand_ids=[3, 130],
            seats=[
                tomahawk_pb2.TomahawkSeatView(seat=0, cards=2, total=10),
                tomahawk_pb2.TomahawkSeatView(seat=1, cards=1, total=35),
                tomahawk_pb2.TomahawkSeatView(seat=2, cards=1, called_tomahawk=True),
            ],
            round=2,
            phase=tomahawk_pb2.TOMAHAWK_PHASE_FACE_SHERIFF,
            turn=0,
            direction=-1,
            colour=tomahawk_pb2.TOMAHAWK_COLOUR_BLUE,
            top_card=tomahawk_pb2.TomahawkCardFace(
                id=90,
                kind=tomahawk_pb2.TOMAHAWK_CARD_KIND_SHERIFF_2,
                colour=tomahawk_pb2.TOMAHAWK_COLOUR_BLUE,
            ),
            pending_draw=3,
            attack_from=2,
            agilite_card=tomahawk_pb2.TomahawkCardFace(
                id=90,
                kind=tomahawk_pb2.TOMAHAWK_CARD_KIND_SHERIFF_2,
                colour=tomahawk_pb2.TOMAHAWK_COLOUR_BLUE,
            ),
            agilite_from=2,
            draw_pile=50,
            discard_pile=7,
            target_score=250,
        )
    )
    room = common_pb2.Room(
        game_id="tomahawk",
        my_seat=0,
        seats=[
            common_pb2.Seat(index=0, player_id="a", display_name="Ana"),
            common_pb2.Seat(index=1, player_id="b", display_name="Ben"),
            common_pb2.Seat(index=2, player_id="c", display_name="Cléo"),
        ],
    )
    for lang, expected in (
        ("en", ["Pending Sheriff draw: +3 (cast by Cléo)", "counter-clockwise", "#1 red Bison"]),
        ("fr", ["Pioche du Shérif en attente : +3", "sens anti-horaire", "#1 Bison rouge"]),
    ):
        ctx = Context("tomahawk", Tr(lang), Style(False))
        ctx.set_room(room)
        text = "\n".join(render_view(view, ctx))
        for piece in expected:
            assert piece in text, (piece, text)
        assert "possible" not in text  # whether a SHÉRIF! is right is for the player to see
        play = game_pb2.Action(
            tomahawk=tomahawk_pb2.TomahawkAction(
                play_card=tomahawk_pb2.TomahawkAction.PlayCard(
                    card=130, colour=tomahawk_pb2.TOMAHAWK_COLOUR_VIOLET
                )
            )
        )
        sherif = game_pb2.Action(
            tomahawk=tomahawk_pb2.TomahawkAction(
                call_sherif=tomahawk_pb2.TomahawkAction.CallSherif(target=1)
            )
        )
        take = game_pb2.Action(
            tomahawk=tomahawk_pb2.TomahawkAction(
                take_pending_draw=tomahawk_pb2.TomahawkAction.TakePendingDraw()
            )
        )
        labels = [action_label(a, ctx, view) for a in (play, sherif, take)]
        if lang == "en":
            assert labels == [
                "Play Diamond → colour violet",
                "SHÉRIF! on Ben",
                "Take the Sheriff draw (+3)",
            ]
        else:
            assert labels[1] == "SHÉRIF ! sur Ben" and labels[2].endswith("(+3)")


def test_other_games_tables_from_built_views() -> None:
    tr = Tr("en")
    ctx = Context("tamashii", tr, Style(False))
    tamashii = game_pb2.View(
        tamashii=tamashii_pb2.TamashiiView(
            level=tamashii_pb2.TAMASHII_LEVEL_EASY,
            players=1,
            phase=tamashii_pb2.TAMASHII_PHASE_GATHERING,
            slots=[
                tamashii_pb2.TamashiiSlotView(
                    slot=0,
                    face_up=True,
                    card=tamashii_pb2.TamashiiCardView(
                        id=2,
                        needs=tamashii_pb2.TamashiiGems(red=2),
                        power=tamashii_pb2.TAMASHII_POWER_NONE,
                    ),
                    gems=tamashii_pb2.TamashiiGems(red=2),
                ),
                tamashii_pb2.TamashiiSlotView(slot=1, peeked_by=[0]),
            ],
            bag=tamashii_pb2.TamashiiGems(blue=3, black=1),
            drawn=tamashii_pb2.TamashiiGems(yellow=2),
            freed=1,
        )
    )
    text = "\n".join(render_view(tamashii, ctx))
    assert "FREED Hi (needs 2 red; no power)" in text and "Bag: 3 blue, 1 black (4 gems)" in text
    assert "Drawn this turn: 2 yellow" in text and "peeked by seat 0" in text

    ctx = Context("awimbawe", tr, Style(False))
    ctx.me = 0
    side = awimbawe_pb2.AwimbaweSideView(
        seat=1,
        heir=awimbawe_pb2.AWIMBAWE_HEIR_SIDE_GOLD,
        piles=[
            awimbawe_pb2.AwimbawePileView(
                cards=[
                    awimbawe_pb2.AwimbawePileCard(hidden=awimbawe_pb2.AwimbaweHiddenCard()),
                    awimbawe_pb2.AwimbawePileCard(),
                ],
                size=2,
            )
        ],
        paralysed_unknown=1,
    )
    # A pile card is a face (``card``) or face down (``hidden``).
    side.piles[0].cards[1].card.CopyFrom(
        awimbawe_pb2.AwimbaweCardView(
            card=3,
            animal=awimbawe_pb2.AWIMBAWE_ANIMAL_HYENA,
            colour=awimbawe_pb2.AWIMBAWE_COLOUR_GREEN,
            value=4,
            crowns=3,
        )
    )
    awimbawe = game_pb2.View(
        awimbawe=awimbawe_pb2.AwimbaweView(
            seat=0,
            round=2,
            players=[awimbawe_pb2.AwimbaweSideView(seat=0), side],
            decision=awimbawe_pb2.AWIMBAWE_DECISION_SNAKE,
            decision_seat=0,
            snake_hand_positions=4,
        )
    )
    text = "\n".join(render_view(awimbawe, ctx))
    assert "0:[? | green Hyena 4 ♛3]" in text and "paralysed: 1 hidden" in text
    assert "black panther (gold)" in text and "Snake: 4 hand positions" in text

    ctx = Context("tomy", Tr("fr"), Style(False))
    place = tomy_pb2.TomyCatalogue.PlaceName(language=tomy_pb2.TOMY_LANGUAGE_FR, text="un igloo")
    catalogue = tomy_pb2.TomyCatalogue(
        locations=[tomy_pb2.TomyCatalogue.LocationEntry(id=4, names=[place])]
    )
    tomy_learn_catalogue(ctx, catalogue)
    tomy = game_pb2.View(
        tomy=tomy_pb2.TomyView(
            seat=0,
            phase=tomy_pb2.TOMY_PHASE_VOTE,
            columns=[
                tomy_pb2.TomyColumnView(
                    column=2,
                    breed=tomy_pb2.TOMY_BREED_HUSKY,
                    colour=tomy_pb2.TOMY_COLOUR_BLUE,
                    location=4,
                )
            ],
            proposals=[tomy_pb2.TomyProposalView(column=2, seat=1, location=4, text="Brr")],
            hand=[tomy_pb2.TomyDogCard(id=33, column=2, breed=tomy_pb2.TOMY_BREED_HUSKY)],
            hand_counts=[1, 9, 9],
            voted=[False, True, False],
            my_vote=33,
        )
    )
    text = "\n".join(render_view(tomy, ctx))
    assert "un igloo" in text and "« Brr »" in text and "Husky ×1 (#33)" in text
    assert "a voté" in text and "Ton vote : Husky n°33" in text


def test_tomy_events_and_outcome_render_from_typed_messages() -> None:
    """Every Tomy event kind of seeded matches reads as a line naming breeds and places
    (from the catalogue), in both languages; the outcome detail lists each game's scores."""
    from engine.games.tomy import TomyGame
    from engine.playout import random_playout
    from services.games.convert import to_proto

    game = TomyGame()
    events: list[Any] = []
    outcomes: list[Any] = []
    for seed, players in ((1, 3), (2, 8), (3, 5)):
        final, _ = random_playout(
            game,
            players,
            seed,
            options={"rounds": True, "target_score": 4},
            chooser_seed=seed,
            on_step=lambda b, s, a, after, evs: events.extend(evs),
        )
        outcomes.append(game.outcome(final))
    catalogue = to_proto(game.catalogue(), tomy_pb2.TomyCatalogue())
    assert isinstance(catalogue, tomy_pb2.TomyCatalogue)
    for lang, place in (("fr", "une hutte en Afrique"), ("en", "a hut in Africa")):
        ctx = Context("tomy", Tr(lang), Style(False))
        tomy_learn_catalogue(ctx, catalogue)
        assert my_memory(ctx).places[0] == ("une hutte en Afrique", "a hut in Africa")
        kinds = set()
        for event in events:
            message = tomy_pb2.TomyEvent()
            to_proto(event, getattr(message, event.kind))
            line = tomy_event(message, ctx)
            assert line, event.kind
            assert "{" not in line and "my.ev" not in line, line
            kinds.add(event.kind)
        assert {"story_proposed", "votes_revealed", "row_refilled", "match_over"} <= kinds
        refilled = tomy_pb2.TomyEvent()
        refilled.row_refilled.placed.add(column=0, location=0)
        assert place in (tomy_event(refilled, ctx) or "")
        over = tomy_pb2.TomyEvent()
        over.match_over.reason = tomy_pb2.TOMY_END_REASON_TARGET_SCORE
        assert ("score cible" if lang == "fr" else "target score") in (tomy_event(over, ctx) or "")
        detail = to_proto(outcomes[0].detail, tomy_pb2.TomyOutcome())
        assert isinstance(detail, tomy_pb2.TomyOutcome)
        lines = tomy_outcome_lines(detail, ctx)
        assert len(lines) == len(detail.round_scores) + 1
    assert tomy_event(tomy_pb2.TomyEvent(), ctx) is None


def test_room_rendering_marks_me_and_free_seats() -> None:
    room = common_pb2.Room(
        room_id="r1",
        game_id="tomy",
        join_code="ABCDEF",
        my_seat=1,
        host_player_id="a",
        status=common_pb2.ROOM_STATUS_OPEN,
        seats=[
            common_pb2.Seat(index=0, player_id="a", display_name="Ana", ready=True),
            common_pb2.Seat(index=1, player_id="b", display_name="Ben"),
            common_pb2.Seat(index=2),
        ],
    )
    ctx = Context("tomy", Tr("en"), Style(False))
    ctx.set_room(room)
    text = "\n".join(render_room(room, ctx))
    assert "ABCDEF" in text and "Ana · ready, host" in text
    assert "Ben (you) · not ready" in text and "2 (free)" in text


# -- two CLI players through Envoy while a replica dies -----------------------------------------


def wait_for_text(
    path: Path, pattern: str, timeout: float, procs: list[subprocess.Popen[Any]]
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, path.read_text(errors="replace")):
            return
        for proc in procs:
            if proc.poll() is not None:
                break
        time.sleep(0.05)
    raise AssertionError(f"{pattern!r} not in {path}:\n{path.read_text()[-3000:]}")


def test_claiming_the_saved_session_is_refused_only_while_its_holder_lives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from clients.session import claim_session, config_dir

    monkeypatch.setenv("CERCLE_HOME", str(tmp_path))
    release = claim_session("127.0.0.1:8080")
    assert release is not None
    lock = next(config_dir().glob("playing-*.pid"))
    assert lock.read_text() == str(os.getpid())
    assert claim_session("127.0.0.1:9999") is not None  # another server: its own session
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lock.write_text(str(holder.pid))  # another live `cercle play` holds it
        assert claim_session("127.0.0.1:8080") is None
        release()  # not ours any more: left alone
        assert lock.read_text() == str(holder.pid)
    finally:
        holder.kill()
        holder.wait()
    again = claim_session("127.0.0.1:8080")  # its holder is gone: taken over
    assert again is not None and lock.read_text() == str(os.getpid())
    again()
    assert not lock.exists()


def test_cercle_play_in_two_terminals_of_one_user_seats_two_players(
    edge: Cluster, tmp_path: Path
) -> None:
    """Both terminals share the saved session (one CERCLE_HOME, no --name): the second
    plays as a new guest, and the two finish a match against each other. Each quit saves its
    own identity: the first player's session is still the first player's (issue 30: it came
    back as the second guest), the second's is kept under its own key."""
    home = tmp_path / "home"
    argv = [
        sys.executable,
        "-m",
        "clients.cli",
        "play",
        "tomahawk",
        "--auto",
        "--auto-delay",
        "0.01",
        "--option",
        "target_score=30",
        "--lang",
        "en",
    ]
    logs = [tmp_path / "first.log", tmp_path / "second.log"]
    procs: list[subprocess.Popen[Any]] = []
    try:
        for index, log in enumerate(logs):
            handle = log.open("w")
            procs.append(
                subprocess.Popen(
                    argv,
                    env=cli_env(edge.address, home, USER="sam"),
                    cwd=ROOT,
                    stdout=handle,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    text=True,
                )
            )
            handle.close()
            if index == 0:
                wait_for_text(logs[0], r"Created room \w+", 20, procs)
                first_saved = json.loads((home / "session.json").read_text())["sessions"]
        for proc in procs:
            proc.wait(timeout=90)
        first, second = (log.read_text() for log in logs)
        assert procs[0].returncode == 0 and procs[1].returncode == 0, second[-3000:]
        assert "plays as a new guest" in second and "plays as a new guest" not in first
        room_id = re.search(r"Created room (\w+)", first)
        assert room_id is not None and f"Joined room {room_id.group(1)}" in second
        assert "Match over." in first and "Match over." in second
        assert not list(home.glob("playing-*.pid"))  # given back at the end
        sessions = json.loads((home / "session.json").read_text())["sessions"]
        mine = sessions[edge.address]
        assert mine["player_id"] == first_saved[edge.address]["player_id"] and mine["name"] == "sam"
        other = sessions[f"{edge.address} #2"]  # the second's, to come back as the same guest
        assert other["name"] == "sam 2" and other["player_id"] != mine["player_id"]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()


def test_two_cli_players_finish_a_tomahawk_match_while_a_replica_dies(
    edge: Cluster, tmp_path: Path
) -> None:
    argv = [
        sys.executable,
        "-m",
        "clients.cli",
        "play",
        "tomahawk",
        "--auto",
        "--auto-delay",
        "0.01",
        "--option",
        "target_score=30",
        "--option",
        "first_player=0",
    ]
    logs = [tmp_path / "ana.log", tmp_path / "ben.log"]
    procs: list[subprocess.Popen[Any]] = []
    restarted: Proc | None = None
    try:
        for index, name in enumerate(("Ana", "Ben")):
            handle = logs[index].open("w")
            procs.append(
                subprocess.Popen(
                    [*argv, "--name", name],
                    env=cli_env(edge.address, tmp_path / name),
                    cwd=ROOT,
                    stdout=handle,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    text=True,
                )
            )
            handle.close()
            if index == 0:  # Ana's room exists before Ben looks for one
                wait_for_text(logs[0], r"Created room \w+", 20, procs)
        # Mid-match: both have played, then one replica dies without a word.
        wait_for_text(logs[0], r"(?s)(→ .*){3}", 30, procs)
        wait_for_text(logs[1], r"(?s)(→ .*){3}", 30, procs)
        victim = edge.replicas[0]
        victim.kill(signal.SIGKILL)
        victim.popen.wait(5)
        for proc in procs:
            proc.wait(timeout=60)
        outputs = [log.read_text() for log in logs]
        for proc, output in zip(procs, outputs, strict=True):
            assert proc.returncode == 0, output[-3000:]
            assert "Match over." in output and "Winner" in output, output[-3000:]
            assert "Reason: a total reached the target score" in output
        room_id = re.search(r"Created room (\w+)", outputs[0])
        assert room_id is not None and f"Joined room {room_id.group(1)}" in outputs[1]
        replay = cli_json(edge, tmp_path / "Ana", "replay", room_id.group(1))
        versions = [step["version"] for step in replay["steps"]]
        assert versions == list(range(1, len(versions) + 1))
        assert replay["commitment_ok"] is True
        assert replay["outcome"]["reason"] == "OUTCOME_REASON_TARGET_SCORE"
        # Bring the replica back for whatever runs next in this module.
        logs_dir = victim.log_path.parent
        restarted = start_replica(edge.redis_url, logs_dir, victim.port, victim.name)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
        if restarted is not None:
            restarted.stop()
