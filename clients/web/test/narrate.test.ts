/**
 * The page's words, in every language it loads: each event kind as the Python server puts it
 * on the wire (the fixtures tools/event_fixtures.py writes, one per kind) gives a sentence of
 * its own without a hole in it; every action has a label; and the page's catalogues are the
 * shared .ftl files, with every message the page asks for in each language. Bundled by
 * build.mjs into build/test/narrate.test.mjs and run by tools/web.py.
 */

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  type Action,
  AwimbaweEventSchema,
  BotLevel,
  create,
  EventSchema,
  fromBinary,
  RoomEventSchema,
  TamashiiEventSchema,
  SeatKind,
  SeatSchema,
  TomahawkActionSchema,
  TomahawkCardKind,
  TomahawkColour,
  TomahawkEventSchema,
  TomahawkPhase,
  type TomahawkView,
  TomyBreed,
  TomyEventSchema,
} from "../../ts/src/index.js";
import { repoRoot } from "../../ts/test/cluster.js";
import { actionLabel } from "../src/games/tomahawk/actions.js";
import {
  format,
  hasMessage,
  type Language,
  LANGUAGES,
  messageIds,
  pickLanguage,
  problems,
  setLanguage,
  SOURCES,
  t,
  used,
} from "../src/i18n.js";
import { type Names, narrate } from "../src/narrate.js";
import { cardName, colourCss, kindName, phaseHint, phaseWord, TOMAHAWK_TABLE_IDS } from "../src/games/tomahawk/words.js";
import { botKind, seatName, TABLE_IDS } from "../src/words.js";

interface Fixtures {
  games: { [game: string]: { events: { [kind: string]: string } } };
  room: { [kind: string]: string };
}

const fixtures = JSON.parse(
  readFileSync(join(repoRoot(), "clients", "ts", "test", "fixtures", "events.json"), "utf-8"),
) as Fixtures;
const LOCALES = join(repoRoot(), "i18n", "locales");

const NAMES: Names = {
  seat: (seat) => (seat === 0 ? t("web-me", { name: "Ana" }) : t("seat_n", { n: seat + 1 })),
  player: (playerId) => (playerId ? "Nadia" : "?"),
  me: 0,
};

/** Runs `body` in each language, checking that no message was missing or malformed. */
function inEachLanguage(body: (lang: Language) => void): void {
  for (const lang of LANGUAGES) {
    setLanguage(lang);
    problems.length = 0;
    body(lang);
    assert.deepEqual(problems, [], `${lang}: every message found and formatted`);
  }
  setLanguage("en");
}

