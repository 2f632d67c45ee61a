"""The one state codec (``engine.codec``): rooms stored before it still load, byte for byte.

``fixtures/stored_states.json`` holds ``Game.encode`` of seeded mid-match states of every game,
written by the hand-listed codecs each game had before the state codec was driven by the
dataclass fields. Redis holds states in that form, so decoding and re-encoding them must give
the very same bytes.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.codec import state_cloner
from engine.core import State
from engine.games.tomahawk import TomahawkState

STORED: dict[str, str] = json.loads(
    (Path(__file__).parent / "fixtures" / "stored_states.json").read_text()
)


@pytest.mark.parametrize("key", sorted(STORED))
def test_states_stored_by_the_old_codecs_decode_and_encode_to_the_same_bytes(key: str) -> None:
    game = registry.get(key.split("/")[0])
    stored = STORED[key].encode()
    state = game.decode(stored)
    codec, body = json.loads(stored)
    if codec < game.codec_version:  # stored before a field was added: upgraded on load
        again_codec, again = json.loads(game.encode(state))
        assert again_codec == game.codec_version
        assert again[: len(body)] == body  # new fields come after every stored one
        stored = game.encode(state)
    assert game.encode(state) == stored
    assert game.encode(state.clone()) == stored
    assert state.clone() == state


def test_a_tomy_vote_stored_by_codec_1_accepts_only_the_current_version() -> None:
    """MT-VOTE-1: codec 2 stores when a vote began; a room stored before that treats its
    vote as beginning now (the old rule: only the current version), never earlier."""
    game = registry.get("tomy")
    for key in sorted(k for k in STORED if k.startswith("tomy/")):
        assert json.loads(STORED[key])[0] == 1
        state = game.decode(STORED[key].encode())
        assert state.vote_opened == state.version


@pytest.mark.parametrize("key", sorted(STORED))
def test_a_clone_shares_no_list_with_its_original(key: str) -> None:
    game = registry.get(key.split("/")[0])
    state: State = game.decode(STORED[key].encode())
    copy = state.clone()

    def lists(value: Any) -> list[list[Any]]:
        if isinstance(value, list):
            return [value, *(inner for item in value for inner in lists(item))]
        return []

    assert dataclasses.is_dataclass(state)
    for field in dataclasses.fields(state):
        mine, theirs = getattr(state, field.name), getattr(copy, field.name)
        assert not {id(x) for x in lists(mine)} & {id(x) for x in lists(theirs)}, field.name
    assert copy.rng is not state.rng and copy.rng == state.rng


def test_tomahawk_keeps_the_number_of_one_card_hands_out_of_storage() -> None:
    """``ones`` is derived from the hands: not stored, recomputed on decode."""
    game = registry.get("tomahawk")
    state = game.decode(STORED["tomahawk/3"].encode())
    assert isinstance(state, TomahawkState)
    names = [f.name for f in dataclasses.fields(state)]
    assert len(state.to_data()) == len(names) - 1
    assert state.ones == sum(1 << seat for seat, hand in enumerate(state.hands) if len(hand) == 1)


def test_the_clone_function_is_written_once_per_state_class() -> None:
    for game in registry.games():
        assert state_cloner(game.state_type) is state_cloner(game.state_type)
