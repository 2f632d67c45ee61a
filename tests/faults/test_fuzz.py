"""Property-based fuzzing of every RPC of LobbyService, GameService and TimerService against
a live replica (in process, over the session's Redis).

The world: five sessions (A, B, C seated; S a spectator; O an outsider) and six rooms: a
started match of each game (A and B seated, C too for Tomy; S watching), an open public
Tomahawk room hosted by A with B seated, and a private open Tomy room hosted by C. Every
clock is off, so nothing but the fuzzed calls changes a room.

Each example sends one request to one RPC, with a random caller (a member, the spectator,
the outsider, no token, a malformed or huge token). The request is built generically from
the method's protobuf descriptor: random oneof choices (none, and unknown fields in place of
a choice), strings up to ~60 KB, negative and huge integers, unknown enum numbers, other
rooms' ids, and, for Act, either a random action of any game or a real legal action of some
seat (possibly mutated: out-of-range card ids, seats, colours) at the current, a stale or a
future version.

Properties, for every call:
- the replica answers with a known status, never UNKNOWN nor INTERNAL, and stays healthy;
- a refused call (and any read-only call) changes no room: seq, version, status, seats,
  spectators and state are byte-for-byte the same in Redis;
- no error message or detail contains a secret the caller did not send itself: a match
  seed (decimal) or nonce, any session token, a card id of another seat's hand named as a
  card, or another seat's whole hand;
and afterwards a valid request from every real member still works (views, legal actions,
and an Act in each match).

The replica runs with a relaxed rate limiter (test-only), so that the fuzz reaches the room
logic instead of being answered RATE_LIMITED; the limiter itself is tested in
``test_auth_and_limits``. Malformed wire bytes are fuzzed separately.
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
from cercle.v1 import game_pb2, inbox_pb2, lobby_pb2, timer_pb2
from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clients.sdk import Client
from deploy.local.cluster import start_redis
from engine import registry
from services import server as server_module
from services.api.auth import identity_interceptors
from services.games import contract_for
from services.rate_limits import Limits
from services.rooms.feed import Feeds
from services.rooms.records import RoomStatus
from services.server import Replica, start_replica
from services.store import Store, room_key, stream_leases_key
from services.store.keys import LOGIN_REQUESTS
from tests.faults.helpers import Refusal, health, refusal

KNOWN_CODES = frozenset(grpc.StatusCode) - {grpc.StatusCode.UNKNOWN, grpc.StatusCode.OK}
ROLES = ("A", "B", "C", "S", "O")
GAMES = ("tomahawk", "tamashii", "tomy", "awimbawe")
QUIET = {
    "tomahawk": {"turn_seconds": "0", "target_score": "10000"},
    "tamashii": {"decision_seconds": "0"},
    "tomy": {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"},
    "awimbawe": {"decision_seconds": "0"},
}
READ_ONLY = frozenset(
    {
        "ListGames",
        "ListRooms",
        "GetView",
        "ListLegalActions",
        "Subscribe",
        "GetReplay",
        "GetDeadlines",
        "WatchClock",
        "WatchRoom",
    }
)
ROOM_FIELDS = (b"seq", b"version", b"status", b"seats", b"spectators", b"state", b"meta")
EXAMPLES = 1500


@dataclass(frozen=True)
class Method:
    service: str
    name: str
    input: Descriptor
    output: Descriptor
    streaming: bool

    @property
    def path(self) -> str:
        return f"/{self.service}/{self.name}"


LOGOUTS = frozenset({"DeleteSession"})
"""Left out: it would end the members' sessions, which the last test still plays with
(tests/services/test_identity.py covers it)."""


def _methods() -> list[Method]:
    found: list[Method] = []
    for module, service in (
        (lobby_pb2, "LobbyService"),
        (game_pb2, "GameService"),
        (timer_pb2, "TimerService"),
        (inbox_pb2, "InboxService"),
    ):
        descriptor = module.DESCRIPTOR.services_by_name[service]
        for method in descriptor.methods:
            if method.name in LOGOUTS:
                continue
            found.append(
                Method(
                    descriptor.full_name,
                    method.name,
                    method.input_type,
                    method.output_type,
                    bool(method.server_streaming),
                )
            )
    return found


METHODS = _methods()
# Act is where the rules are: give it more weight.
WEIGHTED = METHODS + [m for m in METHODS if m.name == "Act"] * 6


# ---------------------------------------------------------------------------------------
# The world
# ---------------------------------------------------------------------------------------


def unlimited_interceptors(
    store: Store, *, feeds: Feeds | None = None
) -> list[grpc.aio.ServerInterceptor]:
    """The real interceptors with limiters the fuzz cannot exhaust (test-only)."""
    limits = Limits(rate_per_second=1e6, anonymous_rate_per_second=1e6)
    return identity_interceptors(store, limits, feeds=feeds)


@dataclass
class World:
    runner: asyncio.Runner
    replica: Replica
    address: str
    channel: grpc.aio.Channel
    store: Store
    clients: dict[str, Client]
    rooms: dict[str, str]
    codes: list[str]
    secret_tokens: list[str] = field(default_factory=list)

    def token(self, role: str) -> str:
        return self.clients[role].token

    def player(self, role: str) -> str:
        return self.clients[role].player_id


async def _started(clients: dict[str, Client], game: str, roles: list[str]) -> str:
    host = clients[roles[0]]
    room = await host.create_room(game, players=len(roles), options=QUIET[game])
    for role in roles[1:]:
        await clients[role].join(room.room_id)
    for role in roles:
        await clients[role].ready(room.room_id)
    await host.start(room.room_id)
    await clients["S"].join(room.room_id, spectator=True)
    return room.room_id


async def _build_world(redis_url: str, runner: asyncio.Runner) -> World:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(server_module, "identity_interceptors", unlimited_interceptors)
        replica = await start_replica(redis_url, timers=False)
    address = f"127.0.0.1:{replica.port}"
    clients = {role: Client(address) for role in ROLES}
    for role, client in clients.items():
        await client.login(f"Fuzz {role}")
    rooms = {game: await _started(clients, game, ["A", "B"]) for game in GAMES if game != "tomy"}
    rooms["tomy"] = await _started(clients, "tomy", ["A", "B", "C"])
    open_room = await clients["A"].create_room("tomahawk", players=4, options=QUIET["tomahawk"])
    await clients["B"].join(open_room.room_id)
    rooms["open"] = open_room.room_id
    private = await clients["C"].create_room("tomy", players=3, private=True, options=QUIET["tomy"])
    rooms["private"] = private.room_id
    world = World(
        runner,
        replica,
        address,
        grpc.aio.insecure_channel(address),
        Store(redis_url),
        clients,
        rooms,
        [private.join_code],
    )
    world.secret_tokens = [c.token for c in clients.values()]
    return world


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    # A Redis of its own: only the fuzzed replica writes there, so its key count is exact.
    work = tmp_path_factory.mktemp("fuzz-redis")
    redis = start_redis(work / "data", work, appendonly=False)
    runner = asyncio.Runner()
    try:
        built = runner.run(_build_world(f"redis://127.0.0.1:{redis.port}/0", runner))
    except BaseException:
        runner.close()
        redis.stop()
        raise
    try:
        yield built
    finally:

        async def teardown() -> None:
            await built.channel.close()
            for client in built.clients.values():
                await client.close()
            await built.replica.stop(grace=0.1)
            await built.store.close()

        runner.run(teardown())
        runner.close()
        redis.stop()


# ---------------------------------------------------------------------------------------
# Requests, generically from descriptors
# ---------------------------------------------------------------------------------------

INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)


def _ints(low: int, high: int) -> st.SearchStrategy[int]:
    edges = [v for v in (low, high, -1, 0, 1, 135, 136, 7, 8, 9, 2**31 - 1) if low <= v <= high]
    return st.one_of(
        st.integers(-3, 140).filter(lambda v: low <= v <= high),
        st.sampled_from(edges),
        st.integers(low, high),
    )


def _weighted(*options: tuple[int, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """One of ``options``, each chosen with its weight."""
    indexes = [i for i, (weight, _) in enumerate(options) for _ in range(weight)]
    return st.sampled_from(indexes).flatmap(lambda i: options[i][1])


def _huge_text() -> st.SearchStrategy[str]:
    return st.builds(
        lambda n, ch: ch * n, st.integers(1_000, 60_000), st.sampled_from(["x", "7", "é", "🪓"])
    )


def _strings(world: World, name: str) -> st.SearchStrategy[str]:
    rooms = list(world.rooms.values())
    common = [
        st.text(max_size=40),
        st.sampled_from(["", " ", "\x00", "tomahawk", "red", "strong", "-1", "💥"]),
    ]
    if name == "room_id":
        return _weighted(
            (12, st.sampled_from(rooms)),
            (1, st.sampled_from(rooms).map(str.upper)),
            (1, st.text(min_size=60, max_size=70)),
            (1, _huge_text()),
            (2, st.one_of(*common)),
        )
    if name == "join_code":
        return st.one_of(
            st.sampled_from(world.codes), st.sampled_from(world.codes).map(str.lower), *common
        )
    if name in ("game_id",):
        return st.one_of(st.sampled_from(GAMES), *common)
    if name == "request_id":
        return _weighted(
            (2, st.just("fuzz-key")),
            (6, st.uuids().map(str)),
            (1, st.text(min_size=120, max_size=140)),
            (2, st.one_of(*common)),
        )
    if name in ("colour", "level", "symbol"):
        return st.one_of(
            st.sampled_from(["red", "blue", "violet", "white", "RED", "random", "strong", "bison"]),
            *common,
        )
    return st.one_of(
        *common,
        _huge_text(),
        st.sampled_from(rooms),
        st.sampled_from(world.secret_tokens),  # other players' tokens, sent as data
    )


def _int_for(name: str, low: int, high: int) -> st.SearchStrategy[int]:
    if name in ("version", "page_size", "players", "seat", "target", "takeover_after"):
        return st.one_of(st.integers(max(low, -3), min(high, 80)), st.sampled_from([low, high]))
    return _ints(low, high)


def _is_synthetic(oneof: Any) -> bool:
    return len(oneof.fields) == 1 and oneof.name == "_" + oneof.fields[0].name


def _is_repeated(f: Any) -> bool:
    return bool(f.is_repeated) if hasattr(f, "is_repeated") else f.label == f.LABEL_REPEATED


def _scalar(draw: Any, world: World, f: Any) -> Any:
    kind = f.type
    if kind == f.TYPE_STRING:
        return draw(_strings(world, f.name))
    if kind == f.TYPE_BYTES:
        return draw(st.binary(max_size=64))
    if kind == f.TYPE_BOOL:
        return draw(st.booleans())
    if kind == f.TYPE_ENUM:
        numbers = [v.number for v in f.enum_type.values]
        return draw(st.one_of(st.sampled_from(numbers), st.integers(-3, 1000)))
    if kind in (f.TYPE_DOUBLE, f.TYPE_FLOAT):
        return draw(st.floats(allow_nan=True, allow_infinity=True, width=32))
    if kind in (f.TYPE_INT32, f.TYPE_SINT32, f.TYPE_SFIXED32):
        return draw(_int_for(f.name, *INT32))
    if kind in (f.TYPE_INT64, f.TYPE_SINT64, f.TYPE_SFIXED64):
        return draw(_int_for(f.name, *INT64))
    if kind in (f.TYPE_UINT32, f.TYPE_FIXED32):
        return draw(_int_for(f.name, 0, 2**32 - 1))
    return draw(_int_for(f.name, 0, 2**64 - 1))


def _fill(draw: Any, world: World, message: Message, depth: int) -> None:
    descriptor: Any = message.DESCRIPTOR
    chosen: set[str] = set()
    oneof_members: set[str] = set()
    for oneof in descriptor.oneofs:
        if _is_synthetic(oneof):
            continue
        names = [f.name for f in oneof.fields]
        oneof_members.update(names)
        pick = draw(st.sampled_from([None, *names]))  # None: an empty oneof
        if pick is not None:
            chosen.add(pick)
    for f in descriptor.fields:
        if f.name in oneof_members:
            if f.name not in chosen:
                continue
        elif not draw(st.booleans()):
            continue
        _set(draw, world, message, f, depth)


def _set(draw: Any, world: World, message: Message, f: Any, depth: int) -> None:
    target: Any = getattr(message, f.name)
    if f.type == f.TYPE_MESSAGE and f.message_type.GetOptions().map_entry:
        key_field = f.message_type.fields_by_name["key"]
        value_field = f.message_type.fields_by_name["value"]
        for _ in range(draw(st.integers(0, 3))):
            key = _scalar(draw, world, key_field)
            if value_field.type == value_field.TYPE_MESSAGE:
                _fill(draw, world, target[key], depth + 1)
            else:
                target[key] = _scalar(draw, world, value_field)
        return
    if _is_repeated(f):
        for _ in range(draw(st.integers(0, 3))):
            if f.type == f.TYPE_MESSAGE:
                item = target.add()
                if depth < 4:
                    _fill(draw, world, item, depth + 1)
            else:
                _append(target, _scalar(draw, world, f))
        return
    if f.type == f.TYPE_MESSAGE:
        target.SetInParent()
        if depth < 4:
            _fill(draw, world, target, depth + 1)
        return
    value = _scalar(draw, world, f)
    try:
        setattr(message, f.name, value)
    except (ValueError, TypeError):  # e.g. an unknown number for a closed enum
        setattr(message, f.name, 0)


def _append(target: Any, value: Any) -> None:
    try:
        target.append(value)
    except (ValueError, TypeError):
        target.append(0)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _length_delimited(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _unknown_field(descriptor: Any, payload: bytes, extra: int) -> bytes:
    """A field number the message does not define (as a newer client could send)."""
    highest = max((f.number for f in descriptor.fields), default=0)
    return _length_delimited(highest + extra, payload)


# ---------------------------------------------------------------------------------------
# What the world looks like (from Redis)
# ---------------------------------------------------------------------------------------


LIMITER_KEYS = (b"cercle:rate:", b"cercle:quota:join-failures")
"""What a refused call may write: the limiters' own counts (requests, wrong join codes)."""


