"""``SubscribeResponse.room`` is set exactly where protos/cercle/v1/game.proto says: on the
updates that change the room (lobby changes, the start, the end, a seat taken over or back),
and unset on the others (moves, chat, presence), over a real replica and a real Valkey."""

from __future__ import annotations

import random

from cercle.v1 import game_pb2

from tests.services.play import Seat, play_randomly, wait_for
from tests.services.tables import logged_in, open_room
from tests.services.test_presence_and_chat import Follower

ROOM_KINDS = {
    game_pb2.UPDATE_KIND_LOBBY,
    game_pb2.UPDATE_KIND_STARTED,
    game_pb2.UPDATE_KIND_FINISHED,
}
SEAT_CHANGES = ("seat_taken_over", "seat_taken_back")


async def test_the_room_comes_only_with_the_updates_that_change_it(replicas: list[str]) -> None:
    host, guest = await logged_in(replicas, ["Host", "Guest"])
    try:
        room = await open_room([host, guest], "tamashii", options={"decision_seconds": "0"})
        await host.send_chat(room.room_id, "good luck")
        seats = [Seat(host, 0), Seat(guest, room.seats[1])]
        await play_randomly(room.room_id, seats, random.Random(4))
        follower = Follower(host, room.room_id)  # the whole log, then who is connected
        try:
            await wait_for(lambda: bool(follower.presence()))
            updates = follower.updates
        finally:
            await follower.close()
        kinds = {u.kind for u in updates}
        assert ROOM_KINDS | {game_pb2.UPDATE_KIND_ACTION, game_pb2.UPDATE_KIND_CHAT} <= kinds
        for update in updates:
            changes_seats = any(e.room.WhichOneof("event") in SEAT_CHANGES for e in update.events)
            expected = update.kind in ROOM_KINDS or changes_seats
            assert update.HasField("room") == expected, (update.seq, update.kind)
        finished = [u for u in updates if u.kind == game_pb2.UPDATE_KIND_FINISHED]
        assert finished[-1].room.room_id == room.room_id
    finally:
        await host.close()
        await guest.close()
