// Helpers of set imports: a file's content as a copy (new ids for the set and every card), and
// whether a card in a file is the card the library holds.

import { randomUUID } from 'node:crypto';
import { sameJson } from '../../card-schema/system/resolve-schema';
import type { SetFileContent } from './set-file-content';

/**
 * The content with a new set id and a new id for every card. A text value of a card equal to the
 * old id of a card of the file is a reference to it, and takes that card's new id (the card's
 * `type` and `name` never are).
 */
export function asCopy(content: SetFileContent): SetFileContent {
  const newIds = new Map(content.cards.flatMap((card) => (card.id === undefined ? [] : [[card.id, randomUUID()] as const])));
  return {
    ...content,
    set: { ...content.set, id: randomUUID() },
    cards: content.cards.map((card) => {
      const doc =
        newIds.size === 0
          ? card.doc
          : Object.fromEntries(
              Object.entries(card.doc).map(([key, item]) => [
                key,
                key === 'type' || key === 'name' ? item : followIds(item, newIds),
              ]),
            );
      return { index: card.index, id: (card.id === undefined ? undefined : newIds.get(card.id)) ?? randomUUID(), doc };
    }),
  };
}

/** `value` with each string equal to a key of `ids` replaced by its value (documents nest at most 64 levels). */
function followIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => followIds(item, ids));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, followIds(item, ids)]));
  }
  return value;
}

/** Key order aside, equal as JSON: a file written by another tool may order a card's fields differently. */
export function sameDocument(stored: unknown, file: unknown): boolean {
  return sameJson(stored, file) || JSON.stringify(sorted(stored)) === JSON.stringify(sorted(file));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
