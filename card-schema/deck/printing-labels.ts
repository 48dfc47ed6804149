// What tells apart cards that share a name in a deck (reprints, OMMS' two Aces with different
// units): the set's name, the card's number and the game's `deck.builder.distinguishBy` field.
// Only cards whose name another listed card shares get a label; the rest need none. The parts
// read as a player says them: "No. 005", and the field by the labels the game declares: "Scout
// unit" (an enum value's label, then the field's title), "Attack dice: 3" (other values).

import type { CardDocument, GameSystem } from '../system/format';
import { enumText } from '../system/enum-labels';
import { fieldLabel } from '../system/field-label';
import { fieldValue } from './card-match';

export interface Printing {
  id: string;
  doc: CardDocument;
  /** The name of the card's set, when known. */
  setName?: string;
}

/**
 * A card's number is the digits its id ends with after a dash ("osmcg-core-012" is No. 012), as
 * the sample sets and imported sets number their cards; ids without one (UUIDs) have none.
 */
export function cardNumber(cardId: string): string | undefined {
  return /-(\d{1,6})$/.exec(cardId)?.[1];
}

function describeValue(value: unknown, text: (item: string) => string = (item) => item): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : text(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .map((v) => (typeof v === 'string' ? text(v) : String(v)));
    return parts.length ? parts.join('/') : undefined;
  }
  return undefined;
}

/** "Title" as it reads after a value: "art", "unit", but "HP" stays (an abbreviation). */
function inSentence(title: string): string {
  return /^\p{Lu}\p{Ll}/u.test(title) ? title[0].toLowerCase() + title.slice(1) : title;
}

/**
 * The distinguishing field of a card as a player reads it: "Standard art" (one value of a list:
 * its label, then the field's title), "Colors: Red/Blue", "Cost: 3"; without the game, the value.
 */
function describeField(doc: CardDocument, field: string, system?: GameSystem): string | undefined {
  const value = fieldValue(doc, field);
  const key = field.split('.').at(-1) ?? field;
  if (!system) return describeValue(value);
  const shown = describeValue(value, (item) => enumText(system, key, item));
  if (shown === undefined) return undefined;
  const schema = system.cardTypes.find((type) => type.id === doc.type)?.schema;
  const title = schema
    ? fieldLabel(schema, doc, `/${field.split('.').join('/')}`)
        .split(' › ')
        .at(-1)!
    : key;
  if (typeof value !== 'string') return `${title}: ${shown}`;
  if (shown.toLowerCase().endsWith(title.toLowerCase())) return shown;
  return `${shown[0].toUpperCase()}${shown.slice(1)} ${inSentence(title)}`;
}

/**
 * Labels by card id, for cards that share their name with another of `printings`:
 * "Core Set · No. 012 · Basic stage". Parts equal for every printing of the name are left out, so
 * the label shows only what differs; if nothing differs, the id tells them apart. `system` names
 * the distinguishing field and its values (its title, enum labels).
 */
export function printingLabels(printings: readonly Printing[], distinguishBy?: string, system?: GameSystem): Map<string, string> {
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
      cardNumber(p.id) === undefined ? undefined : `No. ${cardNumber(p.id)}`,
      distinguishBy === undefined ? undefined : describeField(p.doc, distinguishBy, system),
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
