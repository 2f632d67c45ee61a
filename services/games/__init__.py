"""Where protobuf meets the engine: one :class:`GameContract` per game.

A game's contract pairs its engine action classes (``Game.action_types``) and its view with
the generated messages of ``protos/cercle/v1/<game>.proto``, by the naming rules of
``convert``; the room layer and servicers only use contracts, never a game's classes.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from cercle.v1 import game_pb2
from google.protobuf import json_format
from google.protobuf.message import Message

from services.games.convert import ConversionError, from_proto, to_proto
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

    @property
    def _by_field(self) -> dict[str, type]:
        return {_snake(cls.__name__): cls for cls in self.actions}

    def __hash__(self) -> int:
        return hash(self.game_id)

    def action_from_proto(self, action: game_pb2.Action) -> Any:
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

    def action_to_proto(self, action: Any) -> game_pb2.Action:
        message = game_pb2.Action()
        inner = getattr(message, self.game_id)
        to_proto(action, getattr(inner, _snake(type(action).__name__)))
        return message

    def view_to_proto(self, view: Any) -> game_pb2.View:
        message = game_pb2.View()
        to_proto(view, getattr(message, self.game_id))
        return message

    def action_to_json(self, action: Any) -> dict[str, Any]:
        return json_format.MessageToDict(self.action_to_proto(action))

    def action_from_json(self, data: dict[str, Any]) -> Any:
        return self.action_from_proto(json_format.ParseDict(data, game_pb2.Action()))


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
        contract = _CONTRACTS[game_id] = GameContract(game_id, game.action_types)
    return contract
