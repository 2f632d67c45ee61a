"""The ladder in the terminal, against a real local cluster (Redis, two replicas, Envoy):
two players logged in with ``cercle login --device`` play a rated match with ``cercle play
--auto``, which prints the rating change at the end; ``cercle ratings`` shows the ratings
with their provisional mark and the change, ``cercle ladder GAME`` the leaderboard, and
``cercle queue`` finds a table with bots after its bot timeout."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy.local.cluster import Cluster, cluster
from tests.clients.test_cli import ROOT, cli, cli_env, cli_json


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=2, envoy=True) as running:
        yield running


def test_a_rated_match_its_rating_change_the_ladder_and_the_queue(
    edge: Cluster, tmp_path: Path
) -> None:
    ana, ben = tmp_path / "ana", tmp_path / "ben"
    first = cli_json(edge, ana, "login", "Ana", "--device")
    again = cli_json(edge, ana, "login", "Ana", "--device")
    assert first["player_id"] == again["player_id"], "the same machine, the same player"
    cli_json(edge, ben, "login", "Ben", "--device")
    room = cli_json(edge, ana, "create", "awimbawe", "--option", "decision_seconds=0")
    room_id = room["room_id"]
    cli_json(edge, ben, "join", room_id)
    cli_json(edge, ana, "ready", room_id)
    cli_json(edge, ben, "ready", room_id)
    cli_json(edge, ana, "start", room_id)
    players = [
        subprocess.Popen(
            [sys.executable, "-m", "clients.cli", "play", room_id, "--auto", "--plain"],
            env=cli_env(edge.address, home),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for home in (ana, ben)
    ]
    outputs = [p.communicate(timeout=120)[0] for p in players]
    assert all(p.returncode == 0 for p in players), outputs
    for output in outputs:
        assert "Rating 0? →" in output and f"(room {room_id})" in output, output[-800:]

    ratings = cli(edge, ana, "ratings")
    assert ratings.returncode == 0, ratings.stderr
    assert "awimbawe: " in ratings.stdout and "?, place" in ratings.stdout
    assert f"(room {room_id})" in ratings.stdout
    document = cli_json(edge, ana, "ratings")
    (standing,) = document["standings"]
    assert standing["rating"]["provisional"] is True and standing["rating"]["rated_matches"] == 1

    ladder = cli(edge, ben, "ladder", "awimbawe")
    assert ladder.returncode == 0, ladder.stderr
    assert "Ana" in ladder.stdout and "Ben" in ladder.stdout and "?" in ladder.stdout
    assert "Your place: " in ladder.stdout
    page = cli_json(edge, ben, "ladder", "awimbawe", "--season", "--page-size", "1")
    assert len(page["entries"]) == 1 and page["next_page_token"] and page["season"] >= 1

    queued = cli_json(edge, ana, "queue", "awimbawe", "--bot-timeout", "1")
    assert queued["status"] == "MATCH_TICKET_STATUS_MATCHED" and queued["bots"] == 1
    refused = cli(edge, ana, "ladder", "tamashii")
    assert refused.returncode == 1 and "rates no one" in refused.stderr, refused.stderr
