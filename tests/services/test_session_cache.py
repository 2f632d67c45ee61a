"""A replica resolves an access token once and then trusts it for minutes (no round trip per
request) because every logout, refresh and rename is announced on Redis pub/sub and drops
the cached entry on every replica; while it cannot hear the announcements it trusts an
entry for 1 s only (services.api.sessions.SessionCache)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass

import grpc

from clients.api_error import ApiError
from clients.sdk import Client
from services.api import sessions
from services.api.sessions import SessionCache
from services.rooms.records import Player
from services.server import Replica, start_replica
from services.store import sessions_channel
from tests.services.play import round_trips, wait_for


def _cache(replica: Replica) -> SessionCache:
    listener = replica.feeds.listeners[sessions_channel()]
    assert isinstance(listener, SessionCache)
    return listener


async def _refused(call: Awaitable[object]) -> ApiError | None:
    try:
        await call
    except ApiError as exc:
        return exc
    return None


async def test_a_replica_trusts_a_token_past_a_second_and_still_refuses_a_logout_at_once(
    redis_url: str,
) -> None:
    a = await start_replica(redis_url, timers=False)
    b = await start_replica(redis_url, timers=False)
    ann, ann_on_b = Client(f"127.0.0.1:{a.port}"), Client(f"127.0.0.1:{b.port}")
    try:
        for replica in (a, b):  # each replica has heard its own marker: announcements reach it
            await wait_for(lambda r=replica: _cache(r).listening_since is not None)
        await ann.login("Ann")
        ann_on_b.token = ann.token
        await ann_on_b.rooms()  # replica B resolves the token
        reads = round_trips("session")
        await asyncio.sleep(sessions.CACHE_SECONDS + 0.2)
        await ann_on_b.rooms()
        await ann_on_b.my_rooms()
        assert round_trips("session") == reads, "the token was looked up again after 1 s"

        await ann.rename("Annie")  # on replica A; B hears it and forgets the old name
        await wait_for(lambda: len(_cache(b)) == 0, timeout=1.0)
        room = await ann_on_b.create_room(
            "tamashii", players=1, private=True, options={"decision_seconds": "0"}
        )
        assert room.seats[0].display_name == "Annie"

        await ann.logout()  # on replica A
        refused: list[ApiError | None] = [None]

        async def poll() -> None:
            while refused[0] is None:
                refused[0] = await _refused(ann_on_b.rooms())
                await asyncio.sleep(0.02)  # well under the session's rate

        await asyncio.wait_for(poll(), timeout=1.0)
        assert refused[0] is not None
        assert (refused[0].code, refused[0].reason) == (
            grpc.StatusCode.UNAUTHENTICATED,
            "UNAUTHENTICATED",
        )
    finally:
        await ann.close()
        await ann_on_b.close()
        for replica in (a, b):
            await replica.stop(grace=0.1)


@dataclass
class FakeClock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


class MarkerPlayers:
    """The one store call the cache makes: publishing its own marker (recorded here)."""

    def __init__(self) -> None:
        self.nonces: list[str] = []

    async def announce_listening(self, nonce: str) -> None:
        self.nonces.append(nonce)


class MarkerStore:
    """A store whose players part is :class:`MarkerPlayers`."""

    def __init__(self) -> None:
        self.players = MarkerPlayers()
        self.nonces = self.players.nonces


async def _listening(clock: FakeClock) -> tuple[SessionCache, MarkerStore]:
    store = MarkerStore()
    cache = SessionCache(store, clock)  # type: ignore[arg-type]  # only the marker is called
    await cache.connected()
    assert cache.listening_since is None  # subscribed, not yet confirmed
    cache.heard(b"r:" + store.nonces[-1].encode())
    assert cache.listening_since == clock.now
    return cache, store


ANN = Player("p-ann", "Ann")


async def test_the_cache_trusts_for_a_second_only_while_it_cannot_hear_changes() -> None:
    clock = FakeClock()
    cache, _ = await _listening(clock)
    clock.now += 1
    cache.put("d1", ANN, clock.now, 3600, cache.changes)
    clock.now += 60
    assert cache.get("d1") == ANN  # live: trusted for minutes
    cache.disconnected()
    assert cache.get("d1") is None  # the connection broke: a change may have been missed
    cache.put("d2", ANN, clock.now, 3600, cache.changes)
    clock.now += sessions.CACHE_SECONDS - 0.1
    assert cache.get("d2") == ANN
    clock.now += 0.2
    assert cache.get("d2") is None
    # Back, but resolved before the new subscription was confirmed: short again.
    cache.put("d3", ANN, clock.now, 3600, cache.changes)
    await cache.connected()
    cache.heard(b"r:another-replicas-marker")
    assert cache.listening_since is None
    clock.now += sessions.CACHE_SECONDS + 0.1
    assert cache.get("d3") is None


async def test_a_look_up_that_overlapped_a_change_is_trusted_for_a_second_only() -> None:
    clock = FakeClock()
    cache, _ = await _listening(clock)
    began, changes = clock.now, cache.changes
    cache.heard(b"t:d1")  # a logout announced while the store was read
    cache.put("d1", ANN, began, 3600, changes)
    clock.now += sessions.CACHE_SECONDS + 0.1
    assert cache.get("d1") is None


async def test_announcements_drop_a_token_and_every_token_of_a_renamed_player() -> None:
    clock = FakeClock()
    cache, _ = await _listening(clock)
    bob = Player("p-bob", "Bob")
    for digest, player in (("a1", ANN), ("a2", ANN), ("b1", bob)):
        cache.put(digest, player, clock.now, 3600, cache.changes)
    cache.heard(b"t:a1")
    assert cache.get("a1") is None and cache.get("a2") == ANN
    cache.heard(b"p:p-ann")
    assert cache.get("a2") is None and cache.get("b1") == bob
    assert len(cache) == 1


async def test_an_entry_never_outlives_its_token_or_the_trust_bound() -> None:
    clock = FakeClock()
    cache, _ = await _listening(clock)
    cache.put("short", ANN, clock.now, 30, cache.changes)
    cache.put("long", ANN, clock.now, 3600, cache.changes)
    clock.now += 30
    assert cache.get("short") is None and cache.get("long") == ANN
    clock.now += sessions.TRUST_SECONDS
    assert cache.get("long") is None
