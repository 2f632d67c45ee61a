/**
 * Tamashii's table: the six spirit cards (face down until freed; the ones you peeked at say
 * what you saw), the gems on each, the bag, the gems drawn this turn and those removed. A
 * slot's buttons (peek, place, place and free, Tsuchi's peek) sit under it. The words are
 * the CLI's (tamashii.ftl); a gem is a shape as well as a colour (cards.ts).
 */

import {
  type Action,
  type TamashiiCardView,
  TamashiiColour,
  type TamashiiEvent,
  type TamashiiGems,
  TamashiiLevel,
  TamashiiPhase,
  TamashiiPile,
  TamashiiPower,
  TamashiiVerdict,
  type TamashiiView,
} from "../../../ts/src/index.js";
import { cardBack, cardSvg, type GemColour, gemSvg } from "../cards.js";
import { button, el } from "../dom.js";
import { t } from "../i18n.js";
import type { Drawn, GameUi, Names, PrivateCard, TableContext } from "./types.js";

const GEM_COLOURS: readonly GemColour[] = ["blue", "red", "yellow", "black"];

/** A symbol per spirit (Kaze wind, Hi fire, Mizu water, Tsuchi earth, Hikari light, Yami dark). */
const SPIRIT_SYMBOLS: Readonly<Record<number, string>> = { 1: "∿", 2: "♨", 3: "☂", 4: "◭", 5: "☼", 6: "☾" };

export function gemsText(gems: TamashiiGems | undefined): string {
  const parts = GEM_COLOURS.filter((c) => (gems?.[c] ?? 0) > 0).map((c) => `${gems![c]} ${t(`tm-gem-${c}`)}`);
  return parts.length ? parts.join(", ") : t("tm-no_gems");
}

function gemsTotal(gems: TamashiiGems | undefined): number {
  return GEM_COLOURS.reduce((n, c) => n + (gems?.[c] ?? 0), 0);
}

/** Gems as shapes with their counts; the text is there for screen readers and print. */
export function gemsRow(gems: TamashiiGems | undefined, label: string): HTMLElement {
  const row = el("span", { className: "gems", role: "img", aria: { label: `${label}: ${gemsText(gems)}` } });
  for (const colour of GEM_COLOURS) {
    const n = gems?.[colour] ?? 0;
    if (n > 0) row.append(el("span", { className: "gem-count" }, gemSvg(colour, ""), `×${n}`));
  }
  if (gemsTotal(gems) === 0) row.append(el("span", { className: "meta" }, t("tm-no_gems")));
  return row;
}

export function spiritName(id: number): string {
  return t(`tm-spirit-${id}`);
}

function powerWord(power: TamashiiPower): string {
  return t(`tm-power-${(TamashiiPower[power] ?? "NONE").toLowerCase()}`);
}

function cardText(card: TamashiiCardView | undefined): string {
  if (!card) return t("tm-face_down");
  return t("tm-card", { name: spiritName(card.id), needs: gemsText(card.needs), power: powerWord(card.power) });
}

function verdictWord(verdict: TamashiiVerdict): string {
  return verdict ? t(`tm-verdict-${(TamashiiVerdict[verdict] ?? "NOT_BAD").toLowerCase()}`) : "";
}

function spiritFace(card: TamashiiCardView): SVGElement {
  return cardSvg({
    symbol: SPIRIT_SYMBOLS[card.id] ?? "✦",
    title: spiritName(card.id),
    subtitle: gemsText(card.needs),
    hue: "none",
    label: cardText(card),
  });
}

function actionOf(action: Action) {
  return action.game.case === "tamashii" ? action.game.value.action : undefined;
}

function slotOf(action: Action): number | undefined {
  const a = actionOf(action);
  return a?.case === "peek" || a?.case === "place" || a?.case === "powerPeek" ? a.value.slot : undefined;
}

