"""Awimbawé's rules as functions of the state: dealing, playing a card, the animals' powers
and collecting a trick (how a round ends is :mod:`.rounds`). Every function works in place on
a clone of the state."""

from __future__ import annotations

from typing import Any

from engine.events import Event, only
from engine.games.awimbawe import events as ev
from engine.games.awimbawe.actions import (
    COVERED,
    NO_SUCH_CARD,
    NOT_AVAILABLE_WHY,
    NOT_YOURS,
    ON_THE_TABLE,
    OPPONENTS_PILE,
    CardNotAvailable,
    CardParalysed,
    CheetahChoice,
    ChooseLeader,
    EagleChoice,
    InvalidRhinoMove,
    InvalidSnakeTarget,
    MustFollowColour,
    MustPlayEagle,
    NextRound,
    PlayCard,
    RhinoMove,
    SkipPower,
    SnakePick,
)
from engine.games.awimbawe.cards import (
    ANIMAL,
    CARD_COUNT,
    CARD_VIEWS,
    COLOUR,
    COLOURS,
    ELEPHANT,
    HAND_SIZE,
    MOUSE,
    PILES,
    RHINO,
    SKY,
    SNAKE,
    VALUE,
    card_name,
)
from engine.games.awimbawe.events import (
    CHOSEN,
    FOUR_HYENAS,
)
from engine.games.awimbawe.rounds import end_round, end_round_by_crowns
from engine.games.awimbawe.state import (
    CHEETAH_CHOICE,
    CHOOSE_LEADER,
    EAGLE,
    PLAY,
    POWER_PHASES,
    ROUND_OVER,
    SEATS,
    AwimbaweState,
)


def _lowest(cards: list[int]) -> int:
    return min(cards, key=lambda c: (VALUE[c], c))


def deal(state: AwimbaweState) -> None:
    """AW-SETUP-1: shuffle the 28; per player 4 face-down cards, each covered by a face-up
    one, then a hand of 6. Clears everything that belongs to one round."""
    deck = list(range(CARD_COUNT))
    state.rng.shuffle(deck)
    state.face_up = [False] * CARD_COUNT
    state.piles = []
    for p in range(SEATS):
        base = p * 14
        state.piles.append([[deck[base + i], deck[base + PILES + i]] for i in range(PILES)])
        for i in range(PILES):
            state.face_up[deck[base + PILES + i]] = True
    state.hands = [deck[14 * p + 8 : 14 * p + 14] for p in range(SEATS)]
    state.table = []
    state.trick_piles = [[], []]
    state.paralysed = [[], []]
    state.last_trick = []
    state.voids = [0, 0]
    state.next_leader = -1


def next_round(state: AwimbaweState, leader: int, events: list[Event]) -> None:
    """Deals the next round, ``leader`` leading its first trick."""
    state.round_no += 1
    deal(state)
    state.leader = leader
    events.append(
        ev.RoundDealt(
            round=state.round_no,
            leader=leader,
            lead_reason=CHOSEN,
            tops=tuple(tuple(pile[-1] for pile in state.piles[p]) for p in range(SEATS)),
            hand_counts=(HAND_SIZE, HAND_SIZE),
        )
    )
    for p in range(SEATS):
        cards = tuple(CARD_VIEWS[c] for c in sorted(state.hands[p]))
        events.append(ev.HandDealt(p, cards, audience=only(p)))
    enter_play(state, leader, events)


def legal_cards(state: AwimbaweState, seat: int) -> list[int]:
    """AW-FOLLOW-1 (and AW-EAGLE-2, AW-SNAKE-1): what ``seat`` may play now."""
    free = state.unparalysed(seat)
    if len(state.table) != 1:
        return free
    led_colour = COLOUR[state.table[0]]
    same = [c for c in free if COLOUR[c] == led_colour]
    if same:
        return same
    eagles = [c for c in free if COLOUR[c] == SKY]
    return eagles or free


def enter_play(state: AwimbaweState, seat: int, events: list[Event]) -> None:
    """``seat`` must play now. AW-STUCK-1: with no available unparalysed card their
    paralysis ends; with still none, their pile tops are turned face up at once."""
    state.phase = PLAY
    state.chooser = seat
    if state.unparalysed(seat):
        return
    if state.paralysed[seat]:
        state.paralysed[seat] = []
        events.append(ev.ParalysisEnded(seat, ev.STUCK))
        if state.available(seat):
            return
    turned: list[ev.TurnedCard] = []
    for i, pile in enumerate(state.piles[seat]):
        if pile and not state.face_up[pile[-1]]:
            state.face_up[pile[-1]] = True
            turned.append(ev.TurnedCard(seat, i, CARD_VIEWS[pile[-1]]))
    if turned:
        events.append(ev.CardsTurnedUp(tuple(turned), ev.STUCK))


