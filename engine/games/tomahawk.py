"""Tomahawk Tribal: shed your hand first, keep few points (rules: ``docs/games/tomahawk.md``).

A turn is one card matching the current colour or the top card's symbol, or a draw. Specials
make the next player draw (Sheriffs, stackable), skip them, reverse the play, send an attack
back (Shield, Shaman), change the colour (Diamond), swap hands (Calumet) or pass every hand on
(Wheel of Time). Out of turn, anyone holding a card identical to the one just played may jump
in with it (AGILITÉ!), a player down to one card calls TOMAHAWK! and the others may catch one
who forgot (SHÉRIF!).

Cards are ints (:mod:`engine.games.tomahawk_cards`); rule ids ``TT-…`` refer to
``shared/rules/tomahawk.md``. Each ``[decision]`` of that file that the code can switch is a
named constant below; the others are comments ``[decision TT-…]`` where the code makes them.

>>> game = registry.get("tomahawk")
>>> state = game.new_match(game.validate_options({"first_player": 0}), 3, seed=7)
>>> len(state.hands), [len(h) for h in state.hands]
(3, [8, 8, 8])
>>> game.pending(state)[0].clock
'turn'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from engine import registry
from engine.codec import derived
from engine.core import (
    ClockSpec,
    Game,
    GameInfo,
    IllegalAction,
    InvalidOptions,
    NotYourTurn,
    OptionSpec,
    OptionValue,
    Outcome,
    Pending,
    StaleVersion,
    State,
    Timeout,
    TooLate,
    WrongGame,
)
from engine.events import Event
from engine.games.tomahawk_cards import (
    ALL_CARDS,
    CALUMET,
    CLASSIC_KINDS,
    COLOUR,
    COLOUR_INDEX,
    COLOUR_NAMES,
    COMBO_BIT,
    COMBO_LOW_BITS,
    DECK_SIZE,
    DIAMOND,
    DRAW_OF,
    FACE,
    FACES,
    KIND,
    KINDS,
    MATCH_SYMBOL,
    NO_COLOUR,
    POINTS,
    REVERSE,
    SHAMAN,
    SHIELD,
    SKIP,
    SYMBOLS,
    WHEEL,
    CardFace,
    TomahawkCatalogue,
    catalogue,
)
from engine.games.tomahawk_events import (
    EVENT_TYPES,
    ME,
    CardPlayed,
    ColourNamed,
    ComboPlayed,
    DirectionChanged,
    EffectReturned,
    HandDealt,
    HandReceived,
    HandsPassed,
    HandsSwapped,
    MatchEnded,
    Passed,
    Penalty,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    SherifCalled,
    SheriffPending,
    SkipPending,
    TomahawkCalled,
    TomahawkOutcome,
    TurnSkipped,
    card_played,
    drew,
    drew_cards,
    faces,
)
from engine.rng import Rng

# --------------------------------------------------------------------------------------------
# Table size, deal and the decisions of the rules file (each one named, TT-… in brackets)
# --------------------------------------------------------------------------------------------

MIN_PLAYERS = 2
MAX_PLAYERS = 8
"""[decision TT-SETUP-1] 2 to 8 players."""

HAND_SIZE = 8
"""TT-SETUP-1: cards dealt to each player."""

DEFAULT_TARGET_SCORE = 250
"""TT-GOAL-2: the match ends after the round in which a total reaches this (option)."""

DEFAULT_TURN_SECONDS = 30
"""TT-TURN-5: seconds per turn (option ``turn_seconds``; 0 = no clock)."""

RANDOM_FIRST_PLAYER = -1
"""[decision TT-SETUP-3] ``first_player`` = -1: the seeded RNG picks the first round's starter."""

COLOURLESS_PLAY_ON_ANYTHING = True
"""[decision TT-TURN-1] Diamond, Calumet, Shaman and Wheel may be played on any card."""

DRAW_ONLY_WHEN_STUCK = True
"""[decision TT-TURN-3] A player may draw only when no card in hand can be played."""

MAY_PLAY_DRAWN_CARD = True
"""[decision TT-TURN-3] A drawn card that can be played may be played at once (or kept)."""

BLOCKED_ROUND_STARTER_FEWEST_POINTS = True
"""[decision TT-TURN-4] After a blocked round (every player passed in a row on empty piles),
the player with the fewest points in hand starts the next round (ties: lowest seat)."""

ANY_SHERIFF_STACKS = True
"""[decision TT-STACK-1] Any Sheriff (any colour, any N) answers a pending draw."""

TAKING_THE_DRAW_ENDS_THE_TURN = True
"""[decision TT-STACK-1] Drawing a pending total ends the turn (as UNO's Draw Two)."""

REVERSE_SKIPS_WITH_TWO_PLAYERS = True
"""[decision TT-REV-1] With two players a Reverse acts as a Skip (and can be Shielded)."""

FIRST_REVERSE_OTHER_SIDE_STARTS = True
"""[decision TT-SETUP-2] A Reverse turned up first: the play goes counter-clockwise and the
starter's other neighbour (seat before the starter) plays first. With two players it is a
Skip on the starter (``REVERSE_SKIPS_WITH_TWO_PLAYERS``)."""


SHIELD_AS_ORDINARY_CARD = True
"""[decision TT-SHIELD-2] A Shield may be played on its colour or on a Shield, without effect."""


BAD_FAITH_PENALTY = 2
"""[decision TT-FAIR-1] Cards drawn by a player whose SHÉRIF! or AGILITÉ claim was bad faith;
the claim itself is rejected (no card moves but the penalty)."""

SHERIF_CALL_DRAW = 1
"""TT-TOMA-2: cards drawn by a player caught by SHÉRIF!."""

AGILITE_FORBIDDEN: frozenset[int] = frozenset((WHEEL, CALUMET))
"""TT-AGIL-1: kinds nobody may jump in with."""


