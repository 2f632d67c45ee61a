"""The scenarios ``tools/compat.py`` records and checks: what a client does, RPC by RPC.

A thin driver on the generated stubs (requests built with today's classes, sent through
:class:`Downgrade` as a client built on the baseline sends them) and the SDK's plumbing
(channel, token, :meth:`clients.sdk.Client.updates`). Each step keeps the answer it got as a
named golden: a response, the first message of a stream, a chosen Subscribe update, or the
``google.rpc.Status`` of a refusal (its ErrorInfo, BadRequest... details). When the contract
changes, this is the file to update: the names stay, the requests follow the stubs.

Every game in ListGames is played (me + bots, QuickMatch, bots at no delay) to its end with
a seeded choice among the legal actions; :data:`SHAPES` names, per game, the updates worth a
golden of their own (a bot's told story, a Tomahawk call...) and the actions the scripted
player prefers so that they happen. A game missing from it still gets its generic goldens.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import grpc
from cercle.v1 import (
    common_pb2,
    game_pb2,
    game_pb2_grpc,
    lobby_pb2,
    timer_pb2,
    timer_pb2_grpc,
    tomahawk_pb2,
)
from google.protobuf import duration_pb2
from google.protobuf.message import Message
from google.rpc import error_details_pb2  # noqa: F401  (registers the detail types)
from grpc_status import rpc_status

from clients.api_error import ApiError, api_error
from clients.sdk import Client
from deploy.local.cluster import Proc, start_redis, start_replica
from tools.compat_expectations import Baseline, Captured, downgrade

Update = game_pb2.SubscribeResponse
MATCH_SECONDS = 40
REPLAY_STEPS = 24
"""A replay golden keeps its first steps (the deal, the first moves): a whole match is
hundreds of kilobytes of text, and what an old client reads repeats."""
QUOTAS = {
    "CERCLE_ROOMS_PER_ADDRESS_PER_HOUR": "100000",
    "CERCLE_JOIN_FAILURES_PER_ADDRESS": "100000",
}
"""The per-address quotas lifted, as tests/conftest.py does: every scripted player is local."""
RACES = {"STALE_VERSION", "TOO_LATE", "NOT_YOUR_TURN", "BUSY", "RATE_LIMITED"}


def event_cases(update: Update, game: str) -> set[str]:
    """The game event kinds of ``update`` (the oneof case names, e.g. ``story_proposed``)."""
    cases = set()
    for event in update.events:
        if event.WhichOneof("event") == game:
            case = getattr(event, game).WhichOneof("event")
            if case:
                cases.add(case)
    return cases


def _bot_story(update: Update) -> bool:
    return any(
        e.tomy.HasField("story_proposed") and e.tomy.story_proposed.seat != 0 for e in update.events
    )


SHAPES: dict[str, tuple[dict[str, Callable[[Update], bool]], tuple[str, ...]]] = {
    # game: ({golden suffix: which update}, action cases the scripted player prefers)
    "tomy": (
        {
            "bot_story": _bot_story,
            "proposals_view": lambda u: len(u.view.tomy.proposals) > 1,
            "votes_revealed": lambda u: "votes_revealed" in event_cases(u, "tomy"),
        },
        ("propose", "vote"),
    ),
    "tomahawk": (
        {"tomahawk_called": lambda u: "tomahawk_called" in event_cases(u, "tomahawk")},
        ("call_tomahawk", "call_sherif"),
    ),
    "awimbawe": ({"trick_won": lambda u: "trick_won" in event_cases(u, "awimbawe")}, ()),
    "tamashii": (
        {"peeked": lambda u: bool({"peeked", "slot_peeked"} & event_cases(u, "tamashii"))},
        ("peek",),
    ),
}


class Downgrade(
    grpc.aio.UnaryUnaryClientInterceptor,
    grpc.aio.UnaryStreamClientInterceptor,
):
    """Sends each request with only the fields the baseline knows (:func:`downgrade`)."""

    def __init__(self, baseline: Baseline) -> None:
        self.baseline = baseline

    async def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        return await continuation(details, downgrade(self.baseline, request))

    async def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        return await continuation(details, downgrade(self.baseline, request))


class Player:
    """One old client: the SDK's client on a downgrading channel, and what it captured."""

    def __init__(self, address: str, baseline: Baseline, captured: Captured) -> None:
        self.sdk = Client(address)
        self.sdk.channel = grpc.aio.insecure_channel(address, interceptors=[Downgrade(baseline)])
        self.baseline = baseline
        self.plain = grpc.aio.insecure_channel(address)
        """For an action the baseline cannot send (NextRound, the rest after a round): an
        updated client presses it, or an old one would wait each rest out (20 s a round)."""
        self.sdk.lobby = type(self.sdk.lobby)(self.sdk.channel)
        self.sdk.game = type(self.sdk.game)(self.sdk.channel)
        self.timer = timer_pb2_grpc.TimerServiceStub(self.sdk.channel)
        self.captured = captured

    def keep(self, name: str, message: Message) -> Message:
        assert name not in dict(self.captured), f"two goldens named {name}"
        self.captured.append((name, message))
        return message

    async def call(self, name: str, method: Any, request: Message) -> Any:
        """A unary call whose answer is kept as the golden ``name`` ('' keeps nothing)."""
        for attempt in range(5):
            try:
                response = await method(request, metadata=self.sdk.metadata, timeout=10)
                break
            except grpc.aio.AioRpcError as exc:
                error = api_error(exc)
                if error.reason != "RATE_LIMITED" or attempt == 4:
                    raise
                await asyncio.sleep(error.retry_after or 0.1)
        return self.keep(name, response) if name else response

    async def refused(self, name: str, call: Awaitable[Any]) -> None:
        """``call`` must be refused; its ``google.rpc.Status`` is kept as ``name``."""
        try:
            await call
        except grpc.aio.AioRpcError as exc:
            status = rpc_status.from_call(exc)
            assert status is not None, f"{name}: a refusal without details"
            self.keep(name, status)
            return
        raise AssertionError(f"{name}: the call was accepted")

    async def first(self, name: str, method: Any, request: Message) -> Any:
        """The first message of a server stream, kept as ``name``."""
        stream = method(request, metadata=self.sdk.metadata)
        try:
            message = await asyncio.wait_for(stream.read(), 10)
        finally:
            stream.cancel()
        return self.keep(name, message)

    async def login(self, name: str, golden: str = "") -> None:
        response = await self.call(
            golden, self.sdk.lobby.CreateSession, lobby_pb2.CreateSessionRequest(display_name=name)
        )
        self.sdk.token, self.sdk.player_id = response.session_token, response.player_id
        self.sdk.refresh_token = response.refresh_token

    async def close(self) -> None:
        await self.sdk.close()
        await self.plain.close()