def play_card(state: AwimbaweState, seat: int, card: int, events: list[Event]) -> None:
    """AW-TRICK-1 / AW-FOLLOW-1: check and play ``card``, then open its power (AW-POW)."""
    pile_index = _available_at(state, seat, card)
    following = len(state.table) == 1
    if following:
        _check_follows(state, seat, card)
    # Play it.
    if pile_index < 0:
        state.hands[seat].remove(card)
    else:
        state.piles[seat][pile_index].pop()
        state.face_up[card] = False
    state.table.append(card)
    if pile_index < 0:
        events.append(ev.CardPlayed(seat, CARD_VIEWS[card], ev.HAND, None))
    else:
        events.append(ev.CardPlayed(seat, CARD_VIEWS[card], ev.PILE, pile_index))
    if state.paralysed[seat]:
        # AW-SNAKE-1: free again once they have played another card.
        state.paralysed[seat] = []
        events.append(ev.ParalysisEnded(seat, ev.PLAYED))
    # The card's power (AW-TRICK-1).
    if following and COLOUR[card] == SKY and COLOUR[state.table[0]] != SKY:
        state.phase = EAGLE  # AW-EAGLE-1: fight or flee
        state.chooser = seat
        return
    _open_power(state, seat, card, events)


def _available_at(state: AwimbaweState, seat: int, card: int) -> int:
    """Where ``seat`` may play ``card`` from: -1 for the hand, else the pile index; refuses a
    card that is neither, or that a Snake paralysed (AW-SNAKE-1)."""
    if not isinstance(card, int) or not 0 <= card < CARD_COUNT:
        raise CardNotAvailable(
            f"there is no card {card} (cards are 0 to {CARD_COUNT - 1})",
            details={"card": str(card), "why": NO_SUCH_CARD},
        )
    pile_index = -1
    if card not in state.hands[seat]:
        for i, pile in enumerate(state.piles[seat]):
            if pile and pile[-1] == card and state.face_up[card]:
                pile_index = i
                break
        else:
            why = _why_not_available(state, seat, card)
            raise CardNotAvailable(
                f"you cannot play the {card_name(card)}: {NOT_AVAILABLE_WHY[why]}",
                details={"card": str(card), "why": why},
            )
    if card in state.paralysed[seat]:
        raise CardParalysed(
            f"your {card_name(card)} is paralysed by a Snake for this play",
            details={"card": str(card)},
        )
    return pile_index


def _why_not_available(state: AwimbaweState, seat: int, card: int) -> str:
    """Why ``card`` is not ``seat``'s to play, from what the table shows everyone: it lies on
    the table, is covered in one of their piles, or lies face up in the opponent's piles;
    anything else is ``not_yours``, which says nothing of where a card the seat cannot see
    is (the opponent's hand, a face-down card, a trick pile)."""
    if card in state.table:
        return ON_THE_TABLE
    if state.face_up[card]:
        for owner, where in ((seat, COVERED), (1 - seat, OPPONENTS_PILE)):
            if any(card in pile for pile in state.piles[owner]):
                return where
    return NOT_YOURS


def _check_follows(state: AwimbaweState, seat: int, card: int) -> None:
    """AW-FOLLOW-1: follow the led colour, else play an Eagle, else discard; a failure to
    follow is noted as public knowledge (``voids``)."""
    led = state.table[0]
    led_colour = COLOUR[led]
    free = state.unparalysed(seat)
    if COLOUR[card] == led_colour:
        return
    if any(COLOUR[c] == led_colour for c in free):
        what = "an Eagle" if led_colour == SKY else f"a {COLOURS[led_colour]} card"
        raise MustFollowColour(
            f"you cannot play the {card_name(card)}: you must follow the {card_name(led)} "
            f"and you have {what}",
            details={"card": str(card), "led": str(led)},
        )
    if COLOUR[card] != SKY and any(COLOUR[c] == SKY for c in free):
        raise MustPlayEagle(
            f"you cannot play the {card_name(card)}: you have no {COLOURS[led_colour]} card "
            "available, so you must play an Eagle",
            details={"card": str(card), "led": str(led)},
        )
    # Public knowledge for determinize: the hand lacks the led colour (and an Eagle, after a
    # discard) unless a paralysed hand card might be the reason.
    if not any(c in state.hands[seat] for c in state.paralysed[seat]):
        state.voids[seat] |= 1 << led_colour
        if COLOUR[card] != SKY:
            state.voids[seat] |= 1 << SKY


