"""Tomy's typed events, outcome and catalogue cross the wire and the room log exactly.

Seeded random matches (3, 5 and 8 seats, with and without the rounds variant, some with
clock expiries and the data switches of MT-REVEAL-2 / MT-TIME-1 turned off) produce every
event class of ``TomyGame.event_types``; each event must survive ``to_proto``/``from_proto``
through its field of ``TomyEvent`` and the storage codec, and so must the outcome detail and
the catalogue.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from cercle.v1 import tomy_pb2

from engine.codec import decode_event, encode_event, from_data, kinds, to_data
from engine.core import Outcome, Timeout
from engine.events import Event
from engine.games.tomy import PHASES, Phase, Propose, TomyGame, TomyState
from engine.games.tomy import cards as tomy_data
from engine.games.tomy import events as tomy_events
from engine.games.tomy.actions import TomyAction
from engine.games.tomy.cards import LANGUAGES, TomyCatalogue
from engine.games.tomy.events import END_REASONS, EndReason, TomyOutcome
from engine.playout import all_legal
from engine.rng import Rng
from services.games.convert import from_proto, to_proto

GAME = TomyGame()
SEEDS = range(8)
TABLES = (3, 5, 8)


def _play(seed: int, players: int, rounds: bool, timeouts: bool) -> Iterator[Any]:
    """One match of random legal play (and, if ``timeouts``, random clock expiries of the
    pending seats); yields every event, then the outcome."""
    options = GAME.validate_options({"rounds": rounds, "language": "EN" if seed % 2 else "FR"})
    state: TomyState = GAME.new_match(options, players, seed)
    chooser = Rng.from_seed(1000 + seed)
    action: TomyAction | Timeout
    while (outcome := GAME.outcome(state)) is None:
        pending = GAME.pending(state)
        if timeouts and pending and chooser.below(3) == 0:
            seat, action = pending[chooser.below(len(pending))].seat, Timeout()
        else:
            choices = all_legal(GAME, state)
            seat, action = choices[chooser.below(len(choices))]
        transition = GAME.apply(state, seat, action)
        yield from transition.events
        state = transition.state
    yield outcome


@pytest.fixture(scope="module")
def played() -> tuple[list[Event], list[Outcome]]:
    events: list[Event] = []
    outcomes: list[Outcome] = []

    def collect(items: Iterator[Any]) -> None:
        for item in items:
            (outcomes if isinstance(item, Outcome) else events).append(item)

    for seed in SEEDS:
        for players in TABLES:
            collect(_play(seed, players, rounds=seed % 2 == 0, timeouts=seed % 4 == 1))
    # MT-TIME-1 / MT-REVEAL-2 [decision] switched off: a timed-out voter sits out, and a
    # voter facing an empty dog deck draws nothing.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tomy_data, "VOTE_TIMEOUT_PLAYS_RANDOM_CARD", False)
        patch.setattr(tomy_data, "RESHUFFLE_DISCARDS_WHEN_DECK_EMPTY", False)
        for seed in range(4):
            collect(_play(100 + seed, 8, rounds=True, timeouts=True))
    return events, outcomes


def test_every_event_class_has_its_field_in_tomy_event() -> None:
    fields = tomy_pb2.TomyEvent.DESCRIPTOR.fields_by_name
    oneof = [f.name for f in tomy_pb2.TomyEvent.DESCRIPTOR.oneofs_by_name["event"].fields]
    assert [cls.kind for cls in GAME.event_types] == oneof, "event_types order = oneof order"
    for cls in GAME.event_types:
        assert cls.kind in fields, f"TomyEvent has no field {cls.kind}"
        message = fields[cls.kind].message_type
        assert message is not None
        wire = [f.name for f in dataclasses.fields(cls) if f.name != "audience"]
        assert wire == [f.name for f in message.fields], f"{cls.kind}: fields differ"


def test_seeded_matches_produce_every_event_class(
    played: tuple[list[Event], list[Outcome]],
) -> None:
    events, outcomes = played
    seen = {type(e) for e in events}
    missing = [cls.__name__ for cls in GAME.event_types if cls not in seen]
    assert not missing, f"never produced: {missing}"
    assert all(type(e) in GAME.event_types for e in events)
    assert {o.reason for o in outcomes} == {"ONE_CARD_LEFT", "LOCATIONS_EXHAUSTED", "TARGET_SCORE"}


def test_every_event_round_trips_through_its_proto_message(
    played: tuple[list[Event], list[Outcome]],
) -> None:
    events, _ = played
    for event in events:
        message = to_proto(event, getattr(tomy_pb2.TomyEvent(), event.kind))
        back = from_proto(message, type(event))
        assert back == dataclasses.replace(event, audience=None), event.kind


def test_every_event_round_trips_through_the_storage_codec(
    played: tuple[list[Event], list[Outcome]],
) -> None:
    events, _ = played
    by_kind = kinds(GAME.event_types)
    for event in events:
        assert decode_event(by_kind, encode_event(event)) == event


def test_private_events_carry_the_dog_cards_face(
    played: tuple[list[Event], list[Outcome]],
) -> None:
    """own_vote, own_draw and hand_dealt show their one seat the breed, not only the id."""
    events, _ = played
    private = [e for e in events if e.audience is not None]
    assert {e.kind for e in private} == {"own_vote", "own_draw", "hand_dealt"}
    for event in private:
        assert event.audience is not None and len(event.audience) == 1
        assert isinstance(event, tomy_events.HandDealt | tomy_events.OwnVote | tomy_events.OwnDraw)
        faces = event.cards if isinstance(event, tomy_events.HandDealt) else (event.card,)
        for face in faces:
            assert face.breed == tomy_data.BREEDS[face.id // 16].key
            assert face.column == face.id // 16
            message = to_proto(face, tomy_pb2.TomyDogCard())
            assert tomy_pb2.TomyBreed.Name(message.breed) == "TOMY_BREED_" + face.breed.upper()


def test_outcome_detail_round_trips(played: tuple[list[Event], list[Outcome]]) -> None:
    _, outcomes = played
    assert GAME.outcome_type is TomyOutcome
    for outcome in outcomes:
        detail = outcome.detail
        assert isinstance(detail, TomyOutcome)
        assert from_proto(to_proto(detail, tomy_pb2.TomyOutcome()), TomyOutcome) == detail
        assert from_data(TomyOutcome, to_data(detail)) == detail
    assert any(o.detail.round_scores for o in outcomes)


def test_catalogue_round_trips_and_lists_the_material() -> None:
    catalogue = GAME.catalogue()
    assert isinstance(catalogue, TomyCatalogue)
    message = to_proto(catalogue, tomy_pb2.TomyCatalogue())
    assert from_proto(message, TomyCatalogue) == catalogue
    assert from_data(TomyCatalogue, to_data(catalogue)) == catalogue
    assert [(b.breed, b.colour, b.dog_cards) for b in catalogue.breeds] == [
        (b.key, b.colour, 16) for b in tomy_data.BREEDS
    ]
    assert [d.id for d in catalogue.dog_cards] == list(range(96))
    assert [loc.id for loc in catalogue.locations] == list(range(48))
    assert catalogue.locations[0].names[1].text == "a hut in Africa"
    assert catalogue.hand_size == 9
    assert (catalogue.min_players, catalogue.max_players) == (3, 8)


def _enum_names(enum: Any) -> set[str]:
    return {v.name for v in enum.DESCRIPTOR.values if v.number != 0}


def test_every_vocabulary_value_maps_to_an_enum_value() -> None:
    """Each value the engine can emit has its enum value, and the enums hold nothing else;
    an unknown value is refused (TypeError)."""
    vocabularies: list[tuple[Any, tuple[str, ...]]] = [
        (tomy_pb2.TomyBreed, tuple(b.key for b in tomy_data.BREEDS)),
        (tomy_pb2.TomyColour, tuple(b.colour for b in tomy_data.BREEDS)),
        (tomy_pb2.TomyPhase, PHASES),
        (tomy_pb2.TomyLanguage, LANGUAGES),
        (tomy_pb2.TomyEndReason, END_REASONS),
    ]
    for enum, values in vocabularies:
        prefix = enum.DESCRIPTOR.name
        expected = {f"{_upper_snake(prefix)}_{v.upper()}" for v in values}
        assert _enum_names(enum) == expected, prefix
    # The Literal types the dataclasses declare are the same vocabularies.
    assert typing.get_args(tomy_data.BreedKey) == tuple(b.key for b in tomy_data.BREEDS)
    assert typing.get_args(tomy_data.ColourKey) == tuple(b.colour for b in tomy_data.BREEDS)
    assert typing.get_args(Phase) == PHASES
    assert typing.get_args(EndReason) == END_REASONS
    assert typing.get_args(tomy_data.LanguageKey) == LANGUAGES
    view = GAME.view(GAME.new_match(GAME.validate_options({}), 3, 1), 0)
    for phase in PHASES:
        message = to_proto(dataclasses.replace(view, phase=phase), tomy_pb2.TomyView())
        assert tomy_pb2.TomyPhase.Name(message.phase) == f"TOMY_PHASE_{phase.upper()}"
    with pytest.raises(TypeError):
        to_proto(dataclasses.replace(view, phase="bogus"), tomy_pb2.TomyView())  # type: ignore[arg-type]


def _upper_snake(name: str) -> str:
    return "".join(f"_{c}" if c.isupper() and i else c for i, c in enumerate(name)).upper()


def test_views_convert_with_their_enums() -> None:
    """Every seat's and a spectator's view, in every phase, fills TomyView."""
    state = GAME.new_match(GAME.validate_options({"language": "EN"}), 4, 3)
    chooser = Rng.from_seed(3)
    phases = set()
    while GAME.outcome(state) is None:
        for seat in (*range(4), None):
            view = GAME.view(state, seat)
            message = to_proto(view, tomy_pb2.TomyView())
            assert isinstance(message, tomy_pb2.TomyView)
            assert message.language == tomy_pb2.TOMY_LANGUAGE_EN
            assert message.columns[0].breed == tomy_pb2.TOMY_BREED_COCKER
            assert message.columns[0].colour == tomy_pb2.TOMY_COLOUR_GREEN
            phases.add(tomy_pb2.TomyPhase.Name(message.phase))
        choices = all_legal(GAME, state)
        seat, action = choices[chooser.below(len(choices))]
        state = GAME.apply(state, seat, action).state
    over = to_proto(GAME.view(state, None), tomy_pb2.TomyView())
    assert over.phase == tomy_pb2.TOMY_PHASE_OVER
    assert {"TOMY_PHASE_STORY", "TOMY_PHASE_VOTE"} <= phases


def _views(seed: int, players: int) -> Iterator[Any]:
    """Seat 0's view after every step of one match with clock expiries (so seats sit out)."""
    state: TomyState = GAME.new_match(GAME.validate_options({}), players, seed)
    chooser = Rng.from_seed(2000 + seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tomy_data, "VOTE_TIMEOUT_PLAYS_RANDOM_CARD", False)
        action: TomyAction | Timeout
        while GAME.outcome(state) is None:
            pending = GAME.pending(state)
            if pending and chooser.below(3) == 0:
                seat, action = pending[chooser.below(len(pending))].seat, Timeout()
            else:
                choices = all_legal(GAME, state)
                seat, action = choices[chooser.below(len(choices))]
            state = GAME.apply(state, seat, action).state
            yield GAME.view(state, 0)


