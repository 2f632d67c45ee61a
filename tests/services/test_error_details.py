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
from clients.api_error import ApiError
from engine.games.awimbawe import cards as awimbawe_cards
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


async def test_card_not_available_names_the_card_and_why_but_never_where_a_hidden_card_is(
    replicas: list[str],
) -> None:
    """Awimbawé's CARD_NOT_AVAILABLE over a real replica: ErrorInfo.metadata holds the card
    sent and why (``why``), the message names the card, the localized text says why in the
    caller's language; a card the seat cannot see is ``not_yours`` wherever it lies, and the
    refusal changes nothing."""
    room_id, seats = await open_table(replicas, "awimbawe", 2, {"decision_seconds": "0"})
    try:
        first = await seats[0].client.view(room_id)
        mover = next(s for s in seats if s.seat == first.view.awimbawe.decision_seat)
        response = await mover.client.view(room_id)
        view = response.view.awimbawe
        version = response.room.version
        opponent = view.players[1 - mover.seat]
        seen = {c.card for c in view.hand}
        for side in view.players:
            seen |= {s.card.card for p in side.piles for s in p.cards if s.HasField("card")}
        unseen = next(c for c in range(28) if c not in seen)  # opponent's hand or face down
        top = next(p.top.card for p in opponent.piles if p.HasField("top"))
        cases = {unseen: "not_yours", top: "opponents_pile", 99: "no_such_card"}
        for card, why in cases.items():
            action = game_pb2.Action()
            action.awimbawe.play_card.card = card
            with pytest.raises(ApiError) as refused:
                await mover.client.act(room_id, action, version)
            error = refused.value
            assert (error.code, error.reason) == (
                grpc.StatusCode.FAILED_PRECONDITION,
                "CARD_NOT_AVAILABLE",
            )
            assert error.metadata == {"card": str(card), "why": why}
            assert error.localized == i18n.catalogue("en")("error-CARD_NOT_AVAILABLE", why=why)
            if card < 28:
                assert awimbawe_cards.card_name(card) in error.message
        french = i18n.catalogue("fr")("error-CARD_NOT_AVAILABLE", why="not_yours")
        assert french.startswith("Cette carte n'est ni dans ta main")
        after = await mover.client.view(room_id)
        assert after.room.version == version and after.view == response.view
    finally:
        await stop_all(seats)
