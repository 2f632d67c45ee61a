"""*Mais où est Tomy ?*'s turn mechanics: dealing, the story and vote phases, resolving a turn,
ending a game and the match. Every function works in place on a clone of the state."""

from __future__ import annotations

from bisect import insort
from typing import Final

from engine.core import (
    IllegalAction,
    NotYourTurn,
    Outcome,
    Timeout,
)
from engine.events import Event, only
from engine.games.tomy import cards as data
from engine.games.tomy.actions import NextStory
from engine.games.tomy.cards import DOG_FACES
from engine.games.tomy.events import (
    LOCATIONS_EXHAUSTED,
    ONE_CARD_LEFT,
    TARGET_SCORE,
    CardDrawn,
    DogDeckReshuffled,
    EndReason,
    GameOver,
    GameStarted,
    HandDealt,
    LocationDeckShort,
    LocationsDiscarded,
    MatchOver,
    NoCardToDraw,
    OwnDraw,
    PlacedLocation,
    ReadyForNextStory,
    RevealedVote,
    RoundScored,
    RowRefilled,
    Tie,
    TomyOutcome,
    TurnResult,
    TurnStarted,
    VotesRevealed,
    VoteStarted,
)
from engine.games.tomy.state import EMPTY, NO_CARD, OVER, REVEAL, STORY, TIE, VOTE, TomyState

# --------------------------------------------------------------------------------------------
# Rule helpers (they change the state in place)
# --------------------------------------------------------------------------------------------


def deal_game(state: TomyState) -> None:
    """MT-SETUP-1: shuffle the places, one face up per column; shuffle the dogs, deal nine."""
    rng = state.rng
    state.game_no += 1
    state.turn = 1
    state.phase = STORY
    state.speaker = 0
    locations = list(range(data.LOCATION_CARDS))
    rng.shuffle(locations)
    state.row = [locations.pop() for _ in range(data.COLUMNS)]
    state.location_deck = locations
    state.location_discard = []
    dogs = list(range(data.DOG_CARDS))
    rng.shuffle(dogs)
    state.hands = [sorted(dogs.pop() for _ in range(data.HAND_SIZE)) for _ in state.hands]
    state.dog_deck = dogs
    state.dog_discard = []


def check_story_turn(state: TomyState, seat: int) -> None:
    """Refuses a story action unless it is the story phase and ``seat`` tells next."""
    if state.phase != STORY:
        raise NotYourTurn("stories are told before the vote, not now")
    if seat != state.storyteller():
        raise NotYourTurn(f"it is seat {state.storyteller()}'s turn to tell a story")


def may_pass(state: TomyState) -> bool:
    """MT-STORY-1/2: the leash holder must propose; so must the last seat if only one place
    has been proposed."""
    if state.speaker == 0:
        return False
    return not (state.speaker == state.players - 1 and len(state.proposals) < 2)


def next_speaker(state: TomyState) -> list[Event]:
    """The next seat speaks; after the last one the vote opens (its events returned)."""
    state.speaker += 1
    if state.speaker < state.players:
        return []
    return _start_vote(state)


def _start_vote(state: TomyState) -> list[Event]:
    """MT-VOTE-1/2: everyone holding a card of a proposed breed votes; the others sit out."""
    proposed = state.proposed_columns()
    state.phase = VOTE
    state.vote_opened = state.version + 1  # the version this action is about to give the state
    state.votes = [NO_CARD] * state.players
    state.can_vote = [any(data.breed_of(card) in proposed for card in hand) for hand in state.hands]
    started = VoteStarted(
        tuple(sorted(proposed)),
        tuple(seat for seat, can in enumerate(state.can_vote) if not can),
    )
    return [started, *maybe_reveal(state)]


def maybe_reveal(state: TomyState) -> list[Event]:
    """MT-REVEAL-1: once every eligible seat has voted, turn every vote over at once."""
    if any(can and vote == NO_CARD for can, vote in zip(state.can_vote, state.votes, strict=True)):
        return []
    counts = [0] * data.COLUMNS
    for card in state.votes:
        if card != NO_CARD:
            counts[data.breed_of(card)] += 1
    events: list[Event] = [
        VotesRevealed(
            tuple(
                RevealedVote(seat, card, data.breed_of(card))
                for seat, card in enumerate(state.votes)
                if card != NO_CARD
            ),
            tuple(counts),
        )
    ]
    best = max(counts)
    if best == 0:  # MT-REVEAL-3
        return events + resolve(state, EMPTY)
    tied = [column for column, count in enumerate(counts) if count == best]
    if len(tied) == 1:
        return events + resolve(state, tied[0])
    state.phase = TIE
    state.tie_columns = tied
    return [*events, Tie(state.leash, tuple(tied))]


def resolve(state: TomyState, winner: int) -> list[Event]:
    """MT-REVEAL-2: every vote is discarded; those who voted for another breed draw one."""
    n = state.players
    order = [(state.leash + i) % n for i in range(n)]
    voters = [seat for seat in order if state.votes[seat] != NO_CARD]
    drawers = [seat for seat in voters if data.breed_of(state.votes[seat]) != winner]
    events: list[Event] = [
        TurnResult(
            None if winner == EMPTY else winner,
            None if winner == EMPTY else data.BREEDS[winner].key,
            tuple(seat for seat in voters if seat not in drawers),
            tuple(drawers),
        )
    ]
    for seat in voters:
        state.dog_discard.append(state.votes[seat])
    for seat in drawers:
        if not state.dog_deck and data.RESHUFFLE_DISCARDS_WHEN_DECK_EMPTY and state.dog_discard:
            state.dog_deck = sorted(state.dog_discard)
            state.dog_discard = []
            state.rng.shuffle(state.dog_deck)
            events.append(DogDeckReshuffled(len(state.dog_deck)))
        if not state.dog_deck:
            events.append(NoCardToDraw(seat))
            continue
        card = state.dog_deck.pop()
        insort(state.hands[seat], card)
        events.append(CardDrawn(seat))
        events.append(OwnDraw(DOG_FACES[card], audience=only(seat)))
    state.last_proposals = state.proposals
    state.last_votes = state.votes
    state.last_winner = winner
    return events + _end_turn(state)


