// Size limits a card document must meet before ajv sees it. Cards arrive from files and the
// API, so a hostile one (thousands of levels deep, a million list entries, megabytes of text)
// gets one clear issue instead of tying up the host in validation.

import type { ValidationIssue } from '../api/contract';
import { pointerChild } from '../../card-schema/system/resolve-schema';

export const CARD_LIMITS = {
  /** Levels of objects and arrays, the card itself being level 1. */
  maxDepth: 32,
  maxArrayItems: 10_000,
  maxStringLength: 100_000,
  /** UTF-8 bytes of the card as JSON (about; whitespace-free). */
  maxJsonBytes: 1_000_000,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

interface Visit {
  value: unknown;
  depth: number;
  parent?: Visit;
  key?: string;
}

/** The JSON pointer of a visited value, built only for the one a message names (an import checks 100,000 cards). */
function pathOf(visit: Visit): string {
  return visit.parent ? pointerChild(pathOf(visit.parent), visit.key!) : '';
}

/** The first limit the card breaks, or undefined. Iterative, and stops at the first problem. */
export function cardLimitIssue(doc: unknown): ValidationIssue | undefined {
  const stack: Visit[] = [{ value: doc, depth: 1 }];
  let bytes = 0;
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (value.length > CARD_LIMITS.maxStringLength)
        return {
          path: pathOf(visit),
          message: `This text has ${count(value.length)} characters; a card allows at most ${count(CARD_LIMITS.maxStringLength)}`,
        };
      bytes += Buffer.byteLength(value) + 2;
    } else if (value !== null && typeof value === 'object') {
      if (depth > CARD_LIMITS.maxDepth)
        return { path: pathOf(visit), message: `The card nests deeper than ${CARD_LIMITS.maxDepth} levels here` };
      if (Array.isArray(value) && value.length > CARD_LIMITS.maxArrayItems)
        return {
          path: pathOf(visit),
          message: `This list has ${count(value.length)} entries; a card allows at most ${count(CARD_LIMITS.maxArrayItems)}`,
        };
      bytes += 2;
      for (const [key, child] of Object.entries(value)) {
        if (!Array.isArray(value)) bytes += Buffer.byteLength(key) + 3;
        bytes += 1;
        stack.push({ value: child, depth: depth + 1, parent: visit, key });
      }
    } else {
      bytes += String(value).length;
    }
    if (bytes > CARD_LIMITS.maxJsonBytes)
      return { path: '', message: `The card is larger than ${count(CARD_LIMITS.maxJsonBytes)} bytes of JSON` };
  }
  return undefined;
}