def _open_power(state: AwimbaweState, seat: int, card: int, events: list[Event]) -> None:
    """AW-RHINO-1, AW-SNAKE-1, AW-CHEETAH-1: the chooser decides, unless the power can do
    nothing now; then the trick goes on."""
    value = VALUE[card]
    phase = POWER_PHASES.get(value)
    if phase is not None:
        opponent = 1 - seat
        if value == RHINO:
            possible = bool(rhino_moves(state, opponent))
        elif value == SNAKE:
            possible = len(state.unparalysed(opponent)) >= 2
        else:  # Cheetah: pointless in the round's last trick
            possible = state.cards_left(seat) > 0
        if possible:
            state.phase = phase
            state.chooser = seat
            return
        events.append(ev.PowerWithoutEffect(seat, ANIMAL[card]))
    after_power(state, events)


def after_power(state: AwimbaweState, events: list[Event]) -> None:
    """The card just played and its power are done: the follower plays, or the trick ends."""
    if len(state.table) == 1:
        enter_play(state, 1 - state.leader, events)
    else:
        collect_trick(state, events, eagle_fights=None)


def rhino_moves(state: AwimbaweState, owner: int) -> list[tuple[int, int]]:
    """AW-RHINO-1: (from, to) pairs of ``owner``'s non-empty piles, never the same pile."""
    full = [i for i, pile in enumerate(state.piles[owner]) if pile]
    return [(f, t) for f in full for t in full if f != t]


def apply_rhino(state: AwimbaweState, seat: int, move: RhinoMove, events: list[Event]) -> None:
    """The Rhino's power: ``seat`` moves a pile top of the opponent's under another pile."""
    owner = 1 - seat
    if (move.from_pile, move.to_pile) not in rhino_moves(state, owner):
        raise InvalidRhinoMove(
            "the Rhino moves the top card of one of your opponent's non-empty piles under "
            "another of their non-empty piles"
        )
    card = state.piles[owner][move.from_pile].pop()
    state.piles[owner][move.to_pile].insert(0, card)
    up = state.face_up[card]
    events.append(
        ev.RhinoMove(
            seat=seat,
            owner=owner,
            from_pile=move.from_pile,
            to_pile=move.to_pile,
            card=CARD_VIEWS[card] if up else None,
            face_up=up,
        )
    )
    after_power(state, events)


def snake_pile_targets(state: AwimbaweState, owner: int) -> list[int]:
    """Face-up pile tops of ``owner`` a Snake may paralyse (AW-SNAKE-1)."""
    free = state.unparalysed(owner)
    if len(free) < 2:  # the last available card cannot be paralysed
        return []
    hand = state.hands[owner]
    return [c for c in free if c not in hand]


def snake_hand_positions(state: AwimbaweState, owner: int) -> int:
    """How many of ``owner``'s unparalysed hand cards a Snake may pick blind."""
    free = state.unparalysed(owner)
    if len(free) < 2:
        return 0
    hand = state.hands[owner]
    return sum(1 for c in free if c in hand)


def apply_snake(state: AwimbaweState, seat: int, pick: SnakePick, events: list[Event]) -> None:
    """The Snake's power: ``seat`` takes a face-up pile top or a hand card of the opponent."""
    owner = 1 - seat
    if (pick.target_card is None) == (pick.hand_position is None):
        raise InvalidSnakeTarget("name either a face-up pile top or a hand position")
    if pick.target_card is not None:
        card = pick.target_card
        if card not in snake_pile_targets(state, owner):
            raise InvalidSnakeTarget(
                "that card is not an unparalysed face-up pile top of your opponent"
            )
        state.paralysed[owner].append(card)
        pile = next(i for i, p in enumerate(state.piles[owner]) if p and p[-1] == card)
        events.append(
            ev.CardParalysed(
                seat=seat,
                owner=owner,
                source=ev.PILE,
                pile=pile,
                card=CARD_VIEWS[card],
                hand_position=None,
            )
        )
    else:
        positions = snake_hand_positions(state, owner)
        position = pick.hand_position
        if not isinstance(position, int) or not 0 <= position < positions:
            raise InvalidSnakeTarget(f"pick a hand position from 0 to {positions - 1}")
        # The opponent's hand as the chooser sees it: shuffled, so the pick is blind.
        order = [c for c in state.hands[owner] if c not in state.paralysed[owner]]
        state.rng.shuffle(order)
        card = order[position]
        state.paralysed[owner].append(card)
        events.append(
            ev.CardParalysed(
                seat=seat,
                owner=owner,
                source=ev.HAND,
                pile=None,
                card=None,
                hand_position=position,
            )
        )
        events.append(ev.HandCardParalysed(owner, CARD_VIEWS[card], audience=only(owner)))
    after_power(state, events)


