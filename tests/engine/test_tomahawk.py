"""Tomahawk Tribal: one or more tests per rule id of ``docs/games/tomahawk-rules.md``.

Most tests build a table by hand with :func:`table` (exact hands, top card, draw pile) and
play one or two actions on it, so each rule is checked on a position that exercises it.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

import pytest

from engine import registry
from engine.core import (
    IllegalAction,
    NotYourTurn,
    Pending,
    StaleVersion,
    Timeout,
    TooLate,
    Transition,
)
from engine.events import Event
from engine.games.tomahawk import (
    DRAWN,
    FACE_DRAW,
    FACE_SKIP,
    NAME_COLOUR,
    OVER,
    PLAY,
    Agilite,
    CallSherif,
    CallTomahawk,
    Combo,
    Draw,
    NameColour,
    Pass,
    PlayCard,
    TakePendingDraw,
    TakeSkip,
    TomahawkGame,
    TomahawkState,
    TomahawkView,
)
from engine.games.tomahawk import round as tt_round
from engine.games.tomahawk.actions import TomahawkAction
from engine.games.tomahawk.cards import (
    ALL_CARDS,
    COLOUR,
    COLOUR_INDEX,
    COLOUR_NAMES,
    FACE,
    FACES,
    KIND,
    KIND_INDEX,
    KIND_NAMES,
    NO_COLOUR,
    POINTS,
    SYMBOLS,
)
from engine.games.tomahawk.conformance import check
from engine.games.tomahawk.events import (
    CardPlayed,
    ColourNamed,
    ComboPlayed,
    Drew,
    DrewCards,
    EffectReturned,
    HandReceived,
    HandsPassed,
    HandsSwapped,
    MatchEnded,
    Passed,
    Penalty,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    SherifCalled,
    SheriffPending,
    TomahawkCalled,
    TurnSkipped,
)
from engine.info import InvalidOptions
from engine.playout import random_playout
from engine.rng import Rng

_REGISTERED = registry.get("tomahawk")
assert isinstance(_REGISTERED, TomahawkGame)
GAME: TomahawkGame = _REGISTERED
E = TypeVar("E", bound=Event)


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def cid(kind: str, colour: str | None = None, copy: int = 0) -> int:
    """The id of a card: ``cid("bison", "red")``, ``cid("diamond", copy=2)``."""
    k = KIND_INDEX[kind]
    c = NO_COLOUR if colour is None else COLOUR_INDEX[colour]
    return [x for x in ALL_CARDS if KIND[x] == k and COLOUR[x] == c][copy]


def table(
    hands: list[list[int]],
    top: int,
    *,
    turn: int = 0,
    colour: str | None = None,
    draw: list[int] | None = None,
    rest_to: int | None = None,
    target_score: int = 250,
    pause_seconds: int = 0,
    **fields: Any,
) -> TomahawkState:
    """A mid-round table with exactly these hands and top card.

    Every other card goes to the draw pile, or (``draw`` given) under the top card of the
    discard pile, or (``rest_to``) into that seat's hand. ``fields`` override state fields.
    No rest between rounds unless ``pause_seconds`` (TT-PAUSE-1 has its own tests).
    """
    players = len(hands)
    options = {"first_player": 0, "target_score": target_score, "pause_seconds": pause_seconds}
    s = GAME.new_match(GAME.validate_options(options), players, 99)
    used = [c for h in hands for c in h] + [top] + list(draw or [])
    assert len(set(used)) == len(used), "a card is used twice"
    rest = [c for c in ALL_CARDS if c not in set(used)]
    s.hands = [list(h) for h in hands]
    if rest_to is not None:
        s.hands[rest_to] += rest
        rest = []
    if draw is None:
        s.draw, s.discard = rest, [top]
    else:
        s.draw, s.discard = list(draw), [*rest, top]
    s.colour = COLOUR_INDEX[colour] if colour else COLOUR[top]
    s.turn = turn
    s.phase = PLAY
    s.direction = 1
    s.pending = 0
    s.caster = -1
    s.drawn = -1
    s.last_card = -1
    s.last_player = -1
    s.called = s.may_call = s.skip_next = 0
    s.suffered_from = (-1,) * players
    s.suffered_draw = (0,) * players
    s.passes = 0
    for name, value in fields.items():
        setattr(s, name, value)
    s.ones = sum(1 << t for t, h in enumerate(s.hands) if len(h) == 1)
    check(s)
    return s


def act(s: TomahawkState, seat: int, action: TomahawkAction | Timeout) -> Transition[TomahawkState]:
    t = GAME.apply(s, seat, action)
    check(t.state)
    return t


def events(t: Transition[TomahawkState]) -> tuple[Event, ...]:
    """The events of ``t``."""
    return t.events


def kinds(t: Transition[TomahawkState]) -> list[type]:
    return [type(e) for e in events(t)]


def event(t: Transition[TomahawkState], cls: type[E]) -> E:
    found = [e for e in events(t) if isinstance(e, cls)]
    assert found, f"no {cls.kind} event in {[e.kind for e in events(t)]}"
    return found[0]


def reason_of(exc: pytest.ExceptionInfo[IllegalAction]) -> str:
    return exc.value.reason


def first_card_table(kind: str, players: int = 3) -> TomahawkState:
    """A new match (starter: seat 0) whose first turned-up card is of ``kind``."""
    options = GAME.validate_options({"first_player": 0})
    for seed in range(5000):
        s = GAME.new_match(options, players, seed)
        if KIND[s.discard[0]] == KIND_INDEX[kind]:
            return s
    raise AssertionError(f"no seed turns up a {kind}")


B_RED, B_RED2, B_BLUE = cid("bison", "red"), cid("bison", "red", 1), cid("bison", "blue")
E_RED, E_BLUE, W_VIOLET = cid("eagle", "red"), cid("eagle", "blue"), cid("wolf", "violet")
W_WHITE = cid("wolf", "white")
S1_RED, S1_RED2, S1_BLUE = (
    cid("sheriff_1", "red"),
    cid("sheriff_1", "red", 1),
    cid("sheriff_1", "blue"),
)
S2_RED, S3_WHITE = cid("sheriff_2", "red"), cid("sheriff_3", "white")
SKIP_RED, SKIP_RED2 = cid("skip", "red"), cid("skip", "red", 1)
REV_RED = cid("reverse", "red")
SH_RED, SH_RED2, SH_BLUE = cid("shield", "red"), cid("shield", "red", 1), cid("shield", "blue")
DIAMOND, DIAMOND2 = cid("diamond"), cid("diamond", copy=1)
CALUMET, CALUMET2 = cid("calumet"), cid("calumet", copy=1)
SHAMAN, WHEEL, WHEEL2 = cid("shaman"), cid("wheel"), cid("wheel", copy=1)


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------


def test_tt_deck_1_four_colours() -> None:
    """TT-DECK-1: red, blue, violet, white (the tribal kinds are colourless)."""
    assert COLOUR_NAMES == ("red", "blue", "violet", "white")
    assert {COLOUR[c] for c in ALL_CARDS} == {0, 1, 2, 3, NO_COLOUR}
    assert GAME.view(table([[B_RED], [E_RED]], W_VIOLET), 0).colour == "violet"


def test_tt_deck_2_eighty_classic_cards_twice_each() -> None:
    """TT-DECK-2: 10 symbols x 4 colours, each twice, 5 points each."""
    classic = [c for c in ALL_CARDS if KIND_NAMES[KIND[c]] in SYMBOLS]
    assert len(classic) == 80
    assert len(SYMBOLS) == 10
    faces = {(KIND[c], COLOUR[c]) for c in classic}
    assert len(faces) == 40
    for face in faces:
        assert sum(1 for c in classic if (KIND[c], COLOUR[c]) == face) == 2
    assert {POINTS[c] for c in classic} == {5}


def test_tt_deck_3_fifty_six_special_cards() -> None:
    """TT-DECK-3: the specials' counts, colours and points."""
    expected = {
        "sheriff_1": (8, 2),
        "sheriff_2": (4, 1),
        "sheriff_3": (4, 1),
        "skip": (8, 2),
        "reverse": (8, 2),
        "shield": (8, 2),
    }
    for name, (count, per_colour) in expected.items():
        cards = [c for c in ALL_CARDS if KIND_NAMES[KIND[c]] == name]
        assert len(cards) == count, name
        for colour in range(4):
            assert sum(1 for c in cards if COLOUR[c] == colour) == per_colour, name
        assert {POINTS[c] for c in cards} == {10}
    for name, points in (("diamond", 20), ("calumet", 10), ("shaman", 10), ("wheel", 10)):
        cards = [c for c in ALL_CARDS if KIND_NAMES[KIND[c]] == name]
        assert len(cards) == 4
        assert {COLOUR[c] for c in cards} == {NO_COLOUR}
        assert {POINTS[c] for c in cards} == {points}
    assert sum(1 for c in ALL_CARDS if KIND_NAMES[KIND[c]] not in SYMBOLS) == 56


