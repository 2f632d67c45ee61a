/**
 * The rest after a round (Tomahawk, Awimbawé) or a reveal (Tomy): a panel over the table that
 * the game fills with what to read (a score table), the "next" button from the pushed choices,
 * and the countdown of the rest. Every seat presses it (or lets the clock run out); the panel
 * then says who the table still waits for. Shared by the games' modules (games/*.ts).
 */

import type { Action } from "../../ts/src/index.js";
import { remainingMs } from "./clock.js";
import { button, el } from "./dom.js";
import { t } from "./i18n.js";
import type { TableContext } from "./games/types.js";

export interface PauseTable {
  /** The panel's title ("End of round 2", "The votes are revealed"). */
  readonly title: string;
  /** A line under the title (who won the round, where Tomy was). */
  readonly summary: string;
  /** The column headings, the first for the seat. */
  readonly head: readonly string[];
  /** One row per seat, in seat order: its cells after the name. */
  readonly rows: readonly (readonly string[])[];
  /** Seats to mark (the round's winner, those who found Tomy). */
  readonly marked: ReadonlySet<number>;
  /** The i18n id of the button ("web-pause-next_round"). */
  readonly next: string;
}

/** The panel of the rest, and the legal action it offers (the "next" button). */
export function pausePanel(table: PauseTable, ctx: TableContext, next: (a: Action) => boolean): { node: HTMLElement; offered: Action[] } {
  const action = ctx.legal.find(next);
  const head = el("tr", {}, ...[t("web-pause-seat"), ...table.head].map((h) => el("th", { scope: "col" }, h)));
  const rows = table.rows.map((cells, seat) =>
    el(
      "tr",
      { className: `${table.marked.has(seat) ? "marked" : ""}${seat === ctx.me ? " me" : ""}`, dataset: { seat: String(seat) } },
      el("th", { scope: "row" }, `${table.marked.has(seat) ? "★ " : ""}${ctx.seat(seat)}`),
      ...cells.map((c) => el("td", {}, c)),
    ),
  );
  const clockSeat = ctx.deadlines.find((d) => d.seat === ctx.me) ?? ctx.deadlines.find((d) => ctx.waitingFor.includes(d.seat));
  const countdown = clockSeat
    ? el(
        "p",
        { className: "pause-countdown" },
        `${t("web-pause-countdown")} `,
        el("span", { dataset: { deadline: String(clockSeat.seat) } }, `◷ ${t("web-seconds", { seconds: Math.ceil(remainingMs(clockSeat) / 1000) })}`),
      )
    : undefined;
  const others = ctx.waitingFor.filter((s) => s !== ctx.me);
  const node = el(
    "section",
    { id: "pause-panel", className: "pause-panel", aria: { live: "polite", label: table.title } },
    el("h2", {}, table.title),
    table.summary ? el("p", { className: "pause-summary" }, table.summary) : undefined,
    el("table", { className: "pause-scores" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    countdown,
    action
      ? button(t(table.next), () => ctx.play(action), { id: "pause-next", className: "primary", disabled: ctx.busy, dataset: { action: action.game.value?.action.case ?? "" } })
      : ctx.me >= 0
        ? el("p", { className: "meta" }, t("web-pause-ready"))
        : undefined,
    others.length ? el("p", { className: "meta pause-waiting" }, t("web-pause-waiting", { names: others.map(ctx.seat).join(", ") })) : undefined,
  );
  return { node, offered: action ? [action] : [] };
}