LAST_SHERIFF_DRAWS_AT_ONCE = True
"""[decision TT-END-1] A Sheriff that empties a hand: the next player draws the pending total
at once (no stacking, no Shield) before the hands are scored."""


# Phases: what the seat whose turn it is must decide.
PLAY = 0
"""Play a card, a combo, or draw (TT-TURN-1/3)."""
NAME_COLOUR = 1
"""The round's first card is colourless: the starter names the colour (TT-SETUP-2)."""
FACE_DRAW = 2
"""A Sheriff draw is pending: stack a Sheriff, Shield it, or take it (TT-STACK-1)."""
FACE_SKIP = 3
"""A Skip is pending: Shield it or take it (TT-SKIP-1, TT-SHIELD-1)."""
DRAWN = 4
"""The card just drawn can be played: play it or keep it (TT-TURN-3)."""
OVER = 5
"""The match is over."""

PHASE_NAMES: tuple[str, ...] = (
    "play",
    "name_colour",
    "face_sheriff",
    "face_skip",
    "drawn",
    "match_over",
)

TARGET_SCORE = "TARGET_SCORE"
"""``Outcome.reason`` of a finished match (TT-GOAL-2)."""

# --------------------------------------------------------------------------------------------
# Actions (frozen, slotted, protobuf-friendly: int / str / bool / None fields)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` on your turn (also: answer a pending Sheriff or Skip, play a drawn card).

    ``colour`` names the new colour after a Diamond (required then, refused otherwise);
    ``target`` is the seat a Calumet swaps hands with; ``tomahawk`` calls TOMAHAWK! with the
    play when it leaves you exactly one card (ignored otherwise).
    """

    card: int
    colour: str | None = None
    target: int | None = None
    tomahawk: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card because nothing in hand can be played (TT-TURN-3)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the playable card just drawn and end the turn (TT-TURN-3)."""


@dataclass(frozen=True, slots=True)
class TakePendingDraw:
    """Draw the whole pending Sheriff total; the turn ends (TT-STACK-1)."""


@dataclass(frozen=True, slots=True)
class TakeSkip:
    """Accept the pending Skip: the turn is lost (TT-SKIP-1)."""


@dataclass(frozen=True, slots=True)
class NameColour:
    """Name the current colour when the round's first card is colourless (TT-SETUP-2)."""

    colour: str


@dataclass(frozen=True, slots=True)
class Combo:
    """COMBO!: play one classic ``symbol`` in all four colours and name ``colour`` (TT-COMBO-1;
    [decision TT-COMBO-1]: only the classic ``SYMBOLS``)."""

    symbol: str
    colour: str
    tomahawk: bool = False


@dataclass(frozen=True, slots=True)
class Agilite:
    """AGILITÉ!: out of turn, play a card identical to the one just played (TT-AGIL-1).

    A card that is not identical is a bad-faith claim: refused, and the caller draws
    ``BAD_FAITH_PENALTY`` cards (TT-FAIR-1).
    """

    card: int
    colour: str | None = None
    tomahawk: bool = False


@dataclass(frozen=True, slots=True)
class CallTomahawk:
    """TOMAHAWK!: announce your last card (TT-TOMA-1)."""


@dataclass(frozen=True, slots=True)
class CallSherif:
    """SHÉRIF!: catch ``target``, who holds one card and did not call TOMAHAWK! (TT-TOMA-2)."""

    target: int


ACTION_TYPES: tuple[type, ...] = (
    PlayCard,
    Draw,
    Pass,
    TakePendingDraw,
    TakeSkip,
    NameColour,
    Combo,
    Agilite,
    CallTomahawk,
    CallSherif,
)

# --------------------------------------------------------------------------------------------
# Errors: each has a stable reason; messages never name a card the actor cannot see
# --------------------------------------------------------------------------------------------


class CardNotInHand(IllegalAction):
    reason = "CARD_NOT_IN_HAND"


class CardDoesNotMatch(IllegalAction):
    reason = "CARD_DOES_NOT_MATCH"


class NotNow(IllegalAction):
    """The action does not fit the moment (``MUST_PLAY_OR_DRAW``, ``MUST_NAME_COLOUR``...)."""

    reason = "NOT_NOW"


class BadChoice(IllegalAction):
    """A colour, target or symbol that is missing, unknown or not wanted."""

    reason = "BAD_CHOICE"


class CallRefused(IllegalAction):
    """An out-of-turn call that is not allowed (but is no bad faith either)."""

    reason = "CALL_REFUSED"


# --------------------------------------------------------------------------------------------
# Precomputed tables for the hot loops
# --------------------------------------------------------------------------------------------


def _playable_table(colour: int, top_symbol: int) -> bytes:
    return bytes(
        1
        if (
            (COLOUR[c] == NO_COLOUR and COLOURLESS_PLAY_ON_ANYTHING)
            or COLOUR[c] == colour
            or MATCH_SYMBOL[c] == top_symbol
        )
        and (SHIELD_AS_ORDINARY_CARD or KIND[c] != SHIELD)
        else 0
        for c in ALL_CARDS
    )


_PLAYABLE: tuple[bytes, ...] = tuple(
    _playable_table(colour, symbol) for colour in range(4) for symbol in range(KINDS)
)
"""``_PLAYABLE[colour * KINDS + MATCH_SYMBOL[top]][card]``: 1 if ``card`` may be played."""

_ANSWERS_DRAW = bytes(
    1 if (DRAW_OF[c] and ANY_SHERIFF_STACKS) or KIND[c] == SHIELD else 0 for c in ALL_CARDS
)
_ANSWERS_SKIP = bytes(1 if KIND[c] == SHIELD else 0 for c in ALL_CARDS)
_AGILE = bytes(0 if KIND[c] in AGILITE_FORBIDDEN else 1 for c in ALL_CARDS)
_NEEDS_COLOUR = bytes(1 if KIND[c] == DIAMOND else 0 for c in ALL_CARDS)


