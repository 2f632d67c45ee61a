"""Leaderboards, players' ratings and the history's rating changes (LadderService,
docs/ratings.md): real replicas, real Valkey, real channels.

Twenty-five players logged in with device ids get ratings from matches counted by the store's
own script (the script the finish runs; playing 25 matches through the API is the business of
test_ratings.py); then the boards are read through both replicas: pages walk the board once,
best first, with places that agree; "around me" centers the caller; the season board lists
the season's players; a player's standing shows rank and changes. Bad requests are refused
with their reasons.
"""

from __future__ import annotations

import secrets
import time

import grpc
import pytest
from cercle.v1 import ladder_pb2

from clients.api_error import ApiError
from clients.sdk import Client
from services.ladder.ratings import ordinal, season_of
from services.store import Store
from services.store.ratings import PlayerUpdate, Rating, RatingChange, board_key, for_store

PLAYERS = 25


async def _refused(call: object) -> ApiError:
    with pytest.raises(ApiError) as refused:
        await call  # type: ignore[misc]
    return refused.value


async def test_boards_pages_around_me_seasons_and_standings(
    replicas: list[str], redis_url: str
) -> None:
    clients = [Client(replicas[i % 2]) for i in range(PLAYERS)]
    store = Store(redis_url)
    db = for_store(store)
    try:
        game = "tomy"
        # Other tests on this Valkey rate Tomy players too (the matchmaking load test seeds
        # high ratings): this test's boards start empty, as its ranks assume.
        boards = [key async for key in store.redis.scan_iter(match=board_key(game) + "*")]
        if boards:
            await store.redis.delete(*boards)
        for i, client in enumerate(clients):
            await client.login_device(secrets.token_hex(16), f"Ladder {i}")
        now = clients[0]
        season = season_of(time.time())
        # Player i gets mu 20 + i (sigma 4, 12 matches: established), the last one stays
        # provisional; each by one counted "match" of its own.
        for i, client in enumerate(clients):
            matches = 3 if i == PLAYERS - 1 else 12
            after = Rating(20.0 + i, 4.0, matches)
            change = RatingChange(
                f"room-ladder-{i}-{secrets.token_hex(3)}",
                game,
                1.0,
                1,
                19.0 + i,
                4.5,
                20.0 + i,
                4.0,
                matches,
            )
            update = PlayerUpdate(client.player_id, None, after, ordinal(20.0 + i, 4.0), change)
            assert await db.rate_match(change.room_id, game, season, 3600, [update]) == 1
        expected = [c.player_id for c in reversed(clients)]  # best first

        walked: list[str] = []
        ranks: list[int] = []
        token = ""
        while True:
            reader = clients[len(walked) % PLAYERS]
            page = await reader.ladder.leaderboard(game, page_size=7, page_token=token)
            assert page.total_players >= PLAYERS
            walked += [e.player_id for e in page.entries]
            ranks += [e.rank for e in page.entries]
            token = page.next_page_token
            if not token:
                break
        mine = [p for p in walked if p in set(expected)]
        assert mine == expected, "every player once, best first"
        assert ranks == list(range(1, len(walked) + 1))
        assert walked == expected, "the board holds this test's players only"
        top = (await now.ladder.leaderboard(game, page_size=1)).entries[0]
        assert top.display_name == f"Ladder {PLAYERS - 1}"
        assert top.rating.rating == round(100 * ordinal(20.0 + PLAYERS - 1, 4.0))
        assert top.rating.provisional and top.rating.rated_matches == 3

        middle = clients[12]
        around = await middle.ladder.leaderboard(game, around_me=True, page_size=5)
        assert around.my_rank and middle.player_id in [e.player_id for e in around.entries]
        assert [e.player_id for e in around.entries][2] == middle.player_id, "centered"
        assert around.entries[2].rank == around.my_rank

        seasonal = await middle.ladder.leaderboard(game, season=True, page_size=100)
        assert seasonal.season == season and seasonal.HasField("season_end_time")
        assert set(expected) <= {e.player_id for e in seasonal.entries}

        standing = await now.ladder.ratings(middle.player_id)
        assert standing.display_name == "Ladder 12" and len(standing.standings) == 1
        (tomy,) = standing.standings
        assert tomy.rating.game_id == game and not tomy.rating.provisional
        assert tomy.rank == around.my_rank and tomy.season_rank >= 1
        (shown,) = tomy.recent_changes
        assert shown.after.mu == 32.0 and shown.before.mu == 31.0
        assert shown.rating_delta == shown.after.rating - shown.before.rating
        assert (await clients[3].ladder.ratings()).player_id == clients[3].player_id

        # Refusals: each names its field and reason, and nothing changes.
        cases = [
            (now.ladder.leaderboard("tamashii"), "NOT_RATED", "game_id"),
            (now.ladder.leaderboard("nope"), "UNKNOWN_GAME", "game_id"),
            (now.ladder.leaderboard(game, page_size=-1), "INVALID_ARGUMENT", "page_size"),
            (now.ladder.leaderboard(game, page_token="bogus"), "INVALID_PAGE_TOKEN", "page_token"),
            (now.ladder.leaderboard(game, season_number=season + 1), "INVALID_ARGUMENT", "season"),
            (now.ladder.leaderboard(game, season_number=0), "INVALID_ARGUMENT", "season"),
        ]
        unset = ladder_pb2.ListLeaderboardRequest(game_id=game)  # no period
        cases.append(
            (now.call(now.ladder.stub.ListLeaderboard, unset), "INVALID_ARGUMENT", "period")
        )
        other_token = (await now.ladder.leaderboard(game, page_size=2)).next_page_token
        cases.append(
            (
                now.ladder.leaderboard(game, season=True, page_token=other_token),
                "INVALID_PAGE_TOKEN",
                "page_token",
            )
        )
        for call, reason, field in cases:
            error = await _refused(call)
            assert (error.code, error.reason, error.field) == (
                grpc.StatusCode.INVALID_ARGUMENT,
                reason,
                field,
            ), error
    finally:
        for client in clients:
            await client.close()
        await store.close()
