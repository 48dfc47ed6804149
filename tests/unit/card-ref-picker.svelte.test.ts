// The card reference picker's model (x-card-ref fields): options with type and set, the
// keyboard highlight, stale answers dropped, and the missing-card warning.

import { describe, expect, it, vi } from 'vitest';
import { join, resolve } from 'node:path';
import type { CardRecord, CardSetInfo } from '../../card-schema/system/format';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { CardRefPicker, exactNameQuery, type CardRefCalls } from '../../src-renderer/src/editor/card-ref-picker.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {} }));

const SYSTEMS = join(resolve(import.meta.dirname, '../..'), 'card-schema/systems');

describe('CardRefPicker', () => {
  const miscrits = loadGameSystem(join(SYSTEMS, 'miscrits'));
  const card = (id: string, name: string, type = 'miscrit'): CardRecord => ({
    id,
    setId: 'wilds',
    systemId: 'miscrits',
    doc: { type, name },
    updatedAt: '',
  });
  const library = [card('a', 'Emberkit'), card('b', 'Emberkit Prime'), card('c', 'Puddlefin')];
  const sets: CardSetInfo[] = [
    {
      id: 'wilds',
      systemId: 'miscrits',
      name: 'Wilds',
      description: '',
      code: '',
      version: '',
      author: '',
      license: '',
      cardCount: 3,
      updatedAt: '',
    },
  ];
  const calls: CardRefCalls = {
    // Typed text: names starting with it; name="…": that whole name (as the library search does).
    search: async (query) => {
      const exact = /^name="(.*)"$/.exec(query);
      if (exact) return library.filter((c) => c.doc.name.toLowerCase() === exact[1].toLowerCase());
      return library.filter((c) => c.doc.name.toLowerCase().startsWith(query.toLowerCase()));
    },
    sets: async () => sets,
  };

  it('lists matching cards with type and set, moves the highlight and takes a name', async () => {
    const picker = new CardRefPicker(miscrits, calls);
    await picker.search('ember');
    expect(picker.open).toBe(true);
    expect(picker.options).toEqual([
      { cardId: 'a', name: 'Emberkit', typeLabel: 'Miscrit', setName: 'Wilds' },
      { cardId: 'b', name: 'Emberkit Prime', typeLabel: 'Miscrit', setName: 'Wilds' },
    ]);
    expect(picker.active).toBe(0);
    picker.move(1);
    expect(picker.active).toBe(1);
    picker.move(1);
    expect(picker.active).toBe(0);
    picker.move(-1);
    expect(picker.take()).toBe('Emberkit Prime');
    expect(picker.open).toBe(false);
  });

  it('keeps only the newest search when answers come out of order', async () => {
    const answers: ((cards: CardRecord[]) => void)[] = [];
    const slow: CardRefCalls = { search: () => new Promise((done) => answers.push(done)), sets: async () => sets };
    const picker = new CardRefPicker(miscrits, slow);
    const first = picker.search('e');
    const second = picker.search('pu');
    answers[1]([library[2]]);
    await second;
    answers[0](library);
    await first;
    expect(picker.options.map((o) => o.name)).toEqual(['Puddlefin']);
  });

  it('checks a name by a search for the whole name, whatever syntax the name holds', () => {
    expect(exactNameQuery(' Emberkit ')).toBe('name="Emberkit"');
    expect(exactNameQuery('-Zed: the "Quiet"')).toBe('Zed the Quiet');
  });

  it('warns when no card has the stored name (any letter case is the same name)', async () => {
    const picker = new CardRefPicker(miscrits, calls);
    await picker.check('emberkit');
    expect(picker.missing).toBe(false);
    await picker.check('Ember');
    expect(picker.missing).toBe(true);
    await picker.check('');
    expect(picker.missing).toBeNull();
  });
});
