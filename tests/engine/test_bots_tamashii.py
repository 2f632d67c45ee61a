"""The strong Tamashii team's convention: what a bot reads in its partners' public moves.

:mod:`engine.bots.tamashii_reading` turns public moves into readings ("the card in slot X
is none that these gems cover", "it needs at least these gems"). They are only worth
something if they are true whenever the partners are strong bots, and if they narrow what a
bot believes; the team frees more spirits with them (docs/bots.md has the arena figures).
"""

from __future__ import annotations

import statistics
from typing import Any

from engine import registry
from engine.bots.arena import play_match
from engine.bots.tamashii import TamashiiBot
from engine.bots.tamashii_reading import _breaks, beliefs, read_events
from engine.core import State
from engine.events import Event
from engine.games.tamashii.cards import Gems
from engine.games.tamashii.events import GemDrawn, GemsPlaced, SlotPeeked

HI, YAMI = 2, 6


def test_readings_of_strong_partners_never_contradict_the_cards() -> None:
    """Over whole matches of strong bots (three levels, three table sizes), every reading in
    every seat's memory holds for the card really in that slot."""
    checked = 0
    for seed, (players, level) in enumerate(((3, "STANDARD"), (4, "NIGHTMARE"), (2, "NOVICE"))):
        for match in range(6):
            checked += _check_readings(players, level, 40 + 7 * seed + match)
    assert checked > 200, checked


def _check_readings(players: int, level: str, seed: int) -> int:
    """Plays one match of strong bots; checks every reading after every move."""
    game = registry.get("tamashii")
    memories: list[Any] = []
    checked = 0

    def step(state: State, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        nonlocal checked
        real: Any = state
        for memory in memories:
            for reading in (memory or {}).get("pub", {}).get("readings", []):
                card = real.cards[reading[0]]
                assert not _breaks(reading, card, level == "NOVICE"), (reading, card)
                checked += 1

    bots = [Watch(game, memories) for _ in range(players)]
    play_match(game, bots, seed, options={"level": level}, on_step=step)
    return checked


class Watch(TamashiiBot):
    """A strong bot whose latest memory the test can read."""

    def __init__(self, game: Any, memories: list[Any]) -> None:
        super().__init__(game)
        self.memories = memories
        memories.append(None)

    def observe(self, memory: Any, seat: int, events: Any) -> Any:
        memory = super().observe(memory, seat, events)
        self.memories[seat] = memory
        return memory


def test_a_partner_drawing_on_rules_out_the_cards_its_gems_would_free() -> None:
    """Seat 1 peeked at slot 2, drew red, red, yellow and placed them elsewhere without
    freeing: slot 2 is neither Hi (2 red) nor Yami (2 red, 1 yellow), or the stop rule would
    have freed it. Seat 0, which saw none of it, now believes so."""
    events = [
        SlotPeeked(1, 2, False),
        GemDrawn(1, "red", False),
        GemDrawn(1, "red", True),
        GemDrawn(1, "yellow", True),
        GemsPlaced(1, 4, Gems(0, 2, 1, 0), False),
    ]
    pub = read_events(None, 0, events)
    slots = [0, 1, 2, 3, 4, 5]
    believed = beliefs(pub, slots, [1, 2, 3, 4, 5, 6], wild=False)
    at_2 = dict(believed[2])
    assert at_2[HI] + at_2[YAMI] < 0.05
    assert sum(at_2.values()) > 0.999
    assert dict(believed[0])[HI] > 1 / 6  # Hi is somewhere else
    # The same moves read by seat 1 itself teach it nothing new (it knows slot 2).
    assert read_events(None, 1, events)["readings"] == []


def test_the_strong_team_frees_more_than_before_the_readings() -> None:
    """Forty seeded three-player STANDARD matches (the arena's first seeds): the strong team
    frees 3.95 on average; the bot before the readings and the power values freed 3.75
    there."""
    game = registry.get("tamashii")
    freed = []
    for index in range(40):
        bots = [TamashiiBot(game) for _ in range(3)]
        result = play_match(game, bots, 1_000_003 * (index + 1), options={"level": "STANDARD"})
        assert result.outcome is not None
        freed.append(result.outcome.detail.freed)
    assert statistics.mean(freed) >= 3.9, freed
