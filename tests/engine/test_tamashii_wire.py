"""Tamashii's typed events, outcome and catalogue cross the wire and the room log unchanged.

Seeded matches (every level, one to six players, the strong bot and random play, with clock
expiries mixed in) produce every event class; each event must survive the protobuf mapping
(``TamashiiEvent``) and the storage codec exactly. The same holds for the outcome detail
(``TamashiiOutcome``) and the catalogue (``TamashiiCatalogue``), and every vocabulary value
the engine can emit must be a value of its protobuf enum.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import pytest
from cercle.v1 import tamashii_pb2

from engine import registry
from engine.bots.tamashii import TamashiiBot
from engine.codec import decode_event, encode_event, from_data, kinds, to_data
from engine.core import Outcome, Timeout
from engine.events import Event
from engine.games.tamashii import TamashiiGame, TamashiiState
from engine.games.tamashii.cards import (
    CARDS,
    COLOURS,
    LEVEL_CHOICES,
    LEVELS,
    POWERS,
    Gems,
    TamashiiCatalogue,
)
from engine.games.tamashii.events import (
    END_REASONS,
    EVENT_TYPES,
    PHASES,
    PILES,
    VERDICT_NAMES,
    Freed,
    GemDrawn,
    GemEroded,
    MatchOver,
    Peeked,
    PowerApplied,
    TamashiiOutcome,
    TurnTimedOut,
)
from engine.playout import all_legal
from engine.rng import Rng
from services.games.convert import from_proto, to_proto

_REGISTERED = registry.get("tamashii")
assert isinstance(_REGISTERED, TamashiiGame)
GAME: TamashiiGame = _REGISTERED
BY_KIND = kinds(GAME.event_types)
MATCHES = 36
"""Seeded matches played: every level and table size, about two seconds in all."""


def _strip(event: Event) -> Event:
    return dataclasses.replace(event, audience=None)


def _play(seed: int) -> tuple[tuple[Event, ...], Outcome]:
    """One seeded match: the strong bot on even seeds, random play on odd ones, and a clock
    expiry on about one decision in twelve. Returns every event and the outcome."""
    level = LEVEL_CHOICES[seed % len(LEVEL_CHOICES)]
    players = 1 + seed % 6
    options = GAME.validate_options({"level": level, "memory_aid": seed % 3 == 0})
    state: TamashiiState = GAME.new_match(options, players, seed)
    chooser = Rng.from_seed(1_000 + seed)
    bot = TamashiiBot(GAME)
    memories: list[Any] = [None] * players
    events: list[Event] = []
    outcome = GAME.outcome(state)
    while outcome is None:
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        action: Any
        if chooser.below(12) == 0:
            action = Timeout()
        elif seed % 2 == 0:
            action = bot.choose(GAME.view(state, seat), legal, memories[seat], chooser)
        else:
            action = legal[chooser.below(len(legal))]
        transition = GAME.apply(state, seat, action)
        state = transition.state
        for event in transition.events:
            assert isinstance(event, Event)
            events.append(event)
        for viewer in range(players):
            seen = [e for e in transition.events if e.visible_to(viewer)]
            memories[viewer] = bot.observe(memories[viewer], viewer, seen)
        outcome = GAME.outcome(state)
    return tuple(events), outcome


@cache
def _matches() -> tuple[tuple[tuple[Event, ...], Outcome], ...]:
    return tuple(_play(seed) for seed in range(MATCHES))


def _all_events() -> list[Event]:
    return [event for events, _ in _matches() for event in events]


def test_every_event_class_is_a_field_of_tamashii_event_in_order() -> None:
    oneof = tamashii_pb2.TamashiiEvent.DESCRIPTOR.oneofs_by_name["event"]
    assert [f.name for f in oneof.fields] == [cls.kind for cls in GAME.event_types]
    assert GAME.event_types == EVENT_TYPES and GAME.outcome_type is TamashiiOutcome
    for cls in GAME.event_types:
        message = getattr(tamashii_pb2.TamashiiEvent(), cls.kind)
        wire = set(message.DESCRIPTOR.fields_by_name)
        engine_fields = {f.name for f in dataclasses.fields(cls) if f.name != "audience"}
        assert wire == engine_fields, cls.__name__


def test_seeded_matches_produce_every_event_class() -> None:
    produced = {type(event) for event in _all_events()}
    missing = [cls.__name__ for cls in GAME.event_types if cls not in produced]
    assert not missing, f"never produced over {MATCHES} matches: {missing}"
    # The powers and peeks that only some matches reach.
    powers = {e.power for e in _all_events() if isinstance(e, PowerApplied)}
    assert powers == set(POWERS) - {"none"}
    assert {e.by_power for e in _all_events() if isinstance(e, Peeked)} == {False, True}
    assert {e.excess_to for e in _all_events() if isinstance(e, Freed)} == set(PILES)


def test_every_event_round_trips_through_protobuf_and_the_codec() -> None:
    events = _all_events()
    assert len(events) > 1000
    for event in events:
        message = to_proto(event, getattr(tamashii_pb2.TamashiiEvent(), event.kind))
        assert from_proto(message, type(event)) == _strip(event), event
        # Also through bytes, inside the oneof, as a client receives it.
        envelope = tamashii_pb2.TamashiiEvent()
        getattr(envelope, event.kind).CopyFrom(message)
        parsed = tamashii_pb2.TamashiiEvent.FromString(envelope.SerializeToString())
        which = parsed.WhichOneof("event")
        assert which == event.kind
        assert from_proto(getattr(parsed, which), type(event)) == _strip(event)
        assert decode_event(BY_KIND, encode_event(event)) == event


def test_peeked_is_private_and_carries_the_whole_face() -> None:
    """TM-PEEK-1: the peeker alone receives the card's id, needs and power."""
    peeks = [e for e in _all_events() if isinstance(e, Peeked)]
    assert peeks
    faces = {card.id: (Gems(*card.needs), card.power) for card in CARDS}
    for event in peeks:
        assert event.audience == frozenset({event.seat})
        assert (event.card.needs, event.card.power) == faces[event.card.id]
        message = to_proto(event, tamashii_pb2.TamashiiEvent.Peeked())
        assert isinstance(message, tamashii_pb2.TamashiiEvent.Peeked)
        assert message.card.id == event.card.id
        assert message.card.HasField("needs") and message.card.power != 0
    assert all(e.audience is None for e in _all_events() if not isinstance(e, Peeked))