def test_tt_deck_4_invariant_holds_through_random_matches() -> None:
    """TT-DECK-4: hands + draw + discard = the 136 ids, at every step of whole matches."""
    for players, seed in ((2, 1), (4, 2), (8, 3)):
        final, steps = random_playout(
            GAME, players, seed, chooser_seed=seed, on_step=lambda *a: check(a[3])
        )
        assert steps > 100
        assert isinstance(final, TomahawkState) and GAME.outcome(final) is not None


def test_tt_deck_4_invariant_catches_a_lost_card() -> None:
    """TT-DECK-4: the invariant check is not vacuous."""
    s = table([[B_RED], [E_RED]], W_VIOLET)
    s.draw.pop()
    with pytest.raises(AssertionError):
        check(s)
    s = table([[B_RED], [E_RED]], W_VIOLET)
    s.hands[0].append(s.draw[0])
    with pytest.raises(AssertionError):
        check(s)


# --------------------------------------------------------------------------------------------
# Set-up
# --------------------------------------------------------------------------------------------


def test_tt_setup_1_two_to_eight_players_eight_cards_each() -> None:
    """TT-SETUP-1: 2..8 players, 8 cards each, one card face up."""
    options = GAME.validate_options({})
    for bad in (1, 9):
        with pytest.raises(InvalidOptions):
            GAME.new_match(options, bad, 0)
    for players in range(2, 9):
        s = GAME.new_match(options, players, players)
        assert [len(h) for h in s.hands] == [8] * players
        assert len(s.discard) == 1
        assert len(s.draw) == 136 - 8 * players - 1
        check(s)


def test_tt_setup_2_first_sheriff_is_faced_by_the_starter() -> None:
    """TT-SETUP-2: a Sheriff first: the starter faces its draw, cast by the seat before."""
    s = first_card_table("sheriff_2")
    assert (s.phase, s.turn, s.pending, s.caster) == (FACE_DRAW, 0, 2, 2)
    assert GAME.view(s, 0).phase == "face_sheriff"
    actions = GAME.legal_actions(s, 0)
    assert TakePendingDraw() in actions
    assert all(
        not isinstance(a, PlayCard)
        or KIND_NAMES[KIND[a.card]] in ("sheriff_1", "sheriff_2", "sheriff_3", "shield")
        for a in actions
    )
    t = act(s, 0, TakePendingDraw())
    assert len(t.state.hands[0]) == 10
    assert t.state.turn == 1


def test_tt_setup_2_first_skip_reverse_and_colourless() -> None:
    """TT-SETUP-2: Skip skips the starter; Reverse turns the play; colourless: name a colour."""
    s = first_card_table("skip")
    assert (s.phase, s.turn, s.caster) == (FACE_SKIP, 0, 2)
    assert act(s, 0, TakeSkip()).state.turn == 1

    s = first_card_table("reverse", players=4)
    assert (s.direction, s.turn, s.phase) == (-1, 3, PLAY)

    s = first_card_table("reverse", players=2)  # TT-REV-1: a Skip with two players
    assert (s.phase, s.turn, s.caster) == (FACE_SKIP, 0, 1)

    for kind in ("diamond", "calumet", "shaman"):
        s = first_card_table(kind)
        assert (s.phase, s.turn, s.colour) == (NAME_COLOUR, 0, -1)
        assert GAME.view(s, 0).colour is None
        assert [len(h) for h in s.hands] == [8, 8, 8]
        assert set(GAME.legal_actions(s, 0)) == {NameColour(c) for c in COLOUR_NAMES}
        card = next(c for c in s.hands[0])
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, 0, PlayCard(card))
        assert reason_of(exc) == "MUST_NAME_COLOUR"
        named = act(s, 0, NameColour("violet")).state
        assert (named.colour, named.phase, named.turn) == (COLOUR_INDEX["violet"], PLAY, 0)

    s = first_card_table("shield")  # no effect: an ordinary coloured card
    assert (s.phase, s.turn, s.colour) == (PLAY, 0, COLOUR[s.discard[0]])


def test_tt_setup_2_a_shield_sends_the_first_skip_back_to_the_seat_before() -> None:
    """TT-SETUP-2 / TT-SHIELD-1 [decision]: the first Skip is cast by the seat before the
    starter; a Shield sends it back to that seat, who loses its next turn."""
    s = first_card_table("skip", players=3)
    assert (s.phase, s.turn, s.caster) == (FACE_SKIP, 0, 2)
    if not any(KIND[c] == KIND_INDEX["shield"] for c in s.hands[0]):
        pile = next(p for p in (s.draw, s.hands[1], s.hands[2]) if SH_RED in p)
        pile[pile.index(SH_RED)], s.hands[0][0] = s.hands[0][0], SH_RED
    check(s)
    shield = next(c for c in s.hands[0] if KIND[c] == KIND_INDEX["shield"])
    t = act(s, 0, PlayCard(shield))
    assert event(t, EffectReturned) == EffectReturned(0, 2, "shield", 0)
    assert (t.state.turn, t.state.skip_next) == (1, 1 << 2)


def test_tt_setup_2_first_wheel_passes_every_hand_once() -> None:
    """TT-SETUP-2 / TT-WHEEL-1: a Wheel first: every dealt hand moves to the next seat."""
    s = first_card_table("wheel", players=4)
    seed = next(
        seed
        for seed in range(5000)
        if GAME.encode(GAME.new_match(GAME.validate_options({"first_player": 0}), 4, seed))
        == GAME.encode(s)
    )
    deck = list(ALL_CARDS)
    Rng.from_seed(seed).shuffle(deck)
    dealt = [deck[i * 8 : (i + 1) * 8] for i in range(4)]
    assert s.hands == [dealt[3], dealt[0], dealt[1], dealt[2]]
    assert s.phase == NAME_COLOUR


def test_tt_setup_3_first_player_option_and_seeded_draw() -> None:
    """TT-SETUP-3: the seeded RNG picks the starter; ``first_player`` fixes it."""
    starters = set()
    for seed in range(40):
        a = GAME.new_match(GAME.validate_options({}), 5, seed)
        b = GAME.new_match(GAME.validate_options({}), 5, seed)
        assert GAME.encode(a) == GAME.encode(b)
        if KIND_NAMES[KIND[a.discard[0]]] != "reverse":
            starters.add(a.turn)
    assert len(starters) > 2  # not always the same seat
    for seed in range(40):
        s = GAME.new_match(GAME.validate_options({"first_player": 3}), 5, seed)
        if KIND_NAMES[KIND[s.discard[0]]] != "reverse":
            assert s.turn == 3
    with pytest.raises(InvalidOptions):
        GAME.new_match(GAME.validate_options({"first_player": 4}), 3, 0)
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"first_player": 8})
    assert GAME.info.option("first_player").default == -1


def test_tt_setup_3_the_last_seat_of_an_8_player_table_may_start() -> None:
    """TT-SETUP-3 at its boundary: ``first_player`` 7 at 8 players is the last seat, allowed
    and obeyed (the first round's starter, unless the first card reverses the direction);
    8 is refused (a mutation of ``first >= players`` survived every other test)."""
    started = 0
    for seed in range(40):
        s = GAME.new_match(GAME.validate_options({"first_player": 7}), 8, seed)
        if KIND_NAMES[KIND[s.discard[0]]] != "reverse":
            assert s.turn == 7
            started += 1
    assert started > 20
    with pytest.raises(InvalidOptions):
        GAME.new_match(GAME.validate_options({"first_player": 7}), 7, 0)
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"first_player": 8})


# --------------------------------------------------------------------------------------------
# A turn
# --------------------------------------------------------------------------------------------


def test_tt_turn_1_match_colour_or_symbol_colourless_on_anything() -> None:
    """TT-TURN-1: colour or symbol matches; colourless cards go on anything."""
    hand = [B_BLUE, E_RED, W_VIOLET, DIAMOND, S1_BLUE, SH_BLUE]
    s = table([hand, [W_WHITE, B_RED2]], B_RED)  # top: red bison
    plays = {a.card for a in GAME.legal_actions(s, 0) if isinstance(a, PlayCard)}
    assert plays == {B_BLUE, E_RED, DIAMOND}
    for card in (B_BLUE, E_RED):
        assert act(s, 0, PlayCard(card)).state.discard[-1] == card
    for card in (W_VIOLET, S1_BLUE, SH_BLUE):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, 0, PlayCard(card))
        assert reason_of(exc) == "CARD_DOES_NOT_MATCH"
    for card in (CALUMET, SHAMAN, WHEEL):
        s = table([[card, W_VIOLET], [W_WHITE]], B_RED)
        assert any(isinstance(a, PlayCard) and a.card == card for a in GAME.legal_actions(s, 0))


def test_tt_turn_1_sheriffs_share_a_symbol() -> None:
    """TT-TURN-1 [our decision]: any Sheriff may be played on a Sheriff."""
    s = table([[S3_WHITE, B_BLUE], [W_WHITE, E_BLUE]], S1_RED)
    assert act(s, 0, PlayCard(S3_WHITE)).state.pending == 3


