// Card search semantics (store/card-search.ts): the ranking tiers, keyset paging that returns
// every match exactly once (names that tie included), filters that agree with the unfiltered
// ranking under both query plans, the capped total, and the name-prefix range helpers.

import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CardDocument, CardRecord } from '../../card-schema/system/format';
import { openDatabaseFile } from '../../src-main/store/database';
import type { SqliteDatabase } from '../../src-main/store/sqlite';
import { SEARCH_COUNT_CAP } from '../../src-main/store/card-search';
import { textSearch, type TextSearch } from './search-helpers';
import { namePrefixPattern, namePrefixUpperBound } from '../../src-main/store/name-prefix';
import { Store } from '../../src-main/store/store';

const openDbs: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of openDbs.splice(0)) if (db.open) db.close();
});

function memoryStore(): Store {
  const db = openDatabaseFile(':memory:');
  openDbs.push(db);
  return new Store(db);
}

interface Seed {
  id: string;
  setId: string;
  name: string;
  type?: string;
  text?: string;
}

/** Sets: "big" and "small" of osmcg, "elsewhere" of another game. Cards are added in the order given. */
function storeWith(cards: readonly Seed[]): Store {
  const store = memoryStore();
  store.sets.save({ id: 'big', systemId: 'osmcg', name: 'Big', description: '' });
  store.sets.save({ id: 'small', systemId: 'osmcg', name: 'Small', description: '' });
  store.sets.save({ id: 'elsewhere', systemId: 'other', name: 'Elsewhere', description: '' });
  store.cards.saveMany(
    cards.map((card) => ({
      id: card.id,
      setId: card.setId,
      doc: { type: card.type ?? 'creature', name: card.name } as CardDocument,
      searchText: card.text ?? '',
    })),
  );
  return store;
}

const ids = (cards: readonly CardRecord[]) => cards.map((card) => card.id);

/** Every page of a search, following `next`; checks each page's size and the total on the way. */
function allPages(store: Store, search: Omit<TextSearch, 'after'>): CardRecord[] {
  const found: CardRecord[] = [];
  let page = textSearch(store, search);
  for (let guard = 0; ; guard++) {
    expect(page.cards.length).toBeLessThanOrEqual(search.limit);
    found.push(...page.cards);
    if (!page.next) break;
    expect(page.cards.length).toBe(search.limit);
    if (guard > 10_000) throw new Error('paging does not end');
    page = textSearch(store, { ...search, after: page.next });
  }
  return found;
}

describe('ranking', () => {
  const cards: Seed[] = [
    { id: 'text-1', setId: 'big', name: 'Quiet Owl', text: 'Deals ember damage' },
    { id: 'word-1', setId: 'big', name: 'Glowing Ember' },
    { id: 'start-b', setId: 'big', name: 'Embers of Dawn' },
    { id: 'start-a', setId: 'big', name: 'ember wolf' },
    { id: 'text-2', setId: 'big', name: 'Stone Wall', text: 'Embershield' },
    { id: 'word-2', setId: 'big', name: 'The Emberling' },
    { id: 'none', setId: 'big', name: 'Frost Giant', text: 'cold' },
    { id: 'start-c', setId: 'big', name: 'EMBER Wolf' },
  ];

  it('lists names that start with the text (by name), then names with the words, then rules text (each in library order)', () => {
    const store = storeWith(cards);
    const page = textSearch(store, { query: 'ember', limit: 50 });
    expect(ids(page.cards)).toEqual(['start-a', 'start-c', 'start-b', 'word-1', 'word-2', 'text-1', 'text-2']);
    expect(page).toMatchObject({ total: 7, totalExact: true, next: null });
  });

  it('ranks a two-word prefix the same way', () => {
    const store = storeWith(cards);
    expect(ids(textSearch(store, { query: 'ember wo', limit: 50 }).cards)).toEqual(['start-a', 'start-c']);
    expect(ids(textSearch(store, { query: 'wolf ember', limit: 50 }).cards)).toEqual(['start-a', 'start-c']);
  });

  it('browses by name (ASCII case folded), ties in library order', () => {
    const store = storeWith(cards);
    const names = textSearch(store, { limit: 50 }).cards.map((card) => card.doc.name);
    expect(names).toEqual([
      'ember wolf',
      'EMBER Wolf',
      'Embers of Dawn',
      'Frost Giant',
      'Glowing Ember',
      'Quiet Owl',
      'Stone Wall',
      'The Emberling',
    ]);
  });

  it('takes wildcards and quotes in the text literally', () => {
    const store = storeWith([
      { id: 'pct', setId: 'big', name: '100% Fire' },
      { id: 'other', setId: 'big', name: '1000 Fires' },
      { id: 'under', setId: 'big', name: 'a_b' },
      { id: 'ab', setId: 'big', name: 'aXb' },
    ]);
    expect(ids(textSearch(store, { query: '100%', limit: 10 }).cards)[0]).toBe('pct');
    // "a_" starts only a_b's name; for full-text search it is the word "a", which aXb's name starts too.
    expect(ids(textSearch(store, { query: 'a_', limit: 10 }).cards)).toEqual(['under', 'ab']);
  });
});

