"""Shared tools of the fault tests: raw status parsing, acts that retry with their key,
raw stream recorders, a durable Redis that can be killed and restarted, a TCP proxy that
loses Redis replies on demand, and the log checker that replays a room through its engine.

Every loop here is bounded in count and in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import grpc
from cercle.v1 import game_pb2
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from clients.sdk import Client
from deploy.local.cluster import Proc, start_redis
from engine import registry
from engine.core import State, Timeout
from services.games import contract_for
from services.rooms.events import RoomEvent
from services.rooms.records import LogEntry, RoomRecord
from services.store import Store, idem_key

if TYPE_CHECKING:  # tools.soak imports this module
    from tools.soak import Report

TRANSPORT_CODES = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.INTERNAL,
    }
)
"""Codes after which an Act's fate is unknown: retry it with the same idempotency key."""

OUT_OF_TURN = ("agilite", "call_sherif", "call_tomahawk")
"""Tomahawk's out-of-turn calls, as ``TomahawkAction`` oneof fields."""

ACTION_KINDS = ("action", "timeout", "bot", "finished")
"""Log entry kinds that apply a match action."""

# ---------------------------------------------------------------------------------------
# Statuses
# ---------------------------------------------------------------------------------------


@dataclass
class Refusal(Exception):
    """A call answered with a non-OK status, with its rich details decoded."""

    code: grpc.StatusCode
    reason: str
    message: str
    retry_delay: float | None = None
    has_error_info: bool = False
    detail_texts: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.code.name}/{self.reason}: {self.message}"

    @property
    def all_text(self) -> str:
        """The message and every detail, as text (for secret checks)."""
        return "\n".join([self.message, *self.detail_texts])


def refusal(exc: grpc.aio.AioRpcError) -> Refusal:
    """Decode a failed call's status, ErrorInfo and RetryInfo."""
    code: grpc.StatusCode = exc.code()
    message: str = exc.details() or ""
    result = Refusal(code, "", message)
    try:
        status = rpc_status.from_call(exc)
    except Exception:  # a malformed status is itself a finding: keep the raw text
        status = None
        result.detail_texts.append("<undecodable grpc-status-details-bin>")
    if status is None:
        return result
    for detail in status.details:
        result.detail_texts.append(str(detail))
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            result.reason = info.reason
            result.has_error_info = True
            result.detail_texts.append(str(info))
        elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
            retry = error_details_pb2.RetryInfo()
            detail.Unpack(retry)
            result.retry_delay = retry.retry_delay.ToNanoseconds() / 1e9
        elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            result.detail_texts.append(str(bad))
        elif detail.Is(error_details_pb2.PreconditionFailure.DESCRIPTOR):
            failure = error_details_pb2.PreconditionFailure()
            detail.Unpack(failure)
            result.detail_texts.append(str(failure))
    return result


# ---------------------------------------------------------------------------------------
# Acting with a key, and recording what was acknowledged
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ack:
    """An Act the server acknowledged to a client."""

    player_id: str
    key: str
    seat: int
    seq: int
    version: int
    action: list[Any]
    replayed: bool
    attempts: int


async def act_once(
    client: Client, room_id: str, action: game_pb2.Action, version: int, key: str
) -> game_pb2.ActResponse:
    """One Act call; a non-OK status is raised as :class:`Refusal`."""
    request = game_pb2.ActRequest(room_id=room_id, version=version, request_id=key, action=action)
    try:
        response = await client.game.Act(request, metadata=client.metadata, timeout=5.0)
    except grpc.aio.AioRpcError as exc:
        raise refusal(exc) from None
    assert isinstance(response, game_pb2.ActResponse)
    return response


