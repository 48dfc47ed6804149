// The library's search model (library/library-search.svelte.ts) against a fake API over an
// in-memory list of cards: no debounce but one search in flight, only the newest answer shown,
// the whole result as rows with pages loaded on demand and a bounded number kept, the sort
// columns of the games searched, and the problems and highlight terms of the answer.

import { describe, expect, it, vi } from 'vitest';
import type { ApiInput, SearchPages, SearchResult } from '../../src-main/api/contract';
import type { SearchCursor } from '../../card-schema/search/search-page';
import type { CardRecord, GameSystem } from '../../card-schema/system/format';
import { LibrarySearchModel, type LibrarySearchDeps } from '../../src-renderer/src/library/library-search.svelte';
import { highlightRanges } from '../../card-schema/search/highlight';
import { sortColumns } from '../../src-renderer/src/library/sort-columns';

const card = (n: number): CardRecord => ({
  id: `c${n}`,
  setId: 's1',
  systemId: 'osmcg',
  doc: { type: 'unit', name: `Card ${String(n).padStart(6, '0')}` },
  updatedAt: '',
});

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A fake backend over `count` cards; a query matches the cards whose number contains it. */
function fakeApi(count: number, options: { manual?: boolean } = {}) {
  const all = Array.from({ length: count }, (_, n) => card(n));
  const match = (query: string) => (query.trim() ? all.filter((c) => c.doc.name.includes(query.trim())) : all);
  const held: Pending<SearchResult>[] = [];
  const answer = (input: ApiInput<'searchCards'>): SearchResult => {
    const found = match(input.query ?? '');
    const start = (input.after as SearchCursor | undefined)?.seq ?? 0;
    const limit = input.limit ?? 200;
    const cards = found.slice(start, start + limit);
    const next: SearchCursor | null = start + limit < found.length ? { tier: 0, key: [], seq: start + limit } : null;
    const problems = input.query?.includes('foo:') ? [{ message: 'Unknown field ‘foo’', start: 0, end: 4 }] : [];
    return {
      cards,
      total: Math.min(found.length, 1000),
      totalExact: found.length <= 1000,
      next,
      problems,
      highlight: [{ tokens: ['card'], prefix: true }],
    };
  };
  const api = {
    searchCards: vi.fn((input: ApiInput<'searchCards'>) => {
      if (!options.manual || input.after) return Promise.resolve(answer(input));
      return new Promise<SearchResult>((resolve, reject) => held.push({ resolve: () => resolve(answer(input)), reject }));
    }),
    searchCardPages: vi.fn(async (input: ApiInput<'searchCardPages'>): Promise<SearchPages> => {
      const found = match(input.query ?? '');
      const size = input.pageSize ?? 200;
      const starts = Array.from({ length: Math.ceil(found.length / size) }, (_, k) =>
        k === 0 ? null : { tier: 0, key: [], seq: k * size },
      );
      return { total: found.length, starts };
    }),
  };
  return { api, held };
}

const osmcg = {
  id: 'osmcg',
  name: 'OSMCG',
  deck: { builder: { costField: 'cost' } },
  identity: { field: 'colors', label: 'Colors', values: [] },
} as unknown as GameSystem;
const plain = { id: 'plain', name: 'Plain', deck: {} } as unknown as GameSystem;

function model(api: LibrarySearchDeps['api'], extra: Partial<LibrarySearchDeps> = {}) {
  const games = new Map([
    ['osmcg', osmcg],
    ['plain', plain],
  ]);
  const showError = vi.fn();
  const m = new LibrarySearchModel({
    api,
    system: (id) => games.get(id),
    systemIds: () => [...games.keys()],
    showError,
    pageSize: 10,
    maxPages: 3,
    ...extra,
  });
  m.systemId = 'osmcg';
  return { m, showError };
}

