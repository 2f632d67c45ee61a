/**
 * A game's page module that needs no code of its own: the view's fields as a list, every
 * legal action as a button (the table's), actions and events in the words of the game's
 * catalogue (`<id>-act-<kind>` and `<id>-ev-<kind>` in i18n/locales/<lang>/<id>.ftl, the
 * variables being the message's fields in snake_case, and `who` for a `seat`).
 * `tools/new_game.py` writes a game's `games/<id>.ts` with it; a game grows its own drawing
 * by replacing that file, as the shipped games did.
 */

import type { Action, Event, View } from "../../../ts/src/index.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import type { Drawn, GameId, GameUi, Names } from "./types.js";

type Fields = Readonly<Record<string, unknown>>;
type Args = Record<string, string | number>;

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A message's scalar fields as Fluent variables (lists joined), `who` for its `seat`. */
function args(value: unknown, names: Names): Args {
  const out = fields(value);
  const seat = (value as Fields | undefined)?.["seat"];
  if (typeof seat === "number") out["who"] = names.seat(seat);
  return out;
}

/** A message's scalar fields, by their names in snake_case (lists joined). */
function fields(value: unknown): Args {
  const out: Args = {};
  for (const [key, field] of Object.entries((value ?? {}) as Fields)) {
    if (key.startsWith("$")) continue;
    if (typeof field === "number" || typeof field === "string") out[snake(key)] = field;
    else if (typeof field === "boolean") out[snake(key)] = field ? "yes" : "no";
    else if (Array.isArray(field)) out[snake(key)] = field.join(", ");
  }
  return out;
}

/** The page module of game `id`, whose quick matches seat `usualPlayers`. */
export function genericGame(id: GameId, usualPlayers: number): GameUi<Fields> {
  return {
    id,
    usualPlayers,
    view(view: View | undefined): Fields | undefined {
      return view?.game.case === id ? (view.game.value as unknown as Fields) : undefined;
    },
    table(view: Fields): Drawn {
      const rows = Object.entries(fields(view));
      const list = el("dl", { className: `generic-table ${id}-table` });
      for (const [key, value] of rows) list.append(el("dt", {}, key), el("dd", {}, String(value)));
      return { nodes: [list], offered: new Set<Action>() };
    },
    seatLines(): string[] {
      return [];
    },
    turn(view: Fields): number | undefined {
      const turn = view["turn"];
      return typeof turn === "number" ? turn : undefined;
    },
    hint(): string {
      return t(`${id}-hint`);
    },
    label(action: Action, _view: Fields | undefined, names: Names): string {
      const inner = (action.game.value as { action?: { case?: string; value?: unknown } } | undefined)?.action;
      if (inner?.case === undefined) return "?";
      return t(`${id}-act-${snake(inner.case)}`, args(inner.value, names));
    },
    narrate(event: Event, names: Names): string | undefined {
      if (event.event.case !== id) return undefined;
      const inner = (event.event.value as { event?: { case?: string; value?: unknown } }).event;
      if (inner?.case === undefined) return undefined;
      return t(`${id}-ev-${snake(inner.case)}`, args(inner.value, names));
    },
  };
}
