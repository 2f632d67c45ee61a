"""The TimerService servicer: the deadlines of a room, and a stream of them as they change
(the expiry loop that applies them is :mod:`services.rooms.expiry`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import grpc
import structlog
from cercle.v1 import timer_pb2, timer_pb2_grpc
from google.protobuf import duration_pb2

from services import errors
from services.api.auth import require_player
from services.api.proto_messages import deadline_messages, timestamp
from services.api.servicing import guarded, guarded_stream
from services.api.streams import leaves, left_room, too_slow
from services.rooms.facade import Rooms
from services.rooms.feed import Feeds, PresenceChange
from services.rooms.records import is_member

log = structlog.get_logger("cercle.timers")


class TimerService(timer_pb2_grpc.TimerServiceServicer):
    def __init__(self, rooms: Rooms, feeds: Feeds) -> None:
        self.rooms = rooms
        self.feeds = feeds

    @guarded
    async def GetDeadlines(
        self,
        request: timer_pb2.GetDeadlinesRequest,
        context: grpc.aio.ServicerContext[
            timer_pb2.GetDeadlinesRequest, timer_pb2.GetDeadlinesResponse
        ],
    ) -> timer_pb2.GetDeadlinesResponse:
        player = require_player()
        record = await self.rooms.load(request.room_id)
        if not is_member(record, player.player_id):
            raise errors.denied("join the room (or watch it as a spectator) first", "NOT_IN_ROOM")
        return timer_pb2.GetDeadlinesResponse(
            server_time=timestamp(self.rooms.clock()),
            deadlines=deadline_messages(record.deadlines),
            version=record.version,
        )

    @guarded_stream
    async def WatchClock(
        self,
        request: timer_pb2.WatchClockRequest,
        context: grpc.aio.ServicerContext[
            timer_pb2.WatchClockRequest, timer_pb2.WatchClockResponse
        ],
    ) -> AsyncIterator[timer_pb2.WatchClockResponse]:
        player = require_player()
        record = await self.rooms.load(request.room_id)
        if not is_member(record, player.player_id):
            raise errors.denied("join the room (or watch it as a spectator) first", "NOT_IN_ROOM")
        deadlines, version = record.deadlines, record.version
        async with self.feeds.listen(record.room_id, record.seq) as queue:
            while True:
                now = self.rooms.clock()
                response = timer_pb2.WatchClockResponse(
                    server_time=timestamp(now),
                    deadlines=deadline_messages(deadlines),
                    version=version,
                )
                for deadline in response.deadlines:
                    left = max(0.0, deadline.expire_time.ToNanoseconds() / 1e9 - now)
                    remaining = duration_pb2.Duration()
                    remaining.FromMilliseconds(int(left * 1000))
                    response.remaining.append(remaining)
                yield response
                try:
                    entry = await asyncio.wait_for(queue.get(), timeout=1.0)
                except TimeoutError:
                    continue
                if entry is None:
                    if queue.too_slow:
                        raise too_slow()
                    if self.feeds.stopping:
                        return
                    continue
                if isinstance(entry, PresenceChange):
                    continue
                if leaves(entry, player.player_id, record.seq):
                    raise left_room()
                deadlines, version = entry.deadlines, entry.version or version
