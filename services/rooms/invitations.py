"""Invitations (issue 28, item 5): a seated player invites another to their open room, by
player id (the invitee's inbox and WatchInbox get it) or with a shareable code anyone may
use; the invitee accepts (takes a seat, as JoinRoom: an invitation opens a private room too,
and a turn-based room counts towards their cap) or declines (the invitation is spent).

An invitation lives :data:`INVITATION_TTL_SECONDS` (``services.store.invitations``); once
its room's match has started, accepting it gets MATCH_STARTED. A player sends at most
:data:`INVITATIONS_PER_HOUR` invitations an hour.
"""

from __future__ import annotations

import hashlib
import secrets

from services import errors
from services.errors import RoomError
from services.rooms.changes import RoomChanges
from services.rooms.inbox import Inbox, NotificationKind, NotificationRecord
from services.rooms.lobby import Lobby
from services.rooms.records import Player, RoomRecord, RoomStatus, seat_of
from services.store import quota_key
from services.store.invitations import InvitationStore, StoredInvitation

INVITATION_TTL_SECONDS = 7 * 24 * 3600
INVITATIONS_PER_HOUR = 30
MAX_CODE_LENGTH = 64


class Invitations:
    """Inviting and answering (``Rooms.invitations``); one per replica, given the room
    changes (to load a room), the lobby (to seat an invitee) and the inbox (to tell them)."""

    def __init__(self, changes: RoomChanges, lobby: Lobby, inbox: Inbox) -> None:
        self.changes = changes
        self.lobby = lobby
        self.inbox = inbox
        self.calls = InvitationStore(changes.store.core)

    async def invite(self, player: Player, room_id: str, invitee: str) -> tuple[str, float]:
        """Invite ``invitee`` (empty: whoever gets the code) to the caller's room; the
        invitation's code and expiry."""
        record = await self.changes.load(room_id)
        if seat_of(record, player.player_id) < 0:
            raise errors.denied("take a seat in the room to invite someone", "NOT_IN_ROOM")
        if record.status is not RoomStatus.OPEN:
            raise errors.precondition(
                "the match has started: nobody can join it any more", "MATCH_STARTED"
            )
        store = self.changes.store
        if invitee:
            if invitee == player.player_id:
                raise errors.invalid("player_id", "you cannot invite yourself")
            if len(invitee) > 64 or await store.players.display_name(invitee) is None:
                raise errors.not_found("there is no player with that id", "PLAYER_NOT_FOUND")
        ((count, left),) = await store.limits.count_quota(
            [quota_key("invites", player.player_id)], 3600
        )
        if count > INVITATIONS_PER_HOUR:
            raise RoomError(
                errors.Kind.RESOURCE_EXHAUSTED,
                "TOO_MANY_INVITATIONS",
                f"you may send {INVITATIONS_PER_HOUR} invitations an hour",
                retry_after=max(1.0, left),
                metadata={"limit": str(INVITATIONS_PER_HOUR)},
            )
        now = self.changes.clock()
        for _ in range(5):
            code = secrets.token_urlsafe(9)
            stored = StoredInvitation(code, room_id, player.player_id, player.name, invitee, False)
            if await self.calls.create(stored, INVITATION_TTL_SECONDS):
                break
        else:
            raise RoomError(errors.Kind.ABORTED, "BUSY", "try again")
        if invitee:
            # The id names the invitation by a digest: ids travel to webhooks and log lines,
            # the code only to its invitee.
            digest = hashlib.sha256(code.encode()).hexdigest()[:16]
            note = NotificationRecord(
                f"{room_id}:invite:{digest}",
                NotificationKind.INVITATION,
                room_id,
                record.meta.game,
                -1,
                now,
                invitation=(code, player.player_id, player.name),
            )
            await self.inbox.add(invitee, note)
        return code, now + INVITATION_TTL_SECONDS

    async def respond(
        self, player: Player, code: str, accept: bool, address: str = ""
    ) -> RoomRecord | None:
        """Accept (the room with the caller's seat) or decline (None) an invitation."""
        if not code or len(code) > MAX_CODE_LENGTH:
            raise errors.invalid("invitation_code", "give the invitation's code")
        invitation = await self.calls.load(code)
        if invitation is None:
            raise errors.not_found(
                "no invitation has that code (it may have expired)", "INVITATION_NOT_FOUND"
            )
        if invitation.invitee and invitation.invitee != player.player_id:
            raise errors.denied("this invitation is for another player", "NOT_INVITED")
        if invitation.declined:
            raise errors.precondition("this invitation was declined", "INVITATION_DECLINED")
        if not accept:
            if invitation.invitee:  # a shareable code is not spent by one who declines it
                await self.calls.decline(code)
            return None
        record = await self.changes.load(invitation.room_id)
        joined, _ = await self.lobby.join(
            player, record.room_id, record.meta.code, spectator=False, address=address
        )
        return joined