def act_request(room_id: str, version: int, action: game_pb2.Action) -> game_pb2.ActRequest:
    """An Act with a fresh retry id, whatever the contract names it (``request_id``, the
    house name; ``idempotency_key`` in the v1 baseline)."""
    request = game_pb2.ActRequest(room_id=room_id, version=version, action=action)
    for name in ("request_id", "idempotency_key"):
        if name in request.DESCRIPTOR.fields_by_name:
            setattr(request, name, uuid.uuid4().hex)
    return request


async def sessions(ana: Player) -> None:
    lobby = ana.sdk.lobby
    await ana.refused("error.unauthenticated", lobby.ListMyRooms(lobby_pb2.ListMyRoomsRequest()))
    await ana.login("Ana", "session.create")
    refresh = lobby_pb2.RefreshSessionRequest(refresh_token=ana.sdk.refresh_token)
    fresh = await ana.call("session.refresh", lobby.RefreshSession, refresh)
    ana.sdk.token, ana.sdk.refresh_token = fresh.session_token, fresh.refresh_token
    await ana.call(
        "session.profile", lobby.UpdateProfile, lobby_pb2.UpdateProfileRequest(display_name="Ana")
    )
    device = lobby_pb2.AuthenticateDeviceRequest(device_id=uuid.uuid4().hex, display_name="Dev")
    await ana.call("session.device", lobby.AuthenticateDevice, device)


async def catalogue(ana: Player) -> list[lobby_pb2.GameInfo]:
    lobby = ana.sdk.lobby
    games = await ana.call(
        "catalogue.games", lobby.ListGames, lobby_pb2.ListGamesRequest(language_code="en")
    )
    for info in games.games:
        request = lobby_pb2.GetGameCatalogueRequest(game_id=info.game_id)
        await ana.call(f"catalogue.{info.game_id}", lobby.GetGameCatalogue, request)
    await ana.refused(
        "error.unknown_game",
        lobby.GetGameCatalogue(
            lobby_pb2.GetGameCatalogueRequest(game_id="chess"), metadata=ana.sdk.metadata
        ),
    )
    return sorted(games.games, key=lambda g: g.game_id)


