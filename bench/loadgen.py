"""Load generators, each run in its own process: ``python -m bench.loadgen '<json config>'``.

Modes (``config["mode"]``):

``play``
    ``rooms`` concurrent 4-player Tomahawk rooms played through the real API: every player
    holds its own Subscribe stream; the seat the table waits for acts as soon as its stream
    shows it is its turn (a rules-aware guess from its view, falling back to
    ListLegalActions when the guess is refused). A finished room is replaced by a new one.
    Measures accepted actions/s and the latency from sending an Act to the resulting update
    arriving on each of the OTHER players' streams. ``rate`` (actions/s, 0 = flat out)
    paces all rooms together.
``echo``
    The same number of concurrent callers, on the same number of connections, sending an
    ActRequest-sized payload to the bare unary echo server (``bench/bare.py``).
``cas``
    One asyncio Redis connection running a compare-and-set Lua script (GET the version,
    compare, SET a 2 KB state, XADD it) back to back.
``streams``
    ``spectators`` sessions join ``rooms`` rooms as spectators and each opens a Subscribe
    stream (plus the players' own streams); then one action per room is played and the
    time for the update to reach every stream is measured.
``bare-streams``
    The same number of idle streams on the bare streaming server, and one message fanned out.
``bare-play``
    ``play``'s message pattern against the bare table server (``bench/bare.py --mode
    table``): ``rooms`` tables of four streams on the same number of connections; the seat an
    update waits for sends Play at once (an ActRequest-sized request), which puts one
    ``update_bytes`` update on the table's four streams. No rules, no Redis, no rendering:
    the most actions/s this API's shape (one unary call and four stream messages per action)
    allows on the machine.

Protocol: JSON lines on stdout (``{"event": ...}``), commands as JSON lines on stdin.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import random
import sys
import time
import traceback
import uuid
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

import grpc
from cercle.v1 import (
    common_pb2,
    game_pb2,
    game_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    tomahawk_pb2,
)

from bench.bare import (
    COUNT,
    ECHO,
    FIRE,
    TABLE_COUNT,
    TABLE_HEADER,
    TABLE_PLAY,
    TABLE_WATCH,
    UPDATE_HEADER,
    WATCH,
)
from bench.common import GcPauses, cpu_seconds, latency_summary
from clients.sdk import option_values

T = TypeVar("T")

ACTION_KINDS = frozenset(
    (
        game_pb2.UPDATE_KIND_ACTION,
        game_pb2.UPDATE_KIND_BOT,
        game_pb2.UPDATE_KIND_TIMEOUT,
        game_pb2.UPDATE_KIND_FINISHED,
    )
)
REFUSALS = frozenset(
    (
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.ABORTED,
        grpc.StatusCode.INVALID_ARGUMENT,
    )
)
COLOURS = (
    tomahawk_pb2.TOMAHAWK_COLOUR_RED,
    tomahawk_pb2.TOMAHAWK_COLOUR_BLUE,
    tomahawk_pb2.TOMAHAWK_COLOUR_VIOLET,
    tomahawk_pb2.TOMAHAWK_COLOUR_WHITE,
)
SHERIFFS = frozenset(
    (
        tomahawk_pb2.TOMAHAWK_CARD_KIND_SHERIFF_1,
        tomahawk_pb2.TOMAHAWK_CARD_KIND_SHERIFF_2,
        tomahawk_pb2.TOMAHAWK_CARD_KIND_SHERIFF_3,
    )
)
SHERIFF = tomahawk_pb2.TOMAHAWK_CARD_KIND_SHERIFF_1
"""Sheriffs share one symbol for matching: all count as the +1's kind."""


def emit(event: str, **data: Any) -> None:
    print(json.dumps({"event": event, **data}), flush=True)


async def next_command() -> dict[str, Any]:
    line = await asyncio.to_thread(sys.stdin.readline)
    if not line:
        return {"cmd": "quit"}
    command: dict[str, Any] = json.loads(line)
    return command


def open_channels(address: str, count: int) -> list[grpc.aio.Channel]:
    """``count`` channels, each its own TCP connection (no shared subchannel pool).

    No client keepalive: the SDK's 15 s pings on idle streams exceed what the server accepts
    (gRPC's default minimum of 5 minutes between pings without data) and get the connection
    closed with "Too many pings" (see docs/performance.md).
    """
    options = [("grpc.use_local_subchannel_pool", 1)]
    return [grpc.aio.insecure_channel(address, options=options) for _ in range(count)]


