"""Awimbawé: a two-player trick-taking game of savannah animals (rules: ``docs/games/awimbawe.md``).

Each player holds a hand of 6 and four piles (a face-down card under a face-up one). Every
trick the leader plays any available card (hand or a face-up pile top), the follower must
follow the terrain colour, else play an Eagle (the sky trump), else discard and lose. Animals
have powers: the Rhino shoves an opponent's pile top under another pile, the Cheetah chooses
who leads next, the Snake paralyses an opponent's card, the Mouse beats the Elephant, and a
player who takes all four Hyenas loses the round. Most crowns in the trick pile wins a round;
two rounds win the match.

The cards and their crowns are data in :mod:`engine.games.awimbawe_cards`; rule ids ``AW-…``
refer to ``shared/rules/awimbawe.md``.

>>> game = registry.get("awimbawe")
>>> state = game.new_match(game.validate_options({}), 2, seed=7)
>>> [type(a).__name__ for a in game.legal_actions(state, state.chooser)][:1]
['PlayCard']
>>> len(game.view(state, 0).hand), game.view(state, 0).players[1].hand_count
(6, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.codec import stored_as
from engine.core import (
    ClockSpec,
    Game,
    GameInfo,
    IllegalAction,
    MatchFinished,
    NotYourTurn,
    OptionSpec,
    OptionValue,
    Outcome,
    Pending,
    State,
    Timeout,
    WrongGame,
)
from engine.events import Event, only
from engine.games import awimbawe_events as ev
from engine.games.awimbawe_cards import (
    ANIMAL,
    CARD_COUNT,
    CARD_VIEWS,
    CATALOGUE,
    CHEETAH,
    COLOUR,
    COLOURS,
    CROWNS,
    ELEPHANT,
    HAND_SIZE,
    HYENA,
    MOUSE,
    PILES,
    RHINO,
    ROUNDS_TO_WIN,
    SKY,
    SNAKE,
    VALUE,
    AwimbaweCatalogue,
    CardView,
    card_name,
)
from engine.games.awimbawe_events import (
    CHOSEN,
    FEWER_HYENAS,
    FOUR_HYENAS,
    LAST_TRICK,
    MORE_CROWNS,
    AwimbaweOutcome,
    RoundResultView,
)
from engine.rng import Rng

SEATS = 2

# What the table waits for (``AwimbaweState.phase``); ``chooser`` is the seat that decides.
PLAY = "play"
"""``chooser`` plays a card (leads, or follows the card on the table)."""
EAGLE = "eagle"
"""``chooser`` followed a land card with an Eagle: FIGHT or FLEE (AW-EAGLE-1)."""
RHINO_MOVE = "rhino"
"""``chooser`` played a Rhino: move an opponent's pile top, or skip (AW-RHINO-1)."""
SNAKE_PICK = "snake"
"""``chooser`` played a Snake: paralyse an opponent's card, or skip (AW-SNAKE-1)."""
CHEETAH_CHOICE = "cheetah"
"""``chooser`` played a Cheetah: choose who leads the next trick, or skip (AW-CHEETAH-1)."""
CHOOSE_LEADER = "choose_leader"
"""Between rounds: ``chooser`` lost the round and chooses who leads the next (AW-SETUP-3)."""
OVER = "over"
"""The match is over (AW-MATCH-1)."""

DECISIONS = (PLAY, EAGLE, RHINO_MOVE, SNAKE_PICK, CHEETAH_CHOICE, CHOOSE_LEADER)
"""What the view's ``decision`` may say (``AwimbaweDecision``); unset once the match is over."""
HEIR_SIDES = ("silver", "gold")
"""AW-HEIR-1: an Heir shows silver until its player wins a round (``AwimbaweHeirSide``)."""

POWER_PHASES = {RHINO: RHINO_MOVE, CHEETAH: CHEETAH_CHOICE, SNAKE: SNAKE_PICK}


# --------------------------------------------------------------------------------------------
# Errors (stable reasons a frontend translates)
# --------------------------------------------------------------------------------------------


class CardNotAvailable(IllegalAction):
    reason = "CARD_NOT_AVAILABLE"


