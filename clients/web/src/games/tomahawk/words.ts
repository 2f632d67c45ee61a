/**
 * Tomahawk's closed vocabularies as message ids of the shared catalogues
 * (i18n/locales/<lang>/tomahawk.ftl and cli.ftl, the CLI's ids): one table per generated enum,
 * keyed by its values, so the compiler checks that every value has its message (a value
 * added to the contract is a type error here until it is named).
 */

import {
  TomahawkCardKind,
  TomahawkColour,
  TomahawkDrawReason,
  TomahawkPassReason,
  TomahawkPenaltyReason,
  TomahawkPhase,
  TomahawkReturnedBy,
  type TomahawkCardFace,
  type TomahawkView,
} from "../../../../ts/src/index.js";
import { type Args, t } from "../../i18n.js";
import { of, type Table } from "../../words.js";

/** A card kind: its message, a symbol (characters DejaVu Sans has, so every machine draws
 * them; never an initial, which would be ambiguous: B is Bear, Bison and Bow), whether it
 * has no colour, and whether
 * a colour agrees with it in the feminine (French « Plume blanche »; clients/render.py's
 * TT_COLOURLESS and TT_FEMININE). */
interface Kind {
  readonly id: `tt-kind-${string}` | "web-kind-unspecified";
  readonly glyph: string;
  readonly colourless?: true;
  readonly feminine?: true;
}

const KINDS: Table<TomahawkCardKind, Kind> = {
  [TomahawkCardKind.UNSPECIFIED]: { id: "web-kind-unspecified", glyph: "?" },
  [TomahawkCardKind.BISON]: { id: "tt-kind-bison", glyph: "♉" },
  [TomahawkCardKind.EAGLE]: { id: "tt-kind-eagle", glyph: "➶" },
  [TomahawkCardKind.WOLF]: { id: "tt-kind-wolf", glyph: "♘" },
  [TomahawkCardKind.BEAR]: { id: "tt-kind-bear", glyph: "♣" },
  [TomahawkCardKind.TIPI]: { id: "tt-kind-tipi", glyph: "▲" },
  [TomahawkCardKind.FEATHER]: { id: "tt-kind-feather", glyph: "✎", feminine: true },
  [TomahawkCardKind.TOTEM]: { id: "tt-kind-totem", glyph: "⚚" },
  [TomahawkCardKind.BOW]: { id: "tt-kind-bow", glyph: "➹" },
  [TomahawkCardKind.CANOE]: { id: "tt-kind-canoe", glyph: "◡" },
  [TomahawkCardKind.SUN]: { id: "tt-kind-sun", glyph: "☀" },
  [TomahawkCardKind.SHERIFF_1]: { id: "tt-kind-sheriff_1", glyph: "★+1" },
  [TomahawkCardKind.SHERIFF_2]: { id: "tt-kind-sheriff_2", glyph: "★+2" },
  [TomahawkCardKind.SHERIFF_3]: { id: "tt-kind-sheriff_3", glyph: "★+3" },
  [TomahawkCardKind.SKIP]: { id: "tt-kind-skip", glyph: "⊘" },
  [TomahawkCardKind.REVERSE]: { id: "tt-kind-reverse", glyph: "⇄" },
  [TomahawkCardKind.SHIELD]: { id: "tt-kind-shield", glyph: "◈" },
  [TomahawkCardKind.DIAMOND]: { id: "tt-kind-diamond", glyph: "◆", colourless: true },
  [TomahawkCardKind.CALUMET]: { id: "tt-kind-calumet", glyph: "⚯", colourless: true },
  [TomahawkCardKind.SHAMAN]: { id: "tt-kind-shaman", glyph: "☽", colourless: true },
  [TomahawkCardKind.WHEEL]: { id: "tt-kind-wheel", glyph: "⟳", colourless: true },
};

/** A colour: its message (masculine and feminine agreement) and its CSS name (class
 * `.card.<css>` and `var(--<css>)`). */
interface Colour {
  readonly id: `tt-colour-${string}` | "web-colour-none";
  readonly feminine: `tt-colour_f-${string}` | "web-colour-none";
  readonly css: string;
}

const COLOURS: Table<TomahawkColour, Colour> = {
  [TomahawkColour.UNSPECIFIED]: { id: "web-colour-none", feminine: "web-colour-none", css: "colourless" },
  [TomahawkColour.RED]: { id: "tt-colour-red", feminine: "tt-colour_f-red", css: "red" },
  [TomahawkColour.BLUE]: { id: "tt-colour-blue", feminine: "tt-colour_f-blue", css: "blue" },
  [TomahawkColour.VIOLET]: { id: "tt-colour-violet", feminine: "tt-colour_f-violet", css: "violet" },
  [TomahawkColour.WHITE]: { id: "tt-colour-white", feminine: "tt-colour_f-white", css: "white" },
};

/** A message and its variables. */
type Words = readonly [id: string, args?: Args];

/** A phase: its name on the table, and the prompt when the table waits for the reader
 * (none when the match is over). */
