"""``cercle play`` in a pseudo-terminal at the end of a round (TT-PAUSE-1): the round's score
table stays on screen, with the entry to press for the next round and the countdown, until the
player presses it; then the next round is dealt."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from deploy.local.cluster import Cluster, cluster
from tests.clients.test_cli import cli, spawn

PROMPT = r"Choose 1–(\d+) \(h: help, q: quit\) > "
MENU_ENTRY = r"\n\s+(\d+)\) (?:\x1b\[[0-9;]*m)*Next round"


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=1, envoy=False, web=False) as running:
        yield running


def test_tt_pause_1_the_cli_shows_the_round_score_table_until_next_round(
    edge: Cluster, tmp_path: Path
) -> None:
    assert cli(edge, tmp_path, "login", "Rita").returncode == 0
    child = spawn(
        edge,
        tmp_path,
        "play",
        "tomahawk",
        "--bots",
        "1",
        "--level",
        "random",
        "--bot-delay",
        "0",
        "--option",
        "pause_seconds=120",
        "--option",
        "turn_seconds=0",
        "--option",
        "reaction_seconds=0",  # no 3 s wait for calls when Rita is down to one card
    )
    child.timeout = 30
    try:
        prompted = False
        for _ in range(1500):  # play the first entry of each menu until the round ends
            index = child.expect([MENU_ENTRY, PROMPT, pexpect.TIMEOUT], timeout=0.3)
            if index == 0:
                break
            if index == 1:
                prompted = True  # answer once the screen is quiet (no newer one on its way)
            elif prompted:
                child.sendline("1")
                prompted = False
        else:
            pytest.fail("the first round did not end")
        entry = child.match.group(1)
        screen = (child.before + child.after).rsplit("\x1b[2J", 1)[-1]  # the last full screen
        child.expect(PROMPT)
        plain = re.sub(r"\x1b\[[0-9;]*m", "", screen)
        # The score table: who won, a row per seat with its points and total, the target.
        assert "End of round 1" in plain, plain
        assert "Seat · Player · Points this round · Total" in plain
        rows = re.findall(r"^[★ ] (\d) (.+?)\s+(\+\d+|0) · total (\d+)\r?$", plain, re.MULTILINE)
        assert [(seat, name.strip()) for seat, name, _, _ in rows] == [
            ("0", "Rita (you)"),
            ("1", "Coyote (bot playing at random)"),
        ], plain
        assert "The match ends when a total reaches 250." in plain
        # The countdown and the entry to press, below the table.
        found = re.search(r"Rest: play resumes in (\d+) s", plain)
        assert found and 100 <= int(found.group(1)) <= 120, plain
        assert plain.index("Total") < plain.index("Rest: play resumes") < plain.index("Next round")
        # Nothing moves on while Rita reads: the clock ticks, no round 2 before she presses.
        assert child.expect([r"Round 2 starts", pexpect.TIMEOUT], timeout=2) == 1
        assert "Rest: play resumes in" in re.sub(r"\x1b\[[0-9;]*m", "", child.before)
        child.sendline(entry)
        child.expect(r"is ready for the next round\.")
        child.expect(r"Round 2 starts")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
