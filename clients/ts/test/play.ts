/**
 * A scripted player of any game for the tests: it plays through the public API
 * only, from the choices the server pushes with every update (never ListLegalActions).
 */

import {
  ApiError,
  type Action,
  ActionSchema,
  type CercleClient,
  type Event,
  choicesOf,
  clone,
  type SubscribeOptions,
  type SubscribeResponse,
} from "../src/index.js";

/** The games, by id: every game case of the contract's `Event.event` oneof. */
export type GameId = Exclude<Event["event"]["case"], "room" | undefined>;

/** Refusals that only mean "someone was faster": the next update brings a fresh chance (or
 * the outcome, when a bot's move ended the match meanwhile). */
export const RACE_REASONS = new Set(["STALE_VERSION", "TOO_LATE", "NOT_YOUR_TURN", "BUSY", "MATCH_FINISHED"]);

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

/** A small seeded generator (mulberry32): the same picks for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The action a simple player picks among `actions` (all of one game): Tomahawk's by
 * {@link pickTomahawkAction}, the other games' at random (a Tomy story sent as suggested). */
export function pickAction(actions: Action[], random: () => number): Action | undefined {
  if (actions.length === 0) return undefined;
  if (actions[0]!.game.case === "tomahawk") return pickTomahawkAction(actions);
  const action = actions[Math.floor(random() * actions.length)]!;
  const move = action.game.case === "tomy" ? action.game.value.action : undefined;
  if (move?.case === "propose" && move.value.story.case === "template" && random() < 0.5) {
    // A story of the player's own in place of the suggested one (as the choices allow): the
    // oneof `story` holds a text or a template, never both.
    const own = clone(ActionSchema, action);
    if (own.game.case === "tomy" && own.game.value.action.case === "propose") {
      own.game.value.action.value.story = { case: "text", value: `Tomy sniffs around column ${move.value.column}.` };
    }
    return own;
  }
  return action;
}

export interface MatchLog {
  updates: SubscribeResponse[];
  accepted: number;
  raced: number;
  /** The reasons of the raced refusals, by count. */
  races: Map<string, number>;
}

/**
 * Follows the room's updates and plays `seat` whenever an update's choices offer something
 * (its turn, a sealed vote, an out-of-turn call), until the update that carries the outcome.
 * `onFirstAct` runs once before the first action taken on the seat's turn, with the action
 * and its version (the tests use it to check idempotent retries and error details).
 */
export async function playUntilOutcome(
  client: CercleClient,
  roomId: string,
  seat: number,
  opts: SubscribeOptions & {
    maxUpdates?: number;
    seed?: number;
    onFirstAct?: (action: Action, version: bigint) => Promise<boolean>;
  } = {},
): Promise<MatchLog> {
  const log: MatchLog = { updates: [], accepted: 0, raced: 0, races: new Map() };
  const maxUpdates = opts.maxUpdates ?? 5000;
  const random = seededRandom(opts.seed ?? seat + 1);
  let first = true;
  const table = client.follow(roomId, { ...opts, untilOutcome: true });
  for await (const update of table) {
    log.updates.push(update);
    if (update.outcome !== undefined) break;
    if (log.updates.length > maxUpdates) throw new Error(`no outcome after ${maxUpdates} updates`);
    // Only an update with a view brings choices (chat and presence leave the last standing,
    // and those were acted on already).
    if (choicesOf(update) === undefined) continue;
    const choices = table.choices;
    // An update from before our last accepted action: its choices are spent.
    if (choices.version !== update.version) continue;
    const action = pickAction(choices.actions, random);
    if (action === undefined) continue;
    if (first && opts.onFirstAct && update.waitingFor.includes(seat)) {
      first = false;
      if (await opts.onFirstAct(action, choices.version)) {
        log.accepted++;
        continue;
      }
    }
    try {
      await table.act(action);
      log.accepted++;
    } catch (err) {
      if (err instanceof ApiError && RACE_REASONS.has(err.reason)) {
        log.raced++;
        log.races.set(err.reason, (log.races.get(err.reason) ?? 0) + 1);
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
 * game other than `game`, or a private event about a seat other than `seat` (a secret that
 * leaked).
 */
export function eventCases(updates: SubscribeResponse[], seat: number, game: GameId = "tomahawk"): Set<string> {
  const seen = new Set<string>();
  for (const update of updates) {
    for (const event of update.events) {
      const outer = event.event;
      if (outer.case === undefined) throw new Error(`an empty event in a ${game} room at seq ${update.seq}`);
      switch (outer.case) {
        case "room":
          seen.add(`room.${outer.value.event.case}`);
          break;
        case "tomahawk": {
          if (game !== "tomahawk") throw new Error(`a tomahawk event in a ${game} room at seq ${update.seq}`);
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
        default: {
          // Every other game, read the same way (a game added to the contract needs no case).
          const inner = outer.value.event;
          if (outer.case !== game) throw new Error(`a ${outer.case} event in a ${game} room at seq ${update.seq}`);
          if (inner.case === undefined) throw new Error(`an empty ${game} event at seq ${update.seq}`);
          const about: unknown = (inner.value as { seat?: unknown }).seat;
          if (event.private && typeof about === "number" && about !== seat) {
            throw new Error(`seat ${seat} got ${inner.case} of seat ${about}`);
          }
          seen.add(`${game}.${inner.case}`);
          break;
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
