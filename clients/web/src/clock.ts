/**
 * Turn clocks: how long each deadline has left, in server time.
 *
 * The page's clock may differ from the server's. Until updates carry the server's time (the
 * stream work adds it: call {@link observeServerTime} with it), the offset is estimated from
 * the deadlines themselves: a deadline that starts with a live update began, in server
 * time, at `expire_time - length`, no later than the moment the update reached the page; so
 * `start - received` is a lower bound of (server - local), and the largest bound seen is kept.
 */

import type { Deadline } from "../../ts/src/index.js";

let offsetMs: number | undefined;

/** The server's time as sent with an update (exact; replaces the estimate). */
export function observeServerTime(serverMs: number, receivedAtMs = Date.now()): void {
  offsetMs = serverMs - receivedAtMs;
  exact = true;
}
let exact = false;

function timestampMs(ts: Deadline["expireTime"]): number {
  return ts ? Number(ts.seconds) * 1000 + Math.floor(ts.nanos / 1e6) : 0;
}

function durationMs(d: Deadline["length"]): number {
  return d ? Number(d.seconds) * 1000 + Math.floor(d.nanos / 1e6) : 0;
}

/** Learns from deadlines that started with the update just received (live, not replayed). */
export function observeDeadlines(deadlines: readonly Deadline[], receivedAtMs = Date.now()): void {
  if (exact) return;
  for (const d of deadlines) {
    const start = timestampMs(d.expireTime) - durationMs(d.length);
    const bound = start - receivedAtMs;
    if (offsetMs === undefined || bound > offsetMs) offsetMs = bound;
  }
}

/** Forgets the estimate (a new table, maybe another server). */
export function resetClock(): void {
  if (!exact) offsetMs = undefined;
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