def _play_options(card: int, tomahawk: bool) -> tuple[PlayCard, ...] | None:
    if KIND[card] in (CALUMET, WHEEL):
        return None  # depends on the seat and the table: built on demand
    flags = (False, True) if tomahawk else (False,)
    if KIND[card] == DIAMOND:
        return tuple(PlayCard(card, colour, None, t) for t in flags for colour in COLOUR_NAMES)
    return tuple(PlayCard(card, None, None, t) for t in flags)


_PLAY_OPTS = tuple(_play_options(c, False) for c in ALL_CARDS)
_PLAY_OPTS_T = tuple(_play_options(c, True) for c in ALL_CARDS)


def _agilite_options(card: int, tomahawk: bool) -> tuple[Agilite, ...]:
    flags = (False, True) if tomahawk else (False,)
    if KIND[card] == DIAMOND:
        return tuple(Agilite(card, colour, t) for t in flags for colour in COLOUR_NAMES)
    return tuple(Agilite(card, None, t) for t in flags)


_AGIL_OPTS = tuple(_agilite_options(c, False) for c in ALL_CARDS)
_AGIL_OPTS_T = tuple(_agilite_options(c, True) for c in ALL_CARDS)

_COMBO_OPTS = tuple(
    tuple(Combo(SYMBOLS[s], colour, False) for colour in COLOUR_NAMES) for s in range(CLASSIC_KINDS)
)
_COMBO_OPTS_T = tuple(
    tuple(Combo(SYMBOLS[s], colour, t) for t in (False, True) for colour in COLOUR_NAMES)
    for s in range(CLASSIC_KINDS)
)
_SYMBOL_INDEX = {name: i for i, name in enumerate(SYMBOLS)}

_DRAW = Draw()
_PASS = Pass()
_TAKE_DRAW = TakePendingDraw()
_TAKE_SKIP = TakeSkip()
_CALL_TOMAHAWK = CallTomahawk()
_NAME_COLOUR = [NameColour(colour) for colour in COLOUR_NAMES]
_CALL_SHERIF = tuple(CallSherif(t) for t in range(MAX_PLAYERS))
_NO_RECORD = -1
_CATALOGUE = catalogue(HAND_SIZE, AGILITE_FORBIDDEN, COLOURLESS_PLAY_ON_ANYTHING)

# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


@dataclass(eq=True, repr=False, slots=True)
class TomahawkState(State):
    """The whole match. Cards are ints; per-seat flags are bit masks (bit ``seat``).

    ``draw`` and ``discard`` keep their top at the end. ``colour`` is -1 while the starter
    must name it. ``pending``/``caster`` describe the attack the seat ``turn`` faces;
    ``drawn`` is the card that seat just drew and may still play. ``last_card`` /
    ``last_player`` open the AGILITÉ window (-1: closed). ``suffered_from`` /
    ``suffered_draw`` hold, per seat, the last Sheriff draw (N > 0) or Skip (0) it suffered
    and from whom (-1: nothing a Shaman could send back). ``ones`` (seats holding exactly one
    card) is derived from ``hands`` and kept for speed.
    """

    players: int
    target_score: int
    version: int
    rng: Rng
    round_no: int
    totals: tuple[int, ...]
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    colour: int
    direction: int
    turn: int
    phase: int
    pending: int
    caster: int
    drawn: int
    last_card: int
    last_player: int
    ones: int = field(metadata=derived())
    called: int
    may_call: int
    skip_next: int
    suffered_from: tuple[int, ...]
    suffered_draw: tuple[int, ...]
    passes: int
    last_round_winner: int
    last_round_points: tuple[int, ...]

    def restore(self) -> None:
        self.ones = sum(1 << seat for seat, hand in enumerate(self.hands) if len(hand) == 1)


# --------------------------------------------------------------------------------------------
# View (what one seat, or a spectator, may see)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everybody sees it."""

    seat: int
    cards: int
    """How many cards the seat holds."""
    called_tomahawk: bool
    """Holds one card and has called TOMAHAWK!."""
    may_call_tomahawk: bool
    """Holds one card, has not called, and may still call (no card played since)."""
    catchable: bool
    """Holds one card and has not called: SHÉRIF! on this seat is legal."""
    total: int
    """Match total so far (penalty points, lower is better)."""
    skips_next_turn: bool
    """A Skip was sent back to this seat: its next turn is lost."""
    shaman_target: int | None
    """Who a Shaman played by this seat would send an effect back to (None: nobody)."""
    shaman_draw: int
    """Cards that Shaman would send back (0 with a ``shaman_target``: a Skip)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The last finished round."""

    round: int
    winner: int | None
    """Who emptied their hand; None for a blocked round (TT-TURN-4)."""
    points: tuple[int, ...]
    """Points each seat scored in that round."""
    totals: tuple[int, ...]
    """Match totals after that round."""


@dataclass(frozen=True, slots=True)
class TomahawkView:
    """Everything a frontend needs to draw the table for ``seat`` (None: a spectator)."""

    seat: int | None
    hand: tuple[CardFace, ...]
    """My cards, sorted by id (empty for a spectator)."""
    hand_ids: tuple[int, ...]
    seats: tuple[SeatView, ...]
    round: int
    phase: str
    """``play``, ``name_colour``, ``face_sheriff``, ``face_skip``, ``drawn``, ``match_over``."""
    turn: int | None
    """Whose decision the table waits for (None once the match is over)."""
    direction: int
    """+1 clockwise (increasing seats), -1 counter-clockwise."""
    colour: str | None
    """The current colour; None while the starter must name it."""
    top_card: CardFace
    pending_draw: int
    """Cards the seat ``turn`` must draw unless it stacks or shields (phase face_sheriff)."""
    attack_from: int | None
    """Who cast the Sheriff or Skip the seat ``turn`` faces."""
    drawn_card: CardFace | None
    """Only for the seat that drew it: the drawn card, which may be played now."""
    agilite_card: CardFace | None
    """The card a player holding an identical one may jump in on now (None: no window)."""
    agilite_from: int | None
    """Who played ``agilite_card`` (they may not jump in on it)."""
    draw_pile: int
    discard_pile: int
    target_score: int
    last_round: RoundResult | None
    match_over: bool
    winners: tuple[int, ...]