def _end_turn(state: TomyState) -> list[Event]:
    """MT-NEXT-1 then MT-END-1: replace the proposed places, see whether the game ends."""
    columns = [p[0] for p in state.proposals]
    for column in columns:
        state.location_discard.append(state.row[column])
        state.row[column] = EMPTY
    events: list[Event] = [LocationsDiscarded(tuple(columns))]
    exhausted = len(state.location_deck) < len(columns)
    if exhausted:
        events.append(LocationDeckShort(len(columns), len(state.location_deck)))
    else:
        placed = []
        for column in columns:
            state.row[column] = state.location_deck.pop()
            placed.append(PlacedLocation(column, state.row[column]))
        events.append(RowRefilled(tuple(placed)))
    state.proposals = []
    state.votes = [NO_CARD] * state.players
    state.can_vote = [False] * state.players
    state.tie_columns = []
    state.speaker = 0
    single = [seat for seat, hand in enumerate(state.hands) if len(hand) == 1]
    if single:
        return events + _end_game(state, ONE_CARD_LEFT)
    if exhausted:
        return events + _end_game(state, LOCATIONS_EXHAUSTED)
    if state.round_pause:
        return events + _rest(state, deal=False)
    return events + _next_turn(state)


def _next_turn(state: TomyState) -> list[Event]:
    state.leash = (state.leash + 1) % state.players
    state.turn += 1
    state.phase = STORY
    return [TurnStarted(state.game_no, state.turn, state.leash)]


def _rest(state: TomyState, *, deal: bool) -> list[Event]:
    """MT-PAUSE-1: the table rests after the reveal; every seat presses NextStory."""
    state.phase = REVEAL
    state.waiting = (1 << state.players) - 1
    state.deal_next = deal
    return []


def rest_action(state: TomyState, seat: int, action: object) -> list[Event]:
    """MT-PAUSE-1: after a reveal only NextStory (or the pause clock's timeout) is taken."""
    if state.phase != REVEAL:
        raise IllegalAction("the votes have not been revealed yet", reason="NOT_NOW")
    if not isinstance(action, (NextStory, Timeout)):
        raise IllegalAction(
            "the votes were just revealed: press next story when you have read them",
            reason="NOT_NOW",
        )
    if not state.waiting >> seat & 1:
        raise NotYourTurn("you are already waiting for the next story")
    return _ready(state, seat, timeout=isinstance(action, Timeout))


def _ready(state: TomyState, seat: int, *, timeout: bool) -> list[Event]:
    """MT-PAUSE-1: ``seat`` is done reading; the last one starts the next turn (or game)."""
    state.waiting &= ~(1 << seat)
    events: list[Event] = [ReadyForNextStory(seat, timeout)]
    if state.waiting:
        return events
    if state.deal_next:
        state.deal_next = False
        return events + _next_game(state)
    return events + _next_turn(state)


def _end_game(state: TomyState, reason: EndReason) -> list[Event]:
    """MT-END-1, and MT-VAR-1 in the rounds variant."""
    counts = [len(hand) for hand in state.hands]
    fewest = min(counts)
    events: list[Event] = [
        GameOver(
            state.game_no,
            reason,
            tuple(counts),
            tuple(seat for seat, count in enumerate(counts) if count == fewest),
        )
    ]
    if not state.rounds:
        state.phase = OVER
        state.end_reason = reason.upper()
        return [*events, _match_over(state)]
    state.round_scores.append(counts)
    totals = state.totals()
    events.append(RoundScored(state.game_no, tuple(counts), tuple(totals)))
    if max(totals) >= state.target_score:
        state.phase = OVER
        state.end_reason = TARGET_SCORE.upper()
        return [*events, _match_over(state)]
    if state.round_pause:
        return events + _rest(state, deal=True)
    return events + _next_game(state)


def _next_game(state: TomyState) -> list[Event]:
    """MT-VAR-1: the leash moves on and a new game is dealt."""
    state.leash = (state.leash + 1) % state.players
    deal_game(state)
    events: list[Event] = [GameStarted(state.game_no, state.leash, tuple(state.row))]
    for seat, hand in enumerate(state.hands):
        events.append(HandDealt(tuple(DOG_FACES[card] for card in hand), audience=only(seat)))
    return events


def outcome(state: TomyState) -> Outcome:
    """MT-END-1 (cards left in hand) or MT-VAR-1 (totals): the lowest score wins."""
    scores = state.totals() if state.rounds else [len(hand) for hand in state.hands]
    best = min(scores)
    return Outcome(
        winners=tuple(seat for seat, score in enumerate(scores) if score == best),
        scores=tuple(scores),
        reason=state.end_reason,
        detail=TomyOutcome(
            games=state.game_no,
            round_scores=tuple(tuple(scores) for scores in state.round_scores),
            hand_counts=tuple(len(hand) for hand in state.hands),
        ),
    )


_END_REASON: Final[dict[str, EndReason]] = {
    ONE_CARD_LEFT.upper(): ONE_CARD_LEFT,
    LOCATIONS_EXHAUSTED.upper(): LOCATIONS_EXHAUSTED,
    TARGET_SCORE.upper(): TARGET_SCORE,
}


def _match_over(state: TomyState) -> Event:
    result = outcome(state)
    return MatchOver(_END_REASON[result.reason], result.winners, result.scores)
