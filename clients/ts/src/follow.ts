/**
 * A room followed for the caller's seat ({@link CercleClient.follow}): the updates of
 * {@link CercleClient.subscribe} with the latest choices the server pushed kept.
 */

import type { MessageInitShape } from "@bufbuild/protobuf";

import { choicesOf, type SeatChoices } from "./choices.js";
// A type only (erased from the JavaScript): the follower's `client` stays typed as the client
// it was made by, as the package has always declared it.
import type { CercleClient } from "./client.js";
import type { Action, ActionSchema, ActResponse, GetViewResponse, SubscribeResponse } from "./gen/cercle/v1/game_pb.js";
import type { ActOptions } from "./retries.js";
import type { SubscribeOptions } from "./streams.js";

/**
 * One room followed for the caller's seat ({@link CercleClient.follow}): iterate it for the
 * updates (as {@link CercleClient.subscribe} yields them); {@link choices} is always the
 * latest the server pushed, and {@link act} sends one of them with their version. No
 * ListLegalActions call is ever made.
 *
 * Once an action is accepted its choices are spent: {@link choices} is empty (at the
 * action's version) until an update from that version on brings new ones, so the updates
 * the stream still delivers from before the action (another seat's sealed vote applied just
 * before it) offer nothing stale.
 */
export class TableFollower implements AsyncIterable<SubscribeResponse> {
  /** The latest choices (none before the first view or update with a view, nor right after
   * an accepted action). */
  choices: SeatChoices = { actions: [], calls: [], version: -1n };

  constructor(
    readonly client: CercleClient,
    readonly roomId: string,
    readonly options: SubscribeOptions = {},
  ) {}

  /**
   * Takes the choices of an update or a view; answers whether it brought any (an update
   * without a view leaves them standing). A view (GetView) always wins; an update older
   * than the choices held (replayed after a fresher view, or from before the last accepted
   * action) is ignored.
   */
  take(from: SubscribeResponse | GetViewResponse): boolean {
    const choices = choicesOf(from);
    if (choices === undefined) return false;
    if (from.$typeName === "cercle.v1.SubscribeResponse" && choices.version < this.choices.version) return false;
    this.choices = choices;
    return true;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<SubscribeResponse, void, undefined> {
    for await (const update of this.client.subscribe(this.roomId, this.options)) {
      this.take(update);
      yield update;
    }
  }

  /** Plays `action` (one of {@link choices}, or a Tomy story put in its place) with the
   * choices' version; see {@link CercleClient.act} for retries and refusals. */
  async act(action: Action | MessageInitShape<typeof ActionSchema>, opts: ActOptions = {}): Promise<ActResponse> {
    const response = await this.client.act(this.roomId, action, this.choices.version, opts);
    if (response.version > this.choices.version) this.choices = { actions: [], calls: [], version: response.version };
    return response;
  }
}
