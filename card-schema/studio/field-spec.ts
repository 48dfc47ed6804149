// One card field as the studio's forms edit it (a FieldSpec), converted both ways with the JSON
// Schema property a card type's schema holds. The forms cover the fields designers write most:
// single-line text, rules text (multi-line, with {symbol} tokens), numbers, choices, lists of
// choices (the identity field is one), images, keyword lists, card references and yes/no. Any
// property the forms cannot show exactly becomes `{ kind: 'advanced', schema }`, holding the
// property untouched, so opening and saving a game in the studio never loses a keyword.
//
// The promise the round trip keeps: for every property that maps to a form kind,
// fieldToSchema(schemaToField(x)) deep-equals x (tests/unit/studio-field-spec.test.ts runs it
// over every built-in game and the tutorial game). Keys that never change validation or the
// form (`examples`, `x-search`, `$comment`) ride along unchanged in `keep`; small shape choices a
// form does not show (whether a choice says `"type": "string"`) are remembered in the spec.
//
// Shared definitions. A property `{ "$ref": "#/$defs/name", …refinements }` is read with the
// definition's keys merged under the refinements, and the spec remembers the reference
// (`ref`: the definition's name, the definition as read, and the keys the property refined).
// Writing it back gives the reference again, refined by the keys the property refined before
// plus every key whose value now differs from the definition: an unchanged field stays a bare
// `$ref`, a new title becomes `{ "$ref": …, "title": … }`. A change a refinement cannot say
// (a key of the definition removed, such as clearing its maximum) writes the field in full,
// detached from the definition. Either way only this card type's property changes: editing a
// field in a type's form never edits the shared definition other types use (that would change
// their cards behind the designer's back). A keyword list whose items are a `$ref` keeps it the
// same way, while its keywords equal the definition's.

import { FIELD_NAME, FIELD_NAME_RULE, isObject, type Json } from './game-files';

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

