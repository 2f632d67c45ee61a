"""The strong Awimbawé bot: determinized Monte Carlo over what its seat may see.

A bot never gets the state. It rebuilds possible ones from its view and its memory
(:func:`sample_world`): its own hand, every face-up card and the table are known; the cards
taken this round are remembered from ``trick_won`` events; the opponent's hand and the
face-down pile cards are dealt at random from the cards left, never giving the opponent a
colour it showed it lacks (it failed to follow it with no blind-paralysed card to excuse it).

To decide, it samples ``rollouts // len(legal)`` such worlds, plays each legal action in each
world and finishes the round with a fast greedy policy for both seats (:func:`greedy_move`:
the follower takes the best crown margin, the leader leads the card whose best answer leaves
it the best margin, Hyenas held while the opponent has none are costed (:data:`HYENA_DANGER`),
powers are skipped, one move in :data:`GREEDY_NOISE` is random), then keeps the action with
the best average: a round won counts 1, plus a little for the crown margin. Every action is
tried on the same worlds (common random numbers). Playouts leave the engine at the next trick
for a lean copy of the trick rules (:func:`_fast_round`). The default budget,
:data:`DEFAULT_ROLLOUTS`, keeps a decision around 0.05–0.15 s on a small machine; after a
lost round the bot chooses to lead the next one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.bots import Bot, Memory, register
from engine.core import Event, Game, IllegalAction
from engine.games.awimbawe import (
    CHOOSE_LEADER,
    EAGLE,
    PLAY,
    AwimbaweState,
    AwimbaweView,
    ChooseLeader,
    EagleChoice,
    SkipPower,
)
from engine.games.awimbawe import events as ev
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

DEFAULT_ROLLOUTS = 320
"""Round playouts per decision, shared among the legal actions (about 0.15 ms each)."""

HYENA_DANGER = (0.0, 8.0, 24.0, 80.0)
"""In playouts, the cost in crowns of holding 0–3 Hyenas while the opponent holds none."""

FAST_PLAYOUTS = True
"""Finish playouts outside the engine (:func:`_fast_round`, several times faster)."""

GREEDY_NOISE = 4
"""In playouts, one move in ``GREEDY_NOISE`` is random instead of greedy."""

_IS_HYENA = tuple(VALUE[c] == HYENA and COLOUR[c] != SKY for c in range(CARD_COUNT))


# --------------------------------------------------------------------------------------------
# Memory: the cards taken this round, the table, and the colours the opponent lacks
# --------------------------------------------------------------------------------------------


def _fresh(round_no: int) -> dict[str, Any]:
    return {"round": round_no, "piles": [[], []], "table": [], "voids": [0, 0], "blind": [0, 0]}


def observe_events(memory: Memory, events: Iterable[object]) -> dict[str, Any]:
    """Fold public Awimbawé events (:mod:`engine.games.awimbawe.events`) into the memory
    described in the module docstring."""
    mem: dict[str, Any] = (
        _fresh(1)
        if not isinstance(memory, dict)
        else {
            "round": memory["round"],
            "piles": [memory["piles"][0][:], memory["piles"][1][:]],
            "table": memory["table"][:],
            "voids": memory["voids"][:],
            "blind": memory["blind"][:],
        }
    )
    for event in events:
        if isinstance(event, ev.CardPlayed):
            seat, card = event.seat, event.card.card
            if len(mem["table"]) == 1:  # a follow: did they fail to follow the led colour?
                led = COLOUR[mem["table"][0]]
                if COLOUR[card] != led and not mem["blind"][seat]:
                    mem["voids"][seat] |= 1 << led
                    if COLOUR[card] != SKY:
                        mem["voids"][seat] |= 1 << SKY
            mem["table"].append(card)
        elif isinstance(event, ev.TrickWon):
            led, followed = event.cards
            mem["piles"][event.led_to].append(led.card)
            mem["piles"][event.followed_to].append(followed.card)
            mem["table"] = []
        elif isinstance(event, ev.CardParalysed) and event.source == ev.HAND:
            mem["blind"][event.owner] += 1
        elif isinstance(event, ev.ParalysisEnded):
            mem["blind"][event.seat] = 0
        elif isinstance(event, ev.RoundDealt):
            mem = _fresh(event.round)
        elif isinstance(event, ev.RoundOver):
            mem["table"] = []
    return mem


# --------------------------------------------------------------------------------------------
# Worlds consistent with a view
# --------------------------------------------------------------------------------------------


def sample_world(view: AwimbaweView, memory: Memory, rng: Rng) -> AwimbaweState:
    """A full state the seat cannot tell apart from the real one, hidden cards drawn at
    random from ``rng`` (see the module docstring). Works without memory too: the cards taken
    before the bot's memory began are then drawn among the unseen ones (Hyena counts kept)."""
    me = view.seat
    assert me is not None, "a spectator does not play"
    opp = 1 - me
    hand = [c.card for c in view.hand]
    visible = set(hand)
    for side in view.players:
        for pile in side.piles:
            visible.update(c.card for c in pile.cards if c is not None)
    table = [p.card.card for p in view.table]
    visible.update(table)
    # Cards known to lie in each trick pile.
    gone: list[list[int]] = [[], []]
    voids = [0, 0]
    if isinstance(memory, dict) and memory.get("round") == view.round:
        gone = [[c for c in memory["piles"][p] if c not in visible] for p in (0, 1)]
        voids = list(memory["voids"])
    if view.last_trick is not None:
        lt = view.last_trick
        for card, to in ((lt.led.card, lt.led_to), (lt.followed.card, lt.followed_to)):
            if card not in gone[0] and card not in gone[1]:
                gone[to].append(card)
    if any(len(gone[p]) > view.players[p].trick_pile_count for p in (0, 1)):
        gone = [[], []]  # the memory does not fit this round: trust only the view
        if view.last_trick is not None:
            lt = view.last_trick
            gone[lt.led_to].append(lt.led.card)
            gone[lt.followed_to].append(lt.followed.card)
    known_gone = set(gone[0]) | set(gone[1])
    pool = [c for c in range(CARD_COUNT) if c not in visible and c not in known_gone]
    rng.shuffle(pool)
    # Fill the unknown part of each trick pile, keeping its public Hyena count.
    piles_out = [gone[0][:], gone[1][:]]
    for p in (0, 1):
        missing = view.players[p].trick_pile_count - len(gone[p])
        if missing <= 0:
            continue
        hyenas = max(0, view.players[p].hyenas - sum(_IS_HYENA[c] for c in gone[p]))
        hyenas = min(hyenas, missing)
        taken = [c for c in pool if _IS_HYENA[c]][:hyenas]
        taken += [c for c in pool if not _IS_HYENA[c]][: missing - len(taken)]
        if len(taken) < missing:  # the view and the memory disagree: take any card
            taken += [c for c in pool if c not in taken][: missing - len(taken)]
        piles_out[p] += taken
        chosen = set(taken)
        pool = [c for c in pool if c not in chosen]
    # The opponent's hand: never a colour they showed they lack, while the pool allows it.
    size = view.players[opp].hand_count
    banned = voids[opp]
    opp_hand = [c for c in pool if not banned >> COLOUR[c] & 1][:size]
    if len(opp_hand) < size:
        opp_hand += [c for c in pool if c not in opp_hand][: size - len(opp_hand)]
    chosen = set(opp_hand)
    rest = [c for c in pool if c not in chosen]
    # The piles, face-down cards dealt from what is left.
    face_up = [False] * CARD_COUNT
    piles: list[list[list[int]]] = [[], []]
    for p in (0, 1):
        for pile_view in view.players[p].piles:
            cards: list[int] = []
            for c in pile_view.cards:
                if c is None:
                    cards.append(rest.pop() if rest else 0)
                else:
                    cards.append(c.card)
                    face_up[c.card] = True
            piles[p].append(cards)
    hands: list[list[int]] = [[], []]
    hands[me], hands[opp] = hand, opp_hand
    paralysed: list[list[int]] = [[c.card for c in view.players[p].paralysed] for p in (0, 1)]
    unknown = view.players[opp].paralysed_unknown
    if unknown:
        free = [c for c in opp_hand if c not in paralysed[opp]]
        paralysed[opp] += free[:unknown]
    last: list[int] = []
    if view.last_trick is not None:
        lt = view.last_trick
        last = [lt.leader, lt.led.card, lt.followed.card, lt.winner, lt.led_to, lt.followed_to]
    return AwimbaweState(
        rng=Rng.from_seed(rng.next_u32() << 32 | rng.next_u32()),
        round_no=view.round,
        rounds_won=[view.players[0].rounds_won, view.players[1].rounds_won],
        round_results=[
            [r.round, r.winner, r.reason, *r.crowns, *r.hyenas] for r in view.round_results
        ],
        hands=hands,
        piles=piles,
        face_up=face_up,
        table=table,
        leader=view.leader,
        phase=view.decision,
        chooser=view.decision_seat if view.decision_seat is not None else -1,
        next_leader=-1 if view.next_leader is None else view.next_leader,
        paralysed=paralysed,
        trick_piles=piles_out,
        last_trick=last,
        voids=[voids[0] if me != 0 else 0, voids[1] if me != 1 else 0],
    )


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
    hyenas_in = _IS_HYENA[led] + _IS_HYENA[card]
    if _beats(led, card):
        if COLOUR[card] == SKY and COLOUR[led] != SKY:
            # Fight (both cards to us) or flee (the Eagle to us, the led card to them).
            fight = value + _take(hyenas_in, mine, theirs)
            flee = CROWNS[card] - CROWNS[led] - _take(_IS_HYENA[led], theirs, mine)
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
    return sum(_IS_HYENA[c] for c in pile)


