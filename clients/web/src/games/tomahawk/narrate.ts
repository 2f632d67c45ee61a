/**
 * Tomahawk's events in words, from the shared catalogues: the same sentences as the CLI
 * (clients/render/tomahawk.py; ids `tt-ev-<kind>` in tomahawk.ftl). The switch ends with an
 * exhaustiveness check, so a kind added to the contract does not compile until it is told
 * (docs/games/tomahawk.md lists every Tomahawk event kind).
 */

import { type TomahawkCardFace, TomahawkCardKind, type TomahawkEvent } from "../../../../ts/src/index.js";
import { t } from "../../i18n.js";
import type { Names } from "../types.js";
import {
  cardName,
  colourWord,
  direction,
  DRAW_REASONS,
  kindName,
  PASS_REASONS,
  PENALTY_REASONS,
  RETURNED_BY,
} from "./words.js";

/** Totals by seat: "Ana 12, Bo 30". */
function totals(values: readonly number[], names: Names): string {
  return values.map((total, seat) => `${names.seat(seat)} ${total}`).join(", ");
}

function card(face: TomahawkCardFace | undefined): string {
  return face ? cardName(face) : t("web-a_card");
}

function cards(faces: readonly TomahawkCardFace[]): string {
  return faces.map(cardName).join(", ");
}

/** One sentence for a Tomahawk event. */
export function narrateTomahawk(event: TomahawkEvent, names: Names): string {
  const who = (seat: number): string => names.seat(seat);
  /** The message for the reader's own private event, or its `-other` form. */
  const mine = (id: string, seat: number): string => (seat === names.me ? id : `${id}-other`);
  const e = event.event;
  switch (e.case) {
    case "roundStarted": {
      const v = e.value;
      return t("tt-ev-round_started", { round: v.round, starter: who(v.starter), card: card(v.firstCard) });
    }
    case "handDealt":
      return t(mine("tt-ev-hand_dealt", e.value.seat), { who: who(e.value.seat), cards: cards(e.value.cards) });
    case "colourNamed":
      return t("tt-ev-colour_named", { who: who(e.value.seat), colour: colourWord(e.value.colour) });
    case "cardPlayed": {
      const v = e.value;
      const args = { who: who(v.seat), card: card(v.card) };
      const parts = [t(v.agilite ? "tt-ev-card_played_agilite" : "tt-ev-card_played", args)];
      if (v.card?.kind === TomahawkCardKind.DIAMOND && v.colour) {
        parts.push(t("tt-ev-colour_now", { colour: colourWord(v.colour) }));
      }
      if (v.target !== undefined) parts.push(t("tt-ev-swap_with", { name: who(v.target) }));
      return parts.join(" ");
    }
    case "comboPlayed": {
      const v = e.value;
      return t("tt-ev-combo_played", { who: who(v.seat), symbol: kindName(v.symbol), colour: colourWord(v.colour) });
    }
    case "sheriffPending": {
      const v = e.value;
      return t("tt-ev-sheriff_pending", { who: who(v.seat), total: v.total, caster: who(v.caster) });
    }
    case "skipPending":
      return t("tt-ev-skip_pending", { who: who(e.value.seat), caster: who(e.value.caster) });
    case "turnSkipped":
      return t("tt-ev-turn_skipped", { who: who(e.value.seat) });
    case "effectReturned": {
      const v = e.value;
      return t("tt-ev-effect_returned", {
        by: t(RETURNED_BY[v.by] ?? "web-by-unspecified"),
        who: who(v.seat),
        to: who(v.to),
        draw: v.draw ? t("tt-ev-returned_draw", { n: v.draw }) : "",
      });
    }
    case "directionChanged":
      return t("tt-ev-direction_changed", { direction: direction(e.value.direction) });
    case "handsSwapped":
      return t("tt-ev-hands_swapped", { who: who(e.value.seat), target: who(e.value.target) });
    case "handsPassed":
      return t("tt-ev-hands_passed");
    case "handReceived":
      return t(mine("tt-ev-hand_received", e.value.seat), { who: who(e.value.seat), cards: cards(e.value.cards) });
    case "drew": {
      const v = e.value;
      return t("tt-ev-drew", { who: who(v.seat), count: v.count, why: t(DRAW_REASONS[v.reason] ?? "tt-why-turn") });
    }
    case "drewCards":
      return t(mine("tt-ev-drew_cards", e.value.seat), { who: who(e.value.seat), cards: cards(e.value.cards) });
    case "reshuffled":
      return t("tt-ev-reshuffled", { n: e.value.drawPile });
    case "passed":
      return t("tt-ev-passed", { who: who(e.value.seat), why: t(PASS_REASONS[e.value.reason] ?? "tt-why-turn") });
    case "tomahawkCalled":
      return t("tt-ev-tomahawk_called", { who: who(e.value.seat) });
    case "sherifCalled": {
      const v = e.value;
      const result = t(v.caught ? "tt-caught" : "tt-not_caught");
      return t("tt-ev-sherif_called", { who: who(v.seat), target: who(v.target), result });
    }
    case "penalty": {
      const v = e.value;
      const reason = t(PENALTY_REASONS[v.reason] ?? "web-penalty-unspecified");
      return t("tt-ev-penalty", { who: who(v.seat), n: v.cards, reason });
    }
    case "roundEnded": {
      const v = e.value;
      const result =
        v.winner !== undefined ? t("tt-ev-round_won", { name: who(v.winner) }) : t("tt-ev-round_blocked");
      return t("tt-ev-round_ended", { round: v.round, result, totals: totals(v.totals, names) });
    }
    case "matchEnded": {
      const winners = e.value.winners.map(who).join(", ") || t("nobody");
      return t("tt-ev-match_ended", { names: winners, count: e.value.winners.length });
    }
    case "readyForNextRound":
      return t("tt-ev-ready_for_next_round", { who: who(e.value.seat) });
    case undefined:
      return t("ev-unknown", { kind: "tomahawk" });
    default: {
      const _: never = e;
      return t("ev-unknown", { kind: String(_) });
    }
  }
}
