/**
 * Mais où est Tomy ?'s table: the six breeds in a row, each with the place under it (the
 * place names come from the game's catalogue, in the page's language) and the story told
 * there this turn; the reader's dog cards (a vote is a click on a card); a story box per free
 * place in the story phase (the server's template story is the suggestion); the tie break's
 * choices under the tied breeds. Words: tomy.ftl, the CLI's.
 */

import {
  type Action,
  ActionSchema,
  create,
  type GetGameCatalogueResponse,
  TomyColour,
  type TomyDogCard,
  type TomyEvent,
  TomyEndReason,
  TomyLanguage,
  TomyBreed,
  TomyPhase,
  type TomyTemplateStory,
  type TomyView,
} from "../../../ts/src/index.js";
import { cardButtonContent, cardSvg, type Hue } from "../cards.js";
import { button, el } from "../dom.js";
import { hasMessage, language, t } from "../i18n.js";
import { pausePanel } from "../pause.js";
import type { Drawn, GameUi, Names, TableContext } from "./types.js";

const BREEDS = ["cocker", "teckel", "husky", "yorkshire", "caniche", "dalmatien"] as const;
const BREED_SYMBOLS = ["●", "▬", "❄", "✿", "☁", "⁘"] as const;
const DOGS_PER_BREED = 16;

function breedKey(column: number): string {
  return BREEDS[column] ?? "cocker";
}

export function breedName(column: number): string {
  return t(`my-breed-${breedKey(column)}`);
}

function hueOf(colour: TomyColour | undefined, column: number): Hue {
  const name = colour ? TomyColour[colour]?.toLowerCase() : ["green", "red", "blue", "yellow", "violet", "orange"][column];
  return (name ?? "none") as Hue;
}

function dogName(card: number): string {
  return t("my-dog", { breed: breedName(Math.floor(card / DOGS_PER_BREED)), card });
}

/** A location's name in the page's language, from the catalogue (`#id` without it). */
export function tomyPlace(catalogue: GetGameCatalogueResponse | undefined, location: number): string {
  if (catalogue?.catalogue.case !== "tomy") return `#${location}`;
  const entry = catalogue.catalogue.value.locations.find((l) => l.id === location);
  const wanted = language() === "fr" ? TomyLanguage.FR : TomyLanguage.EN;
  return entry?.names.find((n) => n.language === wanted)?.text ?? entry?.names[0]?.text ?? `#${location}`;
}

/** A place's name in the page's language: the caller's own naming if any, else the game's
 * catalogue's (`#id` before it is fetched). */
function placeName(names: Names, location: number): string {
  return names.place?.(location) ?? tomyPlace(names.catalogue, location);
}

/** A story as every Tomy message carries it: the oneof `story`, a person's `text` or the
 * server's `template` (Propose, TomyProposalView and StoryProposed alike). */
export type TomyStory =
  | { case: "text"; value: string }
  | { case: "template"; value: TomyTemplateStory }
  | { case: undefined; value?: undefined };

/** How many template stories the page's catalogue holds (`my-story-0` onwards). */
function storyBank(): number {
  let count = 0;
  while (hasMessage(language(), `my-story-${count}`) || hasMessage("en", `my-story-${count}`)) count += 1;
  return count;
}

/**
 * A proposal's story in the page's language: a person's text as told, or the template story
 * the server told (a bot, a run-out clock: `TomyTemplateStory`) rendered from the catalogue,
 * `my-story-<number>` with the breed's name and the place (a number this page does not know
 * is taken modulo its bank).
 */
export function tomyStory(story: TomyStory, place: (location: number) => string): string {
  if (story.case === "text") return story.value;
  if (story.case !== "template") return "";
  const template = story.value;
  const bank = storyBank();
  const key = (TomyBreed[template.breed] ?? "").toLowerCase();
  const breed = key && key !== "unspecified" ? t(`my-breed-${key}`) : "Tomy";
  const where = place(template.location);
  return t(`my-story-${bank ? template.number % bank : 0}`, { breed, place: where, Place: where.charAt(0).toUpperCase() + where.slice(1) });
}

function dogFace(card: Pick<TomyDogCard, "id" | "column">): SVGElement {
  return cardSvg({
    symbol: BREED_SYMBOLS[card.column] ?? "●",
    title: breedName(card.column),
    subtitle: `#${card.id}`,
    hue: hueOf(undefined, card.column),
    label: dogName(card.id),
  });
}

function actionOf(action: Action) {
  return action.game.case === "tomy" ? action.game.value.action : undefined;
}

function propose(column: number, text: string): Action {
  return create(ActionSchema, { game: { case: "tomy", value: { action: { case: "propose", value: { column, story: { case: "text", value: text } } } } } });
}

