// What the studio's board, pack and symbol edits share: an edit's outcome (the next files, or
// a refusal with one sentence at the field it concerns), the shape of a problem in the files as
// they are, and the checks and helpers for ids and JSON lists.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { GAME_ID, GAME_ID_RULE, isObject, type GameFileMap, type Json } from './game-files';

/** An edit's outcome: the files after it, or why it was refused and at which field. */
export type EditResult = { ok: true; files: GameFileMap } | { ok: false; field: string; message: string };

/** Something wrong in the files as they are, at a field ("zones.2.id", "packs.0.slots.1.count"). */
export interface PlayProblem {
  field: string;
  message: string;
}

export const done = (files: GameFileMap): EditResult => ({ ok: true, files });
export const refuse = (field: string, message: string): EditResult => ({ ok: false, field, message });
/** The objects of a JSON list (anything else in it, or a non-list, is skipped). */
export const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

export const withoutKey = (object: Json, key: string): Json => {
  const copy = { ...object };
  delete copy[key];
  return copy;
};

/** Why `id` cannot name a new thing in `taken` (or undefined when it can). */
export function idProblem(id: string, taken: readonly unknown[], what: string): string | undefined {
  if (id === '') return `Give the ${what} an id.`;
  if (!GAME_ID.test(id) || id.length > 60) return `“${id}” cannot be an id: use ${GAME_ID_RULE}.`;
  if (taken.includes(id)) return `The game has a ${what} “${id}” already.`;
  return undefined;
}

/** "Hang lanterns!" → "hang-lanterns": an id from a name. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
