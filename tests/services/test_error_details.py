"""AIP-193 error details over a real channel: ErrorInfo.metadata holds the refusal's
values, RequestInfo the request id that the same response's ``x-request-id`` header
carries, and LocalizedMessage the player's text in the language the call asked for."""

from __future__ import annotations

import grpc
import pytest
from cercle.v1 import game_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

import i18n
from tests.services.play import open_table, stop_all


def _details(exc: grpc.aio.AioRpcError) -> tuple[status_pb2.Status, dict[str, object]]:
    status = rpc_status.from_call(exc)
    assert status is not None
    found: dict[str, object] = {}
    for detail in status.details:
        for cls in (
            error_details_pb2.ErrorInfo,
            error_details_pb2.RequestInfo,
            error_details_pb2.LocalizedMessage,
            error_details_pb2.PreconditionFailure,
        ):
            if detail.Is(cls.DESCRIPTOR):
                message = cls()
                detail.Unpack(message)
                found[cls.__name__] = message
    return status, found


def _header(metadata: grpc.aio.Metadata, key: str) -> str:
    return next(str(v) for k, v in metadata if k == key)


async def test_a_stale_action_says_its_versions_request_id_and_french_text(
    replicas: list[str],
) -> None:
    room_id, seats = await open_table(replicas, "tamashii", 1, {"decision_seconds": "0"})
    client = seats[0].client
    try:
        legal = await client.legal(room_id)
        call = client.game.Act(
            game_pb2.ActRequest(
                room_id=room_id,
                version=legal.version + 5,
                request_id="stale-1",
                action=legal.actions[0],
            ),
            metadata=(*client.metadata, ("accept-language", "fr-CA, en;q=0.5")),
        )
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await call
        exc = refused.value
        assert exc.code() == grpc.StatusCode.ABORTED
        status, found = _details(exc)
        info = found["ErrorInfo"]
        assert isinstance(info, error_details_pb2.ErrorInfo)
        assert info.reason == "STALE_VERSION"
        assert dict(info.metadata) == {
            "expected_version": str(legal.version + 5),
            "current_version": str(legal.version),
        }
        request = found["RequestInfo"]
        assert isinstance(request, error_details_pb2.RequestInfo)
        header = _header(await call.initial_metadata(), "x-request-id")
        assert request.request_id and request.request_id == header
        text = found["LocalizedMessage"]
        assert isinstance(text, error_details_pb2.LocalizedMessage)
        assert text.locale == "fr"
        assert text.message == i18n.catalogue("fr")("error-STALE_VERSION")
        assert text.message != i18n.catalogue("en")("error-STALE_VERSION")
        assert status.message.startswith("the match has moved on")  # for developers
    finally:
        await stop_all(seats)


async def test_every_answer_carries_a_request_id_and_keeps_a_proxys(replicas: list[str]) -> None:
    room_id, seats = await open_table(replicas, "tamashii", 1, {"decision_seconds": "0"})
    client = seats[0].client
    try:
        first = client.game.GetView(
            game_pb2.GetViewRequest(room_id=room_id), metadata=client.metadata
        )
        second = client.game.GetView(
            game_pb2.GetViewRequest(room_id=room_id), metadata=client.metadata
        )
        await first
        await second
        ids = {_header(await c.initial_metadata(), "x-request-id") for c in (first, second)}
        assert len(ids) == 2 and all(len(i) >= 8 for i in ids)
        given = "envoy-0123456789abcdef"
        proxied = client.game.GetView(
            game_pb2.GetViewRequest(room_id="no-such-room"),
            metadata=(*client.metadata, ("x-request-id", given)),
        )
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await proxied
        assert _header(await proxied.initial_metadata(), "x-request-id") == given
        _, found = _details(refused.value)
        request = found["RequestInfo"]
        assert isinstance(request, error_details_pb2.RequestInfo)
        assert request.request_id == given
        text = found["LocalizedMessage"]
        assert isinstance(text, error_details_pb2.LocalizedMessage)
        assert (text.locale, text.message) == ("en", i18n.catalogue("en")("error-ROOM_NOT_FOUND"))
    finally:
        await stop_all(seats)
