"""The strong Tamashii bot: it remembers what it saw and pushes its luck by the bag's odds.

Memory (:meth:`TamashiiBot.observe`): the card in every slot the seat has seen — its own peeks
(the private ``peeked`` events) and the cards every liberation attempt showed to all. With the
``memory_aid`` option the view lists them too, and they are merged in.

Beliefs: a slot the bot has not seen holds any card it has not seen elsewhere (when it has
seen five, the sixth is known), weighed by what its partners' public moves say under the
team's convention (:mod:`engine.bots.tamashii_reading`: a seat that knows a card frees it as
soon as its gems cover it, and puts gems on it without freeing only when the card needs them
all, :meth:`_Table.knowing_placement`).

Values, in "gems placed where they help": a gem that a card still needs is worth :data:`GEM`,
a gem it does not need is lost (:data:`WASTE`), a card freed is worth :data:`FREE` plus what
its power brings (:meth:`_Table.power_bonus`: Mizu's black gem out of the bag, Hi's yellow
gems back, Tsuchi's free peek), and a
failed liberation loses every gem on the card but shows the card to everyone
(:data:`INFO` for the bot, :data:`INFO_OTHERS` for each seat that had not seen it: with
several players a cheap liberation attempt can beat a peek). For the gems drawn this turn
the bot compares placing them now — on the slot with the best expected value over what it
believes the card is, freeing it when the gems there cover its needs — with drawing again,
whose value averages the next gem over the bag's content as the view shows it (a black gem
sends the turn's gems back), :data:`DEPTH` draws deep. When the gems
drawn already free a spirit it knows, it frees it at once (:meth:`_Table.sure_free`): no
more pushing its luck. At the start of
a turn it gathers when a turn of gathering is expected to bring more than a peek
(:data:`PEEK_VALUE`), else it peeks at a slot it does not know (slots with gems on them
first, then slots fewer players have looked at). Decisions take about a millisecond.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots import Bot, Memory, register
from engine.bots.tamashii_reading import beliefs, read_events, saw_every_peek, signal_target
from engine.core import Event, Game
from engine.games.tamashii import (
    CHOOSE,
    GATHERING,
    DrawAgain,
    Gather,
    Gems,
    Peek,
    Place,
    PowerPeek,
    TamashiiView,
)
from engine.games.tamashii.cards import (
    CARD_BY_ID,
    CARDS,
    PEEK,
    REMOVE_BLACK,
    RETURN_EXCESS,
    RETURN_TWO_YELLOW,
)
from engine.games.tamashii.events import Freed, LiberationFailed, Peeked
from engine.rng import Rng

GEM = 1.0
"""Value of a gem placed on a card that still needs it."""
WASTE = 2.0
"""Cost of a gem lost: placed where no card needs it, or discarded by a failed liberation."""
FREE = 6.0
"""Value of freeing a Tamashii now."""
PEEK_VALUE = 1.0
"""What a peek at an unknown card is worth; the bot gathers when a turn of gathering is
expected to bring more."""
INFO = 1.5
"""What seeing an unknown card (a failed liberation shows it to all) is worth to us."""
INFO_OTHERS = 0.75
"""... and to each other seat that has not seen it either."""
DEPTH = 5
"""How many more draws the push-your-luck look-ahead considers."""
BONUS_BLACK = 1.0
"""Freeing Mizu while a black gem is in the bag: one fewer bust to fear."""
BONUS_YELLOW = 1.0
"""Freeing Hi: per yellow gem it brings back to the bag."""
BONUS_PEEK = 1.0
"""Freeing Tsuchi while two or more face-down cards are unknown: a free peek."""
PEEK_WHILE_UNKNOWN = 4
"""A seat peeks, whatever the bag says, while more face-down cards than this are unknown to
it (it knows fewer than two of six): a placement on a card it knows wastes far less (solo:
4.27 freed against 4.15; three players, with the peek signals: 4.28 against 4.03)..."""
TABLE_PEEKS = 8
"""... as long as the table has made fewer peeks than this in all (at five players, ten
peeks before gathering freed 3.57, eight 3.80, none 3.65)..."""
PEEKING_TABLES = 5
"""... at tables of up to this many players: at six a seat uses what it peeked only every
sixth turn, and the table freed 3.52 with the rule against 3.62 without it."""
SURE = 0.97
"""A slot whose card the readings and signals make this likely counts as known."""

PLAIN = (0, 1, 2)
BLACK = 3
_ALL_IDS = tuple(card.id for card in CARDS)


def _gems(g: Gems) -> tuple[int, int, int, int]:
    return (g.blue, g.red, g.yellow, g.black)


# --------------------------------------------------------------------------------------------
# Memory
# --------------------------------------------------------------------------------------------


def observe_events(memory: Memory, events: Sequence[object], seat: int = -1) -> dict[str, Any]:
    """``{"seen": {slot: card id}, "pub": ...}``: the cards the seat saw, from its own peeks
    (private :class:`Peeked` events) and every liberation attempt (str keys, for JSON), and
    the public record of the table (:func:`engine.bots.tamashii_reading.read_events`)."""
    seen: dict[str, int] = dict(memory.get("seen", {})) if isinstance(memory, dict) else {}
    for event in events:
        if isinstance(event, (Peeked, LiberationFailed, Freed)):
            seen[str(event.slot)] = event.card.id
    pub = memory.get("pub") if isinstance(memory, dict) else None
    return {"seen": seen, "pub": read_events(pub, seat, events)}


def known_cards(view: TamashiiView, memory: Memory) -> dict[int, int]:
    """Slot → card id for every face-down slot whose card the seat knows."""
    known: dict[int, int] = {}
    if isinstance(memory, dict):
        for slot, card in memory["seen"].items():
            known[int(slot)] = int(card)
    for item in (*view.my_peeks, *view.seen_by_all):
        known[item.slot] = item.card.id
    face_down = [s.slot for s in view.slots if not s.face_up]
    known = {s: c for s, c in known.items() if s in face_down}
    freed = {s.card.id for s in view.slots if s.face_up and s.card is not None}
    unknown_slots = [s for s in face_down if s not in known]
    left = [c for c in _ALL_IDS if c not in freed and c not in known.values()]
    if len(unknown_slots) == 1 and len(left) == 1:  # the last one is deduced
        known[unknown_slots[0]] = left[0]
    return known


# --------------------------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------------------------


class _Table:
    """What the bot believes about the table, and the values of placing gems on it."""

    def __init__(self, view: TamashiiView, memory: Memory) -> None:
        self.wild = view.black_is_wild
        self.powers = view.powers_active
        self.bag = _gems(view.bag)
        self.drawn = _gems(view.drawn)  # already out of the bag
        self.known = known_cards(view, memory)
        freed = {s.card.id for s in view.slots if s.face_up and s.card is not None}
        unseen = [c for c in _ALL_IDS if c not in freed and c not in self.known.values()]
        self.slots = [s.slot for s in view.slots if not s.face_up]
        self.on = {s.slot: _gems(s.gems) for s in view.slots}
        unknown = [s for s in self.slots if s not in self.known]
        pub = memory.get("pub") if isinstance(memory, dict) else None
        self.peeked_by = {s.slot: s.peeked_by for s in view.slots}
        if not saw_every_peek(pub, self.peeked_by):  # signals need every peek (take-over)
            pub = {**pub, "signals": []} if isinstance(pub, dict) else None
            self.pub: dict[str, Any] | None = None
        else:
            self.pub = pub
        self.beliefs = beliefs(pub, unknown, unseen, self.wild)
        for slot in unknown:  # what the partners' moves tell for sure counts as known
            card, chance = max(self.beliefs[slot], key=lambda item: item[1])
            if chance >= SURE:
                self.known[slot] = card
        for slot, card in self.known.items():
            self.beliefs[slot] = [(card, 1.0)]
        self.seat = view.turn
        self.free_value = {card: FREE + self.power_bonus(card, view) for card in _ALL_IDS}
        others = view.players - 1
        self.info = {
            s.slot: INFO + INFO_OTHERS * (others - len([p for p in s.peeked_by if p != view.turn]))
            for s in view.slots
        }

    def power_bonus(self, card: int, view: TamashiiView) -> float:
        """What the power of ``card`` adds to freeing it now (TM-CARDS-1)."""
        if not self.powers:
            return 0.0
        power = CARD_BY_ID[card].power
        if power == REMOVE_BLACK and self.bag[BLACK]:
            return BONUS_BLACK
        if power == RETURN_TWO_YELLOW:
            return BONUS_YELLOW * min(2, view.removed.yellow)
        if power == PEEK and len(self.slots) > len(self.known) + 1:
            return BONUS_PEEK
        return 0.0

    def place_value(self, slot: int, drawn: Sequence[int], free: bool) -> float:
        """The expected value of placing ``drawn`` on ``slot`` (and trying to free it)."""
        on = self.on[slot]
        bag = self.bag
        wild = self.wild
        d0, d1, d2, d3 = drawn
        count = d0 + d1 + d2 + d3
        cards = self.beliefs[slot]
        sure = len(cards) == 1
        total = 0.0
        for card, weight in cards:
            needs = CARD_BY_ID[card].needs
            value = 0.0
            useful = short = short_now = used = progress = 0
            for c, d in ((0, d0), (1, d1), (2, d2)):
                n, o = needs[c], on[c]
                missing = n - o if n > o else 0
                useful += d if d < missing else missing
                if d < missing:
                    short += missing - d
                    if missing - d > bag[c]:
                        short_now += missing - d - bag[c]
                used += n if n < o + d else o + d
                progress += n if n < o else o
            if wild:
                black_on = on[BLACK] + d3
                useful += min(max(0, short - on[BLACK]), d3)
                covered = short <= black_on
                used += min(short, black_on)
                freeable = short_now <= black_on + bag[BLACK]
            else:
                covered = short == 0
                freeable = short_now == 0
            if free:
                if covered:
                    kept = self.powers and CARD_BY_ID[card].power == RETURN_EXCESS
                    excess = sum(on) + count - used
                    value = self.free_value[card] - (0.0 if kept else WASTE * excess)
                else:
                    lost = sum(on) + count
                    value = -WASTE * lost - GEM * progress + (0.0 if sure else self.info[slot])
            elif not freeable:
                value = -WASTE * count
            else:
                value = GEM * useful - WASTE * (count - useful)
            total += weight * value
        return total

    def sure_free(self, drawn: Sequence[int], legal: Sequence[Any]) -> Place | None:
        """Placing ``drawn`` on a slot whose card the bot knows, and freeing it, when the
        gems there then cover its needs (the best such slot); None when there is none."""
        best: tuple[float, Place | None] = (-1e9, None)
        for slot, card in self.known.items():
            if slot not in self.slots or Place(slot, True) not in legal:
                continue
            needs = CARD_BY_ID[card].needs
            on = self.on[slot]
            short = sum(max(0, needs[c] - on[c] - drawn[c]) for c in PLAIN)
            if short > (on[BLACK] + drawn[BLACK] if self.wild else 0):
                continue
            value = self.place_value(slot, drawn, True)
            if value > best[0]:
                best = (value, Place(slot, True))
        return best[1]

    def knowing_placement(self, slot: int, drawn: Sequence[int]) -> bool:
        """The team's convention: gems go on a card the seat knows, without freeing it, only
        when the card needs all of them (partners read it: :mod:`tamashii_reading`)."""
        card = self.known.get(slot)
        if card is None or self.wild:
            return True
        needs = CARD_BY_ID[card].needs
        on = self.on[slot]
        return all(on[c] + drawn[c] <= needs[c] for c in PLAIN) and not drawn[BLACK]

    def best_place(self, drawn: Sequence[int]) -> tuple[float, Place | None]:
        best: tuple[float, Place | None] = (-1e9, None)
        for slot in self.slots:
            for free in (True, False):
                if not free and not self.knowing_placement(slot, drawn):
                    continue
                value = self.place_value(slot, drawn, free)
                if value > best[0]:
                    best = (value, Place(slot, free))
        return best

    def draw_value(self, drawn: tuple[int, int, int, int], depth: int) -> float:
        """The expected value of drawing one more gem, then playing on as well as we can."""
        bag = [self.bag[c] - drawn[c] + self.drawn[c] for c in range(4)]
        total = sum(bag)
        if total <= 0:
            return -1e9
        value = 0.0
        for c in range(4):
            if not bag[c]:
                continue
            if c == BLACK and not self.wild:
                continue  # a bust: the turn brings nothing
            more = (*drawn[:c], drawn[c] + 1, *drawn[c + 1 :])
            value += bag[c] / total * self.turn_value(more, depth - 1)  # type: ignore[arg-type]
        return value

    def turn_value(self, drawn: tuple[int, int, int, int], depth: int) -> float:
        key = drawn  # within one decision the depth left follows from the gems drawn
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        value = self.best_place(drawn)[0]
        if depth > 0:
            value = max(value, self.draw_value(drawn, depth))
        self._cache[key] = value
        return value

    _cache: dict[tuple[int, int, int, int], float]

    def reset(self) -> None:
        self._cache = {}

    def peek_target(self, rng: Rng) -> int | None:
        """The slot to peek at: the one that signals our latest peek to the partners
        (:func:`engine.bots.tamashii_reading.signal_target`) when there is one to signal,
        else an unknown slot, those with gems on them first, then those fewer seats saw."""
        if self.pub is not None:
            signal = signal_target(self.pub, self.seat, self.known)
            if signal is not None:
                return signal
        unknown = [s for s in self.slots if s not in self.known]
        if not unknown:
            return None

        def priority(slot: int) -> tuple[int, int]:
            return (sum(self.on[slot]), -len(self.peeked_by[slot]))

        best = max(priority(s) for s in unknown)
        choices = [s for s in unknown if priority(s) == best]
        return choices[rng.below(len(choices))]


# --------------------------------------------------------------------------------------------
# The bot
# --------------------------------------------------------------------------------------------


class TamashiiBot(Bot):
    """See the module docstring. ``depth`` bounds the push-your-luck look-ahead."""

    level = "strong"

    def __init__(self, game: Game[Any, Any, Any], depth: int = DEPTH) -> None:
        super().__init__(game)
        self.depth = depth

    def observe(self, memory: Memory, seat: int, events: Sequence[Event]) -> Memory:
        # The events are Tamashii's typed events (engine.events), whatever the base says.
        return observe_events(memory, events, seat)

    def choose(self, view: Any, legal: Sequence[Any], memory: Memory, rng: Rng) -> Any:
        assert isinstance(view, TamashiiView)
        if len(legal) == 1:
            return legal[0]
        table = _Table(view, memory)
        table.reset()
        if view.phase == CHOOSE:
            target = table.peek_target(rng)
            unknown = len(table.slots) - len(table.known)
            peeks = sum(len(seats) for seats in table.peeked_by.values())
            if (
                target is not None
                and unknown > PEEK_WHILE_UNKNOWN
                and peeks < TABLE_PEEKS
                and view.players <= PEEKING_TABLES
            ):
                return Peek(target)
            if Gather() in legal:
                gather = table.draw_value((0, 0, 0, 0), self.depth)
                if target is None or not unknown or gather >= PEEK_VALUE:
                    return Gather()
            if target is not None:
                return Peek(target)
            return legal[rng.below(len(legal))]
        if view.phase == GATHERING:
            drawn = _gems(view.drawn)
            freeing = table.sure_free(drawn, legal)
            if freeing is not None:  # a known spirit the gems free: no more pushing luck
                return freeing
            value, place = table.best_place(drawn)
            if DrawAgain() in legal and table.draw_value(drawn, self.depth) > value:
                return DrawAgain()
            if place is not None and place in legal:
                return place
            return legal[rng.below(len(legal))]
        # Tsuchi's power: look at a card we do not know.
        target = table.peek_target(rng)
        if target is not None and PowerPeek(target) in legal:
            return PowerPeek(target)
        return legal[rng.below(len(legal))]


def _factory(game: Game[Any, Any, Any]) -> Bot:
    return TamashiiBot(game)


register("tamashii", "strong", _factory)
