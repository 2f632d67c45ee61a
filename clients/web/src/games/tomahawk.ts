/**
 * Tomahawk Tribal's table: the discard pile's top card, the colour asked, the direction, the
 * draw pile, the reader's hand as card buttons, and the out-of-turn calls (AGILITÉ!,
 * TOMAHAWK!, SHÉRIF!) as buttons that appear the moment the server lists them. TOMAHAWK! with
 * a last-but-one card is a box to tick, left unticked: forgetting it is the player's right
 * (and SHÉRIF! the others' chance).
 */

import {
  type Action,
  type TomahawkAction,
  type TomahawkCardFace,
  TomahawkCardKind,
  TomahawkPhase,
  type TomahawkView,
} from "../../../ts/src/index.js";
import { actionLabel, cardOf, tomahawkCase } from "../actions.js";
import { cardBack, cardButtonContent, cardSvg, type Hue } from "../cards.js";
import { button, el } from "../dom.js";
import { t } from "../i18n.js";
import { narrateTomahawk } from "../narrate.js";
import { pausePanel } from "../pause.js";
import { cardName, colourCss, colourWord, direction, glyph, phaseHint, phaseWord } from "../words.js";
import type { Drawn, GameUi, Names, TableContext } from "./types.js";

type Face = Pick<TomahawkCardFace, "kind" | "colour" | "id">;

function hueOf(face: Face): Hue {
  const css = colourCss(face.colour);
  return css === "colourless" ? "none" : (css as Hue);
}

/** The points of a kind, from the game's catalogue ("" before it arrives). */
function points(kind: TomahawkCardKind, ctx: TableContext | undefined): string {
  const catalogue = ctx?.catalogue?.catalogue;
  if (catalogue?.case !== "tomahawk") return "";
  const entry = catalogue.value.kinds.find((k) => k.kind === kind);
  return entry ? String(entry.points) : "";
}

/** What a kind does, from the game's catalogue, for the card's tooltip (undefined before the
 * catalogue arrives): its points, the draw it makes, where it may be played, the calls. */
function tip(face: Face, ctx: TableContext | undefined): string | undefined {
  const catalogue = ctx?.catalogue?.catalogue;
  const entry = catalogue?.case === "tomahawk" ? catalogue.value.kinds.find((k) => k.kind === face.kind) : undefined;
  if (!entry) return undefined;
  const does = [t("web-tip-points", { n: entry.points })];
  if (entry.draw) does.push(t("web-tip-draw", { n: entry.draw }));
  if (entry.playsOnAnything) does.push(t("web-tip-anything"));
  if (entry.agilite) does.push(t("web-tip-agilite"));
  if (entry.combo) does.push(t("web-tip-combo"));
  return t("web-tip", { card: cardName(face), does: does.join("; ") });
}

export function tomahawkFace(face: Face, ctx?: TableContext): SVGElement {
  const coloured = face.colour !== undefined && colourCss(face.colour) !== "colourless";
  return cardSvg({
    symbol: glyph(face.kind),
    title: t(`tt-kind-${TomahawkCardKind[face.kind]?.toLowerCase() ?? "bison"}`),
    subtitle: coloured ? colourWord(face.colour) : undefined,
    corner: points(face.kind, ctx),
    hue: hueOf(face),
    label: cardName(face),
    tip: tip(face, ctx),
  });
}

type Case = NonNullable<TomahawkAction["action"]["case"]>;

function is(action: Action, ...cases: Case[]): boolean {
  const c = tomahawkCase(action)?.case;
  return c !== undefined && cases.includes(c);
}

/** Whether the action calls TOMAHAWK! along with a card (the box the player ticks). */
function withCall(action: Action): boolean {
  const a = tomahawkCase(action);
  return (a?.case === "playCard" || a?.case === "agilite" || a?.case === "combo") && a.value.tomahawk;
}

/** The reader's wish to call TOMAHAWK! with their next card (the ticked box). */
let callWithCard = false;

