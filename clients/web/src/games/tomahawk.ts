/**
 * Tomahawk Tribal's table: the discard pile's top card, the colour asked, the direction, the
 * draw pile, the reader's hand as card buttons, TOMAHAWK! as a button the moment it is
 * possible, and the calls that may be wrong (`Choices.calls`) as gestures: SHÉRIF! on every
 * other seat, AGILITÉ! by clicking any card of the hand while a card may be jumped on. The
 * page never says which would be right (a wrong one costs 2 cards, shown as its event).
 * TOMAHAWK! with a last-but-one card is a box to tick, left unticked: forgetting it is the
 * player's right (and SHÉRIF! the others' chance).
 */

import {
  type Action,
  type TomahawkAction,
  type TomahawkCardFace,
  TomahawkCardKind,
  TomahawkPhase,
  type TomahawkView,
} from "../../../ts/src/index.js";
import { cardBack, cardButtonContent, cardSvg, type Hue } from "../cards.js";
import { button, el } from "../dom.js";
import { t } from "../i18n.js";
import { pausePanel } from "../pause.js";
import { actionLabel, cardOf, tomahawkCase } from "./tomahawk/actions.js";
import { narrateTomahawk } from "./tomahawk/narrate.js";
import { cardName, colourCss, colourWord, direction, glyph, phaseHint, phaseWord } from "./tomahawk/words.js";
import type { Drawn, GameUi, Names, TableContext } from "./types.js";

type Face = Pick<TomahawkCardFace, "kind" | "colour" | "id">;

/** A card's kind and colour (`"bison-red"`, `"diamond-colourless"`): two cards with the same facet
 * are identical for AGILITÉ! (data-face / data-agilite, read by the browser tests). */
function facet(face: Face): string {
  const kind = TomahawkCardKind[face.kind]?.toLowerCase() ?? "";
  return `${kind}-${colourCss(face.colour)}`;
}

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

  // TOMAHAWK! about one's own last card: a big button, the moment it is possible. The calls
  // that may be wrong (ctx.calls) are gestures: SHÉRIF! on a seat (seatActions), AGILITÉ! by
  // clicking a card of the hand while a card may be jumped on.
  const calls: HTMLButtonElement[] = [];
  for (const action of legal) {
    if (tomahawkCase(action)?.case === "callTomahawk") {
      calls.push(button(t("web-call-tomahawk"), () => ctx.play(action), { className: "call", disabled: ctx.busy, dataset: { call: "tomahawk" } }));
      offered.add(action);
    }
  }
  const agiliteByCard = new Map<number, Action[]>();
  for (const action of ctx.calls) {
    const card = cardOf(action);
    if (card !== undefined && is(action, "agilite")) agiliteByCard.set(card, [...(agiliteByCard.get(card) ?? []), action]);
  }
  const agiliteHint =
    agiliteByCard.size > 0 && v.agiliteCard
      ? el("p", { className: "agilite-hint", dataset: { agilite: facet(v.agiliteCard) } }, t("web-tt-agilite_hint", { card: cardName(v.agiliteCard) }))
      : undefined;

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
      // A card that does not play now may jump in (right or wrong) while a window is open.
      const jumps = playable ? [] : (agiliteByCard.get(card.id) ?? []);
      const jumping = jumps.length > 0 && !ctx.busy;
      const label = playable
        ? t("web-play_card", { card: cardName(card) })
        : jumping
          ? t("web-call-agilite", { card: cardName(card) })
          : cardName(card);
      const node = el(
        "button",
        {
          type: "button",
          className: `card${playable ? " playable" : ""}${jumping ? " agilite" : ""}`,
          disabled: !playable && !jumping,
          dataset: { card: String(card.id), face: facet(card) },
        },
        ...cardButtonContent(tomahawkFace(card, ctx), label),
      );
      if (playable) node.addEventListener("click", () => pick(actions));
      else if (jumping) node.addEventListener("click", () => pick(jumps));
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
    nodes.push(el("h3", {}, t("web-your_hand")));
    if (agiliteHint) nodes.push(agiliteHint);
    nodes.push(hand);
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
  usualPlayers: 4,
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
  seatActions(v, seat, ctx) {
    // SHÉRIF! on any other seat, right or wrong: noticing a silent last card is the game.
    if (seat === v.seat) return [];
    const call = ctx.calls.find((a) => {
      const c = tomahawkCase(a);
      return c?.case === "callSherif" && c.value.target === seat;
    });
    if (!call) return [];
    const name = ctx.seat(seat);
    return [
      button(t("web-call-sherif_seat"), () => ctx.play(call), {
        className: "call-sherif",
        disabled: ctx.busy,
        title: t("web-call-sherif", { name }),
        aria: { label: t("web-call-sherif", { name }) },
        dataset: { call: "sherif", target: String(seat) },
      }),
    ];
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
