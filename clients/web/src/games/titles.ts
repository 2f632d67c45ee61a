/**
 * A game's title on the page: `web-game-<id>` where the catalogues have it, else the name
 * the server's catalogue gives (`GameInfo.name`, from ListGames), else the id. So a new game
 * needs no message in the page's own catalogue (web.ftl) to be shown by its name.
 */

import { hasMessage, language, t } from "../i18n.js";

const names = new Map<string, string>();

/** Keeps the games' names from a ListGames answer. */
export function rememberGameNames(games: readonly { readonly gameId: string; readonly name: string }[]): void {
  for (const game of games) if (game.name) names.set(game.gameId, game.name);
}

/** Whether the page can title `gameId` without asking the server. */
export function knowsTitle(gameId: string): boolean {
  return hasMessage(language(), `web-game-${gameId}`) || names.has(gameId);
}

/** The game's title in the page's language. */
export function gameTitle(gameId: string): string {
  const id = `web-game-${gameId}`;
  return hasMessage(language(), id) ? t(id) : (names.get(gameId) ?? gameId);
}