def _bookkeeping(key: bytes) -> bool:
    """The limiters' counts, who has a stream open on a room (presence, and who shows as
    connected), and the logins' answers kept for a retry (30 s: they lapse during a run):
    what any call may write or see lapse, refused or read-only, besides the rooms."""
    return (
        key.startswith(LIMITER_KEYS)
        or key.startswith(LOGIN_REQUESTS.encode())
        or b":presence:" in key
        or b":online:" in key
    )


async def _snapshot(world: World) -> dict[str, Any]:
    """The world's rooms as stored, and how many keys the store holds (nothing else writes
    to this Redis: a refused call that creates a room, a code or a room quota shows here).
    Bookkeeping is left out: the leases of open streams (``cercle:streams:*``: a stream holds
    them while it is open, and its replica drops them just after it ends), the limiters'
    counts and presence."""
    pipe = world.store.redis.pipeline(transaction=False)
    for room_id in world.rooms.values():
        pipe.hmget(room_key(room_id), list(ROOM_FIELDS))
    pipe.keys("*")
    *values, names = await pipe.execute()
    leases = stream_leases_key("").encode()
    stored = sorted(
        name for name in names if not name.startswith(leases) and not _bookkeeping(name)
    )
    return {"keys": stored, **dict(zip(world.rooms.values(), values, strict=True))}


