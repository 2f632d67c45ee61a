/**
 * The replay's check of a deal no one chose (docs/api.md, "A deal no one chooses";
 * `DealDerivation` in game.proto): the revealed server secret against the commitment the
 * room published from its creation, each part the server drew for a seat against the
 * secret, and the match seed against the secret and every seat's part. Written from the
 * contract, as clients/deal_check.py is: the page checks what the server revealed itself.
 */

import { DealContributionSource, type ReplayMatch } from "../../ts/src/index.js";
import { hex, sha256 } from "./sha256.js";

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Each part as its 4-byte big-endian length, then its bytes. */
export function encodeParts(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const part of parts) {
    view.setUint32(at, part.length);
    out.set(part, at + 4);
    at += 4 + part.length;
  }
  return out;
}

export function secretCommitment(secret: Uint8Array): string {
  return hex(sha256(encodeParts([text("cercle.v1/deal-commitment"), secret])));
}

export function drawnContribution(secret: Uint8Array, seat: number): Uint8Array {
  return sha256(encodeParts([text("cercle.v1/drawn-contribution"), secret, text(String(seat))]));
}

export function deriveSeed(secret: Uint8Array, contributions: readonly Uint8Array[]): bigint {
  const digest = sha256(encodeParts([text("cercle.v1/deal-seed"), secret, text(String(contributions.length)), ...contributions]));
  return new DataView(digest.buffer).getBigUint64(0) >> 1n;
}

export interface DealCheck {
  /** The seed was derived from contributions (false: an older match, nothing to check). */
  derived: boolean;
  ok: boolean;
  /** What does not hold, in English (shown after the translated verdict). */
  problems: string[];
  /** The seats whose player's client contributed. */
  players: number[];
}

const same = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export function checkDeal(match: ReplayMatch): DealCheck {
  const deal = match.deal;
  if (!deal) return { derived: false, ok: true, problems: [], players: [] };
  const problems: string[] = [];
  const secret = deal.serverSecret;
  if (secretCommitment(secret) !== deal.serverCommitment.trim().toLowerCase()) problems.push("the secret revealed is not the one committed");
  const parts = [...deal.contributions].sort((a, b) => a.seat - b.seat);
  if (parts.length !== match.players || parts.some((c, i) => c.seat !== i)) problems.push("the contributions do not name every seat once");
  const players: number[] = [];
  for (const c of parts) {
    if (c.source === DealContributionSource.SERVER) {
      if (!same(c.contribution, drawnContribution(secret, c.seat))) problems.push(`seat ${c.seat}'s drawn part is not derived from the secret`);
    } else if (c.source === DealContributionSource.PLAYER) {
      players.push(c.seat);
    } else {
      problems.push(`seat ${c.seat}'s part has no source`);
    }
  }
  if (deriveSeed(secret, parts.map((c) => c.contribution)) !== match.seed) problems.push("the seed is not derived from the secret and the contributions");
  return { derived: true, ok: problems.length === 0, problems, players };
}
