"""Mais où est Tomy ? — one or more tests per rule id of ``docs/games/tomy-rules.md``.

States are built by hand (``table``) so that each test knows every card: dog card
``dog(column, i)`` is the i-th card of the breed in ``column``; undealt dogs go to the deck in
increasing order, so the top of the deck (the end of the list) is the highest free id.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar, cast

import pytest

from engine import registry
from engine.codec import CodecError, from_data, to_data
from engine.core import IllegalAction, MatchFinished, NotYourTurn, Pending, Timeout
from engine.events import Event
from engine.games.tomy import (
    EMPTY,
    NO_CARD,
    OVER,
    STORY,
    TIE,
    VOTE,
    BreakTie,
    Pass,
    Propose,
    TomyGame,
    TomyState,
    Vote,
)
from engine.games.tomy import cards as tomy_data
from engine.games.tomy.actions import TemplateStory, TomyAction
from engine.games.tomy.cards import DOG_FACES
from engine.games.tomy.conformance import check
from engine.games.tomy.events import (
    CardDrawn,
    HandDealt,
    LocationDeckShort,
    MatchOver,
    NoCardToDraw,
    OwnDraw,
    OwnVote,
    Passed,
    PlacedLocation,
    RevealedVote,
    RoundScored,
    RowRefilled,
    SatOut,
    StoryProposed,
    Tie,
    TieBroken,
    TurnResult,
    TurnStarted,
    Voted,
    VotesRevealed,
    VoteStarted,
)
from engine.info import InvalidOptions
from engine.playout import random_playout
from engine.rng import Rng

GAME = TomyGame()
E = TypeVar("E", bound=Event)
STORY_TEXT = "Tomy dort dans la hutte, bien au chaud."


def dog(column: int, i: int = 0) -> int:
    return column * tomy_data.DOGS_PER_BREED + i


def table(
    players: int = 4,
    hands: list[list[int]] | None = None,
    *,
    leash: int = 0,
    row: list[int] | None = None,
    seed: int = 7,
    **options: Any,
) -> TomyState:
    """A match at the start of a turn with the given hands, leash and row (no rest after a
    reveal unless ``pause_seconds`` is given: MT-PAUSE-1 has its own tests)."""
    options.setdefault("pause_seconds", 0)
    state = GAME.new_match(GAME.validate_options(options), players, seed)
    if hands is not None:
        dealt = {card for hand in hands for card in hand}
        state.hands = [sorted(hand) for hand in hands]
        state.dog_deck = [card for card in range(96) if card not in dealt]
        state.dog_discard = []
    if row is not None:
        state.row = row[:]
        state.location_deck = [loc for loc in range(48) if loc not in row]
        state.location_discard = []
    state.leash = leash
    check(state)
    return state


def act(
    state: TomyState, seat: int, action: TomyAction | Timeout
) -> tuple[TomyState, tuple[Event, ...]]:
    transition = GAME.apply(state, seat, action)
    check(transition.state)
    return transition.state, transition.events


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [event.kind for event in events]


def event(events: tuple[Event, ...], cls: type[E]) -> E:
    found = [e for e in events if isinstance(e, cls)]
    assert len(found) == 1, f"expected one {cls.kind} event, got {kinds(events)}"
    return found[0]


def tell(state: TomyState, *columns: int | None) -> tuple[TomyState, tuple[Event, ...]]:
    """The story phase: speakers in order from the leash holder propose ``column`` or pass."""
    events: list[Event] = []
    for column in columns:
        seat = state.storyteller()
        action = Pass() if column is None else Propose(column, f"story {column}")
        state, new = act(state, seat, action)
        events.extend(new)
    return state, tuple(events)


def four_hands() -> list[list[int]]:
    """Seat s holds cards 0..3 of breeds 0, 1 and 2 (column s for seat 3: none of 0/1)."""
    return [
        [dog(0, 0), dog(1, 0), dog(2, 0), dog(3, 0)],
        [dog(0, 1), dog(1, 1), dog(2, 1), dog(3, 1)],
        [dog(0, 2), dog(1, 2), dog(2, 2), dog(3, 2)],
        [dog(2, 3), dog(3, 3), dog(4, 3), dog(5, 3)],
    ]


# --------------------------------------------------------------------------------------------
# Material and set-up
# --------------------------------------------------------------------------------------------


def test_mt_mat_1_six_breeds_in_colour_order() -> None:
    """MT-MAT-1: green Cocker, red Teckel, blue Husky, yellow Yorkshire, violet Caniche,
    orange Dalmatien, in columns 0–5, as every view shows them."""
    expected = [
        ("cocker", "green"),
        ("teckel", "red"),
        ("husky", "blue"),
        ("yorkshire", "yellow"),
        ("caniche", "violet"),
        ("dalmatien", "orange"),
    ]
    assert [(b.key, b.colour) for b in tomy_data.BREEDS] == expected
    view = GAME.view(table(), None)
    assert [(c.column, c.breed, c.colour) for c in view.columns] == [
        (i, key, colour) for i, (key, colour) in enumerate(expected)
    ]


def test_mt_mat_2_dog_and_location_cards() -> None:
    """MT-MAT-2: 16 dogs of each breed (96), 48 distinct places with fr and en text."""
    assert tomy_data.DOG_CARDS == 96
    per_breed = [sum(1 for c in range(96) if tomy_data.breed_of(c) == b) for b in range(6)]
    assert per_breed == [16] * 6
    assert len(tomy_data.PLACES) == 48
    assert len({p.fr for p in tomy_data.PLACES}) == 48
    assert len({p.en for p in tomy_data.PLACES}) == 48
    assert all(p.fr.strip() and p.en.strip() for p in tomy_data.PLACES)
    assert tomy_data.PLACES[0].fr == "une hutte en Afrique"
    assert tomy_data.PLACES[0].en == "a hut in Africa"


def test_mt_mat_2_view_shows_place_text_under_each_column() -> None:
    """MT-MAT-2: the face-up location of a column is a location card whose French and
    English text the catalogue gives, by id."""
    state = table(row=[0, 1, 2, 3, 4, 5])
    column = GAME.view(state, 0).columns[0]
    assert column.location is not None
    names = GAME.catalogue().locations[column.location].names
    assert (column.location, [(n.language, n.text) for n in names]) == (
        0,
        [("fr", "une hutte en Afrique"), ("en", "a hut in Africa")],
    )


def test_mt_mat_3_three_to_eight_players() -> None:
    """MT-MAT-3: 3 to 8 players."""
    assert (GAME.info.min_players, GAME.info.max_players) == (3, 8)
    for players in (3, 8):
        assert GAME.seats(table(players)) == players
    for players in (2, 9):
        with pytest.raises(InvalidOptions):
            GAME.new_match(GAME.validate_options({}), players, 1)


def test_registered_under_tomy() -> None:
    game = registry.get("tomy")
    assert isinstance(game, TomyGame)
    assert game.info.name == "Mais où est Tomy ?"


def test_mt_setup_1_deal() -> None:
    """MT-SETUP-1: one place face up per column, the rest in the location deck; nine dogs
    each, the rest in the dog deck."""
    for players in (3, 5, 8):
        state = GAME.new_match(GAME.validate_options({}), players, 3)
        assert len(set(state.row)) == 6 and EMPTY not in state.row
        assert len(state.location_deck) == 42 and not state.location_discard
        assert [len(hand) for hand in state.hands] == [9] * players
        assert len(state.dog_deck) == 96 - 9 * players and not state.dog_discard
        assert state.phase == STORY and state.turn == 1
        check(state)


def test_mt_setup_1_shuffles_are_seeded() -> None:
    """MT-SETUP-1: the same seed deals the same cards; another seed deals others."""
    options = GAME.validate_options({})
    a, b = GAME.new_match(options, 4, 11), GAME.new_match(options, 4, 11)
    c = GAME.new_match(options, 4, 12)
    assert a == b
    assert GAME.encode(a) == GAME.encode(b)
    assert (a.hands, a.row) != (c.hands, c.row)


def test_mt_setup_2_leash_option_and_seeded_draw() -> None:
    """MT-SETUP-2: ``first_player`` gives the leash; -1 draws it with the seeded RNG."""
    assert GAME.new_match(GAME.validate_options({"first_player": 2}), 4, 5).leash == 2
    drawn = {GAME.new_match(GAME.validate_options({}), 4, seed).leash for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    again = GAME.new_match(GAME.validate_options({}), 4, 9).leash
    assert again == GAME.new_match(GAME.validate_options({}), 4, 9).leash
    with pytest.raises(InvalidOptions):
        GAME.new_match(GAME.validate_options({"first_player": 5}), 5, 1)
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"first_player": -2})


def test_mt_setup_2_first_player_0_gives_the_leash_to_seat_0_whatever_the_seed() -> None:
    """MT-SETUP-2 at its boundary: seat 0 is a seat, not "draw one" (a mutation of
    ``first >= 0`` into ``first > 0`` survived every other test)."""
    for seed in range(40):
        options = GAME.validate_options({"first_player": 0})
        assert GAME.new_match(options, 5, seed).leash == 0
    last = GAME.validate_options({"first_player": 7})
    assert {GAME.new_match(last, 8, seed).leash for seed in range(10)} == {7}


def test_options_defaults_and_ranges() -> None:
    """The room options of MT-VAR-1 and MT-TIME-1, with their defaults."""
    options = GAME.validate_options({})
    assert options == {
        "rounds": False,
        "target_score": 12,
        "story_seconds": 90,
        "vote_seconds": 30,
        "tie_seconds": 20,
        "first_player": -1,
        "language": "FR",
        "pause_seconds": 20,
    }
    assert GAME.validate_options({"language": "en"})["language"] == "EN"
    for name in ("story_seconds", "vote_seconds", "tie_seconds"):
        assert GAME.validate_options({name: 0})[name] == 0
        assert GAME.validate_options({name: 600})[name] == 600
        with pytest.raises(InvalidOptions):
            GAME.validate_options({name: 601})
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"language": "DE"})
    with pytest.raises(InvalidOptions):
        GAME.validate_options({"bogus": 1})


# --------------------------------------------------------------------------------------------
# Story phase
# --------------------------------------------------------------------------------------------


def test_mt_story_1_order_starts_at_leash_and_goes_left() -> None:
    """MT-STORY-1: the leash holder speaks first, then increasing seats, wrapping round."""
    state = table(4, leash=2)
    order = []
    for column in (0, 1, None, None):
        order.append(GAME.pending(state)[0].seat)
        assert GAME.pending(state) == (Pending(state.storyteller(), "story"),)
        state, _ = tell(state, column)
    assert order == [2, 3, 0, 1]
    assert state.phase == VOTE


def test_mt_story_1_leash_holder_must_propose() -> None:
    """MT-STORY-1: the leash holder may not pass."""
    state = table(4, leash=1)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Pass())
    assert err.value.reason == "MUST_PROPOSE"
    assert Pass() not in GAME.legal_actions(state, 1)


def test_mt_story_1_propose_records_column_place_and_trimmed_story() -> None:
    """MT-STORY-1: a proposal ties the place under a column to that breed, with its story."""
    state = table(4, row=[10, 11, 12, 13, 14, 15])
    state, events = act(state, 0, Propose(3, "   Tomy est au chalet !  \n"))
    assert state.proposals == [(3, 0, 13, "Tomy est au chalet !")]
    e = event(events, StoryProposed)
    assert e.audience is None
    assert e == StoryProposed(seat=0, column=3, location=13, text="Tomy est au chalet !")
    view = GAME.view(state, 2)
    assert [(p.column, p.seat, p.location, p.text) for p in view.proposals] == [
        (3, 0, 13, "Tomy est au chalet !")
    ]
    assert view.storyteller == 1


def test_mt_story_1_column_taken_and_no_such_column() -> None:
    """MT-STORY-1: each column once per turn; only columns 0–5 exist."""
    state, _ = act(table(4), 0, Propose(2, STORY_TEXT))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Propose(2, STORY_TEXT))
    assert err.value.reason == "COLUMN_TAKEN"
    for column in (-1, 6):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 1, Propose(column, STORY_TEXT))
        assert err.value.reason == "NO_SUCH_COLUMN"


def test_mt_story_1_story_length() -> None:
    """MT-STORY-1: 1–500 characters after trimming; empty or longer is refused clearly."""
    state = table(4)
    for bad in ("", "   \n\t ", "é" * 501, " " + "a" * 501):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, Propose(0, bad))
        assert err.value.reason == "STORY_LENGTH"
        assert "1 to 500 characters" in err.value.message
    longest = "ü" * 500
    after, _ = act(state, 0, Propose(0, "  " + longest + "  "))
    assert after.proposals[0][3] == longest
    after, _ = act(state, 0, Propose(0, "!"))
    assert after.proposals[0][3] == "!"


def test_mt_story_1_length_counts_what_people_see() -> None:
    """MT-STORY-1: characters are grapheme clusters (e + accent is one); a story also holds
    at most 2,000 code points."""
    state = table(4)
    decomposed = "e\u0301" * 500  # 500 characters, 1,000 code points
    after, _ = act(state, 0, Propose(0, decomposed))
    assert after.proposals[0][3] == decomposed
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one character, 5 code points
    for bad in ("e\u0301" * 501, family * 401):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, Propose(0, bad))
        assert err.value.reason == "STORY_LENGTH"
    after, _ = act(state, 0, Propose(0, family * 400))
    assert after.proposals[0][3] == family * 400


def test_mt_story_1_unicode_story_round_trips_exactly() -> None:
    """MT-STORY-1: story text is kept exactly, through storage too."""
    story = "Tomy 🐶 a vu « l'œuf » à Zürich — ça alors !"
    state, _ = act(table(4), 0, Propose(0, story))
    decoded = GAME.decode(GAME.encode(state))
    assert decoded == state
    assert decoded.proposals[0][3] == story
    assert json.loads(GAME.encode(state))[1] == state.to_data()


def test_mt_story_1_only_the_storyteller_speaks() -> None:
    """MT-STORY-1: nobody else proposes, passes or votes during the story phase."""
    state = table(4, leash=0)
    for seat in (1, 2, 3):
        assert GAME.legal_actions(state, seat) == []
        with pytest.raises(NotYourTurn):
            GAME.apply(state, seat, Propose(0, STORY_TEXT))
        with pytest.raises(NotYourTurn):
            GAME.apply(state, seat, Pass())
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, Vote(state.hands[0][0]))
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, BreakTie(0))


def test_mt_story_1_legal_actions_one_template_per_free_column() -> None:
    """MT-STORY-1: free-text choices are listed once per free column, with a template."""
    state, _ = act(table(4, row=[0, 1, 2, 3, 4, 5]), 0, Propose(1, STORY_TEXT))
    actions = GAME.legal_actions(state, 1)
    proposes = [a for a in actions if isinstance(a, Propose)]
    assert [a.column for a in proposes] == [0, 2, 3, 4, 5]
    assert Pass() in actions
    for action in proposes:
        assert action.text is None and action.template == TemplateStory(
            (state.turn + action.column) % tomy_data.STORY_TEMPLATES,
            tomy_data.BREEDS[action.column].key,
            action.column,
        )
        assert GAME.is_legal(state, 1, action)


def test_mt_time_1_a_template_story_is_a_reference_played_back_as_listed() -> None:
    """MT-TIME-1: the listed template story, sent back, is told as a typed reference (its
    number, breed and place: no text, no language); a view shows it the same way, and it
    survives storage."""
    state = table(4, row=[0, 1, 2, 3, 4, 5], language="FR")
    listed = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Propose))
    state, events = act(state, 0, listed)
    told = event(events, StoryProposed)
    assert told.text is None and told.template == listed.template
    (proposal,) = GAME.view(state, 2).proposals
    assert proposal.text is None and proposal.template == listed.template
    decoded = GAME.decode(GAME.encode(state))
    assert decoded == state and GAME.view(decoded, None).proposals[0].template == listed.template


def test_a_story_stored_before_template_stories_reads_back_as_text() -> None:
    """Room logs written before ``template`` was added (four fields, text stories) still
    decode: the new trailing field takes its default; a shorter list is still refused."""
    old = [1, 2, 7, "Tomy est au chalet"]
    assert from_data(StoryProposed, old) == StoryProposed(1, 2, 7, "Tomy est au chalet")
    assert from_data(Propose, [2, "Tomy est au chalet"]) == Propose(2, "Tomy est au chalet")
    told = StoryProposed(1, 2, 7, None, TemplateStory(3, "husky", 7))
    assert from_data(StoryProposed, to_data(told)) == told
    with pytest.raises(CodecError):
        from_data(StoryProposed, [1, 2, 7])


def test_a_template_story_stored_with_an_empty_text_reads_back_as_template_only() -> None:
    """Room logs written before the story was a oneof hold ``""`` as the text of a template
    story (event and action alike): they read back with no text, so the wire sends exactly
    one of ``text`` / ``template``."""
    template = TemplateStory(3, "husky", 7)
    old_event = [1, 2, 7, "", [3, "husky", 7]]
    assert from_data(StoryProposed, old_event) == StoryProposed(1, 2, 7, None, template)
    assert to_data(from_data(StoryProposed, old_event)) == [1, 2, 7, None, [3, "husky", 7]]
    assert from_data(Propose, [2, "", [3, "husky", 7]]) == Propose(2, None, template)
    assert from_data(Propose, [2, "", None]).text == ""  # an empty story stays refusable


def test_mt_time_1_a_wrong_template_story_is_refused_and_changes_nothing() -> None:
    """MT-TIME-1: a template number outside the bank, a template about another breed or
    place, or a template with text beside it is refused with a reason."""
    state = table(4, row=[0, 1, 2, 3, 4, 5])
    before = GAME.encode(state)
    bad = {
        "NO_SUCH_TEMPLATE": Propose(
            2, template=TemplateStory(tomy_data.STORY_TEMPLATES, "husky", 2)
        ),
        "TEMPLATE_MISMATCH": Propose(2, template=TemplateStory(0, "cocker", 2)),
        "STORY_AND_TEMPLATE": Propose(2, "mine", TemplateStory(0, "husky", 2)),
    }
    for reason, action in bad.items():
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, action)
        assert err.value.reason == reason
    assert GAME.encode(state) == before
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Propose(2, template=TemplateStory(-1, "husky", 2)))


def test_mt_story_1_eight_players_pass_when_every_column_is_taken() -> None:
    """MT-STORY-1: once all six columns are proposed, later seats can only pass."""
    state = table(8)
    state, _ = tell(state, 0, 1, 2, 3, 4, 5)
    assert GAME.legal_actions(state, 6) == [Pass()]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 6, Propose(0, STORY_TEXT))
    assert err.value.reason == "COLUMN_TAKEN"


def test_mt_story_2_last_player_must_propose_if_only_one_place() -> None:
    """MT-STORY-2: with one proposal when the last seat speaks, it must propose."""
    state, _ = tell(table(4, leash=1), 0, None, None)
    last = state.storyteller()
    assert last == 0
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, last, Pass())
    assert err.value.reason == "MUST_PROPOSE"
    assert Pass() not in GAME.legal_actions(state, last)
    state, _ = act(state, last, Propose(4, STORY_TEXT))
    assert state.phase == VOTE
    assert sorted(state.proposed_columns()) == [0, 4]


def test_mt_story_2_last_player_may_pass_with_two_places() -> None:
    """MT-STORY-2: with two proposals already, the last seat may pass."""
    state, _ = tell(table(3), 0, 1)
    assert Pass() in GAME.legal_actions(state, 2)
    state, events = act(state, 2, Pass())
    assert state.phase == VOTE
    assert "passed" in kinds(events) and "vote_started" in kinds(events)
    assert GAME.view(state, 0).passed == (False, False, True)


# --------------------------------------------------------------------------------------------
# Vote phase
# --------------------------------------------------------------------------------------------


def test_mt_vote_1_every_eligible_seat_votes_in_any_order() -> None:
    """MT-VOTE-1: storytellers too; all eligible seats are pending at once, any order."""
    state, events = tell(table(4, four_hands()), 0, 1, None, None)
    assert event(events, VoteStarted) == VoteStarted(columns=(0, 1), sitting_out=(3,))
    assert GAME.pending(state) == (Pending(0, "vote"), Pending(1, "vote"), Pending(2, "vote"))
    state, _ = act(state, 2, Vote(dog(0, 2)))
    assert GAME.pending(state) == (Pending(0, "vote"), Pending(1, "vote"))
    state, _ = act(state, 0, Vote(dog(1, 0)))
    assert GAME.pending(state) == (Pending(1, "vote"),)
    assert state.votes[:3] == [dog(1, 0), NO_CARD, dog(0, 2)]


def test_mt_vote_1_sealed_votes_based_on_the_same_version_never_collide() -> None:
    """MT-VOTE-1: votes are sealed and revealed together, so a vote chosen when the vote
    began is taken after another seat's vote landed (no STALE_VERSION); a version from
    before the vote, or a vote that became illegal, is still refused."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    opened = state.version
    assert GAME.unordered_since(state) == opened
    state = GAME.apply(state, 2, Vote(dog(0, 2)), version=opened).state
    state = GAME.apply(state, 0, Vote(dog(1, 0)), version=opened).state  # one behind: taken
    assert state.votes[:3] == [dog(1, 0), NO_CARD, dog(0, 2)]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Vote(dog(1, 1)), version=opened - 1)  # from the story phase
    assert err.value.reason == "STALE_VERSION"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, Vote(dog(0, 0)), version=opened)  # still illegal: voted already
    assert err.value.reason == "ALREADY_VOTED"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Vote(dog(1, 1)), version=state.version + 1)  # from the future
    assert err.value.reason == "STALE_VERSION"
    state = GAME.apply(state, 1, Vote(dog(1, 1)), version=opened + 1).state
    assert GAME.unordered_since(state) is None  # revealed: ordered play again