class CardParalysed(IllegalAction):
    reason = "CARD_PARALYSED"


class MustFollowColour(IllegalAction):
    reason = "MUST_FOLLOW_COLOUR"


class MustPlayEagle(IllegalAction):
    reason = "MUST_PLAY_EAGLE"


class NoDecisionPending(IllegalAction):
    """The action answers a decision the table is not waiting for."""

    reason = "NO_DECISION_PENDING"


class InvalidRhinoMove(IllegalAction):
    reason = "INVALID_RHINO_MOVE"


class InvalidSnakeTarget(IllegalAction):
    reason = "INVALID_SNAKE_TARGET"


class InvalidLeader(IllegalAction):
    reason = "INVALID_LEADER"


# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayCard:
    """AW-TRICK-1: play ``card`` from the hand or from the face-up top of one of your piles."""

    card: int


@dataclass(frozen=True, slots=True)
class EagleChoice:
    """AW-EAGLE-1: the Eagle you followed with FIGHTs (``fight``) or FLEEs."""

    fight: bool


@dataclass(frozen=True, slots=True)
class RhinoMove:
    """AW-RHINO-1: move the top card of the opponent's pile ``from_pile`` (0–3) to the bottom
    of their non-empty pile ``to_pile``."""

    from_pile: int
    to_pile: int


@dataclass(frozen=True, slots=True)
class SkipPower:
    """Do not use the optional power (Rhino, Snake or Cheetah) of the card just played."""


@dataclass(frozen=True, slots=True)
class CheetahChoice:
    """AW-CHEETAH-1: seat ``leader`` leads the next trick."""

    leader: int


@dataclass(frozen=True, slots=True)
class SnakePick:
    """AW-SNAKE-1: paralyse one available opponent card. Give exactly one of
    ``target_card`` (a face-up pile top of the opponent) or ``hand_position`` (a position,
    ``0 ≤ p < snake_hand_positions`` of the view, in the opponent's hand as shuffled for you:
    a blind pick)."""

    target_card: int | None = None
    hand_position: int | None = None


@dataclass(frozen=True, slots=True)
class ChooseLeader:
    """AW-SETUP-3: the loser of a round chooses who leads the next one."""

    leader: int


ACTION_TYPES = (PlayCard, EagleChoice, RhinoMove, SkipPower, CheetahChoice, SnakePick, ChooseLeader)
EXPECTED: dict[str, tuple[type, ...]] = {
    PLAY: (PlayCard,),
    EAGLE: (EagleChoice,),
    RHINO_MOVE: (RhinoMove, SkipPower),
    SNAKE_PICK: (SnakePick, SkipPower),
    CHEETAH_CHOICE: (CheetahChoice, SkipPower),
    CHOOSE_LEADER: (ChooseLeader,),
}
WAITING_FOR = {
    PLAY: "you to play a card",
    EAGLE: "your Eagle to fight or flee",
    RHINO_MOVE: "your Rhino move (or a skip)",
    SNAKE_PICK: "your Snake's pick (or a skip)",
    CHEETAH_CHOICE: "your Cheetah's choice of leader (or a skip)",
    CHOOSE_LEADER: "you to choose who leads the next round",
}


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


def _face_up_cards(face_up: list[bool]) -> list[int]:
    return [card for card in range(CARD_COUNT) if face_up[card]]


def _face_up_flags(cards: list[int]) -> list[bool]:
    flags = [False] * CARD_COUNT
    for card in cards:
        flags[card] = True
    return flags


