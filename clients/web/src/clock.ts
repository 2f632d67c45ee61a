/**
 * Turn clocks: how long each deadline has left, in server time.
 *
 * The page's clock may differ from the server's. Every update of the stream and every
 * GetView carries the server's time (`server_time`) when it was sent: the offset is that
 * time minus the moment it reached the page ({@link observeServerTime}); the latest one wins
 * (the page's clock may be changed while it runs). The network's delay makes the page lag the
 * server by that delay at most, which a countdown shown in whole seconds does not mind.
 */

import type { Deadline, GetViewResponse } from "../../ts/src/index.js";

type Timestamp = NonNullable<GetViewResponse["serverTime"]>;

let offsetMs: number | undefined;

function timestampMs(ts: Deadline["expireTime"] | Timestamp | undefined): number {
  return ts ? Number(ts.seconds) * 1000 + Math.floor(ts.nanos / 1e6) : 0;
}

function durationMs(d: Deadline["length"]): number {
  return d ? Number(d.seconds) * 1000 + Math.floor(d.nanos / 1e6) : 0;
}

/** The server's time as sent with an update or a view (unset: nothing learnt). */
export function observeServerTime(serverTime: Timestamp | undefined, receivedAtMs = Date.now()): void {
  if (!serverTime) return;
  offsetMs = timestampMs(serverTime) - receivedAtMs;
}

/** Forgets the offset (a new table, maybe another server). */
export function resetClock(): void {
  offsetMs = undefined;
}

export function serverNow(): number {
  return Date.now() + (offsetMs ?? 0);
}

/** Milliseconds left before the deadline (0 once passed). */
export function remainingMs(deadline: Deadline): number {
  return Math.max(0, timestampMs(deadline.expireTime) - serverNow());
}

/** The deadline's length in milliseconds. */
export function lengthMs(deadline: Deadline): number {
  return durationMs(deadline.length);
}