def test_tt_turn_1_card_not_in_hand_and_wrong_turn() -> None:
    """TT-TURN-1: merely illegal plays raise a stable reason and change nothing."""
    s = table([[B_BLUE, E_RED], [W_WHITE, E_BLUE]], B_RED)
    before = GAME.encode(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, PlayCard(E_BLUE))
    assert reason_of(exc) == "CARD_NOT_IN_HAND"
    assert "blue" not in exc.value.message and str(W_WHITE) not in exc.value.message
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 1, PlayCard(E_BLUE))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, PlayCard(999))
    assert reason_of(exc) == "CARD_NOT_IN_HAND"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, cast(Any, "play bison"))  # an untyped caller's mistake
    assert reason_of(exc) == "UNKNOWN_ACTION"
    assert GAME.encode(s) == before


def test_tt_turn_2_current_colour() -> None:
    """TT-TURN-2: the top card's colour, the named colour, or unchanged after a tribal card."""
    s = table([[B_BLUE, B_RED2], [W_WHITE, E_RED]], B_RED)
    assert act(s, 0, PlayCard(B_BLUE)).state.colour == COLOUR_INDEX["blue"]
    s = table([[DIAMOND, B_RED2], [W_WHITE, E_RED]], B_RED)
    after = act(s, 0, PlayCard(DIAMOND, colour="white")).state
    assert GAME.view(after, 1).colour == "white"
    assert any(isinstance(a, PlayCard) and a.card == W_WHITE for a in GAME.legal_actions(after, 1))
    for card in (CALUMET, SHAMAN, WHEEL):
        target = 1 if card == CALUMET else None
        s = table([[card, B_RED2, E_RED], [W_WHITE, E_BLUE]], B_BLUE)
        assert act(s, 0, PlayCard(card, target=target)).state.colour == COLOUR_INDEX["blue"]


def test_tt_turn_3_draw_only_when_stuck_then_play_or_keep() -> None:
    """TT-TURN-3: no draw with a playable card; a playable drawn card may be played or kept."""
    s = table([[B_BLUE, W_VIOLET], [W_WHITE, E_BLUE]], B_RED)
    assert Draw() not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, Draw())
    assert reason_of(exc) == "HAS_PLAYABLE_CARD"

    s = table([[W_VIOLET, W_WHITE], [E_BLUE, B_BLUE]], B_RED, draw=[E_RED])
    assert GAME.legal_actions(s, 0) == [Draw()]
    t = act(s, 0, Draw())
    after = t.state
    assert (after.phase, after.turn, after.drawn) == (DRAWN, 0, E_RED)
    assert GAME.view(after, 0).drawn_card is not None
    assert GAME.view(after, 1).drawn_card is None
    assert set(GAME.legal_actions(after, 0)) == {PlayCard(E_RED), Pass()}
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(after, 0, PlayCard(W_VIOLET))
    assert reason_of(exc) in ("ONLY_DRAWN_CARD", "CARD_DOES_NOT_MATCH")
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(after, 0, Draw())
    assert reason_of(exc) == "ALREADY_DREW"
    played = act(after, 0, PlayCard(E_RED)).state
    assert (played.discard[-1], played.turn, played.phase) == (E_RED, 1, PLAY)
    kept = act(after, 0, Pass()).state
    assert (kept.turn, E_RED in kept.hands[0]) == (1, True)

    s = table([[W_VIOLET, W_WHITE], [E_BLUE, B_BLUE]], B_RED, draw=[cid("tipi", "white")])
    after = act(s, 0, Draw()).state  # not playable: the turn ends at once
    assert (after.phase, after.turn, len(after.hands[0])) == (PLAY, 1, 3)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(table([[B_BLUE], [E_BLUE]], B_RED), 0, Pass())
    assert reason_of(exc) == "MUST_PLAY_OR_DRAW"


def test_tt_turn_3_draw_events_hide_the_card() -> None:
    """TT-TURN-3: a draw is public as a count, private to the drawer as card ids."""
    s = table([[W_VIOLET, W_WHITE], [E_BLUE, B_BLUE]], B_RED, draw=[E_RED])
    t = act(s, 0, Draw())
    public_ = [e for e in events(t) if isinstance(e, Drew)]
    private_ = [e for e in events(t) if isinstance(e, DrewCards)]
    assert public_[0] == Drew(0, 1, "turn")
    assert public_[0].audience is None
    assert private_[0].cards == (FACES[E_RED],) and private_[0].audience == frozenset({0})
    assert not private_[0].visible_to(1) and not private_[0].visible_to(None)


def test_tt_turn_4_empty_pile_reshuffles_the_discard_but_its_top() -> None:
    """TT-TURN-4: an empty draw pile is refilled from the discard pile, top card kept."""
    s = table([[W_VIOLET, W_WHITE], [E_BLUE, B_BLUE]], B_RED, draw=[])
    under = s.discard[:-1]
    t = act(s, 0, Draw())
    after = t.state
    assert Reshuffled in kinds(t)
    assert after.discard == [B_RED]
    assert sorted([*after.draw, after.hands[0][-1]]) == sorted(under)


def _blocked_table() -> TomahawkState:
    """Three seats, both piles empty, a red bison on top.

    Every red or colourless card and every bison is in seat 2's hand (seat 2 could play);
    seats 0 and 1 hold only cards that cannot be played.
    """
    playable = [
        c for c in ALL_CARDS if c != B_RED and (COLOUR[c] in (0, NO_COLOUR) or KIND[c] == 0)
    ]
    others = [c for c in ALL_CARDS if c != B_RED and c not in set(playable)]
    hands = [others[:30], others[30:], playable]
    return table(hands, B_RED, draw=[], turn=0, target_score=10_000)


def test_tt_turn_4_both_piles_empty_passes_then_blocked_round() -> None:
    """TT-TURN-4: nothing to draw: the player passes; every player in a row: round ends."""
    s = _blocked_table()
    t = act(s, 0, Draw())
    assert Passed in kinds(t) and event(t, Drew).count == 0
    assert (t.state.turn, t.state.passes) == (1, 1)
    t = act(t.state, 1, Draw())
    assert (t.state.turn, t.state.passes) == (2, 2)
    # Seat 2 could play but runs out of time: the timeout draw finds nothing either.
    points = [sum(POINTS[c] for c in h) for h in t.state.hands]
    t = act(t.state, 2, Timeout())
    ended = event(t, RoundEnded)
    assert ended.winner is None and ended.reason == "blocked"
    assert list(ended.points) == points
    assert t.state.totals == tuple(points) or t.state.phase == OVER
    starter = min(range(3), key=lambda i: (points[i], i))
    assert event(t, RoundStarted).starter == starter


def test_tt_turn_4_a_play_resets_the_passes() -> None:
    """TT-TURN-4: only passes *in a row* end the round."""
    s = _blocked_table()
    s = act(act(s, 0, Draw()).state, 1, Draw()).state
    t = act(s, 2, PlayCard(next(c for c in s.hands[2] if KIND[c] == 0)))
    assert t.state.passes == 0 and RoundEnded not in kinds(t)


def test_tt_turn_5_timeouts() -> None:
    """TT-TURN-5: timeout = take the pending draw / skip, else draw one card and end the turn."""
    spec = GAME.info.clock("turn")
    assert spec.option == "turn_seconds"
    option = GAME.info.option("turn_seconds")
    assert (option.default, option.minimum, option.maximum) == (30, 0, 600)

    # A playable card in hand, a playable card on the draw pile: still draw and end the turn.
    s = table([[B_BLUE, W_VIOLET], [E_BLUE, W_WHITE]], B_RED, draw=[E_RED])
    assert GAME.pending(s) == (Pending(0, "turn"),)
    t = act(s, 0, Timeout())
    assert (t.state.turn, t.state.phase, len(t.state.hands[0])) == (1, PLAY, 3)
    assert kinds(t) == [Drew, DrewCards]  # the update says it was a timeout, not the events
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 1, Timeout())

    # A pending Sheriff draw: it is taken.
    s = table([[S1_BLUE, B_BLUE], [E_BLUE, W_WHITE]], S2_RED, phase=FACE_DRAW, pending=2, caster=1)
    t = act(s, 0, Timeout())
    assert (len(t.state.hands[0]), t.state.turn) == (4, 1)
    # A pending Skip: it is taken.
    s = table([[SH_RED, B_BLUE], [E_BLUE, W_WHITE]], SKIP_RED, phase=FACE_SKIP, caster=1)
    t = act(s, 0, Timeout())
    assert (t.state.hands[0], t.state.turn) == ([SH_RED, B_BLUE], 1)
    assert event(t, TurnSkipped) == TurnSkipped(0, "skip", 1)
    # A drawn card waiting: it is kept.
    s = table([[B_BLUE, E_RED], [E_BLUE, W_WHITE]], B_RED, phase=DRAWN, drawn=E_RED)
    t = act(s, 0, Timeout())
    assert (E_RED in t.state.hands[0], t.state.turn) == (True, 1)


def test_tt_turn_5_timeout_names_the_most_common_colour() -> None:
    """TT-TURN-5 [our decision]: a colour to name: the most common colour in hand."""
    s = table(
        [[W_VIOLET, cid("tipi", "violet"), E_BLUE], [E_RED, W_WHITE]],
        DIAMOND,
        colour="red",
        draw=[B_BLUE],
    )
    s.colour, s.phase = -1, NAME_COLOUR
    t = act(s, 0, Timeout())
    assert event(t, ColourNamed) == ColourNamed(0, "violet")
    assert (t.state.turn, len(t.state.hands[0])) == (1, 4)  # then draws and the turn ends
    assert tt_round.most_common_colour([DIAMOND, CALUMET]) == 0  # nothing coloured: red