def greedy_move(game: Game[Any], state: AwimbaweState, seat: int, rng: Rng) -> Any:
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
        fight = CROWNS[led] + _take(_IS_HYENA[led], mine, theirs)
        return EagleChoice(fight > -CROWNS[led] - _take(_IS_HYENA[led], theirs, mine))
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
    return CROWNS[led] + _take(_IS_HYENA[led], mine, theirs) > -CROWNS[led] - _take(
        _IS_HYENA[led], theirs, mine
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
        hyenas[led_to] += _IS_HYENA[led]
        hyenas[followed_to] += _IS_HYENA[card]
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


def playout(game: Game[Any], state: AwimbaweState, me: int, rng: Rng) -> float:
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


# --------------------------------------------------------------------------------------------
# The bot
# --------------------------------------------------------------------------------------------


class AwimbaweBot(Bot):
    """Determinized Monte Carlo (see the module docstring). ``rollouts`` is the number of
    round playouts per decision, shared among the legal actions."""

    level = "strong"

    def __init__(self, game: Game[Any], rollouts: int = DEFAULT_ROLLOUTS) -> None:
        super().__init__(game)
        self.rollouts = rollouts

    def observe(self, memory: Memory, seat: int, events: Sequence[Event]) -> Memory:
        return observe_events(memory, events)

    def choose(self, view: Any, legal: Sequence[Any], memory: Memory, rng: Rng) -> Any:
        assert isinstance(view, AwimbaweView)
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        assert me is not None
        if view.decision == CHOOSE_LEADER:
            return ChooseLeader(me) if ChooseLeader(me) in legal else legal[0]
        if self.rollouts < len(legal):  # no budget to search: the playout policy itself
            world = sample_world(view, memory, rng)
            action = greedy_move(self.game, world, me, rng)
            return action if action in legal else legal[rng.below(len(legal))]
        worlds = self.rollouts // len(legal)
        totals = [0.0] * len(legal)
        for _ in range(worlds):
            world = sample_world(view, memory, rng)
            seed = rng.next_u32()
            for index, action in enumerate(legal):
                state = world.clone()
                try:
                    self.game.play(state, me, action)
                except IllegalAction:  # pragma: no cover - the world agrees with the view
                    totals[index] -= 1.0
                    continue
                totals[index] += playout(self.game, state, me, Rng.from_seed(seed))
        best = max(totals)
        choices = [a for a, t in zip(legal, totals, strict=True) if t >= best - 1e-9]
        return choices[0] if len(choices) == 1 else choices[rng.below(len(choices))]


def _factory(game: Game[Any]) -> Bot:
    return AwimbaweBot(game)


register("awimbawe", "strong", _factory)