async def bounded(items: list[Callable[[], Awaitable[T]]], concurrency: int) -> list[T]:
    """Run the thunks with at most ``concurrency`` at a time; results in order."""
    limit = asyncio.Semaphore(concurrency)

    async def one(thunk: Callable[[], Awaitable[T]]) -> T:
        async with limit:
            return await thunk()

    return list(await asyncio.gather(*(one(t) for t in items)))


async def retrying(thunk: Callable[[], Awaitable[T]], attempts: int = 30) -> T:
    """Retry set-up calls refused as BUSY or RATE_LIMITED (never used on measured calls)."""
    for attempt in range(attempts):
        try:
            return await thunk()
        except grpc.aio.AioRpcError as exc:
            retryable = exc.code() in (
                grpc.StatusCode.ABORTED,
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                grpc.StatusCode.UNAVAILABLE,
            )
            if not retryable or attempt == attempts - 1:
                raise
            await asyncio.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


# --------------------------------------------------------------------------------------------
# Players and rooms
# --------------------------------------------------------------------------------------------


@dataclass
class Player:
    name: str
    channel: grpc.aio.Channel
    token: str = ""
    player_id: str = ""
    lobby: lobby_pb2_grpc.LobbyServiceAsyncStub = field(init=False)
    game: game_pb2_grpc.GameServiceAsyncStub = field(init=False)

    def __post_init__(self) -> None:
        self.lobby = lobby_pb2_grpc.LobbyServiceStub(self.channel)
        self.game = game_pb2_grpc.GameServiceStub(self.channel)

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.token}"),)

    async def login(self) -> None:
        response = await retrying(
            lambda: self.lobby.CreateSession(
                lobby_pb2.CreateSessionRequest(display_name=self.name), timeout=60
            )
        )
        self.token, self.player_id = response.session_token, response.player_id


async def open_room(
    players: list[Player], game_id: str, options: dict[str, str]
) -> tuple[str, dict[int, Player]]:
    """Create a private room, seat every player, ready, start; return it and its seats."""
    host = players[0]
    request = lobby_pb2.CreateRoomRequest(
        game_id=game_id, players=len(players), visibility=common_pb2.VISIBILITY_PRIVATE
    )
    for name, value in option_values(options).items():
        request.options[name].CopyFrom(value)
    created = await retrying(
        lambda: host.lobby.CreateRoom(request, metadata=host.metadata, timeout=60)
    )
    room = created.room
    seats = {0: host}
    for player in players[1:]:
        joined = await retrying(
            functools.partial(
                player.lobby.JoinRoom,
                lobby_pb2.JoinRoomRequest(room_id=room.room_id, join_code=room.join_code),
                metadata=player.metadata,
                timeout=60,
            )
        )
        seats[joined.seat] = player
    for player in players:
        await retrying(
            functools.partial(
                player.lobby.SetReady,
                lobby_pb2.SetReadyRequest(room_id=room.room_id, ready=True),
                metadata=player.metadata,
                timeout=60,
            )
        )
    await retrying(
        lambda: host.lobby.StartMatch(
            lobby_pb2.StartMatchRequest(room_id=room.room_id), metadata=host.metadata, timeout=60
        )
    )
    return room.room_id, seats


def tomahawk_guess(view: Any, seat: int, rng: random.Random) -> game_pb2.Action:
    """A move the rules most likely allow, read from the seat's own view (no extra call).

    Matches the current colour or the top card's symbol (Sheriffs share one), colourless
    cards go on anything, pending attacks are taken, a drawn card is kept. When it guesses
    wrong the server refuses it and the caller asks ListLegalActions instead.
    """
    action = game_pb2.Action()
    move = action.tomahawk
    phase = view.phase
    if phase == tomahawk_pb2.TOMAHAWK_PHASE_NAME_COLOUR:
        move.name_colour.colour = rng.choice(COLOURS)
    elif phase == tomahawk_pb2.TOMAHAWK_PHASE_FACE_SHERIFF:
        move.take_pending_draw.SetInParent()
    elif phase == tomahawk_pb2.TOMAHAWK_PHASE_FACE_SKIP:
        move.take_skip.SetInParent()
    elif phase == tomahawk_pb2.TOMAHAWK_PHASE_DRAWN:
        getattr(move, "pass").SetInParent()  # `pass` is a Python keyword
    else:
        top = view.top_card.kind
        top_symbol = SHERIFF if top in SHERIFFS else top
        playable = [
            card
            for card in view.hand
            if not card.HasField("colour")
            or card.colour == view.colour
            or (SHERIFF if card.kind in SHERIFFS else card.kind) == top_symbol
        ]
        if not playable:
            move.draw.SetInParent()
        else:
            card = rng.choice(playable)
            play = move.play_card
            play.card = card.id
            if card.kind == tomahawk_pb2.TOMAHAWK_CARD_KIND_DIAMOND:
                play.colour = rng.choice(COLOURS)
            elif card.kind == tomahawk_pb2.TOMAHAWK_CARD_KIND_CALUMET:
                play.target = (seat + 1) % max(2, len(view.seats))
            play.tomahawk = len(view.hand) == 2
    return action