def test_mt_vote_1_only_cards_of_proposed_breeds() -> None:
    """MT-VOTE-1: one card from one's hand, of a proposed breed."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    assert GAME.legal_actions(state, 0) == [Vote(dog(0, 0)), Vote(dog(1, 0))]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, Vote(dog(2, 0)))
    assert err.value.reason == "BREED_NOT_PROPOSED"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, Vote(dog(0, 1)))  # seat 1's card
    assert err.value.reason == "CARD_NOT_IN_HAND"
    assert "seat" not in err.value.message  # says nothing about who holds it
    state, _ = act(state, 0, Vote(dog(0, 0)))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, Vote(dog(1, 0)))
    assert err.value.reason == "ALREADY_VOTED"
    assert GAME.legal_actions(state, 0) == []


def test_mt_vote_1_vote_is_sealed_in_views() -> None:
    """MT-VOTE-1: before the reveal a vote is seen by its owner only; others see a bool."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    state, _ = act(state, 1, Vote(dog(0, 1)))
    mine = GAME.view(state, 1)
    assert mine.my_vote == dog(0, 1)
    assert dog(0, 1) not in [c.id for c in mine.hand or ()]
    for viewer in (0, 2, 3, None):
        view = GAME.view(state, viewer)
        assert view.voted == (False, True, False, False)
        assert view.votes is None
        assert view.my_vote is None
        assert view.hand_counts == (4, 3, 4, 4)
    # the same table with another sealed card for seat 1 looks the same to everyone else
    other = state.clone()
    other.hands[1] = sorted([*other.hands[1], dog(0, 1)])
    other.hands[1].remove(dog(1, 1))
    other.votes[1] = dog(1, 1)
    check(other)
    for viewer in (0, 2, 3, None):
        assert GAME.view(other, viewer) == GAME.view(state, viewer)
    assert GAME.view(other, 1) != GAME.view(state, 1)


