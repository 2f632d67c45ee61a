/**
 * Awimbawé's table: the opponent's side (heir, rounds won, hand, piles, trick pile, Hyenas,
 * paralysed cards), the trick being played, the reader's side and hand. A card you may play
 * (from your hand or the top of a pile) is a button; the powers' choices (Eagle, Rhino,
 * Cheetah, Snake, the next round's leader) are the table's plain buttons, whose labels say
 * everything. Words: awimbawe.ftl, the CLI's.
 */

import {
  type Action,
  AwimbaweAnimal,
  type AwimbaweCardView,
  AwimbaweColour,
  AwimbaweDecision,
  type AwimbaweEvent,
  AwimbaweHeirSide,
  AwimbawePower,
  AwimbaweRoundReason,
  AwimbaweSource,
  type AwimbaweSideView,
  type AwimbaweView,
} from "../../../ts/src/index.js";
import { cardBack, cardButtonContent, cardSvg, type Hue } from "../cards.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { pausePanel } from "../pause.js";
import type { Drawn, GameUi, Names, TableContext } from "./types.js";

const SYMBOLS: Readonly<Record<number, string>> = {
  [AwimbaweAnimal.MOUSE]: "◔",
  [AwimbaweAnimal.RHINO]: "▼",
  [AwimbaweAnimal.CHEETAH]: "⚡",
  [AwimbaweAnimal.HYENA]: "☠",
  [AwimbaweAnimal.SNAKE]: "≀",
  [AwimbaweAnimal.ELEPHANT]: "♜",
  [AwimbaweAnimal.EAGLE]: "➶",
};
const FEMININE = new Set<number>([AwimbaweAnimal.MOUSE, AwimbaweAnimal.HYENA]);

function animalWord(animal: AwimbaweAnimal): string {
  return t(`aw-animal-${(AwimbaweAnimal[animal] ?? "MOUSE").toLowerCase()}`);
}

function colourWord(colour: AwimbaweColour, feminine = false): string {
  const name = (AwimbaweColour[colour] ?? "GREEN").toLowerCase();
  return feminine ? t(`aw-colour_f-${name}`) : t(`aw-colour-${name}`);
}

/** "green Mouse 1" / « Souris verte 1 »; "a face-down card" for a hidden one. */
export function awCardName(card: Pick<AwimbaweCardView, "animal" | "colour" | "value"> | undefined): string {
  if (!card || !card.animal) return t("aw-hidden_card");
  // The page shows a card's crowns apart (a corner mark, a label), hence its own message.
  return t("web-aw-card", {
    colour: colourWord(card.colour, FEMININE.has(card.animal)),
    animal: animalWord(card.animal),
    value: card.value,
  });
}

const LAYOUT_ANIMALS = [AwimbaweAnimal.MOUSE, AwimbaweAnimal.RHINO, AwimbaweAnimal.CHEETAH, AwimbaweAnimal.HYENA, AwimbaweAnimal.SNAKE, AwimbaweAnimal.ELEPHANT];
const LAYOUT_COLOURS = [AwimbaweColour.GREEN, AwimbaweColour.YELLOW, AwimbaweColour.BLACK, AwimbaweColour.BROWN];

/** A card's face from its id, by the documented layout (ids 0–23: six animals in four
 * colours, values 1–6; 24–27: the sky Eagles 7–10), for actions naming a card by id. */
export function awCardOf(id: number): Pick<AwimbaweCardView, "card" | "animal" | "colour" | "value"> {
  if (id >= 24) return { card: id, animal: AwimbaweAnimal.EAGLE, colour: AwimbaweColour.SKY, value: id - 24 + 7 };
  return { card: id, animal: LAYOUT_ANIMALS[id % 6]!, colour: LAYOUT_COLOURS[Math.floor(id / 6)]!, value: (id % 6) + 1 };
}

/** An animal's power from the game's catalogue, for the card's tooltip (none: no power). */
function tip(card: AwimbaweCardView, ctx: TableContext | undefined): string | undefined {
  const catalogue = ctx?.catalogue?.catalogue;
  const power = catalogue?.case === "awimbawe" ? catalogue.value.powers.find((p) => p.animal === card.animal) : undefined;
  if (!power) return undefined;
  return t("web-tip", { card: awCardName(card), does: t(`cards-aw_power-${(AwimbawePower[power.power] ?? "MOUSE").toLowerCase()}`) });
}

