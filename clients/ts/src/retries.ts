/**
 * When {@link CercleClient} sends a call again, and how long it waits first: a unary call
 * refused with a RetryInfo (rate limited) is waited out and sent again, a call refused
 * UNAUTHENTICATED once the session is refreshed, and an action (same request id, so the
 * server applies it once) whenever the network failed. Failures become {@link ApiError}.
 */

import { Code } from "@connectrpc/connect";

import { apiError, shouldRetry } from "./errors.js";

/** How many times a call refused with a RetryInfo (rate limited) is sent in all. */
export const RETRY_INFO_ATTEMPTS = 5;
/** How many times act() sends one action in all (same request id) by default. */
export const ACT_ATTEMPTS = 5;

export interface ActOptions {
  /** The request id (AIP-155); by default a fresh random one, reused by every retry of this
   * call. Pass your own to keep it across your own retries. */
  requestId?: string;
  /** How many times to send the action in all when the network fails (default 5). */
  attempts?: number;
}

/** The session side of a unary call: its deadline, and the refresh to try once when the call
 * is refused UNAUTHENTICATED (undefined when there is nothing to refresh with). */
export interface CallSession {
  readonly timeoutMs: number;
  refresh(): Promise<void> | undefined;
}

/** Waits `ms` milliseconds, or less when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * Runs one unary call with the session's deadline, turning failures into {@link ApiError}.
 * Refused UNAUTHENTICATED, refreshes the session once and sends it again; refused with a
 * RetryInfo (rate limited), waits as told and sends it again (at most `attempts` times in
 * all): nothing was done the first time.
 */
export async function unaryCall<T>(
  session: CallSession,
  run: (opts: { timeoutMs: number }) => Promise<T>,
  attempts = RETRY_INFO_ATTEMPTS,
): Promise<T> {
  let refreshed = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run({ timeoutMs: session.timeoutMs });
    } catch (err) {
      const error = apiError(err);
      if (error.code === Code.Unauthenticated && !refreshed) {
        const refreshing = session.refresh();
        if (refreshing !== undefined) {
          refreshed = true;
          await refreshing;
          continue;
        }
      }
      if (error.retryDelayMs === undefined || attempt >= attempts) throw error;
      await sleep(Math.min(Math.max(error.retryDelayMs, 10), 5000));
    }
  }
}

/**
 * Sends `send` again while it fails in a way worth retrying ({@link shouldRetry}: the
 * network, not a refusal), at most `attempts` times in all, waiting as told (RetryInfo) or
 * 100 ms doubling up to 2 s.
 */
export async function retryTransient<T>(send: () => Promise<T>, attempts: number): Promise<T> {
  let delay = 100;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const error = apiError(err);
      if (attempt >= attempts || !shouldRetry(error)) {
        throw error;
      }
      await sleep(error.retryDelayMs ?? delay);
      delay = Math.min(delay * 2, 2000);
    }
  }
}
