// The ladder in the page (issue 27), end to end in headless Chromium against a real local
// cluster (test/harness.mjs: Valkey, two replicas, Envoy serving the page):
// - two browsers (each its own device id, kept in localStorage: the same player after a
//   reload) press "Rated match" for Awimbawé: the page shows the wait, then the table the
//   matchmaker made for both;
// - they play it through the page to the end: the outcome shows each player's rating change
//   (a provisional rating: "0? → …");
// - back in the lobby, the ladder lists both with their provisional ratings, and "my
//   ratings" the game's;
// - the deal of the rated match is checked in the replay (deal.ts).
//
// Run: node build.mjs && node --test test/e2e-ladder.test.mjs   (clients/ts built first).
import assert from "node:assert/strict";
import { test } from "node:test";

import { newPlayer, openLobby, over, played, useCluster } from "./harness.mjs";

const env = useCluster();

/** A player in the lobby, with a name; only the page's uncaught errors are recorded. */
async function lobbyPlayer(name) {
  const player = await newPlayer({ consoleErrors: false, dialogs: false });
  await openLobby(player.page, { name });
  return player;
}

const CLICKABLE = [
  "#choices button:not(:last-child):not([disabled])",
  "#board button.card.playable",
  "#board button.primary:not([disabled])",
  "#actions button:not([disabled])",
].join(", ");

/** Clicks whatever the page offers until the match is over. */
async function playToTheEnd(page, deadlineMs = 300_000) {
  const deadline = Date.now() + deadlineMs;
  while (!(await over(page))) {
    assert.ok(Date.now() < deadline, `the match went on for more than ${deadlineMs / 1000} s`);
    const found = await page
      .waitForFunction((s) => document.querySelector(s) !== null || document.querySelector("#outcome:not([hidden])") !== null, CLICKABLE, {
        timeout: 20_000,
        polling: 100,
      })
      .then(() => true)
      .catch(() => false);
    if (!found || (await over(page))) continue;
    const before = await played(page);
    try {
      await page.locator(CLICKABLE).first().click({ timeout: 2_000 });
    } catch {
      continue;
    }
    await page
      .waitForFunction((n) => Number(document.body.dataset.actions ?? 0) > n || document.querySelector("#choices button") !== null, before, {
        timeout: 10_000,
        polling: 50,
      })
      .catch(() => {});
  }
}

test("a rated match from the queue: the rating change, the ladder, the deal checked", { timeout: 600_000 }, async () => {
  const ana = await lobbyPlayer("Ana");
  const ben = await lobbyPlayer("Ben");
  // The ladder section lists the ranked games (not Tamashii: cooperative).
  await ana.page.waitForSelector("#ladder-awimbawe button[data-rated]", { timeout: 30_000 });
  assert.equal(await ana.page.locator("#ladder-tamashii").count(), 0, "a cooperative game has no ladder");
  await ana.page.click("#ladder-awimbawe button[data-rated]");
  await ana.page.waitForFunction(() => /Looking for players/.test(document.getElementById("queue-status-awimbawe")?.textContent ?? ""), null, {
    timeout: 20_000,
  });
  await ben.page.waitForSelector("#ladder-awimbawe button[data-rated]", { timeout: 30_000 });
  await ben.page.click("#ladder-awimbawe button[data-rated]");
  for (const p of [ana, ben]) await p.page.waitForSelector("#seats-list li.me", { timeout: 30_000 });
  const roomA = new URL(ana.page.url()).searchParams.get("room");
  const roomB = new URL(ben.page.url()).searchParams.get("room");
  assert.ok(roomA && roomA === roomB, "the matchmaker seated both at one table");

  await Promise.all([playToTheEnd(ana.page), playToTheEnd(ben.page)]);
  for (const p of [ana, ben]) {
    await p.page.waitForFunction(() => document.getElementById("rating-change")?.dataset.delta !== undefined, null, { timeout: 20_000 });
    const line = await p.page.textContent("#rating-change");
    assert.match(line ?? "", /Rating 0\? → -?\d+\? \([+-]\d+\), place [12] at the table/, line ?? "");
  }
  const deltas = await Promise.all([ana, ben].map((p) => p.page.getAttribute("#rating-change", "data-delta")));
  assert.ok(Number(deltas[0]) !== 0 && Math.sign(Number(deltas[0])) !== Math.sign(Number(deltas[1])), `one up, one down: ${deltas}`);

  // The replay checks the deal of the rated match.
  await ana.page.click("#open-replay");
  await ana.page.waitForSelector("#deal", { timeout: 20_000 });
  assert.equal(await ana.page.getAttribute("#deal", "data-ok"), "true", "the deal's derivation is verified");

  // The lobby: the leaderboard and my ratings.
  await ben.page.goto(`${env.origin}/?lang=en`);
  await ben.page.waitForSelector("#ladder-awimbawe ol.board li", { timeout: 30_000 });
  const board = await ben.page.textContent("#ladder-awimbawe ol.board");
  assert.match(board ?? "", /1\. (Ana|Ben): -?\d+\? \(one rated match\)/);
  assert.ok(board?.includes("Ana") && board.includes("Ben"), board ?? "");
  assert.equal(await ben.page.locator("#ladder-awimbawe ol.board li.me").count(), 1, "my line is marked");
  assert.match((await ben.page.textContent("#ratings-mine")) ?? "", /\d+\? \(#[12]\)/);
  for (const p of [ana, ben]) assert.deepEqual(p.problems, []);
});
