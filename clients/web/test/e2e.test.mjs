// The web app end to end in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core) against a real local cluster (Valkey, two replicas, Envoy serving the page
// on its own origin: no ?envoy=; test/harness.mjs starts it, as for every e2e*.test.mjs):
// - for each game, a whole match against bots played by clicking, to its outcome, with a
//   screenshot mid-match (artifacts/web-<game>.png) and the replay's commitment check;
// - two browsers playing each other (and a third watching by join code);
// - a reload mid-match puts the player back in their seat (from the resume cursor);
// - table chat between two browsers, the host's mute, presence (a short grace: tools/web.py);
// - the phone viewport (no sideways scrolling; artifacts/web-mobile.png);
// - axe-core finds no serious accessibility violation in the lobby and at a table;
// - last, every replica's /metrics shows the page never called ListLegalActions (it plays
//   from the choices pushed with the updates and views), while Act was counted.
//
// (Every test/e2e*.test.mjs runs in the browser pass of tools/web.py.)
// Run: node build.mjs && node --test test/e2e.test.mjs   (clients/ts built first: npx tsc);
// one test: node --test --test-name-pattern=tamashii test/e2e.test.mjs
import assert from "node:assert/strict";
import { test } from "node:test";

import { clusterRpcCounts } from "../../ts/build/test/metrics.js";
import { assertAccessible, newPlayer, openLobby, over, played, screenshot, useCluster } from "./harness.mjs";

const env = useCluster({ artifacts: true });

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
  "#board button.primary:not([disabled])",
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
        (selector) => document.querySelector(selector) !== null || document.querySelector("#outcome:not([hidden])") !== null,
        CLICKABLE,
        { timeout: 20_000, polling: 100 },
      )
      .then(() => true)
      .catch(() => false);
    if (!found) continue; // the server played a timeout for someone: look again
    if (await over(page)) break;
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

