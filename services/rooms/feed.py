"""Per-replica room tails: no Redis read per new entry, whatever the number of subscribers.

Each replica keeps one pub/sub connection. The commit script publishes every new entry on
the room's channel; the replica's :class:`RoomFeed` for that room hands it to every local
subscriber's queue (reading the log only when an entry does not follow the last one). A
slow poll (every room's seq in one round trip) catches anything a dropped pub/sub connection
missed; subscribers also fill any
gap they see from the log, so a subscriber never misses an entry nor gets one twice.

A subscriber's queue is bounded: one whose client reads slower than the room changes (or
not at all) is dropped from the fan-out once ``QUEUE_LIMIT`` entries wait for it, its queue
emptied, and its stream ends with STREAM_TOO_SLOW; the client resumes from its last seq.

A stream reads its room through :meth:`Feeds.follow`: one async iterator of the entries
after its cursor (the stored ones, then the live ones, gaps filled from the log), with the
changes of who is connected when it asks for them (``services.rooms.presence``: a ping on the
room's channel, or the poll, makes the feed read the room's online set again).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncGenerator, AsyncIterator
from dataclasses import dataclass
from typing import Protocol

import structlog

from services import supervise
from services.clock import Clock
from services.rooms.records import LogEntry
from services.rooms.warm import WarmRooms
from services.store import (
    CONNECTION_ERRORS,
    LOG_PAGE,
    PRESENCE_PING,
    Channels,
    Online,
    Store,
    StoreUnavailable,
    heartbeat_channel,
    notification,
    notify_channel,
    room_of_channel,
)
from services.supervise import failed, tracked

log = structlog.get_logger("cercle.feed")

POLL_SECONDS = 2.0
"""How often the seqs of the rooms with local subscribers are read anyway (one round trip for
all of them; a room's log only if it is ahead: covers a lost notification)."""
QUEUE_LIMIT = int(os.environ.get("CERCLE_STREAM_QUEUE_LIMIT", "256"))
"""Entries that may wait for one stream on this replica before the stream is ended as too
slow (what a stream that is never read can hold)."""


class ChannelListener(Protocol):
    """Something other than a room that listens on the replica's pub/sub connection
    (``services.api.sessions.SessionCache`` hears logouts there)."""

    channel: str

    async def connected(self) -> None:
        """The connection was (re)opened and subscribed to :attr:`channel`; what was
        published while it was down was missed."""

    def disconnected(self) -> None:
        """The connection is down: nothing is heard until :meth:`connected`."""

    def heard(self, data: bytes) -> None:
        """A message on :attr:`channel`."""


@dataclass(frozen=True, slots=True)
class PresenceChange:
    """Who is connected to a room now (player ids), handed out when it changed."""

    online: frozenset[str]


class StreamTooSlow(Exception):
    """The feed gave up on a stream that read slower than its room changed."""


FeedItem = LogEntry | PresenceChange


class StreamQueue(asyncio.Queue["FeedItem | None"]):
    """One stream's pending entries; ``None`` wakes the stream when the feed stops or gives
    up on it (``too_slow``)."""

    too_slow = False

    def give_up(self) -> None:
        """Drop every pending entry and tell the stream it is too slow."""
        self.too_slow = True
        while not self.empty():
            self.get_nowait()
        self.put_nowait(None)


class RoomFeed:
    """The entries of one room, fanned out to this replica's subscribers."""

    def __init__(self, hub: Feeds, room_id: str, last_seq: int) -> None:
        self.hub = hub
        self.room_id = room_id
        self.last_seq = last_seq
        self.queues: set[StreamQueue] = set()
        self._lock = asyncio.Lock()
        self._wanted = 0
        self.online: frozenset[str] | None = None
        """Who was connected at the last reading (None: not read yet)."""
        self.presence_streams = 0
        """This replica's streams of the room that asked for presence (none: not read)."""

    def deliver(self, entry: LogEntry) -> bool:
        """Hand out an entry that came with its notification; False if it does not follow
        the last one (the caller then reads the log)."""
        if entry.seq <= self.last_seq:
            return True
        if entry.seq != self.last_seq + 1 or self._lock.locked():
            return False
        self._hand_out(entry)
        return True

    def _hand_out(self, entry: LogEntry) -> None:
        self.last_seq = entry.seq
        self._put(entry)

    def _put(self, item: FeedItem) -> None:
        for queue in list(self.queues):
            if queue.qsize() >= QUEUE_LIMIT:
                self.queues.discard(queue)  # out of the fan-out; its stream ends
                queue.give_up()
            else:
                queue.put_nowait(item)

    async def refresh_presence(self) -> None:
        """Read who is connected; hand it out if it changed since the last reading."""
        if not self.presence_streams:
            return
        try:
            online = await self.hub.online.read(self.room_id, self.hub.clock())
        except StoreUnavailable:
            return
        if online != self.online:
            self.online = online
            self._put(PresenceChange(online))

    async def catch_up(self, seq_hint: int | None = None) -> None:
        """Read the entries after ``last_seq`` and hand them out (coalesces concurrent calls)."""
        if seq_hint is not None and seq_hint <= self.last_seq:
            return
        self._wanted += 1
        async with self._lock:
            if self._wanted == 0:
                return
            self._wanted = 0
            while True:
                try:
                    entries = await self.hub.store.rooms.read_log(self.room_id, self.last_seq)
                except StoreUnavailable:
                    return
                if not entries:
                    return
                for entry in entries:
                    self._hand_out(entry)
                if len(entries) < LOG_PAGE:
                    return


class Feeds:
    """All room feeds of this replica."""

    def __init__(self, store: Store, clock: Clock) -> None:
        self.store = store
        self.online = Online(store.core)
        self.clock = clock
        self.rooms: dict[str, RoomFeed] = {}
        self._pubsub: Channels | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._subscribed: set[str] = set()
        self._ready: dict[str, asyncio.Event] = {}
        self._pubsub_lock = asyncio.Lock()
        """One SUBSCRIBE or UNSUBSCRIBE at a time on the pub/sub connection."""
        self._live = False
        """The listener's connection is up and subscribed to the rooms wanted then."""
        self.stopping = False
        self._catching_up: set[asyncio.Task[None]] = set()
        self.open_queues: set[StreamQueue] = set()
        """Every open stream's queue, including those the feed gave up on."""
        self.listeners: dict[str, ChannelListener] = {}
        """Channels other than the rooms', by name (:meth:`add_listener`)."""
        self.warm = WarmRooms()
        """Exact copies of the rooms followed here, kept from what this feed hears
        (``services.rooms.warm``); none on Redis Cluster, where a move loads the room anyway."""
        if not store.cluster:
            self.warm.heard_live = self.hears_every_commit

    def hears_every_commit(self, room_id: str) -> bool:
        """The room's channel is subscribed on the live pub/sub connection."""
        return self._live and room_id in self._subscribed

    def add_listener(self, listener: ChannelListener) -> None:
        """Hear ``listener.channel`` on this replica's pub/sub connection (before
        :meth:`start`)."""
        self.listeners[listener.channel] = listener

    async def start(self) -> None:
        self._tasks = [
            supervise.spawn("feeds_listen", self._listen),
            supervise.spawn("feeds_poll", self._poll),
        ]

    async def stop(self) -> None:
        self.stopping = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for feed in self.rooms.values():
            for queue in feed.queues:
                queue.put_nowait(None)
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.close()

    @contextlib.asynccontextmanager
    async def listen(self, room_id: str, last_seq: int) -> AsyncIterator[StreamQueue]:
        """A queue receiving the room's new entries while the context is open."""
        feed = self.rooms.get(room_id)
        if feed is None:
            feed = self.rooms[room_id] = RoomFeed(self, room_id, last_seq)
        queue = StreamQueue()
        feed.queues.add(queue)
        self.open_queues.add(queue)
        await self._subscribe(room_id)
        try:
            yield queue
        finally:
            self.open_queues.discard(queue)
            feed.queues.discard(queue)
            if not feed.queues:
                self.rooms.pop(room_id, None)
                self.warm.drop(room_id)
                await self._unsubscribe(room_id)

    @property
    def stream_count(self) -> int:
        return sum(len(feed.queues) for feed in self.rooms.values())

    @property
    def queued(self) -> int:
        """Entries waiting in the queues of this replica's streams."""
        return sum(queue.qsize() for queue in self.open_queues)

    async def _subscribe(self, room_id: str) -> None:
        """Subscribe to the room's channel once, for its first stream on this replica; the
        streams that arrive meanwhile wait for that subscription rather than send their own
        (a thousand SUBSCRIBEs of one channel at once on the one pub/sub connection had
        streams cancelled while they opened). Never raises: while the connection is down
        the listener subscribes the room when it connects again."""
        ready = self._ready.get(room_id)
        if ready is not None:
            await ready.wait()
            return
        ready = self._ready[room_id] = asyncio.Event()
        self._subscribed.add(room_id)
        try:
            async with self._pubsub_lock:
                await self._send("SUBSCRIBE", room_id)
        finally:
            ready.set()

    async def _unsubscribe(self, room_id: str) -> None:
        self._subscribed.discard(room_id)
        self._ready.pop(room_id, None)
        async with self._pubsub_lock:
            await self._send("UNSUBSCRIBE", room_id)

    async def _send(self, command: str, room_id: str) -> None:
        """SUBSCRIBE or UNSUBSCRIBE one room on the live connection, or nothing.

        Only the listener reads the pub/sub connection and only it (re)connects it: a
        request coroutine writes its command on the connection while it is up (a write
        beside the listener's read is safe), never through redis-py's ``subscribe()``,
        whose retry reconnects, and so reads, from the caller's coroutine. Two coroutines
        reading one connection while it reconnected ended Subscribe calls INTERNAL when
        Valkey was killed. The channel is recorded as redis-py would, so a reconnection
        inside the listener's read subscribes it again."""
        pubsub = self._pubsub
        if not self._live or pubsub is None or not pubsub.connected:
            return  # the listener subscribes every wanted room once it is connected
        try:
            await pubsub.send(command, notify_channel(room_id))
        except Exception as exc:  # the listener sees the broken connection and rebuilds it
            log.warning("pubsub_send_failed", command=command, error_type=type(exc).__name__)

    async def _listen(self) -> None:
        """The one reader of the pub/sub connection (run under supervision)."""
        try:
            while True:
                try:
                    await self._connect()
                    await self._read_notifications()
                except CONNECTION_ERRORS as exc:
                    log.warning("pubsub_lost", error_type=type(exc).__name__, error=str(exc))
                    await self._disconnect()
                    await asyncio.sleep(0.5)
        finally:
            await self._disconnect()

    async def _connect(self) -> None:
        """A new pub/sub connection subscribed to every room wanted now; from then on the
        streams' own SUBSCRIBEs go straight to it (``_live``)."""
        await self._disconnect()
        pubsub = self._pubsub = Channels(self.store.pubsub())
        # Connects (only this coroutine reads the connection).
        await pubsub.subscribe(heartbeat_channel(), *self.listeners)
        async with self._pubsub_lock:  # no stream's SUBSCRIBE falls between the two
            wanted = [notify_channel(room_id) for room_id in self._subscribed]
            for start in range(0, len(wanted), 500):
                await pubsub.subscribe(*wanted[start : start + 500])
            self._live = True
        for listener in self.listeners.values():
            await listener.connected()

    async def _disconnect(self) -> None:
        self._live = False
        self.warm.clear()  # what is published until the next connection is not heard
        for listener in self.listeners.values():
            listener.disconnected()
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(Exception):
                await pubsub.close()

    async def _read_notifications(self) -> None:
        pubsub = self._pubsub
        assert pubsub is not None
        while True:
            message = await pubsub.next_message(timeout=1.0)
            if message is None:
                continue
            channel, data = message
            listener = self.listeners.get(channel)
            if listener is not None:
                listener.heard(data)
                continue
            room_id = room_of_channel(channel)
            feed = self.rooms.get(room_id)
            if feed is None:
                continue
            if data == PRESENCE_PING:
                task = asyncio.create_task(feed.refresh_presence())
                tracked("feeds_presence", task, self._catching_up)
                continue
            entry: LogEntry | None = None
            try:
                entry, fields = notification(data)
            except Exception as exc:  # unreadable: read the log instead
                failed("feeds_notification", exc)
                self.warm.drop(room_id)
            else:
                self.warm.heard(room_id, entry.seq, fields)
            if entry is None or not feed.deliver(entry):
                task = asyncio.create_task(feed.catch_up(entry.seq if entry else None))
                tracked("feeds_catch_up", task, self._catching_up)

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            await self.poll_once()
            for feed in list(self.rooms.values()):
                await feed.refresh_presence()  # covers a lost ping and a dead replica's

    async def poll_once(self) -> None:
        """Read the seq of every room followed here in one round trip, and the log of only
        those whose seq is past what their feed handed out (a notification was lost). Reading
        each room's log on every poll cost more round trips than the moves at a pace of one
        move every few seconds per room."""
        feeds = list(self.rooms.values())
        if not feeds:
            return
        try:
            seqs = await self.store.rooms.room_seqs([feed.room_id for feed in feeds])
        except StoreUnavailable:
            return  # the next poll tries again; the listener reconnects meanwhile
        for feed, seq in zip(feeds, seqs, strict=True):
            if seq > feed.last_seq:
                await feed.catch_up(seq)

    # -- following one room: what a stream reads ---------------------------------------

    async def follow(
        self, room_id: str, after_seq: int, last_seq: int, *, presence: bool = False
    ) -> AsyncGenerator[FeedItem, None]:
        """Every entry of the room after ``after_seq``, in order, none missed and none
        twice, for one stream: the stored ones (read in pages), then the live ones as the
        room's feed hands them out (any gap read from the log), with the changes of who is
        connected between them if ``presence`` (who is, first, once the stored ones are
        sent).
        ``last_seq`` is the room's seq when the stream began. Ends when the replica stops;
        raises :class:`StreamTooSlow` when the feed gave up on the stream."""
        async with self.listen(room_id, last_seq) as queue:
            feed = self.rooms.get(room_id)
            if presence and feed is not None:
                feed.presence_streams += 1
            try:
                async for item in self._follow(queue, room_id, after_seq, presence):
                    yield item
            finally:
                if presence and feed is not None:
                    feed.presence_streams -= 1

    async def _follow(
        self, queue: StreamQueue, room_id: str, cursor: int, presence: bool
    ) -> AsyncIterator[FeedItem]:
        while True:  # the backlog
            entries = await self.store.rooms.read_log(room_id, cursor)
            if not entries:
                break
            for entry in entries:
                yield entry
                cursor = entry.seq
        if presence:
            with contextlib.suppress(StoreUnavailable):  # then the poll tells it later
                online = await self.online.read(room_id, self.clock())
                feed = self.rooms.get(room_id)
                if feed is not None and feed.online is None:
                    feed.online = online
                yield PresenceChange(online)  # who is there, once caught up
        while True:  # live
            item = await queue.get()
            if isinstance(item, PresenceChange):
                if presence:
                    yield item
                continue
            if item is None:
                if queue.too_slow:
                    raise StreamTooSlow()
                if self.stopping:
                    return
                entries = await self.store.rooms.read_log(room_id, cursor)
            elif item.seq <= cursor:
                continue
            elif item.seq == cursor + 1:
                entries = [item]
            else:  # a gap: what this stream missed is in the log
                entries = await self.store.rooms.read_log(room_id, cursor)
            for entry in entries:
                if entry.seq > cursor:
                    yield entry
                    cursor = entry.seq
