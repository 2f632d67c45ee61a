/**
 * A small typed client for Cercle's gRPC API over Connect-ES, the TypeScript twin of
 * `clients/sdk.py`.
 *
 * It speaks only the contract (the generated `cercle.v1` code in `./gen`): a session token
 * sent as `authorization: Bearer <token>` metadata by an interceptor, rooms through
 * LobbyService, play through GameService, and {@link CercleClient.subscribe}, an async
 * iterable of numbered updates that resumes by itself from the last `seq` when the server or
 * the edge drops the stream.
 *
 * The client does not pick a transport: pass a {@link TransportFactory}. `./node.ts` has native
 * gRPC over HTTP/2 for Node; `./web.ts` has gRPC-Web for browsers (through Envoy).
 *
 * ```ts
 * import { connectGrpc } from "@cercle/client/node";
 * const client = connectGrpc("http://127.0.0.1:8080");
 * await client.createSession("Ana");
 * const room = await client.createRoom("tomahawk", { players: 4, options: { target_score: 30 } });
 * await client.addBot(room.roomId, { level: BotLevel.STRONG });
 * ```
 *
 * What a seat may do comes with the updates: every update with a view (and GetView) carries the
 * seat's `choices`, each action ready for {@link CercleClient.act} with that update's
 * `version`. {@link CercleClient.follow} keeps the latest for you:
 *
 * ```ts
 * const table = client.follow(room.roomId, { untilOutcome: true });
 * for await (const update of table) {
 *   const action = table.choices.actions[0]; // or the player's pick
 *   if (action && choicesOf(update)) await table.act(action);
 * }
 * ```
 *
 * Events, outcomes and views are the generated messages: switch on `event.event.case`
 * (`"room"` or the game's id), then on the game's own `value.event.case`; closed vocabularies
 * (card kinds, colours, phases, bot levels, outcome reasons) are the generated enums.
 */

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, createClient, type Client, type Interceptor, type Transport } from "@connectrpc/connect";

import { ApiError, apiError } from "./errors.js";
import { TableFollower } from "./follow.js";
import { BotLevel, type Room } from "./gen/cercle/v1/common_pb.js";
import {
  type Action,
  ActionSchema,
  type ActResponse,
  GameService,
  type GetReplayResponse,
  type GetViewResponse,
  type ListLegalActionsResponse,
  type SendChatResponse,
  type SubscribeResponse,
} from "./gen/cercle/v1/game_pb.js";
import {
  type CreateSessionResponse,
  type GameInfo,
  type GetGameCatalogueResponse,
  type JoinRoomResponse,
  type ListMatchHistoryResponse,
  LobbyService,
  type QuickMatchResponse,
} from "./gen/cercle/v1/lobby_pb.js";
import { TimerService } from "./gen/cercle/v1/timer_pb.js";
import {
  type GetPlayerRatingsResponse,
  LadderService,
  LeaderboardPeriod,
  type ListLeaderboardResponse,
  type MatchTicket,
} from "./gen/cercle/v1/ladder_pb.js";
import { InboxService, type Notification } from "./gen/cercle/v1/inbox_pb.js";
import {
  type CreateRoomOptions,
  createRoomRequest,
  type JoinOptions,
  joinRoomRequest,
  matchTicketRequest,
  newRequestId,
  type QuickMatchOptions,
  quickMatchRequest,
} from "./requests.js";
import { ACT_ATTEMPTS, type ActOptions, retryTransient, RETRY_INFO_ATTEMPTS, unaryCall } from "./retries.js";
import { resumingInbox, resumingUpdates, type SubscribeOptions, ticketChanges } from "./streams.js";

/** Builds the transport the client calls through, given the interceptors it must install. */
export type TransportFactory = (interceptors: Interceptor[]) => Transport;

