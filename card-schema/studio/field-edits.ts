// The studio's edits of a card type's fields, on a game's files (game-files.ts): each takes a
// GameFileMap and returns the next one, leaving the old one for undo. A field lives in up to four
// places (the type schema's `properties` and `required`, the type's `fieldOrder`, the labels of
// its values in `enumLabels`); these edits keep them in step. The card types themselves are
// card-type-edits.ts's.
//
// The checks an edit needs first (a field's problems) are a separate function the forms show at
// their inputs; an edit given input that fails them throws, as that is a bug in the caller.

import { renameField, type FieldRename } from './field-renames';
import { schemaToField } from './field-from-schema';
import { fieldProblems, type FieldProblem } from './field-problems';
import {
  choiceFieldsOf,
  type ChoiceField,
  type ChoiceValue,
  type FieldContext,
  type FieldSpec,
  type MultiChoiceField,
} from './field-spec';
import { fieldToSchema } from './field-to-schema';
import {
  cardTypesOf,
  isObject,
  partOf,
  systemJson,
  typeSchemaOf,
  withCardType,
  withSystem,
  withTypeSchema,
  type GameFileMap,
  type Json,
} from './game-files';

/** The property every card stores its type id in; fixed by `const`, never edited as a field. */
export const TYPE_FIELD = 'type';
/** The field every card has: rules, decks and lists name cards by it. */
export const NAME_FIELD = 'name';

// ---------------------------------------------------------------------------------------------
// Reading

/** What schemaToField needs to read a type's fields: definitions, enum labels, the identity. */
export function fieldContextOf(files: GameFileMap, typeId: string): FieldContext {
  const system = systemJson(files);
  const definitions = partOf(files, 'definitions');
  const ownDefs = typeSchemaOf(files, typeId)?.$defs;
  const identity = isObject(system.identity) ? system.identity : undefined;
  const values = Array.isArray(identity?.values) ? identity.values.filter(isObject) : [];
  return {
    definitions: { ...(isObject(definitions) ? definitions : {}), ...(isObject(ownDefs) ? ownDefs : {}) },
    enumLabels: isObject(system.enumLabels) ? system.enumLabels : undefined,
    identity:
      identity && typeof identity.field === 'string'
        ? {
            field: identity.field,
            values: values.map((value): ChoiceValue => ({
              id: String(value.id),
              label: typeof value.label === 'string' ? value.label : '',
            })),
          }
        : undefined,
  };
}

function propertiesOf(files: GameFileMap, typeId: string): Json {
  const properties = typeSchemaOf(files, typeId)?.properties;
  return isObject(properties) ? properties : {};
}

/** The type's field names in form order: `fieldOrder` first, then the rest as the schema lists them. */
export function fieldNamesOf(files: GameFileMap, typeId: string): string[] {
  const names = Object.keys(propertiesOf(files, typeId)).filter((name) => name !== TYPE_FIELD);
  const order = cardTypesOf(files).find((type) => type.id === typeId)?.fieldOrder;
  const listed = Array.isArray(order)
    ? order.filter((name): name is string => typeof name === 'string' && names.includes(name))
    : [];
  return [...new Set(listed), ...names.filter((name) => !listed.includes(name))];
}

/** The type's fields as the forms edit them, in form order (without the fixed `type`). */
export function typeFieldsOf(files: GameFileMap, typeId: string): FieldSpec[] {
  const schema = typeSchemaOf(files, typeId);
  const properties = propertiesOf(files, typeId);
  const required = Array.isArray(schema?.required) ? schema.required : [];
  const ctx = fieldContextOf(files, typeId);
  return fieldNamesOf(files, typeId).map((name) =>
    schemaToField(name, properties[name], { ...ctx, required: required.includes(name) }),
  );
}

// ---------------------------------------------------------------------------------------------
// Fields

/** The list with the item at `index` moved `by` places, stopping at either end. */
function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + by));
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item);
  return out;
}

/** The field's problems in its type: its own (fieldProblems) and the names the studio keeps. */
export function fieldEditProblems(files: GameFileMap, typeId: string, spec: FieldSpec, oldName?: string): FieldProblem[] {
  const others = [TYPE_FIELD, ...fieldNamesOf(files, typeId).filter((name) => name !== oldName)];
  const typeIds = cardTypesOf(files).map((type) => String(type.id));
  const problems = fieldProblems(spec, others, { typeIds });
  if (oldName === NAME_FIELD && spec.name !== NAME_FIELD) {
    problems.unshift({ at: 'name', message: 'The field "name" keeps its name: every card is named by it.' });
  }
  if (spec.name === TYPE_FIELD) {
    return [{ at: 'name', message: 'The field "type" is the card type itself: give the field another name.' }];
  }
  return problems;
}

