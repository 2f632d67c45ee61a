"""The rest the table controls after a round (TT-PAUSE-1, AW-PAUSE-1) or a reveal (MT-PAUSE-1).

Each game, when a round (Tomy: a reveal) ends and the match goes on, waits for every seat
under the ``pause`` clock; each seat ends its part with the game's action (NextRound,
NextStory) or a timeout, and the last one deals the next round. ``pause_seconds`` 0 keeps the
old flow (the next round at once).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import registry
from engine.core import Game, IllegalAction, Pending, State, Timeout
from engine.games.awimbawe import events as aw_events
from engine.games.awimbawe.actions import NextRound as AwNextRound
from engine.games.tomahawk import NextRound, RoundResult
from engine.games.tomahawk.events import ReadyForNextRound, RoundEnded, RoundStarted
from engine.games.tomy import cards as tomy_cards
from engine.games.tomy.actions import NextStory
from engine.games.tomy.events import GameStarted, ReadyForNextStory, TurnStarted
from engine.rng import Rng

PAUSE_ACTION = {"tomahawk": NextRound(), "awimbawe": AwNextRound(), "tomy": NextStory()}
PLAYERS = {"tomahawk": 3, "awimbawe": 2, "tomy": 4}
OPTIONS: dict[str, dict[str, object]] = {
    "tomahawk": {"target_score": 400},
    "awimbawe": {},
    "tomy": {"rounds": True},
}


def start(game_id: str, seed: int = 5, **options: object) -> tuple[Game[Any, Any, Any], State]:
    game = registry.get(game_id)
    raw = {**OPTIONS[game_id], **options}
    return game, game.new_match(game.validate_options(raw), PLAYERS[game_id], seed)


def play_to_rest(
    game: Game[Any, Any, Any], state: State, rng: Rng, log: list[tuple[int, Any]]
) -> State:
    """Random legal play until the table rests (or the match ends); every move in ``log``."""
    while game.outcome(state) is None:
        pending = game.pending(state)
        if pending[0].clock == "pause":
            return state
        seat = pending[0].seat
        legal = game.legal_actions(state, seat)
        action = legal[rng.below(len(legal))]
        log.append((seat, action))
        state = game.apply(state, seat, action).state
    return state


@pytest.mark.parametrize("game_id", sorted(PAUSE_ACTION))
def test_pause_1_every_seat_rests_under_the_pause_clock(game_id: str) -> None:
    """TT-PAUSE-1 / AW-PAUSE-1 / MT-PAUSE-1: after a round (a reveal) every seat is pending
    under the pause clock, and its only legal action is the game's next-round action."""
    game, state = start(game_id)
    state = play_to_rest(game, state, Rng(1), [])
    players = PLAYERS[game_id]
    assert game.pending(state) == tuple(Pending(seat, "pause") for seat in range(players))
    assert game.info.clock("pause").rest
    assert game.info.clock("pause").option == "pause_seconds"
    for seat in range(players):
        assert game.legal_actions(state, seat) == [PAUSE_ACTION[game_id]]


@pytest.mark.parametrize("game_id", sorted(PAUSE_ACTION))
def test_pause_1_the_next_round_waits_for_the_last_seat(game_id: str) -> None:
    """The next round is dealt only once every seat has acted; a seat that has pressed is no
    longer waited for and may not press again; a timeout counts as pressing."""
    game, state = start(game_id)
    state = play_to_rest(game, state, Rng(2), [])
    action = PAUSE_ACTION[game_id]
    players = PLAYERS[game_id]
    phase_before = game.view(state, 0)
    for seat in range(players - 1):
        ready = Timeout() if seat == 0 else action
        transition = game.apply(state, seat, ready)
        state = transition.state
        (event,) = transition.events
        assert type(event).__name__.startswith("ReadyForNext")
        assert event.seat == seat and event.timeout == (seat == 0)  # type: ignore[attr-defined]
        assert all(p.seat != seat for p in game.pending(state))
        assert game.legal_actions(state, seat) == []
        with pytest.raises(IllegalAction):
            game.apply(state, seat, action)
        with pytest.raises(IllegalAction):
            game.apply(state, seat, Timeout())
    assert game.pending(state) == (Pending(players - 1, "pause"),)
    assert _round_of(game_id, game.view(state, 0)) == _round_of(game_id, phase_before)
    last = game.apply(state, players - 1, action)
    assert all(p.clock != "pause" for p in game.pending(last.state))
    kinds = {type(e) for e in last.events}
    if game_id == "tomahawk":
        assert {ReadyForNextRound, RoundStarted} <= kinds
    elif game_id == "awimbawe":  # AW-PAUSE-1: then the round's loser chooses the leader
        assert kinds == {aw_events.ReadyForNextRound}
        view = game.view(last.state, 0)
        assert view.decision == "choose_leader"
        assert view.decision_seat == 1 - view.round_results[-1].winner
    else:
        assert ReadyForNextStory in kinds
        assert kinds & {TurnStarted, GameStarted}


