"""Full matches of every game through the API: two replicas, one Redis, real channels.

After each match the test replays it through the engine from the revealed seed and checks
EVERY update each player's stream carried:
- the seq numbers are 1..N with no gap and no repeat;
- the view is exactly the engine's view for that seat at that version (the engine's views
  are leak-checked by the conformance test), so no hand, face-down card, sealed vote or peek
  of anyone else reached the player;
- the events are exactly those whose audience includes the player;
- the seed appears nowhere before the last update, and the commitment published at the start
  matches it.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from clients.options import plain_options
from engine import registry
from engine.core import State
from engine.events import Event
from services.games import contract_for
from services.rooms.events import RoomEvent
from tests.services.play import open_table, play_randomly, stop_all, subscribe_all, wait_for

TABLES = {
    "tomahawk": (4, {"target_score": "40", "turn_seconds": "0"}),
    "tamashii": (3, {"decision_seconds": "0"}),
    "tomy": (4, {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"}),
    "awimbawe": (2, {"decision_seconds": "0"}),
}


@pytest.mark.parametrize("game_id", sorted(TABLES))
async def test_full_match_through_two_replicas(
    replicas: list[str], replica_log_dir: Path, game_id: str
) -> None:
    from google.protobuf import json_format

    players, options = TABLES[game_id]
    room_id, seats = await open_table(replicas, game_id, players, options)
    try:
        await subscribe_all(room_id, seats)
        accepted = await play_randomly(room_id, seats, random.Random(7))
        assert accepted > 0
        final = await seats[0].client.view(room_id)
        await wait_for(
            lambda: all(s.updates and s.updates[-1].seq == final.room.seq for s in seats)
        )
        replay = await seats[1].client.replay(room_id)
    finally:
        await stop_all(seats)

    game = registry.get(game_id)
    contract = contract_for(game_id)
    seed = replay.match.seed
    assert (
        hashlib.sha256(f"{seed}:{replay.match.seed_nonce}".encode()).hexdigest()
        == replay.match.seed_commitment
    )
    validated = game.validate_options(plain_options(replay.match.options))
    # Rebuild every state by version from the seed and the recorded actions.
    state: State = game.new_match(validated, replay.match.players, seed)
    states = {state.version: state}
    expected_events: dict[int, tuple[Event, ...]] = {}
    for step in replay.steps:
        if step.timeout:
            from engine.core import Timeout

            action: object = Timeout()
        else:
            action = contract.action_from_proto(step.action)
        transition = game.apply(state, step.seat, action, version=state.version)
        state = transition.state
        assert state.version == step.version
        states[state.version] = state
        expected_events[step.seq] = transition.events
    assert game.outcome(state) is not None
    assert json_format.MessageToDict(final.outcome) == json_format.MessageToDict(
        replay.match.outcome
    )

    seed_text = str(seed)
    for seat in seats:
        seqs = [u.seq for u in seat.updates]
        assert seqs == list(range(1, len(seqs) + 1)), "gap or repeat in the stream"
        for update in seat.updates:
            if update.HasField("view"):
                expected_view = contract.view_to_proto(game.view(states[update.version], seat.seat))
                assert update.view == expected_view, (
                    f"seat {seat.seat} seq {update.seq}: view differs"
                )
            if update.seq in expected_events:
                # The typed events a seat receives are exactly the engine's events it may see.
                want = [
                    contract.event_to_proto(e)
                    for e in expected_events[update.seq]
                    if e.visible_to(seat.seat)
                ]
                got = [
                    e
                    for e in update.events
                    if not isinstance(contract.event_from_proto(e), RoomEvent)
                ]
                assert got == want, f"seat {seat.seat} seq {update.seq}: events differ"
            if update is not seat.updates[-1]:
                assert seed_text not in str(update), "the seed leaked before the end"
        assert seed_text in str(seat.updates[-1].events), "the last update reveals the seed"

    # The servers' logs name rooms, seats and actions, never a secret.
    logs = "".join(p.read_text() for p in replica_log_dir.glob("*.log"))
    assert room_id in logs, "the logs do record the room"
    for secret in (seed_text, replay.match.seed_nonce, *(s.client.token for s in seats)):
        assert secret not in logs
