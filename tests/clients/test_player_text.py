"""What the terminal client prints is player text only: whole matches auto-played through the
real CLI (``cercle play GAME --bots N --auto``) and their replays, in English and in French,
are scanned for error codes, enum names, raw lists and catalogue ids that a player should
never read, and for wording that reads wrong (``bad_wording``: "1 cards", "(s)", French
"vous"; the catalogues and the web page are scanned in ``test_player_words.py``);
connection failures and refusals say what to do in words."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cercle.v1 import (
    awimbawe_pb2,
    common_pb2,
    game_pb2,
    lobby_pb2,
    tamashii_pb2,
    tomahawk_pb2,
    tomy_pb2,
)
from google.protobuf.descriptor import EnumDescriptor

import i18n
from deploy.local.cluster import Cluster, cluster, free_port
from engine.games.tomy import cards as tomy_data
from tests.clients.test_cli import ROOT, cli_env
from tests.clients.test_player_words import bad_wording

MATCHES = {
    "tomahawk": ("2", "--option", "target_score=40", "--option", "reaction_seconds=0"),
    "tamashii": ("2",),
    "tomy": ("3",),
    "awimbawe": ("1",),
}
"""Bots beside the player, and options that keep a match short."""


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=1, envoy=True) as running:
        yield running


def run(address: str, home: Path, *args: str, timeout: float = 240) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "clients.cli", *args],
        env=cli_env(address, home),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return done.stdout + done.stderr


def _enum_names() -> set[str]:
    """Every enum value name of the contract, whole and without its type prefix."""
    names: set[str] = set()

    def walk(enum: EnumDescriptor) -> None:
        prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"
        for value in enum.values:
            names.update((value.name, value.name.removeprefix(prefix)))

    for module in (common_pb2, game_pb2, lobby_pb2, tomahawk_pb2, tamashii_pb2, tomy_pb2):
        stack = list(module.DESCRIPTOR.message_types_by_name.values())
        for enum in module.DESCRIPTOR.enum_types_by_name.values():
            walk(enum)
        while stack:
            message = stack.pop()
            stack += list(message.nested_types)
            for enum in message.enum_types:
                walk(enum)
    for enum in awimbawe_pb2.DESCRIPTOR.enum_types_by_name.values():
        walk(enum)
    return {name for name in names if len(name) >= 3}


def _catalogue_ids() -> set[str]:
    """The message ids of the catalogues (a missing translation prints its id)."""
    ids: set[str] = set()
    for path in (i18n.locales_dir() / "en").glob("*.ftl"):
        ids |= set(re.findall(r"^([a-z][\w-]*) =", path.read_text(), re.M))
    return {i for i in ids if "_" in i or "-" in i}


def _bank_words(language: str) -> set[str]:
    """The words of the template stories in ``language``'s catalogue (``my-story-<n>``)."""
    text = (i18n.locales_dir() / language.lower() / "tomy.ftl").read_text()
    lines = re.findall(r"^my-story-\d+ = (.+)$", text, re.M)
    return {w for line in lines for w in re.findall(r"\w+", line)}


FRENCH_ONLY = _bank_words("FR") - _bank_words("EN") - {"breed", "place", "Place"}
ENGLISH_ONLY = _bank_words("EN") - _bank_words("FR") - {"breed", "place", "Place"}
ENUMS = _enum_names()
IDS = _catalogue_ids()
CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
RAW_LIST = re.compile(r"\[\s*-?\d+(?:\s*,\s*-?\d+)+\s*\]|\{'|\['|<[a-z_.]+ object")
WORD = re.compile(r"\b[\w-]+\b")
RULE_ID = re.compile(r"\b[A-Z]{2}-[A-Z]+-\d+\b")
"""A rule id of docs/games/*-rules.md (``AW-TIME-1``): the docs' words, not a player's."""
RAW_OPTION = re.compile(r"(?<!--option )\b[a-z]+(?:_[a-z]+)*=\S+")
"""An option as ``name=value`` (``decision_seconds=60``); ``--option name=value`` is the
syntax a player types (``cercle games``), so it is allowed."""


def raw_data(text: str) -> list[str]:
    """What in ``text`` is not player text: codes, enum names, raw lists, catalogue ids."""
    found = CODE.findall(text) + RAW_LIST.findall(text) + RAW_OPTION.findall(text)
    found += RULE_ID.findall(text)
    found += [w for w in WORD.findall(text) if w in ENUMS or w in IDS]
    if "Traceback" in text:
        found.append("Traceback")
    return list(dict.fromkeys(found))


