// Reading a JSON Schema property into the FieldSpec the studio's forms edit (field-spec.ts).
// Any property the forms cannot show exactly becomes `{ kind: 'advanced', schema }`, holding the
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

import { isObject, type Json } from './game-files';
import {
  compiles,
  isCount,
  PARAM_KINDS,
  sameJson,
  type AdvancedField,
  type CardRefField,
  type ChoiceField,
  type ChoiceValue,
  type FieldCommon,
  type FieldContext,
  type FieldSpec,
  type KeywordsField,
  type KeywordSpec,
  type MultiChoiceField,
  type RulesTextField,
  type SharedRef,
  type TextField,
} from './field-spec';

const KEEP_KEYS = ['examples', 'x-search', '$comment'];
const COMMON_KEYS = ['title', 'description', ...KEEP_KEYS];
const REF = /^#\/\$defs\/([^/]+)$/;

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