async def act_until_answered(
    client: Client,
    room_id: str,
    action: game_pb2.Action,
    version: int,
    *,
    key: str | None = None,
    attempts: int = 40,
    seconds: float = 30.0,
    in_flight: dict[str, float] | None = None,
) -> tuple[game_pb2.ActResponse, int]:
    """Act, retrying with the SAME idempotency key while the outcome is unknown
    (transport errors, STORE_UNAVAILABLE) or the session is rate limited. Returns the
    answer and the number of attempts; a refusal by the rules is raised. ``in_flight``
    maps the key to the moment its current attempt was sent, while it is pending."""
    key = key or uuid.uuid4().hex
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    last: Refusal | None = None
    for attempt in range(1, attempts + 1):
        if in_flight is not None:
            in_flight[key] = loop.time()
        try:
            return await act_once(client, room_id, action, version, key), attempt
        except Refusal as refused:
            last = refused
            transport = refused.code in TRANSPORT_CODES and (
                refused.code != grpc.StatusCode.INTERNAL or not refused.has_error_info
            )
            if refused.reason == "RATE_LIMITED":
                await asyncio.sleep(min(1.0, refused.retry_delay or 0.1))
            elif transport:
                await asyncio.sleep(min(0.05 * attempt, 0.5))
            else:
                raise
        finally:
            if in_flight is not None:
                in_flight.pop(key, None)
        if loop.time() > deadline:
            break
    raise AssertionError(f"Act never answered after {attempts} attempts: {last}")


async def legal_when_answered(
    client: Client, room_id: str, attempts: int = 40
) -> game_pb2.ListLegalActionsResponse:
    """ListLegalActions, asked again (bounded) while the answer is UNAVAILABLE (what a
    client does: the store or a replica is away for a moment)."""
    last: Refusal | None = None
    for attempt in range(1, attempts + 1):
        try:
            answer = await client.game.ListLegalActions(
                game_pb2.ListLegalActionsRequest(room_id=room_id),
                metadata=client.metadata,
                timeout=5.0,
            )
        except grpc.aio.AioRpcError as exc:
            last = refusal(exc)
            transport = last.code in TRANSPORT_CODES and (
                last.code != grpc.StatusCode.INTERNAL or not last.has_error_info
            )
            if not transport and last.reason != "RATE_LIMITED":
                raise last from None
            await asyncio.sleep(min(0.05 * attempt, 0.5))
            continue
        assert isinstance(answer, game_pb2.ListLegalActionsResponse)
        return answer
    raise AssertionError(f"ListLegalActions never answered: {last}")


def action_json(game_id: str, action: game_pb2.Action) -> list[Any]:
    """The stored form of an action (as the log keeps it: engine codec)."""
    contract = contract_for(game_id)
    return contract.action_to_data(contract.action_from_proto(action))


# ---------------------------------------------------------------------------------------
# Streams
# ---------------------------------------------------------------------------------------


@dataclass
class StreamRecord:
    """Every update one subscriber received, raw (repeats are kept, not filtered)."""

    name: str
    seqs: list[int] = field(default_factory=list)
    updates: list[game_pb2.SubscribeResponse] = field(default_factory=list)
    resumes: int = 0
    errors: list[str] = field(default_factory=list)


async def record_stream(
    client: Client, room_id: str, record: StreamRecord, *, max_resumes: int = 200
) -> None:
    """Subscribe and keep every update; on a dropped stream resubscribe with
    the last cursor received (the documented protocol). Cancel to stop."""
    cursor = ""
    for _ in range(max_resumes):
        call = client.game.Subscribe(
            game_pb2.SubscribeRequest(room_id=room_id, resume_cursor=cursor),
            metadata=client.metadata,
        )
        try:
            async for update in call:
                record.seqs.append(update.seq)
                record.updates.append(update)
                cursor = update.cursor
            record.errors.append("stream ended by the server")
        except grpc.aio.AioRpcError as exc:
            refused = refusal(exc)
            record.errors.append(str(refused))
            transport = refused.code in TRANSPORT_CODES and (
                refused.code != grpc.StatusCode.INTERNAL or not refused.has_error_info
            )
            if not transport and refused.reason != "STORE_UNAVAILABLE":
                raise
        finally:
            call.cancel()
        record.resumes += 1
        await asyncio.sleep(0.1)
    raise AssertionError(f"{record.name}: too many resumes")


