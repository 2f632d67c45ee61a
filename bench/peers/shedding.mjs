// The shedding game the peers serve: the same 4-player load as Cercle's Tomahawk rooms in
// make bench (an UNO-like game: match the colour or the number of the top card, wilds on
// anything, otherwise draw one; a player's hand is hidden from the others). The rules are
// the smallest that make the same message pattern: one move in, one update out to each of
// the four players, each player seeing only their own hand. Pure functions over plain
// objects, shared by the boardgame.io and Colyseus servers and their load generator.

export const PLAYERS = 4;
export const HAND = 7;
export const WILD = 4; // colour of a wild card

// mulberry32: a seeded generator whose state is a number kept in the game state.
export function next(state) {
  let t = (state.seed = (state.seed + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// A card is a number: colour * 16 + value (value 0..9); a wild is WILD * 16.
export const colour = (card) => card >> 4;
export const value = (card) => card & 15;

function freshDeck(state) {
  const deck = [];
  for (let c = 0; c < 4; c++) for (let v = 0; v < 10; v++) deck.push(c * 16 + v, c * 16 + v);
  for (let i = 0; i < 8; i++) deck.push(WILD * 16);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(next(state) * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

export function deal(state) {
  state.deck = freshDeck(state);
  state.hands = [];
  for (let p = 0; p < PLAYERS; p++) state.hands.push(state.deck.splice(0, HAND));
  let top = state.deck.pop();
  while (colour(top) === WILD) {
    state.deck.unshift(top);
    top = state.deck.pop();
  }
  state.top = top;
  state.topColour = colour(top);
}

export function newGame(seed) {
  const state = { seed: seed | 0, moves: 0, rounds: 0, turn: 0 };
  deal(state);
  return state;
}

export function playable(state, card) {
  return colour(card) === WILD || colour(card) === state.topColour || value(card) === value(state.top);
}

// A move: {play: index in hand, colour: for a wild} or {draw: true}. Returns false if illegal.
export function apply(state, seat, move) {
  if (seat !== state.turn) return false;
  const hand = state.hands[seat];
  if (move.draw) {
    if (state.deck.length === 0) {
      state.deck = freshDeck(state).filter(() => next(state) < 0.5);
    }
    hand.push(state.deck.pop());
  } else {
    const card = hand[move.play];
    if (card === undefined || !playable(state, card)) return false;
    hand.splice(move.play, 1);
    state.top = card;
    state.topColour = colour(card) === WILD ? (move.colour ?? 0) & 3 : colour(card);
    if (hand.length === 0) {
      state.rounds += 1;
      deal(state);
    }
  }
  state.moves += 1;
  state.turn = (state.turn + 1) % PLAYERS;
  return true;
}

// What a player would choose seeing its own hand, the top card and its colour.
export function choose(hand, top, topColour) {
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    if (colour(c) === WILD || colour(c) === topColour || value(c) === value(top)) {
      return { play: i, colour: i & 3 };
    }
  }
  return { draw: true };
}
