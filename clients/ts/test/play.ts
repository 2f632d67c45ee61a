/** A scripted Tomahawk player for the tests: it plays through the public API only. */

import {
  ApiError,
  type Action,
  type CercleClient,
  type SubscribeOptions,
  type SubscribeResponse,
} from "../src/index.js";

/** Refusals that only mean "someone was faster": the next update brings a fresh chance. */
export const RACE_REASONS = new Set(["STALE_VERSION", "TOO_LATE", "NOT_YOUR_TURN", "BUSY"]);

/** The actions that move the game on, best first (calls out of turn come last). */
const PREFERENCE = [
  "playCard",
  "combo",
  "nameColour",
  "takePendingDraw",
  "takeSkip",
  "pass",
  "draw",
  "callTomahawk",
];

/** The action a simple player picks: the first legal one of the most useful kind. */
export function pickTomahawkAction(actions: Action[]): Action | undefined {
  const rank = (action: Action): number => {
    if (action.game.case !== "tomahawk") return PREFERENCE.length + 1;
    const kind = action.game.value.action.case ?? "";
    const index = PREFERENCE.indexOf(kind);
    return index === -1 ? PREFERENCE.length : index;
  };
  return [...actions].sort((a, b) => rank(a) - rank(b))[0];
}

export interface MatchLog {
  updates: SubscribeResponse[];
  accepted: number;
  raced: number;
}

/**
 * Follows the room's updates and plays `seat` whenever the table waits for it, until the
 * update that carries the outcome. `onFirstAct` runs once before the first action, with the
 * action and its version (the tests use it to check idempotent retries and error details).
 */
export async function playUntilOutcome(
  client: CercleClient,
  roomId: string,
  seat: number,
  opts: SubscribeOptions & {
    maxUpdates?: number;
    onFirstAct?: (action: Action, version: bigint) => Promise<boolean>;
  } = {},
): Promise<MatchLog> {
  const log: MatchLog = { updates: [], accepted: 0, raced: 0 };
  const maxUpdates = opts.maxUpdates ?? 5000;
  let first = true;
  for await (const update of client.subscribe(roomId, { ...opts, untilOutcome: true })) {
    log.updates.push(update);
    if (update.outcome !== undefined) break;
    if (log.updates.length > maxUpdates) throw new Error(`no outcome after ${maxUpdates} updates`);
    if (!update.waitingFor.includes(seat)) continue;
    const legal = await client.legalActions(roomId);
    if (legal.version !== update.version) continue; // a newer update is on its way
    const action = pickTomahawkAction(legal.actions);
    if (action === undefined) continue;
    if (first && opts.onFirstAct) {
      first = false;
      if (await opts.onFirstAct(action, legal.version)) {
        log.accepted++;
        continue;
      }
    }
    try {
      await client.act(roomId, action, legal.version);
      log.accepted++;
    } catch (err) {
      if (err instanceof ApiError && RACE_REASONS.has(err.reason)) {
        log.raced++;
        continue;
      }
      throw err;
    }
  }
  return log;
}

/**
 * The event cases a player received, as `"<outer>.<inner>"` (`"room.matchStarted"`,
 * `"tomahawk.cardPlayed"`), read through the typed oneofs. Throws if an event is empty, of a
 * game other than Tomahawk, or a private event about a seat other than `seat` (a secret that
 * leaked).
 */
export function eventCases(updates: SubscribeResponse[], seat: number): Set<string> {
  const seen = new Set<string>();
  for (const update of updates) {
    for (const event of update.events) {
      const outer = event.event;
      switch (outer.case) {
        case "room":
          seen.add(`room.${outer.value.event.case}`);
          break;
        case "tomahawk": {
          const inner = outer.value.event;
          if (inner.case === undefined) throw new Error(`an empty Tomahawk event at seq ${update.seq}`);
          if (event.private) {
            switch (inner.case) {
              case "handDealt":
              case "handReceived":
              case "drewCards":
                if (inner.value.seat !== seat) throw new Error(`seat ${seat} got ${inner.case} of seat ${inner.value.seat}`);
                break;
              default:
                throw new Error(`${inner.case} is not a private Tomahawk event`);
            }
          }
          seen.add(`tomahawk.${inner.case}`);
          break;
        }
        case "tamashii":
        case "tomy":
        case "awimbawe":
        case undefined:
          throw new Error(`a ${outer.case ?? "empty"} event in a Tomahawk room at seq ${update.seq}`);
        default: {
          const unknown: never = outer;
          throw new Error(`an event of an unknown game: ${String(unknown)}`);
        }
      }
    }
  }
  return seen;
}

/** The updates' seqs as numbers (for assertions). */
export function seqs(updates: SubscribeResponse[]): number[] {
  return updates.map((u) => Number(u.seq));
}