@dataclass
class Secrets:
    texts: list[str]
    """Seeds (decimal) and nonces of running matches, and the session tokens."""
    hands: dict[str, list[list[int]]]
    """room id -> every seat's hand (the games that have hands)."""
    seats: dict[str, dict[str, int]]
    """room id -> player id -> seat."""
    codes: list[tuple[str, set[str]]] = field(default_factory=list)
    """Private rooms' join codes, with the player ids that may see each."""


@functools.lru_cache(maxsize=256)
def _hands(game_id: str, state: bytes) -> tuple[tuple[int, ...], ...] | None:
    """Every seat's hand in a stored state (None: the game has no hands). A pure function of
    the stored bytes, kept for the next call: the states repeat from call to call (most
    calls are refused), and decoding them was a third of this test's time."""
    raw = getattr(registry.get(game_id).decode(state), "hands", None)
    return tuple(tuple(hand) for hand in raw) if isinstance(raw, list) else None


async def _secrets(world: World) -> Secrets:
    texts = list(world.secret_tokens)
    hands: dict[str, list[list[int]]] = {}
    seats: dict[str, dict[str, int]] = {}
    codes: list[tuple[str, set[str]]] = []
    room_ids = list(world.rooms.values())
    for room_id, record in zip(room_ids, await world.store.rooms.load_rooms(room_ids), strict=True):
        if record is None:
            continue
        seats[room_id] = {s.player_id: i for i, s in enumerate(record.seats) if s is not None}
        if record.status is RoomStatus.PLAYING and record.seed is not None and record.nonce:
            texts += [str(record.seed), record.nonce]
        if record.meta.private:
            members = {*seats[room_id], *record.spectators}
            codes.append((record.meta.code, members))
        if record.state is not None:
            found = _hands(record.meta.game, record.state)
            if found is not None:
                hands[room_id] = [list(h) for h in found]
    return Secrets(texts, hands, seats, codes)


