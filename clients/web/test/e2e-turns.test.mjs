// Turn-based tables in the web app (issue 28, item 6), end to end in headless Chromium
// against a real local cluster (Valkey, two replicas, Envoy): two pages, the host and a
// guest of a turn-based Awimbawé table made from the new-table form; the guest waits in the
// lobby's "my matches" while the host plays a turn at the table, and the guest's "your turn"
// badge appears without a reload (WatchInbox, from whichever replica made it).
// Run: node build.mjs && node --test test/e2e-turns.test.mjs   (clients/ts built first).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { chromium } from "playwright-core";

import { startCluster } from "../../ts/build/test/cluster.js";
import { connectGrpcWeb } from "../../ts/build/src/web.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let cluster;
let browser;
let origin;

before(async () => {
  cluster = await startCluster(2);
  origin = `http://${cluster.envoy}`;
  const probe = connectGrpcWeb(origin);
  for (let attempt = 0; ; attempt++) {
    try {
      await probe.listGames();
      break;
    } catch (err) {
      if (attempt > 50) throw err;
      await new Promise((ok) => setTimeout(ok, 200));
    }
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  await cluster?.stop();
});

async function newPlayer() {
  const context = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  return { context, page, problems };
}

async function openLobby(page, name) {
  await page.goto(`${origin}/?lang=en`);
  await page.waitForSelector("#games article.game", { timeout: 30_000 });
  await page.fill("#name", name);
  await page.dispatchEvent("#name", "change");
}

const PLAYABLE = ["#choices button:not(:last-child):not([disabled])", "#board button.card.playable", "#board button.primary:not([disabled])", "#actions button:not([disabled])"].join(", ");

/** Plays one move at the table: clicks what the page offers until it counts one more action. */
async function playOneMove(page) {
  const before = await page.evaluate(() => Number(document.body.dataset.actions ?? 0));
  for (let attempt = 0; attempt < 50; attempt++) {
    await page.waitForSelector(PLAYABLE, { timeout: 20_000 });
    await page.locator(PLAYABLE).first().click({ timeout: 2_000 }).catch(() => undefined);
    const done = await page
      .waitForFunction((n) => Number(document.body.dataset.actions ?? 0) > n, before, { timeout: 3_000, polling: 50 })
      .then(() => true)
      .catch(() => false);
    if (done) return;
  }
  assert.fail("the page never played a move");
}

/** The number of rooms waiting for the player, as the lobby's "my matches" shows it. */
const waitingBadges = (page) => page.locator("#matches-list li.turn-waiting .badge").count();

test("turn-based: one page plays its turn, the other's 'my matches' badge updates live", { timeout: 240_000 }, async () => {
  const host = await newPlayer();
  const guest = await newPlayer();
  await openLobby(host.page, "Ana");
  await host.page.click("#game-awimbawe details.new-table summary");
  await host.page.selectOption("#seats-awimbawe", "2");
  await host.page.selectOption("#bots-awimbawe", "0");
  await host.page.setChecked("#turn-based-awimbawe", true);
  await host.page.setChecked("#private-awimbawe", true);
  await host.page.click('button[data-create="awimbawe"]');
  await host.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await host.page.waitForSelector("#room-code:not([hidden])");
  const code = (await host.page.textContent("#join-code"))?.trim();
  assert.ok(code);

  await openLobby(guest.page, "Bea");
  await guest.page.fill("#code", code);
  await guest.page.click("#join");
  await guest.page.waitForSelector("#room:not([hidden])");
  // The guest's ready was the last: a turn-based table starts by itself (no "start").

  // The guest leaves the table for the lobby: "my matches" lists the turn-based table.
  const toLobby = async () => {
    await guest.page.goto(`${origin}/?lang=en`);
    await guest.page.waitForSelector("#matches-list li [data-resume]", { timeout: 30_000 });
  };
  await toLobby();
  // Awimbawé may ask the same seat several decisions in a row (a power after a card): each
  // side plays while it is asked; the test ends when the host's move hands the turn over.
  let live = false;
  for (let round = 0; round < 20 && !live; round++) {
    if ((await waitingBadges(guest.page)) === 1) {
      await guest.page.click("#matches-list li.turn-waiting [data-resume]");
      await guest.page.waitForSelector("#room:not([hidden])");
      await playOneMove(guest.page);
      await toLobby();
      continue;
    }
    await playOneMove(host.page);
    // Either the guest's badge appears (no reload: its inbox stream redraws the list), or the
    // host is asked again.
    live = await Promise.race([
      guest.page.waitForSelector("#matches-list li.turn-waiting .badge", { timeout: 30_000 }).then(() => true),
      host.page.waitForSelector(PLAYABLE, { timeout: 30_000 }).then(async () => {
        await new Promise((ok) => setTimeout(ok, 1500)); // a badge on its way wins the race
        return (await waitingBadges(guest.page)) === 1;
      }),
    ]);
  }
  assert.ok(live, "the guest's badge appeared without a reload");
  assert.equal(await waitingBadges(guest.page), 1);
  assert.match((await guest.page.textContent("#matches-list li.turn-waiting")) ?? "", /Your turn/);
  for (const p of [host, guest]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test("an invitation shows live in the invitee's lobby, and accepting it seats them", { timeout: 240_000 }, async () => {
  const host = await newPlayer();
  const guest = await newPlayer();
  await openLobby(host.page, "Cid");
  await host.page.click("#game-awimbawe details.new-table summary");
  await host.page.setChecked("#turn-based-awimbawe", true);
  await host.page.setChecked("#private-awimbawe", true);
  await host.page.selectOption("#bots-awimbawe", "0");
  await host.page.click('button[data-create="awimbawe"]');
  await host.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  const roomId = new URL(host.page.url()).searchParams.get("room");
  assert.ok(roomId);

  // The guest has a session (a table of their own), then waits in the lobby.
  await openLobby(guest.page, "Dee");
  await guest.page.click("#game-awimbawe details.new-table summary");
  await guest.page.setChecked("#turn-based-awimbawe", true);
  await guest.page.selectOption("#bots-awimbawe", "0");
  await guest.page.click('button[data-create="awimbawe"]');
  await guest.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await guest.page.goto(`${origin}/?lang=en`);
  await guest.page.waitForSelector("#matches-list li [data-resume]", { timeout: 30_000 });
  assert.equal(await guest.page.locator("#invitations-list li").count(), 0);

  // The host's app invites the guest by player id (the contract's InvitePlayer).
  const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("cercle.session") ?? "{}"));
  const hostSession = await stored(host.page);
  const guestSession = await stored(guest.page);
  const hostApp = connectGrpcWeb(origin, { token: hostSession.token });
  await hostApp.invitePlayer(roomId, guestSession.playerId);

  // No reload: the guest's inbox stream brings it.
  await guest.page.waitForSelector(`#invitations-list li[data-invitation="${roomId}"]`, { timeout: 30_000 });
  assert.match((await guest.page.textContent("#invitations-list")) ?? "", /Cid invites you/);
  await guest.page.click(`#invitations-list button[data-accept="${roomId}"]`);
  await guest.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await host.page.waitForFunction(() => /Dee/.test(document.querySelector("#seats-list")?.textContent ?? ""), null, { timeout: 30_000 });
  for (const p of [host, guest]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});