def _trick_winner(led: int, followed: int, eagle_fights: bool | None) -> int:
    """0 if the leader wins, 1 if the follower does (AW-WIN-1, AW-MOUSE-1, AW-EAGLE-1/2)."""
    led_colour, followed_colour = COLOUR[led], COLOUR[followed]
    if followed_colour == led_colour:
        led_value, followed_value = VALUE[led], VALUE[followed]
        if led_colour != SKY:
            if led_value == MOUSE and followed_value == ELEPHANT:
                return 0
            if led_value == ELEPHANT and followed_value == MOUSE:
                return 1
        return 1 if followed_value > led_value else 0
    if followed_colour == SKY:  # a following Eagle on a land card
        return 1 if eagle_fights else 0
    return 0  # a discard loses, whatever its value (AW-FOLLOW-1)


def collect_trick(state: AwimbaweState, events: list[Event], eagle_fights: bool | None) -> None:
    """AW-TAKE-1, AW-HYENA-1, AW-UNCOVER-1, AW-LEAD-1, AW-END-1."""
    leader = state.leader
    follower = 1 - leader
    led, followed = state.table
    winner = follower if _trick_winner(led, followed, eagle_fights) else leader
    if eagle_fights is False:  # the Eagle fled: each card to its own player's trick pile
        led_to, followed_to = leader, follower
    else:
        led_to = followed_to = winner
    state.trick_piles[led_to].append(led)
    state.trick_piles[followed_to].append(followed)
    state.table = []
    state.last_trick = [leader, led, followed, winner, led_to, followed_to]
    hyenas = (state.hyenas(0), state.hyenas(1))
    events.append(
        ev.TrickWon(
            winner=winner,
            leader=leader,
            cards=(CARD_VIEWS[led], CARD_VIEWS[followed]),
            led_to=led_to,
            followed_to=followed_to,
            hyenas=hyenas,
        )
    )
    for p in range(SEATS):
        if hyenas[p] == 4:  # AW-HYENA-1: the round is lost at once
            end_round(state, events, winner=1 - p, reason=FOUR_HYENAS)
            return
    turned: list[ev.TurnedCard] = []
    for p in range(SEATS):
        for i, pile in enumerate(state.piles[p]):
            if pile and not state.face_up[pile[-1]]:
                state.face_up[pile[-1]] = True
                turned.append(ev.TurnedCard(p, i, CARD_VIEWS[pile[-1]]))
    if turned:
        events.append(ev.CardsTurnedUp(tuple(turned), ev.UNCOVERED))
    if state.cards_left(0) == 0 and state.cards_left(1) == 0:
        end_round_by_crowns(state, events)
        return
    next_leader = winner if state.next_leader < 0 else state.next_leader
    events.append(ev.NextLeader(next_leader, state.next_leader >= 0))
    state.next_leader = -1
    state.leader = next_leader
    enter_play(state, next_leader, events)


def timeout_action(state: AwimbaweState) -> Any:
    """AW-TIME-1: what the server does for a seat whose decision clock ran out."""
    seat = state.chooser
    phase = state.phase
    if phase == PLAY:
        legal = legal_cards(state, seat)
        hand = [c for c in legal if c in state.hands[seat]]
        return PlayCard(_lowest(hand or legal))
    if phase == EAGLE:
        return EagleChoice(True)
    if phase == CHEETAH_CHOICE:
        return CheetahChoice(seat)
    if phase == CHOOSE_LEADER:
        return ChooseLeader(seat)
    if phase == ROUND_OVER:
        return NextRound()
    return SkipPower()  # Rhino, Snake
