// boardgame.io 0.50 serving the shedding game (bench/peers/shedding.mjs) over socket.io,
// as its own docs run it: Server({games}).run(port). Each player's hand is stripped from
// the others' views by playerView; moves are server-only (client: false), so a player
// waits for the server's update as Cercle's players do.
// node bgio_server.cjs PORT
const { Server } = require("boardgame.io/server");
const { INVALID_MOVE } = require("boardgame.io/core");

async function main() {
  const rules = await import("./shedding.mjs");
  const Shedding = {
    name: "shedding",
    minPlayers: 4,
    maxPlayers: 4,
    setup: ({ ctx }, setupData) => rules.newGame((setupData && setupData.seed) || 1),
    turn: { minMoves: 1, maxMoves: 1 },
    moves: {
      play: {
        move: ({ G, playerID }, index, colour) =>
          rules.apply(G, Number(playerID), { play: index, colour }) ? G : INVALID_MOVE,
        client: false,
      },
      draw: {
        move: ({ G, playerID }) => (rules.apply(G, Number(playerID), { draw: true }) ? G : INVALID_MOVE),
        client: false,
      },
    },
    playerView: ({ G, playerID }) => ({
      moves: G.moves,
      rounds: G.rounds,
      turn: G.turn,
      top: G.top,
      topColour: G.topColour,
      hand: playerID == null ? [] : G.hands[Number(playerID)],
      counts: G.hands.map((h) => h.length),
    }),
  };
  const server = Server({ games: [Shedding], origins: ["*"] });
  const port = Number(process.argv[2]);
  await server.run({ port, callback: () => console.log(JSON.stringify({ event: "listening", port })) });
}
main();