def _leaks(text: str, sent: str, secrets: Secrets, caller: str | None) -> list[str]:
    """Secrets found in an error's text that the caller did not send itself."""
    found = _answer_leaks(text, sent, secrets, caller)
    named = {int(n) for n in re.findall(r"\bcards?\D{0,3}(\d+)", text)}
    for room_id, hands in secrets.hands.items():
        mine = secrets.seats.get(room_id, {}).get(caller or "", -1)
        for seat, hand in enumerate(hands):
            if seat == mine:
                continue
            own = set(hands[mine]) if mine >= 0 else set()
            for card in named & set(hand) - own:
                if not re.search(rf"(?<!\d){card}(?!\d)", sent):
                    found.append(f"card {card} of seat {seat} in room {room_id}")
            if len(hand) >= 3 and (str(hand) in text or ", ".join(map(str, hand)) in text):
                found.append(f"the hand of seat {seat} in room {room_id}")
    return found


def _answer_leaks(text: str, sent: str, secrets: Secrets, caller: str | None) -> list[str]:
    """Seeds, nonces, tokens and private join codes in an answer (a response or an error)
    that the caller neither sent nor may see."""
    found = [s for s in secrets.texts if s and s in text and s not in sent]
    found += [
        f"join code {code}"
        for code, members in secrets.codes
        # a code is typed in any case (codes are matched case-insensitively): a caller who
        # sent it knows it
        if code in text and code.lower() not in sent.lower() and caller not in members
    ]
    return found


