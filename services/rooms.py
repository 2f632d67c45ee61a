"""The room layer: lobby and match logic over the store and the engines.

No gRPC here: functions take a :class:`Player` and plain values, return store records, and
raise :class:`~services.errors.RoomError`. Every change follows one pattern: load the room
(one round trip), compute the change in Python (the engine is pure), and commit it with the
store's compare-and-set script (one round trip). If another replica changed the room in
between, the change is computed again from the fresh room; if the *match* moved on, the
actor gets ``STALE_VERSION``.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import structlog

from engine import registry
from engine.bots import LEVELS as BOT_LEVELS
from engine.bots import make_bot
from engine.codec import encode_event
from engine.core import Game, IllegalAction, InvalidOptions, State, Timeout
from engine.events import Event
from engine.rng import Rng
from services import errors, metrics
from services.errors import RoomError
from services.games import contract_for
from services.limits import Limits, check_join_attempts, count_join_failure
from services.presence import UNATTENDED_GRACE_SECONDS, Presence, attended
from services.room_events import (
    LOBBY_CHANGES,
    MatchFinished,
    MatchStarted,
    SeatTakenBack,
    SeatTakenOver,
)
from services.store import (
    OPEN_ROOM_TTL_SECONDS,
    ROOM_TTL_SECONDS,
    ROOMS_PER_HOUR,
    Conflict,
    Duplicate,
    KeyReused,
    LogEntry,
    RoomRecord,
    Store,
    dumps,
    quota_key,
)

log = structlog.get_logger("cercle.rooms")

MAX_COMMIT_ATTEMPTS = 20
JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
MAX_NAME_LENGTH = 32
DEFAULT_BOT_DELAY = 0.8
"""Seconds a bot waits before it moves, so that people can follow (room option)."""
DEFAULT_TAKEOVER_AFTER = 3
"""Consecutive timeouts after which a bot plays for an absent player (0: never)."""


@dataclass(frozen=True, slots=True)
class Player:
    """The caller, as derived from their session token."""

    player_id: str
    name: str


@dataclass(slots=True)
class Change:
    """What a mutation wants to write: room fields and the log entry."""

    fields: dict[str, str | bytes | int]
    entry: dict[str, str | bytes | int]
    after: Callable[[RoomRecord, int], Any] | None = None
    next_deadline: float | str | None = "-"
    """The room's earliest deadline, indexed in the same atomic step (None: none; "-": keep)."""
    renews: bool = True
    """Whether the change renews the room's expiry: a human's change does, the server's own
    (bot moves, timeouts, pauses) does not, so a table nobody attends still expires."""


@dataclass(slots=True)
class ActResult:
    seq: int
    version: int
    events: list[list[Any]]
    actor: int
    replayed: bool = False
    deadlines: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class Deadline:
    """A running clock: seat, kind, expiry (epoch seconds), length, the version it was
    computed at, and for a bot's out-of-turn call the action it decided on."""

    seat: int
    clock: str
    expire: float
    length: float
    version: int
    action: list[Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "s": self.seat,
            "c": self.clock,
            "e": self.expire,
            "l": self.length,
            "v": self.version,
        }
        if self.action is not None:
            data["a"] = self.action
        return data


@dataclass(slots=True)
class Snapshot:
    """A room with its decoded match state, as the view functions need it."""

    record: RoomRecord
    game: Game[Any]
    state: State | None
    deadlines: list[dict[str, Any]] = field(default_factory=list)


def seat_of(record: RoomRecord, player_id: str) -> int:
    for index, seat in enumerate(record.seats):
        if seat is not None and seat.get("player_id") == player_id:
            return index
    return -1


def is_member(record: RoomRecord, player_id: str) -> bool:
    return seat_of(record, player_id) >= 0 or player_id in record.spectators


def events_to_json(events: tuple[Event, ...] | list[Event]) -> list[list[Any]]:
    """The stored form of events (engine codec: kind, audience, fields)."""
    return [encode_event(e) for e in events]


def seed_commitment(seed: int, nonce: str) -> str:
    return hashlib.sha256(f"{seed}:{nonce}".encode()).hexdigest()


BOT_CLOCK = "bot"
"""The deadline kind of a bot's next move (not a player clock: views do not show it)."""


def bot_rng(seed: int, seat: int, version: int) -> Rng:
    """A bot's randomness for one decision: derived from the secret match seed."""
    return Rng.from_seed((seed * 1_000_003 + seat * 65_537 + version) & ((1 << 64) - 1))


def is_bot(seat: dict[str, Any] | None) -> bool:
    return seat is not None and seat.get("kind") == "bot"


