// The query language end to end against its reference: random queries built from the sample
// cards' own words, field names, operators, quotes and odd unicode never make searchCards fail,
// and every page of the answer together holds exactly the cards the reference matcher
// (card-schema/search/reference.ts) picks out of the same library — for each game and for all.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Cardwright } from '../../src-main/api/service';
import type { CardRecord, CardSetInfo, GameSystem } from '../../card-schema/system/format';
import { parseQuery } from '../../card-schema/search/parse';
import { resolveQuery } from '../../card-schema/search/resolve';
import { cardMatchesSearch } from '../../card-schema/search/reference';
import { SEARCH_SORTS, type SearchSort } from '../../card-schema/search/query';
import { buildSearchText } from '../../src-main/services/search-text';
import { apiCaller, type Call } from './api-call';
import type { SearchCursor } from '../../card-schema/search/search-page';
import { openSampleCardwright } from './sample-app';

let dataDir: string;
let app: Cardwright;
let call: Call;
let systems: GameSystem[];
let sets: CardSetInfo[];
let cards: CardRecord[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-search-ref-'));
  app = openSampleCardwright(dataDir);
  call = apiCaller(app);
  systems = await Promise.all((await call('listSystems', {})).map(({ id }) => call('getSystem', { systemId: id })));
  sets = await call('listSets', {});
  cards = await everyMatch({ query: '', sort: 'name' });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Search {
  query: string;
  systemId?: string;
  sort: SearchSort;
  descending?: boolean;
}

/** Every page of a search, in order. */
async function everyMatch(search: Search): Promise<CardRecord[]> {
  const found: CardRecord[] = [];
  let after: SearchCursor | undefined;
  do {
    const page = await call('searchCards', { ...search, limit: 37, after });
    found.push(...page.cards);
    after = page.next ?? undefined;
  } while (after);
  return found;
}

function expected(search: Search): string[] {
  const searched = search.systemId === undefined ? systems : systems.filter((system) => system.id === search.systemId);
  const resolved = resolveQuery(parseQuery(search.query), { systems: searched, sets });
  const bySystem = new Map(systems.map((system) => [system.id, system]));
  return cards
    .filter((card) => {
      const game = resolved.games.find((candidate) => candidate.systemId === card.systemId);
      if (!game) return false;
      const searchText = buildSearchText(card.doc, bySystem.get(card.systemId));
      return cardMatchesSearch({ doc: card.doc, setId: card.setId, searchText }, game);
    })
    .map((card) => card.id)
    .sort();
}

/** Words the samples hold (names and text), cut to prefixes, plus words nothing holds. */
function vocabulary(): string[] {
  const words = new Set<string>();
  for (const card of cards.slice(0, 400)) {
    const text = `${card.doc.name} ${typeof card.doc.text === 'string' ? card.doc.text : ''}`;
    for (const word of text.split(/[^\p{L}\p{N}]+/u)) if (word) words.add(word.slice(0, 1 + (word.length % 6)));
  }
  return [...words, 'zzz', 'Ω', 'ß', '名', '🔥', 'e\u0301', 'AND', 'OR', 'NOT', 'NEAR', '*', '(', ')', '^'];
}

const FIELDS = ['type', 'name', 'color', 'colors', 'kw', 'cost', 'atk', 'hp', 'set', 'game', 'text', 'foo', 'Type', 'ATK'];
const OPERATORS = [':', '=', '!=', '<', '<=', '>', '>=', ''];

function queries(words: string[]) {
  const word = fc.constantFrom(...words);
  const value = fc.oneof(word, fc.integer({ min: -1, max: 12 }).map(String), fc.constant(''));
  const clause = fc.oneof(
    word,
    fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
    word.map((w) => `-${w}`),
    fc
      .tuple(fc.boolean(), fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATORS), value, fc.boolean())
      .map(([negated, field, op, v, quoted]) => `${negated ? '-' : ''}${field}${op}${quoted ? `"${v}"` : v}`),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.constantFrom('"', '-', ':', '<=', '""', '"unterminated', 'type:', '-"'),
  );
  return fc.array(clause, { minLength: 1, maxLength: 4 }).map((clauses) => clauses.join(' '));
}

describe('searchCards against the reference matcher', () => {
  it('finds exactly the reference matches, for each game and for every game, in every sort', async () => {
    const gameIds = [undefined, ...systems.map((system) => system.id)];
    await fc.assert(
      fc.asyncProperty(
        queries(vocabulary()),
        fc.constantFrom(...gameIds),
        fc.constantFrom(...SEARCH_SORTS),
        fc.boolean(),
        async (query, systemId, sort, descending) => {
          const search: Search = { query, systemId, sort, descending };
          const found = await everyMatch(search);
          expect(found.map((card) => card.id).sort()).toEqual(expected(search));
          const pages = await call('searchCardPages', { ...search, pageSize: 37 });
          expect(pages.total).toBe(found.length);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('answers 10,000 typed characters of anything with a page, never an error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 5_000, maxLength: 10_000 }), async (query) => {
        const page = await call('searchCards', { query, systemId: 'osmcg', limit: 50 });
        expect(Array.isArray(page.cards)).toBe(true);
      }),
      { numRuns: 10 },
    );
  });
});
