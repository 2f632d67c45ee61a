/**
 * The phone tray (issue 30: on a phone the reader's hand and actions were below the fold on
 * their turn). On a phone-size screen, while the reader may act, their hand, the calls, the
 * choice being asked and every action button sit in a tray fixed at the bottom of the
 * screen, in view without scrolling, the table above it. The parts are moved, not copied
 * (the same buttons, the same ids), into #tray inside #board; the buttons a game draws on
 * its table (a Tamashii slot's, a Tomy column's) get a twin in the tray that clicks them.
 * {@link untray} puts everything back before each redraw; wider screens keep the page as it is.
 */

import { $, button, el } from "./dom.js";
import { t } from "./i18n.js";

/** The page's phone width (style.css uses the same). */
export const PHONE = "(max-width: 40rem)";

/** Puts the moved parts back where the page has them, and drops the tray. */
export function untray(): void {
  const tray = document.getElementById("tray");
  if (!tray) return;
  $("turn-box").append($("choices"));
  $("board").after($("actions"));
  tray.remove();
  document.body.classList.remove("tray-on");
  document.body.style.paddingBottom = "";
}

/** A twin's words: its button's, and where on the table it is when another says the same
 * (a Tomy column's "tell the suggested story": the column's card, first in its item). */
function twinLabel(b: HTMLButtonElement, all: readonly HTMLButtonElement[]): string {
  const text = (b.textContent ?? "").trim();
  if (all.filter((o) => (o.textContent ?? "").trim() === text).length < 2) return text;
  const first = b.closest("li")?.firstElementChild;
  const where = (first?.getAttribute("aria-label") ?? first?.textContent ?? "").trim();
  return where ? `${text} (${where})` : text;
}

/** Fills the tray when the reader may act on a phone-size screen (after a redraw). */
export function tray(canAct: boolean): void {
  if (!canAct || !window.matchMedia(PHONE).matches) return;
  const board = $("board");
  const parts = [...board.querySelectorAll<HTMLElement>(".calls, .hand, .call-box")];
  const onTable = [...board.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")].filter((b) => !parts.some((part) => part.contains(b)));
  const twins = onTable.map((b) => button(twinLabel(b, onTable), () => b.click(), { className: "tray-twin" }));
  const prompt = $("prompt").textContent ?? "";
  const box = el(
    "div",
    { id: "tray", role: "region", aria: { label: t("web-tray") } },
    prompt ? el("p", { className: "tray-prompt", aria: { hidden: "true" } }, prompt) : undefined,
    $("choices"),
    ...parts,
    twins.length ? el("div", { className: "tray-twins" }, ...twins) : undefined,
    $("actions"),
  );
  board.append(box);
  document.body.classList.add("tray-on");
  document.body.style.paddingBottom = `${box.offsetHeight + 8}px`;
}
