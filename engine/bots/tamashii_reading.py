"""What a strong Tamashii bot reads in its partners' public actions (the team's convention).

Every strong bot plays by the same two rules, which a human team could agree on before
playing, and so every strong bot can read them in the others' play:

- **Stop rule** (:meth:`engine.bots.tamashii._Table.sure_free`): a player whose gems drawn
  this turn, with those already on a card it knows, cover that card's needs places them there
  and frees it at once. So when a seat that knows slot ``X`` draws again, busts... or places
  its gems without freeing a card it knows, the card in ``X`` is none whose needs the gems
  on ``X`` plus the gems drawn would have covered (a ``"short"`` reading).
- **Knowing placement**: a seat places gems on a card it knows without freeing it only when
  the card needs all of them (``"needs"`` reading: the card needs at least what is on it).
- **Peek signal** (:func:`signal_code`): a peek's target tells the partners which card the
  seat saw at its previous peek. Only the seat sees a peeked card, but everyone sees which
  slot it peeks (:class:`SlotPeeked`). So a seat that has a peek not signalled yet (its latest
  peek at a slot still face down and not shown to all) chooses its next peek (Tsuchi's
  included) among the options ``O`` — the face-down slots it does not know, only those nobody
  has looked at when there are two or more — by the card it saw: the card's rank ``v`` in
  the list ``L`` of the cards whose place is not public (:data:`SIGNAL_ORDER`), option
  ``O[v % len(O)]``. Partners read ``"one of"`` the cards of ``L`` whose rank has that
  remainder (a ``signal``: ``[slot, [card ids]]``). ``L`` and ``O`` follow from public events
  only, so every seat computes the same ones.

"Knows" here is what the whole table can tell: the seat peeked at the slot (public:
:class:`SlotPeeked`), a liberation attempt showed the card to all, or the seat has seen every
other face-down card. The bot folds the public events into ``memory["pub"]``: the gems on
each card and drawn this turn as far as it saw them (after a take-over it sees less, never
more: every reading stays true), who peeked where, the cards shown to all (``where``), each
seat's peeks not signalled yet (``unsignalled``), the readings, each ``[slot, blue, red,
yellow, black, kind]``, and the signals read. :func:`beliefs` weighs every layout of the
unseen cards on the unknown slots by the readings and signals it breaks (``MISREAD`` each,
not zero: a human partner does not follow the convention) and returns, per slot, the chance
of each card. A signal is read against every peek before it, so a record that missed some
(a bot taking over a seat mid-match) neither reads nor sends signals: the bot checks its
record against who peeked where in its view (:func:`saw_every_peek`). One gap remains: a
record begun after a liberation attempt but before any peek reads its signals against the
wrong cards; they then weigh like a partner off the convention.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import Any

from engine.games.tamashii.cards import CARD_BY_ID
from engine.games.tamashii.events import (
    Bust,
    Freed,
    GemDrawn,
    GemsPlaced,
    LiberationFailed,
    SlotPeeked,
    TurnTimedOut,
)

SLOTS = 6
COLOUR_INDEX = {"blue": 0, "red": 1, "yellow": 2, "black": 3}
SHORT = "short"
"""Reading: the card's needs are not covered by these gems."""
NEEDS = "needs"
"""Reading: the card needs at least these gems (black aside)."""
MISREAD = 0.02
"""Weight factor of a layout per reading it breaks (a partner off the convention)."""
SIGNAL_MISREAD = 0.1
"""The same for a peek signal it breaks."""
SIGNAL_ORDER = (2, 1, 4, 6, 3, 5)
"""The card ids in the order a peek signal ranks them (Hi, Kaze, Tsuchi, Yami, Mizu,
Hikari): with three options the two cards read alike need the same colours (Hi and Yami both
two red; Kaze and Mizu two blue; Tsuchi and Hikari a yellow), so half a signal still says
which gems to draw."""


def _fresh() -> dict[str, Any]:
    return {
        "on": [0] * (4 * SLOTS),
        "drawn": [0, 0, 0, 0],
        "peeked": {},
        "revealed": [],
        "freed": [],
        "readings": [],
        "where": {},
        "unsignalled": {},
        "signals": [],
        "doubted": [],
    }


