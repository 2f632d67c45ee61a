"""The Act path, as boardgame.io's master does it: load the room, plan the move (pure:
:func:`services.rooms.planning.plan_action`), commit it (one compare-and-set script).

Two callers, one entry point each:

- :meth:`Actions.by_player`: a player's ``Act``. It checks the request (the idempotency key,
  the caller's seat, the game the action is for), takes the caller's session rate in the
  round trip that loads the room, and answers a retried key with what its first application
  produced. A move on a room this replica follows skips the load (:meth:`Actions._on_copy`):
  it is planned on the replica's exact copy (``services.rooms.warm``) and committed with the
  rate and the idempotency checks in one script; a stale copy or a refusal takes the path
  with the load.
- :meth:`Actions.by_server`: the server's own move for a seat (a clock that ran out, a bot's
  move: :mod:`services.rooms.server_moves`), planned on the room as the timer loop loaded it.

A refused request changes nothing, not even the claim of its idempotency key.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any

import structlog

from engine import registry
from services import errors, metrics
from services.errors import RoomError
from services.games import contract_for
from services.rate_limits import SESSION_RATE_MESSAGE, DeferredTake, rate_limited
from services.rooms.changes import RoomChanges, check_room_id, no_such_room, ttl_for
from services.rooms.planning import plan_action
from services.rooms.records import (
    Change,
    DeadlineRecord,
    Player,
    RoomRecord,
    Source,
    dumps,
    seat_of,
)
from services.store import ActionLoad, Conflict, Duplicate, KeyReused, NotReplicated

log = structlog.get_logger("cercle.rooms")

MAX_REQUEST_ID_LENGTH = 128


@dataclass(slots=True)
class ActResult:
    seq: int
    version: int
    events: list[list[Any]]
    """As the engine codec stores them (the servicer filters them for the actor)."""
    actor: int
    replayed: bool = False
    deadlines: tuple[DeadlineRecord, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class PlayerAct:
    """A player's Act as the room layer gets it (the action decoded)."""

    room_id: str
    player: Player
    action: object
    version: int | None
    key: str
    """The idempotency key (``player id:request id``), empty without a request id."""
    game_id: str | None
    """The game the action was built for (refused WRONG_GAME if the room plays another)."""
    started: float


