"""InboxService: the caller's notifications (``services.rooms.inbox``), listed, marked read and
watched. Thin: parse, call the inbox, render."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import grpc
from cercle.v1 import inbox_pb2, inbox_pb2_grpc

from services import errors, pages
from services.api.auth import current_address, require_player
from services.api.proto_messages import room_message, timestamp
from services.api.retries import Retries
from services.api.servicing import guarded, guarded_stream
from services.rooms.inbox import Inbox, NotificationKind, NotificationRecord
from services.rooms.invitations import Invitations

Context = grpc.aio.ServicerContext[Any, Any]

MAX_MARKED = 100
"""Notification ids one MarkNotificationsRead names at most."""

_KINDS = {
    NotificationKind.YOUR_TURN: inbox_pb2.NOTIFICATION_KIND_YOUR_TURN,
    NotificationKind.MATCH_STARTED: inbox_pb2.NOTIFICATION_KIND_MATCH_STARTED,
    NotificationKind.MATCH_ENDED: inbox_pb2.NOTIFICATION_KIND_MATCH_ENDED,
    NotificationKind.CLOCK_RUNNING_OUT: inbox_pb2.NOTIFICATION_KIND_CLOCK_RUNNING_OUT,
    NotificationKind.INVITATION: inbox_pb2.NOTIFICATION_KIND_INVITATION,
}


def notification_message(
    note: NotificationRecord, sequence: int, read: bool
) -> inbox_pb2.Notification:
    message = inbox_pb2.Notification(
        notification_id=note.notification_id,
        kind=_KINDS[note.kind],
        room_id=note.room_id,
        game_id=note.game_id,
        seat=note.seat,
        create_time=timestamp(note.created),
        read=read,
        sequence=sequence,
    )
    if note.expire is not None:
        message.expire_time.CopyFrom(timestamp(note.expire))
    if note.invitation is not None:
        code, sender, name = note.invitation
        message.invitation_code = code
        message.from_player_id = sender
        message.from_display_name = name
    return message


class InboxService(inbox_pb2_grpc.InboxServiceServicer):
    def __init__(self, inbox: Inbox, invitations: Invitations, retries: Retries) -> None:
        self.inbox = inbox
        self.invitations = invitations
        self.retries = retries

    @guarded
    async def ListNotifications(
        self, request: inbox_pb2.ListNotificationsRequest, context: Context
    ) -> inbox_pb2.ListNotificationsResponse:
        player = require_player()
        size = pages.page_size(request.page_size)
        scope = f"{player.player_id}:{int(request.unread_only)}"
        after = pages.decode_token(request.page_token, "notifications", scope)
        before = None if after is None else int(after[0])
        found, unread = await self.inbox.calls.page(player.player_id, before, size)
        response = inbox_pb2.ListNotificationsResponse(unread_count=unread)
        for stored in found:
            note, sequence, read = NotificationRecord.from_stored(stored)
            if not (request.unread_only and read):
                response.notifications.append(notification_message(note, sequence, read))
        if len(found) == size:
            position = (float(found[-1].sequence), "")
            response.next_page_token = pages.encode_token("notifications", scope, position)
        return response

    @guarded
    async def MarkNotificationsRead(
        self, request: inbox_pb2.MarkNotificationsReadRequest, context: Context
    ) -> inbox_pb2.MarkNotificationsReadResponse:
        player = require_player()
        if len(request.request_id) > 128:
            raise errors.invalid("request_id", "a request id has at most 128 characters")
        if len(request.notification_ids) > MAX_MARKED:
            raise errors.invalid(
                "notification_ids", f"name at most {MAX_MARKED} notifications at once"
            )
        if any(not n or len(n) > 200 for n in request.notification_ids):
            raise errors.invalid("notification_ids", "a notification id is 1 to 200 characters")
        if request.up_to_sequence < 0:
            raise errors.invalid("up_to_sequence", "up_to_sequence cannot be negative")
        unread = await self.inbox.calls.mark_read(
            player.player_id, list(request.notification_ids), request.up_to_sequence
        )
        return inbox_pb2.MarkNotificationsReadResponse(unread_count=unread)

    @guarded_stream
    async def WatchInbox(
        self, request: inbox_pb2.WatchInboxRequest, context: Context
    ) -> AsyncIterator[inbox_pb2.WatchInboxResponse]:
        player = require_player()
        if request.after_sequence < 0:
            raise errors.invalid("after_sequence", "after_sequence cannot be negative")
        async for note, sequence, read in self.inbox.watch(
            player.player_id, request.after_sequence
        ):
            yield inbox_pb2.WatchInboxResponse(
                notification=notification_message(note, sequence, read)
            )

    @guarded
    async def InvitePlayer(
        self, request: inbox_pb2.InvitePlayerRequest, context: Context
    ) -> inbox_pb2.InvitePlayerResponse:
        player = require_player()

        async def run() -> inbox_pb2.InvitePlayerResponse:
            code, expire = await self.invitations.invite(player, request.room_id, request.player_id)
            return inbox_pb2.InvitePlayerResponse(
                invitation_code=code, expire_time=timestamp(expire)
            )

        return await self.retries.once(
            player.player_id, "InvitePlayer", request, inbox_pb2.InvitePlayerResponse, run
        )

    @guarded
    async def RespondToInvitation(
        self, request: inbox_pb2.RespondToInvitationRequest, context: Context
    ) -> inbox_pb2.RespondToInvitationResponse:
        player = require_player()

        async def run() -> inbox_pb2.RespondToInvitationResponse:
            record = await self.invitations.respond(
                player, request.invitation_code, request.accept, current_address.get()
            )
            response = inbox_pb2.RespondToInvitationResponse()
            if record is not None:
                response.room.CopyFrom(room_message(record, player.player_id))
            return response

        return await self.retries.once(
            player.player_id,
            "RespondToInvitation",
            request,
            inbox_pb2.RespondToInvitationResponse,
            run,
        )
