"""``cercle watch`` as a spectator meets it (issue 30): the spectator's view even from a seated
player's own session (no hand, no "(you)"), and a line saying so when the table pauses.

The cluster pauses a table after one second without its humans
(``CERCLE_UNATTENDED_GRACE_SECONDS``), so a pause happens within the test."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy.local.cluster import Cluster, cluster
from tests.clients.test_cli import cli_json, spawn


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=1, envoy=True, env={"CERCLE_UNATTENDED_GRACE_SECONDS": "1"}) as running:
        yield running


def open_table(edge: Cluster, home: Path, *options: str) -> str:
    """An Awimbawé room hosted from ``home`` with a bot, its host ready (not started)."""
    args = ["create", "awimbawe", "--name", "Rita", "--bot-delay", "0"]
    for option in options:
        args += ["--option", option]
    room_id = str(cli_json(edge, home, *args)["room_id"])
    cli_json(edge, home, "add-bot", room_id, "--level", "random")
    cli_json(edge, home, "ready", room_id)
    return room_id


def test_watch_from_a_seated_players_session_shows_the_spectator_view(
    edge: Cluster, tmp_path: Path
) -> None:
    """The session that holds seat 0 watches its own table: it is shown as a spectator sees
    it (the server sends a seat's session that seat's hand, so the watch joins as a spectator
    of its own)."""
    room_id = open_table(edge, tmp_path, "decision_seconds=0")
    watcher = spawn(edge, tmp_path, "watch", room_id, "--lang", "en")
    watcher.logfile_read = seen = io.StringIO()
    try:
        watcher.expect("You are watching as a spectator")
        cli_json(edge, tmp_path, "start", room_id)
        watcher.expect(r"\d+ rounds? won")
        watcher.expect(r"Trick: ")
        shown = seen.getvalue()
        assert "Rita" in shown  # the host's seat is there ...
        assert "(you)" not in shown  # ... but not as mine
        assert "Your hand" not in shown
    finally:
        watcher.close(force=True)


def test_a_paused_table_says_so_to_spectators(edge: Cluster, tmp_path: Path) -> None:
    host, fan = tmp_path / "host", tmp_path / "fan"
    room_id = open_table(edge, host, "decision_seconds=3")
    watcher = spawn(edge, fan, "--name", "Fan", "watch", room_id, "--plain", "--lang", "en")
    watcher.timeout = 30
    watcher.logfile_read = seen = io.StringIO()
    try:
        watcher.expect("You are watching as a spectator")
        cli_json(edge, host, "start", room_id)  # then the host stays away: no stream open
        watcher.expect("The table is paused: none of its players is here")
        assert "Your hand" not in seen.getvalue()
    finally:
        watcher.close(force=True)
