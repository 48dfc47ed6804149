// CardMatch: the one way rules, generators and board setups pick cards out of a deck or a
// library ("Spells", "cards with a buy cost", "basic Miscrits"). Pure and allocation-free.

import type { CardDocument } from '../system/format';
import type { CardMatch, FieldCondition } from './format';
import { own } from '../own-keys';

/** A card field by name; a dotted name reads nested objects ("cost.amount"). */
export function fieldValue(doc: CardDocument, field: string): unknown {
  // Own properties only: a field named "constructor" or "toString" is absent unless the card has it.
  if (!field.includes('.')) return own(doc, field);
  let value: unknown = doc;
  for (const part of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = own(value as Record<string, unknown>, part);
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function conditionHolds(doc: CardDocument, condition: FieldCondition): boolean {
  const value = fieldValue(doc, condition.field);
  if (condition.exists !== undefined && isEmpty(value) === condition.exists) return false;
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  if (condition.equals !== undefined && !values.includes(condition.equals)) return false;
  if (condition.in !== undefined && !values.some((v) => (condition.in as unknown[]).includes(v))) return false;
  return true;
}

export function cardMatches(doc: CardDocument, match: CardMatch): boolean {
  if (match.types && !match.types.includes(doc.type)) return false;
  if (match.names && !match.names.includes(doc.name)) return false;
  if (match.where) for (const condition of match.where) if (!conditionHolds(doc, condition)) return false;
  return true;
}

/** The card fields a match reads, so a loader can check that they exist. */
export function matchFields(match: CardMatch): string[] {
  return (match.where ?? []).map((condition) => condition.field);
}
