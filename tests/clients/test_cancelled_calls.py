"""Ctrl-C must stop the CLI even when it lands just as a call ends.

grpc.aio may then report the call's end as an ``AioRpcError`` (CANCELLED) while the task's
cancellation is spent; the client used to retry that error, so the player's Ctrl-C was lost
and the table played on (``test_play_flow`` saw it once in a CI run). These tests play that
moment with a stand-in for the generated method (a pure helper's unit test: no server is
involved in the race itself).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import grpc
import pytest
from cercle.v1 import lobby_pb2

from clients.sdk import ApiError, Client, raise_if_cancelled


def _spent_cancel() -> Any:
    """A call that swallows the task's cancellation and reports CANCELLED instead."""

    async def method(request: Any, metadata: Any = None, timeout: Any = None) -> Any:
        task = asyncio.current_task()
        assert task is not None
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):  # as grpc.aio's inner task does
            await asyncio.sleep(0)
        raise grpc.aio.AioRpcError(
            grpc.StatusCode.CANCELLED, grpc.aio.Metadata(), grpc.aio.Metadata(), "cancelled"
        )

    return method


async def test_a_call_whose_task_is_cancelled_as_it_ends_raises_cancelled_not_an_error() -> None:
    client = Client("127.0.0.1:9")  # never dialled: the stand-in answers
    try:
        with pytest.raises(asyncio.CancelledError):
            await client._call(_spent_cancel(), lobby_pb2.ListGamesRequest())
    finally:
        await client.channel.close()


async def test_a_plain_cancelled_status_is_still_an_api_error() -> None:
    """Without a cancellation of our own, a CANCELLED answer stays an error the caller may
    retry (a replica going away cancels streams and calls)."""

    async def method(request: Any, metadata: Any = None, timeout: Any = None) -> Any:
        raise grpc.aio.AioRpcError(
            grpc.StatusCode.CANCELLED, grpc.aio.Metadata(), grpc.aio.Metadata(), "cancelled"
        )

    client = Client("127.0.0.1:9")
    try:
        with pytest.raises(ApiError) as caught:
            stand_in: Any = method
            await client._call(stand_in, lobby_pb2.ListGamesRequest())
        assert caught.value.code == grpc.StatusCode.CANCELLED
    finally:
        await client.channel.close()


async def test_raise_if_cancelled_only_while_the_task_is_being_cancelled() -> None:
    raise_if_cancelled()  # nothing pending: returns

    async def spent() -> None:
        task = asyncio.current_task()
        assert task is not None
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(0)
        raise_if_cancelled()

    with pytest.raises(asyncio.CancelledError):
        await asyncio.create_task(spent())
