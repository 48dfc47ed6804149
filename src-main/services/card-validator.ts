// Card validation against the card type's JSON Schema, with messages a designer understands:
// each issue names the field by its schema title (a list's item by its list) and points at it
// with a JSON pointer; a value outside a list of choices is answered with every choice by its
// label ("Colors cannot be "purple": choose Red ("red"), …"). Where a message leaves the editor,
// the caller adds the card's name (set-check.ts).

import type { ErrorObject, ValidateFunction } from 'ajv';
import type { GameSystem } from '../../card-schema/system/format';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import { own } from '../../card-schema/own-keys';
import type { ValidationIssue } from '../api/contract';
import { plainSchemaCompiler, type SchemaCompiler } from './compiled-schemas';
import { cardLimitIssue } from './card-limits';
import { exclusiveClash } from '../../card-schema/system/exclusive-identity';
import { pointerChild } from '../../card-schema/system/resolve-schema';
import { enumLabel, fieldOfPointer } from '../../card-schema/system/enum-labels';

/** `schemas` compiles each card type's schema (the app's loads it from its cache of compiled schemas). */
export function createCardValidator(
  system: GameSystem,
  schemas: SchemaCompiler = plainSchemaCompiler(),
): (doc: unknown) => ValidationIssue[] {
  const byType = new Map<string, { validate: ValidateFunction; schema: JsonSchema }>();
  for (const cardType of system.cardTypes) {
    byType.set(cardType.id, { validate: schemas.compile(cardType.schema), schema: cardType.schema });
  }
  const typeList = system.cardTypes.map((t) => `"${t.id}"`).join(', ');

  return (doc) => {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
      return [{ path: '', message: 'A card must be a JSON object' }];
    const tooBig = cardLimitIssue(doc);
    if (tooBig) return [tooBig];
    const type = (doc as { type?: unknown }).type;
    const entry = typeof type === 'string' ? byType.get(type) : undefined;
    if (!entry) {
      const what = type === undefined ? 'Card type is required' : `Unknown card type ${JSON.stringify(type)}`;
      return [{ path: '/type', message: `${what}; ${system.name} has ${typeList}` }];
    }
    if (entry.validate(doc)) return identityIssues(system, doc as Record<string, unknown>);
    return friendlyIssues(entry.validate.errors ?? [], entry.schema, doc, system);
  };
}

/** A valid card's identity mixing an exclusive value with others (the schema cannot say it). */
function identityIssues(system: GameSystem, doc: Record<string, unknown>): ValidationIssue[] {
  const identity = system.identity;
  const values = identity ? own(doc, identity.field) : undefined;
  const clash = identity && Array.isArray(values) ? exclusiveClash(identity, values) : undefined;
  if (!identity || !clash) return [];
  const kind = identity.label.toLowerCase();
  return [
    {
      path: pointerChild('', identity.field),
      message: `${clash.label} cannot be combined with another ${kind}: choose ${clash.label} alone, or other ${kind} values without it`,
    },
  ];
}

// Pointer steps come from the card ("/constructor" for an unknown field named so): follow own
// properties only, or an Object.prototype member would pass for a schema or a value.
function childOf(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? own(value as Record<string, unknown>, key) : undefined;
}

function propertyOf(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  return schema?.properties ? own(schema.properties, key) : undefined;
}

/** Walks the schema along a JSON pointer (through $ref, items and the matching oneOf variant). */
function schemaAt(root: JsonSchema, pointer: string, doc: unknown): JsonSchema | undefined {
  const defs = root.$defs ?? {};
  const deref = (s: JsonSchema | undefined): JsonSchema | undefined => {
    let current = s;
    for (let i = 0; current?.$ref && i < 10; i++) {
      const { $ref, ...rest } = current;
      current = { ...own(defs, $ref.split('/').pop() ?? ''), ...rest };
    }
    return current;
  };
  let schema = deref(root);
  let value: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (schema?.oneOf) schema = deref(matchingVariant(schema.oneOf.map(deref), value)) ?? schema;
    schema = Array.isArray(value) ? deref(schema?.items) : deref(propertyOf(schema, key));
    value = childOf(value, key);
  }
  if (schema?.oneOf) schema = deref(matchingVariant(schema.oneOf.map(deref), value)) ?? schema;
  return schema;
}