async def lobby_and_table(ana: Player, ben: Player) -> None:
    """A room of people: create, list, join (by id and by code), ready, bot, start, watch,
    the lobby's refusals, then the game RPCs around one move, chat, mute and the clocks."""
    lobby, game = ana.sdk.lobby, ana.sdk.game
    await ana.refused(
        "error.bad_players",
        lobby.CreateRoom(
            lobby_pb2.CreateRoomRequest(game_id="tomahawk", players=99), metadata=ana.sdk.metadata
        ),
    )
    created = await ana.call(
        "lobby.create",
        lobby.CreateRoom,
        lobby_pb2.CreateRoomRequest(
            game_id="tomahawk",
            players=3,
            visibility=common_pb2.VISIBILITY_PUBLIC,
            bot_delay=duration_pb2.Duration(),
        ),
    )
    room_id = created.room.room_id
    await ana.call(
        "lobby.list_rooms", lobby.ListRooms, lobby_pb2.ListRoomsRequest(game_id="tomahawk")
    )
    await ben.refused(
        "error.no_room",
        ben.sdk.lobby.JoinRoom(
            lobby_pb2.JoinRoomRequest(room_id="nowhere"), metadata=ben.sdk.metadata
        ),
    )
    await ben.call("lobby.join", ben.sdk.lobby.JoinRoom, lobby_pb2.JoinRoomRequest(room_id=room_id))
    await ana.first("lobby.watch", lobby.WatchRoom, lobby_pb2.WatchRoomRequest(room_id=room_id))
    await ana.call(
        "lobby.add_bot",
        lobby.AddBot,
        lobby_pb2.AddBotRequest(room_id=room_id, seat=2, level=common_pb2.BOT_LEVEL_STRONG),
    )
    for i, player in enumerate((ana, ben)):
        await player.call(
            "lobby.ready" if i == 0 else "",
            player.sdk.lobby.SetReady,
            lobby_pb2.SetReadyRequest(room_id=room_id, ready=True),
        )
    await ana.call("lobby.start", lobby.StartMatch, lobby_pb2.StartMatchRequest(room_id=room_id))
    await ana.call("lobby.my_rooms", lobby.ListMyRooms, lobby_pb2.ListMyRoomsRequest())
    view = await ana.call("", game.GetView, game_pb2.GetViewRequest(room_id=room_id))
    while not {0, 1} & set(view.waiting_for):  # the bot (no delay) moves first: wait
        await asyncio.sleep(0.05)
        view = await ana.call("", game.GetView, game_pb2.GetViewRequest(room_id=room_id))
    ana.keep("game.view", view)
    await ana.first(
        "game.subscribe_first", game.Subscribe, game_pb2.SubscribeRequest(room_id=room_id)
    )
    turn = min(view.waiting_for)
    mover, other = (ana, ben) if turn == 0 else (ben, ana)
    legal = await mover.call(
        "game.legal",
        mover.sdk.game.ListLegalActions,
        game_pb2.ListLegalActionsRequest(room_id=room_id),
    )
    action = legal.actions[0]
    # The clocks while a person's turn runs (a bot's turn at no delay has none).
    await ana.call(
        "timer.deadlines", ana.timer.GetDeadlines, timer_pb2.GetDeadlinesRequest(room_id=room_id)
    )
    await ana.first(
        "timer.watch", ana.timer.WatchClock, timer_pb2.WatchClockRequest(room_id=room_id)
    )
    await other.refused(
        "error.not_your_turn",
        other.sdk.game.Act(
            act_request(room_id, legal.version, action), metadata=other.sdk.metadata
        ),
    )
    stale = act_request(room_id, legal.version - 1, action)
    await mover.refused(
        "error.stale_version", mover.sdk.game.Act(stale, metadata=mover.sdk.metadata)
    )
    move = act_request(room_id, legal.version, action)
    await mover.call("game.act", mover.sdk.game.Act, move)
    await ana.call(
        "game.chat", game.SendChat, game_pb2.SendChatRequest(room_id=room_id, text="Bonne partie")
    )
    await ana.call(
        "game.mute", game.MuteSeat, game_pb2.MuteSeatRequest(room_id=room_id, seat=1, muted=True)
    )
    private = await ana.call(
        "lobby.create_private",
        lobby.CreateRoom,
        lobby_pb2.CreateRoomRequest(
            game_id="awimbawe", players=2, visibility=common_pb2.VISIBILITY_PRIVATE
        ),
    )
    by_code = lobby_pb2.JoinRoomRequest(join_code=private.room.join_code)
    await ben.call("lobby.join_code", ben.sdk.lobby.JoinRoom, by_code)
    leave = lobby_pb2.LeaveRoomRequest(room_id=private.room.room_id)
    await ben.call("lobby.leave", ben.sdk.lobby.LeaveRoom, leave)


