"""Matchmaking by skill: match tickets grouped by rating into tables (docs/ratings.md,
*Matchmaking*).

A ticket waits in its queue (one per game, table size and options) at its player's ordinal
in the game. Every replica's matcher claims groups with one Lua script
(``services.store.matchmaking``): for each of the oldest tickets, the closest others within
its window, which widens as it waits (``BASE_WINDOW`` + ``WIDEN_PER_SECOND`` x wait, up to
``WIDEST_WINDOW``, in ordinal units: x100 for the displayed rating); a table when enough are
there, or when the ticket's bot time has come (its free seats then go to bots). The script
removes the tickets from the queue as it claims them, so no ticket is seated twice, and the
group's room id is drawn before the claim, so a table made again (its first replica died:
the group's lease ended) is the same table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import structlog
from cercle.v1 import ladder_pb2

from engine import registry
from engine.info import InvalidOptions
from services import errors
from services.errors import Kind, RoomError
from services.games.convert import ConversionError
from services.games.options import options_from_proto
from services.ladder.ratings import ordinal
from services.rooms import bot_seats, fair_deal
from services.rooms.facade import Rooms
from services.rooms.lobby_planning import DEFAULT_BOT_DELAY, DEFAULT_TAKEOVER_AFTER, lobby_entry
from services.rooms.records import Player, RoomMeta, RoomRecord, SeatRecord
from services.store import OPEN_ROOM_TTL_SECONDS, Conflict, StoreUnavailable
from services.store.matchmaking import Claimed, MatchmakingStore, for_store
from services.store.ratings import for_store as ratings_store

log = structlog.get_logger("cercle.matchmaking")

BASE_WINDOW = 3.0
"""Ratings within this of a new ticket's share its table (ordinal units; 300 displayed)."""
WIDEN_PER_SECOND = 0.5
WIDEST_WINDOW = 40.0
DEFAULT_BOT_TIMEOUT = 60.0
MAX_BOT_TIMEOUT = 600.0
STRONG_BOTS_FROM = 10.0
"""A table whose mean ordinal reaches this (1000 displayed) gets strong bots, else random."""
TICK_SECONDS = 0.2
LEASE_SECONDS = 15.0
"""A claimed group whose table is not made within this is made by another replica."""
TRIES = 20
"""How many of a queue's oldest tickets one claim looks at."""
WATCH_POLL_SECONDS = 0.25
WATCH_REPEAT_SECONDS = 5.0

OVER = ("matched", "cancelled", "expired")


def window(wait: float) -> float:
    """The rating window of a ticket that waited ``wait`` seconds (ordinal units).

    >>> window(0), window(10), window(1000)
    (3.0, 8.0, 40.0)
    """
    return min(WIDEST_WINDOW, BASE_WINDOW + WIDEN_PER_SECOND * max(0.0, wait))


@dataclass(frozen=True, slots=True)
class TicketSeen:
    """A ticket as read at ``at``: its stored fields (``{"status": "expired"}`` once gone);
    :func:`services.api.ladder_messages.ticket_message` renders it."""

    ticket_id: str
    fields: dict[str, str]
    at: float

    @property
    def status(self) -> str:
        return self.fields.get("status", "expired")

    @property
    def created(self) -> float:
        return float(self.fields.get("created", self.at))

    def shown(self) -> tuple[object, ...]:
        """What a client sees of it (a claimed ticket shows as waiting; a waiting one's
        window, in the hundredths the contract sends)."""
        waiting = self.status in ("waiting", "claimed")
        fields = {**self.fields, "status": "waiting"} if waiting else self.fields
        shown_window = round(100 * window(self.at - self.created)) if waiting else None
        return tuple(sorted(fields.items())), shown_window