def test_tt_turn_6_clockwise_first() -> None:
    """TT-TURN-6: the play starts clockwise (increasing seats)."""
    for seed in range(10):
        s = GAME.new_match(GAME.validate_options({}), 4, seed)
        if KIND_NAMES[KIND[s.discard[0]]] != "reverse":
            assert s.direction == 1
    s = table([[W_WHITE, E_RED], [B_BLUE, E_BLUE], [W_VIOLET, B_RED2]], B_RED, turn=1)
    assert act(s, 1, PlayCard(B_BLUE)).state.turn == 2
    assert GAME.view(s, None).direction == 1


# --------------------------------------------------------------------------------------------
# Special cards
# --------------------------------------------------------------------------------------------


def test_tt_sheriff_1_next_player_faces_the_draw() -> None:
    """TT-SHERIFF-1: Sheriff +N: the next player faces a pending draw of N."""
    s = table([[S2_RED, B_BLUE], [E_BLUE, W_WHITE], [W_VIOLET, E_RED]], B_RED)
    t = act(s, 0, PlayCard(S2_RED))
    after = t.state
    assert (after.phase, after.turn, after.pending, after.caster) == (FACE_DRAW, 1, 2, 0)
    assert event(t, SheriffPending) == SheriffPending(1, 2, 0)
    view = GAME.view(after, 2)
    assert (view.pending_draw, view.attack_from, view.turn) == (2, 0, 1)
    taken = act(after, 1, TakePendingDraw()).state
    assert (len(taken.hands[1]), taken.turn, taken.phase) == (4, 2, PLAY)


def test_tt_stack_1_any_sheriff_stacks_else_draw_all() -> None:
    """TT-STACK-1: any Sheriff adds to the total and passes it on; else draw it all."""
    s = table(
        [
            [S2_RED, B_BLUE, cid("sun", "blue")],
            [S3_WHITE, E_BLUE, W_WHITE],
            [W_VIOLET, E_RED, B_RED2],
        ],
        B_RED,
    )
    s = act(s, 0, PlayCard(S2_RED)).state
    legal = GAME.legal_actions(s, 1)
    assert set(legal) == {PlayCard(S3_WHITE), TakePendingDraw()}
    for bad in (PlayCard(E_BLUE), Draw()):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, 1, bad)
        assert reason_of(exc) == "MUST_ANSWER_SHERIFF"
    s = act(s, 1, PlayCard(S3_WHITE)).state
    assert (s.turn, s.pending, s.caster, s.colour) == (2, 5, 1, COLOUR_INDEX["white"])
    t = act(s, 2, TakePendingDraw())
    assert (len(t.state.hands[2]), t.state.turn, t.state.phase) == (8, 0, PLAY)
    assert event(t, Drew) == Drew(2, 5, "sheriff")
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(t.state, 0, TakePendingDraw())
    assert reason_of(exc) == "NOTHING_TO_TAKE"


def test_tt_skip_1_next_player_loses_the_turn() -> None:
    """TT-SKIP-1: the next player faces the Skip; taking it passes the turn on."""
    s = table([[SKIP_RED, B_BLUE, cid("sun", "blue")], [E_BLUE, W_WHITE], [W_VIOLET, E_RED]], B_RED)
    s = act(s, 0, PlayCard(SKIP_RED)).state
    assert (s.phase, s.turn, s.caster) == (FACE_SKIP, 1, 0)
    assert set(GAME.legal_actions(s, 1)) == {TakeSkip()}
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 1, PlayCard(E_BLUE))
    assert reason_of(exc) == "MUST_ANSWER_SKIP"
    t = act(s, 1, TakeSkip())
    assert (t.state.turn, t.state.phase, t.state.hands[1]) == (2, PLAY, [E_BLUE, W_WHITE])


def test_tt_rev_1_reverse_flips_and_acts_as_skip_with_two() -> None:
    """TT-REV-1: Reverse flips the direction; with two players it is a Skip."""
    s = table([[REV_RED, B_BLUE], [E_BLUE, W_WHITE], [W_VIOLET, E_RED]], B_RED)
    after = act(s, 0, PlayCard(REV_RED)).state
    assert (after.direction, after.turn, after.phase) == (-1, 2, PLAY)
    after = act(after, 2, PlayCard(E_RED)).state
    assert after.turn == 1

    s = table([[REV_RED, B_BLUE], [E_BLUE, W_WHITE]], B_RED)
    after = act(s, 0, PlayCard(REV_RED)).state
    assert (after.phase, after.turn, after.caster) == (FACE_SKIP, 1, 0)
    assert act(after, 1, TakeSkip()).state.turn == 0


def test_tt_shield_1_shield_returns_a_stacked_draw_to_the_last_sheriff() -> None:
    """TT-SHIELD-1: the Sheriff total goes back to whoever played the last Sheriff."""
    s = table([[S1_RED, B_BLUE], [S1_BLUE, E_BLUE, W_WHITE], [SH_BLUE, E_RED, B_RED2]], B_RED)
    s = act(s, 0, PlayCard(S1_RED)).state
    s = act(s, 1, PlayCard(S1_BLUE)).state
    assert PlayCard(SH_BLUE) in GAME.legal_actions(s, 2)
    t = act(s, 2, PlayCard(SH_BLUE))
    after = t.state
    assert event(t, EffectReturned) == EffectReturned(2, 1, "shield", 2)
    assert len(after.hands[1]) == 4  # E_BLUE, W_WHITE + 2
    assert (after.turn, after.phase, after.pending) == (0, PLAY, 0)  # the Shield's turn ends
    # Returned effects are final: seat 1 drew at once, nobody faced anything.
    assert after.suffered_from[1] == -1


def test_tt_shield_1_shield_returns_a_skip() -> None:
    """TT-SHIELD-1: a shielded Skip makes its caster skip their next turn."""
    s = table(
        [
            [SKIP_RED, B_BLUE],
            [SH_RED, E_BLUE, W_WHITE],
            [W_VIOLET, E_RED],
            [cid("tipi", "red"), cid("sun", "red")],
        ],
        B_RED,
    )
    s = act(s, 0, PlayCard(SKIP_RED)).state
    t = act(s, 1, PlayCard(SH_RED))
    after = t.state
    assert after.skip_next == 1 << 0
    assert (after.turn, GAME.view(after, None).seats[0].skips_next_turn) == (2, True)
    after = act(after, 2, PlayCard(E_RED)).state
    t = act(after, 3, PlayCard(cid("tipi", "red")))
    assert t.state.turn == 1  # seat 0 passed over
    assert event(t, TurnSkipped) == TurnSkipped(0, "returned_skip", None)
    assert t.state.skip_next == 0


def test_tt_sheriff_1_passes_over_a_seat_due_to_lose_its_turn() -> None:
    """TT-SHERIFF-1 [decision]: a Sheriff played before a seat that must lose its turn (a
    Skip sent back) passes over it: the lost turn is spent, the next seat faces the draw."""
    s = table(
        [
            [W_WHITE, B_BLUE],
            [W_VIOLET, E_BLUE],
            [E_RED, cid("tipi", "white")],
            [cid("tipi", "red"), S1_RED, cid("sun", "red")],
        ],
        B_RED,
        turn=3,
        skip_next=1 << 0,
    )
    t = act(s, 3, PlayCard(S1_RED))
    assert event(t, TurnSkipped) == TurnSkipped(0, "returned_skip", None)
    after = t.state
    assert (after.turn, after.phase, after.pending, after.caster, after.skip_next) == (
        1,
        FACE_DRAW,
        1,
        3,
        0,
    )
    assert len(after.hands[0]) == 2  # the seat that lost its turn draws nothing


def test_tt_shield_1_with_two_players_the_shielder_plays_again() -> None:
    """TT-SHIELD-1: two players: a shielded Skip comes straight back to the shielder."""
    s = table([[SKIP_RED, B_BLUE], [SH_RED, E_BLUE, W_WHITE]], B_RED)
    s = act(s, 0, PlayCard(SKIP_RED)).state
    after = act(s, 1, PlayCard(SH_RED)).state
    assert (after.turn, after.skip_next) == (1, 0)


def test_tt_shield_2_shield_as_an_ordinary_card() -> None:
    """TT-SHIELD-2: a Shield plays on its colour or on a Shield, with no effect."""
    s = table([[SH_RED, SH_BLUE, B_BLUE], [E_BLUE, W_WHITE], [W_VIOLET, E_RED]], B_RED)
    plays = {a.card for a in GAME.legal_actions(s, 0) if isinstance(a, PlayCard)}
    assert plays == {SH_RED, B_BLUE}
    after = act(s, 0, PlayCard(SH_RED)).state
    assert (after.turn, after.phase, after.skip_next) == (1, PLAY, 0)
    assert [len(h) for h in after.hands] == [2, 2, 2]
    s = table([[SH_BLUE, B_BLUE], [E_BLUE, W_WHITE]], SH_RED)
    assert PlayCard(SH_BLUE) in GAME.legal_actions(s, 0)


