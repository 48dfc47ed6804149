// One card field as the studio's forms edit it (a FieldSpec), converted both ways with the JSON
// Schema property a card type's schema holds. The forms cover the fields designers write most:
// single-line text, rules text (multi-line, with {symbol} tokens), numbers, choices, lists of
// choices (the identity field is one), images, keyword lists, card references and yes/no;
// anything else is an `advanced` field holding its property untouched.
//
// The conversions live beside this file: field-from-schema.ts reads a property into a spec,
// field-to-schema.ts writes a spec back, field-problems.ts says what stops a spec from being
// written. The promise the round trip keeps, and how shared definitions (`$ref`) are kept, are
// told in field-from-schema.ts.

import { isObject, type Json } from './game-files';

export type FieldKind =
  'text' | 'rulesText' | 'number' | 'choice' | 'multiChoice' | 'image' | 'keywords' | 'cardRef' | 'yesNo' | 'advanced';

/** A property that refers to a shared definition (`#/$defs/<name>`). */
export interface SharedRef {
  name: string;
  /** The definition as the property's reference found it. */
  definition: Json;
  /** Keys the property wrote beside its `$ref` (they stay refinements when written back). */
  refined: string[];
}

export interface FieldCommon {
  /** The key cards store the value under. */
  name: string;
  /** `title`: the field's name in the form and in messages ('' for none). */
  label: string;
  /** `description`: the help text under the field ('' for none). */
  help: string;
  /** Listed in the card type's `required`. */
  required: boolean;
  ref?: SharedRef;
  /** Annotation keys carried over unchanged (examples, x-search, $comment). */
  keep?: Json;
}

export interface TextField extends FieldCommon {
  kind: 'text';
  minLength?: number;
  maxLength?: number;
  /** A regular expression the whole value must match (JSON Schema `pattern`). */
  pattern?: string;
  default?: string;
}

export interface RulesTextField extends FieldCommon {
  kind: 'rulesText';
  minLength?: number;
  maxLength?: number;
  default?: string;
}

export interface NumberField extends FieldCommon {
  kind: 'number';
  /** `"type": "integer"` (whole numbers) rather than `"number"`. */
  integer: boolean;
  minimum?: number;
  maximum?: number;
  default?: number;
}

export interface ChoiceValue {
  /** What cards store. */
  id: string;
  /** What people read (system.json `enumLabels`, or the identity's labels); '' shows the id. */
  label: string;
}

export interface ChoiceField extends FieldCommon {
  kind: 'choice';
  values: ChoiceValue[];
  default?: string;
  /** Whether the property says `"type": "string"` beside its `enum` (many games leave it out). */
  typed: boolean;
  /** The game's identity field: its values and labels are the identity's (system.json `identity`). */
  identity?: boolean;
}

export interface MultiChoiceField extends FieldCommon {
  kind: 'multiChoice';
  values: ChoiceValue[];
  minItems?: number;
  maxItems?: number;
  default?: string[];
  /** Whether `items` says `"type": "string"` beside its `enum`. */
  typed: boolean;
  identity?: boolean;
}

export interface ImageField extends FieldCommon {
  kind: 'image';
}

export interface CardRefField extends FieldCommon {
  kind: 'cardRef';
  /** Card type ids the field may name; undefined: any type. */
  types?: string[];
  minLength?: number;
  maxLength?: number;
  default?: string;
}

export interface YesNoField extends FieldCommon {
  kind: 'yesNo';
  default?: boolean;
}

/** One choice of a keyword list: an object fixed by `{ <tag>: <id> }`, with parameters. */
export interface KeywordSpec {
  /** The value of the tag property (`"kw": "Glow"`): what cards store to pick the keyword. */
  id: string;
  /** The choice's `title`. */
  label: string;
  /** The tag property's own `title` ("Keyword"). */
  tagLabel: string;
  /** `x-display`: how the keyword reads on a card ("Glow {x}"). */
  display: string;
  /** `x-reminder`: reminder text, printed in italic parentheses ('' for none). */
  reminder: string;
  /** `description`: help under the keyword in the card editor ('' for none). */
  help: string;
  /** Parameters: simple fields (text, rules text, number, choice, yes/no). */
  params: FieldSpec[];
}