# --------------------------------------------------------------------------------------------
# Rule helpers (work in place on a clone)
# --------------------------------------------------------------------------------------------


def _touch(s: TomahawkState, seat: int) -> None:
    """A hand changed: a seat now at exactly one card must call TOMAHAWK! again (TT-TOMA-1)."""
    bit = 1 << seat
    if len(s.hands[seat]) == 1:
        s.ones |= bit
        s.may_call |= bit
    else:
        s.ones &= ~bit
        s.may_call &= ~bit
    s.called &= ~bit


def _draw(s: TomahawkState, seat: int, count: int, reason: str, events: list[Event]) -> int:
    """``seat`` draws up to ``count`` cards (refilling from the discard, TT-TURN-4)."""
    pile = s.draw
    if len(pile) >= count:
        got = pile[len(pile) - count :]
        del pile[len(pile) - count :]
    else:
        got = []
        for _ in range(count):
            if not pile:
                discard = s.discard
                if len(discard) <= 1:
                    break
                top = discard.pop()
                pile = discard
                s.rng.shuffle(pile)
                s.draw = pile
                s.discard = [top]
                events.append(Reshuffled(len(pile)))
            got.append(pile.pop())
    if got:
        s.hands[seat] += got
        _touch(s, seat)
    events.append(drew(seat, len(got), reason))
    events.append(drew_cards(seat, got, reason))
    return len(got)


def _advance(s: TomahawkState, seat: int, events: list[Event]) -> int:
    """The next seat after ``seat`` in the direction of play, passing over returned Skips."""
    n = s.players
    nxt = (seat + s.direction) % n
    while s.skip_next >> nxt & 1:
        s.skip_next &= ~(1 << nxt)
        events.append(TurnSkipped(nxt, "returned_skip", None))
        nxt = (nxt + s.direction) % n
    return nxt


def _end_turn(s: TomahawkState, seat: int, events: list[Event]) -> None:
    s.turn = _advance(s, seat, events)
    s.phase = PLAY
    s.pending = 0
    s.caster = -1
    s.drawn = -1


def _record(s: TomahawkState, seat: int, caster: int, amount: int) -> None:
    """``seat`` suffered a Sheriff draw (amount > 0) or a Skip (0) from ``caster``."""
    frm = list(s.suffered_from)
    amt = list(s.suffered_draw)
    frm[seat] = caster
    amt[seat] = amount
    s.suffered_from = tuple(frm)
    s.suffered_draw = tuple(amt)


def _forget(s: TomahawkState, seat: int) -> None:
    """``seat`` takes a turn: what it suffered before can no longer be sent back."""
    if s.suffered_from[seat] != _NO_RECORD:
        _record(s, seat, _NO_RECORD, 0)


def _hand_points(hand: list[int]) -> int:
    return sum([POINTS[c] for c in hand])


def _playable(s: TomahawkState, card: int) -> bool:
    return s.colour >= 0 and bool(_PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]][card])


def _colour_of(name: object) -> int:
    index = COLOUR_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise BadChoice("name a colour: red, blue, violet or white", reason="BAD_COLOUR")
    return index


def _card_in_hand(s: TomahawkState, seat: int, card: object) -> int:
    if type(card) is not int or not 0 <= card < DECK_SIZE:
        raise CardNotInHand("there is no such card")
    if card not in s.hands[seat]:
        raise CardNotInHand(f"you do not hold card {card}")
    return card


def _most_common_colour(hand: list[int]) -> int:
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[COLOUR[c]] += 1
    best = 0
    for colour in range(1, 4):
        if counts[colour] > counts[best]:
            best = colour
    return best


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
                minimum=-1,
                maximum=MAX_PLAYERS - 1,
            ),
        ),
        clocks=(
            ClockSpec(
                "turn",
                "turn_seconds",
            ),
        ),
    )
    state_type = TomahawkState

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
        return (Pending(state.turn, "turn"),)

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
        phase = s.phase
        if phase == OVER or not 0 <= seat < s.players:
            return []
        hand = s.hands[seat]
        two = len(hand) == 2
        out: list[Any] = []
        if seat == s.turn:
            if phase == PLAY:
                table = _PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]]
                opts = _PLAY_OPTS_T if two else _PLAY_OPTS
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
            elif phase == FACE_DRAW:
                opts = _PLAY_OPTS_T if two else _PLAY_OPTS
                for c in hand:
                    if _ANSWERS_DRAW[c]:
                        out += opts[c]  # type: ignore[arg-type]
                out.append(_TAKE_DRAW)
            elif phase == FACE_SKIP:
                opts = _PLAY_OPTS_T if two else _PLAY_OPTS
                for c in hand:
                    if _ANSWERS_SKIP[c]:
                        out += opts[c]  # type: ignore[arg-type]
                out.append(_TAKE_SKIP)
            elif phase == DRAWN:
                c = s.drawn
                o = (_PLAY_OPTS_T if two else _PLAY_OPTS)[c]
                out += _special_options(s, seat, c) if o is None else o
                out.append(_PASS)
            else:  # NAME_COLOUR
                out += _NAME_COLOUR
        else:
            last = s.last_card
            if last >= 0 and seat != s.last_player and _AGILE[last]:
                face = FACE[last]
                opts_a = _AGIL_OPTS_T if two else _AGIL_OPTS
                for c in hand:
                    if FACE[c] == face:
                        out += opts_a[c]
        exposed = s.ones & ~s.called
        if exposed:
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
        return out

    # -- apply --------------------------------------------------------------------------------

    def play(self, state: TomahawkState, seat: int, action: Any) -> list[Any]:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise WrongGame("that is not a Tomahawk Tribal action")
        events: list[Event] = handler(state, seat, action)
        return events

    # -- view ---------------------------------------------------------------------------------

    def view(self, state: TomahawkState, seat: int | None) -> TomahawkView:
        s = state
        n = s.players
        over = s.phase == OVER
        if seat is not None and 0 <= seat < n:
            hand_ids = tuple(sorted(s.hands[seat]))
            me: int | None = seat
        else:
            hand_ids = ()
            me = None
        seats = tuple(
            SeatView(
                seat=t,
                cards=len(s.hands[t]),
                called_tomahawk=bool(s.called >> t & 1),
                may_call_tomahawk=bool(s.may_call >> t & 1) and not s.called >> t & 1,
                catchable=bool(s.ones >> t & 1) and not s.called >> t & 1,
                total=s.totals[t],
                skips_next_turn=bool(s.skip_next >> t & 1),
                shaman_target=None if s.suffered_from[t] < 0 else s.suffered_from[t],
                shaman_draw=s.suffered_draw[t],
            )
            for t in range(n)
        )
        last = s.last_card
        window = last >= 0 and bool(_AGILE[last]) and not over
        last_round = None
        if s.last_round_points:
            last_round = RoundResult(
                round=s.round_no if over else s.round_no - 1,
                winner=None if s.last_round_winner < 0 else s.last_round_winner,
                points=s.last_round_points,
                totals=s.totals,
            )
        outcome = self.outcome(s)
        return TomahawkView(
            seat=me,
            hand=tuple(FACES[c] for c in hand_ids),
            hand_ids=hand_ids,
            seats=seats,
            round=s.round_no,
            phase=PHASE_NAMES[s.phase],
            turn=None if over else s.turn,
            direction=s.direction,
            colour=COLOUR_NAMES[s.colour] if s.colour >= 0 else None,
            top_card=FACES[s.discard[-1]],
            pending_draw=s.pending if s.phase == FACE_DRAW else 0,
            attack_from=s.caster if s.phase in (FACE_DRAW, FACE_SKIP) else None,
            drawn_card=FACES[s.drawn] if s.phase == DRAWN and me == s.turn else None,
            agilite_card=FACES[last] if window else None,
            agilite_from=s.last_player if window else None,
            draw_pile=len(s.draw),
            discard_pile=len(s.discard),
            target_score=s.target_score,
            last_round=last_round,
            match_over=over,
            winners=outcome.winners if outcome is not None else (),
        )

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


