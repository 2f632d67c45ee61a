"""A deal no one chooses: the match seed derived from the server's committed secret and a
random contribution per seat (docs/api.md, *A deal no one chooses*).

1. When a room is created the server draws a 32-byte secret and publishes its commitment
   (:func:`secret_commitment`, ``Room.deal_commitment``) before anyone can contribute.
2. Each seated player's client may send a contribution with ``SetReady{ready: true,
   deal_contribution}`` (16 to 64 random bytes; a new one replaces the last until the start).
3. At the start, a seat without a contribution (a bot, a client that sent none) gets one
   derived from the committed secret (:func:`drawn_contribution`): the server cannot pick it
   after seeing the others, as it could a fresh draw.
4. The seed is :func:`derive_seed` of the secret and the seats' contributions in seat order.
   The replay reveals the secret and every contribution with who gave it; anyone recomputes
   the commitment, the drawn contributions and the seed (``clients/replay.py``,
   ``clients/web/src/replay.ts``).

Every hash is SHA-256 over a canonical encoding: each part as its length in 4 bytes
(big-endian) followed by its bytes (:func:`encode_parts`), so no two lists of parts encode
alike.

>>> secret = bytes(32)
>>> secret_commitment(secret)[:16]
'e0ac96b60125ab07'
>>> derive_seed(secret, [b"a" * 16, drawn_contribution(secret, 1)])
4123954701432499019
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import secrets
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from services import errors
from services.rooms.records import Change, RoomRecord

SECRET_BYTES = 32
CONTRIBUTION_MIN_BYTES = 16
"""A contribution carries at least 128 bits: a client draws it from a secure generator."""
CONTRIBUTION_MAX_BYTES = 64

COMMITMENT_LABEL = b"cercle.v1/deal-commitment"
DRAWN_LABEL = b"cercle.v1/drawn-contribution"
SEED_LABEL = b"cercle.v1/deal-seed"


class Source(enum.StrEnum):
    """Who gave a seat's contribution."""

    PLAYER = "player"
    """The seat's player's client (SetReady)."""
    SERVER = "server"
    """Derived from the server's committed secret: a bot, or a client that sent none."""


def encode_parts(parts: Iterable[bytes]) -> bytes:
    """Each part as its 4-byte big-endian length, then its bytes.

    >>> encode_parts([b"ab", b""]).hex()
    '00000002616200000000'
    """
    return b"".join(struct.pack(">I", len(part)) + part for part in parts)


def new_secret() -> str:
    """A fresh server secret, as hex (stored in the room until the match ends)."""
    return secrets.token_hex(SECRET_BYTES)


def secret_commitment(secret: bytes) -> str:
    """What the room publishes of the secret from its creation: hex SHA-256 of
    ``encode_parts([COMMITMENT_LABEL, secret])``."""
    return hashlib.sha256(encode_parts([COMMITMENT_LABEL, secret])).digest().hex()


def drawn_contribution(secret: bytes, seat: int) -> bytes:
    """The contribution of a seat whose client gave none: SHA-256 of
    ``encode_parts([DRAWN_LABEL, secret, str(seat)])``, fixed by the commitment."""
    return hashlib.sha256(encode_parts([DRAWN_LABEL, secret, str(seat).encode()])).digest()


def derive_seed(secret: bytes, contributions: Sequence[bytes]) -> int:
    """The match seed: the first 8 bytes of SHA-256 of ``encode_parts([SEED_LABEL, secret,
    str(len(contributions)), *contributions])`` (contributions in seat order), big-endian,
    shifted right by one bit (a 63-bit seed, as the engine takes)."""
    parts = [SEED_LABEL, secret, str(len(contributions)).encode(), *contributions]
    digest = hashlib.sha256(encode_parts(parts)).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def check_contribution(contribution: bytes | None, ready: bool) -> None:
    """Refuse a contribution of the wrong size, or one sent with ``ready: false``."""
    if contribution is None:
        return
    if not ready:
        raise errors.invalid("deal_contribution", "send your deal contribution with ready: true")
    if not CONTRIBUTION_MIN_BYTES <= len(contribution) <= CONTRIBUTION_MAX_BYTES:
        raise errors.invalid(
            "deal_contribution",
            f"a deal contribution holds {CONTRIBUTION_MIN_BYTES} to {CONTRIBUTION_MAX_BYTES}"
            " random bytes",
        )


@dataclass(frozen=True, slots=True)
class Deal:
    """The parts of a match's seed, as the start settles them."""

    secret: bytes
    contributions: tuple[bytes, ...]
    """One per seat, in seat order."""
    sources: tuple[Source, ...]

    @property
    def seed(self) -> int:
        return derive_seed(self.secret, self.contributions)

    @property
    def drawn(self) -> tuple[int, ...]:
        """The seats whose contribution the server derived."""
        return tuple(i for i, source in enumerate(self.sources) if source is Source.SERVER)


def settle(room: RoomRecord) -> Deal | None:
    """The deal of a room about to start (None: a room created before deals were
    contributed, whose seed is drawn as before). A free seat counts as drawn (the start
    refuses a room with one anyway)."""
    if not room.deal_secret:
        return None
    secret = bytes.fromhex(room.deal_secret)
    contributions: list[bytes] = []
    sources: list[Source] = []
    for index, seat in enumerate(room.seats):
        given = None if seat is None or seat.is_bot else room.deal_contributions.get(seat.player_id)
        if given is None:
            contributions.append(drawn_contribution(secret, index))
            sources.append(Source.SERVER)
        else:
            contributions.append(bytes.fromhex(given))
            sources.append(Source.PLAYER)
    return Deal(secret, tuple(contributions), tuple(sources))


def stored(room: RoomRecord) -> Deal | None:
    """The deal a started room keeps (None: a room without one)."""
    if not room.deal_secret or not room.deal_seats:
        return None
    contributions = tuple(bytes.fromhex(c) for c in room.deal_seats)
    sources = tuple(
        Source.SERVER if i in room.deal_drawn else Source.PLAYER for i in range(len(contributions))
    )
    return Deal(bytes.fromhex(room.deal_secret), contributions, sources)


def record_deal(change: Change, deal: Deal) -> Change:
    """The start's change keeping the deal's parts in the room (for the replay)."""
    room = dataclasses.replace(
        change.room,
        deal_contributions={},
        deal_seats=tuple(c.hex() for c in deal.contributions),
        deal_drawn=deal.drawn,
    )
    return dataclasses.replace(change, room=room)
