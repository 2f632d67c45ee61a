// The web page plays a game it has no code of its own for (tests/fifth_game/play.py runs this
// against a cluster whose Envoy serves the built page): the lobby lists the game, a quick
// match against a bot starts, every legal action is a button in #actions (clicked until the
// outcome shows), the bar titles the game by the server's name and the log tells each event
// in words (no raw message id). Prints one JSON line.
//
//     node tests/fifth_game/web_check.mjs <origin> <game_id> <chromium>   (cwd: clients/web)
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";

const [origin, game, chromiumPath] = process.argv.slice(2);
const require = createRequire(join(process.cwd(), "package.json"));
const { chromium } = require("playwright-core");

const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console: ${msg.text()}`));
  await page.goto(`${origin}/?lang=en`);
  await page.waitForSelector(`#game-${game}`, { timeout: 30_000 });
  await page.fill("#name", "Web");
  await page.dispatchEvent("#name", "change");
  await page.click(`#game-${game} button[data-quick="${game}"]`);
  await page.waitForSelector("#room:not([hidden])", { timeout: 30_000 });
  let clicked = 0;
  const deadline = Date.now() + 30_000;
  while ((await page.locator("#outcome:not([hidden])").count()) === 0) {
    assert.ok(Date.now() < deadline, "the match did not end in 30 s");
    const button = page.locator("#actions button:not([disabled])").first();
    if ((await button.count()) === 0) {
      await page.waitForTimeout(50);
      continue;
    }
    let label;
    try {
      label = await button.innerText({ timeout: 2_000 });
      await button.click({ timeout: 2_000 });
      clicked += 1;
    } catch {
      continue; // the table re-rendered under the pointer: look again
    }
    assert.ok(!label.includes(`${game}-act-`) && !label.includes("?"), `a button in words: ${label}`);
  }
  await page.waitForFunction((g) => document.getElementById("room-game")?.textContent !== g, game, { timeout: 10_000 });
  const title = (await page.textContent("#room-game")) ?? "";
  const log = await page.locator("#log li").allInnerTexts();
  const outcome = (await page.textContent("#outcome")) ?? "";
  assert.ok(clicked >= 1, "an action was clicked");
  assert.ok(log.some((line) => /card played/.test(line)), `the log tells the events: ${log.join(" | ")}`);
  for (const raw of [`${game}-ev-`, `${game}-act-`, "undefined"]) {
    assert.ok(!log.join("\n").includes(raw), `raw ${raw} in the log: ${log.join(" | ")}`);
  }
  assert.ok(!/outcome_reason-|\bundefined\b/.test(outcome), `the outcome in words: ${outcome}`);
  assert.deepEqual(problems, []);
  console.log(JSON.stringify({ title, clicked, log: log.length, outcome: outcome.replace(/\s+/g, " ").trim().slice(0, 80) }));
} finally {
  await browser.close();
}