/** Text on screen must be for players: no developer counters, raw JSON or enum names. */
async function assertPlainWords(page) {
  const text = await page.locator("body").innerText();
  assert.doesNotMatch(text, /\{"|"\w+":|\bupdate \d+|\bversion \d+|Phase: [a-z_]+|[A-Z]{3,}_[A-Z_]+|\bundefined\b|\bNaN\b/, "plain words only");
}

/** After the outcome: the replay opens, its commitment holds, and it steps. */
async function checkReplay(page, game) {
  await page.click("#open-replay");
  await page.waitForSelector("#commitment", { timeout: 20_000 });
  assert.equal(await page.getAttribute("#commitment", "data-ok"), "true", "the seed commitment is verified");
  await page.click("#replay-next");
  await page.click("#replay-next");
  assert.match((await page.textContent("#replay-position")) ?? "", /\b2\b/);
  assert.ok((await page.locator(".replay-steps > li").count()) === 2, "two steps shown");
  await page.click("#replay-last");
  assert.ok((await page.locator(".replay-steps li").count()) > 2);
  assert.doesNotMatch((await page.textContent(".replay-steps")) ?? "", /card #?\d+\b|carte n°/i, "cards named, not numbered");
  await screenshot(page, `${game}-replay`);
}

/** When the reader's turn comes, their clock counts down on screen. */
async function assertClockRuns(page) {
  await page.waitForSelector("#turn-clock:not([hidden])", { timeout: 30_000 });
  const seconds = async () => Number(/\d+/.exec((await page.textContent("#turn-clock-text")) ?? "")?.[0]);
  const first = await seconds();
  await page.waitForFunction((s) => Number(/\d+/.exec(document.getElementById("turn-clock-text")?.textContent ?? "")?.[0]) < s, first, {
    timeout: 5_000,
  });
  assert.ok((await seconds()) < first, "the clock counts down");
}

const MATCHES = {
  // reaction_seconds 0: the bots move without waiting for calls (e2e-calls.test.mjs tests them)
  tomahawk: { lang: "en", seats: 3, clock: true, options: { target_score: 40, turn_seconds: 30, reaction_seconds: 0 } },
  tamashii: { lang: "fr", seats: 2, options: { decision_seconds: 30, level: "Standard" } }, // a choice by its label
  tomy: { lang: "en", seats: 3, options: { story_seconds: 60, vote_seconds: 60 } },
  awimbawe: { lang: "fr", seats: 2, options: { decision_seconds: 30 } },
};

for (const [game, setup] of Object.entries(MATCHES)) {
  test(`a whole ${game} match against bots, played through the page`, { timeout: 300_000 }, async (t) => {
    const { context, page, problems } = await newPlayer();
    await openLobby(page, { name: "Browser", lang: setup.lang });
    await createTable(page, game, { seats: setup.seats, bots: setup.seats - 1, options: setup.options });
    await page.waitForSelector("#board > *:not(p)", { timeout: 30_000 });
    const actions = await playUntil(page, {
      midway: async () => {
        await assertPlainWords(page);
        if (setup.clock) await assertClockRuns(page);
        await screenshot(page, game);
      },
    });
    t.diagnostic(`${game}: ${actions} actions clicked, ${await page.locator("#log li").count()} events told`);
    if (game === "tomahawk") t.diagnostic(`calls clicked so far: ${JSON.stringify(calls)}`);
    assert.ok(await over(page), "the match finished in the page");
    assert.ok(actions > 0, "the player played");
    assert.match((await page.textContent("#outcome")) ?? "", setup.lang === "fr" ? /Vainqueur/ : /Winner/);
    assert.ok((await page.locator("#log li").count()) > actions, "the log tells what happened");
    await assertPlainWords(page);
    await checkReplay(page, game);
    assert.deepEqual(problems, [], "no errors in the page");
    await context.close();
  });
}

test("a reload mid-match puts the player back in their seat", { timeout: 180_000 }, async () => {
  const { context, page, problems } = await newPlayer();
  await openLobby(page, { name: "Reloader" });
  await createTable(page, "tomahawk", { seats: 2, bots: 1, options: { target_score: 250, turn_seconds: 0 } });
  await playUntil(page, { until: async (p) => (await played(p)) >= 3 || (await over(p)) });
  const seat = await page.evaluate(() => JSON.parse(localStorage.getItem("cercle.seat") ?? "null"));
  const logBefore = await page.locator("#log li").count();
  assert.ok(seat?.roomId, "the seat is remembered");
  await page.reload();
  await page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await page.waitForSelector("#board .hand button.card", { timeout: 30_000 });
  await page.waitForSelector("#seats-list li.me");
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem("cercle.seat") ?? "null"));
  assert.equal(after.roomId, seat.roomId, "the same room");
  assert.ok(BigInt(after.seq) >= BigInt(seat.seq), "the cursor moved on, never back");
  assert.ok(after.cursor, "the server's resume cursor is kept beside the seq");
  assert.ok((await page.locator("#log li").count()) >= logBefore, "the log is still there");
  assert.match((await page.textContent("#seats-list")) ?? "", /Reloader \(you\)/);
  // A cursor the server cannot follow (a restored backup, a damaged storage): the page takes
  // the table as it stands, says so in words, and plays on from the fresh view's cursor.
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem("cercle.seat") ?? "null");
    localStorage.setItem("cercle.seat", JSON.stringify({ ...saved, cursor: "not-a-cursor" }));
  });
  await page.reload();
  await page.waitForSelector("#error:not([hidden])", { timeout: 30_000 });
  assert.match((await page.textContent("#error")) ?? "", /as it stands now/);
  await assertPlainWords(page);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("cercle.seat") ?? "{}").cursor !== "not-a-cursor", null, { timeout: 10_000 });
  // And play on from there, with the keyboard only: Tab to a control, Enter.
  const before = await played(page);
  await page.waitForSelector(CLICKABLE, { timeout: 30_000 });
  await page.locator(CLICKABLE).first().focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => Number(document.body.dataset.actions ?? 0) > n || document.querySelector("#choices button") !== null, before, { timeout: 10_000 });
  await page.click("#leave");
  await page.waitForSelector("#lobby:not([hidden])");
  assert.equal(await page.evaluate(() => localStorage.getItem("cercle.seat")), null, "leaving forgets the seat");
  // The server still lists the match among mine (ListMyRooms): back to the seat from there.
  await page.click(`button[data-resume="${seat.roomId}"]`, { timeout: 20_000 });
  await page.waitForSelector("#board .hand button.card", { timeout: 30_000 });
  await page.waitForFunction(() => /Reloader \(you\)/.test(document.getElementById("seats-list")?.textContent ?? ""), null, {
    timeout: 10_000,
  });
  assert.deepEqual(problems, []);
  await context.close();
});