async def start_recorders(
    named_clients: Iterable[tuple[str, Client]], room_id: str
) -> tuple[list[StreamRecord], list[asyncio.Task[None]]]:
    """Open one recorded stream per (name, client), one after the other: each waits for
    its first update before the next opens, so that a round-robin edge spreads them."""
    records: list[StreamRecord] = []
    tasks: list[asyncio.Task[None]] = []
    for name, client in named_clients:
        record = StreamRecord(name)
        records.append(record)
        tasks.append(asyncio.create_task(record_stream(client, room_id, record)))
        await wait_until(lambda r=record: bool(r.seqs), 10.0, f"{name}: no first update")
    return records, tasks


async def stop_tasks(tasks: Iterable[asyncio.Task[Any]]) -> None:
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


async def wait_until(predicate: Any, timeout: float, what: str = "condition") -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for: {what}")
        await asyncio.sleep(0.05)


# ---------------------------------------------------------------------------------------
# Health
# ---------------------------------------------------------------------------------------


async def health(address: str, timeout: float = 1.0) -> str:
    """``grpc.health.v1.Health/Check`` for service "": SERVING, NOT_SERVING, or the error."""
    async with grpc.aio.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        try:
            answer = await stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=timeout)
        except grpc.aio.AioRpcError as exc:
            return f"error:{exc.code().name}"
        return str(health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status))


async def wait_health(addresses: list[str], wanted: str, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    seen: list[str] = []
    while loop.time() < deadline:
        seen = [await health(a) for a in addresses]
        if all(s == wanted for s in seen):
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"health never became {wanted} in {timeout}s: {seen}")


# ---------------------------------------------------------------------------------------
# A durable Redis that can be killed and restarted on the same port and data
# ---------------------------------------------------------------------------------------

DURABLE = ["--appendfsync", "always"]


@dataclass
class DurableRedis:
    """Valkey with an append-only file fsynced on every write."""

    data_dir: Path
    log_dir: Path
    proc: Proc

    @classmethod
    def start(cls, work: Path) -> DurableRedis:
        data, logs = work / "redis-data", work / "redis-logs"
        logs.mkdir(parents=True, exist_ok=True)
        return cls(data, logs, start_redis(data, logs, appendonly=True, extra=DURABLE))

    @property
    def port(self) -> int:
        return self.proc.port

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def kill(self) -> None:
        """kill -9: no shutdown, no final save."""
        self.proc.kill(signal.SIGKILL)
        self.proc.popen.wait(10)

    def restart(self) -> None:
        """Start again on the same port with the same data directory."""
        assert not self.proc.alive()
        self.proc = start_redis(
            self.data_dir, self.log_dir, self.port, appendonly=True, extra=DURABLE
        )

    def stop(self) -> None:
        self.proc.stop()


# ---------------------------------------------------------------------------------------
# A TCP proxy in front of Redis that can lose one command or one reply
# ---------------------------------------------------------------------------------------