export interface CercleClientOptions {
  /** A session token from an earlier CreateSession (e.g. kept in localStorage). */
  token?: string;
  /** The refresh token that came with it: used once the access token expires (1 h). */
  refreshToken?: string;
  /** The deadline of each unary call, in milliseconds (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** One player's connection to Cercle. */
export class CercleClient {
  /** The session token (sent as `authorization: Bearer` on every call once set). */
  token: string;
  /** The player's public id, once {@link createSession} answered. */
  playerId = "";
  /**
   * The session's refresh token. When a call is refused UNAUTHENTICATED (the access token
   * lasts an hour), the client trades it once for a new pair (RefreshSession) and sends the
   * call again.
   */
  refreshToken: string;
  readonly lobby: Client<typeof LobbyService>;
  readonly game: Client<typeof GameService>;
  readonly timer: Client<typeof TimerService>;
  readonly ladder: Client<typeof LadderService>;
  readonly inbox: Client<typeof InboxService>;
  readonly transport: Transport;
  private readonly timeoutMs: number;

  constructor(makeTransport: TransportFactory, options: CercleClientOptions = {}) {
    this.token = options.token ?? "";
    this.refreshToken = options.refreshToken ?? "";
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.transport = makeTransport([this.authInterceptor]);
    this.lobby = createClient(LobbyService, this.transport);
    this.game = createClient(GameService, this.transport);
    this.timer = createClient(TimerService, this.transport);
    this.ladder = createClient(LadderService, this.transport);
    this.inbox = createClient(InboxService, this.transport);
  }

  /** Adds `authorization: Bearer <token>` to every request once the client has a token. */
  readonly authInterceptor: Interceptor = (next) => async (req) => {
    if (this.token) {
      req.header.set("authorization", `Bearer ${this.token}`);
    }
    return next(req);
  };

  /** Runs one unary call with the client's deadline, its session refreshed once when it
   * expired and a RetryInfo waited out ({@link unaryCall}). */
  private call<T>(run: (opts: { timeoutMs: number }) => Promise<T>, attempts = RETRY_INFO_ATTEMPTS): Promise<T> {
    const refresh = (): Promise<void> | undefined => (this.refreshToken ? this.refreshSession() : undefined);
    return unaryCall({ timeoutMs: this.timeoutMs, refresh }, run, attempts);
  }

  // -- lobby ------------------------------------------------------------------------------------

  /** Opens a guest session; the token is kept and sent with every later call. */
  async createSession(displayName: string): Promise<CreateSessionResponse> {
    const request = { displayName, requestId: newRequestId() };
    const response = await this.call((o) => this.lobby.createSession(request, o));
    this.token = response.sessionToken;
    this.playerId = response.playerId;
    this.refreshToken = response.refreshToken;
    return response;
  }

  /**
   * Logs in as the player of `deviceId` (created on its first call, with `displayName`): the
   * same player on every later call, so their ratings count (docs/ratings.md). The id is a
   * secret of the device: 16 random bytes or more.
   */
  async authenticateDevice(deviceId: string, displayName: string): Promise<{ created: boolean; displayName: string }> {
    const request = { deviceId, displayName, requestId: newRequestId() };
    const response = await this.call((o) => this.lobby.authenticateDevice(request, o));
    this.token = response.sessionToken;
    this.playerId = response.playerId;
    this.refreshToken = response.refreshToken;
    return { created: response.created, displayName: response.displayName };
  }

  /** Changes the player's display name (rooms joined afterwards show it). */
  async updateProfile(displayName: string): Promise<void> {
    const request = { displayName, requestId: newRequestId() };
    await this.call((o) => this.lobby.updateProfile(request, o));
  }

  // -- the ladder (docs/ratings.md) ---------------------------------------------------------------

  /** A page of a game's leaderboard: all-time, or the current season with `season`. */
  async leaderboard(
    gameId: string,
    opts: { season?: boolean; aroundMe?: boolean; pageSize?: number; pageToken?: string } = {},
  ): Promise<ListLeaderboardResponse> {
    const period = opts.season ? LeaderboardPeriod.SEASON : LeaderboardPeriod.ALL_TIME;
    const request = { gameId, period, aroundMe: opts.aroundMe ?? false, pageSize: opts.pageSize ?? 0, pageToken: opts.pageToken ?? "" };
    return this.call((o) => this.ladder.listLeaderboard(request, o));
  }