def test_outcome_detail_round_trips() -> None:
    outcomes = [outcome for _, outcome in _matches()]
    assert len(outcomes) == MATCHES
    levels = set()
    for outcome in outcomes:
        detail = outcome.detail
        assert isinstance(detail, TamashiiOutcome)
        levels.add(detail.level)
        message = to_proto(detail, tamashii_pb2.TamashiiOutcome())
        parsed = tamashii_pb2.TamashiiOutcome.FromString(message.SerializeToString())
        assert from_proto(parsed, TamashiiOutcome) == detail
        assert from_data(TamashiiOutcome, to_data(detail)) == detail
        assert outcome.reason in END_REASONS
    assert levels == set(LEVELS)


def test_catalogue_round_trips_and_lists_every_spirit() -> None:
    catalogue = GAME.catalogue()
    assert isinstance(catalogue, TamashiiCatalogue)
    message = to_proto(catalogue, tamashii_pb2.TamashiiCatalogue())
    parsed = tamashii_pb2.TamashiiCatalogue.FromString(message.SerializeToString())
    assert from_proto(parsed, TamashiiCatalogue) == catalogue
    assert from_data(TamashiiCatalogue, to_data(catalogue)) == catalogue
    spirits = [(s.id, s.name, s.needs, s.power) for s in catalogue.spirits]
    assert spirits == [(c.id, c.name, Gems(*c.needs), c.power) for c in CARDS]
    assert [v.verdict for v in catalogue.verdicts] == list(VERDICT_NAMES)
    covered = [n for v in catalogue.verdicts for n in range(v.min_freed, v.max_freed + 1)]
    assert covered == list(range(7))
    assert [lv.level for lv in catalogue.levels] == list(LEVELS)


