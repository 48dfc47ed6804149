// Deck generators: build a deck's sections from library cards in one step (OMMS's standard
// 54-card pack, a map's starting deck). Reprints (same name) are taken once.

import type { CardDocument } from '../system/format';
import { cardMatches, fieldValue } from './card-match';
import type { DeckEntry, DeckGenerator } from './format';

export function generateDeckSections(
  generator: DeckGenerator,
  cards: readonly { id: string; doc: CardDocument }[],
): Record<string, DeckEntry[]> {
  // A Map, not an object: section ids are game data and may be named like "constructor".
  const sections = new Map<string, DeckEntry[]>();
  for (const fill of generator.fill) {
    const entries = sections.get(fill.section) ?? [];
    sections.set(fill.section, entries);
    const names = new Set<string>();
    for (const card of cards) {
      if (names.has(card.doc.name) || !cardMatches(card.doc, fill.match)) continue;
      const copies = typeof fill.copies === 'number' ? fill.copies : fieldValue(card.doc, fill.copies.field);
      if (typeof copies !== 'number' || !Number.isInteger(copies) || copies < 1) continue;
      names.add(card.doc.name);
      const existing = entries.find((entry) => entry.cardId === card.id);
      if (existing) existing.count += copies;
      else entries.push({ cardId: card.id, count: copies });
    }
  }
  // fromEntries defines own properties, so even a "__proto__" section stays a section.
  return Object.fromEntries(sections);
}
