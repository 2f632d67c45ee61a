/**
 * Events in words (docs/games/tomahawk.md lists every Tomahawk event kind). Events are read
 * only through the generated types: `event.event.case` says whose event it is (the room's or
 * a game's), then the inner `value.event.case` says which kind; the switches end with an
 * exhaustiveness check, so a kind added to the contract does not compile until it is told.
 */

import type { Event, RoomEvent, TomahawkCardFace, TomahawkEvent } from "../../ts/src/index.js";
import {
  cardName,
  colourWord,
  DRAW_REASONS,
  kindName,
  PASS_REASONS,
  PENALTY_REASONS,
  RETURNED_BY,
  ROUND_END_REASONS,
  SKIP_REASONS,
} from "./words.js";

export { cardName, glyph, kindName } from "./words.js";

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Names for seats and players; the reader is "You". */
export interface Names {
  seat(seat: number): string;
  player(playerId: string): string;
}

/** "Ana plays" / "You play": the verb agrees with its subject. */
function does(subject: string, verb: string): string {
  if (subject !== "You") return `${subject} ${verb}`;
  const base = verb.endsWith("sses") ? verb.slice(0, -2) : verb.replace(/s$/, "");
  return `You ${base}`;
}

/** "You are" / "Ana is". */
function is(subject: string): string {
  return `${subject} ${subject === "You" ? "are" : "is"}`;
}

/** Match totals by seat: "Ana 12 · You 30". */
function totals(values: readonly number[], names: Names): string {
  return values.map((total, seat) => `${names.seat(seat)} ${total}`).join(" · ");
}

function card(face: TomahawkCardFace | undefined): string {
  return face ? cardName(face) : "a card";
}

/** One sentence for an event (the room's or Tomahawk's). */
export function narrate(event: Event, names: Names): string {
  const which = event.event;
  switch (which.case) {
    case "room":
      return narrateRoom(which.value, names);
    case "tomahawk":
      return narrateTomahawk(which.value, names);
    case "tamashii":
    case "tomy":
    case "awimbawe":
      return `(an event of ${which.case}, not played on this page)`;
    case undefined:
      return "(an empty event)";
    default: {
      const _: never = which;
      return `(an event this page does not know: ${String(_)})`;
    }
  }
}

/** One sentence for a change of the room. */
export function narrateRoom(event: RoomEvent, names: Names): string {
  const e = event.event;
  switch (e.case) {
    case "created":
      return `${does(names.player(e.value.playerId), "opens")} the table.`;
    case "joined":
      return `${does(names.player(e.value.playerId), "sits")} down.`;
    case "left":
      return `${does(names.player(e.value.playerId), "leaves")} the table.`;
    case "ready":
      return `${is(names.player(e.value.playerId))} ready.`;
    case "botAdded":
      return "A bot takes a seat.";
    case "botRemoved":
      return "A bot leaves its seat.";
    case "spectatorJoined":
      return `${does(names.player(e.value.playerId), "watches")} the table.`;
    case "spectatorLeft":
      return `${does(names.player(e.value.playerId), "stops")} watching.`;
    case "matchStarted": {
      const commitment = e.value.seedCommitment;
      return `The match starts${commitment ? ` (shuffle commitment ${commitment.slice(0, 12)}…)` : ""}.`;
    }
    case "seatTakenOver":
      return `A bot plays for ${names.seat(e.value.seat)} until they are back.`;
    case "seatTakenBack":
      return `${is(names.seat(e.value.seat))} back and plays again.`;
    case "matchFinished":
      return `The match is finished; its seed ${e.value.seed} is public now.`;
    case undefined:
      return "(an empty room event)";
    default: {
      const _: never = e;
      return `(a room event this page does not know: ${String(_)})`;
    }
  }
}

