// Deck statistics for the deck builder's charts: the cost curve over the game's cost field, the
// type breakdown, the identity distribution and every numeric card field's average, minimum,
// maximum and spread. Everything is read from the game system (deck.builder.costField, card
// types, identity, the card types' JSON Schemas), never from a game's id. Pure.

import type { CardDocument, GameSystem } from '../system/format';
import type { JsonSchema } from '../system/json-schema';
import { resolveSchema, schemaTypes } from '../system/resolve-schema';
import { own } from '../own-keys';
import { fieldValue } from './card-match';
import type { DeckEntry, DeckSectionDef } from './format';

/** Individual bars before the top bar gathers the rest ("7+"): a curve stays readable at ~8 bars. */
export const MAX_CURVE_BARS = 8;
/** Range bars are wider ("18–22"): fewer of them keep their labels apart. */
const MAX_RANGE_BARS = 6;
/** A curve shows at least 0..3 so a deck of cheap cards does not look like a single bar. */
const MIN_CURVE_TOP = 3;

export interface Bucket {
  /** "0", "3", "7+". */
  label: string;
  min: number;
  /** Inclusive; absent for the open top bucket. */
  max?: number;
  count: number;
}

/** A distribution of one numeric field over the counted copies. */
export interface Distribution {
  field: string;
  /** The field's schema title ("Mana cost"), else its name. */
  label: string;
  buckets: Bucket[];
  /** Copies that have no number in this field (spells without ATK, a card without a cost). */
  without: number;
  /** Copies with a number in this field. */
  counted: number;
  average?: number;
  min?: number;
  max?: number;
}

export interface TypeCount {
  type: string;
  label: string;
  count: number;
}

export interface IdentityCount {
  id: string;
  label: string;
  color: string;
  /** Copies that carry this value (a two-color card counts once for each of its colors). */
  count: number;
}

export interface IdentityStats {
  label: string;
  values: IdentityCount[];
  /** Copies with more than one identity value: counted under each of them. */
  multi: number;
  /** Copies without an identity value. */
  none: number;
}

/** A numeric card field as the game's schemas declare it. */
export interface NumericField {
  field: string;
  label: string;
  /** Card types whose schema has it. */
  types: string[];
}

export interface DeckStats {
  /** Sections counted, in the game's order. */
  sections: string[];
  /** Copies counted (the cards of unknown ids are not: see `unknown`). */
  cards: number;
  /** Copies whose card is not in the library (deleted), left out of every chart. */
  unknown: number;
  /** Absent when the game names no cost field. */
  curve?: Distribution;
  types: TypeCount[];
  /** Absent when the game has no identity. */
  identity?: IdentityStats;
  /** Every numeric field of the counted card types, with its spread over the counted copies. */
  numeric: Distribution[];
}

export type CardLookup = (cardId: string) => CardDocument | undefined;

/** The sections counted unless the player picks others: the draw sections (not leader, not extra). */
export function defaultStatsSections(system: GameSystem): string[] {
  return system.deck.sections.filter((s) => !s.leader && !s.extra).map((s) => s.id);
}

/**
 * The numeric fields (type "number" or "integer" after following `$ref`) of the given card
 * types, in schema order, labelled by their schema title. A field that several types share is
 * listed once.
 */
export function numericFields(system: GameSystem, typeIds?: readonly string[]): NumericField[] {
  const all = allNumericFields(system);
  if (!typeIds) return all;
  return all.map((f) => ({ ...f, types: f.types.filter((t) => typeIds.includes(t)) })).filter((f) => f.types.length > 0);
}

// Reading the schemas is the costly part of the statistics, and a loaded system never changes.
const numericFieldsBySystem = new WeakMap<GameSystem, NumericField[]>();

function allNumericFields(system: GameSystem): NumericField[] {
  const cached = numericFieldsBySystem.get(system);
  if (cached) return cached;
  const fields = new Map<string, NumericField>();
  for (const cardType of system.cardTypes) {
    for (const [field, property] of Object.entries(cardType.schema.properties ?? {})) {
      const resolved = safelyResolved(cardType.schema, property);
      if (!resolved || !schemaTypes(resolved).some((t) => t === 'number' || t === 'integer')) continue;
      const known = fields.get(field);
      if (known) known.types.push(cardType.id);
      else fields.set(field, { field, label: resolved.title ?? field, types: [cardType.id] });
    }
  }
  const list = [...fields.values()];
  numericFieldsBySystem.set(system, list);
  return list;
}

function safelyResolved(root: JsonSchema, schema: JsonSchema): JsonSchema | undefined {
  try {
    return resolveSchema(root, schema);
  } catch {
    // A circular or dangling $ref is reported by the loader; here the field is just not charted.
    return undefined;
  }
}

/**
 * Bars of a cost curve: one per cost from 0 (or the lowest) up, the top one open ("7+") when
 * costs run higher than MAX_CURVE_BARS bars can show one by one.
 */