/** The oneOf variant whose `const` properties all equal the value's. */
function matchingVariant(variants: (JsonSchema | undefined)[], value: unknown): JsonSchema | undefined {
  if (!value || typeof value !== 'object') return undefined;
  return variants.find((variant) => {
    const consts = Object.entries(variant?.properties ?? {}).filter(([, p]) => p.const !== undefined);
    return consts.length > 0 && consts.every(([key, p]) => (value as Record<string, unknown>)[key] === p.const);
  });
}

function discriminators(variants: JsonSchema[]): { key: string; values: unknown[] } | undefined {
  const first = Object.entries(variants[0]?.properties ?? {}).find(([, p]) => p.const !== undefined);
  if (!first) return undefined;
  return { key: first[0], values: variants.map((v) => v.properties?.[first[0]]?.const) };
}

/** The field's title; an untitled list item reads as its list ("Colors", not "0"). */
function label(schema: JsonSchema | undefined, pointer: string, root?: JsonSchema, doc?: unknown): string {
  if (schema?.title) return schema.title;
  const steps = pointer.split('/');
  const last = steps.pop() ?? '';
  if (root && /^\d+$/.test(last) && steps.length > 1) {
    const parent = steps.join('/');
    return label(schemaAt(root, parent, doc), parent, root, doc);
  }
  return last.replace(/~1/g, '/').replace(/~0/g, '~') || 'Card';
}

/** A local $ref followed once (variants are usually "#/$defs/…"). */
function deref(root: JsonSchema, schema: JsonSchema | undefined): JsonSchema | undefined {
  return schema?.$ref ? { ...own(root.$defs ?? {}, schema.$ref.split('/').pop() ?? ''), ...schema, $ref: undefined } : schema;
}

/** A oneOf variant in words: its title with the value to type, or the value. */
function variantChoice(root: JsonSchema, variant: JsonSchema, value: unknown): string {
  const title = deref(root, variant)?.title;
  const text = JSON.stringify(value);
  return title === undefined || title === value ? text : `${title} (${text})`;
}

/** "A", "A or B", "A, B or C". */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** An allowed value in words: the game's label with the value to type ('Red ("red")'), or the value. */
function choiceText(system: GameSystem, field: string, value: unknown): string {
  const text = JSON.stringify(value);
  const named = enumLabel(system, field, value);
  return named === undefined || named === value ? text : `${named} (${text})`;
}

