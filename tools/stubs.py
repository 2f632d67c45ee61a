"""Go, Java and Kotlin stubs from protos/ with the toolchain Debian 12 ships.

``protos/buf.gen.stubs.yaml`` runs local plugins; this module installs them (apt-get, as
root, when a package is missing), checks that each is the pinned version, runs ``buf
generate`` and compiles the result: the Go module ``clients/go`` (its go.mod names Debian's
library versions; they are vendored from /usr/share/gocode, so no module proxy is asked),
every generated Java file (``com.cercle.v1`` and ``com.google.rpc``) and ``clients/java``
with javac against Debian's jars, and ``clients/kotlin`` with Debian's kotlinc against those
classes. The generated Kotlin DSL (gen/kotlin) is generated but not compiled: it needs the
protobuf-kotlin runtime, which none of the registries this project installs from has, and
Kotlin 1.4+ (Debian 12 has 1.3). Swift has no local plugin at all. See docs/clients.md.
tests/clients/test_stubs.py drives it; by hand::

    .venv/bin/python tools/stubs.py install            # apt-get the pinned packages
    .venv/bin/python tools/stubs.py build --out build/stubs
    build/stubs/bin/cercle-match -addr 127.0.0.1:8080 -game awimbawe
    java -cp "$(cat build/stubs/java.classpath)" com.cercle.example.Lobby 127.0.0.1:8080
    java -cp "$(cat build/stubs/java.classpath)" com.cercle.example.RefusalKt 127.0.0.1:8080

The generated code is not checked in: it is written under ``--out`` (``build/stubs`` by
default, git-ignored) each time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

if str(Path(__file__).resolve().parents[1]) not in sys.path:  # run as tools/stubs.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools import stubs_go

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "protos" / "buf.gen.stubs.yaml"
BUF = Path(sys.executable).parent / "buf"
GO_MODULE = ROOT / "clients" / "go"
GO_PROGRAM = "cercle-match"
GO_GEN_MODULE = "cercle/gen/go"
"""The generated Go code's module (the protos' go_package is cercle/gen/go/cercle/v1)."""
JAVA_SOURCES = ROOT / "clients" / "java" / "src" / "main" / "java"
KOTLIN_SOURCES = ROOT / "clients" / "kotlin" / "src" / "main" / "kotlin"
JARS = Path("/usr/share/java")

STEP_TIMEOUT = 600

PINS: dict[str, str] = {
    # the plugins protos/buf.gen.stubs.yaml runs
    "protobuf-compiler": "3.21.12",
    "protoc-gen-go": "1.28.1",
    "protoc-gen-go-grpc": "1.33.3",
    "protobuf-compiler-grpc-java-plugin": "1.41.3",
    # Go 1.19 and the libraries the generated Go code and cercle-match import
    "golang-go": "1.19",
    "golang-google-protobuf-dev": "1.28.1",
    "golang-github-golang-protobuf-1-5-dev": "1.5.2",
    "golang-google-grpc-dev": "1.33.3",
    "golang-google-genproto-dev": "0.0~git20200413.b5235f6",
    "golang-golang-x-net-dev": "0.7.0",
    "golang-golang-x-sys-dev": "0.3.0",
    "golang-golang-x-text-dev": "0.7.0",
    # the jars the generated Java code compiles against and clients/java runs with
    "libprotobuf-java": "3.21.12",
    "libgrpc-java": "1.41.3",
    "libgeronimo-annotation-1.3-spec-java": "1.3",
    "libnetty-java": "4.1.48",
    "libperfmark-java": "0.21.0",
    # Kotlin: the compiler and its standard library (clients/kotlin over the Java stubs)
    "kotlin": "1.3.31",
}
"""Debian package -> the upstream version it must have (Debian 12's; the revision after it
may differ, e.g. a security update)."""

GO_MODULE_PACKAGES: dict[str, str] = {
    "google.golang.org/grpc": "golang-google-grpc-dev",
    "google.golang.org/protobuf": "golang-google-protobuf-dev",
    "google.golang.org/genproto": "golang-google-genproto-dev",
    "github.com/golang/protobuf": "golang-github-golang-protobuf-1-5-dev",
    "golang.org/x/net": "golang-golang-x-net-dev",
    "golang.org/x/sys": "golang-golang-x-sys-dev",
    "golang.org/x/text": "golang-golang-x-text-dev",
}
"""Each module clients/go/go.mod requires -> the Debian package whose sources it builds with."""

JDK_PACKAGE = "default-jdk-headless"
"""Any JDK 11+ compiles the stubs; Debian 12's default is OpenJDK 17."""

