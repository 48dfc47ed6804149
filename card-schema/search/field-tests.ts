// What a field clause means for one card: the evaluation of CardTest/FieldTest on a card document.
// The store runs it as the residual SQL function of every search (on each candidate row, so it is
// kept allocation-light), and the reference matcher uses it too, so both agree by construction.
//
//   text     some string at a path holds the term's tokens next to each other (the last one may
//            be the start of a longer token when the term is a prefix);
//   equals   some value equals one of the values (strings case-insensitively, others strictly);
//   compare  some number compares true.
// A path walks own keys only ('*' = every item of an array); an array found at the end of a path
// counts as its items.

import type { CardDocument } from '../system/format';
import type { CardTest, FieldPath, FieldTest } from './query';
import { termOccurs } from './term-match';
import { searchTokens } from './tokens';

export function cardTestsHold(doc: CardDocument, tests: readonly CardTest[]): boolean {
  for (const { test, negated } of tests) {
    if (fieldTestHolds(doc, test) === negated) return false;
  }
  return true;
}

export function fieldTestHolds(doc: CardDocument, test: FieldTest): boolean {
  for (const path of test.paths) {
    if (someValueAt(doc, path, 0, (value) => valueHolds(value, test))) return true;
  }
  return false;
}

/** Calls `check` on each value at `path` from `index` on; true as soon as one check is (the field index walks the same way). */
export function someValueAt(value: unknown, path: FieldPath, index: number, check: (value: unknown) => boolean): boolean {
  if (index === path.length) {
    if (!Array.isArray(value)) return check(value);
    for (const item of value) if (check(item)) return true;
    return false;
  }
  const step = path[index];
  if (step === '*') {
    if (!Array.isArray(value)) return false;
    for (const item of value) if (someValueAt(item, path, index + 1, check)) return true;
    return false;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, step)) return false;
  return someValueAt((value as Record<string, unknown>)[step], path, index + 1, check);
}

function valueHolds(value: unknown, test: FieldTest): boolean {
  switch (test.kind) {
    case 'text':
      return typeof value === 'string' && termOccurs(searchTokens(value), test.term);
    case 'equals':
      if (typeof value === 'string') return loweredValues(test).has(value.toLowerCase());
      return (typeof value === 'number' || typeof value === 'boolean') && test.values.includes(value);
    case 'compare':
      return typeof value === 'number' && compares(value, test.op, test.value);
  }
}

function compares(value: number, op: Extract<FieldTest, { kind: 'compare' }>['op'], bound: number): boolean {
  switch (op) {
    case '<':
      return value < bound;
    case '<=':
      return value <= bound;
    case '>':
      return value > bound;
    case '>=':
      return value >= bound;
    case '=':
      return value === bound;
    case '!=':
      return value !== bound;
  }
}

// The same test object is checked against every candidate of a search: its string values are
// lowered once.
const lowered = new WeakMap<FieldTest, Set<string>>();

function loweredValues(test: Extract<FieldTest, { kind: 'equals' }>): Set<string> {
  let values = lowered.get(test);
  if (!values) {
    values = new Set(test.values.flatMap((value) => (typeof value === 'string' ? [value.toLowerCase()] : [])));
    lowered.set(test, values);
  }
  return values;
}
