"""The Go module clients/go built offline against Debian's Go libraries (tools/stubs.py).

``clients/go/go.mod`` is a real module file: it requires the upstream versions of the
libraries Debian 12 packages (``google.golang.org/grpc v1.33.3``...) and the generated stubs'
module ``cercle/gen/go`` (replaced by ``build/stubs/gen/go``, where ``make stubs`` writes it).
To build without a module proxy, :func:`build` copies the module, fills its ``vendor/`` folder
from Debian's sources in /usr/share/gocode (after checking that each required version is the
installed package's) and runs ``go build -mod=vendor``. With network access a team can
instead run ``go mod tidy`` and build as usual: the same versions come from the proxy.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

GO_MOD = Path(__file__).resolve().parents[1] / "clients" / "go" / "go.mod"
GOCODE_SRC = Path("/usr/share/gocode/src")

_REQUIRE = re.compile(r"^\s*(?:require\s+)?([\w.\-/]+)\s+(v[\w.\-+]+)(\s*//\s*indirect)?\s*$")
_REPLACE = re.compile(r"^\s*replace\s+([\w.\-/]+)\s+=>\s+(\S+)\s*$")
_GO = re.compile(r"^go\s+(\d+\.\d+)\s*$")
_PSEUDO = re.compile(r"^v0\.0\.0-(\d{8})\d{6}-([0-9a-f]{12})$")


@dataclass(frozen=True)
class GoMod:
    """What the build needs of a go.mod."""

    module: str
    go: str
    requires: dict[str, str]
    """Module path -> version, direct and indirect."""
    replaces: dict[str, str]
    """Module path -> local folder (relative to the go.mod)."""


def read_go_mod(path: Path = GO_MOD) -> GoMod:
    """Parses the parts of a go.mod that :func:`build` uses (``//`` comments are skipped)."""
    module = go = ""
    requires: dict[str, str] = {}
    replaces: dict[str, str] = {}
    in_block = False
    for raw in path.read_text().splitlines():
        line = raw if "// indirect" in raw else raw.split("//", 1)[0]
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("module "):
            module = stripped.split()[1]
        elif match := _GO.match(stripped):
            go = match.group(1)
        elif stripped == "require (":
            in_block = True
        elif stripped == ")":
            in_block = False
        elif match := _REPLACE.match(stripped):
            replaces[match.group(1)] = match.group(2)
        elif (in_block or stripped.startswith("require ")) and (match := _REQUIRE.match(line)):
            requires[match.group(1)] = match.group(2)
    return GoMod(module, go, requires, replaces)


def debian_matches_module_version(debian: str, version: str) -> bool:
    """True when a Debian package version is a Go module version: ``1.33.3-2`` is
    ``v1.33.3``; ``0.0~git20200413.b5235f6-3`` is the pseudo-version of that day and commit.

    >>> debian_matches_module_version("1:0.7.0+dfsg-1", "v0.7.0")
    True
    >>> debian_matches_module_version(
    ...     "0.0~git20200413.b5235f6-3", "v0.0.0-20200413115906-b5235f65be36")
    True
    >>> debian_matches_module_version("1.33.3-2", "v1.33.30")
    False
    """
    upstream = debian.split(":", 1)[-1]
    if pseudo := _PSEUDO.match(version):
        day, commit = pseudo.groups()
        snapshot = re.match(r"^0\.0~git(\d{8})\.([0-9a-f]{7,})", upstream)
        if snapshot is None:
            return False
        return snapshot[1] == day and commit.startswith(snapshot[2])
    tag = version.removeprefix("v")
    return upstream.startswith(tag) and (len(upstream) == len(tag) or upstream[len(tag)] in "-+~")


def version_mismatches(
    mod: GoMod, packages: dict[str, str], installed: dict[str, str]
) -> list[str]:
    """Each required module whose version is not its Debian package's (or has no package)."""
    wrong = []
    for module, version in sorted(mod.requires.items()):
        if module in mod.replaces:
            continue
        package = packages.get(module)
        if package is None:
            wrong.append(f"{module} {version} (no Debian package known: tools/stubs.py)")
        elif package not in installed:
            wrong.append(f"{module} {version} ({package} is not installed)")
        elif not debian_matches_module_version(installed[package], version):
            wrong.append(f"{module} {version} (Debian's {package} is {installed[package]})")
    return wrong


def _packages(root: Path, module: str) -> list[str]:
    """Every Go package (a folder with non-test .go files) of the module at ``root``."""
    found = []
    for folder, dirs, files in os.walk(root, followlinks=True):
        dirs[:] = sorted(d for d in dirs if d not in ("testdata", "vendor") and d[0] not in "._")
        if any(f.endswith(".go") and not f.endswith("_test.go") for f in files):
            rel = Path(folder).relative_to(root).as_posix()
            found.append(module if rel == "." else f"{module}/{rel}")
    return sorted(found)


def vendor(module_dir: Path, mod: GoMod, local: dict[str, Path]) -> None:
    """Writes ``module_dir/vendor``: each required module linked from Debian's sources (or
    from ``local`` for the replaced ones) and the ``modules.txt`` that go checks."""
    target = module_dir / "vendor"
    shutil.rmtree(target, ignore_errors=True)
    lines = []
    for module, version in sorted(mod.requires.items()):
        source = local.get(module, GOCODE_SRC / module)
        if not source.is_dir():
            raise FileNotFoundError(f"no sources for {module} at {source}")
        link = target / module
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(source, target_is_directory=True)
        replaced = f" => {mod.replaces[module]}" if module in mod.replaces else ""
        # The module's own `go` line sets the language version its code compiles with.
        own = read_go_mod(source / "go.mod").go if (source / "go.mod").exists() else ""
        explicit = f"## explicit; go {own}" if own else "## explicit"
        lines += [f"# {module} {version}{replaced}", explicit, *_packages(source, module)]
        if replaced:
            lines.append(f"# {module} => {mod.replaces[module]}")
    (target / "modules.txt").write_text("\n".join(lines) + "\n")


def gen_go_mod(mod: GoMod) -> str:
    """The go.mod written beside the generated code (module cercle/gen/go)."""
    needs = ("google.golang.org/grpc", "google.golang.org/protobuf")
    requires = "".join(f"\t{m} {mod.requires[m]}\n" for m in needs)
    return (
        "// Generated by tools/stubs.py from protos/ (buf.gen.stubs.yaml). Do not edit.\n"
        f"module {'cercle/gen/go'}\n\ngo {mod.go}\n\nrequire (\n{requires})\n"
    )