@dataclass(init=False, eq=True, repr=False, slots=True)
class AwimbaweState(State):
    """The whole match, secrets included. Plain data; seats are 0 and 1.

    - ``hands[p]``: seat p's hand cards (dealt order; a secret of p).
    - ``piles[p][i]``: seat p's pile i, bottom first; ``face_up[c]`` says whether card c,
      lying in a pile, is face up (False for every card outside the piles).
    - ``table``: this trick's cards, the led card first; ``leader`` led (or leads) it.
    - ``phase`` / ``chooser``: the decision the table waits for and who makes it.
    - ``next_leader``: the seat a Cheetah named to lead the next trick, or -1.
    - ``paralysed[p]``: seat p's cards a Snake paralysed for p's next play (AW-SNAKE-1).
    - ``trick_piles[p]``: cards p took this round; ``last_trick`` is ``[leader, led card,
      followed card, winner, seat that took the led card, seat that took the followed card]``
      or ``[]``.
    - ``voids[p]``: bit mask of colours (``1 << colour``) that p's hand is known to lack since
      p failed to follow them: public knowledge, used by :meth:`AwimbaweGame.determinize`.
    - ``rounds_won``; ``round_results``: ``[round, winner, reason, crowns 0, crowns 1,
      hyenas 0, hyenas 1]`` per finished round.
    """

    version: int
    rng: Rng
    decision_seconds: int
    round_no: int
    rounds_won: list[int]
    round_results: list[list[Any]]
    hands: list[list[int]]
    piles: list[list[list[int]]]
    face_up: list[bool] = field(metadata=stored_as(_face_up_cards, _face_up_flags))
    table: list[int]
    leader: int
    phase: str
    chooser: int
    next_leader: int
    paralysed: list[list[int]]
    trick_piles: list[list[int]]
    last_trick: list[int]
    voids: list[int]

    def __init__(
        self,
        *,
        rng: Rng,
        decision_seconds: int = 60,
        version: int = 0,
        round_no: int = 1,
        rounds_won: list[int] | None = None,
        round_results: list[list[Any]] | None = None,
        hands: list[list[int]] | None = None,
        piles: list[list[list[int]]] | None = None,
        face_up: list[bool] | None = None,
        table: list[int] | None = None,
        leader: int = 0,
        phase: str = PLAY,
        chooser: int = 0,
        next_leader: int = -1,
        paralysed: list[list[int]] | None = None,
        trick_piles: list[list[int]] | None = None,
        last_trick: list[int] | None = None,
        voids: list[int] | None = None,
    ) -> None:
        self.version = version
        self.rng = rng
        self.decision_seconds = decision_seconds
        self.round_no = round_no
        self.rounds_won = rounds_won if rounds_won is not None else [0, 0]
        self.round_results = round_results if round_results is not None else []
        self.hands = hands if hands is not None else [[], []]
        self.piles = (
            piles if piles is not None else [[[] for _ in range(PILES)] for _ in range(SEATS)]
        )
        self.face_up = face_up if face_up is not None else [False] * CARD_COUNT
        self.table = table if table is not None else []
        self.leader = leader
        self.phase = phase
        self.chooser = chooser
        self.next_leader = next_leader
        self.paralysed = paralysed if paralysed is not None else [[], []]
        self.trick_piles = trick_piles if trick_piles is not None else [[], []]
        self.last_trick = last_trick if last_trick is not None else []
        self.voids = voids if voids is not None else [0, 0]

    # -- small derived facts ------------------------------------------------------------------

    def available(self, seat: int) -> list[int]:
        """Seat's available cards: the hand, then the face-up pile tops (pile order)."""
        cards = self.hands[seat][:]
        for pile in self.piles[seat]:
            if pile and self.face_up[pile[-1]]:
                cards.append(pile[-1])
        return cards

    def unparalysed(self, seat: int) -> list[int]:
        """Seat's available cards that no Snake holds (AW-SNAKE-1)."""
        held = self.paralysed[seat]
        if not held:
            return self.available(seat)
        return [c for c in self.available(seat) if c not in held]

    def cards_left(self, seat: int) -> int:
        """Cards seat still has to play this round (hand and piles)."""
        return len(self.hands[seat]) + sum(len(p) for p in self.piles[seat])

    def hyenas(self, seat: int) -> int:
        """Hyenas in seat's trick pile: public (they lie face up, AW-TAKE-1)."""
        return sum(1 for c in self.trick_piles[seat] if VALUE[c] == HYENA)

    def crowns(self, seat: int) -> int:
        """Crowns in seat's trick pile (barred crowns count negative, AW-CROWN-1)."""
        return sum(CROWNS[c] for c in self.trick_piles[seat])


