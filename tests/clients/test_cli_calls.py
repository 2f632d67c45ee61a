"""Tomahawk's calls in the real CLI (``cercle play`` in a pseudo-terminal, a real cluster):
they have stable keys (``s`` + seat for SHÉRIF!), shown on screen and in ``?``, and a wrong
SHÉRIF! typed by the player is played and costs them 2 cards (TT-FAIR-1) — the client offers
calls right or wrong, as a player at a table may shout them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from deploy.local.cluster import Cluster, cluster
from tests.clients.test_cli import spawn

PROMPT = r"\(h: help, q: quit\) > "
"""The prompt, with a menu or without (the first card may make a bot start)."""


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=1, envoy=True) as running:
        yield running


MY_SEAT = r" 0 Ana[^\r\n]*?(\d+) cards?\b"
"""Ana's line in the seat list (seat 0): her card count."""


def test_tt_fair_1_a_wrong_sherif_typed_by_its_key_is_played_and_costs_two_cards(
    edge: Cluster, tmp_path: Path
) -> None:
    child = spawn(
        edge,
        tmp_path,
        "play",
        "tomahawk",
        "--bots",
        "2",
        "--bot-delay",
        "5",  # the bots wait: the table stays as it is while Ana calls
        "--lang",
        "en",
        "--option",
        "first_player=0",
        "--option",
        "turn_seconds=0",
        "--name",
        "Ana",
        "--no-color",
        "--plain",
    )
    try:
        child.expect(MY_SEAT)
        before = int(child.match.group(1))
        child.expect(r"Calls, right or wrong")
        child.expect(r"SHÉRIF! on s1 Coyote.* · s2 Beaver")
        child.expect(PROMPT)
        child.sendline("?")
        child.expect(r"s \+ a seat number for SHÉRIF! on that seat \(s2\)")
        child.sendline("s9")  # no such seat: nothing is played
        child.expect(r"'s9' is no call you can make now")
        child.sendline("s1")  # Coyote (bot 1) holds 8 cards: bad faith
        child.expect(r"SHÉRIF! .*calls on Coyote")
        child.expect(r"Bad faith! .*draws 2 penalty cards")
        child.sendline("")  # Enter redraws the table
        child.expect(MY_SEAT)
        assert int(child.match.group(1)) == before + 2
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
