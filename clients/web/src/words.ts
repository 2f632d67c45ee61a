/**
 * Tomahawk's closed vocabularies in the page's words: one table per generated enum, keyed by
 * its values, so the compiler checks that every value has its words (a value added to the
 * contract is a type error here until it is named).
 */

import {
  BotLevel,
  TomahawkCardKind,
  TomahawkColour,
  TomahawkDrawReason,
  TomahawkPassReason,
  TomahawkPenaltyReason,
  TomahawkPhase,
  TomahawkReturnedBy,
  TomahawkRoundEndReason,
  TomahawkSkipReason,
  type TomahawkCardFace,
  type TomahawkView,
} from "../../ts/src/index.js";

/** Every value of the enum `E` mapped to a `T`: a missing value does not compile. */
type Table<E extends number, T> = { readonly [K in E]: T };

/** A card kind: its name, and a short glyph (characters DejaVu Sans has, so every machine
 * draws them; the classic symbols show their initial). */
const KINDS: Table<TomahawkCardKind, { name: string; glyph: string }> = {
  [TomahawkCardKind.UNSPECIFIED]: { name: "?", glyph: "?" },
  [TomahawkCardKind.BISON]: { name: "Bison", glyph: "B" },
  [TomahawkCardKind.EAGLE]: { name: "Eagle", glyph: "E" },
  [TomahawkCardKind.WOLF]: { name: "Wolf", glyph: "W" },
  [TomahawkCardKind.BEAR]: { name: "Bear", glyph: "B" },
  [TomahawkCardKind.TIPI]: { name: "Tipi", glyph: "T" },
  [TomahawkCardKind.FEATHER]: { name: "Feather", glyph: "F" },
  [TomahawkCardKind.TOTEM]: { name: "Totem", glyph: "T" },
  [TomahawkCardKind.BOW]: { name: "Bow", glyph: "B" },
  [TomahawkCardKind.CANOE]: { name: "Canoe", glyph: "C" },
  [TomahawkCardKind.SUN]: { name: "Sun", glyph: "☀" },
  [TomahawkCardKind.SHERIFF_1]: { name: "Sheriff +1", glyph: "★+1" },
  [TomahawkCardKind.SHERIFF_2]: { name: "Sheriff +2", glyph: "★+2" },
  [TomahawkCardKind.SHERIFF_3]: { name: "Sheriff +3", glyph: "★+3" },
  [TomahawkCardKind.SKIP]: { name: "Skip", glyph: "⊘" },
  [TomahawkCardKind.REVERSE]: { name: "Reverse", glyph: "⇄" },
  [TomahawkCardKind.SHIELD]: { name: "Shield", glyph: "◈" },
  [TomahawkCardKind.DIAMOND]: { name: "Diamond", glyph: "◆" },
  [TomahawkCardKind.CALUMET]: { name: "Calumet", glyph: "⚯" },
  [TomahawkCardKind.SHAMAN]: { name: "Shaman", glyph: "☽" },
  [TomahawkCardKind.WHEEL]: { name: "Wheel of Time", glyph: "⟳" },
};

/** A colour: the word shown, and the CSS name (class `.card.<css>` and `var(--<css>)`). */
const COLOURS: Table<TomahawkColour, { word: string; css: string }> = {
  [TomahawkColour.UNSPECIFIED]: { word: "no colour", css: "colourless" },
  [TomahawkColour.RED]: { word: "red", css: "red" },
  [TomahawkColour.BLUE]: { word: "blue", css: "blue" },
  [TomahawkColour.VIOLET]: { word: "violet", css: "violet" },
  [TomahawkColour.WHITE]: { word: "white", css: "white" },
};

/** A phase: its name on the table, and the prompt when the table waits for the reader. */
const PHASES: Table<TomahawkPhase, { word: string; hint: (view: TomahawkView) => string }> = {
  [TomahawkPhase.UNSPECIFIED]: { word: "—", hint: () => "Your turn." },
  [TomahawkPhase.PLAY]: { word: "play", hint: () => "Your turn: play a card (or draw if you cannot)." },
  [TomahawkPhase.NAME_COLOUR]: { word: "name the colour", hint: () => "Your turn: name the colour." },
  [TomahawkPhase.FACE_SHERIFF]: {
    word: "facing a Sheriff",
    hint: (v) => `A Sheriff: answer with a Sheriff or a Shield, or take ${v.pendingDraw} cards.`,
  },
  [TomahawkPhase.FACE_SKIP]: { word: "facing a Skip", hint: () => "A Skip: answer with a Shield, or take it." },
  [TomahawkPhase.DRAWN]: { word: "drawn card", hint: () => "Play the card you drew, or keep it." },
  [TomahawkPhase.MATCH_OVER]: { word: "match over", hint: () => "" },
};

