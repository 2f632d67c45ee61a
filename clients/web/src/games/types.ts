/**
 * What the table needs from each game: one module per game (games/<game>.ts) implements
 * {@link GameUi}; tools/genweb.py finds it (games/all.generated.ts, served by games/registry.ts),
 * so a fifth game is added by adding a file.
 * The table (table.ts) draws what every game shares (seats, clocks, the prompt, the log, the
 * outcome, buttons for any legal action the game's own drawing does not offer); the game
 * module draws its table (cards, piles, gems, votes, tricks) and names its actions.
 */

import type { Action, Deadline, Event, GetGameCatalogueResponse, Outcome, View } from "../../../ts/src/index.js";

/** A game's id: every case of the contract's `View.game` oneof (the generated types). */
export type GameId = Exclude<View["game"]["case"], undefined>;

/** Names for seats and players, the reader's seat (-1: a spectator). */
export interface Names {
  seat(seat: number): string;
  player(playerId: string): string;
  readonly me: number;
  /** A place's name by its id, when the caller names places itself (a test); without it,
   * a game that names places by id reads them from its catalogue. */
  place?(location: number): string;
  /** The game's catalogue once fetched (card faces by id, for replays' labels). */
  readonly catalogue?: GetGameCatalogueResponse | undefined;
}

export interface TableContext extends Names {
  /** The reader's legal actions now (empty while one is being sent), less the calls. */
  readonly legal: readonly Action[];
  /** The calls the reader may make now, right or wrong (`Choices.calls`: a wrong one costs
   * what the rules say); offered as gestures on the table, never as a list of right ones. */
  readonly calls: readonly Action[];
  /** True while an action is on its way: the table's buttons are disabled. */
  readonly busy: boolean;
  /** Sends an action. */
  play(action: Action): void;
  /** Shows a choice between actions (a colour, a target) in the choice panel. */
  choose(prompt: string, actions: readonly Action[]): void;
  readonly catalogue: GetGameCatalogueResponse | undefined;
  /** How many seats the table has. */
  readonly seats: number;
  /** The seats the table waits for, and the clocks running (the rest's countdown). */
  readonly waitingFor: readonly number[];
  readonly deadlines: readonly Deadline[];
}

/** A game's table drawn: its nodes, and the legal actions they offer (the table shows the
 * others as plain buttons, so no legal action is ever out of reach). */
export interface Drawn {
  readonly nodes: Node[];
  readonly offered: ReadonlySet<Action>;
}

export interface GameUi<V> {
  /** The game's id: a case of the contract's `View.game` oneof. */
  readonly id: GameId;
  /** The usual table size for a quick match against bots (the lobby keeps it within the
   * catalogue's minimum and maximum players). */
  readonly usualPlayers: number;
  /** This game's view out of the shared oneof (undefined: another game's or none). */
  view(view: View | undefined): V | undefined;
  /** The table: piles, cards, gems, votes, tricks, the reader's hand. */
  table(view: V, ctx: TableContext): Drawn;
  /** Under each seat's name: cards in hand, totals, flags. */
  seatLines(view: V, seat: number, ctx: Names): string[];
  /** Buttons on a seat (Tomahawk's SHÉRIF! on it), from `ctx.calls`; none if absent. */
  seatActions?(view: V, seat: number, ctx: TableContext): Node[];
  /** Whose turn it is (undefined when several or nobody). */
  turn(view: V): number | undefined;
  /** The round (deal, game) the view is in, from 1, for a replay's "jump to round"; absent
   * for a game played in one go. */
  round?(view: V): number;
  /** What the reader may do now, in a sentence (when the table waits for them). */
  hint(view: V, ctx: TableContext): string;
  /** An action as a button label. */
  label(action: Action, view: V | undefined, ctx: Names): string;
  /** One sentence for an event of this game (undefined: not this game's). */
  narrate(event: Event, names: Names): string | undefined;
  /** What this game adds to the outcome panel under the winners, scores and reason (a
   * verdict); absent or empty when nothing. */
  outcomeLines?(outcome: Outcome): string[];
  /** A card one of this game's private events shows the reader alone (a Tamashii peek),
   * drawn as the card for the panel that keeps it in view (peek.ts); undefined for the
   * game's other events. */
  privateCard?(event: Event, names: Names): PrivateCard | undefined;
}

/** A card shown to the reader alone: a title, its face, and its words (name, needs, power). */
export interface PrivateCard {
  readonly title: string;
  readonly face: SVGElement;
  readonly lines: readonly string[];
}
