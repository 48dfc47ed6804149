// The library search engine (store/card-search.ts) against a reference written in plain JS over
// the same cards: every sort in both directions, paged by cursors, with free words, exclusions,
// field tests, set and type scopes, one game or several merged; searchCardPages against paging;
// query plans that never sort (no temp B-tree); text that FTS5 could choke on.

import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { cardTestsHold } from '../../card-schema/search/field-tests';
import { termOccurs } from '../../card-schema/search/term-match';
import type { CardTest, GameSearch, SearchSort, TextTerm } from '../../card-schema/search/query';
import { SEARCH_SORTS } from '../../card-schema/search/query';
import { searchTokens } from '../../card-schema/search/tokens';
import type { CardDocument, CardRecord } from '../../card-schema/system/format';
import { buildSearchText } from '../../src-main/services/search-text';
import type { SearchCursor } from '../../card-schema/search/search-page';
import { CardSearcher, SEARCH_COUNT_CAP, type CardSearch } from '../../src-main/store/card-search';
import { writePoolGame } from '../../src-main/store/deck-pool';
import { migrate } from '../../src-main/store/migrations';
import { IDENTITY_COUNT_WEIGHT, NO_COST_KEY } from '../../src-main/store/pool-rows';
import { Store } from '../../src-main/store/store';
import { RANKED_PROBE } from '../../src-main/store/search-matches';
import { wordGames } from './search-helpers';
import { systemById } from './search-samples';
import { freeTextOf, indexedPathsFor, indexedTerms } from '../../card-schema/search/field-index';

const COLORS = ['red', 'blue', 'green', 'white', 'black', 'neutral'];
const SETS = [
  { id: 'alpha', systemId: 'osmcg', name: 'Zeta Set' },
  { id: 'beta', systemId: 'osmcg', name: 'alpha set' },
  { id: 'gamma', systemId: 'osmcg', name: 'Alpha Set' },
  { id: 'far', systemId: 'other', name: 'Middle' },
  // Empty sets for the sort by set of listed matches, which finds a card's set by where its id
  // stands among the game's ids: one with letters past U+FFFF before Zeta Set (SQLite counts
  // each as one character, JS as two), and one holding the ids' separator (that game's sets are
  // then joined by row instead).
  { id: 'ñ-𝔸𝔹', systemId: 'osmcg', name: 'beta Set' },
  { id: 'odd\u001fid', systemId: 'other', name: 'Last' },
];
/** The sets cards are made in (the first four). */
const CARD_SETS = 4;
const NAMES = [
  'Ember Wolf',
  'ember wolf',
  'EMBER',
  'Tide Caller',
  'tide ember',
  'Ash',
  'Wolfsbane',
  'Zephyr',
  'Embers of Dawn',
  'Élan',
];
const TYPES = ['creature', 'spell', 'hero'];
const OSMCG = systemById('osmcg');
const TEXTS = ['Deals ember damage', 'The tide rises', 'Haste', 'nothing at all', 'wolf tide'];

interface Card {
  id: string;
  seq: number;
  setId: string;
  systemId: string;
  doc: CardDocument;
  searchText: string;
}

/** `indexed`: osmcg's cards get the search text of the real osmcg game, field index included. */
function makeCards(count: number, indexed = false): Card[] {
  return Array.from({ length: count }, (_, i) => {
    const set = SETS[(i * 7) % CARD_SETS];
    const doc: CardDocument = { type: TYPES[(i * 5) % TYPES.length], name: NAMES[(i * 3) % NAMES.length] };
    if (i % 4 !== 0) doc.cost = (i * 11) % 5;
    doc.colors = COLORS.filter((_, bit) => ((i * 13) >> bit) % 3 === 0);
    if (i % 3 === 0) doc.keywords = [{ kw: i % 2 ? 'Haste' : 'Tracker' }];
    doc.text = TEXTS[(i * 17) % TEXTS.length];
    // Two values at one path (abilities[].text): a phrase must not run from one into the next.
    if (indexed && i % 5 === 1) doc.abilities = [{ text: TEXTS[0] }, { text: TEXTS[(i >> 1) % 2] }];
    const system = indexed && set.systemId === 'osmcg' ? OSMCG : undefined;
    return { id: `card-${i}`, seq: i + 1, setId: set.id, systemId: set.systemId, doc, searchText: buildSearchText(doc, system) };
  });
}

const opened: Database.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
});