# --------------------------------------------------------------------------------------------
# View
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PileView:
    """One pile, bottom first; ``None`` is a face-down card (nobody knows it, not even its
    owner). ``top`` is the playable face-up top card, or ``None`` (face down or empty)."""

    cards: tuple[CardView | None, ...]
    top: CardView | None
    size: int


@dataclass(frozen=True, slots=True)
class SideView:
    """What anyone may see of one seat."""

    seat: int
    heir: str
    """``"silver"``, or ``"gold"`` once they have won a round (AW-HEIR-1)."""
    rounds_won: int
    hand_count: int
    piles: tuple[PileView, ...]
    trick_pile_count: int
    hyenas: int
    """Hyenas in their trick pile (public: taken Hyenas lie face up, AW-TAKE-1)."""
    paralysed: tuple[CardView, ...]
    """Their paralysed cards that the viewer can identify (pile cards; hand cards only for
    their owner)."""
    paralysed_unknown: int
    """Their paralysed hand cards that the viewer cannot identify (chosen blind)."""


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: int
    card: CardView


@dataclass(frozen=True, slots=True)
class LastTrickView:
    """AW-TAKE-1: the only trick that may be looked at once taken."""

    leader: int
    led: CardView
    followed: CardView
    winner: int
    led_to: int
    """The seat whose trick pile took the led card."""
    followed_to: int
    """The seat whose trick pile took the followed card: not the winner's only when a
    following Eagle FLED and went to its own player's trick pile (AW-EAGLE-1)."""


@dataclass(frozen=True, slots=True)
class AwimbaweView:
    """What one seat (``seat=None``: a spectator) may see. Never a face-down card, the
    opponent's hand or the RNG."""

    seat: int | None
    round: int
    hand: tuple[CardView, ...]
    """The viewer's hand, by card id; empty for a spectator."""
    players: tuple[SideView, SideView]
    table: tuple[PlayedCard, ...]
    """This trick's cards, the led card first."""
    leader: int
    """Who leads (or led) the current trick; between rounds, who led the last one."""
    decision: str
    """What the table waits for: play, eagle, rhino, snake, cheetah, choose_leader; "" when
    the match is over."""
    decision_seat: int | None
    next_leader: int | None
    """The seat a Cheetah named to lead the next trick, if any."""
    snake_hand_positions: int
    """During a Snake pick: how many opponent hand positions may be picked blind."""
    last_trick: LastTrickView | None
    round_results: tuple[RoundResultView, ...]
    match_winner: int | None


# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------

DECISION_OPTION = "decision_seconds"


def _lowest(cards: list[int]) -> int:
    return min(cards, key=lambda c: (VALUE[c], c))


