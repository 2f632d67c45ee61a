// A URL per table and a replay that redraws the table (issue 30), end to end in headless
// Chromium against a real local cluster (test/harness.mjs: Valkey, two replicas,
// Envoy serving the page on its own origin):
// - sitting at a table makes the address the table's (?room=<id>); the "copy link" button
//   copies it; opened in another browser it is a spectator's table; opened again in the
//   first browser it is the player's seat; back goes to the lobby, forward to the table;
// - a private table's plain link asks for the join code; the host's invite link opens it;
// - an unknown room id says so in the lobby;
// - after the match, the replay (its own address) draws the table at step N, the public
//   view (no hand), follows the slider and jumps to round 2 (artifacts/web-replay.png).
//
// Run: node build.mjs && node --test test/e2e-links.test.mjs   (clients/ts built first).
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ARTIFACTS, newPlayer, openLobby, over, played, useCluster } from "./harness.mjs";

const env = useCluster({ artifacts: true });

/** A fresh browser (its own storage: its own guest) that may use the clipboard. */
const player = () => newPlayer({ clipboard: true });

async function createTable(page, game, { seats, bots, isPrivate }) {
  await page.click(`#game-${game} details.new-table summary`);
  await page.selectOption(`#seats-${game}`, String(seats));
  await page.selectOption(`#bots-${game}`, String(bots));
  await page.fill(`#opt-${game}-decision_seconds`, "0");
  await page.fill(`#delay-${game}`, "0");
  await page.setChecked(`#private-${game}`, isPrivate);
  await page.click(`button[data-create="${game}"]`);
  await page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await page.waitForURL(/[?&]room=/, { timeout: 10_000 });
}

/** The link a "copy" button put on the clipboard (or, without one, showed to copy). */
async function copied(page, kind) {
  await page.click(kind === "invite" ? "#copy-invite" : "#copy-link");
  await page.waitForSelector(`#link-note[data-kind="${kind}"]`, { timeout: 5_000 });
  const shown = await page.locator("#link-text").count();
  return shown ? page.inputValue("#link-text") : page.evaluate(() => navigator.clipboard.readText());
}

const seated = (page) => page.waitForSelector("#seats-list li.me", { timeout: 30_000 });
const position = async (page) => Number(/\d+/.exec((await page.textContent("#replay-position")) ?? "")?.[0]);

const CLICKABLE = [
  "#choices button:not(:last-child):not([disabled])",
  "#board button.card.playable",
  "#board button.primary:not([disabled])",
  "#actions button:not([disabled])",
].join(", ");

/** Clicks whatever the page offers until the match is over. */
async function playToTheEnd(page, deadlineMs = 240_000) {
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
      continue; // redrawn under the pointer: look again
    }
    await page
      .waitForFunction((n) => Number(document.body.dataset.actions ?? 0) > n || document.querySelector("#choices button") !== null, before, {
        timeout: 10_000,
        polling: 50,
      })
      .catch(() => {});
  }
}

