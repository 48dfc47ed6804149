// The text full-text search indexes beside a card's name: every string a player might type to
// find the card. The walk is generic (no game's field names): rules text, flavor, keyword
// objects ({ "kw": "Ranged", ... } and their string parameters), abilities, skill costs,
// identity values, plus the human labels of the card type and identity values. Numbers are left
// out: searching "2" should not match every card that costs 2. Fields the game leaves out of
// search (`x-search`, image, URL and id fields: card-schema/search/searched-fields.ts) are skipped.
// After the free text comes the card's field index (card-schema/search/field-index.ts): tokens
// qualified by their field's path, which field tests match exactly and free words never do.

import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { own } from '../../card-schema/own-keys';
import { isImageRef } from '../../card-schema/system/image-field';
import type { FieldPath } from '../../card-schema/search/query';
import { cardTypeOf, searchCoverage, searchedByKey } from '../../card-schema/search/searched-fields';
import { fieldIndexOf, fieldIndexText, withoutMarks } from '../../card-schema/search/field-index';

/** Bump when what the search text holds changes in code: every game's cards are indexed again. */
export const SEARCH_TEXT_VERSION = 3;

/** Fields indexed elsewhere: `name` has its own FTS column; `type` is indexed by its label. */
const SKIPPED_TOP_LEVEL = new Set(['name', 'type']);

/** A game's labels by id, looked up once per game instead of once per card (an import indexes 100,000). */
interface Labels {
  types: Map<unknown, string>;
  identityField?: string;
  identity: Map<unknown, string>;
}
const labelsBySystem = new WeakMap<GameSystem, Labels>();

/** Each id's label; the first entry wins should an id repeat. */
function firstById(entries: readonly { id: string; label: string }[]): Map<unknown, string> {
  const byId = new Map<unknown, string>();
  for (const { id, label } of entries) if (!byId.has(id)) byId.set(id, label);
  return byId;
}

function labelsOf(system: GameSystem): Labels {
  let labels = labelsBySystem.get(system);
  if (!labels) {
    labels = { types: firstById(system.cardTypes), identity: firstById(system.identity?.values ?? []) };
    if (system.identity) labels.identityField = system.identity.field;
    labelsBySystem.set(system, labels);
  }
  return labels;
}

export function buildSearchText(doc: CardDocument, system?: GameSystem): string {
  const parts = new Set<string>();
  const labels = system ? labelsOf(system) : undefined;
  // An import indexes cards while another thread checks them: a document may lack its type yet.
  const type: unknown = doc.type;
  if (typeof type === 'string') add(parts, labels?.types.get(type) ?? type);

  const coverage = system ? searchCoverage(system) : undefined;
  const cardType = cardTypeOf(doc);
  const searched = (path: FieldPath): boolean =>
    coverage ? coverage.searched(cardType, path) : path.at(-1) === '*' || searchedByKey(path.at(-1) ?? '');
  for (const field in doc) {
    if (Object.hasOwn(doc, field) && !SKIPPED_TOP_LEVEL.has(field) && searched([field])) {
      collectStrings(doc[field], [field], searched, parts);
    }
  }

  const identityValues = labels?.identityField === undefined ? undefined : own(doc, labels.identityField);
  if (Array.isArray(identityValues)) {
    for (const valueId of identityValues) {
      const label = labels!.identity.get(valueId);
      if (label) add(parts, label);
    }
  }
  const text = [...parts].join('\n');
  const fields = system ? fieldIndexText(doc, fieldIndexOf(system)) : '';
  return fields ? `${text}\n${fields}` : text;
}

function add(parts: Set<string>, text: string): void {
  // The field index's marks are spaces in free text, so that free words never reach the index.
  const trimmed = withoutMarks(text).trim();
  if (trimmed) parts.add(trimmed);
}

/** The strings at and below `path` (already known to be searched), skipping fields left out of search. */
function collectStrings(value: unknown, path: FieldPath, searched: (path: FieldPath) => boolean, parts: Set<string>): void {
  if (typeof value === 'string') add(parts, value);
  else if (value === null || typeof value !== 'object') return;
  // An image reference's id is a hash nobody types.
  else if (isImageRef(value)) return;
  else if (Array.isArray(value)) {
    const itemPath = [...path, '*'];
    if (searched(itemPath)) for (const item of value) collectStrings(item, itemPath, searched, parts);
  } else {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = [...path, key];
      if (searched(itemPath)) collectStrings(item, itemPath, searched, parts);
    }
  }
}