  /** A player's ratings (empty id: mine). */
  async playerRatings(playerId = ""): Promise<GetPlayerRatingsResponse> {
    return this.call((o) => this.ladder.getPlayerRatings({ playerId }, o));
  }

  /** Asks for a table of players of close rating; bots fill it after `botTimeoutMs`. */
  async createMatchTicket(gameId: string, opts: { players?: number; botTimeoutMs?: number } = {}): Promise<MatchTicket> {
    const request = matchTicketRequest(gameId, opts, newRequestId());
    return (await this.call((o) => this.ladder.createMatchTicket(request, o))).ticket!;
  }

  /** Withdraws a waiting ticket. */
  async cancelMatchTicket(ticketId: string): Promise<MatchTicket> {
    const request = { ticketId, requestId: newRequestId() };
    return (await this.call((o) => this.ladder.cancelMatchTicket(request, o))).ticket!;
  }

  /** The ticket as it changes, until it is matched, cancelled or expired. */
  watchMatchTicket(ticketId: string, signal?: AbortSignal): AsyncGenerator<MatchTicket, void, undefined> {
    return ticketChanges(this.ladder, ticketId, signal);
  }

  /** Trades the refresh token for a new access token and refresh token (both kept). */
  async refreshSession(): Promise<void> {
    const refreshToken = this.refreshToken;
    this.refreshToken = "";
    try {
      const response = await this.lobby.refreshSession(
        { refreshToken },
        { timeoutMs: this.timeoutMs },
      );
      this.token = response.sessionToken;
      this.refreshToken = response.refreshToken;
    } catch (err) {
      throw apiError(err);
    }
  }

  /**
   * The hosted games: options, defaults, clocks, described in `languageCode` (BCP 47: `fr`,
   * `en`...; empty: the server's choice from `accept-language`, else English).
   */
  async listGames(languageCode = ""): Promise<GameInfo[]> {
    return (await this.call((o) => this.lobby.listGames({ languageCode }, o))).games;
  }

  /** One game's printed material (cards, kinds, counts, points), language-neutral. */
  async gameCatalogue(gameId: string): Promise<GetGameCatalogueResponse> {
    return this.call((o) => this.lobby.getGameCatalogue({ gameId }, o));
  }

  /** Open public rooms, newest first. */
  async listRooms(gameId = ""): Promise<Room[]> {
    return (await this.call((o) => this.lobby.listRooms({ gameId }, o))).rooms;
  }

  /** The rooms the caller sits in or watches, whatever their status, newest first (one page
   * of at most `pageSize`): how an app finds its running matches again. */
  async listMyRooms(pageSize = 0): Promise<Room[]> {
    return (await this.call((o) => this.lobby.listMyRooms({ pageSize }, o))).rooms;
  }

  /** One page of the caller's finished matches (at most `pageSize`; 0: the server's
   * default), most recently finished first, each with its seats as they ended, and the
   * `nextPageToken` of the next page (empty on the last). */
  async matchHistoryPage(pageSize = 0, pageToken = ""): Promise<ListMatchHistoryResponse> {
    return this.call((o) => this.lobby.listMatchHistory({ pageSize, pageToken }, o));
  }

  /** One page of the caller's notifications, newest first, with the unread count. */
  async listNotifications(pageSize = 0): Promise<{ notifications: Notification[]; unread: number }> {
    const page = await this.call((o) => this.inbox.listNotifications({ pageSize }, o));
    return { notifications: page.notifications, unread: page.unreadCount };
  }

  /** Marks notifications read; answers the unread count. */
  async markNotificationsRead(notificationIds: string[]): Promise<number> {
    const requestId = newRequestId();
    return (await this.call((o) => this.inbox.markNotificationsRead({ notificationIds, requestId }, o))).unreadCount;
  }

  /** Invites a player (by id; empty: a shareable code) to the caller's open room. */
  async invitePlayer(roomId: string, playerId = ""): Promise<string> {
    const requestId = newRequestId();
    return (await this.call((o) => this.inbox.invitePlayer({ roomId, playerId, requestId }, o))).invitationCode;
  }

