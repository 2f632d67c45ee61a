/**
 * Every event kind of every game, as the Python server puts it on the wire, decodes with the
 * generated TypeScript: one serialized `cercle.v1.Event` per kind, written by
 * tools/event_fixtures.py from seeded matches of the Python engine (tools/web.py runs it
 * before these tests; `npm test` too). Each is decoded with `fromBinary(EventSchema, ...)`,
 * its oneof cases must name the kind it was written for, nothing in it may be unknown to the
 * stubs, and the fixtures must cover every case of every `<Game>Event` oneof and of
 * `RoomEvent` in the generated schema — except the event classes an engine declares dormant.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { type DescField, type DescMessage, fromBinary } from "@bufbuild/protobuf";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";

import { type Event, EventSchema, RoomEventSchema, TomahawkEventSchema } from "../src/index.js";
import { repoRoot } from "./cluster.js";

const FIXTURES = join(repoRoot(), "clients", "ts", "test", "fixtures", "events.json");

/**
 * Event classes no match can produce, so no fixture holds them (`Game.dormant_events`): the
 * engine emits them only when one of the game's rules `[decision]` constants is switched the
 * other way; the game's own Python tests produce them with the switch flipped.
 */
const DORMANT: { readonly [game: string]: { readonly [kind: string]: string } } = {
  tomy: {
    sat_out:
      "MT-TIME-1: a voter whose clock ran out sits the vote out, only with " +
      "tomy_data.VOTE_TIMEOUT_PLAYS_RANDOM_CARD off (on: a random card is voted for them)",
    no_card_to_draw:
      "MT-REVEAL-2: a voter must draw but no dog card is left, only with " +
      "tomy_data.RESHUFFLE_DISCARDS_WHEN_DECK_EMPTY off (on: the discards are reshuffled)",
  },
};

interface GameFixtures {
  events: { [kind: string]: string };
  dormant: string[];
}

interface Fixtures {
  games: { [game: string]: GameFixtures };
  room: { [kind: string]: string };
}

function loadFixtures(): Fixtures {
  let text: string;
  try {
    text = readFileSync(FIXTURES, "utf-8");
  } catch {
    throw new Error(`${FIXTURES} is missing: run \`.venv/bin/python tools/event_fixtures.py\``);
  }
  return JSON.parse(text) as Fixtures;
}

/** The `oneof event` of an event message: `RoomEvent` or a `<Game>Event`. */
function eventOneof(schema: DescMessage): readonly DescField[] {
  const oneof = schema.oneofs.find((o) => o.name === "event");
  assert.ok(oneof, `${schema.typeName} has a oneof event`);
  return oneof.fields;
}

/** The game fields of `Event.event` (every case but `room`), each with its event schema. */
function gameFields(): DescField[] {
  return eventOneof(EventSchema).filter((field) => field.name !== "room");
}

/** Anything in a decoded message that the generated code does not know: unknown fields, or
 * enum numbers that are no value of their enum. Empty when the stubs are up to date. */
function strangers(message: ReflectMessage, path: string): string[] {
  const found: string[] = [];
  if (message.getUnknown()?.length) found.push(`${path}: unknown fields`);
  const knownEnum = (field: DescField, value: unknown): void => {
    if (field.enum && !field.enum.values.some((v) => v.number === value)) {
      found.push(`${path}.${field.name}: ${String(value)} is no ${field.enum.typeName}`);
    }
  };
  for (const field of message.fields) {
    if (!message.isSet(field)) continue;
    switch (field.fieldKind) {
      case "message":
        found.push(...strangers(message.get(field), `${path}.${field.name}`));
        break;
      case "enum":
        knownEnum(field, message.get(field));
        break;
      case "list":
        for (const item of message.get(field)) {
          if (field.listKind === "message") found.push(...strangers(item as ReflectMessage, `${path}.${field.name}[]`));
          else if (field.listKind === "enum") knownEnum(field, item);
        }
        break;
      case "map":
      case "scalar":
        break;
    }
  }
  return found;
}

/** Decodes one fixture and checks its two oneof cases; returns the message. */
function decodeAs(b64: string, outer: DescField, kind: string): Event {
  const event = fromBinary(EventSchema, Buffer.from(b64, "base64"));
  assert.equal(event.event.case, outer.localName, `${kind}: Event.event is ${outer.name}`);
  if (event.event.case === undefined) throw new Error(`${kind}: an empty Event`);
  const inner = event.event.value.event;
  assert.ok(outer.message, `${outer.name} is a message field`);
  const field = eventOneof(outer.message).find((f) => f.localName === inner.case);
  assert.ok(field, `${outer.name}.${kind}: the case ${String(inner.case)} is in the schema`);
  assert.equal(field.name, kind, `${outer.name}: the case decoded is the kind written`);
  assert.equal(inner.value?.$typeName, field.message?.typeName);
  assert.deepEqual(strangers(reflect(EventSchema, event), "Event"), [], `${outer.name}.${kind}`);
  return event;
}

const fixtures = loadFixtures();

test("every event kind of every game decodes with the generated types", () => {
  const games = gameFields();
  assert.deepEqual(
    Object.keys(fixtures.games).sort(),
    games.map((f) => f.name).sort(),
    "one fixture set per game case of Event.event",
  );
  let decoded = 0;
  for (const outer of games) {
    for (const [kind, b64] of Object.entries(fixtures.games[outer.name]!.events)) {
      decodeAs(b64, outer, kind);
      decoded++;
    }
  }
  assert.ok(decoded > 60, `${decoded} events decoded`);
});

test("the fixtures cover every case of every game's event oneof, but the dormant ones", () => {
  for (const outer of gameFields()) {
    assert.ok(outer.message);
    const cases = eventOneof(outer.message).map((f) => f.name);
    const dormant = Object.keys(DORMANT[outer.name] ?? {});
    const entry = fixtures.games[outer.name]!;
    assert.deepEqual([...entry.dormant].sort(), [...dormant].sort(), `${outer.name}: the engine's dormant_events`);
    for (const kind of dormant) assert.ok(cases.includes(kind), `${outer.name}.${kind} is in the schema`);
    const expected = cases.filter((kind) => !dormant.includes(kind));
    assert.deepEqual(Object.keys(entry.events).sort(), expected.sort(), `${outer.name}: every reachable case`);
  }
  // The schema is enumerated, not a list kept by hand: Tomahawk has its 23 kinds (the 23rd,
  // ready_for_next_round, the rest after a round: TT-PAUSE-1).
  assert.equal(eventOneof(TomahawkEventSchema).length, 23);
});

test("every room event decodes, and the room fixtures cover RoomEvent's oneof", () => {
  const room = eventOneof(EventSchema).find((f) => f.name === "room")!;
  assert.equal(room.message?.typeName, RoomEventSchema.typeName);
  assert.deepEqual(Object.keys(fixtures.room).sort(), eventOneof(RoomEventSchema).map((f) => f.name).sort());
  for (const [kind, b64] of Object.entries(fixtures.room)) {
    const event = decodeAs(b64, room, kind);
    assert.equal(event.private, false, "room events are public");
  }
});

test("secret events arrive marked private, their public twins not", () => {
  const tomahawk = fixtures.games.tomahawk!.events;
  const privacy = (kind: string): boolean => fromBinary(EventSchema, Buffer.from(tomahawk[kind]!, "base64")).private;
  for (const kind of ["hand_dealt", "hand_received", "drew_cards"]) assert.equal(privacy(kind), true, kind);
  for (const kind of ["drew", "card_played", "round_started"]) assert.equal(privacy(kind), false, kind);
});
