"""What a game tells about itself (:class:`GameInfo`, its ``Game.info``): the table sizes it is
played at, the room options it takes (:class:`OptionSpec`, refused with
:class:`InvalidOptions`) and its kinds of decision clock (:class:`ClockSpec`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

OptionValue = int | bool | str
"""The value of a room option, as the game reads it."""


class InvalidOptions(ValueError):
    """A room option that does not exist or whose value is out of range."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option
        self.message = message


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One room option: its type, default and allowed values (its description is in the
    message catalogues: ``game-<id>-option-<name>`` in ``i18n/locales``)."""

    name: str
    kind: Literal["int", "bool", "choice"]
    default: OptionValue
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    unset_value: int | None = None
    """For an int option, a value outside ``[minimum, maximum]`` that means "none chosen"
    (``first_player`` -1: a seat drawn at random); the contract shows it as an unset field."""

    def parse(self, raw: object) -> OptionValue:
        """Validate ``raw`` (a typed value, or its text form) and return the typed value."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.strip().lower() in ("true", "1", "yes", "on", "oui"):
                return True
            if isinstance(raw, str) and raw.strip().lower() in ("false", "0", "no", "off", "non"):
                return False
            raise InvalidOptions(self.name, f"option {self.name} takes true or false")
        if self.kind == "int":
            if isinstance(raw, bool):
                raise InvalidOptions(self.name, f"option {self.name} takes a whole number")
            if isinstance(raw, int):
                value = raw
            elif isinstance(raw, str):
                try:
                    value = int(raw.strip())
                except ValueError:
                    raise InvalidOptions(
                        self.name, f"option {self.name} takes a whole number"
                    ) from None
            else:
                raise InvalidOptions(self.name, f"option {self.name} takes a whole number")
            if value == self.unset_value:
                return value
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(
                    self.name, f"option {self.name} must be at least {self.minimum}"
                )
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(
                    self.name, f"option {self.name} must be at most {self.maximum}"
                )
            return value
        # choice
        if not isinstance(raw, str) or raw.strip().upper() not in self.choices:
            raise InvalidOptions(
                self.name, f"option {self.name} takes one of {', '.join(self.choices)}"
            )
        return raw.strip().upper()


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """A kind of decision clock: which option sets its length and what expiry does.

    ``option`` names an int option (seconds; ``0`` means no clock). What expiry does is told
    to players by the message catalogues (``game-<id>-clock-<kind>`` in ``i18n/locales``).
    """

    kind: str
    option: str
    rest: bool = False
    """A rest, not a decision: the table pauses (to read a round's scores, a reveal) and
    its timeout is no missed turn, so it never counts towards a bot taking the seat over."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the catalogue says about a game."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    clocks: tuple[ClockSpec, ...]
    cooperative: bool = False
    """The seats win or lose together (no seat ranks above another): the ladder rates no
    one and keeps the best results instead."""
    turn_based_takeover: int = 3
    """In a turn-based room (clocks in hours or days): the timeouts in a row after which a bot
    plays the seat (at least 2: never after one missed decision). Each timeout before that
    does what the clock's ``Timeout`` does in live play; docs/games/<id>.md says why."""

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise InvalidOptions(name, f"{self.name} has no option {name!r}")

    def clock(self, kind: str) -> ClockSpec:
        for spec in self.clocks:
            if spec.kind == kind:
                return spec
        raise KeyError(kind)
