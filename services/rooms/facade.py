"""The room layer's facade: :class:`Rooms`, what the servicers and the timer loop hold.

No gRPC here: methods take a :class:`~services.rooms.records.Player` and plain values,
return typed records (``services.rooms.records``), and raise
:class:`~services.errors.RoomError`. ``Rooms`` makes the parts of the room layer and holds
them, each given what it needs (no part imports another's class to call back into it):

- :attr:`Rooms.changes` (:mod:`services.rooms.changes`): load, plan, compare-and-set; every
  change of a room goes through it. If another replica changed the room in between, the
  change is planned again from the fresh room; if the *match* moved on, the actor gets
  ``STALE_VERSION``;
- :attr:`Rooms.actions` (:mod:`services.rooms.act`): the Act path, a player's move
  (:meth:`Rooms.act`) and the server's own (timeouts, bots);
- :attr:`Rooms.lobby` (:mod:`services.rooms.lobby`): create, join, leave, ready, bots, start;
- :attr:`Rooms.moves` (:mod:`services.rooms.server_moves`): the deadlines that fell due,
  pauses and resumes;
- :attr:`Rooms.presence` (:mod:`services.rooms.presence`): who is at a table;
- :attr:`Rooms.inbox` (:mod:`services.rooms.inbox`): the players' notifications, told after
  each commit; :attr:`Rooms.invitations` (:mod:`services.rooms.invitations`): inviting a
  player and answering; :attr:`Rooms.turn_seats` (:mod:`services.rooms.turns`): the cap on a
  player's open turn-based rooms.

The pure planners are :mod:`services.rooms.planning` (an action),
:mod:`services.rooms.clocks` (deadlines, pauses) and :mod:`services.rooms.bot_seats` (bots'
moves and the takeover of a seat).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.core import Game, State
from services.clock import Clock
from services.rate_limits import DeferredTake, Limits
from services.rooms.act import Actions, ActResult
from services.rooms.changes import RoomChanges
from services.rooms.inbox import Inbox
from services.rooms.invitations import Invitations
from services.rooms.lobby import Lobby
from services.rooms.presence import UNATTENDED_GRACE_SECONDS, Presence
from services.rooms.records import LogEntry, Player, RoomRecord
from services.rooms.server_moves import ServerMoves
from services.rooms.turns import TurnSeats
from services.rooms.warm import WarmRooms
from services.store import Store


@dataclass(slots=True)
class Snapshot:
    """A room with its decoded match state, as the view functions need it."""

    record: RoomRecord
    game: Game[Any, Any, Any]
    state: State | None


class Rooms:
    """Lobby and match operations. One per process; stateless between calls."""

    def __init__(
        self,
        store: Store,
        clock: Clock,
        *,
        unattended_grace: float = UNATTENDED_GRACE_SECONDS,
        limits: Limits | None = None,
        warm: WarmRooms | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        """Server time, the replica's one clock (``services.clock``)."""
        self.limits = limits or Limits.from_env()
        self.warm = warm if not store.cluster else None
        """This replica's copies of the rooms it follows (``services.rooms.warm``): a
        player's move on one is planned without a load and committed in one round trip.
        None on Redis Cluster, whose rate and idempotency-owner keys live in other slots
        than the room (there a move loads, then commits: two round trips)."""
        self.turn_seats = TurnSeats(store)
        """The cap on each player's open turn-based rooms (``services.rooms.turns``)."""
        self.inbox = Inbox(store, clock)
        """The players' notifications (``services.rooms.inbox``), told after each commit."""
        self.changes = RoomChanges(store, clock, self.warm, self.turn_seats, self.inbox)
        self.actions = Actions(self.changes)
        self.lobby = Lobby(self.changes, self.limits, self.turn_seats)
        self.invitations = Invitations(self.changes, self.lobby, self.inbox)
        self.presence = Presence(store, clock, unattended_grace, self.resume)
        self.moves = ServerMoves(self.changes, self.actions, self.presence, unattended_grace)

    async def load(self, room_id: str) -> RoomRecord:
        return await self.changes.load(room_id)

    async def load_for_view(
        self, room_id: str
    ) -> tuple[RoomRecord, LogEntry | None, frozenset[str]]:
        """The room, its log's last entry and who is connected (one round trip)."""
        return await self.changes.load_for_view(room_id)

    async def read_log(self, room_id: str, after_seq: int) -> list[LogEntry]:
        return await self.store.rooms.read_log(room_id, after_seq)

    def snapshot(self, record: RoomRecord) -> Snapshot:
        game = registry.get(record.meta.game)
        state = game.decode(record.state) if record.state else None
        return Snapshot(record, game, state)

    async def act(
        self,
        room_id: str,
        player: Player,
        action: Any,
        *,
        version: int | None,
        request_id: str = "",
        game_id: str | None = None,
        rate: DeferredTake | None = None,
    ) -> ActResult:
        """A player's Act (:meth:`services.rooms.act.Actions.by_player`)."""
        return await self.actions.by_player(
            room_id,
            player,
            action,
            version=version,
            request_id=request_id,
            game_id=game_id,
            rate=rate,
        )

    async def resume(self, room_id: str) -> None:
        """Start a paused table again (:meth:`ServerMoves.resume`): one of its humans is
        back (given to :class:`Presence`, which sees them come)."""
        await self.moves.resume(room_id)