def _baseline_lacks(me: Player, action: game_pb2.Action) -> bool:
    """Whether a client built on the baseline cannot send ``action`` (its game's action case is
    lost on the way: an action added since, such as NextRound)."""
    game_id = action.WhichOneof("game") or ""
    narrowed = downgrade(me.baseline, action)
    return bool(game_id) and getattr(narrowed, game_id).WhichOneof("action") is None


async def _press(me: Player, room_id: str) -> game_pb2.ActResponse:
    """The rest's NextRound / NextStory, sent by the SDK on the plain channel as an updated
    client does; retried on a race (the bots press at once, bumping the version), since no
    later update may come to retry on (the table waits for this seat alone)."""
    downgrading = me.sdk.game
    me.sdk.game = game_pb2_grpc.GameServiceStub(me.plain)
    reasons: list[str] = []
    try:
        for _ in range(20):
            legal = await me.sdk.legal(room_id)
            pressing = [a for a in legal.actions if _baseline_lacks(me, a)]
            if not pressing:  # its clock ran out meanwhile
                return game_pb2.ActResponse(version=legal.version)
            try:
                return await me.sdk.act(room_id, pressing[0], legal.version)
            except ApiError as exc:
                if exc.reason not in RACES:
                    raise
                reasons.append(f"{exc.reason} at {legal.version}")
                await asyncio.sleep(exc.retry_after or 0.2)
    finally:
        me.sdk.game = downgrading
    raise AssertionError(f"the rest's action was refused 20 times: {reasons}")


SHORT_MATCH = {
    "tomahawk": common_pb2.RoomOptions(
        tomahawk=tomahawk_pb2.TomahawkOptions(target_score=30, reaction_seconds=0)
    ),
}
"""Games whose quick match (to 250 points) would outlast the scenario at a table with a
person: Tomahawk's bots leave people a reaction window after every card (2 s by default,
``reaction_seconds``), so the old client creates a short match itself, with fields its
contract (the baseline recorded after issue 30) knows: a target of 30 and no reaction
window (with the window, one match took 60 to 135 s on a 2-core machine)."""
SHORT_MATCH_SECONDS = 150


async def _short_match(me: Player, info: lobby_pb2.GameInfo) -> str:
    """Me + strong bots in a room ``me`` creates with :data:`SHORT_MATCH` options; the room."""
    game_id = info.game_id
    lobby = me.sdk.lobby
    players = min(4, info.max_players)
    created = await me.call(
        f"{game_id}.create_room",
        lobby.CreateRoom,
        lobby_pb2.CreateRoomRequest(
            game_id=game_id,
            players=players,
            options=SHORT_MATCH[game_id],
            visibility=common_pb2.VISIBILITY_PRIVATE,
            bot_delay=duration_pb2.Duration(),
        ),
    )
    room_id: str = created.room.room_id
    for _ in range(players - 1):
        await me.call(
            "",
            lobby.AddBot,
            lobby_pb2.AddBotRequest(room_id=room_id, level=common_pb2.BOT_LEVEL_STRONG),
        )
    await me.call("", lobby.SetReady, lobby_pb2.SetReadyRequest(room_id=room_id, ready=True))
    await me.call("", lobby.StartMatch, lobby_pb2.StartMatchRequest(room_id=room_id))
    return room_id