def test_mt_vote_1_vote_events_public_without_card_private_with_card() -> None:
    """MT-VOTE-1: a public ``voted(seat)`` without the card; the card only to the voter."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    _, events = act(state, 2, Vote(dog(1, 2)))
    assert kinds(events) == ["voted", "own_vote"]
    public_event, private_event = events
    assert public_event.audience is None
    assert public_event == Voted(seat=2)
    assert private_event.audience == frozenset({2})
    assert isinstance(private_event, OwnVote)
    assert (private_event.card.id, private_event.card.column) == (dog(1, 2), 1)
    assert private_event.card.breed == "teckel"
    assert not private_event.visible_to(None) and not private_event.visible_to(0)


def test_mt_vote_1_determinize_keeps_every_view_during_the_sealed_vote() -> None:
    """MT-VOTE-1: a world re-drawn for a seat keeps what it sees, with valid sealed votes."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    state, _ = act(state, 1, Vote(dog(0, 1)))
    state, _ = act(state, 2, Vote(dog(1, 2)))
    probe = Rng.from_seed(3)
    for viewer in (0, 1, 2, 3, None):
        for _ in range(20):
            world = GAME.determinize(state, viewer, probe)
            check(world)
            assert GAME.view(world, viewer) == GAME.view(state, viewer)
            for seat in range(4):
                if world.votes[seat] != NO_CARD:
                    assert tomy_data.breed_of(world.votes[seat]) in (0, 1)
            assert GAME.pending(world) == GAME.pending(state)
            assert not any(tomy_data.breed_of(c) in (0, 1) for c in world.hands[3])
            # seat 0 still holds a card to vote with
            assert GAME.legal_actions(world, 0)
    worlds = {tuple(GAME.determinize(state, 0, probe).votes) for _ in range(30)}
    assert len(worlds) > 1  # the sealed votes are really re-drawn


