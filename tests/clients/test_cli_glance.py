"""What a terminal player sees at a glance (issue 30), through a pseudo-terminal against a
real cluster, the screen read back with pyte: the catalogue asked with ``c`` stays on screen
across the redraws the next updates cause, and the card a Tamashii peek showed the player is
drawn as a card in a panel that stays through the bot's turn, until ``x`` closes both."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pyte
import pytest

from deploy.local.cluster import Cluster, cluster
from tests.clients.test_cli import spawn

ROWS, COLUMNS = 60, 180


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=1, envoy=True) as running:
        yield running


class Terminal:
    """The CLI's output fed to a pyte screen of the pseudo-terminal's size."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.Stream(self.screen)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait(self, ready: Callable[[str], bool], what: str, timeout: float = 30) -> str:
        """Reads until the screen satisfies ``ready``; the screen's text."""
        give_up = time.monotonic() + timeout
        while not ready(self.text()):
            assert time.monotonic() < give_up, f"never on screen: {what}\n{self.text()}"
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.2))
            except pexpect.TIMEOUT:
                continue
        return self.text()


def test_the_catalogue_and_a_peeked_card_stay_on_screen_until_x(
    edge: Cluster, tmp_path: Path
) -> None:
    child = spawn(
        edge,
        tmp_path,
        "play",
        "tamashii",
        "--bots",
        "1",
        "--bot-delay",
        "0",
        "--lang",
        "en",
        "--name",
        "Guest",
        "--option",
        "first_player=0",
        "--no-color",
    )
    term = Terminal(child)
    try:
        shown = term.wait(lambda s: "Peek at slot" in s and "Choose 1" in s, "my first menu")
        child.sendline("c")
        term.wait(lambda s: "The 6 spirits" in s, "the catalogue panel")
        entry = re.search(r"(\d+)\) Peek at slot (\d+)", term.text()) or re.search(
            r"(\d+)\) Peek at slot (\d+)", shown
        )
        assert entry is not None, shown
        number, slot = entry.groups()
        child.sendline(number)
        # The peek's update redraws the table: the card is drawn, the catalogue still there.
        shown = term.wait(lambda s: f"You peeked at slot {slot}" in s, "the peek panel")
        assert "The 6 spirits" in shown and "Needs:" in shown and "x: close" in shown
        # The bot plays its whole turn (several updates, several redraws), then it is mine.
        shown = term.wait(
            lambda s: "Turn of Guest (you)" in s and "Choose 1" in s and "Fox" in s,
            "my next turn",
        )
        assert shown.count("You peeked at slot") == 1, shown  # mine only, not the bot's
        assert f"You peeked at slot {slot}" in shown and "The 6 spirits" in shown
        child.sendline("x")
        shown = term.wait(lambda s: "Panels closed" in s, "the panels closed")
        assert "You peeked at slot" not in shown and "The 6 spirits" not in shown
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
