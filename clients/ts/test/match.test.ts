/**
 * Whole matches against a real local cluster (Valkey, 2 replicas, Envoy), the TypeScript
 * player acting on the choices pushed with the updates only: Tomahawk with one TypeScript
 * client and three server bots, first over native gRPC straight to a replica (with the
 * stream cut on purpose to exercise resume-from-seq), then over gRPC-Web through Envoy with
 * the browser transport (fetch); then a whole match of each other game (Tamashii, Mais où
 * est Tomy ?, Awimbawé) against bots. Last, every replica's /metrics proves the client never
 * called ListLegalActions (and that the counter counts: Act was).
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";

import {
  ApiError,
  BotLevel,
  CercleClient,
  OutcomeReason,
  plainOptions,
  type Room,
  type SubscribeResponse,
  UpdateKind,
} from "../src/index.js";
import { createGrpcTransport } from "../src/node.js";
import { createGrpcWebTransport } from "../src/web.js";
import { startCluster, type RunningCluster } from "./cluster.js";
import { clusterRpcCounts } from "./metrics.js";
import { eventCases, type GameId, playUntilOutcome, seqs } from "./play.js";

/** Short, and without clocks or the reaction window (the bots wait up to 3 s after each card
 * for a person's call; these matches test the client, the calls have their own tests). */
const SHORT_MATCH = { target_score: 30, turn_seconds: 0, reaction_seconds: 0 };

/** Cuts every Subscribe stream after `every` messages, the first `times` times. */
function flakyStreams(every: number, times: number): { interceptor: Interceptor; cuts: () => number } {
  let cuts = 0;
  const interceptor: Interceptor = (next) => async (req) => {
    const res = await next(req);
    if (!res.stream || req.method.name !== "Subscribe" || cuts >= times) return res;
    const source = res.message;
    async function* cut() {
      let count = 0;
      for await (const message of source) {
        yield message;
        if (++count === every && cuts < times) {
          cuts++;
          throw new ConnectError("stream cut by the test", Code.Unavailable);
        }
      }
    }
    return { ...res, message: cut() };
  };
  return { interceptor, cuts: () => cuts };
}

async function tableAgainstBots(client: CercleClient, name: string): Promise<Room> {
  await client.createSession(name);
  assert.ok(client.token, "the session token is kept");
  const room = await client.createRoom("tomahawk", { players: 4, options: SHORT_MATCH, botDelayMs: 0 });
  assert.equal(room.mySeat, 0);
  for (let i = 0; i < 3; i++) await client.addBot(room.roomId, { level: BotLevel.RANDOM });
  await client.setReady(room.roomId, true);
  const started = await client.start(room.roomId);
  assert.ok(started);
  return room;
}

function assertWholeMatch(updates: SubscribeResponse[], seat: number): void {
  const got = seqs(updates);
  assert.ok(got.length > 4, `a match has more than a few updates (got ${got.length})`);
  assert.deepEqual(got, got.map((_, i) => i + 1), "seqs are 1..N, each once, without gap");
  const last = updates.at(-1)!;
  assert.ok(last.outcome, "the last update carries the outcome");
  assert.equal(last.kind, UpdateKind.FINISHED);
  assert.equal(last.outcome.reason, OutcomeReason.TARGET_SCORE);
  assert.equal(last.outcome.detail.case, "tomahawk");
  assert.equal(last.outcome.detail.value.targetScore, SHORT_MATCH.target_score);
  // The events, read through the typed oneofs only: the room's and the game's.
  const seen = eventCases(updates, seat);
  for (const expected of [
    "room.created",
    "room.botAdded",
    "room.matchStarted",
    "tomahawk.cardPlayed",
    "tomahawk.roundEnded",
    "tomahawk.matchEnded",
    "room.matchFinished",
  ]) {
    assert.ok(seen.has(expected), `${expected} among ${[...seen].join(", ")}`);
  }
}

/** The other games' short matches against RANDOM bots, without clocks. */
const OTHER_GAMES: { game: GameId; players: number; options: Record<string, string | number> }[] = [
  { game: "tamashii", players: 2, options: { decision_seconds: 0, level: "STANDARD" } },
  { game: "tomy", players: 3, options: { story_seconds: 0, vote_seconds: 0, tie_seconds: 0 } },
  { game: "awimbawe", players: 2, options: { decision_seconds: 0 } },
];

