/**
 * The server streams {@link CercleClient} reads. Two are kept open across drops, each
 * yielding every entry once, in order, however often it is cut: a room's updates (resumed
 * from the last update's cursor) and the player's inbox (watched again after the last
 * notification). A match ticket's changes end with the ticket, or with an error.
 */

import { Code, type Client } from "@connectrpc/connect";

import { ApiError, apiError, shouldRetry } from "./errors.js";
import { type GameService, type SubscribeResponse, UpdateKind } from "./gen/cercle/v1/game_pb.js";
import type { InboxService, Notification } from "./gen/cercle/v1/inbox_pb.js";
import type { LadderService, MatchTicket } from "./gen/cercle/v1/ladder_pb.js";
import { sleep } from "./retries.js";

export interface SubscribeOptions {
  /** Start after this cursor (an update's or a view's `cursor`; opaque; empty: from the
   * room's first update). */
  resumeCursor?: string;
  /** Also yield who is connected: UPDATE_KIND_PRESENCE updates (they repeat the last `seq`
   * and `cursor`, so they are passed through without moving the resume point). */
  presence?: boolean;
  /** Resubscribe from the last cursor when the stream drops (default true). */
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
  onReconnect?: (info: { seq: bigint; attempt: number; error: ApiError | undefined }) => void;
}

/** A room's updates through `game.subscribe`, resubscribing from the last cursor when the
 * stream drops (what {@link CercleClient.subscribe} says). */
export async function* resumingUpdates(
  game: Client<typeof GameService>,
  roomId: string,
  opts: SubscribeOptions,
): AsyncGenerator<SubscribeResponse, void, undefined> {
  const resume = opts.resume ?? true;
  const initialBackoff = opts.initialBackoffMs ?? 100;
  const maxBackoff = opts.maxBackoffMs ?? 2000;
  let seq = 0n; // the last update yielded
  let resumeCursor = opts.resumeCursor ?? "";
  let delay = initialBackoff;
  let failures = 0;
  while (!opts.signal?.aborted) {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    opts.signal?.addEventListener("abort", stop, { once: true });
    let failure: ApiError | undefined;
    try {
      const presence = opts.presence ?? false;
      const request = { roomId, resumeCursor, presence };
      const stream = game.subscribe(request, { signal: controller.signal });
      for await (const update of stream) {
        delay = initialBackoff;
        failures = 0;
        if (update.kind === UpdateKind.PRESENCE) {
          yield update; // not an entry of the log: the resume point stays
          continue;
        }
        if (update.seq <= seq) {
          continue; // already yielded before a reconnection
        }
        seq = update.seq;
        resumeCursor = update.cursor;
        yield update;
        if (opts.untilOutcome && update.outcome !== undefined) {
          return;
        }
      }
      if (!resume) return;
    } catch (err) {
      if (opts.signal?.aborted) return;
      failure = apiError(err);
      if (!resume || !shouldRetry(failure)) {
        throw failure;
      }
    } finally {
      opts.signal?.removeEventListener("abort", stop);
      controller.abort();
    }
    failures++;
    if (opts.maxRetries !== undefined && failures > opts.maxRetries) {
      throw failure ?? new ApiError(Code.Unavailable, "UNAVAILABLE", "the update stream keeps closing");
    }
    opts.onReconnect?.({ seq, attempt: failures, error: failure });
    await sleep(delay, opts.signal);
    delay = Math.min(delay * 2, maxBackoff);
  }
}

/** The player's notifications through `inbox.watchInbox` after `afterSequence`, watching
 * again after the last one yielded when the stream drops (what
 * {@link CercleClient.watchInbox} says). */
export async function* resumingInbox(
  inbox: Client<typeof InboxService>,
  afterSequence: bigint,
  signal?: AbortSignal,
): AsyncGenerator<Notification, void, undefined> {
  let after = afterSequence;
  let delay = 200;
  while (!signal?.aborted) {
    try {
      for await (const message of inbox.watchInbox({ afterSequence: after }, { signal })) {
        delay = 200;
        const note = message.notification;
        if (note === undefined || note.sequence <= after) continue;
        after = note.sequence;
        yield note;
      }
    } catch (err) {
      if (signal?.aborted) return;
      const error = apiError(err);
      if (!shouldRetry(error) && error.code !== Code.Unknown && error.code !== Code.Canceled) throw error;
    }
    await sleep(delay);
    delay = Math.min(delay * 2, 5000);
  }
}

/** A match ticket as it changes (what {@link CercleClient.watchMatchTicket} says); aborting
 * `signal` ends it quietly. */
export async function* ticketChanges(
  ladder: Client<typeof LadderService>,
  ticketId: string,
  signal?: AbortSignal,
): AsyncGenerator<MatchTicket, void, undefined> {
  try {
    for await (const response of ladder.watchMatchTicket({ ticketId }, { signal })) {
      if (response.ticket) yield response.ticket;
    }
  } catch (err) {
    if (signal?.aborted) return;
    throw apiError(err);
  }
}
