// The big moments of a match in headless Chromium against a real local cluster (Valkey, two
// replicas, Envoy serving the page), set up by test/harness.mjs:
// - TT-PAUSE-1: a Tomahawk round ends against a bot; the table rests with a panel showing the
//   round's score table (points this round and totals by seat, the winner), the countdown
//   and a "Next round" button from the pushed choices; the next round is dealt once pressed
//   (artifacts/web-round-end.png);
// - MT-PAUSE-1: Tomy's votes are revealed against bots; the panel shows where Tomy was, each
//   voter's dog card and who found Tomy (artifacts/web-tomy-reveal.png).
//
// Run: node build.mjs && node --test test/e2e-moments.test.mjs   (clients/ts built first).
import assert from "node:assert/strict";
import { test } from "node:test";

import { newPlayer, openLobby, over, played, screenshot, useCluster } from "./harness.mjs";

useCluster({ artifacts: true });

/** Creates a table of `game` from its "new table" form (options by name). */
async function createTable(page, game, { seats, bots, options = {}, delay = 0, isPrivate = true }) {
  await page.click(`#game-${game} details.new-table summary`);
  if (seats !== undefined) await page.selectOption(`#seats-${game}`, String(seats));
  if (bots !== undefined) await page.selectOption(`#bots-${game}`, String(bots));
  for (const [name, value] of Object.entries(options)) {
    const selector = `#opt-${game}-${name}`;
    const kind = await page.getAttribute(selector, "data-kind");
    if (kind === "bool") await page.setChecked(selector, Boolean(value));
    else if (kind === "choice") await page.selectOption(selector, String(value));
    else await page.fill(selector, String(value));
  }
  await page.fill(`#delay-${game}`, String(delay));
  await page.setChecked(`#private-${game}`, isPrivate);
  await page.click(`button[data-create="${game}"]`);
  await page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
}

/** What a player may click now, most specific first (a Tomy story is sent as suggested). */
const CLICKABLE = [
  "#board button.call:not([disabled])",
  "#choices button:not(:last-child):not([disabled])",
  "#board button[data-propose]:not([disabled])",
  "#board button.card.playable",
  "#board button.slot-action:not([disabled])",
  "#board button.primary:not([disabled]):not(#pause-next)", // the rest is the test's to press
  "#actions button:not([disabled])",
].join(", ");

/** The out-of-turn calls clicked (AGILITÉ!, TOMAHAWK!, SHÉRIF! buttons), by every test. */
const calls = [];

/** Plays by clicking until the match is over (or `until` says stop); calls `midway` once
 * after `midwayAfter` actions. Returns the number of actions the page sent. */
async function playUntil(page, { until = over, deadlineMs = Number(process.env.CERCLE_E2E_DEADLINE ?? 240_000), midway, midwayAfter = 4 } = {}) {
  const deadline = Date.now() + deadlineMs;
  let midwayDone = midway === undefined;
  while (!(await until(page))) {
    assert.ok(Date.now() < deadline, `the match went on for more than ${deadlineMs / 1000} s`);
    const found = await page
      .waitForFunction(
        (selector) =>
          document.querySelector(selector) !== null || document.querySelector("#outcome:not([hidden])") !== null || document.querySelector("#pause-panel") !== null,
        CLICKABLE,
        { timeout: 20_000, polling: 100 },
      )
      .then(() => true)
      .catch(() => false);
    if (!found) continue; // the server played a timeout for someone: look again
    if ((await over(page)) || (await until(page))) break;
    const before = await played(page);
    try {
      const target = page.locator(CLICKABLE).first();
      if ((await target.getAttribute("data-call")) !== null) calls.push(await target.innerText());
      await target.click({ timeout: 2_000 });
    } catch {
      continue; // the page re-rendered under the pointer: look again
    }
    await page
      .waitForFunction(
        (n) => Number(document.body.dataset.actions ?? 0) > n || document.querySelector("#choices button") !== null || !document.getElementById("error")?.hidden,
        before,
        { timeout: 10_000, polling: 50 },
      )
      .catch(() => {});
    if (!midwayDone && (await played(page)) >= midwayAfter) {
      midwayDone = true;
      await midway();
    }
  }
  return played(page);
}

const resting = async (page) => (await page.locator("#pause-panel").count()) > 0 || (await over(page));

/** The rows of the panel's score table: [name, ...cells] per seat. */
async function scoreRows(page) {
  return page.$$eval("#pause-panel table.pause-scores tbody tr", (rows) =>
    rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
  );
}

