// Tomahawk's out-of-turn calls in headless Chromium against a real local cluster (the setup
// of test/harness.mjs): a scripted person plays against two strong bots at the default bot
// delay (0.8 s) and the default reaction window, reacting about a second after each chance
// shows on screen:
// - AGILITÉ!: the page says a card may be jumped on ("click a card of your hand"); when the
//   person holds the identical card (data-face = the hint's data-agilite) they click it 1 s
//   later;
// - TOMAHAWK!: down to one card (never ticking the box with the play), they click the
//   TOMAHAWK! button 1 s after it shows.
// Both calls must be accepted (the page's log narrates them as events, no "too late"
// error). The chance comes from the deal, so the person plays round after round of a match
// to 250 points (the rules' default) until both calls were accepted, then leaves the table:
// a whole match to its outcome is the other browser tests' business, and finishing one here
// only cost minutes in which no chance could come. The SHÉRIF! buttons sit on the other
// seats, always (no "SHÉRIF! possible" cue), and the person never clicks one here.
//
// Run: node build.mjs && node --test test/e2e-calls.test.mjs (clients/ts built first).
import assert from "node:assert/strict";
import { test } from "node:test";

import { newPlayer, openLobby, played, useCluster } from "./harness.mjs";

const REACTION_MS = 1_000;
const TABLES = 3;
const TABLE_SECONDS = 240;
const NAME = "Calla";

useCluster();

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function newTable(page) {
  await openLobby(page, { name: NAME });
  await page.click("#game-tomahawk details.new-table summary");
  await page.selectOption("#seats-tomahawk", "3");
  await page.selectOption("#bots-tomahawk", "2");
  await page.fill("#opt-tomahawk-target_score", "250");
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

const CALL = '#board button.call[data-call="tomahawk"]:not([disabled])';

const PLAIN = ["#choices button:not(:last-child):not([disabled])", "#board button.card.playable", "#board button.primary:not([disabled])", "#actions button:not([disabled])"].join(", ");

/** Whether the page's log narrates `pattern` within 5 s (read as the call is accepted: the
 * log keeps only its latest lines, so a match's end no longer shows its first calls). */
async function narrated(page, pattern) {
  return page
    .waitForFunction((re) => new RegExp(re).test(document.getElementById("log")?.innerText ?? ""), pattern, { timeout: 5_000, polling: 100 })
    .then(() => true)
    .catch(() => false);
}

/** What the loop reacts to, read in one go (the page re-renders at every update): the
 * SHÉRIF! buttons, a "possible" cue, the TOMAHAWK! button, the hand card identical to the one
 * the AGILITÉ! hint names (if the person holds one), the outcome. */
const look = (page) =>
  page.evaluate((call) => {
    const facet = document.querySelector("#board .agilite-hint")?.getAttribute("data-agilite");
    const card = facet ? document.querySelector(`#board button.card.agilite[data-face="${facet}"]`)?.getAttribute("data-card") : undefined;
    return {
      sherif: document.querySelectorAll("#seats-list button.call-sherif").length,
      cue: /possible/i.test(document.getElementById("seats-list")?.innerText ?? ""),
      call: document.querySelector(call) !== null,
      twin: card ? { card, chance: `${facet}/${card}` } : null,
      over: document.querySelector("#outcome:not([hidden])") !== null,
    };
  }, CALL);

/** Both calls were accepted at least once. */
const bothAccepted = (results) => results.agilite.includes("") && results.tomahawk.includes("");

/** Plays rounds at one table until both calls were accepted, the match ended or
 * TABLE_SECONDS passed; records what the person's calls met in `results` ("gone": the
 * chance closed before the click, which the TOMAHAWK!/AGILITÉ! lists do not count). */
async function playTable(page, results) {
  const deadline = Date.now() + TABLE_SECONDS * 1_000;
  let seenTwin = { key: null, at: 0 };
  let seenCall = 0;
  for (;;) {
    const now = await look(page);
    if (now.over || bothAccepted(results) || Date.now() > deadline) return;
    // The SHÉRIF! buttons are on every other seat, whatever their hands.
    results.sherifButtons = Math.max(results.sherifButtons, now.sherif);
    results.cue ||= now.cue;
    if (now.call) {
      seenCall ||= Date.now();
      if (Date.now() - seenCall >= REACTION_MS) {
        const error = await send(page, page.locator(CALL)).catch(() => "gone");
        if (error === "gone") results.gone.tomahawk++;
        else results.tomahawk.push(error);
        if (error === "") results.narrated.tomahawk ||= await narrated(page, `TOMAHAWK! ${NAME}.* has one card left`);
        seenCall = 0;
      }
      await sleep(50);
      continue;
    }
    seenCall = 0;
    if (now.twin) {
      if (seenTwin.key !== now.twin.chance) seenTwin = { key: now.twin.chance, at: Date.now() };
      if (Date.now() - seenTwin.at >= REACTION_MS) {
        const card = page.locator(`#board button.card.agilite[data-card="${now.twin.card}"]`);
        const error = await send(page, card).catch(() => "gone");
        if (error === "gone") results.gone.agilite++;
        else results.agilite.push(error);
        if (error === "") results.narrated.agilite ||= await narrated(page, `AGILITÉ! ${NAME}.* jumps in with`);
        seenTwin = { key: null, at: 0 };
      }
      await sleep(50);
      continue;
    }
    seenTwin = { key: null, at: 0 };
    const plain = page.locator(PLAIN).first();
    if ((await plain.count()) > 0) await send(page, plain).catch(() => {});
    else await sleep(100);
  }
}

test("a person's AGILITÉ! and TOMAHAWK! a second after the chance beat strong bots", { timeout: 40 * 60_000 }, async (t) => {
  const problems = [];
  const results = { agilite: [], tomahawk: [], gone: { agilite: 0, tomahawk: 0 }, narrated: { agilite: false, tomahawk: false }, sherifButtons: 0, cue: false };
  for (let table = 0; table < TABLES && !bothAccepted(results); table++) {
    // A fresh browser (a new guest) for each table: the page would take its player back to
    // the table they sat at.
    const { context, page } = await newPlayer({ consoleErrors: false, dialogs: false, problems });
    await newTable(page);
    await playTable(page, results);
    await context.close();
    t.diagnostic(`after table ${table + 1}: ${JSON.stringify(results)}`);
  }
  assert.ok(results.agilite.length > 0, `an AGILITÉ! chance came at ${TABLES} tables of ${TABLE_SECONDS} s`);
  assert.ok(results.tomahawk.length > 0, `a TOMAHAWK! chance came at ${TABLES} tables of ${TABLE_SECONDS} s`);
  assert.deepEqual(results.agilite.filter(Boolean), [], "every AGILITÉ! a second late was accepted");
  assert.deepEqual(results.tomahawk.filter(Boolean), [], "every TOMAHAWK! a second late was accepted");
  assert.ok(results.narrated.agilite, "the log narrates the jump-in");
  assert.ok(results.narrated.tomahawk, "the log narrates the call");
  assert.equal(results.sherifButtons, 2, "SHÉRIF! on each of the two other seats");
  assert.ok(!results.cue, "no cue on the seats says a SHÉRIF! would be right");
  assert.deepEqual(problems, []);
});
