/**
 * The client's own logic without a server: resume-from-seq and deduplication, idempotent
 * retries, the bearer interceptor, option typing, and the google.rpc details of an error.
 * Uses Connect's in-memory router transport with a scripted GameService.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError, createRouterTransport, type Interceptor } from "@connectrpc/connect";

import {
  ApiError,
  CercleClient,
  choicesOf,
  create,
  GetViewResponseSchema,
  apiError,
  GameService,
  LobbyService,
  newRequestId,
  plainOptions,
  roomOptions,
  TamashiiLevel,
  OutcomeReason,
  SubscribeResponseSchema,
  BotLevel,
  UpdateKind,
} from "../src/index.js";

/** A client over an in-memory server; `routes` registers the scripted services. */
function clientWith(routes: Parameters<typeof createRouterTransport>[0]): CercleClient {
  return new CercleClient((interceptors: Interceptor[]) =>
    createRouterTransport(routes, { transport: { interceptors } }),
  );
}

test("subscribe resumes after a drop from the last cursor and never yields a seq twice", async () => {
  const requested: string[] = [];
  let connections = 0;
  const client = clientWith((router) =>
    router.service(GameService, {
      async *subscribe(req) {
        requested.push(req.resumeCursor);
        connections++;
        // Each connection replays one update the client already has, then sends three new
        // ones and drops (the first three times), like a replica going away.
        const from = req.resumeCursor ? BigInt(req.resumeCursor.slice(1)) : 1n;
        for (let seq = from; seq < from + 4n && seq <= 10n; seq++) {
          yield create(SubscribeResponseSchema, { seq, version: seq, cursor: `c${seq}` });
        }
        if (connections <= 3) throw new ConnectError("replica stopping", Code.Unavailable);
        yield create(SubscribeResponseSchema, { seq: 11n, outcome: { reason: OutcomeReason.TARGET_SCORE } });
      },
    }),
  );
  const seen: bigint[] = [];
  let reconnects = 0;
  for await (const update of client.subscribe("room", {
    initialBackoffMs: 1,
    untilOutcome: true,
    onReconnect: () => reconnects++,
  })) {
    seen.push(update.seq);
  }
  assert.deepEqual(seen, [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n, 11n]);
  assert.deepEqual(requested, ["", "c4", "c7", "c10"]);
  assert.equal(reconnects, 3);
});

test("subscribe with presence yields presence updates without moving the resume cursor", async () => {
  const requests: { cursor: string; presence: boolean }[] = [];
  const client = clientWith((router) =>
    router.service(GameService, {
      async *subscribe(req) {
        requests.push({ cursor: req.resumeCursor, presence: req.presence });
        if (requests.length === 1) {
          yield create(SubscribeResponseSchema, { seq: 1n, cursor: "c1" });
          // Presence repeats the last seq and cursor; then the stream drops.
          yield create(SubscribeResponseSchema, { seq: 1n, cursor: "c1", kind: UpdateKind.PRESENCE, presence: { connectedSeats: [0, 1] } });
          throw new ConnectError("replica stopping", Code.Unavailable);
        }
        yield create(SubscribeResponseSchema, { seq: 2n, cursor: "c2", kind: UpdateKind.CHAT });
        yield create(SubscribeResponseSchema, { seq: 2n, cursor: "c2", kind: UpdateKind.PRESENCE, presence: { connectedSeats: [0] } });
        yield create(SubscribeResponseSchema, { seq: 3n, cursor: "c3", outcome: { reason: OutcomeReason.TARGET_SCORE } });
      },
    }),
  );
  const seen: string[] = [];
  for await (const u of client.subscribe("room", { resumeCursor: "c0", presence: true, initialBackoffMs: 1, untilOutcome: true })) {
    seen.push(u.kind === UpdateKind.PRESENCE ? `presence ${u.presence?.connectedSeats.join(",")}` : `seq ${u.seq}`);
  }
  assert.deepEqual(seen, ["seq 1", "presence 0,1", "seq 2", "presence 0", "seq 3"]);
  assert.deepEqual(requests, [
    { cursor: "c0", presence: true },
    { cursor: "c1", presence: true },
  ]);
});