function face(card: AwimbaweCardView | undefined, ctx?: TableContext): SVGElement {
  if (!card || !card.animal) return cardBack(t("aw-hidden_card"));
  return cardSvg({
    symbol: SYMBOLS[card.animal] ?? "?",
    title: animalWord(card.animal),
    subtitle: colourWord(card.colour),
    corner: String(card.value),
    mark: card.crowns ? `♛${card.crowns < 0 ? `−${-card.crowns}` : card.crowns}` : undefined, // barred crowns: a real minus
    hue: ((AwimbaweColour[card.colour] ?? "none").toLowerCase() as Hue) ?? "none",
    label: `${awCardName(card)}${card.crowns ? `, ${t("web-aw-crowns", { n: card.crowns })}` : ""}`,
    tip: tip(card, ctx),
  });
}

function actionOf(action: Action) {
  return action.game.case === "awimbawe" ? action.game.value.action : undefined;
}

/** The legal card plays, by card id. */
function plays(ctx: TableContext): Map<number, Action> {
  const out = new Map<number, Action>();
  for (const a of ctx.legal) {
    const x = actionOf(a);
    if (x?.case === "playCard") out.set(x.value.card, a);
  }
  return out;
}

function cardButton(card: AwimbaweCardView, action: Action | undefined, ctx: TableContext, offered: Set<Action>): HTMLElement {
  if (action) offered.add(action);
  const playable = action !== undefined && !ctx.busy;
  const node = el(
    "button",
    {
      type: "button",
      className: `card${playable ? " playable" : ""}`,
      disabled: !playable,
      dataset: { card: String(card.card) },
          },
    ...cardButtonContent(face(card, ctx), playable ? t("web-play_card", { card: awCardName(card) }) : awCardName(card)),
  );
  if (playable) node.addEventListener("click", () => ctx.play(action));
  return node;
}

function side(s: AwimbaweSideView, v: AwimbaweView, ctx: TableContext, offered: Set<Action>): HTMLElement {
  const mine = s.seat === v.seat;
  const playable = mine ? plays(ctx) : new Map<number, Action>();
  const heir = t(`aw-heir-${(AwimbaweHeirSide[s.heir] ?? "SILVER").toLowerCase()}`);
  const heading = el(
    "h3",
    {},
    `${ctx.seat(s.seat)} · ${s.seat === 0 || s.seat === 1 ? t(`aw-heir_name-${s.seat}`) : ""} (${heir})`,
  );
  const stats = el(
    "p",
    { className: "meta" },
    t("web-aw-side", { rounds: s.roundsWon, hand: s.handCount, tricks: s.trickPileCount, hyenas: s.hyenas }),
  );
  const piles = el(
    "ol",
    { className: "g-aw-piles", aria: { label: t("web-aw-piles", { name: ctx.seat(s.seat) }) } },
    ...s.piles.map((pile, i) => {
      const top = pile.top && pile.top.animal ? pile.top : undefined;
      const body = top ? cardButton(top, playable.get(top.card), ctx, offered) : pile.size ? cardBack(t("aw-hidden_card")) : el("span", { className: "meta" }, t("aw-empty_pile"));
      return el("li", { className: "g-aw-pile" }, body, el("span", { className: "meta" }, t("web-aw-pile", { pile: i, n: pile.size })));
    }),
  );
  const paralysed =
    s.paralysed.length || s.paralysedUnknown
      ? el(
          "p",
          { className: "warn" },
          t("aw-paralysed", {
            cards: [...s.paralysed.map(awCardName), ...(s.paralysedUnknown ? [t("aw-paralysed_unknown", { n: s.paralysedUnknown })] : [])].join(", "),
          }),
        )
      : undefined;
  return el("section", { className: `g-aw-side${mine ? " mine" : ""}`, aria: { label: ctx.seat(s.seat) } }, heading, stats, piles, paralysed);
}

