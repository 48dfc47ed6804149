// Decklist formats (card-schema/deck/decklist): plain text and Cockatrice .cod read and written,
// names matched exactly, loosely, or reported with "did you mean", printings picked and said.

import { describe, expect, it } from 'vitest';
import type { DeckSectionDef } from '../../card-schema/deck/format';
import {
  NameIndex,
  editDistance,
  formatCod,
  formatTextList,
  normalizeName,
  parseCod,
  parseTextList,
  resolveDeckList,
  sectionForHeader,
  type NamedCard,
} from '../../card-schema/deck/decklist';
import { unescapeXml } from '../../card-schema/deck/decklist/xml-text';

const SECTIONS: DeckSectionDef[] = [
  { id: 'hero', label: 'Hero', types: ['hero'], leader: true },
  { id: 'main', label: 'Deck', types: ['creature', 'spell'] },
  { id: 'missions', label: 'Mission deck', types: ['mission'], extra: true },
];

const card = (id: string, name: string, type = 'spell', setName = 'Core'): NamedCard => ({
  id,
  name,
  type,
  setId: setName.toLowerCase(),
  setName,
});
const CARDS = [
  card('h1', 'Pyra, Ashen Marshal', 'hero'),
  card('c1', 'Fire Bolt'),
  card('c2', 'Ember Hound', 'creature'),
  card('c3', 'Æther Spark'),
  card('c4', 'Kindle', 'spell', 'Core'),
  card('c5', 'Kindle', 'spell', 'Ashes'),
  card('m1', 'Hold the Bridge', 'mission'),
];
const index = new NameIndex(CARDS);

describe('plain text lists', () => {
  it('reads counts, "3x", bare names, headers, comments and blank lines', () => {
    const list = parseTextList(
      [
        '// name: Ember Rush',
        '# a comment',
        'Hero: Pyra, Ashen Marshal',
        '',
        'Deck:',
        '3 Fire Bolt',
        '2x Ember Hound',
        'Kindle',
        'Mission deck (1)',
        '1 Hold the Bridge',
      ].join('\n'),
      SECTIONS,
    );
    expect(list.name).toBe('Ember Rush');
    expect(list.problems).toEqual([]);
    expect(list.entries.map((entry) => [entry.section, entry.count, entry.name, entry.line])).toEqual([
      ['hero', 1, 'Pyra, Ashen Marshal', 3],
      ['main', 3, 'Fire Bolt', 6],
      ['main', 2, 'Ember Hound', 7],
      ['main', 1, 'Kindle', 8],
      ['missions', 1, 'Hold the Bridge', 10],
    ]);
  });

  it('matches headers to section ids and labels in any case, and knows side and maybe boards', () => {
    expect(sectionForHeader('DECK', SECTIONS)).toBe('main');
    expect(sectionForHeader('mission deck', SECTIONS)).toBe('missions');
    expect(sectionForHeader('Commander', SECTIONS)).toBe('hero');
    expect(sectionForHeader('Sideboard', SECTIONS)).toBe('sideboard');
    expect(sectionForHeader('Maybeboard', SECTIONS)).toBe('maybeboard');
    expect(sectionForHeader('Graveyard', SECTIONS)).toBeUndefined();
  });

  it('reports an unknown header and a bad count with their lines', () => {
    const list = parseTextList('Graveyard:\n0 Fire Bolt\n1000 Kindle\n2 Ember Hound', SECTIONS);
    expect(list.problems.map((problem) => problem.line)).toEqual([1, 2, 3]);
    expect(list.problems[0].message).toMatch(/"Graveyard" is not a section/);
    expect(list.entries).toMatchObject([{ section: undefined, count: 2, name: 'Ember Hound' }]);
  });

  it('writes the section labels as headers and reads its own output back', () => {
    const text = formatTextList({
      name: 'Ember Rush',
      notes: 'Go fast.\nBurn.',
      sections: [
        { id: 'hero', label: 'Hero', cards: [{ name: 'Pyra, Ashen Marshal', count: 1 }] },
        {
          id: 'main',
          label: 'Deck',
          cards: [
            { name: '3 Wolves', count: 2 },
            { name: 'Kindle', count: 1, printing: 'Ashes' },
          ],
        },
      ],
    });
    expect(text).toBe(
      '// name: Ember Rush\n// notes: Go fast.\n// notes: Burn.\n\nHero:\n1 Pyra, Ashen Marshal\n\nDeck:\n2 3 Wolves\n1 Kindle (Ashes)\n',
    );
    const back = parseTextList(text, SECTIONS);
    expect(back.notes).toBe('Go fast.\nBurn.');
    expect(back.entries.map((entry) => [entry.section, entry.count, entry.name])).toEqual([
      ['hero', 1, 'Pyra, Ashen Marshal'],
      ['main', 2, '3 Wolves'],
      ['main', 1, 'Kindle (Ashes)'],
    ]);
  });
});