function describe(error: ErrorObject, root: JsonSchema, doc: unknown, system: GameSystem): ValidationIssue | undefined {
  const params = error.params as Record<string, unknown>;
  let path = error.instancePath;
  if (error.keyword === 'required') path = `${path}/${String(params.missingProperty)}`;
  const schema = schemaAt(root, path, doc);
  const name = label(schema, path, root, doc);
  switch (error.keyword) {
    case 'required':
      return { path, message: `${name} is required` };
    case 'additionalProperties':
      return {
        path: `${path}/${String(params.additionalProperty)}`,
        message: `Unknown field "${String(params.additionalProperty)}"`,
      };
    case 'minimum':
      return { path, message: `${name} must be at least ${String(params.limit)}` };
    case 'maximum':
      return { path, message: `${name} must be at most ${String(params.limit)}` };
    case 'exclusiveMinimum':
      return { path, message: `${name} must be more than ${String(params.limit)}` };
    case 'minLength':
      return {
        path,
        message:
          Number(params.limit) === 1 ? `${name} cannot be empty` : `${name} needs at least ${String(params.limit)} characters`,
      };
    case 'maxLength':
      return { path, message: `${name} is too long (at most ${String(params.limit)} characters)` };
    case 'minItems':
      return {
        path,
        message: `${name} needs at least ${String(params.limit)} ${Number(params.limit) === 1 ? 'entry' : 'entries'}`,
      };
    case 'maxItems':
      return { path, message: `${name} allows at most ${String(params.limit)} entries` };
    case 'uniqueItems':
      return { path, message: `${name} lists the same value twice` };
    case 'type':
      return { path, message: `${name} must be ${params.type === 'integer' ? 'a whole number' : `a ${String(params.type)}`}` };
    case 'enum': {
      // The value found, then every allowed one by the game's label where it gives one ("Basic").
      const value = path
        .split('/')
        .slice(1)
        .reduce<unknown>((at, raw) => childOf(at, raw.replace(/~1/g, '/').replace(/~0/g, '~')), doc);
      const field = fieldOfPointer(path);
      const choices = (params.allowedValues as unknown[]).map((v) => choiceText(system, field, v));
      return { path, message: `${name} cannot be ${JSON.stringify(value)}: choose ${orList(choices)}` };
    }
    case 'const':
      // Inside a oneOf it is variant probing, reported by the oneOf branch; elsewhere (an
      // if/then rule such as "golden attacks cool down for 2 turns") it is the problem itself.
      if (/\/oneOf\/\d+\//.test(error.schemaPath)) return undefined;
      return { path, message: `${name} must be ${JSON.stringify(params.allowedValue)} here` };
    case 'if':
      return undefined; // "must match then": the `then` branch's own errors say what is missing
    case 'oneOf': {
      const parent = rawSchemaAt(root, path);
      const variants = (parent?.oneOf ?? []) as JsonSchema[];
      const value = path.split('/').slice(1).reduce<unknown>(childOf, doc);
      const by = discriminators(variants);
      if (by && (!value || typeof value !== 'object' || !by.values.includes((value as Record<string, unknown>)[by.key]))) {
        const got = value && typeof value === 'object' ? (value as Record<string, unknown>)[by.key] : undefined;
        // Each variant by its title where it has one ('Permanent ("perm")'), else by its value.
        const choices = orList(variants.map((variant, i) => variantChoice(root, variant, by.values[i])));
        const field = label(propertyOf(deref(root, variants[0]), by.key), `${path}/${by.key}`);
        return {
          path: `${path}/${by.key}`,
          message:
            got === undefined
              ? `${field} is required: choose ${choices}`
              : `${field} cannot be ${JSON.stringify(got)}: choose ${choices}`,
        };
      }
      return undefined; // the matching variant's own errors say what is wrong
    }
    default:
      return { path, message: `${name} ${error.message ?? 'is invalid'}` };
  }
}

/**
 * Errors from inside a `oneOf` are only worth showing for the variant the value chose by its
 * discriminator (a keyword's `kw`): the other variants failing is expected.
 */
function fromMatchingVariant(error: ErrorObject, root: JsonSchema, doc: unknown): boolean {
  const matches = [...error.schemaPath.matchAll(/\/oneOf\/(\d+)\//g)];
  const last = matches[matches.length - 1];
  if (!last) return true;
  // Each properties/<key> or items step after the oneOf descends one level in the instance.
  const inside = error.schemaPath.slice(last.index + last[0].length);
  const steps = (inside.match(/(^|\/)(properties\/[^/]+|items)(?=\/|$)/g) ?? []).length;
  const parts = error.instancePath.split('/');
  const ownerPath = parts.slice(0, parts.length - steps).join('/');
  const variants = (rawSchemaAt(root, ownerPath)?.oneOf ?? []) as JsonSchema[];
  const defs = root.$defs ?? {};
  const resolved = variants.map((v) => (v.$ref ? own(defs, v.$ref.split('/').pop() ?? '') : v));
  const value = ownerPath.split('/').slice(1).reduce<unknown>(childOf, doc);
  const chosen = matchingVariant(resolved, value);
  return chosen !== undefined && resolved.indexOf(chosen) === Number(last[1]);
}

/** The schema at a pointer, dereferenced but with its oneOf left in place. */
function rawSchemaAt(root: JsonSchema, pointer: string): JsonSchema | undefined {
  const defs = root.$defs ?? {};
  const deref = (s: JsonSchema | undefined) =>
    s?.$ref ? { ...own(defs, s.$ref.split('/').pop() ?? ''), ...s, $ref: undefined } : s;
  let schema = deref(root);
  for (const key of pointer.split('/').slice(1)) {
    schema = /^\d+$/.test(key) && schema?.items ? deref(schema.items) : deref(propertyOf(schema, key));
  }
  return schema;
}

function friendlyIssues(errors: ErrorObject[], root: JsonSchema, doc: unknown, system: GameSystem): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    if (!fromMatchingVariant(error, root, doc)) continue;
    const issue = describe(error, root, doc, system);
    if (!issue) continue;
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues.length > 0 ? issues : [{ path: '', message: 'The card does not match its card type' }];
}