def test_tt_shield_2_shield_by_agilite_only_takes_over() -> None:
    """TT-SHIELD-2: a Shield jumped in by a non-target only takes over the turn."""
    s = table(
        [
            [SH_RED, B_BLUE, W_WHITE],
            [E_BLUE, W_VIOLET],
            [SH_RED2, E_RED],
            [cid("tipi", "blue"), cid("sun", "blue")],
        ],
        B_RED,
    )
    s = act(s, 0, PlayCard(SH_RED)).state
    assert Agilite(SH_RED2) in GAME.legal_actions(s, 2)
    t = act(s, 2, Agilite(SH_RED2))
    assert (t.state.turn, t.state.phase, t.state.skip_next) == (3, PLAY, 0)
    assert event(t, CardPlayed).agilite is True


def test_tt_shaman_1_sends_back_a_suffered_draw() -> None:
    """TT-SHAMAN-1: a Shaman sends the last Sheriff draw you suffered back to its caster."""
    s = table(
        [
            [S2_RED, B_BLUE, E_RED],
            [SHAMAN, E_BLUE, W_WHITE],
            [W_VIOLET, B_RED2, cid("tipi", "white")],
        ],
        B_RED,
    )
    s = act(s, 0, PlayCard(S2_RED)).state
    s = act(s, 1, TakePendingDraw()).state
    assert GAME.view(s, 2).seats[1].shaman_target == 0
    assert GAME.view(s, 2).seats[1].shaman_draw == 2
    s = act(s, 2, PlayCard(B_RED2)).state
    s = act(s, 0, PlayCard(B_BLUE)).state
    before = len(s.hands[0])
    t = act(s, 1, PlayCard(SHAMAN))
    assert event(t, EffectReturned) == EffectReturned(1, 0, "shaman", 2)
    assert len(t.state.hands[0]) == before + 2
    assert t.state.suffered_from == (-1, -1, -1)  # a returned effect is not returnable
    assert t.state.turn == 2


def test_tt_shaman_1_sends_back_a_skip_and_works_without_effect() -> None:
    """TT-SHAMAN-1: a suffered Skip goes back too; with nothing to return it is just played."""
    s = table([[SKIP_RED, B_BLUE, E_RED], [SHAMAN, E_BLUE], [W_VIOLET, B_RED2]], B_RED)
    s = act(s, 0, PlayCard(SKIP_RED)).state
    s = act(s, 1, TakeSkip()).state
    s = act(s, 2, PlayCard(B_RED2)).state
    s = act(s, 0, PlayCard(B_BLUE)).state
    t = act(s, 1, PlayCard(SHAMAN))
    assert event(t, EffectReturned).draw == 0
    assert t.state.turn == 2 and t.state.skip_next == 1 << 0
    # Nothing suffered: the Shaman is still playable, with no effect.
    s = table([[SHAMAN, B_BLUE], [E_BLUE, W_WHITE]], B_RED)
    t = act(s, 0, PlayCard(SHAMAN))
    assert EffectReturned not in kinds(t) and t.state.turn == 1


def test_tt_shaman_1_only_since_your_previous_turn() -> None:
    """TT-SHAMAN-1: an effect suffered before your last turn can no longer be sent back."""
    s = table(
        [
            [S1_RED, B_BLUE, E_RED, B_RED2],
            [SHAMAN, E_BLUE, cid("tipi", "blue")],
            [cid("tipi", "red"), cid("sun", "blue"), cid("sun", "red")],
        ],
        B_RED,
    )
    s = act(s, 0, PlayCard(S1_RED)).state
    s = act(s, 1, TakePendingDraw()).state
    s = act(s, 2, PlayCard(cid("tipi", "red"))).state
    s = act(s, 0, PlayCard(E_RED)).state
    s = act(s, 1, PlayCard(E_BLUE)).state  # seat 1 takes an ordinary turn
    assert s.suffered_from[1] == -1
    s = act(s, 2, PlayCard(cid("sun", "blue"))).state
    s = act(s, 0, PlayCard(B_BLUE)).state
    t = act(s, 1, PlayCard(SHAMAN))
    assert EffectReturned not in kinds(t)


def test_tt_diamond_1_names_the_colour() -> None:
    """TT-DIAMOND-1: a Diamond names red, blue, violet or white."""
    s = table([[DIAMOND, B_BLUE], [E_BLUE, W_WHITE]], B_RED)
    legal = [a for a in GAME.legal_actions(s, 0) if isinstance(a, PlayCard) and a.card == DIAMOND]
    assert {a.colour for a in legal} == set(COLOUR_NAMES)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, PlayCard(DIAMOND))
    assert reason_of(exc) == "COLOUR_REQUIRED"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, PlayCard(DIAMOND, colour="green"))
    assert reason_of(exc) == "BAD_COLOUR"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, PlayCard(B_BLUE, colour="red"))
    assert reason_of(exc) == "NO_COLOUR_NEEDED"
    t = act(s, 0, PlayCard(DIAMOND, colour="violet"))
    assert t.state.colour == COLOUR_INDEX["violet"]
    assert event(t, CardPlayed).colour == "violet"


def test_tt_calumet_1_swaps_whole_hands() -> None:
    """TT-CALUMET-1: the Calumet player swaps hands with the player of their choice."""
    s = table([[CALUMET, B_BLUE, E_RED], [E_BLUE], [W_VIOLET, W_WHITE, B_RED2, S1_BLUE]], B_RED)
    legal = [a for a in GAME.legal_actions(s, 0) if isinstance(a, PlayCard) and a.card == CALUMET]
    assert {a.target for a in legal} == {1, 2}
    for bad, why in ((None, "TARGET_REQUIRED"), (0, "BAD_TARGET"), (5, "BAD_TARGET")):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, 0, PlayCard(CALUMET, target=bad))
        assert reason_of(exc) == why
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, PlayCard(B_BLUE, target=2))
    assert reason_of(exc) == "NO_TARGET_NEEDED"
    t = act(s, 0, PlayCard(CALUMET, target=2))
    assert t.state.hands[0] == [W_VIOLET, W_WHITE, B_RED2, S1_BLUE]
    assert t.state.hands[2] == [B_BLUE, E_RED]
    received = [e for e in events(t) if isinstance(e, HandReceived)]
    assert {e.seat for e in received} == {0, 2}
    assert all(e.audience == frozenset({e.seat}) for e in received)
    assert t.state.turn == 1


def test_tt_wheel_1_every_hand_passes_in_the_direction_of_play() -> None:
    """TT-WHEEL-1: each hand goes to the next player in the current direction."""
    hands = [[WHEEL, B_BLUE], [E_BLUE, W_WHITE, W_VIOLET], [E_RED, B_RED2, S1_BLUE, S2_RED]]
    s = table(hands, B_RED)
    after = act(s, 0, PlayCard(WHEEL)).state
    assert after.hands == [[E_RED, B_RED2, S1_BLUE, S2_RED], [B_BLUE], [E_BLUE, W_WHITE, W_VIOLET]]
    s = table(hands, B_RED, direction=-1)
    after = act(s, 0, PlayCard(WHEEL)).state
    assert after.hands == [[E_BLUE, W_WHITE, W_VIOLET], [E_RED, B_RED2, S1_BLUE, S2_RED], [B_BLUE]]
    assert after.turn == 2


# --------------------------------------------------------------------------------------------
# Out-of-turn calls
# --------------------------------------------------------------------------------------------


def _agilite_table() -> TomahawkState:
    hands = [
        [B_RED, W_VIOLET, E_BLUE],
        [W_WHITE, E_RED],
        [B_RED2, cid("tipi", "white"), cid("sun", "violet")],
        [cid("tipi", "blue"), cid("sun", "blue")],
    ]
    return table(hands, cid("bear", "red"))


def test_tt_agil_1_identical_card_takes_over_the_turn() -> None:
    """TT-AGIL-1: a player holding the identical card jumps in; play continues from them."""
    s = act(_agilite_table(), 0, PlayCard(B_RED)).state
    assert s.turn == 1
    assert [a for a in GAME.legal_actions(s, 2) if isinstance(a, Agilite)] == [Agilite(B_RED2)]
    assert not [a for a in GAME.legal_actions(s, 3) if isinstance(a, Agilite)]
    assert GAME.view(s, 3).agilite_card is not None and GAME.view(s, 3).agilite_from == 0
    t = act(s, 2, Agilite(B_RED2))
    assert (t.state.turn, t.state.discard[-1], t.state.last_player) == (3, B_RED2, 2)
    assert B_RED2 not in t.state.hands[2]
    played = event(t, CardPlayed)
    assert (played.seat, played.agilite) == (2, True)


