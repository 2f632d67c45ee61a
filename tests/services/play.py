"""Scripted players for service tests: they play any game through the public API only."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import random
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import grpc
import structlog
from cercle.v1 import game_pb2
from google.protobuf.message import Message
from prometheus_client import REGISTRY

from clients.api_error import ApiError
from clients.sdk import Client
from services import logs
from tests.services.tables import logged_in, open_room

RACE_REASONS = {"STALE_VERSION", "TOO_LATE", "NOT_YOUR_TURN", "BUSY", "RATE_LIMITED"}
R = TypeVar("R", bound=Message)


def round_trips(op: str) -> float:
    """Redis round trips of the store operation ``op`` so far, by every replica running in
    this process (the /metrics counter ``cercle_redis_calls_total``)."""
    return REGISTRY.get_sample_value("cercle_redis_calls_total", {"op": op}) or 0.0


def round_trips_by_op() -> dict[str, float]:
    """Every store operation's Redis round trips so far, from the /metrics counter."""
    return {
        sample.labels["op"]: sample.value
        for metric in REGISTRY.collect()
        if metric.name == "cercle_redis_calls"
        for sample in metric.samples
        if sample.name == "cercle_redis_calls_total"
    }


async def first_messages(call: grpc.aio.UnaryStreamCall[Any, R], count: int) -> list[R]:
    """The first ``count`` messages of a server stream, which is then cancelled."""
    got: list[R] = []
    try:
        async for message in call:
            got.append(message)
            if len(got) == count:
                break
    finally:
        call.cancel()
    return got


async def read_message(call: grpc.aio.UnaryStreamCall[Any, R], timeout: float = 10) -> R:
    """The server stream's next message within ``timeout`` seconds; fails the test if the
    stream ended without a status instead."""
    message = await asyncio.wait_for(call.read(), timeout)
    assert message is not grpc.aio.EOF, "the stream ended without a status"
    # grpc's stubs type EOF as a bare `object`, so `is not EOF` cannot narrow the union.
    return cast(R, message)


@dataclass
class Seat:
    client: Client
    seat: int
    updates: list[game_pb2.SubscribeResponse] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


async def open_table(
    addresses: list[str], game_id: str, players: int, options: dict[str, str] | None = None
) -> tuple[str, list[Seat]]:
    """Create a room, seat ``players`` clients (alternating replicas), ready, start
    (:func:`tests.services.tables.open_room`); the players are Player 1, Player 2, ..."""
    clients = await logged_in(addresses, [f"Player {i + 1}" for i in range(players)])
    opened = await open_room(clients, game_id, players=players, options=options)
    return opened.room_id, [Seat(c, seat) for c, seat in zip(clients, opened.seats, strict=True)]


async def subscribe_all(room_id: str, seats: list[Seat]) -> None:
    async def pump(seat: Seat) -> None:
        async for update in seat.client.updates(room_id):
            seat.updates.append(update)

    for seat in seats:
        seat.task = asyncio.create_task(pump(seat))


async def stop_all(seats: list[Seat]) -> None:
    for seat in seats:
        if seat.task is not None:
            seat.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await seat.task
        await seat.client.close()


async def play_randomly(
    room_id: str, seats: list[Seat], rng: random.Random, max_actions: int = 5000
) -> int:
    """Random legal play through the API until the match ends (or ``max_actions`` were
    accepted); returns the number of actions accepted."""
    accepted = 0
    for _ in range(max_actions * 4):
        view = await seats[0].client.view(room_id)
        if view.HasField("outcome"):
            return accepted
        waiting = list(view.waiting_for)
        order = waiting + [s.seat for s in seats if s.seat not in waiting]
        acted = False
        for seat_index in order[: max(1, len(waiting))] if waiting else order:
            seat = seats[seat_index]
            legal = await seat.client.legal(room_id)
            if not legal.actions:
                continue
            action = rng.choice(list(legal.actions))
            try:
                await seat.client.act(room_id, action, legal.version)
            except ApiError as exc:
                if exc.reason in RACE_REASONS:
                    continue
                raise
            accepted += 1
            acted = True
            break
        if not acted:
            # Nobody waited on has an action: try anyone (out-of-turn calls).
            for seat in seats:
                legal = await seat.client.legal(room_id)
                if legal.actions:
                    try:
                        await seat.client.act(
                            room_id, rng.choice(list(legal.actions)), legal.version
                        )
                        accepted += 1
                        break
                    except ApiError as exc:
                        if exc.reason not in RACE_REASONS:
                            raise
        if accepted >= max_actions:
            return accepted  # bounded play: the caller asked for this many actions
    raise AssertionError(f"match did not finish after {accepted} actions")


async def wait_for(predicate: Callable[..., object], timeout: float = 10.0) -> None:
    # Callable[...]: callers in loops bind their loop variables as defaults (lambda s=seq: ...)
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.02)


@contextlib.contextmanager
def captured_logs(level: str, replica: str) -> Iterator[io.StringIO]:
    """Every log line of this process (structlog and the standard library) at ``level``, as
    JSON, into the buffer yielded; the logging set-up is put back afterwards."""
    buffer = io.StringIO()
    root = logging.getLogger()
    handlers, old_level = list(root.handlers), root.level
    logs.configure(level, replica, stream=buffer, cache=False)
    try:
        yield buffer
    finally:
        structlog.reset_defaults()
        structlog.contextvars.clear_contextvars()
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in handlers:
            root.addHandler(handler)
        root.setLevel(old_level)
        sys.excepthook = sys.__excepthook__
        threading.excepthook = threading.__excepthook__