function table(v: TamashiiView, ctx: TableContext): Drawn {
  const offered = new Set<Action>();
  const known = new Map<number, TamashiiCardView>();
  for (const k of [...v.seenByAll, ...v.myPeeks]) if (k.card) known.set(k.slot, k.card);
  const slots = el(
    "ol",
    { className: "g-tm-slots", aria: { label: t("web-tm-spirits") } },
    ...v.slots.map((slot) => {
      const seen = known.get(slot.slot);
      const face = slot.faceUp && slot.card ? spiritFace(slot.card) : cardBack(t("web-tm-slot_down", { slot: slot.slot }), String(slot.slot));
      const buttons = ctx.legal
        .filter((a) => slotOf(a) === slot.slot)
        .map((a) => {
          offered.add(a);
          return button(tamashii.label(a, v, ctx), () => ctx.play(a), { disabled: ctx.busy, className: "slot-action" });
        });
      return el(
        "li",
        { className: `g-tm-slot${slot.faceUp ? " freed" : ""}`, dataset: { slot: String(slot.slot) } },
        el("div", { className: "slot-no" }, t("web-tm-slot", { slot: slot.slot })),
        face,
        slot.faceUp ? el("p", { className: "good" }, t("web-tm-freed")) : undefined,
        !slot.faceUp && seen ? el("p", { className: "seen" }, t("web-tm-you_saw", { card: cardText(seen) })) : undefined,
        gemsTotal(slot.gems) ? gemsRow(slot.gems, t("web-tm-on_card")) : undefined,
        slot.peekedBy.length ? el("p", { className: "meta" }, t("tm-peeked_by", { names: slot.peekedBy.map(ctx.seat).join(", ") })) : undefined,
        ...buttons,
      );
    }),
  );
  const bag = el(
    "div",
    { className: "g-tm-bag" },
    el("p", {}, el("strong", {}, t("web-tm-bag", { n: gemsTotal(v.bag) })), " ", gemsRow(v.bag, t("web-tm-bag", { n: gemsTotal(v.bag) }))),
    el("p", {}, el("strong", {}, t("web-tm-drawn")), " ", gemsRow(v.drawn, t("web-tm-drawn"))),
    el("p", { className: "meta" }, t("web-tm-removed"), " ", gemsRow(v.removed, t("web-tm-removed"))),
    el("p", {}, t("web-tm-status", { level: t(`tm-level-${(TamashiiLevel[v.level] ?? "STANDARD").toLowerCase()}`), freed: v.freed })),
    v.verdict ? el("p", { className: "verdict" }, t("tm-verdict", { verdict: verdictWord(v.verdict) })) : undefined,
  );
  return { nodes: [slots, bag], offered };
}

