"""Tomahawk's typed events, outcome, view and catalogue cross the wire and the store intact.

Seeded random matches at every table size produce every event class; each event must come
back equal from its ``TomahawkEvent`` protobuf field (``services.games.convert``) and from the
storage codec (``engine.codec``). Every closed vocabulary the engine emits must be a value of
its proto enum, and every enum value must be one the engine knows.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import fields
from typing import Any

import pytest
from cercle.v1 import tomahawk_pb2

from engine import registry
from engine.codec import decode_event, encode_event, from_data, kinds, to_data
from engine.events import Event
from engine.games.tomahawk import (
    PHASE_NAMES,
    CallSherif,
    Combo,
    Pass,
    PlayCard,
    TakePendingDraw,
    TakeSkip,
    TomahawkGame,
    TomahawkState,
)
from engine.games.tomahawk.cards import FACES, SYMBOLS, CardFace, TomahawkCatalogue
from engine.games.tomahawk.events import (
    CARD_KINDS,
    COLOURS,
    DRAW_REASONS,
    EVENT_TYPES,
    PASS_REASONS,
    PENALTY_REASONS,
    RETURNED_BY,
    ROUND_END_REASONS,
    SKIP_REASONS,
    CardPlayed,
    Drew,
    DrewCards,
    EffectReturned,
    HandDealt,
    HandReceived,
    Passed,
    Penalty,
    RoundEnded,
    TomahawkOutcome,
    TurnSkipped,
)
from engine.games.tomahawk.state import ROUND_OVER
from services.games.convert import from_proto, to_proto

_REGISTERED = registry.get("tomahawk")
assert isinstance(_REGISTERED, TomahawkGame)
GAME: TomahawkGame = _REGISTERED
BY_KIND = kinds(EVENT_TYPES)
TABLE_SIZES = range(2, 9)
MATCHES_PER_SIZE = 6
_HOARD = (TakePendingDraw, TakeSkip, Pass)


def _wire(event: Event) -> Event:
    """``event`` sent as its field of a ``TomahawkEvent`` and read back."""
    message = tomahawk_pb2.TomahawkEvent()
    to_proto(event, getattr(message, event.kind))
    assert message.WhichOneof("event") == event.kind
    parsed = tomahawk_pb2.TomahawkEvent.FromString(message.SerializeToString())
    back: Event = from_proto(getattr(parsed, event.kind), type(event))
    return back


def _play(players: int, seed: int) -> tuple[list[Event], list[Any], TomahawkState]:
    """One match with random legal choices (any seat, out-of-turn calls included), steered
    toward the rare events: a COMBO! whenever one is legal, seat 0 hoarding cards (it takes
    pending draws and Skips and keeps drawn cards, so its hand grows toward a combo), and now
    and then a bad-faith SHÉRIF! (TT-FAIR-1). Returns its events, sampled views and the final
    state."""
    chooser = random.Random(seed)
    state = GAME.new_match(GAME.validate_options({"target_score": 120}), players, seed)
    events: list[Event] = []
    views: list[Any] = []
    while GAME.outcome(state) is None:
        choices = [
            (seat, action) for seat in range(players) for action in GAME.legal_actions(state, seat)
        ]
        combos = [c for c in choices if isinstance(c[1], Combo)]
        hoard = [c for c in choices if c[0] == 0 and isinstance(c[1], _HOARD)]
        seat, action = chooser.choice(combos or hoard or choices)
        not_one = [t for t in range(players) if t != 1 and len(state.hands[t]) != 1]
        if chooser.random() < 0.005 and not_one and state.phase != ROUND_OVER:
            seat, action = 1, CallSherif(chooser.choice(not_one))
        events += GAME.step(state, seat, action)
        if chooser.random() < 0.02:
            views.append(GAME.view(state, chooser.choice([None, *range(players)])))
    views.append(GAME.view(state, 0))
    return events, views, state


@pytest.fixture(scope="module")
def played() -> tuple[list[Event], list[Any], list[TomahawkState]]:
    events: list[Event] = []
    views: list[Any] = []
    finals: list[TomahawkState] = []
    for players in TABLE_SIZES:
        for seed in range(MATCHES_PER_SIZE):
            e, v, final = _play(players, 1000 * players + seed)
            events += e
            views += v
            finals.append(final)
    return events, views, finals


def test_every_event_class_has_its_field_in_tomahawk_event_in_order() -> None:
    oneof = tomahawk_pb2.TomahawkEvent.DESCRIPTOR.oneofs_by_name["event"]
    assert [f.name for f in oneof.fields] == [cls.kind for cls in EVENT_TYPES]
    assert GAME.event_types == EVENT_TYPES
    for cls in EVENT_TYPES:
        message = getattr(tomahawk_pb2.TomahawkEvent(), cls.kind)
        names = {f.name for f in fields(cls)} - {"audience"}
        assert names == set(message.DESCRIPTOR.fields_by_name), cls.__name__


def test_seeded_matches_produce_every_event_class(
    played: tuple[list[Event], list[Any], list[TomahawkState]],
) -> None:
    seen = Counter(type(e) for e in played[0])
    missing = [cls.__name__ for cls in EVENT_TYPES if not seen[cls]]
    assert not missing, f"never produced: {missing}"


def test_every_event_survives_the_proto_and_the_codec(
    played: tuple[list[Event], list[Any], list[TomahawkState]],
) -> None:
    for event in played[0]:
        back = _wire(event)
        assert back == type(event)(
            **{f.name: getattr(event, f.name) for f in fields(event)} | {"audience": None}
        )
        assert decode_event(BY_KIND, encode_event(event)) == event


def test_private_events_carry_card_faces_and_one_seat(
    played: tuple[list[Event], list[Any], list[TomahawkState]],
) -> None:
    private = [e for e in played[0] if e.audience is not None]
    assert private
    for event in private:
        assert isinstance(event, (HandDealt, HandReceived, DrewCards)), event.kind
        assert event.audience == frozenset({event.seat})
        for face in event.cards:
            assert face == FACES[face.id]


def test_views_survive_the_proto(
    played: tuple[list[Event], list[Any], list[TomahawkState]],
) -> None:
    for view in played[1]:
        message = to_proto(view, tomahawk_pb2.TomahawkView())
        assert from_proto(message, type(view)) == view


def test_outcome_detail_survives_the_proto_and_the_codec(
    played: tuple[list[Event], list[Any], list[TomahawkState]],
) -> None:
    assert GAME.outcome_type is TomahawkOutcome
    for final in played[2]:
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.reason == "TARGET_SCORE"
        detail = outcome.detail
        assert isinstance(detail, TomahawkOutcome)
        assert detail == TomahawkOutcome(final.round_no, 120)
        message = to_proto(detail, tomahawk_pb2.TomahawkOutcome())
        assert from_proto(message, TomahawkOutcome) == detail
        assert from_data(TomahawkOutcome, to_data(detail)) == detail


def test_catalogue_survives_the_proto_and_the_codec() -> None:
    catalogue = GAME.catalogue()
    assert isinstance(catalogue, TomahawkCatalogue)
    message = to_proto(catalogue, tomahawk_pb2.TomahawkCatalogue())
    parsed = tomahawk_pb2.TomahawkCatalogue.FromString(message.SerializeToString())
    assert from_proto(parsed, TomahawkCatalogue) == catalogue
    assert from_data(TomahawkCatalogue, to_data(catalogue)) == catalogue


def test_catalogue_is_the_printed_deck() -> None:
    """TT-DECK-1..3: 136 cards, 80 classic (5 points), Diamond 20 points, the rest 10."""
    catalogue = GAME.catalogue()
    assert [c.id for c in catalogue.cards] == list(range(136))
    assert sum(k.copies for k in catalogue.kinds) == 136
    by_kind = {k.kind: k for k in catalogue.kinds}
    assert by_kind["bison"].copies == 8 and by_kind["bison"].points == 5 and by_kind["bison"].combo
    assert (by_kind["sheriff_1"].copies, by_kind["sheriff_1"].draw) == (8, 1)
    assert (by_kind["sheriff_3"].copies, by_kind["sheriff_3"].draw) == (4, 3)
    assert (by_kind["diamond"].points, by_kind["diamond"].copies_per_colour) == (20, 0)
    assert not by_kind["wheel"].agilite and not by_kind["calumet"].agilite
    assert by_kind["shaman"].agilite and by_kind["shaman"].plays_on_anything
    assert catalogue.colours == ("red", "blue", "violet", "white")
    assert catalogue.hand_size == 8
    for card in catalogue.cards:
        assert catalogue.cards[card.id] == card
        assert card.points == by_kind[card.kind].points


_EVENT = tomahawk_pb2.TomahawkEvent
_VOCABULARIES: list[tuple[str, tuple[str, ...], Any, Any]] = [
    (
        "TomahawkColour",
        COLOURS,
        lambda v: CardPlayed(0, FACES[0], v, False, None),
        lambda: _EVENT().card_played,
    ),
    (
        "TomahawkCardKind",
        CARD_KINDS,
        lambda v: CardFace(0, v, None, 5),
        tomahawk_pb2.TomahawkCardFace,
    ),
    ("TomahawkDrawReason", DRAW_REASONS, lambda v: Drew(0, 1, v), lambda: _EVENT().drew),
    (
        "TomahawkSkipReason",
        SKIP_REASONS,
        lambda v: TurnSkipped(0, v, None),
        lambda: _EVENT().turn_skipped,
    ),
    (
        "TomahawkReturnedBy",
        RETURNED_BY,
        lambda v: EffectReturned(0, 1, v, 0),
        lambda: _EVENT().effect_returned,
    ),
    ("TomahawkPassReason", PASS_REASONS, lambda v: Passed(0, v), lambda: _EVENT().passed),
    (
        "TomahawkPenaltyReason",
        PENALTY_REASONS,
        lambda v: Penalty(0, v, 2),
        lambda: _EVENT().penalty,
    ),
    (
        "TomahawkRoundEndReason",
        ROUND_END_REASONS,
        lambda v: RoundEnded(1, None, v, (), ()),
        lambda: _EVENT().round_ended,
    ),
]


@pytest.mark.parametrize(
    ("enum", "values", "build", "message"), _VOCABULARIES, ids=[v[0] for v in _VOCABULARIES]
)
def test_every_vocabulary_value_maps_to_its_enum(
    enum: str, values: tuple[str, ...], build: Any, message: Any
) -> None:
    """Each value the engine can emit maps to its enum and back; the enum has no other
    value; an unknown value is refused (to_proto raises TypeError)."""
    for value in values:
        obj = build(value)
        assert from_proto(to_proto(obj, message()), type(obj)) == obj
    descriptor = tomahawk_pb2.DESCRIPTOR.enum_types_by_name[enum]
    prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum).upper() + "_"
    names = {v.name.removeprefix(prefix).lower() for v in descriptor.values if v.number}
    assert names == set(values), f"{enum} and the engine disagree"
    with pytest.raises(TypeError):
        to_proto(build("nonsense"), message())


def test_every_phase_and_action_vocabulary_maps() -> None:
    """The view's phase and the actions' colour and symbol use the same enums."""
    descriptor = tomahawk_pb2.DESCRIPTOR.enum_types_by_name["TomahawkPhase"]
    names = {v.name.removeprefix("TOMAHAWK_PHASE_").lower() for v in descriptor.values if v.number}
    assert names == set(PHASE_NAMES)
    for symbol in SYMBOLS:
        for colour in COLOURS:
            combo = Combo(symbol, colour, True)
            message = to_proto(combo, tomahawk_pb2.TomahawkAction.Combo())
            assert from_proto(message, Combo) == combo
    play = PlayCard(120, "violet", None, False)
    assert from_proto(to_proto(play, tomahawk_pb2.TomahawkAction.PlayCard()), PlayCard) == play
