// Turn-based tables in the web app (issue 28, item 6), end to end in headless Chromium
// against a real local cluster (test/harness.mjs: Valkey, two replicas, Envoy): two pages, the host and a
// guest of a turn-based Awimbawé table made from the new-table form; the guest waits in the
// lobby's "my matches" while the host plays a turn at the table, and the guest's "your turn"
// badge appears without a reload (WatchInbox, from whichever replica made it). Then a host
// invites a player from the table's "Invite a player" (by name among the players they played
// with, or by the player id the guest's lobby shows), after two refusals said in words (an
// unknown id, their own), and the invitation shows live in the guest's lobby.
// Run: node build.mjs && node --test test/e2e-turns.test.mjs   (clients/ts built first).
import assert from "node:assert/strict";
import { test } from "node:test";

import { assertAccessible, newPlayer, openLobby, useCluster } from "./harness.mjs";

const env = useCluster();

/** A player whose page's uncaught errors are recorded (not the console's). */
const quietPlayer = () => newPlayer({ consoleErrors: false, dialogs: false });

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
  const host = await quietPlayer();
  const guest = await quietPlayer();
  await openLobby(host.page, { name: "Ana" });
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

  await openLobby(guest.page, { name: "Bea" });
  await guest.page.fill("#code", code);
  await guest.page.click("#join");
  await guest.page.waitForSelector("#room:not([hidden])");
  // The guest's ready was the last: a turn-based table starts by itself (no "start").

  // The guest leaves the table for the lobby: "my matches" lists the turn-based table.
  const toLobby = async () => {
    await guest.page.goto(`${env.origin}/?lang=en`);
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
  const host = await quietPlayer();
  const guest = await quietPlayer();
  await openLobby(host.page, { name: "Cid" });
  await host.page.click("#game-awimbawe details.new-table summary");
  await host.page.setChecked("#turn-based-awimbawe", true);
  await host.page.setChecked("#private-awimbawe", true);
  await host.page.selectOption("#bots-awimbawe", "0");
  await host.page.click('button[data-create="awimbawe"]');
  await host.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  const roomId = new URL(host.page.url()).searchParams.get("room");
  assert.ok(roomId);

  // The guest has a session (a table of their own), then waits in the lobby.
  await openLobby(guest.page, { name: "Dee" });
  await guest.page.click("#game-awimbawe details.new-table summary");
  await guest.page.setChecked("#turn-based-awimbawe", true);
  await guest.page.selectOption("#bots-awimbawe", "0");
  await guest.page.click('button[data-create="awimbawe"]');
  await guest.page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  await guest.page.goto(`${env.origin}/?lang=en`);
  await guest.page.waitForSelector("#matches-list li [data-resume]", { timeout: 30_000 });
  assert.equal(await guest.page.locator("#invitations-list li").count(), 0);

  // The guest's lobby shows their player id, to give to a friend.
  await guest.page.waitForSelector("#player-id-row:not([hidden])", { timeout: 30_000 });
  const guestId = (await guest.page.textContent("#player-id"))?.trim();
  assert.match(guestId ?? "", /^p-/);
  const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("cercle.session") ?? "{}"));
  assert.equal(guestId, (await stored(guest.page)).playerId, "the id shown is the guest's own");

  // The host invites the guest from the table, on a phone's width: by name among the players
  // they played with if the two have played together, else by pasting the id the guest gave.
  await host.page.setViewportSize({ width: 360, height: 740 });
  await host.page.click("#invite summary");
  await host.page.waitForSelector("#invite[open] #invite-id");
  await host.page.waitForFunction(() => document.querySelector("#invite-recent li") !== null, null, { timeout: 30_000 });
  const known = host.page.locator(`#invite-recent button[data-invite="${guestId}"]`);
  // A refusal first: an unknown id is said in words and changes nothing.
  await host.page.fill("#invite-id", "p-0000000000000000");
  await host.page.click("#invite-send");
  await host.page.waitForFunction(() => (document.querySelector("#invite-error")?.textContent ?? "") !== "", null, { timeout: 30_000 });
  assert.match((await host.page.textContent("#invite-error")) ?? "", /No player has this id/);
  assert.equal((await host.page.textContent("#invite-note"))?.trim(), "");
  assert.equal(await host.page.inputValue("#invite-id"), "p-0000000000000000", "the id stays, to correct it");
  // Nor oneself.
  await host.page.fill("#invite-id", (await stored(host.page)).playerId);
  await host.page.click("#invite-send");
  await host.page.waitForFunction(() => /your own player id/.test(document.querySelector("#invite-error")?.textContent ?? ""), null, { timeout: 10_000 });
  await new Promise((ok) => setTimeout(ok, 1000));
  assert.equal(await guest.page.locator("#invitations-list li").count(), 0, "no invitation came of a refusal");
  if ((await known.count()) > 0) await known.click();
  else {
    await host.page.fill("#invite-id", guestId);
    await host.page.click("#invite-send");
  }
  await host.page.waitForFunction(() => /Invitation sent to Dee/.test(document.querySelector("#invite-note")?.textContent ?? ""), null, { timeout: 30_000 });
  assert.equal((await host.page.textContent("#invite-error"))?.trim(), "", "the refusal is gone once it is sent");
  // Everything of the panel fits the phone's width: nothing to scroll sideways.
  const overflow = await host.page.evaluate(() => {
    const parts = ["#invite summary", "#invite-recent", "#invite-id", "#invite-send", "#invite-id-help", "#invite-note"];
    const out = parts.filter((q) => (document.querySelector(q)?.getBoundingClientRect().right ?? 0) > window.innerWidth);
    if (document.documentElement.scrollWidth > window.innerWidth) out.push("the page");
    return out;
  });
  assert.deepEqual(overflow, [], "the invite panel fits a 360 px screen");
  await assertAccessible(host.page, "a table with 'Invite a player' open");
  await assertAccessible(guest.page, "the lobby with the player id");

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
