// The page end to end in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core): a local cluster, the static page, a Tomahawk table against three bots,
// a few actions played by clicking, the stream updating the page, a screenshot mid-match in
// artifacts/web-midmatch.png.
//
// Run: node build.mjs && node --test test/e2e.test.mjs   (clients/ts built first: npx tsc)
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { chromium } from "playwright-core";

import { repoRoot, startCluster } from "../../ts/build/test/cluster.js";
import { connectGrpcWeb } from "../../ts/build/src/web.js";
import { serve } from "../serve.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ACTIONS = 5;
const SCREENSHOT = join(repoRoot(), "artifacts", "web-midmatch.png");

let cluster;
let site;
let context;
let profile;

before(async () => {
  cluster = await startCluster(2);
  site = await serve(0);
  // Envoy may still be running its first health checks: wait until it routes.
  const probe = connectGrpcWeb(`http://${cluster.envoy}`);
  for (let attempt = 0; ; attempt++) {
    try {
      await probe.listGames();
      break;
    } catch (err) {
      if (attempt > 50) throw err;
      await new Promise((ok) => setTimeout(ok, 200));
    }
  }
  profile = mkdtempSync(join(tmpdir(), "cercle-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1200, height: 1000 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await site?.close();
  await cluster?.stop();
});

/** The page's own counter of accepted actions (body[data-actions]). */
const played = (page) => page.evaluate(() => Number(document.body.dataset.actions ?? 0));
const seq = (page) => page.evaluate(() => Number(document.getElementById("seq")?.textContent ?? 0));

test("a Tomahawk table against bots in the browser, played by clicking", { timeout: 120_000 }, async (t) => {
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console: ${msg.text()}`));

  const query = new URLSearchParams({
    envoy: `http://${cluster.envoy}`,
    name: "Browser",
    seats: "4",
    bots: "3",
    target: "250",
    turn: "0",
    botDelay: "150",
  });
  await page.goto(`${site.url}/?${query}`);
  await page.click("#create");
  await page.waitForSelector("#hand button.card", { timeout: 30_000 });
  const firstSeq = await seq(page);

  let screenshotTaken = false;
  const deadline = Date.now() + 90_000;
  while ((await played(page)) < ACTIONS) {
    assert.ok(Date.now() < deadline, "the page let us play in time");
    if (await page.locator("#outcome:not([hidden])").count()) break;
    // Wait until something is clickable: a pending choice, a playable card, an action button.
    await page.waitForFunction(
      () =>
        document.querySelector(
          "#choices button, #hand button.card.playable, #actions button:not([disabled]), #outcome:not([hidden])",
        ) !== null,
      null,
      { timeout: 30_000, polling: 50 },
    );
    const before = await played(page);
    const target = page
      .locator("#choices button")
      .or(page.locator("#hand button.card.playable"))
      .or(page.locator("#actions button:not([disabled])"))
      .first();
    try {
      await target.click({ timeout: 2_000 });
    } catch {
      continue; // the page re-rendered under the pointer: look again
    }
    await page
      .waitForFunction(
        (n) =>
          Number(document.body.dataset.actions ?? 0) > n ||
          document.querySelector("#choices button") !== null ||
          document.getElementById("prompt")?.classList.contains("error"),
        before,
        { timeout: 5_000, polling: 50 },
      )
      .catch(() => {});
    if (!screenshotTaken && (await played(page)) >= 3) {
      // Let the stream bring the bots' answers, then take the picture.
      await page.waitForFunction((s) => Number(document.getElementById("seq")?.textContent) > s, firstSeq + 3);
      // Best when it is our turn again, with the playable cards raised.
      await page.waitForSelector("#hand button.card.playable", { timeout: 10_000 }).catch(() => {});
      mkdirSync(join(repoRoot(), "artifacts"), { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      screenshotTaken = true;
    }
  }

  const actions = await played(page);
  const lastSeq = await seq(page);
  const logLines = await page.locator("#log li").count();
  t.diagnostic(`${actions} actions clicked, stream at update ${lastSeq} (from ${firstSeq}), ${logLines} events narrated`);
  assert.ok(actions >= ACTIONS || (await page.locator("#outcome:not([hidden])").count()) > 0);
  assert.ok(lastSeq > firstSeq + actions, "the stream brought the bots' moves too");
  assert.ok(logLines > actions, "events are narrated");
  assert.equal(await page.locator("#status").getAttribute("data-state"), "live");
  assert.ok(screenshotTaken && statSync(SCREENSHOT).size > 10_000, "a screenshot was saved mid-match");
  assert.deepEqual(problems, [], "no errors in the page");
});

test("?lang=fr shows the page in French, and the switch tells it again in English", { timeout: 60_000 }, async () => {
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  const query = new URLSearchParams({
    envoy: `http://${cluster.envoy}`,
    lang: "fr",
    seats: "2",
    bots: "1",
    turn: "0",
    botDelay: "100",
  });
  await page.goto(`${site.url}/?${query}`);
  assert.equal(await page.getAttribute("html", "lang"), "fr");
  assert.equal((await page.textContent("#create"))?.trim(), "Créer la table");
  assert.equal(await page.inputValue("#name"), "Joueur");
  assert.match((await page.textContent("#status")) ?? "", /^Envoy : http/);
  assert.equal(await page.getAttribute('#lang-switch button[data-lang="fr"]', "aria-pressed"), "true");

  await page.click("#create");
  const logHas = (pattern) =>
    page
      .waitForFunction(
        (source) => [...document.querySelectorAll("#log li")].some((li) => new RegExp(source).test(li.textContent ?? "")),
        pattern.source,
        { timeout: 30_000, polling: 50 },
      )
      .catch(async (err) => {
        const lines = await page.locator("#log li").allTextContents();
        throw new Error(`no log line matches ${pattern}: ${JSON.stringify(lines.slice(0, 8))}`, { cause: err });
      });
  await logHas(/^La partie commence ! Engagement de la graine [0-9a-f]+…$/);
  assert.match((await page.textContent("#table-info")) ?? "", /Manche 1 · objectif 250 · sens/);
  assert.match((await page.textContent("#seats-list")) ?? "", /Joueur \(vous\)/);

  await page.click('#lang-switch button[data-lang="en"]');
  assert.equal(await page.getAttribute("html", "lang"), "en");
  await logHas(/^The match starts! Seed commitment [0-9a-f]+…$/);
  assert.equal(await page.locator("#log li", { hasText: /^La partie commence/ }).count(), 0, "the log is told again");
  assert.match((await page.textContent("#table-info")) ?? "", /Round 1 · target 250 · /);
  assert.match(page.url(), /lang=en/);
  assert.deepEqual(problems, [], "no errors in the page");
  await page.close();
});