test("follow keeps the pushed choices, acts with their version, and never asks ListLegalActions", async () => {
  const tomahawk = (kind: "draw" | "pass" | "takeSkip") => ({ game: { case: "tomahawk" as const, value: { action: { case: kind, value: {} } } } });
  const view = { game: { case: "tomahawk" as const, value: {} } };
  const acted: string[] = [];
  let legalCalls = 0;
  const client = clientWith((router) =>
    router.service(GameService, {
      getView() {
        return { room: { version: 4n }, view, choices: { actions: [tomahawk("takeSkip")] } };
      },
      listLegalActions() {
        legalCalls++;
        return {};
      },
      act(req) {
        acted.push(`${req.action?.game.value?.action.case} @${req.version}`);
        // Another seat's sealed vote was applied at 7, just before this action (8).
        return { version: req.version === 6n ? 8n : req.version + 1n, seq: 1n };
      },
      async *subscribe() {
        yield create(SubscribeResponseSchema, { seq: 1n, version: 3n, view, choices: { actions: [tomahawk("pass")] } }); // older than the view
        yield create(SubscribeResponseSchema, { seq: 2n, version: 4n, kind: UpdateKind.CHAT }); // no view: the view's stand
        yield create(SubscribeResponseSchema, { seq: 3n, version: 5n, view, choices: { actions: [tomahawk("draw")] } });
        yield create(SubscribeResponseSchema, { seq: 4n, version: 6n, view, choices: { actions: [tomahawk("pass")] } });
        yield create(SubscribeResponseSchema, { seq: 5n, version: 7n, view, choices: { actions: [tomahawk("draw")] } }); // before our action
        yield create(SubscribeResponseSchema, { seq: 6n, version: 8n, view, choices: {}, outcome: { reason: OutcomeReason.TARGET_SCORE } });
      },
    }),
  );
  const table = client.follow("room", { untilOutcome: true });
  const state = await client.view("room");
  assert.deepEqual(choicesOf(state), { actions: state.choices!.actions, calls: [], version: 4n });
  assert.equal(choicesOf(create(GetViewResponseSchema, {})), undefined, "no view, no choices");
  assert.ok(table.take(state));
  const offered: string[] = [];
  for await (const update of table) {
    const kinds = table.choices.actions.map((a) => a.game.value?.action.case).join(",");
    offered.push(`${update.seq}: ${kinds || "-"} @${table.choices.version}`);
    if (choicesOf(update) === undefined || table.choices.version !== update.version) continue;
    const action = table.choices.actions[0];
    if (action) await table.act(action);
  }
  assert.deepEqual(offered, ["1: takeSkip @4", "2: takeSkip @4", "3: draw @5", "4: pass @6", "5: - @8", "6: - @8"]);
  assert.deepEqual(acted, ["draw @5", "pass @6"]);
  assert.equal(legalCalls, 0);
});

test("sendChat and muteSeat send the room, the text, the seat and the switch", async () => {
  const calls: string[] = [];
  const client = clientWith((router) =>
    router.service(GameService, {
      sendChat(req) {
        calls.push(`chat ${req.roomId} ${req.text}`);
        return { seq: 4n, text: req.text.trim() };
      },
      muteSeat(req) {
        calls.push(`mute ${req.roomId} ${req.seat} ${req.muted}`);
        return { mutedSeats: req.muted ? [req.seat] : [] };
      },
    }),
  );
  assert.equal((await client.sendChat("room", " hello ")).text, "hello");
  assert.deepEqual(await client.muteSeat("room", 2), [2]);
  assert.deepEqual(await client.muteSeat("room", 2, false), []);
  assert.deepEqual(calls, ["chat room  hello ", "mute room 2 true", "mute room 2 false"]);
});

test("every mutating call carries a fresh request id; joinRoom sends one case of its oneof", async () => {
  const ids: string[] = [];
  const joins: string[] = [];
  const seats: (number | undefined)[] = [];
  const client = clientWith((router) =>
    router
      .service(GameService, {
        sendChat(req) {
          ids.push(req.requestId);
          return { seq: 1n, text: req.text };
        },
        muteSeat(req) {
          ids.push(req.requestId);
          return { mutedSeats: [] };
        },
      })
      .service(LobbyService, {
        createSession(req) {
          ids.push(req.requestId);
          return { sessionToken: "t", playerId: "p" };
        },
        joinRoom(req) {
          ids.push(req.requestId);
          joins.push(`${req.room.case}=${req.room.value}`);
          return {};
        },
        addBot(req) {
          ids.push(req.requestId);
          seats.push(req.seat);
          return {};
        },
        setReady(req) {
          ids.push(req.requestId);
          return {};
        },
      }),
  );
  await client.createSession("Ana");
  await client.joinRoom("r1");
  await client.joinRoom({ joinCode: "ABC123", spectator: true });
  await client.addBot("r1");
  await client.addBot("r1", { seat: 2 });
  await client.setReady("r1");
  await client.sendChat("r1", "hi");
  await client.muteSeat("r1", 1);
  assert.equal(ids.length, 8);
  assert.ok(ids.every((id) => /^[0-9a-f-]{36}$/.test(id)), "a UUID each");
  assert.equal(new Set(ids).size, ids.length, "one id per request");
  assert.deepEqual(joins, ["roomId=r1", "joinCode=ABC123"]);
  assert.deepEqual(seats, [undefined, 2], "no seat: the server's first free one (no -1)");
});

