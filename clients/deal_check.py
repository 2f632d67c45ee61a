"""The replay's check of a deal no one chose (docs/api.md, *A deal no one chooses*).

Written from the contract's description (``DealDerivation`` in game.proto), not from the
server's code: a client checks what the server revealed on its own.

>>> from cercle.v1 import game_pb2
>>> match = game_pb2.ReplayMatch(seed=1, seed_nonce="n")
>>> check_deal(match).derived  # a match from before contributed deals
False
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable
from dataclasses import dataclass

from cercle.v1 import game_pb2


def encode_parts(parts: Iterable[bytes]) -> bytes:
    """Each part as its 4-byte big-endian length, then its bytes."""
    return b"".join(struct.pack(">I", len(part)) + part for part in parts)


def secret_commitment(secret: bytes) -> str:
    return hashlib.sha256(encode_parts([b"cercle.v1/deal-commitment", secret])).hexdigest()


def drawn_contribution(secret: bytes, seat: int) -> bytes:
    parts = [b"cercle.v1/drawn-contribution", secret, str(seat).encode()]
    return hashlib.sha256(encode_parts(parts)).digest()


def derive_seed(secret: bytes, contributions: list[bytes]) -> int:
    parts = [b"cercle.v1/deal-seed", secret, str(len(contributions)).encode(), *contributions]
    return int.from_bytes(hashlib.sha256(encode_parts(parts)).digest()[:8], "big") >> 1


@dataclass(frozen=True, slots=True)
class DealProblem:
    """One part of the derivation that does not hold."""

    message: str
    """Its catalogue message id (cli.ftl: ``deal_problem_*``; also the ``--json`` code)."""
    seat: int | None = None
    """The seat concerned (0-based), if one is."""


@dataclass(frozen=True, slots=True)
class DealCheck:
    """What the check found."""

    derived: bool
    """The match's seed was derived from contributions (False: an older match)."""
    ok: bool
    """Every part holds (True for an older match: nothing to check)."""
    problems: tuple[DealProblem, ...] = ()
    """What does not hold: catalogue messages (``deal_problem_*`` in cli.ftl)."""
    players: tuple[int, ...] = ()
    """The seats whose player's client contributed."""


def check_deal(match: game_pb2.ReplayMatch) -> DealCheck:
    """Check a replay's deal: the commitment of the revealed secret, the seats the server
    drew for, the seat count and the seed."""
    if not match.HasField("deal"):
        return DealCheck(False, True)
    deal = match.deal
    problems: list[DealProblem] = []
    secret = deal.server_secret
    if secret_commitment(secret) != deal.server_commitment.strip().lower():
        problems.append(DealProblem("deal_problem_commitment"))
    contributions = sorted(deal.contributions, key=lambda c: c.seat)
    if [c.seat for c in contributions] != list(range(match.players)):
        problems.append(DealProblem("deal_problem_seats"))
    players = []
    for c in contributions:
        if c.source == game_pb2.DEAL_CONTRIBUTION_SOURCE_SERVER:
            if c.contribution != drawn_contribution(secret, c.seat):
                problems.append(DealProblem("deal_problem_drawn", c.seat))
        elif c.source == game_pb2.DEAL_CONTRIBUTION_SOURCE_PLAYER:
            players.append(c.seat)
        else:
            problems.append(DealProblem("deal_problem_source", c.seat))
    if derive_seed(secret, [c.contribution for c in contributions]) != match.seed:
        problems.append(DealProblem("deal_problem_seed"))
    return DealCheck(True, not problems, tuple(problems), tuple(players))
