"""The deployment files: the server image, docker-compose, the Kubernetes overlays and Envoy.

No Docker engine or Kubernetes API server runs here, so each file is checked as far as real
tools go without one:

- the Dockerfile is parsed by BuildKit's own parser (``dockerfile`` package);
- docker-compose.yml is parsed by a strict Compose Specification parser (``compose-spec``);
- the overlays are rendered by a real kustomize (``kustomize build`` or ``kubectl kustomize``)
  and every object is validated against the Kubernetes JSON schemas, strict (unknown fields
  fail), of the oldest and newest Kubernetes we support (``kubernetes-validate``);
- every Envoy config passes ``envoy --mode validate``;
- then the things no schema knows: selectors match pod labels, ports agree between the
  Deployment, its probes, its Service and Envoy's cluster, the pods meet the "restricted"
  Pod Security Standard, secrets stay out of ConfigMaps, the health probe really probes.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import compose_spec
import dockerfile
import grpc
import kubernetes_validate
import pytest
import yaml
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from setuptools import find_namespace_packages

from deploy.docker import healthcheck, render_envoy
from deploy.local.cluster import find_envoy, free_port, start_replica
from services.store import sentinel_settings

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "docker" / "Dockerfile"
COMPOSE = ROOT / "deploy" / "compose" / "docker-compose.yml"
COMPOSE_SENTINEL = ROOT / "deploy" / "compose" / "docker-compose.sentinel.yml"
K8S = ROOT / "deploy" / "k8s"
OVERLAYS = ("dev", "prod", "sentinel")
KUBERNETES_VERSIONS = ("1.27", "1.37")
"""1.27: the first with native gRPC probes GA. 1.37: the newest schemas kubernetes-validate has."""
SERVER_PORT = 50051
METRICS_PORT = 9100
ENVOY_PORT = 8080
SERVER_DRAIN_SECONDS = 5 + 2 * 2
"""server.stop(grace=5) after its streams end, plus Envoy noticing NOT_SERVING (2 s checks)."""

Obj = dict[str, Any]


# ---------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------


def kustomize_command() -> list[str] | None:
    if found := shutil.which("kustomize"):
        return [found, "build"]
    if found := shutil.which("kubectl"):
        return [found, "kustomize"]
    return None


@functools.cache
def _render(overlay: str) -> tuple[Obj, ...]:
    command = kustomize_command()
    if command is None:
        pytest.skip("neither kustomize nor kubectl (which embeds kustomize) is on PATH")
    out = subprocess.run(
        [*command, str(K8S / "overlays" / overlay)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return tuple(doc for doc in yaml.safe_load_all(out.stdout) if doc)


@pytest.fixture(params=OVERLAYS)
def rendered(request: pytest.FixtureRequest) -> tuple[Obj, ...]:
    return _render(request.param)


def only(objs: tuple[Obj, ...], kind: str, name: str | None = None) -> Obj:
    found = [o for o in objs if o["kind"] == kind and name in (None, o["metadata"]["name"])]
    assert len(found) == 1, f"expected one {kind} {name or ''}, found {len(found)}"
    return found[0]


def workloads(objs: tuple[Obj, ...]) -> list[Obj]:
    return [o for o in objs if o["kind"] in ("Deployment", "StatefulSet", "DaemonSet")]


def containers(workload: Obj) -> list[Obj]:
    return list(workload["spec"]["template"]["spec"]["containers"])


def pod_labels(workload: Obj) -> dict[str, str]:
    return dict(workload["spec"]["template"]["metadata"]["labels"])


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(key) == value for key, value in selector.items())


def effective_env(objs: tuple[Obj, ...], container: Obj) -> dict[str, Any]:
    """What the container's environment holds: ConfigMap values, then ``env`` entries
    (a ``valueFrom`` stays a dict)."""
    env: dict[str, Any] = {}
    for source in container.get("envFrom", []):
        config = only(objs, "ConfigMap", source["configMapRef"]["name"])
        env.update(config.get("data", {}))
    for entry in container.get("env", []):
        env[entry["name"]] = entry.get("value", entry.get("valueFrom"))
    return env


def server_parts(objs: tuple[Obj, ...]) -> tuple[Obj, Obj, dict[str, Any]]:
    deployment = only(objs, "Deployment", "cercle-server")
    (server,) = containers(deployment)
    return deployment, server, effective_env(objs, server)


def envoy_upstream(config: Obj) -> tuple[str, Obj]:
    (cluster,) = config["static_resources"]["clusters"]
    (group,) = cluster["load_assignment"]["endpoints"]
    (endpoint,) = group["lb_endpoints"]
    return cluster["type"], endpoint["endpoint"]["address"]["socket_address"]


def envoy_listen_port(config: Obj) -> int:
    (listener,) = config["static_resources"]["listeners"]
    return int(listener["address"]["socket_address"]["port_value"])


def validate_envoy(path: Path) -> None:
    out = subprocess.run(
        [find_envoy(), "--mode", "validate", "-c", str(path), "--log-level", "error"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert out.returncode == 0, f"{path.relative_to(ROOT)}:\n{out.stdout}\n{out.stderr}"


# ---------------------------------------------------------------------------------------
# The server image
# ---------------------------------------------------------------------------------------


def stages() -> list[list[dockerfile.Command]]:
    result: list[list[dockerfile.Command]] = []
    for command in dockerfile.parse_file(str(DOCKERFILE)):
        if command.cmd == "FROM":
            result.append([])
        if result:
            result[-1].append(command)
    return result


def test_image_is_multi_stage_on_python_slim() -> None:
    commands = dockerfile.parse_file(str(DOCKERFILE))
    args = dict(c.value[0].split("=", 1) for c in commands if c.cmd == "ARG" and "=" in c.value[0])
    build, runtime = stages()
    for stage in (build, runtime):
        image = stage[0].value[0]
        image = re.sub(r"\$\{(\w+)\}", lambda m: args[m.group(1)], image)
        assert image == "python:3.11-slim"
    assert any("pip install -c constraints.txt ." in c.value[0] for c in build if c.cmd == "RUN")
    assert any(c.cmd == "COPY" and "--from=build" in c.flags for c in runtime)
    assert not any(c.cmd == "RUN" and "pip install" in c.value[0] for c in runtime)


def test_image_runs_the_server_as_an_unprivileged_user() -> None:
    runtime = stages()[-1]
    by_cmd = {c.cmd: c for c in runtime}
    assert by_cmd["USER"].value[0].split(":")[0] == "10001"
    assert any("--uid 10001" in c.value[0] for c in runtime if c.cmd == "RUN")
    entrypoint = by_cmd["ENTRYPOINT"]
    assert entrypoint.json and entrypoint.value == ("cercle-server",)
    exposed = {p for c in runtime if c.cmd == "EXPOSE" for p in c.value}
    assert exposed == {str(SERVER_PORT), str(METRICS_PORT)}
    env = dict(zip(by_cmd["ENV"].value[::2], by_cmd["ENV"].value[1::2], strict=True))
    assert env["CERCLE_PORT"] == str(SERVER_PORT)
    assert env["CERCLE_METRICS_PORT"] == str(METRICS_PORT)
    assert env["CERCLE_HOST"] == "0.0.0.0"
    check = by_cmd["HEALTHCHECK"]
    assert check.json and check.value == ("CMD", "python", "-m", "deploy.docker.healthcheck")


def test_image_copies_what_pip_install_needs() -> None:
    build = stages()[0]
    for command in build:
        if command.cmd == "COPY" and not command.flags:
            *sources, _ = command.value
            for source in sources:
                assert (ROOT / source).exists(), f"COPY {source}: no such file in the repo"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    find = pyproject["tool"]["setuptools"]["packages"]["find"]
    packages = find_namespace_packages(where=str(ROOT), include=find["include"])
    assert "deploy.docker" in packages  # so `python -m deploy.docker.healthcheck` is installed
    assert "cercle-server" in pyproject["project"]["scripts"]


def test_build_context_filter_keeps_the_sources_and_drops_the_rest() -> None:
    rules = [
        line.strip()
        for line in (DOCKERFILE.parent / "Dockerfile.dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert rules[0] == "**"  # an allow-list: nothing (.venv, .git, secrets) unless named
    kept = {rule[1:].rstrip("/") for rule in rules if rule.startswith("!")}
    copied = {
        source.rstrip("/")
        for c in stages()[0]
        if c.cmd == "COPY" and not c.flags
        for source in c.value[:-1]
    }
    assert copied <= kept


# ---------------------------------------------------------------------------------------
# The health probe
# ---------------------------------------------------------------------------------------


@pytest.fixture
def health_server() -> Iterator[tuple[str, health.HealthServicer]]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        yield f"127.0.0.1:{port}", servicer
    finally:
        server.stop(0)


def test_probe_passes_only_while_serving(
    health_server: tuple[str, health.HealthServicer], capsys: pytest.CaptureFixture[str]
) -> None:
    address, servicer = health_server
    servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    assert healthcheck.main(["--address", address]) == 0
    servicer.set("", health_pb2.HealthCheckResponse.NOT_SERVING)
    assert healthcheck.main(["--address", address]) == 1
    assert "NOT_SERVING" in capsys.readouterr().out
    assert healthcheck.main(["--address", address, "--service", "cercle.v1.Nope"]) == 1
    assert "NOT_FOUND" in capsys.readouterr().out


def test_probe_fails_when_nothing_listens(capsys: pytest.CaptureFixture[str]) -> None:
    address = f"127.0.0.1:{free_port()}"  # nothing listens there
    assert healthcheck.main(["--address", address, "--timeout", "0.5"]) == 1
    assert "UNAVAILABLE" in capsys.readouterr().out


def test_probe_reads_the_port_like_the_server_and_sees_a_real_replica(
    redis_url: str, tmp_path: Path
) -> None:
    replica = start_replica(redis_url, tmp_path, name="probe-target")
    try:
        deadline = time.monotonic() + 10  # SERVING once the replica has pinged Redis
        while not healthcheck.check(f"127.0.0.1:{replica.port}")[0]:
            assert time.monotonic() < deadline, "the replica never turned SERVING"
            time.sleep(0.1)
        probe = subprocess.run(
            [sys.executable, "-m", "deploy.docker.healthcheck"],
            env={**os.environ, "CERCLE_PORT": str(replica.port)},
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert probe.returncode == 0, probe.stdout + probe.stderr
        assert probe.stdout.strip() == f"127.0.0.1:{replica.port} (server): SERVING"
    finally:
        replica.stop()


# ---------------------------------------------------------------------------------------
# Envoy
# ---------------------------------------------------------------------------------------


def test_envoy_configs_are_rendered_from_the_template() -> None:
    assert render_envoy.main(["--check"]) == 0, "run: python -m deploy.docker.render_envoy"


@pytest.mark.parametrize("target", sorted(render_envoy.TARGETS))
def test_envoy_config_is_valid_and_resolves_the_replicas_by_dns(target: str) -> None:
    path = render_envoy.TARGETS[target].path
    validate_envoy(path)
    config = yaml.safe_load(path.read_text())
    kind, upstream = envoy_upstream(config)
    assert kind == "STRICT_DNS"
    assert upstream["address"] == render_envoy.TARGETS[target].upstream_host
    assert upstream["port_value"] == SERVER_PORT
    assert envoy_listen_port(config) == ENVOY_PORT
    assert config["admin"]["address"]["socket_address"]["address"] == "127.0.0.1"
    (cluster,) = config["static_resources"]["clusters"]
    assert "grpc_health_check" in cluster["health_checks"][0]


def cors_matchers(config: Obj) -> list[Obj]:
    (listener,) = config["static_resources"]["listeners"]
    (chain,) = listener["filter_chains"]
    (manager,) = [
        f for f in chain["filters"] if f["name"] == "envoy.filters.network.http_connection_manager"
    ]
    (host,) = manager["typed_config"]["route_config"]["virtual_hosts"]
    policy = host["typed_per_filter_config"]["envoy.filters.http.cors"]
    return list(policy["allow_origin_string_match"])


def allows(matchers: list[Obj], origin: str) -> bool:
    """Whether Envoy would allow ``origin`` (exact, or a full RE2 match: Python's re agrees
    on these simple patterns)."""
    return any(
        m.get("exact") == origin
        or ("safe_regex" in m and re.fullmatch(m["safe_regex"]["regex"], origin) is not None)
        for m in matchers
    )


@pytest.mark.parametrize("target", sorted(render_envoy.TARGETS))
def test_cors_allows_the_configured_origins_and_never_any_origin(target: str) -> None:
    config = yaml.safe_load(render_envoy.TARGETS[target].path.read_text())
    matchers = cors_matchers(config)
    assert matchers
    for stranger in ("https://evil.example", "null", "http://localhost.evil.example"):
        assert not allows(matchers, stranger), f"{target} allows {stranger}"
    if target == "k8s-prod":
        assert [m["exact"] for m in matchers] == list(render_envoy.PROD_ORIGINS)
        assert not any("localhost" in o or "127.0.0.1" in o for o in render_envoy.PROD_ORIGINS)
    else:
        assert allows(matchers, "http://127.0.0.1:8000")  # clients/web's serve.mjs
        assert allows(matchers, "http://localhost:5173")


def test_prod_overlay_serves_envoy_with_the_prod_origins_only() -> None:
    objs = _render("prod")
    (config_map,) = [o for o in objs if o["kind"] == "ConfigMap" and "envoy.yaml" in o["data"]]
    text = config_map["data"]["envoy.yaml"]
    assert text == render_envoy.TARGETS["k8s-prod"].path.read_text()
    matchers = cors_matchers(yaml.safe_load(text))
    assert all("safe_regex" not in m for m in matchers), "prod allows exact origins only"
    assert '".*"' not in text and "regex: .*" not in text


def test_local_cluster_cors_origins_come_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deploy.local import cluster

    monkeypatch.setenv(
        "CERCLE_CORS_ORIGINS", "https://a.example, regex:https://[a-z]+\\.b\\.example"
    )
    path = tmp_path / "envoy.yaml"
    path.write_text(cluster.render_envoy_config(free_port(), free_port(), [free_port()]))
    validate_envoy(path)
    matchers = cors_matchers(yaml.safe_load(path.read_text()))
    assert allows(matchers, "https://a.example") and allows(matchers, "https://x.b.example")
    assert not allows(matchers, "http://127.0.0.1:8000")
    monkeypatch.delenv("CERCLE_CORS_ORIGINS")
    assert cluster.cors_origins() == cluster.LOCAL_ORIGINS
    for anything in ("*", "regex:.*"):
        with pytest.raises(ValueError):
            cluster.cors_matchers((anything,))


# ---------------------------------------------------------------------------------------
# The metrics listener
# ---------------------------------------------------------------------------------------


def listening_addresses(port: int) -> set[str]:
    """The IPv4 addresses a TCP socket of this machine listens on at ``port`` (Linux)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if state == "0A" and int(hex_port, 16) == port:  # LISTEN
            found.add(".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


@pytest.mark.parametrize(
    ("env", "expected"),
    [({}, "127.0.0.1"), ({"CERCLE_METRICS_HOST": "0.0.0.0"}, "0.0.0.0")],
    ids=["like-the-replica", "configured"],
)
def test_metrics_listen_where_the_replica_listens_unless_configured(
    redis_url: str, tmp_path: Path, env: dict[str, str], expected: str
) -> None:
    metrics_port = free_port()
    replica = start_replica(
        redis_url,
        tmp_path,
        name="metrics-bind",
        env={"CERCLE_HOST": "127.0.0.1", "CERCLE_METRICS_PORT": str(metrics_port), **env},
    )
    try:
        deadline = time.monotonic() + 10
        while not listening_addresses(metrics_port):
            assert time.monotonic() < deadline, "the metrics port never opened"
            time.sleep(0.05)
        assert listening_addresses(metrics_port) == {expected}
    finally:
        replica.stop()


# ---------------------------------------------------------------------------------------
# docker-compose
# ---------------------------------------------------------------------------------------


def interpolated(text: str) -> str:
    """The file as Compose reads it with no variables set: ``${NAME:-default}`` -> default,
    ``$$`` -> ``$``."""
    text = re.sub(r"(?<!\$)\$\{\w+(?::?-([^}]*))?\}", lambda m: m.group(1) or "", text)
    return text.replace("$$", "$")


@functools.cache
def compose() -> Obj:
    data: Obj = yaml.safe_load(interpolated(COMPOSE.read_text()))
    return data


def test_compose_file_follows_the_compose_specification() -> None:
    text = interpolated(COMPOSE.read_text())
    parsed = compose_spec.PyCompose.from_yaml(text)  # raises on any unknown key or bad value
    assert sorted(parsed.service_names()) == ["envoy", "redis", "server"]


def test_compose_services_are_health_checked_and_restarted() -> None:
    for name, service in compose()["services"].items():
        assert service.get("restart") in ("always", "unless-stopped"), name
        test = service["healthcheck"]["test"]
        assert test[0] == "CMD", name
        assert service.get("stop_grace_period"), name
    server = compose()["services"]["server"]
    assert server["healthcheck"]["test"][1:] == ["python", "-m", "deploy.docker.healthcheck"]
    assert server["depends_on"]["redis"]["condition"] == "service_healthy"
    assert compose()["services"]["envoy"]["depends_on"]["server"]["condition"] == (
        "service_healthy"
    )


def test_compose_redis_keeps_an_append_only_file_on_a_volume() -> None:
    redis = compose()["services"]["redis"]
    flags = redis["command"]
    value = dict(zip(flags[1::2], flags[2::2], strict=True))
    assert value["--appendonly"] == "yes"
    assert value["--appendfsync"] in ("everysec", "always")
    assert value["--maxmemory-policy"] == "noeviction"  # evicting a room would lose a match
    (mount,) = redis["volumes"]
    volume, path = mount.split(":")[:2]
    assert path == "/data"
    assert volume in compose()["volumes"]


def test_compose_replicas_sit_behind_envoy_only() -> None:
    services = compose()["services"]
    server = services["server"]
    assert server["deploy"]["replicas"] >= 2
    build = server["build"]
    assert (COMPOSE.parent / build["context"] / build["dockerfile"]).resolve() == DOCKERFILE
    env = server["environment"]
    assert env["CERCLE_HOST"] == "0.0.0.0"
    assert env["CERCLE_PORT"] == str(SERVER_PORT)
    assert env["CERCLE_METRICS_PORT"] == str(METRICS_PORT)
    redis_host = re.match(r"redis://([^:/]+):(\d+)", env["REDIS_URL"])
    assert redis_host and redis_host.group(1) in services
    assert [name for name, s in services.items() if s.get("ports")] == ["envoy"]
    envoy = services["envoy"]
    (published,) = envoy["ports"]
    assert published == f"{ENVOY_PORT}:{ENVOY_PORT}"
    (mount,) = envoy["volumes"]
    source, target = mount.split(":")[:2]
    assert (COMPOSE.parent / source).resolve() == render_envoy.TARGETS["compose"].path
    command = envoy["command"]
    assert command[command.index("-c") + 1] == target
    config = yaml.safe_load((COMPOSE.parent / source).read_text())
    _, upstream = envoy_upstream(config)
    assert upstream["address"] == "server"
    assert str(upstream["port_value"]) == env["CERCLE_PORT"]
    assert envoy_listen_port(config) == ENVOY_PORT


def merged(base: Any, override: Any) -> Any:
    """Compose's merge of an override file into a file: mappings merge key by key, a
    service's ``volumes`` by mount target, any other sequence (``command``...) is replaced."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        for key, value in override.items():
            if key == "volumes" and isinstance(value, list) and isinstance(base.get(key), list):
                by_target = {v.split(":")[1]: v for v in base[key]}
                by_target.update({v.split(":")[1]: v for v in value})
                out[key] = list(by_target.values())
            else:
                out[key] = merged(base.get(key), value) if key in base else value
        return out
    return override


def valkey_settings(path: Path) -> dict[str, str]:
    """A Valkey configuration file's directives (the last of each name; ``sentinel`` lines
    under ``sentinel <directive>``)."""
    settings: dict[str, str] = {}
    for line in path.read_text().splitlines():
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "sentinel":
            settings[f"sentinel {words[1]}"] = " ".join(words[2:])
        else:
            settings[words[0]] = " ".join(words[1:])
    return settings


def test_compose_sentinel_override_wires_a_primary_a_replica_and_three_sentinels() -> None:
    """docker-compose.sentinel.yml over docker-compose.yml: a primary and a replica that
    refuse writes without a replica of their own, three sentinels watching the primary by
    the name the servers ask them for, and every Valkey and sentinel running on its own
    copy of its configuration (the sentinels rewrite it) in its own volume."""
    override = yaml.safe_load(interpolated(COMPOSE_SENTINEL.read_text()))
    both = merged(compose(), override)
    parsed = compose_spec.PyCompose.from_yaml(yaml.safe_dump(both))
    sentinels = ["sentinel-1", "sentinel-2", "sentinel-3"]
    expected = ["envoy", "redis", "redis-replica", "server", *sentinels]
    assert sorted(parsed.service_names()) == sorted(expected)
    services = both["services"]
    data_volumes: list[str] = []
    for name in ["redis", "redis-replica", *sentinels]:
        service = services[name]
        mounts = dict(reversed(v.split(":")[:2]) for v in service["volumes"])
        conf_dir = COMPOSE.parent / mounts["/etc/cercle"]
        data_volumes.append(mounts["/data"])
        assert mounts["/data"] in both["volumes"], name
        command, script = service["command"], service["entrypoint"][2]
        conf = command[1]
        assert command[0] == "valkey-server" and conf.startswith("/data/"), name
        # The copy is made once (the sentinels' rewrites survive a restart), from a file
        # the mount provides.
        source = re.search(rf"test -f {conf} \|\| \{{? ?cp (\S+) /data/", script)
        assert source, (name, script)
        assert (conf_dir / Path(source.group(1)).relative_to("/etc/cercle")).is_file()
        assert script.rstrip().endswith('exec docker-entrypoint.sh "$@"'), name
        assert service["restart"] == "unless-stopped" and service["healthcheck"]["test"], name
    assert len(set(data_volumes)) == len(data_volumes), "two containers share a volume"

    valkey = valkey_settings(COMPOSE.parent / "sentinel" / "valkey.conf")
    assert valkey["min-replicas-to-write"] == "1"
    assert valkey["appendonly"] == "yes" and valkey["maxmemory-policy"] == "noeviction"
    assert valkey["dir"] == "/data"
    replica = services["redis-replica"]
    assert 'echo "replicaof redis 6379"' in replica["entrypoint"][2]
    for name in ("redis", "redis-replica"):  # how the sentinels and Cercle will name it
        command = services[name]["command"]
        assert command[command.index("--replica-announce-ip") + 1] == name

    sentinel = valkey_settings(COMPOSE.parent / "sentinel" / "sentinel.conf")
    master, host, port, quorum = sentinel["sentinel monitor"].split()
    assert (host, int(port)) == ("redis", 6379)
    assert int(quorum) == 2  # a majority of the three
    assert sentinel["sentinel resolve-hostnames"] == "yes"
    for name in sentinels:
        assert services[name]["command"][1:] == ["/data/sentinel.conf", "--sentinel"]

    env = services["server"]["environment"]
    settings = sentinel_settings(env["REDIS_URL"])
    assert settings.master == master
    assert settings.sentinels == [(name, int(sentinel["port"])) for name in sentinels]
    assert env["CERCLE_COMMIT_DURABILITY"] == "replicated"
    for name in sentinels:
        assert services["server"]["depends_on"][name]["condition"] == "service_healthy"


# ---------------------------------------------------------------------------------------
# Kubernetes
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_object_matches_the_kubernetes_schema(
    rendered: tuple[Obj, ...], version: str
) -> None:
    kinds = {o["kind"] for o in rendered}
    assert {"Namespace", "Deployment", "Service", "ConfigMap"} <= kinds
    assert {"PodDisruptionBudget", "HorizontalPodAutoscaler"} <= kinds
    for obj in rendered:
        where = f"{obj['kind']}/{obj['metadata']['name']}"
        try:
            kubernetes_validate.validate(obj, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            path = ".".join(str(p) for p in error.path)
            pytest.fail(f"{where} against Kubernetes {version}: {path}: {error.message}")


def test_everything_lives_in_a_restricted_namespace(rendered: tuple[Obj, ...]) -> None:
    namespace = only(rendered, "Namespace")
    name = namespace["metadata"]["name"]
    assert namespace["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"
    for obj in rendered:
        if obj["kind"] != "Namespace":
            assert obj["metadata"].get("namespace") == name, obj["metadata"]["name"]


def test_pods_meet_the_restricted_standard_and_declare_resources(
    rendered: tuple[Obj, ...],
) -> None:
    for workload in workloads(rendered):
        spec = workload["spec"]["template"]["spec"]
        name = workload["metadata"]["name"]
        assert spec["securityContext"]["runAsNonRoot"] is True, name
        assert spec["securityContext"]["runAsUser"] != 0, name
        assert spec["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault", name
        assert spec.get("automountServiceAccountToken") is False, name
        for container in spec["containers"]:
            where = f"{name}/{container['name']}"
            context = container["securityContext"]
            assert context["allowPrivilegeEscalation"] is False, where
            assert context["readOnlyRootFilesystem"] is True, where
            assert context["capabilities"]["drop"] == ["ALL"], where
            for bound in ("requests", "limits"):
                assert {"cpu", "memory"} <= set(container["resources"][bound]), where
            assert "readinessProbe" in container and "livenessProbe" in container, where
            image = container["image"]
            assert ":" in image.rsplit("/", 1)[-1] and not image.endswith(":latest"), where


def test_selectors_pick_the_pods_they_mean(rendered: tuple[Obj, ...]) -> None:
    pods = {w["metadata"]["name"]: w for w in workloads(rendered)}
    for workload in pods.values():
        assert selects(workload["spec"]["selector"]["matchLabels"], pod_labels(workload))
    for obj in rendered:
        if obj["kind"] == "Service":
            selector = obj["spec"]["selector"]
        elif obj["kind"] == "PodDisruptionBudget":
            selector = obj["spec"]["selector"]["matchLabels"]
        else:
            continue
        chosen = [w for w in pods.values() if selects(selector, pod_labels(w))]
        assert len(chosen) == 1, f"{obj['kind']}/{obj['metadata']['name']} selects {chosen}"
        if obj["kind"] == "Service":
            names = {p["name"] for c in containers(chosen[0]) for p in c.get("ports", [])}
            numbers = {p["containerPort"] for c in containers(chosen[0]) for p in c["ports"]}
            for port in obj["spec"]["ports"]:
                assert port["targetPort"] in names | numbers, obj["metadata"]["name"]


def test_server_probes_and_ports_agree(rendered: tuple[Obj, ...]) -> None:
    deployment, server, env = server_parts(rendered)
    ports = {p["name"]: p["containerPort"] for p in server["ports"]}
    assert ports == {"grpc": SERVER_PORT, "metrics": METRICS_PORT}
    assert env["CERCLE_PORT"] == str(SERVER_PORT)
    assert env["CERCLE_HOST"] == "0.0.0.0"  # the probes and Envoy come from outside the pod
    assert env["CERCLE_METRICS_PORT"] == str(METRICS_PORT)
    assert env["CERCLE_REPLICA"] == {"fieldRef": {"fieldPath": "metadata.name"}}
    for probe in ("startupProbe", "readinessProbe"):
        assert server[probe]["grpc"] == {"port": SERVER_PORT, "service": ""}, probe
    # Liveness asks the "liveness" health service, SERVING while the process answers: a
    # Redis outage (readiness NOT_SERVING) must not restart every pod.
    assert server["livenessProbe"]["grpc"] == {"port": SERVER_PORT, "service": "liveness"}
    template = deployment["spec"]["template"]
    annotations = template["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert annotations["prometheus.io/port"] == str(METRICS_PORT)
    assert annotations["prometheus.io/path"] == "/metrics"
    assert template["spec"]["terminationGracePeriodSeconds"] >= SERVER_DRAIN_SECONDS
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0


def test_autoscaler_and_disruption_budget_cover_the_server(rendered: tuple[Obj, ...]) -> None:
    deployment, _, _ = server_parts(rendered)
    hpa = only(rendered, "HorizontalPodAutoscaler")
    target = hpa["spec"]["scaleTargetRef"]
    assert (target["apiVersion"], target["kind"]) == ("apps/v1", "Deployment")
    assert target["name"] == deployment["metadata"]["name"]
    low, high = hpa["spec"]["minReplicas"], hpa["spec"]["maxReplicas"]
    assert 1 <= low <= deployment["spec"]["replicas"] <= high
    (metric,) = hpa["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu"
    budget = only(rendered, "PodDisruptionBudget", deployment["metadata"]["name"])
    assert budget["spec"].get("maxUnavailable") == 1 or budget["spec"].get("minAvailable") == 1


def test_envoy_balances_over_the_headless_server_service(rendered: tuple[Obj, ...]) -> None:
    namespace = only(rendered, "Namespace")["metadata"]["name"]
    service = only(rendered, "Service", "cercle-server")
    assert service["spec"]["clusterIP"] == "None"  # DNS answers with every ready pod
    grpc_port = next(p["port"] for p in service["spec"]["ports"] if p["name"] == "grpc")
    envoy = only(rendered, "Deployment", "cercle-envoy")
    (proxy,) = containers(envoy)
    mounts = {m["name"]: m["mountPath"] for m in proxy["volumeMounts"]}
    config_path = proxy["args"][proxy["args"].index("-c") + 1]
    (volume,) = [
        v
        for v in envoy["spec"]["template"]["spec"]["volumes"]
        if config_path.startswith(mounts[v["name"]] + "/")
    ]
    config_map = only(rendered, "ConfigMap", volume["configMap"]["name"])
    text = config_map["data"][Path(config_path).name]
    overlay_files = (render_envoy.TARGETS[t].path.read_text() for t in ("k8s", "k8s-prod"))
    assert text in overlay_files
    config = yaml.safe_load(text)
    _, upstream = envoy_upstream(config)
    assert upstream["address"] == f"{service['metadata']['name']}.{namespace}.svc.cluster.local"
    assert upstream["port_value"] == grpc_port
    listen = envoy_listen_port(config)
    assert [p["containerPort"] for p in proxy["ports"]] == [listen]
    public = only(rendered, "Service", "cercle-envoy")
    assert [p["port"] for p in public["spec"]["ports"]] == [listen]


def test_redis_credentials_never_sit_in_a_config_map(rendered: tuple[Obj, ...]) -> None:
    _, server, env = server_parts(rendered)
    assert env.get("REDIS_URL"), "the server would fall back to 127.0.0.1:6379"
    credentials = re.compile(r"://[^/@\s]*:[^/@\s$]+@")
    for obj in rendered:
        if obj["kind"] == "ConfigMap":
            for key, value in obj.get("data", {}).items():
                assert not credentials.search(value), f"{obj['metadata']['name']}: {key}"
    if "$(REDIS_PASSWORD)" in env["REDIS_URL"]:
        names = [e["name"] for e in server["env"]]
        assert names.index("REDIS_PASSWORD") < names.index("REDIS_URL")  # $(VAR) needs order
        assert "secretKeyRef" in env["REDIS_PASSWORD"]


def test_dev_runs_its_own_redis_with_an_append_only_file() -> None:
    objs = _render("dev")
    _, _, env = server_parts(objs)
    address = re.match(r"redis://([^:/]+):(\d+)", env["REDIS_URL"])
    assert address, env["REDIS_URL"]
    service = only(objs, "Service", address.group(1))
    assert int(address.group(2)) in [p["port"] for p in service["spec"]["ports"]]
    redis = only(objs, "StatefulSet", "redis")
    (container,) = containers(redis)
    args = container["args"]
    value = dict(zip(args[1::2], args[2::2], strict=True))
    assert value["--appendonly"] == "yes"
    assert value["--appendfsync"] in ("everysec", "always")
    assert value["--maxmemory-policy"] == "noeviction"
    (claim,) = redis["spec"]["volumeClaimTemplates"]
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    assert mounts[claim["metadata"]["name"]] == value["--dir"]


def test_prod_uses_a_redis_cluster_and_pins_the_release() -> None:
    objs = _render("prod")
    deployment, _, env = server_parts(objs)
    assert env["REDIS_URL"].startswith("redis+cluster://")
    assert deployment["spec"]["replicas"] >= 3
    assert only(objs, "Service", "cercle-envoy")["spec"]["type"] == "LoadBalancer"
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    (server,) = containers(deployment)
    assert server["image"].endswith(f":{version}")


def test_sentinel_overlay_wires_a_primary_a_replica_and_three_sentinels() -> None:
    """The sentinel overlay, read as files (no kustomize needed): redis-0 starts as the
    primary and redis-1 as its replica, each on its own copy of valkey.conf
    (min-replicas-to-write 1) announcing its stable DNS name; three sentinels watch
    redis-0 by that name under the master name the servers' URL asks for; the servers
    reach the sentinels by their stable names and wait for a replica on every commit."""
    overlay = K8S / "overlays" / "sentinel"
    kustomization = yaml.safe_load((overlay / "kustomization.yaml").read_text())
    namespace = kustomization["namespace"]
    generators = {g["name"]: g for g in kustomization["configMapGenerator"]}
    literals = dict(item.split("=", 1) for item in generators["cercle-server"]["literals"])
    assert generators["cercle-server"]["behavior"] == "merge"
    assert literals["CERCLE_COMMIT_DURABILITY"] == "replicated"
    config_files = generators["cercle-valkey"]["files"]
    assert sorted(config_files) == ["sentinel.conf", "valkey.conf"]
    objects = {
        (o["kind"], o["metadata"]["name"]): o
        for name in kustomization["resources"]
        if name.endswith(".yaml")
        for o in yaml.safe_load_all((overlay / name).read_text())
    }

    def stateful(name: str) -> tuple[Obj, Obj, str]:
        workload = objects[("StatefulSet", name)]
        service = objects[("Service", workload["spec"]["serviceName"])]
        assert service["spec"]["clusterIP"] == "None"  # stable pod names: <pod>.<service>
        assert service["spec"]["publishNotReadyAddresses"] is True
        assert selects(service["spec"]["selector"], pod_labels(workload))
        (container,) = containers(workload)
        volumes = {v["name"]: v for v in workload["spec"]["template"]["spec"]["volumes"]}
        mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
        assert volumes[mounts["/etc/cercle"]]["configMap"]["name"] == "cercle-valkey"
        (claim,) = workload["spec"]["volumeClaimTemplates"]
        assert mounts["/data"] == claim["metadata"]["name"]
        script = container["command"][2]
        return workload, container, script

    redis, _, redis_script = stateful("redis")
    assert redis["spec"]["replicas"] >= 2
    primary = f"redis-0.redis.{namespace}.svc.cluster.local"
    assert "if [ ! -f /data/valkey.conf ]; then" in redis_script
    assert f"replicaof {primary} 6379" in redis_script
    assert f"replica-announce-ip $(hostname).redis.{namespace}.svc.cluster.local" in (redis_script)
    assert redis_script.rstrip().endswith("exec valkey-server /data/valkey.conf")
    valkey = valkey_settings(overlay / "valkey.conf")
    assert valkey["min-replicas-to-write"] == "1"
    assert valkey["appendonly"] == "yes" and valkey["maxmemory-policy"] == "noeviction"
    assert valkey["dir"] == "/data" and valkey["port"] == "6379"

    sentinels, _, sentinel_script = stateful("sentinel")
    assert sentinels["spec"]["replicas"] == 3
    assert sentinel_script.rstrip().endswith("exec valkey-server /data/sentinel.conf --sentinel")
    sentinel = valkey_settings(overlay / "sentinel.conf")
    master, host, port, quorum = sentinel["sentinel monitor"].split()
    assert (host, int(port)) == (primary, 6379)
    assert int(quorum) == 2
    assert sentinel["sentinel resolve-hostnames"] == "yes"
    assert sentinel["sentinel announce-hostnames"] == "yes"

    settings = sentinel_settings(literals["REDIS_URL"])
    assert settings.master == master
    assert settings.sentinels == [
        (f"sentinel-{i}.sentinel.{namespace}.svc.cluster.local", int(sentinel["port"]))
        for i in range(3)
    ]
    # The overlay's Valkey configuration says the same as compose's, comments aside.
    assert valkey == valkey_settings(COMPOSE.parent / "sentinel" / "valkey.conf")
