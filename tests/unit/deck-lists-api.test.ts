// parseDeckList / exportDeckList through dispatch, against the real games and samples: every
// sample deck exports and reads back unchanged in every format; typos come back with
// suggestions; a list of another game says so; a saved deck keeps only what the user chose.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import fc from 'fast-check';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

/** Names players and designers really write, and the ones that break naive formats. */
const PIECES = [
  '3 Wolves',
  '"',
  "'",
  ',',
  '&',
  '<',
  '>',
  ';',
  ':',
  '#',
  '//',
  '2x',
  '(',
  ')',
  'é',
  'Æ',
  '名',
  'Fire',
  'Bolt',
  '42',
];
const awkwardName = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(' ').trim())
  .filter((name) => name !== '');

let dataDir: string;
let app: Cardwright;
let call: Call;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-decklists-'));
  app = openSampleCardwright(dataDir);
  call = apiCaller(app);
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const counts = (sections: Record<string, { cardId: string; count: number }[]>) =>
  Object.fromEntries(
    Object.entries(sections)
      .filter(([, entries]) => entries.length > 0)
      .map(([id, entries]) => [id, entries.map(({ cardId, count }) => ({ cardId, count }))]),
  );

describe('decklist API', () => {
  it('exports every sample deck as text, JSON and .cod, and reads each back unchanged', async () => {
    const decks = await call('listDecks', {});
    expect(decks.length).toBeGreaterThan(4);
    for (const summary of decks) {
      const deck = await call('getDeck', { id: summary.id });
      for (const format of ['text', 'json', 'cod'] as const) {
        const blob = await call('exportDeckList', { id: deck.id, format });
        expect(blob.fileName).toMatch({ text: /\.txt$/, json: /\.deck\.json$/, cod: /\.cod$/ }[format]);
        const back = await call('parseDeckList', { systemId: deck.systemId, text: text(blob.bytes), fileName: blob.fileName });
        expect(back.format, `${deck.name} as ${format}`).toBe(format);
        expect(back.problems, `${deck.name} as ${format}`).toEqual([]);
        expect(back.name).toBe(deck.name);
        expect(counts(back.sections), `${deck.name} as ${format}`).toEqual(counts(deck.sections));
      }
    }
  });

  it('reads "Sideboard:" and "Maybeboard:" into the deck\'s boards, and writes them back in every format', async () => {
    const list = [
      'Hero:',
      'Pyra, Ashen Marshal',
      'Deck:',
      '2 Ember Hound',
      'Sideboard:',
      '3 Kindle',
      'Maybeboard:',
      '1 Fire Bolt',
    ];
    const read = await call('parseDeckList', { systemId: 'osmcg', text: list.join('\n'), fileName: 'boards.txt' });
    expect(read.problems).toEqual([]);
    expect(read.boardIds).toEqual(['sideboard', 'maybeboard']);
    expect(read.sections.sideboard).toMatchObject([{ name: 'Kindle', count: 3 }]);
    const entries = (id: string) => read.sections[id].map(({ cardId, count }) => ({ cardId, count }));
    const saved = await call('saveDeck', {
      deck: {
        systemId: 'osmcg',
        name: 'Boards',
        sections: { hero: entries('hero'), main: entries('main') },
        boards: { sideboard: entries('sideboard'), maybeboard: entries('maybeboard') },
      },
    });
    for (const format of ['text', 'json', 'cod'] as const) {
      const blob = await call('exportDeckList', { id: saved.id, format });
      const back = await call('parseDeckList', { systemId: 'osmcg', text: text(blob.bytes), fileName: blob.fileName });
      expect(back.problems, format).toEqual([]);
      expect(counts(back.sections), format).toEqual({
        hero: entries('hero'),
        main: entries('main'),
        sideboard: entries('sideboard'),
        maybeboard: entries('maybeboard'),
      });
    }
  });

  it('reports typos with the closest names, and saves only the lines it matched', async () => {
    const list = [
      'Hero:',
      'Pyra Ashen Marshal',
      '',
      'Deck:',
      '2 Fier Bolt',
      '2 ember hound',
      '3 Kindel',
      '1 Nothing Like It At All',
    ].join('\n');
    const result = await call('parseDeckList', { systemId: 'osmcg', text: list, fileName: 'ember.txt' });
    expect(result.format).toBe('text');
    expect(result.name).toBe('ember');
    expect(result.cardLines).toBe(5);
    expect(result.matchedLines).toBe(2);
    expect(result.sections.hero).toMatchObject([{ name: 'Pyra, Ashen Marshal', count: 1 }]);
    expect(result.sections.main).toMatchObject([{ name: 'Ember Hound', count: 2 }]);
    const unmatched = result.problems.filter((problem) => problem.kind === 'unmatched');
    expect(unmatched.map((problem) => [problem.line, problem.name, problem.suggestions[0]?.name])).toEqual([
      [5, 'Fier Bolt', 'Fire Bolt'],
      [7, 'Kindel', 'Kindle'],
      [8, 'Nothing Like It At All', undefined],
    ]);
    expect(unmatched[0].suggestions[0].section).toBe('main');
    expect(result.otherGame).toBeUndefined();
  });

  it('sees a renamed card at once (the name index is rebuilt when the game’s cards change)', async () => {
    const before = await call('parseDeckList', { systemId: 'osmcg', text: '1 Kindle Anew' });
    expect(before.matchedLines).toBe(0);
    const [kindle] = (await call('searchCards', { query: 'Kindle', systemId: 'osmcg' })).cards;
    const renamed = await call('saveCard', { id: kindle.id, setId: kindle.setId, doc: { ...kindle.doc, name: 'Kindle Anew' } });
    expect(renamed.ok).toBe(true);
    const after = await call('parseDeckList', { systemId: 'osmcg', text: '1 Kindle Anew\n1 Kindle' });
    expect(after.matchedLines).toBe(1);
    expect(after.problems).toMatchObject([{ kind: 'unmatched', name: 'Kindle', suggestions: [{ name: 'Kindle Anew' }] }]);
    await call('saveCard', { id: kindle.id, setId: kindle.setId, doc: kindle.doc });
  });

  it('says when a list belongs to another game', async () => {
    const osmcgDeck = (await call('listDecks', { systemId: 'osmcg' }))[0];
    const blob = await call('exportDeckList', { id: osmcgDeck.id, format: 'text' });
    const result = await call('parseDeckList', { systemId: 'omms', text: text(blob.bytes) });
    expect(result.matchedLines).toBe(0);
    expect(result.otherGame).toMatchObject({ systemId: 'osmcg' });
    const json = await call('exportDeckList', { id: osmcgDeck.id, format: 'json' });
    const fromFile = await call('parseDeckList', { systemId: 'omms', text: text(json.bytes) });
    expect(fromFile.systemId).toBe('osmcg');
    expect(fromFile.otherGame).toMatchObject({ systemId: 'osmcg' });
  });

  it('refuses a damaged deck file with its name and place, and an unknown deck by id', async () => {
    const broken = await failure(
      call('parseDeckList', {
        systemId: 'osmcg',
        text: '{"format":"cardwright-deck","formatVersion":1,"deck":{}}',
        fileName: 'x.deck.json',
      }),
    );
    expect(broken.code).toBe('INVALID_FILE');
    expect(broken.message).toMatch(/x\.deck\.json/);
    expect((await failure(call('exportDeckList', { id: 'nope', format: 'text' }))).code).toBe('NOT_FOUND');
    const notADeck = await failure(
      call('parseDeckList', { systemId: 'osmcg', text: '{"format":"cardwright-set"}', fileName: 'core.json' }),
    );
    expect(notADeck.message).toMatch(/core\.json.*"format" must be "cardwright-deck"/);
  });
});

