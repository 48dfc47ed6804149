// A game's card fields as CSV columns: every top-level property of its card types' schemas (but
// `type`, which has its own column), with the labels a spreadsheet header may use and, per card
// type, how a cell's text becomes the field's value (csv-cells.ts). Read from the game's schemas
// only, so every game works the same way.

import type { GameSystem } from '../system/format';
import type { JsonSchema } from '../system/json-schema';
import { resolveSchema, schemaTypes } from '../system/resolve-schema';
import { isImageField } from '../system/image-field';

/**
 * How a cell is read: as is, as a number, yes/no, a list split by the separator, JSON, or (an
 * `x-kind: image` field) a picture's file name in the import's picture folder.
 */
export type CsvCellKind = 'text' | 'number' | 'integer' | 'boolean' | 'list' | 'json' | 'image';

export interface CsvChoice {
  value: string | number | boolean;
  /** The words a cell may use for it besides the value itself (schema titles, identity labels). */
  labels: string[];
}

/** How one card type reads one field's cell. */
export interface CsvFieldRead {
  kind: CsvCellKind;
  /** Values a cell (or a list item) may name, by value or label; empty when any value goes. */
  choices: CsvChoice[];
  /** A list's item reading (kind 'list' only). */
  item?: CsvFieldRead;
}

export interface CsvField {
  key: string;
  /** The schema's title where it has one, else the key. */
  label: string;
  /** Card type id → how that type reads the cell. */
  byType: Map<string, CsvFieldRead>;
}

/** Deepest `oneOf`/`anyOf`/`items` nesting looked into for a field's reading. */
const MAX_DEPTH = 4;

function choicesOf(root: JsonSchema, schema: JsonSchema): CsvChoice[] {
  const scalar = (value: unknown): value is string | number | boolean =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  if (Array.isArray(schema.enum)) return schema.enum.filter(scalar).map((value) => ({ value, labels: [] }));
  const variants = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(variants)) return [];
  const choices: CsvChoice[] = [];
  for (const variant of variants) {
    const resolved = safeResolve(root, variant);
    if (!resolved || !scalar(resolved.const)) return [];
    choices.push({ value: resolved.const, labels: typeof resolved.title === 'string' ? [resolved.title] : [] });
  }
  return choices;
}

function safeResolve(root: JsonSchema, schema: unknown): JsonSchema | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  try {
    return resolveSchema(root, schema as JsonSchema);
  } catch {
    return null;
  }
}

function readOf(root: JsonSchema, schema: JsonSchema, depth: number): CsvFieldRead {
  if (depth === 0 && isImageField(schema)) return { kind: 'image', choices: [] };
  const choices = choicesOf(root, schema);
  const types = schemaTypes(schema);
  if (choices.length > 0) {
    const allNumbers = choices.every((choice) => typeof choice.value === 'number');
    return { kind: allNumbers ? 'number' : 'text', choices };
  }
  if (types.includes('array')) {
    const items = safeResolve(root, schema.items) ?? {};
    const item = depth < MAX_DEPTH ? readOf(root, items, depth + 1) : { kind: 'json' as const, choices: [] };
    // A list of lists or objects cannot be split on a separator: it is written as JSON.
    return item.kind === 'list' || item.kind === 'json' ? { kind: 'json', choices: [] } : { kind: 'list', choices: [], item };
  }
  if (types.includes('object') || schema.oneOf || schema.anyOf) return { kind: 'json', choices: [] };
  if (types.includes('string')) return { kind: 'text', choices: [] };
  if (types.includes('integer')) return { kind: 'integer', choices: [] };
  if (types.includes('number')) return { kind: 'number', choices: [] };
  if (types.includes('boolean')) return { kind: 'boolean', choices: [] };
  return { kind: 'text', choices: [] };
}

/** The game's identity labels ("Red") as words for its identity field's values ("red"). */
function withIdentityLabels(system: GameSystem, key: string, read: CsvFieldRead): CsvFieldRead {
  const identity = system.identity;
  if (!identity || identity.field !== key) return read;
  const label = (choice: CsvChoice): CsvChoice => {
    const value = identity.values.find((v) => v.id === choice.value);
    return value ? { ...choice, labels: [...choice.labels, value.label] } : choice;
  };
  return {
    ...read,
    choices: read.choices.map(label),
    ...(read.item ? { item: { ...read.item, choices: read.item.choices.map(label) } } : {}),
  };
}

/** Every field of the game's card types, in the order the types declare them (`type` left out). */
export function csvFieldsOf(system: GameSystem): CsvField[] {
  const fields = new Map<string, CsvField>();
  for (const cardType of system.cardTypes) {
    const root = cardType.schema;
    for (const [key, property] of Object.entries(root.properties ?? {})) {
      if (key === 'type') continue;
      const schema = safeResolve(root, property);
      if (!schema) continue;
      let field = fields.get(key);
      if (!field) {
        field = { key, label: typeof schema.title === 'string' && schema.title ? schema.title : key, byType: new Map() };
        fields.set(key, field);
      }
      field.byType.set(cardType.id, withIdentityLabels(system, key, readOf(root, schema, 0)));
    }
  }
  return [...fields.values()];
}

/** A field's reading for a card type, or undefined when the type has no such field. */
export function fieldRead(field: CsvField, typeId: string): CsvFieldRead | undefined {
  return field.byType.get(typeId);
}