/** A library of these cards, with every statement it runs collected (expanded) in `sql`, and each run in `runs`. */
function library(cards: readonly Card[], listMax?: number, matchWalk?: 'rows' | 'in' | 'member', fieldsInMax?: number) {
  const sql = new Set<string>();
  const runs: string[] = [];
  const db = new Database(':memory:', {
    verbose: (statement) => {
      sql.add(String(statement));
      runs.push(String(statement));
    },
  });
  opened.push(db);
  migrate(db);
  const store = new Store(db);
  for (const set of SETS) store.sets.save({ ...set, description: '' });
  for (const systemId of ['osmcg', 'other']) {
    writePoolGame(db, { systemId, identity: { field: 'colors', values: COLORS }, costField: 'cost' });
  }
  store.cards.saveMany(cards.map((card) => ({ id: card.id, setId: card.setId, doc: card.doc, searchText: card.searchText })));
  return { db, sql, runs, store, searcher: new CardSearcher(db, { listMax, matchWalk, fieldsInMax }) };
}

// ---- the reference --------------------------------------------------------------------------

const fold = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());
const cmpText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const setName = (id: string) => SETS.find((set) => set.id === id)!.name;

function identityKey(doc: CardDocument): number {
  const bits = COLORS.flatMap((color, bit) => ((doc.colors as string[]).includes(color) ? [bit] : []));
  return bits.length * IDENTITY_COUNT_WEIGHT + bits.reduce((mask, bit) => mask + 2 ** bit, 0);
}

function matches(card: Card, game: GameSearch, scope: Pick<CardSearch, 'setId' | 'types'>): boolean {
  if (card.systemId !== game.systemId) return false;
  if (game.setIds && !game.setIds.includes(card.setId)) return false;
  if (game.excludeSetIds?.includes(card.setId)) return false;
  if (scope.setId !== undefined && card.setId !== scope.setId) return false;
  if (scope.types?.length && !scope.types.includes(card.doc.type)) return false;
  const name = searchTokens(card.doc.name);
  const text = searchTokens(freeTextOf(card.searchText));
  const has = (term: TextTerm) => termOccurs(name, term) || termOccurs(text, term);
  return game.text.include.every(has) && !game.text.exclude.some(has) && cardTestsHold(card.doc, game.fields);
}

function tierOf(card: Card, include: readonly TextTerm[]): number {
  const name = searchTokens(card.doc.name);
  if (!include.every((term) => termOccurs(name, term))) return 2;
  const prefix = include.map((term) => term.tokens.join(' ')).join(' ');
  return fold(card.doc.name).startsWith(fold(prefix)) ? 0 : 1;
}

function referenceOrder(sort: SearchSort, include: readonly TextTerm[]): (a: Card, b: Card) => number {
  const byName = (a: Card, b: Card) => cmpText(fold(a.doc.name), fold(b.doc.name)) || a.seq - b.seq;
  const cost = (card: Card) => (typeof card.doc.cost === 'number' ? card.doc.cost : NO_COST_KEY);
  switch (sort) {
    case 'name':
      return byName;
    case 'cost':
      return (a, b) => cost(a) - cost(b) || byName(a, b);
    case 'type':
      return (a, b) => cmpText(a.doc.type, b.doc.type) || byName(a, b);
    case 'identity':
      return (a, b) => identityKey(a.doc) - identityKey(b.doc) || byName(a, b);
    case 'set':
      return (a, b) => cmpText(fold(setName(a.setId)), fold(setName(b.setId))) || cmpText(a.setId, b.setId) || byName(a, b);
    case 'relevance':
      if (include.length === 0) return byName;
      return (a, b) => {
        const tier = tierOf(a, include) - tierOf(b, include);
        if (tier !== 0) return tier;
        return tierOf(a, include) === 0 ? byName(a, b) : a.seq - b.seq;
      };
  }
}

function reference(cards: readonly Card[], search: Omit<CardSearch, 'limit' | 'after'>): string[] {
  const include = search.games[0]?.text.include ?? [];
  const order = referenceOrder(search.sort, include);
  return cards
    .filter((card) => search.games.some((game) => matches(card, game, search)))
    .sort((a, b) => (search.descending ? -order(a, b) : order(a, b)))
    .map((card) => card.id);
}

// ---- paging ---------------------------------------------------------------------------------

const ids = (cards: readonly CardRecord[]) => cards.map((card) => card.id);

function allPages(searcher: CardSearcher, search: Omit<CardSearch, 'after'>): string[] {
  const found: string[] = [];
  let after: SearchCursor | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = searcher.search({ ...search, after });
    expect(page.cards.length).toBeLessThanOrEqual(search.limit);
    found.push(...ids(page.cards));
    if (!page.next) return found;
    expect(page.cards.length).toBe(search.limit);
    after = JSON.parse(JSON.stringify(page.next)) as SearchCursor;
  }
  throw new Error('paging does not end');
}