class FlakyProxy:
    """Forwards bytes between the replica and Redis. ``arm(marker, mode)`` makes the next
    client chunk containing ``marker`` fail its connection: ``"drop_command"`` closes before
    forwarding it (Redis never sees it); ``"drop_reply"`` forwards it and closes when the
    reply arrives, without passing the reply on (the command ran, its answer is lost).
    ``delay`` (seconds) holds every reply that long: a slow store."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.server: asyncio.Server | None = None
        self.port = 0
        self.marker: bytes | None = None
        self.mode = ""
        self.fired = 0
        self.delay = 0.0
        self._pumps: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = int(self.server.sockets[0].getsockname()[1])

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def arm(self, marker: bytes, mode: str) -> None:
        assert mode in ("drop_command", "drop_reply")
        self.marker, self.mode = marker, mode

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        await stop_tasks(list(self._pumps))

    def drop_all(self) -> int:
        """Close every open connection at once, as a Redis crash does; new ones go through.
        Returns how many were closed."""
        writers = list(self._writers)
        for writer in writers:
            writer.close()
        return len(writers)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        except OSError:
            writer.close()
            return
        state = {"swallow": False}
        self._writers.update((writer, up_writer))

        def close_both() -> None:
            writer.close()
            up_writer.close()
            self._writers.difference_update((writer, up_writer))

        async def client_to_redis() -> None:
            with contextlib.suppress(OSError, asyncio.IncompleteReadError):
                while data := await reader.read(65536):
                    if self.marker is not None and self.marker in data:
                        self.marker = None
                        self.fired += 1
                        if self.mode == "drop_command":
                            close_both()
                            return
                        state["swallow"] = True
                    up_writer.write(data)
                    await up_writer.drain()
            close_both()

        async def redis_to_client() -> None:
            with contextlib.suppress(OSError, asyncio.IncompleteReadError):
                while data := await up_reader.read(65536):
                    if state["swallow"]:
                        close_both()
                        return
                    if self.delay:
                        await asyncio.sleep(self.delay)
                    writer.write(data)
                    await writer.drain()
            close_both()

        for pump in (client_to_redis(), redis_to_client()):
            task = asyncio.create_task(pump)
            self._pumps.add(task)
            task.add_done_callback(self._pumps.discard)


# ---------------------------------------------------------------------------------------
# The log, replayed through the engine
# ---------------------------------------------------------------------------------------


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value))


async def read_whole_log(store: Store, room_id: str) -> list[LogEntry]:
    entries: list[LogEntry] = []
    cursor = 0
    for _ in range(1000):
        page = await store.rooms.read_log(room_id, cursor)
        if not page:
            return entries
        entries += page
        cursor = page[-1].seq
    raise AssertionError("log too long")


@dataclass
class Replayed:
    record: RoomRecord
    entries: list[LogEntry]
    actions: list[LogEntry]
    final: State
    states: dict[int, State]
    """The replayed state at each version."""


async def check_log_replays(store: Store, room_id: str) -> Replayed:
    """The room's log is a valid history: seqs 1..N; replaying every recorded action from
    the stored seed through the engine gives, after each step, exactly the stored state
    bytes, version and engine events; and the last state is the room's stored state."""
    record = await store.rooms.load_room(room_id)
    assert record is not None and record.seed is not None and record.state is not None
    entries = await read_whole_log(store, room_id)
    assert [e.seq for e in entries] == list(range(1, record.seq + 1)), "log seqs not 1..N"
    game = registry.get(record.meta.game)
    contract = contract_for(game.info.id)
    state: State | None = None
    actions: list[LogEntry] = []
    states: dict[int, State] = {}
    for entry in entries:
        if entry.kind == "started":
            assert state is None, "started twice"
            state = game.new_match(record.meta.options, len(record.seats), record.seed)
            assert entry.state == game.encode(state), "initial state differs from the seed's"
            states[state.version] = state
            continue
        if entry.kind in ACTION_KINDS:
            assert state is not None, f"seq {entry.seq}: an action before the start"
            action: object = (
                Timeout() if entry.timeout else contract.action_from_data(entry.action or [])
            )
            transition = game.apply(state, entry.actor, action, version=state.version)
            state = transition.state
            assert entry.version == state.version, f"seq {entry.seq}: version"
            assert entry.state == game.encode(state), f"seq {entry.seq}: state bytes differ"
            stored = [
                e for e in contract.decode_events(entry.events) if not isinstance(e, RoomEvent)
            ]
            assert stored == list(transition.events), f"seq {entry.seq}: events differ"
            actions.append(entry)
            states[state.version] = state
            continue
        if state is not None and entry.state is not None:
            assert entry.state == game.encode(state), f"seq {entry.seq}: lobby entry state"
    assert state is not None, "the match never started"
    assert record.state == game.encode(state), "the room's state is not the replayed one"
    assert record.version == state.version
    versions = [e.version for e in actions]
    assert versions == list(range(1, len(actions) + 1)), "action versions not 1..M"
    return Replayed(record, entries, actions, state, states)