# ---------------------------------------------------------------------------------------
# One fuzzed call
# ---------------------------------------------------------------------------------------


@dataclass
class Call:
    method: Method
    role: str
    metadata: tuple[tuple[str, str], ...]
    payload: bytes
    text: str
    """Everything the caller sent, as text (to tell an echo from a leak)."""


def _metadata(world: World, role: str) -> tuple[tuple[str, str], ...]:
    if role in ROLES:
        return (("authorization", f"Bearer {world.token(role)}"),)
    return {
        "none": (),
        "garbage": (("authorization", "Bearer not-a-real-token"),),
        "basic": (("authorization", "Basic QWxhZGRpbjpvcGVu"),),
        "empty": (("authorization", "Bearer "),),
        "huge": (("authorization", "Bearer " + "t" * 4000),),
    }[role]


async def _legal_action(
    world: World, room_id: str, seat: int, mutate: list[int] | None
) -> game_pb2.Action | None:
    """A legal action of ``seat`` (of any seat if it has none), possibly with its int
    fields set to the ``mutate`` values."""
    record = await world.store.rooms.load_room(room_id)
    if record is None or record.state is None:
        return None
    game = registry.get(record.meta.game)
    state = game.decode(record.state)
    seats = [seat] if 0 <= seat < len(record.seats) else []
    seats += range(len(record.seats))
    legal = next((found for s in seats if (found := game.legal_actions(state, s))), [])
    if not legal:
        return None
    action = contract_for(game.info.id).action_to_proto(legal[len(legal) // 2])
    if mutate is not None:
        inner: Any = getattr(action, game.info.id)
        chosen = inner.WhichOneof("action")
        if chosen is not None:
            body = getattr(inner, chosen)
            ints = [
                f
                for f in body.DESCRIPTOR.fields
                if f.type in (f.TYPE_INT32, f.TYPE_INT64) and not _is_repeated(f)
            ]
            for f, value in zip(ints, mutate, strict=False):
                setattr(body, f.name, value)
    return action


def _typed_action(draw: Any, world: World, game_id: str) -> game_pb2.Action:
    """A random action of the room's own game: a random move with random fields."""
    action = game_pb2.Action()
    inner: Any = getattr(action, game_id)
    oneof = inner.DESCRIPTOR.oneofs_by_name["action"]
    chosen = draw(st.sampled_from([f.name for f in oneof.fields]))
    body = getattr(inner, chosen)
    body.SetInParent()
    _fill(draw, world, body, 1)
    return action


@st.composite
def calls(draw: Any, world: World) -> Call:
    method = draw(st.sampled_from(WEIGHTED))
    role = draw(
        _weighted(
            (6, st.sampled_from(["A", "B"])),
            (3, st.sampled_from(["C", "S", "O"])),
            (2, st.sampled_from(["none", "garbage", "basic", "empty", "huge"])),
        )
    )
    cls = message_factory.GetMessageClass(method.input)
    request: Any = cls()
    _fill(draw, world, request, 0)
    if method.name == "Act":
        started = [label for label in sorted(world.rooms) if label in GAMES]
        room_label = draw(
            _weighted((6, st.sampled_from(started)), (1, st.sampled_from(sorted(world.rooms))))
        )
        if draw(st.integers(0, 9)) < 8:
            request.room_id = world.rooms[room_label]
        mode = draw(
            st.sampled_from(["generic", "typed", "legal", "mutated", "mutated", "other_seat"])
        )
        if mode == "typed" and room_label in GAMES:
            request.action.CopyFrom(_typed_action(draw, world, room_label))
        elif mode != "generic" and request.room_id in world.rooms.values():
            seats = await_in(world, _secrets(world)).seats.get(request.room_id, {})
            caller = world.player(role) if role in ROLES else ""
            seat = seats.get(caller, 0)
            if mode == "other_seat":
                seat = draw(st.integers(0, 3))
            mutate = draw(st.lists(_ints(*INT32), max_size=3)) if mode == "mutated" else None
            action = await_in(world, _legal_action(world, request.room_id, seat, mutate))
            if action is not None:
                request.action.CopyFrom(action)
        version_mode = draw(st.sampled_from(["as_drawn", "current", "current", "stale", "ahead"]))
        known = request.room_id in world.rooms.values()
        record = await_in(world, world.store.rooms.load_room(request.room_id)) if known else None
        if record is not None and version_mode != "as_drawn":
            request.version = record.version + {"current": 0, "stale": -1, "ahead": 1}[version_mode]
    payload = request.SerializeToString()
    extra = draw(st.sampled_from(["none", "none", "top", "nested"]))
    if extra == "top":
        payload += _unknown_field(
            method.input, draw(st.binary(max_size=32)), draw(st.integers(1, 50))
        )
    elif extra == "nested" and method.name == "Act":
        # An Action whose game is a field this server does not know: an unknown oneof.
        unknown = _unknown_field(game_pb2.Action.DESCRIPTOR, draw(st.binary(max_size=16)), 1)
        payload += _length_delimited(4, unknown)
    metadata = _metadata(world, role)
    # Fields at zero are not in the text format: the action's JSON form with them says
    # "card": 0 was sent, so an echo of card 0 is not taken for a leak.
    sent = ""
    if method.name == "Act" and request.HasField("action"):
        sent = json_format.MessageToJson(request.action, always_print_fields_with_no_presence=True)
    text = str(request) + repr(request) + sent + " ".join(v for _, v in metadata)
    return Call(method, role, metadata, payload, text)


def await_in(world: World, awaitable: Any) -> Any:
    """Run a coroutine on the world's loop from inside a strategy (which is synchronous)."""
    return world.runner.run(awaitable)


@dataclass
class Answer:
    ok: bool
    refused: Refusal | None
    timed_out: bool = False
    messages: list[bytes] = field(default_factory=list)


async def _send(world: World, call: Call, read_timeout: float = 0.3) -> Answer:
    """``call``'s answer; a stream is read for two messages, ``read_timeout`` each (a stream
    still open then is a stream the server accepted)."""
    if call.method.streaming:
        stream_method: Any = world.channel.unary_stream(call.method.path)
        stream = stream_method(call.payload, metadata=call.metadata)
        received: list[bytes] = []
        try:
            for _ in range(2):
                item = await asyncio.wait_for(stream.read(), timeout=read_timeout)
                if isinstance(item, bytes):
                    received.append(item)
        except TimeoutError:
            return Answer(True, None, timed_out=True, messages=received)
        except grpc.aio.AioRpcError as exc:
            return Answer(False, refusal(exc))
        finally:
            stream.cancel()
        return Answer(True, None, messages=received)
    unary: Any = world.channel.unary_unary(call.method.path)
    try:
        response = await unary(call.payload, metadata=call.metadata, timeout=10)
    except grpc.aio.AioRpcError as exc:
        return Answer(False, refusal(exc))
    return Answer(True, None, messages=[response])


async def _check(world: World, call: Call) -> None:
    before = await _snapshot(world)
    secrets = await _secrets(world)
    answer = await _send(world, call)
    after = await _snapshot(world)
    label = f"{call.method.name} by {call.role}"
    if answer.refused is not None:
        refused = answer.refused
        assert refused.code in KNOWN_CODES, f"{label}: {refused}"
        assert refused.code != grpc.StatusCode.INTERNAL, f"{label}: a crash: {refused}"
        assert refused.code != grpc.StatusCode.DEADLINE_EXCEEDED, f"{label}: hung"
        assert after == before, f"{label}: refused ({refused}) but the store changed"
        caller = world.player(call.role) if call.role in ROLES else None
        leaks = _leaks(refused.all_text, call.text, secrets, caller)
        assert not leaks, f"{label}: {refused} leaks {leaks}"
    else:
        if call.method.name in READ_ONLY:
            assert after == before, f"{label}: a read-only call changed the store"
        output = message_factory.GetMessageClass(call.method.output)
        text = "\n".join(str(output.FromString(raw)) for raw in answer.messages)
        caller = world.player(call.role) if call.role in ROLES else None
        leaks = _answer_leaks(text, call.text, secrets, caller)
        assert not leaks, f"{label}: the answer leaks {leaks}"
    status = await health(world.address)
    assert status == "SERVING", f"after {label}: health {status}"


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(data=st.data())
def test_every_rpc_survives_random_and_malformed_requests(
    world: World, data: st.DataObject
) -> None:
    call = data.draw(calls(world))
    world.runner.run(_check(world, call))


# ---------------------------------------------------------------------------------------
# Bytes that are not a protobuf message at all
# ---------------------------------------------------------------------------------------


def _corrupt(method: Method, payload: bytes) -> bool:
    """True if ``payload`` does not parse as the method's request message."""
    try:
        message_factory.GetMessageClass(method.input).FromString(payload)
    except Exception:
        return True
    return False


CORRUPT = (b"\xff\xff\xff", b"\x0a\x05ab", b"\x08" + b"\xff" * 11, b"\x12\x80")


@settings(
    max_examples=40,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_corrupt_bytes_neither_crash_nor_change_anything(world: World, data: st.DataObject) -> None:
    """Whatever the answer's code (see the next test), corrupt bytes crash nothing, change
    no room and leak no secret."""
    method = data.draw(st.sampled_from(METHODS))
    payload = data.draw(
        st.one_of(st.sampled_from(CORRUPT), st.binary(min_size=1, max_size=80)).filter(
            lambda raw: _corrupt(method, raw)
        )
    )
    role = data.draw(st.sampled_from(["A", "S", "O", "none"]))
    metadata = _metadata(world, role)
    call = Call(method, role, metadata, payload, repr(payload) + str(metadata))

    async def check() -> None:
        before = await _snapshot(world)
        secrets = await _secrets(world)
        # corrupt bytes are refused at once, but a busy machine may take more than the
        # general fuzz's 0.3 s to say so
        answer = await _send(world, call, read_timeout=5.0)
        assert answer.refused is not None, f"{method.name} accepted corrupt bytes"
        assert await _snapshot(world) == before
        assert not _leaks(answer.refused.all_text, call.text, secrets, None)
        assert await health(world.address) == "SERVING"

    world.runner.run(check())


def test_corrupt_bytes_are_invalid_argument_never_unknown(world: World) -> None:
    async def check() -> list[str]:
        wrong: list[str] = []
        for method in METHODS:
            call = Call(method, "A", _metadata(world, "A"), CORRUPT[0], "")
            answer = await _send(world, call)
            refused = answer.refused
            if refused is None or refused.code != grpc.StatusCode.INVALID_ARGUMENT:
                wrong.append(f"{method.name}: {refused}")
        return wrong

    wrong = world.runner.run(check())
    assert not wrong, wrong


def test_members_still_play_after_the_fuzz(world: World) -> None:
    async def check() -> None:
        assert await health(world.address) == "SERVING"
        for label, room_id in world.rooms.items():
            for role in ("A", "B", "C", "S"):
                record = await world.store.rooms.load_room(room_id)
                assert record is not None
                client = world.clients[role]
                if (
                    not any(s is not None and s.player_id == client.player_id for s in record.seats)
                    and client.player_id not in record.spectators
                ):
                    continue
                view = await client.view(room_id)
                assert view.room.room_id == room_id
                await client.legal(room_id)
            record = await world.store.rooms.load_room(room_id)
            assert record is not None
            if record.status is not RoomStatus.PLAYING:
                continue
            acted = False
            for role in ("A", "B", "C"):
                client = world.clients[role]
                legal = await client.legal(room_id)
                if legal.actions:
                    answer = await client.act(room_id, legal.actions[0], legal.version)
                    assert answer.version == legal.version + 1, label
                    acted = True
                    break
            assert acted, f"nobody could act in {label}"

    world.runner.run(check())


def test_the_leak_detector_sees_leaks(world: World) -> None:
    """The secret checks above are not vacuous: planted leaks are found, echoes are not.

    The fuzz above may have seated, unseated or replaced anyone and ended matches, and a card
    id of one room's hand may sit in another seat's hand of another room (it would then rightly
    be reported); so the detector is judged on real secrets of the world in a fixed frame:
    the Tomahawk room's hands seen by seat 0 ("me"), a real seed and token, a join code."""
    secrets = world.runner.run(_secrets(world))
    room_id = world.rooms["tomahawk"]
    hands = [list(h) for h in secrets.hands[room_id]]
    if not hands[0] or not hands[1]:  # between two rounds: any two disjoint hands will do
        hands = [[1, 2, 3], [4, 5, 6]]
    here = Secrets(secrets.texts, {room_id: hands}, {room_id: {"me": 0, "you": 1}})
    theirs = next(card for card in hands[1] if card not in hands[0])
    mine = next(card for card in hands[0] if card not in hands[1])
    assert _leaks(f"you do not hold card {theirs}", "", here, "me")
    assert not _leaks(f"you do not hold card {theirs}", f"card: {theirs}", here, "me")
    assert not _leaks(f"you do not hold card {mine}", "", here, "me")
    assert _leaks(f"you do not hold card {mine}", "", here, "you")
    if len(hands[1]) >= 3:
        assert _leaks(f"hands: {hands[1]}", "", here, "me")
        assert not _leaks(f"hands: {hands[1]}", "", here, "you")
    seed = next((t for t in secrets.texts if t.isdigit()), "918273645501")
    probe = Secrets([seed, *secrets.texts], {}, {}, [("UZ5KU6", {"member"})])
    assert _leaks(f"seed {seed}", "", probe, "me")
    assert not _leaks(f"seed {seed}", f"seed={seed}", probe, "me")
    assert _leaks(f"token {world.token('B')}", "", probe, "me")
    assert _answer_leaks("join_code: UZ5KU6", "", probe, "outsider")
    assert not _answer_leaks("join_code: UZ5KU6", "", probe, "member")
