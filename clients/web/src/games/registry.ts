/** The games the page plays, by game id: one module each (games/<game>.ts), found by
 * tools/genweb.py (all.generated.ts), so a game is added by adding its module. */

import { GAME_MODULES } from "./all.generated.js";
import type { GameUi } from "./types.js";

export const GAMES: Readonly<Record<string, GameUi<unknown>>> = GAME_MODULES;

export function gameUi(gameId: string): GameUi<unknown> | undefined {
  return GAMES[gameId];
}