test("two browsers play each other, a third watches by join code", { timeout: 300_000 }, async () => {
  const host = await newPlayer();
  const guest = await newPlayer();
  const watcher = await newPlayer();
  await openLobby(host.page, { name: "Ana" });
  await createTable(host.page, "awimbawe", { seats: 2, bots: 0, options: { decision_seconds: 0 } });
  await host.page.waitForSelector("#room-code:not([hidden])");
  const code = (await host.page.textContent("#join-code"))?.trim();
  assert.ok(code, "the host sees the join code");

  await openLobby(guest.page, { name: "Bea" });
  await guest.page.fill("#code", code);
  await guest.page.click("#join");
  await guest.page.waitForSelector("#room:not([hidden])");
  await host.page.waitForSelector("#start-match:not([disabled])", { timeout: 30_000 });
  await assertAccessible(host.page, "an open table");
  await screenshot(host.page, "open-table");
  await host.page.click("#start-match");

  await openLobby(watcher.page, { name: "Cy" });
  await watcher.page.fill("#code", code);
  await watcher.page.click("#watch");
  await watcher.page.waitForSelector("#room:not([hidden])");

  // Both play at once, each clicking whenever their page offers something.
  const [hostActions, guestActions] = await Promise.all([playUntil(host.page), playUntil(guest.page)]).catch(async (err) => {
    await screenshot(host.page, "duel-host");
    await screenshot(guest.page, "duel-guest");
    throw err;
  });
  assert.ok(hostActions > 5 && guestActions > 5, `both played (${hostActions}, ${guestActions})`);
  assert.match((await host.page.textContent("#seats-list")) ?? "", /Bea/);
  assert.match((await guest.page.textContent("#seats-list")) ?? "", /Ana/);
  await watcher.page.waitForSelector("#outcome:not([hidden])", { timeout: 30_000 });
  assert.match((await watcher.page.textContent("#prompt")) ?? "", /^$|watching/);
  assert.equal(await watcher.page.locator("#board .hand").count(), 0, "a spectator has no hand");
  for (const p of [host, guest, watcher]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test("two browsers at a table: a chat line crosses, the host mutes, presence follows who is there", { timeout: 180_000 }, async () => {
  const host = await newPlayer();
  const guest = await newPlayer();
  const watcher = await newPlayer();
  await openLobby(host.page, { name: "Ana" });
  await createTable(host.page, "tomahawk", { seats: 2, bots: 0, options: { turn_seconds: 0 } });
  await host.page.waitForSelector("#room-code:not([hidden])");
  const code = (await host.page.textContent("#join-code"))?.trim();
  await openLobby(guest.page, { name: "Bea" });
  await guest.page.fill("#code", code);
  await guest.page.click("#join");
  await guest.page.waitForSelector("#room:not([hidden])");
  // The host sees the guest connected (presence from the stream).
  const guestSeat = (on) => `#seats-list li[data-seat="1"] [data-presence="${on}"]`;
  await host.page.waitForSelector(guestSeat("on"), { timeout: 20_000 });
  assert.match((await host.page.textContent('#seats-list li[data-seat="1"]')) ?? "", /Bea.*connected/);

  // A line typed in one browser (Enter sends) appears in the other, in a live region.
  const chatHas = (page, text) =>
    page.waitForFunction((t) => (document.getElementById("chat-lines")?.textContent ?? "").includes(t), text, { timeout: 20_000 });
  await guest.page.fill("#chat-input", "Bonjour Ana !");
  await guest.page.press("#chat-input", "Enter");
  await chatHas(host.page, 'Bea says: "Bonjour Ana !"');
  assert.equal(await host.page.getAttribute("#chat-lines", "aria-live"), "polite");
  // The box empties once SendChat answered (which may come after the line reached the host:
  // the server keeps the answer for a retry first).
  await guest.page.waitForFunction(() => document.getElementById("chat-input")?.value === "", null, { timeout: 10_000 });
  assert.equal(await guest.page.inputValue("#chat-input"), "", "a sent line leaves the box");
  await host.page.fill("#chat-input", "Salut Bea");
  await host.page.click("#chat-send");
  await chatHas(guest.page, 'Ana says: "Salut Bea"');
  // Issue 30: a chat line is said once, in the chat panel, not again among the moves.
  for (const p of [host, guest]) assert.doesNotMatch((await p.page.textContent("#log")) ?? "", /Bonjour Ana|Salut Bea/, "chat stays out of the game log");

  // A spectator reads the talk so far and cannot write; the table counts it connected.
  await openLobby(watcher.page, { name: "Cy" });
  await watcher.page.fill("#code", code);
  await watcher.page.click("#watch");
  await watcher.page.waitForSelector("#room:not([hidden])");
  await chatHas(watcher.page, "Bonjour Ana !");
  assert.ok(await watcher.page.locator("#chat-form").isHidden(), "no box for a spectator");
  assert.match((await watcher.page.textContent("#chat-note")) ?? "", /only the players write/);
  await host.page.waitForFunction(() => /One of them is connected/.test(document.getElementById("spectators")?.textContent ?? ""), null, {
    timeout: 20_000,
  });

  // The host mutes Bea: everyone is told, and her next line is refused in words.
  await host.page.click('#seats-list button[data-mute="1"]');
  await chatHas(guest.page, "The host muted Bea");
  await guest.page.fill("#chat-input", "Encore moi");
  await guest.page.press("#chat-input", "Enter");
  await guest.page.waitForSelector("#chat-error:not([hidden])", { timeout: 20_000 });
  assert.match((await guest.page.textContent("#chat-error")) ?? "", /muted you/);
  await assertPlainWords(guest.page);
  assert.doesNotMatch((await host.page.textContent("#chat-lines")) ?? "", /Encore moi/);
  assert.doesNotMatch((await host.page.textContent("#log")) ?? "", /muted Bea|Bonjour Ana/, "nor a mute");
  await assertAccessible(host.page, "a table with its chat");

  // Bea closes her browser: after the short grace, she is shown not connected.
  await guest.context.close();
  await host.page.waitForSelector(guestSeat("off"), { timeout: 30_000 });
  assert.match((await host.page.textContent('#seats-list li[data-seat="1"]')) ?? "", /not connected/);
  for (const p of [host, guest, watcher]) assert.deepEqual(p.problems, []);
  await host.context.close();
  await watcher.context.close();
});

test("on a phone: the lobby and a table fit the screen, and nothing serious for axe-core", { timeout: 180_000 }, async () => {
  const { context, page, problems } = await newPlayer({ context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });
  await openLobby(page, { name: "Phone", lang: "fr" });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(await fits(), "the lobby has no sideways scrolling");
  await screenshot(page, "lobby");
  await assertAccessible(page, "the lobby");
  // Issue 30: a wrong join code typed at the bottom of the lobby is refused there, in view
  // (it was told at the top of the page, 1,116 px above the viewport) and announced.
  await page.fill("#code", "NOPE99");
  await page.click("#join");
  await page.waitForFunction(() => (document.getElementById("join-error")?.textContent ?? "") !== "", null, { timeout: 20_000 });
  const where = await page.evaluate(() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect();
    return { error: box("join-error"), code: box("code"), height: window.innerHeight };
  });
  assert.ok(where.error.top >= 0 && where.error.bottom <= where.height + 1, `the refusal is in the viewport (${JSON.stringify(where)})`);
  assert.ok(Math.abs(where.error.top - where.code.bottom) < 150, `the refusal is next to the code field (${JSON.stringify(where)})`);
  assert.equal(await page.getAttribute("#join-error", "aria-live"), "assertive", "a screen reader says it");
  assert.ok(await page.locator("#lobby-error").isHidden(), "nothing at the top of the page");
  await assertPlainWords(page);
  await page.click('#game-tomahawk button[data-quick="tomahawk"]');
  await page.waitForSelector("#board .hand button.card", { timeout: 30_000 });
  await playUntil(page, { until: async (p) => (await played(p)) >= 2 || (await over(p)) });
  assert.ok(await fits(), "the table has no sideways scrolling");
  await screenshot(page, "mobile");
  await assertAccessible(page, "a Tomahawk table");
  assert.deepEqual(problems, []);
  await context.close();
});

test("after the whole matches, the page never asked any replica for ListLegalActions", async (t) => {
  const counts = await clusterRpcCounts(env.cluster.metrics);
  assert.equal(counts.length, env.cluster.replicas.length, "every replica's page was read");
  for (const [i, byMethod] of counts.entries()) {
    assert.equal(byMethod.get("ListLegalActions") ?? 0, 0, `replica ${i} answered ListLegalActions`);
  }
  const total = (method) => counts.reduce((sum, byMethod) => sum + (byMethod.get(method) ?? 0), 0);
  assert.ok(total("Act") > 0, "the counter counts: the page's actions were (Act)");
  assert.ok(total("GetView") > 0, "and its views (GetView)");
  t.diagnostic(`Act ${total("Act")}, GetView ${total("GetView")}, Subscribe ${total("Subscribe")}, ListLegalActions 0 on ${counts.length} replicas`);
});
