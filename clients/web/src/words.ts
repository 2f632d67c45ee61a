/**
 * The closed vocabularies every game's page shares (bot levels, room statuses, seat names)
 * as message ids of the shared catalogues (i18n/locales/<lang>/cli.ftl, the CLI's ids): one
 * table per generated enum, keyed by its values, so the compiler checks that every value has
 * its message (a value added to the contract is a type error here until it is named). A
 * game's own vocabularies live with the game (games/<game>.ts or games/<game>/words.ts),
 * built with the same {@link Table}.
 */

import { BotLevel, type GetGameCatalogueResponse, type Room, RoomStatus, SeatKind, type Seat } from "../../ts/src/index.js";
import type { Names } from "./games/types.js";
import { DEFAULT_LANGUAGE, hasMessage, t } from "./i18n.js";

/** Every value of the enum `E` mapped to a `T`: a missing value does not compile. */
export type Table<E extends number, T> = { readonly [K in E]: T };

/** A bot's level. */
export const BOT_LEVELS: Table<BotLevel, string> = {
  [BotLevel.UNSPECIFIED]: "bot",
  [BotLevel.RANDOM]: "bot_level-random",
  [BotLevel.STRONG]: "bot_level-strong",
};

/**
 * A seat's name in the reader's language: a person's own display name; a bot's made here
 * from its number and the game's list of names (`game-<game>-bot_name` in games.ftl:
 * "Coyote", "Castor"…; else "Bot 2", "Robot 2": the server names bots in no language, it
 * sends `botNumber`); "seat n" for a free seat or one the page does not know.
 */
export function seatName(seat: Seat | undefined, index: number, gameId = ""): string {
  if (seat?.kind === SeatKind.BOT) {
    const named = `game-${gameId}-bot_name`;
    return t(gameId && hasMessage(DEFAULT_LANGUAGE, named) ? named : "bot_name", { n: seat.botNumber ?? index + 1 });
  }
  return seat?.displayName || t("seat_n", { n: index + 1 });
}

/** What a table's names are read from, each time one is asked (table.ts). */
export interface NamedTable {
  readonly room: Room | undefined;
  readonly gameId: string;
  /** The reader's seat (-1: watching). */
  readonly mySeat: number;
  readonly client: { readonly playerId: string };
  readonly catalogue: GetGameCatalogueResponse | undefined;
}

/** The names of a table's seats and players ({@link seatName}), the reader's own marked as
 * theirs, read from `table` as it stands when they are asked. */
export function tableNames(table: NamedTable): Names {
  return {
    seat(seat: number): string {
      if (Number.isNaN(seat) || seat < 0) return "?";
      const name = seatName(table.room?.seats[seat], seat, table.gameId);
      return seat === table.mySeat ? t("web-me", { name }) : name;
    },
    player(playerId: string): string {
      const seats = table.room?.seats ?? [];
      const index = seats.findIndex((s) => s.playerId === playerId);
      const name = index < 0 ? t("web-someone") : seatName(seats[index], index, table.gameId);
      return playerId === table.client.playerId ? t("web-me", { name }) : name;
    },
    get me(): number {
      return table.mySeat;
    },
    get catalogue(): GetGameCatalogueResponse | undefined {
      return table.catalogue;
    },
  };
}

/** How a bot plays, in words ("strong bot", « robot fort »). */
export function botKind(level: BotLevel | undefined): string {
  const name = level === undefined || level === BotLevel.UNSPECIFIED ? "" : (BotLevel[level] ?? "").toLowerCase();
  return t("bot_kind", { level: name });
}

/** A room's status. */
export const ROOM_STATUSES: Table<RoomStatus, `status-${string}`> = {
  [RoomStatus.UNSPECIFIED]: "status-unspecified",
  [RoomStatus.OPEN]: "status-open",
  [RoomStatus.PLAYING]: "status-playing",
  [RoomStatus.FINISHED]: "status-finished",
  [RoomStatus.ABANDONED]: "status-abandoned",
};

/** Every message id the tables above name (for the tests). */
export const TABLE_IDS: readonly string[] = [BOT_LEVELS, ROOM_STATUSES].flatMap((table) => Object.values(table));

/** A word of a table, for a value the contract may have added since this page was built. */
export function of<T>(table: { readonly [key: number]: T }, value: number, fallback: T): T {
  return table[value] ?? fallback;
}