def _special_options(s: TomahawkState, seat: int, card: int) -> list[PlayCard]:
    """Play options of a Calumet (one per target) or a Wheel, with TOMAHAWK! when it fits."""
    hands = s.hands
    if KIND[card] == CALUMET:
        out = []
        for t in range(s.players):
            if t != seat:
                out.append(PlayCard(card, None, t, False))
                if len(hands[seat]) > 1 and len(hands[t]) == 1:
                    out.append(PlayCard(card, None, t, True))
        return out
    # Wheel: you end with the hand of the seat before you.
    before = (seat - s.direction) % s.players
    if len(hands[seat]) > 1 and len(hands[before]) == 1:
        return [PlayCard(card, None, None, False), PlayCard(card, None, None, True)]
    return [PlayCard(card, None, None, False)]


# --------------------------------------------------------------------------------------------
# Round start and end
# --------------------------------------------------------------------------------------------


def _start_round(s: TomahawkState, starter: int, events: list[Event]) -> None:
    """Deal (TT-SETUP-1) and apply the first card (TT-SETUP-2)."""
    n = s.players
    deck = list(ALL_CARDS)
    s.rng.shuffle(deck)
    s.hands = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)]
    s.draw = deck[n * HAND_SIZE :]
    first = s.draw.pop()
    s.discard = [first]
    s.direction = 1
    s.turn = starter
    s.phase = PLAY
    s.pending = 0
    s.caster = -1
    s.drawn = -1
    s.last_card = -1
    s.last_player = -1
    s.ones = 0
    s.called = 0
    s.may_call = 0
    s.skip_next = 0
    s.suffered_from = (_NO_RECORD,) * n
    s.suffered_draw = (0,) * n
    s.passes = 0
    kind = KIND[first]
    s.colour = -1 if COLOUR[first] == NO_COLOUR else COLOUR[first]
    events.append(RoundStarted(s.round_no, starter, FACES[first], s.totals))
    for seat in range(n):
        events.append(HandDealt(seat, faces(s.hands[seat]), audience=ME[seat]))
    before = (starter - 1) % n  # "as if played by the player before the starting player"
    # [decision TT-SETUP-2] A Calumet, Shaman or Shield turned up first has no effect (no
    # caster): no branch below.
    if DRAW_OF[first]:
        s.pending = DRAW_OF[first]
        s.caster = before
        s.phase = FACE_DRAW
        events.append(SheriffPending(starter, s.pending, before))
    elif kind == SKIP or (kind == REVERSE and n == 2 and REVERSE_SKIPS_WITH_TWO_PLAYERS):
        if kind == REVERSE:
            s.direction = -1
            events.append(DirectionChanged(-1))
        s.caster = before
        s.phase = FACE_SKIP
        events.append(SkipPending(starter, before))
    elif kind == REVERSE and FIRST_REVERSE_OTHER_SIDE_STARTS:
        s.direction = -1
        s.turn = before
        events.append(DirectionChanged(-1))
    elif kind == WHEEL:
        _pass_hands(s, events)
    if s.colour < 0:
        s.phase = NAME_COLOUR


def _pass_hands(s: TomahawkState, events: list[Event]) -> None:
    """TT-WHEEL-1: every hand moves to the next seat in the direction of play."""
    n = s.players
    d = s.direction
    old = s.hands
    s.hands = [old[(t - d) % n] for t in range(n)]
    events.append(HandsPassed(d))
    for t in range(n):
        _touch(s, t)
        events.append(HandReceived(t, faces(s.hands[t]), audience=ME[t]))


