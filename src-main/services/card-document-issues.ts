// What is wrong with one card document by its game's rules: the schema's issues, and the two
// fields every stored card needs. Shared by the library and the import's checking thread.

import type { ValidationIssue } from '../api/contract';

export type CardValidator = (doc: unknown) => ValidationIssue[];

export function cardDocumentIssues(validate: CardValidator, doc: unknown): ValidationIssue[] {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return [{ path: '', message: 'A card must be a JSON object' }];
  }
  const issues = validate(doc);
  if (issues.length > 0) return issues;
  // A schema that forgets to require them must still not let a card without them be stored.
  const record = doc as Record<string, unknown>;
  return (['type', 'name'] as const)
    .filter((field) => typeof record[field] !== 'string')
    .map((field) => ({ path: `/${field}`, message: `Every card needs a text "${field}"` }));
}