/** Why cards were drawn ("" for an ordinary turn's draw: nothing to add). */
export const DRAW_REASONS: Table<TomahawkDrawReason, string> = {
  [TomahawkDrawReason.UNSPECIFIED]: "",
  [TomahawkDrawReason.TURN]: "",
  [TomahawkDrawReason.SHERIFF]: "a Sheriff draw",
  [TomahawkDrawReason.RETURNED]: "their own Sheriff, sent back",
  [TomahawkDrawReason.SHERIF]: "caught by SHÉRIF!",
  [TomahawkDrawReason.PENALTY]: "a penalty",
};

/** Why a turn was lost. */
export const SKIP_REASONS: Table<TomahawkSkipReason, string> = {
  [TomahawkSkipReason.UNSPECIFIED]: "",
  [TomahawkSkipReason.SKIP]: "took the Skip",
  [TomahawkSkipReason.RETURNED_SKIP]: "a Skip sent back",
};

/** The card that sent an effect back. */
export const RETURNED_BY: Table<TomahawkReturnedBy, string> = {
  [TomahawkReturnedBy.UNSPECIFIED]: "card",
  [TomahawkReturnedBy.SHIELD]: "Shield",
  [TomahawkReturnedBy.SHAMAN]: "Shaman",
};

/** Why a turn ended without a card, as a verb phrase after the seat. */
export const PASS_REASONS: Table<TomahawkPassReason, [verb: string, rest: string]> = {
  [TomahawkPassReason.UNSPECIFIED]: ["passes", ""],
  [TomahawkPassReason.KEPT_DRAWN_CARD]: ["keeps", " the drawn card"],
  [TomahawkPassReason.NOTHING_TO_DRAW]: ["passes", ": nothing to draw"],
};

/** The bad-faith claim punished. */
export const PENALTY_REASONS: Table<TomahawkPenaltyReason, string> = {
  [TomahawkPenaltyReason.UNSPECIFIED]: "a bad-faith claim",
  [TomahawkPenaltyReason.BAD_SHERIF]: "SHÉRIF! in bad faith",
  [TomahawkPenaltyReason.BAD_AGILITE]: "AGILITÉ! with a card that is not identical",
};

/** How a round ended (after "wins it" or instead of it). */
export const ROUND_END_REASONS: Table<TomahawkRoundEndReason, string> = {
  [TomahawkRoundEndReason.UNSPECIFIED]: "",
  [TomahawkRoundEndReason.EMPTY_HAND]: "an empty hand",
  [TomahawkRoundEndReason.BLOCKED]: "blocked: nobody could play or draw",
};

/** A bot's level. */
export const BOT_LEVELS: Table<BotLevel, string> = {
  [BotLevel.UNSPECIFIED]: "bot",
  [BotLevel.RANDOM]: "random",
  [BotLevel.STRONG]: "strong",
};

export function kindName(kind: TomahawkCardKind): string {
  return KINDS[kind]?.name ?? `kind ${kind}`;
}

export function glyph(kind: TomahawkCardKind): string {
  return KINDS[kind]?.glyph ?? "?";
}

/** The colour's word ("no colour" when absent). */
export function colourWord(colour: TomahawkColour | undefined): string {
  return COLOURS[colour ?? TomahawkColour.UNSPECIFIED]?.word ?? `colour ${colour}`;
}

/** The colour's CSS name ("colourless" when absent). */
export function colourCss(colour: TomahawkColour | undefined): string {
  return COLOURS[colour ?? TomahawkColour.UNSPECIFIED]?.css ?? "colourless";
}

export function phaseWord(phase: TomahawkPhase): string {
  return PHASES[phase]?.word ?? `phase ${phase}`;
}

/** What the reader should do now, in `view`'s phase. */
export function phaseHint(view: TomahawkView): string {
  return PHASES[view.phase]?.hint(view) ?? "Your turn.";
}

export function cardName(card: Pick<TomahawkCardFace, "kind" | "colour">): string {
  return card.colour ? `${colourWord(card.colour)} ${kindName(card.kind)}` : kindName(card.kind);
}