def _end_round(s: TomahawkState, winner: int, events: list[Event]) -> None:
    """TT-GOAL-1 / TT-TURN-4: score the hands; end the match (TT-GOAL-2) or deal again."""
    n = s.players
    points = [_hand_points(h) for h in s.hands]
    totals = tuple(t + p for t, p in zip(s.totals, points, strict=True))
    s.totals = totals
    s.last_round_points = tuple(points)
    s.last_round_winner = winner
    events.append(
        RoundEnded(
            s.round_no,
            None if winner < 0 else winner,
            "empty_hand" if winner >= 0 else "blocked",
            tuple(points),
            totals,
        )
    )
    if max(totals) >= s.target_score:
        s.phase = OVER
        s.pending = 0
        s.caster = -1
        s.drawn = -1
        s.last_card = -1
        s.last_player = -1
        best = min(totals)
        events.append(MatchEnded(tuple(t for t in range(n) if totals[t] == best), totals))
        return
    if winner >= 0:
        starter = winner  # TT-GOAL-3
    elif BLOCKED_ROUND_STARTER_FEWEST_POINTS:
        starter = min(range(n), key=lambda t: (points[t], t))
    else:
        starter = s.turn
    s.round_no += 1
    _start_round(s, starter, events)


# --------------------------------------------------------------------------------------------
# Action handlers
# --------------------------------------------------------------------------------------------


def _check_turn(s: TomahawkState, seat: int) -> None:
    if seat != s.turn:
        raise NotYourTurn("it is not your turn")


def _check_play_params(
    s: TomahawkState, seat: int, card: int, colour: object, target: object
) -> tuple[int, int]:
    kind = KIND[card]
    if _NEEDS_COLOUR[card]:
        if colour is None:
            raise BadChoice("name the new colour with your Diamond", reason="COLOUR_REQUIRED")
        colour_index = _colour_of(colour)
    elif colour is not None:
        raise BadChoice("only a Diamond or a Combo names a colour", reason="NO_COLOUR_NEEDED")
    else:
        colour_index = -1
    if kind == CALUMET:
        if target is None:
            raise BadChoice("choose whom to swap hands with", reason="TARGET_REQUIRED")
        if type(target) is not int or not 0 <= target < s.players or target == seat:
            raise BadChoice("choose another player at the table", reason="BAD_TARGET")
        return colour_index, target
    if target is not None:
        raise BadChoice("only a Calumet takes a target", reason="NO_TARGET_NEEDED")
    return colour_index, -1


def _on_play_card(s: TomahawkState, seat: int, action: PlayCard) -> list[Event]:
    if seat != s.turn:
        raise NotYourTurn("it is not your turn (to jump in with an identical card, call AGILITÉ!)")
    card = _card_in_hand(s, seat, action.card)
    phase = s.phase
    if phase == PLAY:
        if not _PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]][card]:
            raise CardDoesNotMatch(
                "that card matches neither the current colour nor the top card's symbol"
            )
    elif phase == FACE_DRAW:
        if not _ANSWERS_DRAW[card]:
            raise NotNow(
                "a Sheriff draw is pending: answer with a Sheriff or a Shield, or take it",
                reason="MUST_ANSWER_SHERIFF",
            )
    elif phase == FACE_SKIP:
        if not _ANSWERS_SKIP[card]:
            raise NotNow(
                "a Skip is pending: answer with a Shield or take it",
                reason="MUST_ANSWER_SKIP",
            )
    elif phase == DRAWN:
        if card != s.drawn:
            raise NotNow(
                "after drawing you may only play the card you drew, or keep it",
                reason="ONLY_DRAWN_CARD",
            )
    else:
        raise NotNow("name the colour first", reason="MUST_NAME_COLOUR")
    colour, target = _check_play_params(s, seat, card, action.colour, action.target)
    events: list[Event] = []
    _play(s, seat, card, colour, target, action.tomahawk is True, False, events)
    return events


