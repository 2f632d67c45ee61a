"""The one game interface that every Cercle game implements.

A game is a :class:`Game` subclass registered in :mod:`engine.registry`. The services, the
bots, the CLI and the tests only ever talk to this interface, so none of them special-cases a
game (STYLE practice 3):

- ``new_match(options, players, seed)`` builds the initial state;
- ``legal_actions(state, seat)`` lists what a seat may do now, out-of-turn calls included;
- ``pending(state)`` says whose decision the table waits for (and which clock runs for it);
- ``apply(state, seat, action, version=...)`` returns a :class:`Transition`: a *new* state and
  the :class:`Event` s it caused, each with its audience. Illegal input raises an
  :class:`IllegalAction` subclass and leaves the given state untouched;
- ``view(state, seat)`` is the only way hidden information leaves a state (``seat=None`` is a
  spectator);
- ``outcome(state)`` is ``None`` while the match runs, then an :class:`Outcome`;
- ``encode(state)`` / ``decode(data)`` is the compact storage form, exact on round trip.

Every state carries a ``version`` (bumped by each accepted action) and its own seeded
:class:`~engine.rng.Rng`, so the same seed and the same actions give the same match.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, TypeVar

from engine.codec import state_cloner, state_from_data, state_to_data
from engine.events import PUBLIC, Audience, Event, only
from engine.rng import Rng

__all__ = [
    "PUBLIC",
    "Audience",
    "ClockSpec",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidOptions",
    "MatchFinished",
    "NotYourTurn",
    "OptionSpec",
    "Outcome",
    "Pending",
    "StaleVersion",
    "State",
    "Timeout",
    "TooLate",
    "Transition",
    "WrongGame",
    "only",
]

S = TypeVar("S", bound="State")
_St = TypeVar("_St", bound="State")

OptionValue = int | bool | str
"""What an option holds once validated."""


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The state it was tried on is unchanged.

    ``reason`` is a stable code (``NOT_YOUR_TURN``, ``ILLEGAL_CARD``...) a frontend can
    translate; ``message`` is an English sentence a player can read; ``details`` are the
    refusal's values as strings (e.g. the card at fault and why), which reach the frontend as
    ``ErrorInfo.metadata``. None of them may contain a secret: describe only what the acting
    seat already knows.
    """

    reason: ClassVar[str] = "ILLEGAL_ACTION"

    def __init__(
        self, message: str, *, reason: str | None = None, details: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, str] = dict(details or {})
        if reason is not None:
            self.reason = reason  # type: ignore[misc]


class NotYourTurn(IllegalAction):
    reason = "NOT_YOUR_TURN"


class TooLate(IllegalAction):
    """An out-of-turn call or claim that another accepted action has overtaken (a race)."""

    reason = "TOO_LATE"


class StaleVersion(IllegalAction):
    """The action was based on an older version of the match than the current one."""

    reason = "STALE_VERSION"

    def __init__(
        self, expected: int, current: int, *, reason: str | None = None, message: str | None = None
    ) -> None:
        super().__init__(
            message
            or (
                f"the match has moved on (you saw version {expected}, it is now {current}); "
                "refresh and try again"
            ),
            reason=reason,
        )
        self.expected = expected
        self.current = current


class MatchFinished(IllegalAction):
    reason = "MATCH_FINISHED"


class WrongGame(IllegalAction):
    """The action belongs to another game, or is not an action at all."""

    reason = "UNKNOWN_ACTION"


