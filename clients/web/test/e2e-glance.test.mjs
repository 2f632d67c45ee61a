// What a player sees at a glance (issue 30), in headless Chromium (playwright-core) against a
// real local cluster (Valkey, two replicas, Envoy serving the page), as test/harness.mjs sets up:
// - on a 390×844 phone, on the reader's turn at a Tomahawk table and at an Awimbawé table,
//   their hand and every action button are inside the viewport without scrolling (the tray
//   fixed at the bottom), with no sideways scrolling (artifacts/web-phone-hand.png);
// - a Tamashii peek is shown to the peeker as the card itself (name, needs, power) in a
//   panel next to the table, until closed (artifacts/web-tamashii-peek.png);
// - a Tomahawk card's and an Awimbawé animal's tooltip say what it does, from the catalogue.
//
// Run: node build.mjs && node --test test/e2e-glance.test.mjs (clients/ts built: npx tsc).
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ARTIFACTS, AXE, newPlayer, openLobby, useCluster } from "./harness.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

useCluster({ artifacts: true });

/** A fresh browser (its own storage: its own guest) with a page that records its errors
 * (the page's and the console's; no dialog is recorded). */
const player = (context) => newPlayer({ context, dialogs: false });

/** Creates a table of `game` from its "new table" form, bots without delay. */
async function createTable(page, game, { seats, options = {} }) {
  await page.click(`#game-${game} details.new-table summary`);
  await page.selectOption(`#seats-${game}`, String(seats));
  await page.selectOption(`#bots-${game}`, String(seats - 1));
  for (const [name, value] of Object.entries(options)) await page.fill(`#opt-${game}-${name}`, String(value));
  await page.fill(`#delay-${game}`, "0");
  await page.setChecked(`#private-${game}`, true);
  await page.click(`button[data-create="${game}"]`);
  await page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
}

/** Where the reader's hand and action buttons are, and the page's widths, measured in one
 * go the moment it is the reader's turn with the tray shown (`ready` in the tray): nothing
 * can redraw between the check and the measure. */
