"""The room layer's facade: :class:`Rooms`, what the servicers and the timer loop call.

No gRPC here: methods take a :class:`Player` and plain values, return typed records
(``services.records``), and raise :class:`~services.errors.RoomError`. Every change follows
one pattern (:meth:`Rooms._mutate`): load the room (one round trip), plan the change in
Python with a pure planner, and commit it with the store's compare-and-set script (one round
trip). If another replica changed the room in between, the change is planned again from the
fresh room; if the *match* moved on, the actor gets ``STALE_VERSION``. A player's move on a
room this replica follows skips the load (:meth:`Rooms._act_warm`): it is planned on the
replica's exact copy (``services.warm``) and committed with the rate and the idempotency
checks in one script; a stale copy or a refusal takes the path with the load.

Who does what on the Act path: this module checks the request (idempotency key, seat, game)
and orchestrates; :mod:`services.planning` plans the action (pure); :mod:`services.clocks`
computes the deadlines and pauses/resumes tables; :mod:`services.bot_seats` decides bots'
moves and takes seats over; :mod:`services.lobby` holds the lobby operations and
:mod:`services.server_moves` the server's own moves (timeouts, bots, pauses).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import structlog

from engine import registry
from engine.core import Game, State
from services import errors, metrics, paces
from services.bot_seats import BOT_CLOCK
from services.clocks import compute_deadlines
from services.errors import RoomError
from services.games import contract_for
from services.inbox import Inbox
from services.limits import SESSION_RATE_MESSAGE, DeferredTake, Limits, rate_limited
from services.lobby import DEFAULT_BOT_DELAY, DEFAULT_TAKEOVER_AFTER, LobbyOps
from services.planning import plan_action
from services.presence import UNATTENDED_GRACE_SECONDS, Presence
from services.records import (
    Change,
    DeadlineRecord,
    Followup,
    LogEntry,
    MatchSummary,
    Player,
    RoomRecord,
    RoomStatus,
    Source,
    dumps,
    is_member,
    seat_of,
    seed_commitment,
)
from services.server_moves import ServerMoves
from services.store import (
    OPEN_ROOM_TTL_SECONDS,
    ROOM_TTL_SECONDS,
    Conflict,
    Duplicate,
    KeyReused,
    NotReplicated,
    Store,
)
from services.turns import TurnSeats
from services.warm import WarmRooms

log = structlog.get_logger("cercle.rooms")

MAX_COMMIT_ATTEMPTS = 20
MAX_NAME_LENGTH = 32

__all__ = (
    "BOT_CLOCK",
    "DEFAULT_BOT_DELAY",
    "DEFAULT_TAKEOVER_AFTER",
    "MAX_NAME_LENGTH",
    "ActResult",
    "Player",
    "Rooms",
    "Snapshot",
    "compute_deadlines",
    "is_member",
    "seat_of",
    "seed_commitment",
)


@dataclass(slots=True)
class ActResult:
    seq: int
    version: int
    events: list[list[Any]]
    """As the engine codec stores them (the servicer filters them for the actor)."""
    actor: int
    replayed: bool = False
    deadlines: tuple[DeadlineRecord, ...] = field(default_factory=tuple)


@dataclass(slots=True)
class Snapshot:
    """A room with its decoded match state, as the view functions need it."""

    record: RoomRecord
    game: Game[Any]
    state: State | None


class Rooms(LobbyOps, ServerMoves):
    """Lobby and match operations. One per process; stateless between calls."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] | None = None,
        unattended_grace: float = UNATTENDED_GRACE_SECONDS,
        limits: Limits | None = None,
        warm: WarmRooms | None = None,
    ) -> None:
        self.store = store
        self.limits = limits or Limits.from_env()
        self.warm = warm if not store.cluster else None
        """This replica's copies of the rooms it follows (``services.warm``): a player's move
        on one is planned without a load and committed in one round trip. None on Redis
        Cluster, whose rate and idempotency-owner keys live in other slots than the room
        (there a move loads, then commits: two round trips)."""
        from services.store import now as wall_clock

        self.clock = clock or wall_clock
        self.unattended_grace = unattended_grace
        """A table whose humans all stayed away this long is paused (0: never)."""
        self.presence = Presence(self, unattended_grace)
        self.turn_seats = TurnSeats(store)
        """The cap on each player's open turn-based rooms (``services.turns``)."""
        self.inbox = Inbox(store, self.clock)
        """The players' notifications (``services.inbox``), told after each commit."""

    # -- the commit loop ----------------------------------------------------------------------

    async def load(self, room_id: str) -> RoomRecord:
        if not room_id or len(room_id) > 64:
            raise errors.invalid("room_id", "give a room id")
        record = await self.store.load_room(room_id)
        if record is None:
            raise errors.not_found("there is no room with that id (it may have expired)")
        return record

    async def load_for_view(
        self, room_id: str
    ) -> tuple[RoomRecord, LogEntry | None, frozenset[str]]:
        """The room, its log's last entry and who is connected (one round trip)."""
        if not room_id or len(room_id) > 64:
            raise errors.invalid("room_id", "give a room id")
        record, last, online = await self.store.load_room_for_view(room_id, self.clock())
        if record is None:
            raise errors.not_found("there is no room with that id (it may have expired)")
        return record, last, online

    async def _mutate(
        self,
        room_id: str,
        compute: Callable[[RoomRecord], Change | None],
        *,
        idempotency_key: str = "",
        fingerprint: str = "",
        record: RoomRecord | None = None,
        op: str = "commit",
        planned: list[Change] | None = None,
    ) -> tuple[RoomRecord, int]:
        """Load, plan, compare-and-set; planned again on a concurrent change of the room.
        ``op`` names the commit in the store's round-trip counts and metrics; ``planned``
        receives the change that was committed."""
        for _ in range(MAX_COMMIT_ATTEMPTS):
            current = record if record is not None else await self.load(room_id)
            record = None
            change = compute(current)
            if change is None:  # nothing to do (idempotent request), once what it found is safe
                await self.store.confirm_replicated(current.seq)
                return current, current.seq
            try:
                seq = await self.store.commit(
                    room_id,
                    expected_seq=current.seq,
                    room=change.room,
                    before=current,
                    entry=change.entry,
                    idempotency_key=idempotency_key,
                    fingerprint=fingerprint,
                    op=op,
                    ttl=_ttl_for(current, change, self.clock()),
                )
            except Conflict:
                continue
            except NotReplicated as unconfirmed:  # written on the primary: keep up with it
                await self._committed(current, change, unconfirmed.seq)
                raise
            await self._committed(current, change, seq)
            if planned is not None:
                planned.append(change)
            return current, seq
        raise RoomError(errors.Kind.ABORTED, "BUSY", "the room is changing too fast; try again")

    async def _committed(self, before: RoomRecord, change: Change, seq: int) -> None:
        """This replica's copy, the indexes and the players' lists after a change written at
        ``seq`` (also one no Redis replica confirmed in time: it is on the primary)."""
        if self.warm is not None:  # the room after the change, exactly
            self.warm.committed(replace(change.room, seq=seq, epoch=before.epoch))
        await self._follow_up(change)
        await self._index_players(before, change.room)
        await self.inbox.committed(before, change.room)

    async def _follow_up(self, change: Change) -> None:
        """The global indexes a committed change asks for (hints; the room is the truth)."""
        room = change.room
        for followup in change.followups:
            if followup is Followup.UNINDEX_OPEN:
                await self.store.unindex_open_room(room.room_id, room.meta.game)
            elif followup is Followup.INDEX_OPEN:
                if not room.meta.private:
                    await self.store.index_open_room(
                        room.room_id, room.meta.game, room.meta.created
                    )
            elif followup is Followup.RETIRE_CODE:
                await self.store.retire_join_code(room.meta.code, room.room_id)

    async def _index_players(self, before: RoomRecord, after: RoomRecord) -> None:
        """Keep the players' room lists and match histories (hints, like the open rooms:
        ListMyRooms checks each room it lists)."""
        await self.turn_seats.changed(before, after)
        was, now = members(before), members(after)
        if was != now:
            await self.store.index_memberships(
                after.room_id, after.meta.created, now - was, was - now
            )
        if after.status is RoomStatus.FINISHED and before.status is not RoomStatus.FINISHED:
            summary = MatchSummary(
                after.room_id,
                after.meta.game,
                after.meta.created,
                self.clock(),
                after.seats,
                after.outcome,
            )
            humans = [s.player_id for s in after.seats if s is not None and s.belongs_to_human]
            await self.store.record_match(summary, humans)

    def snapshot(self, record: RoomRecord) -> Snapshot:
        game = registry.get(record.meta.game)
        state = game.decode(record.state) if record.state else None
        return Snapshot(record, game, state)

    # -- play -----------------------------------------------------------------------------------

    async def act(
        self,
        room_id: str,
        seat: int | None,
        player: Player | None,
        action: Any,
        *,
        version: int | None,
        request_id: str = "",
        source: Source = Source.PLAYER,
        game_id: str | None = None,
        record: RoomRecord | None = None,
        rate: DeferredTake | None = None,
    ) -> ActResult:
        """Apply ``action`` for the caller's seat, or for ``seat`` when the server acts
        (``source`` ``TIMEOUT``: the seat's clock ran out; ``BOT``: a bot's move).
        ``rate``: the caller's session rate, taken in the round trip that loads the room
        (refused: RESOURCE_EXHAUSTED / RATE_LIMITED, nothing changed)."""
        claimed: list[str] = []
        try:
            return await self._act(
                room_id,
                seat,
                player,
                action,
                version=version,
                request_id=request_id,
                source=Source(source),
                game_id=game_id,
                record=record,
                claimed=claimed,
                rate=rate,
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
        request_id: str,
        source: Source,
        game_id: str | None,
        record: RoomRecord | None,
        claimed: list[str],
        rate: DeferredTake | None = None,
    ) -> ActResult:
        started = time.perf_counter()
        if len(request_id) > 128:
            raise errors.invalid("request_id", "a request id has at most 128 characters")
        key = ""
        if request_id and player is not None:
            key = f"{player.player_id}:{request_id}"
        if not room_id or len(room_id) > 64:
            raise errors.invalid("room_id", "give a room id")
        held = self.warm.get(room_id) if self.warm is not None and record is None else None
        if held is not None:
            applied, rate = await self._act_warm(
                held, seat, player, action, version, key, source, game_id, rate, started
            )
            if applied is not None:
                return applied
        done, owner = None, None
        if record is None:
            loaded = await self.store.load_room_for_action(
                room_id, key, rate.args if rate is not None else None
            )
            record, done, owner = loaded.record, loaded.done, loaded.owner
            if key and owner is None:
                claimed.append(key)
            if rate is not None and loaded.rate is not None:
                wait = rate.settle(*loaded.rate)
                if wait > 0:
                    raise rate_limited(SESSION_RATE_MESSAGE, wait)
        if record is None:
            raise errors.not_found("there is no room with that id (it may have expired)")
        fingerprint = ""
        if key:
            if owner is not None and owner != room_id:
                raise key_reused()
            fingerprint = _fingerprint(record, game_id, version, action)
        if done is not None:
            if done[1] and done[1] != fingerprint:
                raise key_reused()
            return await self._replayed(room_id, done[0])
        the_seat = acting_seat = _acting_seat(record, seat, player, game_id)

        def compute(current: RoomRecord) -> Change:
            game = registry.get(current.meta.game)
            return plan_action(
                current, game, the_seat, action, source=source, version=version, now=self.clock()
            )

        planned: list[Change] = []
        try:
            _, seq = await self._mutate(
                room_id,
                compute,
                idempotency_key=key,
                fingerprint=fingerprint,
                record=record,
                op="commit_action",
                planned=planned,
            )
        except Duplicate as dup:  # the same key won a race a moment ago
            return await self._replayed(room_id, dup.seq)
        except KeyReused:  # the same key, for another request, won a race a moment ago
            raise key_reused() from None
        return _applied(planned[-1], seq, acting_seat, action, source, started)

    async def _act_warm(
        self,
        held: RoomRecord,
        seat: int | None,
        player: Player | None,
        action: Any,
        version: int | None,
        key: str,
        source: Source,
        game_id: str | None,
        rate: DeferredTake | None,
        started: float,
    ) -> tuple[ActResult | None, DeferredTake | None]:
        """The action planned on this replica's copy of the room (``services.warm``) and
        committed in one round trip that also takes the rate and checks the idempotency
        key. Returns the result, or None and the rate still to take when the move must be
        judged on the loaded room instead: the client names a later version than the copy
        (which is then behind), the copy refuses the move (a refusal is judged again on the
        room as loaded, whose load takes the rate: refused moves spend it too), or the copy
        was stale (a conflict: nothing written, no rate taken)."""
        assert self.warm is not None
        room_id = held.room_id
        if version is not None and version > held.version:
            return None, rate
        try:
            fingerprint = _fingerprint(held, game_id, version, action) if key else ""
            acting_seat = _acting_seat(held, seat, player, game_id)
            game = registry.get(held.meta.game)
            change = plan_action(
                held, game, acting_seat, action, source=source, version=version, now=self.clock()
            )
        except RoomError:
            return None, rate
        try:
            answer = await self.store.commit_action(
                room_id,
                expected_seq=held.seq,
                room=change.room,
                before=held,
                entry=change.entry,
                idempotency_key=key,
                fingerprint=fingerprint,
                ttl=_ttl_for(held, change, self.clock()),
                rate=rate.args if rate is not None else None,
            )
        except Conflict:
            self.warm.drop(room_id, at_seq=held.seq)
            return None, rate
        except NotReplicated as unconfirmed:  # written on the primary: keep up with it
            await self._committed(held, change, unconfirmed.seq)
            raise
        if rate is not None and answer.rate is not None:
            wait = rate.settle(*answer.rate)
            if wait > 0:
                raise rate_limited(SESSION_RATE_MESSAGE, wait)
            if answer.seq is None and answer.done is None and not answer.reused:
                return None, None  # refused by Redis, but paid by a lease taken meanwhile
        if answer.reused:
            raise key_reused()
        if answer.done is not None:
            return await self._replayed(room_id, answer.done), None
        assert answer.seq is not None
        await self._committed(held, change, answer.seq)
        return _applied(change, answer.seq, acting_seat, action, source, started), None

    async def _replayed(self, room_id: str, seq: int) -> ActResult:
        """The answer to a retried action: what its first application produced, once a Redis
        replica holds it (the first answer may have been UNAVAILABLE: none did in time)."""
        entry = await self.store.read_entry(room_id, seq, confirmed=True)
        if entry is None:
            raise RoomError(errors.Kind.ABORTED, "BUSY", "try again")
        return ActResult(seq, entry.version, entry.events, entry.actor, replayed=True)

    async def read_log(self, room_id: str, after_seq: int) -> list[LogEntry]:
        return await self.store.read_log(room_id, after_seq)


