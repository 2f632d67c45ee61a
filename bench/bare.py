"""Bare grpc.aio servers, the baselines of the full-stack and stream benchmarks.

No generated code: ``grpc.method_handlers_generic_handler`` with bytes passed through.

- ``--mode unary``: ``/bench.Echo/Echo`` answers each request with its own bytes.
- ``--mode stream``: ``/bench.Fan/Watch`` holds a stream open until a message is fanned out;
  ``/bench.Fan/Fire`` puts its request bytes on every open stream and answers the count;
  ``/bench.Fan/Count`` answers how many streams are open.

``python -m bench.bare --mode unary|stream --port P``
"""

from __future__ import annotations

import argparse
import asyncio
import signal
from collections.abc import AsyncIterator

import grpc

ECHO = "/bench.Echo/Echo"
WATCH = "/bench.Fan/Watch"
FIRE = "/bench.Fan/Fire"
COUNT = "/bench.Fan/Count"
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


async def serve(mode: str, port: int) -> None:
    server = grpc.aio.server(options=OPTIONS)
    if mode == "unary":
        handlers: dict[str, grpc.RpcMethodHandler[bytes, bytes]] = {
            "Echo": grpc.unary_unary_rpc_method_handler(echo)
        }
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler("bench.Echo", handlers),)
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
    parser.add_argument("--mode", choices=("unary", "stream"), required=True)
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    asyncio.run(serve(args.mode, args.port))


if __name__ == "__main__":
    main()
