// Print sources (services/print-sources.ts): which cards a deck, a set, a search or a selection
// prints, in which order and how many times, what the job and the file are called, and the
// refusals: nothing to print, an unknown id, more than MAX_PRINT_CARDS cards.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import type { CardDocument } from '../../card-schema/system/format';
import { MAX_PRINT_CARDS, type PrintSource } from '../../src-main/api/contract';
import { ApiError } from '../../src-main/api/api-error';
import type { Library } from '../../src-main/services/library';
import { loadInstalledSystems } from '../../src-main/services/game-systems';
import { namePrintSource, previewPrintSource, printSourceItems } from '../../src-main/services/print-sources';
import { SystemRegistry } from '../../src-main/services/system-registry';
import { ImageLibrary } from '../../src-main/images/image-library';
import { openDatabaseFile } from '../../src-main/store/database';
import { Store } from '../../src-main/store/store';

const systemsDir = resolve(__dirname, '../../card-schema/systems');

let lib: Library;

const creature = (name: string): CardDocument => ({
  type: 'creature',
  name,
  colors: ['red'],
  cost: 1,
  atk: 1,
  hp: 1,
  spd: 1,
  ap: 1,
});

beforeAll(() => {
  const store = new Store(openDatabaseFile(':memory:'));
  const { installed } = loadInstalledSystems(systemsDir, join(systemsDir, 'no-user-systems'));
  lib = { store, systems: new SystemRegistry(installed), images: new ImageLibrary(store, '/nonexistent') };
  const otherGame = installed.find((entry) => entry.system.id !== 'osmcg')!.system;
  store.sets.save({ id: 'core', systemId: 'osmcg', name: 'Core', description: '' });
  store.sets.save({ id: 'empty', systemId: 'osmcg', name: 'Empty', description: '' });
  store.sets.save({ id: 'big', systemId: 'osmcg', name: 'Big', description: '' });
  store.sets.save({ id: 'other', systemId: otherGame.id, name: 'Other', description: '' });
  const write = (setId: string, id: string, doc: CardDocument) => ({ id, setId, doc, searchText: '' });
  // Added out of name order: a set prints in the order its cards were added.
  store.cards.saveMany([
    write('core', 'c-zeta', creature('Zeta Ember')),
    write('core', 'c-alpha', creature('Alpha Ember')),
    write('core', 'c-mid', creature('Middle')),
    write('other', 'o-ember', { type: otherGame.cardTypes[0].id, name: 'Ember Elsewhere' }),
  ]);
  // Past one search page (1,000) and past searchCards' counting cap, below the print cap.
  store.cards.saveMany(Array.from({ length: 2_500 }, (_, i) => write('big', `b-${i}`, creature(`Bulk ${i}`))));
  store.decks.save({
    id: 'deck',
    systemId: 'osmcg',
    name: 'Ember Deck',
    notes: '',
    format: undefined,
    sections: {
      main: [
        { cardId: 'c-mid', count: 3 },
        { cardId: 'c-alpha', count: 1 },
      ],
    },
  });
});

afterAll(() => lib.store.close());

