"""Page tokens (AIP-158) on every list RPC, over real replicas and a real Valkey: walking
the pages finds every entry once (also when entries are added during the walk), in order;
a token that is not the server's, or that belongs to another list, query or player, is
INVALID_ARGUMENT / INVALID_PAGE_TOKEN.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Awaitable, Callable

import grpc
from cercle.v1 import lobby_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from services import pages
from services.errors import RoomError
from services.rooms.records import MatchSummary, SeatRecord
from services.store import Store

PageCall = Callable[[str], Awaitable[tuple[list[str], str]]]


async def _walk(page: PageCall, between: Callable[[], Awaitable[None]] | None = None) -> list[str]:
    """Every id over every page, in order (``between`` runs after the first page)."""
    ids, token = [], ""
    for number in range(1000):
        found, token = await page(token)
        ids += found
        if number == 0 and between is not None:
            await between()
        if not token:
            return ids
    raise AssertionError("the pages never ended")


async def test_list_rooms_pages_find_every_open_room_once(replicas: list[str]) -> None:
    host = Client(replicas[0])
    reader = Client(replicas[1])
    try:
        await host.login("Lister")
        await reader.login("Reader")
        created = [(await host.create_room("tomy", players=3)).room_id for _ in range(7)]
        late: list[str] = []

        async def page(token: str) -> tuple[list[str], str]:
            response = await reader.rooms_page("tomy", page_size=3, page_token=token)
            assert len(response.rooms) <= 3
            return [r.room_id for r in response.rooms], response.next_page_token

        async def add_one() -> None:  # a newer room during the walk shifts no page
            late.append((await host.create_room("tomy", players=3)).room_id)

        ids = await _walk(page, add_one)
        assert len(ids) == len(set(ids)), "a room was listed twice"
        assert set(created) <= set(ids), "a room was missed"
        assert late[0] not in ids  # newer than the first page: the next walk finds it
        positions = [ids.index(room_id) for room_id in created]
        assert positions == sorted(positions, reverse=True), "not newest first"
    finally:
        await host.close()
        await reader.close()


async def test_my_rooms_pages_walk_every_room_newest_first(replicas: list[str]) -> None:
    player = Client(replicas[0])
    try:
        await player.login("Collector")
        created = [
            (await player.create_room("tomy", players=3, private=True)).room_id for _ in range(5)
        ]

        async def page(token: str) -> tuple[list[str], str]:
            response = await player.my_rooms_page(page_size=2, page_token=token)
            return [r.room_id for r in response.rooms], response.next_page_token

        assert await _walk(page) == created[::-1]
    finally:
        await player.close()


async def test_match_history_pages_walk_every_match_most_recent_first(
    replicas: list[str], redis_url: str
) -> None:
    player = Client(replicas[1])
    store = Store(redis_url)
    try:
        await player.login("Veteran")
        seats = (SeatRecord(player.player_id, "Veteran"),)
        rooms = [f"history-{player.player_id}-{i}" for i in range(5)]
        for i, room_id in enumerate(rooms):
            summary = MatchSummary(room_id, "tamashii", 1000.0 + i, 2000.0 + i, seats, None)
            await store.players.record_match(summary, [player.player_id])

        async def page(token: str) -> tuple[list[str], str]:
            response = await player.history_page(page_size=2, page_token=token)
            for match in response.matches:
                assert match.my_seat == 0 and match.game_id == "tamashii"
            return [m.room_id for m in response.matches], response.next_page_token

        assert await _walk(page) == rooms[::-1]
    finally:
        await player.close()
        await store.close()


async def test_list_games_pages(replicas: list[str]) -> None:
    client = Client(replicas[0])
    try:
        everything = await client.games()

        async def page(token: str) -> tuple[list[str], str]:
            response = await client.call(
                client.lobby.ListGames, lobby_pb2.ListGamesRequest(page_size=1, page_token=token)
            )
            assert isinstance(response, lobby_pb2.ListGamesResponse)
            return [g.game_id for g in response.games], response.next_page_token

        assert await _walk(page) == [g.game_id for g in everything]
    finally:
        await client.close()


def _bad_token(exc: ApiError) -> bool:
    return (exc.code, exc.reason, exc.field) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_PAGE_TOKEN",
        "page_token",
    )


async def test_a_foreign_or_forged_page_token_is_invalid_argument(replicas: list[str]) -> None:
    ann, bob = Client(replicas[0]), Client(replicas[1])
    try:
        await ann.login("Ann")
        await bob.login("Bob")
        for _ in range(3):
            await ann.create_room("tomy", players=3, private=True)
            await ann.create_room("tomy", players=3)
        mine = (await ann.my_rooms_page(page_size=1)).next_page_token
        tomy = (await ann.rooms_page("tomy", page_size=1)).next_page_token
        assert mine and tomy
        raw = bytearray(base64.urlsafe_b64decode(tomy + "=" * (-len(tomy) % 4)))
        raw[-3] ^= 1
        tampered = base64.urlsafe_b64encode(bytes(raw)).decode()
        refused = [
            ann.rooms_page("tomy", page_token="not a token"),
            ann.rooms_page("tomy", page_token=tampered),
            ann.rooms_page("tomy", page_token="x" * 600),
            ann.rooms_page("tomy", page_token=mine),  # another list
            ann.rooms_page("tamashii", page_token=tomy),  # another query
            ann.my_rooms_page(page_token=tomy),  # another list
            bob.my_rooms_page(page_token=mine),  # another player's
            bob.history_page(page_token=mine),
        ]
        for call in refused:
            try:
                await call
            except ApiError as exc:
                assert _bad_token(exc), exc
                assert "page token" in exc.message
            else:
                raise AssertionError("a foreign or forged page token was accepted")
        try:
            await ann.rooms_page("tomy", page_size=-1)
        except ApiError as exc:
            assert (exc.code, exc.field) == (grpc.StatusCode.INVALID_ARGUMENT, "page_size")
        else:
            raise AssertionError("a negative page size was accepted")
    finally:
        await ann.close()
        await bob.close()


def test_a_token_with_a_checksum_but_an_impossible_position_is_refused() -> None:
    """The checksum is not a secret: a crafted token that passes it still names a position,
    and one that is not a finite number is refused, not an INTERNAL."""
    for score in ("Infinity", "NaN", "1e300"):
        body = f'[1,"games","{pages._scope("")}",{score},""]'
        parsed = json.loads(body)
        raw = json.dumps([*parsed, pages._check(parsed)]).encode()
        token = base64.urlsafe_b64encode(raw).decode().rstrip("=")
        try:
            pages.decode_token(token, "games", "")
        except RoomError as exc:
            assert (exc.reason, exc.field) == ("INVALID_PAGE_TOKEN", "page_token")
        else:
            raise AssertionError(f"a position of {score} was accepted")
