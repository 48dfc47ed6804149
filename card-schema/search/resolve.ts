// PLACEHOLDER (replaced by the query-language work): free words only.
import type { GameSystem } from '../system/format';
import type { GameSearch, ParsedQuery, ResolvedQuery, TextTerm } from './query';
import { searchTokens } from './tokens';

/** What a query is resolved against: the games searched and the library's sets. */
export interface ResolveContext {
  systems: readonly GameSystem[];
  sets: readonly { id: string; systemId: string; name: string }[];
}

export function resolveQuery(parsed: ParsedQuery, context: ResolveContext): ResolvedQuery {
  const include: TextTerm[] = [];
  const exclude: TextTerm[] = [];
  for (const clause of parsed.clauses) {
    if (clause.kind === 'field') continue;
    const tokens = searchTokens(clause.text);
    if (tokens.length === 0) continue;
    (clause.negated ? exclude : include).push({ tokens, prefix: clause.kind === 'word' });
  }
  const games: GameSearch[] = context.systems.map((system) => ({ systemId: system.id, text: { include, exclude }, fields: [] }));
  return { games, problems: parsed.problems, highlight: include };
}