JAVA_COMPILE_JARS = (
    "protobuf",
    "grpc-api",
    "grpc-core",
    "grpc-stub",
    "grpc-protobuf",
    "grpc-protobuf-lite",
    "grpc-context",
    "grpc-netty",
    "guava",
    "jsr305",
    "error_prone_annotations",
    "geronimo-annotation-1.3-spec",  # javax.annotation.Generated, which grpc-java 1.41 emits
)
JAVA_RUN_JARS = (
    "perfmark-api",
    "netty-common",
    "netty-buffer",
    "netty-transport",
    "netty-codec",
    "netty-codec-http",
    "netty-codec-http2",
    "netty-codec-socks",
    "netty-handler",
    "netty-handler-proxy",
    "netty-resolver",
)
KOTLIN_RUN_JARS = ("kotlin-stdlib",)


class ToolchainError(Exception):
    """A tool or library is missing or not the pinned version; the message says what to do."""


@dataclass(frozen=True)
class Built:
    """What ``build`` made."""

    gen: Path
    """The generated code (gen/go, gen/java, gen/kotlin under it)."""
    go_program: Path
    """The cercle-match binary."""
    java_classpath: str
    """Compiled Java and Kotlin classes and every jar needed to run com.cercle.example.Lobby
    (Java) and com.cercle.example.RefusalKt (Kotlin)."""


def say(message: str) -> None:
    print(f"stubs: {message}", flush=True)


def run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Runs a command; raises ToolchainError with its output's tail when it fails."""
    try:
        done = subprocess.run(
            argv,
            cwd=cwd,
            env=env,
            check=False,
            text=True,
            timeout=STEP_TIMEOUT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
    except subprocess.TimeoutExpired as exc:
        raise ToolchainError(f"`{' '.join(argv[:3])} ...` took more than {STEP_TIMEOUT}s") from exc
    if done.returncode != 0:
        raise ToolchainError(f"`{' '.join(argv[:3])} ...` failed:\n{done.stdout[-4000:]}")
    return done.stdout


# -- the toolchain --------------------------------------------------------------------------------


def upstream(version: str) -> str:
    """A Debian version without its epoch: ``2:1.19~1`` -> ``1.19~1``."""
    return version.split(":", 1)[1] if ":" in version else version


def matches_pin(version: str, pin: str) -> bool:
    """True when the Debian ``version`` is upstream ``pin`` (followed by nothing, or by a
    Debian revision or suffix: ``-``, ``+``, ``~``).

    >>> matches_pin("3.21.12-3+deb12u1", "3.21.12"), matches_pin("2:1.19~1", "1.19")
    (True, True)
    >>> matches_pin("3.21.120-1", "3.21.12"), matches_pin("1.20-1", "1.19")
    (False, False)
    """
    rest = upstream(version)
    return rest.startswith(pin) and (len(rest) == len(pin) or rest[len(pin)] in "-+~")


def installed_versions(packages: list[str]) -> dict[str, str]:
    """Installed Debian package -> version (missing packages are left out)."""
    if shutil.which("dpkg-query") is None:
        return {}
    found: dict[str, str] = {}
    for package in packages:
        done = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}\t${Version}", package],
            capture_output=True,
            text=True,
            check=False,
        )
        state, _, version = done.stdout.partition("\t")
        if done.returncode == 0 and state.endswith(" installed"):
            found[package] = version
    return found


