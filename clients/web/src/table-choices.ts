/**
 * The reader's choices at a table (table.ts): what the latest view (GetView, or an update
 * with a view) said the reader may do, and the version to send with them. Updates without a
 * view (chat, presence) leave them standing; an action sent spends them until the next view
 * brings new ones, or until it is refused and the same ones stand again.
 */

import type { Action } from "../../ts/src/index.js";

/** Refusals after which the choices held are out of date: the match moved on, and a newer
 * update is on its way with newer ones. */
const MOVED_ON = new Set(["STALE_VERSION", "TOO_LATE"]);

export class ReaderChoices {
  /** The actions of the latest view. */
  actions: Action[] = [];
  /** The calls of the same choices (`Choices.calls`: right or wrong). */
  calls: Action[] = [];
  /** The match version they were offered at. */
  version = -1n;
  /** The choices were spent by an action sent: none is offered until the next view brings
   * new ones (or the action is refused, and the same ones stand again). */
  private spent = false;

  /** The actions offered now: none once spent. */
  get offered(): Action[] {
    return this.spent ? [] : this.actions;
  }

  /** The calls offered now, on the same terms. */
  get offeredCalls(): Action[] {
    return this.spent ? [] : this.calls;
  }

  /** Takes the choices of a view at `version`. Stored updates replayed after a fresher view
   * (a reload that follows from an older cursor) bring older choices: those are ignored, so
   * what is offered is always the latest; `fresh` (GetView's) always wins. */
  take(actions: Action[], calls: Action[], version: bigint, fresh: boolean): void {
    if (!fresh && version < this.version) return;
    this.actions = actions;
    this.calls = calls;
    this.version = version;
    this.spent = false;
  }

  /** An action is sent: the choices are spent (the update it causes brings the next ones; it
   * may arrive before the answer to Act does: the answer then leaves them alone). Answers the
   * version to send with it. */
  spend(): bigint {
    this.spent = true;
    return this.version;
  }

  /** Act accepted, the match now at `version`: updates from before the action still on their
   * way (another seat's sealed vote applied just before it) must not offer the spent choices
   * again. */
  accepted(version: bigint): void {
    if (version > this.version) {
      this.actions = [];
      this.calls = [];
      this.version = version;
      this.spent = false;
    }
  }

  /** The action sent at `sentVersion` was refused for `reason`: the latest choices stand
   * again, unless the match moved on. */
  refused(sentVersion: bigint, reason: string): void {
    if (this.version === sentVersion && !MOVED_ON.has(reason)) this.spent = false;
  }
}