  /** Accepts (the room, with the caller's seat) or declines (undefined) an invitation. */
  async respondToInvitation(invitationCode: string, accept = true): Promise<Room | undefined> {
    const requestId = newRequestId();
    return (await this.call((o) => this.inbox.respondToInvitation({ invitationCode, accept, requestId }, o))).room;
  }

  /**
   * The caller's new notifications as they are made (on any replica), as an async iterable:
   * after `afterSequence` (0: from now on). When the stream drops it watches again after the
   * last one yielded, so nothing is missed or repeated; aborting `signal` ends it.
   */
  watchInbox(afterSequence = 0n, signal?: AbortSignal): AsyncGenerator<Notification, void, undefined> {
    return resumingInbox(this.inbox, afterSequence, signal);
  }

  /** Creates a room; the caller sits in seat 0 and hosts. */
  async createRoom(gameId: string, opts: CreateRoomOptions = {}): Promise<Room> {
    const request = createRoomRequest(gameId, opts, newRequestId());
    const response = await this.call((o) => this.lobby.createRoom(request, o));
    if (!response.room) throw new ApiError(Code.Internal, "NO_ROOM", "the server sent no room");
    return response.room;
  }

  /** Takes a seat (or watches) in a room, by id or by join code. */
  async joinRoom(join: JoinOptions | string): Promise<JoinRoomResponse> {
    const request = joinRoomRequest(join, newRequestId());
    return this.call((o) => this.lobby.joinRoom(request, o));
  }

  /**
   * Joins an open public room of a game with a free seat, or creates one; with `bots`, starts
   * a private match against that many bots at once.
   */
  async quickMatch(gameId: string, opts: QuickMatchOptions = {}): Promise<QuickMatchResponse> {
    const request = quickMatchRequest(gameId, opts, newRequestId());
    return this.call((o) => this.lobby.quickMatch(request, o));
  }

  /** Leaves a room before its match starts, or stops watching. */
  async leaveRoom(roomId: string): Promise<void> {
    const request = { roomId, requestId: newRequestId() };
    await this.call((o) => this.lobby.leaveRoom(request, o));
  }

  /**
   * Marks the caller ready (or not). Ready, it sends the seat's part of the match seed
   * (`dealContribution`, docs/api.md "A deal no one chooses"): 32 bytes from
   * `crypto.getRandomValues` unless `contribution` gives them, or none with `null`.
   */
  async setReady(roomId: string, ready = true, contribution?: Uint8Array | null): Promise<Room | undefined> {
    const dealContribution =
      ready && contribution !== null ? (contribution ?? globalThis.crypto.getRandomValues(new Uint8Array(32))) : undefined;
    const request = { roomId, ready, requestId: newRequestId(), dealContribution };
    return (await this.call((o) => this.lobby.setReady(request, o))).room;
  }

  /** Starts the match (host only; every seat taken and ready). */
  async start(roomId: string): Promise<Room | undefined> {
    const request = { roomId, requestId: newRequestId() };
    return (await this.call((o) => this.lobby.startMatch(request, o))).room;
  }

  /** Puts a server bot in a free seat (`seat` unset: the first free one; default level STRONG). */
  async addBot(roomId: string, opts: { level?: BotLevel; seat?: number } = {}): Promise<Room | undefined> {
    const request = { roomId, seat: opts.seat, level: opts.level ?? BotLevel.STRONG, requestId: newRequestId() };
    return (await this.call((o) => this.lobby.addBot(request, o))).room;
  }

  /** Frees a seat held by a bot. */
  async removeBot(roomId: string, seat: number): Promise<Room | undefined> {
    const request = { roomId, seat, requestId: newRequestId() };
    return (await this.call((o) => this.lobby.removeBot(request, o))).room;
  }

  // -- game -------------------------------------------------------------------------------------

  /** The caller's current view of the match (room, view, deadlines, outcome, and the seat's
   * `choices` to act on with `room.version`: {@link choicesOf}, {@link TableFollower.take}). */
  async view(roomId: string): Promise<GetViewResponse> {
    return this.call((o) => this.game.getView({ roomId }, o));
  }