export interface KeywordsField extends FieldCommon {
  kind: 'keywords';
  /** The property that tells the keywords apart (`kw`; some games say `kind` or `status`). */
  tag: string;
  keywords: KeywordSpec[];
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
  /** `title` / `description` of the items' `oneOf` wrapper ('' for none). */
  itemLabel: string;
  itemHelp: string;
  /** The items are a `$ref` to a shared keyword definition. */
  itemsRef?: SharedRef;
}

export interface AdvancedField {
  kind: 'advanced';
  name: string;
  required: boolean;
  /** The property exactly as the schema holds it. */
  schema: Json;
}

export type FieldSpec =
  | TextField
  | RulesTextField
  | NumberField
  | ChoiceField
  | MultiChoiceField
  | ImageField
  | KeywordsField
  | CardRefField
  | YesNoField
  | AdvancedField;

/** What the conversion needs from around the property. */
export interface FieldContext {
  /** Definitions a `$ref` may name: the game's `definitions`, the type's own `$defs` over them. */
  definitions?: Json;
  /** Whether the card type lists the field in `required`. */
  required?: boolean;
  /** system.json `enumLabels` (by field name, then value id). */
  enumLabels?: Json;
  /** The game's identity: its field name and values (which carry the labels). */
  identity?: { field: string; values: ChoiceValue[] };
}

/** The kinds the forms offer for a parameter of a keyword. */
export const PARAM_KINDS: readonly FieldKind[] = ['text', 'rulesText', 'number', 'choice', 'yesNo'];

// ---------------------------------------------------------------------------------------------
// A new field, and the labels a spec gives its values

/** A fresh field of `kind`, keeping what carries over (name, label, help, required). */
export function newField(kind: FieldKind, from: Partial<FieldCommon> & { name: string }): FieldSpec {
  const base: FieldCommon = { name: from.name, label: from.label ?? '', help: from.help ?? '', required: from.required ?? false };
  switch (kind) {
    case 'text':
      return { ...base, kind, maxLength: 40 };
    case 'rulesText':
      return { ...base, kind, maxLength: 400 };
    case 'number':
      return { ...base, kind, integer: true, minimum: 0 };
    case 'choice':
      return { ...base, kind, values: [], typed: true };
    case 'multiChoice':
      return { ...base, kind, values: [], typed: true };
    case 'keywords':
      return { ...base, kind, tag: 'kw', keywords: [], uniqueItems: false, itemLabel: '', itemHelp: '' };
    case 'image':
    case 'yesNo':
    case 'cardRef':
      return { ...base, kind };
    case 'advanced':
      return { kind, name: base.name, required: base.required, schema: { type: 'string' } };
  }
}

/** Choice fields in the spec and its keywords' parameters, with the labels their values carry. */
export function choiceFieldsOf(spec: FieldSpec): (ChoiceField | MultiChoiceField)[] {
  if (spec.kind === 'choice' || spec.kind === 'multiChoice') return [spec];
  if (spec.kind !== 'keywords') return [];
  return spec.keywords.flatMap((keyword) => keyword.params.flatMap(choiceFieldsOf));
}

/** `{name}` placeholders of a template. */
export function templateNames(template: string): string[] {
  return [...template.matchAll(/\{([^{}:|]+)[^{}]*\}/g)].map((match) => match[1]);
}

// ---------------------------------------------------------------------------------------------
// Checks the conversions and the problems share

export const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Whether `pattern` is a regular expression JavaScript accepts (with the `u` flag, as ajv does). */
export function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Deep equality of JSON values, object key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
}
