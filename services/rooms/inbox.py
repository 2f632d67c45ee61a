"""The players' inboxes: "your turn", a match started or ended (issue 28, item 3).

Before each change of a room is committed, :func:`notifications_for` (pure) says who is to
be told what (:meth:`Inbox.notices`). The commit script keeps those notifications in the
room's shard with the change itself, in the same atomic step (``services.store.inbox``'s
pending notices); after the commit, :meth:`Inbox.committed` adds each to its player's inbox
(bounded in count and age, each notification's id made from its cause so that adding it
twice adds it once) and then drops the pending record. A replica killed or cut from Redis
between the commit and the inbox leaves the record behind, and any replica's expiry loop
delivers it once it is :data:`PENDING_GRACE_SECONDS` old (:meth:`Inbox.sweep`): a committed
change's notifications reach the inboxes at least once, and so the webhook outbox too.

Each add publishes the player's id on one channel every replica hears
(:data:`~services.store.keys.INBOX_CHANNEL`); each replica wakes its WatchInbox streams of
that player, which read their inbox after the last sequence they sent: a lost ping delays
a notification until the stream's next poll (:data:`POLL_SECONDS`), it never loses one.

What is told:

- **your turn**, in turn-based rooms only (a live table is in front of its players): a seat
  of a human gets a fresh decision clock (not a rest's);
- **match started** and **match ended**, to every human seat, in every room;
- **clock running out**, in turn-based rooms: each "your turn" schedules a warning
  (:data:`WARN_BEFORE_SECONDS` before the clock runs out) in one sorted set; the expiry
  loop of any replica claims the due ones (leased, so a dead replica's come back) and tells
  each whose clock still runs as it was (:meth:`Inbox.warn_due`).

Notifications carry ids and times only: no card, no vote, no seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import structlog

from engine import registry
from services.clock import Clock
from services.rooms import paces
from services.rooms.bot_seats import BOT_CLOCK
from services.rooms.records import RoomRecord, RoomStatus, dumps
from services.rooms.webhooks import WebhookConfig, delivery_body
from services.store import Store, StoreUnavailable
from services.store.inbox import (
    InboxStore,
    PendingNotice,
    StoredNotification,
    pending_notices,
    read_pending,
)
from services.store.keys import INBOX_CHANNEL

log = structlog.get_logger("cercle.inbox")

MAX_NOTIFICATIONS = 200
"""Notifications one inbox keeps (the oldest go first)."""
RETENTION_SECONDS = 30 * 24 * 3600
"""How long a notification is kept."""
WARN_BEFORE_SECONDS = 3600.0
"""A turn-based clock's warning comes this long before it runs out (or a quarter of the
clock before, for a clock shorter than 4 hours)."""
WARNING_LEASE_SECONDS = 60.0
"""How long a replica holds a due warning before another may tell it (it died meanwhile)."""
POLL_SECONDS = 30.0
"""How often an open WatchInbox stream reads its inbox without a ping (a lost one)."""
PENDING_GRACE_SECONDS = 10.0
"""How long a change's notifications wait for the replica that committed it before any
replica's sweep delivers them."""
PENDING_LEASE_SECONDS = 30.0
"""How long a sweeping replica holds a change's notifications before another may."""
SWEEP_SECONDS = 2.0
"""How often a replica's expiry loop looks for notifications left behind."""


class NotificationKind(enum.StrEnum):
    YOUR_TURN = "your_turn"
    MATCH_STARTED = "match_started"
    MATCH_ENDED = "match_ended"
    CLOCK_RUNNING_OUT = "clock_running_out"
    INVITATION = "invitation"


@dataclass(frozen=True, slots=True)
class NotificationRecord:
    """A notification for one player (its storage form: :meth:`to_json`)."""

    notification_id: str
    kind: NotificationKind
    room_id: str
    game_id: str
    seat: int
    created: float
    expire: float | None = None
    """For ``YOUR_TURN``: when the seat's clock runs out."""
    invitation: tuple[str, str, str] | None = None
    """For ``INVITATION``: its code, the sender's player id and display name."""

    def to_json(self) -> str:
        return dumps(
            {
                "k": self.kind.value,
                "room": self.room_id,
                "game": self.game_id,
                "seat": self.seat,
                "c": self.created,
                "x": self.expire,
                "i": self.invitation,
            }
        )

    @classmethod
    def from_stored(cls, stored: StoredNotification) -> tuple[NotificationRecord, int, bool]:
        """The record, its sequence and its read flag."""
        return cls.from_json(stored.notification_id, stored.body), stored.sequence, stored.read

    @classmethod
    def from_json(cls, notification_id: str, body: str | bytes) -> NotificationRecord:
        """The record of :meth:`to_json`'s form."""
        data = json.loads(body)
        return cls(
            notification_id,
            NotificationKind(data["k"]),
            data["room"],
            data["game"],
            int(data["seat"]),
            float(data["c"]),
            None if data.get("x") is None else float(data["x"]),
            None if data.get("i") is None else tuple(data["i"]),
        )