class AwimbaweGame(Game[AwimbaweState]):
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
        ),
        clocks=(
            ClockSpec(
                kind="decision",
                option=DECISION_OPTION,
            ),
        ),
    )
    state_type = AwimbaweState

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
            rng=Rng.from_seed(seed), decision_seconds=int(options.get(DECISION_OPTION, 60))
        )
        _deal(state)
        # AW-SETUP-3: fewer crowns on the four face-up cards leads; a tie is drawn.
        shown = [sum(CROWNS[pile[-1]] for pile in state.piles[p]) for p in range(SEATS)]
        if shown[0] != shown[1]:
            leader = 0 if shown[0] < shown[1] else 1
        else:
            leader = state.rng.below(SEATS)
        state.leader = leader
        _enter_play(state, leader, [])
        return state

    # -- what may be done ---------------------------------------------------------------------

    def pending(self, state: AwimbaweState) -> tuple[Pending, ...]:
        if state.phase == OVER:
            return ()
        return (Pending(state.chooser, "decision"),)

    def legal_actions(self, state: AwimbaweState, seat: int) -> list[Any]:
        if state.phase == OVER or seat != state.chooser:
            return []
        phase = state.phase
        if phase == PLAY:
            return [PlayCard(c) for c in _legal_cards(state, seat)]
        if phase == EAGLE:
            return [EagleChoice(True), EagleChoice(False)]
        if phase == RHINO_MOVE:
            moves: list[Any] = [RhinoMove(f, t) for f, t in _rhino_moves(state, 1 - seat)]
            return [*moves, SkipPower()]
        if phase == SNAKE_PICK:
            opponent = 1 - seat
            picks: list[Any] = [
                SnakePick(target_card=c) for c in _snake_pile_targets(state, opponent)
            ]
            picks += [
                SnakePick(hand_position=i) for i in range(_snake_hand_positions(state, opponent))
            ]
            return [*picks, SkipPower()]
        if phase == CHEETAH_CHOICE:
            return [CheetahChoice(0), CheetahChoice(1), SkipPower()]
        # CHOOSE_LEADER
        return [ChooseLeader(0), ChooseLeader(1)]

    # -- playing ------------------------------------------------------------------------------

    def play(self, state: AwimbaweState, seat: int, action: Any) -> list[Event]:
        if state.phase == OVER:
            raise MatchFinished("the match is over")
        timeout = isinstance(action, Timeout)
        if not timeout and not isinstance(action, ACTION_TYPES):
            raise WrongGame("that is not an Awimbawé action")
        if seat != state.chooser:
            raise NotYourTurn(f"the table waits for seat {state.chooser}, not for you")
        if timeout:
            action = _timeout_action(state)
        if not isinstance(action, EXPECTED[state.phase]):
            raise NoDecisionPending(
                f"{type(action).__name__} answers no pending decision: the table waits for "
                f"{WAITING_FOR[state.phase]}"
            )
        events: list[Event] = []
        if isinstance(action, PlayCard):
            _play_card(state, seat, action.card, events)
        elif isinstance(action, EagleChoice):
            events.append(ev.EagleChoice(seat, action.fight))
            _collect_trick(state, events, eagle_fights=action.fight)
        elif isinstance(action, RhinoMove):
            _rhino(state, seat, action, events)
        elif isinstance(action, SnakePick):
            _snake(state, seat, action, events)
        elif isinstance(action, CheetahChoice):
            if action.leader not in (0, 1):
                raise InvalidLeader("the next leader must be seat 0 or seat 1")
            state.next_leader = action.leader
            events.append(ev.CheetahChoice(seat, action.leader))
            _after_power(state, events)
        elif isinstance(action, SkipPower):
            power = {RHINO_MOVE: "rhino", SNAKE_PICK: "snake", CHEETAH_CHOICE: "cheetah"}
            events.append(ev.PowerSkipped(seat, power[state.phase]))
            _after_power(state, events)
        elif isinstance(action, ChooseLeader):
            if action.leader not in (0, 1):
                raise InvalidLeader("the leader must be seat 0 or seat 1")
            events.append(ev.LeaderChosen(seat, action.leader))
            _next_round(state, action.leader, events)
        return events

    # -- seeing -------------------------------------------------------------------------------

    def view(self, state: AwimbaweState, seat: int | None) -> AwimbaweView:
        sides = (_side_view(state, 0, seat), _side_view(state, 1, seat))
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
        results = _round_results(state)
        over = state.phase == OVER
        return AwimbaweView(
            seat=seat,
            round=state.round_no,
            hand=hand,
            players=sides,
            table=table,
            leader=state.leader,
            decision="" if over else state.phase,
            decision_seat=None if over else state.chooser,
            next_leader=None if state.next_leader < 0 else state.next_leader,
            snake_hand_positions=(
                _snake_hand_positions(state, 1 - state.chooser) if state.phase == SNAKE_PICK else 0
            ),
            last_trick=last,
            round_results=results,
            match_winner=_match_winner(state),
        )

    def outcome(self, state: AwimbaweState) -> Outcome | None:
        winner = _match_winner(state)
        if winner is None:
            return None
        return Outcome(
            winners=(winner,),
            scores=(state.rounds_won[0], state.rounds_won[1]),
            reason="TWO_ROUNDS",
            detail=AwimbaweOutcome(_round_results(state)),
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


# --------------------------------------------------------------------------------------------
# Rules, as functions of the state
# --------------------------------------------------------------------------------------------


def _round_results(state: AwimbaweState) -> tuple[RoundResultView, ...]:
    return tuple(
        RoundResultView(r[0], r[1], r[2], (r[3], r[4]), (r[5], r[6])) for r in state.round_results
    )


def _deal(state: AwimbaweState) -> None:
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


def _next_round(state: AwimbaweState, leader: int, events: list[Event]) -> None:
    state.round_no += 1
    _deal(state)
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
    _enter_play(state, leader, events)


def _legal_cards(state: AwimbaweState, seat: int) -> list[int]:
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


def _enter_play(state: AwimbaweState, seat: int, events: list[Event]) -> None:
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


def _play_card(state: AwimbaweState, seat: int, card: int, events: list[Event]) -> None:
    """AW-TRICK-1 / AW-FOLLOW-1: check and play ``card``, then open its power (AW-POW)."""
    if not isinstance(card, int) or not 0 <= card < CARD_COUNT:
        raise CardNotAvailable("there is no such card")
    pile_index = -1
    if card not in state.hands[seat]:
        for i, pile in enumerate(state.piles[seat]):
            if pile and pile[-1] == card and state.face_up[card]:
                pile_index = i
                break
        else:
            raise CardNotAvailable(
                f"the {card_name(card)} is neither in your hand nor face up on top of one "
                "of your piles"
            )
    if card in state.paralysed[seat]:
        raise CardParalysed(f"your {card_name(card)} is paralysed by a Snake for this play")
    following = len(state.table) == 1
    if following:
        led = state.table[0]
        led_colour = COLOUR[led]
        free = state.unparalysed(seat)
        if COLOUR[card] != led_colour:
            if any(COLOUR[c] == led_colour for c in free):
                what = "an Eagle" if led_colour == SKY else f"a {COLOURS[led_colour]} card"
                raise MustFollowColour(f"you must follow the {card_name(led)}: you have {what}")
            if COLOUR[card] != SKY and any(COLOUR[c] == SKY for c in free):
                raise MustPlayEagle(
                    f"you have no {COLOURS[led_colour]} card available, so you must play an Eagle"
                )
            # Public knowledge for determinize: the hand lacks the led colour (and an Eagle,
            # after a discard) unless a paralysed hand card might be the reason.
            if not any(c in state.hands[seat] for c in state.paralysed[seat]):
                state.voids[seat] |= 1 << led_colour
                if COLOUR[card] != SKY:
                    state.voids[seat] |= 1 << SKY
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
    value = VALUE[card]
    phase = POWER_PHASES.get(value)
    if phase is not None:
        opponent = 1 - seat
        if value == RHINO:
            possible = bool(_rhino_moves(state, opponent))
        elif value == SNAKE:
            possible = len(state.unparalysed(opponent)) >= 2
        else:  # Cheetah: pointless in the round's last trick
            possible = state.cards_left(seat) > 0
        if possible:
            state.phase = phase
            state.chooser = seat
            return
        events.append(ev.PowerWithoutEffect(seat, ANIMAL[card]))
    _after_power(state, events)


def _after_power(state: AwimbaweState, events: list[Event]) -> None:
    """The card just played and its power are done: the follower plays, or the trick ends."""
    if len(state.table) == 1:
        _enter_play(state, 1 - state.leader, events)
    else:
        _collect_trick(state, events, eagle_fights=None)


def _rhino_moves(state: AwimbaweState, owner: int) -> list[tuple[int, int]]:
    """AW-RHINO-1: (from, to) pairs of ``owner``'s non-empty piles, never the same pile."""
    full = [i for i, pile in enumerate(state.piles[owner]) if pile]
    return [(f, t) for f in full for t in full if f != t]


def _rhino(state: AwimbaweState, seat: int, move: RhinoMove, events: list[Event]) -> None:
    owner = 1 - seat
    if (move.from_pile, move.to_pile) not in _rhino_moves(state, owner):
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
    _after_power(state, events)


def _snake_pile_targets(state: AwimbaweState, owner: int) -> list[int]:
    """Face-up pile tops of ``owner`` a Snake may paralyse (AW-SNAKE-1)."""
    free = state.unparalysed(owner)
    if len(free) < 2:  # the last available card cannot be paralysed
        return []
    hand = state.hands[owner]
    return [c for c in free if c not in hand]


def _snake_hand_positions(state: AwimbaweState, owner: int) -> int:
    """How many of ``owner``'s unparalysed hand cards a Snake may pick blind."""
    free = state.unparalysed(owner)
    if len(free) < 2:
        return 0
    hand = state.hands[owner]
    return sum(1 for c in free if c in hand)


def _snake(state: AwimbaweState, seat: int, pick: SnakePick, events: list[Event]) -> None:
    owner = 1 - seat
    if (pick.target_card is None) == (pick.hand_position is None):
        raise InvalidSnakeTarget("name either a face-up pile top or a hand position")
    if pick.target_card is not None:
        card = pick.target_card
        if card not in _snake_pile_targets(state, owner):
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
        positions = _snake_hand_positions(state, owner)
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
    _after_power(state, events)


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


def _collect_trick(state: AwimbaweState, events: list[Event], eagle_fights: bool | None) -> None:
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
            _end_round(state, events, winner=1 - p, reason=FOUR_HYENAS)
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
        _end_round_by_crowns(state, events)
        return
    next_leader = winner if state.next_leader < 0 else state.next_leader
    events.append(ev.NextLeader(next_leader, state.next_leader >= 0))
    state.next_leader = -1
    state.leader = next_leader
    _enter_play(state, next_leader, events)


def _end_round_by_crowns(state: AwimbaweState, events: list[Event]) -> None:
    """AW-END-1: more crowns; then fewer Hyenas; then the last trick's winner."""
    crowns = [state.crowns(0), state.crowns(1)]
    hyenas = [state.hyenas(0), state.hyenas(1)]
    if crowns[0] != crowns[1]:
        winner, reason = (0 if crowns[0] > crowns[1] else 1), MORE_CROWNS
    elif hyenas[0] != hyenas[1]:
        winner, reason = (0 if hyenas[0] < hyenas[1] else 1), FEWER_HYENAS
    else:
        winner, reason = state.last_trick[3], LAST_TRICK
    _end_round(state, events, winner=winner, reason=reason)


def _end_round(state: AwimbaweState, events: list[Event], *, winner: int, reason: str) -> None:
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
    else:
        state.phase = CHOOSE_LEADER
        state.chooser = 1 - winner


def _match_winner(state: AwimbaweState) -> int | None:
    for p in range(SEATS):
        if state.rounds_won[p] >= ROUNDS_TO_WIN:
            return p
    return None


def _timeout_action(state: AwimbaweState) -> Any:
    """AW-TIME-1: what the server does for a seat whose decision clock ran out."""
    seat = state.chooser
    phase = state.phase
    if phase == PLAY:
        legal = _legal_cards(state, seat)
        hand = [c for c in legal if c in state.hands[seat]]
        return PlayCard(_lowest(hand or legal))
    if phase == EAGLE:
        return EagleChoice(True)
    if phase == CHEETAH_CHOICE:
        return CheetahChoice(seat)
    if phase == CHOOSE_LEADER:
        return ChooseLeader(seat)
    return SkipPower()  # Rhino, Snake


def _side_view(state: AwimbaweState, p: int, viewer: int | None) -> SideView:
    piles = []
    for pile in state.piles[p]:
        cards = tuple(CARD_VIEWS[c] if state.face_up[c] else None for c in pile)
        piles.append(PileView(cards, cards[-1] if cards else None, len(cards)))
    hand = state.hands[p]
    known = []
    unknown = 0
    for c in state.paralysed[p]:
        if viewer == p or c not in hand:
            known.append(c)
        else:
            unknown += 1
    return SideView(
        seat=p,
        heir="gold" if state.rounds_won[p] else "silver",
        rounds_won=state.rounds_won[p],
        hand_count=len(hand),
        piles=tuple(piles),
        trick_pile_count=len(state.trick_piles[p]),
        hyenas=state.hyenas(p),
        paralysed=tuple(CARD_VIEWS[c] for c in sorted(known)),
        paralysed_unknown=unknown,
    )


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
