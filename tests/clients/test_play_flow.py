"""``cercle play`` and ``cercle replay`` in a pseudo-terminal, as a player meets them: the name
asked once and remembered, a private room's join code, a bot seated from the lobby, Ctrl-C's
way back, the recent events after coming back, and a replay stepped move by move."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from deploy.local.cluster import Cluster, cluster
from tests.clients.test_cli import cli, spawn


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=1, envoy=True) as running:
        yield running


def test_name_asked_once_private_code_bot_from_the_lobby_ctrl_c_and_coming_back(
    edge: Cluster, tmp_path: Path
) -> None:
    child = spawn(edge, tmp_path, "play", "awimbawe", "--private", "--level", "random")
    child.timeout = 60
    try:
        child.expect(r"Your name at the table \(Enter: \w+\) > ")
        child.sendline("Tina")
        child.expect(
            r"Private room ([0-9a-f]+) created\. Others join with its code: "
            r"cercle play ([A-Z0-9]{6})"
        )
        room_id, code = child.match.group(1), child.match.group(2)
        child.expect(f"cercle play {code}")  # the waiting screen gives the code too
        child.expect("Type b and Enter to seat a bot")
        child.sendline("b")
        child.expect("Your possible actions:")
        child.sendintr()  # Ctrl-C: the same way back as q
        child.expect(f"Come back with: cercle play {room_id}")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    saved = json.loads((tmp_path / "session.json").read_text())["sessions"][edge.address]
    assert saved["name"] == "Tina"

    back = spawn(edge, tmp_path, "play", room_id)
    back.timeout = 60
    try:
        index = back.expect(["Your name at the table", "Recent events:"])
        assert index == 1, "the name is asked once, then remembered"
        back.expect(r"  \S.*\n")  # at least one event line under the title
        back.expect("Tina")
        back.sendline("q")
        back.expect("You left the table")
        back.expect(pexpect.EOF)
    finally:
        back.close(force=True)


def test_replay_steps_move_by_move_and_all_dumps(edge: Cluster, tmp_path: Path) -> None:
    played = cli(
        edge,
        tmp_path,
        "play",
        "awimbawe",
        "--bots",
        "1",
        "--auto",
        "--bot-delay",
        "0",
        "--name",
        "Ana",
        timeout=240,
    )
    found = re.search(r"cercle replay ([0-9a-f]+)", played.stdout)
    assert found, played.stdout[-2000:]
    room_id = found.group(1)
    child = spawn(edge, tmp_path, "replay", room_id)
    child.timeout = 60
    try:
        child.expect(r"#1 ")
        child.expect("Enter: next move")
        assert "#2 " not in (child.before or "")
        child.sendline("")
        child.expect(r"#2 ")
        child.expect("Enter: next move")
        # An Awimbawé match has two rounds at least: "r 2" goes to the second one's deal.
        assert "r 2: go to round 2" in (child.before or "") + (child.after or "") + child.buffer
        child.sendline("t")  # the table after step 2, then the same question
        child.expect("Enter: next move")
        assert "#3 " not in (child.before or "") and "Round 1" in (child.before or "")
        child.sendline("r 2")
        child.expect(r"Round 2 dealt")
        child.expect("Enter: next move")
        child.sendline("r 99")
        child.expect(r"This match has no round 99 \(rounds 1 to \d+\)")
        child.expect("Enter: next move")
        child.sendline("q")
        child.expect("Shuffle checked")
        child.expect(pexpect.EOF)
        assert "#3 " not in (child.before or "")
    finally:
        child.close(force=True)
    everything = cli(edge, tmp_path, "replay", room_id, "--all")
    assert "Enter: next move" not in everything.stdout and "#3 " in everything.stdout
    second = cli(edge, tmp_path, "replay", room_id, "--all", "--round", "2")
    assert "Round 2 dealt" in second.stdout and "#1 " not in second.stdout
    assert "Shuffle checked" in second.stdout
