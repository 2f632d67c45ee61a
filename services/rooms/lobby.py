"""The lobby: creating rooms, joining, leaving, ready, bots, quick matches and the start.

Each operation is a pure planner of :mod:`services.rooms.lobby_planning` (``plan_*``: from
the room as loaded to the :class:`~services.rooms.records.Change` to commit, or a room
error) and a method of :class:`Lobby` (one of the parts :class:`services.rooms.facade.Rooms`
holds): it runs the planner through the compare-and-set loop
(:meth:`services.rooms.changes.RoomChanges.apply`).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

import structlog

from engine import registry
from engine.bots import LEVELS as BOT_LEVELS
from engine.info import InvalidOptions
from services import errors, pages
from services.errors import RoomError
from services.ladder import ratings
from services.rate_limits import Limits, check_join_attempts, count_join_failure
from services.rooms import fair_deal, paces
from services.rooms.changes import RoomChanges
from services.rooms.lobby_planning import (
    DEFAULT_BOT_DELAY,
    DEFAULT_TAKEOVER_AFTER,
    code_opens,
    lobby_entry,
    plan_bot,
    plan_join,
    plan_leave,
    plan_ready,
    plan_spectate,
    plan_start,
)
from services.rooms.records import (
    Change,
    Player,
    RoomMeta,
    RoomRecord,
    RoomStatus,
    SeatRecord,
    is_member,
    seat_of,
)
from services.rooms.turns import TurnSeats, turn_based_start_due
from services.store import (
    OPEN_ROOM_TTL_SECONDS,
    ROOMS_PER_HOUR,
    Conflict,
    quota_key,
)

log = structlog.get_logger("cercle.rooms")

JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I


# -- the operations ------------------------------------------------------------------------


class Lobby:
    """The lobby operations (``Rooms.lobby``)."""

    def __init__(self, changes: RoomChanges, limits: Limits, turn_seats: TurnSeats) -> None:
        self.changes = changes
        self.store = changes.store
        self.clock = changes.clock
        self.limits = limits
        self.turn_seats = turn_seats

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
        pace: paces.PaceRecord = paces.LIVE,
    ) -> RoomRecord:
        """A new room, the caller in seat 0. ``address`` is the caller's (rooms are counted
        per session and per address). A turn-based ``pace`` (``services.rooms.paces``, checked by
        :func:`~services.rooms.paces.check_pace`) is counted in the caller's open turn-based
        rooms (``services.rooms.turns``)."""
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
            raise errors.from_invalid_options(exc, game.info.id) from None
        if takeover_after is not None and not 0 <= takeover_after <= 100:
            raise errors.invalid("takeover_after", "takeover_after goes from 0 (never) to 100")
        if bot_delay is not None and not 0 <= bot_delay <= 30:
            raise errors.invalid("bot_delay", "bot_delay goes from 0 to 30 seconds")
        takeover = paces.takeover_after(
            pace, takeover_after, game.info.turn_based_takeover, DEFAULT_TAKEOVER_AFTER
        )
        counters = [quota_key("rooms", player.player_id)]
        if address:
            counters.append(quota_key("rooms-from", address))
        counts = await self.store.limits.count_quota(counters, 3600)
        if counts[0][0] > ROOMS_PER_HOUR:
            raise RoomError(
                errors.Kind.RESOURCE_EXHAUSTED,
                "TOO_MANY_ROOMS",
                f"you may create {ROOMS_PER_HOUR} rooms an hour; join an open one instead",
                retry_after=max(1.0, counts[0][1]),
                metadata={"limit": str(ROOMS_PER_HOUR), "scope": "session"},
            )
        if address and counts[1][0] > self.limits.rooms_per_address_hour:
            raise RoomError(
                errors.Kind.RESOURCE_EXHAUSTED,
                "TOO_MANY_ROOMS",
                "too many rooms were created from your network this hour; join an open one",
                retry_after=max(1.0, counts[1][1]),
                metadata={"limit": str(self.limits.rooms_per_address_hour), "scope": "address"},
            )
        room_id = secrets.token_hex(6)
        created = self.clock()
        if pace.turn_based:
            await self.turn_seats.claim(player.player_id, room_id, created)
        for _ in range(20):  # a join code names one room: claim it before the room exists
            join_code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(6))
            if await self.store.indexes.set_join_code(join_code, room_id):
                break
        else:
            raise RoomError(errors.Kind.ABORTED, "BUSY", "no free join code; try again")
        meta = RoomMeta(
            game=game_id,
            options=dict(options),
            private=private,
            players=players,
            host=player.player_id,
            created=created,
            code=join_code,
            takeover_after=takeover,
            bot_delay=DEFAULT_BOT_DELAY if bot_delay is None else float(bot_delay),
        )
        seats: list[SeatRecord | None] = [None] * players
        seats[0] = SeatRecord(player.player_id, player.name)
        room = RoomRecord(
            room_id,
            meta,
            tuple(seats),
            deal_secret=fair_deal.new_secret(),
            pace=pace if pace.turn_based else None,
        )
        try:
            await self.store.rooms.commit(
                room_id,
                expected_seq=0,
                room=room,
                entry=lobby_entry("created", room, player.player_id),
                ttl=paces.OPEN_TURN_BASED_TTL_SECONDS if pace.turn_based else OPEN_ROOM_TTL_SECONDS,
            )
        except Conflict:  # 48 random bits collided: astronomically unlikely
            raise RoomError(errors.Kind.ABORTED, "BUSY", "try again") from None
        if not private:
            await self.store.indexes.index_open_room(room_id, game_id, created)
        await self.store.players.index_memberships(room_id, created, (player.player_id,), ())
        log.info("room_created", room=room_id, game=game_id, players=players, private=private)
        return await self.changes.load(room_id)

    async def list_open_rooms(self, game_id: str | None, limit: int) -> list[RoomRecord]:
        rooms: list[RoomRecord] = []
        for room_id in await self.store.indexes.open_rooms(game_id or None, limit):
            record = await self.store.rooms.load_room(room_id)
            if record is None or record.status is not RoomStatus.OPEN or record.meta.private:
                if record is None:
                    await self.store.indexes.unindex_open_room(room_id, game_id or "")
                continue
            if any(seat is None for seat in record.seats):
                rooms.append(record)
        return rooms

    async def open_rooms_page(
        self, game_id: str, page_token: str, page_size: int
    ) -> tuple[list[RoomRecord], str]:
        """Open public rooms with a free seat, newest first, and the next page's token (a
        page may hold fewer rooms than asked: rooms filled or closed meanwhile are left
        out)."""
        size = pages.page_size(page_size)
        after = pages.decode_token(page_token, "rooms", game_id)
        found = await self.store.players.open_rooms_page(game_id or None, after, size)
        rooms: list[RoomRecord] = []
        records = await self.store.rooms.load_rooms([room_id for room_id, _ in found])
        for (room_id, _), record in zip(found, records, strict=True):
            if record is None:
                await self.store.indexes.unindex_open_room(room_id, game_id)
            elif (
                record.status is RoomStatus.OPEN
                and not record.meta.private
                and any(seat is None for seat in record.seats)
            ):
                rooms.append(record)
        token = ""
        if len(found) == size:
            room_id, score = found[-1]
            token = pages.encode_token("rooms", game_id, (score, room_id))
        return rooms, token

    async def join(
        self, player: Player, room_id: str, join_code: str, *, spectator: bool, address: str = ""
    ) -> tuple[RoomRecord, int]:
        code = join_code.strip().upper()
        if code:
            await check_join_attempts(self.store, self.limits, player.player_id, address)
        if not room_id and code:
            found = await self.store.indexes.room_for_code(code)
            record = await self.store.rooms.load_room(found) if found is not None else None
            if record is None or not code_opens(record, code):
                await count_join_failure(self.store, self.limits, player.player_id, address)
                raise errors.not_found("no room has that join code", "UNKNOWN_JOIN_CODE")
            room_id = record.room_id
        record = await self.changes.load(room_id)
        if (
            record.meta.private
            and not code_opens(record, code)
            and not is_member(record, player.player_id)
        ):
            if code:  # a code tried on a private room: a guess like any other
                await count_join_failure(self.store, self.limits, player.player_id, address)
            raise errors.denied("this room is private: join it with its code", "PRIVATE_ROOM")

        def compute(current: RoomRecord) -> Change | None:
            if spectator:
                return plan_spectate(current, player)
            return plan_join(current, player)

        claimed = (
            not spectator
            and paces.is_turn_based(record.pace)
            and record.status is RoomStatus.OPEN
            and seat_of(record, player.player_id) < 0
        )
        if claimed:  # a seat in a turn-based room counts towards the player's cap
            await self.turn_seats.claim(player.player_id, room_id, record.meta.created)
        try:
            await self.changes.apply(room_id, compute, record=record)
        except RoomError:
            if claimed:
                await self.turn_seats.release(player.player_id, room_id)
            raise
        fresh = await self.changes.load(room_id)
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
        pace: paces.PaceRecord = paces.LIVE,
    ) -> tuple[RoomRecord, int]:
        """Join an open public room of the game and ``pace`` (a turn-based one: with the
        same decision limit and bank), or create one; with ``bots``, a match against bots at
        once."""
        if bots:
            return await self._match_against_bots(
                player, game_id, players, bots, bot_level, bot_delay, address, pace
            )
        try:
            registry.get(game_id)
        except registry.UnknownGame as exc:
            raise errors.invalid("game_id", exc.message, "UNKNOWN_GAME") from None
        for record in await self.list_open_rooms(game_id, 20):
            if (record.pace or paces.LIVE) != pace:
                continue
            if seat_of(record, player.player_id) >= 0:
                return record, seat_of(record, player.player_id)
            try:
                return await self.join(player, record.room_id, "", spectator=False)
            except RoomError:
                continue  # taken meanwhile: try the next one
        created = await self.create_room(
            player, game_id, {}, private=False, players=players, address=address, pace=pace
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
        pace: paces.PaceRecord,
    ) -> tuple[RoomRecord, int]:
        try:
            game = registry.get(game_id)
        except registry.UnknownGame as exc:
            raise errors.invalid("game_id", exc.message, "UNKNOWN_GAME") from None
        info = game.info
        low, high = info.min_players - 1, info.max_players - 1
        if not low <= bots <= high:
            # The field at fault is the one sent: a table of 1 + bots seats.
            count = f"{low}" if low == high else f"{low} to {high}"
            raise RoomError(
                errors.Kind.INVALID_ARGUMENT,
                "BOTS_OUT_OF_RANGE",
                f"{info.name} is played with {count} bot{'s' if high > 1 else ''} besides you",
                field="bots",
                metadata={"game": info.name, "min_bots": str(low), "max_bots": str(high)},
            )
        if level not in BOT_LEVELS:
            raise errors.invalid("bot_level", "bot levels are random and strong", "UNKNOWN_LEVEL")
        players = players or bots + 1
        if players != bots + 1:
            raise errors.invalid(
                "players", f"with {bots} bots the table has {bots + 1} seats: send players 0"
            )
        record = await self.create_room(
            player,
            game_id,
            {},
            private=True,
            players=players,
            bot_delay=bot_delay,
            address=address,
            pace=pace,
        )
        for _ in range(bots):
            await self.set_bot(player, record.room_id, None, level or "strong")
        ready = await self.set_ready(player, record.room_id, True)
        if ready.status is RoomStatus.PLAYING:  # a turn-based table started by itself
            return ready, 0
        return await self.start(player, record.room_id), 0

    async def leave(self, player: Player, room_id: str) -> None:
        await self.changes.apply(room_id, lambda current: plan_leave(current, player))

    async def set_ready(
        self, player: Player, room_id: str, ready: bool, contribution: bytes | None = None
    ) -> RoomRecord:
        fair_deal.check_contribution(contribution, ready)
        await self.changes.apply(
            room_id, lambda current: plan_ready(current, player, ready, contribution)
        )
        record = await self.changes.load(room_id)
        if ready and turn_based_start_due(record):
            # A turn-based table starts by itself once every seat is taken and ready: its
            # host need not come back for it (a start raced by the host's own is refused).
            try:
                return await self.start(Player(record.meta.host, ""), room_id)
            except RoomError as exc:
                if exc.reason != "MATCH_STARTED":
                    raise
                return await self.changes.load(room_id)
        return record

    async def set_bot(
        self, player: Player, room_id: str, seat: int | None, level: str | None
    ) -> RoomRecord:
        """Put a bot of ``level`` in ``seat`` (None: the first free), or remove it (level
        None)."""
        token = secrets.token_hex(3)
        await self.changes.apply(
            room_id, lambda current: plan_bot(current, player, seat, level, token)
        )
        return await self.changes.load(room_id)

    async def start(self, player: Player, room_id: str) -> RoomRecord:
        seed = secrets.randbits(63)
        nonce = secrets.token_hex(16)
        ladder = ratings.ratings_of(self.store, self.clock)
        before = await self.changes.load(room_id)
        checked = await ladder.checked_players(before)
        if checked and before.meta.host == player.player_id:
            await ladder.expect(room_id)  # before the start is committed (exactly once)

        def compute(current: RoomRecord) -> Change:
            game = registry.get(current.meta.game)
            deal = fair_deal.settle(current)  # None: a room from before contributed deals
            if deal is None:
                change = plan_start(current, game, player, seed, nonce, self.clock())
            else:
                change = plan_start(current, game, player, deal.seed, nonce, self.clock())
                change = fair_deal.record_deal(change, deal)
            return ratings.mark_rated(change, checked)

        await self.changes.apply(room_id, compute)
        log.info("match_started", room=room_id)
        return await self.changes.load(room_id)