def notifications_for(
    before: RoomRecord, after: RoomRecord, now: float
) -> list[tuple[str, NotificationRecord]]:
    """Who is told what after a committed change from ``before`` to ``after``: (player id,
    notification) pairs."""
    out: list[tuple[str, NotificationRecord]] = []
    room, game = after.room_id, after.meta.game
    for kind, when in (
        (NotificationKind.MATCH_STARTED, after.status is RoomStatus.PLAYING),
        (NotificationKind.MATCH_ENDED, after.status is RoomStatus.FINISHED),
    ):
        if not when or before.status is after.status:
            continue
        for seat, holder in enumerate(after.seats):
            if holder is not None and holder.belongs_to_human:
                note = NotificationRecord(f"{room}:{kind.value}", kind, room, game, seat, now)
                out.append((holder.player_id, note))
    if after.status is not RoomStatus.PLAYING or not paces.is_turn_based(after.pace):
        return out
    info = registry.get(game).info
    running = {(d.seat, d.clock, d.expire) for d in before.deadlines}
    for deadline in after.deadlines:
        holder = after.seats[deadline.seat]
        if deadline.clock == BOT_CLOCK or holder is None or holder.is_bot:
            continue
        if (deadline.seat, deadline.clock, deadline.expire) in running:
            continue
        try:
            if info.clock(deadline.clock).rest:
                continue
        except KeyError:
            continue
        note = NotificationRecord(
            f"{room}:turn:{deadline.seat}:{deadline.version}:{deadline.clock}",
            NotificationKind.YOUR_TURN,
            room,
            game,
            deadline.seat,
            now,
            deadline.expire,
        )
        out.append((holder.player_id, note))
    return out


