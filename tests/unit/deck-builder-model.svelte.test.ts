// The deck builder's models with stubbed API calls: loading a deck, counts set by add / remove /
// setCount (a leader replaced, not stacked), the section a card goes to, live legality, saving;
// and the pool's request (section types, "only legal for this leader" from the game's rule,
// filters), paging, sorting and quick-add with a typo.

import { flushSync } from 'svelte';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Deck } from '../../card-schema/deck/format';
import type { CardRecord, GameSystem } from '../../card-schema/system/format';
import type { ApiInput, PoolCard, PoolResult } from '../../src-main/api/contract';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { toPoolCard } from '../../src-main/services/deck-pool';
import { deckFormatOf } from '../../card-schema/deck/evaluate';
import { fitsIdentityRules, identityRulesOf, poolIdentityRule } from '../../card-schema/deck/pool-identity';
import { DeckBuilderModel, type DeckBuilderDeps } from '../../src-renderer/src/decks/deck-builder.svelte';
import { DeckPoolModel, type DeckPoolDeps } from '../../src-renderer/src/decks/deck-pool.svelte';

// The real client picks its transport from `window` on import.
vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const ROOT = resolve(import.meta.dirname, '../..');
const osmcg: GameSystem = loadGameSystem(join(ROOT, 'card-schema/systems/osmcg'));
const sample = JSON.parse(readFileSync(join(ROOT, 'resources/samples/osmcg/core-set.json'), 'utf8')) as {
  cards: { id: string; doc: CardRecord['doc'] }[];
};
const cards: CardRecord[] = sample.cards.map((card) => ({ ...card, setId: 'osmcg-core', systemId: 'osmcg', updatedAt: '' }));
const byName = (name: string) => cards.find((card) => card.doc.name === name)!;

function builder(deck: Partial<Deck> = {}) {
  const deps = {
    api: {
      getDeck: vi.fn(async () => ({ id: 'd1', systemId: 'osmcg', name: 'Test', sections: {}, ...deck }) as Deck),
      getCards: vi.fn(async ({ ids }: { ids: readonly string[] }) => cards.filter((card) => ids.includes(card.id))),
      saveDeck: vi.fn(async () => ({}) as never),
      listSets: vi.fn(async () => [
        {
          id: 'osmcg-core',
          systemId: 'osmcg',
          name: 'Core',
          description: '',
          code: '',
          version: '',
          author: '',
          license: '',
          cardCount: 0,
          updatedAt: '',
        },
      ]),
    },
    loadSystem: vi.fn(async () => osmcg),
    showError: vi.fn(),
    showSuccess: vi.fn(),
  } satisfies DeckBuilderDeps;
  return { model: new DeckBuilderModel('d1', deps), deps };
}

