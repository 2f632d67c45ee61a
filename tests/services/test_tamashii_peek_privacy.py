"""TM-PEEK-1 / TM-MEM-1 over real gRPC and a real Valkey (two replicas): the card a peek shows
reaches the peeker alone, once, as the ``peeked`` event the clients draw as a card (issue 30);
the other seats, a spectator and the replay asked before the match ends learn that a slot was
peeked at, never which spirit lies there, in any event or view."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

from cercle.v1 import game_pb2, tamashii_pb2
from google.protobuf.message import Message

from clients.api_error import ApiError
from clients.sdk import Client
from tests.services.play import Seat, open_table, stop_all, subscribe_all, wait_for


def card_views(message: Message) -> Iterator[tamashii_pb2.TamashiiCardView]:
    """Every Tamashii card face anywhere in ``message`` (nested, repeated, oneofs)."""
    if isinstance(message, tamashii_pb2.TamashiiCardView):
        yield message
        return
    for field, value in message.ListFields():
        if field.message_type is None:
            continue
        if field.message_type.GetOptions().map_entry:
            values = [v for v in value.values() if isinstance(v, Message)]
        elif field.is_repeated:
            values = list(value)
        else:
            values = [value]
        for item in values:
            yield from card_views(item)


def peeks(updates: list[game_pb2.SubscribeResponse]) -> list[tamashii_pb2.TamashiiEvent.Peeked]:
    return [
        e.tamashii.peeked
        for u in updates
        for e in u.events
        if e.WhichOneof("event") == "tamashii" and e.tamashii.WhichOneof("event") == "peeked"
    ]


def reached(seat: Seat, version: int) -> bool:
    return any(u.version >= version for u in seat.updates)


async def test_tm_mem_1_a_peek_reaches_the_peeker_alone(replicas: list[str]) -> None:
    room_id, seats = await open_table(replicas, "tamashii", 3, {"first_player": "0"})
    watcher = Client(replicas[1])
    await watcher.login("Watcher")
    await watcher.join(room_id, spectator=True)
    spectator = Seat(watcher, -1)
    everyone = [*seats, spectator]
    try:
        await subscribe_all(room_id, everyone)
        state = await seats[0].client.view(room_id)
        peek = next(a for a in state.choices.actions if a.tamashii.WhichOneof("action") == "peek")
        slot = peek.tamashii.peek.slot
        peeked = await seats[0].client.act(room_id, peek, state.room.version)
        # Everyone hears of the peek (the public slot_peeked), the peeker sees the card.
        await wait_for(lambda: all(reached(s, peeked.version) for s in everyone))
        await wait_for(lambda: bool(peeks(seats[0].updates)))
        # Seat 1 plays its turn too, so the stream has gone on past the peek.
        after = await seats[1].client.view(room_id)
        gather = next(a for a in after.choices.actions if a.tamashii.HasField("gather"))
        gathered = await seats[1].client.act(room_id, gather, after.room.version)
        await wait_for(lambda: all(reached(s, gathered.version) for s in everyone))
        await asyncio.sleep(0.3)  # anything late would arrive now

        seen = peeks(seats[0].updates)
        assert len(seen) == 1 and seen[0].slot == slot and seen[0].card.id in range(1, 7)
        assert seen[0].card.HasField("needs")  # the whole face, to draw as a card
        for other in [seats[1], seats[2], spectator]:
            assert peeks(other.updates) == [], f"seat {other.seat} got the peeked card"
            for update in other.updates:
                assert list(card_views(update)) == [], f"a card face reached seat {other.seat}"
            view = await other.client.view(room_id)
            assert list(card_views(view)) == [], f"a card face in seat {other.seat}'s view"
            public = [
                e.tamashii.slot_peeked
                for u in other.updates
                for e in u.events
                if e.tamashii.WhichOneof("event") == "slot_peeked"
            ]
            assert [(p.seat, p.slot) for p in public] == [(0, slot)]  # who and where only
        # TM-MEM-1: no memory aid, so the peeker's own view does not keep the card either.
        own = await seats[0].client.view(room_id)
        assert list(card_views(own)) == []
        # The replay of a match under way: refused, or without any card face.
        for asker in [seats[1].client, watcher]:
            try:
                replay = await asker.replay_page(room_id)
            except ApiError as exc:
                assert "Tsuchi" not in exc.message and "Mizu" not in exc.message
            else:
                assert list(card_views(replay)) == [], "a card face in the replay"
    finally:
        await stop_all(everyone)
