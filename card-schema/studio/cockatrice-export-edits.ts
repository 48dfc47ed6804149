// The studio's edits of system.json's Cockatrice export (docs/game-systems.md, "Exports:
// Cockatrice"): card properties from templates, identity colour letters and table rows. Each
// returns the files after it or one sentence naming the field that refuses the change; an empty
// map is removed, and so are `cockatrice` and `exports` once empty.

import { cardTypesOf, isObject, systemJson, typeSchemaOf, withSystem, type GameFileMap, type Json } from './game-files';
import { REFERENCE_LIMITS, text, type ReferenceEditResult } from './reference-shared';

/** A Cockatrice property name: an XML element name without a colon (the schema's pattern). */
export const PROP_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
export const TABLE_ROW_LABELS = ['Lands', 'Other permanents', 'Creatures', 'Instants and sorceries'] as const;

export interface CockatriceForm {
  props: { name: string; template: string }[];
  colors: Record<string, string>;
  tableRows: Record<string, number>;
}

function cockatriceOf(files: GameFileMap): Json {
  const exports = systemJson(files).exports;
  const cockatrice = isObject(exports) ? exports.cockatrice : undefined;
  return isObject(cockatrice) ? cockatrice : {};
}

export function cockatriceFormOf(files: GameFileMap): CockatriceForm {
  const mapping = cockatriceOf(files);
  const strings = (value: unknown) =>
    isObject(value)
      ? Object.fromEntries(Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'))
      : {};
  const numbers = isObject(mapping.tableRows)
    ? Object.fromEntries(
        Object.entries(mapping.tableRows).filter((pair): pair is [string, number] => typeof pair[1] === 'number'),
      )
    : {};
  return {
    props: Object.entries(strings(mapping.props)).map(([name, template]) => ({ name, template })),
    colors: strings(mapping.colors),
    tableRows: numbers,
  };
}

/** The fields a template names in braces that no card type has (the property is then left out of every card). */
export function unknownTemplateFields(files: GameFileMap, template: string): string[] {
  const known = new Set(['name', 'type', 'text']);
  for (const type of cardTypesOf(files)) {
    const schema = typeof type.id === 'string' ? typeSchemaOf(files, type.id) : undefined;
    if (schema && isObject(schema.properties)) for (const field of Object.keys(schema.properties)) known.add(field);
  }
  const named = [...template.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]);
  return [...new Set(named.filter((field) => !known.has(field)))];
}

type CockatriceKey = 'props' | 'colors' | 'tableRows';

/** Writes one map of `exports.cockatrice` (dropping empty maps, then `cockatrice` and `exports` when empty). */
function withCockatrice(files: GameFileMap, key: CockatriceKey, map: Json): GameFileMap {
  return withSystem(files, (system) => {
    const exportsJson = isObject(system.exports) ? system.exports : {};
    const { [key]: _old, ...rest } = isObject(exportsJson.cockatrice) ? exportsJson.cockatrice : {};
    const cockatrice: Json = Object.keys(map).length > 0 ? { ...rest, [key]: map } : rest;
    const { cockatrice: _was, ...otherExports } = exportsJson;
    const exports: Json = Object.keys(cockatrice).length > 0 ? { ...otherExports, cockatrice } : otherExports;
    const { exports: _gone, ...others } = system;
    return Object.keys(exports).length > 0 ? { ...system, exports } : others;
  });
}

function rawMap(files: GameFileMap, key: CockatriceKey): Json {
  const map = cockatriceOf(files)[key];
  return isObject(map) ? map : {};
}

function propNameProblem(name: string): string | undefined {
  if (!PROP_NAME.test(name))
    return `A property name is letters, digits, _, . and -, starting with a letter or _ ("manacost", "pt")`;
  if (name.length > REFERENCE_LIMITS.propNameLength)
    return `A property name has at most ${REFERENCE_LIMITS.propNameLength} characters`;
  return undefined;
}