def _round_of(game_id: str, view: Any) -> Any:
    return (view.game, view.turn) if game_id == "tomy" else view.round


@pytest.mark.parametrize("game_id", sorted(PAUSE_ACTION))
def test_pause_1_only_the_pause_action_is_taken_during_the_rest(game_id: str) -> None:
    """Any other move during the rest is refused (NOT_NOW or the game's wording), and the
    pause action is refused outside the rest; the state is unchanged."""
    game, state = start(game_id)
    fresh_legal = game.legal_actions(state, game.pending(state)[0].seat)
    with pytest.raises(IllegalAction):
        game.apply(state, game.pending(state)[0].seat, PAUSE_ACTION[game_id])
    state = play_to_rest(game, state, Rng(3), [])
    before = game.encode(state)
    for action in fresh_legal[:3]:
        with pytest.raises(IllegalAction):
            game.apply(state, 0, action)
    assert game.encode(state) == before


def test_tt_pause_1_view_shows_the_finished_round_during_the_rest() -> None:
    """TT-PAUSE-1: the view's phase is round_over, no one's turn, and ``last_round`` is the
    round just scored (its number, winner, points and totals)."""
    game, state = start("tomahawk")
    transitions = []
    rng = Rng(4)
    while game.pending(state)[0].clock != "pause":
        seat = game.pending(state)[0].seat
        legal = game.legal_actions(state, seat)
        t = game.apply(state, seat, legal[rng.below(len(legal))])
        transitions.append(t)
        state = t.state
    ended = next(e for e in transitions[-1].events if isinstance(e, RoundEnded))
    view = game.view(state, 1)
    assert (view.phase, view.turn, view.round) == ("round_over", None, 1)
    assert view.last_round == RoundResult(1, ended.winner, ended.points, ended.totals)
    assert game.view(state, None).last_round == view.last_round


def test_aw_pause_1_view_shows_the_round_result_during_the_rest() -> None:
    """AW-PAUSE-1: decision round_over, no decision seat, the round's result in
    ``round_results``; the trick piles of the round stay until the next deal."""
    game, state = start("awimbawe")
    state = play_to_rest(game, state, Rng(5), [])
    view = game.view(state, 0)
    assert (view.decision, view.decision_seat) == ("round_over", None)
    assert len(view.round_results) == 1
    assert view.round_results[0].round == view.round == 1
    assert sum(side.trick_pile_count for side in view.players) > 0


def test_mt_pause_1_view_shows_the_reveal_during_the_rest() -> None:
    """MT-PAUSE-1: phase reveal, the revealed votes in ``last_turn`` with the seats that
    found Tomy; in the rounds variant a finished game is dealt anew only after the rest."""
    game, state = start("tomy")
    state = play_to_rest(game, state, Rng(6), [])
    view = game.view(state, 2)
    assert view.phase == "reveal" and view.storyteller is None
    last = view.last_turn
    assert last is not None
    assert last.finders == tuple(
        seat
        for seat, card in enumerate(last.votes)
        if card is not None and tomy_cards.breed_of(card) == last.winning_column
    )
    # Play on to the end of a game in the rounds variant: the deal waits for the rest.
    rng = Rng(7)
    while game.outcome(state) is None:
        if game.pending(state)[0].clock == "pause":
            if state.deal_next:  # type: ignore[attr-defined]
                games_before = game.view(state, 0).game
                assert len(game.view(state, 0).round_scores) == games_before
                for seat in range(PLAYERS["tomy"]):
                    state = game.apply(state, seat, NextStory()).state
                assert game.view(state, 0).game == games_before + 1
                return
            for seat in range(PLAYERS["tomy"]):
                state = game.apply(state, seat, NextStory()).state
        state = play_to_rest(game, state, rng, [])
    pytest.fail("no game of the rounds variant ended before the match")


