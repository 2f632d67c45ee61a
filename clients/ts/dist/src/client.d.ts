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
 * ```
 */
import { type MessageInitShape } from "@bufbuild/protobuf";
import { type Duration } from "@bufbuild/protobuf/wkt";
import { type Client, type Interceptor, type Transport } from "@connectrpc/connect";
import { ApiError } from "./errors.js";
import { type OptionValue, type Room } from "./gen/cercle/v1/common_pb.js";
import { type Action, ActionSchema, type ActResponse, GameService, type GetReplayResponse, type GetViewResponse, type ListLegalActionsResponse, type SubscribeResponse } from "./gen/cercle/v1/game_pb.js";
import { type CreateSessionResponse, type GameInfo, type JoinRoomResponse, LobbyService, type QuickMatchResponse } from "./gen/cercle/v1/lobby_pb.js";
import { TimerService } from "./gen/cercle/v1/timer_pb.js";
/** Builds the transport the client calls through, given the interceptors it must install. */
export type TransportFactory = (interceptors: Interceptor[]) => Transport;
/** A room option as plain data: numbers and booleans are typed, strings may hold either. */
export type OptionInput = string | number | bigint | boolean;
export interface CercleClientOptions {
    /** A session token from an earlier CreateSession (e.g. kept in localStorage). */
    token?: string;
    /** The deadline of each unary call, in milliseconds (default 10 s). */
    timeoutMs?: number;
}
export interface CreateRoomOptions {
    /** Table size, within the game's min/max (0: the game's minimum). */
    players?: number;
    /** Options that differ from the defaults, e.g. `{ target_score: 30, turn_seconds: 0 }`. */
    options?: Record<string, OptionInput>;
    /** A private room is joined by its join code only. */
    private?: boolean;
    /** Consecutive timeouts before a bot plays for a seat (unset: 3; 0: never). */
    takeoverAfter?: number;
    /** How long bots wait before they move, in milliseconds (unset: the server's 800 ms). */
    botDelayMs?: number;
}
export interface JoinOptions {
    /** The room id (public room, or private together with the code). */
    roomId?: string;
    /** The join code of a private room. */
    joinCode?: string;
    /** Watch instead of taking a seat. */
    spectator?: boolean;
}
export interface ActOptions {
    /** The idempotency key; by default a fresh random one, reused by every retry of this call. */
    idempotencyKey?: string;
    /** How many times to send the action in all when the network fails (default 4). */
    attempts?: number;
}
export interface SubscribeOptions {
    /** Start after this sequence number (0: from the room's first update). */
    afterSeq?: bigint | number;
    /** Resubscribe from the last seq when the stream drops (default true). */
    resume?: boolean;
    /** Stop the iteration after the update that carries the match's outcome (default false). */
    untilOutcome?: boolean;
    /** Stops the stream (the iteration then ends quietly). */
    signal?: AbortSignal;
    /** The first and the largest wait between resubscriptions, in ms (default 100 and 2000). */
    initialBackoffMs?: number;
    maxBackoffMs?: number;
    /** Give up after this many failed resubscriptions in a row (default: never). */
    maxRetries?: number;
    /** Called before each resubscription, e.g. to show "reconnecting…". */
    onReconnect?: (info: {
        afterSeq: bigint;
        attempt: number;
        error: ApiError | undefined;
    }) => void;
}
/** How many times a call refused with a RetryInfo (rate limited) is sent in all. */
export declare const RETRY_INFO_ATTEMPTS = 5;
/** `"true"` / `"false"` → bool, digits → int, anything else → string (as `sdk.option_values`). */
export declare function optionValue(value: OptionInput): OptionValue;
/** A `google.protobuf.Duration` from milliseconds. */
export declare function durationFromMs(ms: number): Duration;
/** A random idempotency key (UUID v4 form), also outside secure browser contexts. */
export declare function newIdempotencyKey(): string;
/** One player's connection to Cercle. */
export declare class CercleClient {
    /** The session token (sent as `authorization: Bearer` on every call once set). */
    token: string;
    /** The player's public id, once {@link createSession} answered. */
    playerId: string;
    readonly lobby: Client<typeof LobbyService>;
    readonly game: Client<typeof GameService>;
    readonly timer: Client<typeof TimerService>;
    readonly transport: Transport;
    private readonly timeoutMs;
    constructor(makeTransport: TransportFactory, options?: CercleClientOptions);
    /** Adds `authorization: Bearer <token>` to every request once the client has a token. */
    readonly authInterceptor: Interceptor;
    /**
     * Runs one unary call with the default deadline, turning failures into {@link ApiError}.
     * When the server refuses with a RetryInfo (rate limited), waits as told and sends the call
     * again (at most {@link RETRY_INFO_ATTEMPTS} times in all): nothing was done the first time.
     */
    private call;
    /** Opens a guest session; the token is kept and sent with every later call. */
    createSession(displayName: string): Promise<CreateSessionResponse>;
    /** The game catalogue: options, defaults, clocks. */
    listGames(): Promise<GameInfo[]>;
    /** Open public rooms, newest first. */
    listRooms(gameId?: string): Promise<Room[]>;
    /** Creates a room; the caller sits in seat 0 and hosts. */
    createRoom(gameId: string, opts?: CreateRoomOptions): Promise<Room>;
    /** Takes a seat (or watches) in a room, by id or by join code. */
    joinRoom(join: JoinOptions | string): Promise<JoinRoomResponse>;
    /** Joins an open public room of a game with a free seat, or creates one. */
    quickMatch(gameId: string, players?: number): Promise<QuickMatchResponse>;
    /** Leaves a room before its match starts, or stops watching. */
    leaveRoom(roomId: string): Promise<void>;
    /** Marks the caller ready (or not). */
    setReady(roomId: string, ready?: boolean): Promise<Room | undefined>;
    /** Starts the match (host only; every seat taken and ready). */
    start(roomId: string): Promise<Room | undefined>;
    /** Puts a server bot in a free seat (`seat` -1: the first free one). */
    addBot(roomId: string, opts?: {
        level?: string;
        seat?: number;
    }): Promise<Room | undefined>;
    /** Frees a seat held by a bot. */
    removeBot(roomId: string, seat: number): Promise<Room | undefined>;
    /** The caller's current view of the match (room, view, deadlines, outcome). */
    view(roomId: string): Promise<GetViewResponse>;
    /** The actions the caller may play now, and the version they are valid for. */
    legalActions(roomId: string): Promise<ListLegalActionsResponse>;
    /** The record of a finished match. */
    replay(roomId: string): Promise<GetReplayResponse>;
    /**
     * Plays `action` based on match `version`. When the network fails (UNAVAILABLE, a dropped
     * connection...) the same request is sent again with the *same* idempotency key, so the
     * server applies it once: a retry of an applied action answers `replayed: true`. Refusals
     * (`NOT_YOUR_TURN`, `STALE_VERSION`...) are thrown at once as {@link ApiError}.
     */
    act(roomId: string, action: Action | MessageInitShape<typeof ActionSchema>, version: bigint | number, opts?: ActOptions): Promise<ActResponse>;
    /**
     * The room's updates after `afterSeq`, as an async iterable. When the stream drops (a
     * replica stops, the edge resets it, the network blinks) it resubscribes with the last seq
     * received, after a growing pause; an update is never yielded twice, so consumers see
     * seq 1, 2, 3... Breaking out of the loop (or aborting `signal`) cancels the stream.
     * Refusals (not in the room, unknown room) are thrown as {@link ApiError}.
     */
    subscribe(roomId: string, opts?: SubscribeOptions): AsyncGenerator<SubscribeResponse, void, undefined>;
}
