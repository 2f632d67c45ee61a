/** The games the page plays, by game id: one module each (games/<game>.ts). */

import { awimbawe } from "./awimbawe.js";
import { tamashii } from "./tamashii.js";
import { tomahawk } from "./tomahawk.js";
import { tomy } from "./tomy.js";
import type { GameUi } from "./types.js";

export const GAMES: Readonly<Record<string, GameUi<unknown>>> = {
  tomahawk: tomahawk,
  tamashii: tamashii,
  tomy: tomy,
  awimbawe: awimbawe,
};

export function gameUi(gameId: string): GameUi<unknown> | undefined {
  return GAMES[gameId];
}