def test_mt_vote_2_seat_without_proposed_breed_sits_out() -> None:
    """MT-VOTE-2: no card of a proposed breed: no vote, not pending, hand unchanged."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    hand_before = state.hands[3][:]
    assert all(p.seat != 3 for p in GAME.pending(state))
    assert GAME.legal_actions(state, 3) == []
    assert GAME.view(state, None).sitting_out == (False, False, False, True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 3, Vote(dog(2, 3)))
    assert err.value.reason == "CANNOT_VOTE"
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 3, Timeout())
    for seat, card in ((0, dog(0, 0)), (1, dog(0, 1)), (2, dog(1, 2))):
        state, _ = act(state, seat, Vote(card))
    assert state.phase == STORY
    assert state.hands[3] == hand_before
    assert state.last_votes[3] == NO_CARD


# --------------------------------------------------------------------------------------------
# Reveal
# --------------------------------------------------------------------------------------------


def test_mt_reveal_1_all_votes_revealed_at_once_and_majority_wins() -> None:
    """MT-REVEAL-1: the last vote reveals every vote in one public event; most votes win."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    state, events = act(state, 0, Vote(dog(0, 0)))
    assert "votes_revealed" not in kinds(events)
    state, events = act(state, 1, Vote(dog(1, 1)))
    assert "votes_revealed" not in kinds(events)
    state, events = act(state, 2, Vote(dog(0, 2)))
    revealed = event(events, VotesRevealed)
    assert revealed.audience is None
    assert revealed.votes == (
        RevealedVote(seat=0, card=dog(0, 0), column=0),
        RevealedVote(seat=1, card=dog(1, 1), column=1),
        RevealedVote(seat=2, card=dog(0, 2), column=0),
    )
    assert revealed.counts == (2, 1, 0, 0, 0, 0)
    result = event(events, TurnResult)
    assert result.column == 0 and result.breed == "cocker"
    last = GAME.view(state, 3).last_turn
    assert last is not None
    assert last.votes == (dog(0, 0), dog(1, 1), dog(0, 2), None)
    assert last.winning_column == 0


