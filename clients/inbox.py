"""The Python client's part for turn-based play (issue 28): a turn-based pace for
:meth:`clients.sdk.Client.create_room` and ``quick_match``, and the InboxService calls
(``client.inbox``: notifications, read marks, the live stream, invitations).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import grpc
from cercle.v1 import inbox_pb2, inbox_pb2_grpc, pace_pb2
from google.protobuf.message import Message

Req = TypeVar("Req", bound=Message)
Resp = TypeVar("Resp", bound=Message)


class Call(Protocol):
    """How the client sends one call (``Client``'s: retries on RATE_LIMITED, refreshes an
    expired token)."""

    async def __call__(
        self,
        method: grpc.aio.UnaryUnaryMultiCallable[Req, Resp],
        request: Req,
        timeout: float = 10.0,
    ) -> Resp: ...


def turn_based(decision_seconds: float = 24 * 3600, bank_seconds: float = 0) -> pace_pb2.RoomPace:
    """A turn-based pace: ``decision_seconds`` per decision, ``bank_seconds`` of time bank
    per seat (0: none).

    >>> turn_based(3600).decision_limit.seconds
    3600
    """
    pace = pace_pb2.RoomPace(pace=pace_pb2.PACE_TURN_BASED)
    pace.decision_limit.FromMilliseconds(int(decision_seconds * 1000))
    if bank_seconds:
        pace.time_bank.FromMilliseconds(int(bank_seconds * 1000))
    return pace


class InboxCalls:
    """The InboxService calls of one :class:`clients.sdk.Client` (``client.inbox``)."""

    def __init__(
        self,
        channel: grpc.aio.Channel,
        call: Call,
        metadata: Callable[[], tuple[tuple[str, str], ...]],
    ) -> None:
        self.stub = inbox_pb2_grpc.InboxServiceStub(channel)
        self.call = call
        self.metadata = metadata

    async def notifications(
        self, page_size: int = 0, page_token: str = "", *, unread_only: bool = False
    ) -> inbox_pb2.ListNotificationsResponse:
        """One page of the inbox, newest first."""
        response = await self.call(
            self.stub.ListNotifications,
            inbox_pb2.ListNotificationsRequest(
                page_size=page_size, page_token=page_token, unread_only=unread_only
            ),
        )
        assert isinstance(response, inbox_pb2.ListNotificationsResponse)
        return response

    async def mark_read(self, ids: Sequence[str] = (), up_to_sequence: int = 0) -> int:
        """Mark notifications read; the unread count."""
        response = await self.call(
            self.stub.MarkNotificationsRead,
            inbox_pb2.MarkNotificationsReadRequest(
                notification_ids=list(ids),
                up_to_sequence=up_to_sequence,
                request_id=_request_id(),
            ),
        )
        assert isinstance(response, inbox_pb2.MarkNotificationsReadResponse)
        return int(response.unread_count)

    def watch(
        self, after_sequence: int = 0
    ) -> grpc.aio.UnaryStreamCall[inbox_pb2.WatchInboxRequest, inbox_pb2.WatchInboxResponse]:
        """The inbox's new notifications (after ``after_sequence``), as they are made."""
        return self.stub.WatchInbox(
            inbox_pb2.WatchInboxRequest(after_sequence=after_sequence), metadata=self.metadata()
        )

    async def invite(self, room_id: str, player_id: str = "") -> inbox_pb2.InvitePlayerResponse:
        """Invite ``player_id`` to the room (empty: a shareable invitation code)."""
        response = await self.call(
            self.stub.InvitePlayer,
            inbox_pb2.InvitePlayerRequest(
                room_id=room_id, player_id=player_id, request_id=_request_id()
            ),
        )
        assert isinstance(response, inbox_pb2.InvitePlayerResponse)
        return response

    async def respond_to_invitation(
        self, code: str, accept: bool = True
    ) -> inbox_pb2.RespondToInvitationResponse:
        """Accept (take a seat) or decline an invitation."""
        response = await self.call(
            self.stub.RespondToInvitation,
            inbox_pb2.RespondToInvitationRequest(
                invitation_code=code, accept=accept, request_id=_request_id()
            ),
        )
        assert isinstance(response, inbox_pb2.RespondToInvitationResponse)
        return response


def _request_id() -> str:
    return uuid.uuid4().hex