def _play(
    s: TomahawkState,
    seat: int,
    card: int,
    colour: int,
    target: int,
    tomahawk: bool,
    agilite: bool,
    events: list[Event],
) -> None:
    """``seat`` plays ``card`` (validated) on its turn or by AGILITÉ, with all its effects."""
    hand = s.hands[seat]
    hand.remove(card)
    s.discard.append(card)
    phase = s.phase
    answering = not agilite and phase in (FACE_DRAW, FACE_SKIP)
    kind = KIND[card]
    s.may_call = 0  # TT-TOMA-1: the next card played closes every TOMAHAWK! window
    s.passes = 0
    s.drawn = -1
    s.last_card = card
    s.last_player = seat
    returned_to = s.suffered_from[seat]
    returned_draw = s.suffered_draw[seat]
    if returned_to != _NO_RECORD:
        _record(s, seat, _NO_RECORD, 0)
    bit = 1 << seat
    if len(hand) == 1:
        s.ones |= bit
        s.may_call = bit
    else:
        s.ones &= ~bit
    s.called &= ~bit
    card_colour = COLOUR[card]
    if card_colour != NO_COLOUR:
        s.colour = card_colour
    elif colour >= 0:
        s.colour = colour
    if target >= 0:
        events.append(CardPlayed(seat, FACES[card], COLOUR_NAMES[s.colour], agilite, target))
    else:
        events.append(card_played(seat, card, s.colour, agilite))
    empty = not hand
    draw = DRAW_OF[card]
    if draw:
        # TT-SHERIFF-1 / TT-STACK-1 / TT-AGIL-2: a Sheriff on a pending draw adds to it.
        total = draw + (s.pending if phase == FACE_DRAW else 0)
        nxt = _advance(s, seat, events)
        if empty:
            if LAST_SHERIFF_DRAWS_AT_ONCE:
                _draw(s, nxt, total, "sheriff", events)
            _end_round(s, seat, events)
            return
        s.pending = total
        s.caster = seat
        s.turn = nxt
        s.phase = FACE_DRAW
        events.append(SheriffPending(nxt, total, seat))
    elif kind in (SKIP, REVERSE):
        if kind == REVERSE:
            s.direction = -s.direction
            events.append(DirectionChanged(s.direction))
        if empty:
            _end_round(s, seat, events)
            return
        if kind == SKIP or (s.players == 2 and REVERSE_SKIPS_WITH_TWO_PLAYERS):
            nxt = _advance(s, seat, events)
            s.pending = 0
            s.caster = seat
            s.turn = nxt
            s.phase = FACE_SKIP
            events.append(SkipPending(nxt, seat))
        else:
            _end_turn(s, seat, events)
    else:
        # [decision TT-SHIELD-1] A returned effect is final: resolved here at once and never
        # recorded for a Shaman. [decision TT-SHAMAN-1] A Shaman with nothing to send back is
        # an ordinary colourless card.
        if kind == SHIELD and answering:
            caster = s.caster
            if phase == FACE_DRAW:
                events.append(EffectReturned(seat, caster, "shield", s.pending))
                _draw(s, caster, s.pending, "returned", events)
            else:
                events.append(EffectReturned(seat, caster, "shield", 0))
                s.skip_next |= 1 << caster
        elif kind == SHAMAN and returned_to != _NO_RECORD:
            events.append(EffectReturned(seat, returned_to, "shaman", returned_draw))
            if returned_draw:
                _draw(s, returned_to, returned_draw, "returned", events)
            else:
                s.skip_next |= 1 << returned_to
        if empty:
            # TT-END-1: the round is over; a last Calumet or Wheel does nothing
            # ([decision TT-END-1]), a Shield or Shaman has sent its draw back above.
            _end_round(s, seat, events)
            return
        if kind == CALUMET:
            hands = s.hands
            hands[seat], hands[target] = hands[target], hands[seat]
            _touch(s, seat)
            _touch(s, target)
            events.append(HandsSwapped(seat, target))
            for t in (seat, target):
                events.append(HandReceived(t, faces(hands[t]), audience=ME[t]))
        elif kind == WHEEL:
            _pass_hands(s, events)
        _end_turn(s, seat, events)
    if tomahawk and len(s.hands[seat]) == 1 and not s.called & bit:
        s.called |= bit
        s.may_call &= ~bit
        events.append(TomahawkCalled(seat))


def _on_draw(s: TomahawkState, seat: int, action: Draw) -> list[Event]:
    _check_turn(s, seat)
    phase = s.phase
    if phase != PLAY:
        _refuse_phase(phase, drawing=True)
    if DRAW_ONLY_WHEN_STUCK:
        table = _PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]]
        for c in s.hands[seat]:
            if table[c]:
                raise NotNow(
                    "you hold a card you can play: play it instead of drawing",
                    reason="HAS_PLAYABLE_CARD",
                )
    events: list[Event] = []
    _turn_draw(s, seat, events, forced=False)
    return events


def _refuse_phase(phase: int, *, drawing: bool = False) -> None:
    if phase == FACE_DRAW:
        raise NotNow(
            "a Sheriff draw is pending: answer with a Sheriff or a Shield, or take it",
            reason="MUST_ANSWER_SHERIFF",
        )
    if phase == FACE_SKIP:
        raise NotNow(
            "a Skip is pending: answer with a Shield or take it", reason="MUST_ANSWER_SKIP"
        )
    if phase == DRAWN:
        raise NotNow(
            "you already drew: play the card you drew, or keep it",
            reason="ALREADY_DREW" if drawing else "ONLY_DRAWN_CARD",
        )
    if phase == NAME_COLOUR:
        raise NotNow("name the colour first", reason="MUST_NAME_COLOUR")
    raise NotNow("play a card or draw", reason="MUST_PLAY_OR_DRAW")


def _turn_draw(s: TomahawkState, seat: int, events: list[Event], *, forced: bool) -> None:
    """TT-TURN-3/4: draw one card; play it at once if allowed, else the turn ends."""
    _forget(s, seat)
    s.last_card = -1
    got = _draw(s, seat, 1, "turn", events)
    if not got:
        s.passes += 1
        events.append(Passed(seat, "nothing_to_draw"))
        if s.passes >= s.players:
            _end_round(s, -1, events)
            return
        _end_turn(s, seat, events)
        return
    s.passes = 0
    card = s.hands[seat][-1]
    if not forced and MAY_PLAY_DRAWN_CARD and _playable(s, card):
        s.phase = DRAWN
        s.drawn = card
        return
    _end_turn(s, seat, events)


def _on_pass(s: TomahawkState, seat: int, action: Pass) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != DRAWN:
        _refuse_phase(s.phase)
    events: list[Event] = [Passed(seat, "kept_drawn_card")]
    _end_turn(s, seat, events)
    return events


def _on_take_draw(s: TomahawkState, seat: int, action: TakePendingDraw) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != FACE_DRAW:
        raise NotNow("no Sheriff draw is pending", reason="NOTHING_TO_TAKE")
    events: list[Event] = []
    caster, total = s.caster, s.pending
    s.last_card = -1
    _draw(s, seat, total, "sheriff", events)
    _record(s, seat, caster, total)
    if TAKING_THE_DRAW_ENDS_THE_TURN:
        _end_turn(s, seat, events)
    else:
        s.phase, s.pending, s.caster = PLAY, 0, -1
    return events


def _on_take_skip(s: TomahawkState, seat: int, action: TakeSkip) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != FACE_SKIP:
        raise NotNow("no Skip is pending", reason="NOTHING_TO_TAKE")
    caster = s.caster
    s.last_card = -1
    events: list[Event] = [TurnSkipped(seat, "skip", caster)]
    _record(s, seat, caster, 0)
    _end_turn(s, seat, events)
    return events


def _on_name_colour(s: TomahawkState, seat: int, action: NameColour) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != NAME_COLOUR:
        raise NotNow("there is no colour to name now", reason="NO_COLOUR_NEEDED")
    s.colour = _colour_of(action.colour)
    s.phase = PLAY
    return [ColourNamed(seat, COLOUR_NAMES[s.colour])]


