/**
 * What the page remembers between reloads, in this browser's localStorage: the guest
 * session (token, player id, name) and the seat being played (room id, game, spectator or
 * not, and the resume cursor of the last update seen). A reload or a lost connection puts
 * the player back in their seat from there; leaving the table (explicitly) forgets the seat.
 *
 * The log of the current table is kept in sessionStorage (this tab only), as the wire events
 * (protobuf bytes), so it is told again in the page's language after a reload.
 *
 * "My matches" come from the server (ListMyRooms, lobby.ts); the seat below is where a
 * reload goes back to at once, with its cursor.
 */

import { type Event, EventSchema, fromBinary, toBinary } from "../../ts/src/index.js";

const SESSION_KEY = "cercle.session";
const SEAT_KEY = "cercle.seat";
const LOG_PREFIX = "cercle.log.";
export const LOG_KEPT = 200;

export interface SavedSession {
  readonly token: string;
  /** Traded by the client for a new pair when the access token (1 h) expires. */
  readonly refreshToken?: string;
  readonly playerId: string;
  readonly name: string;
}

export interface SavedSeat {
  readonly roomId: string;
  readonly gameId: string;
  readonly spectator: boolean;
  /** The seq of the last update seen (decimal string: JSON has no bigint). */
  readonly seq: string;
  /** Its resume cursor (opaque, from the server): the table follows from it. */
  readonly cursor?: string;
}

function read<T>(storage: Storage, key: string): T | undefined {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full storage: the page still works, without resuming.
  }
}

export const loadSession = (): SavedSession | undefined => read<SavedSession>(localStorage, SESSION_KEY);
export const saveSession = (session: SavedSession): void => write(localStorage, SESSION_KEY, session);
export const forgetSession = (): void => localStorage.removeItem(SESSION_KEY);

export const loadSeat = (): SavedSeat | undefined => read<SavedSeat>(localStorage, SEAT_KEY);
export const saveSeat = (seat: SavedSeat): void => write(localStorage, SEAT_KEY, seat);

export function saveCursor(roomId: string, seq: bigint, cursor: string): void {
  const seat = loadSeat();
  if (seat?.roomId === roomId) saveSeat({ ...seat, seq: seq.toString(), cursor });
}

export function forgetSeat(): void {
  const seat = loadSeat();
  localStorage.removeItem(SEAT_KEY);
  if (seat) sessionStorage.removeItem(LOG_PREFIX + seat.roomId);
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export function saveLog(roomId: string, events: readonly Event[]): void {
  write(sessionStorage, LOG_PREFIX + roomId, events.slice(-LOG_KEPT).map((e) => toBase64(toBinary(EventSchema, e))));
}

export function loadLog(roomId: string): Event[] {
  const saved = read<string[]>(sessionStorage, LOG_PREFIX + roomId) ?? [];
  const events: Event[] = [];
  for (const item of saved) {
    try {
      events.push(fromBinary(EventSchema, fromBase64(item)));
    } catch {
      // A damaged entry: skip it.
    }
  }
  return events;
}

const DEVICE_KEY = "cercle.device";

/** This browser's device id (AuthenticateDevice): 16 random bytes in hex, drawn once. */
export function deviceId(): string {
  const known = read<string>(localStorage, DEVICE_KEY);
  if (known) return known;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  write(localStorage, DEVICE_KEY, id);
  return id;
}