/** The story typed in a box as an action, or undefined when there is no text to send (only
 * spaces: issue 30 saw the grey suggestion sent in its place, unasked). */
export function typedStory(column: number, typed: string): Action | undefined {
  const text = typed.trim();
  return text ? propose(column, text) : undefined;
}

/** Whether the reader's choices hold a pass (the leash holder has none: MT-STORY-2). */
export function mayPass(legal: readonly Action[]): boolean {
  return legal.some((a) => actionOf(a)?.case === "pass");
}

/** Stories typed but not sent yet, by column (kept across redraws). */
const drafts = new Map<number, string>();

function table(v: TomyView, ctx: TableContext): Drawn {
  const offered = new Set<Action>();
  const place = (location: number | undefined): string =>
    location === undefined ? t("my-no_place") : placeName(ctx, location);
  const stories = new Map(v.proposals.map((p) => [p.column, p]));
  if (v.phase !== TomyPhase.STORY) drafts.clear();
  const row = el(
    "ol",
    { className: "g-my-row", aria: { label: t("web-my-places") } },
    ...v.columns.map((column) => {
      const story = stories.get(column.column);
      const parts: (Node | undefined)[] = [
        cardSvg({
          symbol: BREED_SYMBOLS[column.column] ?? "●",
          title: breedName(column.column),
          subtitle: t(`web-my-colour-${(TomyColour[column.colour] ?? "GREEN").toLowerCase()}`),
          hue: hueOf(column.colour, column.column),
          label: breedName(column.column),
        }),
        el("p", { className: "place" }, place(column.location)),
      ];
      if (story) parts.push(el("blockquote", { className: "story" }, el("strong", {}, ctx.seat(story.seat)), " ", `“${tomyStory(story.story, place)}”`));
      const proposals = ctx.legal.filter((a) => {
        const x = actionOf(a);
        return x?.case === "propose" && x.value.column === column.column;
      });
      const listed = proposals[0];
      const suggestion = listed ? actionOf(listed) : undefined;
      if (listed && suggestion?.case === "propose") {
        for (const a of proposals) offered.add(a);
        const id = `story-${column.column}`;
        // The server's template story is offered as its own button, said in full: never
        // a grey placeholder that a box of spaces would send unseen.
        const suggested = el("p", { id: `${id}-suggested`, className: "meta suggestion" }, t("web-my-suggested", { story: tomyStory(suggestion.value.story, place) }));
        const box = el("textarea", {
          id,
          rows: 3,
          maxLength: 500,
          value: drafts.get(column.column) ?? "",
          disabled: ctx.busy,
        });
        box.setAttribute("aria-describedby", suggested.id);
        const tell = button(
          t("web-my-tell"),
          () => {
            const typed = typedStory(column.column, box.value);
            if (!typed) return;
            drafts.delete(column.column);
            ctx.play(typed);
          },
          { disabled: ctx.busy || !typedStory(column.column, box.value), className: "primary", dataset: { propose: String(column.column), typed: "" } },
        );
        box.addEventListener("input", () => {
          drafts.set(column.column, box.value);
          tell.disabled = ctx.busy || !typedStory(column.column, box.value);
        });
        const tellSuggested = button(
          t("web-my-tell_suggested"),
          () => {
            drafts.delete(column.column);
            ctx.play(listed);
          },
          { disabled: ctx.busy, dataset: { propose: String(column.column), suggested: "" } },
        );
        parts.push(
          el("label", { htmlFor: id, className: "story-label" }, t("web-my-story_label", { place: place(column.location) })),
          box,
          tell,
          suggested,
          tellSuggested,
        );
      }
      for (const a of ctx.legal) {
        const x = actionOf(a);
        if (x?.case === "breakTie" && x.value.column === column.column) {
          offered.add(a);
          parts.push(button(t("my-act-break_tie", { breed: breedName(column.column) }), () => ctx.play(a), { disabled: ctx.busy, className: "primary" }));
        }
      }
      const tied = v.tieColumns.includes(column.column);
      return el("li", { className: `g-my-column${story ? " told" : ""}${tied ? " tied" : ""}`, dataset: { column: String(column.column) } }, ...parts);
    }),
  );
  const votes = new Map<number, Action>();
  for (const a of ctx.legal) {
    const x = actionOf(a);
    if (x?.case === "vote") votes.set(x.value.card, a);
  }
  const hand = el(
    "div",
    { className: "hand", role: "group", aria: { label: t("web-my-your_dogs") } },
    ...v.hand.map((card) => {
      const vote = votes.get(card.id);
      if (vote) offered.add(vote);
      const node = el(
        "button",
        {
          type: "button",
          className: `card${vote && !ctx.busy ? " playable" : ""}`,
          disabled: !vote || ctx.busy,
          dataset: { card: String(card.id) },
                  },
        ...cardButtonContent(dogFace(card), vote ? t("my-act-vote", { card: dogName(card.id) }) : dogName(card.id)),
      );
      if (vote) node.addEventListener("click", () => ctx.play(vote));
      return node;
    }),
  );
  const nodes: Node[] = [row];
  const info = [
    t("my-piles", { dogs: v.dogDeckCount, dog_discards: v.dogDiscardCount, places: v.locationDeckCount }),
    v.rounds ? t("my-totals", { totals: v.totals.map((n, i) => `${ctx.seat(i)} ${n}`).join(", "), target: v.targetScore }) : "",
  ].filter(Boolean);
  nodes.push(el("div", { className: "meta" }, ...info.map((line) => el("p", {}, line))));
  if (v.myVote !== undefined && v.myVote >= 0) nodes.push(el("p", {}, t("my-my_vote", { card: dogName(v.myVote) })));
  if (v.seat !== undefined) nodes.push(el("h3", {}, t("web-my-your_dogs")), hand);
  if (v.phase === TomyPhase.REVEAL && v.lastTurn) {
    const panel = revealPanel(v, ctx);
    nodes.unshift(panel.node);
    for (const a of panel.offered) offered.add(a);
  }
  return { nodes, offered };
}

