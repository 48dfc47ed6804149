// What the studio's edits of system.json's rules reference (glossary-edits.ts,
// optional-rule-edits.ts, reference-table-edits.ts) and Cockatrice export
// (cockatrice-export-edits.ts) share: their result, the schema's limits, and reading and writing
// one list of `reference` (a list left empty is removed, and `reference` once empty).

import { GAME_ID, GAME_ID_RULE, isObject, systemJson, withSystem, type GameFileMap, type Json } from './game-files';

export type ReferenceEditResult = { files: GameFileMap } | { problem: string };

/** game-system.schema.json's limits on what these forms write. */
export const REFERENCE_LIMITS = {
  idLength: 60,
  propNameLength: 60,
  propTemplateLength: 500,
  colorLetters: 5,
  /** Cockatrice's table rows: 0 lands, 1 other permanents (its default), 2 creatures, 3 instants and sorceries. */
  tableRows: [0, 1, 2, 3],
} as const;

export type ReferenceList = 'glossary' | 'optionalRules' | 'tables';

// --- Reading -------------------------------------------------------------------------------

function referenceOf(files: GameFileMap): Json {
  const reference = systemJson(files).reference;
  return isObject(reference) ? reference : {};
}

export function listOf(files: GameFileMap, key: ReferenceList): Json[] {
  const list = referenceOf(files)[key];
  // Non-objects read as empty items, so indices are the file's (such a file does not load anyway).
  return Array.isArray(list) ? list.map((item: unknown) => (isObject(item) ? item : {})) : [];
}

/** A value read as the text a form shows (missing: empty). */
export const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : String(value));

// --- Writing -------------------------------------------------------------------------------

/** Writes one list of `reference` (dropping it when empty, and `reference` with it). */
export function withList(files: GameFileMap, key: ReferenceList, list: readonly Json[]): GameFileMap {
  return withSystem(files, (system) => {
    const { [key]: _old, ...rest } = isObject(system.reference) ? system.reference : {};
    const reference: Json = list.length > 0 ? { ...rest, [key]: list } : rest;
    const { reference: _gone, ...others } = system;
    return Object.keys(reference).length > 0 ? { ...system, reference } : others;
  });
}

export function rawList(files: GameFileMap, key: ReferenceList): unknown[] {
  const list = referenceOf(files)[key];
  return Array.isArray(list) ? list : [];
}

/** Changes the list's object at `index`; a problem when there is none. */
export function changeItem(
  files: GameFileMap,
  key: ReferenceList,
  index: number,
  what: string,
  change: (item: Json) => Json | string,
): ReferenceEditResult {
  const list = rawList(files, key);
  const item = list[index];
  if (!isObject(item)) return { problem: `There is no ${what} ${index + 1}` };
  const changed = change(item);
  if (typeof changed === 'string') return { problem: changed };
  return { files: withList(files, key, list.map((other, at) => (at === index ? changed : other)) as Json[]) };
}

export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

export function moveItem(
  files: GameFileMap,
  key: ReferenceList,
  index: number,
  delta: number,
  what: string,
): ReferenceEditResult {
  const list = rawList(files, key);
  const to = index + delta;
  if (index < 0 || index >= list.length) return { problem: `There is no ${what} ${index + 1}` };
  if (to < 0 || to >= list.length) return { problem: `The ${what} is already ${delta < 0 ? 'first' : 'last'}` };
  return { files: withList(files, key, moved(list, index, to) as Json[]) };
}

export function removeItem(files: GameFileMap, key: ReferenceList, index: number, what: string): ReferenceEditResult {
  const list = rawList(files, key);
  if (index < 0 || index >= list.length) return { problem: `There is no ${what} ${index + 1}` };
  return { files: withList(files, key, list.filter((_, at) => at !== index) as Json[]) };
}

/** Why `id` cannot be the id of a new or renamed item beside `taken`, or undefined. */
export function idProblem(id: string, what: string, taken: readonly string[]): string | undefined {
  if (!GAME_ID.test(id)) return `The ${what}'s id is ${GAME_ID_RULE}`;
  if (id.length > REFERENCE_LIMITS.idLength) return `The ${what}'s id has at most ${REFERENCE_LIMITS.idLength} characters`;
  if (taken.includes(id)) return `Another ${what} has the id "${id}"`;
  return undefined;
}

/** `base-1`, `base-2` … the first id none of `taken` is. */
export function freeId(base: string, taken: readonly string[]): string {
  for (let n = taken.length + 1; ; n++) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}