def test_mt_reveal_1_tie_is_broken_by_the_leash_holder() -> None:
    """MT-REVEAL-1: on a tie the leash holder picks among the tied breeds, with a clock."""
    hands = four_hands()
    hands[3] = [dog(0, 3), dog(1, 3), dog(4, 3), dog(5, 3)]
    state, _ = tell(table(4, hands, leash=0), 0, 1, None, None)
    for seat, card in ((0, dog(0, 0)), (1, dog(1, 1)), (2, dog(0, 2)), (3, dog(1, 3))):
        state, events = act(state, seat, Vote(card))
    assert state.phase == TIE
    assert event(events, Tie) == Tie(seat=0, columns=(0, 1))
    assert GAME.pending(state) == (Pending(0, "tie"),)
    view = GAME.view(state, 2)
    assert view.tie_columns == (0, 1)
    assert view.votes == (dog(0, 0), dog(1, 1), dog(0, 2), dog(1, 3))
    assert GAME.legal_actions(state, 0) == [BreakTie(0), BreakTie(1)]
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, BreakTie(0))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, BreakTie(2))
    assert err.value.reason == "NOT_TIED"
    state, events = act(state, 0, BreakTie(1))
    assert event(events, TieBroken) == TieBroken(seat=0, column=1)
    assert event(events, TurnResult).column == 1
    assert [len(hand) for hand in state.hands] == [4, 3, 4, 3]


def test_mt_reveal_1_a_leash_holder_who_sat_out_still_breaks_the_tie() -> None:
    """MT-REVEAL-1: the leash holder breaks ties even without having voted."""
    hands = [
        [dog(2, 0), dog(3, 0), dog(4, 0)],
        [dog(0, 1), dog(1, 1), dog(2, 1)],
        [dog(0, 2), dog(1, 2), dog(2, 2)],
    ]
    state, _ = tell(table(3, hands, leash=0), 0, 1, None)
    assert GAME.pending(state) == (Pending(1, "vote"), Pending(2, "vote"))
    state, _ = act(state, 1, Vote(dog(0, 1)))
    state, _ = act(state, 2, Vote(dog(1, 2)))
    assert state.phase == TIE and GAME.pending(state) == (Pending(0, "tie"),)


def test_mt_reveal_2_winners_discard_others_discard_and_draw() -> None:
    """MT-REVEAL-2: winning voters lose their card; other voters replace theirs from the
    dog deck."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    top = state.dog_deck[-1]
    for seat, card in ((0, dog(0, 0)), (1, dog(1, 1)), (2, dog(0, 2))):
        state, events = act(state, seat, Vote(card))
    assert [len(hand) for hand in state.hands] == [3, 4, 3, 4]
    assert top in state.hands[1] and dog(1, 1) not in state.hands[1]
    assert sorted(state.dog_discard) == sorted([dog(0, 0), dog(1, 1), dog(0, 2)])
    result = event(events, TurnResult)
    assert result.matched == (0, 2) and result.must_draw == (1,)
    drawn = event(events, OwnDraw)
    assert drawn.audience == frozenset({1}) and drawn.card == DOG_FACES[top]
    assert drawn.card.breed == tomy_data.BREEDS[top // 16].key
    assert event(events, CardDrawn) == CardDrawn(seat=1)
    assert event(events, CardDrawn).audience is None


def test_mt_reveal_2_empty_dog_deck_reshuffles_discards() -> None:
    """MT-REVEAL-2 [decision]: an empty dog deck is refilled from the shuffled discards."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    old_discards = state.dog_deck[:-1]
    state.dog_discard = old_discards
    state.dog_deck = state.dog_deck[-1:]
    check(state)
    for seat, card in ((0, dog(1, 0)), (1, dog(1, 1)), (2, dog(0, 2))):
        state, events = act(state, seat, Vote(card))
    # seat 2 lost; the deck had one card left, so no reshuffle was needed
    assert "dog_deck_reshuffled" not in kinds(events)
    assert state.dog_deck == []
    state, _ = tell(state, 0, 1, None, None)
    pending = [p.seat for p in GAME.pending(state)]
    votes = {
        seat: next(c for c in state.hands[seat] if tomy_data.breed_of(c) in (0, 1))
        for seat in pending
    }
    for seat, card in votes.items():
        state, events = act(state, seat, Vote(card))
        if state.phase == TIE:
            state, events = act(state, state.leash, BreakTie(state.tie_columns[0]))
    losers = event(events, TurnResult).must_draw
    assert losers
    assert "dog_deck_reshuffled" in kinds(events)
    assert [e.kind for e in events].count("card_drawn") == len(losers)
    check(state)


def test_mt_reveal_2_without_reshuffle_a_loser_draws_nothing(monkeypatch: Any) -> None:
    """MT-REVEAL-2 [decision] off: with no reshuffle, an empty deck gives nothing."""
    monkeypatch.setattr(tomy_data, "RESHUFFLE_DISCARDS_WHEN_DECK_EMPTY", False)
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    state.dog_discard = state.dog_deck
    state.dog_deck = []
    for seat, card in ((0, dog(0, 0)), (1, dog(1, 1)), (2, dog(0, 2))):
        state, events = act(state, seat, Vote(card))
    assert event(events, NoCardToDraw) == NoCardToDraw(seat=1)
    assert [len(hand) for hand in state.hands] == [3, 3, 3, 4]


