"""Tomahawk Tribal's :class:`~engine.core.Game`: options, set-up, legal actions, apply,
outcome and determinization; registered in :mod:`engine.registry` on import."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from engine import registry
from engine.core import Game, NotYourTurn, Outcome, Pending, StaleVersion, Timeout, WrongGame
from engine.events import Event
from engine.games.tomahawk.actions import (
    ACTION_TYPES,
    Agilite,
    CallSherif,
    CallTomahawk,
    NextRound,
    NotNow,
    TomahawkAction,
)
from engine.games.tomahawk.cards import (
    TomahawkCatalogue,
    catalogue,
)
from engine.games.tomahawk.decisions import (
    AGILE,
    AGILITE_FORBIDDEN,
    COLOURLESS_PLAY_ON_ANYTHING,
    DEFAULT_PAUSE_SECONDS,
    DEFAULT_REACTION_SECONDS,
    DEFAULT_TARGET_SCORE,
    DEFAULT_TURN_SECONDS,
    HAND_SIZE,
    MAX_PAUSE_SECONDS,
    MAX_PLAYERS,
    MAX_REACTION_SECONDS,
    MIN_PLAYERS,
    RANDOM_FIRST_PLAYER,
    SHERIF_EXTRA_SECONDS,
    TARGET_SCORE,
)
from engine.games.tomahawk.events import (
    EVENT_TYPES,
    TomahawkOutcome,
)
from engine.games.tomahawk.legal import (
    AGIL_OPTS,
    AGIL_OPTS_T,
    CALL_SHERIF,
    add_calls,
    agilite_options,
    play_phase_options,
    turn_options,
)
from engine.games.tomahawk.play import HANDLERS
from engine.games.tomahawk.round import is_playable, next_round, start_round
from engine.games.tomahawk.state import (
    DRAWN,
    NO_RECORD,
    OVER,
    PLAY,
    ROUND_OVER,
    TomahawkState,
)
from engine.games.tomahawk.view import TomahawkView, view
from engine.info import ClockSpec, GameInfo, InvalidOptions, OptionSpec, OptionValue
from engine.rng import Rng

_CATALOGUE = catalogue(HAND_SIZE, AGILITE_FORBIDDEN, COLOURLESS_PLAY_ON_ANYTHING)

_WAITING: tuple[tuple[Pending, ...], ...] = tuple(
    (Pending(seat, "turn"),) for seat in range(MAX_PLAYERS)
)
"""Seat -> what :meth:`TomahawkGame.pending` answers while the match goes on (the table
waits for the seat whose turn it is)."""
_NEXT_ROUND = [NextRound()]
_STATE_FIELDS_V1 = 26
"""How many fields codec 1 stored (before the TT-PAUSE-1 fields were added at the end)."""


# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------

_SUMMARY_EN = (
    "Shed all your cards first and keep few points: match the colour or the symbol, stack "
    "Sheriffs, send attacks back with a Shield, jump in with AGILITÉ! and never forget to "
    "shout TOMAHAWK! on your last card. 2 to 8 players; lowest total when someone reaches "
    "250 wins."
)
_SUMMARY_FR = (
    "Débarrasse-toi de toutes tes cartes avant les autres en gardant peu de points : pose la "
    "couleur ou le symbole, cumule les Shérifs, renvoie les attaques avec le Bouclier, bondis "
    "avec AGILITÉ ! et crie TOMAHAWK ! sur ta dernière carte. 2 à 8 joueurs ; quand un total "
    "atteint 250, le plus faible gagne."
)


class TomahawkGame(Game[TomahawkState, TomahawkAction, TomahawkView]):
    """Tomahawk Tribal's rules (see the module docstring and ``docs/games/tomahawk.md``)."""

    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    outcome_type = TomahawkOutcome

    def catalogue(self) -> TomahawkCatalogue:
        return _CATALOGUE

    def stale(self, state: TomahawkState, expected: int, action: object) -> StaleVersion:
        """TT-AGIL-1: of simultaneous out-of-turn claims the first accepted wins; the others
        are told they were too late (and lose nothing)."""
        if isinstance(action, (Agilite, CallSherif, CallTomahawk)):
            return StaleVersion(
                expected,
                state.version,
                reason="TOO_LATE",
                message="too late: another call was accepted first; you lose nothing",
            )
        return StaleVersion(expected, state.version)

    info = GameInfo(
        id="tomahawk",
        name="Tomahawk Tribal",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        options=(
            OptionSpec(
                "turn_seconds",
                "int",
                DEFAULT_TURN_SECONDS,
                minimum=0,
                maximum=600,
            ),
            OptionSpec(
                "target_score",
                "int",
                DEFAULT_TARGET_SCORE,
                minimum=1,
                maximum=10_000,
            ),
            OptionSpec(
                "first_player",
                "int",
                RANDOM_FIRST_PLAYER,
                minimum=0,
                maximum=MAX_PLAYERS - 1,
                unset_value=RANDOM_FIRST_PLAYER,
            ),
            OptionSpec(
                "reaction_seconds",
                "int",
                DEFAULT_REACTION_SECONDS,
                minimum=0,
                maximum=MAX_REACTION_SECONDS,
            ),
            OptionSpec(
                "pause_seconds",
                "int",
                DEFAULT_PAUSE_SECONDS,
                minimum=0,
                maximum=MAX_PAUSE_SECONDS,
            ),
        ),
        clocks=(
            ClockSpec(
                "turn",
                "turn_seconds",
            ),
            ClockSpec("pause", "pause_seconds", rest=True),
        ),
    )
    state_type = TomahawkState
    codec_version = 2
    """2: the TT-PAUSE-1 fields stored (a room saved by codec 1 is upgraded on load: no
    pause, as it played then)."""

    def decode(self, data: bytes) -> TomahawkState:
        codec, body = json.loads(data)
        if codec == 1 and len(body) == _STATE_FIELDS_V1:
            return TomahawkState.from_data([*body, False, 0, -1])
        return super().decode(data)

    # -- set-up -----------------------------------------------------------------------------

    def new_match(
        self, options: Mapping[str, OptionValue], players: int, seed: int
    ) -> TomahawkState:
        self.check_players(players)
        first = int(options.get("first_player", RANDOM_FIRST_PLAYER))
        if first >= players:
            raise InvalidOptions("first_player", f"there is no seat {first} at this table")
        state = TomahawkState(
            players=players,
            target_score=int(options.get("target_score", DEFAULT_TARGET_SCORE)),
            version=0,
            rng=Rng.from_seed(seed),
            round_no=1,
            totals=(0,) * players,
            hands=[[] for _ in range(players)],
            draw=[],
            discard=[],
            colour=-1,
            direction=1,
            turn=0,
            phase=PLAY,
            pending=0,
            caster=-1,
            drawn=-1,
            last_card=-1,
            last_player=-1,
            ones=0,
            called=0,
            may_call=0,
            skip_next=0,
            suffered_from=(NO_RECORD,) * players,
            suffered_draw=(0,) * players,
            passes=0,
            last_round_winner=-1,
            last_round_points=(),
            round_pause=int(options.get("pause_seconds", DEFAULT_PAUSE_SECONDS)) > 0,
        )
        if first == RANDOM_FIRST_PLAYER:
            first = state.rng.below(players)
        start_round(state, first, [])
        return state

    def seats(self, state: TomahawkState) -> int:
        return state.players

    def pending(self, state: TomahawkState) -> tuple[Pending, ...]:
        if state.phase == OVER:
            return ()
        if state.phase == ROUND_OVER:
            return tuple(
                Pending(seat, "pause") for seat in range(state.players) if state.waiting >> seat & 1
            )
        return _WAITING[state.turn]

    def outcome(self, state: TomahawkState) -> Outcome | None:
        if state.phase != OVER:
            return None
        totals = state.totals
        best = min(totals)
        return Outcome(
            winners=tuple(s for s, t in enumerate(totals) if t == best),
            scores=totals,
            reason=TARGET_SCORE,
            detail=cast(Any, TomahawkOutcome(state.round_no, state.target_score)),
        )

    # -- legal actions ------------------------------------------------------------------------

    def legal_actions(self, state: TomahawkState, seat: int) -> list[TomahawkAction]:
        s = state
        if s.phase == OVER or not 0 <= seat < s.players:
            return []
        if s.phase == ROUND_OVER:
            return list(_NEXT_ROUND) if s.waiting >> seat & 1 else []
        if seat != s.turn:
            out = agilite_options(s, seat)
        elif s.phase == PLAY:  # the identical card always plays normally: no own AGILITÉ
            out = play_phase_options(s, seat)
        else:
            out = turn_options(s, seat)
            out += agilite_options(s, seat, own_turn=True)
        if s.ones & ~s.called:
            add_calls(s, seat, out)
        return out

    def calls(self, state: TomahawkState, seat: int) -> list[TomahawkAction]:
        """TT-AGIL-1, TT-TOMA-2, TT-FAIR-1: what a player at the table may shout believing it
        right. AGILITÉ! with any card of the hand while a card someone else played may be
        jumped on (a wrong card costs the penalty; on one's own turn only the jump-ins the
        rules allow, since the identical card is simply played); SHÉRIF! on every other seat
        that has not called TOMAHAWK! (one not down to one card costs the penalty)."""
        s = state
        if s.phase in (OVER, ROUND_OVER) or not 0 <= seat < s.players:
            return []  # nothing to shout while the match is over or the table rests (TT-PAUSE-1)
        out: list[Any] = []
        last = s.last_card
        if last >= 0 and seat != s.last_player and AGILE[last]:
            if seat == s.turn:
                out += agilite_options(s, seat, own_turn=True)
            else:
                hand = s.hands[seat]
                opts_a = AGIL_OPTS_T if len(hand) == 2 else AGIL_OPTS
                for c in sorted(hand):
                    out += opts_a[c]
        called = s.called
        for t in range(s.players):
            if t != seat and not called >> t & 1:
                out.append(CALL_SHERIF[t])
        return out

    def reaction_wait(
        self,
        state: TomahawkState,
        options: Mapping[str, OptionValue],
        people: frozenset[int],
    ) -> float:
        """TT-AGIL-1, TT-TOMA-1 with people at the table: while a card one of them did not
        play may be jumped on, ``reaction_seconds``; while one of them is down to one card
        and may still call TOMAHAWK! (also after a Calumet or a Wheel of Time), that plus
        :data:`SHERIF_EXTRA_SECONDS`, so their call comes before a bot's SHÉRIF! or the next
        card that closes it. It does not depend on any hand: every card played makes the
        bots wait alike, so their pace tells nobody who holds a twin."""
        s = state
        if s.phase in (OVER, ROUND_OVER) or not people:
            return 0.0  # no chance to take during the rest after a round either
        reaction = float(options.get("reaction_seconds", DEFAULT_REACTION_SECONDS))
        if reaction <= 0:
            return 0.0  # no window: the bots move after the room's bot delay alone
        exposed = s.may_call & ~s.called
        if any(exposed >> seat & 1 for seat in people):
            return reaction + SHERIF_EXTRA_SECONDS
        last = s.last_card
        if last >= 0 and AGILE[last] and any(seat != s.last_player for seat in people):
            return reaction
        return 0.0

    # -- apply --------------------------------------------------------------------------------

    def play(
        self, state: TomahawkState, seat: int, action: TomahawkAction | Timeout
    ) -> list[Event]:
        if state.phase == ROUND_OVER or isinstance(action, NextRound):
            return _rest(state, seat, action)
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise WrongGame("that is not a Tomahawk Tribal action")
        events: list[Event] = handler(state, seat, action)
        return events

    # -- view ---------------------------------------------------------------------------------

    def view(self, state: TomahawkState, seat: int | None) -> TomahawkView:
        return view(state, seat)

    # -- determinize ----------------------------------------------------------------------

    def determinize(self, state: TomahawkState, seat: int | None, rng: Rng) -> TomahawkState:
        new = state.clone()
        new.rng = Rng(rng.next_u32() | (rng.next_u32() << 32))
        hidden = [t for t in range(new.players) if t != seat]
        pool: list[int] = new.draw[:]
        for t in hidden:
            pool += new.hands[t]
        keep = -1
        if new.phase == DRAWN and new.turn != seat:
            # The drawer's card is hidden but known to be playable: draw one such again.
            playable = [c for c in pool if is_playable(new, c)]
            keep = playable[rng.below(len(playable))]
            pool.remove(keep)
            new.drawn = keep
        rng.shuffle(pool)
        at = 0
        for t in hidden:
            size = len(new.hands[t])
            if t == new.turn and keep >= 0:
                new.hands[t] = [*pool[at : at + size - 1], keep]
                at += size - 1
            else:
                new.hands[t] = pool[at : at + size]
                at += size
        new.draw = pool[at:]
        return new


def _rest(s: TomahawkState, seat: int, action: Any) -> list[Any]:
    """TT-PAUSE-1: between rounds only NextRound (or the pause clock's timeout) is taken."""
    if s.phase != ROUND_OVER:
        raise NotNow("the round is still being played: next round comes after it")
    if not isinstance(action, (NextRound, Timeout)):
        if type(action) not in HANDLERS:
            raise WrongGame("that is not a Tomahawk Tribal action")
        raise NotNow("the round is over: press next round when you have read the scores")
    if not s.waiting >> seat & 1:
        raise NotYourTurn("you are already waiting for the next round")
    events: list[Event] = []
    next_round(s, seat, events, timeout=isinstance(action, Timeout))
    return events


registry.register(TomahawkGame())
