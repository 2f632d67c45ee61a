/**
 * The page's narration tells every Tomahawk event and every room event in words: each event
 * kind as the Python server puts it on the wire (the fixtures tools/event_fixtures.py writes,
 * one per kind) gives a sentence without a hole in it. Bundled by build.mjs into
 * build/test/narrate.test.mjs and run by tools/test_web.py.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  EventSchema,
  fromBinary,
  RoomEventSchema,
  TomahawkCardKind,
  TomahawkColour,
  TomahawkEventSchema,
  TomahawkPhase,
  type TomahawkView,
} from "../../ts/src/index.js";
import { repoRoot } from "../../ts/test/cluster.js";
import { type Names, narrate } from "../src/narrate.js";
import { cardName, colourCss, kindName, phaseHint, phaseWord } from "../src/words.js";

interface Fixtures {
  games: { [game: string]: { events: { [kind: string]: string } } };
  room: { [kind: string]: string };
}

const fixtures = JSON.parse(
  readFileSync(join(repoRoot(), "clients", "ts", "test", "fixtures", "events.json"), "utf-8"),
) as Fixtures;

const NAMES: Names = {
  seat: (seat) => (seat === 0 ? "You" : `Seat ${seat + 1}`),
  player: (playerId) => `Player ${playerId}`,
};

/** A sentence that says something: no placeholder, no fallback, no missing value. */
function assertSentence(kind: string, sentence: string): void {
  assert.ok(sentence.length > 8, `${kind}: "${sentence}"`);
  assert.doesNotMatch(sentence, /undefined|NaN|\[object|^\(|\?/, `${kind}: "${sentence}"`);
  assert.match(sentence, /[.!]$/, `${kind}: "${sentence}"`);
}

test("every Tomahawk event kind is told in words", () => {
  const tomahawk = fixtures.games.tomahawk!.events;
  const kinds = TomahawkEventSchema.oneofs[0]!.fields.map((f) => f.name);
  assert.deepEqual(Object.keys(tomahawk).sort(), [...kinds].sort(), "a fixture for every kind");
  const sentences = new Set<string>();
  for (const [kind, b64] of Object.entries(tomahawk)) {
    const sentence = narrate(fromBinary(EventSchema, Buffer.from(b64, "base64")), NAMES);
    assertSentence(kind, sentence);
    if (process.env.CERCLE_SHOW_NARRATION) console.log(`${kind}: ${sentence}`);
    sentences.add(sentence);
  }
  assert.equal(sentences.size, kinds.length, "each kind its own sentence");
});

test("every room event is told in words", () => {
  const kinds = RoomEventSchema.oneofs[0]!.fields.map((f) => f.name);
  assert.deepEqual(Object.keys(fixtures.room).sort(), [...kinds].sort());
  for (const [kind, b64] of Object.entries(fixtures.room)) {
    assertSentence(kind, narrate(fromBinary(EventSchema, Buffer.from(b64, "base64")), NAMES));
  }
});

test("the vocabularies come from the generated enums, one word each", () => {
  for (const { number } of TomahawkEventSchema.file.enums.find((e) => e.name === "TomahawkCardKind")!.values) {
    if (number !== TomahawkCardKind.UNSPECIFIED) assert.doesNotMatch(kindName(number), /^kind |\?/);
  }
  assert.equal(kindName(TomahawkCardKind.SHERIFF_2), "Sheriff +2");
  assert.equal(cardName({ kind: TomahawkCardKind.BISON, colour: TomahawkColour.VIOLET }), "violet Bison");
  assert.equal(cardName({ kind: TomahawkCardKind.WHEEL }), "Wheel of Time");
  assert.equal(colourCss(undefined), "colourless");
  assert.equal(colourCss(TomahawkColour.WHITE), "white");
  assert.equal(phaseWord(TomahawkPhase.FACE_SKIP), "facing a Skip");
  const facing = { phase: TomahawkPhase.FACE_SHERIFF, pendingDraw: 5 } as TomahawkView;
  assert.match(phaseHint(facing), /take 5 cards/);
});