function templateProblem(name: string, template: string): string | undefined {
  if (template.trim() === '') return `The property "${name}" needs a template, like "{cost}"`;
  if (template.length > REFERENCE_LIMITS.propTemplateLength)
    return `The template of "${name}" has at most ${REFERENCE_LIMITS.propTemplateLength} characters`;
  return undefined;
}

export function addCockatriceProp(files: GameFileMap, name: string, template: string): ReferenceEditResult {
  const key = name.trim();
  const problem = propNameProblem(key) ?? templateProblem(key, template);
  if (problem) return { problem };
  const props = rawMap(files, 'props');
  if (Object.hasOwn(props, key)) return { problem: `The export has a property "${key}" already` };
  return { files: withCockatrice(files, 'props', { ...props, [key]: template.trim() }) };
}

export function setCockatriceProp(files: GameFileMap, name: string, template: string): ReferenceEditResult {
  const props = rawMap(files, 'props');
  if (!Object.hasOwn(props, name)) return { problem: `The export has no property "${name}"` };
  const problem = templateProblem(name, template);
  if (problem) return { problem };
  return { files: withCockatrice(files, 'props', { ...props, [name]: template.trim() }) };
}

/** Renames a property in place (its order among the others stays). */
export function renameCockatriceProp(files: GameFileMap, from: string, to: string): ReferenceEditResult {
  const props = rawMap(files, 'props');
  const name = to.trim();
  if (!Object.hasOwn(props, from)) return { problem: `The export has no property "${from}"` };
  if (name === from) return { files };
  const problem = propNameProblem(name);
  if (problem) return { problem };
  if (Object.hasOwn(props, name)) return { problem: `The export has a property "${name}" already` };
  const renamed = Object.fromEntries(Object.entries(props).map(([key, value]) => [key === from ? name : key, value]));
  return { files: withCockatrice(files, 'props', renamed) };
}

export function removeCockatriceProp(files: GameFileMap, name: string): ReferenceEditResult {
  const props = rawMap(files, 'props');
  if (!Object.hasOwn(props, name)) return { problem: `The export has no property "${name}"` };
  const { [name]: _gone, ...rest } = props;
  return { files: withCockatrice(files, 'props', rest) };
}

/** An identity value's letters in `colors`; empty letters go back to the default (the label's first letter). */
export function setCockatriceColor(files: GameFileMap, valueId: string, letters: string): ReferenceEditResult {
  const identity = systemJson(files).identity;
  const values = isObject(identity) && Array.isArray(identity.values) ? identity.values.filter(isObject) : [];
  const value = values.find((candidate) => candidate.id === valueId);
  if (!value) return { problem: `The identity has no value "${valueId}"` };
  const written = letters.trim();
  const colors = rawMap(files, 'colors');
  if (written === '') {
    const { [valueId]: _gone, ...rest } = colors;
    return { files: withCockatrice(files, 'colors', rest) };
  }
  if (written.length > REFERENCE_LIMITS.colorLetters)
    return { problem: `The letters of ${text(value.label) || valueId} are at most ${REFERENCE_LIMITS.colorLetters} characters` };
  return { files: withCockatrice(files, 'colors', { ...colors, [valueId]: written }) };
}

/** A card type's row on Cockatrice's table (0–3); undefined goes back to the default (1, other permanents). */
export function setCockatriceTableRow(files: GameFileMap, typeId: string, row: number | undefined): ReferenceEditResult {
  if (!cardTypesOf(files).some((type) => type.id === typeId)) return { problem: `The game has no card type "${typeId}"` };
  const rows = rawMap(files, 'tableRows');
  if (row === undefined) {
    const { [typeId]: _gone, ...rest } = rows;
    return { files: withCockatrice(files, 'tableRows', rest) };
  }
  if (!Number.isInteger(row) || row < 0 || row > 3)
    return { problem: `The table row of "${typeId}" is 0, 1, 2 or 3 (lands, other permanents, creatures, spells)` };
  return { files: withCockatrice(files, 'tableRows', { ...rows, [typeId]: row }) };
}
