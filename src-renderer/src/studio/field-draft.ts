// The field form's values: a FieldSpec (card-schema/studio/field-spec.ts) as the inputs hold it,
// numbers as the text typed, so "1.5" in a whole-number box or "abc" can be refused at the box
// instead of becoming NaN in the file. `draftToSpec` turns the inputs back into a spec with the
// problems of both the typing and the field; the spec the form started from (`base`) carries
// what the inputs do not show (a shared definition's reference, kept annotations, a keyword
// list's tag), so saving an untouched form writes the property back as it was.

import type { FieldProblem, FieldProblemAt } from '../../../card-schema/studio/field-problems';
import {
  newField,
  type ChoiceValue,
  type FieldKind,
  type FieldSpec,
  type KeywordSpec,
} from '../../../card-schema/studio/field-spec';

export interface ParamDraft {
  name: string;
  label: string;
  /** One of PARAM_KINDS; the form offers text, number and yes/no, and keeps the others as read. */
  kind: FieldKind;
  required: boolean;
  min: string;
  max: string;
  /** The parameter as read, kept when its kind does not change (a choice parameter's values). */
  base?: FieldSpec;
}

export interface KeywordDraft extends Omit<KeywordSpec, 'params'> {
  params: ParamDraft[];
}

export interface FieldDraft {
  kind: FieldKind;
  name: string;
  label: string;
  help: string;
  required: boolean;
  /** The lower and upper bound: minimum/maximum, min/maxLength or min/maxItems by kind. */
  min: string;
  max: string;
  integer: boolean;
  pattern: string;
  /** The default as typed ('' for none); yes/no: 'yes', 'no' or ''. */
  defaultValue: string;
  /** A list of choices' default values. */
  defaultValues: string[];
  values: ChoiceValue[];
  /** A card reference's types; null: any type. */
  types: string[] | null;
  keywords: KeywordDraft[];
  uniqueItems: boolean;
  /** The advanced kind's property as JSON text. */
  schemaText: string;
  base: FieldSpec;
}

const text = (value: number | undefined): string => (value === undefined ? '' : String(value));

function bounds(spec: FieldSpec): [number | undefined, number | undefined] {
  switch (spec.kind) {
    case 'number':
      return [spec.minimum, spec.maximum];
    case 'text':
    case 'rulesText':
    case 'cardRef':
      return [spec.minLength, spec.maxLength];
    case 'multiChoice':
    case 'keywords':
      return [spec.minItems, spec.maxItems];
    default:
      return [undefined, undefined];
  }
}

function paramDraft(param: FieldSpec): ParamDraft {
  const [min, max] = bounds(param);
  const label = param.kind === 'advanced' ? '' : param.label;
  return { name: param.name, label, kind: param.kind, required: param.required, min: text(min), max: text(max), base: param };
}

export function draftOf(spec: FieldSpec): FieldDraft {
  const [min, max] = bounds(spec);
  const common = spec.kind === 'advanced' ? { label: '', help: '' } : { label: spec.label, help: spec.help };
  const defaultOf = (): string => {
    if (!('default' in spec) || spec.default === undefined || Array.isArray(spec.default)) return '';
    if (typeof spec.default === 'boolean') return spec.default ? 'yes' : 'no';
    return String(spec.default);
  };
  return {
    kind: spec.kind,
    name: spec.name,
    ...common,
    required: spec.required,
    min: text(min),
    max: text(max),
    integer: spec.kind === 'number' ? spec.integer : true,
    pattern: spec.kind === 'text' ? (spec.pattern ?? '') : '',
    defaultValue: defaultOf(),
    defaultValues: spec.kind === 'multiChoice' ? [...(spec.default ?? [])] : [],
    values: spec.kind === 'choice' || spec.kind === 'multiChoice' ? spec.values.map((value) => ({ ...value })) : [],
    types: spec.kind === 'cardRef' ? (spec.types ? [...spec.types] : null) : null,
    keywords:
      spec.kind === 'keywords' ? spec.keywords.map((keyword) => ({ ...keyword, params: keyword.params.map(paramDraft) })) : [],
    uniqueItems: spec.kind === 'keywords' ? spec.uniqueItems : false,
    schemaText: spec.kind === 'advanced' ? JSON.stringify(spec.schema, null, 2) : '{\n  "type": "string"\n}',
    base: spec,
  };
}

/** The draft with another kind: what carries over (name, label, help, required) stays. */
export function withKind(draft: FieldDraft, kind: FieldKind): FieldDraft {
  const { name, label, help, required } = draft;
  const fresh = draftOf(newField(kind, { name, label, help, required }));
  return { ...fresh, base: draft.base.kind === kind ? draft.base : fresh.base };
}

interface Parsed {
  value: number | undefined;
  problem?: string;
}

