"""The store's calls for invitations (``services.rooms.invitations``): one hash per invitation,
``cercle:invite:<code>`` (``keys.invitation_key``), that expires with it."""

from __future__ import annotations

from dataclasses import dataclass

from services.store.core import StoreCore
from services.store.keys import invitation_key


@dataclass(frozen=True, slots=True)
class StoredInvitation:
    code: str
    room_id: str
    sender: str
    sender_name: str
    invitee: str
    """Empty: a shareable invitation."""
    declined: bool


CREATE_INVITATION_SCRIPT = """
-- Write a new invitation unless its code is taken.
-- KEYS[1] the invitation's hash
-- ARGV[1] room id, ARGV[2] sender, ARGV[3] sender's name, ARGV[4] invitee (empty:
-- shareable), ARGV[5] TTL (s)
-- Returns 1 when written, 0 when the code was taken.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'room', ARGV[1], 'from', ARGV[2], 'from_name', ARGV[3], 'to', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""


class InvitationStore:
    """The store's calls for invitations; one per replica, over the store's core."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        self._create = core.redis.register_script(CREATE_INVITATION_SCRIPT)

    async def create(self, invitation: StoredInvitation, ttl: int) -> bool:
        """Write a new invitation (False: its code is taken)."""
        created = await self.core.call(
            "invitation_create",
            self._create(
                keys=[invitation_key(invitation.code)],
                args=[
                    invitation.room_id,
                    invitation.sender,
                    invitation.sender_name,
                    invitation.invitee,
                    ttl,
                ],
            ),
        )
        return bool(created)

    async def load(self, code: str) -> StoredInvitation | None:
        raw = await self.core.call("invitation_load", self.core.redis.hgetall(invitation_key(code)))
        if not raw or b"room" not in raw:
            return None
        return StoredInvitation(
            code,
            raw[b"room"].decode(),
            raw.get(b"from", b"").decode(),
            raw.get(b"from_name", b"").decode(),
            raw.get(b"to", b"").decode(),
            raw.get(b"declined") == b"1",
        )

    async def decline(self, code: str) -> None:
        key = invitation_key(code)
        await self.core.call("invitation_decline", self.core.redis.hset(key, "declined", "1"))