def test_mt_reveal_3_nobody_can_vote() -> None:
    """MT-REVEAL-3: nobody holds a proposed breed: no winner, hands unchanged, next turn."""
    hands = [[dog(2, i), dog(3, i), dog(4, i)] for i in range(4)]
    state = table(4, hands, leash=0, row=[0, 1, 2, 3, 4, 5])
    state, events = tell(state, 0, 1, None, None)
    assert event(events, VoteStarted).sitting_out == (0, 1, 2, 3)
    assert event(events, VotesRevealed).votes == ()
    assert event(events, TurnResult).column is None
    assert state.hands == [sorted(hand) for hand in hands]
    assert state.phase == STORY and state.leash == 1 and state.turn == 2
    assert sorted(state.location_discard) == [0, 1]
    last = GAME.view(state, 0).last_turn
    assert last is not None and last.winning_column is None


# --------------------------------------------------------------------------------------------
# Next turn and end
# --------------------------------------------------------------------------------------------


def test_mt_next_1_places_replaced_and_leash_passes_left() -> None:
    """MT-NEXT-1: proposed places are discarded and replaced; the leash passes left."""
    state = table(4, four_hands(), leash=3, row=[0, 1, 2, 3, 4, 5])
    deck_top = state.location_deck[-2:]
    state, _ = tell(state, 4, 1, None, None)
    for seat, card in ((0, dog(1, 0)), (1, dog(1, 1)), (2, dog(1, 2)), (3, dog(4, 3))):
        state, events = act(state, seat, Vote(card))
    assert state.location_discard == [4, 1]
    assert state.row == [0, deck_top[0], 2, 3, deck_top[1], 5]
    assert event(events, RowRefilled).placed == (
        PlacedLocation(column=4, location=deck_top[1]),
        PlacedLocation(column=1, location=deck_top[0]),
    )
    assert state.leash == 0 and state.phase == STORY
    assert GAME.pending(state) == (Pending(0, "story"),)
    assert event(events, TurnStarted) == TurnStarted(game=1, turn=2, leash_holder=0)
    assert state.proposals == [] and state.votes == [NO_CARD] * 4


def test_mt_next_1_short_location_deck_ends_the_game() -> None:
    """MT-NEXT-1 / MT-END-1: fewer places left than proposals: no refill, the game ends."""
    state = table(4, four_hands(), leash=0, row=[0, 1, 2, 3, 4, 5])
    state.location_discard = state.location_deck[1:]
    state.location_deck = state.location_deck[:1]
    check(state)
    state, _ = tell(state, 0, 1, None, None)
    for seat, card in ((0, dog(0, 0)), (1, dog(0, 1)), (2, dog(1, 2))):
        state, events = act(state, seat, Vote(card))
    assert event(events, LocationDeckShort) == LocationDeckShort(needed=2, left=1)
    assert state.row[:2] == [EMPTY, EMPTY] and len(state.location_deck) == 1
    assert GAME.view(state, None).columns[0].location is None
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "LOCATIONS_EXHAUSTED"
    # hands: 3, 3, 4 (seat 2 voted teckel and drew), 4 (sat out)
    assert outcome.scores == (3, 3, 4, 4)
    assert outcome.winners == (0, 1)
    with pytest.raises(MatchFinished):
        GAME.apply(state, 1, Propose(2, STORY_TEXT))
    assert GAME.pending(state) == () and GAME.legal_actions(state, 1) == []


def test_mt_next_1_exact_deck_refills_and_goes_on() -> None:
    """MT-NEXT-1: a deck holding exactly as many places as proposals still refills."""
    state = table(4, four_hands(), leash=0, row=[0, 1, 2, 3, 4, 5])
    state.location_discard = state.location_deck[2:]
    state.location_deck = state.location_deck[:2]
    state, _ = tell(state, 0, 1, None, None)
    for seat, card in ((0, dog(0, 0)), (1, dog(0, 1)), (2, dog(1, 2))):
        state, _ = act(state, seat, Vote(card))
    assert GAME.outcome(state) is None
    assert state.location_deck == [] and EMPTY not in state.row


def test_mt_end_1_one_card_left_wins_together() -> None:
    """MT-END-1: at the end of a turn, every player holding exactly one card wins."""
    hands = [
        [dog(0, 0), dog(1, 0)],
        [dog(0, 1), dog(5, 1)],
        [dog(0, 2), dog(1, 2), dog(2, 2)],
        [dog(1, 3), dog(2, 3)],
    ]
    state, _ = tell(table(4, hands), 0, 1, None, None)
    votes = ((0, dog(0, 0)), (1, dog(0, 1)), (2, dog(0, 2)), (3, dog(1, 3)))
    for seat, card in votes:
        state, events = act(state, seat, Vote(card))
    assert kinds(events)[-2:] == ["game_over", "match_over"]
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "ONE_CARD_LEFT"
    assert outcome.winners == (0, 1)
    assert outcome.scores == (1, 1, 2, 2)
    assert state.phase == OVER
    assert GAME.view(state, 0).phase == OVER