function parseNumber(raw: string, whole: boolean): Parsed {
  const trimmed = raw.trim();
  if (trimmed === '') return { value: undefined };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { value: undefined, problem: `"${trimmed}" is not a number.` };
  if (whole && !Number.isInteger(value)) return { value: undefined, problem: `"${trimmed}" is not a whole number.` };
  return { value };
}

function paramSpec(param: ParamDraft, problems: FieldProblem[], keyword: string): FieldSpec {
  const start = param.base && param.base.kind === param.kind ? param.base : newField(param.kind, { name: param.name });
  const min = parseNumber(param.min, param.kind !== 'number' || (start.kind === 'number' && start.integer));
  const max = parseNumber(param.max, param.kind !== 'number' || (start.kind === 'number' && start.integer));
  for (const parsed of [min, max]) {
    if (parsed.problem)
      problems.push({ at: 'keywords', message: `Keyword "${keyword}", parameter "${param.name}": ${parsed.problem}` });
  }
  const common = { name: param.name, label: param.label, required: param.required };
  if (start.kind === 'number') return { ...start, ...common, minimum: min.value, maximum: max.value };
  if (start.kind === 'text' || start.kind === 'rulesText')
    return { ...start, ...common, minLength: min.value, maxLength: max.value };
  if (start.kind === 'advanced') return { ...start, name: param.name, required: param.required };
  return { ...start, ...common };
}

/** The spec the inputs say, and what is wrong with what was typed (the field's own problems come from fieldProblems). */
export function draftToSpec(draft: FieldDraft): { spec: FieldSpec; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const base = draft.base.kind === draft.kind ? draft.base : newField(draft.kind, { name: draft.name });
  const whole = draft.kind !== 'number' || draft.integer;
  const number = (raw: string, at: FieldProblemAt, integer = whole): number | undefined => {
    const parsed = parseNumber(raw, integer);
    if (parsed.problem) problems.push({ at, message: parsed.problem });
    return parsed.value;
  };
  const [minAt, maxAt]: [FieldProblemAt, FieldProblemAt] =
    draft.kind === 'number'
      ? ['minimum', 'maximum']
      : draft.kind === 'multiChoice' || draft.kind === 'keywords'
        ? ['minItems', 'maxItems']
        : ['minLength', 'maxLength'];
  const min = number(draft.min, minAt);
  const max = number(draft.max, maxAt);
  const common = { name: draft.name.trim(), label: draft.label.trim(), help: draft.help.trim(), required: draft.required };
  const textDefault = draft.defaultValue === '' ? undefined : draft.defaultValue;
  let spec: FieldSpec;
  switch (base.kind) {
    case 'text':
      spec = { ...base, ...common, minLength: min, maxLength: max, pattern: draft.pattern || undefined, default: textDefault };
      break;
    case 'rulesText':
      spec = { ...base, ...common, minLength: min, maxLength: max, default: textDefault };
      break;
    case 'cardRef':
      spec = { ...base, ...common, minLength: min, maxLength: max, default: textDefault, types: draft.types ?? undefined };
      break;
    case 'number':
      spec = {
        ...base,
        ...common,
        integer: draft.integer,
        minimum: min,
        maximum: max,
        default: number(draft.defaultValue, 'default'),
      };
      break;
    case 'choice':
      spec = { ...base, ...common, values: draft.values.map(trimmed), default: textDefault };
      break;
    case 'multiChoice':
      spec = {
        ...base,
        ...common,
        values: draft.values.map(trimmed),
        minItems: min,
        maxItems: max,
        default: draft.defaultValues.length > 0 || base.default !== undefined ? [...draft.defaultValues] : undefined,
      };
      break;
    case 'yesNo':
      spec = { ...base, ...common, default: draft.defaultValue === '' ? undefined : draft.defaultValue === 'yes' };
      break;
    case 'image':
      spec = { ...base, ...common };
      break;
    case 'keywords':
      spec = {
        ...base,
        ...common,
        minItems: min,
        maxItems: max,
        uniqueItems: draft.uniqueItems,
        keywords: draft.keywords.map(({ params, ...keyword }) => ({
          ...keyword,
          id: keyword.id.trim(),
          params: params.map((param) => paramSpec(param, problems, keyword.id)),
        })),
      };
      break;
    case 'advanced':
      spec = { ...base, name: common.name, required: common.required, schema: parseSchema(draft.schemaText, problems) };
      break;
  }
  return { spec: withoutUndefined(spec), problems };
}

const trimmed = (value: ChoiceValue): ChoiceValue => ({ id: value.id.trim(), label: value.label.trim() });

function parseSchema(raw: string, problems: FieldProblem[]): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    problems.push({ at: 'schema', message: 'The field’s schema is a JSON object ({ … }).' });
  } catch (error) {
    problems.push({ at: 'schema', message: `This is not valid JSON: ${(error as Error).message}.` });
  }
  return {};
}

/** Optional keys set to undefined are left out, as a spec read from a schema leaves them out. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
