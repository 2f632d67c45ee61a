"""The bots: legal full matches at every level, determinism, no peeking, and an arena smoke test.

Matches are driven by :func:`engine.bots.arena.play_match`, the same loop as the arena and
as the server's bot handling (choose for the seat waited for, observe, reflex for the others).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from typing import Any

import pytest

from engine import registry
from engine.bots import LEVELS, Bot, Memory, RandomBot, make_bot
from engine.bots.arena import decision_rng, play_match
from engine.bots.awimbawe import AwimbaweBot
from engine.bots.tamashii import TamashiiBot
from engine.bots.tomahawk import TomahawkBot
from engine.bots.tomy import TomyBot, fingerprint
from engine.core import Game, State
from engine.games.tomy import Propose
from engine.games.tomy import cards as tomy_data
from engine.games.tomy.actions import TemplateStory
from engine.info import OptionValue
from engine.rng import Rng

GAME_IDS = [g.info.id for g in registry.games()]
SMALL_ROLLOUTS = 12
"""Searching bots play with few playouts here: the tests check behaviour, not strength."""


def tables(game_id: str) -> list[tuple[int, dict[str, OptionValue]]]:
    """The tables the game's package declares its bots play at
    (``engine/games/<id>/conformance.py``: ``BOT_TABLES``)."""
    return list(_conformance(game_id).BOT_TABLES)


def table(game_id: str, use: str, default: int) -> tuple[int, dict[str, OptionValue]]:
    """The table the game declares for one test (``REPLAY_TABLE``, ``DECISION_TABLE``,
    ``TAKEOVER_TABLE``: an index into ``BOT_TABLES``), else ``BOT_TABLES[default]``."""
    return tables(game_id)[getattr(_conformance(game_id), use, default)]


def _conformance(game_id: str) -> Any:
    return importlib.import_module(f"engine.games.{game_id}.conformance")


def bot(game: Game[Any, Any, Any], level: str) -> Bot:
    made = make_bot(game, level)
    if isinstance(made, AwimbaweBot):
        made.rollouts = SMALL_ROLLOUTS
    return made


def test_every_game_has_a_strong_bot() -> None:
    """A game's bot module ``engine/bots/<id>.py`` is found and registers its strong level
    (engine/bots/strong.py); a game without one plays its strong seats at random."""
    for game in registry.games():
        module = f"engine.bots.{game.info.id}"
        strong = make_bot(game, "strong")
        if importlib.util.find_spec(module) is None:
            assert type(strong) is RandomBot
        else:
            assert type(strong).__module__ == module and not isinstance(strong, RandomBot)
        assert isinstance(make_bot(game, "random"), RandomBot)
    shipped = {"awimbawe": AwimbaweBot, "tamashii": TamashiiBot, "tomahawk": TomahawkBot}
    for game_id, kind in {**shipped, "tomy": TomyBot}.items():
        assert isinstance(make_bot(registry.get(game_id), "strong"), kind)
    with pytest.raises(KeyError):
        make_bot(registry.get("tomy"), "grandmaster")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("level", LEVELS)
def test_bots_play_whole_matches_legally(game_id: str, level: str) -> None:
    """A table of ``level`` bots (and one mixed table) finishes every match; a bot that
    chose an illegal move would make ``play_match`` fail. Memories stay JSON."""
    game = registry.get(game_id)
    for index, (players, options) in enumerate(tables(game_id)):
        for mixed in (False, True):
            levels = [level] * players
            if mixed:
                levels = [LEVELS[(i + index) % 2] for i in range(players)]
            bots = [bot(game, lv) for lv in levels]
            result = play_match(game, bots, seed=31 * index + mixed, options=options)
            assert result.outcome is not None, (game_id, players, options)
            for memory in result.memories:
                assert json.loads(json.dumps(memory)) == memory


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seeds_same_match(game_id: str) -> None:
    game = registry.get(game_id)
    players, options = table(game_id, "REPLAY_TABLE", -1)

    def once() -> tuple[bytes, tuple[Memory, ...], int]:
        bots = [bot(game, LEVELS[i % 2]) for i in range(players)]
        result = play_match(game, bots, seed=5, options=options, bot_seed=11)
        return game.encode(result.state), result.memories, result.steps

    assert once() == once()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_strong_bot_decides_from_its_view_only(game_id: str) -> None:
    """The proof that a bot never reads hidden information: at decision points of a real
    match, the bot decides the same thing in the real state and in a different world that
    its seat cannot tell apart (``game.determinize``: every secret of the other seats drawn
    again), given the same memory and the same randomness."""
    game = registry.get(game_id)
    players, options = table(game_id, "DECISION_TABLE", 0)
    strong = [bot(game, "strong") for _ in range(players)]
    checked = {"choose": 0, "reflex": 0, "different_worlds": 0}
    decisions_seen = {"choose": 0}

    def replay(state: State, seat: int, memory: Memory, kind: str) -> None:
        decisions_seen["choose"] += kind == "choose"
        if kind == "choose" and state.version % 3 and decisions_seen["choose"] > 1:
            return
        other = game.determinize(state, seat, Rng.from_seed(state.version + 99))
        if game.encode(other) != game.encode(state):
            checked["different_worlds"] += 1
        decisions = []
        for world in (state, other):
            view = game.view(world, seat)
            legal = game.legal_actions(world, seat)
            rng = decision_rng(1234, seat, state.version)
            if kind == "choose":
                decisions.append(strong[seat].choose(view, legal, memory, rng))
            else:
                decisions.append(strong[seat].reflex(view, legal, memory, rng))
        assert decisions[0] == decisions[1], (game_id, kind, state.version)
        checked[kind] += 1

    play_match(game, strong, seed=3, options=options, on_decision=replay)
    # Every third decision is replayed (and the first), so at least six of a long match.
    assert checked["choose"] >= min(6, 1 + decisions_seen["choose"] // 3)
    assert checked["different_worlds"] > 0
    if game_id == "tomahawk":
        assert checked["reflex"] > 5


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_bot_taking_over_midway_plays_on(game_id: str) -> None:
    """The server seats a strong bot for a player who keeps timing out: its memory starts
    empty in the middle of a match. Here every strong bot forgets everything now and then."""
    game = registry.get(game_id)
    players, options = table(game_id, "TAKEOVER_TABLE", 0)

    class Forgetful(Bot):
        level = "strong"

        def __init__(self, inner: Bot) -> None:
            super().__init__(inner.game)
            self.inner = inner
            self.calls = 0

        def observe(self, memory: Memory, seat: int, events: Any) -> Memory:
            self.calls += 1
            if self.calls % 17 == 0:
                return None
            return self.inner.observe(memory, seat, events)

        def choose(self, view: Any, legal: Any, memory: Memory, rng: Rng) -> Any:
            return self.inner.choose(view, legal, memory, rng)

        def reflex(self, view: Any, legal: Any, memory: Memory, rng: Rng) -> Any:
            return self.inner.reflex(view, legal, memory, rng)

    bots: list[Bot] = [Forgetful(bot(game, "strong")) for _ in range(players)]
    assert play_match(game, bots, seed=8, options=options).outcome is not None


def test_tomy_bot_stories_are_template_references_whatever_the_room_language() -> None:
    """A strong bot tells a template story (number, breed, place) that every reader renders
    in their own language: the same reference in a French and an English room."""
    game = registry.get("tomy")
    chosen: list[Propose] = []
    for language in ("FR", "EN"):
        state = game.new_match(game.validate_options({"language": language}), 4, seed=2)
        strong = TomyBot(game)
        seat = game.pending(state)[0].seat
        view = game.view(state, seat)
        action = strong.choose(view, game.legal_actions(state, seat), None, Rng.from_seed(1))
        assert isinstance(action, Propose) and action.text is None
        assert action.template is not None
        assert action.template.breed == tomy_data.BREEDS[action.column].key
        assert action.template.location == view.columns[action.column].location
        assert 0 <= action.template.number < tomy_data.STORY_TEMPLATES
        assert game.is_legal(state, seat, action)
        chosen.append(action)
    assert chosen[0] == chosen[1]


def test_tomy_bot_tells_a_template_it_has_not_heard_and_no_other_proposal_uses() -> None:
    """Novelty and variety: a bot that heard some templates about this breed and place, and
    sees another proposal on one template this turn, tells a different one."""
    game = registry.get("tomy")
    state = game.new_match(game.validate_options({}), 4, seed=2)
    strong = TomyBot(game)
    seat = game.pending(state)[0].seat
    view = game.view(state, seat)
    first = strong.choose(view, game.legal_actions(state, seat), None, Rng.from_seed(1))
    assert isinstance(first, Propose) and first.template is not None
    heard = [
        fingerprint(TemplateStory.of(n, first.column, first.template.location))
        for n in range(first.template.number, first.template.number + 3)
    ]
    memory = {"discards": [], "lacks": {}, "heard": heard}
    again = strong.choose(view, game.legal_actions(state, seat), memory, Rng.from_seed(1))
    assert isinstance(again, Propose) and again.template is not None
    assert again.column == first.column
    assert fingerprint(again.template) not in heard


def test_tomahawk_bot_calls_for_itself_and_catches_others() -> None:
    """TT-TOMA-1/2 reflexes: TOMAHAWK! first, then SHÉRIF! on a seat that forgot."""
    game = registry.get("tomahawk")
    strong = TomahawkBot(game)
    from engine.games.tomahawk import CallSherif, CallTomahawk

    state = game.new_match(game.validate_options({"first_player": 0}), 3, seed=4)
    state.hands[1] = state.hands[1][:1]
    state.hands[2] = state.hands[2][:1]
    state.ones = 0b110
    state.may_call = 0b110
    view = game.view(state, 1)
    legal = game.legal_actions(state, 1)
    assert strong.reflex(view, legal, None, Rng.from_seed(0)) == CallTomahawk()
    state.called = 0b010
    state.may_call = 0b100
    view = game.view(state, 1)
    legal = game.legal_actions(state, 1)
    assert strong.reflex(view, legal, None, Rng.from_seed(0)) == CallSherif(2)


def test_arena_smoke_awimbawe_strong_beats_random() -> None:
    """40 matches, seats alternating: strong wins well over 70 % (it wins ~95 % here)."""
    game = registry.get("awimbawe")
    won = 0
    for index in range(40):
        strong = index % 2
        bots = [bot(game, "strong" if s == strong else "random") for s in (0, 1)]
        result = play_match(game, bots, seed=500 + index)
        assert result.outcome is not None
        won += strong in result.outcome.winners
    assert won > 28, won


def test_awimbawe_worlds_show_the_seat_its_own_view() -> None:
    """``sample_world`` builds full states from a view and a memory: the seat must see in
    each exactly what it sees in the real match (with and without memory)."""
    from engine.bots.awimbawe import observe_events, sample_world

    game = registry.get("awimbawe")
    rng = Rng.from_seed(17)
    for seed in range(4):
        state = game.new_match(game.validate_options({}), 2, seed)
        memories: list[Memory] = [None, None]
        while game.outcome(state) is None:
            for seat in (0, 1):
                view = game.view(state, seat)
                assert game.view(sample_world(view, memories[seat], rng), seat) == view
                assert game.view(sample_world(view, None, rng), seat) == view
            seat = game.pending(state)[0].seat
            legal = game.legal_actions(state, seat)
            transition = game.apply(state, seat, legal[rng.below(len(legal))])
            state = transition.state
            for seat in (0, 1):
                seen = [e for e in transition.events if e.visible_to(seat)]
                memories[seat] = observe_events(memories[seat], seen)


def test_tamashii_strong_bot_stops_drawing_when_it_can_free_a_known_spirit() -> None:
    """Over whole matches, a strong bot whose drawn gems would free a spirit it knows places
    them there and frees it, instead of pushing its luck further."""
    from engine.bots.tamashii import _gems, known_cards
    from engine.games.tamashii import GATHERING, DrawAgain, Place
    from engine.games.tamashii.cards import CARD_BY_ID

    game = registry.get("tamashii")
    checked = 0

    class Watched(TamashiiBot):
        def choose(self, view: Any, legal: Any, memory: Memory, rng: Rng) -> Any:
            action = super().choose(view, legal, memory, rng)
            if view.phase != GATHERING or view.black_is_wild:
                return action
            drawn = _gems(view.drawn)
            on = {s.slot: _gems(s.gems) for s in view.slots}
            for slot, card in known_cards(view, memory).items():
                needs = CARD_BY_ID[card].needs
                if all(on[slot][c] + drawn[c] >= needs[c] for c in range(3)):
                    nonlocal checked
                    checked += 1
                    assert not isinstance(action, DrawAgain), (slot, card, drawn)
                    assert isinstance(action, Place) and action.free
            return action

    for seed in range(12):
        bots: list[Bot] = [Watched(game) for _ in range(3)]
        play_match(game, bots, 900 + seed, options={"level": "STANDARD"})
    assert checked > 10
