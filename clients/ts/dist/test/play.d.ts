/** A scripted Tomahawk player for the tests: it plays through the public API only. */
import { type Action, type CercleClient, type SubscribeOptions, type SubscribeResponse } from "../src/index.js";
/** Refusals that only mean "someone was faster": the next update brings a fresh chance. */
export declare const RACE_REASONS: Set<string>;
/** The action a simple player picks: the first legal one of the most useful kind. */
export declare function pickTomahawkAction(actions: Action[]): Action | undefined;
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
export declare function playUntilOutcome(client: CercleClient, roomId: string, seat: number, opts?: SubscribeOptions & {
    maxUpdates?: number;
    onFirstAct?: (action: Action, version: bigint) => Promise<boolean>;
}): Promise<MatchLog>;
/** Asserts-friendly: the seqs as numbers. */
export declare function seqs(updates: SubscribeResponse[]): number[];
