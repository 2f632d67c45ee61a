"""The generic engine-dataclass <-> protobuf mapper (``services.games.convert``) follows the
contract's conventions for "none": absence, a oneof, or a choice message, never a sentinel;
and an enum's zero value is never sent.

The messages are the real generated ones; the dataclasses are small stand-ins shaped like
the engine's (the per-game wire tests convert the engines' own types)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from cercle.v1 import awimbawe_pb2, tamashii_pb2, tomy_pb2

from services.games.convert import ConversionError, from_proto, to_proto


@dataclass(frozen=True)
class Template:
    number: int
    breed: str
    location: int


@dataclass(frozen=True)
class Proposal:
    column: int
    seat: int
    location: int
    text: str | None
    template: Template | None = None


@dataclass(frozen=True)
class LastTurn:
    proposals: tuple[Proposal, ...]
    votes: tuple[int | None, ...]
    winning_column: int | None


@dataclass(frozen=True)
class Face:
    card: int
    animal: str
    colour: str
    value: int
    crowns: int
    power: str | None


@dataclass(frozen=True)
class Pile:
    cards: tuple[Face | None, ...]
    top: Face | None
    size: int


@dataclass(frozen=True)
class Eroded:
    colour: str | None


@dataclass(frozen=True)
class Drawn:
    seat: int
    colour: str | None
    again: bool


MOUSE = Face(0, "mouse", "green", 1, 1, "mouse")
ELEPHANT = Face(5, "elephant", "green", 6, 2, None)
TOLD = Proposal(1, 0, 7, "Tomy is in the hut")
TEMPLATE = Proposal(2, 1, 9, None, Template(4, "husky", 9))


def test_a_oneof_is_the_one_member_that_is_not_none() -> None:
    text = to_proto(TOLD, tomy_pb2.TomyProposalView())
    assert text.WhichOneof("story") == "text" and text.text == "Tomy is in the hut"
    template = to_proto(TEMPLATE, tomy_pb2.TomyProposalView())
    assert template.WhichOneof("story") == "template" and template.template.number == 4
    assert template.template.breed == tomy_pb2.TOMY_BREED_HUSKY
    assert from_proto(text, Proposal) == TOLD
    assert from_proto(template, Proposal) == TEMPLATE


def test_a_oneof_with_two_members_set_is_refused_and_none_set_reads_as_all_none() -> None:
    with pytest.raises(TypeError, match="at most one of text, template"):
        to_proto(Proposal(1, 0, 7, "mine", Template(4, "husky", 7)), tomy_pb2.TomyProposalView())
    empty = tomy_pb2.TomyProposalView(column=1, seat=0, location=7)
    assert from_proto(empty, Proposal) == Proposal(1, 0, 7, None, None)
    # An empty text is still a text: a person's (refusable) story, not a missing one.
    assert to_proto(Proposal(1, 0, 7, ""), tomy_pb2.TomyProposalView()).WhichOneof("story") == (
        "text"
    )


def test_a_list_of_maybe_absent_ints_is_a_list_of_choice_messages() -> None:
    last = LastTurn((TOLD,), (12, None, 40), 0)
    message = to_proto(last, tomy_pb2.TomyLastTurnView())
    assert [v.WhichOneof("vote") for v in message.votes] == ["card", "no_vote", "card"]
    assert [v.card for v in message.votes] == [12, 0, 40]
    assert from_proto(message, LastTurn) == last
    nobody = to_proto(LastTurn((), (None, None, None), None), tomy_pb2.TomyLastTurnView())
    assert not nobody.HasField("winning_column")
    assert from_proto(nobody, LastTurn).votes == (None, None, None)


def test_a_choice_item_with_nothing_set_is_refused_on_the_way_in() -> None:
    message = tomy_pb2.TomyLastTurnView(votes=[tomy_pb2.TomySeatVote()])
    with pytest.raises(ConversionError) as refused:
        from_proto(message, LastTurn)
    assert refused.value.field == "votes"


def test_a_list_of_maybe_hidden_messages_is_a_list_of_choice_messages() -> None:
    pile = Pile((None, MOUSE), MOUSE, 2)
    message = to_proto(pile, awimbawe_pb2.AwimbawePileView())
    assert [c.WhichOneof("slot") for c in message.cards] == ["hidden", "card"]
    assert message.cards[1].card.animal == awimbawe_pb2.AWIMBAWE_ANIMAL_MOUSE
    assert message.cards[0].hidden.ByteSize() == 0  # a hidden card carries nothing
    assert from_proto(message, Pile) == pile
    covered = to_proto(Pile((None,), None, 1), awimbawe_pb2.AwimbawePileView())
    assert not covered.HasField("top")


def test_a_none_item_is_never_a_sentinel() -> None:
    @dataclass(frozen=True)
    class Shown:
        seat: int
        cards: tuple[Face | None, ...]

    with pytest.raises(TypeError, match="None item"):
        to_proto(Shown(0, (MOUSE, None)), awimbawe_pb2.AwimbaweEvent.HandDealt())

    @dataclass(frozen=True)
    class Scores:
        round: int
        winner: int
        reason: str
        crowns: tuple[int | None, ...]
        hyenas: tuple[int, ...]

    with pytest.raises(TypeError, match="None item"):
        to_proto(
            Scores(1, 0, "more_crowns", (3, None), (0, 0)), awimbawe_pb2.AwimbaweRoundResultView()
        )


def test_an_absent_enum_is_an_absent_field_and_a_no_power_card_has_no_power() -> None:
    assert not to_proto(Eroded(None), tamashii_pb2.TamashiiEvent.GemEroded()).HasField("colour")
    assert not to_proto(Eroded(""), tamashii_pb2.TamashiiEvent.GemEroded()).HasField("colour")
    blue = to_proto(Eroded("blue"), tamashii_pb2.TamashiiEvent.GemEroded())
    assert blue.HasField("colour") and blue.colour == tamashii_pb2.TAMASHII_COLOUR_BLUE
    assert from_proto(tamashii_pb2.TamashiiEvent.GemEroded(), Eroded) == Eroded(None)
    elephant = to_proto(ELEPHANT, awimbawe_pb2.AwimbaweCardView())
    assert not elephant.HasField("power")
    assert from_proto(elephant, Face) == ELEPHANT


def test_an_enum_without_presence_is_never_sent_unspecified() -> None:
    for missing in (None, ""):
        with pytest.raises(TypeError, match="never sends an UNSPECIFIED"):
            to_proto(Drawn(0, missing, False), tamashii_pb2.TamashiiEvent.GemDrawn())


def test_an_unset_required_enum_is_refused_on_the_way_in() -> None:
    @dataclass(frozen=True)
    class Named:
        colour: str

    with pytest.raises(ConversionError) as refused:
        from_proto(tamashii_pb2.TamashiiEvent.GemEroded(), Named)
    assert refused.value.field == "colour"


def test_an_action_oneof_pair_maps_to_two_optional_engine_fields() -> None:
    @dataclass(frozen=True)
    class SnakePick:
        target_card: int | None = None
        hand_position: int | None = None

    blind = to_proto(SnakePick(hand_position=0), awimbawe_pb2.AwimbaweAction.SnakePick())
    assert blind.WhichOneof("target") == "hand_position"  # position 0 is a real pick
    assert from_proto(blind, SnakePick) == SnakePick(hand_position=0)
    top = awimbawe_pb2.AwimbaweAction.SnakePick(target_card=14)
    assert from_proto(top, SnakePick) == SnakePick(target_card=14)
    assert from_proto(awimbawe_pb2.AwimbaweAction.SnakePick(), SnakePick) == SnakePick()
    both = awimbawe_pb2.AwimbaweAction.SnakePick(target_card=14)
    both.hand_position = 1  # the wire keeps only the last member set
    assert from_proto(both, SnakePick) == SnakePick(hand_position=1)
