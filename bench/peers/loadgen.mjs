// The load generator for the peers, speaking the line protocol of bench/loadgen.py (JSON
// events on stdout, commands on stdin): ROOMS tables of 4 players, each player its own
// connection (a socket.io client per boardgame.io player, a WebSocket per Colyseus client).
// The player whose turn an update shows picks a move from its own hand at once (or when the
// pacer lets it) and sends it; the latency is from that send to the update carrying the move
// arriving at each of the three OTHER players (one sample per player), as for Cercle.
// node loadgen.mjs '{"peer": "bgio"|"colyseus", "port": P, "rooms": 32}'
import { createRequire } from "node:module";
import readline from "node:readline";
import * as rules from "./shedding.mjs";

const require = createRequire(import.meta.url);
const config = JSON.parse(process.argv[2]);
const emit = (event, data = {}) => process.stdout.write(JSON.stringify({ event, ...data }) + "\n");
const now = () => performance.now() / 1000;
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

const stats = { counting: false, accepted: 0, latencies: [], refused: 0, errors: 0 };
const pacer = {
  interval: 0,
  next: 0,
  set(rate) {
    this.interval = rate > 0 ? 1 / rate : 0;
    this.next = 0;
  },
  delay() {
    if (!this.interval) return 0;
    const t = now();
    const slot = Math.max(t, this.next);
    this.next = slot + this.interval;
    return slot - t;
  },
};

// One table: sent[moveNumber] = send time; a player seeing moves == n records now - sent[n].
class Table {
  constructor(index) {
    this.index = index;
    this.sent = new Map();
    this.acting = -1; // the move number a send is under way for
    this.last = [-1, -1, -1, -1]; // the last move number each player saw
  }
  seen(seat, moves, turn, hand, top, topColour, send) {
    if (moves <= this.last[seat]) return;
    this.last[seat] = moves;
    const sentAt = this.sent.get(moves);
    if (sentAt !== undefined) {
      if (turn !== undefined && (turn + 3) % 4 !== seat) {
        if (stats.counting) stats.latencies.push(now() - sentAt);
      } else if (stats.counting) stats.accepted += 1; // the mover's own copy: the move was accepted
      this.sent.delete(moves - 8);
    }
    if (turn === seat && this.acting < moves) {
      this.acting = moves;
      const move = rules.choose(hand, top, topColour);
      const go = () => {
        this.sent.set(moves + 1, now());
        send(move);
      };
      const wait = pacer.delay();
      if (wait > 0) setTimeout(go, wait * 1000);
      else go();
    }
  }
}

async function bgio(port) {
  const { Client } = require("boardgame.io/client");
  const { SocketIO } = require("boardgame.io/multiplayer");
  const base = `http://127.0.0.1:${port}`;
  const post = async (path, body) => {
    const r = await fetch(base + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return r.json();
  };
  const game = { name: "shedding", moves: { play: { move: () => {}, client: false }, draw: { move: () => {}, client: false } } };
  const clients = [];
  for (let i = 0; i < config.rooms; i++) {
    const table = new Table(i);
    const { matchID } = await post("/games/shedding/create", { numPlayers: 4, setupData: { seed: i + 1 } });
    for (let seat = 0; seat < 4; seat++) {
      const { playerCredentials } = await post(`/games/shedding/${matchID}/join`, {
        playerID: String(seat),
        playerName: `p${seat}`,
      });
      const client = Client({
        game,
        numPlayers: 4,
        matchID,
        playerID: String(seat),
        credentials: playerCredentials,
        debug: false,
        multiplayer: SocketIO({ server: base, socketOpts: { transports: ["websocket"] } }),
      });
      const send = (move) =>
        move.draw ? client.moves.draw() : client.moves.play(move.play, move.colour);
      client.subscribe((state) => {
        if (!state || !state.G || state.G.moves === undefined) return;
        const G = state.G;
        table.seen(seat, G.moves, G.turn, G.hand, G.top, G.topColour, send);
      });
      clients.push(client);
    }
  }
  for (const c of clients) c.start();
  return () => clients.forEach((c) => c.stop());
}

async function colyseus(port) {
  const { Client } = await import("@colyseus/sdk");
  const endpoint = `ws://127.0.0.1:${port}`;
  const rooms = [];
  for (let i = 0; i < config.rooms; i++) {
    const table = new Table(i);
    const attach = (room, seat) => {
      const send = (move) => room.send("move", move);
      room.onMessage("refused", () => (stats.refused += 1));
      room.onStateChange((state) => {
        const mine = state.players[seat];
        const hand = mine && mine.hand ? mine.hand.split(",").map(Number) : [];
        table.seen(seat, state.moves, state.turn, hand, state.top, state.topColour, send);
      });
      rooms.push(room);
      return room;
    };
    const first = attach(await new Client(endpoint).create("shedding", { seed: i + 1 }), 0);
    for (let seat = 1; seat < 4; seat++) attach(await new Client(endpoint).joinById(first.roomId), seat);
  }
  return () => rooms.forEach((r) => r.leave());
}

function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  const q = (p) => {
    if (!s.length) return null;
    const pos = (s.length - 1) * p;
    const lo = Math.floor(pos), hi = Math.ceil(pos);
    return (s[lo] + (s[hi] - s[lo]) * (pos - lo)) * 1000;
  };
  return { n: s.length, p50_ms: q(0.5), p90_ms: q(0.9), p99_ms: q(0.99), max_ms: s.length ? s[s.length - 1] * 1000 : null };
}

async function run({ seconds, warmup, rate }) {
  pacer.set(rate || 0);
  await sleep(warmup);
  stats.accepted = 0;
  stats.latencies = [];
  stats.counting = true;
  const cpu0 = process.cpuUsage();
  const t0 = now();
  emit("window_start");
  await sleep(seconds);
  stats.counting = false;
  const elapsed = now() - t0;
  emit("window_end");
  const cpu = process.cpuUsage(cpu0);
  return {
    seconds: elapsed,
    rate_asked: rate || 0,
    accepted: stats.accepted,
    actions_per_s: stats.accepted / elapsed,
    refused: stats.refused,
    act_to_others: summary(stats.latencies),
    loadgen_cpu_s: (cpu.user + cpu.system) / 1e6,
  };
}

async function main() {
  const stop = await (config.peer === "bgio" ? bgio : colyseus)(config.port);
  emit("ready");
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const command = JSON.parse(line);
    if (command.cmd === "run") emit("result", await run(command));
    else if (command.cmd === "quit") break;
  }
  stop();
  process.exit(0);
}

main().catch((e) => {
  emit("error", { message: String(e && e.stack ? e.stack : e) });
  process.exit(1);
});
