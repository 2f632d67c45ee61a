/**
 * What a seat may do, as the server pushes it with every update that carries a view and with
 * every GetView: read with {@link choicesOf}; `TableFollower` (client.ts) keeps the latest.
 */

import type { Action, GetViewResponse, SubscribeResponse } from "./gen/cercle/v1/game_pb.js";

/** What a seat may do at one version of the match, as the server pushed it. */
export interface SeatChoices {
  /** Every action Act accepts from the seat now, in the game's order (empty: nothing to do
   * now, wait for the next update). A play that may announce TOMAHAWK! is listed twice (with
   * `tomahawk` false and true); a Tomy story comes with a `template` the player may replace
   * by their own `text` (the `story` oneof holds one or the other). */
  actions: Action[];
  /** The calls the seat may make now, right or wrong (Tomahawk's SHÉRIF! on any other seat,
   * AGILITÉ! with any card while a card may be jumped on): a wrong one is played and costs
   * 2 cards (TT-FAIR-1). Not repeated in `actions`; offer them as gestures on the table. */
  calls: Action[];
  /** The match version to send with any of them (ActRequest.version). */
  version: bigint;
}

/**
 * The choices an update or a view brings: its `choices` with the version to act on (the
 * update's `version`, the view's `room.version`). Undefined for what carries no view (chat,
 * presence, the lobby before the start): the last choices stand. A spectator's, and those
 * of a finished match, are empty.
 */
export function choicesOf(from: SubscribeResponse | GetViewResponse): SeatChoices | undefined {
  if (from.view === undefined) return undefined;
  const version = from.$typeName === "cercle.v1.GetViewResponse" ? (from.room?.version ?? 0n) : from.version;
  return { actions: from.choices?.actions ?? [], calls: from.choices?.calls ?? [], version };
}