class Inbox:
    """The inboxes, as this replica adds to and watches them; one per replica. Also the
    listener of :data:`INBOX_CHANNEL` on the replica's pub/sub connection
    (``services.rooms.feed.ChannelListener``)."""

    channel = INBOX_CHANNEL

    def __init__(self, store: Store, clock: Clock) -> None:
        self.calls = InboxStore(store.core)
        self.clock = clock
        self.cap = MAX_NOTIFICATIONS
        self.retention: float = RETENTION_SECONDS
        self.deliver = WebhookConfig.from_env() is not None
        """Also put each notification in the webhook outbox (``services.rooms.webhooks``)."""
        self._watchers: dict[str, set[asyncio.Event]] = {}
        self._next_sweep = 0.0

    # -- adding ------------------------------------------------------------------------------

    def notices(self, before: RoomRecord, after: RoomRecord) -> tuple[str, float] | None:
        """What a change from ``before`` to ``after`` tells its players, as its commit keeps
        it (``RoomStore.commit``'s ``notices``: their JSON and when a sweep may deliver
        them); None when it tells no one."""
        now = self.clock()
        told = notifications_for(before, after, now)
        if not told:
            return None
        pending = [PendingNotice(p, note.notification_id, note.to_json()) for p, note in told]
        return pending_notices(after.room_id, pending), now + PENDING_GRACE_SECONDS

    async def committed(self, notices: tuple[str, float] | None) -> None:
        """Put a committed change's notifications (:meth:`notices`) in the inboxes."""
        if notices is not None:
            await self.deliver_pending(notices[0])

    async def deliver_pending(self, payload: str) -> bool:
        """Add a change's pending notifications to their players' inboxes, then drop the
        pending record; False when the store failed meanwhile (the record stays, for a
        sweep: the failure is logged, the notifications are not lost) or the record cannot
        be read (logged and dropped: a sweep would meet it forever)."""
        try:
            room_id, pending = read_pending(payload)
            notes = [
                (n.player_id, NotificationRecord.from_json(n.notification_id, n.body))
                for n in pending
            ]
        except (ValueError, TypeError, KeyError):  # another version's form: never readable here
            log.error("notifications_unreadable", size=len(payload))
            await self.calls.drop_unreadable(payload)
            return False
        try:
            for player_id, note in notes:
                await self.add(player_id, note)
                if note.kind is NotificationKind.YOUR_TURN and note.expire is not None:
                    await self._schedule_warning(player_id, note)
            await self.calls.drop_pending(payload)
        except StoreUnavailable as exc:
            log.warning("notifications_deferred", room=room_id, store_error=exc.kind)
            return False
        return True

    async def sweep(self) -> int:
        """Deliver the notifications whose committer did not (it died or lost the store
        after its commit), at most every :data:`SWEEP_SECONDS`; how many changes' were."""
        now = self.clock()
        if now < self._next_sweep:
            return 0
        self._next_sweep = now + SWEEP_SECONDS
        delivered = 0
        for payload in await self.calls.claim_pending(now, PENDING_LEASE_SECONDS):
            delivered += await self.deliver_pending(payload)
        if delivered:
            log.info("notifications_swept", changes=delivered)
        return delivered

    async def _schedule_warning(self, player_id: str, note: NotificationRecord) -> None:
        assert note.expire is not None
        length = note.expire - note.created
        before = min(WARN_BEFORE_SECONDS, length / 4)
        warning = dumps([player_id, note.notification_id, note.room_id, note.seat, note.expire])
        await self.calls.schedule_warning(warning, note.expire - before)

    async def warn_due(self, load: Callable[[str], Awaitable[RoomRecord | None]]) -> int:
        """Tell the due clock warnings whose clock still runs as it was (``load`` reads a
        room); how many were told."""
        now = self.clock()
        told = 0
        for warning in await self.calls.claim_warnings(now, WARNING_LEASE_SECONDS):
            player_id, turn_id, room_id, seat, expire = json.loads(warning)
            record = await load(room_id)
            still = record is not None and any(
                d.seat == seat and d.expire == expire and d.clock != BOT_CLOCK
                for d in record.deadlines
            )
            if still and record is not None:
                note = NotificationRecord(
                    turn_id.replace(":turn:", ":warn:", 1),
                    NotificationKind.CLOCK_RUNNING_OUT,
                    room_id,
                    record.meta.game,
                    seat,
                    now,
                    expire,
                )
                await self.add(player_id, note)
                told += 1
            await self.calls.drop_warning(warning)
        return told

    async def add(self, player_id: str, note: NotificationRecord) -> int:
        delivery = None
        if self.deliver:
            delivery_id, body = delivery_body(
                player_id,
                note.notification_id,
                {
                    "kind": note.kind.value,
                    "room_id": note.room_id,
                    "game_id": note.game_id,
                    "seat": note.seat,
                    "create_time": note.created,
                    "expire_time": note.expire,
                    # the sender, never the invitation's code (it opens the room)
                    "from_player_id": note.invitation[1] if note.invitation else None,
                },
            )
            delivery = (delivery_id, body, self.clock())
        return await self.calls.add(
            player_id,
            note.notification_id,
            note.to_json(),
            cap=self.cap,
            cutoff=self.clock() - self.retention,
            ttl=int(self.retention),
            delivery=delivery,
        )

    # -- the channel -------------------------------------------------------------------------

    async def connected(self) -> None:
        for events in self._watchers.values():  # what was published meanwhile was missed
            for event in events:
                event.set()

    def disconnected(self) -> None:
        return None

    def heard(self, data: bytes) -> None:
        for event in self._watchers.get(data.decode(errors="replace"), ()):
            event.set()

    # -- watching ----------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def watching(self, player_id: str) -> AsyncIterator[asyncio.Event]:
        """An event set whenever the player's inbox may have something new."""
        event = asyncio.Event()
        self._watchers.setdefault(player_id, set()).add(event)
        try:
            yield event
        finally:
            events = self._watchers.get(player_id)
            if events is not None:
                events.discard(event)
                if not events:
                    del self._watchers[player_id]

    async def watch(
        self, player_id: str, after: int
    ) -> AsyncIterator[tuple[NotificationRecord, int, bool]]:
        """The player's notifications after sequence ``after`` (0: from now on), then each
        new one, until cancelled."""
        async with self.watching(player_id) as event:
            if after <= 0:
                newest, _ = await self.calls.page(player_id, None, 1)
                after = newest[0].sequence if newest else 0
            while True:
                event.clear()
                for stored in await self.calls.after(player_id, after, 100):
                    after = stored.sequence
                    yield NotificationRecord.from_stored(stored)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), POLL_SECONDS)