test("subscribe throws refusals at once and stops quietly on abort", async () => {
  const refusing = clientWith((router) =>
    router.service(GameService, {
      async *subscribe() {
        throw new ConnectError("join the room first", Code.PermissionDenied);
      },
    }),
  );
  await assert.rejects(
    (async () => {
      for await (const _ of refusing.subscribe("room")) void _;
    })(),
    (err: unknown) => err instanceof ApiError && err.code === Code.PermissionDenied,
  );

  const stop = new AbortController();
  const endless = clientWith((router) =>
    router.service(GameService, {
      async *subscribe() {
        for (let seq = 1n; ; seq++) {
          yield create(SubscribeResponseSchema, { seq });
          await new Promise((ok) => setTimeout(ok, 5));
        }
      },
    }),
  );
  let count = 0;
  for await (const _ of endless.subscribe("room", { signal: stop.signal })) {
    if (++count === 3) stop.abort();
  }
  assert.equal(count, 3);
});

test("act retries a failed send with the same request id, and not a refusal", async () => {
  const keys: string[] = [];
  const client = clientWith((router) =>
    router.service(GameService, {
      act(req) {
        keys.push(req.requestId);
        if (keys.length < 3) throw new ConnectError("connection reset", Code.Unavailable);
        if (req.version !== 7n) throw new ConnectError("not your turn", Code.FailedPrecondition);
        return { version: 8n, seq: 12n };
      },
    }),
  );
  const response = await client.act("room", { game: { case: "tomahawk", value: { action: { case: "draw", value: {} } } } }, 7);
  assert.equal(response.seq, 12n);
  assert.equal(keys.length, 3);
  assert.equal(new Set(keys).size, 1, "one key for every attempt");

  keys.length = 0;
  await assert.rejects(client.act("room", {}, 6, { requestId: "k1" }), (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.codeName, "FAILED_PRECONDITION");
    return true;
  });
  assert.deepEqual(keys, ["k1", "k1", "k1"], "two network failures retried, the refusal not");
});

test("the session token goes out as a bearer header once createSession answered", async () => {
  const seen: string[] = [];
  const client = clientWith((router) =>
    router.service(LobbyService, {
      createSession(req, ctx) {
        seen.push(ctx.requestHeader.get("authorization") ?? "");
        return { sessionToken: "tok-1", playerId: `p-${req.displayName}` };
      },
      listGames(_req, ctx) {
        seen.push(ctx.requestHeader.get("authorization") ?? "");
        return { games: [] };
      },
    }),
  );
  await client.createSession("Ana");
  await client.listGames();
  assert.deepEqual(seen, ["", "Bearer tok-1"]);
  assert.equal(client.playerId, "p-Ana");
});

test("listGames asks in the caller's language; bots and catalogues speak the enums", async () => {
  const asked: string[] = [];
  const levels: BotLevel[] = [];
  const quick: number[] = [];
  const client = clientWith((router) =>
    router.service(LobbyService, {
      listGames(req) {
        asked.push(req.languageCode);
        return { games: [{ gameId: "tomahawk", languageCode: req.languageCode || "en", summary: "…" }] };
      },
      addBot(req) {
        levels.push(req.level);
        return {};
      },
      quickMatch(req) {
        levels.push(req.botLevel);
        quick.push(req.players, req.bots, Number(req.botDelay?.nanos ?? -1));
        return { seat: 0 };
      },
      getGameCatalogue(req) {
        return { catalogue: { case: "tomahawk", value: { handSize: req.gameId === "tomahawk" ? 7 : 0 } } };
      },
    }),
  );
  assert.equal((await client.listGames("fr-CA"))[0]?.languageCode, "fr-CA");
  await client.listGames();
  assert.deepEqual(asked, ["fr-CA", ""]);
  await client.addBot("room");
  await client.addBot("room", { level: BotLevel.RANDOM });
  assert.equal((await client.quickMatch("tomahawk", { bots: 3, botDelayMs: 250 })).seat, 0);
  assert.deepEqual(quick, [0, 3, 250_000_000]);
  assert.deepEqual(levels, [BotLevel.STRONG, BotLevel.RANDOM, BotLevel.UNSPECIFIED]);
  const catalogue = await client.gameCatalogue("tomahawk");
  assert.equal(catalogue.catalogue.case, "tomahawk");
  assert.equal(catalogue.catalogue.value.handSize, 7);
});