def test_a_vote_is_a_card_or_no_vote_never_minus_one() -> None:
    """Per seat, the tie phase's and the last turn's votes: a ``card`` or ``no_vote``."""
    cases: set[str] = set()
    for seed in range(6):
        for view in _views(seed, 5):
            message = to_proto(view, tomy_pb2.TomyView())
            lists = [(message.votes, view.votes or ())]
            if view.last_turn is not None:
                lists.append((message.last_turn.votes, view.last_turn.votes))
            for votes, engine_votes in lists:
                for vote, card in zip(votes, engine_votes, strict=True):
                    case = vote.WhichOneof("vote")
                    assert case == ("no_vote" if card is None else "card")
                    assert case == "no_vote" or vote.card == card
                    cases.add(case)
    assert cases == {"card", "no_vote"}


def test_a_story_is_exactly_one_of_text_or_template(
    played: tuple[list[Event], list[Outcome]],
) -> None:
    """StoryProposed, the proposals of a view and the Propose action carry one ``story``
    case; a turn nobody could vote in has no breed (never TOMY_BREED_UNSPECIFIED)."""
    events, _ = played
    told = [e for e in events if isinstance(e, tomy_events.StoryProposed)]
    person = tomy_events.StoryProposed(0, 1, 2, "Tomy dort au chalet")
    for event in (*told, person):
        message = to_proto(event, tomy_pb2.TomyEvent.StoryProposed())
        assert message.WhichOneof("story") == ("template" if event.template else "text")
        assert from_proto(message, tomy_events.StoryProposed) == event
    assert all(e.template is not None and e.text is None for e in told)  # listed: templates
    propose = tomy_pb2.TomyAction.Propose(column=2, text="là-bas")
    assert from_proto(propose, Propose) == Propose(2, "là-bas")
    with pytest.raises(TypeError):
        to_proto(Propose(2, "là-bas", told[0].template), tomy_pb2.TomyAction.Propose())
    results = [e for e in events if isinstance(e, tomy_events.TurnResult)]
    for result in results:
        turn = to_proto(result, tomy_pb2.TomyEvent.TurnResult())
        assert turn.HasField("breed") is (result.breed is not None)
        assert turn.HasField("column") is (result.column is not None)
    assert any(r.breed is None for r in results) and any(r.breed for r in results)