def compute_deadlines(
    game: Game[Any],
    meta: Mapping[str, Any],
    seats: list[dict[str, Any] | None],
    state: State,
    previous: list[dict[str, Any]],
    actor: int,
    now: float,
    *,
    seed: int = 0,
    memories: Mapping[str, Any] | None = None,
) -> list[Deadline]:
    """The clocks (and bot moves) running after a change.

    A player's clock that was already running for the same seat and kind keeps its expiry
    when *another* seat acted (a vote by one player does not restart the others' clocks);
    the seat's own action starts a fresh one. A clock whose option is 0 does not run.
    A bot seat the table waits for gets a ``bot`` deadline after the room's bot delay; a
    bot seat that is not waited for gets one only if its reflex wants an out-of-turn call,
    which is then stored with the deadline.
    """
    if game.outcome(state) is not None:
        return []
    options = meta["options"]
    delay = float(meta.get("bot_delay", DEFAULT_BOT_DELAY))
    kept = {(d["s"], d["c"]): d for d in previous}
    result: list[Deadline] = []
    pending = game.pending(state)
    waited = {p.seat for p in pending}
    for item in pending:
        if is_bot(seats[item.seat]):
            continue
        try:
            spec = game.info.clock(item.clock)
        except KeyError:
            continue
        seconds = float(options.get(spec.option, 0) or 0)
        if seconds <= 0:
            continue
        old = kept.get((item.seat, item.clock))
        expire = float(old["e"]) if old is not None and item.seat != actor else now + seconds
        result.append(Deadline(item.seat, item.clock, expire, seconds, state.version))
    for index, seat in enumerate(seats):
        if not is_bot(seat):
            continue
        assert seat is not None
        if index in waited:
            old = kept.get((index, BOT_CLOCK))
            expire = (
                float(old["e"])
                if old is not None and index != actor and "a" not in old
                else now + delay
            )
            result.append(Deadline(index, BOT_CLOCK, expire, delay, state.version))
            continue
        legal = game.legal_actions(state, index)
        if not legal:
            continue
        bot = make_bot(game, seat.get("level", "random"))
        memory = (memories or {}).get(str(index))
        reaction = bot.reflex(
            game.view(state, index), legal, memory, bot_rng(seed, index, state.version)
        )
        if reaction is not None:
            action = contract_for(game.info.id).action_to_data(reaction)
            result.append(Deadline(index, BOT_CLOCK, now + delay, delay, state.version, action))
    return result