async function whereAreMyThings(page, ready) {
  const handle = await page.waitForFunction(
    (selector) => {
      if (!document.querySelector("#seats-list .seat.me.turn") || !document.querySelector(`#tray ${selector}`)) return false;
      window.scrollTo(0, 0); // the top of the page: nothing scrolled by the player
      const box = (node) => {
        const r = node.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      const hand = document.querySelector("#tray .hand");
      const buttons = [...document.querySelectorAll("#tray button")].filter((b) => b.offsetParent !== null);
      return {
        hand: hand ? box(hand) : null,
        buttons: buttons.map((b) => ({ text: (b.textContent ?? "").trim().slice(0, 40), ...box(b) })),
        playable: document.querySelectorAll("#tray button.card.playable, #tray .tray-twins button, #tray #actions button").length,
        height: window.innerHeight,
        width: window.innerWidth,
        scrollWidth: document.documentElement.scrollWidth,
      };
    },
    ready,
    { timeout: 90_000, polling: 50 },
  );
  return handle.jsonValue();
}

/** Tomahawk: waits for the reader's turn with a card they may play. On a turn without one
 * they take what the tray offers (Draw, Pass), as a player would, instead of waiting for the
 * turn clock to play it for them (a whole minute). */
async function untilACardIsPlayable(page) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const now = await page.evaluate(() => {
      if (!document.querySelector("#seats-list .seat.me.turn") || !document.querySelector("#tray")) return "waiting";
      return document.querySelector("#tray .hand button.card.playable") ? "playable" : "no card to play";
    });
    if (now === "playable") return;
    assert.ok(Date.now() < deadline, "no turn with a playable card in 90 s");
    if (now === "no card to play") {
      await page.locator("#tray #actions button:not([disabled])").first().click({ timeout: 2_000 }).catch(() => {});
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

function assertInView(where, what, { hand = true } = {}) {
  const inside = (r) => r.top >= -1 && r.bottom <= where.height + 1 && r.left >= -1 && r.right <= where.width + 1;
  if (hand) assert.ok(where.hand && inside(where.hand), `${what}: the hand is in the viewport (${JSON.stringify(where.hand)}, ${where.height})`);
  assert.ok(where.playable > 0, `${what}: something to play in the tray`);
  for (const b of where.buttons) assert.ok(inside(b), `${what}: "${b.text}" is in the viewport (${JSON.stringify(b)})`);
  assert.ok(where.scrollWidth <= where.width + 1, `${what}: no sideways scrolling (${where.scrollWidth} > ${where.width})`);
}

test("on a phone, on my turn, my Tomahawk hand and actions are in view, and a card's tooltip says what it does", { timeout: 180_000 }, async () => {
  const { context, page, problems } = await player(PHONE);
  await openLobby(page, { name: "Phone" });
  await createTable(page, "tomahawk", { seats: 3, options: { first_player: 0, turn_seconds: 60 } });
  await untilACardIsPlayable(page);
  assertInView(await whereAreMyThings(page, ".hand button.card.playable"), "Tomahawk");
  const path = join(ARTIFACTS, "web-phone-hand.png");
  await page.screenshot({ path });
  assert.ok(statSync(path).size > 10_000, "a screenshot was written");
  // The tooltip of a card in the hand: what it does, from the catalogue (GetGameCatalogue).
  await page.waitForFunction(() => /points if still in your hand/.test(document.querySelector("#board .hand button.card svg title")?.textContent ?? ""), null, {
    timeout: 20_000,
  });
  const tip = await page.textContent("#board .hand button.card svg title");
  assert.match(tip ?? "", /^.+: \d+ points? if still in your hand at the end of the round/, "the tooltip names the card and its points");
  // A card played from the tray is played (the tray's buttons are the table's own).
  const before = await page.evaluate(() => Number(document.body.dataset.actions ?? 0));
  const target = page.locator("#board button.card.playable, #actions button:not([disabled])").first();
  await target.click({ timeout: 5_000 });
  await page.waitForFunction((n) => Number(document.body.dataset.actions ?? 0) > n || document.querySelector("#choices button"), before, { timeout: 15_000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test("on a phone, on my turn, my Awimbawé hand and actions are in view", { timeout: 180_000 }, async () => {
  const { context, page, problems } = await player(PHONE);
  await openLobby(page, { name: "Phone", lang: "fr" });
  await createTable(page, "awimbawe", { seats: 2, options: { decision_seconds: 60 } });
  assertInView(await whereAreMyThings(page, ".hand button.card"), "Awimbawé");
  // The animals' powers, from the catalogue, in the page's language (an Elephant has none;
  // a hand holds more cards than there are Elephants).
  await page.waitForFunction(() => [...document.querySelectorAll("#board .hand svg title")].some((n) => / : /.test(n.textContent ?? "")), null, { timeout: 20_000 });
  const tips = await page.$$eval("#board .hand svg title", (nodes) => nodes.map((n) => n.textContent ?? ""));
  const powers = tips.filter((tip) => / : /.test(tip));
  assert.ok(powers.length > 0, `a power said: ${JSON.stringify(tips)}`);
  for (const tip of powers) assert.match(tip, /^[^:]+ : [^:]{12,}/, "the card, then what it does");
  for (const tip of powers) assert.doesNotMatch(tip, /cards-|aw-|[A-Z]{4,}_/, "words, not message ids or enum names");
  assert.deepEqual(problems, []);
  await context.close();
});

// The other two games: Tamashii has no hand (a slot's buttons are its actions, twinned in the
// tray); Tomy's hand is its dogs, the stories its actions.
const OTHERS = {
  tamashii: { seats: 2, hand: false, ready: ".tray-twins button", options: { first_player: 0, decision_seconds: 60 } },
  tomy: { seats: 3, hand: true, ready: ".hand", options: { first_player: 0, story_seconds: 120 } },
};

for (const [game, setup] of Object.entries(OTHERS)) {
  test(`on a phone, on my turn, my ${game} actions are in view`, { timeout: 180_000 }, async () => {
    const { context, page, problems } = await player(PHONE);
    await openLobby(page, { name: "Phone" });
    await createTable(page, game, { seats: setup.seats, options: setup.options });
    assertInView(await whereAreMyThings(page, setup.ready), game, { hand: setup.hand });
    await page.screenshot({ path: join(ARTIFACTS, `web-phone-${game}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test("a Tamashii peek is shown to the peeker as the card, next to the table", { timeout: 180_000 }, async () => {
  const { context, page, problems } = await player();
  await openLobby(page, { name: "Peeker" });
  await createTable(page, "tamashii", { seats: 2, options: { first_player: 0, decision_seconds: 60 } });
  const peek = page.locator("#board button.slot-action", { hasText: "Peek at slot" }).first();
  await peek.waitFor({ timeout: 60_000 });
  const slot = /\d+/.exec((await peek.textContent()) ?? "")?.[0];
  await peek.click();
  await page.waitForSelector("#peek:not([hidden]) svg.card-face", { timeout: 20_000 });
  const text = (await page.textContent("#peek")) ?? "";
  assert.equal(await page.evaluate(() => document.activeElement?.id), "peek-close", "the panel has the focus");
  assert.match(text, new RegExp(`You peeked at slot ${slot}`));
  assert.match(text, /Needs: .*(blue|red|yellow)/, "the spirit's needs are on the card");
  assert.match(text, /Power: /);
  assert.match(text, /Kaze|Hi|Mizu|Tsuchi|Hikari|Yami/, "the spirit's name");
  const where = await page.evaluate(() => {
    const r = document.getElementById("peek").getBoundingClientRect();
    const board = document.getElementById("board").getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, boardTop: board.top, height: window.innerHeight };
  });
  assert.ok(where.top >= 0 && where.bottom <= where.height, `the card is in view (${JSON.stringify(where)})`);
  assert.ok(Math.abs(where.boardTop - where.bottom) < 60, `next to the table (${JSON.stringify(where)})`);
  // axe-core: the panel (a non-modal dialog named by its title) has no serious violation.
  await page.addScriptTag({ content: AXE });
  const serious = await page.evaluate(async () => {
    const result = await globalThis.axe.run("#peek", { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
  });
  assert.deepEqual(serious, [], "no serious accessibility violation in the panel");
  const path = join(ARTIFACTS, "web-tamashii-peek.png");
  await page.screenshot({ path });
  assert.ok(statSync(path).size > 10_000, "a screenshot was written");
  // The next updates (the bot's turn) redraw the table: the card stays until closed.
  await page.waitForFunction(() => document.querySelectorAll("#log li").length > 4, null, { timeout: 30_000 });
  assert.ok(await page.locator("#peek svg.card-face").isVisible(), "still there after the bot's moves");
  await page.click("#peek-close");
  assert.ok(await page.locator("#peek").isHidden(), "closed");
  assert.deepEqual(problems, []);
  await context.close();
});
