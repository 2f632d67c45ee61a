"""Awimbawé's :class:`~engine.core.Game`: options, set-up, legal actions, apply, the view,
outcome and determinization; registered in :mod:`engine.registry` on import."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine import registry
from engine.core import Game, MatchFinished, NotYourTurn, Outcome, Pending, Timeout, WrongGame
from engine.events import Event
from engine.games.awimbawe import events as ev
from engine.games.awimbawe.actions import (
    ACTION_TYPES,
    EXPECTED,
    WAITING_FOR,
    AwimbaweAction,
    CheetahChoice,
    ChooseLeader,
    EagleChoice,
    InvalidLeader,
    NextRound,
    NoDecisionPending,
    PlayCard,
    RhinoMove,
    SkipPower,
    SnakePick,
)
from engine.games.awimbawe.cards import (
    CARD_VIEWS,
    CATALOGUE,
    COLOUR,
    CROWNS,
    AwimbaweCatalogue,
)
from engine.games.awimbawe.events import (
    AwimbaweOutcome,
)
from engine.games.awimbawe.play import (
    after_power,
    apply_rhino,
    apply_snake,
    collect_trick,
    deal,
    enter_play,
    legal_cards,
    next_round,
    play_card,
    rhino_moves,
    snake_hand_positions,
    snake_pile_targets,
    timeout_action,
)
from engine.games.awimbawe.rounds import ready
from engine.games.awimbawe.state import (
    CHEETAH_CHOICE,
    EAGLE,
    OVER,
    PLAY,
    RHINO_MOVE,
    ROUND_OVER,
    SEATS,
    SNAKE_PICK,
    AwimbaweState,
)
from engine.games.awimbawe.view import (
    AwimbaweView,
    LastTrickView,
    PlayedCard,
    match_winner,
    round_results,
    side_view,
)
from engine.info import ClockSpec, GameInfo, OptionSpec, OptionValue
from engine.rng import Rng

# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------

DECISION_OPTION = "decision_seconds"
PAUSE_OPTION = "pause_seconds"
DEFAULT_PAUSE_SECONDS = 20
"""[decision AW-PAUSE-1] Seconds the table rests after a round that does not end the match,
to read its result (0 to 120; 0 = no rest: the loser chooses the next leader at once)."""
_STATE_FIELDS_V1 = 18
"""How many fields codec 1 stored (before the AW-PAUSE-1 fields were added at the end)."""


class AwimbaweGame(Game[AwimbaweState, AwimbaweAction, AwimbaweView]):
    action_types = ACTION_TYPES
    event_types = ev.EVENT_TYPES
    outcome_type = AwimbaweOutcome
    info = GameInfo(
        id="awimbawe",
        name="Awimbawé",
        min_players=2,
        max_players=2,
        options=(
            OptionSpec(
                name=DECISION_OPTION,
                kind="int",
                default=60,
                minimum=0,
                maximum=600,
            ),
            OptionSpec(
                name=PAUSE_OPTION,
                kind="int",
                default=DEFAULT_PAUSE_SECONDS,
                minimum=0,
                maximum=120,
            ),
        ),
        clocks=(
            ClockSpec(
                kind="decision",
                option=DECISION_OPTION,
            ),
            ClockSpec(kind="pause", option=PAUSE_OPTION, rest=True),
        ),
        turn_based_takeover=2,  # a duel: the other player waits on every decision
    )
    state_type = AwimbaweState
    codec_version = 2
    """2: the AW-PAUSE-1 fields stored (a room saved by codec 1 loads without a pause)."""

    def decode(self, data: bytes) -> AwimbaweState:
        codec, body = json.loads(data)
        if codec == 1 and len(body) == _STATE_FIELDS_V1:
            return AwimbaweState.from_data([*body, False, 0])
        return super().decode(data)

    def catalogue(self) -> AwimbaweCatalogue:
        return CATALOGUE

    # -- set-up -----------------------------------------------------------------------------

    def seats(self, state: AwimbaweState) -> int:
        return SEATS

    def new_match(
        self, options: Mapping[str, OptionValue], players: int, seed: int
    ) -> AwimbaweState:
        self.check_players(players)
        state = AwimbaweState(
            rng=Rng.from_seed(seed),
            decision_seconds=int(options.get(DECISION_OPTION, 60)),
            round_pause=int(options.get(PAUSE_OPTION, DEFAULT_PAUSE_SECONDS)) > 0,
        )
        deal(state)
        # AW-SETUP-3: fewer crowns on the four face-up cards leads; a tie is drawn.
        shown = [sum(CROWNS[pile[-1]] for pile in state.piles[p]) for p in range(SEATS)]
        if shown[0] != shown[1]:
            leader = 0 if shown[0] < shown[1] else 1
        else:
            leader = state.rng.below(SEATS)
        state.leader = leader
        enter_play(state, leader, [])
        return state

    # -- what may be done ---------------------------------------------------------------------

    def pending(self, state: AwimbaweState) -> tuple[Pending, ...]:
        if state.phase == OVER:
            return ()
        if state.phase == ROUND_OVER:
            return tuple(Pending(p, "pause") for p in range(SEATS) if state.waiting >> p & 1)
        return (Pending(state.chooser, "decision"),)

    def legal_actions(self, state: AwimbaweState, seat: int) -> list[AwimbaweAction]:
        if state.phase == ROUND_OVER:
            return [NextRound()] if 0 <= seat < SEATS and state.waiting >> seat & 1 else []
        if state.phase == OVER or seat != state.chooser:
            return []
        phase = state.phase
        if phase == PLAY:
            return [PlayCard(c) for c in legal_cards(state, seat)]
        if phase == EAGLE:
            return [EagleChoice(True), EagleChoice(False)]
        if phase == RHINO_MOVE:
            moves: list[Any] = [RhinoMove(f, t) for f, t in rhino_moves(state, 1 - seat)]
            return [*moves, SkipPower()]
        if phase == SNAKE_PICK:
            opponent = 1 - seat
            picks: list[Any] = [
                SnakePick(target_card=c) for c in snake_pile_targets(state, opponent)
            ]
            picks += [
                SnakePick(hand_position=i) for i in range(snake_hand_positions(state, opponent))
            ]
            return [*picks, SkipPower()]
        if phase == CHEETAH_CHOICE:
            return [CheetahChoice(0), CheetahChoice(1), SkipPower()]
        # CHOOSE_LEADER
        return [ChooseLeader(0), ChooseLeader(1)]

    # -- playing ------------------------------------------------------------------------------

    def play(
        self, state: AwimbaweState, seat: int, action: AwimbaweAction | Timeout
    ) -> list[Event]:
        if state.phase == OVER:
            raise MatchFinished("the match is over")
        timeout = isinstance(action, Timeout)
        if not timeout and not isinstance(action, ACTION_TYPES):
            raise WrongGame("that is not an Awimbawé action")
        if state.phase == ROUND_OVER:
            return self._rest(state, seat, action)
        if seat != state.chooser:
            raise NotYourTurn(f"the table waits for seat {state.chooser}, not for you")
        if timeout:
            action = timeout_action(state)
        if not isinstance(action, EXPECTED[state.phase]):
            raise NoDecisionPending(
                f"{type(action).__name__} answers no pending decision: the table waits for "
                f"{WAITING_FOR[state.phase]}"
            )
        events: list[Event] = []
        if isinstance(action, PlayCard):
            play_card(state, seat, action.card, events)
        elif isinstance(action, EagleChoice):
            events.append(ev.EagleChoice(seat, action.fight))
            collect_trick(state, events, eagle_fights=action.fight)
        elif isinstance(action, RhinoMove):
            apply_rhino(state, seat, action, events)
        elif isinstance(action, SnakePick):
            apply_snake(state, seat, action, events)
        elif isinstance(action, CheetahChoice):
            if action.leader not in (0, 1):
                raise InvalidLeader("the next leader must be seat 0 or seat 1")
            state.next_leader = action.leader
            events.append(ev.CheetahChoice(seat, action.leader))
            after_power(state, events)
        elif isinstance(action, SkipPower):
            power = {RHINO_MOVE: "rhino", SNAKE_PICK: "snake", CHEETAH_CHOICE: "cheetah"}
            events.append(ev.PowerSkipped(seat, power[state.phase]))
            after_power(state, events)
        elif isinstance(action, ChooseLeader):
            if action.leader not in (0, 1):
                raise InvalidLeader("the leader must be seat 0 or seat 1")
            events.append(ev.LeaderChosen(seat, action.leader))
            next_round(state, action.leader, events)
        return events

    def _rest(self, state: AwimbaweState, seat: int, action: Any) -> list[Event]:
        """AW-PAUSE-1: between rounds only NextRound (or the pause clock's timeout)."""
        if not isinstance(action, (NextRound, Timeout)):
            raise NoDecisionPending(
                f"{type(action).__name__} answers no pending decision: the table waits for "
                f"{WAITING_FOR[ROUND_OVER]}"
            )
        if not state.waiting >> seat & 1:
            raise NotYourTurn("you are already waiting for the next round")
        events: list[Event] = []
        ready(state, seat, events, timeout=isinstance(action, Timeout))
        return events

    # -- seeing -------------------------------------------------------------------------------

    def view(self, state: AwimbaweState, seat: int | None) -> AwimbaweView:
        sides = (side_view(state, 0, seat), side_view(state, 1, seat))
        hand = () if seat is None else tuple(CARD_VIEWS[c] for c in sorted(state.hands[seat]))
        table = tuple(
            PlayedCard(state.leader if i == 0 else 1 - state.leader, CARD_VIEWS[c])
            for i, c in enumerate(state.table)
        )
        last: LastTrickView | None = None
        if state.last_trick:
            leader, led, followed, winner, led_to, followed_to = state.last_trick
            last = LastTrickView(
                leader, CARD_VIEWS[led], CARD_VIEWS[followed], winner, led_to, followed_to
            )
        results = round_results(state)
        over = state.phase == OVER
        return AwimbaweView(
            seat=seat,
            round=state.round_no,
            hand=hand,
            players=sides,
            table=table,
            leader=state.leader,
            decision="" if over else state.phase,
            decision_seat=None if over or state.phase == ROUND_OVER else state.chooser,
            next_leader=None if state.next_leader < 0 else state.next_leader,
            snake_hand_positions=(
                snake_hand_positions(state, 1 - state.chooser) if state.phase == SNAKE_PICK else 0
            ),
            last_trick=last,
            round_results=results,
            match_winner=match_winner(state),
        )

    def outcome(self, state: AwimbaweState) -> Outcome | None:
        winner = match_winner(state)
        if winner is None:
            return None
        return Outcome(
            winners=(winner,),
            scores=(state.rounds_won[0], state.rounds_won[1]),
            reason="TWO_ROUNDS",
            detail=AwimbaweOutcome(round_results(state)),
        )

    def determinize(self, state: AwimbaweState, seat: int | None, rng: Rng) -> AwimbaweState:
        """Redraw the hidden cards: the hands ``seat`` does not hold and every face-down pile
        card (unknown to both players, AW-SETUP-2). Trick piles were all seen when played and
        stay. A redrawn hand respects the colours its owner is known to lack (``voids``);
        paralysed hand cards are redrawn by position (the viewer never knew which)."""
        new = state.clone()
        hidden_hands = [p for p in range(SEATS) if p != seat]
        pool: list[int] = []
        for p in hidden_hands:
            pool += new.hands[p]
        face_down: list[tuple[int, int, int]] = []
        for p in range(SEATS):
            for i, pile in enumerate(new.piles[p]):
                for j, card in enumerate(pile):
                    if not new.face_up[card]:
                        face_down.append((p, i, j))
                        pool.append(card)
        rng.shuffle(pool)
        new_hands = _deal_hands(pool, [(len(new.hands[p]), new.voids[p]) for p in hidden_hands])
        for p, hand in zip(hidden_hands, new_hands, strict=True):
            old = new.hands[p]
            if new.paralysed[p]:
                renamed = dict(zip(old, hand, strict=True))
                new.paralysed[p] = [renamed.get(c, c) for c in new.paralysed[p]]
            new.hands[p] = hand
        for (p, i, j), card in zip(face_down, pool, strict=True):
            new.piles[p][i][j] = card
        new.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
        return new


def _deal_hands(pool: list[int], hands: list[tuple[int, int]]) -> list[list[int]]:
    """Take from ``pool`` (already shuffled) a hand of each ``(size, void colours)``,
    never a card of a void colour, keeping the other hands possible; the pool keeps the
    rest, in order. There is always a way: the real hands are one."""
    result: list[list[int]] = []
    if not any(voids for _, voids in hands):
        for size, _ in hands:
            result.append(pool[:size])
            del pool[:size]
        return result
    for index, (size, voids) in enumerate(hands):
        later = hands[index + 1 :]
        hand: list[int] = []
        while len(hand) < size:
            for k, card in enumerate(pool):
                if voids >> COLOUR[card] & 1:
                    continue
                rest = pool[:k] + pool[k + 1 :]
                if _hands_possible(rest, size - len(hand) - 1, voids, later):
                    hand.append(pool.pop(k))
                    break
            else:  # pragma: no cover - the real deal proves a way exists
                raise AssertionError("no hand fits what is known")
        result.append(hand)
    return result


def _hands_possible(
    pool: list[int], missing: int, voids: int, later: list[tuple[int, int]]
) -> bool:
    """Hall's condition for at most two hands with colour bans, filled from ``pool``."""
    if not later:
        return sum(1 for c in pool if not voids >> COLOUR[c] & 1) >= missing
    (size, other_voids), *_ = later
    mine = sum(1 for c in pool if not voids >> COLOUR[c] & 1)
    theirs = sum(1 for c in pool if not other_voids >> COLOUR[c] & 1)
    either = sum(1 for c in pool if not (voids & other_voids) >> COLOUR[c] & 1)
    return mine >= missing and theirs >= size and either >= missing + size


registry.register(AwimbaweGame())