const cards = makeCards(240);
const term = (text: string, prefix = true): TextTerm => ({ tokens: searchTokens(text), prefix });
const test = (value: CardTest['test'], negated = false): CardTest => ({ test: value, negated });

/** One game's searches: free words, exclusions and field tests. */
const osmcgSearches: { label: string; game: GameSearch }[] = [
  ...['', 'ember', 'e', 'wolf tide', 'ember -tide', '-wolf'].map((query) => ({
    label: `"${query}"`,
    game: wordGames(query, ['osmcg'])[0],
  })),
  {
    label: 'type:CREATURE cost<=2',
    game: {
      systemId: 'osmcg',
      text: { include: [], exclude: [] },
      fields: [
        test({ kind: 'equals', paths: [['type']], values: ['CREATURE'] }),
        test({ kind: 'compare', paths: [['cost']], op: '<=', value: 2 }),
      ],
    },
  },
  {
    label: 'ember kw:hast -color=red cost>1',
    game: {
      systemId: 'osmcg',
      text: { include: [term('ember')], exclude: [] },
      fields: [
        test({ kind: 'text', paths: [['keywords', '*', 'kw']], term: term('hast') }),
        test({ kind: 'equals', paths: [['colors']], values: ['red'] }, true),
        test({ kind: 'compare', paths: [['cost']], op: '>', value: 1 }),
      ],
    },
  },
  {
    label: '"tide rises" set:alpha,gamma -set:gamma',
    game: {
      systemId: 'osmcg',
      text: { include: [term('tide rises', false)], exclude: [] },
      fields: [],
      setIds: ['alpha', 'gamma'],
      excludeSetIds: ['gamma'],
    },
  },
  {
    label: 'kw=TRACKER,haste -cost=0',
    game: {
      systemId: 'osmcg',
      text: { include: [], exclude: [] },
      fields: [
        test({ kind: 'equals', paths: [['keywords', '*', 'kw']], values: ['TRACKER', 'haste'] }),
        test({ kind: 'compare', paths: [['cost']], op: '=', value: 0 }, true),
      ],
    },
  },
  {
    // Only negated field tests with FTS supersets left to the document: the count tests only the
    // cards inside those supersets.
    label: 'e -kw=haste -name:wolf',
    game: {
      systemId: 'osmcg',
      text: { include: [term('e')], exclude: [] },
      fields: [
        test({ kind: 'equals', paths: [['keywords', '*', 'kw']], values: ['haste'] }, true),
        test({ kind: 'text', paths: [['name']], term: term('wolf') }, true),
      ],
    },
  },
  {
    label: 'name:wolf -type:hero',
    game: {
      systemId: 'osmcg',
      text: { include: [], exclude: [] },
      fields: [
        test({ kind: 'text', paths: [['name']], term: term('wolf') }),
        test({ kind: 'equals', paths: [['type']], values: ['hero'] }, true),
      ],
    },
  },
];

describe('every sort, both directions, paged by cursors, equals the reference', () => {
  for (const [listMax, matchWalk] of [
    [undefined, undefined],
    [0, 'in'],
    [0, 'rows'],
    [0, 'member'],
  ] as const) {
    it(`one game${matchWalk ? `, walking the sort index for text (${matchWalk})` : ''}`, () => {
      const { searcher } = library(cards, listMax, matchWalk);
      for (const { label, game } of osmcgSearches) {
        for (const sort of SEARCH_SORTS) {
          for (const descending of [false, true]) {
            const search = { games: [game], sort, descending };
            const expected = reference(cards, search);
            const what = `${label} by ${sort}${descending ? ' descending' : ''}`;
            expect(allPages(searcher, { ...search, limit: 7 }), what).toEqual(expected);
            const first = searcher.search({ ...search, limit: 5 });
            expect(first.total, what).toBe(Math.min(expected.length, SEARCH_COUNT_CAP));
            expect(first.totalExact, what).toBe(expected.length <= SEARCH_COUNT_CAP);
          }
        }
      }
    });
  }

  it('within a set and types scope', () => {
    const { searcher } = library(cards);
    for (const scope of [
      { setId: 'beta' },
      { types: ['spell', 'hero'] },
      { setId: 'alpha', types: ['creature'] },
      { setId: 'far' },
    ]) {
      for (const query of ['', 'ember', 'tide -wolf']) {
        for (const sort of ['relevance', 'set', 'cost'] as const) {
          const search = { games: wordGames(query, ['osmcg']), sort, descending: false, ...scope };
          expect(allPages(searcher, { ...search, limit: 4 }), `${query} ${JSON.stringify(scope)} ${sort}`).toEqual(
            reference(cards, search),
          );
        }
      }
    }
  });

  it('across games, merged by the sort key (the cursor resumes every game)', () => {
    const { searcher } = library(cards);
    for (const query of ['', 'ember', 'e -tide']) {
      for (const sort of SEARCH_SORTS) {
        for (const descending of [false, true]) {
          const search = { games: wordGames(query, ['osmcg', 'other', 'absent']), sort, descending };
          const expected = reference(cards, search);
          expect(allPages(searcher, { ...search, limit: 6 }), `${query} ${sort} ${descending}`).toEqual(expected);
          expect(searcher.search({ ...search, limit: 1 }).total).toBe(expected.length);
        }
      }
    }
  });

  it('counts past the cap as "more"', () => {
    const many = makeCards(SEARCH_COUNT_CAP * 2);
    const { searcher } = library(many);
    for (const query of ['', 'e', '-zzz']) {
      const search = { games: wordGames(query, ['osmcg', 'other']), sort: 'name' as const, descending: false, limit: 10 };
      const expected = reference(many, search);
      expect(expected.length).toBeGreaterThan(SEARCH_COUNT_CAP);
      expect(searcher.search(search)).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false });
    }
  });
});