# Every vocabulary value, put in a field of the enum type it must map to.
_SAMPLES: list[tuple[str, Any, Any]] = [
    *[("colour", GemDrawn(0, c, False), tamashii_pb2.TamashiiEvent.GemDrawn()) for c in COLOURS],
    *[
        (
            "power",
            PowerApplied(0, 0, 1, p, Gems(), Gems(), False),
            tamashii_pb2.TamashiiEvent.PowerApplied(),
        )
        for p in POWERS
    ],
    *[
        ("phase", TurnTimedOut(0, p, Gems()), tamashii_pb2.TamashiiEvent.TurnTimedOut())
        for p in PHASES
    ],
    *[
        ("excess_to", Freed(0, 0, CARDS[0].face, Gems(), p), tamashii_pb2.TamashiiEvent.Freed())
        for p in PILES
    ],
    *[
        ("reason", MatchOver(0, r.lower(), "not_bad"), tamashii_pb2.TamashiiEvent.MatchOver())
        for r in END_REASONS
    ],
    *[
        ("verdict", MatchOver(0, "all_freed", v), tamashii_pb2.TamashiiEvent.MatchOver())
        for v in VERDICT_NAMES
    ],
    *[
        ("level", TamashiiOutcome(0, lv, "not_bad"), tamashii_pb2.TamashiiOutcome())
        for lv in LEVELS
    ],
]


@pytest.mark.parametrize(("field", "value", "message"), _SAMPLES)
def test_every_vocabulary_value_is_an_enum_value(field: str, value: Any, message: Any) -> None:
    filled = to_proto(value, message)
    assert getattr(filled, field) != 0, f"{getattr(value, field)!r} maps to UNSPECIFIED"
    assert from_proto(filled, type(value)) == value


def test_an_unknown_vocabulary_value_is_refused() -> None:
    """The mapping raises rather than sending UNSPECIFIED for a value the proto lacks."""
    with pytest.raises(TypeError):
        to_proto(GemDrawn(0, "violet", False), tamashii_pb2.TamashiiEvent.GemDrawn())
    with pytest.raises(TypeError):
        to_proto(TamashiiOutcome(3, "STANDARD_PLUS", "not_bad"), tamashii_pb2.TamashiiOutcome())


def test_views_map_to_the_proto_with_enums() -> None:
    """The view's level, phase, end reason and verdict reach the wire as enum values."""
    for seed in (0, 1):
        state: Any = GAME.new_match(GAME.validate_options({"level": "NOVICE"}), 2, seed)
        view = to_proto(GAME.view(state, 0), tamashii_pb2.TamashiiView())
        assert isinstance(view, tamashii_pb2.TamashiiView)
        assert view.level == tamashii_pb2.TAMASHII_LEVEL_NOVICE
        assert view.phase == tamashii_pb2.TAMASHII_PHASE_CHOOSE
        # While the match runs it has no verdict and no end reason (never UNSPECIFIED).
        assert not view.HasField("verdict") and not view.HasField("end_reason")
    for events, outcome in _matches()[:6]:
        assert isinstance(events[-1], MatchOver) and isinstance(outcome.detail, TamashiiOutcome)


def test_a_finished_view_has_its_end_reason_and_verdict_and_an_empty_erosion_no_colour() -> None:
    """TM-END-1/2 in the view once over; TM-EROSION-1 on an empty bag: no colour field."""
    state: Any = GAME.new_match(GAME.validate_options({}), 2, 0)
    chooser = Rng.from_seed(0)
    while GAME.outcome(state) is None:
        choices = all_legal(GAME, state)
        seat, action = choices[chooser.below(len(choices))]
        state = GAME.apply(state, seat, action).state
    over = to_proto(GAME.view(state, None), tamashii_pb2.TamashiiView())
    assert over.HasField("end_reason") and over.end_reason != 0
    assert over.HasField("verdict") and over.verdict != 0
    nothing = to_proto(GemEroded(None), tamashii_pb2.TamashiiEvent.GemEroded())
    assert not nothing.HasField("colour")
    assert from_proto(nothing, GemEroded) == GemEroded(None)
