"""Load generators, each run in its own process: ``python -m bench.loadgen '<json config>'``.

Modes (``config["mode"]``):

``play``
    ``rooms`` concurrent rooms of ``game`` (``tomahawk``, the default, 4 seats; ``tamashii``
    and ``tomy``, 4 seats; ``awimbawe``, 2 seats; no clocks) played through the real API,
    as the real clients (web app, CLI, SDKs) play: every player holds its own Subscribe
    stream and acts on what that stream tells it, with no rules of its own. ``pattern``:

    ``choices`` (default)
        every update that carries a view carries the player's ``choices``: a non-empty list
        gets one Act, an action picked at random (seeded, ``seed``) among them, sent as
        listed (a play offered with and without TOMAHAWK! is two choices; a Tomy story is
        its template) with that update's ``version``. No other call.
    ``poll``
        the pattern the web app and the CLI had before the choices were pushed: after every
        update that carries a view, the player calls ListLegalActions and picks from that
        answer (with the answer's ``version``).

    A refusal (another seat moved first: STALE_VERSION, TOO_LATE, NOT_YOUR_TURN...) is
    counted by reason and the player waits for its next update; nothing is retried. Each
    player reads its stream without pause, as the web app does (every update is drawn as it
    comes, the player's own move in flight or not), so an update is timed when it arrives;
    an update that asks something of a player whose Act is still in flight is acted on once
    that Act is answered (the newest such update only). After an accepted Act, the updates
    from before it (older than the ActResponse's version) are not acted on, as a client that
    knows its own move landed would do. A
    finished room is replaced by a new one. Measures accepted actions/s, the latency from
    sending an Act to the resulting update arriving on each of the OTHER players' streams,
    and the bytes every finished match put on the wire each way (``ByteSize()`` of every
    message the players sent and received, Subscribe to the last final update). ``rate``
    (actions/s, 0 = flat out) paces all rooms together. A room that shows no progress for
    3 s is kicked: its waited-for seat reads GetView and acts on the view's choices (counted
    as ``kicks``; none is expected). Commands: ``run`` (a measured window) and ``wire``
    (play on until ``matches`` matches have finished since the start, or ``timeout`` s: their
    bytes each way, per match and per move; a Tomahawk match to 100 outlasts a window).
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
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import grpc
from cercle.v1 import (
    common_pb2,
    game_pb2,
    game_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
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
from bench.common import GcPauses, LoopLag, cpu_seconds, latency_summary, lift_limits
from clients.api_error import api_error
from clients.options import room_options

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
    request.options.CopyFrom(room_options(game_id, options))
    created = await retrying(
        lambda: host.lobby.CreateRoom(request, metadata=host.metadata, timeout=60)
    )
    room = created.room
    seats = {0: host}
    for player in players[1:]:
        joined = await retrying(
            functools.partial(
                player.lobby.JoinRoom,
                lobby_pb2.JoinRoomRequest(join_code=room.join_code),
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


# --------------------------------------------------------------------------------------------
# play: concurrent rooms through the API
# --------------------------------------------------------------------------------------------

GAMES: dict[str, tuple[int, dict[str, str]]] = {
    "tomahawk": (4, {"turn_seconds": "0", "target_score": "100"}),
    "tamashii": (4, {"decision_seconds": "0"}),
    "tomy": (4, {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"}),
    "awimbawe": (2, {"decision_seconds": "0"}),
}
"""Each game ``play`` can drive: seats per room and the room's options (no clocks)."""
PATTERNS = ("choices", "poll")
"""How a player learns what it may do: ``choices`` from its own stream's updates (every real
client now), ``poll`` by calling ListLegalActions after each update (the clients before)."""


def pick(actions: Sequence[game_pb2.Action], rng: random.Random) -> game_pb2.Action:
    """One of the listed actions, uniformly: no rules, no preference. A play listed twice (with
    and without TOMAHAWK!) is two choices like any other; a Tomy story is sent as listed
    (its template)."""
    return actions[rng.randrange(len(actions))]


@dataclass
class PlayStats:
    counting: bool = False
    accepted: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    polls: int = 0
    errors: int = 0
    rate_limited: int = 0
    kicks: int = 0
    restarts: int = 0
    resubscribes: int = 0
    latencies: list[float] = field(default_factory=list)
    act_rtt: list[float] = field(default_factory=list)
    update_bytes: list[int] = field(default_factory=list)
    matches: list[MatchWire] = field(default_factory=list)
    bytes_to_server: int = 0
    bytes_to_clients: int = 0