def _knows(pub: dict[str, Any], seat: int) -> list[int]:
    """The face-down slots the table can tell ``seat`` knows."""
    freed = set(pub["freed"])
    down = [s for s in range(SLOTS) if s not in freed]
    seen = set(pub["peeked"].get(str(seat), [])) | set(pub["revealed"])
    known = [s for s in down if s in seen]
    if len(down) - len(known) == 1:
        known = down  # the last one is deduced
    return known


def _not_covering(pub: dict[str, Any], seat: int, gems: Sequence[int]) -> None:
    """``seat`` had ``gems`` drawn and freed no card it knows: none of them was covered."""
    for slot in _knows(pub, seat):
        on = pub["on"][4 * slot : 4 * slot + 4]
        reading = [slot, *(on[c] + gems[c] for c in range(4)), SHORT]
        if reading not in pub["readings"]:
            pub["readings"].append(reading)


def saw_every_peek(pub: Any, peeked_by: Mapping[int, Sequence[int]]) -> bool:
    """Whether the record ``pub`` folded every peek of the match so far: the seats that
    peeked at each slot (``peeked_by``, from the view) are the ones it saw."""
    if not isinstance(pub, dict) or "unsignalled" not in pub:
        return False
    seen: dict[int, set[int]] = {}
    for seat, slots in pub["peeked"].items():
        for slot in slots:
            seen.setdefault(slot, set()).add(int(seat))
    return all(seen.get(slot, set()) == set(seats) for slot, seats in peeked_by.items())


def signal_code(pub: dict[str, Any], seat: int) -> tuple[int, list[int], list[int]] | None:
    """What ``seat``'s next peek signals, from the public record alone: ``(slot, L, O)`` —
    the slot of its latest peek not signalled yet, the cards ``L`` whose place is not public
    (in :data:`SIGNAL_ORDER`), and the peek options ``O`` (slot numbers in order); None when
    there is nothing to signal or fewer than two options or cards."""
    gone = set(pub["freed"]) | set(pub["revealed"])
    waiting = [s for s in pub["unsignalled"].get(str(seat), []) if s not in gone]
    if not waiting:
        return None
    placed = set(pub["where"].values())
    cards = [c for c in SIGNAL_ORDER if c not in placed]
    knows = set(_knows(pub, seat))
    options = [s for s in range(SLOTS) if s not in pub["freed"] and s not in knows]
    looked = gone | {s for slots in pub["peeked"].values() for s in slots}
    fresh = [s for s in options if s not in looked]
    if len(fresh) >= 2:
        options = fresh
    if len(options) < 2 or len(cards) < 2:
        return None
    return waiting[-1], cards, options


def signal_target(pub: dict[str, Any], seat: int, seen: dict[int, int]) -> int | None:
    """The slot ``seat`` peeks to signal its latest peek, given the cards it has ``seen``
    (slot → card id); None when there is nothing to signal."""
    code = signal_code(pub, seat)
    if code is None:
        return None
    slot, cards, options = code
    card = seen.get(slot)
    if card is None or card not in cards:
        return None  # e.g. a seat taken over after its peek: the bot never saw the card
    return options[cards.index(card) % len(options)]


def _copy(old: dict[str, Any]) -> dict[str, Any]:
    return {
        "on": list(old["on"]),
        "drawn": list(old["drawn"]),
        "peeked": {k: list(v) for k, v in old["peeked"].items()},
        "revealed": list(old["revealed"]),
        "freed": list(old["freed"]),
        "readings": [list(r) for r in old["readings"]],
        "where": dict(old.get("where", {})),
        "unsignalled": {k: list(v) for k, v in old.get("unsignalled", {}).items()},
        "signals": [[r[0], list(r[1]), r[2]] for r in old.get("signals", [])],
        "doubted": list(old.get("doubted", [])),
    }


def _read_signal(pub: dict[str, Any], me: int, event: SlotPeeked) -> None:
    """A peek: what its target signals (partners' peeks only), then it waits its turn to be
    signalled."""
    code = signal_code(pub, event.seat)
    if code is not None:
        slot, cards, options = code
        if event.slot in options and event.seat != me:
            remainder = options.index(event.slot)
            one_of = [c for i, c in enumerate(cards) if i % len(options) == remainder]
            pub["signals"].append([slot, one_of, event.seat])
        pub["unsignalled"][str(event.seat)].remove(slot)
    pub["unsignalled"].setdefault(str(event.seat), []).append(event.slot)


