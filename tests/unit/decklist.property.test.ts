// Export → import round-trips every decklist format unchanged, for every game's sections, with
// awkward card names (quotes, commas, XML specials, unicode, leading digits, "3 Wolves") and
// names several printings share.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DeckSectionDef } from '../../card-schema/deck/format';
import {
  NameIndex,
  formatCod,
  formatTextList,
  parseCod,
  parseTextList,
  printingHint,
  resolveDeckList,
  sectionLabel,
  type NamedCard,
  type NamedDeck,
} from '../../card-schema/deck/decklist';

const systemsDir = resolve(__dirname, '../../card-schema/systems');
const GAMES = readdirSync(systemsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name: id }) => {
    const system = JSON.parse(readFileSync(join(systemsDir, id, 'system.json'), 'utf8')) as {
      deck: { sections: DeckSectionDef[] };
    };
    return { id, sections: system.deck.sections };
  });

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
  'x',
  '2x',
  '(',
  ')',
  'é',
  'Æ',
  '名',
  '🂡',
  ' ',
  'Fire',
  'Bolt',
  '42',
  '&amp;',
];
const awkwardName = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(''))
  .map((name) => name.trim())
  .filter((name) => name !== '');
const SET_NAMES = ['Core', 'Ashes & Embers', 'Été "2"', 'Promo (2026)'];

interface Library {
  cards: NamedCard[];
  /** The deck: per section, distinct cards with counts. */
  deck: Record<string, { cardId: string; count: number }[]>;
}

/** A library with a card for every (name, set) drawn, typed for the section it goes to, and a deck of them. */
function library(sections: DeckSectionDef[]): fc.Arbitrary<Library> {
  return fc
    .array(
      fc.record({
        name: awkwardName,
        set: fc.constantFrom(...SET_NAMES),
        section: fc.constantFrom(...sections.map((section) => section.id)),
        count: fc.integer({ min: 1, max: 999 }),
        alsoInSet: fc.option(fc.constantFrom(...SET_NAMES)),
      }),
      { minLength: 1, maxLength: 25 },
    )
    .map((rows) => {
      const cards: NamedCard[] = [];
      const deck: Library['deck'] = {};
      rows.forEach((row, i) => {
        const section = sections.find((def) => def.id === row.section)!;
        // Same name, same set, same type can only be one card in the deck section.
        if ((deck[section.id] ?? []).some((entry) => cards.find((c) => c.id === entry.cardId)!.name === row.name)) return;
        const card: NamedCard = { id: `card-${i}`, name: row.name, type: section.types[0], setId: row.set, setName: row.set };
        cards.push(card);
        // Another printing of the same name, so hints must pick the right one.
        if (row.alsoInSet !== null)
          cards.push({ ...card, id: `card-${i}-reprint`, setId: row.alsoInSet, setName: row.alsoInSet });
        (deck[section.id] ??= []).push({ cardId: card.id, count: row.count });
      });
      return { cards, deck };
    });
}

function named(lib: Library, index: NameIndex, sections: DeckSectionDef[], name: string, notes?: string): NamedDeck {
  const byId = new Map(lib.cards.map((card) => [card.id, card]));
  return {
    name,
    notes,
    sections: Object.entries(lib.deck).map(([id, entries]) => ({
      id,
      label: sectionLabel(id, sections),
      cards: entries.map((entry) => {
        const card = byId.get(entry.cardId)!;
        return { name: card.name, count: entry.count, printing: printingHint(card, index) };
      }),
    })),
  };
}

const strip = (sections: Record<string, { cardId: string; count: number }[]>) =>
  Object.fromEntries(
    Object.entries(sections).map(([id, entries]) => [id, entries.map(({ cardId, count }) => ({ cardId, count }))]),
  );

describe.each(GAMES)('decklists round-trip for $id', ({ sections }) => {
  const deckName = awkwardName;
  const notes = fc.array(awkwardName, { maxLength: 3 }).map((lines) => (lines.length ? lines.join('\n') : undefined));

  it('text', () => {
    fc.assert(
      fc.property(library(sections), deckName, notes, (lib, name, note) => {
        const index = new NameIndex(lib.cards);
        const text = formatTextList(named(lib, index, sections, name, note));
        const back = resolveDeckList(parseTextList(text, sections), index, sections);
        expect(back.problems).toEqual([]);
        expect(back.name).toBe(name);
        expect(back.notes).toBe(note);
        expect(strip(back.sections)).toEqual(lib.deck);
      }),
      { numRuns: 150 },
    );
  });

  it('Cockatrice .cod', () => {
    fc.assert(
      fc.property(library(sections), deckName, notes, (lib, name, note) => {
        const index = new NameIndex(lib.cards);
        const xml = formatCod(named(lib, index, sections, name, note), sections);
        const back = resolveDeckList(parseCod(xml, sections), index, sections);
        expect(back.problems).toEqual([]);
        expect(back.name).toBe(name);
        expect(back.notes).toBe(note);
        // .cod puts the leader and the deck in one zone: compare what each section holds.
        expect(strip(back.sections)).toEqual(lib.deck);
      }),
      { numRuns: 150 },
    );
  });
});
