// ajv's built-in `uniqueItems` compares every pair of items unless the schema declares a scalar
// item type: 40,000 strings took 11 s. This replacement keys each item by its canonical JSON in
// a Set, so any array is checked in linear time (objects compare regardless of key order).

import { _, type KeywordCxt } from 'ajv/dist/2020.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';

/** JSON text with object keys sorted, so equal JSON values give equal keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export function hasDuplicateItems(items: readonly unknown[]): boolean {
  const seen = new Set<unknown>();
  for (const item of items) {
    // Primitives are their own keys (the typeof prefix keeps 1 and "1" apart).
    const key = item !== null && typeof item === 'object' ? canonicalJson(item) : `${typeof item}:${String(item)}`;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/** How cached validator code (compiled-schemas.ts) names hasDuplicateItems; its loader resolves the name. */
export const UNIQUE_ITEMS_MODULE = 'cardwright/unique-items';

export function useLinearUniqueItems(ajv: Ajv2020): void {
  ajv.removeKeyword('uniqueItems');
  // Generated code calling a named helper (not a `validate` function) so the validator can be
  // written out as standalone code and loaded without compiling its schema again.
  ajv.addKeyword({
    keyword: 'uniqueItems',
    type: 'array',
    schemaType: 'boolean',
    code(cxt: KeywordCxt) {
      if (cxt.schema !== true) return;
      const duplicates = cxt.gen.scopeValue('func', {
        ref: hasDuplicateItems,
        code: _`require(${UNIQUE_ITEMS_MODULE}).hasDuplicateItems`,
      });
      cxt.fail(_`${duplicates}(${cxt.data})`);
    },
  });
}
