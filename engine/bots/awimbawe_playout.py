"""The strong Awimbawé bot's playouts: a fast greedy policy for both seats
(:func:`greedy_move`), and :func:`playout`, which finishes a round with it from a sampled
world and scores it for the bot's seat (1 for a round won, plus a little for the crown margin).
The search that uses them is :mod:`engine.bots.awimbawe`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Game
from engine.games.awimbawe import (
    CHOOSE_LEADER,
    EAGLE,
    PLAY,
    AwimbaweState,
    ChooseLeader,
    EagleChoice,
    SkipPower,
)
from engine.games.awimbawe.cards import (
    CARD_COUNT,
    COLOUR,
    CROWNS,
    ELEPHANT,
    HYENA,
    MOUSE,
    SKY,
    VALUE,
)
from engine.rng import Rng

HYENA_DANGER = (0.0, 8.0, 24.0, 80.0)
"""In playouts, the cost in crowns of holding 0–3 Hyenas while the opponent holds none."""

FAST_PLAYOUTS = True
"""Finish playouts outside the engine (:func:`_fast_round`, several times faster)."""

GREEDY_NOISE = 4
"""In playouts, one move in ``GREEDY_NOISE`` is random instead of greedy."""

IS_HYENA = tuple(VALUE[c] == HYENA and COLOUR[c] != SKY for c in range(CARD_COUNT))
"""``IS_HYENA[card]``: whether ``card`` is a Hyena that counts against its taker (not the sky
one)."""


# --------------------------------------------------------------------------------------------
# The playout policy
# --------------------------------------------------------------------------------------------


def _beats(led: int, card: int) -> bool:
    """Whether ``card`` following ``led`` wins the trick (an Eagle on land fighting)."""
    lc, cc = COLOUR[led], COLOUR[card]
    if cc == lc:
        lv, cv = VALUE[led], VALUE[card]
        if lc != SKY:
            if lv == MOUSE and cv == ELEPHANT:
                return False
            if lv == ELEPHANT and cv == MOUSE:
                return True
        return cv > lv
    return cc == SKY


def _take(hyenas_in: int, taker: int, other: int) -> float:
    """What taking ``hyenas_in`` Hyenas costs a player holding ``taker`` of them while the
    other holds ``other`` (beyond their crowns): the fourth loses the round, and while the
    other player has none, every Hyena brings that closer."""
    if not hyenas_in or other:
        return 0.0
    total = taker + hyenas_in
    if total >= 4:
        return -100.0
    return -HYENA_DANGER[total] + HYENA_DANGER[taker]


def _trick_score(led: int, card: int, mine: int, theirs: int) -> float:
    """The crown margin the follower of ``led`` gains by playing ``card`` (its best Eagle
    choice included), with the Hyena danger: ``mine`` / ``theirs`` are the Hyenas already
    taken by the follower / the leader. Minus a little for spending a high card."""
    value = CROWNS[led] + CROWNS[card]
    hyenas_in = IS_HYENA[led] + IS_HYENA[card]
    if _beats(led, card):
        if COLOUR[card] == SKY and COLOUR[led] != SKY:
            # Fight (both cards to us) or flee (the Eagle to us, the led card to them).
            fight = value + _take(hyenas_in, mine, theirs)
            flee = CROWNS[card] - CROWNS[led] - _take(IS_HYENA[led], theirs, mine)
            best = max(fight, flee)
        else:
            best = value + _take(hyenas_in, mine, theirs)
    else:
        best = -value - _take(hyenas_in, theirs, mine)
    return best - 0.15 * VALUE[card]


def _follows(cards: list[int], led: int) -> list[int]:
    """AW-FOLLOW-1: which of ``cards`` (available, unparalysed) may follow ``led``."""
    colour = COLOUR[led]
    same = [c for c in cards if COLOUR[c] == colour]
    if same:
        return same
    return [c for c in cards if COLOUR[c] == SKY] or cards


def _hyenas(pile: list[int]) -> int:
    return sum(IS_HYENA[c] for c in pile)


def greedy_move(game: Game[Any, Any, Any], state: AwimbaweState, seat: int, rng: Rng) -> Any:
    """A quick, reasonable move for ``seat`` in a full state (used in playouts): the follower
    takes the trick's best crown margin; the leader leads the card whose best answer (from
    the opponent's cards in this world) leaves it the best margin."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if rng.below(GREEDY_NOISE) == 0:
        return legal[rng.below(len(legal))]
    mine = _hyenas(state.trick_piles[seat])
    theirs = _hyenas(state.trick_piles[1 - seat])
    if phase == PLAY:
        if len(state.table) == 1:
            led = state.table[0]
            return max(legal, key=lambda a: _trick_score(led, a.card, mine, theirs))
        answers = state.unparalysed(1 - seat)
        if not answers:
            return legal[rng.below(len(legal))]
        best, best_value = legal[0], -1e9
        for action in legal:
            card = action.card
            reply = max(_trick_score(card, r, theirs, mine) for r in _follows(answers, card))
            value = -reply - 0.1 * VALUE[card] + 0.01 * rng.below(8)
            if value > best_value:
                best, best_value = action, value
        return best
    if phase == EAGLE:
        led = state.table[0]
        fight = CROWNS[led] + _take(IS_HYENA[led], mine, theirs)
        return EagleChoice(fight > -CROWNS[led] - _take(IS_HYENA[led], theirs, mine))
    if phase == CHOOSE_LEADER:
        return ChooseLeader(seat)
    return SkipPower()


