"""Tables for the service tests: in-process replicas on one injected clock, and rooms opened
through the public API (players logged in, a room created, joined, readied and started).

The clock tests move time instead of sleeping: :func:`clocked_replicas` starts replicas whose
one clock is a :class:`FakeClock` and that run no expiry loop of their own, and
:func:`tick` runs those loops by hand. The out-of-process tables of the ``replicas`` fixture
(tests/services/conftest.py) are opened by :func:`tests.services.play.open_table`, on the same
:func:`open_room`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from dataclasses import dataclass

from cercle.v1 import common_pb2, pace_pb2

from clients.sdk import Client
from services.server import Replica, start_replica

START = 2_000_000_000.0
"""Where a :class:`FakeClock` starts (seconds since the epoch, in 2033)."""

Options = common_pb2.RoomOptions | Mapping[str, object] | None
"""A room's options as :meth:`Client.create_room` takes them (None: the game's defaults)."""


@dataclass
class FakeClock:
    """A clock that stands still until a test moves ``now``."""

    now: float = START

    def __call__(self) -> float:
        return self.now


@contextlib.asynccontextmanager
async def clocked_replicas(
    redis_url: str, *, unattended_grace: float, count: int = 2
) -> AsyncIterator[tuple[FakeClock, list[Replica]]]:
    """``count`` in-process replicas over ``redis_url`` whose one clock is a
    :class:`FakeClock`, without expiry loops (:func:`tick` runs them); tables nobody attends
    pause after ``unattended_grace`` seconds (0: never). The replicas stop on the way out."""
    clock = FakeClock()
    replicas = [
        await start_replica(redis_url, clock=clock, timers=False, unattended_grace=unattended_grace)
        for _ in range(count)
    ]
    try:
        yield clock, replicas
    finally:
        for replica in replicas:
            await replica.stop(grace=0.1)


async def tick(replicas: Sequence[Replica]) -> None:
    """Every replica's expiry loop once, all at the same time (they race for the due rooms),
    then each replica's claimed work to its end."""
    await asyncio.gather(*(r.expiry.tick_once() for r in replicas))
    for replica in replicas:
        await replica.expiry.drain()


def addresses(replicas: Sequence[Replica]) -> list[str]:
    """The gRPC addresses of in-process replicas, in their order."""
    return [f"127.0.0.1:{replica.port}" for replica in replicas]


async def logged_in(places: Sequence[str], names: Iterable[str]) -> list[Client]:
    """One client a name, each logged in (a guest) under its name; the ``i``-th client talks
    to ``places[i % len(places)]``, so the players alternate between the replicas."""
    clients: list[Client] = []
    try:
        for i, name in enumerate(names):
            client = Client(places[i % len(places)])
            clients.append(client)
            await client.login(name)
    except BaseException:
        for client in clients:  # the caller never gets them to close
            await client.close()
        raise
    return clients


@dataclass(frozen=True)
class OpenRoom:
    room: common_pb2.Room
    """The room as its creator got it (its id, its join code)."""
    seats: list[int]
    """Each player's seat, in the order of the clients given to :func:`open_room`."""

    @property
    def room_id(self) -> str:
        return self.room.room_id


async def open_room(
    clients: Sequence[Client],
    game_id: str,
    *,
    players: int | None = None,
    options: Options = None,
    pace: pace_pb2.RoomPace | None = None,
    private: bool = False,
    takeover_after: int | None = None,
    bot_delay: float | None = None,
    spectators: Sequence[Client] = (),
    start: bool = True,
) -> OpenRoom:
    """A room of ``game_id`` for ``clients`` (logged in): the first creates it with
    ``players`` seats (None: one a client) and the room settings given, the others join in
    order (with the join code if it is ``private``), then the ``spectators``; every player
    is ready and the first starts the match. ``start=False`` leaves the starting to the
    room: a turn-based table starts by itself once everyone is ready."""
    host = clients[0]
    room = await host.create_room(
        game_id,
        players=len(clients) if players is None else players,
        options=options,
        private=private,
        takeover_after=takeover_after,
        bot_delay=bot_delay,
        pace=pace,
    )
    code = room.join_code if private else ""
    seats = [0]
    for client in clients[1:]:
        seats.append((await client.join(room.room_id, code=code)).seat)
    for spectator in spectators:
        await spectator.join(room.room_id, code=code, spectator=True)
    for client in clients:
        await client.ready(room.room_id)
    if start:
        await host.start(room.room_id)
    return OpenRoom(room, seats)


async def started_table(
    replicas: Sequence[Replica],
    game_id: str,
    players: int,
    options: Options,
    *,
    takeover_after: int | None = None,
    bot_delay: float | None = None,
) -> tuple[str, list[Client]]:
    """A started match of ``players`` guests named P0, P1, ... (alternating between the
    in-process ``replicas``): the room's id and the clients, in seat order."""
    clients = await logged_in(addresses(replicas), [f"P{i}" for i in range(players)])
    opened = await open_room(
        clients,
        game_id,
        options=options,
        takeover_after=takeover_after,
        bot_delay=bot_delay,
    )
    return opened.room_id, clients


async def table_with_bots(
    host: Client,
    game_id: str,
    *,
    players: int,
    bot_level: str = "strong",
    options: Options = None,
    private: bool = False,
    takeover_after: int | None = None,
    bot_delay: float | None = None,
) -> common_pb2.Room:
    """A match ``host`` (logged in) plays alone against bots: the host creates a room of
    ``players`` seats, a bot of ``bot_level`` takes each other seat (none at a table of
    one), the host is ready and starts it. The room as the start left it."""
    room = await host.create_room(
        game_id,
        players=players,
        options=options,
        private=private,
        takeover_after=takeover_after,
        bot_delay=bot_delay,
    )
    for _ in range(players - 1):
        await host.add_bot(room.room_id, bot_level)
    await host.ready(room.room_id)
    return await host.start(room.room_id)
