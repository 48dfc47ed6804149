// What stops a FieldSpec from being written, one sentence each at the part of the form it
// concerns.

import { FIELD_NAME, FIELD_NAME_RULE } from './game-files';
import { compiles, isCount, templateNames, type ChoiceValue, type FieldSpec, type KeywordsField } from './field-spec';

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