const names = (source: PrintSource, copies = 1) =>
  printSourceItems(lib, source, copies).map((item) => `${item.doc.name}×${item.copies}`);

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('print sources', () => {
  it('prints a deck entry by entry, each count times the copies', () => {
    expect(names({ kind: 'deck', deckId: 'deck' })).toEqual(['Middle×3', 'Alpha Ember×1']);
    expect(names({ kind: 'deck', deckId: 'deck' }, 2)).toEqual(['Middle×6', 'Alpha Ember×2']);
  });

  it('prints a set in the order its cards were added', () => {
    expect(names({ kind: 'set', setId: 'core' })).toEqual(['Zeta Ember×1', 'Alpha Ember×1', 'Middle×1']);
    expect(names({ kind: 'set', setId: 'core' }, 3)).toEqual(['Zeta Ember×3', 'Alpha Ember×3', 'Middle×3']);
  });

  it('prints picked cards in the order given; a card picked twice prints twice, where it was picked', () => {
    const source: PrintSource = { kind: 'cards', cardIds: ['c-mid', 'o-ember', 'c-zeta', 'c-mid'] };
    expect(names(source)).toEqual(['Middle×1', 'Ember Elsewhere×1', 'Zeta Ember×1', 'Middle×1']);
    expect(names({ kind: 'cards', cardIds: ['c-zeta', 'c-mid', 'c-mid'] }, 2)).toEqual(['Zeta Ember×2', 'Middle×4']);
    // Cards of two games print together (print-sheet starts a new page where the size changes).
    expect(new Set(printSourceItems(lib, source, 1).map((item) => item.system.id)).size).toBe(2);
  });

  it('prints every match of a search in the list order, across games unless limited', () => {
    const search = (filters: Partial<Extract<PrintSource, { kind: 'search' }>>): PrintSource => ({
      kind: 'search',
      query: '',
      ...filters,
    });
    expect(names(search({ query: 'ember' }))).toEqual(['Ember Elsewhere×1', 'Zeta Ember×1', 'Alpha Ember×1']);
    expect(names(search({ query: 'ember', systemId: 'osmcg' }))).toEqual(['Zeta Ember×1', 'Alpha Ember×1']);
    // In the list's sort too, by the same engine.
    expect(names(search({ query: 'ember', sort: 'name' }))).toEqual(['Alpha Ember×1', 'Ember Elsewhere×1', 'Zeta Ember×1']);
    expect(names(search({ query: 'ember', sort: 'name', descending: true }))).toEqual([
      'Zeta Ember×1',
      'Ember Elsewhere×1',
      'Alpha Ember×1',
    ]);
    // Every page, not the first: 2,500 cards.
    const bulk = printSourceItems(lib, search({ setId: 'big' }), 2);
    expect(bulk).toHaveLength(2_500);
    expect(bulk.every((item) => item.copies === 2)).toBe(true);
  });

  it('previews the count and the first cards of a print, copies included, for the dialog', () => {
    const preview = previewPrintSource(lib, { kind: 'deck', deckId: 'deck' }, { copies: 2, offset: 0, limit: 5, entries: false });
    expect(preview.count).toBe(8);
    expect(preview.cards.map((card) => card.doc.name)).toEqual(['Middle', 'Middle', 'Middle', 'Middle', 'Middle']);
    expect(new Set(preview.cards.map((card) => card.systemId))).toEqual(new Set(['osmcg']));
  });

  it('refuses above MAX_PRINT_CARDS, naming the source and the count', () => {
    expect(refusal(() => printSourceItems(lib, { kind: 'set', setId: 'big' }, 5)).message).toBe(
      `Set “Big” prints 12,500 cards at 5 copies each; one PDF holds at most ${MAX_PRINT_CARDS.toLocaleString('en-US')} — print fewer cards or fewer copies`,
    );
    const search = refusal(() => printSourceItems(lib, { kind: 'search', query: 'bulk' }, 5));
    expect(search.code).toBe('BAD_INPUT');
    expect(search.message).toContain('The search “bulk” prints more than 10,000 cards at 5 copies each');
    expect(printSourceItems(lib, { kind: 'search', query: 'bulk' }, 4)).toHaveLength(2_500);
  });

  it('refuses what prints nothing or does not exist', () => {
    expect(refusal(() => printSourceItems(lib, { kind: 'set', setId: 'empty' }, 1)).message).toBe(
      'Set “Empty” has no cards to print',
    );
    expect(refusal(() => printSourceItems(lib, { kind: 'search', query: 'nothing like it' }, 1)).message).toBe(
      'No card matches “nothing like it”',
    );
    expect(refusal(() => printSourceItems(lib, { kind: 'set', setId: 'nope' }, 1)).code).toBe('NOT_FOUND');
    expect(refusal(() => printSourceItems(lib, { kind: 'cards', cardIds: ['c-mid', 'gone'] }, 1)).message).toBe(
      'No card with id "gone"',
    );
  });

  it('names the job and the file after the source', () => {
    expect(namePrintSource(lib, { kind: 'deck', deckId: 'deck' })).toEqual({ title: 'Print “Ember Deck”', name: 'Ember Deck' });
    expect(namePrintSource(lib, { kind: 'set', setId: 'core' })).toEqual({ title: 'Print set “Core”', name: 'Core' });
    expect(namePrintSource(lib, { kind: 'search', query: ' ember ', setId: 'core' })).toEqual({
      title: 'Print search “ember” in “Core”',
      name: 'Core – ember',
    });
    expect(namePrintSource(lib, { kind: 'search', query: '' })).toEqual({ title: 'Print every card', name: 'Cards' });
    expect(namePrintSource(lib, { kind: 'cards', cardIds: ['c-mid', 'c-zeta'] })).toEqual({
      title: 'Print 2 cards of “Core”',
      name: 'Core',
    });
    expect(namePrintSource(lib, { kind: 'cards', cardIds: ['c-mid', 'o-ember'] }).title).toBe('Print 2 cards');
  });
});
