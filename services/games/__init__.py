"""Where protobuf meets the engine: one :class:`GameContract` per game.

A game's contract pairs its engine action classes (``Game.action_types``) and its view with
the generated messages of ``protos/cercle/v1/<game>.proto``, by the naming rules of
``convert``; the room layer and servicers only use contracts, never a game's classes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cercle.v1 import game_pb2, lobby_pb2
from google.protobuf.message import Message

from engine import codec
from engine.core import Outcome
from engine.events import Event
from services.games.convert import ConversionError, from_proto, to_proto
from services.rooms.events import ROOM_EVENT_TYPES, RoomEvent
from services.text import clean_text


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True)
class GameContract:
    """How one game's actions and views cross the wire.

    ``actions`` are the engine's action classes; in the game's ``<Game>Action`` message each
    one is the oneof field named after the class in snake_case (``PlayCard`` ->
    ``play_card``), whose message has the dataclass's fields.
    """

    game_id: str
    actions: tuple[type, ...]
    events: tuple[type[Event], ...] = ()
    outcome_type: type | None = None

    @cached_property
    def _by_field(self) -> dict[str, type]:
        return {_snake(cls.__name__): cls for cls in self.actions}

    @cached_property
    def event_kinds(self) -> Mapping[str, type[Event]]:
        """Every event class that can stand in this game's room log, by kind: the room's own
        events and the game's (their kinds never clash; a test checks it)."""
        return codec.kinds((*ROOM_EVENT_TYPES, *self.events))

    def __hash__(self) -> int:
        return hash(self.game_id)

    def action_from_proto(self, action: game_pb2.Action) -> object:
        """The engine action of an ``Action``; raises :class:`ConversionError`."""
        which = action.WhichOneof("game")
        if which is None:
            raise ConversionError("action", "the action is empty")
        if which != self.game_id:
            raise ConversionError("action", f"this room plays {self.game_id}, not {which}")
        inner: Message = getattr(action, which)
        kind = inner.WhichOneof("action")
        if kind is None:
            raise ConversionError(f"action.{which}", "choose an action")
        cls = self._by_field.get(kind)
        if cls is None:
            raise ConversionError(f"action.{which}", f"{kind} is not an action of {self.game_id}")
        try:
            return _cleaned(from_proto(getattr(inner, kind), cls))
        except ConversionError as exc:
            raise ConversionError(f"action.{which}.{kind}.{exc.field}", exc.message) from None
        except (TypeError, ValueError) as exc:
            raise ConversionError(f"action.{which}.{kind}", str(exc)) from None

    def action_to_proto(self, action: object) -> game_pb2.Action:
        message = game_pb2.Action()
        inner = getattr(message, self.game_id)
        to_proto(action, getattr(inner, _snake(type(action).__name__)))
        return message

    def view_to_proto(self, view: object) -> game_pb2.View:
        message = game_pb2.View()
        to_proto(view, getattr(message, self.game_id))
        return message

    # -- storage (engine codec) ---------------------------------------------------------------

    def action_to_data(self, action: object) -> list[Any]:
        """The stored form of an action: ``[kind, *fields]`` (engine codec)."""
        return [_snake(type(action).__name__), *codec.to_data(action)]

    def action_from_data(self, data: list[Any]) -> object:
        kind, *values = data
        return codec.from_data(self._by_field[kind], values)

    def encode_events(self, events: Iterable[Event]) -> list[list[Any]]:
        return [codec.encode_event(e) for e in events]

    def decode_events(self, data: Iterable[list[Any]]) -> list[Event]:
        kinds = self.event_kinds
        return [codec.decode_event(kinds, item) for item in data]

    def outcome_to_data(self, outcome: Outcome) -> dict[str, Any]:
        return {
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "reason": outcome.reason,
            "detail": None if outcome.detail is None else codec.to_data(outcome.detail),
        }

    def outcome_from_data(self, data: Mapping[str, Any]) -> Outcome:
        detail = data.get("detail")
        if detail is not None and self.outcome_type is not None:
            detail = codec.from_data(self.outcome_type, detail)
        return Outcome(tuple(data["winners"]), tuple(data["scores"]), data["reason"], detail)

    # -- events, outcomes and catalogues on the wire -------------------------------------------

    def event_to_proto(self, event: Event, *, private: bool | None = None) -> game_pb2.Event:
        """The ``Event`` message of an engine or room event (``private`` defaults to whether
        the event has a restricted audience)."""
        message = game_pb2.Event(private=event.audience is not None if private is None else private)
        if isinstance(event, RoomEvent):
            to_proto(event, getattr(message.room, event.kind))
        else:
            to_proto(event, getattr(getattr(message, self.game_id), event.kind))
        return message

    def event_from_proto(self, message: game_pb2.Event) -> Event:
        """The engine or room event of an ``Event`` message (audience not restored)."""
        which = message.WhichOneof("event")
        if which is None:
            raise ConversionError("event", "the event is empty")
        inner: Message = getattr(message, which)
        kind = inner.WhichOneof("event")
        cls = self.event_kinds.get(kind or "")
        if cls is None:
            raise ConversionError("event", f"unknown event {which}.{kind}")
        event: Event = from_proto(getattr(inner, kind or ""), cls)
        return event

    def outcome_to_proto(self, outcome: Outcome) -> game_pb2.Outcome:
        message = game_pb2.Outcome(winners=outcome.winners, scores=outcome.scores)
        message.reason = game_pb2.OutcomeReason.Value("OUTCOME_REASON_" + outcome.reason.upper())
        if outcome.detail is not None:
            to_proto(outcome.detail, getattr(message, self.game_id))
        return message

    def catalogue_to_proto(self, catalogue: Any) -> lobby_pb2.GetGameCatalogueResponse:
        message = lobby_pb2.GetGameCatalogueResponse()
        to_proto(catalogue, getattr(message, self.game_id))
        return message


def _cleaned(action: Any) -> Any:
    """The action with its text fields (a story) through ``clean_text``: free text from a
    player is cleaned before any engine sees it (names and values that are not free text
    come out unchanged)."""
    changes = {
        f.name: clean_text(value)
        for f in dataclasses.fields(action)
        if isinstance(value := getattr(action, f.name), str)
    }
    return dataclasses.replace(action, **changes) if changes else action


_CONTRACTS: dict[str, GameContract] = {}


def contract_for(game_id: str) -> GameContract:
    """The contract of a registered game (KeyError for an unknown id)."""
    contract = _CONTRACTS.get(game_id)
    if contract is None:
        from engine import registry

        game = registry.get(game_id)
        if not game.action_types:
            raise KeyError(f"{game_id} declares no action_types")
        contract = _CONTRACTS[game_id] = GameContract(
            game_id, game.action_types, game.event_types, game.outcome_type
        )
    return contract