describe('decklist API round-trips awkward names', () => {
  it('every format reads back a deck of cards named with quotes, commas, XML specials, unicode and leading digits', async () => {
    const set = await call('createSet', { systemId: 'osmcg', name: 'Awkward & "Odd" (2026)' });
    const spell = { type: 'spell', colors: ['red'], cost: 1, speed: 'Quick', text: 'Deal 1 damage.' };
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(awkwardName, { minLength: 1, maxLength: 6, comparator: (a, b) => a.toLowerCase() === b.toLowerCase() }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 6, maxLength: 6 }),
        async (names, copies) => {
          const main = [];
          for (const [i, name] of names.entries()) {
            const saved = await call('saveCard', { setId: set.id, doc: { ...spell, name } });
            if (!saved.ok) throw new Error(`${name}: ${JSON.stringify(saved.issues)}`);
            main.push({ cardId: saved.card.id, count: copies[i] });
          }
          const deck = await call('saveDeck', { deck: { systemId: 'osmcg', name: names[0], sections: { main } } });
          for (const format of ['text', 'json', 'cod'] as const) {
            const blob = await call('exportDeckList', { id: deck.id, format });
            const back = await call('parseDeckList', { systemId: 'osmcg', text: text(blob.bytes), fileName: blob.fileName });
            expect(
              back.problems.filter((problem) => problem.kind !== 'printing'),
              format,
            ).toEqual([]);
            expect(back.name, format).toBe(deck.name);
            expect(counts(back.sections), format).toEqual(counts(deck.sections));
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
