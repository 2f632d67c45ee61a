"""How an Awimbawé round ends (AW-END-1, AW-HYENA-1, AW-PAUSE-1), as functions of the state
that work in place on a clone of it: the round's winner, the match's end, the rest between
rounds and who chooses the next leader."""

from __future__ import annotations

from engine.events import Event
from engine.games.awimbawe import events as ev
from engine.games.awimbawe.cards import ROUNDS_TO_WIN
from engine.games.awimbawe.events import FEWER_HYENAS, LAST_TRICK, MORE_CROWNS
from engine.games.awimbawe.state import (
    CHOOSE_LEADER,
    OVER,
    ROUND_OVER,
    SEATS,
    AwimbaweState,
)


def end_round_by_crowns(state: AwimbaweState, events: list[Event]) -> None:
    """AW-END-1: more crowns; then fewer Hyenas; then the last trick's winner."""
    crowns = [state.crowns(0), state.crowns(1)]
    hyenas = [state.hyenas(0), state.hyenas(1)]
    if crowns[0] != crowns[1]:
        winner, reason = (0 if crowns[0] > crowns[1] else 1), MORE_CROWNS
    elif hyenas[0] != hyenas[1]:
        winner, reason = (0 if hyenas[0] < hyenas[1] else 1), FEWER_HYENAS
    else:
        winner, reason = state.last_trick[3], LAST_TRICK
    end_round(state, events, winner=winner, reason=reason)


def end_round(state: AwimbaweState, events: list[Event], *, winner: int, reason: str) -> None:
    """AW-END-1, AW-PAUSE-1: ``winner`` takes the round (``reason``: why); the match ends,
    or the players rest, or the loser chooses the next leader."""
    crowns = [state.crowns(0), state.crowns(1)]
    hyenas = [state.hyenas(0), state.hyenas(1)]
    state.rounds_won[winner] += 1
    state.round_results.append([state.round_no, winner, reason, *crowns, *hyenas])
    state.next_leader = -1
    events.append(
        ev.RoundOver(
            round=state.round_no,
            winner=winner,
            reason=reason,
            crowns=tuple(crowns),
            hyenas=tuple(hyenas),
            rounds_won=tuple(state.rounds_won),
        )
    )
    if state.rounds_won[winner] >= ROUNDS_TO_WIN:
        state.phase = OVER
        state.chooser = -1
        events.append(ev.MatchOver(winner, tuple(state.rounds_won)))
    elif state.round_pause:  # AW-PAUSE-1: rest first, then the loser chooses the leader
        state.phase = ROUND_OVER
        state.chooser = -1
        state.waiting = (1 << SEATS) - 1
    else:
        state.phase = CHOOSE_LEADER
        state.chooser = 1 - winner


def ready(state: AwimbaweState, seat: int, events: list[Event], *, timeout: bool) -> None:
    """AW-PAUSE-1: ``seat`` is done reading; once both are, the loser chooses the leader."""
    state.waiting &= ~(1 << seat)
    events.append(ev.ReadyForNextRound(seat, timeout))
    if not state.waiting:
        state.phase = CHOOSE_LEADER
        state.chooser = 1 - state.round_results[-1][1]