describe('a game whose cards no other game shares rowids with', () => {
  // Grouped by game: osmcg's rowid span holds only its cards, so its FTS matches are counted and
  // probed on the FTS index alone (no card_pool look-ups); past LIST_MAX candidates the probe's
  // count is the total.
  const grouped = [...makeCards(4_800)]
    .sort((a, b) => Number(a.systemId === 'other') - Number(b.systemId === 'other'))
    .map((card, i) => ({ ...card, seq: i + 1 }));

  it('pages and totals equal the reference, and the count reads the FTS index alone', () => {
    const { sql, searcher } = library(grouped);
    for (const query of ['e', 'ember', 'ember -tide', 'wolf tide', 'zzz']) {
      for (const sort of ['relevance', 'name', 'cost'] as const) {
        for (const descending of [false, true]) {
          const search = { games: wordGames(query, ['osmcg']), sort, descending };
          const expected = reference(grouped, search);
          const page = searcher.search({ ...search, limit: 50 });
          const what = `${query} by ${sort}${descending ? ' descending' : ''}`;
          expect(ids(page.cards), what).toEqual(expected.slice(0, 50));
          expect(page.total, what).toBe(Math.min(expected.length, SEARCH_COUNT_CAP));
          expect(page.totalExact, what).toBe(expected.length <= SEARCH_COUNT_CAP);
        }
      }
    }
    const counts = [...sql].filter((statement) => statement.startsWith('SELECT count(*) FROM (SELECT rowid FROM cards_fts'));
    expect(counts.length).toBeGreaterThan(0);
  });

  describe('a sorted text search marks its matches in the sort’s ranking', () => {
    const walks = (sql: Iterable<string>) =>
      [...sql].filter((statement) => / x'01'|ORDER BY .*j\.value|j\.value .*ORDER BY/s.test(statement));
    const rankings = (runs: readonly string[]) =>
      runs.filter((statement) => /^SELECT p\.seq FROM card_pool p INDEXED BY/.test(statement));

    it('every sort, both directions, one game or two merged, paged by cursors, equals the reference', () => {
      const { sql, searcher } = library(grouped);
      for (const query of ['e', 'em', 'ember', 'wolf tide', 'ember -tide', 'zzz']) {
        for (const games of [wordGames(query, ['osmcg']), wordGames(query, ['osmcg', 'other'])]) {
          for (const sort of SEARCH_SORTS.filter((sort) => sort !== 'relevance')) {
            for (const descending of [false, true]) {
              const search = { games, sort, descending };
              const expected = reference(grouped, search);
              const what = `${query} in ${games.length} by ${sort}${descending ? ' descending' : ''}`;
              expect(allPages(searcher, { ...search, limit: 211 }), what).toEqual(expected);
              expect(searcher.search({ ...search, limit: 3 }).total, what).toBe(Math.min(expected.length, SEARCH_COUNT_CAP));
            }
          }
        }
      }
      // Neither listed and sorted by SQL nor walked against a bitmap.
      expect(walks(sql)).toEqual([]);
    });

    it('reads a ranking once while the library is unchanged, and resumes a cursor from before a change where the index walk does', () => {
      const { db, runs, store, searcher } = library(grouped);
      const walker = new CardSearcher(db, { listMax: 0, matchWalk: 'member' });
      const search = { games: wordGames('ember', ['osmcg']), sort: 'name' as const, descending: false, limit: 40 };
      const first = searcher.search(search);
      searcher.search({ ...search, after: first.next! });
      searcher.search({ ...search, games: wordGames('tide', ['osmcg']) });
      expect(rankings(runs)).toHaveLength(1);

      // The cursor's card renamed to sort first, a card after it renamed to sort last, one deleted.
      const cursorCard = first.cards[first.cards.length - 1];
      const later = searcher.search({ ...search, after: first.next! }).cards;
      const renamed = (card: CardRecord, name: string) => {
        const doc = { ...card.doc, name };
        return { id: card.id, setId: card.setId, doc, searchText: buildSearchText(doc) };
      };
      store.cards.saveMany([renamed(cursorCard, 'Aa ember'), renamed(later[0], 'Zz ember')]);
      db.prepare('DELETE FROM cards WHERE id = ?').run(later[1].id);
      for (const descending of [false, true]) {
        const resumed = { ...search, descending, after: first.next! };
        const walked = walker.search(resumed);
        expect(walked.cards.length).toBeGreaterThan(0);
        expect(ids(searcher.search(resumed).cards), `descending: ${descending}`).toEqual(ids(walked.cards));
      }
      expect(rankings(runs)).toHaveLength(2);
    });
  });

  it('reads every match unbounded when few other cards lie outside the span, bounded when many: the same pages', () => {
    // 1,200 osmcg cards first, then 60 of the other game's: osmcg reads all and cuts its span;
    // the other game, with every osmcg card outside its span, reads within its bounds. "ember"
    // matches more of osmcg's than a probe reads and fewer than the count cap: the total is exact.
    const few = [
      ...grouped.filter((card) => card.systemId === 'osmcg').slice(0, 1_200),
      ...grouped.filter((card) => card.systemId === 'other').slice(0, 60),
    ];
    const { runs, searcher } = library(few.map((card, i) => ({ ...card, seq: i + 1 })));
    const unbounded = (from: number) =>
      runs.slice(from).filter((run) => /^SELECT group_concat\(rowid\) FROM cards_fts WHERE cards_fts MATCH '[^']*'$/.test(run));
    for (const [systemId, reads] of [
      ['osmcg', 1],
      ['other', 0],
    ] as const) {
      for (const query of ['e', 'ember', 'wolf tide']) {
        const search = { games: wordGames(query, [systemId]), sort: 'name' as const, descending: false };
        const expected = reference(few, search);
        const from = runs.length;
        const page = searcher.search({ ...search, limit: 25 });
        expect(ids(page.cards), `${query} in ${systemId}`).toEqual(expected.slice(0, 25));
        expect(page.total).toBe(Math.min(expected.length, SEARCH_COUNT_CAP));
        if (query !== 'ember') continue;
        expect(unbounded(from), `${query} in ${systemId}`).toHaveLength(reads);
        if (systemId === 'osmcg') expect(expected.length).toBeGreaterThan(RANKED_PROBE);
        if (systemId === 'osmcg') expect(expected.length).toBeLessThan(SEARCH_COUNT_CAP);
      }
    }
  });

  it('a set scope or a field test still looks each match up', () => {
    const { searcher } = library(grouped);
    const negatedKeyword: GameSearch = {
      ...wordGames('e', ['osmcg'])[0],
      fields: [test({ kind: 'equals', paths: [['keywords', '*', 'kw']], values: ['HASTE'] }, true)],
    };
    for (const scope of [{ setId: 'beta' }, { types: ['spell'] }, {}]) {
      for (const [sort, game] of [
        ['relevance', wordGames('e', ['osmcg'])[0]],
        ['name', wordGames('e', ['osmcg'])[0]],
        ['relevance', negatedKeyword],
        ['cost', negatedKeyword],
      ] as const) {
        const search = { games: [game], sort, descending: false, ...scope };
        const expected = reference(grouped, search);
        const page = searcher.search({ ...search, limit: 20 });
        expect(ids(page.cards)).toEqual(expected.slice(0, 20));
        expect(page.total).toBe(Math.min(expected.length, SEARCH_COUNT_CAP));
      }
    }
  });
});