function table(v: AwimbaweView, ctx: TableContext): Drawn {
  const offered = new Set<Action>();
  const me = v.seat;
  const order = me === 0 || me === 1 ? [1 - me, me] : [0, 1];
  const sides = new Map(v.players.map((s) => [s.seat, s]));
  const nodes: Node[] = [];
  const top = sides.get(order[0]!);
  if (top) nodes.push(side(top, v, ctx, offered));
  nodes.push(
    el(
      "section",
      { className: "g-aw-trick", aria: { label: t("web-aw-trick") } },
      el("h3", {}, t("web-aw-trick")),
      v.table.length
        ? el("div", { className: "row" }, ...v.table.map((p) => el("figure", {}, face(p.card), el("figcaption", {}, ctx.seat(p.seat)))))
        : el("p", { className: "meta" }, t("aw-trick_empty")),
      v.lastTrick?.led?.animal
        ? el("p", { className: "meta" }, t("aw-last_trick", { led: awCardName(v.lastTrick.led), followed: awCardName(v.lastTrick.followed), name: ctx.seat(v.lastTrick.winner) }))
        : undefined,
      v.nextLeader !== undefined ? el("p", {}, t("aw-next_leader", { name: ctx.seat(v.nextLeader) })) : undefined,
      ...v.roundResults.map((r) => el("p", { className: "meta" }, roundResult(r.round, r.winner, r.reason, r.crowns, r.hyenas, ctx))),
    ),
  );
  const bottom = sides.get(order[1]!);
  if (bottom) nodes.push(side(bottom, v, ctx, offered));
  if (me !== undefined) {
    const playable = plays(ctx);
    nodes.push(
      el("h3", {}, t("web-your_hand")),
      el("div", { className: "hand", role: "group", aria: { label: t("web-your_hand") } }, ...v.hand.map((c) => cardButton(c, playable.get(c.card), ctx, offered))),
    );
  }
  const last = v.roundResults[v.roundResults.length - 1];
  if (v.decision === AwimbaweDecision.ROUND_OVER && last) {
    // AW-PAUSE-1: the round's result while the table rests, with the "next round" button.
    const won = new Map(v.players.map((s) => [s.seat, s.roundsWon]));
    const panel = pausePanel(
      {
        title: t("web-pause-round_title", { round: last.round }),
        summary: `${t("web-pause-winner", { name: ctx.seat(last.winner) })} (${reasonWord(last.reason)})`,
        head: [t("web-pause-crowns"), t("web-pause-hyenas"), t("web-pause-rounds_won")],
        rows: [0, 1].map((seat) => [String(last.crowns[seat] ?? 0), String(last.hyenas[seat] ?? 0), String(won.get(seat) ?? 0)]),
        marked: new Set([last.winner]),
        next: "web-pause-next_round",
      },
      ctx,
      (a) => actionOf(a)?.case === "nextRound",
    );
    nodes.unshift(panel.node);
    for (const a of panel.offered) offered.add(a);
  }
  return { nodes, offered };
}

function reasonWord(reason: AwimbaweRoundReason): string {
  return t(`aw-reason-${(AwimbaweRoundReason[reason] ?? "MORE_CROWNS").toLowerCase()}`);
}

function roundResult(round: number, winner: number, reason: AwimbaweRoundReason, crowns: readonly number[], hyenas: readonly number[], names: Names): string {
  return t("aw-round_result", { round, name: names.seat(winner), reason: reasonWord(reason), crowns: crowns.join("–"), hyenas: hyenas.join("–") });
}

export function narrateAwimbawe(event: AwimbaweEvent, names: Names): string {
  const e = event.event;
  const who = (seat: number): string => names.seat(seat);
  const source = (s: AwimbaweSource, pile: number | undefined): string =>
    s === AwimbaweSource.PILE ? t("aw-from_pile", { pile: pile ?? 0 }) : t("aw-from_hand");
  const power = (p: AwimbawePower): string => t(`aw-animal-${(AwimbawePower[p] ?? "MOUSE").toLowerCase()}`);
  switch (e.case) {
    case "cardPlayed":
      return t("aw-ev-card_played", { who: who(e.value.seat), card: awCardName(e.value.card), source: source(e.value.source, e.value.pile) });
    case "paralysisEnded":
      return t("aw-ev-paralysis_ended", { who: who(e.value.seat) });
    case "powerWithoutEffect":
      return t("aw-ev-power_without_effect", { who: who(e.value.seat), power: power(e.value.power) });
    case "powerSkipped":
      return t("aw-ev-power_skipped", { who: who(e.value.seat), power: power(e.value.power) });
    case "eagleChoice":
      return t("aw-ev-eagle_choice", { who: who(e.value.seat), fight: e.value.fight ? "yes" : "no" });
    case "rhinoMove":
      return t("aw-ev-rhino_move", {
        who: who(e.value.seat),
        card: awCardName(e.value.card),
        owner: who(e.value.owner),
        from_pile: e.value.fromPile,
        to_pile: e.value.toPile,
      });
    case "cardParalysed":
      // The target oneof: a pile top's face, or a blind hand position (the card stays secret).
      return e.value.target.case === "card"
        ? t("aw-ev-card_paralysed", { who: who(e.value.seat), card: awCardName(e.value.target.value), owner: who(e.value.owner) })
        : t("aw-ev-card_paralysed_hand", { who: who(e.value.seat), owner: who(e.value.owner) });
    case "handCardParalysed":
      return t(e.value.seat === names.me ? "aw-ev-hand_card_paralysed" : "aw-ev-hand_card_paralysed-other", { who: who(e.value.seat), card: awCardName(e.value.card) });
    case "cheetahChoice":
      return t("aw-ev-cheetah_choice", { who: who(e.value.seat), leader: who(e.value.leader) });
    case "trickWon":
      return t("aw-ev-trick_won", { winner: who(e.value.winner), cards: e.value.cards.map(awCardName).join(" / ") });
    case "cardsTurnedUp":
      return t("aw-ev-cards_turned_up", {
        cards: e.value.cards.map((c) => `${who(c.seat)} ${t("aw-from_pile", { pile: c.pile })}: ${awCardName(c.card)}`).join(", "),
      });
    case "nextLeader":
      return t("aw-ev-next_leader", { who: who(e.value.seat) });
    case "roundOver":
      return t("aw-ev-round_over", {
        round: e.value.round,
        winner: who(e.value.winner),
        reason: reasonWord(e.value.reason),
        crowns: e.value.crowns.join("–"),
        hyenas: e.value.hyenas.join("–"),
      });
    case "matchOver":
      return t("aw-ev-match_over", { winner: who(e.value.winner) });
    case "leaderChosen":
      return t("aw-ev-leader_chosen", { who: who(e.value.seat), leader: who(e.value.leader) });
    case "roundDealt":
      return t("aw-ev-round_dealt", { round: e.value.round, leader: who(e.value.leader) });
    case "handDealt":
      return t(e.value.seat === names.me ? "aw-ev-hand_dealt" : "aw-ev-hand_dealt-other", { who: who(e.value.seat), cards: e.value.cards.map(awCardName).join(", ") });
    case "readyForNextRound":
      return t("aw-ev-ready_for_next_round", { who: who(e.value.seat) });
    case undefined:
      return t("ev-unknown", { kind: "awimbawe" });
    default: {
      const _: never = e;
      return t("ev-unknown", { kind: String(_) });
    }
  }
}

