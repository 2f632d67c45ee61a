/**
 * The requests {@link CercleClient}'s lobby and ladder calls send, built from plain options: pure
 * functions (no transport, no session), and the two values every request may carry, a fresh
 * request id (AIP-155) and a Duration from milliseconds.
 */

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type Duration, DurationSchema } from "@bufbuild/protobuf/wkt";

import { BotLevel, type RoomOptions, Visibility } from "./gen/cercle/v1/common_pb.js";
import type { CreateMatchTicketRequestSchema } from "./gen/cercle/v1/ladder_pb.js";
import type { CreateRoomRequestSchema, JoinRoomRequestSchema, QuickMatchRequestSchema } from "./gen/cercle/v1/lobby_pb.js";
import { Pace } from "./gen/cercle/v1/pace_pb.js";
import { isRoomOptions, type OptionInput, roomOptions } from "./options.js";

export interface CreateRoomOptions {
  /** Table size, within the game's min/max (0: the game's minimum). */
  players?: number;
  /** Options that differ from the defaults: the typed RoomOptions, or by name, e.g.
   * `{ target_score: 30, turn_seconds: 0 }` (typed by `roomOptions`). */
  options?: RoomOptions | Record<string, OptionInput>;
  /** A private room is joined by its join code only. */
  private?: boolean;
  /** Consecutive timeouts before a bot plays for a seat (unset: 3; 0: never). */
  takeoverAfter?: number;
  /** How long bots wait before they move, in milliseconds (unset: the server's 800 ms). */
  botDelayMs?: number;
  /** A turn-based room: milliseconds per decision (5 minutes to 14 days). Unset: live. */
  turnBasedMs?: number;
  /** With `turnBasedMs`: a time bank per seat, in milliseconds. */
  timeBankMs?: number;
}

export interface JoinOptions {
  /** The room id (a public room, or a private one the caller is a member of). */
  roomId?: string;
  /** The join code of a private room (sent instead of `roomId` when given: the request
   * takes one of the two). */
  joinCode?: string;
  /** Watch instead of taking a seat. */
  spectator?: boolean;
}

export interface QuickMatchOptions {
  /** The table size wanted when a room must be created (0: the game's minimum). */
  players?: number;
  /** "Me + bots": fill every other seat with this many bots and start at once (0: no bots). */
  bots?: number;
  /** The bots' level (unset: the server's {@link BotLevel.STRONG}). */
  botLevel?: BotLevel;
  /** How long bots wait before they move, in milliseconds (unset: the server's 800 ms). */
  botDelayMs?: number;
}

/** A `google.protobuf.Duration` from milliseconds. */
export function durationFromMs(ms: number): Duration {
  const whole = Math.floor(ms / 1000);
  return create(DurationSchema, {
    seconds: BigInt(whole),
    nanos: Math.round((ms - whole * 1000) * 1e6),
  });
}

/** A random request id (AIP-155, UUID v4 form), also outside secure browser contexts. Every
 * mutating call of {@link CercleClient} sends a fresh one, the same for each of its retries. */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") {
    return c.randomUUID();
  }
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** CreateRoom's request: the options typed by `roomOptions` when given by name. */
export function createRoomRequest(gameId: string, opts: CreateRoomOptions, requestId: string): MessageInitShape<typeof CreateRoomRequestSchema> {
  const options = isRoomOptions(opts.options) ? opts.options : roomOptions(gameId, opts.options);
  return {
    gameId,
    players: opts.players ?? 0,
    options,
    visibility: opts.private ? Visibility.PRIVATE : Visibility.PUBLIC,
    takeoverAfter: opts.takeoverAfter,
    botDelay: opts.botDelayMs === undefined ? undefined : durationFromMs(opts.botDelayMs),
    requestId,
    pace:
      opts.turnBasedMs === undefined
        ? undefined
        : {
            pace: Pace.TURN_BASED,
            decisionLimit: durationFromMs(opts.turnBasedMs),
            timeBank: opts.timeBankMs === undefined ? undefined : durationFromMs(opts.timeBankMs),
          },
  };
}

/** JoinRoom's request: a room id or a join code (the request's `room` oneof). */
export function joinRoomRequest(join: JoinOptions | string, requestId: string): MessageInitShape<typeof JoinRoomRequestSchema> {
  const j = typeof join === "string" ? { roomId: join } : join;
  return {
    room: j.joinCode
      ? { case: "joinCode" as const, value: j.joinCode }
      : { case: "roomId" as const, value: j.roomId ?? "" },
    spectator: j.spectator ?? false,
    requestId,
  };
}

/** QuickMatch's request. */
export function quickMatchRequest(gameId: string, opts: QuickMatchOptions, requestId: string): MessageInitShape<typeof QuickMatchRequestSchema> {
  return {
    gameId,
    players: opts.players ?? 0,
    bots: opts.bots ?? 0,
    botLevel: opts.botLevel ?? BotLevel.UNSPECIFIED,
    botDelay: opts.botDelayMs === undefined ? undefined : durationFromMs(opts.botDelayMs),
    requestId,
  };
}

/** CreateMatchTicket's request (a rated table of players of close rating). */
export function matchTicketRequest(
  gameId: string,
  opts: { players?: number; botTimeoutMs?: number },
  requestId: string,
): MessageInitShape<typeof CreateMatchTicketRequestSchema> {
  return {
    gameId,
    players: opts.players ?? 0,
    botTimeout: opts.botTimeoutMs === undefined ? undefined : durationFromMs(opts.botTimeoutMs),
    requestId,
  };
}
