// Colyseus 0.18 serving the shedding game (bench/peers/shedding.mjs): the room's state is
// a @colyseus/schema whose hands are .view() fields, each client's StateView holding only its
// own player, so a hand never reaches another client. Patches go out at Colyseus' default
// rate (every 50 ms) or, with --patch-every-move, right after each move (patchRate null and
// broadcastPatch()).
// node colyseus_server.mjs PORT [--patch-every-move]
import { Server, Room } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { schema, t, StateView } from "@colyseus/schema";
import * as rules from "./shedding.mjs";

// The hand is one .view() string of card codes (a primitive field: an ArraySchema shrunk
// and regrown in place under a StateView reached the clients out of step in 0.18).
const Player = schema({ hand: t.string().view(), count: t.uint8() }, "Player");
const State = schema(
  {
    players: t.array(Player),
    moves: t.uint32(),
    rounds: t.uint16(),
    turn: t.uint8(),
    top: t.uint8(),
    topColour: t.uint8(),
  },
  "State",
);

const everyMove = process.argv.includes("--patch-every-move");

function sync(state, game) {
  state.moves = game.moves;
  state.rounds = game.rounds;
  state.turn = game.turn;
  state.top = game.top;
  state.topColour = game.topColour;
  for (let p = 0; p < rules.PLAYERS; p++) {
    const player = state.players[p];
    const hand = game.hands[p];
    player.count = hand.length;
    player.hand = hand.join(",");
  }
}

class Shedding extends Room {
  maxClients = rules.PLAYERS;
  seated = 0;

  onCreate(options) {
    this.game = rules.newGame(options.seed || 1);
    const state = new State();
    for (let p = 0; p < rules.PLAYERS; p++) state.players.push(new Player());
    this.setState(state);
    sync(this.state, this.game);
    if (everyMove) this.patchRate = null;
    this.onMessage("move", (client, move) => {
      if (!rules.apply(this.game, client.userData.seat, move)) {
        if (process.env.PEER_DEBUG) console.error("refused", client.userData.seat, this.game.turn, JSON.stringify(move), this.game.hands[client.userData.seat], this.game.top, this.game.topColour);
        client.send("refused", this.game.moves);
        return;
      }
      sync(this.state, this.game);
      if (everyMove) this.broadcastPatch();
    });
  }

  onJoin(client) {
    const seat = this.seated++;
    client.userData = { seat };
    client.view = new StateView();
    client.view.add(this.state.players[seat]);
    // Without a patch interval nothing flushes the joins: send them now.
    if (everyMove) setImmediate(() => this.broadcastPatch());
  }
}

const server = new Server({ transport: new WebSocketTransport(), greet: false });
server.define("shedding", Shedding);
const port = Number(process.argv[2]);
await server.listen(port, "127.0.0.1");
console.log(JSON.stringify({ event: "listening", port }));
