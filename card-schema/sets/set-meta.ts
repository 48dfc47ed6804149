// A card set's metadata as designers edit it (name, code, version, author, license,
// description): the limits, the problems a form shows before asking the backend, and how set
// names and codes are compared. Names and codes are unique within a game whatever their case and
// surrounding spaces, so two sets never look the same in a list or on a printed card.

export interface SetMeta {
  name: string;
  /** A short code printed on cards or used in lists ("CORE", "EXP-2"); may be empty. */
  code: string;
  version: string;
  author: string;
  license: string;
  description: string;
}

export type SetMetaField = keyof SetMeta;

/** The longest value of each field, in characters. */
export const SET_META_MAX: Readonly<Record<SetMetaField, number>> = {
  name: 200,
  code: 16,
  version: 40,
  author: 200,
  license: 200,
  description: 5_000,
};

/** Letters, digits and `.`, `-`, `_`, starting with a letter or digit. */
export const SET_CODE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;
export const SET_CODE_RULE = 'may hold letters, digits, ".", "-" and "_", starting with a letter or digit';

/** How two set names are compared: trimmed, in one Unicode form, without case. */
export function setNameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

/**
 * `name` (trimmed) when no name in `taken` has its key, else the first free "name (2)",
 * "name (3)", …; a name that already ends in " (n)" counts on from n.
 */
export function freeSetName(name: string, taken: Iterable<string>): string {
  const keys = new Set([...taken].map(setNameKey));
  const wanted = name.trim();
  if (!keys.has(setNameKey(wanted))) return wanted;
  const numbered = /^(.*\S)\s*\((\d{1,6})\)$/.exec(wanted);
  const base = numbered ? numbered[1] : wanted;
  for (let n = numbered ? Number(numbered[2]) + 1 : 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, SET_META_MAX.name - suffix.length).trimEnd()}${suffix}`;
    if (!keys.has(setNameKey(candidate))) return candidate;
  }
}

/** How two set codes are compared: trimmed, in one Unicode form, without case ("core" is "CORE"). */
export function setCodeKey(code: string): string {
  return code.trim().normalize('NFC').toLowerCase();
}

/**
 * `code` (trimmed) when no code in `taken` has its key, else the first free "CODE-2", "CODE-3", …
 * (shortened to fit SET_META_MAX.code). An empty code is never taken: a set need not have one.
 */
export function freeSetCode(code: string, taken: Iterable<string>): string {
  const wanted = code.trim();
  const keys = new Set([...taken].map(setCodeKey));
  if (wanted === '' || !keys.has(setCodeKey(wanted))) return wanted;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${wanted.slice(0, SET_META_MAX.code - suffix.length)}${suffix}`;
    if (!keys.has(setCodeKey(candidate))) return candidate;
  }
}

/** What is wrong with each field, for a form to show beside it (empty when nothing is). */
export function setMetaProblems(meta: Partial<SetMeta>): Partial<Record<SetMetaField, string>> {
  const problems: Partial<Record<SetMetaField, string>> = {};
  for (const field of Object.keys(SET_META_MAX) as SetMetaField[]) {
    const value = meta[field];
    if (value === undefined) continue;
    if (value.length > SET_META_MAX[field]) problems[field] = `at most ${SET_META_MAX[field]} characters`;
    else if (field !== 'description' && /[\r\n]/.test(value)) problems[field] = 'must be one line';
  }
  if (meta.name !== undefined && meta.name.trim() === '' && !problems.name) problems.name = 'give the set a name';
  const code = meta.code?.trim();
  if (code && !problems.code && !SET_CODE_PATTERN.test(code)) problems.code = SET_CODE_RULE;
  return problems;
}