@dataclass
class MatchWire:
    """What one match put on the wire (protobuf payloads as serialized, ``ByteSize()``; the
    gRPC 5-byte message prefix and HTTP/2 framing come on top), from the Subscribe requests
    to the last seat's final update; the lobby calls that set the room up are left out."""

    to_server: int = 0
    to_clients: int = 0
    messages_to_server: int = 0
    messages_to_clients: int = 0
    accepted: int = 0

    def sent(self, message: Any) -> None:
        self.to_server += message.ByteSize()
        self.messages_to_server += 1

    def received(self, message: Any) -> None:
        self.to_clients += message.ByteSize()
        self.messages_to_clients += 1


class Pacer:
    """Spaces sends at most ``rate`` per second over all rooms (0: no pacing; a negative
    rate holds every send until the next :meth:`set_rate`: the generator rests while
    another one is measured)."""

    def __init__(self) -> None:
        self.interval = 0.0
        self.next = 0.0
        self.resumed = asyncio.Event()
        self.resumed.set()

    @property
    def holding(self) -> bool:
        return not self.resumed.is_set()

    def set_rate(self, rate: float) -> None:
        self.interval = 1.0 / rate if rate > 0 else 0.0
        self.next = 0.0
        if rate < 0:
            self.resumed.clear()
        else:
            self.resumed.set()

    async def wait(self) -> None:
        await self.resumed.wait()
        if not self.interval:
            return
        now = time.perf_counter()
        slot = max(now, self.next)
        self.next = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)


