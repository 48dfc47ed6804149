// PLACEHOLDER (replaced by the query-language work): words and -words only.
import type { ParsedQuery, QueryClause } from './query';

export function parseQuery(text: string): ParsedQuery {
  const clauses: QueryClause[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const negated = match[0].startsWith('-') && match[0].length > 1;
    const word = negated ? match[0].slice(1) : match[0];
    clauses.push({ kind: 'word', text: word, negated, start: match.index, end: match.index + match[0].length });
  }
  return { clauses, problems: [] };
}
