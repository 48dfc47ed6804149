// The JS side of a search's SQL: functions that test a candidate row against what SQL cannot say
// (field tests on the card's document, and the free words where no FTS index drives the query).
// Each search registers its games' tests under a key never used again, passes the key to its
// statements, and drops it when done; the functions are registered once per connection.

import type { CardDocument } from '../../card-schema/system/format';
import type { CardTest, TextTerm } from '../../card-schema/search/query';
import { cardTestsHold } from '../../card-schema/search/field-tests';
import { termOccurs } from '../../card-schema/search/term-match';
import { searchTokens } from '../../card-schema/search/tokens';
import { freeTextOf, indexedTestsHold, type IndexedTest } from '../../card-schema/search/field-index';
import type { SqliteDatabase } from './sqlite';
import { fitsIdentityRules, type PoolIdentityRule } from '../../card-schema/deck/pool-identity';

export interface RowTests {
  fields: readonly CardTest[];
  /** The deck builder's identity rules against the deck's leader (card-schema/deck/pool-identity.ts). */
  identity?: readonly PoolIdentityRule[];
  include: readonly TextTerm[];
  exclude: readonly TextTerm[];
  /** Field tests the field index answers (checked on the search text where no FTS index drives the query). */
  indexed?: readonly IndexedTest[];
}

const registered = new Map<number, RowTests>();
let nextKey = 1;

function testsOf(key: unknown): RowTests {
  const tests = typeof key === 'number' || typeof key === 'bigint' ? registered.get(Number(key)) : undefined;
  if (!tests) throw new Error(`No search is registered under key ${String(key)}`);
  return tests;
}

/** Registers a search's tests while `work` runs. */
export function withRowTests<T>(tests: readonly RowTests[], work: (keys: number[]) => T): T {
  const keys = tests.map((test) => {
    const key = nextKey++;
    registered.set(key, test);
    return key;
  });
  try {
    return work(keys);
  } finally {
    for (const key of keys) registered.delete(key);
  }
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Adds the search functions to a connection (once per connection; harmless again). */
export function registerSearchFunctions(db: SqliteDatabase): void {
  const options = { deterministic: true };
  /** The card's document passes every field test (and every identity rule, for the deck pool). */
  db.function('cardwright_fields', options, (key: unknown, doc: unknown) => {
    const tests = testsOf(key);
    const card = JSON.parse(asText(doc)) as CardDocument;
    return cardTestsHold(card, tests.fields) && (!tests.identity || fitsIdentityRules(tests.identity, card)) ? 1 : 0;
  });
  /** The same on some top-level fields: pairs of a field name and its JSON (NULL when absent). */
  db.function('cardwright_field_parts', { ...options, varargs: true }, (key: unknown, ...parts: unknown[]) => {
    // No prototype: a field named like an Object.prototype member is an ordinary key here.
    const doc = Object.create(null) as Record<string, unknown>;
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const json = parts[i + 1];
      if (typeof json === 'string') doc[asText(parts[i])] = JSON.parse(json);
    }
    return cardTestsHold(doc as CardDocument, testsOf(key).fields) ? 1 : 0;
  });
  /** Every free word is in the name (relevance tier 0 is the names that also start with them). */
  db.function('cardwright_in_name', options, (key: unknown, name: unknown) => {
    const tokens = searchTokens(asText(name));
    return testsOf(key).include.every((term) => termOccurs(tokens, term)) ? 1 : 0;
  });
  /** Every free word and no excluded one is in the name or the search text (FTS5's answer, per row). */
  db.function('cardwright_text', options, (key: unknown, name: unknown, searchText: unknown) => {
    const { include, exclude } = testsOf(key);
    const nameTokens = searchTokens(asText(name));
    const textTokens = searchTokens(freeTextOf(asText(searchText)));
    const has = (term: TextTerm) => termOccurs(nameTokens, term) || termOccurs(textTokens, term);
    return include.every(has) && !exclude.some(has) ? 1 : 0;
  });
  /** The card's field index passes the field tests it answers. */
  db.function('cardwright_indexed', options, (key: unknown, searchText: unknown) =>
    indexedTestsHold(asText(searchText), testsOf(key).indexed ?? []) ? 1 : 0,
  );
  /** No excluded word is in the name or the search text. */
  db.function('cardwright_not_excluded', options, (key: unknown, name: unknown, searchText: unknown) => {
    const { exclude } = testsOf(key);
    if (exclude.length === 0) return 1;
    const nameTokens = searchTokens(asText(name));
    const textTokens = searchTokens(freeTextOf(asText(searchText)));
    return exclude.some((term) => termOccurs(nameTokens, term) || termOccurs(textTokens, term)) ? 0 : 1;
  });
}
