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

  for (const field in doc) {
    if (Object.hasOwn(doc, field) && !SKIPPED_TOP_LEVEL.has(field)) collectStrings(doc[field], parts);
  }

  const identityValues = labels?.identityField === undefined ? undefined : own(doc, labels.identityField);
  if (Array.isArray(identityValues)) {
    for (const valueId of identityValues) {
      const label = labels!.identity.get(valueId);
      if (label) add(parts, label);
    }
  }
  return [...parts].join('\n');
}

function add(parts: Set<string>, text: string): void {
  const trimmed = text.trim();
  if (trimmed) parts.add(trimmed);
}

function collectStrings(value: unknown, parts: Set<string>): void {
  if (typeof value === 'string') add(parts, value);
  else if (value === null || typeof value !== 'object') return;
  // An image reference's id is a hash nobody types.
  else if (isImageRef(value)) return;
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, parts);
  else for (const item of Object.values(value)) collectStrings(item, parts);
}