describe('keyset paging', () => {
  /** Many names that tie (under NOCASE too), across sets and games, some with rules text. */
  function tiedLibrary(): Store {
    const names = ['Ember', 'ember', 'EMBER', 'Ember Wolf', 'Tide', 'tide grove', 'Ash', 'Ember'];
    const sets = ['big', 'big', 'big', 'big', 'small', 'elsewhere'];
    return storeWith(
      Array.from({ length: 240 }, (_, i) => ({
        id: `c${i}`,
        setId: sets[i % sets.length],
        name: names[i % names.length],
        type: i % 3 === 0 ? 'spell' : 'creature',
        text: i % 4 === 0 ? 'ember tide' : 'grove',
      })),
    );
  }

  it.each([1, 2, 7, 50, 239, 240, 1000])('returns every match exactly once, pages of %i', (limit) => {
    const store = tiedLibrary();
    for (const query of ['', 'ember', 'e', 'tide', 'tide gr', 'grove', 'EMB']) {
      const everything = textSearch(store, { query, limit: 5_000 });
      const paged = allPages(store, { query, limit });
      expect(ids(paged), `"${query}" in pages of ${limit}`).toEqual(ids(everything.cards));
      expect(new Set(ids(paged)).size).toBe(paged.length);
      expect(everything.total).toBe(everything.cards.length);
    }
  });

  it('agrees with the whole ranking filtered, under both query plans (stream for big scopes, scope for small)', () => {
    const store = tiedLibrary();
    const filters: Omit<TextSearch, 'limit'>[] = [
      { setId: 'small' }, // 40 of 240 cards: under the scope plan's share
      { setId: 'big' },
      { systemId: 'osmcg' },
      { systemId: 'other' },
      { types: ['spell'] },
      { systemId: 'osmcg', types: ['spell', 'creature'] },
      { setId: 'small', types: ['spell'] },
    ];
    for (const query of ['', 'ember', 'e', 'tide gr', 'grove']) {
      const everything = textSearch(store, { query, limit: 5_000 }).cards;
      for (const filter of filters) {
        const expected = everything.filter(
          (card) =>
            (filter.setId === undefined || card.setId === filter.setId) &&
            (filter.systemId === undefined || card.systemId === filter.systemId) &&
            (filter.types === undefined || filter.types.includes(card.doc.type)),
        );
        const label = `"${query}" ${JSON.stringify(filter)}`;
        expect(ids(allPages(store, { query, ...filter, limit: 9 })), label).toEqual(ids(expected));
        expect(textSearch(store, { query, ...filter, limit: 1 }).total, label).toBe(expected.length);
      }
    }
  });

  it('goes on after the card a cursor names was deleted or renamed', () => {
    const store = tiedLibrary();
    const first = textSearch(store, { query: 'ember', limit: 10 });
    const last = first.cards.at(-1)!;
    store.trash.moveIn({ kind: 'card', itemId: last.id, systemId: last.systemId, name: last.doc.name });
    const rest = allPages(store, { query: 'ember', limit: 10 });
    const after = textSearch(store, { query: 'ember', limit: 5_000, after: first.next! });
    expect(ids(after.cards)).toEqual(ids(rest).slice(9));
  });

  it('returns every match exactly once for any names and page size (property)', () => {
    const name = fc.stringMatching(/^(ember|Ember|EMB|tide|a|A| |_|%|é){1,4}$/);
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 12 }), (names, limit) => {
        const store = storeWith(names.map((n, i) => ({ id: `p${i}`, setId: i % 2 ? 'big' : 'small', name: n })));
        for (const query of ['', 'e', 'ember', 'a', 'E']) {
          const everything = textSearch(store, { query, limit: 5_000 }).cards;
          expect(ids(allPages(store, { query, limit }))).toEqual(ids(everything));
          expect(new Set(ids(everything)).size).toBe(everything.length);
        }
        store.db.close();
      }),
      { numRuns: 60 },
    );
  });
});

describe('total', () => {
  it(`is exact up to ${SEARCH_COUNT_CAP.toLocaleString('en')} and says "more" past it`, () => {
    const many = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, setId: 'big', name: `${prefix} ${i}` }));
    const store = storeWith([...many(SEARCH_COUNT_CAP, 'exact'), ...many(SEARCH_COUNT_CAP + 1, 'over')]);
    expect(textSearch(store, { query: 'exact', limit: 10 })).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: true });
    const over = textSearch(store, { query: 'over', limit: 10 });
    expect(over).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false });
    expect(over.next).not.toBeNull();
    expect(textSearch(store, { limit: 10 })).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false });
    expect(allPages(store, { query: 'over', limit: 400 })).toHaveLength(SEARCH_COUNT_CAP + 1);
  });
});

describe('name prefix range', () => {
  it('bounds names under NOCASE: ASCII folded, the last code point raised', () => {
    expect(namePrefixUpperBound('Emb')).toBe('emc');
    expect(namePrefixUpperBound('tide gr')).toBe('tide gs');
    expect(namePrefixUpperBound('É')).toBe('Ê');
    expect(namePrefixUpperBound('a\ud7ff')).toBe('a\ue000');
    expect(namePrefixUpperBound('🔥')).toBe('🔦');
    expect(namePrefixUpperBound('x\udbff\udfff')).toBeNull();
    expect(namePrefixUpperBound('\ud800')).toBeNull();
    expect(namePrefixPattern('50%_\\')).toBe('50\\%\\_\\\\%');
  });

  it('finds names starting with any text, including non-ASCII and astral characters', () => {
    const store = storeWith([
      { id: 'fire', setId: 'big', name: '🔥 Imp' },
      { id: 'next', setId: 'big', name: '🔦 Lamp' },
      { id: 'accent', setId: 'big', name: 'Élan' },
    ]);
    // Symbols are no words to full-text search: a query of nothing but them leaves every card.
    expect(ids(textSearch(store, { query: '🔥', limit: 10 }).cards)).toEqual(['accent', 'fire', 'next']);
    expect(ids(textSearch(store, { query: '🔥 imp', limit: 10 }).cards)).toEqual(['fire']);
    expect(ids(textSearch(store, { query: 'Él', limit: 10 }).cards)).toEqual(['accent']);
  });
});