/** A fake pool server: the section's cards (by type), filtered by the request's identity and query. */
function poolDeps() {
  const searchDeckPool = vi.fn(async (request: ApiInput<'searchDeckPool'>): Promise<PoolResult> => {
    const section = osmcg.deck.sections.find((s) => s.id === request.sectionId)!;
    const words = (request.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = cards
      .filter((card) => (request.types ?? section.types).includes(card.doc.type))
      .filter((card) =>
        words.every((word) =>
          card.doc.name
            .toLowerCase()
            .split(/[\s,]+/)
            .some((w) => w.startsWith(word)),
        ),
      )
      .filter((card) => {
        // The server's own test: the section's identity rules against the leader (pool-identity.ts).
        const leader = cards.find((c) => c.id === request.leaderId);
        if (!leader) return true;
        const rules = identityRulesOf(osmcg, request.sectionId, deckFormatOf(osmcg, { format: request.format }));
        return fitsIdentityRules(
          rules.map(({ rule }) => poolIdentityRule(osmcg, rule, leader.doc)),
          card.doc,
        );
      });
    const start = (request.after as { seq: number } | undefined)?.seq ?? 0;
    const limit = request.limit ?? 200;
    const page = found.slice(start, start + limit);
    return {
      cards: page.map((card): PoolCard => toPoolCard(osmcg, card)),
      total: found.length,
      totalExact: true,
      next: start + limit < found.length ? { key: '', name: '', seq: start + limit } : null,
    };
  });
  return {
    api: { searchDeckPool, listSets: vi.fn(async () => []) },
    showError: vi.fn(),
    debounceMs: 0,
  } satisfies DeckPoolDeps;
}

describe('DeckBuilderModel', () => {
  it('loads the deck, starts on the leader section while none is chosen, and knows its cards', async () => {
    const { model } = builder({ sections: { main: [{ cardId: 'osmcg-core-005', count: 2 }] } });
    await model.load();
    expect(model.activeSectionId).toBe('hero');
    expect(model.lookup('osmcg-core-005')?.name).toBe('Cinder Whelp');
    expect(model.report?.legal).toBe(false);
    expect(model.counter(osmcg.deck.sections[1])).toBe('2 / 30');
  });

  it('sets counts: add, remove, setCount, and a leader replaces the one before', async () => {
    const { model } = builder();
    await model.load();
    model.remember(cards);
    model.addToDeck(byName('Pyra, Ashen Marshal').id);
    expect(model.entries('hero')).toEqual([{ cardId: 'osmcg-core-001', count: 1 }]);
    // Choosing the leader moves on to the main section.
    expect(model.activeSectionId).toBe('main');
    model.setCount('hero', byName('Bram Oakenward').id, 1);
    expect(model.entries('hero')).toEqual([{ cardId: 'osmcg-core-003', count: 1 }]);
    const bolt = byName('Fire Bolt').id;
    model.add('main', bolt, 2);
    model.add('main', bolt);
    expect(model.countOf('main', bolt)).toBe(3);
    model.remove('main', bolt);
    expect(model.countOf('main', bolt)).toBe(2);
    model.setCount('main', bolt, 0);
    expect(model.entries('main')).toEqual([]);
    expect(model.dirty).toBe(true);
  });

  it('sends a card to the section its type belongs to when the active one cannot hold it', async () => {
    const { model } = builder();
    await model.load();
    model.remember(cards);
    model.activeSectionId = 'main';
    expect(model.sectionFor(byName('Pyra, Ashen Marshal').id)?.id).toBe('hero');
    expect(model.sectionFor(byName('Fire Bolt').id)?.id).toBe('main');
  });

  it('is legal with a Hero and 30 cards of its color, and saves the deck', async () => {
    const { model, deps } = builder();
    await model.load();
    model.remember(cards);
    model.addToDeck(byName('Pyra, Ashen Marshal').id);
    const reds = cards.filter((c) => c.doc.type !== 'hero' && (c.doc.colors as string[]).includes('red')).slice(0, 10);
    for (const card of reds) model.setCount('main', card.id, 3);
    expect(model.report?.legal).toBe(true);
    await model.save();
    expect(deps.api.saveDeck).toHaveBeenCalledWith({
      deck: expect.objectContaining({
        id: 'd1',
        systemId: 'osmcg',
        sections: expect.objectContaining({ hero: [{ cardId: 'osmcg-core-001', count: 1 }] }),
      }),
    });
    expect(model.dirty).toBe(false);
  });

  it('moves cards to the sideboard and back, never judging them, and saves the boards', async () => {
    const { model, deps } = builder();
    await model.load();
    model.remember(cards);
    const bolt = byName('Fire Bolt').id;
    model.setCount('main', bolt, 3);
    model.toSideboard('main', bolt);
    expect(model.countOf('main', bolt)).toBe(0);
    expect(model.boards.sideboard).toEqual([{ cardId: bolt, count: 3 }]);
    expect(model.report?.counts.main).toBe(0);
    model.boardCount('sideboard', bolt, 1);
    model.swapBoard('sideboard', bolt);
    expect(model.boards).toEqual({ sideboard: [], maybeboard: [{ cardId: bolt, count: 4 }] });
    model.boardToDeck('maybeboard', bolt);
    expect(model.countOf('main', bolt)).toBe(4);
    model.toSideboard('main', bolt);
    await model.save();
    expect(deps.api.saveDeck).toHaveBeenCalledWith({
      deck: expect.objectContaining({ boards: expect.objectContaining({ sideboard: [{ cardId: bolt, count: 4 }] }) }),
    });
  });

  it('replaces every copy of a deleted card in one step, named by the name the deck kept', async () => {
    const bolt = byName('Fire Bolt');
    const { model } = builder({ sections: { main: [{ cardId: 'gone-card', count: 2, name: 'Old Bolt' }] } });
    await model.load();
    expect(model.grouped('main')).toEqual([
      { type: 'Deleted from the library', entries: [expect.objectContaining({ cardId: 'gone-card' })] },
    ]);
    model.replacing = { cardId: 'gone-card', name: 'Old Bolt' };
    model.replaceWith(bolt);
    expect(model.entries('main')).toEqual([{ cardId: bolt.id, count: 2 }]);
    expect(model.replacing).toBeNull();
  });
});

describe('DeckPoolModel', () => {
  async function setup() {
    const { model } = builder();
    await model.load();
    const deps = poolDeps();
    const pool = new DeckPoolModel(model, deps);
    return { deck: model, pool, deps };
  }

  it('asks for the active section, and for cards inside the leader identity once a Hero is chosen', async () => {
    const { deck, pool, deps } = await setup();
    await pool.refresh();
    expect(deps.api.searchDeckPool).toHaveBeenLastCalledWith(expect.objectContaining({ sectionId: 'hero', sort: 'name' }));
    expect(pool.cards.every((row) => row.card.doc.type === 'hero')).toBe(true);
    deck.addToDeck(pool.cards.find((row) => row.card.doc.name.startsWith('Pyra'))!.card.id);
    flushSync();
    expect(pool.identityLeader?.name).toBe('Pyra, Ashen Marshal');
    const pyra = cards.find((card) => card.doc.name === 'Pyra, Ashen Marshal')!;
    expect(pool.request).toMatchObject({ sectionId: 'main', leaderId: pyra.id });
    await pool.refresh();
    expect(pool.cards.length).toBeGreaterThan(0);
    expect(pool.cards.every((row) => row.identity.every((c) => c === 'red' || c === 'neutral'))).toBe(true);
    pool.onlyLegal = false;
    expect(pool.request?.leaderId).toBeUndefined();
  });

  it('is busy from the first keystroke until the answer to the last one shows; an older answer is dropped', async () => {
    const { deck, pool, deps } = await setup();
    deck.activeSectionId = 'main';
    let answerOld: () => void = () => {};
    const search = deps.api.searchDeckPool;
    const slow = search.getMockImplementation()!;
    search.mockImplementationOnce((request) => new Promise((resolve) => (answerOld = () => resolve(slow(request)))));
    const older = pool.refresh();
    pool.query = 'cinder';
    pool.refreshSoon();
    expect(pool.loading).toBe(true);
    answerOld();
    await older;
    expect(pool.loading).toBe(true); // the rows still show what was asked before the typing
    expect(pool.cards).toEqual([]);
    await vi.waitFor(() => expect(pool.loading).toBe(false));
    expect(pool.cards.length).toBeGreaterThan(0);
    expect(pool.cards.every((row) => row.card.doc.name.toLowerCase().includes('cinder'))).toBe(true);
  });

  it('sorts by a column, turns it round on a second click, and passes its filters', async () => {
    const { deck, pool } = await setup();
    deck.activeSectionId = 'main';
    pool.sortBy('cost');
    expect(pool.request).toMatchObject({ sort: 'cost', descending: false });
    pool.sortBy('cost');
    expect(pool.request).toMatchObject({ sort: 'cost', descending: true });
    pool.toggleType('spell');
    pool.toggleType('hero'); // not a type of this section: left out of the request
    pool.toggleIdentity('blue');
    pool.costMin = 1;
    pool.costMax = 3;
    pool.setId = 'osmcg-core';
    expect(pool.request).toMatchObject({ types: ['spell'], identityAny: ['blue'], costMin: 1, costMax: 3, setId: 'osmcg-core' });
  });

  it('pages on with the cursor and moves the focused row within what is loaded', async () => {
    const { deck, pool, deps } = await setup();
    deck.activeSectionId = 'main';
    pool.onlyLegal = false;
    await pool.refresh();
    const first = pool.cards.length;
    expect(pool.total).toBeGreaterThan(0);
    expect(pool.moveFocus(5)).toBe(5);
    expect(pool.moveFocus(-50)).toBe(0);
    expect(pool.moveFocus(10_000)).toBe(first - 1);
    expect(deps.api.searchDeckPool).toHaveBeenCalledTimes(1 + (pool.hasMore ? 1 : 0));
  });

  it('quick-adds "2 fier bolt" as Fire Bolt and offers the next names to swap it for', async () => {
    const { deck, pool } = await setup();
    deck.remember(cards);
    deck.addToDeck(byName('Pyra, Ashen Marshal').id);
    flushSync();
    pool.quickText = '2 fier bolt';
    await pool.quickAdd();
    expect(deck.countOf('main', byName('Fire Bolt').id)).toBe(2);
    expect(pool.quickMessage).toBe('Added 2 × Fire Bolt to Deck.');
    expect(pool.quickText).toBe('');
    const alternative = pool.quickResult!.alternatives[0];
    pool.swapQuickAdd(alternative);
    expect(deck.countOf('main', byName('Fire Bolt').id)).toBe(0);
    expect(deck.countOf('main', alternative.card.id)).toBe(2);
    pool.quickText = '1 zzzz';
    await pool.quickAdd();
    expect(pool.quickMessage).toContain('No card of Deck is named like “zzzz”');
  });
});
