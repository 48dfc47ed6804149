// Game-system file migrations: a system.json written for an older format version is brought up
// to GAME_SYSTEM_FORMAT_VERSION step by step before it is validated, so designers' files and
// shared bundles keep loading when the format changes. Pure functions over parsed JSON.

import { GAME_SYSTEM_FORMAT_VERSION } from './format';

type JsonObject = Record<string, unknown>;

/** Step N turns a version-N file into a version-(N+1) file. */
const STEPS: Record<number, (file: JsonObject) => JsonObject> = {
  // v1 counted copy limits by card id; v2 counts by name unless told otherwise.
  1: (file) => {
    const deck = file.deck as JsonObject | undefined;
    const rules = Array.isArray(deck?.rules) ? (deck.rules as unknown[]) : undefined;
    if (!deck || !rules) return { ...file, formatVersion: 2 };
    const migrated = rules.map((rule) =>
      isObject(rule) && rule.kind === 'copyLimit' && rule.countBy === undefined ? { ...rule, countBy: 'id' } : rule,
    );
    return { ...file, formatVersion: 2, deck: { ...deck, rules: migrated } };
  },
  // v3 only added constructs (identity rules, copy limits by fields, alternative section sizes,
  // ban and restricted lists by card match); every v2 construct keeps its meaning as a v3
  // shorthand (countBy, name lists), so a v2 file is a v3 file as it stands.
  2: (file) => ({ ...file, formatVersion: 3 }),
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class FormatVersionError extends Error {}

/**
 * Returns the file at the current format version. Files without a numeric formatVersion are
 * returned untouched (validation reports that); files from a newer Cardwright are refused.
 */
export function migrateSystemFile(raw: unknown): unknown {
  if (!isObject(raw) || typeof raw.formatVersion !== 'number' || !Number.isInteger(raw.formatVersion)) return raw;
  if (raw.formatVersion > GAME_SYSTEM_FORMAT_VERSION) {
    throw new FormatVersionError(
      `formatVersion ${raw.formatVersion} is newer than this Cardwright understands (${GAME_SYSTEM_FORMAT_VERSION}); update Cardwright to load it`,
    );
  }
  let file = raw;
  for (let version = raw.formatVersion; version < GAME_SYSTEM_FORMAT_VERSION; version++) {
    const step = STEPS[version];
    if (!step) return file; // below the oldest known version: validation reports it
    file = step(file);
  }
  return file;
}