describe('field tests on the field index', () => {
  const indexedCards = makeCards(240, true);
  const withIndex = (game: GameSearch): GameSearch => ({ ...game, indexed: indexedPathsFor(OSMCG, game.fields) });
  const fieldGame = (words: string, fields: CardTest[]): GameSearch => withIndex({ ...wordGames(words, ['osmcg'])[0], fields });
  const text = (words: string, prefix = true) => ({ kind: 'text' as const, paths: [['text']], term: term(words, prefix) });
  const ABILITY_TEXT = ['abilities', '*', 'text'];
  const paths = (words: string, at: string[][], prefix = true) => ({
    kind: 'text' as const,
    paths: at,
    term: term(words, prefix),
  });
  const searches: { label: string; game: GameSearch }[] = [
    ...osmcgSearches.map(({ label, game }) => ({ label, game: withIndex(game) })),
    { label: 'text:dea', game: fieldGame('', [test(text('dea'))]) },
    { label: 'text:"ember damage"', game: fieldGame('', [test(text('ember damage', false))]) },
    { label: 'text:"ember dam"* (a phrase, its last word a prefix)', game: fieldGame('', [test(text('ember dam'))]) },
    { label: '-text:tide', game: fieldGame('', [test(text('tide'), true)]) },
    { label: 'e -text:wolf (tier 0 and the rows walk test the index in JS)', game: fieldGame('e', [test(text('wolf'), true)]) },
    { label: 'ember text:dea', game: fieldGame('ember', [test(text('dea'))]) },
    {
      label: 'wolf -kw=haste',
      game: fieldGame('wolf', [test({ kind: 'equals', paths: [['keywords', '*', 'kw']], values: ['haste'] }, true)]),
    },
    {
      label: 'text:"damage wolf" over text and flavor',
      game: fieldGame('', [test(paths('damage wolf', [['text'], ['flavor']]))]),
    },
    // Abilities "Deals ember damage" then "The tide rises": two values, no phrase across them.
    { label: 'abilities text "damage the"', game: fieldGame('', [test(paths('damage the', [ABILITY_TEXT], false))]) },
    { label: 'abilities text "the ti"*', game: fieldGame('', [test(paths('the ti', [ABILITY_TEXT]))]) },
    { label: '-abilities text "tide"', game: fieldGame('ember', [test(paths('tide', [ABILITY_TEXT]), true)]) },
  ];

  it('leaves the document out: text and equals tests on indexed paths are the FTS expression', () => {
    for (const [label, field] of [
      ['text:dea', text('dea')],
      ['kw=haste', { kind: 'equals', paths: [['keywords', '*', 'kw']], values: ['haste'] }],
      ['name:"ember wolf"', { kind: 'text', paths: [['name']], term: term('ember wolf', false) }],
    ] as const) {
      const game = fieldGame('', [test(field)]);
      expect(indexedTerms(field, game), label).not.toBeNull();
    }
    // Not indexed: a number, a path the index lacks, a text test on an enum path.
    const notIndexed: CardTest['test'][] = [
      { kind: 'compare', paths: [['cost']], op: '<', value: 2 },
      { kind: 'equals', paths: [['colors']], values: ['red'] },
      { kind: 'text', paths: [['keywords', '*', 'kw']], term: term('hast') },
    ];
    for (const field of notIndexed) expect(indexedTerms(field, fieldGame('', [test(field)]))).toBeNull();
  });

  for (const [listMax, matchWalk] of [
    [undefined, undefined],
    [0, 'in'],
    [0, 'rows'],
  ] as const) {
    it(`equal the reference in every sort${matchWalk ? `, walking the sort index for text (${matchWalk}), tier 0 testing each card` : ''}`, () => {
      // The walks also test tier 0's cards one by one (fieldsInMax 0); the default reads the few field matches first.
      const { searcher, sql } = library(indexedCards, listMax, matchWalk, matchWalk ? 0 : undefined);
      for (const { label, game } of searches) {
        for (const sort of SEARCH_SORTS) {
          for (const descending of [false, true]) {
            const search = { games: [game], sort, descending };
            const expected = reference(indexedCards, search);
            const what = `${label} by ${sort}${descending ? ' descending' : ''}`;
            expect(allPages(searcher, { ...search, limit: 7 }), what).toEqual(expected);
            const first = searcher.search({ ...search, limit: 5 });
            expect(first.total, what).toBe(Math.min(expected.length, SEARCH_COUNT_CAP));
            expect(searcher.pages({ ...search, pageSize: 7 }).total, what).toBe(expected.length);
          }
        }
      }
      // The across-values phrase is there to be found in free text (one card), never in the index.
      const across = { games: [wordGames('', ['osmcg'])[0]], sort: 'name' as const, descending: false };
      expect(
        reference(indexedCards, {
          ...across,
          games: [{ ...across.games[0], text: { include: [term('damage the', false)], exclude: [] } }],
        }).length,
      ).toBeGreaterThan(0);
      // Tier 0 read the field matches first (by default) or tested each card (the walks).
      const tierZero = [...sql].filter((statement) => statement.includes('p.name >= '));
      const fieldsIn = tierZero.some((statement) => statement.includes('p.seq IN (SELECT rowid FROM cards_fts'));
      const notIn = (statement: string) => statement.includes('p.seq NOT IN (SELECT rowid FROM cards_fts');
      const fieldsOut = tierZero.some(notIn);
      expect(fieldsIn).toBe(!matchWalk);
      // Negated ones only where no card is read (searchCardPages): a page tests the cards it reads.
      expect(fieldsOut).toBe(!matchWalk);
      expect(tierZero.filter((statement) => statement.includes('c.doc AS doc')).some(notIn)).toBe(false);
      // The indexed searches really ran on qualified tokens.
      expect([...sql].some((statement) => statement.includes('{search_text} : ("\u{10FFFD}'))).toBe(true);
    });
  }

  it('finds nothing by free words in the field index', () => {
    const { searcher } = library(indexedCards);
    const section = indexedCards
      .find((card) => card.systemId === 'osmcg')!
      .searchText.split('\n')
      .at(-1)!;
    const qualified = searchTokens(section)[0];
    for (const words of ['haste', 'ke', 'h', 'dea', qualified, qualified.slice(0, 2), `-${qualified}`]) {
      const search = { games: wordGames(words, ['osmcg']), sort: 'relevance' as const, descending: false };
      expect(allPages(searcher, { ...search, limit: 50 }), words).toEqual(reference(indexedCards, search));
    }
    // A qualified token typed as a free word is looked for in names only.
    const typed = wordGames(qualified, ['osmcg']);
    expect(searcher.search({ games: typed, sort: 'relevance', descending: false, limit: 5 }).total).toBe(0);
  });
});

