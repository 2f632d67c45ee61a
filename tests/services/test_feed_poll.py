"""The feeds' poll (what catches an entry whose notification was lost): one round trip for
the seqs of every room followed on the replica, and a log read only for a room that is ahead
of what its feed handed out."""

from __future__ import annotations

from clients.sdk import Client
from services.rooms.records import LogEntry
from services.server import start_replica
from tests.services.play import round_trips
from tests.services.tables import table_with_bots


async def test_poll_reads_every_seq_at_once_and_only_the_log_of_a_room_behind(
    redis_url: str,
) -> None:
    replica = await start_replica(redis_url, timers=False)
    host = Client(f"127.0.0.1:{replica.port}")
    try:
        await host.login("Host")
        rooms = []
        for _ in range(3):
            room = await table_with_bots(
                host, "tamashii", players=1, options={"decision_seconds": "0"}
            )
            rooms.append((await host.view(room.room_id)).room)
        behind, *current = rooms
        async with (
            replica.feeds.listen(behind.room_id, behind.seq - 2) as late,
            replica.feeds.listen(current[0].room_id, current[0].seq) as quiet,
            replica.feeds.listen(current[1].room_id, current[1].seq),
        ):
            seqs, logs = round_trips("room_seqs"), round_trips("read_log")
            await replica.feeds.poll_once()
            assert round_trips("room_seqs") == seqs + 1  # three rooms, one round trip
            assert round_trips("read_log") == logs + 1  # the room behind only
            first, second = late.get_nowait(), late.get_nowait()
            assert isinstance(first, LogEntry) and isinstance(second, LogEntry), (first, second)
            assert [first.seq, second.seq] == [behind.seq - 1, behind.seq]
            assert late.empty() and quiet.empty()

            await replica.feeds.poll_once()  # nothing new anywhere: no log read
            assert round_trips("room_seqs") == seqs + 2
            assert round_trips("read_log") == logs + 1
    finally:
        await host.close()
        await replica.stop(grace=0.1)