def test_tt_agil_1_who_may_not_jump_in() -> None:
    """TT-AGIL-1: not the player who played it, not the one whose turn it is, not too late."""
    s = table(
        [[B_RED, B_RED2, W_VIOLET], [W_WHITE, E_RED], [E_BLUE, cid("tipi", "white")]],
        cid("bear", "red"),
    )
    s = act(s, 0, PlayCard(B_RED)).state
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, Agilite(B_RED2))
    assert reason_of(exc) == "AGILITE_NOT_ALLOWED"
    assert not [a for a in GAME.legal_actions(s, 0) if isinstance(a, Agilite)]
    s = table(
        [[B_RED, W_VIOLET], [B_RED2, W_WHITE, E_RED], [E_BLUE, cid("tipi", "white")]],
        cid("bear", "red"),
    )
    s = act(s, 0, PlayCard(B_RED)).state
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 1, Agilite(B_RED2))  # seat 1's own turn: it just plays the card
    assert reason_of(exc) == "AGILITE_NOT_ALLOWED"
    # After a draw the moment has passed.
    s = table(
        [[B_RED, W_VIOLET], [W_WHITE, cid("tipi", "white")], [B_RED2, E_BLUE]],
        cid("bear", "red"),
        draw=[cid("sun", "white")],
    )
    s = act(s, 0, PlayCard(B_RED)).state
    s = act(s, 1, Draw()).state
    assert not [a for a in GAME.legal_actions(s, 2) if isinstance(a, Agilite)]
    with pytest.raises(TooLate) as too_late:
        GAME.apply(s, 2, Agilite(B_RED2))
    assert too_late.value.reason == "TOO_LATE"
    assert len(s.hands[2]) == 2  # no penalty


def test_tt_agil_1_a_seat_facing_a_skip_jumps_in_with_the_identical_skip() -> None:
    """TT-AGIL-1: the player a Skip targets, holding the identical Skip, may neither answer
    with it (only a Shield answers a Skip) nor is it "not their turn": they jump in, and the
    Skip goes on from them as if they had played it on their turn."""
    hands = [
        [SKIP_RED, W_VIOLET, E_BLUE],
        [SKIP_RED2, W_WHITE, E_RED],
        [cid("tipi", "white"), cid("sun", "violet")],
        [cid("tipi", "blue"), cid("sun", "blue")],
    ]
    s = act(table(hands, B_RED), 0, PlayCard(SKIP_RED)).state
    assert (s.turn, s.phase) == (1, FACE_SKIP)
    legal = GAME.legal_actions(s, 1)
    assert Agilite(SKIP_RED2) in legal and PlayCard(SKIP_RED2) not in legal
    t = act(s, 1, Agilite(SKIP_RED2))
    assert (t.state.turn, t.state.phase, t.state.caster) == (2, FACE_SKIP, 1)
    assert SKIP_RED2 not in t.state.hands[1]
    played = event(t, CardPlayed)
    assert (played.seat, played.agilite) == (1, True)
    # A card the phase lets the seat play normally is played normally, not jumped in with.
    s = table([[B_RED, W_VIOLET], [B_RED2, W_WHITE, E_RED], [E_BLUE]], cid("bear", "red"))
    s = act(s, 0, PlayCard(B_RED)).state
    assert not [a for a in GAME.legal_actions(s, 1) if isinstance(a, Agilite)]


def test_tt_agil_1_the_strong_bot_facing_a_skip_jumps_in_with_its_twin() -> None:
    """TT-AGIL-1: a strong bot facing a Skip it holds the twin of passes the Skip on."""
    from engine.bots import make_bot
    from engine.rng import Rng

    hands = [
        [SKIP_RED, W_VIOLET, E_BLUE],
        [SKIP_RED2, W_WHITE, E_RED],
        [cid("tipi", "white"), cid("sun", "violet")],
    ]
    s = act(table(hands, B_RED), 0, PlayCard(SKIP_RED)).state
    bot = make_bot(GAME, "strong")
    choice = bot.choose(GAME.view(s, 1), GAME.legal_actions(s, 1), None, Rng.from_seed(1))
    assert isinstance(choice, Agilite) and choice.card == SKIP_RED2


def test_tt_agil_1_not_on_wheel_or_calumet_but_on_diamond() -> None:
    """TT-AGIL-1: no AGILITÉ on a Wheel of Time or a Calumet; a Diamond is fine."""
    hands = [[WHEEL, B_BLUE], [WHEEL2, E_BLUE, W_WHITE], [E_RED, W_VIOLET]]
    s = act(table(hands, B_RED), 0, PlayCard(WHEEL)).state
    assert WHEEL2 in s.hands[2] and s.turn == 1  # the hands moved on
    assert not [a for a in GAME.legal_actions(s, 2) if isinstance(a, Agilite)]
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 2, Agilite(WHEEL2))
    assert reason_of(exc) == "AGILITE_NOT_ALLOWED"
    assert GAME.view(s, 2).agilite_card is None
    hands = [[CALUMET, B_BLUE, E_RED], [W_WHITE, E_BLUE], [CALUMET2, W_VIOLET]]
    s = act(table(hands, B_RED), 0, PlayCard(CALUMET, target=1)).state
    assert not [a for a in GAME.legal_actions(s, 2) if isinstance(a, Agilite)]
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 2, Agilite(CALUMET2))
    assert reason_of(exc) == "AGILITE_NOT_ALLOWED"
    hands = [[DIAMOND, B_BLUE], [W_WHITE, E_BLUE], [DIAMOND2, E_RED]]
    s = act(table(hands, B_RED), 0, PlayCard(DIAMOND, colour="blue")).state
    jumps = [a for a in GAME.legal_actions(s, 2) if isinstance(a, Agilite)]
    assert {a.colour for a in jumps} == set(COLOUR_NAMES)
    after = act(s, 2, Agilite(DIAMOND2, colour="white")).state
    assert (after.colour, after.turn) == (COLOUR_INDEX["white"], 0)


def test_tt_agil_1_simultaneous_claims_first_wins() -> None:
    """TT-AGIL-1 / TT-VER-1: two claims on one version: the second is refused as TOO_LATE
    (a stale-version refusal worded for the race), and costs nothing."""
    hands = [
        [S1_RED, W_VIOLET],
        [W_WHITE, E_BLUE],
        [S1_RED2, E_RED],
        [cid("tipi", "blue"), cid("sun", "blue")],
    ]
    s = act(table(hands, B_RED), 0, PlayCard(S1_RED)).state
    version = s.version
    first = act(s, 2, Agilite(S1_RED2))
    with pytest.raises(StaleVersion) as exc:
        GAME.apply(first.state, 3, Agilite(S1_RED2), version=version)
    assert exc.value.reason == "TOO_LATE"
    assert "too late" in exc.value.message
    # An ordinary move on an old version is plain STALE_VERSION.
    with pytest.raises(StaleVersion) as plain:
        GAME.apply(first.state, 2, Draw(), version=version)
    assert plain.value.reason == "STALE_VERSION"


def test_tt_agil_2_jump_in_sheriff_adds_to_the_total() -> None:
    """TT-AGIL-2: a jumped-in Sheriff stacks on the pending draw."""
    hands = [[S1_RED, W_VIOLET], [W_WHITE, E_BLUE], [S1_RED2, E_RED], [cid("tipi", "blue")]]
    s = act(table(hands, B_RED), 0, PlayCard(S1_RED)).state
    assert (s.turn, s.pending) == (1, 1)
    t = act(s, 2, Agilite(S1_RED2))
    assert (t.state.turn, t.state.pending, t.state.caster, t.state.phase) == (3, 2, 2, FACE_DRAW)
    assert len(t.state.hands[1]) == 2  # seat 1 escaped


def test_tt_agil_3_no_identical_sheriff_two_or_three() -> None:
    """TT-AGIL-3: Sheriff +2 and +3 are unique per colour: never an AGILITÉ on them."""
    for name in ("sheriff_2", "sheriff_3"):
        faces = [FACE[c] for c in ALL_CARDS if KIND_NAMES[KIND[c]] == name]
        assert len(faces) == len(set(faces)) == 4
    hands = [[S2_RED, W_VIOLET], [W_WHITE, E_BLUE], [cid("sheriff_2", "blue"), S3_WHITE, E_RED]]
    s = act(table(hands, B_RED), 0, PlayCard(S2_RED)).state
    assert not [a for a in GAME.legal_actions(s, 2) if isinstance(a, Agilite)]


def test_tt_toma_1_call_with_the_play_or_alone_until_the_next_card() -> None:
    """TT-TOMA-1: TOMAHAWK! with the play leaving one card, or alone before the next card."""
    hands = [[B_BLUE, W_VIOLET], [W_WHITE, E_BLUE, E_RED], [B_RED2, cid("tipi", "blue")]]
    s = table(hands, B_RED)
    assert PlayCard(B_BLUE, tomahawk=True) in GAME.legal_actions(s, 0)
    t = act(s, 0, PlayCard(B_BLUE, tomahawk=True))
    assert TomahawkCalled in kinds(t) and GAME.view(t.state, 2).seats[0].called_tomahawk
    assert not [a for a in GAME.legal_actions(t.state, 1) if isinstance(a, CallSherif)]

    s = act(s, 0, PlayCard(B_BLUE)).state  # forgot
    assert CallTomahawk() in GAME.legal_actions(s, 0)
    assert not GAME.view(s, 1).seats[0].called_tomahawk  # the table sees one card, no call
    called = act(s, 0, CallTomahawk()).state
    assert called.called == 1
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(called, 0, CallTomahawk())
    assert reason_of(exc) == "ALREADY_CALLED"

    s = act(s, 1, PlayCard(E_BLUE)).state  # the next card is played: too late to call
    assert CallTomahawk() not in GAME.legal_actions(s, 0)
    with pytest.raises(TooLate):
        GAME.apply(s, 0, CallTomahawk())
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 1, CallTomahawk())
    assert reason_of(exc) == "NOT_ONE_CARD"