def _on_combo(s: TomahawkState, seat: int, action: Combo) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != PLAY:
        _refuse_phase(s.phase)
    symbol = _SYMBOL_INDEX.get(action.symbol) if isinstance(action.symbol, str) else None
    if symbol is None:
        raise BadChoice(
            "a combo takes a classic symbol: " + ", ".join(SYMBOLS), reason="UNKNOWN_SYMBOL"
        )
    colour = _colour_of(action.colour)
    hand = s.hands[seat]
    cards = []
    for c in range(4):
        copies = [x for x in hand if KIND[x] == symbol and COLOUR[x] == c]
        if not copies:
            raise CardNotInHand(
                f"a combo needs a {SYMBOLS[symbol]} of each colour and you lack {COLOUR_NAMES[c]}"
            )
        cards.append(min(copies))
    events: list[Event] = []
    # The card of the named colour ends on top of the discard pile.
    cards.sort(key=lambda x: COLOUR[x] == colour)
    for c in cards:
        hand.remove(c)
        s.discard.append(c)
    s.colour = colour
    s.may_call = 0
    s.passes = 0
    s.last_card = -1  # no AGILITÉ on a combo
    s.last_player = seat
    _forget(s, seat)
    _touch(s, seat)
    events.append(ComboPlayed(seat, SYMBOLS[symbol], faces(cards), COLOUR_NAMES[colour]))
    if not hand:
        _end_round(s, seat, events)
        return events
    _end_turn(s, seat, events)
    bit = 1 << seat
    if action.tomahawk is True and len(hand) == 1:
        s.called |= bit
        s.may_call &= ~bit
        events.append(TomahawkCalled(seat))
    return events


def _on_agilite(s: TomahawkState, seat: int, action: Agilite) -> list[Event]:
    last = s.last_card
    if last < 0:
        raise TooLate("too late: the moment to jump in has passed")
    if seat == s.last_player:
        raise CallRefused("you played that card yourself", reason="AGILITE_NOT_ALLOWED")
    if seat == s.turn:
        raise CallRefused("it is your turn: play the card normally", reason="AGILITE_NOT_ALLOWED")
    card = _card_in_hand(s, seat, action.card)
    if not _AGILE[last]:
        raise CallRefused(
            "nobody may jump in on a Wheel of Time or a Calumet", reason="AGILITE_NOT_ALLOWED"
        )
    if FACE[card] != FACE[last]:
        # TT-FAIR-1: bad faith. The claim is refused and costs the caller.
        events: list[Event] = [Penalty(seat, "bad_agilite", BAD_FAITH_PENALTY)]
        _draw(s, seat, BAD_FAITH_PENALTY, "penalty", events)
        return events
    colour, _ = _check_play_params(s, seat, card, action.colour, None)
    events = []
    s.turn = seat  # "prendre la main": the jump-in is this seat's turn
    _play(s, seat, card, colour, -1, action.tomahawk is True, True, events)
    return events


def _on_call_tomahawk(s: TomahawkState, seat: int, action: CallTomahawk) -> list[Event]:
    bit = 1 << seat
    if not s.ones & bit:
        raise CallRefused("you do not hold exactly one card", reason="NOT_ONE_CARD")
    if s.called & bit:
        raise CallRefused("you already called TOMAHAWK!", reason="ALREADY_CALLED")
    if not s.may_call & bit:
        raise TooLate("too late: a card was played since you went down to one card")
    s.called |= bit
    s.may_call &= ~bit
    return [TomahawkCalled(seat)]


def _on_call_sherif(s: TomahawkState, seat: int, action: CallSherif) -> list[Event]:
    target = action.target
    if type(target) is not int or not 0 <= target < s.players:
        raise BadChoice("call SHÉRIF! on a player at the table", reason="BAD_TARGET")
    if target == seat:
        raise CallRefused("you cannot call SHÉRIF! on yourself", reason="CANNOT_CALL_ON_YOURSELF")
    if len(s.hands[target]) != 1:
        # TT-FAIR-1: bad faith (hand sizes are public).
        events: list[Event] = [
            SherifCalled(seat, target, False),
            Penalty(seat, "bad_sherif", BAD_FAITH_PENALTY),
        ]
        _draw(s, seat, BAD_FAITH_PENALTY, "penalty", events)
        return events
    if s.called >> target & 1:
        raise TooLate("too late: that player has already called TOMAHAWK!")
    events = [SherifCalled(seat, target, True)]
    _draw(s, target, SHERIF_CALL_DRAW, "sherif", events)
    return events


def _on_timeout(s: TomahawkState, seat: int, action: Timeout) -> list[Event]:
    """TT-TURN-5: the pending draw or skip is taken; otherwise draw one card, turn over."""
    _check_turn(s, seat)
    phase = s.phase
    events: list[Event]
    if phase == FACE_DRAW:
        events = _on_take_draw(s, seat, _TAKE_DRAW)
    elif phase == FACE_SKIP:
        events = _on_take_skip(s, seat, _TAKE_SKIP)
    elif phase == DRAWN:
        events = _on_pass(s, seat, _PASS)
    elif phase == NAME_COLOUR:
        colour = COLOUR_NAMES[_most_common_colour(s.hands[seat])]
        events = _on_name_colour(s, seat, NameColour(colour))
        _turn_draw(s, seat, events, forced=True)
    else:
        events = []
        _turn_draw(s, seat, events, forced=True)
    return events


_HANDLERS: dict[type, Any] = {
    PlayCard: _on_play_card,
    Draw: _on_draw,
    Pass: _on_pass,
    TakePendingDraw: _on_take_draw,
    TakeSkip: _on_take_skip,
    NameColour: _on_name_colour,
    Combo: _on_combo,
    Agilite: _on_agilite,
    CallTomahawk: _on_call_tomahawk,
    CallSherif: _on_call_sherif,
    Timeout: _on_timeout,
}

registry.register(TomahawkGame())