def members(record: RoomRecord) -> set[str]:
    """The people in a room: seated humans (also while a bot keeps their seat) and
    spectators."""
    seated = {s.player_id for s in record.seats if s is not None and s.belongs_to_human}
    return seated | set(record.spectators)


def _fingerprint(record: RoomRecord, game_id: str | None, version: int | None, action: Any) -> str:
    contract = contract_for(game_id or record.meta.game)
    action_text = dumps(contract.action_to_data(action))
    return request_fingerprint(record.room_id, game_id, version, action_text)


def _acting_seat(
    record: RoomRecord, seat: int | None, player: Player | None, game_id: str | None
) -> int:
    """The seat an action is for: the caller's (refused when they hold none), or ``seat``
    when the server acts."""
    if game_id is not None and game_id != record.meta.game:
        raise errors.invalid(
            "action", f"this room plays {record.meta.game}, not {game_id}", "WRONG_GAME"
        )
    acting_seat = seat
    if player is not None:
        acting_seat = seat_of(record, player.player_id)
        if acting_seat < 0:
            if player.player_id in record.spectators:
                raise errors.denied("spectators cannot play", "SPECTATOR")
            raise errors.denied("you have no seat in this room", "NOT_SEATED")
    assert acting_seat is not None
    return acting_seat


