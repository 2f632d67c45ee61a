"""Awimbawé's typed events, outcome, catalogue and views cross the wire and the log exactly.

Over many seeded random matches, every event the engine produces must come back equal from
its protobuf message (``AwimbaweEvent``, audience aside: the wire does not carry it) and from
the storage codec (audience included); every outcome detail and the catalogue round-trip
too, and every view converts. Every closed vocabulary of the engine must be exactly the
values of its protobuf enum, so an engine value can never fail to map.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from typing import Any

import pytest
from cercle.v1 import awimbawe_pb2

from engine import registry
from engine.codec import decode_event, encode_event, from_data, kinds, to_data
from engine.events import Event
from engine.games.awimbawe import DECISIONS, HEIR_SIDES, AwimbaweGame
from engine.games.awimbawe import events as ev
from engine.games.awimbawe.actions import SnakePick
from engine.games.awimbawe.cards import (
    ANIMALS,
    CARD_VIEWS,
    COLOURS,
    HEIRS,
    POWERS,
    AwimbaweCatalogue,
)
from engine.playout import random_playout
from services.games.convert import from_proto, to_proto

GAME = registry.get("awimbawe")
assert isinstance(GAME, AwimbaweGame)
SEEDS = range(40)
BY_KIND = kinds(GAME.event_types)


def _matches() -> tuple[list[Event], list[Any], list[Any]]:
    """Every event, every outcome and every view (each seat and a spectator, sampled)
    of the seeded matches."""
    events: list[Event] = []
    views: list[Any] = []
    outcomes: list[Any] = []

    def on_step(before: Any, seat: int, action: Any, after: Any, produced: Any) -> None:
        events.extend(produced)
        if after.version % 5 == 0 or GAME.outcome(after) is not None:
            views.extend(GAME.view(after, viewer) for viewer in (0, 1, None))

    for seed in SEEDS:
        final, _ = random_playout(GAME, 2, seed, chooser_seed=seed, on_step=on_step)
        outcomes.append(GAME.outcome(final))
    return events, outcomes, views


EVENTS, OUTCOMES, VIEWS = _matches()


def _wire(event: Event) -> Event:
    message = getattr(awimbawe_pb2.AwimbaweEvent(), event.kind)
    back: Event = from_proto(to_proto(event, message), type(event))
    return back


def test_every_event_class_is_a_field_of_awimbawe_event_in_order() -> None:
    oneof = awimbawe_pb2.AwimbaweEvent.DESCRIPTOR.oneofs_by_name["event"]
    fields = [(f.name, f.number) for f in oneof.fields]
    expected = [(cls.kind, i + 1) for i, cls in enumerate(GAME.event_types)]
    assert fields == expected
    for cls in GAME.event_types:
        field = oneof.fields[GAME.event_types.index(cls)]
        names = {f.name for f in dataclasses.fields(cls) if f.name != "audience"}
        assert field.message_type is not None
        assert names == set(field.message_type.fields_by_name)


def test_every_event_class_is_produced_by_the_seeded_matches() -> None:
    produced = Counter(type(e) for e in EVENTS)
    missing = [cls.__name__ for cls in GAME.event_types if not produced[cls]]
    assert missing == []
    assert all(type(e) in GAME.event_types for e in EVENTS)


def test_every_event_round_trips_through_protobuf_and_the_codec() -> None:
    for event in EVENTS:
        assert _wire(event) == dataclasses.replace(event, audience=None), event.kind
        assert decode_event(BY_KIND, encode_event(event)) == event, event.kind


def test_private_events_carry_the_whole_face_of_their_cards() -> None:
    private = [e for e in EVENTS if e.audience is not None]
    assert {type(e) for e in private} == {ev.HandDealt, ev.HandCardParalysed}
    for event in private:
        assert isinstance(event, ev.HandDealt | ev.HandCardParalysed)
        cards = event.cards if isinstance(event, ev.HandDealt) else (event.card,)
        assert cards and all(c == CARD_VIEWS[c.card] for c in cards)
        assert event.audience == frozenset({event.seat})
        message = to_proto(event, getattr(awimbawe_pb2.AwimbaweEvent(), event.kind))
        faces = message.cards if isinstance(event, ev.HandDealt) else [message.card]
        assert all(f.animal and f.colour and f.value for f in faces)


def test_public_events_that_reveal_a_card_carry_its_face() -> None:
    for event in EVENTS:
        if isinstance(event, ev.CardPlayed):
            faces: tuple[Any, ...] = (event.card,)
        elif isinstance(event, ev.TrickWon):
            faces = event.cards
        elif isinstance(event, ev.CardsTurnedUp):
            faces = tuple(t.card for t in event.cards)
        else:
            continue
        assert faces and all(f == CARD_VIEWS[f.card] for f in faces)


def test_outcome_detail_round_trips() -> None:
    assert GAME.outcome_type is ev.AwimbaweOutcome
    for outcome in OUTCOMES:
        detail = outcome.detail
        assert isinstance(detail, ev.AwimbaweOutcome) and 2 <= len(detail.rounds) <= 3
        message = to_proto(detail, awimbawe_pb2.AwimbaweOutcome())
        assert from_proto(message, ev.AwimbaweOutcome) == detail
        assert from_data(ev.AwimbaweOutcome, to_data(detail)) == detail


def test_catalogue_round_trips_and_lists_every_card_once() -> None:
    catalogue = GAME.catalogue()
    assert isinstance(catalogue, AwimbaweCatalogue)
    assert [c.card for c in catalogue.cards] == list(range(28))
    assert sum(c.crowns for c in catalogue.cards) == 32
    assert {p.animal for p in catalogue.powers} == set(ANIMALS) - {"elephant"}
    assert {p.power for p in catalogue.powers if p.player_decides} == {"rhino", "cheetah", "snake"}
    message = to_proto(catalogue, awimbawe_pb2.AwimbaweCatalogue())
    assert from_proto(message, AwimbaweCatalogue) == catalogue
    assert from_data(AwimbaweCatalogue, to_data(catalogue)) == catalogue
    elephant = message.cards[5]
    assert elephant.value == 6 and not elephant.HasField("power")


def test_every_view_converts() -> None:
    assert len(VIEWS) > 300
    decisions = set()
    for view in VIEWS:
        message = to_proto(view, awimbawe_pb2.AwimbaweView())
        over = view.match_winner is not None
        assert message.HasField("decision") is not over  # absent once over, never zero
        decisions.add(message.decision if message.HasField("decision") else None)
    assert len(decisions) == len(DECISIONS) + 1  # every decision, and absent once over


def test_a_face_down_pile_card_is_a_hidden_slot_and_a_face_up_one_its_face() -> None:
    hidden = shown = 0
    for view in VIEWS:
        message = to_proto(view, awimbawe_pb2.AwimbaweView())
        for side, side_view in zip(message.players, view.players, strict=True):
            for pile, pile_view in zip(side.piles, side_view.piles, strict=True):
                for slot, card in zip(pile.cards, pile_view.cards, strict=True):
                    if card is None:
                        assert slot.WhichOneof("slot") == "hidden" and slot.ByteSize() == 2
                        hidden += 1
                    else:
                        assert slot.WhichOneof("slot") == "card" and slot.card.card == card.card
                        assert slot.card.animal and slot.card.colour  # never UNSPECIFIED
                        shown += 1
    assert hidden > 100 and shown > 100


def test_a_snake_pick_and_its_event_name_exactly_one_target() -> None:
    for pick, case in (
        (SnakePick(target_card=3), "target_card"),
        (SnakePick(hand_position=0), "hand_position"),
    ):
        message = to_proto(pick, awimbawe_pb2.AwimbaweAction.SnakePick())
        assert message.WhichOneof("target") == case
        assert from_proto(message, SnakePick) == pick
    with pytest.raises(TypeError):
        to_proto(SnakePick(3, 0), awimbawe_pb2.AwimbaweAction.SnakePick())
    paralysed = [e for e in EVENTS if isinstance(e, ev.CardParalysed)]
    cases = set()
    for event in paralysed:
        paralysed_message = to_proto(event, awimbawe_pb2.AwimbaweEvent.CardParalysed())
        target = paralysed_message.WhichOneof("target")
        assert target == ("card" if event.source == ev.PILE else "hand_position")
        assert paralysed_message.HasField("pile") is (target == "card")
        cases.add(target)
    assert cases == {"card", "hand_position"}


def _enum_values(enum: Any) -> set[str]:
    prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"
    return {v.name[len(prefix) :].lower() for v in enum.values if v.number != 0}


VOCABULARIES = [
    (ANIMALS, awimbawe_pb2.AwimbaweAnimal),
    (COLOURS, awimbawe_pb2.AwimbaweColour),
    (tuple(power for power, _, _ in POWERS.values()), awimbawe_pb2.AwimbawePower),
    (HEIRS, awimbawe_pb2.AwimbaweHeirAnimal),
    (HEIR_SIDES, awimbawe_pb2.AwimbaweHeirSide),
    (DECISIONS, awimbawe_pb2.AwimbaweDecision),
    (ev.SOURCES, awimbawe_pb2.AwimbaweSource),
    (ev.PARALYSIS_END_REASONS, awimbawe_pb2.AwimbaweParalysisEndReason),
    (ev.TURN_UP_REASONS, awimbawe_pb2.AwimbaweTurnUpReason),
    (ev.ROUND_REASONS, awimbawe_pb2.AwimbaweRoundReason),
    (ev.LEAD_REASONS, awimbawe_pb2.AwimbaweLeadReason),
]


@pytest.mark.parametrize(("values", "enum"), VOCABULARIES, ids=lambda x: getattr(x, "name", ""))
def test_every_engine_vocabulary_is_exactly_its_protobuf_enum(values: Any, enum: Any) -> None:
    assert set(values) == _enum_values(enum.DESCRIPTOR)


def test_every_vocabulary_value_emitted_maps_and_an_unknown_one_is_refused() -> None:
    for source in ev.SOURCES:
        played = ev.CardPlayed(0, CARD_VIEWS[0], source, None)
        assert _wire(played) == played
    for reason in ev.ROUND_REASONS:
        over = ev.RoundOver(1, 0, reason, (1, 2), (0, 0), (1, 0))
        assert _wire(over) == over
    for reason in ev.LEAD_REASONS:
        dealt = ev.RoundDealt(2, 1, reason, ((0, 1, 2, 3), (4, 5, 6, 7)), (6, 6))
        assert _wire(dealt) == dealt
    with pytest.raises(TypeError):
        _wire(ev.CardPlayed(0, CARD_VIEWS[0], "sky", None))
    with pytest.raises(TypeError):
        _wire(ev.ParalysisEnded(0, "timeout"))