class Table:
    """One room slot: its players, their streams, and the room replacing a finished one.

    Every player acts on its own stream, as a real client does: an update that carries a
    view carries the player's choices (``pattern="choices"``), or the player asks
    ListLegalActions for them (``pattern="poll"``); a non-empty list gets one Act, chosen at
    random, with that update's version. A refusal (another seat moved first: STALE_VERSION,
    TOO_LATE, NOT_YOUR_TURN...) is counted, and the player waits for its next update."""

    def __init__(self, gen: PlayGenerator, players: list[Player]) -> None:
        self.gen = gen
        self.players = players
        self.seats: dict[int, Player] = {}
        self.room_id = ""
        self.sent: dict[int, float] = {}
        self.acted: dict[int, int] = {}
        self.acting: set[int] = set()
        """Seats with an Act (or a poll and its Act) in flight."""
        self.waiting: dict[int, game_pb2.SubscribeResponse] = {}
        """Per seat with an Act in flight, the newest update that asks something of it."""
        self.finished: set[int] = set()
        self.wire = MatchWire()
        self.over = False
        self.last_progress = time.perf_counter()
        self.tasks: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        self.room_id, self.seats = await open_room(
            self.players, self.gen.game_id, self.gen.room_options
        )
        self.sent.clear()
        self.acted = {}
        self.acting = set()
        self.waiting = {}
        self.finished = set()
        self.wire = MatchWire()
        self.over = False
        self.last_progress = time.perf_counter()
        self.tasks = [asyncio.create_task(self.stream(s, p)) for s, p in self.seats.items()]

    async def restart(self) -> None:
        for task in self.tasks:
            if task is not asyncio.current_task():
                task.cancel()
        await asyncio.gather(
            *(t for t in self.tasks if t is not asyncio.current_task()), return_exceptions=True
        )
        if self.gen.stopping:
            return
        await self.open()
        self.gen.stats.restarts += 1

    def sent_message(self, message: Any) -> None:
        self.wire.sent(message)
        if self.gen.stats.counting:
            self.gen.stats.bytes_to_server += message.ByteSize()

    def received_message(self, message: Any) -> None:
        self.wire.received(message)
        if self.gen.stats.counting:
            self.gen.stats.bytes_to_clients += message.ByteSize()

    async def stream(self, seat: int, player: Player) -> None:
        """The seat's updates; resubscribes from the last cursor when the server drops it
        (as the SDK's ``Client.updates`` does)."""
        cursor = ""
        for _ in range(100):
            request = game_pb2.SubscribeRequest(room_id=self.room_id, resume_cursor=cursor)
            self.sent_message(request)
            call = player.game.Subscribe(request, metadata=player.metadata)
            try:
                async for update in call:
                    cursor = update.cursor
                    self.received_message(update)
                    if await self.on_update(seat, update):
                        return
                return
            except grpc.aio.AioRpcError:
                if self.gen.stopping:
                    return
                self.gen.stats.resubscribes += 1
            finally:
                call.cancel()
            await asyncio.sleep(0.1)

    async def on_update(self, seat: int, update: game_pb2.SubscribeResponse) -> bool:
        """Handle one update of ``seat``'s stream; True once the seat has seen the end."""
        now = time.perf_counter()
        stats = self.gen.stats
        if update.kind in ACTION_KINDS:
            self.last_progress = now
            if not update.HasField("actor") or update.actor != seat:
                sent = self.sent.get(update.version)
                if sent is not None and stats.counting:
                    stats.latencies.append(now - sent)
                    if len(stats.update_bytes) < 200:
                        stats.update_bytes.append(update.ByteSize())
        if update.HasField("outcome"):
            self.finished.add(seat)
            if len(self.finished) == len(self.seats) and not self.over:
                self.over = True
                if stats.counting:
                    stats.matches.append(self.wire)
                self.gen.finished.append(self.wire)
                self.gen.spawn(self.restart())
            return True
        if (
            update.kind == game_pb2.UPDATE_KIND_LOBBY
            or not update.HasField("view")
            or update.version <= self.acted.get(seat, -1)
            or self.gen.stopping
        ):
            return False
        if self.gen.pattern == "choices" and not update.choices.actions:
            return False
        # The stream goes on being read while the seat acts, as the web app's does (it
        # draws every update as it comes, its own move in flight or not): an update's
        # arrival is timed when it arrives, not once the reader's own Act is answered. An
        # update that asks something of a seat whose Act is still in flight waits for that
        # answer (the app's choices are busy meanwhile); only the newest one is kept.
        if seat in self.acting:
            self.waiting[seat] = update
        else:
            self.respond(seat, update)
        return False

    def respond(self, seat: int, update: game_pb2.SubscribeResponse) -> None:
        """Act (or poll, then act) on ``update`` in a task of the table's own."""
        self.acting.add(seat)
        self.tasks = [t for t in self.tasks if not t.done()]
        self.tasks.append(asyncio.create_task(self.respond_then_next(seat, update)))

    async def respond_then_next(self, seat: int, update: game_pb2.SubscribeResponse) -> None:
        try:
            if self.gen.pattern == "poll":
                await self.poll_and_act(seat)
            else:
                self.acted[seat] = update.version
                await self.act(seat, update.choices.actions, update.version)
        finally:
            self.acting.discard(seat)
        newer = self.waiting.pop(seat, None)
        if (
            newer is not None
            and newer.version > self.acted.get(seat, -1)
            and not (self.over or self.gen.stopping)
        ):
            self.respond(seat, newer)

    async def poll_and_act(self, seat: int) -> None:
        """The old pattern: ask what is legal after every update with a view, then act."""
        player = self.seats[seat]
        request = game_pb2.ListLegalActionsRequest(room_id=self.room_id)
        self.sent_message(request)
        try:
            legal = await player.game.ListLegalActions(
                request, metadata=player.metadata, timeout=10
            )
        except grpc.aio.AioRpcError:
            self.gen.stats.errors += not self.gen.stopping
            return
        self.received_message(legal)
        self.gen.stats.polls += self.gen.stats.counting
        if legal.version <= self.acted.get(seat, -1):
            return
        self.acted[seat] = legal.version
        if legal.actions:
            await self.act(seat, legal.actions, legal.version)

    async def act(self, seat: int, actions: Sequence[game_pb2.Action], version: int) -> None:
        gen = self.gen
        await gen.pacer.wait()
        if gen.stopping:
            return
        await self.send(seat, pick(actions, gen.rng), version)

    async def send(self, seat: int, action: game_pb2.Action, version: int) -> None:
        """One Act; a refusal is counted by reason and nothing else is done. Once accepted,
        the updates still queued on the seat's stream from before its own action (older than
        the version the Act answered) are not acted on: their choices predate it."""
        player = self.seats[seat]
        stats = self.gen.stats
        request = game_pb2.ActRequest(
            room_id=self.room_id, version=version, request_id=uuid.uuid4().hex, action=action
        )
        self.sent_message(request)
        started = time.perf_counter()
        self.sent[version + 1] = started
        if len(self.sent) > 64:
            for old in sorted(self.sent)[:32]:
                del self.sent[old]
        try:
            response = await player.game.Act(request, metadata=player.metadata, timeout=10)
        except grpc.aio.AioRpcError as exc:
            self.sent.pop(version + 1, None)
            if exc.code() in REFUSALS:
                if stats.counting:
                    reason = api_error(exc).reason
                    stats.refused[reason] = stats.refused.get(reason, 0) + 1
            elif exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                stats.rate_limited += 1
            elif not self.gen.stopping:
                stats.errors += 1
            return
        self.received_message(response)
        self.acted[seat] = max(self.acted.get(seat, -1), response.version - 1)
        self.wire.accepted += 1
        if stats.counting:
            stats.accepted += 1
            stats.act_rtt.append(time.perf_counter() - started)

    async def kick(self) -> None:
        """A room that made no progress for a while (none seen so far): read the view of the
        seat it waits for and act on its choices, counted as a kick."""
        if self.over or not self.room_id:
            return
        try:
            host = self.seats[0]
            view = await host.game.GetView(
                game_pb2.GetViewRequest(room_id=self.room_id), metadata=host.metadata, timeout=10
            )
            if view.HasField("outcome"):
                if not self.over:  # a seat's stream missed the end
                    self.over = True
                    self.gen.spawn(self.restart())
                return
            if not view.waiting_for:
                return
            seat = view.waiting_for[0]
            mover = self.seats[seat]
            if mover is not host:
                view = await mover.game.GetView(
                    game_pb2.GetViewRequest(room_id=self.room_id),
                    metadata=mover.metadata,
                    timeout=10,
                )
            self.gen.stats.kicks += 1
            self.last_progress = time.perf_counter()
            if view.choices.actions:
                await self.act(seat, view.choices.actions, view.room.version)
        except grpc.aio.AioRpcError:
            self.gen.stats.errors += 1


