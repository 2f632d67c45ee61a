"""Writes one wire ``cercle.v1.Event`` per event kind of every game, for the TypeScript tests.

Seeded random matches of each registered game (every table size, the options varied, strong
bots on half the seeds, timeouts and late claims, as ``tests/services/test_typed_contract.py``
plays them) run through the Python engine until every event class the game can emit has
appeared; the first event of each kind is converted by the game's contract
(``services.games.contract_for(game).event_to_proto``) and stored serialized, in base64. The
room's own events (``RoomEvent``) are added from sample values.

The output is a JSON file (``clients/ts/test/fixtures/events.json`` by default, ignored by git:
``tools/web.py`` writes it before every run)::

    {"games": {"tomahawk": {"events": {"round_started": "<base64>", ...},
                            "dormant": []}, ...},
     "room": {"created": "<base64>", ...}}

Keys are the oneof field names of the proto (snake_case); ``dormant`` names the event
classes the game declares dormant (``Game.dormant_events``: only a flipped ``[decision]``
constant of the rules emits them), which no match can produce.

Run: ``.venv/bin/python tools/event_fixtures.py [--out PATH]``.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import registry  # noqa: E402
from engine.core import Game  # noqa: E402
from engine.events import Event, snake_case  # noqa: E402
from engine.playout import seeded_match_events  # noqa: E402
from services.games import GameContract, contract_for  # noqa: E402
from services.rooms.events import ROOM_EVENT_TYPES  # noqa: E402

DEFAULT_OUT = ROOT / "clients" / "ts" / "test" / "fixtures" / "events.json"
MAX_SEEDS = 400
"""Seeds tried per game before giving up on an event class that never appeared."""


class MissingEvents(Exception):
    """Some reachable event class did not appear in MAX_SEEDS seeded matches."""


def encode(contract: GameContract, event: Event) -> str:
    return base64.b64encode(contract.event_to_proto(event).SerializeToString()).decode("ascii")


def game_fixtures(game: Game[Any, Any, Any]) -> dict[str, object]:
    """The first event of each reachable kind, encoded, in the order of ``event_types``."""
    contract = contract_for(game.info.id)
    dormant = {snake_case(cls.__name__) for cls in game.dormant_events}
    kinds = [snake_case(cls.__name__) for cls in game.event_types]
    wanted = [kind for kind in kinds if kind not in dormant]
    found: dict[str, str] = {}
    for seed in range(MAX_SEEDS):
        for event in seeded_match_events(game, seed):
            if event.kind not in found:
                found[event.kind] = encode(contract, event)
        if len(found) == len(wanted):
            break
    missing = [kind for kind in wanted if kind not in found]
    if missing:
        raise MissingEvents(f"{game.info.id}: never produced in {MAX_SEEDS} matches: {missing}")
    return {
        "events": {kind: found[kind] for kind in wanted},
        "dormant": sorted(dormant),
    }


def room_fixtures() -> dict[str, str]:
    """One sample of each room event (the same for every game)."""
    contract = contract_for(registry.games()[0].info.id)
    samples: dict[str, str] = {}
    for cls in ROOM_EVENT_TYPES:
        values: dict[str, Any] = {
            f.name: (7 if f.type in (int, "int") else True if f.type in (bool, "bool") else "p-123")
            for f in dataclasses.fields(cls)
            if f.name != "audience"
        }
        samples[cls.kind] = encode(contract, cls(**values))
    return samples


def fixtures() -> dict[str, object]:
    return {
        "games": {game.info.id: game_fixtures(game) for game in registry.games()},
        "room": room_fixtures(),
    }


def summary(data: dict[str, Any]) -> str:
    counts = [f"{game} {len(entry['events'])}" for game, entry in data["games"].items()]
    return ", ".join([*counts, f"room {len(data['room'])}"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"default {DEFAULT_OUT}")
    args = parser.parse_args()
    try:
        data = fixtures()
    except MissingEvents as exc:
        print(f"event-fixtures: FAILED: {exc}", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"event-fixtures: {summary(data)} event kinds -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