describe('Cockatrice .cod', () => {
  it('writes zones: leader and deck in main, extra sections by id, the sideboard in side', () => {
    const xml = formatCod(
      {
        name: 'A & B',
        sections: [
          { id: 'hero', label: 'Hero', cards: [{ name: 'Pyra, Ashen Marshal', count: 1 }] },
          { id: 'main', label: 'Deck', cards: [{ name: 'Say "<Hi>"', count: 3 }] },
          { id: 'missions', label: 'Mission deck', cards: [{ name: "Hold the Bridge's End", count: 1 }] },
          { id: 'sideboard', label: 'Sideboard', cards: [{ name: 'Kindle', count: 2, printing: 'Ashes' }] },
        ],
      },
      SECTIONS,
    );
    expect(xml).toContain('<deckname>A &amp; B</deckname>');
    expect(xml).toContain(
      '<zone name="main">\n    <card number="1" name="Pyra, Ashen Marshal"/>\n    <card number="3" name="Say &quot;&lt;Hi&gt;&quot;"/>',
    );
    expect(xml).toContain('<zone name="missions">\n    <card number="1" name="Hold the Bridge&apos;s End"/>');
    expect(xml).toContain('<zone name="side">\n    <card number="2" name="Kindle" setShortName="Ashes"/>');
    const back = parseCod(xml, SECTIONS);
    expect(back.name).toBe('A & B');
    expect(back.entries.map((entry) => [entry.section, entry.count, entry.name, entry.printing])).toEqual([
      [undefined, 1, 'Pyra, Ashen Marshal', undefined],
      [undefined, 3, 'Say "<Hi>"', undefined],
      ['missions', 1, "Hold the Bridge's End", undefined],
      ['sideboard', 2, 'Kindle', 'Ashes'],
    ]);
  });

  it('reads files written by Cockatrice: single quotes, numeric entities, CDATA comments', () => {
    const back = parseCod(
      `<?xml version="1.0"?>\n<cockatrice_deck version="1">\n<deckname>R&#233;sum&#xE9;</deckname><comments><![CDATA[a <b> & c]]></comments>\n<zone name='main'>\n<card number='2' price='0' name='Fire Bolt'/>\n<card number="x" name="Kindle"/>\n<card number="1"/>\n</zone></cockatrice_deck>`,
      SECTIONS,
    );
    expect(back.name).toBe('Résumé');
    expect(back.notes).toBe('a <b> & c');
    expect(back.entries).toMatchObject([{ count: 2, name: 'Fire Bolt', line: 5 }]);
    expect(back.problems.map((problem) => [problem.line, problem.message])).toEqual([
      [6, 'number="x": a count must be 1 to 999'],
      [7, 'a <card> without a name'],
    ]);
  });

  it('refuses unknown entities by name', () => {
    expect(() => unescapeXml('&nbsp;')).toThrow('unknown XML entity &nbsp;');
  });
});

describe('name matching', () => {
  it('normalizes case, accents, ligatures and punctuation', () => {
    expect(normalizeName('  FIRE-bolt! ')).toBe('fire bolt');
    expect(normalizeName('Æther Spark')).toBe('aether spark');
    expect(normalizeName("Field Medic's Kit")).toBe('field medics kit');
    expect(normalizeName('Éclair')).toBe('eclair');
  });

  it('counts a swap of neighbours as one edit, and gives up past the limit', () => {
    expect(editDistance('fire bolt', 'fier bolt')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'xyzuvw', 2)).toBe(3);
  });

  it('suggests the three closest names', () => {
    const names = new NameIndex([...CARDS, card('x1', 'Fire Ball'), card('x2', 'Fire Wall'), card('x3', 'Frost Bite')]);
    expect(names.suggest('Fier Bolt').map((suggestion) => suggestion.name)).toEqual(['Fire Bolt', 'Fire Ball', 'Fire Wall']);
    expect(names.suggest('zzzzzzzzzzzz')).toEqual([]);
  });
});

describe('resolving a list', () => {
  it('places cards without a header by type, reports typos with suggestions and picks printings', () => {
    const list = parseTextList(
      'Pyra, Ashen Marshal\n3 fire-bolt\n2 Embr Hound\n1 Kindle\n1 Kindle (Ashes)\n1 Hold the Bridge',
      SECTIONS,
    );
    const resolved = resolveDeckList(list, index, SECTIONS);
    expect(resolved.sections).toEqual({
      hero: [{ cardId: 'h1', count: 1, name: 'Pyra, Ashen Marshal', line: 1 }],
      main: [
        { cardId: 'c1', count: 3, name: 'Fire Bolt', line: 2 },
        { cardId: 'c5', count: 2, name: 'Kindle', line: 4 },
      ],
      missions: [{ cardId: 'm1', count: 1, name: 'Hold the Bridge', line: 6 }],
    });
    expect(resolved.cardLines).toBe(6);
    expect(resolved.matchedLines).toBe(5);
    expect(resolved.problems).toMatchObject([
      {
        kind: 'unmatched',
        line: 3,
        name: 'Embr Hound',
        count: 2,
        suggestions: [{ cardId: 'c2', name: 'Ember Hound', section: 'main' }],
      },
      // Two printings named Kindle: the first by set name ("Ashes") is taken, and that is said.
      { kind: 'printing', line: 4, cardId: 'c5', setName: 'Ashes', others: [{ cardId: 'c4', setName: 'Core' }] },
    ]);
  });

  it("keeps a sideboard beside the sections (the deck's board), or in the game's own section of that name", () => {
    const resolved = resolveDeckList(parseTextList('Sideboard:\n2 Fire Bolt', SECTIONS), index, SECTIONS);
    expect(resolved.boardIds).toEqual(['sideboard', 'maybeboard']);
    expect(resolved.sections.sideboard).toMatchObject([{ name: 'Fire Bolt', count: 2 }]);
    expect(resolved.problems).toEqual([]);
    const withOwn = [...SECTIONS, { id: 'sideboard', label: 'Sideboard', types: ['spell'] }];
    const own = resolveDeckList(parseTextList('Sideboard:\n2 Fire Bolt', withOwn), index, withOwn);
    expect(own.boardIds).toEqual(['maybeboard']);
    expect(own.sections.sideboard).toMatchObject([{ name: 'Fire Bolt', count: 2 }]);
  });
});
