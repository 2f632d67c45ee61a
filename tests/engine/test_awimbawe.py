"""Per-rule tests for Awimbawé (rule ids from ``docs/games/awimbawe-rules.md``).

Most tests build a specific position by hand with :func:`build`, apply actions through the
public :class:`~engine.core.Game` interface and check the result.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from engine import registry
from engine.codec import to_data
from engine.core import IllegalAction, MatchFinished, NotYourTurn, Pending, Timeout, WrongGame
from engine.games.awimbawe import (
    CHEETAH_CHOICE,
    CHOOSE_LEADER,
    EAGLE,
    OVER,
    PLAY,
    RHINO_MOVE,
    SNAKE_PICK,
    AwimbaweGame,
    AwimbaweState,
    AwimbaweView,
    CheetahChoice,
    ChooseLeader,
    EagleChoice,
    PlayCard,
    RhinoMove,
    SkipPower,
    SnakePick,
)
from engine.games.awimbawe import events as ev
from engine.games.awimbawe.cards import (
    ANIMAL,
    BLACK,
    BROWN,
    CARD_VIEWS,
    CARDS,
    COLOUR,
    CROWNS,
    EAGLES,
    GREEN,
    HYENAS,
    SKY,
    VALUE,
    YELLOW,
    CardView,
    card_name,
    eagle,
    land_card,
)
from engine.games.awimbawe.conformance import check
from engine.games.awimbawe.events import (
    FEWER_HYENAS,
    FOUR_HYENAS,
    LAST_TRICK,
    MORE_CROWNS,
    AwimbaweOutcome,
    RoundResultView,
)
from engine.info import InvalidOptions
from engine.playout import random_playout
from engine.rng import Rng

T = TypeVar("T")

GAME = registry.get("awimbawe")
assert isinstance(GAME, AwimbaweGame)


# --------------------------------------------------------------------------------------------
# Building positions by hand
# --------------------------------------------------------------------------------------------


def g(value: int) -> int:
    return land_card(GREEN, value)


def y(value: int) -> int:
    return land_card(YELLOW, value)


def k(value: int) -> int:
    return land_card(BLACK, value)


def b(value: int) -> int:
    return land_card(BROWN, value)


def e(value: int) -> int:
    return eagle(value)


@dataclasses.dataclass(frozen=True)
class Down:
    """A face-down pile card in :func:`build`."""

    card: int


PileSpec = Sequence[int | Down]


def build(
    *,
    hands: tuple[Sequence[int], Sequence[int]],
    piles: tuple[Sequence[PileSpec], Sequence[PileSpec]] = ((), ()),
    trick_piles: tuple[Sequence[int] | None, Sequence[int] | None] | None = None,
    table: Sequence[int] = (),
    leader: int = 0,
    phase: str = PLAY,
    chooser: int | None = None,
    paralysed: tuple[Sequence[int], Sequence[int]] = ((), ()),
    rounds_won: tuple[int, int] = (0, 0),
    next_leader: int = -1,
    seed: int = 1,
) -> AwimbaweState:
    """A position: cards not placed go to the trick piles (to the one given as ``None``, or
    shared out with the Hyenas split evenly), so that AW-INV-1 holds."""
    face_up = [False] * 28
    pile_lists: list[list[list[int]]] = []
    placed: list[int] = []
    for seat in (0, 1):
        side: list[list[int]] = []
        for spec in [*piles[seat], *[[]] * (4 - len(piles[seat]))]:
            pile = []
            for entry in spec:
                card = entry.card if isinstance(entry, Down) else entry
                face_up[card] = not isinstance(entry, Down)
                pile.append(card)
            side.append(pile)
        pile_lists.append(side)
        placed += [c for p in side for c in p]
        placed += list(hands[seat])
    placed += list(table)
    fixed = [list(t) if t is not None else None for t in (trick_piles or (None, None))]
    placed += [c for t in fixed if t is not None for c in t]
    rest = [c for c in CARDS if c not in placed]
    if fixed[0] is None and fixed[1] is None:
        if trick_piles is None:
            hyenas = [c for c in rest if c in HYENAS]
            others = [c for c in rest if c not in HYENAS]
            fixed = [hyenas[0::2] + others[0::2], hyenas[1::2] + others[1::2]]
    elif fixed[0] is None:
        fixed[0] = rest
    elif fixed[1] is None:
        fixed[1] = rest
    assert fixed[0] is not None and fixed[1] is not None
    state = AwimbaweState(
        rng=Rng.from_seed(seed),
        hands=[list(hands[0]), list(hands[1])],
        piles=pile_lists,
        face_up=face_up,
        table=list(table),
        leader=leader,
        phase=phase,
        chooser=chooser if chooser is not None else (leader if not table else 1 - leader),
        next_leader=next_leader,
        paralysed=[list(paralysed[0]), list(paralysed[1])],
        trick_piles=[fixed[0], fixed[1]],
        rounds_won=list(rounds_won),
    )
    check(state)
    return state


def act(state: AwimbaweState, seat: int, action: Any) -> tuple[AwimbaweState, list[Any]]:
    transition = GAME.apply(state, seat, action)
    check(transition.state)
    return transition.state, list(transition.events)


def kinds(events: list[Any]) -> list[type]:
    return [type(item) for item in events]


def event(events: list[Any], kind: type[T]) -> T:
    found = [item for item in events if isinstance(item, kind)]
    assert len(found) == 1, (kind, kinds(events))
    return found[0]


def reason_of(state: AwimbaweState, seat: int, action: Any) -> str:
    with pytest.raises(Exception) as info:
        GAME.apply(state, seat, action)
    return str(getattr(info.value, "reason", type(info.value).__name__))


def view_cards(value: Any) -> set[int]:
    """Every card id a view shows anywhere."""
    if isinstance(value, CardView):
        return {value.card}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(view_cards(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return set().union(*(view_cards(v) for v in value)) if value else set()
    return set()


def event_cards(events: list[Any]) -> set[int]:
    """Card ids named in events: faces anywhere, and ints in ``card`` / ``cards`` / ``tops``
    fields."""
    found: set[int] = set()

    def walk(value: Any, key: str) -> None:
        if isinstance(value, CardView):
            found.add(value.card)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                if f.name != "audience":
                    walk(getattr(value, f.name), f.name)
        elif isinstance(value, tuple):
            for v in value:
                walk(v, key)
        elif isinstance(value, int) and not isinstance(value, bool) and key in CARD_KEYS:
            found.add(value)

    for item in events:
        walk(item, "")
    return found


CARD_KEYS = {"card", "cards", "tops"}


# --------------------------------------------------------------------------------------------
# Material and set-up
# --------------------------------------------------------------------------------------------


def test_aw_mat_1_two_players_and_28_cards() -> None:
    assert GAME.info.min_players == GAME.info.max_players == 2
    with pytest.raises(InvalidOptions):
        GAME.new_match(GAME.validate_options({}), 3, seed=1)
    assert len(CARDS) == 28
    land = [c for c in CARDS if COLOUR[c] != SKY]
    assert len(land) == 24
    for colour in (GREEN, YELLOW, BLACK, BROWN):
        assert sorted(VALUE[c] for c in land if COLOUR[c] == colour) == [1, 2, 3, 4, 5, 6]
    assert sorted(VALUE[c] for c in EAGLES) == [7, 8, 9, 10]
    assert all(COLOUR[c] == SKY and ANIMAL[c] == "eagle" for c in EAGLES)
    names = {VALUE[c]: ANIMAL[c] for c in land}
    assert names == {
        1: "mouse",
        2: "rhino",
        3: "cheetah",
        4: "hyena",
        5: "snake",
        6: "elephant",
    }


def test_aw_crown_1_crowns_table_and_card_views() -> None:
    expected = {1: 1, 2: 1, 3: 1, 4: 3, 5: 1, 6: 2, 7: 0, 8: -1, 9: -1, 10: -2}
    assert all(CROWNS[c] == expected[VALUE[c]] for c in CARDS)
    assert sum(CROWNS) == 32
    state = GAME.new_match(GAME.validate_options({}), 2, seed=3)
    for card_view in GAME.view(state, 0).hand:
        assert card_view.crowns == CROWNS[card_view.card]
        assert card_view.value == VALUE[card_view.card]


def test_aw_setup_1_deal_four_piles_and_six_cards() -> None:
    state = GAME.new_match(GAME.validate_options({}), 2, seed=11)
    for seat in (0, 1):
        assert len(state.hands[seat]) == 6
        assert [len(p) for p in state.piles[seat]] == [2, 2, 2, 2]
        for bottom, top in state.piles[seat]:
            assert not state.face_up[bottom] and state.face_up[top]
        assert state.cards_left(seat) == 14
        assert len(state.available(seat)) == 10
    again = GAME.new_match(GAME.validate_options({}), 2, seed=11)
    other = GAME.new_match(GAME.validate_options({}), 2, seed=12)
    assert GAME.encode(again) == GAME.encode(state)
    assert other.hands != state.hands


def test_aw_setup_2_face_down_cards_unknown_to_both() -> None:
    state = GAME.new_match(GAME.validate_options({}), 2, seed=5)
    face_down = {p[0] for seat in (0, 1) for p in state.piles[seat]}
    for seat in (0, 1, None):
        shown = view_cards(GAME.view(state, seat))
        assert not shown & face_down, f"seat {seat} sees a face-down card"
        if seat is not None:
            assert set(state.hands[seat]) <= shown
            assert not shown & set(state.hands[1 - seat])
        else:
            assert not shown & (set(state.hands[0]) | set(state.hands[1]))
    own = GAME.view(state, 0).players[0].piles[0]
    assert own.size == 2 and own.cards[0] is None and own.top is not None


def test_aw_setup_2_events_never_name_a_face_down_card() -> None:
    secrets: list[str] = []

    def on_step(before: Any, seat: int, action: Any, after: Any, events: Any) -> None:
        down = {c for s in (0, 1) for p in after.piles[s] for c in p if not after.face_up[c]}
        for item in events:
            if item.audience is None and event_cards([item]) & down:
                secrets.append(item.kind)

    for seed in range(8):
        random_playout(GAME, 2, seed, chooser_seed=seed, on_step=on_step)
    assert secrets == []


def test_aw_setup_3_fewer_shown_crowns_lead_the_first_round() -> None:
    checked_lower = checked_tie = False
    for seed in range(200):
        state = GAME.new_match(GAME.validate_options({}), 2, seed=seed)
        shown = [sum(CROWNS[p[-1]] for p in state.piles[s]) for s in (0, 1)]
        if shown[0] != shown[1]:
            assert state.leader == shown.index(min(shown)) == state.chooser
            checked_lower = True
        else:
            # AW-SETUP-3 [decision]: a tie is drawn with the seeded RNG, right after the deal.
            rng = Rng.from_seed(seed)
            rng.shuffle(list(range(28)))
            assert state.leader == rng.below(2)
            checked_tie = True
    assert checked_lower and checked_tie


def test_aw_setup_3_round_loser_chooses_the_next_leader() -> None:
    state = build(
        hands=([k(6)], [k(5)]),
        trick_piles=([g(4), g(6), y(6)], None),
        leader=0,
    )
    state, events = act(state, 0, PlayCard(k(6)))
    state, events = act(state, 1, PlayCard(k(5)))
    over = event(events, ev.RoundOver)
    loser = 1 - over.winner
    assert state.phase == CHOOSE_LEADER and state.chooser == loser
    assert GAME.pending(state) == (Pending(loser, "decision"),)
    assert GAME.legal_actions(state, 1 - loser) == []
    assert GAME.legal_actions(state, loser) == [ChooseLeader(0), ChooseLeader(1)]
    assert reason_of(state, 1 - loser, ChooseLeader(0)) == "NOT_YOUR_TURN"
    assert reason_of(state, loser, ChooseLeader(2)) == "INVALID_LEADER"
    state, events = act(state, loser, ChooseLeader(1 - loser))
    assert state.round_no == 2 and state.leader == 1 - loser == state.chooser
    assert state.phase == PLAY
    assert all(len(h) == 6 for h in state.hands) and state.trick_piles == [[], []]
    dealt = event(events, ev.RoundDealt)
    assert dealt.lead_reason == "chosen" and dealt.leader == 1 - loser
    private = [item for item in events if isinstance(item, ev.HandDealt)]
    assert [item.audience for item in private] == [frozenset({0}), frozenset({1})]
    assert [c.card for c in private[0].cards] == sorted(state.hands[0])


# --------------------------------------------------------------------------------------------
# A trick
# --------------------------------------------------------------------------------------------


def test_aw_trick_1_leader_plays_any_available_card_then_follower() -> None:
    state = build(
        hands=([g(1), y(6)], [g(2), b(6)]),
        piles=([[Down(k(1)), b(3)], [b(1), Down(k(2)), k(3)]], [[y(1)], [y(2)]]),
    )
    legal = {a.card for a in GAME.legal_actions(state, 0)}
    assert legal == {g(1), y(6), b(3), k(3)}  # hand + face-up tops, not covered/face-down
    assert GAME.legal_actions(state, 1) == []
    assert reason_of(state, 0, PlayCard(k(1))) == "CARD_NOT_AVAILABLE"  # face down
    assert reason_of(state, 0, PlayCard(b(1))) == "CARD_NOT_AVAILABLE"  # covered
    assert reason_of(state, 0, PlayCard(g(2))) == "CARD_NOT_AVAILABLE"  # not mine
    assert reason_of(state, 1, PlayCard(g(2))) == "NOT_YOUR_TURN"
    state, events = act(state, 0, PlayCard(b(3)))  # a pile top (a Cheetah)
    assert state.phase == CHEETAH_CHOICE  # its power applies right after it is played
    state, _ = act(state, 0, SkipPower())
    assert state.chooser == 1 and state.phase == PLAY
    assert state.piles[0][0] == [k(1)]
    played = event(events, ev.CardPlayed)
    assert played == ev.CardPlayed(seat=0, card=CARD_VIEWS[b(3)], source="pile", pile=0)


def test_aw_follow_1_must_follow_colour_even_from_a_pile() -> None:
    state = build(
        hands=([g(3), b(1)], [y(6), e(9)]),
        piles=((), [[g(5)]]),
    )
    state, _ = act(state, 0, PlayCard(g(3)))
    state, _ = act(state, 0, SkipPower())  # the Cheetah's choice
    assert [a.card for a in GAME.legal_actions(state, 1)] == [g(5)]
    assert reason_of(state, 1, PlayCard(y(6))) == "MUST_FOLLOW_COLOUR"
    assert reason_of(state, 1, PlayCard(e(9))) == "MUST_FOLLOW_COLOUR"


def test_aw_follow_1_without_the_colour_an_eagle_is_due() -> None:
    state = build(hands=([g(1)], [y(6), e(7), b(2)]))
    state, _ = act(state, 0, PlayCard(g(1)))
    assert [a.card for a in GAME.legal_actions(state, 1)] == [e(7)]
    assert reason_of(state, 1, PlayCard(y(6))) == "MUST_PLAY_EAGLE"


def test_aw_follow_1_a_discard_loses_whatever_its_value() -> None:
    state = build(hands=([g(1), g(2)], [y(6), b(6)]))
    state, _ = act(state, 0, PlayCard(g(1)))
    assert {a.card for a in GAME.legal_actions(state, 1)} == {y(6), b(6)}
    state, events = act(state, 1, PlayCard(y(6)))
    won = event(events, ev.TrickWon)
    assert won.winner == 0
    assert state.trick_piles[0][-2:] == [g(1), y(6)]


def test_aw_win_1_same_colour_higher_value_wins() -> None:
    state = build(hands=([k(4), k(1)], [k(6), k(2)]))
    after, events = act(state, 0, PlayCard(k(4)))
    after, events = act(after, 1, PlayCard(k(6)))
    assert event(events, ev.TrickWon).winner == 1
    state = build(hands=([k(4), k(1)], [k(6), k(2)]), trick_piles=([], None))
    after, _ = act(state, 0, PlayCard(k(4)))
    after, _ = act(after, 1, PlayCard(k(2)))  # a Rhino that can move nothing
    assert after.last_trick[3] == 0 and after.trick_piles[0] == [k(4), k(2)]


def test_aw_eagle_1_following_eagle_fights() -> None:
    state = build(hands=([b(6), g(1)], [e(8), g(2)]))
    state, _ = act(state, 0, PlayCard(b(6)))
    state, _ = act(state, 1, PlayCard(e(8)))
    assert state.phase == EAGLE and state.chooser == 1
    assert GAME.legal_actions(state, 1) == [EagleChoice(True), EagleChoice(False)]
    assert reason_of(state, 1, PlayCard(g(2))) == "NO_DECISION_PENDING"
    state, events = act(state, 1, EagleChoice(True))
    assert event(events, ev.TrickWon).winner == 1
    assert state.trick_piles[1][-2:] == [b(6), e(8)] and state.leader == 1


def test_aw_eagle_1_following_eagle_flees() -> None:
    state = build(hands=([b(4), g(1)], [e(10), g(2)]), trick_piles=([], None))
    before_1 = list(
        build(hands=([b(4), g(1)], [e(10), g(2)]), trick_piles=([], None)).trick_piles[1]
    )
    state, _ = act(state, 0, PlayCard(b(4)))
    state, _ = act(state, 1, PlayCard(e(10)))
    state, events = act(state, 1, EagleChoice(False))
    won = event(events, ev.TrickWon)
    assert won.winner == 0 and won.led_to == 0 and won.followed_to == 1
    assert state.trick_piles[0] == [b(4)]  # the led card to the leader
    assert state.trick_piles[1] == [*before_1, e(10)]  # the Eagle to its own player
    assert state.leader == 0
    last = GAME.view(state, 1).last_trick
    assert last is not None and (last.winner, last.led_to, last.followed_to) == (0, 0, 1)


def test_aw_eagle_2_led_eagle_must_be_followed_by_an_eagle() -> None:
    state = build(hands=([e(8), g(1)], [e(9), e(7), g(6)]))
    state, _ = act(state, 0, PlayCard(e(8)))
    assert {a.card for a in GAME.legal_actions(state, 1)} == {e(9), e(7)}
    assert reason_of(state, 1, PlayCard(g(6))) == "MUST_FOLLOW_COLOUR"
    low, events = act(state, 1, PlayCard(e(7)))
    assert low.phase == PLAY  # no fight-or-flee: a led Eagle fights
    assert event(events, ev.TrickWon).winner == 0
    _, events = act(state, 1, PlayCard(e(9)))
    assert event(events, ev.TrickWon).winner == 1


def test_aw_eagle_2_without_an_eagle_the_follower_discards_and_loses() -> None:
    state = build(hands=([e(7), g(1)], [g(6), y(6)]))
    state, _ = act(state, 0, PlayCard(e(7)))
    assert {a.card for a in GAME.legal_actions(state, 1)} == {g(6), y(6)}
    state, events = act(state, 1, PlayCard(g(6)))
    assert event(events, ev.TrickWon).winner == 0


def test_aw_take_1_trick_pile_face_down_only_last_trick_and_hyenas_shown() -> None:
    state = build(
        hands=([b(1), y(4), g(1)], [b(4), y(6), g(2)]),
        trick_piles=([g(4), k(6)], None),
    )
    state, _ = act(state, 0, PlayCard(b(1)))
    state, _ = act(state, 1, PlayCard(b(4)))
    state, _ = act(state, 1, PlayCard(y(6)))  # seat 1 won and leads
    state, _ = act(state, 0, PlayCard(y(4)))  # seat 0 must follow with its Hyena
    assert state.trick_piles[1][-4:] == [b(1), b(4), y(6), y(4)]
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view.players[1].trick_pile_count == len(state.trick_piles[1])
        assert view.players[0].hyenas == 1 and view.players[1].hyenas == state.hyenas(1)
        assert view.last_trick is not None
        assert (view.last_trick.led.card, view.last_trick.followed.card) == (y(6), y(4))
        shown = view_cards(view)
        # Earlier tricks are face down: b(1)/b(4) and seat 0's k(6) are not in the view.
        assert not shown & {b(1), b(4), k(6)}


def test_aw_uncover_1_face_down_card_turns_up_when_the_trick_is_collected() -> None:
    state = build(
        hands=([g(1)], [g(6), y(1)]),
        piles=([[Down(b(5)), g(2)]], [[Down(k(1)), y(2)]]),
    )
    state, _ = act(state, 0, PlayCard(g(2)))  # a Rhino from the pile, uncovers b(5)
    assert state.phase == PLAY  # seat 1 has a single pile: no Rhino move possible
    assert state.piles[0][0] == [b(5)] and not state.face_up[b(5)]
    mid = GAME.view(state, 1).players[0].piles[0]
    assert mid.cards == (None,) and mid.top is None
    state, events = act(state, 1, PlayCard(g(6)))
    assert state.face_up[b(5)]
    turned = event(events, ev.CardsTurnedUp)
    assert turned.cards == (ev.TurnedCard(seat=0, pile=0, card=CARD_VIEWS[b(5)]),)
    assert kinds(events).index(ev.TrickWon) < kinds(events).index(ev.CardsTurnedUp)
    assert GAME.view(state, 1).players[0].piles[0].top == CARD_VIEWS[b(5)]
    assert CARD_VIEWS[b(5)] == CardView(b(5), "snake", "brown", 5, 1, "snake")


def test_aw_lead_1_trick_winner_leads_next() -> None:
    state = build(hands=([g(1), b(1)], [g(4), b(6)]))
    state, _ = act(state, 0, PlayCard(g(1)))
    state, events = act(state, 1, PlayCard(g(4)))
    assert event(events, ev.NextLeader) == ev.NextLeader(seat=1, by_cheetah=False)
    assert state.leader == 1 and state.chooser == 1 and state.phase == PLAY
    assert GAME.view(state, 0).leader == 1


# --------------------------------------------------------------------------------------------
# Powers
# --------------------------------------------------------------------------------------------


def test_aw_mouse_1_mouse_beats_its_elephant_either_way() -> None:
    state = build(hands=([k(1), g(1)], [k(6), g(2)]))
    after, _ = act(state, 0, PlayCard(k(1)))
    after, events = act(after, 1, PlayCard(k(6)))
    assert event(events, ev.TrickWon).winner == 0
    state = build(hands=([k(6), g(1)], [k(1), g(2)]))
    after, _ = act(state, 0, PlayCard(k(6)))
    after, events = act(after, 1, PlayCard(k(1)))
    assert event(events, ev.TrickWon).winner == 1
    # Against any other animal the Mouse is the lowest.
    state = build(hands=([k(1), g(1)], [k(4), g(2)]))
    after, _ = act(state, 0, PlayCard(k(1)))
    after, events = act(after, 1, PlayCard(k(4)))
    assert event(events, ev.TrickWon).winner == 1


def test_aw_elephant_1_no_power() -> None:
    state = build(hands=([y(6), g(1)], [y(2), g(2)]), piles=((), [[y(3)], [y(4)]]))
    state, events = act(state, 0, PlayCard(y(6)))
    assert state.phase == PLAY and state.chooser == 1
    assert kinds(events) == [ev.CardPlayed]


def test_aw_rhino_1_moves_a_top_under_another_non_empty_pile() -> None:
    state = build(
        hands=([y(2), g(1)], [g(3), g(4)]),
        piles=((), [[Down(k(1)), b(1)], [Down(k(2)), b(2)], [], [Down(k(3)), b(3)]]),
    )
    state, _ = act(state, 0, PlayCard(y(2)))
    assert state.phase == RHINO_MOVE and state.chooser == 0
    moves = GAME.legal_actions(state, 0)
    assert SkipPower() in moves
    pairs = {(m.from_pile, m.to_pile) for m in moves if isinstance(m, RhinoMove)}
    assert pairs == {(f, t) for f in (0, 1, 3) for t in (0, 1, 3) if f != t}
    assert reason_of(state, 0, RhinoMove(0, 0)) == "INVALID_RHINO_MOVE"  # same pile
    assert reason_of(state, 0, RhinoMove(0, 2)) == "INVALID_RHINO_MOVE"  # empty pile
    assert reason_of(state, 0, RhinoMove(2, 0)) == "INVALID_RHINO_MOVE"
    state, events = act(state, 0, RhinoMove(0, 3))
    assert state.piles[1][3] == [b(1), k(3), b(3)] and state.face_up[b(1)]
    assert state.piles[1][0] == [k(1)] and not state.face_up[k(1)]  # stays down for now
    assert event(events, ev.RhinoMove).card == CARD_VIEWS[b(1)]
    assert state.chooser == 1 and state.phase == PLAY


def test_aw_rhino_1_face_down_card_moves_face_down() -> None:
    # Seat 1 follows with a Rhino and moves the card seat 0's lead uncovered.
    state = build(
        hands=([g(1)], [g(2), y(3)]),
        piles=([[Down(k(5)), g(6)], [Down(k(6)), b(6)]], ()),
    )
    state, _ = act(state, 0, PlayCard(g(6)))
    state, _ = act(state, 1, PlayCard(g(2)))
    state, events = act(state, 1, RhinoMove(0, 1))
    assert state.piles[0][1] == [k(5), k(6), b(6)]
    assert not state.face_up[k(5)]
    move = event(events, ev.RhinoMove)
    assert move.card is None and move.face_up is False
    assert ev.CardsTurnedUp not in kinds(events)  # pile 0 is now empty: nothing to turn


def test_aw_rhino_1_no_possible_move_means_no_effect() -> None:
    state = build(hands=([y(2), g(1)], [g(3), g(4)]), piles=((), [[b(1)]]))
    state, events = act(state, 0, PlayCard(y(2)))
    assert state.phase == PLAY and state.chooser == 1
    assert event(events, ev.PowerWithoutEffect) == ev.PowerWithoutEffect(seat=0, power="rhino")


def test_aw_cheetah_1_chooses_who_leads_next() -> None:
    state = build(hands=([g(3), b(1)], [g(6), b(2)]))
    state, _ = act(state, 0, PlayCard(g(3)))
    assert GAME.legal_actions(state, 0) == [CheetahChoice(0), CheetahChoice(1), SkipPower()]
    state, _ = act(state, 0, CheetahChoice(0))
    assert GAME.view(state, 1).next_leader == 0
    state, events = act(state, 1, PlayCard(g(6)))
    assert event(events, ev.TrickWon).winner == 1
    assert event(events, ev.NextLeader) == ev.NextLeader(seat=0, by_cheetah=True)
    assert state.leader == 0 and state.chooser == 0 and state.next_leader == -1


def test_aw_cheetah_1_second_cheetah_choice_stands() -> None:
    state = build(hands=([g(3), b(1)], [y(3), b(2)]))
    state, _ = act(state, 0, PlayCard(g(3)))
    state, _ = act(state, 0, CheetahChoice(0))
    state, _ = act(state, 1, PlayCard(y(3)))  # a discard, but still a Cheetah
    assert state.phase == CHEETAH_CHOICE and state.chooser == 1
    state, events = act(state, 1, CheetahChoice(1))
    assert event(events, ev.TrickWon).winner == 0
    assert state.leader == 1
    # A second Cheetah that skips leaves the first choice standing.
    state = build(hands=([g(3), b(1)], [y(3), b(2)]))
    state, _ = act(state, 0, PlayCard(g(3)))
    state, _ = act(state, 0, CheetahChoice(1))
    state, _ = act(state, 1, PlayCard(y(3)))
    state, _ = act(state, 1, SkipPower())
    assert state.leader == 1


def test_aw_cheetah_1_no_choice_in_the_last_trick() -> None:
    state = build(hands=([g(3)], [g(4)]))
    state, events = act(state, 0, PlayCard(g(3)))
    assert state.phase == PLAY
    assert event(events, ev.PowerWithoutEffect).power == "cheetah"


def test_aw_hyena_1_fourth_hyena_loses_the_round_at_once() -> None:
    state = build(
        hands=([k(6), g(1), g(2)], [k(4), y(1), b(1)]),
        trick_piles=([g(4), y(4), b(4), g(6), y(6), b(6), g(5), y(5), b(5)], None),
        leader=1,
    )
    state, _ = act(state, 1, PlayCard(k(4)))
    state, events = act(state, 0, PlayCard(k(6)))
    over = event(events, ev.RoundOver)
    assert over.winner == 1 and over.reason == FOUR_HYENAS
    assert over.hyenas == (4, 0)
    assert over.crowns[0] > over.crowns[1]  # crowns do not save them
    assert state.hands[0] == [g(1), g(2)]  # the round stopped with cards left
    assert state.phase == CHOOSE_LEADER and state.chooser == 0
    assert ev.NextLeader not in kinds(events)


def test_aw_snake_1_paralyses_a_pile_top_for_the_next_play() -> None:
    state = build(
        hands=([g(5), b(1)], [g(1), y(1)]),
        piles=((), [[Down(k(1)), g(2)], [Down(k(2)), y(3)]]),
    )
    state, _ = act(state, 0, PlayCard(g(5)))
    assert state.phase == SNAKE_PICK and state.chooser == 0
    picks = GAME.legal_actions(state, 0)
    assert SnakePick(target_card=g(2)) in picks and SnakePick(target_card=y(3)) in picks
    assert SnakePick(hand_position=0) in picks and SnakePick(hand_position=1) in picks
    assert SnakePick(hand_position=2) not in picks and SkipPower() in picks
    assert GAME.view(state, 0).snake_hand_positions == 2
    state, events = act(state, 0, SnakePick(target_card=g(2)))
    assert event(events, ev.CardParalysed).card == CARD_VIEWS[g(2)]
    assert state.paralysed[1] == [g(2)]
    assert [a.card for a in GAME.legal_actions(state, 1)] == [g(1)]
    assert reason_of(state, 1, PlayCard(g(2))) == "CARD_PARALYSED"
    for seat in (0, 1, None):
        assert GAME.view(state, seat).players[1].paralysed[0].card == g(2)
    state, events = act(state, 1, PlayCard(g(1)))
    assert state.paralysed[1] == []  # free again after another card was played
    assert event(events, ev.ParalysisEnded) == ev.ParalysisEnded(seat=1, reason="played")


def test_aw_snake_1_blind_hand_pick_is_known_to_its_owner_only() -> None:
    chosen = set()
    for seed in range(12):
        state = build(
            hands=([g(5), b(1)], [y(1), y(2), b(6)]),
            piles=((), [[y(3)]]),
            seed=seed,
        )
        state, _ = act(state, 0, PlayCard(g(5)))
        state, events = act(state, 0, SnakePick(hand_position=0))
        public_pick = event(events, ev.CardParalysed)
        assert public_pick.audience is None and public_pick.card is None
        own = event(events, ev.HandCardParalysed)
        assert own.audience == frozenset({1})
        (card,) = state.paralysed[1]
        assert own.card == CARD_VIEWS[card] and card in state.hands[1]
        chosen.add(card)
        assert GAME.view(state, 0).players[1].paralysed == ()
        assert GAME.view(state, 0).players[1].paralysed_unknown == 1
        assert GAME.view(state, None).players[1].paralysed_unknown == 1
        assert [c.card for c in GAME.view(state, 1).players[1].paralysed] == [card]
    assert len(chosen) > 1  # the order the chooser sees is shuffled


def test_aw_snake_1_last_available_card_cannot_be_paralysed() -> None:
    state = build(hands=([g(5), b(1)], [g(1)]), piles=((), [[Down(k(1))]]))
    state, events = act(state, 0, PlayCard(g(5)))
    assert state.phase == PLAY and state.chooser == 1
    assert event(events, ev.PowerWithoutEffect).power == "snake"
    # With two cards, the second cannot be paralysed once the first is.
    state = build(hands=([g(5), b(1)], [g(1), y(1)]), paralysed=((), [y(1)]))
    state, _ = act(state, 0, PlayCard(g(5)))
    assert state.phase == PLAY


def test_aw_snake_1_paralysed_card_does_not_oblige_to_follow() -> None:
    state = build(
        hands=([b(5), b(1)], [b(2), y(6), e(9)]),
        piles=((), [[b(4)]]),
        leader=1,
    )
    state, _ = act(state, 1, PlayCard(b(2)))  # a Rhino: seat 0 has no pile
    state, _ = act(state, 0, PlayCard(b(5)))  # seat 0 follows with a Snake...
    state, _ = act(state, 0, SnakePick(target_card=b(4)))  # ...on seat 1's only brown
    state, _ = act(state, 0, PlayCard(b(1)))  # seat 0 won the trick and leads brown
    # Seat 1's brown Hyena is paralysed: it does not count, so an Eagle is due.
    assert [a.card for a in GAME.legal_actions(state, 1)] == [e(9)]
    state = build(hands=([k(1), g(1)], [k(2), y(6)]), paralysed=((), [k(2)]))
    state, _ = act(state, 0, PlayCard(k(1)))
    assert [a.card for a in GAME.legal_actions(state, 1)] == [y(6)]  # free to discard


def test_aw_snake_1_invalid_picks_reveal_nothing() -> None:
    state = build(hands=([g(5), b(1)], [y(1), y(2)]), piles=((), [[y(3)]]))
    state, _ = act(state, 0, PlayCard(g(5)))
    assert reason_of(state, 0, SnakePick(target_card=y(1))) == "INVALID_SNAKE_TARGET"
    with pytest.raises(Exception) as in_hand:
        GAME.apply(state, 0, SnakePick(target_card=y(1)))
    with pytest.raises(Exception) as elsewhere:
        GAME.apply(state, 0, SnakePick(target_card=k(1)))
    assert str(in_hand.value) == str(elsewhere.value)  # same words whether they hold it
    assert reason_of(state, 0, SnakePick()) == "INVALID_SNAKE_TARGET"
    assert reason_of(state, 0, SnakePick(y(3), 0)) == "INVALID_SNAKE_TARGET"
    assert reason_of(state, 0, SnakePick(hand_position=2)) == "INVALID_SNAKE_TARGET"


# --------------------------------------------------------------------------------------------
# Stuck, time
# --------------------------------------------------------------------------------------------


def test_aw_stuck_1_paralysis_ends_when_it_is_all_they_have() -> None:
    state = build(
        hands=([y(2), g(1)], []),
        piles=((), [[g(3)], [b(6)]]),
        paralysed=((), [g(3)]),
    )
    state, _ = act(state, 0, PlayCard(y(2)))
    state, events = act(state, 0, RhinoMove(1, 0))  # b(6) goes under g(3)
    assert event(events, ev.ParalysisEnded) == ev.ParalysisEnded(seat=1, reason="stuck")
    assert state.paralysed[1] == []
    assert GAME.legal_actions(state, 1) == [PlayCard(g(3))]


def test_aw_stuck_1_face_down_tops_turn_up_at_once() -> None:
    state = build(hands=([y(2), g(1)], []), piles=((), [[Down(k(3))], [b(6)]]))
    state, _ = act(state, 0, PlayCard(y(2)))
    state, events = act(state, 0, RhinoMove(1, 0))  # b(6) goes under the face-down k(3)
    turned = event(events, ev.CardsTurnedUp)
    assert turned == ev.CardsTurnedUp(
        cards=(ev.TurnedCard(seat=1, pile=0, card=CARD_VIEWS[k(3)]),), reason="stuck"
    )
    assert state.face_up[k(3)]
    assert GAME.legal_actions(state, 1) == [PlayCard(k(3))]


def test_aw_time_1_option_clock_and_pending() -> None:
    assert GAME.validate_options({}) == {"decision_seconds": 60, "pause_seconds": 20}
    assert GAME.validate_options({"decision_seconds": "0"})["decision_seconds"] == 0
    for bad in (-1, 601, "soon"):
        with pytest.raises(InvalidOptions):
            GAME.validate_options({"decision_seconds": bad})
    assert GAME.info.clock("decision").option == "decision_seconds"
    state = GAME.new_match(GAME.validate_options({"decision_seconds": 30}), 2, seed=2)
    assert state.decision_seconds == 30
    assert GAME.pending(state) == (Pending(state.leader, "decision"),)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1 - state.leader, Timeout())


def test_aw_time_1_lowest_legal_card_hand_before_piles() -> None:
    state = build(hands=([b(6), y(2), g(2)], [y(5), g(1)]), piles=([[k(1)]], [[y(1)], [b(3)]]))
    state, events = act(state, 0, Timeout())
    played = event(events, ev.CardPlayed)
    assert played.card == CARD_VIEWS[g(2)]
    state, _ = act(state, 0, Timeout())  # the Rhino's move is skipped
    assert state.phase == PLAY and state.piles[1] == [[y(1)], [b(3)], [], []]
    state, events = act(state, 1, Timeout())  # must follow green: g(1) from the hand
    assert event(events, ev.CardPlayed).card == CARD_VIEWS[g(1)]
    state = build(hands=([y(3), b(1)], [g(1)]), piles=((), [[y(6)], [y(4)]]))
    state, _ = act(state, 0, PlayCard(y(3)))
    state, _ = act(state, 0, SkipPower())
    state, events = act(state, 1, Timeout())  # no legal hand card: the lowest pile top
    assert event(events, ev.CardPlayed) == ev.CardPlayed(
        seat=1, card=CARD_VIEWS[y(4)], source="pile", pile=1
    )


def test_aw_time_1_decisions_on_timeout() -> None:
    # A following Eagle fights.
    state = build(hands=([b(6), g(1)], [e(8), g(2)]))
    state, _ = act(state, 0, PlayCard(b(6)))
    state, _ = act(state, 1, PlayCard(e(8)))
    state, events = act(state, 1, Timeout())
    assert event(events, ev.EagleChoice) == ev.EagleChoice(seat=1, fight=True)
    assert state.last_trick[3] == 1
    # A Snake is skipped.
    state = build(hands=([g(5), b(1)], [y(1), y(2)]))
    state, _ = act(state, 0, PlayCard(g(5)))
    state, events = act(state, 0, Timeout())
    assert event(events, ev.PowerSkipped) == ev.PowerSkipped(seat=0, power="snake")
    assert state.paralysed == [[], []]
    # A Cheetah keeps the lead for its player, even when the trick is lost.
    state = build(hands=([g(3), b(1)], [g(6), b(2)]))
    state, _ = act(state, 0, PlayCard(g(3)))
    state, _ = act(state, 0, Timeout())
    state, _ = act(state, 1, PlayCard(g(6)))
    assert state.last_trick[3] == 1 and state.leader == 0
    # A round loser chooses to lead.
    state = build(hands=([k(6)], [k(5)]), trick_piles=([g(4), g(6), y(6)], None))
    state, _ = act(state, 0, PlayCard(k(6)))
    state, _ = act(state, 1, PlayCard(k(5)))
    loser = state.chooser
    state, events = act(state, loser, Timeout())
    assert event(events, ev.LeaderChosen) == ev.LeaderChosen(seat=loser, leader=loser)
    assert state.leader == loser and state.round_no == 2


# --------------------------------------------------------------------------------------------
# End of round and match
# --------------------------------------------------------------------------------------------


def _last_trick(trick_pile_0: list[int], hands: tuple[list[int], list[int]]) -> AwimbaweState:
    return build(hands=(hands[0], hands[1]), trick_piles=(trick_pile_0, None))


def test_aw_end_1_more_crowns_wins_the_round() -> None:
    state = _last_trick([g(6), y(6), b(6), g(4)], ([k(1)], [k(2)]))
    state, _ = act(state, 0, PlayCard(k(1)))
    state, events = act(state, 1, PlayCard(k(2)))
    over = event(events, ev.RoundOver)
    assert over.crowns == (9, 23) and over.winner == 1
    assert over.reason == MORE_CROWNS
    assert state.rounds_won == [0, 1]


def test_aw_end_1_equal_crowns_fewer_hyenas_win() -> None:
    # Seat 0 wins the last trick, holds 3 Hyenas; crowns end 16 to 16.
    state = _last_trick([g(4), y(4), b(4), g(6), y(6)], ([k(6)], [k(5)]))
    state, _ = act(state, 0, PlayCard(k(6)))
    state, events = act(state, 1, PlayCard(k(5)))
    over = event(events, ev.RoundOver)
    assert over.crowns == (16, 16) and over.hyenas == (3, 1)
    assert over.winner == 1 and over.reason == FEWER_HYENAS


def test_aw_end_1_equal_crowns_and_hyenas_last_trick_wins() -> None:
    state = _last_trick([g(4), g(6), y(6), g(5), y(5), b(5), g(1)], ([k(6)], [k(4)]))
    state, _ = act(state, 0, PlayCard(k(6)))
    state, events = act(state, 1, PlayCard(k(4)))
    over = event(events, ev.RoundOver)
    assert over.crowns == (16, 16) and over.hyenas == (2, 2)
    assert over.winner == 0 and over.reason == LAST_TRICK
    view = GAME.view(state, None)
    assert view.round_results[0].reason == LAST_TRICK and view.round_results[0].winner == 0


def test_aw_heir_1_and_aw_match_1_gold_heir_winning_again_wins_the_match() -> None:
    state = build(
        hands=([k(6)], [k(5)]),
        trick_piles=([g(4), g(6), y(6), b(6)], None),
        rounds_won=(0, 1),
    )
    assert [s.heir for s in GAME.view(state, 0).players] == ["silver", "gold"]
    assert GAME.outcome(state) is None
    state, _ = act(state, 0, PlayCard(k(6)))
    state, events = act(state, 1, PlayCard(k(5)))
    assert event(events, ev.RoundOver).winner == 1
    assert event(events, ev.MatchOver) == ev.MatchOver(winner=1, rounds_won=(0, 2))
    assert state.phase == OVER and GAME.pending(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (1,) and outcome.scores == (0, 2) and outcome.reason == "TWO_ROUNDS"
    assert outcome.detail == AwimbaweOutcome(
        (RoundResultView(round=1, winner=1, reason=MORE_CROWNS, crowns=(12, 20), hyenas=(1, 3)),)
    )
    json.dumps(to_data(outcome.detail))
    assert GAME.view(state, 0).match_winner == 1 and GAME.view(state, 0).decision == ""
    with pytest.raises(MatchFinished):
        GAME.apply(state, 1, ChooseLeader(0))
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1) == []


def test_aw_match_1_a_full_match_goes_to_two_round_wins() -> None:
    for seed in range(20):
        final, _ = random_playout(GAME, 2, seed, chooser_seed=seed)
        assert isinstance(final, AwimbaweState)
        outcome = GAME.outcome(final)
        assert outcome is not None and max(outcome.scores) == 2
        assert 2 <= sum(outcome.scores) <= 3 and final.round_no == sum(outcome.scores)
        assert outcome.scores[outcome.winners[0]] == 2


def test_aw_inv_1_all_28_cards_always_present() -> None:
    steps = 0

    def on_step(before: Any, seat: int, action: Any, after: Any, events: Any) -> None:
        nonlocal steps
        check(after)
        steps += 1

    for seed in range(10):
        random_playout(GAME, 2, seed, chooser_seed=seed + 100, on_step=on_step)
    assert steps > 500
    broken = GAME.new_match(GAME.validate_options({}), 2, seed=1)
    broken.trick_piles[0].append(broken.hands[1][0])
    with pytest.raises(AssertionError):
        check(broken)


# --------------------------------------------------------------------------------------------
# Interface: errors, views, hidden information, storage
# --------------------------------------------------------------------------------------------


def refusal_of(state: AwimbaweState, seat: int, action: Any) -> IllegalAction:
    before = GAME.encode(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert GAME.encode(state) == before
    return info.value


def test_aw_trick_1_a_refused_card_is_named_with_why_and_never_where_a_hidden_card_is() -> None:
    """CARD_NOT_AVAILABLE names the card sent and why, from what the table shows everyone:
    on the table, covered in your pile, in the opponent's piles; a card the player cannot
    see (a face-down pile card, the opponent's hand) is ``not_yours`` alike, so the refusal
    never tells where it lies."""
    state = build(
        hands=([g(1), y(6)], [g(2), b(6)]),
        piles=([[Down(k(1)), b(3)], [b(1), Down(k(2)), k(3)]], [[Down(y(3)), y(1)], [y(2)]]),
    )
    cases = {
        k(1): "not_yours",  # face down in my own pile
        y(3): "not_yours",  # face down in the opponent's pile
        g(2): "not_yours",  # in the opponent's hand
        b(1): "covered",
        y(1): "opponents_pile",
        99: "no_such_card",
    }
    for card, why in cases.items():
        refused = refusal_of(state, 0, PlayCard(card))
        assert refused.reason == "CARD_NOT_AVAILABLE"
        assert refused.details == {"card": str(card), "why": why}
        if card < 28:
            assert card_name(card) in refused.message
    hidden = {refusal_of(state, 0, PlayCard(c)).message.split(":")[1] for c in (k(1), y(3), g(2))}
    assert len(hidden) == 1  # the same words wherever the unseen card lies
    state, _ = act(state, 0, PlayCard(g(1)))
    on_table = refusal_of(state, 1, PlayCard(g(1)))
    assert on_table.details == {"card": str(g(1)), "why": "on_the_table"}
    wrong_colour = refusal_of(state, 1, PlayCard(b(6)))
    assert wrong_colour.reason == "MUST_FOLLOW_COLOUR"
    assert wrong_colour.details == {"card": str(b(6)), "led": str(g(1))}
    assert card_name(b(6)) in wrong_colour.message


def test_wrong_actions_have_stable_reasons() -> None:
    state = build(hands=([g(1), b(1)], [g(2), b(2)]))
    assert reason_of(state, 0, EagleChoice(True)) == "NO_DECISION_PENDING"
    assert reason_of(state, 0, SkipPower()) == "NO_DECISION_PENDING"
    assert reason_of(state, 0, PlayCard(99)) == "CARD_NOT_AVAILABLE"
    with pytest.raises(WrongGame):
        GAME.apply(state, 0, "play the mouse")
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, PlayCard(g(2)))
    assert GAME.is_legal(state, 0, PlayCard(g(1)))


def test_views_are_frozen_and_hide_the_opponent_hand() -> None:
    state = GAME.new_match(GAME.validate_options({}), 2, seed=9)
    view = GAME.view(state, 1)
    assert isinstance(view, AwimbaweView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.round = 3  # type: ignore[misc]
    assert view.players[0].hand_count == 6 and len(view.hand) == 6
    assert GAME.view(state, None).hand == ()
    assert [c.card for c in view.hand] == sorted(state.hands[1])


def test_determinize_respects_known_voids_and_keeps_views() -> None:
    state = build(
        hands=([g(1), g(2), k(2)], [y(1), y(6), b(1), k(6)]),
        piles=([[Down(g(3)), b(2)], [Down(y(5)), b(5)]], [[Down(e(9)), k(3)]]),
        trick_piles=([], None),
    )
    state, _ = act(state, 0, PlayCard(g(1)))
    state, _ = act(state, 1, PlayCard(y(1)))  # a discard: no green and no Eagle in hand
    assert state.voids[1] == (1 << GREEN) | (1 << SKY)
    rng = Rng.from_seed(4)
    hidden = set(state.hands[1]) | {g(3), y(5), e(9)}
    seen_hands = set()
    for _ in range(60):
        world = GAME.determinize(state, 0, rng)
        check(world)
        assert all(COLOUR[c] not in (GREEN, SKY) for c in world.hands[1])
        down = {world.piles[0][0][0], world.piles[0][1][0], world.piles[1][0][0]}
        assert set(world.hands[1]) | down == hidden
        assert world.hands[0] == state.hands[0]
        assert GAME.view(world, 0) == GAME.view(state, 0)
        seen_hands.add(tuple(sorted(world.hands[1])))
    assert len(seen_hands) > 1


def test_determinize_moves_a_blind_paralysis_with_the_hand() -> None:
    state = build(hands=([g(5), b(1)], [y(1), y(2), b(6)]), piles=((), [[y(3)]]))
    state, _ = act(state, 0, PlayCard(g(5)))
    state, _ = act(state, 0, SnakePick(hand_position=1))
    rng = Rng.from_seed(8)
    for seat in (0, None):
        for _ in range(20):
            world = GAME.determinize(state, seat, rng)
            check(world)
            assert len(world.paralysed[1]) == 1 and world.paralysed[1][0] in world.hands[1]
            assert GAME.view(world, seat) == GAME.view(state, seat)
    assert GAME.determinize(state, 1, rng).paralysed == state.paralysed


def test_storage_round_trip_and_clone_independence() -> None:
    state = build(
        hands=([g(5), b(1)], [y(1), y(2), b(6)]),
        piles=([[Down(k(1)), k(2)]], [[y(3)]]),
        paralysed=((), [y(3)]),
    )
    data = GAME.encode(state)
    assert GAME.decode(data) == state and GAME.encode(GAME.decode(data)) == data
    twin = state.clone()
    assert twin == state
    twin.piles[0][0].append(99)
    twin.paralysed[1].clear()
    assert twin != state and state.piles[0][0] == [k(1), k(2)]
    assert repr(state) == "<AwimbaweState version=0>"  # no secret in a log line