test("options by name are typed by the game's options message, like the Python SDK's", () => {
  const tamashii = roomOptions("tamashii", { level: "easy", memory_aid: "TRUE", decision_seconds: "0" });
  assert.equal(tamashii.game.case, "tamashii");
  assert.equal(tamashii.game.value?.level, TamashiiLevel.EASY);
  assert.equal(tamashii.game.value?.memoryAid, true);
  assert.equal(tamashii.game.value?.decisionSeconds, 0); // set, not left to the default
  assert.equal(tamashii.game.value?.firstPlayer, undefined); // left out: the server's default
  const tomy = roomOptions("tomy", { language: "TOMY_LANGUAGE_EN", first_player: 2 });
  assert.deepEqual(plainOptions(tomy), { first_player: 2, language: "EN" });
  assert.equal(roomOptions("tomahawk").game.case, undefined);
  assert.throws(() => roomOptions("tamashii", { level: "impossible" }), /level/);
  assert.throws(() => roomOptions("tomy", { colour: 1 }), /no option "colour"/);
  assert.throws(() => roomOptions("tomahawk", { target_score: "lots" }), /whole number/);
  assert.throws(() => roomOptions("chess", { x: 1 }), /no game called "chess"/);
  assert.match(newRequestId(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test("google.rpc details decode from their wire form into the generated types", () => {
  // The bytes are written by hand, field by field, so the generated decoders are checked
  // against the wire format itself.
  const info = new BinaryWriter()
    .tag(1, 2).string("NOT_YOUR_TURN")
    .tag(2, 2).string("cercle.games")
    .tag(3, 2).fork().tag(1, 2).string("seat").tag(2, 2).string("2").join()
    .finish();
  const bad = new BinaryWriter()
    .tag(1, 2).fork().tag(1, 2).string("options[target_score]").tag(2, 2).string("too small").join()
    .finish();
  const pre = new BinaryWriter()
    .tag(1, 2).fork().tag(1, 2).string("STALE_VERSION").tag(2, 2).string("version").tag(3, 2).string("expected 3").join()
    .finish();
  const retry = new BinaryWriter().tag(1, 2).fork().tag(1, 0).int64(1).tag(2, 0).int32(500_000_000).join().finish();
  const localized = new BinaryWriter().tag(1, 2).string("fr").tag(2, 2).string("Pas à vous.").finish();
  const refused = new ConnectError("not your turn", Code.FailedPrecondition);
  refused.details.push( // as they arrive in grpc-status-details-bin
    { type: "google.rpc.ErrorInfo", value: new Uint8Array([0xff]) }, // malformed: skipped
    { type: "google.rpc.ErrorInfo", value: info },
    { type: "google.rpc.BadRequest", value: bad },
    { type: "google.rpc.PreconditionFailure", value: pre },
    { type: "google.rpc.RetryInfo", value: retry },
    { type: "google.rpc.LocalizedMessage", value: localized },
  );
  const error = apiError(refused);
  assert.equal(error.reason, "NOT_YOUR_TURN");
  assert.equal(error.errorInfo?.$typeName, "google.rpc.ErrorInfo");
  assert.equal(error.errorInfo?.domain, "cercle.games");
  assert.deepEqual(error.errorInfo?.metadata, { seat: "2" });
  assert.equal(error.field, "options[target_score]");
  assert.deepEqual(
    error.fieldViolations.map((v) => [v.field, v.description]),
    [["options[target_score]", "too small"]],
  );
  assert.deepEqual(
    error.preconditionViolations.map((v) => [v.type, v.subject, v.description]),
    [["STALE_VERSION", "version", "expected 3"]],
  );
  assert.equal(error.retryDelayMs, 1500);
  assert.deepEqual([error.localizedMessage?.locale, error.localizedMessage?.message], ["fr", "Pas à vous."]);
  assert.equal(apiError(new ConnectError("down", Code.Unavailable)).retryDelayMs, undefined);
});
