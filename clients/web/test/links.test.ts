// A table's address and a replay's rounds, without a browser: which place an address names,
// the address of a place (the page's own parameters kept), the link to share (without the
// reader's language and name), and where each round of a replay starts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, ReplayStepSchema, TomahawkViewSchema, ViewSchema } from "../../ts/src/index.js";
import { gameUi } from "../src/games/registry.js";
import { placeOf, placeUrl, sharedUrl } from "../src/links.js";
import { roundStarts } from "../src/replay.js";

test("an address names the lobby, a table (with an invite's code) or a replay", () => {
  assert.deepEqual(placeOf("?lang=en"), { kind: "lobby" });
  assert.deepEqual(placeOf(""), { kind: "lobby" });
  assert.deepEqual(placeOf("?lang=fr&room=r-42"), { kind: "table", roomId: "r-42" });
  assert.deepEqual(placeOf("?room=r-42&code=ABCD"), { kind: "table", roomId: "r-42", code: "ABCD" });
  assert.deepEqual(placeOf("?room=%20&lang=en"), { kind: "lobby" }, "a blank room id is no table");
  assert.deepEqual(placeOf("?replay=r-7"), { kind: "replay", roomId: "r-7" });
});

test("a place's address keeps the page's parameters; the shared link drops the reader's own", () => {
  const base = "http://host:8080/?lang=fr&envoy=http%3A%2F%2Fe%3A1&name=Ana&room=old&code=X";
  const table = placeUrl({ kind: "table", roomId: "r 1" }, base);
  assert.equal(new URL(table).pathname, "/");
  assert.deepEqual(placeOf(new URL(table).search), { kind: "table", roomId: "r 1" });
  assert.equal(new URL(table).searchParams.get("lang"), "fr");
  assert.equal(new URL(table).searchParams.get("code"), null, "the old code is gone");
  assert.equal(placeOf(new URL(placeUrl({ kind: "lobby" }, base)).search).kind, "lobby");
  const shared = new URL(sharedUrl({ kind: "table", roomId: "r1", code: "K7" }, base));
  assert.equal(shared.searchParams.get("lang"), null);
  assert.equal(shared.searchParams.get("name"), null);
  assert.equal(shared.searchParams.get("envoy"), "http://e:1", "the server stays");
  assert.deepEqual(placeOf(shared.search), { kind: "table", roomId: "r1", code: "K7" });
});

test("a replay's rounds start at the first step whose table is in that round", () => {
  const step = (round: number) =>
    create(ReplayStepSchema, { view: create(ViewSchema, { game: { case: "tomahawk", value: create(TomahawkViewSchema, { round }) } }) });
  const steps = [1, 1, 1, 2, 2, 3].map(step);
  assert.deepEqual([...roundStarts(steps, gameUi("tomahawk"))], [[1, 1], [2, 4], [3, 6]]);
  assert.equal(roundStarts(steps, gameUi("tamashii")).size, 0, "no rounds for a game played in one go");
  assert.equal(roundStarts([create(ReplayStepSchema, {})], gameUi("tomahawk")).size, 0, "a step without a view");
});
