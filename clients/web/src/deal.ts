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

/** One part of the derivation that does not hold. */
export interface DealProblem {
  /** Its catalogue message id (cli.ftl: `deal_problem_*`). */
  message: string;
  /** The seat concerned (0-based), if one is. */
  seat?: number;
}

export interface DealCheck {
  /** The seed was derived from contributions (false: an older match, nothing to check). */
  derived: boolean;
  ok: boolean;
  /** What does not hold: catalogue messages (cli.ftl `deal_problem_*`), with the seat concerned. */
  problems: DealProblem[];
  /** The seats whose player's client contributed. */
  players: number[];
}

const same = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export function checkDeal(match: ReplayMatch): DealCheck {
  const deal = match.deal;
  if (!deal) return { derived: false, ok: true, problems: [], players: [] };
  const problems: DealProblem[] = [];
  const secret = deal.serverSecret;
  if (secretCommitment(secret) !== deal.serverCommitment.trim().toLowerCase()) problems.push({ message: "deal_problem_commitment" });
  const parts = [...deal.contributions].sort((a, b) => a.seat - b.seat);
  if (parts.length !== match.players || parts.some((c, i) => c.seat !== i)) problems.push({ message: "deal_problem_seats" });
  const players: number[] = [];
  for (const c of parts) {
    if (c.source === DealContributionSource.SERVER) {
      if (!same(c.contribution, drawnContribution(secret, c.seat))) problems.push({ message: "deal_problem_drawn", seat: c.seat });
    } else if (c.source === DealContributionSource.PLAYER) {
      players.push(c.seat);
    } else {
      problems.push({ message: "deal_problem_source", seat: c.seat });
    }
  }
  if (deriveSeed(secret, parts.map((c) => c.contribution)) !== match.seed) problems.push({ message: "deal_problem_seed" });
  return { derived: true, ok: problems.length === 0, problems, players };
}
