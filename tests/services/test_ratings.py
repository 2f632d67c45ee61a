"""The ladder (docs/ratings.md): real replicas, real Valkey, real channels, and openskill.

Two players logged in with device ids play rated Awimbawé matches: each finished match
updates both ratings exactly as openskill's own ``BradleyTerryFull`` does for the same ranks,
once. A guest's table and a table with a bot are not rated; a cooperative Tamashii match
rates no one and keeps its level's best result. The rules (ranks from an outcome, ties,
a seat taken over by a bot) are checked without a server.
"""

from __future__ import annotations

import random
import secrets

from cercle.v1 import tamashii_pb2
from openskill.models import BradleyTerryFull

from clients.sdk import Client
from engine.core import Outcome
from services.ladder.ratings import MODEL, display_rating, is_provisional, new_ratings, ranks
from services.store import Store
from services.store.ratings import Rating, best_key, for_store, rated_key
from tests.services.play import Seat, play_randomly, stop_all
from tests.services.tables import table_with_bots


async def _device_player(address: str, name: str) -> Client:
    client = Client(address)
    await client.login_device(secrets.token_hex(16), name)
    return client


async def _play(seats: list[Seat], game: str, options: dict[str, str], seed: int) -> str:
    host = seats[0].client
    room = await host.create_room(game, players=len(seats), options=options)
    for seat in seats[1:]:
        await seat.client.join(room.room_id)
    for seat in seats:
        await seat.client.ready(room.room_id)
    assert (await host.start(room.room_id)).rated, "device players only: a rated table"
    await play_randomly(room.room_id, seats, random.Random(seed))
    return room.room_id


def test_two_players_tied_for_second_and_a_fourth_get_different_updates() -> None:
    before = [None, None, None, None]
    after = new_ratings(before, [1, 2, 2, 4])
    tied, fourth = after[1].mu - 25.0, after[3].mu - 25.0
    assert after[1] == after[2], "a tie is a tie"
    assert fourth < tied - 1, (tied, fourth)
    assert after[0].mu > after[1].mu > after[3].mu


def test_the_updates_are_openskills_own_bradley_terry_full() -> None:
    model = BradleyTerryFull()
    before = [Rating(30.0, 5.0, 12), None, Rating(21.0, 7.5, 3)]
    mine = new_ratings(before, [2, 1, 2])
    teams = [[model.rating(mu=30.0, sigma=5.0)], [model.rating()], [model.rating(21.0, 7.5)]]
    theirs = model.rate(teams, ranks=[2, 1, 2])
    assert [(r.mu, r.sigma) for r in mine] == [(t[0].mu, t[0].sigma) for t in theirs]
    assert [r.matches for r in mine] == [13, 1, 4]
    assert [is_provisional(r.matches) for r in mine] == [False, True, True]
    assert display_rating(MODEL.mu, MODEL.sigma) == 0, "a new player shows 0"
    assert display_rating(30.0, 5.0) == 1500


def test_ranks_follow_the_winners_and_a_seat_taken_over_ranks_last() -> None:
    tomahawk = Outcome((2,), (40, 12, 3, 12), "TARGET_SCORE")  # penalty points
    assert ranks(tomahawk, [False] * 4) == [4, 2, 1, 2]
    assert ranks(tomahawk, [False, True, False, False]) == [3, 4, 1, 2]
    awimbawe = Outcome((0,), (2, 1), "TWO_ROUNDS")  # rounds won
    assert ranks(awimbawe, [False, False]) == [1, 2]
    assert ranks(awimbawe, [True, False]) == [2, 1], "the winner who left still ranks last"