test("a Tomahawk round ends: the table rests on the round's scores until Next round", { timeout: 300_000 }, async () => {
  const { context, page, problems } = await newPlayer();
  await openLobby(page, { name: "Reader", lang: "en" });
  // reaction_seconds 0: the bot plays on without waiting for calls (not what this tests)
  await createTable(page, "tomahawk", { seats: 2, bots: 1, options: { turn_seconds: 0, pause_seconds: 120, reaction_seconds: 0 } });
  await page.waitForSelector("#board > *:not(p)", { timeout: 30_000 });
  await playUntil(page, { until: resting });
  assert.ok(!(await over(page)), "the first round ends before the match");
  const panel = page.locator("#pause-panel");
  assert.ok(await panel.isVisible(), "the panel is on screen");
  assert.match((await panel.locator("h2").innerText()) ?? "", /^End of round 1$/);
  assert.deepEqual(
    await page.$$eval("#pause-panel thead th", (cells) => cells.map((c) => c.textContent)),
    ["Player", "Points this round", "Total"],
  );
  const rows = await scoreRows(page);
  assert.equal(rows.length, 2, "a row per seat");
  for (const [name, points, total] of rows) {
    assert.ok(name, "the seat's name");
    assert.match(points, /^(\+\d+|0)$/);
    assert.match(total, /^\d+$/);
  }
  assert.equal(rows.filter(([name]) => name.startsWith("★")).length, 1, "the round's winner is marked");
  assert.ok(rows.some(([, points]) => points !== "0"), "the loser scored points");
  const summary = await panel.locator(".pause-summary").innerText();
  assert.match(summary, /^.+ wins the round\.$|^Blocked round/);
  const countdown = async () => Number(/(\d+) s/.exec(await panel.locator(".pause-countdown").innerText())?.[1]);
  const first = await countdown();
  assert.ok(first > 100 && first <= 120, `the countdown shows the rest (${first} s)`);
  await page.waitForFunction((s) => Number(/(\d+) s/.exec(document.querySelector(".pause-countdown")?.textContent ?? "")?.[1]) < s, first, { timeout: 5_000 });
  const next = panel.locator("#pause-next");
  assert.equal(await next.innerText(), "Next round");
  assert.equal(await next.getAttribute("data-action"), "nextRound", "the button plays the pushed choice");
  await screenshot(page, "round-end");
  // The table stays while the reader reads: the bot has pressed, the round waits for them.
  await page.waitForTimeout(1_500);
  assert.ok(await panel.isVisible(), "the panel stays until the reader presses");
  await next.click();
  await page.waitForSelector("#pause-panel", { state: "detached", timeout: 20_000 });
  await page.waitForFunction(() => /Round 2\b/.test(document.getElementById("board")?.textContent ?? ""), null, { timeout: 20_000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test("Tomy's votes are revealed: the table rests on who voted what and who found Tomy", { timeout: 300_000 }, async () => {
  const { context, page, problems } = await newPlayer();
  await openLobby(page, { name: "Reader", lang: "en" });
  await createTable(page, "tomy", { seats: 3, bots: 2, options: { story_seconds: 60, vote_seconds: 60, pause_seconds: 120 } });
  await page.waitForSelector("#board > *:not(p)", { timeout: 30_000 });
  await playUntil(page, { until: resting });
  assert.ok(!(await over(page)), "the first turn ends before the match");
  const panel = page.locator("#pause-panel");
  assert.ok(await panel.isVisible(), "the panel is on screen");
  assert.equal(await panel.locator("h2").innerText(), "The votes are revealed");
  assert.match(await panel.locator(".pause-summary").innerText(), /^Tomy was with the .+!$|^Nobody could vote\.$/);
  const rows = await scoreRows(page);
  assert.equal(rows.length, 3, "a row per seat");
  for (const [name, vote, found, cards] of rows) {
    assert.ok(name, "the seat's name");
    if (vote === "No vote") assert.equal(found, "");
    else assert.match(found, /^(Found Tomy|Draws a card)$/, `${name} voted ${vote}`);
    assert.match(cards, /^\d+$/);
  }
  const finders = rows.filter(([name]) => name.startsWith("★"));
  assert.ok(finders.every(([, , found]) => found === "Found Tomy"), "those marked found Tomy");
  assert.ok(rows.some(([, vote]) => vote !== "No vote"), "someone voted");
  assert.equal(await panel.locator("#pause-next").innerText(), "Next story");
  await screenshot(page, "tomy-reveal");
  await panel.locator("#pause-next").click();
  await page.waitForSelector("#pause-panel", { state: "detached", timeout: 20_000 });
  assert.deepEqual(problems, []);
  await context.close();
});
