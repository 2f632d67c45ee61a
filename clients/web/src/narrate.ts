/**
 * Events in words, from the shared catalogues: the same sentences as the CLI
 * (clients/render/; ids `ev-<kind>` in cli.ftl for the room's events; each game's in its
 * module games/<game>.ts with its .ftl; the rule is docs/i18n.md), in the page's language.
 * One path for every event: the room's are told here, a game's by its module's `narrate`
 * (games/types.ts), found in the registry by the event's `event.case`. Events are read only
 * through the generated types; the room's switch ends with an exhaustiveness check, so a
 * kind added to the contract does not compile until it is told (each game's switch too).
 */

import type { Event, RoomEvent } from "../../ts/src/index.js";
import { gameUi } from "./games/registry.js";
import type { Names } from "./games/types.js";
import { t } from "./i18n.js";

export type { Names };

/** One sentence for an event (the room's or a game's). */
export function narrate(event: Event, names: Names): string {
  const which = event.event;
  if (which.case === undefined) return t("ev-unknown", { kind: "event" });
  if (which.case === "room") return narrateRoom(which.value, names);
  return gameUi(which.case)?.narrate(event, names) ?? t("ev-unknown", { kind: which.case });
}

/** One sentence for a change of the room. */
export function narrateRoom(event: RoomEvent, names: Names): string {
  const e = event.event;
  switch (e.case) {
    case "created":
      return t("ev-created", { who: names.player(e.value.playerId) });
    case "joined":
      return t("ev-joined", { who: names.player(e.value.playerId) });
    case "left":
      return t("ev-left", { who: names.player(e.value.playerId) });
    case "ready":
      return t("ev-ready", { who: names.player(e.value.playerId) });
    case "botAdded":
      return t("ev-bot_added");
    case "botRemoved":
      return t("ev-bot_removed");
    case "spectatorJoined":
      return t("ev-spectator_joined");
    case "spectatorLeft":
      return t("ev-spectator_left");
    case "matchStarted":
      return t("ev-match_started", { commitment: e.value.seedCommitment.slice(0, 12) });
    case "seatTakenOver":
      return t("ev-seat_taken_over", { who: names.seat(e.value.seat) });
    case "seatTakenBack":
      return t("ev-seat_taken_back", { who: names.seat(e.value.seat) });
    case "matchFinished":
      return t("ev-match_finished");
    case "chatSent":
      return t("ev-chat_sent", { who: names.seat(e.value.seat), text: e.value.text });
    case "seatMuted":
      return t("ev-seat_muted", { who: names.seat(e.value.seat), muted: e.value.muted ? "yes" : "no" });
    case undefined:
      return t("ev-unknown", { kind: "room" });
    default: {
      const _: never = e;
      return t("ev-unknown", { kind: String(_) });
    }
  }
}