class Rooms:
    """Lobby and match operations. One per process; stateless between calls."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] | None = None,
        unattended_grace: float = UNATTENDED_GRACE_SECONDS,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.limits = limits or Limits.from_env()
        from services.store import now as wall_clock

        self.clock = clock or wall_clock
        self.unattended_grace = unattended_grace
        """A table whose humans all stayed away this long is paused (0: never)."""
        self.presence = Presence(self, unattended_grace)

    # -- helpers ------------------------------------------------------------------------------

    async def load(self, room_id: str) -> RoomRecord:
        if not room_id or len(room_id) > 64:
            raise errors.invalid("room_id", "give a room id")
        record = await self.store.load_room(room_id)
        if record is None:
            raise errors.not_found("there is no room with that id (it may have expired)")
        return record

    async def _mutate(
        self,
        room_id: str,
        compute: Callable[[RoomRecord], Change | None],
        *,
        idempotency_key: str = "",
        fingerprint: str = "",
        record: RoomRecord | None = None,
        op: str = "commit",
    ) -> tuple[RoomRecord, int]:
        """Load, compute, compare-and-set; retried on a concurrent change of the room.
        ``op`` names the commit in the store's round-trip counts and metrics."""
        for _ in range(MAX_COMMIT_ATTEMPTS):
            current = record if record is not None else await self.load(room_id)
            record = None
            change = compute(current)
            if change is None:  # nothing to do (idempotent request)
                return current, current.seq
            try:
                seq = await self.store.commit(
                    room_id,
                    expected_seq=current.seq,
                    fields=change.fields,
                    entry=change.entry,
                    idempotency_key=idempotency_key,
                    fingerprint=fingerprint,
                    op=op,
                    next_deadline=change.next_deadline,
                    ttl=_ttl_for(change, current),
                )
            except Conflict:
                continue
            if change.after is not None:
                await change.after(current, seq)
            return current, seq
        raise RoomError(errors.Kind.ABORTED, "BUSY", "the room is changing too fast; try again")

    @staticmethod
    def _room_json(seats: list[dict[str, Any] | None], status: str) -> str:
        return dumps({"seats": seats, "status": status})

    def snapshot(self, record: RoomRecord) -> Snapshot:
        game = registry.get(record.meta["game"])
        state = game.decode(record.state) if record.state else None
        return Snapshot(record, game, state, record.deadlines)

    # -- lobby --------------------------------------------------------------------------------

    async def create_room(
        self,
        player: Player,
        game_id: str,
        raw_options: Mapping[str, object],
        *,
        private: bool,
        players: int,
        takeover_after: int | None = None,
        bot_delay: float | None = None,
        address: str = "",
    ) -> RoomRecord:
        """A new room, the caller in seat 0. ``address`` is the caller's (rooms are counted
        per session and per address)."""
        try:
            game = registry.get(game_id)
        except registry.UnknownGame as exc:
            raise errors.invalid("game_id", exc.message, "UNKNOWN_GAME") from None
        try:
            options = game.validate_options(raw_options)
            players = players or game.info.min_players
            game.check_players(players)
            # Options are checked against the table as it is (an option naming a seat must
            # name one of its seats): the engine sets a match up with them once, here.
            game.new_match(options, players, 0)
        except InvalidOptions as exc:
            raise errors.from_invalid_options(exc) from None
        if takeover_after is not None and not 0 <= takeover_after <= 100:
            raise errors.invalid("takeover_after", "takeover_after goes from 0 (never) to 100")
        if bot_delay is not None and not 0 <= bot_delay <= 30:
            raise errors.invalid("bot_delay", "bot_delay goes from 0 to 30 seconds")
        counters = [quota_key("rooms", player.player_id)]
        if address:
            counters.append(quota_key("rooms-from", address))
        counts = await self.store.count_quota(counters, 3600)
        if counts[0][0] > ROOMS_PER_HOUR:
            raise RoomError(
                errors.Kind.RESOURCE_EXHAUSTED,
                "TOO_MANY_ROOMS",
                f"you may create {ROOMS_PER_HOUR} rooms an hour; join an open one instead",
                retry_after=max(1.0, counts[0][1]),
            )
        if address and counts[1][0] > self.limits.rooms_per_address_hour:
            raise RoomError(
                errors.Kind.RESOURCE_EXHAUSTED,
                "TOO_MANY_ROOMS",
                "too many rooms were created from your network this hour; join an open one",
                retry_after=max(1.0, counts[1][1]),
            )
        room_id = secrets.token_hex(6)
        for _ in range(20):  # a join code names one room: claim it before the room exists
            join_code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(6))
            if await self.store.set_join_code(join_code, room_id):
                break
        else:
            raise RoomError(errors.Kind.ABORTED, "BUSY", "no free join code; try again")
        created = self.clock()
        meta = {
            "game": game_id,
            "options": options,
            "private": private,
            "players": players,
            "host": player.player_id,
            "created": created,
            "code": join_code,
            "takeover_after": DEFAULT_TAKEOVER_AFTER if takeover_after is None else takeover_after,
            "bot_delay": DEFAULT_BOT_DELAY if bot_delay is None else bot_delay,
        }
        seats: list[dict[str, Any] | None] = [None] * players
        seats[0] = _human(player)
        fields: dict[str, str | bytes | int] = {
            "meta": dumps(meta),
            "seats": dumps(seats),
            "spectators": "[]",
            "status": "open",
            "version": 0,
        }
        entry = _lobby_entry("created", seats, "open", player.player_id)
        try:
            await self.store.commit(
                room_id, expected_seq=0, fields=fields, entry=entry, ttl=OPEN_ROOM_TTL_SECONDS
            )
        except Conflict:  # 48 random bits collided: astronomically unlikely
            raise RoomError(errors.Kind.ABORTED, "BUSY", "try again") from None
        if not private:
            await self.store.index_open_room(room_id, game_id, created)
        log.info("room_created", room=room_id, game=game_id, players=players, private=private)
        return await self.load(room_id)

    async def list_open_rooms(self, game_id: str | None, limit: int) -> list[RoomRecord]:
        rooms: list[RoomRecord] = []
        for room_id in await self.store.open_rooms(game_id or None, limit):
            record = await self.store.load_room(room_id)
            if record is None or record.status != "open" or record.meta.get("private"):
                if record is None:
                    await self.store.unindex_open_room(room_id, game_id or "")
                continue
            if any(seat is None for seat in record.seats):
                rooms.append(record)
        return rooms

    async def join(
        self, player: Player, room_id: str, join_code: str, *, spectator: bool, address: str = ""
    ) -> tuple[RoomRecord, int]:
        code = join_code.strip().upper()
        if code:
            await check_join_attempts(self.store, self.limits, player.player_id, address)
        if not room_id and code:
            found = await self.store.room_for_code(code)
            record = await self.store.load_room(found) if found is not None else None
            if record is None or not _code_opens(record, code):
                await count_join_failure(self.store, self.limits, player.player_id, address)
                raise errors.not_found("no room has that join code", "UNKNOWN_JOIN_CODE")
            room_id = record.room_id
        record = await self.load(room_id)
        if (
            record.meta.get("private")
            and not _code_opens(record, code)
            and not is_member(record, player.player_id)
        ):
            if code:  # a code tried on a private room: a guess like any other
                await count_join_failure(self.store, self.limits, player.player_id, address)
            raise errors.denied("this room is private: join it with its code", "PRIVATE_ROOM")

        def compute(current: RoomRecord) -> Change | None:
            if spectator:
                if (
                    player.player_id in current.spectators
                    or seat_of(current, player.player_id) >= 0
                ):
                    return None
                spectators = [*current.spectators, player.player_id]
                return Change(
                    {"spectators": dumps(spectators)},
                    _lobby_entry(
                        "spectator_joined", current.seats, current.status, player.player_id, current
                    ),
                )
            if seat_of(current, player.player_id) >= 0:
                return None
            if current.status != "open":
                raise errors.precondition(
                    "the match has started: you can watch it as a spectator", "MATCH_STARTED"
                )
            free = [i for i, seat in enumerate(current.seats) if seat is None]
            if not free:
                raise errors.precondition("every seat is taken", "ROOM_FULL")
            seats = list(current.seats)
            seats[free[0]] = _human(player)
            spectators = [p for p in current.spectators if p != player.player_id]

            async def after(_: RoomRecord, __: int) -> None:
                if all(seat is not None for seat in seats):
                    await self.store.unindex_open_room(room_id, current.meta["game"])

            return Change(
                {"seats": dumps(seats), "spectators": dumps(spectators)},
                _lobby_entry("joined", seats, current.status, player.player_id, current),
                after,
            )

        await self._mutate(room_id, compute, record=record)
        fresh = await self.load(room_id)
        return fresh, seat_of(fresh, player.player_id)

    async def quick_match(
        self,
        player: Player,
        game_id: str,
        players: int,
        *,
        bots: int = 0,
        bot_level: str = "strong",
        bot_delay: float | None = None,
        address: str = "",
    ) -> tuple[RoomRecord, int]:
        if bots:
            return await self._match_against_bots(
                player, game_id, players, bots, bot_level, bot_delay, address
            )
        try:
            registry.get(game_id)
        except registry.UnknownGame as exc:
            raise errors.invalid("game_id", exc.message, "UNKNOWN_GAME") from None
        for record in await self.list_open_rooms(game_id, 20):
            if seat_of(record, player.player_id) >= 0:
                return record, seat_of(record, player.player_id)
            try:
                return await self.join(player, record.room_id, "", spectator=False)
            except RoomError:
                continue  # taken meanwhile: try the next one
        created = await self.create_room(
            player, game_id, {}, private=False, players=players, address=address
        )
        return created, 0

    async def _match_against_bots(
        self,
        player: Player,
        game_id: str,
        players: int,
        bots: int,
        level: str,
        bot_delay: float | None,
        address: str,
    ) -> tuple[RoomRecord, int]:
        if bots < 0:
            raise errors.invalid("bots", "bots cannot be negative")
        if level not in BOT_LEVELS:
            raise errors.invalid("bot_level", "bot levels are random and strong", "UNKNOWN_LEVEL")
        players = players or bots + 1
        if players != bots + 1:
            raise errors.invalid("players", "with bots, players is 1 + bots (or 0)")
        record = await self.create_room(
            player,
            game_id,
            {},
            private=True,
            players=players,
            bot_delay=bot_delay,
            address=address,
        )
        for _ in range(bots):
            await self.set_bot(player, record.room_id, -1, level or "strong")
        await self.set_ready(player, record.room_id, True)
        return await self.start(player, record.room_id), 0

    async def leave(self, player: Player, room_id: str) -> None:
        def compute(current: RoomRecord) -> Change | None:
            if player.player_id in current.spectators:
                spectators = [p for p in current.spectators if p != player.player_id]
                return Change(
                    {"spectators": dumps(spectators)},
                    _lobby_entry(
                        "spectator_left", current.seats, current.status, player.player_id, current
                    ),
                )
            seat = seat_of(current, player.player_id)
            if seat < 0:
                raise errors.precondition("you are not in this room", "NOT_IN_ROOM")
            if current.status != "open":
                raise errors.precondition(
                    "the match is under way: your seat stays at the table", "MATCH_STARTED"
                )
            seats = list(current.seats)
            seats[seat] = None
            humans = [s for s in seats if s is not None and s.get("kind") == "human"]
            meta = dict(current.meta)
            status = current.status
            if not humans:
                status = "abandoned"
            elif meta["host"] == player.player_id:
                meta["host"] = humans[0]["player_id"]

            async def after(_: RoomRecord, __: int) -> None:
                if status == "abandoned":
                    await self.store.unindex_open_room(room_id, meta["game"])
                    await self.store.retire_join_code(str(meta.get("code", "")), room_id)
                elif not meta.get("private"):
                    await self.store.index_open_room(room_id, meta["game"], meta["created"])

            return Change(
                {"seats": dumps(seats), "meta": dumps(meta), "status": status},
                _lobby_entry("left", seats, status, player.player_id, current),
                after,
            )

        await self._mutate(room_id, compute)

    async def set_ready(self, player: Player, room_id: str, ready: bool) -> RoomRecord:
        def compute(current: RoomRecord) -> Change | None:
            seat = seat_of(current, player.player_id)
            if seat < 0:
                raise errors.precondition("take a seat first", "NOT_SEATED")
            if current.status != "open":
                raise errors.precondition("the match has started", "MATCH_STARTED")
            seats = list(current.seats)
            here = seats[seat]
            assert here is not None
            if bool(here.get("ready")) == ready:
                return None
            seats[seat] = {**here, "ready": ready}
            return Change(
                {"seats": dumps(seats)},
                _lobby_entry("ready", seats, current.status, player.player_id, current),
            )

        await self._mutate(room_id, compute)
        return await self.load(room_id)

    async def set_bot(
        self, player: Player, room_id: str, seat: int, level: str | None
    ) -> RoomRecord:
        """Put a bot of ``level`` in ``seat`` (-1: first free), or remove it (level None)."""

        def compute(current: RoomRecord) -> Change | None:
            if current.meta["host"] != player.player_id:
                raise errors.denied("only the host can seat or remove bots", "NOT_HOST")
            if current.status != "open":
                raise errors.precondition("the match has started", "MATCH_STARTED")
            seats = list(current.seats)
            index = seat
            if level is not None and index == -1:
                free = [i for i, s in enumerate(seats) if s is None]
                if not free:
                    raise errors.precondition("every seat is taken", "ROOM_FULL")
                index = free[0]
            if not 0 <= index < len(seats):
                raise errors.invalid("seat", f"seats go from 0 to {len(seats) - 1}")
            if level is None:
                here = seats[index]
                if here is None or here.get("kind") != "bot":
                    raise errors.precondition("there is no bot in that seat", "NO_BOT_THERE")
                seats[index] = None
                change = "bot_removed"
            else:
                if level not in BOT_LEVELS:
                    raise errors.invalid(
                        "level", "bot levels are random and strong", "UNKNOWN_LEVEL"
                    )
                if seats[index] is not None:
                    raise errors.precondition("that seat is taken", "SEAT_TAKEN")
                seats[index] = {
                    "player_id": f"bot-{index}-{secrets.token_hex(3)}",
                    "name": f"Bot {index + 1} ({level})",
                    "kind": "bot",
                    "ready": True,
                    "level": level,
                }
                change = "bot_added"
            return Change(
                {"seats": dumps(seats)},
                _lobby_entry(change, seats, current.status, player.player_id, current),
            )

        await self._mutate(room_id, compute)
        return await self.load(room_id)

    async def start(self, player: Player, room_id: str) -> RoomRecord:
        seed = secrets.randbits(63)
        nonce = secrets.token_hex(16)

        def compute(current: RoomRecord) -> Change | None:
            if current.meta["host"] != player.player_id:
                raise errors.denied("only the host can start the match", "NOT_HOST")
            if current.status != "open":
                raise errors.precondition("the match has already started", "MATCH_STARTED")
            if any(seat is None for seat in current.seats):
                raise errors.precondition("every seat must be taken first", "SEATS_EMPTY")
            if not all(seat and seat.get("ready") for seat in current.seats):
                raise errors.precondition("every player must be ready", "NOT_READY")
            game = registry.get(current.meta["game"])
            options = current.meta["options"]
            try:
                state = game.new_match(options, len(current.seats), seed)
            except InvalidOptions as exc:  # a room stored before options were checked
                raise errors.from_invalid_options(exc) from None
            now = self.clock()
            deadlines = compute_deadlines(
                game, current.meta, current.seats, state, [], -1, now, seed=seed
            )
            events: list[Event] = [MatchStarted(seed_commitment(seed, nonce), len(current.seats))]
            deadlines_json = dumps([d.to_json() for d in deadlines])
            encoded = game.encode(state)

            async def after(_: RoomRecord, __: int) -> None:
                await self.store.unindex_open_room(room_id, current.meta["game"])

            return Change(
                {
                    "status": "playing",
                    "state": encoded,
                    "version": state.version,
                    "seed": str(seed),
                    "nonce": nonce,
                    "deadlines": deadlines_json,
                    "human_at": repr(now),
                },
                {
                    "kind": "started",
                    "actor": -1,
                    "version": state.version,
                    "events": dumps(events_to_json(events)),
                    "state": encoded,
                    "room": self._room_json(current.seats, "playing"),
                    "deadlines": deadlines_json,
                },
                after,
                next_deadline=min((d.expire for d in deadlines), default=None),
            )

        await self._mutate(room_id, compute)
        log.info("match_started", room=room_id)
        return await self.load(room_id)

    # -- play -----------------------------------------------------------------------------------

    async def act(
        self,
        room_id: str,
        seat: int | None,
        player: Player | None,
        action: Any,
        *,
        version: int | None,
        idempotency_key: str = "",
        source: str = "player",
        game_id: str | None = None,
        record: RoomRecord | None = None,
    ) -> ActResult:
        """Apply ``action`` for the caller's seat, or for ``seat`` when the server acts
        (``source`` ``"timeout"``: the seat's clock ran out; ``"bot"``: a bot's move)."""
        claimed: list[str] = []
        try:
            return await self._act(
                room_id,
                seat,
                player,
                action,
                version=version,
                idempotency_key=idempotency_key,
                source=source,
                game_id=game_id,
                record=record,
                claimed=claimed,
            )
        except RoomError:
            for key in claimed:  # a refused request changes nothing, not even its key's claim
                await self.store.release_idempotency_key(key, room_id)
            raise

    async def _act(
        self,
        room_id: str,
        seat: int | None,
        player: Player | None,
        action: Any,
        *,
        version: int | None,
        idempotency_key: str,
        source: str,
        game_id: str | None,
        record: RoomRecord | None,
        claimed: list[str],
    ) -> ActResult:
        started = time.perf_counter()
        if len(idempotency_key) > 128:
            raise errors.invalid("idempotency_key", "an idempotency key has at most 128 characters")
        key = ""
        if idempotency_key and player is not None:
            key = f"{player.player_id}:{idempotency_key}"
        if not room_id or len(room_id) > 64:
            raise errors.invalid("room_id", "give a room id")
        done, owner = None, None
        if record is None:
            record, done, owner = await self.store.load_room_for_action(room_id, key)
            if key and owner is None:
                claimed.append(key)
        if record is None:
            raise errors.not_found("there is no room with that id (it may have expired)")
        fingerprint, action_text = "", ""
        if key:
            if owner is not None and owner != room_id:
                raise key_reused()
            action_text = dumps(contract_for(game_id or record.meta["game"]).action_to_data(action))
            fingerprint = request_fingerprint(room_id, game_id, version, action_text)
        if done is not None:
            if done[1] and done[1] != fingerprint:
                raise key_reused()
            return await self._replayed(room_id, done[0])
        if game_id is not None and game_id != record.meta["game"]:
            raise errors.invalid(
                "action", f"this room plays {record.meta['game']}, not {game_id}", "WRONG_GAME"
            )
        acting_seat = seat
        if player is not None:
            acting_seat = seat_of(record, player.player_id)
            if acting_seat < 0:
                if player.player_id in record.spectators:
                    raise errors.denied("spectators cannot play", "SPECTATOR")
                raise errors.denied("you have no seat in this room", "NOT_SEATED")
        assert acting_seat is not None
        result: dict[str, Any] = {}

        def compute(current: RoomRecord) -> Change | None:
            if current.status == "finished":
                raise errors.precondition("the match is over", "MATCH_FINISHED")
            if current.status != "playing" or current.state is None:
                raise errors.precondition("the match has not started", "MATCH_NOT_STARTED")
            if source != "player" and current.paused is not None:
                raise errors.precondition("the table is paused", "NOT_DUE")
            now = self.clock()
            if source == "timeout" and not any(
                d["s"] == acting_seat and d["c"] != BOT_CLOCK and d["e"] <= now
                for d in current.deadlines
            ):
                raise errors.precondition("no clock has run out for that seat", "NOT_DUE")
            if source == "bot" and not is_bot(current.seats[acting_seat]):
                raise errors.precondition("that seat is not a bot's", "NOT_A_BOT")
            game = registry.get(current.meta["game"])
            contract = contract_for(game.info.id)
            state = game.decode(current.state)
            try:
                transition = game.apply(state, acting_seat, action, version=version)
            except IllegalAction as exc:
                raise errors.from_illegal(exc) from None
            new = transition.state
            events = list(transition.events)
            outcome = game.outcome(new)
            seats = list(current.seats)
            fields: dict[str, str | bytes | int] = {}
            room_changed = False
            # Consecutive timeouts: a player who keeps missing their turn gets a bot.
            timeouts = dict(current.timeouts)
            if source == "timeout":
                timeouts[str(acting_seat)] = timeouts.get(str(acting_seat), 0) + 1
                limit = int(current.meta.get("takeover_after", DEFAULT_TAKEOVER_AFTER))
                here = seats[acting_seat]
                if limit and here is not None and timeouts[str(acting_seat)] >= limit:
                    seats[acting_seat] = {**here, "kind": "bot", "level": "strong", "away": True}
                    events.append(SeatTakenOver(acting_seat))
                    room_changed = True
            elif source == "player":
                timeouts.pop(str(acting_seat), None)
                here = seats[acting_seat]
                if here is not None and here.get("away"):  # the player is back
                    back = {**here, "kind": "human", "away": False}
                    back.pop("level", None)
                    seats[acting_seat] = back
                    events.append(SeatTakenBack(acting_seat))
                    room_changed = True
            fields["timeouts"] = dumps(timeouts)
            if source == "player":
                fields["human_at"] = repr(now)
                if current.paused is not None:  # a human is back: the clocks run again
                    fields["paused"] = ""
            # Bots remember what their seat saw.
            memories = dict(current.memories)
            for index, here in enumerate(seats):
                if is_bot(here):
                    assert here is not None
                    seen = [e for e in events if e.visible_to(index)]
                    bot = make_bot(game, here.get("level", "random"))
                    memories[str(index)] = bot.observe(memories.get(str(index)), index, seen)
            if memories:
                fields["memories"] = dumps(memories)
            assert current.seed is not None
            deadlines = compute_deadlines(
                game,
                current.meta,
                seats,
                new,
                current.deadlines,
                acting_seat,
                now,
                seed=current.seed,
                memories=memories,
            )
            status = "playing"
            if outcome is not None:
                status = "finished"
                assert current.nonce is not None
                events.append(MatchFinished(current.seed, current.nonce))
                fields["outcome"] = dumps(contract.outcome_to_data(outcome))
                room_changed = True
            encoded = game.encode(new)
            events_json = events_to_json(events)
            deadlines_json = dumps([d.to_json() for d in deadlines])
            fields.update(
                {
                    "state": encoded,
                    "version": new.version,
                    "status": status,
                    "deadlines": deadlines_json,
                    "seats": dumps(seats),
                }
            )
            kind = {"timeout": "timeout", "bot": "bot"}.get(source, "action")
            entry: dict[str, str | bytes | int] = {
                "kind": "finished" if outcome else kind,
                "actor": acting_seat,
                "version": new.version,
                "action": (
                    ""
                    if source == "timeout"
                    else action_text or dumps(contract.action_to_data(action))
                ),
                "timeout": 1 if source == "timeout" else 0,
                "events": dumps(events_json),
                "state": encoded,
                "deadlines": deadlines_json,
            }
            if room_changed:
                entry["room"] = self._room_json(seats, status)
            result.update(
                version=new.version,
                events=events_json,
                deadlines=[d.to_json() for d in deadlines],
            )
            code = str(current.meta.get("code", ""))

            async def retire_code(_: RoomRecord, __: int) -> None:
                await self.store.retire_join_code(code, room_id)

            return Change(
                fields,
                entry,
                retire_code if outcome is not None else None,
                next_deadline=min((d.expire for d in deadlines), default=None),
                renews=source == "player",
            )

        try:
            _, seq = await self._mutate(
                room_id,
                compute,
                idempotency_key=key,
                fingerprint=fingerprint,
                record=record,
                op="commit_action",
            )
        except Duplicate as dup:  # the same key won a race a moment ago
            return await self._replayed(room_id, dup.seq)
        except KeyReused:  # the same key, for another request, won a race a moment ago
            raise key_reused() from None
        metrics.ACTIONS_APPLIED.labels(record.meta["game"], source).inc()
        log.info(
            "action_applied",
            room=room_id,
            seat=acting_seat,
            action=type(action).__name__,
            version=result["version"],
            source=source,
            latency_ms=round((time.perf_counter() - started) * 1000, 2),
        )
        return ActResult(
            seq, result["version"], result["events"], acting_seat, deadlines=result["deadlines"]
        )

    async def _replayed(self, room_id: str, seq: int) -> ActResult:
        """The answer to a retried action: what its first application produced."""
        entry = await self.store.read_entry(room_id, seq)
        if entry is None:
            raise RoomError(errors.Kind.ABORTED, "BUSY", "try again")
        return ActResult(seq, entry.version, entry.events, entry.actor, replayed=True)

    async def run_due(
        self,
        room_id: str,
        *,
        max_steps: int = 32,
        on_late: Callable[[float], None] | None = None,
    ) -> int:
        """Apply every deadline of the room that has passed: timeouts through the same path
        as a player's action, bot moves as the bot decides from its seat's view. Returns how
        many were applied. Safe to run on several replicas at once: each application names
        the version it was computed for, so a deadline is applied once. A timeout costs two
        Redis round trips (load, then the commit that also indexes the next deadline).
        ``on_late`` receives, for each player's clock applied, how late it was (seconds)."""
        applied = 0
        grace = self.unattended_grace
        record, present = await self.store.load_room_for_timers(room_id, self.clock() - grace)
        for _ in range(max_steps):
            if record is None or record.status != "playing" or record.state is None:
                return applied
            now = self.clock()
            due = sorted((d for d in record.deadlines if d["e"] <= now), key=lambda d: d["e"])
            if not due:
                if applied == 0:  # the claim pushed the index back: put the real time again
                    await self.store.reschedule(room_id)
                return applied
            if grace > 0 and not attended(record, present, now - grace):
                await self.pause(room_id)  # nobody is there: no clock runs, no bot plays
                return applied
            deadline = due[0]
            try:
                if deadline["c"] == BOT_CLOCK:
                    result = await self._bot_move(record, deadline)
                else:
                    result = await self.act(
                        room_id,
                        deadline["s"],
                        None,
                        Timeout(),
                        version=record.version,
                        source="timeout",
                        record=record,
                    )
                    if on_late is not None:
                        on_late(now - deadline["e"])
                applied += 1
                if result is None or not any(d["e"] <= self.clock() for d in result.deadlines):
                    return applied  # the commit indexed the next deadline already
            except RoomError as exc:
                if exc.reason not in ("STALE_VERSION", "NOT_DUE", "BUSY"):
                    if deadline["c"] != BOT_CLOCK:
                        raise
                    # A bot's stored reflex no longer fits: drop it and move on.
                    log.warning("bot_move_refused", room=room_id, reason=exc.reason)
                    await self._drop_deadline(record, deadline)
            record = await self.store.load_room(room_id)
        return applied

    async def _bot_move(self, record: RoomRecord, deadline: dict[str, Any]) -> ActResult | None:
        game = registry.get(record.meta["game"])
        assert record.state is not None and record.seed is not None
        state = game.decode(record.state)
        seat = deadline["s"]
        contract = contract_for(game.info.id)
        if "a" in deadline:
            action = contract.action_from_data(deadline["a"])
            version = deadline["v"]
        else:
            here = record.seats[seat]
            legal = game.legal_actions(state, seat)
            if not legal or here is None:
                await self._drop_deadline(record, deadline)
                return None
            bot = make_bot(game, here.get("level", "random"))
            action = bot.choose(
                game.view(state, seat),
                legal,
                record.memories.get(str(seat)),
                bot_rng(record.seed, seat, state.version),
            )
            version = record.version
        return await self.act(
            record.room_id, seat, None, action, version=version, source="bot", record=record
        )

    async def pause(self, room_id: str) -> None:
        """Stop a table's clocks and bots: none of its humans is there (services.presence).
        Its deadlines are dropped and it leaves the timer index until :meth:`resume`."""
        now = self.clock()

        def compute(current: RoomRecord) -> Change | None:
            if current.status != "playing" or current.paused is not None:
                return None
            return Change(
                {"paused": repr(now), "deadlines": "[]"},
                _clock_entry(current, []),
                next_deadline=None,
                renews=False,
            )

        await self._mutate(room_id, compute)
        log.info("table_paused", room=room_id)

    async def resume(self, room_id: str) -> None:
        """Start a paused table again, every clock afresh: one of its humans is back."""

        def compute(current: RoomRecord) -> Change | None:
            if current.paused is None or current.status != "playing" or current.state is None:
                return None
            assert current.seed is not None
            game = registry.get(current.meta["game"])
            now = self.clock()
            state = game.decode(current.state)
            deadlines = [
                d.to_json()
                for d in compute_deadlines(
                    game,
                    current.meta,
                    current.seats,
                    state,
                    [],
                    -1,
                    now,
                    seed=current.seed,
                    memories=current.memories,
                )
            ]
            return Change(
                {"paused": "", "deadlines": dumps(deadlines), "human_at": repr(now)},
                _clock_entry(current, deadlines),
                next_deadline=min((d["e"] for d in deadlines), default=None),
            )

        await self._mutate(room_id, compute)
        log.info("table_resumed", room=room_id)

    async def _drop_deadline(self, record: RoomRecord, deadline: dict[str, Any]) -> None:
        """Forget one deadline (a bot's reflex that no longer applies)."""

        def compute(current: RoomRecord) -> Change | None:
            kept = [d for d in current.deadlines if d != deadline]
            if len(kept) == len(current.deadlines):
                return None
            return Change(
                {"deadlines": dumps(kept)},
                {
                    "kind": "clock",
                    "actor": -1,
                    "version": current.version,
                    "events": "[]",
                    "deadlines": dumps(kept),
                    **({"state": current.state} if current.state else {}),
                },
                next_deadline=min((d["e"] for d in kept), default=None),
                renews=False,
            )

        await self._mutate(record.room_id, compute)

    async def read_log(self, room_id: str, after_seq: int) -> list[LogEntry]:
        return await self.store.read_log(room_id, after_seq)