export function narrateTamashii(event: TamashiiEvent, names: Names): string {
  const e = event.event;
  const who = (seat: number): string => names.seat(seat);
  switch (e.case) {
    case "turnStarted":
      return t("tm-ev-turn_started", { who: who(e.value.seat) });
    case "slotPeeked":
      return t("tm-ev-slot_peeked", { who: who(e.value.seat), slot: e.value.slot, power: e.value.byPower ? t("tm-by_power") : "" });
    case "peeked":
      return t(e.value.seat === names.me ? "tm-ev-peeked" : "tm-ev-peeked-other", {
        who: who(e.value.seat),
        slot: e.value.slot,
        name: cardText(e.value.card),
      });
    case "gemDrawn":
      return t("tm-ev-gem_drawn", { who: who(e.value.seat), colour: t(`tm-gem-${(TamashiiColour[e.value.colour] ?? "BLUE").toLowerCase()}`) });
    case "bust":
      return t("tm-ev-bust", { who: who(e.value.seat), gems: gemsText(e.value.returned) });
    case "gemsPlaced":
      return t("tm-ev-gems_placed", { who: who(e.value.seat), gems: gemsText(e.value.gems), slot: e.value.slot, free: e.value.free ? t("tm-try_free") : "" });
    case "liberationFailed":
      return t("tm-ev-liberation_failed", { slot: e.value.slot, name: cardText(e.value.card), gems: gemsText(e.value.discarded) });
    case "freed":
      return t("tm-ev-freed", {
        name: spiritName(e.value.card?.id ?? 0),
        slot: e.value.slot,
        gems: gemsText(e.value.excess),
        to: t(e.value.excessTo === TamashiiPile.REMOVED ? "tm-to-removed" : "tm-to-bag"),
      });
    case "powerApplied":
      return t("tm-ev-power_applied", { name: spiritName(e.value.card), power: powerWord(e.value.power) });
    case "gemEroded":
      return e.value.colour
        ? t("tm-ev-gem_eroded", { colour: t(`tm-gem-${(TamashiiColour[e.value.colour] ?? "BLUE").toLowerCase()}`) })
        : t("tm-ev-gem_eroded_none");
    case "turnTimedOut":
      return t("tm-ev-turn_timed_out", { who: who(e.value.seat) });
    case "matchOver":
      return t("tm-ev-match_over", { freed: e.value.freed, verdict: verdictWord(e.value.verdict) });
    case undefined:
      return t("ev-unknown", { kind: "tamashii" });
    default: {
      const _: never = e;
      return t("ev-unknown", { kind: String(_) });
    }
  }
}

/** TM-PEEK-1: the card the reader peeked at, drawn whole (name, needs, power) for the panel
 * that keeps it in view until the reader closes it or their next turn ends (peek.ts). */
function peekedCard(event: TamashiiEvent, names: Names): PrivateCard | undefined {
  const e = event.event;
  if (e.case !== "peeked" || e.value.seat !== names.me || !e.value.card) return undefined;
  const card = e.value.card;
  return {
    title: t("tm-panel-peek_title", { slot: e.value.slot }),
    face: spiritFace(card),
    lines: [spiritName(card.id), t("tm-panel-needs", { needs: gemsText(card.needs) }), t("tm-panel-power", { power: powerWord(card.power) }), t("tm-panel-remember")],
  };
}

export const tamashii: GameUi<TamashiiView> = {
  id: "tamashii",
  usualPlayers: 1,
  outcomeLines: (outcome) =>
    outcome.detail.case === "tamashii" && outcome.detail.value.verdict
      ? [t("tm-verdict", { verdict: verdictWord(outcome.detail.value.verdict) })]
      : [],
  view: (view) => (view?.game.case === "tamashii" ? view.game.value : undefined),
  table,
  seatLines: () => [],
  turn: (v) => (v.phase === TamashiiPhase.OVER ? undefined : v.turn),
  hint(v) {
    switch (v.phase) {
      case TamashiiPhase.CHOOSE:
        return t("web-tm-hint-choose");
      case TamashiiPhase.GATHERING:
        return t("web-tm-hint-gathering", { gems: gemsText(v.drawn) });
      case TamashiiPhase.POWER_PEEK:
        return t("web-tm-hint-power_peek");
      default:
        return "";
    }
  },
  label(action) {
    const a = actionOf(action);
    switch (a?.case) {
      case "peek":
        return t("tm-act-peek", { slot: a.value.slot });
      case "gather":
        return t("tm-act-gather");
      case "drawAgain":
        return t("tm-act-draw_again");
      case "place":
        return t(a.value.free ? "tm-act-place_free" : "tm-act-place", { slot: a.value.slot });
      case "powerPeek":
        return t("tm-act-power_peek", { slot: a.value.slot });
      default:
        return t("ev-unknown", { kind: "tamashii" });
    }
  },
  narrate: (event, names) => (event.event.case === "tamashii" ? narrateTamashii(event.event.value, names) : undefined),
  privateCard: (event, names) => (event.event.case === "tamashii" && event.private ? peekedCard(event.event.value, names) : undefined),
};