/** One sentence for a Tomahawk event. */
export function narrateTomahawk(event: TomahawkEvent, names: Names): string {
  const who = (seat: number): string => names.seat(seat);
  const e = event.event;
  switch (e.case) {
    case "roundStarted": {
      const v = e.value;
      return `Round ${v.round} starts with ${card(v.firstCard)}; ${does(who(v.starter), "begins")}.`;
    }
    case "handDealt":
      return `You are dealt ${plural(e.value.cards.length, "card")}.`;
    case "colourNamed":
      return `${does(who(e.value.seat), "names")} ${colourWord(e.value.colour)}.`;
    case "cardPlayed": {
      const v = e.value;
      const jump = v.agilite ? " — AGILITÉ!" : "";
      const target = v.target !== undefined ? ` and swaps hands with ${who(v.target)}` : "";
      return `${does(who(v.seat), "plays")} ${card(v.card)}${jump}${target}; colour is ${colourWord(v.colour)}.`;
    }
    case "comboPlayed": {
      const v = e.value;
      return `${who(v.seat)}: COMBO! four ${kindName(v.symbol)} cards; colour is ${colourWord(v.colour)}.`;
    }
    case "sheriffPending":
      return `${does(who(e.value.seat), "faces")} a Sheriff draw of ${e.value.total} from ${who(e.value.caster)}.`;
    case "skipPending":
      return `${does(who(e.value.seat), "faces")} a Skip from ${who(e.value.caster)}.`;
    case "turnSkipped": {
      const v = e.value;
      const why = `${SKIP_REASONS[v.reason] ?? ""}${v.caster !== undefined ? ` from ${who(v.caster)}` : ""}`;
      return `${does(who(v.seat), "loses")} a turn${why ? ` (${why})` : ""}.`;
    }
    case "effectReturned": {
      const v = e.value;
      const draw = v.draw ? ` (${plural(v.draw, "card")})` : " (a Skip)";
      return `${does(who(v.seat), "sends")} it back to ${who(v.to)} with a ${RETURNED_BY[v.by] ?? "card"}${draw}.`;
    }
    case "directionChanged":
      return `The play now goes ${e.value.direction > 0 ? "clockwise" : "counter-clockwise"}.`;
    case "handsSwapped":
      return `${does(who(e.value.seat), "swaps")} hands with ${who(e.value.target)}.`;
    case "handsPassed":
      return `Every hand passes to the ${e.value.direction > 0 ? "next" : "previous"} player.`;
    case "handReceived":
      return `You receive a hand of ${plural(e.value.cards.length, "card")}.`;
    case "drew": {
      const why = DRAW_REASONS[e.value.reason] ?? "";
      return `${does(who(e.value.seat), "draws")} ${plural(e.value.count, "card")}${why ? ` (${why})` : ""}.`;
    }
    case "drewCards": {
      const drawn = e.value.cards.map(cardName).join(", ");
      return `You drew ${plural(e.value.cards.length, "card")}${drawn ? `: ${drawn}` : ""}.`;
    }
    case "reshuffled":
      return `The discard pile is shuffled into a new draw pile (${plural(e.value.drawPile, "card")}).`;
    case "passed": {
      const [verb, rest] = PASS_REASONS[e.value.reason] ?? ["passes", ""];
      return `${does(who(e.value.seat), verb)}${rest}.`;
    }
    case "tomahawkCalled":
      return `${does(who(e.value.seat), "calls")} TOMAHAWK!`;
    case "sherifCalled": {
      const v = e.value;
      return `${does(who(v.seat), "calls")} SHÉRIF! on ${who(v.target)}${v.caught ? ": caught, one card" : ""}.`;
    }
    case "penalty": {
      const v = e.value;
      return `${who(v.seat)}: ${PENALTY_REASONS[v.reason] ?? "a bad-faith claim"}, ${plural(v.cards, "card")} penalty.`;
    }
    case "roundEnded": {
      const v = e.value;
      const winner = v.winner !== undefined ? `${does(who(v.winner), "wins")} it` : "nobody wins it";
      const how = ROUND_END_REASONS[v.reason] ?? "";
      return `Round ${v.round} is over (${how || "ended"}): ${winner}. Totals ${totals(v.totals, names)}.`;
    }
    case "matchEnded": {
      const winners = e.value.winners.map(who).join(", ") || "nobody";
      return `The match is over: ${winners} won. Totals ${totals(e.value.totals, names)}.`;
    }
    case undefined:
      return "(an empty Tomahawk event)";
    default: {
      const _: never = e;
      return `(a Tomahawk event this page does not know: ${String(_)})`;
    }
  }
}
