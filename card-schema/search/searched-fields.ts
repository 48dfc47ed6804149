// Which fields free-text search covers: a game declares it per field of a card type's schema with
// `"x-search": false` (left out, with everything below it) or `"x-search": true` (kept). Without
// a declaration, text is searched and what nobody types is not: image fields, strings whose
// `format` is a URL or UUID, and fields whose key names an id or a URL (`id`, `artId`, `imageUrl`,
// `source_url`). The search text (src-main/services/search-text.ts) and the FTS column mapping
// (src-main/store/search-fts.ts) both read this, so the index and the queries agree.

import type { CardDocument, GameSystem } from '../system/format';
import type { JsonSchema } from '../system/json-schema';
import { isImageField } from '../system/image-field';
import { resolveSchema } from '../system/resolve-schema';
import type { FieldPath } from './query';

export const SEARCH_KEYWORD = 'x-search';

/** String formats holding addresses or identifiers, not words. */
const UNSEARCHED_FORMATS = new Set(['uri', 'uri-reference', 'iri', 'iri-reference', 'uuid']);
/** Keys naming an id or an address: `id`, `url`, `uri`, or ending in Id, _id, Url, _url, Uri, _uri. */
const ID_LIKE_KEY = /^(id|url|uri)$|(Id|_id|Url|_url|Uri|_uri|ID|URL)$/;

const MAX_DEPTH = 12;
const MAX_NODES = 20_000;

/** A path as a map key (array items are '*'); cheap, as the search text looks up every field of every card. */
const keyOf = (path: FieldPath): string => path.join('\u0001');

/** Whether a field with this key is searched when its schema says nothing. */
export function searchedByKey(key: string): boolean {
  return !ID_LIKE_KEY.test(key);
}

/** What a schema node says of itself: false, true, or nothing (undefined). */
function declared(schema: JsonSchema): boolean | undefined {
  const flag: unknown = schema[SEARCH_KEYWORD];
  return typeof flag === 'boolean' ? flag : undefined;
}

function defaultOf(schema: JsonSchema, key: string | undefined): boolean {
  if (isImageField(schema)) return false;
  if (typeof schema.format === 'string' && UNSEARCHED_FORMATS.has(schema.format)) return false;
  return key === undefined || key === '*' || searchedByKey(key);
}

function schemaList(value: unknown): JsonSchema[] {
  return Array.isArray(value)
    ? value.filter((item): item is JsonSchema => item !== null && typeof item === 'object' && !Array.isArray(item))
    : [];
}

/** The decisions of one card type's schema, by path: false wins over true where variants differ. */
function decisionsOf(root: JsonSchema): Map<string, { path: FieldPath; searched: boolean }> {
  const decisions = new Map<string, { path: FieldPath; searched: boolean }>();
  const decide = (path: FieldPath, searched: boolean) => {
    const id = keyOf(path);
    if (decisions.get(id)?.searched !== false) decisions.set(id, { path, searched });
  };
  const queue: { schema: JsonSchema; path: FieldPath }[] = [{ schema: root, path: [] }];
  for (let next = 0; next < queue.length && next < MAX_NODES; next++) {
    const { schema, path } = queue[next];
    if (path.length > MAX_DEPTH) continue;
    let resolved: JsonSchema;
    try {
      resolved = resolveSchema(root, schema);
    } catch {
      continue; // a broken reference: the loader reports it
    }
    if (path.length > 0) {
      const flag = declared(schema) ?? declared(resolved);
      const searched = flag ?? (defaultOf(schema, path.at(-1)) && defaultOf(resolved, path.at(-1)));
      // Only what differs from the key's own default needs remembering, plus explicit choices.
      if (flag !== undefined || !searched) decide(path, searched);
      if (!searched) continue;
    }
    for (const variant of [...schemaList(resolved.oneOf), ...schemaList(resolved.anyOf), ...schemaList(resolved.allOf)]) {
      queue.push({ schema: variant, path });
    }
    if (resolved.properties) {
      for (const [key, property] of Object.entries(resolved.properties)) {
        if (property && typeof property === 'object') queue.push({ schema: property, path: [...path, key] });
      }
    }
    if (resolved.items && typeof resolved.items === 'object' && !Array.isArray(resolved.items)) {
      queue.push({ schema: resolved.items, path: [...path, '*'] });
    }
  }
  return decisions;
}

/** A game's searched fields, per card type. */
export interface SearchCoverage {
  /** Whether the value at `path` of a card of `cardType` is searched (its parents are checked by the caller's walk). */
  searched(cardType: string | undefined, path: FieldPath): boolean;
  /** Paths some card type leaves out: a field test on them cannot lean on the full-text index. */
  readonly unsearched: readonly FieldPath[];
}

const coverageBySystem = new WeakMap<GameSystem, SearchCoverage>();

export function searchCoverage(system: GameSystem): SearchCoverage {
  let coverage = coverageBySystem.get(system);
  if (coverage) return coverage;
  const byType = new Map(system.cardTypes.map((cardType) => [cardType.id, decisionsOf(cardType.schema)]));
  const unsearched = new Map<string, FieldPath>();
  for (const decisions of byType.values()) {
    for (const [id, { path, searched }] of decisions) if (!searched) unsearched.set(id, path);
  }
  coverage = {
    searched(cardType, path) {
      const decision = cardType === undefined ? undefined : byType.get(cardType)?.get(keyOf(path))?.searched;
      if (decision !== undefined) return decision;
      const key = path.at(-1);
      return key === undefined || key === '*' || searchedByKey(key);
    },
    unsearched: [...unsearched.values()],
  };
  coverageBySystem.set(system, coverage);
  return coverage;
}

/** True when `path` (or a field it lies in) is left out of the index by some card type, or by its key. */
export function unsearchedPath(unsearched: readonly FieldPath[], path: FieldPath): boolean {
  if (path.some((step) => step !== '*' && !searchedByKey(step))) return true;
  return unsearched.some((prefix) => prefix.length <= path.length && prefix.every((step, i) => step === path[i]));
}

/**
 * A fingerprint of what the game's search text is built from (the coverage and the labels it
 * adds): when it changes, the game's cards are indexed again (src-main/services/search-reindex.ts).
 */
export function searchFingerprint(system: GameSystem): string {
  const coverage = searchCoverage(system);
  return JSON.stringify({
    unsearched: coverage.unsearched.map((path) => keyOf(path)).sort(),
    searchedAgain: system.cardTypes.map((cardType) => [
      cardType.id,
      [...decisionsOf(cardType.schema).values()].filter((decision) => decision.searched).map(({ path }) => keyOf(path)),
    ]),
    types: system.cardTypes.map((cardType) => [cardType.id, cardType.label]),
    identity: system.identity ? [system.identity.field, system.identity.values.map((value) => [value.id, value.label])] : null,
  });
}

/** What is wrong with a schema node's own `x-search`, if anything (the loader names the place). */
export function searchFlagProblem(schema: JsonSchema): string | undefined {
  if (!Object.hasOwn(schema, SEARCH_KEYWORD)) return undefined;
  return typeof schema[SEARCH_KEYWORD] === 'boolean' ? undefined : 'x-search must be true or false';
}

/** The type of a document for the coverage lookup (an import may index a card before its type is checked). */
export function cardTypeOf(doc: CardDocument): string | undefined {
  const type: unknown = doc.type;
  return typeof type === 'string' ? type : undefined;
}
