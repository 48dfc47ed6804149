// Swapping every copy of one card for another, in one step (a deleted card for a reprint).

import type { CardDocument } from '../system/format';
import type { DeckEntry } from './format';

/**
 * Every section with `fromId`'s copies moved onto `toId` (added to copies it already has),
 * keeping the entry's place in the list. Sections without `fromId` come back unchanged.
 */
export function replaceCard(sections: Record<string, DeckEntry[]>, fromId: string, toId: string): Record<string, DeckEntry[]> {
  if (fromId === toId) return sections;
  return Object.fromEntries(
    Object.entries(sections).map(([sectionId, entries]) => {
      const from = entries.find((e) => e.cardId === fromId);
      if (!from) return [sectionId, entries];
      const existing = entries.find((e) => e.cardId === toId);
      const replaced = entries
        .filter((e) => e.cardId !== toId)
        .map((e) => (e.cardId === fromId ? { cardId: toId, count: from.count + (existing?.count ?? 0) } : e));
      return [sectionId, replaced];
    }),
  );
}

/** Candidates for replacing a card named `name`: the same name (another set's printing) first, then the rest, by name. */
export function rankReplacements<T extends { id: string; doc: CardDocument }>(
  name: string,
  cards: readonly T[],
  excludeId: string,
): T[] {
  const wanted = name.trim().toLowerCase();
  const same = (card: T) => card.doc.name.trim().toLowerCase() === wanted;
  return cards
    .filter((card) => card.id !== excludeId)
    .map((card, index) => ({ card, index }))
    .sort((a, b) => Number(same(b.card)) - Number(same(a.card)) || a.index - b.index)
    .map(({ card }) => card);
}