describe("whole matches through the TypeScript client", { timeout: 280_000 }, () => {
  let cluster: RunningCluster;

  before(async () => {
    cluster = await startCluster(2);
  });

  after(async () => {
    await cluster?.stop();
  });

  test("native gRPC to a replica: a whole match, resumed streams, retries, error details", async (t) => {
    const flaky = flakyStreams(5, 3);
    const client = new CercleClient((interceptors) =>
      createGrpcTransport(cluster.replicas[0]!, [...interceptors, flaky.interceptor]),
    );
    const games = await client.listGames();
    assert.ok(games.some((g) => g.gameId === "tomahawk"));

    // Without a session, the server refuses with UNAUTHENTICATED.
    await assert.rejects(client.createRoom("tomahawk"), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.code, Code.Unauthenticated);
      return true;
    });

    const room = await tableAgainstBots(client, "Ana");

    // A bad option: INVALID_ARGUMENT with an ErrorInfo reason and a BadRequest field.
    await assert.rejects(client.createRoom("tomahawk", { options: { target_score: 0 } }), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.codeName, "INVALID_ARGUMENT");
      assert.equal(err.reason, "INVALID_OPTION");
      assert.equal(err.field, "options.tomahawk.target_score");
      return true;
    });

    let reconnects = 0;
    const log = await playUntilOutcome(client, room.roomId, 0, {
      initialBackoffMs: 20,
      onReconnect: () => reconnects++,
      onFirstAct: async (action, version) => {
        // A stale version: ABORTED, reason STALE_VERSION, with a PreconditionFailure.
        await assert.rejects(client.act(room.roomId, action, version + 1000n), (err: unknown) => {
          assert.ok(err instanceof ApiError);
          assert.equal(err.code, Code.Aborted);
          assert.equal(err.reason, "STALE_VERSION");
          assert.equal(err.preconditionViolations[0]?.type, "STALE_VERSION");
          return true;
        });
        // The same action sent twice with one key is applied once.
        const key = `ts-test-${room.roomId}-${version}`;
        const first = await client.act(room.roomId, action, version, { requestId: key });
        const again = await client.act(room.roomId, action, version, { requestId: key });
        assert.equal(first.replayed, false);
        assert.equal(again.replayed, true);
        assert.equal(again.seq, first.seq);
        assert.equal(again.version, first.version);
        return true;
      },
    });
    assertWholeMatch(log.updates, 0);
    t.diagnostic(`${log.updates.length} updates, ${log.accepted} actions by the TS player, ${reconnects} resumes`);
    assert.ok(log.accepted > 0, "the TypeScript player played");
    assert.equal(flaky.cuts(), 3, "the stream was cut three times");
    assert.ok(reconnects >= 3, "and resumed each time");

    const view = await client.view(room.roomId);
    assert.ok(view.outcome, "the view has the outcome");
    assert.equal(view.outcome.reason, OutcomeReason.TARGET_SCORE);
    assert.equal(view.view?.game.case, "tomahawk");
    const replay = await client.replay(room.roomId);
    assert.equal(replay.match?.gameId, "tomahawk");
    assert.ok(replay.steps.length > 0);
    // Each step carries the table after it as a spectator saw it: no seat, no hand.
    for (const step of replay.steps) {
      const table = step.view?.game;
      assert.equal(table?.case, "tomahawk", `step ${step.seq} has the table`);
      assert.equal(table.value.seat, undefined);
      assert.deepEqual(table.value.hand, [], `step ${step.seq}: no hand`);
    }
    // In pages of 3 steps: the match's data on the first page only, every step once.
    const first = await client.replayPage(room.roomId, 3);
    assert.equal(first.steps.length, 3);
    assert.ok(first.nextPageToken, "more pages follow");
    const second = await client.replayPage(room.roomId, 3, first.nextPageToken);
    assert.equal(second.match, undefined, "the match's data comes on the first page only");
    assert.deepEqual(second.steps.map((s) => s.seq), replay.steps.slice(3, 6).map((s) => s.seq));
    const paged = await client.replay(room.roomId, 3);
    assert.deepEqual(paged.steps.map((s) => s.seq), replay.steps.map((s) => s.seq));
    assert.equal(paged.match?.seedCommitment, replay.match?.seedCommitment);
    await assert.rejects(client.replayPage(room.roomId, 3, "not-a-token"), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.reason, "INVALID_PAGE_TOKEN");
      assert.equal(err.field, "page_token");
      return true;
    });
  });

  test("gRPC-Web through Envoy (browser transport): a whole match", async (t) => {
    const client = new CercleClient((interceptors) =>
      createGrpcWebTransport(`http://${cluster.envoy}`, interceptors),
    );
    // Envoy may still be running its first health checks: wait until it routes.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.listGames();
        break;
      } catch (err) {
        if (attempt > 50) throw err;
        await new Promise((ok) => setTimeout(ok, 200));
      }
    }
    const room = await tableAgainstBots(client, "Bea");

    // Error details travel through Envoy's grpc_web filter too.
    await assert.rejects(client.joinRoom({ roomId: "no-such-room" }), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.code, Code.NotFound);
      assert.ok(err.errorInfo, "ErrorInfo decoded from the gRPC-Web trailers");
      return true;
    });

    const log = await playUntilOutcome(client, room.roomId, 0);
    assertWholeMatch(log.updates, 0);
    t.diagnostic(`${log.updates.length} updates, ${log.accepted} actions by the TS player`);
    assert.ok(log.accepted > 0);
    const outcome = log.updates.at(-1)!.outcome!;
    assert.equal(outcome.scores.length, 4);
    assert.ok(outcome.scores.some((s) => s >= 30n), "someone reached the target score");
  });

  for (const [index, { game, players, options }] of OTHER_GAMES.entries()) {
    test(`${game}: a whole match against bots, from the pushed choices`, async (t) => {
      // Native gRPC to one replica, or gRPC-Web through Envoy, in turn.
      const client = new CercleClient((interceptors) =>
        index % 2 === 0
          ? createGrpcTransport(cluster.replicas[(index / 2) % cluster.replicas.length]!, interceptors)
          : createGrpcWebTransport(`http://${cluster.envoy}`, interceptors),
      );
      await client.createSession(`TS ${game}`);
      const room = await client.createRoom(game, { players, options, botDelayMs: 0 });
      assert.equal(room.options?.game.case, game); // typed, every option filled in
      for (const [name, value] of Object.entries(options)) assert.equal(plainOptions(room.options)[name], value);
      for (let i = 1; i < players; i++) await client.addBot(room.roomId, { level: BotLevel.RANDOM });
      await client.setReady(room.roomId, true);
      assert.ok(await client.start(room.roomId));
      // The choices are in the view too (what a client reads on load).
      const view = await client.view(room.roomId);
      assert.equal(view.view?.game.case, game);
      assert.ok(view.choices, "GetView carries the seat's choices while the match runs");
      for (const action of view.choices.actions) assert.equal(action.game.case, game);

      const log = await playUntilOutcome(client, room.roomId, 0, { seed: 7 + index });
      const got = seqs(log.updates);
      assert.deepEqual(got, got.map((_, i) => i + 1), "seqs are 1..N, each once, without gap");
      const last = log.updates.at(-1)!;
      assert.ok(last.outcome, "the last update carries the outcome");
      assert.equal(last.kind, UpdateKind.FINISHED);
      assert.equal(last.outcome.detail.case, game);
      assert.deepEqual(last.choices?.actions ?? [], [], "nothing to do once the match is over");
      const withView = log.updates.filter((u) => u.view !== undefined);
      assert.ok(withView.every((u) => u.choices !== undefined), "every update with a view carries choices");
      assert.ok(log.accepted > 0, `the TypeScript player played ${game}`);
      const seen = eventCases(log.updates, 0, game);
      for (const expected of ["room.matchStarted", "room.matchFinished"]) {
        assert.ok(seen.has(expected), `${expected} among ${[...seen].join(", ")}`);
      }
      assert.ok([...seen].some((c) => c.startsWith(`${game}.`)), `${game} events among ${[...seen].join(", ")}`);
      t.diagnostic(`${game}: ${log.updates.length} updates, ${log.accepted} actions by the TS player, raced: ${JSON.stringify([...log.races])}`);
    });
  }

  test("after the whole matches, no replica was ever asked ListLegalActions", async (t) => {
    const counts = await clusterRpcCounts(cluster.metrics);
    assert.equal(counts.length, cluster.replicas.length, "every replica's page was read");
    for (const [i, byMethod] of counts.entries()) {
      assert.equal(byMethod.get("ListLegalActions") ?? 0, 0, `replica ${i} answered ListLegalActions`);
    }
    const acts = counts.reduce((sum, byMethod) => sum + (byMethod.get("Act") ?? 0), 0);
    const subscribes = counts.reduce((sum, byMethod) => sum + (byMethod.get("Subscribe") ?? 0), 0);
    assert.ok(acts > 0, "the counter counts: Act was called");
    assert.ok(subscribes > 0, "and Subscribe");
    t.diagnostic(`Act ${acts}, Subscribe ${subscribes}, ListLegalActions 0 on ${counts.length} replicas`);
  });
});