def _greedy_lead(
    cards: list[int], answers: list[int], mine: int, theirs: int, below: Callable[[int], int]
) -> int:
    """The lead that leaves the follower's best answer worst for them (low cards first)."""
    led, best = cards[0], -1e9
    for card in cards:
        if answers:
            reply = max(_trick_score(card, r, theirs, mine) for r in _follows(answers, card))
        else:
            reply = 0.0
        value = -reply - 0.1 * VALUE[card] + 0.01 * below(8)
        if value > best:
            led, best = card, value
    return led


def _fights(led: int, mine: int, theirs: int, below: Callable[[int], int]) -> bool:
    """AW-EAGLE-1 in a playout: fight (take both cards) when the led card is worth it."""
    if below(GREEDY_NOISE) == 0:
        return below(2) == 0
    return CROWNS[led] + _take(IS_HYENA[led], mine, theirs) > -CROWNS[led] - _take(
        IS_HYENA[led], theirs, mine
    )


def _round_winner(crowns: list[int], hyenas: list[int], last_winner: int) -> int:
    """AW-END-1: most crowns, then fewer Hyenas, then the last trick's winner."""
    if crowns[0] != crowns[1]:
        return 0 if crowns[0] > crowns[1] else 1
    if hyenas[0] != hyenas[1]:
        return 0 if hyenas[0] < hyenas[1] else 1
    return last_winner


def _available(hand: list[int], piles: list[list[int]], face_up: list[bool]) -> list[int]:
    """A side's available cards in a playout: the hand, then the face-up pile tops."""
    cards = hand[:]
    for pile in piles:
        if pile and face_up[pile[-1]]:
            cards.append(pile[-1])
    return cards


def _playable(
    hand: list[int],
    piles: list[list[int]],
    face_up: list[bool],
    paralysed: list[list[int]],
    p: int,
) -> list[int]:
    """AW-STUCK-1 on entering a play: the cards ``p`` may play (any follow duty aside)."""
    cards = _available(hand, piles, face_up)
    held = paralysed[p]
    if held:
        free = [c for c in cards if c not in held]
        if free:
            return free
        paralysed[p] = []
    if cards:
        return cards
    for pile in piles:
        if pile and not face_up[pile[-1]]:
            face_up[pile[-1]] = True
    return _available(hand, piles, face_up)


def _remove(hand: list[int], piles: list[list[int]], card: int) -> None:
    """``card`` leaves the hand, or the top of the pile it lies on."""
    if card in hand:
        hand.remove(card)
    else:
        for pile in piles:
            if pile and pile[-1] == card:
                pile.pop()
                break