interface FieldCommon {
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

const KEEP_KEYS = ['examples', 'x-search', '$comment'];
const COMMON_KEYS = ['title', 'description', ...KEEP_KEYS];
const REF = /^#\/\$defs\/([^/]+)$/;

// ---------------------------------------------------------------------------------------------
// Reading: schema -> spec

export function schemaToField(name: string, node: unknown, ctx: FieldContext = {}): FieldSpec {
  const required = ctx.required ?? false;
  const advanced = (): AdvancedField => ({ kind: 'advanced', name, required, schema: isObject(node) ? node : {} });
  if (!isObject(node)) return advanced();
  const shared = resolveRef(node, ctx);
  if (shared === null) return advanced();
  const merged = shared ? { ...shared.definition, ...withoutKey(node, '$ref') } : node;
  const spec = readKind(name, merged, ctx);
  if (!spec) return advanced();
  return shared ? { ...spec, ref: shared } : spec;
}

/** The shared definition a `$ref` property names; undefined without a `$ref`, null when it cannot be followed. */
function resolveRef(node: Json, ctx: FieldContext): SharedRef | undefined | null {
  if (!('$ref' in node)) return undefined;
  const match = typeof node.$ref === 'string' ? REF.exec(node.$ref) : null;
  const definition = match ? ctx.definitions?.[decodeURIComponent(match[1])] : undefined;
  // A definition that is itself a reference is left to the advanced view.
  if (!match || !isObject(definition) || '$ref' in definition) return null;
  return { name: decodeURIComponent(match[1]), definition, refined: Object.keys(node).filter((key) => key !== '$ref') };
}

function withoutKey(node: Json, key: string): Json {
  const { [key]: _dropped, ...rest } = node;
  return rest;
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isNum = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Every key of `node` is one the kind covers, and each covered key holds what the kind expects. */
function only(node: Json, keys: readonly string[], checks: Record<string, (value: unknown) => boolean> = {}): boolean {
  const allowed = new Set([...COMMON_KEYS, ...keys]);
  if (!Object.keys(node).every((key) => allowed.has(key))) return false;
  if ('title' in node && typeof node.title !== 'string') return false;
  if ('description' in node && typeof node.description !== 'string') return false;
  return Object.entries(checks).every(([key, check]) => !(key in node) || check(node[key]));
}

function common(name: string, node: Json, ctx: FieldContext): FieldCommon {
  const keep = Object.fromEntries(KEEP_KEYS.filter((key) => key in node).map((key) => [key, node[key]]));
  return {
    name,
    label: typeof node.title === 'string' ? node.title : '',
    help: typeof node.description === 'string' ? node.description : '',
    required: ctx.required ?? false,
    ...(Object.keys(keep).length > 0 ? { keep } : {}),
  };
}

const LENGTHS = { minLength: isCount, maxLength: isCount };
const ITEM_COUNTS = { minItems: isCount, maxItems: isCount };

/**
 * The keys of `node` that are present, to spread into a spec. Typed loosely on purpose: `only`
 * has checked each value's type before a kind reads them.
 */
function pick<K extends string>(node: Json, keys: readonly K[]): Partial<Record<K, never>> {
  const present = keys.filter((key) => key in node).map((key) => [key, node[key]]);
  return Object.fromEntries(present) as Partial<Record<K, never>>;
}

function readKind(name: string, node: Json, ctx: FieldContext): Exclude<FieldSpec, AdvancedField> | undefined {
  const base = common(name, node, ctx);
  if (node['x-kind'] !== undefined) {
    return node['x-kind'] === 'image' && only(node, ['x-kind']) ? { ...base, kind: 'image' } : undefined;
  }
  if (node.type === 'boolean') {
    return only(node, ['type', 'default'], { default: (v) => typeof v === 'boolean' })
      ? { ...base, kind: 'yesNo', ...pick(node, ['default']) }
      : undefined;
  }
  if (node.type === 'integer' || node.type === 'number') {
    const ok = only(node, ['type', 'minimum', 'maximum', 'default'], { minimum: isNum, maximum: isNum, default: isNum });
    return ok
      ? { ...base, kind: 'number', integer: node.type === 'integer', ...pick(node, ['minimum', 'maximum', 'default']) }
      : undefined;
  }
  if ('enum' in node) return readChoice(base, node, ctx);
  if (node.type === 'string') return readString(base, node);
  if (node.type === 'array') return readList(base, node, ctx);
  return undefined;
}

function readString(base: FieldCommon, node: Json): TextField | RulesTextField | CardRefField | undefined {
  const isDefault = { default: (v: unknown) => typeof v === 'string' };
  const lengths = pick(node, ['minLength', 'maxLength', 'default']);
  if ('x-card-ref' in node) {
    const ref = node['x-card-ref'];
    if (!isObject(ref) || Object.keys(ref).some((key) => key !== 'types')) return undefined;
    if ('types' in ref && !(isStringList(ref.types) && ref.types.length > 0)) return undefined;
    if (!only(node, ['type', 'x-card-ref', 'minLength', 'maxLength', 'default'], { ...LENGTHS, ...isDefault })) return undefined;
    return { ...base, kind: 'cardRef', ...(isStringList(ref.types) ? { types: [...ref.types] } : {}), ...lengths };
  }
  if ('x-multiline' in node) {
    if (node['x-multiline'] !== true) return undefined;
    if (!only(node, ['type', 'x-multiline', 'minLength', 'maxLength', 'default'], { ...LENGTHS, ...isDefault })) return undefined;
    return { ...base, kind: 'rulesText', ...lengths };
  }
  const patternOk = (v: unknown) => typeof v === 'string' && compiles(v);
  if (!only(node, ['type', 'minLength', 'maxLength', 'pattern', 'default'], { ...LENGTHS, ...isDefault, pattern: patternOk }))
    return undefined;
  return { ...base, kind: 'text', ...lengths, ...pick(node, ['pattern']) };
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The values of an enum of distinct strings with their labels; undefined for any other enum. */
function choiceValues(name: string, values: unknown, ctx: FieldContext): ChoiceValue[] | undefined {
  if (!isStringList(values) || values.length === 0 || new Set(values).size !== values.length) return undefined;
  const identity = ctx.identity?.field === name ? ctx.identity.values : undefined;
  const labels = isObject(ctx.enumLabels?.[name]) ? (ctx.enumLabels[name] as Json) : {};
  return values.map((id) => {
    const label = identity ? identity.find((value) => value.id === id)?.label : labels[id];
    return { id, label: typeof label === 'string' ? label : '' };
  });
}

function readChoice(base: FieldCommon, node: Json, ctx: FieldContext): ChoiceField | undefined {
  if ('type' in node && node.type !== 'string') return undefined;
  const values = choiceValues(base.name, node.enum, ctx);
  if (!values || !only(node, ['type', 'enum', 'default'], { default: (v) => typeof v === 'string' })) return undefined;
  return {
    ...base,
    kind: 'choice',
    values,
    typed: 'type' in node,
    ...(ctx.identity?.field === base.name ? { identity: true } : {}),
    ...pick(node, ['default']),
  };
}

function readList(base: FieldCommon, node: Json, ctx: FieldContext): MultiChoiceField | KeywordsField | undefined {
  const items = node.items;
  if (!isObject(items)) return undefined;
  if ('enum' in items) {
    const itemsOk =
      Object.keys(items).every((key) => key === 'enum' || key === 'type') && (!('type' in items) || items.type === 'string');
    const values = choiceValues(base.name, items.enum, ctx);
    const ok = only(node, ['type', 'items', 'uniqueItems', 'minItems', 'maxItems', 'default'], {
      ...ITEM_COUNTS,
      default: isStringList,
    });
    if (!itemsOk || !values || !ok || node.uniqueItems !== true) return undefined;
    return {
      ...base,
      kind: 'multiChoice',
      values,
      typed: 'type' in items,
      ...(ctx.identity?.field === base.name ? { identity: true } : {}),
      ...pick(node, ['minItems', 'maxItems', 'default']),
    };
  }
  if (!only(node, ['type', 'items', 'uniqueItems', 'minItems', 'maxItems'], { ...ITEM_COUNTS, uniqueItems: (v) => v === true }))
    return undefined;
  let wrapper = items;
  let itemsRef: SharedRef | undefined;
  if ('$ref' in items) {
    const shared = resolveRef(items, ctx);
    // Items refining their reference are rare enough to leave to the advanced view.
    if (!shared || shared.refined.length > 0) return undefined;
    wrapper = shared.definition;
    itemsRef = shared;
  }
  const read = readKeywords(wrapper, ctx);
  if (!read) return undefined;
  return {
    ...base,
    kind: 'keywords',
    ...read,
    uniqueItems: node.uniqueItems === true,
    ...pick(node, ['minItems', 'maxItems']),
    ...(itemsRef ? { itemsRef } : {}),
  };
}

type KeywordList = Pick<KeywordsField, 'tag' | 'keywords' | 'itemLabel' | 'itemHelp'>;

/** `{ title?, description?, oneOf: [objects fixed by one tag property] }` as keywords. */
function readKeywords(wrapper: Json, ctx: FieldContext): KeywordList | undefined {
  const keys = Object.keys(wrapper);
  if (!keys.every((key) => ['title', 'description', 'oneOf'].includes(key))) return undefined;
  if (!Array.isArray(wrapper.oneOf) || wrapper.oneOf.length === 0) return undefined;
  if (!only(wrapper, ['oneOf'])) return undefined;
  const first = wrapper.oneOf[0];
  const tag = isObject(first) && isObject(first.properties) ? Object.keys(first.properties)[0] : undefined;
  if (!tag) return undefined;
  const keywords: KeywordSpec[] = [];
  for (const choice of wrapper.oneOf) {
    const keyword = readKeyword(choice, tag, ctx);
    if (!keyword) return undefined;
    keywords.push(keyword);
  }
  return {
    tag,
    keywords,
    itemLabel: typeof wrapper.title === 'string' ? wrapper.title : '',
    itemHelp: typeof wrapper.description === 'string' ? wrapper.description : '',
  };
}

const KEYWORD_KEYS = [
  'type',
  'title',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'x-display',
  'x-reminder',
];

function readKeyword(choice: unknown, tag: string, ctx: FieldContext): KeywordSpec | undefined {
  if (!isObject(choice) || !Object.keys(choice).every((key) => KEYWORD_KEYS.includes(key))) return undefined;
  if (choice.type !== 'object' || choice.additionalProperties !== false || !isObject(choice.properties)) return undefined;
  const strings = ['title', 'description', 'x-display', 'x-reminder'];
  if (strings.some((key) => key in choice && typeof choice[key] !== 'string')) return undefined;
  const entries = Object.entries(choice.properties);
  const [tagName, tagNode] = entries[0] ?? [];
  if (tagName !== tag || !isObject(tagNode) || typeof tagNode.const !== 'string') return undefined;
  if (!Object.keys(tagNode).every((key) => key === 'const' || key === 'title')) return undefined;
  const required = isStringList(choice.required) ? choice.required : [];
  // The forms write `required` as the tag, then the required parameters in their order.
  const names = entries.map(([name]) => name);
  if (
    !sameJson(
      required,
      names.filter((name) => name === tag || required.includes(name)),
    )
  )
    return undefined;
  if (!required.includes(tag)) return undefined;
  const params: FieldSpec[] = [];
  for (const [name, node] of entries.slice(1)) {
    const param = schemaToField(name, node, { ...ctx, required: required.includes(name), identity: undefined });
    if (!PARAM_KINDS.includes(param.kind) || ('ref' in param && param.ref)) return undefined;
    params.push(param);
  }
  return {
    id: tagNode.const,
    label: typeof choice.title === 'string' ? choice.title : '',
    tagLabel: typeof tagNode.title === 'string' ? tagNode.title : '',
    display: typeof choice['x-display'] === 'string' ? choice['x-display'] : '',
    reminder: typeof choice['x-reminder'] === 'string' ? choice['x-reminder'] : '',
    help: typeof choice.description === 'string' ? choice.description : '',
    params,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing: spec -> schema

/** The JSON Schema property the spec stands for (see the header for shared definitions). */
export function fieldToSchema(spec: FieldSpec): Json {
  if (spec.kind === 'advanced') return spec.schema;
  const full = fullSchema(spec);
  return spec.ref ? refined(full, spec.ref) : full;
}

/** The property as a `$ref` with refinements, or in full when a refinement cannot say it. */
function refined(full: Json, ref: SharedRef): Json {
  if (Object.keys(ref.definition).some((key) => !(key in full))) return full;
  const out: Json = { $ref: `#/$defs/${encodeURIComponent(ref.name)}` };
  for (const [key, value] of Object.entries(full)) {
    if (ref.refined.includes(key) || !sameJson(value, ref.definition[key])) out[key] = value;
  }
  return out;
}

function opt(key: string, value: unknown): Json {
  return value === undefined || value === '' ? {} : { [key]: value };
}

function head(spec: Exclude<FieldSpec, AdvancedField>): Json {
  return { ...opt('title', spec.label), ...opt('description', spec.help) };
}

function fullSchema(spec: Exclude<FieldSpec, AdvancedField>): Json {
  const tail = spec.keep ?? {};
  switch (spec.kind) {
    case 'text':
      return {
        type: 'string',
        ...head(spec),
        ...opt('minLength', spec.minLength),
        ...opt('maxLength', spec.maxLength),
        ...opt('pattern', spec.pattern),
        ...defaultOf(spec.default),
        ...tail,
      };
    case 'rulesText':
      return {
        type: 'string',
        ...head(spec),
        ...opt('minLength', spec.minLength),
        ...opt('maxLength', spec.maxLength),
        'x-multiline': true,
        ...defaultOf(spec.default),
        ...tail,
      };
    case 'cardRef':
      return {
        type: 'string',
        ...head(spec),
        ...opt('minLength', spec.minLength),
        ...opt('maxLength', spec.maxLength),
        'x-card-ref': spec.types ? { types: [...spec.types] } : {},
        ...defaultOf(spec.default),
        ...tail,
      };
    case 'number':
      return {
        type: spec.integer ? 'integer' : 'number',
        ...head(spec),
        ...opt('minimum', spec.minimum),
        ...opt('maximum', spec.maximum),
        ...defaultOf(spec.default),
        ...tail,
      };
    case 'choice':
      return {
        ...(spec.typed ? { type: 'string' } : {}),
        ...head(spec),
        enum: spec.values.map((value) => value.id),
        ...defaultOf(spec.default),
        ...tail,
      };
    case 'multiChoice':
      return {
        type: 'array',
        ...head(spec),
        items: { ...(spec.typed ? { type: 'string' } : {}), enum: spec.values.map((value) => value.id) },
        ...opt('minItems', spec.minItems),
        ...opt('maxItems', spec.maxItems),
        uniqueItems: true,
        ...defaultOf(spec.default && [...spec.default]),
        ...tail,
      };
    case 'image':
      return { 'x-kind': 'image', ...head(spec), ...tail };
    case 'yesNo':
      return { type: 'boolean', ...head(spec), ...defaultOf(spec.default), ...tail };
    case 'keywords':
      return {
        type: 'array',
        ...head(spec),
        items: keywordItems(spec),
        ...opt('minItems', spec.minItems),
        ...opt('maxItems', spec.maxItems),
        ...(spec.uniqueItems ? { uniqueItems: true } : {}),
        ...tail,
      };
  }
}

/** A default is written even when empty text: '' is a value a designer may mean. */
function defaultOf(value: unknown): Json {
  return value === undefined ? {} : { default: value };
}

function keywordItems(spec: KeywordsField): Json {
  const wrapper: Json = {
    ...opt('title', spec.itemLabel),
    ...opt('description', spec.itemHelp),
    oneOf: spec.keywords.map((keyword) => keywordSchema(keyword, spec.tag)),
  };
  if (spec.itemsRef && sameJson(wrapper, spec.itemsRef.definition)) {
    return { $ref: `#/$defs/${encodeURIComponent(spec.itemsRef.name)}` };
  }
  return wrapper;
}

function keywordSchema(keyword: KeywordSpec, tag: string): Json {
  const properties: Json = { [tag]: { const: keyword.id, ...opt('title', keyword.tagLabel) } };
  for (const param of keyword.params) properties[param.name] = fieldToSchema(param);
  return {
    type: 'object',
    ...opt('title', keyword.label),
    ...opt('description', keyword.help),
    properties,
    required: [tag, ...keyword.params.filter((param) => param.required).map((param) => param.name)],
    additionalProperties: false,
    ...opt('x-display', keyword.display),
    ...opt('x-reminder', keyword.reminder),
  };
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
// Problems

/** Where in the form a problem belongs. */
export type FieldProblemAt =
  | 'name'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'
  | 'pattern'
  | 'default'
  | 'values'
  | 'types'
  | 'keywords'
  | 'schema';

export interface FieldProblem {
  at: FieldProblemAt;
  /** One sentence naming the field. */
  message: string;
}

export interface ProblemContext {
  /** The game's card type ids, for a card reference's types. */
  typeIds?: readonly string[];
}

/** What stops the spec from being written, one sentence each, naming the field. */
export function fieldProblems(spec: FieldSpec, otherNames: readonly string[], ctx: ProblemContext = {}): FieldProblem[] {
  const out: FieldProblem[] = [];
  const the = `The field "${spec.name || '(no name)'}"`;
  const add = (at: FieldProblemAt, message: string) => out.push({ at, message });
  if (spec.name === '') add('name', 'Give the field a name.');
  else if (!FIELD_NAME.test(spec.name)) add('name', `${the} cannot be named so: use ${FIELD_NAME_RULE}.`);
  else if (otherNames.includes(spec.name)) add('name', `${the} is there already: give each field its own name.`);
  if (spec.kind === 'advanced') return out;

  const range = (
    minKey: FieldProblemAt,
    maxKey: FieldProblemAt,
    min: number | undefined,
    max: number | undefined,
    what: string,
  ) => {
    if (min !== undefined && max !== undefined && min > max)
      add(minKey, `${the} has a minimum${what} (${min}) above its maximum${what} (${max}).`);
    for (const [key, value] of [
      [minKey, min],
      [maxKey, max],
    ] as const) {
      if (value !== undefined && !Number.isFinite(value)) add(key, `${the} needs a number here.`);
    }
  };
  switch (spec.kind) {
    case 'text':
    case 'rulesText':
    case 'cardRef': {
      countProblems(spec.minLength, spec.maxLength, 'minLength', 'maxLength', the, add);
      range('minLength', 'maxLength', spec.minLength, spec.maxLength, ' length');
      const pattern = spec.kind === 'text' ? spec.pattern : undefined;
      if (pattern !== undefined && !compiles(pattern))
        add('pattern', `${the} has a pattern that is no valid regular expression.`);
      if (spec.default !== undefined) {
        const length = [...spec.default].length;
        if (spec.minLength !== undefined && length < spec.minLength)
          add('default', `${the} has a default shorter than its minimum length (${spec.minLength}).`);
        if (spec.maxLength !== undefined && length > spec.maxLength)
          add('default', `${the} has a default longer than its maximum length (${spec.maxLength}).`);
        if (pattern !== undefined && compiles(pattern) && !new RegExp(pattern, 'u').test(spec.default))
          add('default', `${the} has a default that does not match its pattern.`);
      }
      if (spec.kind === 'cardRef' && spec.types) {
        if (spec.types.length === 0) add('types', `${the} names no card type: choose at least one, or any type.`);
        const unknown = spec.types.find((type) => ctx.typeIds && !ctx.typeIds.includes(type));
        if (unknown !== undefined) add('types', `${the} names a card type "${unknown}" the game does not have.`);
      }
      break;
    }
    case 'number': {
      range('minimum', 'maximum', spec.minimum, spec.maximum, '');
      if (spec.integer) {
        for (const key of ['minimum', 'maximum', 'default'] as const) {
          const value = spec[key];
          if (value !== undefined && Number.isFinite(value) && !Number.isInteger(value))
            add(key, `${the} holds whole numbers, so its ${key} must be one too.`);
        }
      }
      const value = spec.default;
      if (value !== undefined) {
        if (!Number.isFinite(value)) add('default', `${the} needs a number as its default.`);
        else if ((spec.minimum !== undefined && value < spec.minimum) || (spec.maximum !== undefined && value > spec.maximum))
          add('default', `${the} has a default (${value}) outside its range ${rangeText(spec.minimum, spec.maximum)}.`);
      }
      break;
    }
    case 'choice':
    case 'multiChoice': {
      valueProblems(spec.values, the, add);
      const ids = spec.values.map((value) => value.id);
      if (spec.kind === 'choice' && spec.default !== undefined && !ids.includes(spec.default))
        add('default', `${the} has a default "${spec.default}" that is not one of its values.`);
      if (spec.kind === 'multiChoice') {
        countProblems(spec.minItems, spec.maxItems, 'minItems', 'maxItems', the, add);
        range('minItems', 'maxItems', spec.minItems, spec.maxItems, ' number of items');
        const stray = spec.default?.find((id) => !ids.includes(id));
        if (stray !== undefined) add('default', `${the} has a default "${stray}" that is not one of its values.`);
        const count = spec.default?.length;
        if (count !== undefined && new Set(spec.default).size !== count)
          add('default', `${the} lists a value twice in its default.`);
        if (
          count !== undefined &&
          ((spec.minItems !== undefined && count < spec.minItems) || (spec.maxItems !== undefined && count > spec.maxItems))
        )
          add(
            'default',
            `${the} has a default of ${count} values, outside its range ${rangeText(spec.minItems, spec.maxItems)}.`,
          );
      }
      break;
    }
    case 'keywords':
      countProblems(spec.minItems, spec.maxItems, 'minItems', 'maxItems', the, add);
      range('minItems', 'maxItems', spec.minItems, spec.maxItems, ' number of items');
      keywordProblems(spec, the, add);
      break;
    case 'image':
    case 'yesNo':
      break;
  }
  return out;
}

function rangeText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${min}–${max}`;
  return min !== undefined ? `of at least ${min}` : `of at most ${max}`;
}

function countProblems(
  min: number | undefined,
  max: number | undefined,
  minKey: FieldProblemAt,
  maxKey: FieldProblemAt,
  the: string,
  add: (at: FieldProblemAt, message: string) => void,
): void {
  for (const [key, value] of [
    [minKey, min],
    [maxKey, max],
  ] as const) {
    if (value !== undefined && Number.isFinite(value) && !isCount(value))
      add(key, `${the} needs a whole number of 0 or more here.`);
  }
}

function valueProblems(values: ChoiceValue[], the: string, add: (at: FieldProblemAt, message: string) => void): void {
  if (values.length === 0) add('values', `${the} has no values to choose from: add at least one.`);
  if (values.some((value) => value.id.trim() === '')) add('values', `${the} has a value without an id.`);
  const seen = new Set<string>();
  for (const { id } of values) {
    if (id !== '' && seen.has(id)) add('values', `${the} has the value "${id}" twice: each value needs its own id.`);
    seen.add(id);
  }
}

function keywordProblems(spec: KeywordsField, the: string, add: (at: FieldProblemAt, message: string) => void): void {
  if (spec.keywords.length === 0) add('keywords', `${the} has no keywords: add at least one.`);
  if (!FIELD_NAME.test(spec.tag)) add('keywords', `${the} tells keywords apart by "${spec.tag}", which is no field name.`);
  const seen = new Set<string>();
  for (const keyword of spec.keywords) {
    const which = `${the}'s keyword "${keyword.id || keyword.label || '(no id)'}"`;
    if (keyword.id.trim() === '') add('keywords', `${the} has a keyword without an id.`);
    else if (seen.has(keyword.id)) add('keywords', `${the} has the keyword "${keyword.id}" twice.`);
    seen.add(keyword.id);
    const names = keyword.params.map((param) => param.name);
    keyword.params.forEach((param, i) => {
      if (param.name === spec.tag)
        add('keywords', `${which} has a parameter named "${spec.tag}", the name that tells keywords apart.`);
      for (const problem of fieldProblems(
        param,
        names.filter((_, j) => j !== i),
      ))
        add('keywords', `${which}: ${lowerFirst(problem.message)}`);
    });
    for (const [key, template] of [
      ['display', keyword.display],
      ['reminder', keyword.reminder],
    ] as const) {
      const stray = templateNames(template).find((name) => !names.includes(name));
      if (stray !== undefined)
        add('keywords', `${which} names "{${stray}}" in its ${key} text, which is none of its parameters.`);
    }
  }
}

function lowerFirst(text: string): string {
  return text.startsWith('The ') ? `the ${text.slice(4)}` : text;
}