@pytest.mark.parametrize("game_id", sorted(PAUSE_ACTION))
def test_pause_1_zero_seconds_means_no_rest(game_id: str) -> None:
    """``pause_seconds`` 0: the old flow, the pause clock never runs in a whole match."""
    game, state = start(game_id, pause_seconds=0)
    rng = Rng(8)
    while game.outcome(state) is None:
        pending = game.pending(state)
        assert all(p.clock != "pause" for p in pending)
        seat = pending[0].seat
        legal = game.legal_actions(state, seat)
        assert PAUSE_ACTION[game_id] not in legal
        state = game.apply(state, seat, legal[rng.below(len(legal))]).state


@pytest.mark.parametrize("game_id", sorted(PAUSE_ACTION))
def test_pause_1_a_match_with_rests_replays_byte_for_byte(game_id: str) -> None:
    """Same seed, same actions (rests and timeouts included): the same match, byte for byte."""
    game, state = start(game_id, seed=11)
    rng = Rng(9)
    log: list[tuple[int, Any]] = []
    rests = 0
    while game.outcome(state) is None:
        state = play_to_rest(game, state, rng, log)
        if game.outcome(state) is not None:
            break
        rests += 1
        for i, pending in enumerate(game.pending(state)):
            action = Timeout() if i % 2 else PAUSE_ACTION[game_id]
            log.append((pending.seat, action))
            state = game.apply(state, pending.seat, action).state
    assert rests >= 1
    _, again = start(game_id, seed=11)
    for seat, action in log:
        again = game.apply(again, seat, action).state
    assert game.encode(again) == game.encode(state)
    assert game.decode(game.encode(state)) == state


@pytest.mark.parametrize("level", ["random", "strong"])
@pytest.mark.parametrize("game_id", sorted(PAUSE_ACTION))
def test_pause_1_bots_end_their_part_of_the_rest(game_id: str, level: str) -> None:
    """Every bot, waited for during the rest, sends the game's next-round action."""
    from engine.bots import make_bot

    game, state = start(game_id)
    state = play_to_rest(game, state, Rng(10), [])
    bot = make_bot(game, level)
    for seat in range(PLAYERS[game_id]):
        legal = game.legal_actions(state, seat)
        assert bot.choose(game.view(state, seat), legal, None, Rng(seat)) == PAUSE_ACTION[game_id]


@pytest.mark.parametrize("game_id,old_codec", [("tomahawk", 1), ("awimbawe", 1), ("tomy", 2)])
def test_pause_1_a_room_stored_before_the_rest_loads_without_one(
    game_id: str, old_codec: int
) -> None:
    """A state stored by the codec before the rest's fields were added (they came last) loads
    with no rest, as the room played when it was stored, and re-encodes with the new codec."""
    game, state = start(game_id)
    codec, body = json.loads(game.encode(state))
    assert codec == game.codec_version == old_codec + 1
    added = {"tomahawk": 3, "awimbawe": 2, "tomy": 3}[game_id]
    old = json.dumps([old_codec, body[:-added]], separators=(",", ":")).encode()
    loaded = game.decode(old)
    assert not loaded.round_pause
    assert json.loads(game.encode(loaded))[1][:-added] == body[:-added]
    while game.outcome(loaded) is None:  # plays on to the end without ever resting
        pending = game.pending(loaded)
        assert all(p.clock != "pause" for p in pending)
        legal = game.legal_actions(loaded, pending[0].seat)
        loaded = game.apply(loaded, pending[0].seat, legal[0]).state
