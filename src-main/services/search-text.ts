// The text full-text search indexes beside a card's name: every string a player might type to
// find the card. The walk is generic (no game's field names): rules text, flavor, keyword
// objects ({ "kw": "Ranged", ... } and their string parameters), abilities, skill costs,
// identity values, plus the human labels of the card type and identity values. Numbers are left
// out: searching "2" should not match every card that costs 2.

import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { own } from '../../card-schema/own-keys';
import { isImageRef } from '../../card-schema/system/image-field';

/** Fields indexed elsewhere: `name` has its own FTS column; `type` is indexed by its label. */
const SKIPPED_TOP_LEVEL = new Set(['name', 'type']);

export function buildSearchText(doc: CardDocument, system?: GameSystem): string {
  const parts = new Set<string>();
  const add = (text: string): void => {
    const trimmed = text.trim();
    if (trimmed) parts.add(trimmed);
  };

  const typeDef = system?.cardTypes.find((cardType) => cardType.id === doc.type);
  add(typeDef?.label ?? doc.type);

  for (const [field, value] of Object.entries(doc)) {
    if (!SKIPPED_TOP_LEVEL.has(field)) collectStrings(value, add);
  }

  const identity = system?.identity;
  const identityValues = identity ? own(doc, identity.field) : undefined;
  if (identity && Array.isArray(identityValues)) {
    for (const valueId of identityValues) {
      const label = identity.values.find((value) => value.id === valueId)?.label;
      if (label) add(label);
    }
  }
  return [...parts].join('\n');
}

function collectStrings(value: unknown, add: (text: string) => void): void {
  // An image reference's id is a hash nobody types.
  if (isImageRef(value)) return;
  if (typeof value === 'string') add(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, add);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, add);
}
