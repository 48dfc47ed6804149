// A parsed query resolved for the games it searches: free words and phrases become text terms,
// `game:` narrows the games, `set:` picks sets by name, and every other field clause becomes a
// test on the card documents of each game (resolve-field.ts). A clause no searched game can run
// is left out with a problem; one that only some games can run holds for no card of the others.

import type { GameSystem } from '../system/format';
import { builtInFieldOf, searchableFields, suggestedFieldNames } from './fields';
import { quoteTyped } from './parse';
import type { CardTest, GameSearch, ParsedQuery, QueryClause, QueryProblem, ResolvedQuery, TextTerm } from './query';
import { NEVER_HOLDS, resolveFieldClause, type FieldClause, type FieldOutcome } from './resolve-field';
import { termOccurs } from './term-match';
import { searchTokens } from './tokens';
import { searchCoverage } from './searched-fields';
import { indexedPathsFor } from './field-index';

/** What a query is resolved against: the games searched and the library's sets. */
export interface ResolveContext {
  systems: readonly GameSystem[];
  sets: readonly { id: string; systemId: string; name: string }[];
}

interface GameBuilder {
  system: GameSystem;
  setIds?: Set<string>;
  excludeSetIds: Set<string>;
  fields: CardTest[];
}

const COMPARISONS = new Set(['<', '<=', '>', '>=']);

/** Does `name` (or `id`) answer to the clause: a word of it starting with the value (`:`), or all of it (`=`, `!=`)? */
function namedBy(clause: FieldClause, id: string, name: string): boolean {
  const value = clause.value.trim().toLowerCase();
  if (id.toLowerCase() === value) return true;
  if (clause.op !== ':') return name.toLowerCase() === value;
  const tokens = searchTokens(clause.value);
  return tokens.length > 0 && termOccurs(searchTokens(name), { tokens, prefix: !clause.quoted });
}

function excludes(clause: FieldClause): boolean {
  return clause.negated !== (clause.op === '!=');
}

class Resolver {
  readonly problems: QueryProblem[];
  readonly highlight = new Map<string, TextTerm>();
  readonly include: TextTerm[] = [];
  readonly exclude: TextTerm[] = [];
  games: GameBuilder[];

  constructor(
    parsed: ParsedQuery,
    private readonly context: ResolveContext,
  ) {
    this.problems = [...parsed.problems];
    this.games = context.systems.map((system) => ({ system, excludeSetIds: new Set(), fields: [] }));
  }

  problem(clause: QueryClause, message: string): void {
    this.problems.push({ message, start: clause.start, end: clause.end });
  }

  mark(term: TextTerm): void {
    this.highlight.set(JSON.stringify(term), term);
  }

  text(clause: Extract<QueryClause, { kind: 'word' | 'phrase' }>): void {
    const tokens = searchTokens(clause.text);
    if (tokens.length === 0) return;
    const term: TextTerm = { tokens, prefix: clause.kind === 'word' };
    if (clause.negated) this.exclude.push(term);
    else {
      this.include.push(term);
      this.mark(term);
    }
  }

  game(clause: FieldClause): void {
    if (COMPARISONS.has(clause.op)) return this.problem(clause, '‘game’ takes a game’s name, like game:osmcg');
    const named = new Set(
      this.context.systems.filter((system) => namedBy(clause, system.id, system.name)).map((system) => system.id),
    );
    if (named.size === 0) {
      const names = this.context.systems.map((system) => system.name).join(', ');
      this.problem(clause, `No game matches ${quoteTyped(clause.value)}${names ? `: searching ${names}` : ''}`);
    }
    const drop = excludes(clause);
    this.games = this.games.filter((game) => named.has(game.system.id) !== drop);
  }

  set(clause: FieldClause): void {
    if (this.games.length === 0) return;
    if (COMPARISONS.has(clause.op)) return this.problem(clause, '‘set’ takes a set’s name, like set:core');
    const searched = new Set(this.games.map((game) => game.system.id));
    const named = this.context.sets.filter((set) => searched.has(set.systemId) && namedBy(clause, set.id, set.name));
    if (named.length === 0) this.problem(clause, `No set matches ${quoteTyped(clause.value)}`);
    for (const game of this.games) {
      const ids = named.filter((set) => set.systemId === game.system.id).map((set) => set.id);
      if (excludes(clause)) for (const id of ids) game.excludeSetIds.add(id);
      else game.setIds = new Set(game.setIds ? ids.filter((id) => game.setIds?.has(id)) : ids);
    }
  }

  field(clause: FieldClause): void {
    if (this.games.length === 0) return;
    const outcomes = this.games.map((game) => resolveFieldClause(searchableFields(game.system), clause));
    const tests = outcomes.filter((outcome): outcome is Extract<FieldOutcome, { kind: 'test' }> => outcome.kind === 'test');
    if (tests.length === 0) {
      const problem = outcomes.find((outcome) => outcome.kind === 'problem');
      if (problem) return this.problem(clause, problem.message);
      return this.problem(clause, this.unknownField(clause.field));
    }
    const unmatched = tests.every((outcome) => outcome.unmatched) ? tests[0].unmatched : undefined;
    if (unmatched) this.problem(clause, unmatched);
    this.games.forEach((game, index) => {
      const outcome = outcomes[index];
      game.fields.push(outcome.kind === 'test' ? outcome.test : { test: NEVER_HOLDS, negated: clause.negated });
      if (outcome.kind === 'test' && outcome.highlight) this.mark(outcome.highlight);
    });
  }

  unknownField(typed: string): string {
    const system = this.games[0]?.system ?? this.context.systems[0];
    const names = system ? suggestedFieldNames(searchableFields(system)) : ['name', 'type'];
    return `Unknown field ${quoteTyped(typed)} — try ${names.join(', ')}, … (see Help › Search)`;
  }

  result(): ResolvedQuery {
    const text = { include: this.include, exclude: this.exclude };
    const games: GameSearch[] = this.games.map((game) => {
      const search: GameSearch = { systemId: game.system.id, text, fields: game.fields };
      if (game.setIds) search.setIds = [...game.setIds];
      if (game.excludeSetIds.size > 0) search.excludeSetIds = [...game.excludeSetIds];
      const unsearched = searchCoverage(game.system).unsearched;
      if (unsearched.length > 0) search.unsearched = unsearched;
      const indexed = indexedPathsFor(game.system, game.fields);
      if (indexed.length > 0) search.indexed = indexed;
      return search;
    });
    const problems = [...this.problems].sort((a, b) => a.start - b.start);
    return { games, problems, highlight: [...this.highlight.values()] };
  }
}

/** The query's meaning in each game searched (`context.systems`, narrowed by `game:`), with what could not be run. */
export function resolveQuery(parsed: ParsedQuery, context: ResolveContext): ResolvedQuery {
  const resolver = new Resolver(parsed, context);
  const fieldClauses = parsed.clauses.filter((clause): clause is FieldClause => clause.kind === 'field');
  // game: first, so set: and fields are read in the games that remain whatever the order typed.
  for (const clause of fieldClauses) if (builtInFieldOf(clause.field) === 'game') resolver.game(clause);
  for (const clause of parsed.clauses) {
    if (clause.kind !== 'field') resolver.text(clause);
    else if (builtInFieldOf(clause.field) === 'set') resolver.set(clause);
    else if (builtInFieldOf(clause.field) !== 'game') resolver.field(clause);
  }
  return resolver.result();
}