def _code_opens(record: RoomRecord, code: str) -> bool:
    """True if ``code`` is the room's join code and still opens it: a code is retired when
    its match ends (finished or abandoned)."""
    return (
        bool(code)
        and code == record.meta.get("code")
        and record.status not in ("finished", "abandoned")
    )


def request_fingerprint(room_id: str, game_id: str | None, version: int | None, action: str) -> str:
    """A hash of what an idempotency key was sent with: a key names one request."""
    text = dumps([room_id, game_id or "", -1 if version is None else version, action])
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def key_reused() -> RoomError:
    return RoomError(
        errors.Kind.INVALID_ARGUMENT,
        "IDEMPOTENCY_KEY_REUSED",
        "this idempotency key was used for another request: use a new key for each action",
        field="idempotency_key",
    )


def _ttl_for(change: Change, current: RoomRecord) -> int:
    """Open rooms expire after an hour idle; started ones a day after their last change by a
    human (0: the server's own change leaves the expiry as it is)."""
    if not change.renews:
        return 0
    status = change.fields.get("status", current.status)
    return OPEN_ROOM_TTL_SECONDS if status in ("open", "abandoned") else ROOM_TTL_SECONDS


def _clock_entry(
    current: RoomRecord, deadlines: list[dict[str, Any]]
) -> dict[str, str | bytes | int]:
    """The log entry of a change of the clocks alone (kind ``clock``, no event; the state is
    repeated for views): a paused table has no deadline, a resumed one fresh ones."""
    entry: dict[str, str | bytes | int] = {
        "kind": "clock",
        "actor": -1,
        "version": current.version,
        "events": "[]",
        "deadlines": dumps(deadlines),
    }
    if current.state:
        entry["state"] = current.state
    return entry


def _human(player: Player) -> dict[str, Any]:
    return {"player_id": player.player_id, "name": player.name, "kind": "human", "ready": False}


def _lobby_entry(
    change: str,
    seats: list[dict[str, Any] | None],
    status: str,
    who: str,
    current: RoomRecord | None = None,
) -> dict[str, str | bytes | int]:
    """A lobby change's log entry; during a match it repeats the state, so that every
    update a subscriber receives can carry a view."""
    entry: dict[str, str | bytes | int] = {
        "kind": "lobby",
        "actor": -1,
        "events": dumps([encode_event(LOBBY_CHANGES[change](who))]),
        "room": dumps({"seats": seats, "status": status}),
    }
    if current is not None:
        entry["version"] = current.version
        if current.state is not None:
            entry["state"] = current.state
            entry["deadlines"] = dumps(current.deadlines)
    return entry