  /**
   * The actions the caller may play now, and the version they are valid for.
   *
   * Not needed: the server pushes them. Every update with a view and every GetView carry the
   * seat's `choices` (read them with {@link choicesOf}, or let {@link follow} keep the latest),
   * out-of-turn calls included the moment they become possible. Kept for tools and for a
   * client that has only a room id.
   */
  async legalActions(roomId: string): Promise<ListLegalActionsResponse> {
    return this.call((o) => this.game.listLegalActions({ roomId }, o));
  }

  /**
   * Writes `text` to the table's chat (seated players only). Refusals: `CHAT_EMPTY`,
   * `CHAT_TOO_LONG`, `SEAT_MUTED`, `SPECTATOR`; `CHAT_RATE_LIMITED` is waited out and sent
   * again a few times (it carries a RetryInfo), then thrown. Every attempt carries the same
   * request id: the table never gets the line twice.
   */
  async sendChat(roomId: string, text: string): Promise<SendChatResponse> {
    const request = { roomId, text, requestId: newRequestId() };
    return this.call((o) => this.game.sendChat(request, o));
  }

  /** Mutes (or unmutes) a seat's chat (host only); answers the seats muted now. */
  async muteSeat(roomId: string, seat: number, muted = true): Promise<number[]> {
    const request = { roomId, seat, muted, requestId: newRequestId() };
    return (await this.call((o) => this.game.muteSeat(request, o))).mutedSeats;
  }

  /** One page of a finished match's replay (the match's own data on the first page only). */
  async replayPage(roomId: string, pageSize = 0, pageToken = ""): Promise<GetReplayResponse> {
    return this.call((o) => this.game.getReplay({ roomId, pageSize, pageToken }, o));
  }

  /** The record of a finished match: every page of its replay, merged into the first. */
  async replay(roomId: string, pageSize = 0): Promise<GetReplayResponse> {
    const replay = await this.replayPage(roomId, pageSize);
    for (let token = replay.nextPageToken; token; ) {
      const page = await this.replayPage(roomId, pageSize, token);
      replay.steps.push(...page.steps);
      token = page.nextPageToken;
    }
    replay.nextPageToken = "";
    return replay;
  }

  /**
   * Plays `action` based on match `version`. When the network fails (UNAVAILABLE, a dropped
   * connection...) the same request is sent again with the *same* request id, so the
   * server applies it once: a retry of an applied action answers `replayed: true`. Refusals
   * (`NOT_YOUR_TURN`, `STALE_VERSION`...) are thrown at once as {@link ApiError}.
   */
  async act(
    roomId: string,
    action: Action | MessageInitShape<typeof ActionSchema>,
    version: bigint | number,
    opts: ActOptions = {},
  ): Promise<ActResponse> {
    const request = {
      roomId,
      version: BigInt(version),
      requestId: opts.requestId ?? newRequestId(),
      action: create(ActionSchema, action as MessageInitShape<typeof ActionSchema>),
    };
    const attempts = Math.max(1, opts.attempts ?? ACT_ATTEMPTS);
    return retryTransient(() => this.call((o) => this.game.act(request, o), 1), attempts); // retried there
  }

  /**
   * Follows a room for the caller's seat: {@link subscribe}'s updates (iterate the result),
   * with the latest choices kept ({@link TableFollower.choices}) and an `act` that sends one
   * with their version. Seed it with a GetView first ({@link TableFollower.take}) to know the
   * choices before the next update.
   */
  follow(roomId: string, opts: SubscribeOptions = {}): TableFollower {
    return new TableFollower(this, roomId, opts);
  }

  /**
   * The room's updates after `resumeCursor` (none: from the first), as an async iterable. When the
   * stream drops (a replica stops, the edge resets it, the network blinks) it resubscribes
   * with the last update's cursor, after a growing pause; an update is never yielded twice,
   * so consumers see seq 1, 2, 3... Breaking out of the loop (or aborting `signal`) cancels
   * the stream. Refusals (not in the room, unknown room, a cursor of a rewritten log:
   * `CURSOR_STALE`) are thrown as {@link ApiError}.
   */
  subscribe(roomId: string, opts: SubscribeOptions = {}): AsyncGenerator<SubscribeResponse, void, undefined> {
    return resumingUpdates(this.game, roomId, opts);
  }
}
