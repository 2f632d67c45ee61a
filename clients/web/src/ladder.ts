/**
 * The ladder in the lobby (LadderService, docs/ratings.md): my ratings (a provisional one
 * marked "?"), each ranked game's leaderboard (top 10 and my place) and its rated match
 * queue (a match ticket, its wait and rating window shown while it waits, the table opened
 * once it is made); and after a rated match, the line of its rating change (table.ts).
 */

import {
  apiError,
  type CercleClient,
  type GameInfo,
  MatchTicketStatus,
  type PlayerRating,
  type RatingChange,
} from "../../ts/src/index.js";
import { $, button, el } from "./dom.js";
import { t } from "./i18n.js";
import { refusal } from "./refusal.js";

/** The displayed rating with its provisional mark. */
export const shownRating = (r: PlayerRating | undefined): string => (r ? `${r.rating}${r.provisional ? "?" : ""}` : "");

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? String(n) : "±0");

export function changeText(change: RatingChange): string {
  return t("rating_change", {
    before: shownRating(change.before),
    after: shownRating(change.after),
    delta: signed(change.ratingDelta),
    place: change.place,
    room_id: change.roomId,
  });
}

/** A paragraph that fills itself with the rating change of a rated match just finished. */
export function ratingChangeNode(client: CercleClient, roomId: string): HTMLElement {
  const node = el("p", { id: "rating-change", className: "meta", aria: { live: "polite" } }, t("rating_pending"));
  void (async () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        const ratings = await client.playerRatings();
        for (const standing of ratings.standings) {
          const change = standing.recentChanges.find((c) => c.roomId === roomId);
          if (change) {
            node.textContent = changeText(change);
            node.dataset.delta = String(change.ratingDelta);
            return;
          }
        }
      } catch {
        // Shown as pending; the lobby's ratings tell it later.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return node;
}

export interface LadderHooks {
  client(): Promise<CercleClient>;
  enter(client: CercleClient, roomId: string, gameId: string, spectator: boolean): void;
}

export class Ladder {
  private abort: AbortController | undefined;

  constructor(private readonly hooks: LadderHooks) {}

  /** Draws the ladder of the ranked games among `games` (a cooperative one is refused
   * NOT_RATED by the server and left out). */
  async render(games: readonly GameInfo[]): Promise<void> {
    const box = $("ladder");
    let client: CercleClient;
    try {
      client = await this.hooks.client();
    } catch {
      return;
    }
    const mine = await client.playerRatings().catch(() => undefined);
    const parts: HTMLElement[] = [];
    const standings = mine?.standings ?? [];
    parts.push(
      el(
        "p",
        { id: "ratings-mine" },
        standings.length
          ? standings.map((s) => `${t(`web-game-${s.rating?.gameId ?? ""}`)} ${shownRating(s.rating)} (#${s.rank})`).join(" · ")
          : t("web-no_rating"),
      ),
    );
    for (const game of games) {
      const board = await client.leaderboard(game.gameId, { pageSize: 10 }).catch((err: unknown) => {
        if (apiError(err).reason !== "NOT_RATED") throw err;
        return undefined;
      });
      if (!board) continue;
      const rows = board.entries.map((e) =>
        el(
          "li",
          { className: e.playerId === client.playerId ? "me" : "", dataset: { player: e.playerId } },
          t("ladder_line", { rank: e.rank, name: e.displayName, rating: shownRating(e.rating), matches: e.rating?.ratedMatches ?? 0 }),
        ),
      );
      const status = el("p", { className: "meta", id: `queue-status-${game.gameId}`, aria: { live: "polite" } });
      const queue = button(t("web-rated_match"), () => void this.queue(game, status), { dataset: { rated: game.gameId } });
      parts.push(
        el(
          "article",
          { className: "ladder", id: `ladder-${game.gameId}` },
          el("h4", {}, t(`web-game-${game.gameId}`)),
          el("ol", { className: "board" }, ...rows),
          board.myRank !== undefined ? el("p", { className: "meta" }, t("ladder_my_rank", { rank: board.myRank })) : el("span", {}),
          el("div", { className: "row" }, queue),
          status,
        ),
      );
    }
    parts.push(el("p", { className: "meta" }, t("ladder_provisional")));
    box.replaceChildren(...parts);
  }

  /** The rated match queue of `game`: a ticket, watched until its table is made. */
  private async queue(game: GameInfo, status: HTMLElement): Promise<void> {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    const started = Date.now();
    try {
      const client = await this.hooks.client(); // the session of the name typed now
      const ticket = await client.createMatchTicket(game.gameId, { players: game.minPlayers < 2 ? 2 : game.minPlayers });
      const cancel = button(t("web-cancel_ticket"), () => void client.cancelMatchTicket(ticket.ticketId).catch(() => undefined), { id: `cancel-ticket-${game.gameId}` });
      for await (const seen of client.watchMatchTicket(ticket.ticketId, abort.signal)) {
        if (seen.status === MatchTicketStatus.WAITING) {
          const waited = Math.round((Date.now() - started) / 1000);
          status.replaceChildren(t("queue_waiting", { rating: seen.rating, window: seen.ratingWindow, waited }), " ", cancel);
        } else if (seen.status === MatchTicketStatus.MATCHED && seen.roomId) {
          status.textContent = t("web-table_found");
          this.hooks.enter(client, seen.roomId, game.gameId, false);
          return;
        } else {
          status.textContent = t("queue_ended");
          return;
        }
      }
    } catch (err) {
      status.textContent = refusal(err);
    }
  }
}
