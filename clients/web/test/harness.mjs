// The setup the browser tests (e2e*.test.mjs) share: a real local cluster (Valkey, two
// replicas, Envoy serving the page) started once per file, headless Chromium, and the few
// helpers every file wrote the same way (a fresh player, the lobby opened with a name).
// Not a test file itself (tools/web.py runs test/e2e*.test.mjs).
//
//   const env = useCluster();                  // before/after hooks of node:test
//   const ana = await newPlayer();             // a browser context and a page
//   await openLobby(ana.page, { name: "Ana" });
//   await ana.page.goto(`${env.origin}/...`);  // env's fields are set once `before` ran
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before } from "node:test";

import { chromium } from "playwright-core";

import { repoRoot, startCluster } from "../../ts/build/test/cluster.js";
import { connectGrpcWeb } from "../../ts/build/src/web.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Where the tests write their screenshots (made by `useCluster({ artifacts: true })`). */
export const ARTIFACTS = join(repoRoot(), "artifacts");

/** axe-core's script, to add to a page (see `assertAccessible`). */
export const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf-8");

/**
 * What `useCluster` started, its fields set once its `before` hook ran.
 * @typedef {object} Env
 * @property {any} cluster the cluster of ../../ts/build/test/cluster.js (envoy, replicas, metrics, stop)
 * @property {import("playwright-core").Browser} browser headless Chromium
 * @property {string} origin the page's origin: Envoy's, `http://host:port`
 */

/** @type {Env | undefined} */
let current;

/**
 * Registers node:test hooks: `before` starts a cluster of two replicas behind Envoy, waits
 * until Envoy routes (it may still be running its first health checks) and launches
 * Chromium; `after` closes both. Once per test file.
 * @param {object} [options]
 * @param {boolean} [options.artifacts] also make the artifacts folder (ARTIFACTS) in `before`
 * @returns {Env} filled in by `before`: read its fields inside tests, not at import time
 */
export function useCluster({ artifacts = false } = {}) {
  assert.equal(current, undefined, "useCluster() is called once per test file");
  /** @type {Env} */
  const env = { cluster: undefined, browser: undefined, origin: undefined };
  current = env;
  before(async () => {
    env.cluster = await startCluster(2);
    env.origin = `http://${env.cluster.envoy}`;
    const probe = connectGrpcWeb(env.origin);
    for (let attempt = 0; ; attempt++) {
      try {
        await probe.listGames();
        break;
      } catch (err) {
        if (attempt > 50) throw err;
        await new Promise((ok) => setTimeout(ok, 200));
      }
    }
    if (artifacts) mkdirSync(ARTIFACTS, { recursive: true });
    env.browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  });
  after(async () => {
    await env.browser?.close();
    await env.cluster?.stop();
  });
  return env;
}

/** @returns {Env} the started cluster (throws when the file did not call useCluster). */
function started() {
  assert.ok(current?.browser, "useCluster() first, and its before hook done");
  return current;
}

/**
 * A player: a fresh browser context (its own storage: its own guest) and a page whose
 * errors are recorded in `problems` (each test asserts it stays empty).
 * @param {object} [options]
 * @param {import("playwright-core").BrowserContextOptions} [options.context] over the
 *   default viewport of 1200 × 1000 (a phone's, say)
 * @param {boolean} [options.consoleErrors] record the console's errors too (not only the page's uncaught errors)
 * @param {boolean} [options.dialogs] record (and dismiss) any dialog the page opens
 * @param {boolean} [options.clipboard] grant the page the clipboard (read and write)
 * @param {string[]} [options.problems] the list to record into (a new one by default)
 * @returns {Promise<{ context: import("playwright-core").BrowserContext, page: import("playwright-core").Page, problems: string[] }>}
 */
export async function newPlayer({ context: contextOptions = {}, consoleErrors = true, dialogs = true, clipboard = false, problems = [] } = {}) {
  const { browser, origin } = started();
  const context = await browser.newContext({ viewport: { width: 1200, height: 1000 }, ...contextOptions });
  if (clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const page = await context.newPage();
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  if (consoleErrors) page.on("console", (msg) => msg.type() === "error" && problems.push(`console: ${msg.text()}`));
  if (dialogs) {
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
  }
  return { context, page, problems };
}

/**
 * Opens the lobby (the page's own origin is Envoy) in a language, and sets the player's name.
 * @param {import("playwright-core").Page} page
 * @param {{ name: string, lang?: string }} options
 */
export async function openLobby(page, { name, lang = "en" }) {
  await page.goto(`${started().origin}/?lang=${lang}`);
  await page.waitForSelector("#games article.game", { timeout: 30_000 });
  await page.fill("#name", name);
  await page.dispatchEvent("#name", "change");
}

/**
 * The page's own counter of accepted actions (body[data-actions]).
 * @param {import("playwright-core").Page} page
 * @returns {Promise<number>}
 */
export const played = (page) => page.evaluate(() => Number(document.body.dataset.actions ?? 0));

/**
 * Whether the match's outcome shows.
 * @param {import("playwright-core").Page} page
 * @returns {Promise<boolean>}
 */
export const over = async (page) => (await page.locator("#outcome:not([hidden])").count()) > 0;

/**
 * A full-page screenshot, artifacts/web-`name`.png (the file must use `useCluster({ artifacts: true })`).
 * @param {import("playwright-core").Page} page
 * @param {string} name
 */
export async function screenshot(page, name) {
  const path = join(ARTIFACTS, `web-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  assert.ok(statSync(path).size > 10_000, `${name}: a screenshot was written`);
}

/**
 * axe-core in the page: no serious or critical violation (WCAG 2 A and AA rules).
 * @param {import("playwright-core").Page} page
 * @param {string} where said in the assertion's message
 * @returns {Promise<{ id: string, impact: string, nodes: string[] }[]>} every violation found (the minor ones too)
 */
export async function assertAccessible(page, where) {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const result = await globalThis.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(serious, [], `${where}: no serious accessibility violation`);
  return violations;
}