def test_mt_end_1_the_game_ends_only_at_the_end_of_a_turn() -> None:
    """MT-END-1: a hand down to one card during the vote does not end the game yet."""
    hands = [[dog(0, 0), dog(1, 0)], [dog(0, 1), dog(1, 1)], [dog(0, 2), dog(1, 2)]]
    state, _ = tell(table(3, hands), 0, 1, None)
    state, _ = act(state, 0, Vote(dog(0, 0)))
    assert len(state.hands[0]) == 1 and GAME.outcome(state) is None
    state, _ = act(state, 1, Vote(dog(1, 1)))
    assert GAME.outcome(state) is None
    state, _ = act(state, 2, Vote(dog(1, 2)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1, 2)
    assert outcome.scores == (2, 1, 1)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_mt_end_1_random_matches_end(players: int) -> None:
    """MT-END-1: random legal play always reaches an outcome."""
    for seed in range(15):
        state, steps = random_playout(GAME, players, seed, chooser_seed=seed + 1)
        assert isinstance(state, TomyState)
        outcome = GAME.outcome(state)
        assert outcome is not None, steps
        assert outcome.reason in ("ONE_CARD_LEFT", "LOCATIONS_EXHAUSTED")
        assert outcome.scores == tuple(len(hand) for hand in state.hands)
        assert min(outcome.scores) == outcome.scores[outcome.winners[0]]


# --------------------------------------------------------------------------------------------
# Rounds variant
# --------------------------------------------------------------------------------------------


def _finish_game_with_one_card(state: TomyState) -> tuple[TomyState, tuple[Event, ...]]:
    """Seats 0 and 1 vote cocker and keep one card; seat 2 votes teckel."""
    state.hands = [[dog(0, 0), dog(1, 0)], [dog(0, 1), dog(2, 1)], [dog(1, 2), dog(2, 2)]]
    dealt = {c for hand in state.hands for c in hand}
    state.dog_deck = [c for c in range(96) if c not in dealt]
    state.dog_discard = []
    check(state)
    state, _ = tell(state, 0, 1, None)
    events: list[Event] = []
    for seat, card in ((0, dog(0, 0)), (1, dog(0, 1)), (2, dog(1, 2))):
        state, new = act(state, seat, Vote(card))
        events.extend(new)
    return state, tuple(events)


def test_mt_var_1_rounds_score_and_redeal() -> None:
    """MT-VAR-1: each game scores the cards left in hand, then a new game is dealt and the
    leash keeps passing left."""
    state = table(3, leash=1, rounds=True)
    state, events = _finish_game_with_one_card(state)
    assert GAME.outcome(state) is None
    assert state.round_scores == [[1, 1, 2]]
    assert event(events, RoundScored) == RoundScored(game=1, scores=(1, 1, 2), totals=(1, 1, 2))
    assert state.game_no == 2 and state.turn == 1 and state.phase == STORY
    assert state.leash == 2
    assert [len(hand) for hand in state.hands] == [9, 9, 9]
    check(state)
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert [e.audience for e in dealt] == [frozenset({s}) for s in range(3)]
    assert [face.id for face in dealt[1].cards] == state.hands[1]
    view = GAME.view(state, None)
    assert view.totals == (1, 1, 2) and view.round_scores == ((1, 1, 2),)
    assert view.rounds and view.target_score == 12


def test_mt_var_1_target_score_ends_and_lowest_total_wins() -> None:
    """MT-VAR-1: once a total reaches ``target_score`` the lowest total wins (shared)."""
    state = table(3, leash=0, rounds=True, target_score=12)
    state.round_scores = [[5, 5, 4], [6, 6, 5]]
    state, events = _finish_game_with_one_card(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "TARGET_SCORE"
    assert outcome.scores == (12, 12, 11)
    assert outcome.winners == (2,)
    assert event(events, MatchOver) == MatchOver(
        reason="target_score", winners=(2,), scores=(12, 12, 11)
    )
    state = table(3, leash=0, rounds=True, target_score=3)
    state.round_scores = [[2, 2, 1]]
    state, _ = _finish_game_with_one_card(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1, 2)


def test_mt_var_1_off_by_default_scores_are_cards_in_hand() -> None:
    """MT-VAR-1: without the variant, the first game ends the match; no totals shown."""
    state, _ = _finish_game_with_one_card(table(3))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "ONE_CARD_LEFT"
    assert GAME.view(state, 0).totals is None


def test_mt_var_1_random_rounds_matches_end() -> None:
    """MT-VAR-1: random play in the rounds variant ends once a total reaches the target."""
    for seed in range(6):
        state, _ = random_playout(GAME, 4, seed, options={"rounds": True, "target_score": 15})
        assert isinstance(state, TomyState)
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.reason == "TARGET_SCORE"
        assert max(outcome.scores) >= 15
        assert outcome.scores == tuple(state.totals())


# --------------------------------------------------------------------------------------------
# Clocks
# --------------------------------------------------------------------------------------------


def test_mt_time_1_clock_specs() -> None:
    """MT-TIME-1: story 90 s, vote 30 s, tie 20 s, each a room option."""
    clocks = {spec.kind: spec.option for spec in GAME.info.clocks}
    assert clocks == {
        "story": "story_seconds",
        "vote": "vote_seconds",
        "tie": "tie_seconds",
        "pause": "pause_seconds",
    }
    defaults = {spec.name: spec.default for spec in GAME.info.options}
    assert (defaults["story_seconds"], defaults["vote_seconds"], defaults["tie_seconds"]) == (
        90,
        30,
        20,
    )


def test_mt_time_1_story_timeout_passes_when_allowed() -> None:
    """MT-TIME-1: story clock expiry = pass where passing is allowed."""
    state, _ = act(table(4), 0, Propose(0, STORY_TEXT))
    state, events = act(state, 1, Timeout())
    assert event(events, Passed) == Passed(seat=1)
    assert state.storyteller() == 2


@pytest.mark.parametrize("language", ["FR", "EN"])
def test_mt_time_1_story_timeout_tells_a_template_story(language: str) -> None:
    """MT-TIME-1: where passing is not allowed, the server tells a template story naming the
    breed and the place: a reference, whatever the room's language."""
    state = table(4, row=[0, 1, 2, 3, 4, 5], language=language)
    state, events = act(state, 0, Timeout())
    told = event(events, StoryProposed)
    column = told.column
    assert told.text is None and told.template is not None
    assert told.template.breed == tomy_data.BREEDS[column].key
    assert told.template.location == told.location == column
    assert 0 <= told.template.number < tomy_data.STORY_TEMPLATES
    # the last seat with a single proposal is forced too
    state, _ = act(state, 1, Timeout())
    state, _ = act(state, 2, Timeout())
    state, events = act(state, 3, Timeout())
    assert len(state.proposals) == 2 and state.proposals[1][1] == 3
    assert state.phase == VOTE


def test_mt_time_1_timeout_template_numbers_are_seeded_and_in_range() -> None:
    """MT-TIME-1: the template a story clock tells is drawn from the state's seeded RNG:
    the same seed tells the same number, every number is within the bank, and the seeds
    reach many of them."""

    def number(seed: int) -> int:
        state = table(4, row=[0, 1, 2, 3, 4, 5], seed=seed)
        state.rng = Rng.from_seed(seed)
        _, events = act(state, 0, Timeout())
        template = event(events, StoryProposed).template
        assert template is not None
        return template.number

    numbers = [number(seed) for seed in range(40)]
    assert numbers == [number(seed) for seed in range(40)]
    assert all(0 <= n < tomy_data.STORY_TEMPLATES for n in numbers)
    assert len(set(numbers)) >= tomy_data.STORY_TEMPLATES // 2


def test_mt_time_1_vote_timeout_plays_a_random_valid_card() -> None:
    """MT-TIME-1 [decision]: vote clock expiry = a random valid card, seeded by the state."""
    seen = set()
    for seed in range(12):
        state, _ = tell(table(4, four_hands(), seed=seed), 0, 1, None, None)
        state.rng = Rng.from_seed(seed)
        after, events = act(state, 0, Timeout())
        card = after.votes[0]
        assert card in (dog(0, 0), dog(1, 0))
        assert event(events, Voted) == Voted(seat=0)
        assert event(events, OwnVote).card == DOG_FACES[card]
        seen.add(card)
        again, _ = act(state, 0, Timeout())
        assert again == after  # deterministic from the state's rng
    assert seen == {dog(0, 0), dog(1, 0)}


def test_mt_time_1_vote_timeout_can_sit_out_instead(monkeypatch: Any) -> None:
    """MT-TIME-1 [decision] off: a voter whose clock runs out sits the vote out."""
    monkeypatch.setattr(tomy_data, "VOTE_TIMEOUT_PLAYS_RANDOM_CARD", False)
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    state, events = act(state, 0, Timeout())
    assert event(events, SatOut) == SatOut(seat=0)
    assert state.hands[0] == four_hands()[0]
    assert GAME.view(state, 1).sitting_out == (True, False, False, True)
    state, _ = act(state, 1, Timeout())
    state, events = act(state, 2, Timeout())
    assert event(events, VotesRevealed).votes == ()
    assert state.phase == STORY


def test_mt_time_1_sat_out_by_timeout_keeps_determinize_working(monkeypatch: Any) -> None:
    """MT-TIME-1 [decision] off: a timed-out voter sits out with proposed breeds in hand;
    re-drawn worlds still keep every view."""
    monkeypatch.setattr(tomy_data, "VOTE_TIMEOUT_PLAYS_RANDOM_CARD", False)
    hands = [[dog(0, i), dog(1, i), dog(0, i + 4), dog(1, i + 4)] for i in range(3)]
    state = table(3, hands)
    state.dog_deck = [card for card in state.dog_deck if tomy_data.breed_of(card) in (0, 1)]
    state.dog_discard = [card for card in range(96) if tomy_data.breed_of(card) > 1]
    check(state)
    state, _ = tell(state, 0, 1, None)
    state, _ = act(state, 0, Timeout())
    probe = Rng.from_seed(8)
    for viewer in (1, 2, None):
        world = GAME.determinize(state, viewer, probe)
        check(world)
        assert GAME.view(world, viewer) == GAME.view(state, viewer)


def test_mt_time_1_tie_timeout_picks_a_tied_breed() -> None:
    """MT-TIME-1: tie clock expiry = a random breed among the tied ones."""
    hands = four_hands()
    hands[3] = [dog(0, 3), dog(1, 3), dog(4, 3), dog(5, 3)]
    picked = set()
    for seed in range(10):
        state, _ = tell(table(4, hands, leash=0), 0, 1, None, None)
        for seat, card in ((0, dog(0, 0)), (1, dog(1, 1)), (2, dog(0, 2)), (3, dog(1, 3))):
            state, _ = act(state, seat, Vote(card))
        state.rng = Rng.from_seed(seed)
        with pytest.raises(NotYourTurn):
            GAME.apply(state, 1, Timeout())
        state, events = act(state, 0, Timeout())
        broken = event(events, TieBroken)
        assert broken.column in (0, 1)
        picked.add(broken.column)
    assert picked == {0, 1}


def test_mt_time_1_timeout_only_for_a_pending_seat() -> None:
    """MT-TIME-1: only a seat the table waits for can time out."""
    state = table(4, leash=0)
    for seat in (1, 2, 3):
        with pytest.raises(NotYourTurn):
            GAME.apply(state, seat, Timeout())


# --------------------------------------------------------------------------------------------
# Invariant, views, storage
# --------------------------------------------------------------------------------------------


def test_mt_inv_1_check_counts_every_card_once() -> None:
    """MT-INV-1: the invariant holds mid-vote (cards on the table) and catches a copy."""
    state, _ = tell(table(4, four_hands()), 0, 1, None, None)
    state, _ = act(state, 0, Vote(dog(0, 0)))
    check(state)
    broken = state.clone()
    broken.hands[1].append(broken.dog_deck.pop())
    broken.hands[1].sort()
    check(broken)  # moved, not copied: still fine
    broken.dog_deck.append(broken.hands[1][0])
    with pytest.raises(AssertionError):
        check(broken)
    lost = state.clone()
    lost.location_deck.pop()
    with pytest.raises(AssertionError):
        check(lost)


def test_spectator_and_players_never_see_other_hands() -> None:
    """Views: a seat sees its own hand only; a spectator sees no hand; counts are public."""
    state = table(4, four_hands())
    spectator = GAME.view(state, None)
    assert spectator.hand is None and spectator.my_vote is None
    assert spectator.hand_counts == (4, 4, 4, 4)
    assert spectator.dog_deck_count == 96 - 16 and spectator.dog_discard_count == 0
    assert spectator.location_deck_count == 42 and spectator.location_discard_count == 0
    mine = GAME.view(state, 3)
    assert mine.hand is not None
    assert [(c.id, c.column, c.breed) for c in mine.hand] == [
        (dog(2, 3), 2, "husky"),
        (dog(3, 3), 3, "yorkshire"),
        (dog(4, 3), 4, "caniche"),
        (dog(5, 3), 5, "dalmatien"),
    ]
    for seat in range(4):
        world = GAME.determinize(state, seat, Rng.from_seed(seat))
        assert GAME.view(world, seat) == GAME.view(state, seat)
        if seat != 0:
            assert world.hands[0] != state.hands[0] or world.dog_deck != state.dog_deck
        assert world.rng != state.rng
        assert world.location_deck != state.location_deck


def test_determinize_in_rounds_and_tie_phase() -> None:
    """The leak check holds in the tie phase (votes revealed) and in the rounds variant."""
    hands = four_hands()
    hands[3] = [dog(0, 3), dog(1, 3), dog(4, 3), dog(5, 3)]
    state, _ = tell(table(4, hands, rounds=True), 0, 1, None, None)
    for seat, card in ((0, dog(0, 0)), (1, dog(1, 1)), (2, dog(0, 2)), (3, dog(1, 3))):
        state, _ = act(state, seat, Vote(card))
    assert state.phase == TIE
    probe = Rng.from_seed(5)
    for viewer in (0, 1, 2, 3, None):
        world = GAME.determinize(state, viewer, probe)
        check(world)
        assert world.votes == state.votes
        assert GAME.view(world, viewer) == GAME.view(state, viewer)


def test_state_storage_round_trip_and_clone_independence() -> None:
    state, _ = tell(table(5, rounds=True), 0, 1, None)
    copy = state.clone()
    assert copy == state
    copy.hands[0].pop()
    copy.proposals.append((5, 3, 0, "x"))
    assert copy != state
    decoded = GAME.decode(GAME.encode(state))
    assert decoded == state and GAME.encode(decoded) == GAME.encode(state)
    assert repr(state) == f"<TomyState version={state.version}>"


def test_wrong_action_type_is_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(table(4), 0, cast(Any, "propose"))  # an untyped caller's mistake
    assert err.value.reason == "UNKNOWN_ACTION"
    with pytest.raises(IllegalAction):
        GAME.apply(table(4), 0, Propose(0, 42))  # type: ignore[arg-type]