class Matchmaker:
    """The tickets of one process: the servicer's calls and the matcher loop."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.db: MatchmakingStore = for_store(rooms.store)
        self.clock = rooms.clock  # the one clock (services.clock)

    # -- the calls ------------------------------------------------------------------------

    async def create(
        self,
        player: Player,
        request: ladder_pb2.CreateMatchTicketRequest,
        bot_timeout: float | None,
    ) -> TicketSeen:
        try:
            game = registry.get(request.game_id)
        except registry.UnknownGame as exc:
            raise errors.invalid("game_id", exc.message, "UNKNOWN_GAME") from None
        size = request.players or max(2, game.info.min_players)
        if size < 2 or not game.info.min_players <= size <= game.info.max_players:
            low, high = max(2, game.info.min_players), game.info.max_players
            raise errors.invalid("players", f"{game.info.name} tables have {low} to {high} seats")
        timeout = DEFAULT_BOT_TIMEOUT if bot_timeout is None else bot_timeout
        if not 1.0 <= timeout <= MAX_BOT_TIMEOUT:
            raise errors.invalid("bot_timeout", "bot_timeout goes from 1 s to 10 minutes")
        if len(request.request_id) > 128:
            raise errors.invalid("request_id", "a request id has at most 128 characters")
        try:
            options = dict(game.validate_options(options_from_proto(game, request.options)))
            game.new_match(options, size, 0)
        except ConversionError as exc:
            raise errors.invalid(exc.field, exc.message, "INVALID_OPTION") from None
        except InvalidOptions as exc:
            raise errors.from_invalid_options(exc, game.info.id) from None
        canonical = json.dumps(options, sort_keys=True, separators=(",", ":"))
        queue = f"{game.info.id}:{size}:{hashlib.sha256(canonical.encode()).hexdigest()[:12]}"
        rating = 0.0
        if not game.info.cooperative:
            (found,) = await ratings_store(self.rooms.store).ratings(
                game.info.id, [player.player_id]
            )
            rating = 0.0 if found is None else ordinal(found.mu, found.sigma)
        if request.request_id:
            digest = hashlib.sha256(f"{player.player_id}:{request.request_id}".encode())
            ticket_id = "t-" + digest.hexdigest()[:24]
        else:
            ticket_id = "t-" + secrets.token_hex(12)
        fingerprint = hashlib.sha256(request.SerializeToString(deterministic=True)).hexdigest()
        now = self.clock()
        fields = {
            "game": game.info.id,
            "players": str(size),
            "options": canonical,
            "bots_at": repr(now + timeout),
            "name": player.name,
        }
        code, found_id = await self.db.create(
            ticket_id, player.player_id, queue, fingerprint, rating, now, fields
        )
        if code == 2:
            raise errors.invalid(
                "request_id",
                "this request id was used for another ticket: send a fresh one",
                "IDEMPOTENCY_KEY_REUSED",
            )
        if code == 3:
            raise RoomError(
                Kind.RESOURCE_EXHAUSTED,
                "TICKET_OPEN",
                "you already hold an open match ticket: watch it, or cancel it first",
                metadata={"ticket_id": found_id},
            )
        return await self.read(player, found_id)

    async def read(self, player: Player, ticket_id: str) -> TicketSeen:
        ticket = await self._own(player, ticket_id)
        return TicketSeen(ticket_id, ticket, self.clock())

    async def _own(self, player: Player, ticket_id: str) -> dict[str, str]:
        ticket = None
        if ticket_id and len(ticket_id) <= 64:
            ticket = await self.db.ticket(ticket_id)
        if ticket is None or ticket.get("player") != player.player_id:
            raise errors.not_found("you hold no ticket with that id", "TICKET_NOT_FOUND")
        return ticket

    async def cancel(self, player: Player, ticket_id: str) -> TicketSeen:
        ticket = await self._own(player, ticket_id)
        status = await self.db.cancel(ticket_id, player.player_id, ticket["queue"])
        if status in ("matched", "claimed"):
            raise errors.precondition(
                "this ticket was matched: its table is made, go to its room", "TICKET_MATCHED"
            )
        return await self.read(player, ticket_id)

    async def watch(self, player: Player, ticket_id: str) -> AsyncIterator[TicketSeen]:
        """The ticket now, on every change and every few seconds, until it is over."""
        await self._own(player, ticket_id)
        last: tuple[object, ...] | None = None
        sent = 0.0
        while True:
            ticket = await self.db.ticket(ticket_id)
            now = self.clock()
            seen = TicketSeen(ticket_id, ticket or {"status": "expired"}, now)
            shown = seen.shown()
            if shown != last or now - sent >= WATCH_REPEAT_SECONDS or seen.status in OVER:
                last, sent = shown, now
                yield seen
            if seen.status in OVER:
                return
            await asyncio.sleep(WATCH_POLL_SECONDS)

    # -- the matcher ----------------------------------------------------------------------

    async def tick(self) -> int:
        """Claim and seat what can be; returns the tables made."""
        made = 0
        now = self.clock()
        for group_id in await self.db.stale_groups(now, LEASE_SECONDS, 10):
            claimed = await self.db.group(group_id)
            if claimed is not None:
                await self.make_table(claimed)
                made += 1
        for queue in await self.db.queues():
            size = int(queue.split(":")[1])
            for _ in range(50):
                ids = ("g-" + secrets.token_hex(8), secrets.token_hex(6))
                claimed = await self.db.claim(
                    queue,
                    self.clock(),
                    size,
                    (BASE_WINDOW, WIDEN_PER_SECOND, WIDEST_WINDOW),
                    ids,
                    self.clock() + LEASE_SECONDS,
                    TRIES,
                )
                if claimed is None:
                    break
                await self.make_table(claimed)
                made += 1
        return made

    async def make_table(self, claimed: Claimed) -> None:
        """Seat a claimed group (again, if a replica died making it: the same room)."""
        tickets = await self.db.tickets(claimed.tickets)
        first = tickets[0]
        game, size = first["game"], int(first["players"])
        options: dict[str, Any] = json.loads(first["options"])
        humans = [SeatRecord(t["player"], t.get("name", ""), ready=True) for t in tickets]
        mean = sum(float(t.get("rating", 0)) for t in tickets) / len(tickets)
        level = "strong" if mean >= STRONG_BOTS_FROM else "random"
        token = secrets.token_hex(3)
        bots = [bot_seats.new_bot(i, level, token) for i in range(len(humans), size)]
        host = humans[0]
        now = self.clock()
        meta = RoomMeta(
            game=game,
            options=options,
            private=True,
            players=size,
            host=host.player_id,
            created=now,
            code="",  # no join code: the table is the matchmaker's
            takeover_after=DEFAULT_TAKEOVER_AFTER,
            bot_delay=DEFAULT_BOT_DELAY,
        )
        seats = (*humans, *bots)
        room = RoomRecord(claimed.room_id, meta, seats, deal_secret=fair_deal.new_secret())
        store = self.rooms.store
        with contextlib.suppress(Conflict):  # made before, by a replica that died after it
            await store.rooms.commit(
                claimed.room_id,
                expected_seq=0,
                room=room,
                entry=lobby_entry("created", room, host.player_id),
                ttl=OPEN_ROOM_TTL_SECONDS,
            )
            await store.players.index_memberships(
                claimed.room_id, now, [h.player_id for h in humans], ()
            )
        try:
            await self.rooms.lobby.start(Player(host.player_id, host.name), claimed.room_id)
        except RoomError as exc:
            if exc.reason != "MATCH_STARTED":
                raise
        await self.db.matched(claimed.group_id)
        log.info("table_made", room=claimed.room_id, game=game, humans=len(humans))

    async def run(self) -> None:
        """The matcher, forever (one per replica)."""
        while True:
            try:
                await self.tick()
            except (StoreUnavailable, RoomError):
                log.warning("matcher_tick_failed", exc_info=True)
            await asyncio.sleep(TICK_SECONDS)
