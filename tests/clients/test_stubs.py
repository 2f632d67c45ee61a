"""The Go, Java and Kotlin stubs from protos/buf.gen.stubs.yaml, built with Debian's toolchain.

tools/stubs.py installs the pinned packages when missing (apt-get, as root: a failed install
fails these tests), generates the stubs from whatever protos/ holds into a temporary folder,
builds the Go module clients/go (its go.mod's versions are Debian's libraries, vendored), and
compiles every generated Java file (cercle.v1 and the vendored google.rpc) with clients/java
and the Kotlin program clients/kotlin. Then, against a real cluster (Valkey, two replicas,
Envoy): the Go program plays whole matches against bots through Envoy from the pushed choices
(no replica's /metrics counts a ListLegalActions call), the Java program creates a session,
lists the games and starts a table, and the Kotlin program decodes a refusal's ErrorInfo and
BadRequest with the generated com.google.rpc classes. The generated Kotlin DSL is checked for
completeness only (no protobuf-kotlin runtime in the registries this project installs from);
Swift has no plugin here (docs/clients.md).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2
from google.protobuf.descriptor import FileDescriptor
from google.rpc import code_pb2, error_details_pb2, status_pb2

from deploy.local.cluster import Cluster, cluster
from engine import registry
from services.rooms.records import RoomStatus
from services.store import Store
from tests.clients.test_pushed_choices import rpcs_by_method
from tools import stubs, stubs_go

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


def test_go_module_versions_match_debian_versions_and_snapshots() -> None:
    match = stubs_go.debian_matches_module_version
    assert match("1.33.3-2", "v1.33.3")
    assert match("1:0.7.0+dfsg-1", "v0.7.0")
    assert match("0.0~git20200413.b5235f6-3", "v0.0.0-20200413115906-b5235f65be36")
    assert not match("0.0~git20200413.b5235f6-3", "v0.0.0-20200414115906-b5235f65be36")
    assert not match("0.0~git20200413.b5235f6-3", "v0.0.0-20200413115906-c5235f65be36")
    assert not match("1.33.3-2", "v1.33.30")


def test_the_go_mod_requires_the_debian_libraries_it_builds_with(built: stubs.Built) -> None:
    mod = stubs_go.read_go_mod()
    assert mod.module == "cercle/clients/go"
    assert mod.go == "1.19"  # Debian 12's Go
    assert set(mod.requires) == {stubs.GO_GEN_MODULE, *stubs.GO_MODULE_PACKAGES}
    assert mod.replaces == {stubs.GO_GEN_MODULE: "../../build/stubs/gen/go"}
    installed = stubs.installed_versions(sorted(set(stubs.GO_MODULE_PACKAGES.values())))
    assert stubs_go.version_mismatches(mod, stubs.GO_MODULE_PACKAGES, installed) == []
    wrong = {**mod.requires, "google.golang.org/grpc": "v1.34.0"}
    assert stubs_go.version_mismatches(
        stubs_go.GoMod(mod.module, mod.go, wrong, mod.replaces), stubs.GO_MODULE_PACKAGES, installed
    ) == ["google.golang.org/grpc v1.34.0 (Debian's golang-google-grpc-dev is 1.33.3-2)"]
    # The generated code carries its own go.mod, for `go build` outside the vendored copy.
    gen_mod = stubs_go.read_go_mod(built.gen / "go" / "go.mod")
    assert gen_mod.module == stubs.GO_GEN_MODULE
    assert gen_mod.requires["google.golang.org/grpc"] == mod.requires["google.golang.org/grpc"]


def test_every_proto_names_its_go_and_java_packages() -> None:
    for file in contract_files():
        options = descriptor_pb2.FileDescriptorProto.FromString(file.serialized_pb).options
        assert options.go_package == "cercle/gen/go/cercle/v1;cerclev1", file.name
        assert options.java_package == "com.cercle.v1", file.name
        assert options.java_multiple_files, file.name


def google_rpc_image() -> dict[str, descriptor_pb2.FileDescriptorProto]:
    """The vendored protos/google/rpc files as buf compiles them, by file name."""
    done = subprocess.run(
        [str(stubs.BUF), "build", "protos", "--exclude-source-info", "-o", "-#format=binpb"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    image = descriptor_pb2.FileDescriptorSet.FromString(done.stdout)
    return {f.name: f for f in image.file if f.name.startswith("google/rpc/")}


def without_json_names(
    messages: Iterable[descriptor_pb2.DescriptorProto],
) -> list[descriptor_pb2.DescriptorProto]:
    """Copies of ``messages`` without the json_name buf fills in (protoc leaves it out)."""
    out = []
    for message in messages:
        copy = descriptor_pb2.DescriptorProto()
        copy.CopyFrom(message)
        for field in copy.field:
            field.ClearField("json_name")
        nested = without_json_names(copy.nested_type)
        del copy.nested_type[:]
        copy.nested_type.extend(nested)
        out.append(copy)
    return out


def test_the_vendored_google_rpc_protos_are_the_ones_python_uses() -> None:
    vendored = google_rpc_image()
    assert sorted(vendored) == [
        f"google/rpc/{n}.proto" for n in ("code", "error_details", "status")
    ]
    for module in (code_pb2, error_details_pb2, status_pb2):
        installed = descriptor_pb2.FileDescriptorProto()
        module.DESCRIPTOR.CopyToProto(installed)
        ours = vendored[installed.name]
        assert ours.package == installed.package == "google.rpc"
        assert ours.options.java_package == "com.google.rpc"
        # Same messages, fields (name, number, type) and enums: the same wire format.
        assert without_json_names(ours.message_type) == without_json_names(
            installed.message_type
        ), installed.name
        assert ours.enum_type == installed.enum_type, installed.name


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
    assert f"on {stubs.os_name()}:" in str(refused.value)
    assert "The pins are Debian 12 (bookworm)'s" in str(refused.value)


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
    classes = Path(built.java_classpath.split(":")[1])  # after the Kotlin classes
    assert (classes / "com" / "cercle" / "v1" / "GameServiceGrpc.class").is_file()
    # google.rpc: Java classes and the Kotlin DSL; Go uses Google's genproto module instead.
    for message in ("ErrorInfo", "BadRequest", "RetryInfo", "LocalizedMessage", "Status"):
        assert (classes / "com" / "google" / "rpc" / f"{message}.class").is_file(), message
        assert (kotlin / "com" / "google" / "rpc" / f"{message}Kt.kt").is_file(), message
    assert (classes / "com" / "google" / "rpc" / "Code.class").is_file()
    assert not (go / "google").exists()
    kotlin_classes = Path(built.java_classpath.split(":")[0])
    assert (kotlin_classes / "com" / "cercle" / "example" / "RefusalKt.class").is_file()


def test_the_go_client_is_gofmt_clean(built: stubs.Built) -> None:
    unformatted = subprocess.run(
        ["gofmt", "-l", "clients/go"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert unformatted == ""


@pytest.mark.parametrize(
    ("game_id", "bots", "more"),
    [
        ("awimbawe", 1, ()),
        # A short room made with typed options (CreateRoom, AddBot, StartMatch): a quick match
        # to 250 with the people's reaction window took over 6 minutes.
        ("tomahawk", 3, ("-target", "30")),
        ("tamashii", 1, ()),
        ("tomy", 2, ()),
    ],
)
async def test_the_go_program_plays_a_whole_match_against_bots_through_envoy(
    built: stubs.Built, edge: Cluster, game_id: str, bots: int, more: tuple[str, ...]
) -> None:
    assert edge.envoy is not None
    done = subprocess.run(
        [
            str(built.go_program),
            *("-addr", edge.address, "-game", game_id, "-bots", str(bots)),
            *("-seed", "7", "-timeout", "10m", *more),
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
        room = await store.rooms.load_room(result["room_id"])
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
        room = await store.rooms.load_room(room_id)
    finally:
        await store.close()
    assert room is not None
    assert room.meta.game == "awimbawe"
    assert room.status is RoomStatus.PLAYING


async def test_the_kotlin_program_decodes_a_refusal_with_the_google_rpc_classes(
    built: stubs.Built, edge: Cluster
) -> None:
    done = subprocess.run(
        ["java", "-cp", built.java_classpath, "com.cercle.example.RefusalKt", edge.address],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "packed reason UNKNOWN_GAME domain cercle.games metadata field=game_id"
    assert lines[1:] == [
        "code INVALID_ARGUMENT",
        "reason UNKNOWN_GAME domain cercle.games metadata field=game_id",
        "field game_id",
    ]