def _shown(pub: dict[str, Any], slot: int, card: int) -> None:
    """A card shown to all: its place is public, and a seat whose signal about it was wrong
    is off the convention (a human partner, say): its signals are no longer believed."""
    pub["where"][str(slot)] = card
    for signalled, one_of, seat in pub["signals"]:
        if signalled == slot and card not in one_of and seat not in pub["doubted"]:
            pub["doubted"].append(seat)


def read_events(old: Any, me: int, events: Sequence[object]) -> dict[str, Any]:
    """Fold public events into the public record ``old`` (a fresh one when ``old`` is not a
    record); readings and signals are taken from the other seats' moves only."""
    pub = _copy(old) if isinstance(old, dict) and "readings" in old else _fresh()
    for event in events:
        if isinstance(event, SlotPeeked):
            _read_signal(pub, me, event)
            mine = pub["peeked"].setdefault(str(event.seat), [])
            if event.slot not in mine:
                mine.append(event.slot)
        elif isinstance(event, GemDrawn):
            if event.again and event.seat != me:
                _not_covering(pub, event.seat, pub["drawn"])
            pub["drawn"][COLOUR_INDEX[event.colour]] += 1
        elif isinstance(event, (Bust, TurnTimedOut)):
            pub["drawn"] = [0, 0, 0, 0]
        elif isinstance(event, GemsPlaced):
            gems = (event.gems.blue, event.gems.red, event.gems.yellow, event.gems.black)
            knows = _knows(pub, event.seat)
            if event.seat != me and not (event.free and event.slot in knows):
                _not_covering(pub, event.seat, gems)
            base = 4 * event.slot
            for c in range(4):
                pub["on"][base + c] += gems[c]
            if event.seat != me and not event.free and event.slot in knows:
                pub["readings"].append([event.slot, *pub["on"][base : base + 4], NEEDS])
            pub["drawn"] = [0, 0, 0, 0]
        elif isinstance(event, LiberationFailed):
            pub["on"][4 * event.slot : 4 * event.slot + 4] = [0, 0, 0, 0]
            _shown(pub, event.slot, event.card.id)
            if event.slot not in pub["revealed"]:
                pub["revealed"].append(event.slot)
        elif isinstance(event, Freed):
            _shown(pub, event.slot, event.card.id)
            if event.slot not in pub["freed"]:
                pub["freed"].append(event.slot)
    return pub


def _breaks(reading: Sequence[Any], card: int, wild: bool) -> bool:
    needs = CARD_BY_ID[card].needs
    gems = reading[1:5]
    if reading[5] == NEEDS:
        return not wild and any(gems[c] > needs[c] for c in range(3))
    short = sum(max(0, needs[c] - gems[c]) for c in range(3))
    return bool(short <= gems[3] if wild else short == 0)


def beliefs(
    pub: Any, unknown: Sequence[int], cards: Sequence[int], wild: bool
) -> dict[int, list[tuple[int, float]]]:
    """Slot → [(card, chance)] for the ``unknown`` slots holding the unseen ``cards``, every
    layout weighed by the readings and signals in ``pub`` it breaks."""
    if not unknown:
        return {}
    readings = pub.get("readings", []) if isinstance(pub, dict) else []
    signals = pub.get("signals", []) if isinstance(pub, dict) else []
    doubted = pub.get("doubted", []) if isinstance(pub, dict) else []
    signals = [r for r in signals if r[2] not in doubted]

    def broken(slot: int, card: int) -> int:
        return sum(1 for r in readings if r[0] == slot and _breaks(r, card, wild))

    def off_signal(slot: int, card: int) -> int:
        return sum(1 for r in signals if r[0] == slot and card not in r[1])

    weight = {
        (slot, card): MISREAD ** broken(slot, card) * SIGNAL_MISREAD ** off_signal(slot, card)
        for slot in unknown
        for card in cards
    }
    if all(w == 1.0 for w in weight.values()) or len(cards) != len(unknown):
        share = 1.0 / len(cards)
        return {slot: [(card, share) for card in cards] for slot in unknown}
    marginal = {key: 0.0 for key in weight}
    total = 0.0
    for layout in permutations(cards):
        w = 1.0
        for slot, card in zip(unknown, layout, strict=True):
            w *= weight[(slot, card)]
        if w == 0.0:
            continue
        total += w
        for slot, card in zip(unknown, layout, strict=True):
            marginal[(slot, card)] += w
    return {
        slot: [(card, marginal[(slot, card)] / total) for card in cards if marginal[(slot, card)]]
        for slot in unknown
    }