describe('LibrarySearchModel', () => {
  it('shows page 0 at once, then the exact total, and loads the pages that come into view', async () => {
    const { api } = fakeApi(2500);
    const { m } = model(api);
    m.search();
    await vi.waitFor(() => expect(m.hasSearched).toBe(true));
    expect(m.cardAt(0)?.id).toBe('c0');
    await vi.waitFor(() => expect(m.totalExact).toBe(true));
    expect(m.count).toBe(2500);
    expect(m.cardAt(2499)).toBeUndefined();
    m.showRows(2495, 2499);
    await vi.waitFor(() => expect(m.cardAt(2499)?.id).toBe('c2499'));
    // The last page came from its start cursor, not by walking every page before it.
    expect(api.searchCards.mock.calls.length).toBeLessThan(5);
    expect(api.searchCards).toHaveBeenLastCalledWith(
      expect.objectContaining({ after: { tier: 0, key: [], seq: 2490 }, limit: 10 }),
    );
  });

  it('asks first for a screen or two of rows, then for the rest of page 0 after the frame that shows them', async () => {
    const { api } = fakeApi(2500);
    const frames: (() => void)[] = [];
    const { m } = model(api, { pageSize: 100, firstRows: 30, pageStartsDelayMs: 60_000, afterFrame: (run) => frames.push(run) });
    m.showRows(0, 15);
    m.search();
    await vi.waitFor(() => expect(m.hasSearched).toBe(true));
    expect(api.searchCards).toHaveBeenCalledTimes(1);
    expect(api.searchCards).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 30 }));
    expect(m.cardAt(29)?.id).toBe('c29');
    expect(m.cardAt(30)).toBeUndefined();
    // The list has its length from the answer's count, not from the rows it brought.
    expect(m.count).toBe(1000);
    expect(m.loadedIds()).toHaveLength(30);

    // The frame is drawn: the rest of page 0, from where the first rows end.
    expect(frames).toHaveLength(1);
    frames[0]();
    await vi.waitFor(() => expect(m.cardAt(99)?.id).toBe('c99'));
    expect(api.searchCards).toHaveBeenLastCalledWith(
      expect.objectContaining({ after: { tier: 0, key: [], seq: 30 }, limit: 70 }),
    );
    // Ctrl+A, print and move see the whole page, in list order.
    expect(m.loadedIds()).toEqual(Array.from({ length: 100 }, (_, n) => `c${n}`));
    expect(m.findLoaded('c64')?.index).toBe(64);

    // Page 1 follows from the cursor the rest brought.
    m.showRows(95, 110);
    await vi.waitFor(() => expect(m.cardAt(110)?.id).toBe('c110'));
    expect(api.searchCards).toHaveBeenLastCalledWith(
      expect.objectContaining({ after: { tier: 0, key: [], seq: 100 }, limit: 100 }),
    );
    expect(api.searchCardPages).not.toHaveBeenCalled();
  });

  it('loads the rest of page 0 at once when rows past the first ones are in view; a short answer is whole', async () => {
    const { api } = fakeApi(2500);
    const { m } = model(api, { pageSize: 100, firstRows: 30, pageStartsDelayMs: 60_000, afterFrame: () => {} });
    m.search();
    await vi.waitFor(() => expect(m.hasSearched).toBe(true));
    expect(m.cardAt(40)).toBeUndefined();
    // Keys or a scroll reached row 40 before the frame: no waiting for it.
    m.showRows(35, 50);
    await vi.waitFor(() => expect(m.cardAt(40)?.id).toBe('c40'));
    expect(api.searchCards).toHaveBeenCalledTimes(2);

    // A search matching fewer cards than the first rows: one answer, nothing after it.
    m.query = '00249';
    m.search();
    await vi.waitFor(() => expect(m.cardAt(0)?.doc.name).toContain('00249'));
    expect(m.count).toBe(11);
    expect(m.loadedIds()).toHaveLength(11);
    expect(m.totalExact).toBe(true);
    expect(api.searchCards).toHaveBeenCalledTimes(3);
  });

  it('a failed rest of page 0 keeps the first rows and is asked again when rows past them come into view', async () => {
    const { api } = fakeApi(2500);
    const frames: (() => void)[] = [];
    const { m, showError } = model(api, {
      pageSize: 100,
      firstRows: 30,
      pageStartsDelayMs: 60_000,
      afterFrame: (run) => frames.push(run),
    });
    m.search();
    await vi.waitFor(() => expect(m.hasSearched).toBe(true));
    api.searchCards.mockRejectedValueOnce(new Error('The Cardwright host is gone'));
    frames[0]();
    await vi.waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    expect(m.cardAt(29)?.id).toBe('c29');
    expect(api.searchCards).toHaveBeenCalledTimes(2);
    m.showRows(20, 40);
    await vi.waitFor(() => expect(m.cardAt(40)?.id).toBe('c40'));
    expect(api.searchCards).toHaveBeenCalledTimes(3);
  });

  it('fetches the page starts once an answer has stood, or at once for rows past the known pages; never for a replaced answer', async () => {
    const { api } = fakeApi(2500);
    const { m } = model(api, { pageStartsDelayMs: 60_000 });
    m.query = '1';
    m.search();
    await vi.waitFor(() => expect(m.hasSearched).toBe(true));
    m.query = '2';
    m.search();
    await vi.waitFor(() => expect(m.cardAt(0)?.doc.name).toContain('2'));
    expect(api.searchCardPages).not.toHaveBeenCalled();
    m.query = '';
    m.search();
    await vi.waitFor(() => expect(m.count).toBe(1000));
    expect(m.totalExact).toBe(false);
    m.showRows(900, 905);
    await vi.waitFor(() => expect(m.cardAt(900)?.id).toBe('c900'));
    expect(api.searchCardPages).toHaveBeenCalledTimes(1);
    expect(api.searchCardPages).toHaveBeenCalledWith(expect.objectContaining({ query: '' }));
    expect(m.count).toBe(2500);

    const quick = model(fakeApi(2500).api, { pageStartsDelayMs: 5 });
    quick.m.search();
    await vi.waitFor(() => expect(quick.m.count).toBe(2500));
    expect(quick.m.totalExact).toBe(true);
  });

  it('keeps a bounded number of pages, never one in view', async () => {
    const { api } = fakeApi(200);
    const { m } = model(api);
    m.search();
    await vi.waitFor(() => expect(m.totalExact).toBe(true));
    for (const first of [30, 60, 90, 120]) {
      m.showRows(first, first + 5);
      await vi.waitFor(() => expect(m.cardAt(first)).toBeDefined());
    }
    expect(m.loadedIds().length).toBeLessThanOrEqual(30);
    expect(m.cardAt(120)?.id).toBe('c120');
    expect(m.cardAt(0)).toBeUndefined();
    expect(m.findLoaded('c121')?.index).toBe(121);
  });

  it('runs one search at a time: the newest waiting one replaces older ones, and only its answer shows', async () => {
    const { api, held } = fakeApi(50, { manual: true });
    const { m } = model(api);
    m.query = '1';
    m.search();
    m.query = '2';
    m.search();
    m.query = '3';
    m.search();
    expect(api.searchCards).toHaveBeenCalledTimes(1);
    held[0].resolve(undefined as never);
    await vi.waitFor(() => expect(api.searchCards).toHaveBeenCalledTimes(2));
    // The answer for "1" was not the newest: not shown. "2" was replaced by "3" while it waited.
    expect(m.hasSearched).toBe(false);
    expect(api.searchCards.mock.calls[1][0].query).toBe('3');
    held[1].resolve(undefined as never);
    await vi.waitFor(() => expect(m.searching).toBe(false));
    expect(m.cardAt(0)?.doc.name).toContain('3');
  });

  it('says a search is slow only once it has run for a moment, and stops saying so when it is answered', async () => {
    const { api, held } = fakeApi(50, { manual: true });
    const { m } = model(api, { slowSearchMs: 40 });
    m.query = '1';
    m.search();
    expect(m.searching).toBe(true);
    expect(m.searchingLong).toBe(false);
    await vi.waitFor(() => expect(m.searchingLong).toBe(true));
    held[0].resolve(undefined as never);
    await vi.waitFor(() => expect(m.searching).toBe(false));
    expect(m.searchingLong).toBe(false);
    // A search answered before the moment passes never says so.
    m.query = '2';
    m.search();
    held[1].resolve(undefined as never);
    await vi.waitFor(() => expect(m.searching).toBe(false));
    await new Promise((done) => setTimeout(done, 80));
    expect(m.searchingLong).toBe(false);
  });

  it('a failed search shows its message and no rows; the problems and highlight of an answer are kept', async () => {
    const { api } = fakeApi(5);
    const { m } = model(api);
    m.query = 'foo:bar';
    m.search();
    await vi.waitFor(() => expect(m.hasSearched).toBe(true));
    expect(m.problems[0].message).toBe('Unknown field ‘foo’');
    expect(m.highlight).toEqual([{ tokens: ['card'], prefix: true }]);
    api.searchCards.mockRejectedValueOnce(new Error('Search failed: disk full'));
    m.query = 'x';
    m.search();
    await vi.waitFor(() => expect(m.error).toBe('Search failed: disk full'));
    expect(m.count).toBe(0);
  });

  it('sorts by best match while a query is typed, by name when blank; a column click sorts, again reverses', () => {
    const { api } = fakeApi(0);
    const { m } = model(api);
    expect(m.request).toEqual({ query: '', systemId: 'osmcg', sort: 'name', descending: false });
    m.query = 'ember';
    expect(m.sort).toBe('relevance');
    m.sortBy('cost');
    expect(m.request).toMatchObject({ sort: 'cost', descending: false });
    m.sortBy('cost');
    expect(m.request).toMatchObject({ sort: 'cost', descending: true });
    m.sortBy('name');
    expect(m.request).toMatchObject({ sort: 'name', descending: false });
    m.sortByDefault();
    expect(m.sort).toBe('relevance');
    // A game without a cost field has no Cost column: a cost sort falls back to the default.
    m.sortBy('cost');
    m.systemId = 'plain';
    expect(m.request).toMatchObject({ systemId: 'plain', sort: 'relevance', descending: false });
  });

  it('every game: no systemId, set or types in the request, and only the columns all games share', () => {
    const { api } = fakeApi(0);
    const { m } = model(api);
    m.setId = 's1';
    m.types = ['unit'];
    expect(m.request).toMatchObject({ systemId: 'osmcg', setId: 's1', types: ['unit'] });
    m.allGames = true;
    expect(m.request).toEqual({ query: '', sort: 'name', descending: false });
    expect(m.columns.map((column) => column.sort)).toEqual(['name', 'type', 'set']);
    expect(sortColumns([osmcg]).map((column) => column.label)).toEqual(['Name', 'Type', 'Cost', 'Colors', 'Set']);
  });
});

describe('highlightRanges', () => {
  it('marks whole words and prefixes, ignoring case and diacritics, and runs of several tokens', () => {
    const terms = [
      { tokens: ['emb'], prefix: true },
      { tokens: ['fire', 'bolt'], prefix: false },
    ];
    expect(highlightRanges('Émber Tide: a Fire-bolt, not fireBOLTS', terms)).toEqual([
      { start: 0, end: 5 },
      { start: 14, end: 23 },
    ]);
    expect(highlightRanges('ember', [])).toEqual([]);
    expect(highlightRanges('', terms)).toEqual([]);
  });
});