# --------------------------------------------------------------------------------------------
# play: concurrent rooms through the API
# --------------------------------------------------------------------------------------------


@dataclass
class PlayStats:
    counting: bool = False
    accepted: int = 0
    guessed_wrong: int = 0
    fallbacks: int = 0
    errors: int = 0
    rate_limited: int = 0
    kicks: int = 0
    restarts: int = 0
    resubscribes: int = 0
    latencies: list[float] = field(default_factory=list)
    act_rtt: list[float] = field(default_factory=list)
    update_bytes: list[int] = field(default_factory=list)


class Pacer:
    """Spaces sends at most ``rate`` per second over all rooms (0: no pacing)."""

    def __init__(self) -> None:
        self.interval = 0.0
        self.next = 0.0

    def set_rate(self, rate: float) -> None:
        self.interval = 1.0 / rate if rate > 0 else 0.0
        self.next = 0.0

    async def wait(self) -> None:
        if not self.interval:
            return
        now = time.perf_counter()
        slot = max(now, self.next)
        self.next = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)


class Table:
    """One room slot: four players, their streams, and the room replacing a finished one."""

    def __init__(self, gen: PlayGenerator, players: list[Player]) -> None:
        self.gen = gen
        self.players = players
        self.seats: dict[int, Player] = {}
        self.room_id = ""
        self.sent: dict[int, float] = {}
        self.acted = -1
        self.acting = False
        self.over = False
        self.last_progress = time.perf_counter()
        self.tasks: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        self.room_id, self.seats = await open_room(self.players, "tomahawk", self.gen.room_options)
        self.sent.clear()
        self.acted = -1
        self.over = False
        self.last_progress = time.perf_counter()
        self.tasks = [asyncio.create_task(self.stream(s, p)) for s, p in self.seats.items()]

    async def restart(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.gen.stopping:
            return
        await self.open()
        self.gen.stats.restarts += 1

    async def stream(self, seat: int, player: Player) -> None:
        """The seat's updates; resubscribes from the last seq when the server drops it (as
        the SDK's ``Client.updates`` does)."""
        cursor = 0
        for _ in range(100):
            call = player.game.Subscribe(
                game_pb2.SubscribeRequest(room_id=self.room_id, after_seq=cursor),
                metadata=player.metadata,
            )
            try:
                async for update in call:
                    cursor = update.seq
                    await self.on_update(seat, update)
                return
            except grpc.aio.AioRpcError:
                if self.gen.stopping:
                    return
                self.gen.stats.resubscribes += 1
            finally:
                call.cancel()
            await asyncio.sleep(0.1)

    async def on_update(self, seat: int, update: game_pb2.SubscribeResponse) -> None:
        now = time.perf_counter()
        stats = self.gen.stats
        if update.kind in ACTION_KINDS:
            self.last_progress = now
            if update.actor != seat:
                sent = self.sent.get(update.version)
                if sent is not None and stats.counting:
                    stats.latencies.append(now - sent)
                    if len(stats.update_bytes) < 200:
                        stats.update_bytes.append(update.ByteSize())
        if update.HasField("outcome"):
            if not self.over:
                self.over = True
                self.gen.spawn(self.restart())
            return
        if (
            update.kind == game_pb2.UPDATE_KIND_LOBBY
            or not update.HasField("view")
            or seat not in update.waiting_for
            or update.version <= self.acted
            or self.gen.stopping
        ):
            return
        self.acted = update.version
        await self.act(seat, update)

    async def act(self, seat: int, update: game_pb2.SubscribeResponse) -> None:
        gen = self.gen
        player = self.seats[seat]
        self.acting = True
        try:
            await gen.pacer.wait()
            action = tomahawk_guess(update.view.tomahawk, seat, gen.rng)
            if not await self.send(player, action, update.version):
                gen.stats.guessed_wrong += gen.stats.counting
                await self.fallback(player)
        finally:
            self.acting = False

    async def send(self, player: Player, action: game_pb2.Action, version: int) -> bool:
        """One Act; False when the rules refused it (the caller falls back)."""
        stats = self.gen.stats
        request = game_pb2.ActRequest(
            room_id=self.room_id, version=version, idempotency_key=uuid.uuid4().hex, action=action
        )
        started = time.perf_counter()
        self.sent[version + 1] = started
        if len(self.sent) > 64:
            for old in sorted(self.sent)[:32]:
                del self.sent[old]
        try:
            await player.game.Act(request, metadata=player.metadata, timeout=10)
        except grpc.aio.AioRpcError as exc:
            self.sent.pop(version + 1, None)
            if exc.code() in REFUSALS:
                return False
            if exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                stats.rate_limited += 1
            elif not self.gen.stopping:
                stats.errors += 1
            return True
        if stats.counting:
            stats.accepted += 1
            stats.act_rtt.append(time.perf_counter() - started)
        return True

    async def fallback(self, player: Player) -> None:
        """Ask the server what is legal and play one of those (counted apart)."""
        try:
            legal = await player.game.ListLegalActions(
                game_pb2.ListLegalActionsRequest(room_id=self.room_id),
                metadata=player.metadata,
                timeout=10,
            )
        except grpc.aio.AioRpcError:
            self.gen.stats.errors += 1
            return
        if legal.actions:
            self.gen.stats.fallbacks += self.gen.stats.counting
            await self.send(player, self.gen.rng.choice(list(legal.actions)), legal.version)

    async def kick(self) -> None:
        """A room that made no progress for a while: ask who it waits for, and play."""
        if self.acting or self.over or not self.room_id:
            return
        self.acting = True
        try:
            host = self.seats[0]
            view = await host.game.GetView(
                game_pb2.GetViewRequest(room_id=self.room_id), metadata=host.metadata, timeout=10
            )
            if view.HasField("outcome") or not view.waiting_for:
                return
            self.gen.stats.kicks += 1
            await self.fallback(self.seats[view.waiting_for[0]])
            self.last_progress = time.perf_counter()
        except grpc.aio.AioRpcError:
            self.gen.stats.errors += 1
        finally:
            self.acting = False


class PlayGenerator:
    def __init__(self, config: dict[str, Any]) -> None:
        self.gc_pauses = GcPauses()
        self.config = config
        self.channels = open_channels(config["address"], int(config.get("channels", 8)))
        self.room_options = {
            "turn_seconds": "0",
            "target_score": str(config.get("target_score", 100)),
        }
        self.rng = random.Random(int(config.get("seed", 1)))
        self.stats = PlayStats()
        self.pacer = Pacer()
        self.stopping = False
        self.tables: list[Table] = []
        self._background: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, keeping a reference until it is done."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def setup(self) -> None:
        rooms = int(self.config["rooms"])
        players = [
            Player(f"bench-{i}", self.channels[i % len(self.channels)]) for i in range(4 * rooms)
        ]
        await bounded([p.login for p in players], 32)
        self.tables = [Table(self, players[4 * i : 4 * i + 4]) for i in range(rooms)]
        await bounded([t.open for t in self.tables], 8)

    async def watchdog(self) -> None:
        while not self.stopping:
            await asyncio.sleep(1.0)
            now = time.perf_counter()
            for table in self.tables:
                if now - table.last_progress > 3.0:
                    self.spawn(table.kick())

    async def run(self, seconds: float, warmup: float, rate: float) -> dict[str, Any]:
        self.pacer.set_rate(rate)
        await asyncio.sleep(warmup)
        self.stats = PlayStats(counting=True)
        self.gc_pauses.reset()
        cpu0, t0 = cpu_seconds(os.getpid()), time.perf_counter()
        emit("window_start")
        await asyncio.sleep(seconds)
        self.stats.counting = False
        elapsed = time.perf_counter() - t0
        emit("window_end")
        stats = self.stats
        return {
            "seconds": elapsed,
            "rate_asked": rate,
            "accepted": stats.accepted,
            "actions_per_s": stats.accepted / elapsed,
            "guessed_wrong": stats.guessed_wrong,
            "fallbacks": stats.fallbacks,
            "errors": stats.errors,
            "rate_limited": stats.rate_limited,
            "kicks": stats.kicks,
            "restarts": stats.restarts,
            "resubscribes": stats.resubscribes,
            "act_to_others": latency_summary(stats.latencies),
            "act_rtt": latency_summary(stats.act_rtt),
            "update_bytes": (sum(stats.update_bytes) / len(stats.update_bytes))
            if stats.update_bytes
            else 0,
            "loadgen_cpu_s": cpu_seconds(os.getpid()) - cpu0,
            "loadgen_gc": self.gc_pauses.snapshot(),
        }

    async def main(self) -> None:
        await self.setup()
        watchdog = asyncio.create_task(self.watchdog())
        emit("ready", rooms=len(self.tables))
        while True:
            command = await next_command()
            if command["cmd"] != "run":
                break
            result = await self.run(
                float(command["seconds"]),
                float(command.get("warmup", 2.0)),
                float(command.get("rate", 0.0)),
            )
            emit("result", **result)
        self.stopping = True
        watchdog.cancel()
        for table in self.tables:
            for task in table.tasks:
                task.cancel()
        for channel in self.channels:
            await channel.close()


async def counted_window(
    command: dict[str, Any], state: dict[str, Any], latencies: list[float]
) -> tuple[float, float]:
    """Warm up, then count (``state["n"]``, ``latencies``) for the command's seconds between
    ``window_start`` and ``window_end``; returns the window's seconds and this process's CPU
    seconds in it."""
    await asyncio.sleep(float(command.get("warmup", 2.0)))
    latencies.clear()
    state["n"] = 0
    state["counting"] = True
    cpu0, t0 = cpu_seconds(os.getpid()), time.perf_counter()
    emit("window_start")
    await asyncio.sleep(float(command["seconds"]))
    state["counting"] = False
    elapsed = time.perf_counter() - t0
    emit("window_end")
    return elapsed, cpu_seconds(os.getpid()) - cpu0


def act_sized_request() -> bytes:
    """A typical ActRequest's bytes, for the bare servers' requests to weigh the same."""
    request = game_pb2.ActRequest(room_id="0123456789ab", version=123)
    request.idempotency_key = uuid.uuid4().hex
    request.action.tomahawk.play_card.card = 42
    return request.SerializeToString()


# --------------------------------------------------------------------------------------------
# echo: the bare unary baseline
# --------------------------------------------------------------------------------------------


async def echo_main(config: dict[str, Any]) -> None:
    channels = open_channels(config["address"], int(config.get("channels", 8)))
    callers: list[Any] = [c.unary_unary(ECHO) for c in channels]
    payload = act_sized_request()
    metadata = (("authorization", "Bearer " + "x" * 43),)
    pacer = Pacer()
    state = {"counting": False, "stopping": False, "n": 0}
    latencies: list[float] = []

    async def caller(index: int) -> None:
        call = callers[index % len(callers)]
        while not state["stopping"]:
            await pacer.wait()
            started = time.perf_counter()
            await call(payload, metadata=metadata, timeout=10)
            if state["counting"]:
                state["n"] += 1
                latencies.append(time.perf_counter() - started)

    for channel in channels:
        await channel.channel_ready()
    tasks = [asyncio.create_task(caller(i)) for i in range(int(config["concurrency"]))]
    emit("ready", payload_bytes=len(payload))
    while True:
        command = await next_command()
        if command["cmd"] != "run":
            break
        pacer.set_rate(float(command.get("rate", 0.0)))
        elapsed, cpu = await counted_window(command, state, latencies)
        emit(
            "result",
            seconds=elapsed,
            calls=state["n"],
            rpc_per_s=state["n"] / elapsed,
            rtt=latency_summary(latencies),
            loadgen_cpu_s=cpu,
        )
    state["stopping"] = True
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in channels:
        await channel.close()


# --------------------------------------------------------------------------------------------
# bare-play: play's message pattern with nothing behind it
# --------------------------------------------------------------------------------------------


async def bare_play_main(config: dict[str, Any]) -> None:
    channels = open_channels(config["address"], int(config.get("channels", 8)))
    for channel in channels:
        await channel.channel_ready()
    rooms = int(config["rooms"])
    size = int(config["update_bytes"])
    padding = b"a" * max(0, len(act_sized_request()) - TABLE_HEADER.size)
    plays: list[Any] = [c.unary_unary(TABLE_PLAY) for c in channels]
    watches: list[Any] = [c.unary_stream(TABLE_WATCH) for c in channels]
    metadata = (("authorization", "Bearer " + "x" * 43),)
    state = {"counting": False, "stopping": False, "n": 0}
    latencies: list[float] = []
    sent: dict[tuple[int, int], float] = {}

    async def play(room: int, player: int, version: int, waiting: int) -> None:
        request = TABLE_HEADER.pack(room, version, waiting, size) + padding
        sent[room, version] = time.perf_counter()
        sent.pop((room, version - 8), None)  # every stream has had it by now
        await plays[player % len(plays)](request, metadata=metadata, timeout=10)
        if state["counting"]:
            state["n"] += 1

    async def seat(room: int, seat: int) -> None:
        player = 4 * room + seat
        call = watches[player % len(watches)](str(room).encode(), metadata=metadata)
        try:
            async for update in call:
                version, waiting = UPDATE_HEADER.unpack_from(update)
                started = sent.get((room, version))
                if waiting != (seat + 1) % 4 and started is not None and state["counting"]:
                    latencies.append(time.perf_counter() - started)  # the others' streams
                if waiting == seat and not state["stopping"]:
                    await play(room, player, version + 1, (seat + 1) % 4)
        except grpc.aio.AioRpcError:
            if not state["stopping"]:
                raise

    tasks = [asyncio.create_task(seat(r, s)) for r in range(rooms) for s in range(4)]
    counter: Any = channels[0].unary_unary(TABLE_COUNT)
    while int(await counter(b"", timeout=10)) < 4 * rooms:
        await asyncio.sleep(0.05)
    for room in range(rooms):  # seat 0 of every table plays first
        await play(room, 4 * room, 1, 1)
    emit("ready", payload_bytes=TABLE_HEADER.size + len(padding))
    while True:
        command = await next_command()
        if command["cmd"] != "run":
            break
        elapsed, cpu = await counted_window(command, state, latencies)
        emit(
            "result",
            seconds=elapsed,
            accepted=state["n"],
            actions_per_s=state["n"] / elapsed,
            act_to_others=latency_summary(latencies),
            loadgen_cpu_s=cpu,
        )
    state["stopping"] = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in channels:
        await channel.close()


# --------------------------------------------------------------------------------------------
# cas: the bare Redis compare-and-set baseline
# --------------------------------------------------------------------------------------------

CAS_SCRIPT = """
-- The smallest honest version of Cercle's commit: compare a version, write a 2 KB state and
-- append it to a log stream, atomically.
-- KEYS[1] version, KEYS[2] state, KEYS[3] log stream; ARGV[1] expected version, ARGV[2] state
-- Returns {1, new version} or {0, current version}.
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current ~= tonumber(ARGV[1]) then return {0, current} end
redis.call('SET', KEYS[1], current + 1)
redis.call('SET', KEYS[2], ARGV[2])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', '1000', '*', 'state', ARGV[2])
return {1, current + 1}
"""


async def cas_main(config: dict[str, Any]) -> None:
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(config["redis_url"], single_connection_client=True)
    script = client.register_script(CAS_SCRIPT)
    keys = ["bench:cas:version", "bench:cas:state", "bench:cas:log"]
    state = os.urandom(1024).hex()  # 2 KB of text, like an encoded match state
    await client.delete(*keys)
    version = 0
    for _ in range(200):  # warm-up (and the script gets loaded)
        _, version = await script(keys=keys, args=[version, state])
    seconds = float(config.get("seconds", 3.0))
    done = conflicts = 0
    latencies: list[float] = []
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        ok, version = await script(keys=keys, args=[version, state])
        latencies.append(time.perf_counter() - started)
        done += 1
        conflicts += ok == 0
    elapsed = time.perf_counter() - t0
    await client.delete(*keys)
    await client.aclose()
    emit(
        "result",
        seconds=elapsed,
        ops=done,
        ops_per_s=done / elapsed,
        conflicts=conflicts,
        rtt=latency_summary(latencies),
    )


# --------------------------------------------------------------------------------------------
# streams: many subscribers of a few rooms, and one update fanned out
# --------------------------------------------------------------------------------------------


@dataclass
class Arrivals:
    expected: int
    fired_at: float = 0.0
    times: list[float] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    sizes: list[int] = field(default_factory=list)

    def arrived(self, size: int = 0) -> None:
        self.times.append(time.perf_counter())
        if len(self.sizes) < 50 and size:
            self.sizes.append(size)
        if len(self.times) >= self.expected:
            self.done.set()

    def summary(self) -> dict[str, Any]:
        delays = [t - self.fired_at for t in self.times]
        return {
            "expected": self.expected,
            "received": len(self.times),
            "to_all_ms": (max(delays) * 1000) if len(delays) >= self.expected else None,
            "spread": latency_summary(delays),
            "update_bytes": (sum(self.sizes) / len(self.sizes)) if self.sizes else 0,
        }


async def streams_main(config: dict[str, Any]) -> None:
    channels = open_channels(config["address"], int(config.get("channels", 50)))
    room_count = int(config["rooms"])
    spectator_count = int(config["spectators"])
    started = time.perf_counter()
    # Rooms: two seated players each, the match started, nobody's clock running.
    seated = [Player(f"seat-{i}", channels[i % len(channels)]) for i in range(2 * room_count)]
    await bounded([p.login for p in seated], 16)
    opened = await bounded(
        [
            functools.partial(
                open_room, seated[2 * i : 2 * i + 2], "tomahawk", {"turn_seconds": "0"}
            )
            for i in range(room_count)
        ],
        4,
    )
    rooms = [room_id for room_id, _ in opened]
    spectators = [
        Player(f"spectator-{i}", channels[i % len(channels)]) for i in range(spectator_count)
    ]
    await bounded([p.login for p in spectators], 64)
    logged_in = time.perf_counter()

    # The rooms are private: spectators join with the join code the host sees.
    codes: dict[str, str] = {}
    for index, room_id in enumerate(rooms):
        host = seated[2 * index]
        view = await host.game.GetView(
            game_pb2.GetViewRequest(room_id=room_id), metadata=host.metadata, timeout=30
        )
        codes[room_id] = view.room.join_code

    async def join_with_code(player: Player, room_id: str) -> None:
        await retrying(
            lambda: player.lobby.JoinRoom(
                lobby_pb2.JoinRoomRequest(
                    room_id=room_id, join_code=codes[room_id], spectator=True
                ),
                metadata=player.metadata,
                timeout=60,
            )
        )

    per_room = [spectators[i::room_count] for i in range(room_count)]
    # Two joins at a time per room (each rewrites the room: more would only conflict), all
    # rooms at once.
    await asyncio.gather(
        *(
            bounded([functools.partial(join_with_code, p, r) for p in members], 2)
            for r, members in zip(rooms, per_room, strict=True)
        )
    )
    joined = time.perf_counter()
    seqs: dict[str, int] = {}
    for index, room_id in enumerate(rooms):
        host = seated[2 * index]
        view = await host.game.GetView(
            game_pb2.GetViewRequest(room_id=room_id), metadata=host.metadata, timeout=30
        )
        seqs[room_id] = view.room.seq
    emit(
        "joined",
        rooms=room_count,
        spectators=spectator_count,
        login_s=logged_in - started,
        join_s=joined - logged_in,
    )
    command = await next_command()
    if command["cmd"] != "open":
        return
    subscribers = [(p, rooms[i % room_count]) for i, p in enumerate(spectators)]
    subscribers += [(p, rooms[i // 2]) for i, p in enumerate(seated)]
    arrivals = Arrivals(expected=len(subscribers))
    failures = {"resubscribes": 0, "gave_up": 0}
    why: dict[str, int] = {}

    async def subscribe(player: Player, room_id: str) -> None:
        for attempt in range(20):
            call = player.game.Subscribe(
                game_pb2.SubscribeRequest(room_id=room_id, after_seq=seqs[room_id]),
                metadata=player.metadata,
            )
            try:
                async for update in call:
                    if update.kind in ACTION_KINDS:
                        arrivals.arrived(update.ByteSize())
                return
            except grpc.aio.AioRpcError as exc:
                failures["resubscribes"] += 1
                reason = f"{exc.code().name}: {exc.details()}"[:120]
                why[reason] = why.get(reason, 0) + 1
            finally:
                call.cancel()
            await asyncio.sleep(0.2 * (attempt + 1))
        failures["gave_up"] += 1

    tasks: list[asyncio.Task[None]] = []
    for batch in range(0, len(subscribers), 50):
        for player, room_id in subscribers[batch : batch + 50]:
            tasks.append(asyncio.create_task(subscribe(player, room_id)))
        await asyncio.sleep(0.02)
    emit("opening", streams=len(subscribers), open_s=time.perf_counter() - joined)
    command = await next_command()
    if command["cmd"] == "fire":
        # One action in every room at once: the seat each room waits for plays.
        movers = []
        for index, room_id in enumerate(rooms):
            host = seated[2 * index]
            view = await host.game.GetView(
                game_pb2.GetViewRequest(room_id=room_id), metadata=host.metadata, timeout=30
            )
            mover = seated[2 * index + view.waiting_for[0]] if view.waiting_for else host
            legal = await mover.game.ListLegalActions(
                game_pb2.ListLegalActionsRequest(room_id=room_id),
                metadata=mover.metadata,
                timeout=30,
            )
            movers.append((mover, room_id, legal))
        arrivals.fired_at = time.perf_counter()
        await asyncio.gather(
            *(
                m.game.Act(
                    game_pb2.ActRequest(
                        room_id=r,
                        version=legal.version,
                        idempotency_key=uuid.uuid4().hex,
                        action=legal.actions[0],
                    ),
                    metadata=m.metadata,
                    timeout=60,
                )
                for m, r, legal in movers
            )
        )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(arrivals.done.wait(), timeout=float(config.get("wait", 60)))
        emit("result", **failures, resubscribe_reasons=why, **arrivals.summary())
        await next_command()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in channels:
        await channel.close()


async def bare_streams_main(config: dict[str, Any]) -> None:
    channels = open_channels(config["address"], int(config.get("channels", 50)))
    count = int(config["streams"])
    payload = os.urandom(max(1, int(config.get("payload_bytes", 500))))
    for channel in channels:
        await channel.channel_ready()
    emit("connected")
    command = await next_command()
    if command["cmd"] != "open":
        return
    arrivals = Arrivals(expected=count)

    async def watch(channel: grpc.aio.Channel) -> None:
        watch_call: Any = channel.unary_stream(WATCH)
        call = watch_call(b"")
        try:
            async for message in call:
                arrivals.arrived(len(message))
        except grpc.aio.AioRpcError:
            pass
        finally:
            call.cancel()

    tasks: list[asyncio.Task[None]] = []
    started = time.perf_counter()
    for batch in range(0, count, 50):
        for i in range(batch, min(count, batch + 50)):
            tasks.append(asyncio.create_task(watch(channels[i % len(channels)])))
        await asyncio.sleep(0.02)
    counter: Any = channels[0].unary_unary(COUNT)
    deadline = time.perf_counter() + 60
    open_now = 0
    while time.perf_counter() < deadline:
        open_now = int(await counter(b"", timeout=10))
        if open_now >= count:
            break
        await asyncio.sleep(0.1)
    emit("opened", streams=open_now, open_s=time.perf_counter() - started)
    command = await next_command()
    if command["cmd"] == "fire":
        arrivals.fired_at = time.perf_counter()
        fire: Any = channels[0].unary_unary(FIRE)
        await fire(payload, timeout=60)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(arrivals.done.wait(), timeout=float(config.get("wait", 60)))
        emit("result", **arrivals.summary())
        await next_command()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in channels:
        await channel.close()


# --------------------------------------------------------------------------------------------


async def main(config: dict[str, Any]) -> None:
    mode = config["mode"]
    if mode == "play":
        await PlayGenerator(config).main()
    elif mode == "echo":
        await echo_main(config)
    elif mode == "cas":
        await cas_main(config)
    elif mode == "streams":
        await streams_main(config)
    elif mode == "bare-streams":
        await bare_streams_main(config)
    elif mode == "bare-play":
        await bare_play_main(config)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    try:
        asyncio.run(main(json.loads(sys.argv[1])))
    except Exception as exc:
        traceback.print_exc()
        emit("error", message=f"{type(exc).__name__}: {exc}")
        raise SystemExit(1) from None