export function bucketsFor(values: readonly number[], counts: readonly number[]): Bucket[] {
  const whole = values.map((v) => Math.floor(v));
  const low = Math.min(0, ...whole);
  const high = Math.max(low + MIN_CURVE_TOP, ...whole);
  const open = high - low + 1 > MAX_CURVE_BARS;
  const top = open ? low + MAX_CURVE_BARS - 1 : high;
  const buckets: Bucket[] = [];
  for (let v = low; v <= top; v++) {
    buckets.push(open && v === top ? { label: `${v}+`, min: v, count: 0 } : { label: String(v), min: v, max: v, count: 0 });
  }
  whole.forEach((v, i) => {
    buckets[Math.min(v, top) - low].count += counts[i];
  });
  return buckets;
}

/**
 * Bars of any other numeric field (HP 18 to 46): from its lowest value to its highest, one bar
 * per value while they fit in MAX_CURVE_BARS bars, else MAX_RANGE_BARS equal ranges ("18–22").
 */
export function rangeBucketsFor(values: readonly number[], counts: readonly number[]): Bucket[] {
  if (values.length === 0) return [];
  const whole = values.map((v) => Math.floor(v));
  const low = Math.min(...whole);
  const span = Math.max(...whole) - low + 1;
  const width = span <= MAX_CURVE_BARS ? 1 : Math.ceil(span / MAX_RANGE_BARS);
  const buckets: Bucket[] = [];
  for (let min = low; min < low + span; min += width) {
    const max = min + width - 1;
    buckets.push({ label: width === 1 ? String(min) : `${min}–${max}`, min, max, count: 0 });
  }
  whole.forEach((v, i) => {
    buckets[Math.floor((v - low) / width)].count += counts[i];
  });
  return buckets;
}

interface Counted {
  doc: CardDocument;
  count: number;
}

function distribution(field: string, label: string, cards: readonly Counted[], curve: boolean): Distribution {
  const values: number[] = [];
  const counts: number[] = [];
  let without = 0;
  let sum = 0;
  let counted = 0;
  for (const { doc, count } of cards) {
    const value = fieldValue(doc, field);
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      without += count;
      continue;
    }
    values.push(value);
    counts.push(count);
    sum += value * count;
    counted += count;
  }
  const dist: Distribution = {
    field,
    label,
    buckets: curve ? bucketsFor(values, counts) : rangeBucketsFor(values, counts),
    without,
    counted,
  };
  if (counted > 0) {
    dist.average = sum / counted;
    dist.min = Math.min(...values);
    dist.max = Math.max(...values);
  }
  return dist;
}

function costLabel(system: GameSystem, field: string): string {
  return numericFields(system).find((f) => f.field === field)?.label ?? field;
}

function typeBreakdown(system: GameSystem, sections: readonly DeckSectionDef[], cards: readonly Counted[]): TypeCount[] {
  const counts = new Map<string, number>();
  // Types the counted sections take show as empty bars too: "0 Skills" is worth seeing.
  for (const section of sections) for (const type of section.types) counts.set(type, 0);
  for (const { doc, count } of cards) counts.set(doc.type, (counts.get(doc.type) ?? 0) + count);
  const order = system.cardTypes.map((t) => t.id);
  const rank = (type: string) => (order.includes(type) ? order.indexOf(type) : order.length);
  return [...counts]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([type, count]) => ({ type, label: system.cardTypes.find((t) => t.id === type)?.label ?? type, count }));
}

function identityStats(system: GameSystem, cards: readonly Counted[]): IdentityStats | undefined {
  const identity = system.identity;
  if (!identity) return undefined;
  const values = identity.values.map((v) => ({ id: v.id, label: v.label, color: v.color, count: 0 }));
  let multi = 0;
  let none = 0;
  for (const { doc, count } of cards) {
    const raw = fieldValue(doc, identity.field);
    const ids = [...new Set((Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string'))];
    const matched = values.filter((v) => ids.includes(v.id));
    if (matched.length === 0) none += count;
    if (matched.length > 1) multi += count;
    for (const value of matched) value.count += count;
  }
  return { label: identity.label, values, multi, none };
}

/** Statistics of the copies in `sectionIds` (default: the draw sections). */
export function deckStats(
  system: GameSystem,
  sections: Readonly<Record<string, readonly DeckEntry[]>>,
  lookup: CardLookup,
  sectionIds: readonly string[] = defaultStatsSections(system),
): DeckStats {
  const counted = system.deck.sections.filter((s) => sectionIds.includes(s.id));
  const cards: Counted[] = [];
  let unknown = 0;
  for (const section of counted) {
    for (const entry of own(sections, section.id) ?? []) {
      const count = Number.isFinite(entry.count) ? Math.max(0, Math.floor(entry.count)) : 0;
      const doc = lookup(entry.cardId);
      if (doc) cards.push({ doc, count });
      else unknown += count;
    }
  }
  const costField = system.deck.builder?.costField;
  const typeIds = [...new Set([...counted.flatMap((s) => s.types), ...cards.map((c) => c.doc.type)])];
  return {
    sections: counted.map((s) => s.id),
    cards: cards.reduce((n, c) => n + c.count, 0),
    unknown,
    curve: costField ? distribution(costField, costLabel(system, costField), cards, true) : undefined,
    types: typeBreakdown(system, counted, cards),
    identity: identityStats(system, cards),
    numeric: numericFields(system, typeIds).map((f) => distribution(f.field, f.label, cards, false)),
  };
}