/** MT-PAUSE-1: the reveal while the table rests: where Tomy was, each voter's breed card, who
 * found Tomy and who draws, the cards each holds, the "next story" button and the countdown. */
function revealPanel(v: TomyView, ctx: TableContext): ReturnType<typeof pausePanel> {
  const last = v.lastTurn!;
  const finders = new Set(last.finders);
  return pausePanel(
    {
      title: t("web-pause-reveal_title"),
      summary: last.winningColumn === undefined ? t("web-pause-nobody") : t("web-pause-tomy_was", { breed: breedName(last.winningColumn) }),
      head: [t("web-pause-vote"), "", t("web-pause-cards")],
      rows: v.handCounts.map((count, seat) => {
        const vote = last.votes[seat]?.vote;
        if (vote?.case !== "card") return [t("web-pause-no_vote"), "", String(count)];
        return [dogName(vote.value), finders.has(seat) ? t("web-pause-found") : t("web-pause-drew"), String(count)];
      }),
      marked: finders,
      next: "web-pause-next_story",
    },
    ctx,
    (a) => actionOf(a)?.case === "nextStory",
  );
}

export function narrateTomy(event: TomyEvent, names: Names): string {
  const e = event.event;
  const who = (seat: number): string => names.seat(seat);
  const all = (seats: readonly number[]): string => seats.map(who).join(", ") || t("nobody");
  const place = (location: number): string => placeName(names, location);
  const breeds = (columns: readonly number[]): string => columns.map(breedName).join(", ");
  const reason = (r: TomyEndReason): string => t(`my-reason-${(TomyEndReason[r] ?? "ONE_CARD_LEFT").toLowerCase()}`);
  const mine = (id: string): string => (names.me >= 0 ? id : `${id}-other`);
  switch (e.case) {
    case "storyProposed":
      return t("my-ev-story_proposed", { who: who(e.value.seat), place: place(e.value.location), breed: breedName(e.value.column), story: tomyStory(e.value.story, place) });
    case "passed":
      return t("my-ev-passed", { who: who(e.value.seat) });
    case "voteStarted": {
      const out = e.value.sittingOut.length ? t("my-ev-sitting_out", { names: all(e.value.sittingOut) }) : "";
      return t("my-ev-vote_started", { breeds: breeds(e.value.columns), out });
    }
    case "voted":
      return t("my-ev-voted", { who: who(e.value.seat) });
    case "ownVote":
      return t(mine("my-ev-own_vote"), { card: dogName(e.value.card?.id ?? 0) });
    case "satOut":
      return t("my-ev-sat_out", { who: who(e.value.seat) });
    case "votesRevealed":
      return e.value.votes.length
        ? t("my-ev-votes_revealed", { votes: e.value.votes.map((v) => `${who(v.seat)} → ${breedName(v.column)}`).join("; ") })
        : t("my-ev-no_votes");
    case "tie":
      return t("my-ev-tie", { who: who(e.value.seat), breeds: breeds(e.value.columns) });
    case "tieBroken":
      return t("my-ev-tie_broken", { who: who(e.value.seat), breed: breedName(e.value.column) });
    case "turnResult":
      return e.value.column === undefined
        ? t("my-ev-turn_no_result")
        : t("my-ev-turn_result", { breed: breedName(e.value.column), names: all(e.value.mustDraw) });
    case "dogDeckReshuffled":
      return t("my-ev-dog_deck_reshuffled", { n: e.value.cards });
    case "noCardToDraw":
      return t("my-ev-no_card_to_draw", { who: who(e.value.seat) });
    case "cardDrawn":
      return t("my-ev-card_drawn", { who: who(e.value.seat) });
    case "ownDraw":
      return t(mine("my-ev-own_draw"), { card: dogName(e.value.card?.id ?? 0) });
    case "locationsDiscarded":
      return t("my-ev-locations_discarded", { breeds: breeds(e.value.columns) });
    case "locationDeckShort":
      return t("my-ev-location_deck_short");
    case "rowRefilled":
      return t("my-ev-row_refilled", { places: e.value.placed.map((p) => `${breedName(p.column)}: ${place(p.location)}`).join("; ") });
    case "turnStarted":
      return t("my-ev-turn_started", { turn: e.value.turn, who: who(e.value.leashHolder) });
    case "gameOver":
      return t("my-ev-game_over", { game: e.value.game, reason: reason(e.value.reason), names: all(e.value.winners), count: e.value.winners.length });
    case "roundScored":
      return t("my-ev-round_scored", {
        game: e.value.game,
        scores: e.value.scores.map((n, i) => `${who(i)} ${n}`).join(", "),
        totals: e.value.totals.map((n, i) => `${who(i)} ${n}`).join(", "),
      });
    case "gameStarted":
      return t("my-ev-game_started", { game: e.value.game, who: who(e.value.leashHolder) });
    case "handDealt":
      return t(mine("my-ev-hand_dealt"), { cards: e.value.cards.map((c) => dogName(c.id)).join(", ") });
    case "matchOver":
      return t("my-ev-match_over", { reason: reason(e.value.reason), names: all(e.value.winners), count: e.value.winners.length });
    case "readyForNextStory":
      return t("my-ev-ready_for_next_story", { who: who(e.value.seat) });
    case undefined:
      return t("ev-unknown", { kind: "tomy" });
    default: {
      const _: never = e;
      return t("ev-unknown", { kind: String(_) });
    }
  }
}

