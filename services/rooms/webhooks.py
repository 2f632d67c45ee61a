"""Push delivery for operators (issue 28, item 4): each notification may also be POSTed to a
webhook the operator configures (``CERCLE_WEBHOOK_URL``), the documented way to relay it to
FCM or APNs (docs/operations.md, "Webhooks").

- **Durable**: a delivery is written to the outbox in Redis by the same script that adds
  its notification to the inbox (``services.store.inbox``, ``services.store.outbox``), so a
  notification in an inbox is in the outbox too.
- **At least once**: every replica runs :class:`Webhooks`, which claims due deliveries
  with a lease (:data:`LEASE_SECONDS`) and POSTs them; a 2xx answer removes one, anything
  else (an error, a timeout, no answer) tries it again after a backoff (2, 4, 8... seconds,
  at most :data:`MAX_BACKOFF_SECONDS`), up to :data:`MAX_ATTEMPTS` tries. A replica killed
  while posting leaves its claims to another replica when their lease ends, so a receiver
  may get a delivery twice: it drops duplicates by the ``Idempotency-Key`` header, the same
  for every try on every replica (``<player id>/<notification id>``).
- **Signed**: ``X-Cercle-Signature: sha256=<hex HMAC-SHA256 of the body with
  CERCLE_WEBHOOK_SECRET>``. The body holds ids and times only: no token, no invitation
  code, no card.

The body (JSON)::

    {"delivery_id": "<player>/<notification>", "player_id": "...",
     "notification": {"notification_id": "...", "kind": "your_turn", "room_id": "...",
                      "game_id": "...", "seat": 0, "create_time": 2000000000.0,
                      "expire_time": 2000086400.0, "from_player_id": null}}
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass

import structlog

from services.rooms.records import dumps
from services.store import Store, StoreUnavailable
from services.store.outbox import Delivery, OutboxStore

log = structlog.get_logger("cercle.webhooks")

LEASE_SECONDS = float(os.environ.get("CERCLE_WEBHOOK_LEASE_SECONDS", "30"))
"""How long a claimed delivery is left to its replica before another may try it."""
MAX_ATTEMPTS = 16
"""Tries of one delivery (about a day of backoff) before it is dropped and logged."""
MAX_BACKOFF_SECONDS = 3600.0
POST_TIMEOUT_SECONDS = 10.0
BATCH = 32
"""Deliveries one replica claims at a time."""
SIGNATURE_HEADER = "X-Cercle-Signature"
IDEMPOTENCY_HEADER = "Idempotency-Key"


@dataclass(frozen=True, slots=True)
class WebhookConfig:
    url: str
    secret: bytes

    @classmethod
    def from_env(cls) -> WebhookConfig | None:
        url = os.environ.get("CERCLE_WEBHOOK_URL", "")
        if not url:
            return None
        if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
            raise ValueError("CERCLE_WEBHOOK_URL must be an http:// or https:// URL")
        return cls(url, os.environ.get("CERCLE_WEBHOOK_SECRET", "").encode())


def signature(secret: bytes, body: bytes) -> str:
    """The signature header's value for ``body``.

    >>> value = signature(b"key", b"{}")
    >>> value.startswith("sha256="), len(value)
    (True, 71)
    """
    return "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()


def delivery_body(
    player_id: str, notification_id: str, fields: dict[str, object]
) -> tuple[str, str]:
    """A delivery's id and its body (JSON): ids and times only."""
    delivery_id = f"{player_id}/{notification_id}"
    body = dumps(
        {
            "delivery_id": delivery_id,
            "player_id": player_id,
            "notification": {"notification_id": notification_id, **fields},
        }
    )
    return delivery_id, body


def backoff(attempts: int) -> float:
    """Seconds before the next try after ``attempts`` failed ones."""
    return min(MAX_BACKOFF_SECONDS, 2.0**attempts)


class Webhooks:
    """This replica's webhook sender; ``run`` until cancelled (``tick_once`` in tests)."""

    def __init__(self, store: Store, config: WebhookConfig, clock: Callable[[], float]) -> None:
        self.calls = OutboxStore(store.core)
        self.config = config
        self.clock = clock

    async def run(self) -> None:
        while True:
            try:
                sent = await self.tick_once()
            except StoreUnavailable as exc:
                log.warning("webhooks_store_unavailable", error=str(exc))
                sent = 0
            await asyncio.sleep(0.05 if sent else 0.5)

    async def tick_once(self) -> int:
        """Claim the due deliveries and post them; how many were claimed."""
        claimed = await self.calls.claim(self.clock(), LEASE_SECONDS, BATCH)
        await asyncio.gather(*(self._deliver(d) for d in claimed))
        return len(claimed)

    async def _deliver(self, delivery: Delivery) -> None:
        try:
            status = await asyncio.wait_for(self._post(delivery), POST_TIMEOUT_SECONDS)
        except (OSError, TimeoutError, ValueError) as exc:
            status, error = 0, type(exc).__name__
        else:
            error = ""
        if 200 <= status < 300:
            await self.calls.done(delivery.delivery_id)
            return
        if delivery.attempts >= MAX_ATTEMPTS:
            log.warning("webhook_dropped", delivery=delivery.delivery_id, status=status)
            await self.calls.done(delivery.delivery_id)
            return
        log.info("webhook_retry", delivery=delivery.delivery_id, status=status, error=error)
        await self.calls.retry_at(delivery.delivery_id, self.clock() + backoff(delivery.attempts))

    async def _post(self, delivery: Delivery) -> int:
        """POST the delivery; the HTTP status (HTTP/1.1, one connection per delivery)."""
        url = urllib.parse.urlsplit(self.config.url)
        tls = url.scheme == "https"
        host = url.hostname or ""
        port = url.port or (443 if tls else 80)
        reader, writer = await asyncio.open_connection(host, port, ssl=tls or None)
        try:
            path = url.path or "/"
            if url.query:
                path += "?" + url.query
            head = (
                f"POST {path} HTTP/1.1\r\nHost: {url.netloc}\r\n"
                "Content-Type: application/json\r\n"
                f"Content-Length: {len(delivery.body)}\r\n"
                f"{IDEMPOTENCY_HEADER}: {delivery.delivery_id}\r\n"
                f"{SIGNATURE_HEADER}: {signature(self.config.secret, delivery.body)}\r\n"
                "Connection: close\r\n\r\n"
            )
            writer.write(head.encode() + delivery.body)
            await writer.drain()
            status_line = await reader.readline()
            parts = status_line.split()
            if len(parts) < 2 or not parts[1].isdigit():
                raise ValueError("not an HTTP answer")
            return int(parts[1])
        finally:
            writer.close()
