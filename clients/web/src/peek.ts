/**
 * A card shown to the reader alone (issue 30: a Tamashii peek was a line of the log, below
 * the fold): the card itself, its name, needs and power, in a panel next to the table
 * (#peek, a non-modal dialog: the table stays playable under it). It stays until the reader
 * closes it, or until the reader's next turn ends (a later update starts the turn after it),
 * so they can use what they saw on that turn. Which event shows a card is the game's
 * knowledge (GameUi.privateCard, games/<game>.ts); only live updates open it (the server
 * sends the card once, to the peeker alone: TM-MEM-1). A card just shown takes the focus
 * (its Close button), so a keyboard or screen reader user meets it at once.
 */

import type { Event, SubscribeResponse } from "../../ts/src/index.js";
import { $, button, el } from "./dom.js";
import type { GameUi, Names, PrivateCard } from "./games/types.js";
import { t } from "./i18n.js";

/** The seat whose turn `event` starts, when it is a game's `turnStarted`. */
function turnStarted(event: Event): number | undefined {
  const game = event.event;
  if (game.case === undefined || game.case === "room") return undefined;
  const inner = (game.value as { event: { case?: string; value?: unknown } }).event;
  return inner.case === "turnStarted" ? (inner.value as { seat: number }).seat : undefined;
}

export class PeekPanel {
  private card: PrivateCard | undefined;
  private shownAt = 0n;
  /** The seat whose turn the last `turnStarted` seen began. */
  private turn: number | undefined;
  /** A card just opened: the next drawing moves the focus into the panel (the button that
   * asked for the peek is gone with the reader's turn). */
  private fresh = false;

  constructor(
    private readonly ui: GameUi<unknown> | undefined,
    private readonly names: Names,
  ) {}

  /** What a live update changes: a card shown to the reader opens the panel; the start of
   * the turn after the reader's next one closes it. */
  take(update: SubscribeResponse): void {
    for (const event of update.events) {
      const seat = turnStarted(event);
      if (seat !== undefined) {
        const ended = this.turn;
        this.turn = seat;
        if (this.card && update.seq > this.shownAt && ended === this.names.me) this.card = undefined;
      }
      const card = this.ui?.privateCard?.(event, this.names);
      if (card) {
        this.card = card;
        this.shownAt = update.seq;
        this.fresh = true;
      }
    }
  }

  close(): void {
    this.card = undefined;
    this.render();
  }

  render(): void {
    const box = $("peek");
    const card = this.card;
    box.hidden = !card;
    if (!card) {
      box.replaceChildren();
      return;
    }
    const [name, ...rest] = card.lines;
    box.replaceChildren(
      el("h3", { id: "peek-title" }, card.title),
      el("div", { className: "peek-card" }, card.face, el("div", {}, el("p", { className: "peek-name" }, name ?? ""), ...rest.map((line) => el("p", {}, line)))),
      button(t("web-peek-close"), () => this.close(), { id: "peek-close" }),
    );
    if (this.fresh) $("peek-close").focus();
    this.fresh = false;
  }
}