def wire_summary(matches: Sequence[MatchWire]) -> dict[str, Any]:
    """Bytes and messages per finished match, each way, averaged over the window's matches."""
    n = len(matches)
    if not n:
        return {"matches": 0}
    return {
        "matches": n,
        "to_clients_bytes": sum(m.to_clients for m in matches) / n,
        "to_server_bytes": sum(m.to_server for m in matches) / n,
        "messages_to_clients": sum(m.messages_to_clients for m in matches) / n,
        "messages_to_server": sum(m.messages_to_server for m in matches) / n,
        "accepted_per_match": sum(m.accepted for m in matches) / n,
        # Matches differ in length: the same bytes per accepted move of those matches.
        "to_clients_bytes_per_move": sum(m.to_clients for m in matches)
        / max(1, sum(m.accepted for m in matches)),
        "to_server_bytes_per_move": sum(m.to_server for m in matches)
        / max(1, sum(m.accepted for m in matches)),
    }


class PlayGenerator:
    def __init__(self, config: dict[str, Any]) -> None:
        self.gc_pauses = GcPauses()
        self.loop_lag = LoopLag()
        self.config = config
        self.channels = open_channels(config["address"], int(config.get("channels", 8)))
        self.game_id = str(config.get("game", "tomahawk"))
        self.pattern = str(config.get("pattern", "choices"))
        if self.game_id not in GAMES:
            raise SystemExit(f"unknown game {self.game_id!r}")
        if self.pattern not in PATTERNS:
            raise SystemExit(f"unknown pattern {self.pattern!r}")
        self.seats_per_room, options = GAMES[self.game_id]
        self.room_options = dict(options)
        if "target_score" in config:
            self.room_options["target_score"] = str(config["target_score"])
        self.rng = random.Random(int(config.get("seed", 1)))
        self.stats = PlayStats()
        self.pacer = Pacer()
        self.stopping = False
        self.tables: list[Table] = []
        self.finished: list[MatchWire] = []
        """Every match finished since the generator started (for the ``wire`` command)."""
        self._background: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, keeping a reference until it is done."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def wire(self, matches: int, timeout: float) -> dict[str, Any]:
        """Play on (unpaced) until ``matches`` matches have finished since the start, or
        ``timeout`` seconds: what they put on the wire, each way, per match."""
        self.pacer.set_rate(0)
        started = time.perf_counter()
        while len(self.finished) < matches and time.perf_counter() - started < timeout:
            await asyncio.sleep(0.2)
        return {"waited_s": time.perf_counter() - started, **wire_summary(self.finished)}

    async def setup(self) -> None:
        rooms = int(self.config["rooms"])
        size = self.seats_per_room
        players = [
            Player(f"bench-{i}", self.channels[i % len(self.channels)]) for i in range(size * rooms)
        ]
        await bounded([p.login for p in players], 32)
        self.tables = [Table(self, players[size * i : size * i + size]) for i in range(rooms)]
        await bounded([t.open for t in self.tables], 8)

    async def watchdog(self) -> None:
        while not self.stopping:
            await asyncio.sleep(1.0)
            now = time.perf_counter()
            for table in self.tables:
                if self.pacer.holding:  # resting: no table is stalled
                    table.last_progress = now
                elif now - table.last_progress > 3.0:
                    table.last_progress = now
                    self.spawn(table.kick())

    async def run(self, seconds: float, warmup: float, rate: float) -> dict[str, Any]:
        self.pacer.set_rate(rate)
        await asyncio.sleep(warmup)
        self.stats = PlayStats(counting=True)
        self.gc_pauses.reset()
        self.loop_lag.reset()
        cpu0, t0 = cpu_seconds(os.getpid()), time.perf_counter()
        emit("window_start")
        await asyncio.sleep(seconds)
        self.stats.counting = False
        elapsed = time.perf_counter() - t0
        emit("window_end")
        stats = self.stats
        return {
            "game": self.game_id,
            "pattern": self.pattern,
            "seconds": elapsed,
            "rate_asked": rate,
            "accepted": stats.accepted,
            "actions_per_s": stats.accepted / elapsed,
            "refused": sum(stats.refused.values()),
            "refused_by_reason": stats.refused,
            "polls": stats.polls,
            "errors": stats.errors,
            "rate_limited": stats.rate_limited,
            "kicks": stats.kicks,
            "restarts": stats.restarts,
            "resubscribes": stats.resubscribes,
            "act_to_others": latency_summary(stats.latencies),
            # Every sample (ms), for figures pooled over several windows.
            "act_to_others_ms": [round(x * 1000, 3) for x in stats.latencies]
            if self.config.get("samples")
            else [],
            "act_rtt_ms": [round(x * 1000, 3) for x in stats.act_rtt]
            if self.config.get("samples")
            else [],
            "act_rtt": latency_summary(stats.act_rtt),
            "update_bytes": (sum(stats.update_bytes) / len(stats.update_bytes))
            if stats.update_bytes
            else 0,
            "wire_per_match": wire_summary(stats.matches),
            # Every message of the window, finished matches or not, per accepted move.
            "wire_per_move": {
                "to_clients_bytes": stats.bytes_to_clients / max(1, stats.accepted),
                "to_server_bytes": stats.bytes_to_server / max(1, stats.accepted),
            },
            "loadgen_cpu_s": cpu_seconds(os.getpid()) - cpu0,
            "loadgen_gc": self.gc_pauses.snapshot(),
            "loadgen_loop_lag": self.loop_lag.snapshot(),
        }

    async def main(self) -> None:
        self.loop_lag.start()
        await self.setup()
        watchdog = asyncio.create_task(self.watchdog())
        emit("ready", rooms=len(self.tables), game=self.game_id, pattern=self.pattern)
        while True:
            command = await next_command()
            if command["cmd"] == "wire":
                wire = await self.wire(int(command["matches"]), float(command["timeout"]))
                emit("wire", **wire)
                continue
            if command["cmd"] == "pace":
                # Rest (a negative rate) or play at a rate, outside any window.
                self.pacer.set_rate(float(command["rate"]))
                emit("paced", rate=float(command["rate"]))
                continue
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
        self.loop_lag.stop()
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
    request.request_id = uuid.uuid4().hex
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
                lobby_pb2.JoinRoomRequest(join_code=codes[room_id], spectator=True),
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
    starts: dict[str, str] = {}  # where each room's streams begin: its cursor now
    for index, room_id in enumerate(rooms):
        host = seated[2 * index]
        view = await host.game.GetView(
            game_pb2.GetViewRequest(room_id=room_id), metadata=host.metadata, timeout=30
        )
        starts[room_id] = view.cursor
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
                game_pb2.SubscribeRequest(room_id=room_id, resume_cursor=starts[room_id]),
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
                        request_id=uuid.uuid4().hex,
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
    lift_limits()
    try:
        asyncio.run(main(json.loads(sys.argv[1])))
    except Exception as exc:
        traceback.print_exc()
        emit("error", message=f"{type(exc).__name__}: {exc}")
        raise SystemExit(1) from None