function assertValid(files: GameFileMap, typeId: string, spec: FieldSpec, oldName?: string): void {
  const problems = fieldEditProblems(files, typeId, spec, oldName);
  if (problems.length > 0) throw new Error(problems[0].message);
}

/** The schema with `properties[name]` set (in place, or last) and `required` following `required`. */
function withProperty(schema: Json, name: string, property: Json, required: boolean): Json {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const current: unknown[] = Array.isArray(schema.required) ? schema.required : [];
  const list = current.filter((entry) => entry !== name);
  const nextRequired = required ? (current.includes(name) ? current : [...list, name]) : list;
  return {
    ...schema,
    properties: { ...properties, [name]: property },
    ...(nextRequired.length > 0 || Array.isArray(schema.required) ? { required: nextRequired } : {}),
  };
}

/** Choice values (by field name) other types, or other fields of this one, list: their labels stay. */
function valuesElsewhere(files: GameFileMap, typeId: string, skip: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const type of cardTypesOf(files)) {
    if (typeof type.id !== 'string') continue;
    for (const spec of typeFieldsOf(files, type.id)) {
      if (type.id === typeId && spec.name === skip) continue;
      for (const choice of choiceFieldsOf(spec)) {
        const set = out.get(choice.name) ?? new Set<string>();
        for (const value of choice.values) set.add(value.id);
        out.set(choice.name, set);
      }
    }
  }
  return out;
}

/**
 * `enumLabels` after a field's choices changed: its values' labels set (an empty label removed),
 * labels of values it dropped removed unless another field of the same name still lists them
 * (the loader refuses a label of a value no field has). The identity's labels live in `identity`.
 */
function withEnumLabels(
  files: GameFileMap,
  typeId: string,
  fieldName: string,
  before: readonly (ChoiceField | MultiChoiceField)[],
  after: readonly (ChoiceField | MultiChoiceField)[],
): GameFileMap {
  const elsewhere = valuesElsewhere(files, typeId, fieldName);
  const all = isObject(systemJson(files).enumLabels) ? (systemJson(files).enumLabels as Json) : {};
  const labels: Json = { ...all };
  const dropped = new Map<string, string[]>();
  for (const old of before)
    dropped.set(
      old.name,
      old.values.map((value) => value.id),
    );
  for (const choice of after) {
    if (choice.identity) continue;
    const entry: Json = isObject(labels[choice.name]) ? { ...(labels[choice.name] as Json) } : {};
    const ids = choice.values.map((value) => value.id);
    for (const id of dropped.get(choice.name) ?? []) {
      if (!ids.includes(id) && !elsewhere.get(choice.name)?.has(id)) delete entry[id];
    }
    for (const value of choice.values) {
      if (value.label.trim() !== '') entry[value.id] = value.label.trim();
      else delete entry[value.id];
    }
    if (Object.keys(entry).length > 0) labels[choice.name] = entry;
    else delete labels[choice.name];
  }
  if (sameLabels(all, labels)) return files;
  return withSystem(files, (system) => {
    const { enumLabels: _old, ...rest } = system;
    return Object.keys(labels).length > 0 ? { ...rest, enumLabels: labels } : rest;
  });
}

const sameLabels = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/** Fields of other card types that `typeId` has no field by the name of, type by type in the game's order. */
export function copyableFields(files: GameFileMap, typeId: string): { fromType: string; typeLabel: string; field: FieldSpec }[] {
  const own = new Set(fieldNamesOf(files, typeId));
  const found: { fromType: string; typeLabel: string; field: FieldSpec }[] = [];
  for (const type of cardTypesOf(files)) {
    const id = String(type.id);
    if (id === typeId) continue;
    for (const field of typeFieldsOf(files, id)) {
      if (own.has(field.name) || field.name === TYPE_FIELD) continue;
      found.push({ fromType: id, typeLabel: String(type.label ?? id), field });
    }
  }
  return found;
}

/**
 * Another type's field added to `typeId` as it is written there (a shared definition stays a
 * `$ref`, a definition of the source schema's own `$defs` comes along), last in the form: the
 * same field need not be typed twice.
 */
export function copyField(files: GameFileMap, fromType: string, name: string, typeId: string): GameFileMap {
  const source = typeSchemaOf(files, fromType);
  const target = typeSchemaOf(files, typeId);
  const node = source && isObject(source.properties) ? source.properties[name] : undefined;
  if (!source || !target || !isObject(node)) throw new Error(`The card type "${fromType}" has no field "${name}"`);
  if (fieldNamesOf(files, typeId).includes(name)) throw new Error(`The card type "${typeId}" has a field "${name}" already`);
  const required = Array.isArray(source.required) && source.required.includes(name);
  const ref = typeof node.$ref === 'string' ? /^#\/\$defs\/([^/]+)$/.exec(node.$ref)?.[1] : undefined;
  const ownDef = ref !== undefined && isObject(source.$defs) ? source.$defs[ref] : undefined;
  const targetDefs = isObject(target.$defs) ? target.$defs : {};
  const withDef =
    ownDef !== undefined && ref !== undefined && !(ref in targetDefs)
      ? { ...target, $defs: { ...targetDefs, [ref]: ownDef } }
      : target;
  const next = withTypeSchema(files, typeId, withProperty(withDef, name, node, required));
  return withCardType(next, typeId, (type) =>
    Array.isArray(type.fieldOrder) ? { ...type, fieldOrder: [...type.fieldOrder, name] } : type,
  );
}