const PHASES: Table<TomahawkPhase, { id: string; hint: (view: TomahawkView) => Words | undefined }> = {
  [TomahawkPhase.UNSPECIFIED]: { id: "web-phase-unspecified", hint: () => ["your_turn"] },
  [TomahawkPhase.PLAY]: { id: "tt-phase-play", hint: () => ["web-hint-play"] },
  [TomahawkPhase.NAME_COLOUR]: { id: "tt-phase-name_colour", hint: () => ["web-hint-name_colour"] },
  [TomahawkPhase.FACE_SHERIFF]: {
    id: "tt-phase-face_sheriff",
    hint: (v) => ["web-hint-face_sheriff", { n: v.pendingDraw }],
  },
  [TomahawkPhase.FACE_SKIP]: { id: "tt-phase-face_skip", hint: () => ["web-hint-face_skip"] },
  [TomahawkPhase.DRAWN]: { id: "tt-phase-drawn", hint: () => ["web-hint-drawn"] },
  [TomahawkPhase.MATCH_OVER]: { id: "tt-phase-match_over", hint: () => undefined },
  [TomahawkPhase.ROUND_OVER]: { id: "tt-phase-round_over", hint: () => ["web-hint-round_over"] },
};

/** Why cards were drawn, as the end of the sentence (empty for an ordinary turn's draw). */
export const DRAW_REASONS: Table<TomahawkDrawReason, `tt-why-${string}`> = {
  [TomahawkDrawReason.UNSPECIFIED]: "tt-why-turn",
  [TomahawkDrawReason.TURN]: "tt-why-turn",
  [TomahawkDrawReason.SHERIFF]: "tt-why-sheriff",
  [TomahawkDrawReason.RETURNED]: "tt-why-returned",
  [TomahawkDrawReason.SHERIF]: "tt-why-sherif",
  [TomahawkDrawReason.PENALTY]: "tt-why-penalty",
};

/** Why a turn ended without a card, as the end of the sentence (tt-why-turn: nothing). */
export const PASS_REASONS: Table<TomahawkPassReason, `tt-why-${string}`> = {
  [TomahawkPassReason.UNSPECIFIED]: "tt-why-turn",
  [TomahawkPassReason.KEPT_DRAWN_CARD]: "tt-why-kept_drawn_card",
  [TomahawkPassReason.NOTHING_TO_DRAW]: "tt-why-nothing_to_draw",
};

/** The card that sent an effect back. */
export const RETURNED_BY: Table<TomahawkReturnedBy, string> = {
  [TomahawkReturnedBy.UNSPECIFIED]: "web-by-unspecified",
  [TomahawkReturnedBy.SHIELD]: "tt-by-shield",
  [TomahawkReturnedBy.SHAMAN]: "tt-by-shaman",
};

/** The bad-faith claim punished. */
export const PENALTY_REASONS: Table<TomahawkPenaltyReason, string> = {
  [TomahawkPenaltyReason.UNSPECIFIED]: "web-penalty-unspecified",
  [TomahawkPenaltyReason.BAD_SHERIF]: "tt-penalty-bad_sherif",
  [TomahawkPenaltyReason.BAD_AGILITE]: "tt-penalty-bad_agilite",
};
/** Every message id the tables above name (for the tests). */
export const TOMAHAWK_TABLE_IDS: readonly string[] = [
  ...Object.values(KINDS).map((k) => k.id),
  ...Object.values(COLOURS).flatMap((c) => [c.id, c.feminine]),
  ...Object.values(PHASES).map((p) => p.id),
  ...[DRAW_REASONS, PASS_REASONS, RETURNED_BY, PENALTY_REASONS].flatMap((table) => Object.values(table)),
];

export function kindName(kind: TomahawkCardKind): string {
  return t(of(KINDS, kind, KINDS[TomahawkCardKind.UNSPECIFIED]).id);
}

export function glyph(kind: TomahawkCardKind): string {
  return of(KINDS, kind, KINDS[TomahawkCardKind.UNSPECIFIED]).glyph;
}

/** The colour's word ("no colour" when absent); `feminine` for a colour agreeing with a
 * feminine noun. */
export function colourWord(colour: TomahawkColour | undefined, feminine = false): string {
  const c = of(COLOURS, colour ?? TomahawkColour.UNSPECIFIED, COLOURS[TomahawkColour.UNSPECIFIED]);
  return t(feminine ? c.feminine : c.id);
}

/** The colour's CSS name ("colourless" when absent). */
export function colourCss(colour: TomahawkColour | undefined): string {
  return of(COLOURS, colour ?? TomahawkColour.UNSPECIFIED, COLOURS[TomahawkColour.UNSPECIFIED]).css;
}

export function phaseWord(phase: TomahawkPhase): string {
  return t(of(PHASES, phase, PHASES[TomahawkPhase.UNSPECIFIED]).id);
}

/** What the reader should do now, in `view`'s phase ("" when nothing). */
export function phaseHint(view: TomahawkView): string {
  const hint = of(PHASES, view.phase, PHASES[TomahawkPhase.UNSPECIFIED]).hint(view);
  return hint ? t(...hint) : "";
}

export function direction(value: number): string {
  return t(value >= 0 ? "tt-clockwise" : "tt-counter");
}

/** A card as the CLI says it: "red Bison" / « Bison rouge », "Wheel of Time". */
export function cardName(card: Pick<TomahawkCardFace, "kind" | "colour">): string {
  const kind = of(KINDS, card.kind, KINDS[TomahawkCardKind.UNSPECIFIED]);
  if (!card.colour || kind.colourless) return t(kind.id);
  return t("tt-card", { kind: t(kind.id), colour: colourWord(card.colour, kind.feminine) });
}
