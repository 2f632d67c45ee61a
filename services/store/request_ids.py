"""The store's calls for lobby request ids (``Store.request_ids``): a request id is held
while its first call runs, then keeps that call's answer for retries
(``services.api.retries``)."""

from __future__ import annotations

from dataclasses import dataclass

from services.store.core import StoreCore
from services.store.keys import request_key
from services.store.scripts import DELETE_IF_SCRIPT

REQUEST_TTL_SECONDS = 24 * 3600
"""How long a lobby request id's answer is kept for retries."""
REQUEST_PENDING_SECONDS = 30
"""How long a request id is held while its first call runs; if the replica running it dies,
a retry after this runs the request again."""


@dataclass(frozen=True, slots=True)
class RequestClaim:
    """What a lobby request id already holds: ``done`` with the first call's answer, or
    still running (``done`` False). ``fingerprint`` is the hash of the request it named."""

    done: bool
    fingerprint: str
    answer: bytes


class RequestIdStore:
    """The lobby request ids' calls of the store (``Store.request_ids``)."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core
        self._delete_if = core.redis.register_script(DELETE_IF_SCRIPT)

    async def claim_request(
        self, player_id: str, request_id: str, fingerprint: str
    ) -> RequestClaim | None:
        """Hold a request id for its first call (None), or what it already holds."""
        held = await self.core.call(
            "claim_request",
            self.core.redis.set(
                request_key(player_id, request_id),
                b"P" + fingerprint.encode(),
                nx=True,
                get=True,
                ex=REQUEST_PENDING_SECONDS,
            ),
        )
        if held is None:
            return None
        state, rest = held[:1], held[1:]
        fp, _, answer = rest.partition(b":")
        return RequestClaim(state == b"D", fp.decode(), answer)

    async def finish_request(
        self,
        player_id: str,
        request_id: str,
        fingerprint: str,
        answer: bytes,
        *,
        ttl: int | None = None,
    ) -> None:
        """Keep the first call's answer for retries: ``ttl`` seconds (None:
        :data:`REQUEST_TTL_SECONDS`)."""
        await self.core.call(
            "finish_request",
            self.core.redis.set(
                request_key(player_id, request_id),
                b"D" + fingerprint.encode() + b":" + answer,
                ex=REQUEST_TTL_SECONDS if ttl is None else ttl,
            ),
        )

    async def release_request(self, player_id: str, request_id: str, fingerprint: str) -> None:
        """Give a request id back: its first call was refused (a refused call changes
        nothing, so a retry runs it again)."""
        await self.core.call(
            "release_request",
            self._delete_if(
                keys=[request_key(player_id, request_id)], args=[b"P" + fingerprint.encode()]
            ),
        )