async def test_rated_matches_update_ratings_as_openskill_does_once(
    replicas: list[str], redis_url: str
) -> None:
    ana = await _device_player(replicas[0], "Ana")
    ben = await _device_player(replicas[1], "Ben")
    seats = [Seat(ana, 0), Seat(ben, 1)]
    store = Store(redis_url)
    db = for_store(store)
    model = BradleyTerryFull()
    expected = {ana.player_id: model.rating(), ben.player_id: model.rating()}
    try:
        for match in range(2):
            room_id = await _play(seats, "awimbawe", {"decision_seconds": "0"}, 20 + match)
            record = await store.rooms.load_room(room_id)
            assert record is not None and record.rated and record.outcome is not None
            winner = record.outcome["winners"][0]
            order = [ana.player_id, ben.player_id]
            teams = [[expected[p]] for p in order]
            rated = model.rate(teams, ranks=[1 if seat == winner else 2 for seat in range(2)])
            expected = {p: team[0] for p, team in zip(order, rated, strict=True)}
            stored = await db.ratings("awimbawe", order)
            assert [(r.mu, r.sigma, r.matches) for r in stored if r] == [
                (expected[p].mu, expected[p].sigma, match + 1) for p in order
            ]
            changes = await db.changes_of_room(room_id)
            assert set(changes) == set(order)
            for player, change in changes.items():
                assert (change.mu_after, change.sigma_after) == (
                    expected[player].mu,
                    expected[player].sigma,
                )
                assert change.mu_before != change.mu_after
                assert change.sigma_before > change.sigma_after, "each match teaches something"
            assert changes[order[winner]].rank == 1 and changes[order[1 - winner]].rank == 2
            # Counting again (another replica's sweep, a retry) changes nothing.
            assert (await db.rate_match(room_id, "awimbawe", 1, 60, [])) == 0
            assert await db.ratings("awimbawe", order) == stored
        for player in (ana.player_id, ben.player_id):
            assert len(await db.recent_changes(player, 10)) == 2
        # The match history shows each match's rating change; the profile the ratings.
        history = await ana.history_page()
        shown = [m.rating_change for m in history.matches[:2]]
        assert all(c.game_id == "awimbawe" and c.place in (1, 2) for c in shown)
        assert shown[0].after.rated_matches == 2 and shown[1].after.rated_matches == 1
        assert shown[0].before.mu == shown[1].after.mu, "one match after the other"
        (standing,) = (await ben.ladder.ratings(ana.player_id)).standings
        assert standing.rating.mu == expected[ana.player_id].mu
        assert standing.rating.provisional and standing.rating.rated_matches == 2
        assert [c.room_id for c in standing.recent_changes] == [
            m.room_id for m in history.matches[:2]
        ]
    finally:
        await stop_all(seats)
        await store.close()


async def test_guests_bots_and_cooperative_tables(replicas: list[str], redis_url: str) -> None:
    store = Store(redis_url)
    db = for_store(store)
    guest, dev = Client(replicas[0]), await _device_player(replicas[1], "Dev")
    await guest.login("Guest")
    try:
        # A guest at the table: not rated.
        room = await dev.create_room("awimbawe", players=2, options={"decision_seconds": "0"})
        await guest.join(room.room_id)
        await dev.ready(room.room_id)
        await guest.ready(room.room_id)
        assert (await dev.start(room.room_id)).rated is False
        # A bot at the table: not rated.
        botted = await table_with_bots(dev, "awimbawe", players=2)  # a strong bot in seat 1
        assert botted.rated is False
        for room_id in (room.room_id, botted.room_id):
            assert not await store.redis.exists(rated_key(room_id))
        # Tamashii, cooperative: no rating, the level's best result.
        other = await _device_player(replicas[0], "Eve")
        seats = [Seat(dev, 0), Seat(other, 1)]
        room_id = await _play(seats, "tamashii", {"decision_seconds": "0", "level": "easy"}, 4)
        record = await store.rooms.load_room(room_id)
        assert record is not None and record.rated and record.outcome is not None
        freed = record.outcome["scores"][0]
        assert await db.ratings("tamashii", [dev.player_id]) == [None]
        best = await store.redis.zscore(best_key("tamashii", "easy"), other.player_id)
        assert best is not None and best >= freed
        shown = await dev.ladder.ratings(other.player_id)  # the best results, through the API
        assert not shown.standings
        (easy,) = [b for b in shown.best_results if b.game_id == "tamashii"]
        assert easy.level.tamashii.level == tamashii_pb2.TAMASHII_LEVEL_EASY
        assert not easy.level.tamashii.HasField("decision_seconds"), "only the level is set"
        assert easy.result == best and easy.rank >= 1
        await other.close()
    finally:
        await guest.close()
        await dev.close()
        await store.close()
