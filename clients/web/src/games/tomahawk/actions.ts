/**
 * Legal actions as button labels, with the CLI's words (`tt-act-*` in tomahawk.ftl): pure,
 * so the Node tests read every label in every language.
 */

import type { Action, TomahawkCardFace } from "../../../../ts/src/index.js";
import { t } from "../../i18n.js";
import { cardName, colourWord, kindName } from "./words.js";

/** What a label needs from the table: the reader's hand, the pending draw, seat names. */
export interface LabelContext {
  readonly hand: readonly TomahawkCardFace[];
  readonly pendingDraw: number;
  who(seat: number): string;
}

export function tomahawkCase(action: Action) {
  return action.game.case === "tomahawk" ? action.game.value.action : undefined;
}

/** The card an action plays (a play or an AGILITÉ!), if any. */
export function cardOf(action: Action): number | undefined {
  const a = tomahawkCase(action);
  return a?.case === "playCard" || a?.case === "agilite" ? a.value.card : undefined;
}

export function actionLabel(action: Action, ctx: LabelContext): string {
  const a = tomahawkCase(action);
  switch (a?.case) {
    case "playCard":
    case "agilite": {
      const face = ctx.hand.find((c) => c.id === a.value.card);
      const card = face ? cardName(face) : t("tt-card_id", { id: a.value.card });
      const parts = [t(a.case === "agilite" ? "tt-act-agilite" : "tt-act-play_card", { card })];
      if (a.value.colour !== undefined) parts.push(t("tt-act-with_colour", { colour: colourWord(a.value.colour) }));
      if (a.case === "playCard" && a.value.target !== undefined) {
        parts.push(t("tt-act-with_target", { name: ctx.who(a.value.target) }));
      }
      if (a.value.tomahawk) parts.push(t("tt-act-with_tomahawk"));
      return parts.join(" ");
    }
    case "draw":
      return t("tt-act-draw");
    case "pass":
      return t("tt-act-pass");
    case "takePendingDraw":
      return t("tt-act-take_pending_draw", { n: ctx.pendingDraw });
    case "takeSkip":
      return t("tt-act-take_skip");
    case "nameColour":
      return t("tt-act-name_colour", { colour: colourWord(a.value.colour) });
    case "combo": {
      const label = t("tt-act-combo", { symbol: kindName(a.value.symbol), colour: colourWord(a.value.colour) });
      return a.value.tomahawk ? `${label} ${t("tt-act-with_tomahawk")}` : label;
    }
    case "callTomahawk":
      return t("tt-act-call_tomahawk");
    case "callSherif":
      return t("tt-act-call_sherif", { name: ctx.who(a.value.target) });
    case "nextRound":
      return t("tt-act-next_round");
    case undefined:
      return t("ev-unknown", { kind: action.game.case ?? "action" });
    default: {
      const _: never = a;
      return t("ev-unknown", { kind: String(_) });
    }
  }
}