export const tomy: GameUi<TomyView> = {
  id: "tomy",
  usualPlayers: 4,
  view: (view) => (view?.game.case === "tomy" ? view.game.value : undefined),
  table,
  seatLines(v, seat) {
    const flags = [t("web-my-cards", { n: v.handCounts[seat] ?? 0 })];
    if (seat === v.leashHolder) flags.push(t("my-flag-leash"));
    if (v.passed[seat]) flags.push(t("my-flag-passed"));
    if (v.voted[seat]) flags.push(t("my-flag-voted"));
    if (v.sittingOut[seat] && (v.phase === TomyPhase.VOTE || v.phase === TomyPhase.TIE)) flags.push(t("my-flag-sitting_out"));
    return flags;
  },
  turn: (v) => (v.phase === TomyPhase.STORY ? v.storyteller : v.phase === TomyPhase.TIE ? v.leashHolder : undefined),
  round: (v) => v.game,
  hint(v, ctx) {
    switch (v.phase) {
      case TomyPhase.STORY:
        // "or pass" only when the choices hold a pass (the leash holder must tell).
        return t(mayPass(ctx.legal) ? "web-my-hint-story" : "web-my-hint-story-must");
      case TomyPhase.VOTE:
        return t("web-my-hint-vote");
      case TomyPhase.TIE:
        return t("web-my-hint-tie");
      case TomyPhase.REVEAL:
        return t("web-hint-round_over");
      default:
        return "";
    }
  },
  label(action, _v, names) {
    const a = actionOf(action);
    switch (a?.case) {
      case "propose": {
        const location = _v?.columns.find((c) => c.column === a.value.column)?.location;
        if (location === undefined) return t("web-my-act-propose_breed", { breed: breedName(a.value.column) });
        return t("my-act-propose", { place: placeName(names, location), breed: breedName(a.value.column) });
      }
      case "pass":
        return t("my-act-pass");
      case "vote":
        return t("my-act-vote", { card: dogName(a.value.card) });
      case "breakTie":
        return t("my-act-break_tie", { breed: breedName(a.value.column) });
      case "nextStory":
        return t("my-act-next_story");
      default:
        return t("ev-unknown", { kind: "tomy" });
    }
  },
  narrate: (event, names) => (event.event.case === "tomy" ? narrateTomy(event.event.value, names) : undefined),
};