def test_tt_toma_1_one_card_by_a_calumet_must_be_called() -> None:
    """TT-TOMA-1 [our decision]: getting a one-card hand by any means obliges the call."""
    hands = [[CALUMET, B_BLUE, E_RED], [W_VIOLET], [W_WHITE, E_BLUE]]
    s = table(hands, B_RED, called=0b010)
    t = act(s, 0, PlayCard(CALUMET, target=1, tomahawk=True))
    assert t.state.hands[0] == [W_VIOLET] and t.state.called & 1
    t = act(s, 0, PlayCard(CALUMET, target=1))
    assert t.state.may_call & 1 and not t.state.called & 1
    assert CallTomahawk() in GAME.legal_actions(t.state, 0)


def test_tt_toma_2_sherif_catches_a_silent_last_card() -> None:
    """TT-TOMA-2: SHÉRIF! on a one-card player who did not call: they draw one card."""
    hands = [[B_BLUE, W_VIOLET], [W_WHITE, E_BLUE, E_RED], [B_RED2, cid("tipi", "blue")]]
    s = act(table(hands, B_RED), 0, PlayCard(B_BLUE)).state
    for seat in (1, 2):
        assert CallSherif(0) in GAME.legal_actions(s, seat)
    assert CallSherif(0) not in GAME.legal_actions(s, 0)
    assert GAME.view(s, None).seats[0].cards == 1  # what a player notices (TT-FAIR-1)
    t = act(s, 2, CallSherif(0))
    assert event(t, SherifCalled) == SherifCalled(2, 0, True)
    assert event(t, Drew) == Drew(0, 1, "sherif")
    assert len(t.state.hands[0]) == 2 and len(t.state.hands[2]) == 2
    # Still catchable after the window to call has closed.
    s2 = act(s, 1, PlayCard(E_BLUE)).state
    assert CallSherif(0) in GAME.legal_actions(s2, 2)


def test_tt_fair_1_bad_faith_sherif_costs_two_cards() -> None:
    """TT-FAIR-1: SHÉRIF! on a player not holding exactly one card: the caller draws 2."""
    hands = [[B_BLUE, W_VIOLET], [W_WHITE, E_BLUE, E_RED], [B_RED2, cid("tipi", "blue")]]
    s = table(hands, B_RED)
    assert not [a for a in GAME.legal_actions(s, 1) if isinstance(a, CallSherif)]
    t = act(s, 1, CallSherif(0))
    assert event(t, Penalty) == Penalty(1, "bad_sherif", 2)
    assert event(t, Penalty).audience is None
    assert len(t.state.hands[1]) == 5 and len(t.state.hands[0]) == 2
    assert t.state.turn == 0 and t.state.version == s.version + 1


def test_tt_fair_1_race_and_plain_illegal_calls_cost_nothing() -> None:
    """TT-FAIR-1: SHÉRIF! on a player who called is too late; illegal calls cost nothing."""
    hands = [[B_BLUE, W_VIOLET], [W_WHITE, E_BLUE, E_RED], [B_RED2, cid("tipi", "blue")]]
    s = act(table(hands, B_RED), 0, PlayCard(B_BLUE, tomahawk=True)).state
    with pytest.raises(TooLate):
        GAME.apply(s, 1, CallSherif(0))
    for target, why in ((1, "CANNOT_CALL_ON_YOURSELF"), (7, "BAD_TARGET")):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, 1, CallSherif(target))
        assert reason_of(exc) == why


def test_tt_fair_1_bad_faith_agilite_costs_two_cards() -> None:
    """TT-FAIR-1: AGILITÉ with a card not identical to the last one: refused, +2."""
    s = act(_agilite_table(), 0, PlayCard(B_RED)).state
    t = act(s, 3, Agilite(cid("tipi", "blue")))
    assert event(t, Penalty) == Penalty(3, "bad_agilite", 2)
    assert len(t.state.hands[3]) == 4 and cid("tipi", "blue") in t.state.hands[3]
    assert t.state.turn == 1 and t.state.discard[-1] == B_RED
    # A card the caller does not hold is merely illegal.
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 3, Agilite(B_RED2))
    assert reason_of(exc) == "CARD_NOT_IN_HAND"


def test_tt_fair_1_bad_faith_agilite_on_ones_own_turn_costs_two_too() -> None:
    """TT-FAIR-1 [decision]: a non-identical AGILITÉ! costs +2 on one's own turn as off it;
    an identical card one may simply play is only refused."""
    s = act(_agilite_table(), 0, PlayCard(B_RED)).state
    assert s.turn == 1
    t = act(s, 1, Agilite(E_RED))
    assert event(t, Penalty) == Penalty(1, "bad_agilite", 2)
    assert len(t.state.hands[1]) == 4 and t.state.turn == 1 and t.state.phase == PLAY
    s = table(
        [[B_RED, W_VIOLET], [B_RED2, W_WHITE, E_RED], [E_BLUE, cid("tipi", "white")]],
        cid("bear", "red"),
    )
    s = act(s, 0, PlayCard(B_RED)).state
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 1, Agilite(B_RED2))
    assert reason_of(exc) == "AGILITE_NOT_ALLOWED"


# --------------------------------------------------------------------------------------------
# Combo, end of round, scoring, versions
# --------------------------------------------------------------------------------------------


def _combo_hand() -> list[int]:
    return [cid("totem", c) for c in COLOUR_NAMES] + [W_WHITE, E_BLUE]


def test_tt_combo_1_four_colours_of_a_symbol_name_the_colour() -> None:
    """TT-COMBO-1: play one classic symbol in all four colours and name the colour."""
    s = table([_combo_hand(), [W_VIOLET, B_BLUE]], B_RED)
    combos = [a for a in GAME.legal_actions(s, 0) if isinstance(a, Combo)]
    assert {(a.symbol, a.colour) for a in combos} == {("totem", c) for c in COLOUR_NAMES}
    t = act(s, 0, Combo("totem", "blue"))
    after = t.state
    assert after.hands[0] == [W_WHITE, E_BLUE]
    assert after.discard[-1] == cid("totem", "blue")
    assert (after.colour, after.turn) == (COLOUR_INDEX["blue"], 1)
    assert event(t, ComboPlayed).colour == "blue"
    assert GAME.view(after, 1).agilite_card is None


def test_tt_combo_1_needs_all_four_and_classic_only() -> None:
    """TT-COMBO-1: three colours are not a combo; specials never are."""
    hand = [cid("totem", c) for c in ("red", "blue", "violet")] + [cid("totem", "red", 1)]
    s = table([hand, [W_VIOLET, B_BLUE]], B_RED)
    assert not [a for a in GAME.legal_actions(s, 0) if isinstance(a, Combo)]
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, Combo("totem", "red"))
    assert reason_of(exc) == "CARD_NOT_IN_HAND"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, Combo("skip", "red"))
    assert reason_of(exc) == "UNKNOWN_SYMBOL"
    # Always playable, whatever the top card (here a violet wolf, no totem matches by symbol).
    s = table([_combo_hand(), [W_VIOLET, B_BLUE]], cid("wolf", "violet", 1))
    assert act(s, 0, Combo("totem", "red")).state.colour == 0


def test_tt_combo_1_with_tomahawk_and_as_last_cards() -> None:
    """TT-COMBO-1: a combo can leave one card (with TOMAHAWK!) or empty the hand."""
    hand = [cid("totem", c) for c in COLOUR_NAMES] + [W_WHITE]
    s = table([hand, [W_VIOLET, B_BLUE]], B_RED)
    assert Combo("totem", "red", True) in GAME.legal_actions(s, 0)
    assert act(s, 0, Combo("totem", "red", True)).state.called == 1
    s = table([hand[:4], [W_VIOLET, B_BLUE]], B_RED)
    t = act(s, 0, Combo("totem", "red"))
    assert event(t, RoundEnded).winner == 0


def test_tt_end_1_round_ends_when_a_hand_is_empty() -> None:
    """TT-END-1: the round ends the moment a hand is empty."""
    s = table([[B_BLUE], [W_WHITE, E_BLUE], [E_RED, DIAMOND]], B_RED)
    t = act(s, 0, PlayCard(B_BLUE))
    ended = event(t, RoundEnded)
    assert (ended.winner, ended.reason) == (0, "empty_hand")
    assert ended.points == (0, 10, 25)
    assert t.state.round_no == 2 and [len(h) for h in t.state.hands] == [8, 8, 8]


def test_tt_end_1_last_sheriff_is_drawn_at_once() -> None:
    """TT-END-1: a last Sheriff: the next player draws the total, no answer, then scoring."""
    s = table(
        [[S1_BLUE], [S2_RED, SH_BLUE, E_BLUE], [E_RED, W_WHITE]],
        S1_RED,
        phase=FACE_DRAW,
        pending=1,
        caster=2,
        draw=[B_RED, B_RED2],
    )
    t = act(s, 0, PlayCard(S1_BLUE))
    assert event(t, Drew) == Drew(1, 2, "sheriff")
    ended = event(t, RoundEnded)
    assert ended.points == (0, 10 + 10 + 5 + 5 + 5, 10)