/** A sentence that says something: no raw message id, placeholder, fallback or missing value. */
function assertSentence(where: string, sentence: string): void {
  assert.ok(sentence.length > 8, `${where}: "${sentence}"`);
  assert.doesNotMatch(sentence, /undefined|NaN|\[object|[{}]|^\(|\?|\b(?:tt|web|ev)-[a-z_]/, `${where}: "${sentence}"`);
}

function tellAll(kinds: { [kind: string]: string }, lang: Language): Set<string> {
  const sentences = new Set<string>();
  for (const [kind, b64] of Object.entries(kinds)) {
    const sentence = narrate(fromBinary(EventSchema, Buffer.from(b64, "base64")), NAMES);
    assertSentence(`${lang} ${kind}`, sentence);
    if (process.env.CERCLE_SHOW_NARRATION) console.log(`${lang} ${kind}: ${sentence}`);
    sentences.add(sentence);
  }
  return sentences;
}

test("every Tomahawk event kind is told in words, in every language", () => {
  const tomahawk = fixtures.games.tomahawk!.events;
  const kinds = TomahawkEventSchema.oneofs[0]!.fields.map((f) => f.name);
  assert.deepEqual(Object.keys(tomahawk).sort(), [...kinds].sort(), "a fixture for every kind");
  const told: Record<string, Set<string>> = {};
  inEachLanguage((lang) => {
    told[lang] = tellAll(tomahawk, lang);
    assert.equal(told[lang].size, kinds.length, `${lang}: each kind its own sentence`);
  });
  const [en, fr] = [[...told.en!], [...told.fr!]];
  assert.equal(en.filter((s) => fr.includes(s)).length, 0, "the French sentences are not the English ones");
});

for (const game of ["tamashii", "tomy", "awimbawe"] as const) {
  test(`every ${game} event kind is told in words, in every language`, () => {
    const events = fixtures.games[game]!.events;
    const schema = { tamashii: TamashiiEventSchema, tomy: TomyEventSchema, awimbawe: AwimbaweEventSchema }[game];
    const kinds = schema.oneofs[0]!.fields.map((f) => f.name);
    // The fixtures hold every kind seeded matches produce (a few rare ones may be missing).
    for (const kind of Object.keys(events)) assert.ok(kinds.includes(kind), `${kind} is a ${game} event kind`);
    assert.ok(Object.keys(events).length >= kinds.length - 3, "fixtures for nearly every kind");
    const told: Record<string, Set<string>> = {};
    inEachLanguage((lang) => {
      told[lang] = tellAll(events, lang);
      assert.ok(told[lang].size >= Object.keys(events).length - 1, `${lang}: (nearly) each kind its own sentence`);
    });
    const [en, fr] = [[...told.en!], [...told.fr!]];
    assert.ok(en.filter((s) => fr.includes(s)).length <= 1, "the French sentences are not the English ones");
  });
}

test("a Tomy story the server told (a template reference) is told in the reader's language", () => {
  // A bot's story in a French room, read on an English page and on a French one: the event
  // carries no text, only the template's number, the breed and the place.
  const event = create(EventSchema, {
    event: {
      case: "tomy",
      value: {
        event: {
          case: "storyProposed",
          value: { seat: 1, column: 2, location: 5, story: { case: "template", value: { number: 3, breed: TomyBreed.HUSKY, location: 5 } } },
        },
      },
    },
  });
  const places: Record<string, string> = { en: "a gondola in Venice", fr: "une gondole à Venise" };
  const told: Record<string, string> = {};
  inEachLanguage((lang) => {
    const names: Names = { ...NAMES, place: () => places[lang]! };
    const sentence = narrate(event, names);
    assertSentence(`${lang} template story`, sentence);
    const where = places[lang]!;
    const Place = where.charAt(0).toUpperCase() + where.slice(1);
    const story = format(lang, "my-story-3", { breed: format(lang, "my-breed-husky"), place: where, Place });
    assert.ok(sentence.includes(story) && story.includes(t("my-breed-husky")), sentence);
    told[lang] = sentence;
  });
  assert.notEqual(told.en, told.fr, "each reader reads it in their own language");
  // The bank: the same template numbers in every language.
  const bank = (lang: Language): string[] => messageIds(lang).filter((id) => /^my-story-\d+$/.test(id)).sort();
  assert.ok(bank("en").length >= 12);
  assert.deepEqual(bank("fr"), bank("en"));
});

test("every room event is told in words, in every language", () => {
  const kinds = RoomEventSchema.oneofs[0]!.fields.map((f) => f.name);
  assert.deepEqual(Object.keys(fixtures.room).sort(), [...kinds].sort());
  inEachLanguage((lang) => {
    assert.equal(tellAll(fixtures.room, lang).size, kinds.length, `${lang}: each room event its own sentence`);
  });
});

/** Every kind of Tomahawk action, its fields at their defaults (a card the hand has). */
function everyAction(): Action[] {
  return TomahawkActionSchema.oneofs[0]!.fields.map((field) => {
    assert.equal(field.fieldKind, "message");
    if (field.fieldKind !== "message") throw new Error("an action that is not a message");
    const init = field.localName === "playCard" ? { card: 7, tomahawk: true } : {};
    const action = create(TomahawkActionSchema, {
      action: { case: field.localName, value: create(field.message, init) } as never,
    });
    return { game: { case: "tomahawk", value: action } } as unknown as Action;
  });
}

test("every action has a label of its own, in every language", () => {
  const hand = [{ id: 7, kind: TomahawkCardKind.FEATHER, colour: TomahawkColour.WHITE }] as never;
  const actions = everyAction();
  assert.equal(actions.length, TomahawkActionSchema.oneofs[0]!.fields.length);
  inEachLanguage((lang) => {
    const labels = new Set(actions.map((a) => actionLabel(a, { hand, pendingDraw: 4, who: (s) => `Seat ${s + 1}` })));
    for (const label of labels) assertSentence(`${lang} action`, label);
    assert.equal(labels.size, actions.length, `${lang}: each action its own label`);
    const play = actionLabel(actions[0]!, { hand, pendingDraw: 4, who: String });
    assert.match(play, lang === "fr" ? /Plume blanche/ : /white Feather/, "the colour agrees with the card");
  });
});

test("the vocabularies come from the generated enums, one word each, in every language", () => {
  const kinds = TomahawkEventSchema.file.enums.find((e) => e.name === "TomahawkCardKind")!.values;
  inEachLanguage((lang) => {
    const names = new Set(kinds.filter((k) => k.number !== 0).map((k) => kindName(k.number)));
    assert.equal(names.size, kinds.length - 1, `${lang}: a name per kind`);
    for (const phase of Object.values(TomahawkPhase).filter((p) => typeof p === "number")) {
      phaseWord(phase);
      phaseHint({ phase, pendingDraw: 5 } as TomahawkView);
    }
  });
  setLanguage("en");
  assert.equal(kindName(TomahawkCardKind.SHERIFF_2), "Sheriff +2");
  assert.equal(cardName({ kind: TomahawkCardKind.BISON, colour: TomahawkColour.VIOLET }), "violet Bison");
  assert.equal(cardName({ kind: TomahawkCardKind.WHEEL }), "Wheel of Time");
  assert.equal(cardName({ kind: TomahawkCardKind.DIAMOND, colour: TomahawkColour.RED }), "Diamond");
  assert.equal(colourCss(undefined), "colourless");
  assert.equal(colourCss(TomahawkColour.WHITE), "white");
  assert.equal(phaseWord(TomahawkPhase.FACE_SKIP), "facing a Skip");
  const facing = { phase: TomahawkPhase.FACE_SHERIFF, pendingDraw: 5 } as TomahawkView;
  assert.match(phaseHint(facing), /take 5 cards/);
  setLanguage("fr");
  assert.equal(cardName({ kind: TomahawkCardKind.FEATHER, colour: TomahawkColour.BLUE }), "Plume bleue");
  assert.equal(cardName({ kind: TomahawkCardKind.BISON, colour: TomahawkColour.BLUE }), "Bison bleu");
  assert.match(phaseHint(facing), /pioche 5 cartes/);
  setLanguage("en");
  assert.equal(format("fr", "web-wait_players", { free: 1 }), "Il manque 1 joueur : partage le code d'accès.");
  assert.equal(format("en", "web-wait_players", { free: 3 }), "Waiting for 3 more players: share the join code.");
  assert.equal(format("en", "seat_n", { n: 12345 }), "seat 12345", "numbers are not grouped");
});

test("a bot is named from its number and the game's names in the reader's language, a person by their name", () => {
  // The server sends a bot no display name (it words nothing): the page names it from the
  // game's list (games.ftl), else "Bot 2".
  const bot = create(SeatSchema, { index: 3, playerId: "bot-3-x", kind: SeatKind.BOT, botNumber: 2 });
  const person = create(SeatSchema, { index: 0, playerId: "p-1", kind: SeatKind.HUMAN, displayName: "Ana" });
  const free = create(SeatSchema, { index: 1, kind: SeatKind.EMPTY });
  setLanguage("en");
  assert.equal(seatName(bot, 3), "Bot 2");
  assert.equal(seatName(person, 0), "Ana");
  assert.equal(seatName(free, 1), "seat 2");
  assert.equal(seatName(bot, 3, "tomahawk"), "Beaver");
  assert.equal(seatName(bot, 3, "no_such_game"), "Bot 2");
  assert.equal(botKind(BotLevel.STRONG), "strong bot");
  setLanguage("fr");
  assert.equal(seatName(bot, 3), "Robot 2");
  assert.equal(seatName(bot, 3, "tomahawk"), "Castor");
  assert.equal(seatName(bot, 3, "awimbawe"), "Zèbre");
  assert.equal(botKind(BotLevel.STRONG), "robot fort");
  assert.equal(botKind(undefined), "robot");
  setLanguage("en");
});

test("the language comes from ?lang= or the browser's, by BCP 47 negotiation", () => {
  assert.equal(pickLanguage(null, ["fr-CA", "en"]), "fr");
  assert.equal(pickLanguage(null, ["de-DE", "en-GB"]), "en");
  assert.equal(pickLanguage(null, ["de-DE"]), "en");
  assert.equal(pickLanguage("fr", ["en-US"]), "fr");
  assert.equal(pickLanguage("EN", ["fr-FR"]), "en");
  assert.equal(pickLanguage("xx", ["fr-BE"]), "fr");
});

/** The message ids of a .ftl file on disk (terms, `-name`, left out). */
function idsOnDisk(path: string): string[] {
  return [...readFileSync(path, "utf-8").matchAll(/^([a-zA-Z][\w-]*) *=/gm)].map((m) => m[1]!);
}

test("the page's bundles hold the shared .ftl files, the same ids in every language", () => {
  for (const lang of LANGUAGES) {
    const files = Object.keys(SOURCES[lang]).sort();
    assert.ok(files.every((f) => readdirSync(join(LOCALES, lang)).includes(f)), `${lang}: ${files}`);
    for (const file of files) {
      assert.equal(SOURCES[lang][file], readFileSync(join(LOCALES, lang, file), "utf-8"), `${lang}/${file} is bundled`);
    }
    const onDisk = files.flatMap((f) => idsOnDisk(join(LOCALES, lang, f))).sort();
    assert.deepEqual(messageIds(lang).sort(), onDisk, `${lang}: the bundle has the files' messages`);
    assert.equal(new Set(onDisk).size, onDisk.length, `${lang}: no id in two files`);
  }
  assert.deepEqual(messageIds("fr").sort(), messageIds("en").sort());
});

test("every message id the page names or asks for exists in every language", () => {
  const src = join(repoRoot(), "clients", "web", "src");
  const named = new Set<string>([...TABLE_IDS, ...TOMAHAWK_TABLE_IDS]);
  const files = readdirSync(src, { recursive: true, encoding: "utf-8" }).filter((f) => f.endsWith(".ts"));
  for (const file of files) {
    const code = readFileSync(join(src, file), "utf-8");
    for (const m of code.matchAll(/\b(?:t|tr)\(\s*"([^"]+)"/g)) named.add(m[1]!);
    for (const m of code.matchAll(/"((?:tt|tm|my|aw|web|ev|status|bot_level|outcome_reason)-[\w-]+)"/g)) named.add(m[1]!);
  }
  const html = readFileSync(join(repoRoot(), "clients", "web", "index.html"), "utf-8");
  for (const m of html.matchAll(/data-l10n-(?:id|aria)="([^"]+)"/g)) named.add(m[1]!);
  assert.ok(named.size > 100, `found the page's ids (${named.size})`);
  // `used`: every id formatted by the tests above (narration, labels, vocabularies)
  for (const id of [...named, ...used]) {
    for (const lang of LANGUAGES) assert.ok(hasMessage(lang, id), `${lang} has no message ${id}`);
  }
});
