"""Tamashii's :class:`~engine.core.Game`: options, set-up, legal actions, the rules of each
action, outcome and determinization; registered in :mod:`engine.registry` on import."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import registry
from engine.core import Game, NotYourTurn, Outcome, Pending, Timeout, WrongGame
from engine.events import Event, only
from engine.games.tamashii.actions import (
    ACTION_TYPES,
    AlreadyGathering,
    BagEmpty,
    DrawAgain,
    Gather,
    MustPlace,
    NoPowerPending,
    NoSuchSlot,
    NothingDrawn,
    Peek,
    Place,
    PowerPeek,
    PowerPending,
    SlotFaceUp,
    TamashiiAction,
)
from engine.games.tamashii.cards import (
    BAG_START,
    BLACK,
    BLUE,
    CARD_BY_ID,
    CARDS,
    COLOURS,
    FACES,
    LEVEL_CHOICES,
    LEVEL_REMOVALS,
    NO_POWER,
    NOVICE,
    PEEK,
    PLAIN_COLOURS,
    RED,
    REMOVE_BLACK,
    RETURN_EXCESS,
    RETURN_TWO_YELLOW,
    RETURN_TWO_YELLOW_COUNT,
    STANDARD,
    WIN_THRESHOLD,
    YELLOW,
    Card,
    TamashiiCatalogue,
    catalogue,
    verdict,
)
from engine.games.tamashii.events import (
    ALL_FREED,
    BAG_EXHAUSTED,
    CHOOSE,
    EVENT_TYPES,
    GATHERING,
    NO_CARD_CAN_BE_FREED,
    OVER,
    POWER_PEEK,
    TO_BAG,
    TO_REMOVED,
    Bust,
    Freed,
    GemDrawn,
    GemEroded,
    GemsPlaced,
    LiberationFailed,
    MatchOver,
    Peeked,
    PowerApplied,
    SlotPeeked,
    TamashiiOutcome,
    TurnStarted,
    TurnTimedOut,
)
from engine.games.tamashii.state import SLOTS, TamashiiState
from engine.games.tamashii.view import TamashiiView, gems, view
from engine.info import ClockSpec, GameInfo, InvalidOptions, OptionSpec, OptionValue
from engine.rng import Rng

# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------


def _draw_colour(rng: Rng, counts: Sequence[int], colours: Sequence[int]) -> int:
    """A gem drawn uniformly at random among ``counts`` restricted to ``colours``."""
    pick = rng.below(sum(counts[c] for c in colours))
    for colour in colours:
        if pick < counts[colour]:
            return colour
        pick -= counts[colour]
    raise AssertionError("unreachable: pick below the total")


ALL_COLOURS = (BLUE, RED, YELLOW, BLACK)


class TamashiiGame(Game[TamashiiState, TamashiiAction, TamashiiView]):
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    outcome_type = TamashiiOutcome
    info = GameInfo(
        id="tamashii",
        name="Tamashii",
        min_players=1,
        max_players=6,
        options=(
            OptionSpec(
                "level",
                "choice",
                STANDARD.upper(),
                choices=LEVEL_CHOICES,
            ),
            OptionSpec(
                "memory_aid",
                "bool",
                False,
            ),
            OptionSpec(
                "decision_seconds",
                "int",
                60,
                minimum=0,
                maximum=600,
            ),
            OptionSpec(
                "first_player",
                "int",
                -1,
                minimum=0,
                maximum=5,
                unset_value=-1,
            ),
        ),
        clocks=(
            ClockSpec(
                "decision",
                "decision_seconds",
            ),
        ),
        cooperative=True,
    )
    state_type = TamashiiState

    # -- set-up ------------------------------------------------------------------------------

    def new_match(
        self, options: Mapping[str, OptionValue], players: int, seed: int
    ) -> TamashiiState:
        self.check_players(players)
        opts: dict[str, OptionValue] = {spec.name: spec.default for spec in self.info.options}
        opts.update(options)
        level = str(opts["level"]).lower()
        if level not in LEVEL_REMOVALS:
            raise InvalidOptions("level", f"option level takes one of {', '.join(LEVEL_CHOICES)}")
        first = int(opts["first_player"])
        if first >= players:
            raise InvalidOptions(
                "first_player", f"option first_player must be -1 or a seat below {players}"
            )
        rng = Rng.from_seed(seed)
        cards = [card.id for card in CARDS]
        rng.shuffle(cards)  # TM-SETUP-1
        if first < 0:
            first = rng.below(players)  # TM-SETUP-2
        removal = LEVEL_REMOVALS[level]  # TM-LEVEL-1
        return TamashiiState(
            version=0,
            rng=rng,
            players=players,
            level=level,
            memory_aid=bool(opts["memory_aid"]),
            cards=cards,
            freed=[False] * SLOTS,
            on_cards=[0] * (4 * SLOTS),
            bag=[BAG_START[c] - removal[c] for c in ALL_COLOURS],
            drawn=[0, 0, 0, 0],
            removed=list(removal),
            turn=first,
            phase=CHOOSE,
            peeked=[0] * players,
            revealed=0,
            end_reason="",
        )

    def seats(self, state: TamashiiState) -> int:
        return state.players

    # -- whose move --------------------------------------------------------------------------

    def pending(self, state: TamashiiState) -> tuple[Pending, ...]:
        if state.phase == OVER:
            return ()
        return (Pending(state.turn, "decision"),)

    def legal_actions(self, state: TamashiiState, seat: int) -> list[TamashiiAction]:
        if state.phase == OVER or seat != state.turn:
            return []
        face_down = [s for s in range(SLOTS) if not state.freed[s]]
        if state.phase == CHOOSE:
            actions: list[Any] = [Peek(s) for s in face_down]
            if sum(state.bag):
                actions.append(Gather())
            return actions
        if state.phase == GATHERING:
            actions = [Place(s, free) for s in face_down for free in (False, True)]
            if sum(state.bag):
                actions.append(DrawAgain())
            return actions
        return [PowerPeek(s) for s in face_down]

    # -- playing -----------------------------------------------------------------------------

    def catalogue(self) -> TamashiiCatalogue:
        return _CATALOGUE

    def play(
        self, state: TamashiiState, seat: int, action: TamashiiAction | Timeout
    ) -> list[Event]:
        if isinstance(action, Timeout):
            return self._timeout(state, seat)
        if not isinstance(action, ACTION_TYPES):
            raise WrongGame(f"{type(action).__name__} is not a Tamashii action")
        if seat != state.turn:
            raise NotYourTurn(f"it is seat {state.turn}'s turn")
        events: list[Event] = []
        if isinstance(action, Peek):
            self._check_phase(state, CHOOSE)
            self._check_face_down(state, action.slot)
            self._peek(state, seat, action.slot, by_power=False, events=events)
            self._end_turn(state, events)
        elif isinstance(action, Gather):
            self._check_phase(state, CHOOSE)
            if not sum(state.bag):
                raise BagEmpty("the bag is empty: you cannot gather")
            self._draw(state, seat, again=False, events=events)
        elif isinstance(action, DrawAgain):
            self._check_phase(state, GATHERING)
            if not sum(state.bag):
                raise MustPlace("the bag is empty: place the gems you drew")
            self._draw(state, seat, again=True, events=events)
        elif isinstance(action, Place):
            self._check_phase(state, GATHERING)
            self._check_face_down(state, action.slot)
            self._place(state, seat, action.slot, action.free, events)
            if state.phase != POWER_PEEK:
                self._end_turn(state, events)
        else:
            self._check_phase(state, POWER_PEEK)
            self._check_face_down(state, action.slot)
            self._peek(state, seat, action.slot, by_power=True, events=events)
            self._end_turn(state, events)
        return events

    @staticmethod
    def _check_phase(state: TamashiiState, wanted: str) -> None:
        if state.phase == wanted:
            return
        if state.phase == POWER_PEEK:
            raise PowerPending("first choose the face-down card Tsuchi lets you look at")
        if wanted == POWER_PEEK:
            raise NoPowerPending("no power lets you look at a card now")
        if state.phase == GATHERING:
            raise AlreadyGathering("you have drawn gems this turn: draw again or place them")
        raise NothingDrawn("you have drawn no gem this turn: peek at a card or gather")

    @staticmethod
    def _check_face_down(state: TamashiiState, slot: int) -> None:
        if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < SLOTS:
            raise NoSuchSlot(f"there is no slot {slot!r}: slots are 0 to {SLOTS - 1}")
        if state.freed[slot]:
            raise SlotFaceUp(f"the card in slot {slot} is face up (already freed)")

    def _peek(
        self, state: TamashiiState, seat: int, slot: int, *, by_power: bool, events: list[Event]
    ) -> None:
        """TM-PEEK-1 / TM-MEM-1: the seat alone learns the card, once, as an event."""
        face = FACES[state.cards[slot]]
        state.peeked[seat] |= 1 << slot
        events.append(SlotPeeked(seat, slot, by_power))
        events.append(Peeked(seat, slot, face, by_power, audience=only(seat)))

    def _draw(self, state: TamashiiState, seat: int, *, again: bool, events: list[Event]) -> None:
        """TM-GATHER-1 and TM-BUST-1."""
        colour = _draw_colour(state.rng, state.bag, ALL_COLOURS)
        state.bag[colour] -= 1
        state.drawn[colour] += 1
        events.append(GemDrawn(seat, COLOURS[colour], again))
        if colour == BLACK and state.level != NOVICE:
            returned = state.drawn
            for c in ALL_COLOURS:
                state.bag[c] += returned[c]
            state.drawn = [0, 0, 0, 0]
            events.append(Bust(seat, gems(returned)))
            self._end_turn(state, events)
        else:
            state.phase = GATHERING

    def _place(
        self, state: TamashiiState, seat: int, slot: int, free: bool, events: list[Event]
    ) -> None:
        """TM-PLACE-1, then TM-FREE-1 / TM-FREE-2 when ``free``."""
        base = 4 * slot
        placed = state.drawn
        for c in ALL_COLOURS:
            state.on_cards[base + c] += placed[c]
        state.drawn = [0, 0, 0, 0]
        events.append(GemsPlaced(seat, slot, gems(placed), free))
        if free:
            self._liberate(state, seat, slot, events)

    def _liberate(self, state: TamashiiState, seat: int, slot: int, events: list[Event]) -> None:
        card = CARD_BY_ID[state.cards[slot]]
        base = 4 * slot
        on = state.on_cards[base : base + 4]
        novice = state.level == NOVICE
        shortfall = sum(max(0, card.needs[c] - on[c]) for c in PLAIN_COLOURS)
        # TM-FREE-2: in NOVICE each black gem on the card stands in for one missing gem.
        covered = shortfall <= on[BLACK] if novice else shortfall == 0
        state.revealed |= 1 << slot
        if not covered:
            # [decision] the gems leave the game and the card goes face down again.
            state.on_cards[base : base + 4] = [0, 0, 0, 0]
            for c in ALL_COLOURS:
                state.removed[c] += on[c]
            events.append(LiberationFailed(seat, slot, FACES[card.id], gems(on)))
            return
        state.freed[slot] = True
        # The gems that cover the needs stay on the freed card; the rest is excess.
        kept = [min(on[c], card.needs[c]) for c in PLAIN_COLOURS]
        kept.append(shortfall if novice else 0)
        excess = [on[c] - kept[c] for c in ALL_COLOURS]
        state.on_cards[base : base + 4] = kept
        powers = not novice
        to_bag = powers and card.power == RETURN_EXCESS
        pile = state.bag if to_bag else state.removed
        for c in ALL_COLOURS:
            pile[c] += excess[c]
        events.append(
            Freed(seat, slot, FACES[card.id], gems(excess), TO_BAG if to_bag else TO_REMOVED)
        )
        if powers and card.power != NO_POWER:
            self._power(state, seat, slot, card, excess, events)

    def _power(
        self,
        state: TamashiiState,
        seat: int,
        slot: int,
        card: Card,
        excess: list[int],
        events: list[Event],
    ) -> None:
        """The freed card's power (TM-CARDS-1); never called in NOVICE."""
        to_bag = [0, 0, 0, 0]
        from_bag = [0, 0, 0, 0]
        peek_pending = False
        if card.power == RETURN_EXCESS:
            to_bag = excess  # already moved to the bag by _liberate
        elif card.power == RETURN_TWO_YELLOW:
            count = min(RETURN_TWO_YELLOW_COUNT, state.removed[YELLOW])
            state.removed[YELLOW] -= count
            state.bag[YELLOW] += count
            to_bag[YELLOW] = count
        elif card.power == REMOVE_BLACK:
            count = min(1, state.bag[BLACK])
            state.bag[BLACK] -= count
            state.removed[BLACK] += count
            from_bag[BLACK] = count
        elif card.power == PEEK:
            peek_pending = not all(state.freed)
            if peek_pending:
                state.phase = POWER_PEEK
        events.append(
            PowerApplied(
                seat, slot, card.id, card.power, gems(to_bag), gems(from_bag), peek_pending
            )
        )

    def _timeout(self, state: TamashiiState, seat: int) -> list[Event]:
        """TM-TIME-1: no peek; drawn gems back to the bag; a pending power peek is lost."""
        returned = state.drawn
        for c in ALL_COLOURS:
            state.bag[c] += returned[c]
        state.drawn = [0, 0, 0, 0]
        events: list[Event] = [TurnTimedOut(seat, state.phase, gems(returned))]
        self._end_turn(state, events)
        return events

    def _end_turn(self, state: TamashiiState, events: list[Event]) -> None:
        """TM-EROSION-1, then the end checks (TM-END-1 / TM-END-3), then the next seat."""
        if state.bag[BLUE] + state.bag[RED] + state.bag[YELLOW]:
            # Drawing black for erosion puts it back and draws again: the same as drawing
            # among the other colours only.
            colour = _draw_colour(state.rng, state.bag, PLAIN_COLOURS)
            state.bag[colour] -= 1
            state.removed[colour] += 1
            events.append(GemEroded(COLOURS[colour]))
        else:
            events.append(GemEroded(None))
        reason = end_reason(state)
        if reason:
            state.phase = OVER
            state.end_reason = reason
            freed = state.freed_count
            events.append(MatchOver(freed, reason.lower(), verdict(freed)))
            return
        state.turn = (state.turn + 1) % state.players
        state.phase = CHOOSE
        events.append(TurnStarted(state.turn))

    # -- reading -----------------------------------------------------------------------------

    def view(self, state: TamashiiState, seat: int | None) -> TamashiiView:
        return view(state, seat)

    def outcome(self, state: TamashiiState) -> Outcome | None:
        if state.phase != OVER:
            return None
        freed = state.freed_count
        winners = tuple(range(state.players)) if freed >= WIN_THRESHOLD else ()
        return Outcome(
            winners=winners,
            scores=(freed,) * state.players,
            reason=state.end_reason,
            detail=TamashiiOutcome(freed, state.level, verdict(freed)),
        )

    def determinize(self, state: TamashiiState, seat: int | None, rng: Rng) -> TamashiiState:
        """Re-deal the face-down cards ``seat`` has not seen; the RNG is drawn anew.

        Kept in place: freed cards, cards shown to all by a liberation attempt, and the
        cards ``seat`` peeked at (a player is assumed to remember what they saw).
        """
        world = state.clone()
        known = state.revealed | (state.peeked[seat] if seat is not None else 0)
        hidden = [s for s in range(SLOTS) if not state.freed[s] and not known >> s & 1]
        ids = [world.cards[s] for s in hidden]
        rng.shuffle(ids)
        for s, card_id in zip(hidden, ids, strict=True):
            world.cards[s] = card_id
        world.rng = Rng(rng.next_u32() << 32 | rng.next_u32())
        return world


def could_be_freed(state: TamashiiState, slot: int) -> bool:
    """TM-END-1: whether the gems on the card plus those in the bag cover its needs."""
    card = CARD_BY_ID[state.cards[slot]]
    on = state.gems_on(slot)
    shortfall = sum(max(0, card.needs[c] - on[c] - state.bag[c]) for c in PLAIN_COLOURS)
    if state.level == NOVICE:
        return shortfall <= on[BLACK] + state.bag[BLACK]
    return shortfall == 0


def end_reason(state: TamashiiState) -> str:
    """Why the match is over at the end of a turn, or ``""`` if it goes on."""
    if all(state.freed):
        return ALL_FREED
    placeable = sum(state.bag) if state.level == NOVICE else sum(state.bag) - state.bag[BLACK]
    if not placeable:
        return BAG_EXHAUSTED  # TM-END-3
    if any(could_be_freed(state, s) for s in range(SLOTS) if not state.freed[s]):
        return ""
    return NO_CARD_CAN_BE_FREED  # TM-END-1


_CATALOGUE = catalogue()

registry.register(TamashiiGame())