def apt_install(packages: list[str]) -> None:
    say(f"apt-get install {' '.join(packages)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    wait_for_lock = ["-o", "DPkg::Lock::Timeout=120"]  # another apt-get may be running
    update = ["apt-get", *wait_for_lock, "update", "-q"]
    install = ["apt-get", *wait_for_lock, "install", "-y", "-q", "--no-install-recommends"]
    for argv in (update, [*install, *packages]):
        try:
            done = subprocess.run(
                argv, env=env, check=False, capture_output=True, text=True, timeout=STEP_TIMEOUT
            )
        except subprocess.TimeoutExpired as exc:
            raise ToolchainError(f"`{' '.join(argv)}` took more than {STEP_TIMEOUT}s") from exc
        if done.returncode != 0 and argv is not update:
            raise ToolchainError(
                f"`{' '.join(argv)}` failed:\n{(done.stdout + done.stderr)[-3000:]}"
            )


def ensure_toolchain() -> dict[str, str]:
    """Installs the pinned packages that are missing (apt-get, as root) and checks every pin.

    Returns package -> installed version. Raises ToolchainError when a package cannot be
    installed or has another version than its pin.
    """
    packages = list(PINS)
    if shutil.which("dpkg-query") is None:
        raise ToolchainError(
            "the Go and Java stubs are built with Debian's packages (dpkg-query not found); "
            f"on Debian 12: apt-get install {' '.join(packages)} {JDK_PACKAGE}"
        )
    have = installed_versions(packages)
    missing = [p for p in packages if p not in have]
    if shutil.which("javac") is None:
        missing.append(JDK_PACKAGE)
    if missing:
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            raise ToolchainError(
                "packages missing for the Go and Java stubs; as root: "
                f"apt-get install --no-install-recommends {' '.join(missing)}"
            )
        apt_install(missing)
        have = installed_versions(packages)
        still = [p for p in packages if p not in have]
        if shutil.which("javac") is None:
            still.append(f"{JDK_PACKAGE} (no javac on PATH)")
        if still:
            raise ToolchainError(f"apt-get did not install {' '.join(still)}")
    wrong = [
        f"{package} {have[package]} (pinned: {pin})"
        for package, pin in PINS.items()
        if not matches_pin(have[package], pin)
    ]
    if wrong:
        raise ToolchainError(
            f"not the pinned versions (protos/buf.gen.stubs.yaml, tools/stubs.py PINS) on "
            f"{os_name()}: " + ", ".join(wrong) + ". The pins are Debian 12 (bookworm)'s: build "
            "the stubs on Debian 12 (a container or chroot will do), or move the pins, "
            "clients/go/go.mod and docs/clients.md together to your release's versions"
        )
    return have


def os_name() -> str:
    """The running system's name from /etc/os-release (``Debian GNU/Linux 12 (bookworm)``)."""
    try:
        fields = dict(
            line.split("=", 1)
            for line in Path("/etc/os-release").read_text().splitlines()
            if "=" in line
        )
    except OSError:
        return "this system"
    return fields.get("PRETTY_NAME", "this system").strip('"')


# -- generate and build ---------------------------------------------------------------------------


def debian_env() -> dict[str, str]:
    """The environment for buf, go, javac and kotlinc: Debian's /usr/bin first (buf finds the
    local plugins on PATH), Go with no module proxy."""
    return {
        **os.environ,
        "PATH": "/usr/bin:" + os.environ.get("PATH", ""),
        "GO111MODULE": "on",
        "GOPROXY": "off",
        "GOFLAGS": "-mod=vendor",
    }


def generate(out: Path) -> Path:
    """``buf generate`` with protos/buf.gen.stubs.yaml into ``out``; returns ``out / "gen"``."""
    if not BUF.exists():
        raise ToolchainError(f"no buf CLI at {BUF} (`make venv` installs buf-bin)")
    out.mkdir(parents=True, exist_ok=True)
    argv = [str(BUF), "generate", "protos", "--template", str(TEMPLATE.relative_to(ROOT))]
    run([*argv, "--output", str(out)], ROOT, debian_env())
    return out / "gen"


def build_go(gen: Path, out: Path) -> Path:
    """Builds the module clients/go (cercle-match) against the generated code and Debian's Go
    libraries, vendored (tools/stubs_go.py): no module proxy is asked."""
    mod = stubs_go.read_go_mod()
    wrong = stubs_go.version_mismatches(
        mod, GO_MODULE_PACKAGES, installed_versions(sorted(set(GO_MODULE_PACKAGES.values())))
    )
    if wrong:
        raise ToolchainError(
            "clients/go/go.mod does not match Debian's Go libraries: " + ", ".join(wrong)
        )
    (gen / "go" / "go.mod").write_text(stubs_go.gen_go_mod(mod))
    module = out / "go-module"
    shutil.rmtree(module, ignore_errors=True)
    shutil.copytree(GO_MODULE, module)
    stubs_go.vendor(module, mod, {GO_GEN_MODULE: gen / "go"})
    binary = out / "bin" / GO_PROGRAM
    env = debian_env()
    env.setdefault("GOCACHE", str(ROOT / "build" / "go-cache"))  # kept between runs
    run(["go", "build", "-o", str(binary), f"./{GO_PROGRAM}"], module, env)
    return binary


def jar_path(names: tuple[str, ...]) -> list[str]:
    paths = [JARS / f"{name}.jar" for name in names]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise ToolchainError(f"jars missing (tools/stubs.py install): {', '.join(missing)}")
    return [str(p) for p in paths]


def compile_java(gen: Path, out: Path) -> str:
    """javac every generated Java file and clients/java; returns the run classpath."""
    classes = out / "classes"
    shutil.rmtree(classes, ignore_errors=True)
    classes.mkdir(parents=True)
    sources = sorted(str(p) for p in (gen / "java").rglob("*.java"))
    sources += sorted(str(p) for p in JAVA_SOURCES.rglob("*.java"))
    listing = out / "java-sources.txt"
    listing.write_text("\n".join(sources) + "\n")
    compile_path = os.pathsep.join(jar_path(JAVA_COMPILE_JARS))
    run(
        [
            "javac",
            "-nowarn",
            "-encoding",
            "UTF-8",
            "-d",
            str(classes),
            "-cp",
            compile_path,
            f"@{listing}",
        ],
        ROOT,
        debian_env(),
    )
    return os.pathsep.join([str(classes), compile_path, *jar_path(JAVA_RUN_JARS)])


def compile_kotlin(out: Path, java_classpath: str) -> str:
    """kotlinc clients/kotlin against the compiled Java stubs; returns the run classpath.

    The generated Kotlin DSL (gen/kotlin) is left out: it needs the protobuf-kotlin runtime,
    which no registry this project installs from has (docs/clients.md, "Kotlin")."""
    classes = out / "kotlin-classes"
    shutil.rmtree(classes, ignore_errors=True)
    sources = sorted(str(p) for p in KOTLIN_SOURCES.rglob("*.kt"))
    if not sources:
        raise ToolchainError(f"no Kotlin sources under {KOTLIN_SOURCES.relative_to(ROOT)}")
    argv = ["kotlinc", "-nowarn", "-jvm-target", "1.8", "-d", str(classes)]
    run([*argv, "-cp", java_classpath, *sources], ROOT, debian_env())
    return os.pathsep.join([str(classes), java_classpath, *jar_path(KOTLIN_RUN_JARS)])


def build(out: Path) -> Built:
    """Toolchain, generation, the Go program, the Java and Kotlin classes, in ``out``."""
    ensure_toolchain()
    gen = generate(out)
    go_program = build_go(gen, out)
    classpath = compile_kotlin(out, compile_java(gen, out))
    (out / "java.classpath").write_text(classpath + "\n")
    return Built(gen, go_program, classpath)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["install", "generate", "build"])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "stubs")
    args = parser.parse_args()
    out = args.out.resolve()
    if args.step == "install":
        for package, version in ensure_toolchain().items():
            say(f"{package} {version}")
    elif args.step == "generate":
        ensure_toolchain()
        say(f"generated {generate(out)}")
    else:
        built = build(out)
        say(f"generated {built.gen}")
        say(f"built {built.go_program}")
        say(f"compiled the Java stubs and Kotlin; classpath in {out / 'java.classpath'}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ToolchainError as failure:
        print(f"stubs: FAILED: {failure}", file=sys.stderr, flush=True)
        sys.exit(1)
