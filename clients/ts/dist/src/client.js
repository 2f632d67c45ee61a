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
import { create } from "@bufbuild/protobuf";
import { DurationSchema } from "@bufbuild/protobuf/wkt";
import { Code, createClient } from "@connectrpc/connect";
import { ApiError, apiError, shouldRetry } from "./errors.js";
import { Visibility, OptionValueSchema } from "./gen/cercle/v1/common_pb.js";
import { ActionSchema, GameService, } from "./gen/cercle/v1/game_pb.js";
import { LobbyService, } from "./gen/cercle/v1/lobby_pb.js";
import { TimerService } from "./gen/cercle/v1/timer_pb.js";
const DEFAULT_TIMEOUT_MS = 10_000;
/** How many times a call refused with a RetryInfo (rate limited) is sent in all. */
export const RETRY_INFO_ATTEMPTS = 5;
/** `"true"` / `"false"` → bool, digits → int, anything else → string (as `sdk.option_values`). */
export function optionValue(value) {
    if (typeof value === "boolean") {
        return create(OptionValueSchema, { value: { case: "boolValue", value } });
    }
    if (typeof value === "number" || typeof value === "bigint") {
        return create(OptionValueSchema, { value: { case: "intValue", value: BigInt(value) } });
    }
    const lowered = value.trim().toLowerCase();
    if (lowered === "true" || lowered === "false") {
        return create(OptionValueSchema, { value: { case: "boolValue", value: lowered === "true" } });
    }
    if (/^-?\d+$/.test(lowered)) {
        return create(OptionValueSchema, { value: { case: "intValue", value: BigInt(lowered) } });
    }
    return create(OptionValueSchema, { value: { case: "stringValue", value } });
}
/** A `google.protobuf.Duration` from milliseconds. */
export function durationFromMs(ms) {
    const whole = Math.floor(ms / 1000);
    return create(DurationSchema, {
        seconds: BigInt(whole),
        nanos: Math.round((ms - whole * 1000) * 1e6),
    });
}
/** A random idempotency key (UUID v4 form), also outside secure browser contexts. */
export function newIdempotencyKey() {
    const c = globalThis.crypto;
    if (typeof c?.randomUUID === "function") {
        return c.randomUUID();
    }
    const bytes = new Uint8Array(16);
    c.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
function sleep(ms, signal) {
    return new Promise((resolve) => {
        if (signal?.aborted)
            return resolve();
        const timer = setTimeout(done, ms);
        function done() {
            clearTimeout(timer);
            signal?.removeEventListener("abort", done);
            resolve();
        }
        signal?.addEventListener("abort", done, { once: true });
    });
}
/** One player's connection to Cercle. */
export class CercleClient {
    /** The session token (sent as `authorization: Bearer` on every call once set). */
    token;
    /** The player's public id, once {@link createSession} answered. */
    playerId = "";
    lobby;
    game;
    timer;
    transport;
    timeoutMs;
    constructor(makeTransport, options = {}) {
        this.token = options.token ?? "";
        this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
        this.transport = makeTransport([this.authInterceptor]);
        this.lobby = createClient(LobbyService, this.transport);
        this.game = createClient(GameService, this.transport);
        this.timer = createClient(TimerService, this.transport);
    }
    /** Adds `authorization: Bearer <token>` to every request once the client has a token. */
    authInterceptor = (next) => async (req) => {
        if (this.token) {
            req.header.set("authorization", `Bearer ${this.token}`);
        }
        return next(req);
    };
    /**
     * Runs one unary call with the default deadline, turning failures into {@link ApiError}.
     * When the server refuses with a RetryInfo (rate limited), waits as told and sends the call
     * again (at most {@link RETRY_INFO_ATTEMPTS} times in all): nothing was done the first time.
     */
    async call(run) {
        for (let attempt = 1;; attempt++) {
            try {
                return await run({ timeoutMs: this.timeoutMs });
            }
            catch (err) {
                const error = apiError(err);
                if (error.retryDelayMs === undefined || attempt >= RETRY_INFO_ATTEMPTS)
                    throw error;
                await sleep(Math.min(Math.max(error.retryDelayMs, 10), 5000));
            }
        }
    }
    // -- lobby ------------------------------------------------------------------------------------
    /** Opens a guest session; the token is kept and sent with every later call. */
    async createSession(displayName) {
        const response = await this.call((o) => this.lobby.createSession({ displayName }, o));
        this.token = response.sessionToken;
        this.playerId = response.playerId;
        return response;
    }
    /** The game catalogue: options, defaults, clocks. */
    async listGames() {
        return (await this.call((o) => this.lobby.listGames({}, o))).games;
    }
    /** Open public rooms, newest first. */
    async listRooms(gameId = "") {
        return (await this.call((o) => this.lobby.listRooms({ gameId }, o))).rooms;
    }
    /** Creates a room; the caller sits in seat 0 and hosts. */
    async createRoom(gameId, opts = {}) {
        const options = {};
        for (const [name, value] of Object.entries(opts.options ?? {})) {
            options[name] = optionValue(value);
        }
        const response = await this.call((o) => this.lobby.createRoom({
            gameId,
            players: opts.players ?? 0,
            options,
            visibility: opts.private ? Visibility.PRIVATE : Visibility.PUBLIC,
            takeoverAfter: opts.takeoverAfter,
            botDelay: opts.botDelayMs === undefined ? undefined : durationFromMs(opts.botDelayMs),
        }, o));
        if (!response.room)
            throw new ApiError(Code.Internal, "NO_ROOM", "the server sent no room");
        return response.room;
    }
    /** Takes a seat (or watches) in a room, by id or by join code. */
    async joinRoom(join) {
        const j = typeof join === "string" ? { roomId: join } : join;
        return this.call((o) => this.lobby.joinRoom({ roomId: j.roomId ?? "", joinCode: j.joinCode ?? "", spectator: j.spectator ?? false }, o));
    }
    /** Joins an open public room of a game with a free seat, or creates one. */
    async quickMatch(gameId, players = 0) {
        return this.call((o) => this.lobby.quickMatch({ gameId, players }, o));
    }
    /** Leaves a room before its match starts, or stops watching. */
    async leaveRoom(roomId) {
        await this.call((o) => this.lobby.leaveRoom({ roomId }, o));
    }
    /** Marks the caller ready (or not). */
    async setReady(roomId, ready = true) {
        return (await this.call((o) => this.lobby.setReady({ roomId, ready }, o))).room;
    }
    /** Starts the match (host only; every seat taken and ready). */
    async start(roomId) {
        return (await this.call((o) => this.lobby.startMatch({ roomId }, o))).room;
    }
    /** Puts a server bot in a free seat (`seat` -1: the first free one). */
    async addBot(roomId, opts = {}) {
        const request = { roomId, seat: opts.seat ?? -1, level: opts.level ?? "strong" };
        return (await this.call((o) => this.lobby.addBot(request, o))).room;
    }
    /** Frees a seat held by a bot. */
    async removeBot(roomId, seat) {
        return (await this.call((o) => this.lobby.removeBot({ roomId, seat }, o))).room;
    }
    // -- game -------------------------------------------------------------------------------------
    /** The caller's current view of the match (room, view, deadlines, outcome). */
    async view(roomId) {
        return this.call((o) => this.game.getView({ roomId }, o));
    }
    /** The actions the caller may play now, and the version they are valid for. */
    async legalActions(roomId) {
        return this.call((o) => this.game.listLegalActions({ roomId }, o));
    }
    /** The record of a finished match. */
    async replay(roomId) {
        return this.call((o) => this.game.getReplay({ roomId }, o));
    }
    /**
     * Plays `action` based on match `version`. When the network fails (UNAVAILABLE, a dropped
     * connection...) the same request is sent again with the *same* idempotency key, so the
     * server applies it once: a retry of an applied action answers `replayed: true`. Refusals
     * (`NOT_YOUR_TURN`, `STALE_VERSION`...) are thrown at once as {@link ApiError}.
     */
    async act(roomId, action, version, opts = {}) {
        const request = {
            roomId,
            version: BigInt(version),
            idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
            action: create(ActionSchema, action),
        };
        const attempts = Math.max(1, opts.attempts ?? 4);
        let delay = 100;
        for (let attempt = 1;; attempt++) {
            try {
                return await this.call((o) => this.game.act(request, o));
            }
            catch (err) {
                const error = apiError(err);
                if (attempt >= attempts || !shouldRetry(error)) {
                    throw error;
                }
                await sleep(error.retryDelayMs ?? delay);
                delay = Math.min(delay * 2, 2000);
            }
        }
    }
    /**
     * The room's updates after `afterSeq`, as an async iterable. When the stream drops (a
     * replica stops, the edge resets it, the network blinks) it resubscribes with the last seq
     * received, after a growing pause; an update is never yielded twice, so consumers see
     * seq 1, 2, 3... Breaking out of the loop (or aborting `signal`) cancels the stream.
     * Refusals (not in the room, unknown room) are thrown as {@link ApiError}.
     */
    async *subscribe(roomId, opts = {}) {
        const resume = opts.resume ?? true;
        const initialBackoff = opts.initialBackoffMs ?? 100;
        const maxBackoff = opts.maxBackoffMs ?? 2000;
        let cursor = BigInt(opts.afterSeq ?? 0);
        let delay = initialBackoff;
        let failures = 0;
        while (!opts.signal?.aborted) {
            const controller = new AbortController();
            const stop = () => controller.abort();
            opts.signal?.addEventListener("abort", stop, { once: true });
            let failure;
            try {
                const stream = this.game.subscribe({ roomId, afterSeq: cursor }, { signal: controller.signal });
                for await (const update of stream) {
                    delay = initialBackoff;
                    failures = 0;
                    if (update.seq <= cursor) {
                        continue; // already yielded before a reconnection
                    }
                    cursor = update.seq;
                    yield update;
                    if (opts.untilOutcome && update.outcome !== undefined) {
                        return;
                    }
                }
                if (!resume)
                    return;
            }
            catch (err) {
                if (opts.signal?.aborted)
                    return;
                failure = apiError(err);
                if (!resume || !shouldRetry(failure)) {
                    throw failure;
                }
            }
            finally {
                opts.signal?.removeEventListener("abort", stop);
                controller.abort();
            }
            failures++;
            if (opts.maxRetries !== undefined && failures > opts.maxRetries) {
                throw failure ?? new ApiError(Code.Unavailable, "UNAVAILABLE", "the update stream keeps closing");
            }
            opts.onReconnect?.({ afterSeq: cursor, attempt: failures, error: failure });
            await sleep(delay, opts.signal);
            delay = Math.min(delay * 2, maxBackoff);
        }
    }
}
//# sourceMappingURL=client.js.map