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

"Knows" here is what the whole table can tell: the seat peeked at the slot (public:
:class:`SlotPeeked`), a liberation attempt showed the card to all, or the seat has seen every
other face-down card. The bot folds the public events into ``memory["pub"]``: the gems on
each card and drawn this turn as far as it saw them (after a take-over it sees less, never
more: every reading stays true), who peeked where, and the readings, each ``[slot, blue,
red, yellow, black, kind]``. :func:`beliefs` weighs every layout of the unseen cards on the
unknown slots by the readings it breaks (``MISREAD`` each, not zero: a human partner does not
follow the convention) and returns, per slot, the chance of each card.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def _fresh() -> dict[str, Any]:
    return {
        "on": [0] * (4 * SLOTS),
        "drawn": [0, 0, 0, 0],
        "peeked": {},
        "revealed": [],
        "freed": [],
        "readings": [],
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


def read_events(old: Any, me: int, events: Sequence[object]) -> dict[str, Any]:
    """Fold public events into the public record ``old`` (a fresh one when ``old`` is not a
    record); readings are taken from the other seats' moves only."""
    if not isinstance(old, dict) or "readings" not in old:
        pub = _fresh()
    else:
        pub = {
            "on": list(old["on"]),
            "drawn": list(old["drawn"]),
            "peeked": {k: list(v) for k, v in old["peeked"].items()},
            "revealed": list(old["revealed"]),
            "freed": list(old["freed"]),
            "readings": [list(r) for r in old["readings"]],
        }
    for event in events:
        if isinstance(event, SlotPeeked):
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
            if event.slot not in pub["revealed"]:
                pub["revealed"].append(event.slot)
        elif isinstance(event, Freed) and event.slot not in pub["freed"]:
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
    layout weighed by the readings in ``pub`` it breaks."""
    if not unknown:
        return {}
    readings = pub.get("readings", []) if isinstance(pub, dict) else []
    weight = {
        (slot, card): MISREAD ** sum(1 for r in readings if r[0] == slot and _breaks(r, card, wild))
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
