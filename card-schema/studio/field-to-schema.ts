// Writing a FieldSpec back as the JSON Schema property a card type's schema holds: the inverse
// of field-from-schema.ts (whose header tells the round trip and how a `$ref` is kept).

import type { Json } from './game-files';
import { sameJson, type AdvancedField, type FieldSpec, type KeywordsField, type KeywordSpec, type SharedRef } from './field-spec';

/** The JSON Schema property the spec stands for (see field-from-schema.ts for shared definitions). */
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
