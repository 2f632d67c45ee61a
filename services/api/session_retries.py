"""Retries of the two RPCs that open a session, CreateSession and AuthenticateDevice
(lobby.proto's header): a retry with the same ``request_id`` within
:data:`SESSION_REQUEST_TTL_SECONDS` gets the same player and the same tokens, never a
second guest; the same id with another request is refused IDEMPOTENCY_KEY_REUSED and gets
no token.

There is no player yet, so the id is held per what only the caller has (services.api.retries'
scope): the device id, or for a guest the caller's network address. And the store never
keeps a token (services.store.players): the first call's tokens are *derived* (HMAC) from a
secret the retry sends again and a random nonce; the kept answer holds the nonce and the
token family, not the tokens, which are derived again for the retry. The secret is the
device id with the request id, or the request id with the address, so a guest's request id
must carry 128 bits (a random UUID): a Redis dump must not make its tokens guessable.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from cercle.v1 import lobby_pb2

from services import errors
from services.accounts import DEVICE_ID_BITS, Players, device_id_bits
from services.api.proto_messages import timestamp
from services.api.retries import Retries, session_scope
from services.store import IssuedSession, derived_pair

SESSION_REQUEST_TTL_SECONDS = 30
"""How long a login's answer is kept for a retry (lobby.proto says 30 seconds)."""

SessionResponse = TypeVar(
    "SessionResponse",
    lobby_pb2.CreateSessionResponse,
    lobby_pb2.AuthenticateDeviceResponse,
    lobby_pb2.RefreshSessionResponse,
)


def session_fields(response: SessionResponse, issued: IssuedSession, now: float) -> SessionResponse:
    """Fill a session response's tokens and their expiry times."""
    response.session_token = issued.access_token
    response.player_id = issued.player_id
    response.expire_time.CopyFrom(timestamp(now + issued.access_ttl))
    response.refresh_token = issued.refresh_token
    response.refresh_expire_time.CopyFrom(timestamp(now + issued.refresh_ttl))
    return response


@dataclass(frozen=True, slots=True)
class SessionSeal:
    """How one login's answer is kept for its retries without its tokens."""

    secret: str
    """What only the caller sends (never stored)."""
    nonce: str
    """Random, kept with the answer."""

    @classmethod
    def new(cls, secret: str) -> SessionSeal:
        return cls(secret, secrets.token_hex(16))

    @property
    def derived_from(self) -> tuple[str, str]:
        """What ``PlayerStore.issue_session`` derives the tokens from."""
        return self.secret, self.nonce

    def seal(self, answer: SessionResponse) -> bytes:
        """The answer as kept: tokens cleared, the nonce and the token family in front."""
        family = answer.session_token.partition(".")[0]
        kept = type(answer)()
        kept.CopyFrom(answer)
        kept.ClearField("session_token")
        kept.ClearField("refresh_token")
        return f"{self.nonce}:{family}:".encode() + kept.SerializeToString()

    def unseal(self, response_type: type[SessionResponse]) -> Callable[[bytes], SessionResponse]:
        """Reads a kept answer back, its tokens derived again from this retry's secret."""

        def read(kept: bytes) -> SessionResponse:
            nonce, family, data = kept.split(b":", 2)
            answer = response_type.FromString(data)
            access, refresh = derived_pair(self.secret, family.decode(), nonce.decode())
            answer.session_token, answer.refresh_token = access, refresh
            return answer

        return read


class Logins:
    """CreateSession and AuthenticateDevice, each run once per request id."""

    def __init__(self, players: Players, retries: Retries, clock: Callable[[], float]) -> None:
        self.players = players
        self.retries = retries
        self.clock = clock

    async def create_session(
        self, request: lobby_pb2.CreateSessionRequest, address: str
    ) -> lobby_pb2.CreateSessionResponse:
        if request.request_id and device_id_bits(request.request_id) < DEVICE_ID_BITS:
            raise errors.invalid(
                "request_id",
                f"a CreateSession request id needs {DEVICE_ID_BITS} bits of entropy: a random "
                "UUID (or 16 random bytes in hex)",
            )
        seal = SessionSeal.new(f"{request.request_id}\n{address}")

        async def run() -> lobby_pb2.CreateSessionResponse:
            derived = seal.derived_from if request.request_id else None
            issued = await self.players.create_guest(request.display_name, derived)
            return session_fields(lobby_pb2.CreateSessionResponse(), issued, self.clock())

        scope = session_scope("address", address)
        response_type = lobby_pb2.CreateSessionResponse
        return await self._once("CreateSession", scope, seal, request, response_type, run)

    async def authenticate_device(
        self, request: lobby_pb2.AuthenticateDeviceRequest
    ) -> lobby_pb2.AuthenticateDeviceResponse:
        seal = SessionSeal.new(f"{request.device_id}\n{request.request_id}")

        async def run() -> lobby_pb2.AuthenticateDeviceResponse:
            derived = seal.derived_from if request.request_id else None
            issued, created, name = await self.players.authenticate_device(
                request.device_id, request.display_name, derived
            )
            response = lobby_pb2.AuthenticateDeviceResponse(created=created, display_name=name)
            return session_fields(response, issued, self.clock())

        if not request.device_id:  # refused by run(); no scope to hold an id in
            return await run()
        scope = session_scope("device", request.device_id)
        response_type = lobby_pb2.AuthenticateDeviceResponse
        return await self._once("AuthenticateDevice", scope, seal, request, response_type, run)

    async def _once(
        self,
        method: str,
        scope: str,
        seal: SessionSeal,
        request: lobby_pb2.CreateSessionRequest | lobby_pb2.AuthenticateDeviceRequest,
        response_type: type[SessionResponse],
        run: Callable[[], Awaitable[SessionResponse]],
    ) -> SessionResponse:
        return await self.retries.once(
            scope,
            method,
            request,
            response_type,
            run,
            ttl=SESSION_REQUEST_TTL_SECONDS,
            seal=seal.seal,
            unseal=seal.unseal(response_type),
        )