test("a table's address: shared, watched, reopened, left with back; the replay redraws the table", { timeout: 420_000 }, async () => {
  const ana = await player();
  const bea = await player();
  await openLobby(ana.page, { name: "Ana" });
  await createTable(ana.page, "awimbawe", { seats: 2, bots: 1, isPrivate: false });
  await seated(ana.page);
  const address = ana.page.url();
  const roomId = new URL(address).searchParams.get("room");
  assert.ok(roomId, "the address names the table");
  assert.equal(new URL(address).searchParams.get("lang"), "en", "the language stays in the address");

  // The copied link is the table's, without the sharer's language.
  const link = await copied(ana.page, "link");
  assert.equal(new URL(link).searchParams.get("room"), roomId);
  assert.equal(new URL(link).searchParams.get("lang"), null);

  // Another browser opens it: a spectator at the same table.
  await bea.page.goto(link);
  await bea.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await bea.page.waitForSelector("#board > *", { timeout: 30_000 });
  assert.equal(await bea.page.locator("#seats-list li.me").count(), 0, "no seat: watching");
  assert.match((await bea.page.textContent("#leave")) ?? "", /watching/i);
  assert.equal(new URL(bea.page.url()).searchParams.get("room"), roomId);

  // Back: the lobby (its own history entry); forward: the table, in the seat.
  await ana.page.goBack();
  await ana.page.waitForSelector("#lobby:not([hidden])", { timeout: 10_000 });
  assert.equal(new URL(ana.page.url()).searchParams.get("room"), null, "the lobby's address");
  assert.ok(await ana.page.locator(`button[data-resume="${roomId}"]`).count(), "the lobby offers the seat");
  await ana.page.goForward();
  await ana.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await seated(ana.page);
  // The link opened again in the player's own browser: back in the seat.
  await ana.page.goto(link);
  await ana.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await seated(ana.page);
  await ana.page.waitForSelector("#board .hand button.card", { timeout: 30_000 });

  // An unknown table: the lobby says the link opened nothing, in words.
  const stray = await player();
  await stray.page.goto(`${env.origin}/?lang=en&room=no-such-room`);
  await stray.page.waitForSelector("#lobby-error:not([hidden])", { timeout: 30_000 });
  assert.match((await stray.page.textContent("#lobby-error")) ?? "", /did not open a table/);
  assert.equal(await stray.page.locator("#room:not([hidden])").count(), 0);

  // The match, to its end; then its replay.
  await playToTheEnd(ana.page);
  await ana.page.click("#open-replay");
  await ana.page.waitForSelector("#commitment", { timeout: 20_000 });
  assert.equal(new URL(ana.page.url()).searchParams.get("replay"), roomId, "the replay has its address");
  for (let i = 0; i < 3; i++) await ana.page.click("#replay-next");
  await ana.page.waitForSelector('#replay-board[data-step="3"] > *');
  assert.equal(await position(ana.page), 3);
  assert.ok(((await ana.page.textContent("#replay-board")) ?? "").trim().length > 0, "the table at step 3 is drawn");
  assert.equal(await ana.page.locator("#replay-board .hand").count(), 0, "the public view: no hand");
  assert.match((await ana.page.textContent("#replay-step-now")) ?? "", /After step 3/);
  // The slider.
  await ana.page.locator("#replay-slider").evaluate((node) => {
    node.value = "6";
    node.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await ana.page.waitForSelector('#replay-board[data-step="6"]');
  assert.equal(await position(ana.page), 6);
  // Jump to round 2 (an Awimbawé match is won in two rounds at least).
  const start = await ana.page.locator("#replay-round option", { hasText: "round 2" }).getAttribute("value");
  await ana.page.selectOption("#replay-round", start);
  await ana.page.waitForSelector(`#replay-board[data-step="${start}"] > *`);
  assert.ok(Number(start) > 6, "round 2 starts after the first steps");
  assert.equal(await position(ana.page), Number(start));
  const path = join(ARTIFACTS, "web-replay.png");
  await ana.page.screenshot({ path, fullPage: true });
  assert.ok(statSync(path).size > 10_000, "a screenshot was written");
  // Back from the replay: the table (the history holds lobby, table, replay).
  await ana.page.goBack();
  await ana.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });

  for (const p of [ana, bea, stray]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test("a private table's plain link asks for the code; the host's invite link opens it", { timeout: 180_000 }, async () => {
  const host = await player();
  const guest = await player();
  await openLobby(host.page, { name: "Cy" });
  await createTable(host.page, "awimbawe", { seats: 2, bots: 0, isPrivate: true });
  const plain = await copied(host.page, "link");
  const invite = await copied(host.page, "invite");
  const code = (await host.page.textContent("#join-code"))?.trim();
  assert.ok(code);
  assert.equal(new URL(plain).searchParams.get("code"), null, "the plain link carries no code");
  assert.equal(new URL(invite).searchParams.get("code"), code, "the invite carries the join code");

  await guest.page.goto(plain);
  await guest.page.waitForSelector("#lobby-error:not([hidden])", { timeout: 30_000 });
  assert.match((await guest.page.textContent("#lobby-error")) ?? "", /private.*join code/);
  assert.equal(await guest.page.evaluate(() => document.activeElement?.id), "code", "the code is asked for");

  await guest.page.goto(invite);
  await guest.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  assert.equal(await guest.page.locator("#seats-list li.me").count(), 0, "watching, not seated");
  assert.equal(new URL(guest.page.url()).searchParams.get("code"), null, "the code leaves the address");
  await host.page.waitForFunction(() => /One spectator/.test(document.getElementById("spectators")?.textContent ?? ""), null, { timeout: 10_000 });
  for (const p of [host, guest]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});
