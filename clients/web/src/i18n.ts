/**
 * The page's words: the same Project Fluent catalogues as the server and the CLI
 * (i18n/locales/<lang>/*.ftl), bundled as text at build time (build.mjs loads `.ftl` files
 * with esbuild's text loader; locales.generated.ts, written by tools/genweb.py, imports every
 * file there is), so nothing is fetched at run time. One FluentBundle per
 * language; a message a language lacks falls back to English.
 *
 * The language comes from `?lang=` or the browser's languages (BCP 47: `fr-CA` -> `fr`), and
 * the page's switch changes it live (setLanguage).
 */

import { FluentBundle, FluentNumber, FluentResource, type FluentVariable } from "@fluent/bundle";

import { type Language, LANGUAGES, SOURCES } from "./locales.generated.js";

export { type Language, LANGUAGES, SOURCES };
export const DEFAULT_LANGUAGE: Language = "en";

/** Values for a message's variables (`{ $name }`); whole numbers are shown ungrouped. */
export type Args = Readonly<Record<string, string | number>>;

function makeBundle(language: Language): FluentBundle {
  // No bidi isolation marks: the page shows left-to-right languages only, and the marks
  // would end up in titles and test assertions (the Python side does the same).
  const bundle = new FluentBundle(language, { useIsolating: false });
  for (const [file, text] of Object.entries(SOURCES[language])) {
    const errors = bundle.addResource(new FluentResource(text));
    if (errors.length > 0) throw new Error(`${language}/${file}: ${errors.map(String).join("; ")}`);
  }
  return bundle;
}

const bundles: { readonly [L in Language]: FluentBundle } = { en: makeBundle("en"), fr: makeBundle("fr") };

let current: Language = DEFAULT_LANGUAGE;

/** What went wrong while formatting (an unknown id, a missing variable): read by the tests
 * (the first PROBLEMS_KEPT only, so a long session does not grow it). */
export const problems: string[] = [];
const PROBLEMS_KEPT = 100;

function problem(text: string): void {
  if (problems.length < PROBLEMS_KEPT) problems.push(text);
}
/** Every message id asked for since the page started: read by the tests. */
export const used = new Set<string>();

export function language(): Language {
  return current;
}

export function setLanguage(lang: Language): void {
  current = lang;
}

export function isLanguage(tag: string): tag is Language {
  return (LANGUAGES as readonly string[]).includes(tag);
}

/**
 * The best language for BCP 47 tags in preference order: an exact match, else the same
 * language with another region (`fr-CA` -> `fr`), else English. Mirrors i18n.negotiate.
 */
export function negotiate(requested: readonly string[]): Language {
  for (const tag of requested) {
    const lowered = tag.trim().toLowerCase();
    if (isLanguage(lowered)) return lowered;
    const base = lowered.split("-")[0] ?? "";
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The page's language: `?lang=` when given, else the browser's preferences. */
export function pickLanguage(query: string | null, browser: readonly string[]): Language {
  return negotiate([...(query ? [query] : []), ...browser]);
}

function fluentArgs(args: Args): Record<string, FluentVariable> {
  const out: Record<string, FluentVariable> = {};
  for (const [name, value] of Object.entries(args)) {
    out[name] =
      typeof value === "number" && Number.isInteger(value) ? new FluentNumber(value, { useGrouping: false }) : value;
  }
  return out;
}

/** Message `id` in `lang` (English when `lang` lacks it; the id itself when nobody has it). */
export function format(lang: Language, id: string, args: Args = {}): string {
  used.add(id);
  for (const bundle of lang === DEFAULT_LANGUAGE ? [bundles.en] : [bundles[lang], bundles.en]) {
    const message = bundle.getMessage(id);
    if (!message?.value) continue;
    if (bundle !== bundles[lang]) problem(`${lang}: no message ${id} (English used)`);
    const errors: Error[] = [];
    const text = bundle.formatPattern(message.value, fluentArgs(args), errors);
    for (const error of errors) problem(`${lang}: ${id}: ${error.message}`);
    return text;
  }
  problem(`${lang}: no message ${id}`);
  return id;
}

/** Message `id` in the page's language. */
export function t(id: string, args: Args = {}): string {
  return format(current, id, args);
}

/** The message ids of a language's bundle (terms, `-name`, left out). */
export function messageIds(lang: Language): string[] {
  return Object.values(SOURCES[lang]).flatMap((text) =>
    new FluentResource(text).body.filter((entry) => !entry.id.startsWith("-")).map((entry) => entry.id),
  );
}

/** Whether `lang` itself has message `id` (no fallback). */
export function hasMessage(lang: Language, id: string): boolean {
  return bundles[lang].hasMessage(id);
}

/** Puts the words into the page's static elements: `data-l10n-id` (text content) and
 * `data-l10n-aria` (aria-label). */
export function localize(root: ParentNode & Node): void {
  for (const node of root.querySelectorAll<HTMLElement>("[data-l10n-id]")) {
    node.textContent = t(node.dataset.l10nId!);
  }
  for (const node of root.querySelectorAll<HTMLElement>("[data-l10n-aria]")) {
    node.setAttribute("aria-label", t(node.dataset.l10nAria!));
  }
}