/** A new field, last in the form. */
export function addField(files: GameFileMap, typeId: string, spec: FieldSpec): GameFileMap {
  assertValid(files, typeId, spec);
  const schema = typeSchemaOf(files, typeId);
  if (!schema) throw new Error(`The game has no card type "${typeId}"`);
  let next = withTypeSchema(files, typeId, withProperty(schema, spec.name, fieldToSchema(spec), spec.required));
  next = withCardType(next, typeId, (type) =>
    Array.isArray(type.fieldOrder) ? { ...type, fieldOrder: [...type.fieldOrder, spec.name] } : type,
  );
  return withEnumLabels(next, typeId, spec.name, [], choiceFieldsOf(spec));
}

/**
 * The field `oldName` as `spec` says. A new name renames the field everywhere first
 * (renameField: layout, rules, labels); the rename is returned for studio.edit, so the cards'
 * values move with it when the game is saved.
 */
export function updateField(
  files: GameFileMap,
  typeId: string,
  oldName: string,
  spec: FieldSpec,
): { files: GameFileMap; rename?: FieldRename } {
  assertValid(files, typeId, spec, oldName);
  const before = typeFieldsOf(files, typeId).find((field) => field.name === oldName);
  if (!before) throw new Error(`The card type "${typeId}" has no field "${oldName}"`);
  const rename = spec.name !== oldName ? { cardType: typeId, from: oldName, to: spec.name } : undefined;
  let next = rename ? renameField(files, rename) : files;
  const schema = typeSchemaOf(next, typeId) ?? {};
  next = withTypeSchema(next, typeId, withProperty(schema, spec.name, fieldToSchema(spec), spec.required));
  // After a rename the old labels sit under the new name (renameField moved them).
  const beforeChoices = choiceFieldsOf(before).map((choice) =>
    choice.name === oldName ? { ...choice, name: spec.name } : choice,
  );
  next = withEnumLabels(next, typeId, spec.name, beforeChoices, choiceFieldsOf(spec));
  return rename ? { files: next, rename } : { files: next };
}

/** The field leaves the schema, `required`, `fieldOrder` and (when no other field has them) its labels. */
export function removeField(files: GameFileMap, typeId: string, name: string): GameFileMap {
  if (name === TYPE_FIELD || name === NAME_FIELD) throw new Error(`The field "${name}" cannot be removed.`);
  const schema = typeSchemaOf(files, typeId);
  const before = typeFieldsOf(files, typeId).find((field) => field.name === name);
  if (!schema || !before) throw new Error(`The card type "${typeId}" has no field "${name}"`);
  const { [name]: _gone, ...properties } = isObject(schema.properties) ? schema.properties : {};
  let next = withTypeSchema(files, typeId, {
    ...schema,
    properties,
    ...(Array.isArray(schema.required) ? { required: schema.required.filter((entry: unknown) => entry !== name) } : {}),
  });
  next = withCardType(next, typeId, (type) =>
    Array.isArray(type.fieldOrder) ? { ...type, fieldOrder: type.fieldOrder.filter((entry: unknown) => entry !== name) } : type,
  );
  // Its choices all dropped: their labels go, except those a same-named field elsewhere lists.
  const choices = choiceFieldsOf(before);
  return withEnumLabels(
    next,
    typeId,
    name,
    choices,
    choices.map((choice) => ({ ...choice, values: [] })),
  );
}

/** The field `by` places up (negative) or down the form: written as the type's `fieldOrder`. */
export function moveField(files: GameFileMap, typeId: string, name: string, by: number): GameFileMap {
  const names = fieldNamesOf(files, typeId);
  const index = names.indexOf(name);
  if (index < 0) return files;
  return withCardType(files, typeId, (type) => ({ ...type, fieldOrder: moved(names, index, by) }));
}

// ---------------------------------------------------------------------------------------------
// The type's schema as JSON (the Advanced view)

/** The text as a card type schema, or the sentence saying why it is not one. */
export function schemaFromText(text: string): { schema: Json } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `This is not valid JSON: ${(error as Error).message}.` };
  }
  if (!isObject(value)) return { problem: 'A card type schema is a JSON object ({ … }).' };
  if (!isObject(value.properties)) return { problem: 'A card type schema needs "properties": an object of its fields.' };
  return { schema: value };
}
