"""The soak's players: tables of scripted humans and server bots playing match after match
of every game through the public gRPC API, and what each client was told, kept for the audit.

A human plays like the fault tests' players (``tests/faults``): legal actions, then a random
one after a short think, sent with a fresh idempotency key and sent again with the SAME key
while its fate is unknown; a stream that breaks is opened again after the last seq it
received. The soak retries INTERNAL and UNKNOWN too (with the same key, which is always safe)
and counts every retried status, so the report shows what clients were told; an INTERNAL or
UNKNOWN answered by a replica is a fault the report's targets count (a store error or a
client's input must never yield one), while a stream the edge reset because the replica
serving it was killed (HTTP/2 RST_STREAM, which gRPC reports as INTERNAL without any
``ErrorInfo``) is the transport, labelled ``RESET``. Now and then a human lets
its clock run out, so timeouts (and, after three in a row, a bot taking the seat over) happen
all the time. Every loop is bounded in count and in time.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

import grpc
from cercle.v1 import game_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from tests.faults.helpers import Ack, action_json, pick_action, refusal

T = TypeVar("T")

GAMES = ("tomahawk", "tamashii", "tomy", "awimbawe")
BOT_DELAY = 0.3
"""Seconds a bot waits before its move (every bot move is a deadline the timer loop fires)."""
THINK_SECONDS = (0.05, 0.5)
IDLE_CHANCE = 0.12
"""How often a human lets a decision wait (its clock may then run out)."""
CALL_SECONDS = 60.0
"""How long a client keeps retrying one call whose outcome is unknown."""
CALL_ATTEMPTS = 300
MAX_MATCHES = 1000
MAX_DECISIONS = 100_000
MAX_RESUMES = 5000
UNSURE_CODES = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.UNKNOWN,
    }
)
"""Statuses after which a call's fate is unknown: ask again (an Act with the same key)."""
RETRY_REASONS = frozenset({"RATE_LIMITED", "BUSY", "STORE_UNAVAILABLE"})


@dataclass(frozen=True)
class TableSpec:
    """One table: its game, seats, how many are humans (the rest are bots), options."""

    game: str
    players: int
    humans: int
    options: dict[str, str]


