// Walks a game's JSON Schema the way JSON Schema reads it, so load-time checks (patterns,
// reminder templates) see every subschema and nothing that only looks like one: values of
// data keywords (`const`, `enum`, ...) are skipped, and the names in `properties` and `$defs`
// are names, not keywords. Assumes the depth was checked.

import { pointerChild } from '../../card-schema/system/resolve-schema';

export interface SchemaProblem {
  /** JSON pointer of the offending value. */
  path: string;
  reason: string;
}

/** Checks one schema object found at `path`. */
export type SchemaCheck = (schema: Record<string, unknown>, path: string) => SchemaProblem | undefined;

/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
/** Keywords whose values map names (any name, even "enum") to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** The first problem `check` finds in `schema` or any schema inside it, depth first. */
export function findInSchema(schema: unknown, check: SchemaCheck, path = ''): SchemaProblem | undefined {
  if (Array.isArray(schema)) return firstIn(Object.entries(schema), check, path);
  if (schema === null || typeof schema !== 'object') return undefined;
  const node = schema as Record<string, unknown>;
  const found = check(node, path);
  if (found) return found;
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(key) || value === null || typeof value !== 'object') continue;
    const at = pointerChild(path, key);
    const inner = SCHEMA_MAP_KEYWORDS.has(key) ? findInSchemas(value, check, at) : findInSchema(value, check, at);
    if (inner) return inner;
  }
  return undefined;
}

/** The first problem in a map of named schemas (a `$defs`, a game's shared definitions). */
export function findInSchemas(schemas: object, check: SchemaCheck, path = ''): SchemaProblem | undefined {
  return firstIn(Object.entries(schemas), check, path);
}

function firstIn(entries: [string, unknown][], check: SchemaCheck, path: string): SchemaProblem | undefined {
  for (const [key, schema] of entries) {
    const found = findInSchema(schema, check, pointerChild(path, key));
    if (found) return found;
  }
  return undefined;
}
