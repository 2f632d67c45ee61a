"""Bare grpc.aio servers, the baselines of the full-stack and stream benchmarks.

No generated code: ``grpc.method_handlers_generic_handler`` with bytes passed through.

- ``--mode unary``: ``/bench.Echo/Echo`` answers each request with its own bytes.
- ``--mode stream``: ``/bench.Fan/Watch`` holds a stream open until a message is fanned out;
  ``/bench.Fan/Fire`` puts its request bytes on every open stream and answers the count;
  ``/bench.Fan/Count`` answers how many streams are open.
- ``--mode table``: the message pattern of a played action with no work behind it (no rules,
  no Redis, no rendering). ``/bench.Table/Watch`` (request: a room number) streams that
  room's updates; ``/bench.Table/Play`` (request: ``TABLE_HEADER`` = room, version, next
  seat, update size, then padding the size of an ActRequest) puts one update of that size
  (its first bytes: version and next seat) on every stream of the room, and answers.
  ``/bench.Table/Count`` answers how many streams are open.

``python -m bench.bare --mode unary|stream|table --port P``
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import struct
from collections.abc import AsyncIterator

import grpc

ECHO = "/bench.Echo/Echo"
WATCH = "/bench.Fan/Watch"
FIRE = "/bench.Fan/Fire"
COUNT = "/bench.Fan/Count"
TABLE_WATCH = "/bench.Table/Watch"
TABLE_PLAY = "/bench.Table/Play"
TABLE_COUNT = "/bench.Table/Count"
TABLE_HEADER = struct.Struct("!IIBH")
"""Play's request header: room, version of the update, next seat, update size in bytes."""
UPDATE_HEADER = struct.Struct("!IB")
"""An update's first bytes: its version and the seat it waits for."""
Context = grpc.aio.ServicerContext[bytes, bytes]
OPTIONS = [
    ("grpc.max_receive_message_length", 64 * 1024),
    ("grpc.keepalive_time_ms", 20_000),
    ("grpc.keepalive_timeout_ms", 10_000),
    ("grpc.http2.max_pings_without_data", 0),
    ("grpc.keepalive_permit_without_calls", 1),
]
"""The same server options as a Cercle replica."""


async def echo(request: bytes, context: Context) -> bytes:
    return request


class Fan:
    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[bytes]] = set()

    async def watch(self, request: bytes, context: Context) -> AsyncIterator[bytes]:
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        self.queues.add(queue)
        try:
            while True:
                yield await queue.get()
        finally:
            self.queues.discard(queue)

    async def fire(self, request: bytes, context: Context) -> bytes:
        for queue in list(self.queues):
            queue.put_nowait(request)
        return str(len(self.queues)).encode()

    async def count(self, request: bytes, context: Context) -> bytes:
        return str(len(self.queues)).encode()


class Tables:
    def __init__(self) -> None:
        self.rooms: dict[int, set[asyncio.Queue[bytes]]] = {}

    async def watch(self, request: bytes, context: Context) -> AsyncIterator[bytes]:
        room = int(request)
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        streams = self.rooms.setdefault(room, set())
        streams.add(queue)
        try:
            while True:
                yield await queue.get()
        finally:
            streams.discard(queue)

    async def play(self, request: bytes, context: Context) -> bytes:
        room, version, waiting, size = TABLE_HEADER.unpack_from(request)
        update = UPDATE_HEADER.pack(version, waiting).ljust(size, b"v")
        for queue in self.rooms.get(room, ()):
            queue.put_nowait(update)
        return b"ok"

    async def count(self, request: bytes, context: Context) -> bytes:
        return str(sum(len(s) for s in self.rooms.values())).encode()


async def serve(mode: str, port: int) -> None:
    server = grpc.aio.server(options=OPTIONS)
    if mode == "unary":
        handlers: dict[str, grpc.RpcMethodHandler[bytes, bytes]] = {
            "Echo": grpc.unary_unary_rpc_method_handler(echo)
        }
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler("bench.Echo", handlers),)
        )
    elif mode == "table":
        tables = Tables()
        handlers = {
            "Watch": grpc.unary_stream_rpc_method_handler(tables.watch),
            "Play": grpc.unary_unary_rpc_method_handler(tables.play),
            "Count": grpc.unary_unary_rpc_method_handler(tables.count),
        }
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler("bench.Table", handlers),)
        )
    else:
        fan = Fan()
        handlers = {
            "Watch": grpc.unary_stream_rpc_method_handler(fan.watch),
            "Fire": grpc.unary_unary_rpc_method_handler(fan.fire),
            "Count": grpc.unary_unary_rpc_method_handler(fan.count),
        }
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler("bench.Fan", handlers),)
        )
    server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop(0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description="A bare grpc.aio baseline server.")
    parser.add_argument("--mode", choices=("unary", "stream", "table"), required=True)
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    asyncio.run(serve(args.mode, args.port))


if __name__ == "__main__":
    main()