def table_specs(count: int) -> list[TableSpec]:
    """``count`` tables over the four games in turn, with short clocks and short matches."""
    specs: list[TableSpec] = []
    for index in range(count):
        game = GAMES[index % len(GAMES)]
        if game == "tomahawk":
            spec = TableSpec(game, 4, 2, {"turn_seconds": "3", "target_score": "30"})
        elif game == "tamashii":
            spec = TableSpec(game, 3, 2, {"decision_seconds": "3"})
        elif game == "tomy":
            options = {"story_seconds": "3", "vote_seconds": "3", "tie_seconds": "2"}
            spec = TableSpec(game, 4, 2, {**options, "target_score": "3"})
        else:
            spec = TableSpec(game, 2, 1 + (index // len(GAMES)) % 2, {"decision_seconds": "3"})
        specs.append(spec)
    return specs


class GaveUp(Exception):
    """A call whose outcome stayed unknown for ``CALL_SECONDS``."""


def unsure(code: grpc.StatusCode, reason: str) -> bool:
    return code in UNSURE_CODES or reason in RETRY_REASONS


def reset_by_the_edge(code: grpc.StatusCode, message: str) -> bool:
    """A stream or call cut by an HTTP/2 RST_STREAM (Envoy resets the client's stream when
    the replica behind it dies): gRPC reports it as INTERNAL, but no replica answered it."""
    return code == grpc.StatusCode.INTERNAL and "RST_STREAM" in message


def answered_by_a_replica_as_a_bug(code: grpc.StatusCode, message: str) -> bool:
    """INTERNAL or UNKNOWN that a replica answered (not a transport reset)."""
    internal = code == grpc.StatusCode.INTERNAL and not reset_by_the_edge(code, message)
    return internal or code == grpc.StatusCode.UNKNOWN


@dataclass
class Tally:
    """What every client saw, summed over the soak."""

    retried: collections.Counter[str] = field(default_factory=collections.Counter)
    """Statuses a call was retried after, as ``CODE/REASON`` (the ErrorInfo reason, or the
    code again when the status has none), streams as ``Subscribe CODE/REASON``."""
    refused: collections.Counter[str] = field(default_factory=collections.Counter)
    """Acts refused by the rules (races between players), by reason."""
    setups_failed: int = 0
    matches_started: int = 0
    matches_finished: int = 0
    unexpected: list[str] = field(default_factory=list)
    """Errors no scripted client expected (kept short)."""
    server_faults: list[str] = field(default_factory=list)
    """INTERNAL or UNKNOWN statuses a replica answered (kept short; counted in full in
    ``retried``): a target is that there are none."""

    def count(self, label: str, code: grpc.StatusCode, reason: str, message: str) -> None:
        """One retried status: ``label`` is ``CODE/REASON`` (``Subscribe ...`` for streams);
        a transport reset is labelled ``RESET``; a replica's INTERNAL/UNKNOWN is a fault."""
        if reset_by_the_edge(code, message):
            label = label.replace(f"{code.name}/{reason}", "INTERNAL/RESET")
        elif answered_by_a_replica_as_a_bug(code, message):
            self.server_faults.append(f"{label}: {message}"[:300])
        self.retried[label] += 1

    def note(self, what: str) -> None:
        if len(self.unexpected) < 50:
            self.unexpected.append(what[:300])


async def answered(make: Callable[[], Awaitable[T]], tally: Tally) -> T:
    """``make()`` until it answers; a refusal by the rules is raised as :class:`ApiError`,
    an outcome still unknown after ``CALL_SECONDS`` as :class:`GaveUp`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CALL_SECONDS
    for attempt in range(1, CALL_ATTEMPTS + 1):
        try:
            return await make()
        except ApiError as exc:
            if not unsure(exc.code, exc.reason):
                raise
            tally.count(f"{exc.code.name}/{exc.reason}", exc.code, exc.reason, exc.message)
            wait = exc.retry_after if exc.reason == "RATE_LIMITED" else None
        if loop.time() > deadline:
            break
        await asyncio.sleep(min(wait or 0.05 * attempt, 1.0))
    raise GaveUp()


@dataclass
class StreamLog:
    """Every seq one subscriber received, raw (repeats kept), and how often it resumed."""

    name: str
    seqs: list[int] = field(default_factory=list)
    resumes: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class RoomTrack:
    """One match as its clients saw it."""

    room_id: str
    game: str
    seats: dict[str, int]
    """Human player id -> seat."""
    acks: list[Ack] = field(default_factory=list)
    refused: set[str] = field(default_factory=set)
    """Keys refused by the rules (never applied)."""
    abandoned: set[str] = field(default_factory=set)
    """``player:key`` of Acts given up on while their fate was unknown."""
    first_seen: dict[int, float] = field(default_factory=dict)
    """seq -> the wall-clock time the first subscriber received it."""
    streams: list[StreamLog] = field(default_factory=list)
    finished: bool = False


class Follower:
    """One human's Subscribe stream: resumed after the last cursor received, bounded."""

    def __init__(self, room: RoomTrack, name: str, tally: Tally) -> None:
        self.room = room
        self.log = StreamLog(name)
        room.streams.append(self.log)
        self.tally = tally
        self.changed = asyncio.Event()

    async def run(self, client: Client) -> None:
        cursor = ""
        for attempt in range(MAX_RESUMES):
            call = client.game.Subscribe(
                game_pb2.SubscribeRequest(room_id=self.room.room_id, resume_cursor=cursor),
                metadata=client.metadata,
            )
            try:
                async for update in call:
                    self.room.first_seen.setdefault(update.seq, time.time())
                    self.log.seqs.append(update.seq)
                    cursor = update.cursor
                    if update.HasField("outcome"):
                        self.room.finished = True
                    self.changed.set()
                self.log.errors.append("ended by the server")
            except grpc.aio.AioRpcError as exc:
                refused = refusal(exc)
                self.log.errors.append(str(refused))
                if not unsure(refused.code, refused.reason):
                    self.tally.note(f"stream {self.log.name}: {refused}")
                    return
                reason = refused.reason or refused.code.name
                label = f"Subscribe {refused.code.name}/{reason}"
                self.tally.count(label, refused.code, reason, refused.message)
            finally:
                call.cancel()
            self.log.resumes += 1
            await asyncio.sleep(min(0.1 * (attempt % 10 + 1), 1.0))

    async def wait_change(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), seconds)
        self.changed.clear()


@dataclass
class Human:
    name: str
    client: Client


class Tables:
    """Runs every table until :attr:`stop` is set and keeps every started match's track."""

    def __init__(self, address: str, specs: list[TableSpec], seed: int) -> None:
        self.address = address
        self.specs = specs
        self.seed = seed
        self.tally = Tally()
        self.rooms: list[RoomTrack] = []
        self.stop = asyncio.Event()

    @property
    def acknowledged(self) -> int:
        return sum(len(room.acks) for room in self.rooms)

    async def run(self) -> None:
        await asyncio.gather(*(self._table(i, spec) for i, spec in enumerate(self.specs)))

    async def _table(self, index: int, spec: TableSpec) -> None:
        rng = random.Random(self.seed * 1000 + index)
        humans = [
            Human(f"T{index} {spec.game} {h + 1}", Client(self.address)) for h in range(spec.humans)
        ]
        try:
            for human in humans:
                await answered(functools.partial(human.client.login, human.name), self.tally)
            for match in range(MAX_MATCHES):
                if self.stop.is_set():
                    return
                room = await self._open_match(spec, humans, match, rng)
                if room is None:
                    self.tally.setups_failed += 1
                    await asyncio.sleep(1.0)
                    continue
                await self._play_match(room, humans, rng)
        except Exception as exc:  # a table that stops early is a finding, not a crash
            self.tally.note(f"table {index} ({spec.game}) stopped: {exc!r}")
        finally:
            for human in humans:
                await human.client.close()

    async def _open_match(
        self, spec: TableSpec, humans: list[Human], match: int, rng: random.Random
    ) -> RoomTrack | None:
        """Create a private room (the host turns with each match), seat the bots in the last
        seats and the humans in the first, ready everyone, start. None if a step failed."""
        host = humans[match % len(humans)]
        level = rng.choice(("random", "strong"))
        try:
            room = await answered(
                lambda: host.client.create_room(
                    spec.game,
                    players=spec.players,
                    options=spec.options,
                    private=True,
                    bot_delay=BOT_DELAY,
                ),
                self.tally,
            )
            room_id = room.room_id
            for seat in range(spec.humans, spec.players):
                try:
                    add = functools.partial(host.client.add_bot, room_id, level, seat)
                    await answered(add, self.tally)
                except ApiError as exc:  # a retried AddBot that had been applied
                    if exc.reason != "SEAT_TAKEN":
                        raise
            seats = {host.client.player_id: 0}
            for human in humans:
                if human is not host:
                    join = functools.partial(human.client.join, room_id, code=room.join_code)
                    joined = await answered(join, self.tally)
                    seats[human.client.player_id] = joined.seat
            for human in humans:
                await answered(functools.partial(human.client.ready, room_id), self.tally)
            try:
                await answered(lambda: host.client.start(room_id), self.tally)
            except ApiError as exc:  # a retried StartMatch that had been applied
                if exc.reason != "MATCH_STARTED":
                    raise
        except ApiError as exc:
            if exc.reason == "TOO_MANY_ROOMS":  # the host's hourly quota: a new session
                with contextlib.suppress(ApiError, GaveUp):
                    await answered(lambda: host.client.login(host.name), self.tally)
            else:
                self.tally.note(f"setup {spec.game}: {exc.code.name}/{exc.reason}")
            return None
        except GaveUp:
            return None
        track = RoomTrack(room_id, spec.game, seats)
        self.rooms.append(track)
        self.tally.matches_started += 1
        return track

    async def _play_match(self, room: RoomTrack, humans: list[Human], rng: random.Random) -> None:
        followers = [Follower(room, h.name, self.tally) for h in humans]
        tasks = [
            asyncio.create_task(f.run(h.client)) for f, h in zip(followers, humans, strict=True)
        ]
        tasks += [
            asyncio.create_task(self._human(room, h, f, random.Random(rng.random())))
            for h, f in zip(humans, followers, strict=True)
        ]
        try:
            for _ in range(MAX_DECISIONS):
                if self.stop.is_set() or room.finished:
                    break
                await asyncio.sleep(0.2)
            if room.finished:
                self.tally.matches_finished += 1
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _human(
        self, room: RoomTrack, human: Human, follower: Follower, rng: random.Random
    ) -> None:
        """Decide on every version: act (after a short think) or, now and then, let it be."""
        idle_version = -1
        for _ in range(MAX_DECISIONS):
            if self.stop.is_set() or room.finished:
                return
            try:
                legal = await answered(lambda: human.client.legal(room.room_id), self.tally)
            except GaveUp:
                continue
            except ApiError as exc:
                self.tally.note(f"legal {room.game}: {exc.code.name}/{exc.reason}")
                return
            if legal.actions and legal.version != idle_version:
                if rng.random() < IDLE_CHANCE:
                    idle_version = legal.version
                else:
                    await asyncio.sleep(rng.uniform(*THINK_SECONDS))
                    action = pick_action(list(legal.actions), rng)
                    await self._act(room, human, action, legal.version)
                    continue
            await follower.wait_change(1.0)

    async def _act(
        self, room: RoomTrack, human: Human, action: game_pb2.Action, version: int
    ) -> None:
        """One Act with a fresh key, sent again with that key until answered."""
        key = uuid.uuid4().hex
        client = human.client
        attempts = 0

        async def once() -> game_pb2.ActResponse:
            nonlocal attempts
            attempts += 1
            return await client.act(room.room_id, action, version, key)

        try:
            answer = await answered(once, self.tally)
        except ApiError as exc:
            room.refused.add(key)
            self.tally.refused[exc.reason] += 1
            return
        except (GaveUp, asyncio.CancelledError) as exc:  # its fate is unknown
            room.abandoned.add(f"{client.player_id}:{key}")
            if isinstance(exc, asyncio.CancelledError):
                raise
            return
        room.acks.append(
            Ack(
                client.player_id,
                key,
                room.seats[client.player_id],
                answer.seq,
                answer.version,
                action_json(room.game, action),
                answer.replayed,
                attempts,
            )
        )