def test_the_scanner_finds_what_it_must() -> None:
    assert raw_data("Reason: NO_CARD_CAN_BE_FREED") == ["NO_CARD_CAN_BE_FREED"]
    assert raw_data("crowns [12, 20] hyenas [2, 2]") == ["[12, 20]", "[2, 2]"]
    assert raw_data("Level STANDARD · bot_name (fort)") == ["STANDARD", "bot_name"]
    assert raw_data("Round 1: Ana 12, Bot 2 20 · [5] face down · TOMAHAWK!") == []
    assert raw_data("host Ana  decision_seconds=60 level=standard") == [
        "decision_seconds=60",
        "level=standard",
    ]
    assert raw_data("      --option target_score=250 [1–]  The match ends") == []
    assert raw_data("Seconds for each decision; 0 means no clock (AW-TIME-1).") == ["AW-TIME-1"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", list(MATCHES))
def test_an_auto_played_match_and_its_replay_print_player_text_only(
    edge: Cluster, tmp_path: Path, game_id: str, lang: str
) -> None:
    bots, *options = MATCHES[game_id]
    if game_id == "tomy":  # a room in the other language than the reader's
        options += ["--option", f"language={'FR' if lang == 'en' else 'EN'}"]
    played = run(
        edge.address,
        tmp_path,
        "play",
        game_id,
        "--bots",
        bots,
        "--auto",
        "--bot-delay",
        "0",
        "--lang",
        lang,
        *options,
    )
    found = re.search(r"cercle replay ([0-9a-f]+)", played)
    assert found, played[-2000:]
    assert raw_data(played) == [], played[-3000:]
    wrong = bad_wording(played, lang)  # "1 cards", "(s)", "vous"
    assert wrong == [], (wrong, [ln for ln in played.splitlines() if any(w in ln for w in wrong)])
    if game_id == "tomy":  # the bots' stories are told in the player's language, whatever
        # the room's (the server sends a template reference, the CLI renders it)
        stories = re.findall(r"[“«]\s?(.+?)\s?[”»]", played)
        assert stories, played[-2000:]
        foreign = FRENCH_ONLY if lang == "en" else ENGLISH_ONLY
        assert not [s for s in stories if len(foreign & set(re.findall(r"\w+", s))) >= 2]
    replayed = run(edge.address, tmp_path, "replay", found.group(1), "--all", "--lang", lang)
    assert "✓" in replayed
    assert raw_data(replayed) == [] and bad_wording(replayed, lang) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_refusals_and_connection_failures_say_what_to_do_in_words(
    edge: Cluster, tmp_path: Path, lang: str
) -> None:
    unknown = run(edge.address, tmp_path, "join", "ZZZZZZ", "--lang", lang)
    assert "UNKNOWN_JOIN_CODE" not in unknown and raw_data(unknown) == []
    assert i18n.catalogue(lang)("reason-UNKNOWN_JOIN_CODE") in unknown
    nowhere = f"127.0.0.1:{free_port()}"
    down = run(nowhere, tmp_path, "rooms", "--lang", lang, timeout=60)
    assert "make run" in down and nowhere in down and raw_data(down) == []
    assert "failed to connect" not in down.lower()
    # A scheme in front of the address is accepted (it failed: "Misformatted domain name").
    listed = run(f"http://{edge.address}/", tmp_path, "games", "--lang", lang)
    assert "Tomahawk Tribal" in listed and "Misformatted" not in listed


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rooms_listing_says_each_option_in_words(
    edge: Cluster, tmp_path: Path, lang: str
) -> None:
    tr = i18n.catalogue(lang)
    for game_id, options in (
        ("tomy", ("--option", "language=EN", "--option", "vote_seconds=0")),
        ("tamashii", ("--players", "2", "--option", "level=HARD")),
    ):
        created = run(edge.address, tmp_path, "create", game_id, *options, "--lang", lang)
        assert raw_data(created) == [], created
    listed = run(edge.address, tmp_path, "rooms", "--lang", lang)
    assert raw_data(listed) == [], listed
    assert tr("room_option-language", value=tr("game-tomy-option-language-EN")) in listed
    assert tr("room_option-vote_seconds", value=0) in listed
    assert tr("room_option-story_seconds", value=tomy_data.STORY_SECONDS) in listed
    assert tr("room_option-level", value=tr("game-tamashii-option-level-HARD")) in listed
    assert tr("room_option-memory_aid", value="false") in listed
    # `cercle games` keeps `--option name=value`: it is the syntax the player types.
    games = run(edge.address, tmp_path, "games", "--lang", lang)
    assert "--option decision_seconds=" in games and not RAW_OPTION.findall(games), games
    assert not RULE_ID.findall(games), games
