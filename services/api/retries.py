"""Request ids of the mutating RPCs (AIP-155) but ``Act`` (whose ``request_id`` the room's
commit script keeps, services.store): a retry with the same id returns the first call's
answer and runs nothing (no second room, no second chat line, no quota spent); the same id
with a different request is refused INVALID_ARGUMENT / IDEMPOTENCY_KEY_REUSED and changes
nothing.

An id is held per *scope*: the calling player's id, or for the RPCs that open a session (no
player yet) the device id or the caller's network address (:func:`session_scope`), so that
one caller's id never answers another's request.

How: the first call holds the id (``SET NX``, for :data:`~services.store.players.
REQUEST_PENDING_SECONDS`) with a fingerprint of the request (method and fields, the id
aside), runs, then keeps its serialized answer under the id for
:data:`~services.store.REQUEST_TTL_SECONDS`. A refused first call gives the id back, so a
retry runs again; a first call that failed otherwise (the store unreachable) keeps the id
until its hold lapses, since it may have changed something. A login's answer is kept
without its tokens, for a short while (services.api.session_retries). A retry that arrives while the
first call still runs waits for its answer (bounded), then gets ABORTED /
REQUEST_IN_PROGRESS.

With replicated commits (services.store.durability) the commits a first call makes do not
wait for a replica each: the call keeps its answer, then has a replica confirm everything
at once. Unconfirmed, it answers UNAVAILABLE (STORE_UNAVAILABLE, RetryInfo) with its
answer already kept: the retry returns that answer (once a replica holds it) and runs
nothing again, so an unconfirmed CreateRoom never makes a second room. A request without
an id is confirmed at its end too (unconfirmed, UNAVAILABLE; its retry runs it again).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from typing import TypeVar

from google.protobuf.message import Message

from services import errors
from services.errors import Kind, RoomError
from services.store import Store

M = TypeVar("M", bound=Message)

MAX_REQUEST_ID_LENGTH = 128
WAIT_STEPS = 100
WAIT_STEP_SECONDS = 0.05
"""A retry waits at most WAIT_STEPS * WAIT_STEP_SECONDS for the first call to finish."""


def session_scope(kind: str, secret: str) -> str:
    """The scope of a session RPC's request id: ``kind`` (``device``, ``address``) and what
    only the caller holds or is (hashed: a device id is a secret, store keys are readable)."""
    return f"{kind}:" + hashlib.sha256(secret.encode()).hexdigest()[:32]


def request_fingerprint(method: str, request: Message) -> str:
    """A hash of what a request id was sent with (its fields, the id aside)."""
    copy = type(request)()
    copy.CopyFrom(request)
    copy.ClearField("request_id")
    text = method.encode() + b"\n" + copy.SerializeToString(deterministic=True)
    return hashlib.sha256(text).hexdigest()[:24]


def request_id_reused() -> RoomError:
    """The same status and reason as a reused ``Act`` request id."""
    return RoomError(
        Kind.INVALID_ARGUMENT,
        "IDEMPOTENCY_KEY_REUSED",
        "this request id was used for another request: use a new id for each request",
        field="request_id",
    )


class Retries:
    """Runs a mutating request once per request id (and scope)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def once(
        self,
        scope: str,
        method: str,
        request: Message,
        response_type: type[M],
        run: Callable[[], Awaitable[M]],
        *,
        ttl: int | None = None,
        seal: Callable[[M], bytes] | None = None,
        unseal: Callable[[bytes], M] | None = None,
    ) -> M:
        """``run`` once for the request's ``request_id`` within ``scope`` (a player id, or
        :func:`session_scope`); its answer is kept ``ttl`` seconds (None: the store's
        default, a day), as ``seal`` writes it (None: serialized) and ``unseal`` reads it
        back (None: parsed as ``response_type``)."""
        request_id: str = getattr(request, "request_id", "")
        if not request_id:  # no retry can find its answer: confirmed once, at its end
            with self.store.replication.confirming_at_end():
                answer = await run()
            await self.store.replication.confirm_replicated()
            return answer
        if len(request_id) > MAX_REQUEST_ID_LENGTH:
            raise errors.invalid(
                "request_id", f"a request id has at most {MAX_REQUEST_ID_LENGTH} characters"
            )
        fingerprint = request_fingerprint(method, request)
        for _ in range(WAIT_STEPS):
            held = await self.store.request_ids.claim_request(scope, request_id, fingerprint)
            if held is None:
                break  # ours: run it
            if held.fingerprint != fingerprint:
                raise request_id_reused()
            if held.done:  # acknowledged only once a replica holds it (it may not yet)
                await self.store.replication.confirm_replicated()
                return unseal(held.answer) if unseal else response_type.FromString(held.answer)
            await asyncio.sleep(WAIT_STEP_SECONDS)  # the first call is still running
        else:
            raise RoomError(
                Kind.ABORTED,
                "REQUEST_IN_PROGRESS",
                "this request is still being processed: retry in a moment",
                retry_after=1.0,
            )
        # Shielded: a caller that gives up (a lost connection, a deadline) does not stop the
        # request halfway, so its answer is kept for the retry.
        kept = seal or (lambda answer: answer.SerializeToString())
        return await asyncio.shield(self._run(scope, request_id, fingerprint, run, ttl, kept))

    async def _run(
        self,
        scope: str,
        request_id: str,
        fingerprint: str,
        run: Callable[[], Awaitable[M]],
        ttl: int | None,
        seal: Callable[[M], bytes],
    ) -> M:
        with self.store.replication.confirming_at_end():
            try:
                answer = await run()
            except RoomError:  # refused: nothing changed, so the id is free again
                await self.store.request_ids.release_request(scope, request_id, fingerprint)
                raise
            await self.store.request_ids.finish_request(
                scope, request_id, fingerprint, seal(answer), ttl=ttl
            )
        # With replicated commits, the change and its kept answer are acknowledged once a
        # replica holds both: unconfirmed (UNAVAILABLE), the retry finds the answer kept.
        await self.store.replication.confirm_replicated()
        return answer
