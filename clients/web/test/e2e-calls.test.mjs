// Tomahawk's out-of-turn calls in headless Chromium against a real local cluster (the setup
// of test/harness.mjs): a scripted person plays whole matches (target 30) against two strong
// bots at the default bot delay (0.8 s) and the default reaction window, reacting about a
// second after each chance shows on screen:
// - AGILITÉ!: the page says a card may be jumped on ("click a card of your hand"); when the
//   person holds the identical card (data-face = the hint's data-agilite) they click it 1 s
//   later;
// - TOMAHAWK!: down to one card (never ticking the box with the play), they click the
//   TOMAHAWK! button 1 s after it shows.
// Both calls must be accepted (the page's log narrates them as events, no "too late"
// error). The chance comes from the deal, so matches are played until both happened (at
// most MATCHES, each to its outcome). The SHÉRIF! buttons sit on the other seats, always
// (no "SHÉRIF! possible" cue), and the person never clicks one here.
//
// Run: node build.mjs && node --test test/e2e-calls.test.mjs (clients/ts built first).
import assert from "node:assert/strict";
import { test } from "node:test";

import { newPlayer, openLobby, over, played, useCluster } from "./harness.mjs";

const REACTION_MS = 1_000;
const MATCHES = 6;
const NAME = "Calla";

useCluster();

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function newTable(page) {
  await openLobby(page, { name: NAME });
  await page.click("#game-tomahawk details.new-table summary");
  await page.selectOption("#seats-tomahawk", "3");
  await page.selectOption("#bots-tomahawk", "2");
  await page.fill("#opt-tomahawk-target_score", "30");
  await page.fill("#opt-tomahawk-turn_seconds", "0");
  await page.fill("#delay-tomahawk", "800"); // the default bot delay (ms), said explicitly
  await page.setChecked("#private-tomahawk", true);
  await page.click('button[data-create="tomahawk"]');
  await page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
}

/** Clicks `locator` and waits until the page counted the action or showed an error;
 * answers the error text ("" when accepted). */
async function send(page, locator) {
  const before = await played(page);
  await locator.click({ timeout: 2_000 });
  const settled = () =>
    page.waitForFunction(
      (n) => Number(document.body.dataset.actions ?? 0) > n || !document.getElementById("error")?.hidden || document.querySelector("#choices button") !== null,
      before,
      { timeout: 10_000, polling: 50 },
    );
  await settled();
  const choice = page.locator("#choices button:not(:last-child)").first();
  if ((await played(page)) === before && (await choice.count()) > 0) {
    await choice.click({ timeout: 2_000 }); // a Diamond's colour, a Calumet's target
    await page.waitForFunction(
      (n) => Number(document.body.dataset.actions ?? 0) > n || !document.getElementById("error")?.hidden,
      before,
      { timeout: 10_000, polling: 50 },
    );
  }
  const error = page.locator("#error:not([hidden])");
  return (await error.count()) > 0 ? ((await error.innerText({ timeout: 1_000 }).catch(() => "")) || "refused") : "";
}

/** The hand card identical to the one the AGILITÉ! hint names, if the person holds one
 * (read in one go: the page re-renders at every update). */
async function twin(page) {
  const id = await page.evaluate(() => {
    const facet = document.querySelector("#board .agilite-hint")?.getAttribute("data-agilite");
    if (!facet) return undefined;
    return document.querySelector(`#board button.card.agilite[data-face="${facet}"]`)?.getAttribute("data-card") ?? undefined;
  });
  return id === undefined ? undefined : page.locator(`#board button.card.agilite[data-card="${id}"]`);
}

const PLAIN = ["#choices button:not(:last-child):not([disabled])", "#board button.card.playable", "#board button.primary:not([disabled])", "#actions button:not([disabled])"].join(", ");

/** Whether the page's log narrates `pattern` within 5 s (read as the call is accepted: the
 * log keeps only its latest lines, so a match's end no longer shows its first calls). */
async function narrated(page, pattern) {
  return page
    .waitForFunction((re) => new RegExp(re).test(document.getElementById("log")?.innerText ?? ""), pattern, { timeout: 5_000, polling: 100 })
    .then(() => true)
    .catch(() => false);
}

/** Plays one match to its outcome; returns what the person's calls met. */
async function playMatch(page, results) {
  const deadline = Date.now() + 300_000;
  let seenTwin = 0;
  let seenCall = 0;
  while (!(await over(page))) {
    assert.ok(Date.now() < deadline, "the match went on for more than 300 s");
    // The SHÉRIF! buttons are on every other seat, whatever their hands.
    const sherif = await page.locator("#seats-list button.call-sherif").count();
    if (sherif > 0) results.sherifButtons = Math.max(results.sherifButtons, sherif);
    if (/possible/i.test(await page.locator("#seats-list").innerText({ timeout: 1_000 }).catch(() => ""))) results.cue = true;
    const call = page.locator('#board button.call[data-call="tomahawk"]:not([disabled])');
    if ((await call.count()) > 0) {
      seenCall ||= Date.now();
      if (Date.now() - seenCall >= REACTION_MS) {
        const error = await send(page, call).catch(() => "gone");
        if (error !== "gone") results.tomahawk.push(error);
        if (error === "") results.narrated.tomahawk ||= await narrated(page, `TOMAHAWK! ${NAME}.* has one card left`);
        seenCall = 0;
      }
      await sleep(50);
      continue;
    }
    seenCall = 0;
    const card = await twin(page);
    if (card) {
      seenTwin ||= Date.now();
      if (Date.now() - seenTwin >= REACTION_MS) {
        const error = await send(page, card).catch(() => "gone");
        if (error !== "gone") results.agilite.push(error);
        if (error === "") results.narrated.agilite ||= await narrated(page, `AGILITÉ! ${NAME}.* jumps in with`);
        seenTwin = 0;
      }
      await sleep(50);
      continue;
    }
    seenTwin = 0;
    const plain = page.locator(PLAIN).first();
    if ((await plain.count()) > 0) await send(page, plain).catch(() => {});
    else await sleep(100);
  }
}

test("a person's AGILITÉ! and TOMAHAWK! a second after the chance beat strong bots", { timeout: 40 * 60_000 }, async (t) => {
  const problems = [];
  const results = { agilite: [], tomahawk: [], narrated: { agilite: false, tomahawk: false }, sherifButtons: 0 };
  for (let match = 0; match < MATCHES && (results.agilite.length === 0 || results.tomahawk.length === 0); match++) {
    // A fresh browser (a new guest) for each match: the page would take its player back to
    // the table they sat at.
    const { context, page } = await newPlayer({ consoleErrors: false, dialogs: false, problems });
    await newTable(page);
    await playMatch(page, results);
    await context.close();
    t.diagnostic(`after match ${match + 1}: ${JSON.stringify(results)}`);
  }
  assert.ok(results.agilite.length > 0, `an AGILITÉ! chance came in ${MATCHES} matches`);
  assert.ok(results.tomahawk.length > 0, `a TOMAHAWK! chance came in ${MATCHES} matches`);
  assert.deepEqual(results.agilite.filter(Boolean), [], "every AGILITÉ! a second late was accepted");
  assert.deepEqual(results.tomahawk.filter(Boolean), [], "every TOMAHAWK! a second late was accepted");
  assert.ok(results.narrated.agilite, "the log narrates the jump-in");
  assert.ok(results.narrated.tomahawk, "the log narrates the call");
  assert.equal(results.sherifButtons, 2, "SHÉRIF! on each of the two other seats");
  assert.ok(!results.cue, "no cue on the seats says a SHÉRIF! would be right");
  assert.deepEqual(problems, []);
});
