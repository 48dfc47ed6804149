// One field clause (`kw:haste`, `cost<=3`, `color!=red`) in one game: the test it puts on a card,
// or why it cannot be run. The field's kind decides: text fields look for words (`:`) or the whole
// value (`=`), enums pick the values whose id or label has a word starting with the typed text,
// numbers compare, booleans take yes/no. `!=` is a negated `=`.

import type { CardTest, FieldTest, QueryClause, TextTerm } from './query';
import { findFields, type SearchField, type SearchFieldKind } from './fields';
import { quoteTyped } from './parse';
import { termOccurs } from './term-match';
import { searchTokens } from './tokens';

export type FieldClause = Extract<QueryClause, { kind: 'field' }>;

export type FieldOutcome =
  /** The game has no field of that name. */
  | { kind: 'missing' }
  /** The field exists but the clause cannot be run on it (a comparison on text, a word for a number). */
  | { kind: 'problem'; message: string }
  /** `unmatched`: an enum clause naming no value of the field (the test holds for no card). */
  | { kind: 'test'; test: CardTest; highlight?: TextTerm; unmatched?: string };

/** The test that holds for no card: a field this game does not have. */
export const NEVER_HOLDS: FieldTest = { kind: 'equals', paths: [], values: [] };

const COMPARISONS = new Set(['<', '<=', '>', '>=']);
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['yes', true],
  ['y', true],
  ['1', true],
  ['false', false],
  ['no', false],
  ['n', false],
  ['0', false],
]);

/** Choices listed in a message: enough to see what the field takes. */
const LISTED_CHOICES = 6;

/** The clause as typed, shortened for a message. */
function typed(clause: FieldClause): string {
  return quoteTyped(`${clause.field}${clause.op}${clause.quoted ? `"${clause.value}"` : clause.value}`);
}

function listChoices(field: SearchField): string {
  const labels = field.choices.map((choice) => choice.label);
  return labels.length > LISTED_CHOICES ? `${labels.slice(0, LISTED_CHOICES).join(', ')}, …` : labels.join(', ');
}

/** Among fields of one name but different kinds, the one the clause fits: numbers for comparisons and numbers. */
function pickKind(fields: readonly SearchField[], clause: FieldClause): SearchFieldKind {
  const kinds = fields.map((field) => field.kind);
  if ((COMPARISONS.has(clause.op) || NUMBER.test(clause.value.trim())) && kinds.includes('number')) return 'number';
  return kinds[0];
}

function test(field: FieldTest, negated: boolean): CardTest {
  return { test: field, negated };
}

export function resolveFieldClause(gameFields: readonly SearchField[], clause: FieldClause): FieldOutcome {
  const candidates = findFields(gameFields, clause.field);
  if (candidates.length === 0) return { kind: 'missing' };
  const kind = pickKind(candidates, clause);
  const fields = candidates.filter((field) => field.kind === kind);
  const paths = fields.flatMap((field) => field.paths);
  // As typed ("color", not "colors"), unless typed absurdly long ("c___…___ost").
  const name = clause.field.length <= 30 ? clause.field : fields[0].key;
  const negatedEquals = clause.op === '!=' ? !clause.negated : clause.negated;

  switch (kind) {
    case 'text': {
      if (COMPARISONS.has(clause.op)) {
        return {
          kind: 'problem',
          message: `‘${name}’ is text: look for a word with ${name}:word, or the whole text with ${name}="…"`,
        };
      }
      if (clause.op !== ':')
        return { kind: 'test', test: test({ kind: 'equals', paths, values: [clause.value] }, negatedEquals) };
      const tokens = searchTokens(clause.value);
      if (tokens.length === 0) return { kind: 'problem', message: `${typed(clause)} has no letters or digits to look for` };
      const term: TextTerm = { tokens, prefix: !clause.quoted };
      return {
        kind: 'test',
        test: test({ kind: 'text', paths, term }, clause.negated),
        highlight: clause.negated ? undefined : term,
      };
    }
    case 'enum': {
      if (COMPARISONS.has(clause.op)) {
        const example = fields[0].choices[0]?.label ?? '…';
        const quoted = /\s/.test(example) ? `"${example}"` : example;
        return { kind: 'problem', message: `‘${name}’ takes one of ${listChoices(fields[0])}: like ${name}:${quoted}` };
      }
      const values = fields.flatMap((field) => matchingChoices(field, clause));
      const outcome: FieldOutcome = {
        kind: 'test',
        test: test({ kind: 'equals', paths, values }, negatedEquals),
      };
      if (values.length === 0)
        outcome.unmatched = `No ‘${name}’ is ${quoteTyped(clause.value)}: it takes ${listChoices(fields[0])}`;
      return outcome;
    }
    case 'number': {
      const value = clause.value.trim();
      if (!NUMBER.test(value) || !Number.isFinite(Number(value))) {
        return { kind: 'problem', message: `‘${name}’ takes a number, like ${name}<=3` };
      }
      const op = clause.op === ':' || clause.op === '=' || clause.op === '!=' ? '=' : clause.op;
      return {
        kind: 'test',
        test: test({ kind: 'compare', paths, op, value: Number(value) }, op === '=' ? negatedEquals : clause.negated),
      };
    }
    case 'boolean': {
      const value = BOOLEANS.get(clause.value.trim().toLowerCase());
      if (COMPARISONS.has(clause.op) || value === undefined)
        return { kind: 'problem', message: `‘${name}’ takes yes or no, like ${name}:yes` };
      return {
        kind: 'test',
        test: test({ kind: 'equals', paths, values: [value] }, negatedEquals),
      };
    }
  }
}

/** The field's values the clause names: by a word of the id or label (`:`), or the whole id or label (`=`). */
export function matchingChoices(field: SearchField, clause: FieldClause): (string | number | boolean)[] {
  const wanted = clause.value.trim().toLowerCase();
  if (clause.op !== ':') {
    return field.choices
      .filter((choice) => String(choice.value).toLowerCase() === wanted || choice.label.toLowerCase() === wanted)
      .map((choice) => choice.value);
  }
  const tokens = searchTokens(clause.value);
  const term: TextTerm = { tokens, prefix: !clause.quoted };
  return field.choices
    .filter((choice) => {
      const id = String(choice.value);
      if (tokens.length === 0) return id.toLowerCase() === wanted || choice.label.toLowerCase() === wanted;
      return termOccurs(searchTokens(id), term) || termOccurs(searchTokens(choice.label), term);
    })
    .map((choice) => choice.value);
}