def _fast_round(state: AwimbaweState, me: int, rng: Rng) -> float:
    """Finish the round from the start of a trick with the playout policy, outside the
    engine (no events, no checks, powers never used), and score it for ``me`` as
    :func:`playout` does. Follows the rules of ``engine.games.awimbawe`` for everything the
    policy can meet: following duty, paralysis, Eagles fighting or fleeing, the fourth
    Hyena, uncovering, a stuck player, the end of the round and its tie-breaks."""
    hands = [state.hands[0][:], state.hands[1][:]]
    piles = [[p[:] for p in state.piles[0]], [p[:] for p in state.piles[1]]]
    face_up = state.face_up[:]
    paralysed = [state.paralysed[0][:], state.paralysed[1][:]]
    crowns = [sum(CROWNS[c] for c in state.trick_piles[p]) for p in (0, 1)]
    hyenas = [_hyenas(state.trick_piles[0]), _hyenas(state.trick_piles[1])]
    last_winner = state.last_trick[3] if state.last_trick else state.leader
    leader = state.chooser
    below = rng.below

    def available(p: int) -> list[int]:
        return _available(hands[p], piles[p], face_up)

    def playable(p: int) -> list[int]:
        return _playable(hands[p], piles[p], face_up, paralysed, p)

    while True:
        follower = 1 - leader
        # The lead.
        cards = playable(leader)
        if len(cards) == 1 or below(GREEDY_NOISE) == 0:
            led = cards[below(len(cards))]
        else:
            answers = [c for c in available(follower) if c not in paralysed[follower]]
            answers = answers or available(follower)
            led = _greedy_lead(cards, answers, hyenas[leader], hyenas[follower], below)
        _remove(hands[leader], piles[leader], led)
        paralysed[leader] = []
        # The follow.
        cards = _follows(playable(follower), led)
        mine, theirs = hyenas[follower], hyenas[leader]
        if len(cards) == 1 or below(GREEDY_NOISE) == 0:
            card = cards[below(len(cards))]
        else:
            card = max(cards, key=lambda c: _trick_score(led, c, mine, theirs))
        _remove(hands[follower], piles[follower], card)
        paralysed[follower] = []
        # Who takes what (AW-WIN-1, AW-EAGLE-1).
        led_to = followed_to = leader
        if _beats(led, card):
            led_to = followed_to = follower
            if COLOUR[card] == SKY and COLOUR[led] != SKY and not _fights(led, mine, theirs, below):
                led_to = leader
        winner = follower if led_to == follower else leader
        crowns[led_to] += CROWNS[led]
        crowns[followed_to] += CROWNS[card]
        hyenas[led_to] += IS_HYENA[led]
        hyenas[followed_to] += IS_HYENA[card]
        last_winner = winner
        if hyenas[0] >= 4 or hyenas[1] >= 4:
            loser = 0 if hyenas[0] >= 4 else 1
            won, margin = 1 - loser, crowns[me] - crowns[1 - me]
            break
        for p in (0, 1):
            for pile in piles[p]:
                if pile and not face_up[pile[-1]]:
                    face_up[pile[-1]] = True
        if not (hands[0] or hands[1] or any(piles[0]) or any(piles[1])):
            won = _round_winner(crowns, hyenas, last_winner)
            margin = crowns[me] - crowns[1 - me]
            break
        leader = winner
    return (1.0 if won == me else 0.0) + 0.004 * float(margin)


def playout(game: Game[Any, Any, Any], state: AwimbaweState, me: int, rng: Rng) -> float:
    """Finish the round in place with the playout policy: 1 for a round won by ``me`` (a
    little more with a wider crown margin), 0 for a round lost (a little less). The engine
    plays until the next trick starts (powers, Eagle choices), then :func:`_fast_round`."""
    start = state.round_no
    results = len(state.round_results)
    for _ in range(200):
        if len(state.round_results) > results or state.round_no != start:
            break
        seat = state.chooser
        if seat < 0:
            break
        if state.phase == PLAY and not state.table and FAST_PLAYOUTS:
            return _fast_round(state, me, rng)
        game.play(state, seat, greedy_move(game, state, seat, rng))
    if len(state.round_results) <= results:
        return 0.5
    _, winner, _, c0, c1, _, _ = state.round_results[results]
    margin = (c0 - c1) if me == 0 else (c1 - c0)
    return (1.0 if winner == me else 0.0) + 0.004 * float(margin)
