// What tells apart cards that share a name in a deck (reprints, OMMS' two Aces with different
// units): the set's name, the card's number and the game's `deck.builder.distinguishBy` field.
// Only cards whose name another listed card shares get a label; the rest need none.

import type { CardDocument } from '../system/format';
import { fieldValue } from './card-match';

export interface Printing {
  id: string;
  doc: CardDocument;
  /** The name of the card's set, when known. */
  setName?: string;
}

/**
 * A card's number is the digits its id ends with after a dash ("osmcg-core-012" is #012), as
 * the sample sets and imported sets number their cards; ids without one (UUIDs) have none.
 */
export function cardNumber(cardId: string): string | undefined {
  return /-(\d{1,6})$/.exec(cardId)?.[1];
}

function describeValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
    return parts.length ? parts.join('/') : undefined;
  }
  return undefined;
}

/**
 * Labels by card id, for cards that share their name with another of `printings`:
 * "Core Set · #012 · basic". Parts equal for every printing of the name are left out, so the
 * label shows only what differs; if nothing differs, the id tells them apart.
 */
export function printingLabels(printings: readonly Printing[], distinguishBy?: string): Map<string, string> {
  const byName = new Map<string, Printing[]>();
  for (const printing of printings) {
    const group = byName.get(printing.doc.name) ?? [];
    if (!group.some((p) => p.id === printing.id)) group.push(printing);
    byName.set(printing.doc.name, group);
  }
  const labels = new Map<string, string>();
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const partsOf = (p: Printing): (string | undefined)[] => [
      p.setName,
      cardNumber(p.id) === undefined ? undefined : `#${cardNumber(p.id)}`,
      distinguishBy === undefined ? undefined : describeValue(fieldValue(p.doc, distinguishBy)),
    ];
    const table = group.map(partsOf);
    // A column that reads the same for every printing tells nothing apart: leave it out.
    const differs = table[0].map((_, column) => new Set(table.map((row) => row[column] ?? '')).size > 1);
    const shown = table.map((parts) => parts.filter((part, column): part is string => differs[column] && part !== undefined));
    const keys = shown.map((parts) => parts.join(' · '));
    group.forEach((printing, row) => {
      const ambiguous = keys[row] === '' || keys.filter((key) => key === keys[row]).length > 1;
      labels.set(printing.id, ambiguous ? [...shown[row], printing.id].join(' · ') : keys[row]);
    });
  }
  return labels;
}