class Actions:
    """The Act path of one replica."""

    def __init__(self, changes: RoomChanges) -> None:
        self.changes = changes
        self.store = changes.store
        self.warm = changes.warm
        self.clock = changes.clock

    async def by_player(
        self,
        room_id: str,
        player: Player,
        action: object,
        *,
        version: int | None,
        request_id: str = "",
        game_id: str | None = None,
        rate: DeferredTake | None = None,
    ) -> ActResult:
        """Apply ``action`` for the caller's seat. ``rate``: the caller's session rate, taken
        in the round trip that loads the room (refused: RESOURCE_EXHAUSTED / RATE_LIMITED,
        nothing changed)."""
        started = time.perf_counter()
        if len(request_id) > MAX_REQUEST_ID_LENGTH:
            raise errors.invalid("request_id", "a request id has at most 128 characters")
        key = f"{player.player_id}:{request_id}" if request_id else ""
        check_room_id(room_id)
        act = PlayerAct(room_id, player, action, version, key, game_id, started)
        held = self.warm.get(room_id) if self.warm is not None else None
        if held is not None:
            applied, rate = await self._on_copy(held, act, rate)
            if applied is not None:
                return applied
        loaded = await self.store.rooms.load_room_for_action(
            room_id, key, rate.args if rate is not None else None
        )
        try:
            return await self._on_loaded(loaded, act, rate)
        except RoomError:
            if key and loaded.owner is None:  # the load claimed the key: give it back
                await self.store.rooms.release_idempotency_key(key, room_id)
            raise

    async def by_server(
        self, record: RoomRecord, seat: int, action: object, *, version: int | None, source: Source
    ) -> ActResult:
        """Apply the server's own move for ``seat`` (``source`` TIMEOUT: the seat's clock ran
        out; BOT: a bot's move), planned on ``record`` as just loaded."""
        started = time.perf_counter()
        return await self._commit(record, seat, action, version, source, "", "", started)

    async def _on_loaded(
        self, loaded: ActionLoad, act: PlayerAct, rate: DeferredTake | None
    ) -> ActResult:
        """A player's move judged on the room as loaded: the rate, the key, the seat; then
        planned and committed (planned again on a concurrent change)."""
        if rate is not None and loaded.rate is not None:
            wait = rate.settle(*loaded.rate)
            if wait > 0:
                raise rate_limited(SESSION_RATE_MESSAGE, wait)
        record = loaded.record
        if record is None:
            raise no_such_room()
        fingerprint = ""
        if act.key:
            if loaded.owner is not None and loaded.owner != act.room_id:
                raise key_reused()
            fingerprint = action_fingerprint(record, act.game_id, act.version, act.action)
        if loaded.done is not None:
            if loaded.done[1] and loaded.done[1] != fingerprint:
                raise key_reused()
            return await self._replayed(act.room_id, loaded.done[0])
        seat = player_seat(record, act.player, act.game_id)
        return await self._commit(
            record, seat, act.action, act.version, Source.PLAYER, act.key, fingerprint, act.started
        )

    async def _commit(
        self,
        record: RoomRecord,
        seat: int,
        action: object,
        version: int | None,
        source: Source,
        key: str,
        fingerprint: str,
        started: float,
    ) -> ActResult:
        """Plan the move on ``record`` and compare-and-set it, planned again from the fresh
        room on a concurrent change."""

        def plan(current: RoomRecord) -> Change:
            # The one place the Act path meets a game it knows only by id: the registry's
            # erased Game[Any, Any, Any]. plan_action is generic in the game's types.
            game = registry.get(current.meta.game)
            return plan_action(
                current, game, seat, action, source=source, version=version, now=self.clock()
            )

        try:
            done = await self.changes.apply(
                record.room_id,
                plan,
                idempotency_key=key,
                fingerprint=fingerprint,
                record=record,
                op="commit_action",
            )
        except Duplicate as dup:  # the same key won a race a moment ago
            return await self._replayed(record.room_id, dup.seq)
        except KeyReused:  # the same key, for another request, won a race a moment ago
            raise key_reused() from None
        assert done.change is not None  # plan_action always changes the room
        return applied(done.change, done.seq, seat, action, source, started)

    async def _on_copy(
        self, held: RoomRecord, act: PlayerAct, rate: DeferredTake | None
    ) -> tuple[ActResult | None, DeferredTake | None]:
        """The move planned on this replica's copy of the room (``services.rooms.warm``).
        Returns the result, or None and the rate still to take when the move must be judged
        on the loaded room instead: the client names a later version than the copy (which
        is then behind), the copy refuses the move (a refusal is judged again on the room as
        loaded, whose load takes the rate: refused moves spend it too), or the copy was
        stale (a conflict: nothing written, no rate taken)."""
        if act.version is not None and act.version > held.version:
            return None, rate
        try:
            fingerprint = (
                action_fingerprint(held, act.game_id, act.version, act.action) if act.key else ""
            )
            seat = player_seat(held, act.player, act.game_id)
            game = registry.get(held.meta.game)
            change = plan_action(
                held,
                game,
                seat,
                act.action,
                source=Source.PLAYER,
                version=act.version,
                now=self.clock(),
            )
        except RoomError:
            return None, rate
        return await self._commit_on_copy(held, change, seat, act, fingerprint, rate)

    async def _commit_on_copy(
        self,
        held: RoomRecord,
        change: Change,
        seat: int,
        act: PlayerAct,
        fingerprint: str,
        rate: DeferredTake | None,
    ) -> tuple[ActResult | None, DeferredTake | None]:
        """One round trip: the rate, the idempotency key and the compare-and-set."""
        assert self.warm is not None
        notices = self.changes.inbox.notices(held, change.room)
        try:
            answer = await self.store.rooms.commit_action(
                held.room_id,
                expected_seq=held.seq,
                room=change.room,
                before=held,
                entry=change.entry,
                idempotency_key=act.key,
                fingerprint=fingerprint,
                ttl=ttl_for(held, change, self.clock()),
                rate=rate.args if rate is not None else None,
                notices=notices,
            )
        except Conflict:
            self.warm.drop(held.room_id, at_seq=held.seq)
            return None, rate
        except NotReplicated as unconfirmed:  # written on the primary: keep up with it
            await self.changes.committed(held, change, unconfirmed.seq, notices=notices)
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
            return await self._replayed(held.room_id, answer.done), None
        assert answer.seq is not None
        await self.changes.committed(held, change, answer.seq, notices=notices)
        return applied(change, answer.seq, seat, act.action, Source.PLAYER, act.started), None

    async def _replayed(self, room_id: str, seq: int) -> ActResult:
        """The answer to a retried action: what its first application produced, once a Redis
        replica holds it (the first answer may have been UNAVAILABLE: none did in time)."""
        entry = await self.store.rooms.read_entry(room_id, seq, confirmed=True)
        if entry is None:
            raise RoomError(errors.Kind.ABORTED, "BUSY", "try again")
        return ActResult(seq, entry.version, entry.events, entry.actor, replayed=True)


def player_seat(record: RoomRecord, player: Player, game_id: str | None) -> int:
    """The caller's seat, for an action built for ``game_id``: refused when the room plays
    another game or the caller holds no seat."""
    if game_id is not None and game_id != record.meta.game:
        raise errors.invalid(
            "action", f"this room plays {record.meta.game}, not {game_id}", "WRONG_GAME"
        )
    seat = seat_of(record, player.player_id)
    if seat < 0:
        if player.player_id in record.spectators:
            raise errors.denied("spectators cannot play", "SPECTATOR")
        raise errors.denied("you have no seat in this room", "NOT_SEATED")
    return seat


def action_fingerprint(
    record: RoomRecord, game_id: str | None, version: int | None, action: object
) -> str:
    """A hash of what an idempotency key was sent with: a key names one request."""
    contract = contract_for(game_id or record.meta.game)
    action_text = dumps(contract.action_to_data(action))
    text = dumps([record.room_id, game_id or "", -1 if version is None else version, action_text])
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def key_reused() -> RoomError:
    return RoomError(
        errors.Kind.INVALID_ARGUMENT,
        "IDEMPOTENCY_KEY_REUSED",
        "this request id was used for another request: use a new id for each action",
        field="request_id",
    )


def applied(
    change: Change, seq: int, seat: int, action: object, source: Source, started: float
) -> ActResult:
    """The answer to an applied action, counted and logged."""
    room = change.room
    metrics.ACTIONS_APPLIED.labels(room.meta.game, source.value).inc()
    # A bot's move is logged at debug only: a table of bots makes many (the metric above
    # counts them).
    (log.debug if source is Source.BOT else log.info)(
        "action_applied",
        room=room.room_id,
        seat=seat,
        action=type(action).__name__,
        version=room.version,
        source=source.value,
        latency_ms=round((time.perf_counter() - started) * 1000, 2),
    )
    return ActResult(seq, room.version, change.entry.events, seat, deadlines=room.deadlines)
