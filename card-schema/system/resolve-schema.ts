// Reading a card type's JSON Schema the way a form needs it: follow local `$ref`s, pick the
// `oneOf` variant a value belongs to (by its `const` discriminator, e.g. a keyword's "kw"),
// and build a fresh value for a schema. Pure: the schema-driven editor and tests use it.

import type { JsonSchema, JsonSchemaType } from './json-schema';
import { own, setOwn } from '../own-keys';

const MAX_REF_HOPS = 32;

/** Unescapes one JSON pointer segment (RFC 6901). */
function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `base` + one more segment, e.g. pointerChild('/keywords', 0) === '/keywords/0'. */
export function pointerChild(base: string, key: string | number): string {
  return `${base}/${escapePointerSegment(String(key))}`;
}

function lookupLocalRef(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith('#')) {
    throw new Error(`Schema reference "${ref}" is not local; only "#/..." references are supported`);
  }
  let node: unknown = root;
  const pointer = ref.slice(1);
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) throw new Error(`Schema reference "${ref}" is not a JSON pointer`);
  for (const raw of pointer.slice(1).split('/')) {
    const segment = unescapePointerSegment(decodeURIComponent(raw));
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment)) {
      throw new Error(`Schema reference "${ref}" points at nothing (no "${segment}")`);
    }
    node = (node as Record<string, unknown>)[segment];
  }
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw new Error(`Schema reference "${ref}" does not point at a schema object`);
  }
  return node as JsonSchema;
}

/**
 * Follows `$ref` (within `root`, e.g. "#/$defs/keyword") until a schema without one.
 * Keywords next to a `$ref` (title, description, default…) win over the referenced schema's.
 */
export function resolveSchema(root: JsonSchema, schema: JsonSchema): JsonSchema {
  let current = schema;
  const seen = new Set<string>();
  for (let hops = 0; current.$ref !== undefined; hops++) {
    const ref = current.$ref;
    if (seen.has(ref) || hops >= MAX_REF_HOPS) throw new Error(`Schema reference "${ref}" is circular`);
    seen.add(ref);
    const { $ref: _ref, ...siblings } = current;
    current = { ...lookupLocalRef(root, ref), ...siblings };
  }
  return current;
}

/** Equal as JSON values (objects and lists compared by their JSON text). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The JSON type a value has, as JSON Schema names it. */
export function jsonTypeOf(value: unknown): JsonSchemaType | 'undefined' {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as JsonSchemaType;
  return 'undefined';
}

/** The declared types of a schema (an integer also satisfies "number"). */
export function schemaTypes(schema: JsonSchema): JsonSchemaType[] {
  if (schema.type === undefined) {
    if (schema.properties) return ['object'];
    if (schema.items) return ['array'];
    return [];
  }
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function typeFits(schema: JsonSchema, value: unknown): boolean {
  const types = schemaTypes(schema);
  if (types.length === 0) return true;
  const actual = jsonTypeOf(value);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** Properties of a variant whose value is fixed by `const` (the discriminators). */
export function constProperties(root: JsonSchema, variant: JsonSchema): Record<string, unknown> {
  const resolved = resolveSchema(root, variant);
  const fixed: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const target = resolveSchema(root, property);
    if (target.const !== undefined) setOwn(fixed, name, target.const);
    else if (target.enum?.length === 1) setOwn(fixed, name, target.enum[0]);
  }
  return fixed;
}

/**
 * Index of the `oneOf`/`anyOf` variant `value` belongs to: the first whose `const`
 * properties all equal the value's, else the first whose type fits; -1 if none.
 */
export function matchVariant(root: JsonSchema, variants: JsonSchema[], value: unknown): number {
  const isObject = jsonTypeOf(value) === 'object';
  let typeMatch = -1;
  for (let i = 0; i < variants.length; i++) {
    const variant = resolveSchema(root, variants[i]);
    if (!typeFits(variant, value)) continue;
    const fixed = constProperties(root, variant);
    const names = Object.keys(fixed);
    if (names.length > 0) {
      if (isObject && names.every((name) => sameJson(own(value as Record<string, unknown>, name), fixed[name]))) return i;
      continue;
    }
    if (variant.const !== undefined) {
      if (sameJson(variant.const, value)) return i;
      continue;
    }
    if (typeMatch === -1) typeMatch = i;
  }
  return typeMatch;
}

/** The property all variants fix with a `const` (e.g. "kw" or "kind"), if there is one. */
export function variantDiscriminator(root: JsonSchema, variants: JsonSchema[]): string | null {
  if (variants.length === 0) return null;
  const fixedPerVariant = variants.map((variant) => constProperties(root, variant));
  const candidates = Object.keys(fixedPerVariant[0]).filter((name) =>
    fixedPerVariant.every((fixed) => Object.hasOwn(fixed, name)),
  );
  return candidates[0] ?? null;
}

/** A short name for a variant: its title, its discriminator's value, or its position. */
export function variantLabel(root: JsonSchema, variants: JsonSchema[], index: number): string {
  const variant = resolveSchema(root, variants[index]);
  if (variant.title) return variant.title;
  const discriminator = variantDiscriminator(root, variants);
  if (discriminator) return String(constProperties(root, variant)[discriminator]);
  if (variant.const !== undefined) return String(variant.const);
  return `Option ${index + 1}`;
}

function structuredCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * A fresh value for `schema`: its `default`, `const` or first `enum` value if it has one;
 * objects get their required properties (and any with a default); arrays start with
 * `minItems` fresh items (none for unique-item pickers); numbers start at 0 clamped to
 * minimum/maximum; strings empty; booleans false.
 */
export function defaultValueFor(root: JsonSchema, schema: JsonSchema, depth = 0): unknown {
  if (depth > MAX_REF_HOPS) throw new Error('Schema nests too deeply to build a default value (is it recursive?)');
  const resolved = resolveSchema(root, schema);
  if (resolved.default !== undefined) return structuredCopy(resolved.default);
  if (resolved.const !== undefined) return structuredCopy(resolved.const);
  if (resolved.enum && resolved.enum.length > 0) return structuredCopy(resolved.enum[0]);
  const variants = resolved.oneOf ?? resolved.anyOf;
  if (variants && variants.length > 0) {
    // Variants may add to the shared properties of their parent (allowed in JSON Schema).
    const base = resolved.properties
      ? defaultValueFor(root, { ...resolved, oneOf: undefined, anyOf: undefined }, depth + 1)
      : undefined;
    const first = defaultValueFor(root, variants[0], depth + 1);
    if (jsonTypeOf(base) === 'object' && jsonTypeOf(first) === 'object') {
      return { ...(base as object), ...(first as object) };
    }
    return first;
  }
  const [type] = schemaTypes(resolved);
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const required = new Set(resolved.required ?? []);
      for (const [name, property] of Object.entries(resolved.properties ?? {})) {
        const target = resolveSchema(root, property);
        if (required.has(name) || target.default !== undefined) {
          setOwn(value, name, defaultValueFor(root, property, depth + 1));
        }
      }
      return value;
    }
    case 'array': {
      const count = resolved.uniqueItems ? 0 : (resolved.minItems ?? 0);
      const items = resolved.items ?? {};
      return Array.from({ length: count }, () => defaultValueFor(root, items, depth + 1));
    }
    case 'integer':
    case 'number': {
      let start = 0;
      if (resolved.minimum !== undefined && start < resolved.minimum) start = resolved.minimum;
      if (resolved.maximum !== undefined && start > resolved.maximum) start = resolved.maximum;
      return start;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return '';
    default:
      return null;
  }
}