async def check_acknowledged(
    store: Store, room_id: str, acks: list[Ack], replayed: Replayed, refused_keys: set[str]
) -> None:
    """Every acknowledged Act is in the log exactly once, where its answer said; every
    player action in the log was acknowledged to someone; no refused key was applied."""
    by_seq = {e.seq: e for e in replayed.entries}
    first: dict[str, Ack] = {}
    for ack in acks:
        known = first.setdefault(ack.key, ack)
        assert (known.seq, known.version) == (ack.seq, ack.version), f"key {ack.key} twice"
        entry = by_seq.get(ack.seq)
        assert entry is not None, f"acknowledged seq {ack.seq} is not in the log"
        assert entry.kind in ("action", "finished"), f"seq {ack.seq} is a {entry.kind}"
        assert (entry.actor, entry.version) == (ack.seat, ack.version), f"seq {ack.seq}"
        assert _normal(entry.action) == _normal(ack.action), f"seq {ack.seq}: another action"
    seqs = [a.seq for a in first.values()]
    assert len(seqs) == len(set(seqs)), "two keys acknowledged with one seq"
    player_entries = [e.seq for e in replayed.actions if e.kind in ("action", "finished")]
    assert sorted(seqs) == sorted(player_entries), (
        "the log's player actions are not exactly the acknowledged ones"
    )
    raw = await store.redis.hgetall(idem_key(room_id))
    stored = {k.decode(): int(v.split(b":")[0]) for k, v in raw.items()}  # "<seq>:<hash>"
    expected = {f"{a.player_id}:{a.key}": a.seq for a in first.values()}
    assert stored == expected, "the idempotency index differs from the acknowledged acts"
    for key in refused_keys:
        assert not any(k.endswith(":" + key) for k in stored), f"refused key {key} applied"


def check_streams(
    records: list[StreamRecord], seats: dict[str, int | None], replayed: Replayed
) -> None:
    """Each recorded stream carries seqs 1..N (no gap, no repeat), and every view in it is
    exactly the engine's view, for that stream's seat (None: a spectator), of the replayed
    state at the update's version: nothing hidden reached anyone."""
    game = registry.get(replayed.record.meta.game)
    contract = contract_for(game.info.id)
    last = replayed.record.seq
    for record in records:
        assert record.seqs == list(range(1, last + 1)), f"{record.name}: gap or repeat"
        seat = seats[record.name]
        for update in record.updates:
            if not update.HasField("view"):
                continue
            state = replayed.states[update.version]
            expected = contract.view_to_proto(game.view(state, seat))
            assert update.view == expected, f"{record.name} seq {update.seq}: view differs"


def tomahawk_oneof(action: game_pb2.Action) -> str:
    return str(action.tomahawk.WhichOneof("action"))


def pick_action(actions: list[game_pb2.Action], rng: random.Random) -> game_pb2.Action:
    """A random legal action, preferring out-of-turn calls and plays that leave a player
    exposed (no TOMAHAWK! call), so that races and SHÉRIF! windows happen often."""
    calls = [a for a in actions if tomahawk_oneof(a) in OUT_OF_TURN]
    if calls and rng.random() < 0.7:
        return rng.choice(calls)
    quiet = [a for a in actions if not (a.HasField("tomahawk") and a.tomahawk.play_card.tomahawk)]
    return rng.choice(quiet or actions)


def assert_soak_lost_nothing(report: Report) -> None:
    """What every audited soak must show (tools.soak's report): no acknowledged action lost
    or applied twice, the idempotency index exact, every log replaying, no timer missing,
    doubled or early, no stream gap, no unexpected client error, no INTERNAL/UNKNOWN from a
    replica."""
    audit = report.audit
    assert audit.lost == []
    assert audit.doubled == []
    assert audit.index_mismatch == []
    assert audit.not_replaying == []
    assert (audit.turn.missing, audit.bot.missing) == (0, 0), audit.turn.details + audit.bot.details
    assert (audit.turn.doubled, audit.bot.doubled, audit.turn.early, audit.bot.early) == (0,) * 4
    assert audit.stream_faults == []
    assert report.unexpected == []
    assert report.server_faults == []