async def match(me: Player, info: lobby_pb2.GameInfo, rng: random.Random) -> None:
    """Me + bots in ``info``'s game, played to its end; goldens ``<game>.*``."""
    game_id = info.game_id
    shapes, preferred = SHAPES.get(game_id, ({}, ()))
    if game_id in SHORT_MATCH:
        room_id = await _short_match(me, info)
        seat = 0
    else:
        joined = await me.call(
            f"{game_id}.quick_match",
            me.sdk.lobby.QuickMatch,
            lobby_pb2.QuickMatchRequest(
                game_id=game_id,
                bots=min(3, info.max_players - 1),
                bot_level=common_pb2.BOT_LEVEL_STRONG,
                bot_delay=duration_pb2.Duration(),
            ),
        )
        room_id, seat = joined.room.room_id, joined.seat
    await me.call(
        f"{game_id}.view_start", me.sdk.game.GetView, game_pb2.GetViewRequest(room_id=room_id)
    )
    pending = dict(shapes)
    acted, acted_at = False, 0
    async for update in me.sdk.updates(room_id):
        for suffix, wanted in list(pending.items()):
            if wanted(update):
                me.keep(f"{game_id}.{suffix}", update)
                del pending[suffix]
        if update.HasField("outcome"):
            me.keep(f"{game_id}.outcome", update)
            break
        if seat not in update.waiting_for or update.version < acted_at:
            continue
        legal = await me.sdk.legal(room_id)
        if not legal.actions:
            continue
        liked = [a for a in legal.actions if getattr(a, game_id).WhichOneof("action") in preferred]
        action = rng.choice(liked or list(legal.actions))
        if action.WhichOneof("game") == "tomy" and action.tomy.HasField("propose"):
            # A listed proposal carries a template story; a client may tell its own instead,
            # and this one does, so the golden holds a story told by a person too.
            action.tomy.propose.text = "Un chien court au parc."
        try:
            if _baseline_lacks(me, action):
                answer = await _press(me, room_id)
            else:
                answer = await me.sdk.act(room_id, action, legal.version)
        except ApiError as exc:
            if exc.reason not in RACES:
                raise
            continue  # a bot moved first: the next update says what is left
        acted_at = answer.version
        if not acted:
            me.keep(f"{game_id}.act", answer)
            acted = True
    missing = sorted(pending)
    assert not missing, f"{game_id}: the match ended without {missing}"
    replay = await me.call("", me.sdk.game.GetReplay, game_pb2.GetReplayRequest(room_id=room_id))
    del replay.steps[REPLAY_STEPS:]  # the first steps show every shape a client reads
    me.keep(f"{game_id}.replay", replay)
    await me.call(
        f"{game_id}.history", me.sdk.lobby.ListMatchHistory, lobby_pb2.ListMatchHistoryRequest()
    )


async def play(addresses: list[str], baseline: Baseline, seed: int = 25) -> Captured:
    """Every scenario once against the replicas at ``addresses``; the goldens by name."""
    captured: Captured = []
    ana, ben = (Player(addresses[i % len(addresses)], baseline, captured) for i in range(2))
    try:
        await sessions(ana)
        await ben.login("Ben")
        games = await catalogue(ana)
        await lobby_and_table(ana, ben)
        for info in games:
            me = Player(addresses[0], baseline, captured)
            try:
                await me.login("Me")
                rng = random.Random(f"{seed}-{info.game_id}")
                started = time.monotonic()
                seconds = SHORT_MATCH_SECONDS if info.game_id in SHORT_MATCH else MATCH_SECONDS
                await asyncio.wait_for(match(me, info, rng), seconds)
                print(
                    f"compat: {info.game_id} in {time.monotonic() - started:.1f} s", file=sys.stderr
                )
            finally:
                await me.close()
        await ana.call(
            "session.delete", ana.sdk.lobby.DeleteSession, lobby_pb2.DeleteSessionRequest()
        )
        await ana.refused(
            "error.session_ended",
            ana.sdk.lobby.ListMyRooms(lobby_pb2.ListMyRoomsRequest(), metadata=ana.sdk.metadata),
        )
    finally:
        await ana.close()
        await ben.close()
    return captured


async def play_on_local_cluster(baseline: Baseline, runs: int) -> list[Captured]:
    """``runs`` plays of every scenario on a Valkey and two replicas started for it."""
    work = Path(tempfile.mkdtemp(prefix="cercle-compat-"))
    redis = start_redis(work / "data", work, appendonly=False)
    replicas: list[Proc] = []
    try:
        url = f"redis://127.0.0.1:{redis.port}/0"
        for i in range(2):
            replicas.append(start_replica(url, work, name=f"compat-{i + 1}", env=QUOTAS))
        addresses = [f"127.0.0.1:{proc.port}" for proc in replicas]
        return [await play(addresses, baseline) for _ in range(runs)]
    finally:
        for proc in replicas:
            proc.stop()
        redis.stop()