class InvalidOptions(ValueError):
    """A room option that does not exist or whose value is out of range."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option
        self.message = message


# --------------------------------------------------------------------------------------------
# Small value types
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Timeout:
    """The action the server applies for a seat whose clock ran out.

    Every game accepts it from a seat listed in ``pending(state)`` and resolves it with the
    timeout rule of its rules file; its events carry ``timeout: True``. A client can never
    send it: the services build it only from an expired deadline.
    """


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the table waits for: ``seat`` must act, under the clock named ``clock``.

    ``clock`` is one of the game's :class:`ClockSpec` kinds (``"turn"``, ``"vote"``...).
    """

    seat: int
    clock: str


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """The result of applying one action: the new state and what it caused."""

    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended.

    ``winners`` are seats (all seats for a cooperative win, none for a cooperative loss);
    ``scores`` has one entry per seat, with the meaning the game's docs give (Tomahawk:
    penalty points, lower is better). ``reason`` is a stable code such as ``TARGET_SCORE``
    (the contract's ``OutcomeReason``); ``detail`` is an instance of the game's
    :attr:`Game.outcome_type` (a frozen dataclass), or None.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    detail: Any = None


# --------------------------------------------------------------------------------------------
# Game metadata
# --------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------
# States and games
# --------------------------------------------------------------------------------------------


class State:
    """Base of every game state: a mutable ``@dataclass(eq=True, repr=False, slots=True)``.
    Mutable inside the engine only; ``apply`` works on a clone.

    Fields hold plain data (ints, strings, lists, tuples, frozen dataclasses, the
    :class:`~engine.rng.Rng`), so the storage form and the copy are written once, in
    :mod:`engine.codec`, from the field types: :meth:`to_data` is the list of the stored
    fields in declaration order, :meth:`from_data` its inverse, :meth:`clone` a deep copy. A
    field computed from the others is declared ``field(metadata=derived())`` and recomputed
    by :meth:`restore`. ``rng`` and any hidden card order are secrets: they never leave the
    engine except through ``encode`` for storage.
    """

    __slots__ = ()

    version: int
    rng: Rng

    def clone(self: _St) -> _St:
        """A deep copy (lists copied, immutable values shared)."""
        return state_cloner(type(self))(self)

    def to_data(self) -> list[Any]:
        """A JSON-compatible list holding the whole state."""
        return state_to_data(self)

    @classmethod
    def from_data(cls: type[_St], data: list[Any]) -> _St:
        """The inverse of :meth:`to_data`."""
        state = state_from_data(cls, data)
        state.restore()
        return state

    def restore(self) -> None:
        """Recompute the fields that are not stored (``derived()``); nothing by default."""

    def __repr__(self) -> str:
        # The raw state holds every secret: never let it reach a log line by accident.
        return f"<{type(self).__name__} version={self.version}>"


class Game(ABC, Generic[S]):
    """A game's rules. Stateless: every method takes the state it works on.

    Subclasses set ``info`` and ``state_type`` and implement the abstract methods. ``apply``
    is implemented here once: it refuses finished matches, stale versions and timeouts from
    seats nobody waits for, clones the state, lets the game play on the clone
    (:meth:`play`) and bumps the version.
    """

    info: ClassVar[GameInfo]
    state_type: ClassVar[type[State]]
    action_types: ClassVar[tuple[type, ...]] = ()
    """Every action class of the game (not :class:`Timeout`), in a stable order: the
    services map each one to a protobuf message."""
    event_types: ClassVar[tuple[type[Event], ...]] = ()
    """Every :class:`engine.events.Event` subclass the game emits, in a stable order: the
    services map each one to a field of the game's ``<Game>Event`` protobuf message."""
    dormant_events: ClassVar[tuple[type[Event], ...]] = ()
    """Event classes the game emits only when one of its rules' ``[decision]`` constants is
    switched the other way (so no option of a room produces them); the game's own tests
    produce them with the switch flipped."""
    outcome_type: ClassVar[type | None] = None
    """The frozen dataclass of the game's :attr:`Outcome.detail`."""
    codec_version: ClassVar[int] = 1

    # -- options --------------------------------------------------------------------------

    def catalogue(self) -> Any:
        """The game's static catalogue (every card, tile or spirit with its face, counts,
        points, needs and powers), as the game's frozen catalogue dataclass."""
        raise NotImplementedError

    def validate_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option with its default, overridden by ``raw``; unknown names are refused."""
        known = {spec.name: spec for spec in self.info.options}
        for name in raw:
            if name not in known:
                raise InvalidOptions(name, f"{self.info.name} has no option {name!r}")
        return {
            name: (spec.parse(raw[name]) if name in raw else spec.default)
            for name, spec in known.items()
        }

    def check_players(self, players: int) -> None:
        if not self.info.min_players <= players <= self.info.max_players:
            raise InvalidOptions(
                "players",
                f"{self.info.name} is played by {self.info.min_players} to "
                f"{self.info.max_players} players",
            )

    # -- the interface ----------------------------------------------------------------------

    @abstractmethod
    def new_match(self, options: Mapping[str, OptionValue], players: int, seed: int) -> S:
        """The initial state. ``options`` are validated ones (see :meth:`validate_options`)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Any]:
        """What ``seat`` may do now, out-of-turn calls included; empty if nothing.

        Where an action carries free text (a story), one representative per choice is listed.
        """

    def calls(self, state: S, seat: int) -> list[Any]:
        """The out-of-turn calls ``seat`` may make now believing them right, from what the
        table shows, right or wrong: a wrong one is played and costs what the rules say; one
        another call overtook is refused. Holds every legal call of :meth:`legal_actions`."""
        return []

    def reaction_wait(
        self, state: S, options: Mapping[str, OptionValue], people: frozenset[int]
    ) -> float:
        """Seconds every bot move waits at least after the change that led to ``state``, so
        the seats in ``people`` (persons, not bots) can take an out-of-turn chance first."""
        return 0.0

    @abstractmethod
    def pending(self, state: S) -> tuple[Pending, ...]:
        """The seats whose decision the table waits for, each with its clock kind."""

    @abstractmethod
    def play(self, state: S, seat: int, action: Any) -> list[Event]:
        """Apply ``action`` by ``seat`` to ``state`` IN PLACE and return the events.

        Called by :meth:`apply` on a clone. Must validate everything before changing anything
        it cannot undo (raise :class:`IllegalAction`; the clone is then thrown away).
        ``action`` may be :class:`Timeout` for a pending seat.
        """

    @abstractmethod
    def view(self, state: S, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may see, as the game's frozen view dataclass."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the match goes on."""

    def apply(
        self, state: S, seat: int, action: object, *, version: int | None = None
    ) -> Transition[S]:
        """Apply one action; ``version`` is the match version the actor based it on.

        Returns a new state; ``state`` is never changed, even when the action is refused.
        """
        self._check(state, seat, action, version)
        new = state.clone()
        events = self.play(new, seat, action)
        new.version = state.version + 1
        return Transition(new, tuple(events))

    def step(
        self, state: S, seat: int, action: object, *, version: int | None = None
    ) -> tuple[Event, ...]:
        """Apply one action IN PLACE and return its events: :meth:`apply` without the copy,
        for simulations that own their state (bot rollouts, benchmarks; like rlcard's
        ``game.step``). If the action is refused the state must be thrown away."""
        # The common case needs no further check; otherwise _check finds what is wrong.
        if (
            version is not None
            or not 0 <= seat < self.seats(state)
            or isinstance(action, Timeout)
            or self.outcome(state) is not None
        ):
            self._check(state, seat, action, version)
        events = self.play(state, seat, action)
        state.version += 1
        return tuple(events)

    def _check(self, state: S, seat: int, action: object, version: int | None) -> None:
        if version is not None and version != state.version:
            since = self.unordered_since(state)
            if since is None or not since <= version <= state.version:
                raise self.stale(state, version, action)
        if self.outcome(state) is not None:
            raise MatchFinished("the match is over")
        if not 0 <= seat < self.seats(state):
            raise NotYourTurn(f"there is no seat {seat} at this table")
        if isinstance(action, Timeout) and all(p.seat != seat for p in self.pending(state)):
            raise NotYourTurn("no clock runs for this seat")

    def unordered_since(self, state: S) -> int | None:
        """The version at which the current phase began, when the order of its actions cannot
        matter (simultaneous sealed votes): an action based on any version from it on is
        judged against the state as it is now, not refused as stale (it is still refused if
        it has become illegal). ``None`` (the default): every action must be based on the
        current version."""
        return None

    def stale(self, state: S, expected: int, action: object) -> StaleVersion:
        """The error for an action based on an older version (a game may word it, e.g. as
        TOO_LATE for out-of-turn claims that lost a race)."""
        return StaleVersion(expected, state.version)

    @abstractmethod
    def seats(self, state: S) -> int:
        """How many seats the match has."""

    @abstractmethod
    def determinize(self, state: S, seat: int | None, rng: Rng) -> S:
        """A state ``seat`` cannot tell apart from ``state``, with every secret hidden from
        ``seat`` (other hands, face-down cards, pile order, sealed votes, the state's own
        RNG) drawn again at random from ``rng``, consistently with all ``seat`` has seen.

        Used by search bots (sample worlds from a seat's knowledge) and by the leak tests:
        ``view(state, seat) == view(determinize(state, seat, rng), seat)`` must hold, or the
        view shows something the seat may not know. ``state`` itself is not changed.
        """

    def is_legal(self, state: S, seat: int, action: object) -> bool:
        """Whether ``apply`` would accept ``action`` now (tries it on a clone)."""
        try:
            self.apply(state, seat, action)
        except IllegalAction:
            return False
        return True

    # -- storage ----------------------------------------------------------------------------

    def encode(self, state: S) -> bytes:
        """The compact storage form: JSON of ``[codec_version, state.to_data()]``."""
        return json.dumps(
            [self.codec_version, state.to_data()], separators=(",", ":"), ensure_ascii=False
        ).encode()

    def decode(self, data: bytes) -> S:
        codec, body = json.loads(data)
        if codec != self.codec_version:
            raise ValueError(f"{self.info.id} state codec {codec} is not {self.codec_version}")
        return self.state_type.from_data(body)  # type: ignore[return-value]
