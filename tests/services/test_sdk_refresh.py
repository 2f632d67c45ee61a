"""The Python SDK asks a refresh again when its answer is lost (issue 25, N1 on the client's
side): the server, within its grace, answers the same token with the same new pair, so the
session goes on. Two real replicas, one real Redis; the lost answer is the SDK's own channel
raising DEADLINE_EXCEEDED after the server answered."""

from __future__ import annotations

from typing import Any

import grpc
import pytest
from cercle.v1 import lobby_pb2

from clients.api_error import ApiError
from clients.sdk import Client


def _lose_first_answers(
    client: Client, count: int, calls: list[str] | None = None
) -> list[lobby_pb2.RefreshSessionResponse]:
    """Make the first ``count`` RefreshSession answers reach the server but not the SDK;
    returns the answers the server gave, in order (``calls``: every token sent)."""
    real = client.lobby.RefreshSession
    answers: list[lobby_pb2.RefreshSessionResponse] = []

    async def lossy(request: Any, **kwargs: Any) -> lobby_pb2.RefreshSessionResponse:
        if calls is not None:
            calls.append(request.refresh_token)
        answer = await real(request, **kwargs)
        answers.append(answer)
        if len(answers) <= count:
            raise grpc.aio.AioRpcError(
                grpc.StatusCode.DEADLINE_EXCEEDED,
                grpc.aio.Metadata(),
                grpc.aio.Metadata(),
                "Deadline Exceeded",
            )
        return answer

    client.lobby.RefreshSession = lossy  # type: ignore[assignment]
    return answers


async def test_n1_the_sdk_asks_a_lost_refresh_again_and_keeps_its_session(
    replicas: list[str],
) -> None:
    async with Client(replicas[0]) as client:
        await client.login("Phone")
        first_refresh = client.refresh_token
        answers = _lose_first_answers(client, 2)
        response = await client.refresh()
        # Three tries of the same token: the server gave the same pair each time.
        assert len(answers) == 3
        assert {(a.session_token, a.refresh_token) for a in answers} == {
            (response.session_token, response.refresh_token)
        }
        assert client.refresh_token not in ("", first_refresh)
        # The new pair works, on the other replica too.
        assert (await client.rooms("tomahawk")) is not None
        async with Client(replicas[1], client.token) as other:
            assert (await other.rooms("tomahawk")) is not None


async def test_a_refresh_refused_for_good_is_not_asked_again(replicas: list[str]) -> None:
    async with Client(replicas[0]) as client:
        await client.login("Phone")
        client.refresh_token = "not-a-refresh-token"
        calls: list[str] = []
        _lose_first_answers(client, 0, calls)
        with pytest.raises(ApiError) as refused:
            await client.refresh()
        assert refused.value.code == grpc.StatusCode.UNAUTHENTICATED
        assert calls == ["not-a-refresh-token"]  # a refusal is final: asked once
