"""Adding a fifth game: the checklist of ``docs/architecture.md``, kept honest.

A toy game defined here (Pebbles: take one or two pebbles, whoever takes the last one wins;
each seat holds a secret lucky number) registers in the engine registry and plays through the
one game interface, its state and events round-trip through the codec, its view hides the
secret; ``tools/game_checklist.py`` then names exactly the items outside the engine that it
still lacks, and finds nothing missing for the games the project ships.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import descriptor_pb2
from google.protobuf.message import Message

from engine import codec, registry
from engine.bots import make_bot
from engine.core import (
    Game,
    IllegalAction,
    NotYourTurn,
    Outcome,
    Pending,
    State,
    Timeout,
    WrongGame,
)
from engine.events import Event, only
from engine.info import ClockSpec, GameInfo, OptionSpec, OptionValue
from engine.playout import random_playout
from engine.rng import Rng
from tools.game_checklist import CHECKLIST, missing
from tools.scaffold_game_proto import Scaffold, proto_prefix

ROOT = Path(__file__).resolve().parents[1]

# -- the toy game: what a new engine package holds, in one screen ----------------------------


@dataclass(frozen=True, slots=True)
class Take:
    count: int


@dataclass(frozen=True, slots=True)
class LuckyNumber(Event):
    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class Took(Event):
    seat: int
    count: int
    left: int


@dataclass(frozen=True, slots=True)
class PebblesOutcome:
    winner: int


@dataclass(eq=True, repr=False, slots=True)
class PebblesState(State):
    version: int
    rng: Rng
    pebbles: int
    turn: int
    lucky: list[int]
    winner: int


@dataclass(frozen=True, slots=True)
class PebblesView:
    seat: int | None
    pebbles: int
    turn: int
    my_lucky_number: int | None


class PebblesGame(Game[PebblesState, Take, PebblesView]):
    info = GameInfo(
        id="pebbles",
        name="Pebbles",
        min_players=2,
        max_players=4,
        options=(OptionSpec("pebbles", "int", 15, minimum=1, maximum=99),),
        clocks=(ClockSpec("turn", "pebbles"),),
    )
    state_type = PebblesState
    action_types = (Take,)
    event_types = (LuckyNumber, Took)
    outcome_type = PebblesOutcome

    def new_match(
        self, options: Mapping[str, OptionValue], players: int, seed: int
    ) -> PebblesState:
        self.check_players(players)
        rng = Rng.from_seed(seed)
        lucky = [rng.below(100) for _ in range(players)]
        return PebblesState(0, rng, int(options["pebbles"]), 0, lucky, -1)

    def seats(self, state: PebblesState) -> int:
        return len(state.lucky)

    def pending(self, state: PebblesState) -> tuple[Pending, ...]:
        return () if state.winner >= 0 else (Pending(state.turn, "turn"),)

    def legal_actions(self, state: PebblesState, seat: int) -> list[Any]:
        if state.winner >= 0 or seat != state.turn:
            return []
        return [Take(n) for n in (1, 2) if n <= state.pebbles]

    def play(self, state: PebblesState, seat: int, action: Any) -> list[Event]:
        if isinstance(action, Timeout):
            action = Take(1)
        if not isinstance(action, Take):
            raise WrongGame("that is not a Pebbles action")
        if seat != state.turn:
            raise NotYourTurn("it is not your turn")
        if action.count not in (1, 2) or action.count > state.pebbles:
            raise IllegalAction("take one or two of the pebbles left", reason="BAD_COUNT")
        state.pebbles -= action.count
        events: list[Event] = [Took(seat, action.count, state.pebbles)]
        if state.pebbles == 0:
            state.winner = seat
        else:
            state.turn = (seat + 1) % len(state.lucky)
            events.append(LuckyNumber(seat, state.lucky[seat], audience=only(seat)))
        return events

    def view(self, state: PebblesState, seat: int | None) -> PebblesView:
        mine = state.lucky[seat] if seat is not None else None
        return PebblesView(seat, state.pebbles, state.turn, mine)

    def outcome(self, state: PebblesState) -> Outcome | None:
        if state.winner < 0:
            return None
        scores = tuple(int(s == state.winner) for s in range(len(state.lucky)))
        return Outcome((state.winner,), scores, "LAST_PEBBLE", PebblesOutcome(state.winner))

    def determinize(self, state: PebblesState, seat: int | None, rng: Rng) -> PebblesState:
        world = state.clone()
        world.rng = Rng(rng.next_u32())
        world.lucky = [n if s == seat else rng.below(100) for s, n in enumerate(world.lucky)]
        return world


@pytest.fixture
def pebbles() -> Iterator[PebblesGame]:
    game = PebblesGame()
    registry.register(game)
    try:
        yield game
    finally:
        registry._GAMES.pop(game.info.id)  # the registry is process-wide: leave it as found


# -- the engine interface: a toy game needs nothing but its package ---------------------------


@pytest.mark.parametrize("seed", range(8))
def test_a_toy_game_registers_and_plays_through_the_engine_interface(
    pebbles: PebblesGame, seed: int
) -> None:
    assert registry.get("pebbles") is pebbles and pebbles in registry.games()
    kinds = codec.kinds(pebbles.event_types)
    steps: list[int] = []

    def check(
        before: State, seat: int, action: Any, after: State, events: tuple[Event, ...]
    ) -> None:
        assert isinstance(after, PebblesState)
        # The state is stored by the one codec, exactly.
        assert pebbles.decode(pebbles.encode(after)) == after
        assert after.clone() == after and after.clone() is not after
        # Every event is stored by the codec with its audience.
        for event in events:
            assert codec.decode_event(kinds, codec.encode_event(event)) == event
        # The view tells a seat nothing a redrawn world would change.
        world = pebbles.determinize(after, seat, Rng.from_seed(seed))
        assert pebbles.view(world, seat) == pebbles.view(after, seat)
        steps.append(seat)

    final, count = random_playout(pebbles, 2 + seed % 3, seed, on_step=check)
    assert isinstance(final, PebblesState)
    outcome = pebbles.outcome(final)
    assert outcome is not None and count == len(steps) > 0
    assert isinstance(outcome.detail, PebblesOutcome)


def test_a_toy_game_refuses_illegal_input_and_gets_a_bot_for_its_seats(
    pebbles: PebblesGame,
) -> None:
    state = pebbles.new_match(pebbles.validate_options({"pebbles": 1}), 2, seed=1)
    with pytest.raises(IllegalAction) as refused:
        pebbles.apply(state, 0, Take(2))
    assert refused.value.reason == "BAD_COUNT" and state.pebbles == 1
    with pytest.raises(NotYourTurn):
        pebbles.apply(state, 1, Take(1))
    bot = make_bot(pebbles, "strong")  # a game without a bot of its own plays at random
    legal = pebbles.legal_actions(state, 0)
    assert bot.choose(pebbles.view(state, 0), legal, None, Rng.from_seed(2)) in legal
    timed_out = pebbles.apply(state, 0, Timeout()).state
    assert pebbles.outcome(timed_out) is not None


# -- the checklist: what the services and the contract still need ----------------------------


def test_a_toy_game_lacks_exactly_the_items_outside_the_engine(pebbles: PebblesGame) -> None:
    assert missing(pebbles) == [item for item in CHECKLIST if item != "engine-package"]


@pytest.mark.parametrize("game_id", [game.info.id for game in registry.games()])
def test_every_shipped_game_meets_the_whole_checklist(game_id: str) -> None:
    assert missing(registry.get(game_id)) == []


def test_the_architecture_doc_lists_every_checklist_item() -> None:
    doc = (ROOT / "docs" / "architecture.md").read_text()
    listed = re.findall(r"^\d+\. \*\*`([a-z0-9-]+)`\*\*", doc, re.M)
    assert listed == list(CHECKLIST)


def _messages(
    messages: Iterable[descriptor_pb2.DescriptorProto], outer: str = ""
) -> Iterator[tuple[str, list[str]]]:
    for message in messages:
        yield outer + message.name, [f.name for f in message.field]
        yield from _messages(message.nested_type, f"{outer}{message.name}.")


@pytest.mark.parametrize("game_id", [game.info.id for game in registry.games()])
def test_the_scaffold_gives_the_messages_of_the_shipped_proto(game_id: str, tmp_path: Path) -> None:
    """``tools/scaffold_game_proto.py`` reads the game's package and writes a .proto that
    compiles and has the checklist's six messages; every message it writes that the shipped
    (reviewed) proto also has carries the same field names (a review may nest a helper
    message, add comments, oneofs and reserved numbers)."""
    from grpc_tools import protoc

    name = proto_prefix(game_id)
    (tmp_path / "cercle" / "v1").mkdir(parents=True)
    (tmp_path / "cercle" / "v1" / "scaffold.proto").write_text(Scaffold(game_id).render())
    out = tmp_path / "scaffold.pb"
    includes = [tmp_path, ROOT / "protos", Path(protoc.__file__).parent / "_proto"]
    argv = ["protoc", *(f"-I{i}" for i in includes), f"--descriptor_set_out={out}"]
    assert protoc.main([*argv, "cercle/v1/scaffold.proto"]) == 0
    (scaffold,) = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file
    written = dict(_messages(scaffold.message_type))
    kinds = ("Action", "Event", "View", "Outcome", "Catalogue", "Options")
    assert {name + kind for kind in kinds} <= set(written)
    shipped = importlib.import_module(f"cercle.v1.{game_id}_pb2")
    for message, fields in written.items():
        found: Any = shipped
        for part in message.split("."):
            found = getattr(found, part, None)
        if isinstance(found, type) and issubclass(found, Message):  # not a reviewed enum
            assert set(fields) == {f.name for f in found.DESCRIPTOR.fields}, message