export const awimbawe: GameUi<AwimbaweView> = {
  id: "awimbawe",
  usualPlayers: 4,
  view: (view) => (view?.game.case === "awimbawe" ? view.game.value : undefined),
  table,
  seatLines(v, seat) {
    const s = v.players.find((p) => p.seat === seat);
    return s ? [t("web-aw-rounds_won", { n: s.roundsWon }), t("web-aw-hyenas", { n: s.hyenas })] : [];
  },
  turn: (v) => v.decisionSeat,
  round: (v) => v.round,
  hint(v) {
    // No decision once the match is over (the field is absent, never UNSPECIFIED).
    if (v.decision === undefined) return "";
    const decision = (AwimbaweDecision[v.decision] ?? "PLAY").toLowerCase();
    return t("web-aw-hint", { decision: t(`aw-decision-${decision}`) });
  },
  label(action, v, names) {
    const a = actionOf(action);
    const opponent = names.me === 0 || names.me === 1 ? 1 - names.me : 0;
    switch (a?.case) {
      case "playCard": {
        const inHand = v?.hand.find((c) => c.card === a.value.card);
        const pile = v?.players.find((p) => p.seat === v.seat)?.piles.findIndex((p) => p.top?.card === a.value.card && p.top.animal);
        const card = inHand ?? awCardOf(a.value.card);
        return t("aw-act-play_card", { card: awCardName(card), source: inHand || pile === undefined || pile < 0 ? t("aw-from_hand") : t("aw-from_pile", { pile }) });
      }
      case "eagleChoice":
        return t(a.value.fight ? "aw-act-fight" : "aw-act-flee");
      case "rhinoMove":
        return t("aw-act-rhino_move", { name: names.seat(opponent), from_pile: a.value.fromPile, to_pile: a.value.toPile });
      case "skipPower":
        return t("aw-act-skip_power");
      case "cheetahChoice":
        return t("aw-act-cheetah_choice", { name: names.seat(a.value.leader) });
      case "snakePick": {
        const target = a.value.target;
        if (target.case === "targetCard") {
          return t("aw-act-snake_card", { card: awCardName(awCardOf(target.value)) });
        }
        return t("aw-act-snake_hand", { name: names.seat(opponent), n: target.case === "handPosition" ? target.value : 0 });
      }
      case "chooseLeader":
        return t("aw-act-choose_leader", { name: names.seat(a.value.leader) });
      case "nextRound":
        return t("aw-act-next_round");
      default:
        return t("ev-unknown", { kind: "awimbawe" });
    }
  },
  narrate: (event, names) => (event.event.case === "awimbawe" ? narrateAwimbawe(event.event.value, names) : undefined),
};
