/**
 * Room options between their typed message and names: a game's options are its own message
 * in RoomOptions (`TamashiiOptions`...), one field per option, named as ListGames'
 * `OptionInfo.name`. `roomOptions` types what a player or a form gives by name, from the
 * generated descriptors, so no game's option list is written in a client (as the Python
 * SDK's clients/options.py).
 */

import { create, type DescField, type DescMessage, isMessage, ScalarType } from "@bufbuild/protobuf";

import { type RoomOptions, RoomOptionsSchema } from "./gen/cercle/v1/common_pb.js";

/** An option's value by name: a number, true/false, an enum's number or name, or text. */
export type OptionInput = string | number | bigint | boolean;

/** Whether `value` is a RoomOptions message (rather than options by name). */
export function isRoomOptions(value: unknown): value is RoomOptions {
  return isMessage(value, RoomOptionsSchema);
}

function optionsMessage(gameId: string): DescMessage {
  const field = RoomOptionsSchema.fields.find((f) => f.name === gameId);
  if (field?.fieldKind !== "message") throw new Error(`there is no game called "${gameId}"`);
  return field.message;
}

function enumPrefix(field: DescField & { fieldKind: "enum" }): string {
  return field.enum.name.replace(/(?<!^)(?=[A-Z])/g, "_").toUpperCase() + "_";
}

function typedOption(gameId: string, field: DescField, value: OptionInput): number | boolean {
  const where = `option ${field.name} of ${gameId}`;
  const text = String(value).trim();
  if (field.fieldKind === "enum") {
    if (typeof value === "number" || typeof value === "bigint") return Number(value);
    const upper = text.toUpperCase();
    const found = field.enum.values.find((v) => v.number !== 0 && (v.name === upper || v.name === enumPrefix(field) + upper));
    if (!found) throw new Error(`${where} takes one of ${field.enum.values.filter((v) => v.number).map((v) => v.name).join(", ")}`);
    return found.number;
  }
  if (field.fieldKind === "scalar" && field.scalar === ScalarType.BOOL) {
    if (typeof value === "boolean") return value;
    if (text.toLowerCase() === "true" || text.toLowerCase() === "false") return text.toLowerCase() === "true";
    throw new Error(`${where} takes true or false`);
  }
  if (typeof value === "boolean" || !/^-?\d+$/.test(text)) throw new Error(`${where} takes a whole number`);
  return Number(text);
}

/**
 * A game's typed room options from name → value, typed by the game's options message (its
 * fields are named as ListGames' `OptionInfo.name`): `roomOptions("tamashii", { level: "easy",
 * memory_aid: true })`. An enum takes its number, its full name or the part after the enum's
 * prefix (`EASY`). Options left out stay unset: the server takes their defaults. Throws for a
 * name the game lacks or a value of the wrong type (the server checks the bounds).
 */
export function roomOptions(gameId: string, raw: Record<string, OptionInput> = {}): RoomOptions {
  const options = create(RoomOptionsSchema);
  const entries = Object.entries(raw);
  if (entries.length === 0) return options;
  const message = optionsMessage(gameId);
  const init: Record<string, number | boolean> = {};
  for (const [name, value] of entries) {
    const field = message.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${gameId} has no option "${name}" (it has ${message.fields.map((f) => f.name).join(", ")})`);
    init[field.localName] = typedOption(gameId, field, value);
  }
  (options as { game: unknown }).game = { case: gameId, value: create(message, init as never) };
  return options;
}

/** The options a room has set, by field name, an enum by its short name (`{ level: "EASY",
 * memory_aid: false }`); a first player left to chance is absent. */
export function plainOptions(options: RoomOptions | undefined): Record<string, number | boolean | string> {
  const out: Record<string, number | boolean | string> = {};
  const game = options?.game;
  if (!game?.case || !game.value) return out;
  const values = game.value as unknown as Record<string, unknown>;
  for (const field of optionsMessage(game.case).fields) {
    const value = values[field.localName];
    if (value === undefined) continue;
    if (field.fieldKind === "enum") {
      const known = field.enum.values.find((v) => v.number === value);
      out[field.name] = known ? known.name.slice(enumPrefix(field).length) : Number(value);
    } else {
      out[field.name] = value as number | boolean;
    }
  }
  return out;
}

