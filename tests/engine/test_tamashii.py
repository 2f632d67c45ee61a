"""Per-rule tests for Tamashii (rule ids from ``docs/games/tamashii-rules.md``).

Most tests build a specific state by hand with :func:`make_state` (the gems not placed
anywhere go to the removed pile, so TM-INV-1 holds) and check what one action does to it.
Slot ``i`` holds card ``i + 1`` unless a test says otherwise: 0 Kaze, 1 Hi, 2 Mizu,
3 Tsuchi, 4 Hikari, 5 Yami.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, TypeVar, cast

import pytest

from engine import registry
from engine.core import IllegalAction, MatchFinished, NotYourTurn, StaleVersion, Timeout, WrongGame
from engine.events import Event
from engine.games import tamashii as tm
from engine.games.tamashii import (
    CHOOSE,
    GATHERING,
    OVER,
    POWER_PEEK,
    DrawAgain,
    Gather,
    Gems,
    Peek,
    Place,
    PowerPeek,
    TamashiiGame,
    TamashiiState,
)
from engine.games.tamashii.actions import TamashiiAction
from engine.games.tamashii.cards import (
    BAG_START,
    BLACK,
    BLUE,
    CARDS,
    FACES,
    LEVEL_CHOICES,
    LEVEL_REMOVALS,
    LEVELS,
    NOVICE,
    RED,
    VERDICTS,
    YELLOW,
    verdict,
)
from engine.games.tamashii.conformance import check
from engine.games.tamashii.events import (
    Bust,
    Freed,
    GemDrawn,
    GemEroded,
    GemsPlaced,
    LiberationFailed,
    MatchOver,
    Peeked,
    PowerApplied,
    SlotPeeked,
    TurnStarted,
    TurnTimedOut,
)
from engine.info import InvalidOptions, OptionValue
from engine.playout import random_playout
from engine.rng import Rng

_REGISTERED = registry.get("tamashii")
assert isinstance(_REGISTERED, TamashiiGame)
GAME: TamashiiGame = _REGISTERED
KAZE, HI, MIZU, TSUCHI, HIKARI, YAMI = range(6)  # slots when cards are in id order
E = TypeVar("E", bound=Event)


def new(players: int = 2, seed: int = 1, **options: Any) -> TamashiiState:
    return GAME.new_match(GAME.validate_options(options), players, seed)


def make_state(
    *,
    players: int = 2,
    level: str = "STANDARD",
    bag: Sequence[int] = (5, 5, 5, 1),
    drawn: Sequence[int] = (0, 0, 0, 0),
    on: dict[int, Sequence[int]] | None = None,
    freed: Sequence[int] = (),
    phase: str = CHOOSE,
    turn: int = 0,
    memory_aid: bool = False,
    cards: Sequence[int] = (1, 2, 3, 4, 5, 6),
    seed: int = 3,
) -> TamashiiState:
    """A consistent state: gems not in the bag, drawn or on a card are in the removed pile."""
    state = new(players, seed, level=level, memory_aid=memory_aid, first_player=turn)
    state.cards = list(cards)
    state.bag = list(bag)
    state.drawn = list(drawn)
    state.on_cards = [0] * 24
    for slot in freed:  # a freed card keeps the gems that covered its needs
        state.on_cards[4 * slot : 4 * slot + 4] = list(CARDS[state.cards[slot] - 1].needs)
    for slot, gems in (on or {}).items():
        state.on_cards[4 * slot : 4 * slot + 4] = list(gems)
    state.freed = [slot in freed for slot in range(6)]
    state.removed = [
        BAG_START[c]
        - state.bag[c]
        - state.drawn[c]
        - sum(state.on_cards[4 * s + c] for s in range(6))
        for c in range(4)
    ]
    state.phase = phase
    check(state)
    return state


def act(
    state: TamashiiState, seat: int, action: TamashiiAction | Timeout
) -> tuple[TamashiiState, list[Event]]:
    transition = GAME.apply(state, seat, action)
    check(transition.state)
    events: list[Event] = []
    for event in transition.events:
        assert isinstance(event, Event)
        events.append(event)
    return transition.state, events


def kinds(events: Sequence[Event]) -> list[type[Event]]:
    return [type(event) for event in events]


def first(events: Sequence[Event], cls: type[E]) -> E:
    return next(event for event in events if isinstance(event, cls))


# --------------------------------------------------------------------------------------------
# Nature
# --------------------------------------------------------------------------------------------


def test_tm_coop_1_one_to_six_players() -> None:
    assert (GAME.info.min_players, GAME.info.max_players) == (1, 6)
    assert GAME.info.id == "tamashii" and GAME.info.name == "Tamashii"
    for players in (1, 6):
        assert GAME.seats(new(players)) == players
    for players in (0, 7):
        with pytest.raises(InvalidOptions):
            new(players)


@pytest.mark.parametrize(("freed", "winners"), [(2, ()), (3, (0, 1, 2))])
def test_tm_coop_1_everyone_wins_or_loses_together(freed: int, winners: tuple[int, ...]) -> None:
    """TM-COOP-1: one result for the table; the scores are the freed count for every seat."""
    state = make_state(players=3, bag=(0, 0, 0, 1), freed=range(freed))
    state, _ = act(state, 0, Peek(5))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == winners
    assert outcome.scores == (freed, freed, freed)
    assert outcome.detail.freed == freed


def test_tm_mem_1_peek_is_private_and_once() -> None:
    state = make_state()
    state, events = act(state, 0, Peek(HI))
    public_peek = first(events, SlotPeeked)
    assert public_peek.audience is None
    assert public_peek == SlotPeeked(0, HI, False)
    secret = first(events, Peeked)
    assert secret.audience == frozenset({0})
    # TM-PEEK-1: the whole face of the card, its needs and its power.
    assert secret.card == FACES[2]
    face = (secret.card.id, secret.card.needs, secret.card.power)
    assert face == (2, Gems(0, 2, 0, 0), "return_two_yellow")
    assert not secret.visible_to(1) and not secret.visible_to(None)
    # No other event names the card.
    for event in events:
        if event is not secret:
            assert getattr(event, "card", None) is None
    # The view never lists it afterwards (no memory aid).
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view.slots[HI].card is None and not view.slots[HI].face_up
        assert view.my_peeks == () and view.seen_by_all == ()
        assert view.slots[HI].peeked_by == (0,)


def test_tm_mem_1_memory_aid_shows_own_peeks_only() -> None:
    state = make_state(memory_aid=True)
    state, _ = act(state, 0, Peek(MIZU))
    mine = GAME.view(state, 0).my_peeks
    assert [(known.slot, known.card) for known in mine] == [(MIZU, FACES[3])]  # Mizu
    assert GAME.view(state, 1).my_peeks == ()
    assert GAME.view(state, None).my_peeks == ()
    assert GAME.view(state, 1).slots[MIZU].card is None


def test_tm_mem_1_failed_liberation_is_public_then_face_down_again() -> None:
    state = make_state(phase=GATHERING, drawn=(1, 0, 0, 0))
    state, events = act(state, 0, Place(YAMI, free=True))
    failed = first(events, LiberationFailed)
    assert failed.audience is None and failed.card == FACES[6]
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert not view.slots[YAMI].face_up and view.slots[YAMI].card is None
        assert view.seen_by_all == ()
    # With the memory aid, everyone (spectators too) is reminded of it.
    aided = make_state(phase=GATHERING, drawn=(1, 0, 0, 0), memory_aid=True)
    aided, _ = act(aided, 0, Place(YAMI, free=True))
    for seat in (0, 1, None):
        assert [k.slot for k in GAME.view(aided, seat).seen_by_all] == [YAMI]


def test_tm_mem_1_determinize_keeps_what_the_seat_knows() -> None:
    state = make_state(phase=GATHERING, drawn=(1, 0, 0, 0))
    state, _ = act(state, 0, Place(YAMI, free=True))  # Yami shown to all, then face down
    state, _ = act(state, 1, Peek(HI))  # seat 1 knows slot 1
    seen_by_1: set[int] = set()
    seen_by_0: set[int] = set()
    for seed in range(40):
        for_1 = GAME.determinize(state, 1, Rng.from_seed(seed))
        for_0 = GAME.determinize(state, 0, Rng.from_seed(seed))
        assert for_1.cards[HI] == 2 and for_1.cards[YAMI] == 6
        assert for_0.cards[YAMI] == 6
        assert sorted(for_0.cards) == [1, 2, 3, 4, 5, 6]
        seen_by_1.add(for_1.cards[KAZE])
        seen_by_0.add(for_0.cards[HI])
        assert GAME.view(for_0, 0) == GAME.view(state, 0)
        assert GAME.view(for_1, 1) == GAME.view(state, 1)
        assert for_0.rng != state.rng
    assert len(seen_by_0) > 1, "seat 0 never peeked slot 1: it must be re-drawn"
    assert len(seen_by_1) > 1


# --------------------------------------------------------------------------------------------
# Material and set-up
# --------------------------------------------------------------------------------------------


def test_tm_bag_1_full_bag() -> None:
    assert BAG_START == (10, 10, 10, 2) and sum(BAG_START) == 32
    state = new(level="NOVICE")
    assert state.bag == [10, 10, 10, 2]
    assert state.removed == [0, 0, 0, 0]
    assert GAME.view(state, None).bag == Gems(10, 10, 10, 2)


def test_tm_cards_1_card_table() -> None:
    table = [(c.id, c.name, c.needs[:3], c.power) for c in CARDS]
    assert table == [
        (1, "Kaze", (2, 0, 1), "return_excess"),
        (2, "Hi", (0, 2, 0), "return_two_yellow"),
        (3, "Mizu", (2, 1, 0), "remove_black"),
        (4, "Tsuchi", (1, 1, 1), "peek"),
        (5, "Hikari", (0, 0, 2), "none"),
        (6, "Yami", (0, 2, 1), "none"),
    ]
    assert all(card.needs[BLACK] == 0 for card in CARDS)
    totals = [sum(card.needs[c] for card in CARDS) for c in (BLUE, RED, YELLOW)]
    assert totals == [5, 6, 5]


def _oracle(state: TamashiiState) -> TamashiiAction:
    """A player who knows every card: gathers towards a card it can fill, frees when full."""

    def shortfall_and_excess(slot: int) -> tuple[int, int]:
        needs = CARDS[state.cards[slot] - 1].needs
        have = [state.on_cards[4 * slot + c] + state.drawn[c] for c in range(4)]
        short = sum(max(0, needs[c] - have[c]) for c in range(3))
        wild = have[BLACK] if state.level == NOVICE else 0
        return max(0, short - wild), sum(max(0, have[c] - needs[c]) for c in range(3))

    face_down = [s for s in range(6) if not state.freed[s]]
    if state.phase == POWER_PEEK:
        return PowerPeek(face_down[0])
    if state.phase == CHOOSE:
        return Gather()
    for slot in face_down:
        if shortfall_and_excess(slot)[0] == 0:
            return Place(slot, free=True)
    fits = [s for s in face_down if shortfall_and_excess(s)[1] == 0]
    if fits and sum(state.bag) - (0 if state.level == NOVICE else state.bag[BLACK]):
        return DrawAgain()
    return Place(min(face_down, key=shortfall_and_excess), free=False)


@pytest.mark.parametrize("level", LEVELS)
def test_tm_cards_1_all_six_can_be_freed_at_every_level(level: str) -> None:
    """TM-CARDS-1 / TM-END-2: a well-informed table can free all six at every level."""
    results = []
    for seed in range(400):
        state = new(2, seed, level=level)
        while GAME.outcome(state) is None:
            state, _ = act(state, state.turn, _oracle(state))
        results.append(state.freed_count)
        if state.freed_count == 6:
            outcome = GAME.outcome(state)
            assert outcome is not None and outcome.reason == "ALL_FREED"
            assert outcome.detail.verdict == "wonderful"
            break
    assert 6 in results, f"{level}: best {max(results)}"


@pytest.mark.parametrize("level", LEVELS)
def test_tm_level_1_gems_removed_at_set_up(level: str) -> None:
    expected_removed = {
        "novice": [0, 0, 0, 0],
        "easy": [0, 0, 0, 1],
        "standard": [1, 1, 1, 1],
        "hard": [1, 1, 1, 0],
        "nightmare": [2, 2, 2, 0],
    }[level]
    assert list(LEVEL_REMOVALS[level]) == expected_removed
    state = new(level=level)
    assert state.removed == expected_removed
    assert state.bag == [BAG_START[c] - expected_removed[c] for c in range(4)]
    view = GAME.view(state, 0)
    assert view.level == level
    assert view.powers_active == (level != NOVICE)
    assert view.black_is_wild == (level == NOVICE)


def test_tm_level_1_option_default_and_choices() -> None:
    spec = GAME.info.option("level")
    assert spec.default == "STANDARD" and spec.choices == LEVEL_CHOICES
    assert LEVEL_CHOICES == ("NOVICE", "EASY", "STANDARD", "HARD", "NIGHTMARE")
    assert new().level == "standard"  # the match keeps the TamashiiLevel enum value
    assert GAME.validate_options({"level": "nightmare"})["level"] == "NIGHTMARE"
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"level": "DIFFICULT"})


def test_tm_level_1_novice_has_no_powers() -> None:
    state = make_state(level="NOVICE", phase=GATHERING, drawn=(2, 1, 0, 0), bag=(3, 3, 3, 2))
    state, events = act(state, 0, Place(MIZU, free=True))
    assert state.freed[MIZU]
    assert PowerApplied not in kinds(events)
    assert state.bag[BLACK] == 2  # Mizu did not take a black gem out


def test_tm_setup_1_six_cards_face_down_shuffled() -> None:
    orders = set()
    for seed in range(30):
        state = new(seed=seed)
        assert sorted(state.cards) == [1, 2, 3, 4, 5, 6]
        assert state.freed == [False] * 6
        view = GAME.view(state, 0)
        assert [s.slot for s in view.slots] == list(range(6))
        assert all(not s.face_up and s.card is None for s in view.slots)
        orders.add(tuple(state.cards))
        assert new(seed=seed).cards == state.cards  # seeded
    assert len(orders) > 20


def test_tm_setup_2_first_player_seeded_then_clockwise() -> None:
    firsts = {new(6, seed).turn for seed in range(80)}
    assert firsts == set(range(6))
    assert new(6, 5).turn == new(6, 5).turn
    assert new(4, 5, first_player=2).turn == 2
    with pytest.raises(InvalidOptions):
        new(2, 5, first_player=2)
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"first_player": -2})
    state = make_state(players=3, turn=2)
    state, _ = act(state, 2, Peek(0))
    assert state.turn == 0
    state, _ = act(state, 0, Peek(0))
    assert state.turn == 1


# --------------------------------------------------------------------------------------------
# A turn
# --------------------------------------------------------------------------------------------


def test_tm_turn_1_choose_peek_or_gather() -> None:
    state = make_state(freed=(KAZE,), turn=1)
    legal = GAME.legal_actions(state, 1)
    assert legal == [Peek(1), Peek(2), Peek(3), Peek(4), Peek(5), Gather()]
    assert GAME.legal_actions(state, 0) == []
    assert [(p.seat, p.clock) for p in GAME.pending(state)] == [(1, "decision")]
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, Gather())
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Place(2))
    assert err.value.reason == "NOTHING_DRAWN"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, DrawAgain())
    assert err.value.reason == "NOTHING_DRAWN"


def test_tm_peek_1_peek_ends_the_turn() -> None:
    state = make_state()
    state, events = act(state, 0, Peek(TSUCHI))
    assert state.turn == 1 and state.phase == CHOOSE
    assert kinds(events) == [SlotPeeked, Peeked, GemEroded, TurnStarted]
    assert state.peeked == [1 << TSUCHI, 0]


def test_tm_peek_1_only_face_down_slots() -> None:
    state = make_state(freed=(HI,))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, Peek(HI))
    assert err.value.reason == "SLOT_FACE_UP"
    for bad in (-1, 6, True):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, Peek(bad))
        assert err.value.reason == "NO_SUCH_SLOT"


def test_tm_gather_1_draw_then_draw_again_or_place() -> None:
    state = make_state(bag=(0, 0, 4, 0))
    state, events = act(state, 0, Gather())
    assert state.drawn == [0, 0, 1, 0] and state.bag == [0, 0, 3, 0]
    assert state.phase == GATHERING and state.turn == 0
    assert first(events, GemDrawn) == GemDrawn(0, "yellow", False)
    legal = GAME.legal_actions(state, 0)
    assert DrawAgain() in legal and Peek(0) not in legal and Gather() not in legal
    assert Place(3, True) in legal and Place(3, False) in legal and len(legal) == 13
    for action in (Peek(0), Gather()):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, action)
        assert err.value.reason == "ALREADY_GATHERING"
    state, events = act(state, 0, DrawAgain())
    assert state.drawn == [0, 0, 2, 0]
    assert first(events, GemDrawn).again is True
    assert GAME.view(state, None).drawn == Gems(0, 0, 2, 0)


def test_tm_gather_1_draws_follow_the_bag() -> None:
    """Draws are seeded and in proportion to the bag: over many seeds, every colour comes."""
    colours = set()
    for seed in range(40):
        state = make_state(bag=(1, 1, 1, 0), seed=seed)
        state, events = act(state, 0, Gather())
        colours.add(first(events, GemDrawn).colour)
        again = make_state(bag=(1, 1, 1, 0), seed=seed)
        assert act(again, 0, Gather())[0] == state
    assert colours == {"blue", "red", "yellow"}


def test_tm_bust_1_black_returns_everything_and_ends_turn() -> None:
    state = make_state(phase=GATHERING, drawn=(2, 2, 2, 0), bag=(0, 0, 0, 1), on={0: (1, 0, 0, 0)})
    state, events = act(state, 0, DrawAgain())
    assert first(events, Bust).returned == Gems(2, 2, 2, 1)
    assert state.drawn == [0, 0, 0, 0]
    assert state.bag[BLACK] == 1
    assert sum(state.bag) == 6  # 7 back in the bag, one eroded at the end of the turn
    assert state.gems_on(0) == [1, 0, 0, 0]  # gems placed on earlier turns stay
    assert kinds(events) == [GemDrawn, Bust, GemEroded, TurnStarted]
    assert state.turn == 1


def test_tm_free_1_success_frees_and_removes_excess() -> None:
    state = make_state(phase=GATHERING, drawn=(0, 2, 1, 0), on={YAMI: (1, 1, 0, 0)})
    state, events = act(state, 0, Place(YAMI, free=True))
    assert state.freed[YAMI]
    freed = first(events, Freed)
    assert freed.excess == Gems(1, 1, 0, 0)
    assert freed.excess_to == "removed"
    assert state.gems_on(YAMI) == [0, 2, 1, 0]  # the gems that freed it stay on it
    view = GAME.view(state, 1)
    assert view.slots[YAMI].gems == Gems(0, 2, 1, 0)
    card = view.slots[YAMI].card
    assert view.slots[YAMI].face_up and card is not None
    assert (card.id, card.needs, card.power) == (6, Gems(0, 2, 1, 0), "none")  # Yami
    assert view.freed == 1
    assert PowerApplied not in kinds(events)  # Yami has no power
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Peek(YAMI))
    assert err.value.reason == "SLOT_FACE_UP"


def test_tm_free_1_failure_discards_gems_and_turns_card_down() -> None:
    # Mizu needs 2 blue 1 red: 2 blue 2 yellow do not cover it.
    state = make_state(phase=GATHERING, drawn=(0, 0, 1, 0), on={MIZU: (2, 0, 1, 0)})
    removed_before = state.removed[:]
    state, events = act(state, 0, Place(MIZU, free=True))
    assert not state.freed[MIZU]
    failed = first(events, LiberationFailed)
    assert failed.discarded == Gems(2, 0, 2, 0)
    assert state.gems_on(MIZU) == [0, 0, 0, 0]
    assert state.revealed == 1 << MIZU
    # All four gems left the game, not back to the bag (+ one eroded gem).
    assert sum(state.removed) - sum(removed_before) == 5


def test_tm_free_1_kaze_returns_excess_to_the_bag() -> None:
    state = make_state(phase=GATHERING, drawn=(3, 2, 1, 0), bag=(0, 0, 0, 0))
    state, events = act(state, 0, Place(KAZE, free=True))
    assert first(events, Freed).excess_to == "bag"
    power = first(events, PowerApplied)
    assert power.power == "return_excess"
    assert power.returned_to_bag == Gems(1, 2, 0, 0)
    assert sum(state.bag) == 2  # 3 went back, then one eroded


def test_tm_free_1_hi_returns_two_yellow_from_removed() -> None:
    state = make_state(phase=GATHERING, drawn=(0, 2, 0, 0), bag=(0, 0, 0, 0))
    assert state.removed[YELLOW] == 10
    state, events = act(state, 0, Place(HI, free=True))
    assert first(events, PowerApplied).returned_to_bag.yellow == 2
    # Two yellows went back, one eroded again at the end of the turn.
    assert state.bag == [0, 0, 1, 0] and state.removed[YELLOW] == 9
    # Fewer if fewer are in the removed pile.
    short = make_state(phase=GATHERING, drawn=(0, 2, 0, 0), bag=(0, 0, 9, 0), on={4: (0, 0, 0, 0)})
    assert short.removed[YELLOW] == 1
    short, events = act(short, 0, Place(HI, free=True))
    assert first(events, PowerApplied).returned_to_bag.yellow == 1


def test_tm_free_1_mizu_takes_a_black_out_of_the_bag() -> None:
    state = make_state(phase=GATHERING, drawn=(2, 1, 0, 0), bag=(3, 3, 3, 2))
    state, events = act(state, 0, Place(MIZU, free=True))
    assert first(events, PowerApplied).taken_from_bag.black == 1
    assert state.bag[BLACK] == 1
    none_left = make_state(phase=GATHERING, drawn=(2, 1, 0, 0), bag=(3, 3, 3, 0))
    none_left, events = act(none_left, 0, Place(MIZU, free=True))
    assert first(events, PowerApplied).taken_from_bag.black == 0


def test_tm_free_1_tsuchi_power_peek_is_a_pending_decision() -> None:
    state = make_state(phase=GATHERING, drawn=(1, 1, 1, 0), freed=(KAZE, HI))
    state, events = act(state, 0, Place(TSUCHI, free=True))
    assert state.phase == POWER_PEEK and state.turn == 0
    assert first(events, PowerApplied).peek_pending is True
    assert GemEroded not in kinds(events)  # the turn is not over yet
    assert GAME.legal_actions(state, 0) == [PowerPeek(2), PowerPeek(4), PowerPeek(5)]
    assert [p.seat for p in GAME.pending(state)] == [0]
    for action in (Peek(2), Gather(), DrawAgain(), Place(2)):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, action)
        assert err.value.reason == "POWER_PENDING"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, PowerPeek(TSUCHI))
    assert err.value.reason == "SLOT_FACE_UP"
    state, events = act(state, 0, PowerPeek(HIKARI))
    secret = first(events, Peeked)
    assert secret.audience == frozenset({0}) and secret.card == FACES[5]
    assert secret.by_power is True
    assert first(events, SlotPeeked) == SlotPeeked(0, HIKARI, True)
    assert state.turn == 1 and state.phase == CHOOSE
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, PowerPeek(HIKARI))
    assert err.value.reason == "NO_POWER_PENDING"


def test_tm_free_1_tsuchi_last_card_has_nothing_to_peek() -> None:
    state = make_state(phase=GATHERING, drawn=(1, 1, 1, 0), freed=(0, 1, 2, 4, 5), bag=(1, 1, 1, 0))
    state, events = act(state, 0, Place(TSUCHI, free=True))
    assert first(events, PowerApplied).peek_pending is False
    assert state.phase == OVER


def test_tm_free_2_novice_black_counts_as_any_colour() -> None:
    state = make_state(level="NOVICE", phase=GATHERING, drawn=(0, 1, 0, 1), bag=(3, 3, 3, 1))
    state, events = act(state, 0, Place(HI, free=True))
    assert state.freed[HI]
    assert first(events, Freed).excess.black == 0
    two_black = make_state(level="NOVICE", phase=GATHERING, drawn=(0, 0, 0, 2), bag=(3, 3, 3, 0))
    two_black, _ = act(two_black, 0, Place(HI, free=True))
    assert two_black.freed[HI]
    spare = make_state(level="NOVICE", phase=GATHERING, drawn=(0, 2, 0, 1), bag=(3, 3, 3, 1))
    spare, events = act(spare, 0, Place(HI, free=True))
    assert first(events, Freed).excess == Gems(0, 0, 0, 1)
    assert spare.removed[BLACK] == 1
    # Not enough even with the black gem.
    fail = make_state(level="NOVICE", phase=GATHERING, drawn=(0, 0, 0, 1), bag=(3, 3, 3, 1))
    fail, events = act(fail, 0, Place(YAMI, free=True))
    assert not fail.freed[YAMI] and LiberationFailed in kinds(events)


def test_tm_place_1_gems_stay_for_later_turns() -> None:
    state = make_state(phase=GATHERING, drawn=(0, 1, 0, 0), bag=(3, 3, 3, 1))
    state, events = act(state, 0, Place(YAMI))
    assert state.gems_on(YAMI) == [0, 1, 0, 0]
    assert first(events, GemsPlaced).free is False
    assert state.turn == 1 and state.phase == CHOOSE
    assert GAME.view(state, None).slots[YAMI].gems == Gems(0, 1, 0, 0)
    assert not state.freed[YAMI]
    state, _ = act(state, 1, Peek(0))
    assert state.gems_on(YAMI) == [0, 1, 0, 0]
    # A later turn: one more red and a yellow join the earlier red, and Yami is freed.
    later = make_state(phase=GATHERING, drawn=(0, 1, 1, 0), on={YAMI: (0, 1, 0, 0)}, turn=1)
    later, events = act(later, 1, Place(YAMI, free=True))
    assert later.freed[YAMI] and Freed in kinds(events)
    # Placed alone, the same two gems would not have been enough.
    alone = make_state(phase=GATHERING, drawn=(0, 1, 1, 0), turn=1)
    alone, events = act(alone, 1, Place(YAMI, free=True))
    assert not alone.freed[YAMI] and LiberationFailed in kinds(events)


def test_tm_erosion_1_one_gem_leaves_the_bag_every_turn() -> None:
    state = make_state(bag=(4, 4, 4, 2))
    state, events = act(state, 0, Peek(0))
    assert sum(state.bag) == 13 and state.bag[BLACK] == 2
    assert first(events, GemEroded).colour in ("blue", "red", "yellow")


def test_tm_erosion_1_black_is_never_eroded() -> None:
    for seed in range(30):
        state = make_state(bag=(1, 0, 0, 2), seed=seed, level="NOVICE")
        state, events = act(state, 0, Peek(0))
        assert first(events, GemEroded).colour == "blue"
        assert state.bag == [0, 0, 0, 2]
    state, events = act(state, 1, Peek(0))  # only black left: nothing is removed
    assert first(events, GemEroded).colour is None
    assert state.bag == [0, 0, 0, 2]


def test_tm_empty_1_gather_needs_a_gem_and_empty_bag_forces_place() -> None:
    empty = make_state(bag=(0, 0, 0, 0))  # hand-built: such a state would already be over
    assert Gather() not in GAME.legal_actions(empty, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(empty, 0, Gather())
    assert err.value.reason == "BAG_EMPTY"
    state = make_state(bag=(0, 1, 0, 0))
    state, _ = act(state, 0, Gather())
    assert state.bag == [0, 0, 0, 0]
    assert all(isinstance(a, Place) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, DrawAgain())
    assert err.value.reason == "MUST_PLACE"
    state, events = act(state, 0, Place(HI))
    assert first(events, GemEroded).colour is None  # erosion on an empty bag


def test_tm_novice_1_no_bust_but_erosion() -> None:
    state = make_state(level="NOVICE", phase=GATHERING, drawn=(1, 0, 0, 0), bag=(0, 0, 0, 1))
    state, events = act(state, 0, DrawAgain())
    assert Bust not in kinds(events)
    assert state.drawn == [1, 0, 0, 1] and state.phase == GATHERING
    state, events = act(state, 0, Place(KAZE))
    assert state.gems_on(KAZE) == [1, 0, 0, 1]
    eroded = make_state(level="NOVICE", bag=(3, 3, 3, 2))
    eroded, events = act(eroded, 0, Peek(0))
    assert sum(eroded.bag) == 10 and GemEroded in kinds(events)


def test_tm_time_1_clock_option() -> None:
    clock = GAME.info.clock("decision")
    assert clock.option == "decision_seconds"
    spec = GAME.info.option("decision_seconds")
    assert (spec.default, spec.minimum, spec.maximum) == (60, 0, 600)
    assert GAME.validate_options({"decision_seconds": "0"})["decision_seconds"] == 0
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"decision_seconds": 601})


def test_tm_time_1_timeout_before_choosing_ends_turn() -> None:
    state = make_state(bag=(4, 4, 4, 1))
    state, events = act(state, 0, Timeout())
    assert state.turn == 1 and state.peeked == [0, 0]
    assert kinds(events) == [TurnTimedOut, GemEroded, TurnStarted]
    assert sum(state.bag) == 12
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, Timeout())


def test_tm_time_1_timeout_returns_drawn_gems() -> None:
    state = make_state(phase=GATHERING, drawn=(1, 2, 0, 0), bag=(0, 0, 0, 1))
    state, events = act(state, 0, Timeout())
    returned = first(events, TurnTimedOut).returned
    assert returned == Gems(1, 2, 0, 0)
    assert state.drawn == [0, 0, 0, 0] and sum(state.bag) == 3  # 4 minus one eroded


def test_tm_time_1_timeout_loses_the_power_peek() -> None:
    state = make_state(phase=GATHERING, drawn=(1, 1, 1, 0))
    state, _ = act(state, 0, Place(TSUCHI, free=True))
    assert state.phase == POWER_PEEK
    state, events = act(state, 0, Timeout())
    assert Peeked not in kinds(events) and state.peeked == [0, 0]
    assert state.phase == CHOOSE and state.turn == 1


# --------------------------------------------------------------------------------------------
# End
# --------------------------------------------------------------------------------------------


def test_tm_end_1_ends_when_no_face_down_card_can_be_freed() -> None:
    # Only Hi (2 red) and Yami (2 red 1 yellow) face down; two red gems left in the bag.
    state = make_state(freed=(0, 2, 3, 4), bag=(0, 2, 0, 1))
    assert tm.end_reason(state) == ""  # Hi could still be freed
    state, events = act(state, 0, Peek(HI))
    assert state.bag == [0, 1, 0, 1]  # erosion took a red: neither card can be filled now
    assert state.phase == OVER
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "NO_CARD_CAN_BE_FREED"
    assert events[-1].kind == "match_over"


def test_tm_end_1_gems_on_the_card_count() -> None:
    state = make_state(freed=(0, 2, 3, 4, 5), bag=(3, 1, 3, 1), on={HI: (0, 1, 0, 0)})
    assert tm.could_be_freed(state, HI)
    state.on_cards[4 * HI + RED] = 0
    state.removed[RED] += 1
    assert not tm.could_be_freed(state, HI)
    novice = make_state(level="NOVICE", freed=(0, 2, 3, 4, 5), bag=(3, 0, 3, 1))
    novice.on_cards[4 * HI + RED] = 1
    novice.removed[RED] -= 1
    check(novice)
    assert tm.could_be_freed(novice, HI)  # a black gem stands in for the second red
    outside = make_state(freed=(0, 2, 3, 4, 5), bag=(3, 0, 3, 1), on={HI: (0, 1, 0, 0)})
    assert not tm.could_be_freed(outside, HI)


def test_tm_end_1_all_freed() -> None:
    state = make_state(phase=GATHERING, drawn=(0, 2, 0, 0), freed=(0, 2, 3, 4, 5), bag=(1, 1, 1, 1))
    state, events = act(state, 0, Place(HI, free=True))
    assert kinds(events)[-2:] == [GemEroded, MatchOver]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "ALL_FREED"
    assert outcome.scores == (6, 6) and outcome.winners == (0, 1)
    assert GAME.pending(state) == () and GAME.legal_actions(state, 0) == []
    with pytest.raises(MatchFinished):
        GAME.apply(state, 1, Gather())


def test_tm_end_3_bag_with_only_black_ends_the_game() -> None:
    state = make_state(bag=(0, 0, 1, 2), on={HIKARI: (0, 0, 1, 0)})
    state, events = act(state, 0, Peek(0))
    assert state.bag == [0, 0, 0, 2]
    assert first(events, MatchOver).reason == "bag_exhausted"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "BAG_EXHAUSTED"
    # In NOVICE black gems can still be placed: Hikari (1 yellow on it) can use one.
    novice = make_state(level="NOVICE", bag=(0, 0, 1, 2), on={HIKARI: (0, 0, 1, 0)})
    novice, _ = act(novice, 0, Peek(0))
    assert GAME.outcome(novice) is None
    novice, _ = act(novice, 1, Gather())
    novice, _ = act(novice, 1, Place(HIKARI, free=True))
    assert novice.freed[HIKARI]
    empty = make_state(level="NOVICE", bag=(0, 0, 0, 0), on={HIKARI: (0, 0, 2, 0)})
    assert tm.end_reason(empty) == "BAG_EXHAUSTED"


@pytest.mark.parametrize("freed", range(7))
def test_tm_end_2_verdict_by_freed_count(freed: int) -> None:
    # The clients translate each verdict into the source's lines ("Ce n'est qu'un jeu,
    # faisons mieux la prochaine fois !", "Pas mal !", ..., "Formidable ! ...").
    expected = {
        0: "just_a_game",
        1: "just_a_game",
        2: "just_a_game",
        3: "not_bad",
        4: "good_work",
        5: "very_good_work",
        6: "wonderful",
    }[freed]
    assert verdict(freed) == expected
    state = make_state(bag=(0, 0, 0, 1), freed=range(freed))
    state, events = act(state, 0, Timeout())
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.detail.verdict == expected and outcome.detail.freed == freed
    assert first(events, MatchOver).verdict == expected
    view = GAME.view(state, None)
    assert view.phase == OVER and view.verdict == expected


def test_tm_end_2_no_verdict_while_running() -> None:
    view = GAME.view(new(), 0)
    assert view.verdict == view.end_reason == ""
    assert GAME.outcome(new()) is None
    assert [v[0] for v in VERDICTS] == [0, 3, 4, 5, 6]


# --------------------------------------------------------------------------------------------
# Invariant, storage, views, errors
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_tm_inv_1_holds_through_random_matches(level: str) -> None:
    def on_step(before: Any, seat: int, action: Any, after: Any, events: Any) -> None:
        check(after)

    for seed in range(8):
        options: dict[str, OptionValue] = {"level": level, "memory_aid": seed % 2 == 0}
        final, steps = random_playout(
            GAME, 1 + seed % 6, seed, options=options, chooser_seed=seed, on_step=on_step
        )
        assert isinstance(final, TamashiiState)
        assert GAME.outcome(final) is not None and steps > 0


def test_tm_inv_1_check_catches_a_lost_gem() -> None:
    state = new()
    check(state)
    state.bag[BLUE] -= 1
    with pytest.raises(AssertionError):
        check(state)
    swapped = new()
    swapped.cards[0] = swapped.cards[1]
    with pytest.raises(AssertionError):
        check(swapped)


def test_storage_round_trip_and_repr_hides_secrets() -> None:
    state = make_state(phase=GATHERING, drawn=(1, 0, 1, 0), on={2: (1, 1, 0, 0)}, freed=(4,))
    state.peeked = [5, 2]
    state.revealed = 8
    encoded = GAME.encode(state)
    assert GAME.decode(encoded) == state
    assert GAME.encode(GAME.decode(encoded)) == encoded
    assert state.clone() == state and state.clone() is not state
    clone = state.clone()
    clone.bag[0] += 1
    assert clone != state
    assert repr(state) == f"<TamashiiState version={state.version}>"
    assert "Kaze" not in repr(state)


def test_same_seed_same_match() -> None:
    a, _ = random_playout(GAME, 3, 42, chooser_seed=7)
    b, _ = random_playout(GAME, 3, 42, chooser_seed=7)
    assert isinstance(a, TamashiiState) and isinstance(b, TamashiiState)
    assert GAME.encode(a) == GAME.encode(b)
    c, _ = random_playout(GAME, 3, 43, chooser_seed=7)
    assert isinstance(c, TamashiiState) and GAME.encode(c) != GAME.encode(a)


def test_views_never_show_face_down_cards_or_the_rng() -> None:
    state = make_state(phase=GATHERING, drawn=(0, 0, 2, 0))
    state, _ = act(state, 0, Place(HIKARI, free=True))
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        text = repr(view)
        for slot, card_id in enumerate(state.cards):
            if not state.freed[slot]:
                assert f"CardFace(id={card_id}," not in text
        assert "rng" not in text.lower()
        assert str(state.rng.state) not in text
        assert dataclasses.is_dataclass(view)
        hash(view)  # frozen all the way down


def test_errors_are_typed_and_never_name_hidden_cards() -> None:
    state = make_state(freed=(HIKARI,))
    bad_moves = [
        (1, Gather(), "NOT_YOUR_TURN"),
        (0, Place(1), "NOTHING_DRAWN"),
        (0, Peek(HIKARI), "SLOT_FACE_UP"),
        (0, Peek(9), "NO_SUCH_SLOT"),
        (0, PowerPeek(1), "NO_POWER_PENDING"),
        (0, cast(Any, "gather"), "UNKNOWN_ACTION"),  # an untyped caller's mistake
    ]
    for seat, action, reason in bad_moves:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, seat, action)
        assert err.value.reason == reason
        for name in (card.name for card in CARDS):
            if name != "Hikari":
                assert name not in err.value.message
    with pytest.raises(WrongGame):
        GAME.apply(state, 0, cast(Any, object()))  # an untyped caller's mistake
    with pytest.raises(StaleVersion):
        GAME.apply(state, 0, Gather(), version=state.version + 1)
    assert GAME.is_legal(state, 0, Gather()) and not GAME.is_legal(state, 1, Gather())


def test_every_listed_action_is_legal() -> None:
    for phase, drawn in ((CHOOSE, (0, 0, 0, 0)), (GATHERING, (1, 0, 0, 0))):
        state = make_state(phase=phase, drawn=drawn, freed=(1,))
        for action in GAME.legal_actions(state, 0):
            act(state, 0, action)
