"""The Go, Java and Kotlin stubs from protos/buf.gen.stubs.yaml, built with Debian's toolchain.

tools/stubs.py installs the pinned packages when missing (apt-get, as root: a failed install
fails these tests), generates the stubs from whatever protos/ holds into a temporary folder,
builds the Go program clients/go/cercle-match and compiles every generated Java file with
clients/java. Then, against a real cluster (Valkey, two replicas, Envoy): the Go program
plays whole matches against bots through Envoy from the pushed choices (no replica's /metrics
counts a ListLegalActions call), and the Java program creates a session,
lists the games and starts a table. The generated Kotlin is checked for completeness only
(no protobuf-kotlin runtime in Debian); Swift has no local plugin (docs/clients.md).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from google.protobuf.descriptor import FileDescriptor

from deploy.local.cluster import Cluster, cluster
from engine import registry
from services.records import RoomStatus
from services.store import Store
from tests.clients.test_pushed_choices import rpcs_by_method
from tools import stubs

ROOT = Path(__file__).resolve().parents[2]
# Installing the toolchain on a fresh machine and compiling ~250 Java files take minutes on a
# busy two-core machine.
pytestmark = pytest.mark.timeout(1500)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> stubs.Built:
    try:
        return stubs.build(tmp_path_factory.mktemp("stubs"))
    except stubs.ToolchainError as exc:
        pytest.fail(f"the Go/Java toolchain: {exc}", pytrace=False)


@pytest.fixture(scope="module")
def edge() -> Iterator[Cluster]:
    with cluster(replicas=2, envoy=True) as running:
        yield running


def contract_files() -> list[FileDescriptor]:
    """Every .proto of protos/cercle/v1, as the Python stubs know it (`make proto-check`
    keeps gen/python in step with protos/)."""
    protos = sorted((ROOT / "protos" / "cercle" / "v1").glob("*.proto"))
    assert len(protos) >= 8
    files = [importlib.import_module(f"cercle.v1.{p.stem}_pb2").DESCRIPTOR for p in protos]
    assert [f.name for f in files] == [f"cercle/v1/{p.name}" for p in protos]
    return files


def test_pins_compare_the_upstream_version_whatever_the_debian_revision() -> None:
    assert stubs.matches_pin("3.21.12-3+deb12u1", "3.21.12")
    assert stubs.matches_pin("2:1.19~1", "1.19")
    assert stubs.matches_pin("1:4.1.48-7+deb12u2", "4.1.48")
    assert not stubs.matches_pin("3.21.120-1", "3.21.12")
    assert not stubs.matches_pin("2:1.20~1", "1.19")
    assert not stubs.matches_pin("1.41.2+ds-1", "1.41.3")


def test_the_installed_toolchain_is_the_pinned_one(built: stubs.Built) -> None:
    have = stubs.installed_versions(list(stubs.PINS))
    assert sorted(have) == sorted(stubs.PINS)
    assert all(stubs.matches_pin(have[p], pin) for p, pin in stubs.PINS.items())


def test_a_package_that_cannot_be_installed_fails_with_the_command_to_run(
    built: stubs.Built, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(stubs.PINS, "cercle-no-such-package", "1.0")
    monkeypatch.setattr(os, "geteuid", lambda: 1000)  # not root: no apt-get
    with pytest.raises(stubs.ToolchainError) as refused:
        stubs.ensure_toolchain()
    assert "apt-get install --no-install-recommends cercle-no-such-package" in str(refused.value)


def test_a_package_of_another_version_than_its_pin_is_refused(
    built: stubs.Built, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(stubs.PINS, "protobuf-compiler", "3.25.1")
    with pytest.raises(stubs.ToolchainError) as refused:
        stubs.ensure_toolchain()
    assert "protobuf-compiler 3.21.12" in str(refused.value)
    assert "(pinned: 3.25.1)" in str(refused.value)


def test_every_message_enum_and_service_has_go_java_and_kotlin_code(built: stubs.Built) -> None:
    go, java, kotlin = built.gen / "go", built.gen / "java", built.gen / "kotlin"
    package = java / "com" / "cercle" / "v1"
    for file in contract_files():
        stem = Path(file.name).stem
        go_code = (go / "cercle" / "v1" / f"{stem}.pb.go").read_text()
        for message in file.message_types_by_name:
            assert f"\ntype {message} struct {{" in go_code, (file.name, message)
            assert (package / f"{message}.java").is_file(), message
            assert (kotlin / "com" / "cercle" / "v1" / f"{message}Kt.kt").is_file(), message
        for enum in file.enum_types_by_name:
            assert f"\ntype {enum} int32" in go_code, (file.name, enum)
            assert (package / f"{enum}.java").is_file(), enum
        if file.services_by_name:
            go_grpc = (go / "cercle" / "v1" / f"{stem}_grpc.pb.go").read_text()
            for service in file.services_by_name:
                assert f"\ntype {service}Client interface {{" in go_grpc, service
                assert (package / f"{service}Grpc.java").is_file(), service
    classes = Path(built.java_classpath.split(":")[0])
    assert (classes / "com" / "cercle" / "v1" / "GameServiceGrpc.class").is_file()


def test_the_go_client_is_gofmt_clean(built: stubs.Built) -> None:
    unformatted = subprocess.run(
        ["gofmt", "-l", "clients/go"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert unformatted == ""


@pytest.mark.parametrize(
    ("game_id", "bots"), [("awimbawe", 1), ("tomahawk", 3), ("tamashii", 1), ("tomy", 2)]
)
async def test_the_go_program_plays_a_whole_match_against_bots_through_envoy(
    built: stubs.Built, edge: Cluster, game_id: str, bots: int
) -> None:
    assert edge.envoy is not None
    done = subprocess.run(
        [
            str(built.go_program),
            *("-addr", edge.address, "-game", game_id, "-bots", str(bots)),
            *("-seed", "7", "-timeout", "10m"),
        ],
        capture_output=True,
        text=True,
        timeout=700,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    seats = bots + 1
    # The bots are named by the program (the server sends only their number).
    assert f"seat {bots}: bot {bots} (strong)" in done.stderr, done.stderr[-3000:]
    assert result["game_id"] == game_id
    assert result["reason"].startswith("OUTCOME_REASON_")
    assert result["reason"] != "OUTCOME_REASON_UNSPECIFIED"
    assert len(result["scores"]) == seats
    assert set(result["winners"]) <= set(range(seats))
    assert result["moves"] > 0
    # Every update from seq 1 to the last was received once, in order (the program also
    # refuses a gap itself).
    assert result["updates"] == result["last_seq"]
    # It played from the choices the updates pushed: no replica was asked ListLegalActions.
    counts = [rpcs_by_method(r.metrics_port) for r in edge.replicas]
    assert sum(c.get("Act", 0) for c in counts) >= result["moves"], counts
    assert all(c.get("ListLegalActions", 0) == 0 for c in counts), counts

    store = Store(edge.redis_url)
    try:
        room = await store.load_room(result["room_id"])
    finally:
        await store.close()
    assert room is not None
    assert room.meta.game == game_id
    assert room.status is RoomStatus.FINISHED
    assert room.seq == result["last_seq"]
    assert room.outcome is not None
    assert sorted(room.outcome["winners"]) == sorted(result["winners"])


async def test_the_java_program_opens_a_table_through_envoy(
    built: stubs.Built, edge: Cluster
) -> None:
    done = subprocess.run(
        ["java", "-cp", built.java_classpath, "com.cercle.example.Lobby", edge.address, "awimbawe"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert lines["request"].endswith(": awimbawe")  # the wire round trip
    assert set(lines["games"].split(",")) == {g.info.id for g in registry.games()}
    room_id, seat_word, seat, *rest = lines["room"].split()
    assert (seat_word, seat in {"0", "1"}) == ("seat", True)
    assert rest == ["status", "ROOM_STATUS_PLAYING", "view", "AWIMBAWE"]
    assert lines["seat"] == "1: bot 1 (strong)"  # the last seat line, worded by the program

    store = Store(edge.redis_url)
    try:
        room = await store.load_room(room_id)
    finally:
        await store.close()
    assert room is not None
    assert room.meta.game == "awimbawe"
    assert room.status is RoomStatus.PLAYING
