"""Tomahawk Tribal's :class:`~engine.core.Game`: options, set-up, legal actions, apply,
outcome and determinization; registered in :mod:`engine.registry` on import."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from engine import registry
from engine.core import (
    ClockSpec,
    Game,
    GameInfo,
    InvalidOptions,
    NotYourTurn,
    OptionSpec,
    OptionValue,
    Outcome,
    Pending,
    StaleVersion,
    Timeout,
    WrongGame,
)
from engine.events import Event
from engine.games.tomahawk.actions import (
    ACTION_TYPES,
    Agilite,
    CallSherif,
    CallTomahawk,
    NextRound,
    NotNow,
    PlayCard,
)
from engine.games.tomahawk.cards import (
    CALUMET,
    CLASSIC_KINDS,
    COMBO_BIT,
    COMBO_LOW_BITS,
    FACE,
    KIND,
    KINDS,
    MATCH_SYMBOL,
    TomahawkCatalogue,
    catalogue,
)
from engine.games.tomahawk.decisions import (
    _AGIL_OPTS,
    _AGIL_OPTS_T,
    _AGILE,
    _ANSWERS_DRAW,
    _ANSWERS_SKIP,
    _CALL_SHERIF,
    _CALL_TOMAHAWK,
    _COMBO_OPTS,
    _COMBO_OPTS_T,
    _DRAW,
    _NAME_COLOUR,
    _PASS,
    _PLAY_OPTS,
    _PLAY_OPTS_T,
    _PLAYABLE,
    _SPECIAL_OPTS,
    _TAKE_DRAW,
    _TAKE_SKIP,
    AGILITE_FORBIDDEN,
    COLOURLESS_PLAY_ON_ANYTHING,
    DEFAULT_PAUSE_SECONDS,
    DEFAULT_REACTION_SECONDS,
    DEFAULT_TARGET_SCORE,
    DEFAULT_TURN_SECONDS,
    DRAW_ONLY_WHEN_STUCK,
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
from engine.games.tomahawk.play import _HANDLERS, _plays_normally
from engine.games.tomahawk.round import _next_round, _playable, _start_round
from engine.games.tomahawk.state import (
    _NO_RECORD,
    DRAWN,
    FACE_DRAW,
    FACE_SKIP,
    OVER,
    PLAY,
    ROUND_OVER,
    TomahawkState,
)
from engine.games.tomahawk.view import TomahawkView, view
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


class TomahawkGame(Game[TomahawkState]):
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
            suffered_from=(_NO_RECORD,) * players,
            suffered_draw=(0,) * players,
            passes=0,
            last_round_winner=-1,
            last_round_points=(),
            round_pause=int(options.get("pause_seconds", DEFAULT_PAUSE_SECONDS)) > 0,
        )
        if first == RANDOM_FIRST_PLAYER:
            first = state.rng.below(players)
        _start_round(state, first, [])
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

    def legal_actions(self, state: TomahawkState, seat: int) -> list[Any]:
        s = state
        if s.phase == OVER or not 0 <= seat < s.players:
            return []
        if s.phase == ROUND_OVER:
            return list(_NEXT_ROUND) if s.waiting >> seat & 1 else []
        if seat != s.turn:
            out = _agilite_options(s, seat)
        elif s.phase == PLAY:  # the identical card always plays normally: no own AGILITÉ
            out = _play_phase_options(s, seat)
        else:
            out = _turn_options(s, seat)
            out += _agilite_options(s, seat, own_turn=True)
        if s.ones & ~s.called:
            _add_calls(s, seat, out)
        return out

    def calls(self, state: TomahawkState, seat: int) -> list[Any]:
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
        if last >= 0 and seat != s.last_player and _AGILE[last]:
            if seat == s.turn:
                out += _agilite_options(s, seat, own_turn=True)
            else:
                hand = s.hands[seat]
                opts_a = _AGIL_OPTS_T if len(hand) == 2 else _AGIL_OPTS
                for c in sorted(hand):
                    out += opts_a[c]
        called = s.called
        for t in range(s.players):
            if t != seat and not called >> t & 1:
                out.append(_CALL_SHERIF[t])
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
        if last >= 0 and _AGILE[last] and any(seat != s.last_player for seat in people):
            return reaction
        return 0.0

    # -- apply --------------------------------------------------------------------------------

    def play(self, state: TomahawkState, seat: int, action: Any) -> list[Any]:
        if state.phase == ROUND_OVER or isinstance(action, NextRound):
            return _rest(state, seat, action)
        handler = _HANDLERS.get(type(action))
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
            playable = [c for c in pool if _playable(new, c)]
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
        if type(action) not in _HANDLERS:
            raise WrongGame("that is not a Tomahawk Tribal action")
        raise NotNow("the round is over: press next round when you have read the scores")
    if not s.waiting >> seat & 1:
        raise NotYourTurn("you are already waiting for the next round")
    events: list[Event] = []
    _next_round(s, seat, events, timeout=isinstance(action, Timeout))
    return events


def _turn_options(s: TomahawkState, seat: int) -> list[Any]:
    """What the seat whose turn it is may do outside the PLAY phase."""
    phase = s.phase
    hand = s.hands[seat]
    opts = _PLAY_OPTS_T if len(hand) == 2 else _PLAY_OPTS
    out: list[Any] = []
    if phase == FACE_DRAW:
        for c in hand:
            if _ANSWERS_DRAW[c]:
                out += opts[c]  # type: ignore[arg-type]
        out.append(_TAKE_DRAW)
    elif phase == FACE_SKIP:
        for c in hand:
            if _ANSWERS_SKIP[c]:
                out += opts[c]  # type: ignore[arg-type]
        out.append(_TAKE_SKIP)
    elif phase == DRAWN:
        c = s.drawn
        o = opts[c]
        out += _special_options(s, seat, c) if o is None else o
        out.append(_PASS)
    else:  # NAME_COLOUR
        out += _NAME_COLOUR
    return out


def _play_phase_options(s: TomahawkState, seat: int) -> list[Any]:
    """TT-TURN-1/3, TT-COMBO-1: the playable cards, the combos, or the draw."""
    hand = s.hands[seat]
    table = _PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]]
    opts = _PLAY_OPTS_T if len(hand) == 2 else _PLAY_OPTS
    out: list[Any] = []
    for c in hand:
        if table[c]:
            o = opts[c]
            out += _special_options(s, seat, c) if o is None else o
    if out and len(hand) >= 4:
        bits = 0
        for c in hand:
            bits |= COMBO_BIT[c]
        full = bits & (bits >> 1) & (bits >> 2) & (bits >> 3) & COMBO_LOW_BITS
        if full:
            combos = _COMBO_OPTS_T if len(hand) == 5 else _COMBO_OPTS
            for symbol in range(CLASSIC_KINDS):
                if full >> (4 * symbol) & 1:
                    out += combos[symbol]
    if not out or not DRAW_ONLY_WHEN_STUCK:
        out.append(_DRAW)
    return out


def _agilite_options(s: TomahawkState, seat: int, *, own_turn: bool = False) -> list[Any]:
    """TT-AGIL-1: the cards of ``seat`` identical to the one just played, jumping in. Out
    of turn, every one; on ``seat``'s own turn, only those the pending effect forbids
    playing normally (a Skip faced with its twin): its holder always has a way to play it."""
    out: list[Any] = []
    last = s.last_card
    if last >= 0 and seat != s.last_player and _AGILE[last]:
        face = FACE[last]
        hand = s.hands[seat]
        opts_a = _AGIL_OPTS_T if len(hand) == 2 else _AGIL_OPTS
        for c in hand:
            if FACE[c] == face and not (own_turn and _plays_normally(s, c)):
                out += opts_a[c]
    return out


def _add_calls(s: TomahawkState, seat: int, out: list[Any]) -> None:
    """TT-TOMA-1/2: TOMAHAWK! for my own exposed last card, SHÉRIF! on everyone else's."""
    exposed = s.ones & ~s.called
    if exposed >> seat & 1:
        if s.may_call >> seat & 1:
            out.append(_CALL_TOMAHAWK)
        exposed &= ~(1 << seat)
    t = 0
    while exposed:
        if exposed & 1:
            out.append(_CALL_SHERIF[t])
        exposed >>= 1
        t += 1


def _special_options(s: TomahawkState, seat: int, card: int) -> list[PlayCard]:
    """Play options of a Calumet (one per target) or a Wheel, with TOMAHAWK! when it fits."""
    hands = s.hands
    plays = _SPECIAL_OPTS[card]
    if KIND[card] == CALUMET:
        out = []
        keeps_cards = len(hands[seat]) > 1
        for t in range(s.players):
            if t != seat:
                plain, calling = plays[t]
                out.append(plain)
                if keeps_cards and len(hands[t]) == 1:
                    out.append(calling)
        return out
    # Wheel: you end with the hand of the seat before you.
    before = (seat - s.direction) % s.players
    if len(hands[seat]) > 1 and len(hands[before]) == 1:
        return list(plays[0])
    return [plays[0][0]]


registry.register(TomahawkGame())