def _applied(
    change: Change, seq: int, acting_seat: int, action: Any, source: Source, started: float
) -> ActResult:
    """The answer to an applied action, counted and logged."""
    room = change.room
    metrics.ACTIONS_APPLIED.labels(room.meta.game, source.value).inc()
    # A bot's move is logged at debug only: a table of bots makes many (the metric above
    # counts them).
    (log.debug if source is Source.BOT else log.info)(
        "action_applied",
        room=room.room_id,
        seat=acting_seat,
        action=type(action).__name__,
        version=room.version,
        source=source.value,
        latency_ms=round((time.perf_counter() - started) * 1000, 2),
    )
    return ActResult(seq, room.version, change.entry.events, acting_seat, deadlines=room.deadlines)


def request_fingerprint(room_id: str, game_id: str | None, version: int | None, action: str) -> str:
    """A hash of what an idempotency key was sent with: a key names one request."""
    text = dumps([room_id, game_id or "", -1 if version is None else version, action])
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def key_reused() -> RoomError:
    return RoomError(
        errors.Kind.INVALID_ARGUMENT,
        "IDEMPOTENCY_KEY_REUSED",
        "this request id was used for another request: use a new id for each action",
        field="request_id",
    )


def _ttl_for(before: RoomRecord, change: Change, now: float) -> int:
    """Open rooms expire after an hour idle; started ones a day after their last change by a
    human (0: the server's own change leaves the expiry as it is). Once the match is over
    (finished or abandoned) nothing extends the room's life any more: chat, a mute or a
    spectator coming or going leaves its expiry as the end set it. A turn-based room lives
    as long as it plays: every change, timeouts included, renews it for its longest next
    decision and a day, within its maximum lifetime (``services.paces.room_ttl``); open, it
    waits a week for its players."""
    status = change.room.status
    pace = change.room.pace
    if pace is not None and pace.turn_based and not before.status.over:
        if status is RoomStatus.OPEN:
            return paces.OPEN_TURN_BASED_TTL_SECONDS if change.renews else 0
        if not status.over:
            return paces.room_ttl(pace, change.room.meta.created, now)
    if not change.renews or before.status.over:
        return 0
    if status in (RoomStatus.OPEN, RoomStatus.ABANDONED):
        return OPEN_ROOM_TTL_SECONDS
    return ROOM_TTL_SECONDS