function table(v: TomahawkView, ctx: TableContext): Drawn {
  const offered = new Set<Action>();
  const legal = ctx.legal;

  // The centre: draw pile, the top of the discard pile, colour and direction.
  const colour =
    v.colour === undefined
      ? t("tt-colour_to_name")
      : `${t("web-colour_label")} ${colourWord(v.colour)}`;
  const centre = el(
    "div",
    { className: "g-tt-centre" },
    el("figure", { className: "pile" }, cardBack(t("web-tt-draw_pile", { n: v.drawPile }), String(v.drawPile)), el("figcaption", {}, t("web-tt-draw_pile", { n: v.drawPile }))),
    el(
      "figure",
      { className: "pile top" },
      v.topCard ? tomahawkFace(v.topCard, ctx) : cardBack(t("web-a_card")),
      el("figcaption", {}, t("web-tt-discard_pile", { n: v.discardPile })),
    ),
    el(
      "div",
      { className: "g-tt-state" },
      el("p", { className: `colour-now hue-${v.colour === undefined ? "none" : hueOf({ kind: 0, colour: v.colour, id: 0 })}` }, colour),
      el("p", {}, direction(v.direction)),
      v.pendingDraw ? el("p", { className: "warn" }, t("web-pending_line", { n: v.pendingDraw })) : undefined,
      el("p", { className: "meta" }, t("web-tt-round", { round: v.round, target: v.targetScore })),
      el("p", { className: "meta" }, phaseWord(v.phase)),
    ),
  );

  // Out-of-turn calls: big buttons, the moment they are possible.
  const calls: HTMLButtonElement[] = [];
  for (const action of legal) {
    const a = tomahawkCase(action);
    if (a?.case === "callTomahawk") {
      calls.push(button(t("web-call-tomahawk"), () => ctx.play(action), { className: "call", disabled: ctx.busy, dataset: { call: "tomahawk" } }));
      offered.add(action);
    } else if (a?.case === "callSherif") {
      const text = t("web-call-sherif", { name: ctx.seat(a.value.target) });
      calls.push(button(text, () => ctx.play(action), { className: "call", disabled: ctx.busy, dataset: { call: "sherif" } }));
      offered.add(action);
    }
  }
  const agilite = legal.filter((a) => is(a, "agilite"));
  const agiliteCards = new Set(agilite.map(cardOf));
  for (const card of agiliteCards) {
    const face = v.hand.find((c) => c.id === card);
    const actions = agilite.filter((a) => cardOf(a) === card);
    const text = t("web-call-agilite", { card: face ? cardName(face) : t("web-a_card") });
    calls.push(button(text, () => pick(actions), { className: "call", disabled: ctx.busy, dataset: { call: "agilite" } }));
    for (const a of actions) offered.add(a);
  }

  // The TOMAHAWK! box: shown when a card may be played with the call.
  const canCallWithCard = legal.some(withCall);
  const box = el("input", { type: "checkbox", id: "call-with-card", checked: callWithCard, disabled: ctx.busy });
  box.addEventListener("change", () => {
    callWithCard = box.checked;
  });
  const boxRow = canCallWithCard
    ? el("label", { className: "call-box" }, box, " ", t("web-tt-call_with_card"))
    : undefined;

  /** Plays one of `actions` (same card): the TOMAHAWK! box decides the call, then a colour
   * or a target is asked when several remain. */
  function pick(actions: readonly Action[]): void {
    let options = actions.filter((a) => withCall(a) === (callWithCard && actions.some(withCall)));
    if (options.length === 0) options = [...actions];
    callWithCard = false; // the box is for one card: unticked again for the next
    if (options.length === 1) ctx.play(options[0]!);
    else ctx.choose(t("web-choose"), options);
  }

  // The hand: every card a button; the playable ones say so.
  const byCard = new Map<number, Action[]>();
  for (const action of legal) {
    const card = cardOf(action);
    if (card !== undefined && is(action, "playCard")) byCard.set(card, [...(byCard.get(card) ?? []), action]);
  }
  const hand = el(
    "div",
    { className: "hand", role: "group", aria: { label: t("web-your_hand") } },
    ...v.hand.map((card) => {
      const actions = byCard.get(card.id) ?? [];
      const playable = actions.length > 0 && !ctx.busy;
      for (const a of actions) offered.add(a);
      const node = el(
        "button",
        {
          type: "button",
          className: `card${playable ? " playable" : ""}${agiliteCards.has(card.id) ? " agilite" : ""}`,
          disabled: !playable,
          dataset: { card: String(card.id) },
                  },
        ...cardButtonContent(tomahawkFace(card, ctx), playable ? t("web-play_card", { card: cardName(card) }) : cardName(card)),
      );
      if (playable) node.addEventListener("click", () => pick(actions));
      return node;
    }),
  );
  // Combos and the rest (draw, pass, take, name a colour) are the table's plain buttons,
  // their labels say everything (a combo with or without TOMAHAWK!).
  const nodes: Node[] = [centre];
  if (v.phase === TomahawkPhase.ROUND_OVER && v.lastRound) {
    const panel = roundPanel(v, ctx);
    nodes.unshift(panel.node);
    for (const a of panel.offered) offered.add(a);
  }
  if (calls.length) nodes.push(el("div", { className: "calls", role: "group", aria: { label: t("web-calls") } }, ...calls));
  if (v.seat !== undefined) {
    nodes.push(el("h3", {}, t("web-your_hand")), hand);
    if (boxRow) nodes.push(boxRow);
  }
  return { nodes, offered };
}

/** TT-PAUSE-1: the round just scored, while the table rests: who won it, each seat's points
 * this round and total, the "next round" button and the countdown. */
function roundPanel(v: TomahawkView, ctx: TableContext): ReturnType<typeof pausePanel> {
  const last = v.lastRound!;
  const winner = last.winner;
  return pausePanel(
    {
      title: t("web-pause-round_title", { round: last.round }),
      summary: winner === undefined ? t("web-pause-blocked") : t("web-pause-winner", { name: ctx.seat(winner) }),
      head: [t("web-pause-round_points"), t("web-pause-total")],
      rows: last.points.map((p, seat) => [p ? `+${p}` : "0", String(last.totals[seat] ?? 0)]),
      marked: new Set(winner === undefined ? [] : [winner]),
      next: "web-pause-next_round",
    },
    ctx,
    (a) => tomahawkCase(a)?.case === "nextRound",
  );
}

export const tomahawk: GameUi<TomahawkView> = {
  id: "tomahawk",
  view: (view) => (view?.game.case === "tomahawk" ? view.game.value : undefined),
  table,
  seatLines(v, seat) {
    const sv = v.seats[seat];
    if (!sv) return [];
    return [
      t("tt-seat_line", { cards: sv.cards, total: sv.total }),
      sv.calledTomahawk ? t("tt-called") : "",
      sv.skipsNextTurn ? t("tt-skips_next") : "",
    ].filter(Boolean);
  },
  turn: (v) => v.turn,
  round: (v) => v.round,
  hint: (v) => phaseHint(v),
  label(action, v, names) {
    // Without a hand (a replay), the catalogue's deck names every card.
    const deck = names.catalogue?.catalogue.case === "tomahawk" ? names.catalogue.catalogue.value.cards : [];
    return actionLabel(action, { hand: v?.hand ?? deck, pendingDraw: v?.pendingDraw ?? 0, who: names.seat });
  },
  narrate(event, names: Names) {
    return event.event.case === "tomahawk" ? narrateTomahawk(event.event.value, names) : undefined;
  },
};
