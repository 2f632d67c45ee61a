/** Tomahawk events and cards in words (docs/games/tomahawk.md lists every event kind). */

import type { Event, TomahawkCardFace } from "../../ts/src/index.js";

type JsonValue = unknown;

const SYMBOLS: Record<string, string> = {
  bison: "Bison",
  eagle: "Eagle",
  wolf: "Wolf",
  bear: "Bear",
  tipi: "Tipi",
  feather: "Feather",
  totem: "Totem",
  bow: "Bow",
  canoe: "Canoe",
  sun: "Sun",
  sheriff_1: "Sheriff +1",
  sheriff_2: "Sheriff +2",
  sheriff_3: "Sheriff +3",
  skip: "Skip",
  reverse: "Reverse",
  shield: "Shield",
  diamond: "Diamond",
  calumet: "Calumet",
  shaman: "Shaman",
  wheel: "Wheel of Time",
};

/** A short glyph per kind (characters DejaVu Sans has, so every machine draws them). */
const GLYPHS: Record<string, string> = {
  sheriff_1: "★+1",
  sheriff_2: "★+2",
  sheriff_3: "★+3",
  skip: "⊘",
  reverse: "⇄",
  shield: "◈",
  diamond: "◆",
  calumet: "⚯",
  shaman: "☽",
  wheel: "⟳",
  sun: "☀",
};

export function kindName(kind: string): string {
  return SYMBOLS[kind] ?? kind;
}

export function glyph(kind: string): string {
  return GLYPHS[kind] ?? kindName(kind).slice(0, 1);
}

export function cardName(card: Pick<TomahawkCardFace, "kind" | "colour">): string {
  return card.colour ? `${card.colour} ${kindName(card.kind)}` : kindName(card.kind);
}

function num(v: JsonValue): number {
  return typeof v === "number" ? v : Number(v ?? NaN);
}

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

/** One sentence for an event (match or lobby). */
export function narrate(event: Event, names: Names): string {
  const d = (event.data ?? {}) as Record<string, JsonValue>;
  const who = (seat: number): string => names.seat(seat);
  const seat = who(num(d.seat));
  const timeout = d.timeout === true ? " (time ran out)" : "";
  const player = names.player(String(d.player_id ?? ""));
  switch (event.kind) {
    case "created":
      return `${does(player, "opens")} the table.`;
    case "joined":
      return `${does(player, "sits")} down.`;
    case "left":
      return `${does(player, "leaves")} the table.`;
    case "ready":
      return `${player} ${player === "You" ? "are" : "is"} ready.`;
    case "bot_added":
      return "A bot takes a seat.";
    case "bot_removed":
      return "A bot leaves its seat.";
    case "match_started": {
      const commitment = String(d.seed_commitment ?? "");
      return `The match starts${commitment ? ` (shuffle commitment ${commitment.slice(0, 12)}…)` : ""}.`;
    }
    case "round_started":
      return `Round ${num(d.round)} starts; ${who(num(d.starter))} begins.`;
    case "hand_dealt":
      return `You are dealt ${plural((d.cards as unknown[] | undefined)?.length ?? 0, "card")}.`;
    case "colour_named":
      return `${does(seat, "names")} ${String(d.colour)}${timeout}.`;
    case "card_played": {
      const jump = d.agilite === true ? " — AGILITÉ!" : "";
      const target = d.target !== undefined && d.target !== null ? ` and swaps hands with ${who(num(d.target))}` : "";
      const colour = d.colour ? `; colour is ${String(d.colour)}` : "";
      return `${does(seat, "plays")} ${kindName(String(d.kind))}${jump}${target}${colour}.`;
    }
    case "combo_played":
      return `${seat}: COMBO! four ${kindName(String(d.symbol))} cards; colour is ${String(d.colour)}.`;
    case "sheriff_pending":
      return `${does(seat, "faces")} a Sheriff draw of ${num(d.total)} from ${who(num(d.caster))}.`;
    case "skip_pending":
      return `${does(seat, "faces")} a Skip from ${who(num(d.caster))}.`;
    case "turn_skipped":
      return `${does(seat, "loses")} a turn.`;
    case "effect_returned":
      return `${does(seat, "sends")} it back to ${who(num(d.to))} with a ${String(d.by)}${num(d.draw) ? ` (${plural(num(d.draw), "card")})` : ""}.`;
    case "direction_changed":
      return `The play now goes ${num(d.direction) > 0 ? "clockwise" : "counter-clockwise"}.`;
    case "hands_swapped":
      return `${does(seat, "swaps")} hands with ${who(num(d.target))}.`;
    case "hands_passed":
      return "Every hand passes to the next player.";
    case "hand_received":
      return `You receive a hand of ${plural((d.cards as unknown[] | undefined)?.length ?? 0, "card")}.`;
    case "drew":
      return `${does(seat, "draws")} ${plural(num(d.count), "card")}${d.reason && d.reason !== "turn" ? ` (${String(d.reason)})` : ""}${timeout}.`;
    case "drew_cards":
      return `You drew ${plural((d.cards as unknown[] | undefined)?.length ?? 0, "card")}.`;
    case "reshuffled":
      return `The discard pile is shuffled into a new draw pile (${num(d.draw_pile)}).`;
    case "passed":
      return d.reason === "kept_drawn_card" ? `${does(seat, "keeps")} the drawn card.` : `${does(seat, "passes")}: nothing to draw.`;
    case "tomahawk_called":
      return `${does(seat, "calls")} TOMAHAWK!`;
    case "sherif_called":
      return `${does(seat, "calls")} SHÉRIF! on ${who(num(d.target))}${d.caught === true ? ": caught, one card" : ""}.`;
    case "penalty":
      return `${seat} called in bad faith: ${plural(num(d.cards), "card")} penalty.`;
    case "round_ended": {
      const winner = d.winner === null || d.winner === undefined ? "nobody (blocked)" : who(num(d.winner));
      return `Round ${num(d.round)} is over: ${winner} wins it. Totals ${JSON.stringify(d.totals)}.`;
    }
    case "match_ended":
      return `The match is over. Totals ${JSON.stringify(d.totals)}.`;
    default:
      return `${event.kind} ${JSON.stringify(d)}`;
  }
}
