// Every regular expression a game-system schema declares (`pattern` values and
// `patternProperties` keys) must run on the linear-time engine; a pattern that needs
// backtracking (backreferences, lookaround) is refused at load with its JSON path.

import { pointerChild } from '../../card-schema/system/resolve-schema';
import { unsupportedPatternReason } from './linear-regexp';

export interface PatternProblem {
  path: string;
  reason: string;
}

/** Keywords whose values are data, not schemas: a "pattern" key inside them is no regex. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
/** Keywords whose values map names (any name, even "enum") to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** The first pattern RE2 cannot run, with its JSON pointer; assumes the depth was checked. */
export function findUnsupportedPattern(schema: unknown, path = ''): PatternProblem | undefined {
  if (Array.isArray(schema))
    return firstProblem(
      schema.map((item, i) => [String(i), item]),
      path,
    );
  if (schema === null || typeof schema !== 'object') return undefined;
  for (const [key, value] of Object.entries(schema)) {
    const at = pointerChild(path, key);
    if (DATA_KEYWORDS.has(key)) continue;
    if (key === 'pattern' && typeof value === 'string') {
      const reason = unsupportedPatternReason(value);
      if (reason) return { path: at, reason };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (key === 'patternProperties') {
      for (const regex of Object.keys(value)) {
        const reason = unsupportedPatternReason(regex);
        if (reason) return { path: pointerChild(at, regex), reason };
      }
    }
    const found = SCHEMA_MAP_KEYWORDS.has(key) ? firstProblem(Object.entries(value), at) : findUnsupportedPattern(value, at);
    if (found) return found;
  }
  return undefined;
}

function firstProblem(entries: [string, unknown][], path: string): PatternProblem | undefined {
  for (const [key, schema] of entries) {
    const found = findUnsupportedPattern(schema, pointerChild(path, key));
    if (found) return found;
  }
  return undefined;
}