def test_tt_end_1_last_calumet_or_wheel_has_no_effect() -> None:
    """TT-END-1: a Calumet or Wheel as last card ends the round without its effect."""
    for card, target in ((CALUMET, 2), (WHEEL, None)):
        s = table([[card], [W_WHITE, E_BLUE], [E_RED, DIAMOND]], B_RED)
        t = act(s, 0, PlayCard(card, target=target))
        assert HandsSwapped not in kinds(t) and HandsPassed not in kinds(t)
        assert event(t, RoundEnded).points == (0, 10, 25)


def test_tt_score_1_points_in_hand() -> None:
    """TT-SCORE-1: classic 5, special 10, Diamond 20."""
    assert (POINTS[B_RED], POINTS[S3_WHITE], POINTS[SH_RED], POINTS[DIAMOND]) == (5, 10, 10, 20)
    assert (POINTS[CALUMET], POINTS[WHEEL], POINTS[SHAMAN]) == (10, 10, 10)
    hands = [[B_BLUE], [DIAMOND, DIAMOND2, S1_RED], [E_RED, W_WHITE, CALUMET]]
    s = table(hands, B_RED, totals=(3, 4, 5))
    t = act(s, 0, PlayCard(B_BLUE))
    assert event(t, RoundEnded).totals == (3, 4 + 50, 5 + 20)
    assert t.state.totals == (3, 54, 25)
    last_round = GAME.view(t.state, 1).last_round
    assert last_round is not None
    assert last_round.points == (0, 50, 20)


def test_tt_goal_1_round_winner_scores_nothing_others_add_their_hand() -> None:
    """TT-GOAL-1: a match is rounds; the others add the points left in hand."""
    s = table([[W_WHITE, E_BLUE], [B_BLUE], [E_RED, S1_RED]], B_RED, turn=1, totals=(10, 20, 30))
    t = act(s, 1, PlayCard(B_BLUE))
    assert t.state.totals == (20, 20, 45)
    assert t.state.round_no == 2 and GAME.outcome(t.state) is None


def test_tt_goal_2_match_ends_after_the_round_reaching_the_target() -> None:
    """TT-GOAL-2: a total at 250 or more ends the match; the lowest total wins, ties share."""
    s = table([[W_WHITE, E_BLUE], [B_BLUE], [E_RED, S1_RED]], B_RED, turn=1, totals=(235, 20, 235))
    t = act(s, 1, PlayCard(B_BLUE))
    outcome = GAME.outcome(t.state)
    assert outcome is not None and outcome.reason == "TARGET_SCORE"
    assert outcome.scores == (245, 20, 250) and outcome.winners == (1,)
    assert t.state.phase == OVER and GAME.pending(t.state) == ()
    assert event(t, MatchEnded).winners == (1,)
    assert GAME.legal_actions(t.state, 0) == []
    view = GAME.view(t.state, 0)
    assert (view.match_over, view.winners, view.turn) == (True, (1,), None)
    # Equal lowest totals share the win.
    s = table([[W_WHITE], [B_BLUE], [E_RED, S1_RED, DIAMOND]], B_RED, turn=1, totals=(15, 20, 215))
    outcome = GAME.outcome(act(s, 1, PlayCard(B_BLUE)).state)
    assert outcome is not None and outcome.winners == (0, 1)
    # The option moves the target.
    s = table([[W_WHITE], [B_BLUE], [E_RED]], B_RED, turn=1, target_score=5)
    assert GAME.outcome(act(s, 1, PlayCard(B_BLUE)).state) is not None
    assert GAME.info.option("target_score").default == 250


def test_tt_goal_3_round_winner_starts_the_next_round() -> None:
    """TT-GOAL-3: the winner of a round starts the next one."""
    for winner in (1, 2):
        hands = [[W_WHITE, E_BLUE], [W_VIOLET, cid("sun", "blue")], [E_RED, S1_RED]]
        hands[winner] = [B_BLUE]
        s = table(hands, B_RED, turn=winner)
        t = act(s, winner, PlayCard(B_BLUE))
        assert event(t, RoundStarted).starter == winner
        first = t.state.discard[0]
        if KIND_NAMES[KIND[first]] != "reverse":
            assert t.state.turn == winner


def test_tt_ver_1_stale_versions_are_refused() -> None:
    """TT-VER-1: every accepted action bumps the version; an old version is refused."""
    s = table([[B_BLUE, E_RED], [W_WHITE, E_BLUE]], B_RED)
    t = GAME.apply(s, 0, PlayCard(B_BLUE), version=s.version)
    assert t.state.version == s.version + 1
    with pytest.raises(StaleVersion):
        GAME.apply(t.state, 1, PlayCard(E_BLUE), version=s.version)
    assert GAME.apply(t.state, 1, PlayCard(E_BLUE), version=t.state.version).state.version == (
        s.version + 2
    )


# --------------------------------------------------------------------------------------------
# Interface: view, determinize, storage
# --------------------------------------------------------------------------------------------


def test_view_shows_my_hand_and_only_counts_of_others() -> None:
    """No secret in a view: my cards, other hands as counts, no draw pile order."""
    s = table([[E_RED, B_BLUE], [W_WHITE, E_BLUE, DIAMOND]], B_RED)
    view = GAME.view(s, 0)
    assert isinstance(view, TomahawkView)
    assert view.hand_ids == tuple(sorted((E_RED, B_BLUE)))
    assert [f.id for f in view.hand] == list(view.hand_ids)
    assert view.hand[0].kind in ("bison", "eagle")
    assert [seat.cards for seat in view.seats] == [2, 3]
    assert view.draw_pile == len(s.draw) and view.discard_pile == 1
    assert (view.top_card.id, view.colour, view.turn, view.phase) == (B_RED, "red", 0, "play")
    spectator = GAME.view(s, None)
    assert spectator.hand == () and spectator.seat is None
    text = repr(view)
    assert "diamond" not in text  # seat 1's Diamond is not shown to seat 0
    assert "Rng" not in repr(s) and str(s.rng.state) not in repr(s)


def test_determinize_keeps_the_view_and_redraws_secrets() -> None:
    """determinize: same view for the seat; other hands and the draw pile are re-drawn."""
    s = table([[W_VIOLET, W_WHITE], [E_BLUE, B_BLUE, DIAMOND], [E_RED, S1_RED]], B_RED)
    s = act(s, 0, Draw()).state if GAME.legal_actions(s, 0) == [Draw()] else s
    probe = Rng.from_seed(5)
    changed = False
    for seat in (0, 1, None):
        world = GAME.determinize(s, seat, probe)
        check(world)
        assert GAME.view(world, seat) == GAME.view(s, seat)
        if seat == 0:
            assert world.hands[0] == s.hands[0]
        changed |= world.hands[1] != s.hands[1] or world.draw != s.draw
        assert world.rng != s.rng
    assert changed


def test_determinize_keeps_a_playable_drawn_card() -> None:
    """determinize: a hidden drawn card that may be played is re-drawn among playable ones."""
    s = table([[W_VIOLET, W_WHITE], [E_BLUE, B_BLUE]], B_RED, draw=[E_RED])
    s = act(s, 0, Draw()).state
    assert s.phase == DRAWN
    for i in range(20):
        world = GAME.determinize(s, 1, Rng.from_seed(i))
        assert world.drawn in world.hands[0]
        assert tt_round.is_playable(world, world.drawn)
        for action in GAME.legal_actions(world, 0):
            GAME.apply(world, 0, action)


def test_storage_round_trip_and_clone() -> None:
    """encode/decode is exact; clone is independent of its source."""
    final, _ = random_playout(GAME, 4, 11, chooser_seed=1, max_steps=150)
    assert isinstance(final, TomahawkState)
    again = GAME.decode(GAME.encode(final))
    assert again == final and GAME.encode(again) == GAME.encode(final)
    copy = final.clone()
    copy.hands[0].append(-1)
    copy.draw.clear()
    assert copy != final and GAME.decode(GAME.encode(final)) == final


def test_info_and_options() -> None:
    """The catalogue entry: id, name, player range, options, clock."""
    info = GAME.info
    assert (info.id, info.name, info.min_players, info.max_players) == (
        "tomahawk",
        "Tomahawk Tribal",
        2,
        8,
    )
    assert GAME.validate_options({}) == {
        "turn_seconds": 30,
        "target_score": 250,
        "first_player": -1,
        "pause_seconds": 20,
        "reaction_seconds": 2,
    }
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"turn_seconds": 601})
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"pause_seconds": 121})


def test_every_listed_action_applies() -> None:
    """legal_actions never lists an action that apply refuses (many random positions)."""
    for players in (2, 3, 6):
        state: Any = GAME.new_match(GAME.validate_options({}), players, players)
        chooser = Rng.from_seed(players)
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            choices = [
                (seat, a) for seat in range(players) for a in GAME.legal_actions(state, seat)
            ]
            for seat, action in choices:
                GAME.apply(state, seat, action)
            seat, action = choices[chooser.below(len(choices))]
            state = GAME.apply(state, seat, action).state
