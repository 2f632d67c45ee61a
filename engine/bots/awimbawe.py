"""The strong Awimbawé bot: determinized Monte Carlo over what its seat may see.

A bot never gets the state. It rebuilds possible ones from its view and its memory
(:func:`sample_world`): its own hand, every face-up card and the table are known; the cards
taken this round are remembered from ``trick_won`` events; the opponent's hand and the
face-down pile cards are dealt at random from the cards left, never giving the opponent a
colour it showed it lacks (it failed to follow it with no blind-paralysed card to excuse it).

To decide, it samples ``rollouts // len(legal)`` such worlds, plays each legal action in each
world and finishes the round with a fast greedy policy for both seats
(:mod:`engine.bots.awimbawe_playout`: the follower takes the best crown margin, the leader
leads the card whose best answer leaves it the best margin, Hyenas held while the opponent has
none are costed, powers are skipped, one move in a few is random), then keeps the action with
the best average: a round won counts 1, plus a little for the crown margin. Every action is
tried on the same worlds (common random numbers). Playouts leave the engine at the next trick
for a lean copy of the trick rules. The default budget, :data:`DEFAULT_ROLLOUTS`, keeps a
decision around 0.05–0.15 s on a small machine; after a
lost round the bot chooses to lead the next one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.bots import Bot, Memory, register
from engine.bots.awimbawe_playout import IS_HYENA, greedy_move, playout
from engine.core import Event, Game, IllegalAction
from engine.games.awimbawe import (
    CHOOSE_LEADER,
    AwimbaweState,
    AwimbaweView,
    ChooseLeader,
)
from engine.games.awimbawe import events as ev
from engine.games.awimbawe.cards import (
    CARD_COUNT,
    COLOUR,
    SKY,
)
from engine.rng import Rng

DEFAULT_ROLLOUTS = 320
"""Round playouts per decision, shared among the legal actions (about 0.15 ms each)."""

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
        hyenas = max(0, view.players[p].hyenas - sum(IS_HYENA[c] for c in gone[p]))
        hyenas = min(hyenas, missing)
        taken = [c for c in pool if IS_HYENA[c]][:hyenas]
        taken += [c for c in pool if not IS_HYENA[c]][: missing - len(taken)]
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
# The bot
# --------------------------------------------------------------------------------------------


class AwimbaweBot(Bot):
    """Determinized Monte Carlo (see the module docstring). ``rollouts`` is the number of
    round playouts per decision, shared among the legal actions."""

    level = "strong"

    def __init__(self, game: Game[Any, Any, Any], rollouts: int = DEFAULT_ROLLOUTS) -> None:
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


def _factory(game: Game[Any, Any, Any]) -> Bot:
    return AwimbaweBot(game)


register("awimbawe", "strong", _factory)