describe('searchCardPages', () => {
  it('gives the exact total and where each page starts, as paging finds them', () => {
    const { searcher } = library(cards);
    for (const games of [
      wordGames('ember', ['osmcg']),
      wordGames('', ['osmcg', 'other']),
      osmcgSearches[7].game && [osmcgSearches[7].game],
    ]) {
      for (const sort of SEARCH_SORTS) {
        for (const pageSize of [1, 9, 500]) {
          const search = { games, sort, descending: sort === 'cost' };
          const expected = reference(cards, search);
          const pages = searcher.pages({ ...search, pageSize });
          expect(pages.total).toBe(expected.length);
          expect(pages.starts).toHaveLength(Math.max(1, Math.ceil(expected.length / pageSize)));
          const read = pages.starts.flatMap((after) =>
            ids(searcher.search({ ...search, limit: pageSize, after: after ?? undefined }).cards),
          );
          expect(read).toEqual(expected);
        }
      }
    }
  });
});

describe('query plans', () => {
  it('never sort the matches (no temp B-tree) and never skip with OFFSET', () => {
    for (const [listMax, matchWalk] of [
      [undefined, undefined],
      [0, 'in'],
      [0, 'rows'],
      [0, 'member'],
    ] as const) {
      const { db, sql, searcher } = library(cards, listMax, matchWalk);
      for (const { game } of osmcgSearches) {
        for (const sort of SEARCH_SORTS) {
          const search = { games: [game, ...wordGames('', ['other'])], sort, descending: sort === 'type', limit: 3 };
          const first = searcher.search(search);
          searcher.search({ ...search, after: first.next ?? undefined });
          searcher.pages({ ...search, pageSize: 5 });
        }
      }
      const selects = [...sql].filter((statement) => /^\s*SELECT/i.test(statement) && /card_pool|cards_fts/.test(statement));
      expect(selects.length).toBeGreaterThan(20);
      if (matchWalk === 'rows') expect(selects.some((statement) => statement.includes('cardwright_text('))).toBe(true);
      if (matchWalk === 'in')
        expect(selects.some((statement) => statement.includes('p.seq IN (SELECT rowid FROM cards_fts'))).toBe(true);
      if (matchWalk === 'member')
        expect(selects.some((statement) => /substr\(x'.*, p\.seq - .*\) = x'01'/.test(statement))).toBe(true);
      for (const statement of selects) {
        expect(statement).not.toMatch(/\bOFFSET\b/i);
        // A list of at most LIST_MAX matches is sorted by SQL, keeping only the page's rows.
        if (statement.includes('card_pool p ON p.seq = j.value') && statement.includes('LIMIT')) continue;
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${statement}`).all() as { detail: string }[];
        expect(plan.map((row) => row.detail).join('\n'), statement).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      }
    }
  });
});

describe('relevance tier 0', () => {
  it('takes LIKE for the word test only for one ASCII prefix word, with the same pages as the reference', () => {
    // Names LIKE 'emb%' (ASCII case folded) and ones it leaves out, though a token starts with the word.
    const names = ['Ember-wolf', 'EMBERS', 'emb½ wolf', 'embe\u0301r wolf', 'Émber', 'Ｅmber', 'wolf ember', 'emb', 'em b'];
    const tricky = makeCards(90).map((card, i) => {
      const doc = { ...card.doc, name: names[i % names.length] };
      return { ...card, doc, searchText: buildSearchText(doc) };
    });
    const { searcher, sql } = library(tricky);
    const cases: [string, TextTerm[], boolean][] = [
      ['emb', [term('emb')], true],
      ['EMB', [term('EMB')], true],
      ['émb', [term('émb')], true],
      ['"emb" (exact)', [term('emb', false)], false],
      ['"emb wolf"*', [term('emb wolf')], false],
      ['emb wolf', [term('emb'), term('wolf')], false],
      ['½', [term('½')], false],
    ];
    for (const [query, include, likeAlone] of cases) {
      sql.clear();
      const games = [{ systemId: 'osmcg', text: { include, exclude: [] }, fields: [] }];
      const search = { games, sort: 'relevance' as const, descending: false };
      expect(allPages(searcher, { ...search, limit: 4 }), query).toEqual(reference(tricky, search));
      const tierZero = [...sql].filter((statement) => statement.includes('p.name >= '));
      expect(tierZero.length, query).toBeGreaterThan(0);
      expect(
        tierZero.some((statement) => statement.includes('cardwright_in_name')),
        query,
      ).toBe(!likeAlone);
    }
  });
});

describe('hostile text', () => {
  it('never raises an error for any words (property)', () => {
    const { searcher } = library(cards.slice(0, 40));
    const word = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom(
        '"',
        '""',
        '*',
        'NEAR',
        'AND',
        'OR',
        'NOT',
        '(',
        ')',
        '{name}',
        ':',
        '^',
        '-',
        'name:',
        '\u0000',
        'é',
        '🔥',
      ),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), fc.constantFrom(...SEARCH_SORTS), (words, sort) => {
        const include = words.map((text) => ({ tokens: [text], prefix: text.length % 2 === 0 }));
        const games: GameSearch[] = [
          { systemId: 'osmcg', text: { include, exclude: include.slice(1) }, fields: [] },
          ...wordGames(words.join(' '), ['other']),
        ];
        const page = searcher.search({ games, sort, descending: false, limit: 5 });
        expect(page.cards.length).toBeLessThanOrEqual(5);
        searcher.pages({ games, sort, descending: false, pageSize: 50 });
      }),
      { numRuns: 150 },
    );
  });

  it('answers 100,000 pasted characters (no tier 0 past a name’s length)', () => {
    const { searcher } = library(cards.slice(0, 40));
    const text = Array.from({ length: 20_000 }, (_, i) => `w${i}`)
      .join(' ')
      .slice(0, 100_000);
    for (const sort of ['relevance', 'name'] as const) {
      const page = searcher.search({ games: wordGames(text, ['osmcg']), sort, descending: false, limit: 5 });
      expect(page).toMatchObject({ cards: [], total: 0, totalExact: true });
    }
    const ember = wordGames(`ember ${'e '.repeat(40_000)}`, ['osmcg']);
    const expected = reference(cards.slice(0, 40), { games: ember, sort: 'relevance', descending: false });
    expect(ids(searcher.search({ games: ember, sort: 'relevance', descending: false, limit: 50 }).cards)).toEqual(expected);
  });

  it('answers 10,000 typed characters', () => {
    const { searcher } = library(cards.slice(0, 40));
    const text = Array.from({ length: 2_000 }, (_, i) => `w${i % 700}`)
      .join(' ')
      .slice(0, 10_000);
    for (const sort of ['relevance', 'name'] as const) {
      expect(searcher.search({ games: wordGames(text, ['osmcg']), sort, descending: false, limit: 5 }).cards).toEqual([]);
    }
    const page = searcher.search({
      games: wordGames('e '.repeat(5_000), ['osmcg']),
      sort: 'relevance',
      descending: false,
      limit: 5,
    });
    expect(page.cards.length).toBe(5);
  });
});
