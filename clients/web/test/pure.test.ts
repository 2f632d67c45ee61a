// The page's pure parts that need no browser: the SHA-256 of the replay's commitment check,
// the turn clock's server offset, refusals in words, the Tomy story box's rules, and whom the
// table's "Invite a player" offers.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import {
  ActionSchema,
  ApiError,
  Code,
  create,
  DeadlineSchema,
  ErrorInfoSchema,
  LocalizedMessageSchema,
  TomyPhase,
  TomyViewSchema,
  MatchRecordSchema,
  RoomSchema,
  RoomStatus,
  SeatKind,
} from "../../ts/src/index.js";
import { observeServerTime, remainingMs, resetClock, serverNow } from "../src/clock.js";
import { setLanguage } from "../src/i18n.js";
import { mayPass, tomy, typedStory } from "../src/games/tomy.js";
import type { TableContext } from "../src/games/types.js";
import { refusal } from "../src/refusal.js";
import { mayInvite, recentPlayers } from "../src/invite.js";
import { sha256Hex } from "../src/sha256.js";
import { checkDeal, deriveSeed, drawnContribution, secretCommitment } from "../src/deal.js";
import { DealContributionSource, ReplayMatchSchema } from "../../ts/src/index.js";

test("sha256Hex is SHA-256 (the commitment check computes what the server published)", () => {
  assert.equal(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  for (const text of ["12345:0f3a", "x".repeat(55), "y".repeat(56), "z".repeat(200), "graine é ✓"]) {
    assert.equal(sha256Hex(text), createHash("sha256").update(text, "utf-8").digest("hex"), text);
  }
});

test("the deal check recomputes the seed the server derived, and fails when one part is altered", () => {
  // The vector of services/rooms/fair_deal.py's doctest (the server's own derivation).
  const secret = new Uint8Array(32);
  const mine = new TextEncoder().encode("a".repeat(16));
  assert.equal(secretCommitment(secret).slice(0, 16), "e0ac96b60125ab07");
  assert.equal(deriveSeed(secret, [mine, drawnContribution(secret, 1)]), 4123954701432499019n);
  const match = () =>
    create(ReplayMatchSchema, {
      players: 2,
      seed: 4123954701432499019n,
      deal: {
        serverSecret: secret,
        serverCommitment: secretCommitment(secret),
        contributions: [
          { seat: 0, contribution: mine, source: DealContributionSource.PLAYER },
          { seat: 1, contribution: drawnContribution(secret, 1), source: DealContributionSource.SERVER },
        ],
      },
    });
  assert.deepEqual(checkDeal(match()), { derived: true, ok: true, problems: [], players: [0] });
  const alterations: ((m: ReturnType<typeof match>) => void)[] = [
    (m) => (m.deal!.serverSecret = new Uint8Array(32).fill(1)),
    (m) => (m.deal!.serverCommitment = "0".repeat(64)),
    (m) => (m.deal!.contributions[0]!.contribution = new TextEncoder().encode("b".repeat(16))),
    (m) => (m.deal!.contributions[1]!.contribution = new Uint8Array(32)),
    (m) => m.deal!.contributions.pop(),
    (m) => (m.seed ^= 1n),
  ];
  for (const alter of alterations) {
    const m = match();
    alter(m);
    assert.equal(checkDeal(m).ok, false, alter.toString());
  }
  assert.equal(checkDeal(create(ReplayMatchSchema, { seed: 1n })).derived, false, "an older match");
});

function deadline(expireMs: number, lengthMs: number) {
  return create(DeadlineSchema, {
    seat: 0,
    expireTime: { seconds: BigInt(Math.floor(expireMs / 1000)), nanos: (expireMs % 1000) * 1e6 },
    length: { seconds: BigInt(Math.floor(lengthMs / 1000)) },
  });
}

function timestamp(ms: number) {
  return { seconds: BigInt(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 } as Parameters<typeof observeServerTime>[0];
}

test("the clock counts down in the server's time, as the updates tell it", () => {
  resetClock();
  const local = Date.now();
  // The server is 5 s ahead: a deadline it set 30 s from its "now" expires at local+35 s.
  observeServerTime(timestamp(local + 5_000), local);
  assert.ok(Math.abs(serverNow() - (Date.now() + 5_000)) < 50, "5 s ahead");
  const left = remainingMs(deadline(local + 35_000, 30_000));
  assert.ok(left > 29_000 && left <= 30_000, `about 30 s left (${left})`);
  // The page's clock was set right meanwhile: the next update says so, the latest wins.
  observeServerTime(timestamp(local), local);
  assert.ok(Math.abs(serverNow() - Date.now()) < 50, "in step again");
  observeServerTime(undefined, local);
  assert.ok(Math.abs(serverNow() - Date.now()) < 50, "an update without a time changes nothing");
  resetClock();
});

test("a refusal is said in plain words, in the page's language, never as a code", () => {
  const notYourTurn = new ApiError(Code.FailedPrecondition, "NOT_YOUR_TURN", "it is not your turn (NOT_YOUR_TURN)");
  setLanguage("fr");
  assert.equal(refusal(notYourTurn), "Ce n'est pas ton tour.");
  setLanguage("en");
  assert.equal(refusal(notYourTurn), "It is not your turn.");
  const unknown = new ApiError(Code.FailedPrecondition, "SOMETHING_NEW", "you cannot do that now (SOMETHING_NEW)");
  assert.equal(refusal(unknown), "you cannot do that now", "the server's words, without the code");
  // A reason the page does not word: the server's text for players, if in the page's language.
  const localizedMessage = create(LocalizedMessageSchema, { locale: "fr", message: "Les règles ne le permettent pas maintenant." });
  const voted = new ApiError(Code.FailedPrecondition, "ALREADY_VOTED", "you have already voted this turn", "", [], [], undefined, undefined, localizedMessage);
  assert.equal(refusal(voted), "you have already voted this turn", "an English page: not the French text");
  setLanguage("fr");
  assert.equal(refusal(voted), "Les règles ne le permettent pas maintenant.");
  setLanguage("en");
  assert.doesNotMatch(refusal(new TypeError("Failed to fetch")), /[A-Z]{3,}_/);
});

test("a refused card says why, from the refusal's metadata, in the page's language", () => {
  const refused = (why: string): ApiError =>
    new ApiError(Code.FailedPrecondition, "CARD_NOT_AVAILABLE", "you cannot play the Eagle 10: …", "", [], [], undefined, create(ErrorInfoSchema, {
      reason: "CARD_NOT_AVAILABLE",
      domain: "cercle.games",
      metadata: { card: "27", why },
    }));
  setLanguage("en");
  assert.equal(refusal(refused("covered")), "That card lies under another card of your pile.");
  assert.equal(refusal(refused("not_yours")), "That card is neither in your hand nor face up on top of one of your piles.");
  setLanguage("fr");
  assert.equal(refusal(refused("on_the_table")), "Cette carte est déjà sur la table.");
  setLanguage("en");
});

test("the invitation refusals are said in words, in both languages", () => {
  const notFound = new ApiError(Code.NotFound, "PLAYER_NOT_FOUND", "there is no player with that id (PLAYER_NOT_FOUND)");
  const tooMany = new ApiError(Code.ResourceExhausted, "TOO_MANY_INVITATIONS", "you may send 30 invitations an hour");
  setLanguage("en");
  assert.match(refusal(notFound), /^No player has this id/);
  assert.match(refusal(tooMany), /too many invitations this hour/);
  setLanguage("fr");
  assert.match(refusal(notFound), /^Aucun joueur n'a cet identifiant/);
  assert.match(refusal(tooMany), /^Tu as envoyé trop d'invitations/);
  setLanguage("en");
});

test("'Invite a player' offers the people of the reader's finished matches, newest first, once each", () => {
  const human = (playerId: string, displayName: string) => ({ playerId, displayName, kind: SeatKind.HUMAN });
  const bot = { playerId: "bot-1", kind: SeatKind.BOT, botNumber: 1 };
  const free = { kind: SeatKind.EMPTY };
  const matches = [
    create(MatchRecordSchema, { roomId: "r3", seats: [human("p-me", "Ana"), human("p-dee", "Dee"), bot] }),
    create(MatchRecordSchema, { roomId: "r2", seats: [human("p-cid", "Cid"), human("p-me", "Ana"), free] }),
    create(MatchRecordSchema, { roomId: "r1", seats: [human("p-dee", "Dee (old name)"), human("p-eve", "Eve"), human("p-me", "Ana")] }),
  ];
  const names = (list: { name: string }[]) => list.map((p) => p.name);
  assert.deepEqual(names(recentPlayers(matches, "p-me")), ["Dee", "Cid", "Eve"], "never the reader, a bot or a free seat");
  assert.deepEqual(names(recentPlayers(matches, "p-me", new Set(["p-cid"]))), ["Dee", "Eve"], "not those already at the table");
  assert.deepEqual(names(recentPlayers(matches, "p-me", new Set(), 1)), ["Dee"]);
  assert.deepEqual(recentPlayers([], "p-me"), []);

  const room = (status: RoomStatus, seated: number) =>
    create(RoomSchema, { status, seats: [human("p-me", "Ana"), seated > 1 ? human("p-dee", "Dee") : free] });
  assert.equal(mayInvite(room(RoomStatus.OPEN, 1), 0), true, "seated at an open table with a free seat");
  assert.equal(mayInvite(room(RoomStatus.OPEN, 1), -1), false, "a spectator invites nobody");
  assert.equal(mayInvite(room(RoomStatus.OPEN, 2), 0), false, "a full table");
  assert.equal(mayInvite(room(RoomStatus.PLAYING, 1), 0), false, "the match has started");
  assert.equal(mayInvite(undefined, 0), false);
});

const tomyAction = (action: { case: "pass"; value: object } | { case: "propose"; value: { column: number; story: { case: "template"; value: { number: number } } } }) =>
  create(ActionSchema, { game: { case: "tomy", value: { action } } });

test("issue 30: a Tomy story of only spaces sends nothing (never the suggestion in its place)", () => {
  assert.equal(typedStory(2, ""), undefined);
  assert.equal(typedStory(2, "   \n\t "), undefined, "spaces are not a story");
  const sent = typedStory(2, "  Tomy dort sous le banc.  ");
  const propose = sent?.game.case === "tomy" ? sent.game.value.action : undefined;
  assert.equal(propose?.case, "propose");
  assert.equal(propose?.case === "propose" && propose.value.column, 2);
  assert.deepEqual(propose?.case === "propose" && propose.value.story, { case: "text", value: "Tomy dort sous le banc." });
});

test("issue 30: the story hint offers a pass only when the pushed choices hold one (MT-STORY-2)", () => {
  const view = create(TomyViewSchema, { phase: TomyPhase.STORY });
  const suggestion = tomyAction({ case: "propose", value: { column: 0, story: { case: "template", value: { number: 1 } } } });
  const pass = tomyAction({ case: "pass", value: {} });
  const ctx = (legal: TableContext["legal"]) => ({ legal }) as TableContext;
  assert.equal(mayPass([suggestion]), false);
  assert.equal(mayPass([suggestion, pass]), true);
  setLanguage("en");
  assert.doesNotMatch(tomy.hint(view, ctx([suggestion])), /, or pass/, "the leash holder is not told to pass");
  assert.match(tomy.hint(view, ctx([suggestion])), /may not pass/);
  assert.match(tomy.hint(view, ctx([suggestion, pass])), /or pass/);
  setLanguage("fr");
  assert.match(tomy.hint(view, ctx([suggestion])), /ne peux pas passer/);
  setLanguage("en");
});
