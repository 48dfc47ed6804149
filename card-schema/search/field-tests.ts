// What a field clause means on one card document: the evaluation of FieldTest / CardTest that the
// reference matcher uses and the SQL engine reproduces. A path walks own keys ('*': every item of
// an array); a value found that is an array of scalars counts each item.

import { own } from '../own-keys';
import type { CardDocument } from '../system/format';
import type { CardTest, FieldPath, FieldTest } from './query';
import { termOccurs } from './term-match';
import { searchTokens } from './tokens';

type Scalar = string | number | boolean;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function collect(value: unknown, path: FieldPath, step: number, out: Scalar[]): void {
  if (step === path.length) {
    if (Array.isArray(value)) {
      for (const item of value) if (isScalar(item)) out.push(item);
    } else if (isScalar(value)) out.push(value);
    return;
  }
  const key = path[step];
  if (key === '*') {
    if (Array.isArray(value)) for (const item of value) collect(item, path, step + 1, out);
  } else if (isPlainObject(value)) {
    const next = own(value, key);
    if (next !== undefined) collect(next, path, step + 1, out);
  }
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Every scalar at one of the paths. */
export function valuesAt(doc: CardDocument, paths: readonly FieldPath[]): Scalar[] {
  const out: Scalar[] = [];
  for (const path of paths) collect(doc, path, 0, out);
  return out;
}

function equalsOne(value: Scalar, wanted: readonly Scalar[]): boolean {
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    return wanted.some((candidate) => typeof candidate === 'string' && candidate.toLowerCase() === lower);
  }
  return wanted.includes(value);
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

export function fieldTestHolds(doc: CardDocument, test: FieldTest): boolean {
  const values = valuesAt(doc, test.paths);
  switch (test.kind) {
    case 'text':
      return values.some((value) => typeof value === 'string' && termOccurs(searchTokens(value), test.term));
    case 'equals':
      return values.some((value) => equalsOne(value, test.values));
    case 'compare':
      return values.some((value) => typeof value === 'number' && compares(value, test.op, test.value));
  }
}

/** True when every test holds (a negated one: fails) on the card. */
export function cardTestsHold(doc: CardDocument, tests: readonly CardTest[]): boolean {
  return tests.every(({ test, negated }) => fieldTestHolds(doc, test) !== negated);
}
