// The studio's edits on system.json's rules reference (glossary, optional rules, tables) and its
// Cockatrice export (docs/game-systems.md, "Reference" and "Exports: Cockatrice"). Each returns
// the files after it or one sentence naming the field that refuses the change; what is written
// always passes game-system.schema.json and the loader's checks (rows as long as the columns).
// A list or object left empty is removed, and so are `reference` and `exports` once empty.

import {
  cardTypesOf,
  GAME_ID,
  GAME_ID_RULE,
  isObject,
  systemJson,
  typeSchemaOf,
  withSystem,
  type GameFileMap,
  type Json,
} from './game-files';

export type ReferenceEditResult = { files: GameFileMap } | { problem: string };

/** game-system.schema.json's limits on what these forms write. */
export const REFERENCE_LIMITS = {
  idLength: 60,
  propNameLength: 60,
  propTemplateLength: 500,
  colorLetters: 5,
  /** Cockatrice's table rows: 0 lands, 1 other permanents (its default), 2 creatures, 3 instants and sorceries. */
  tableRows: [0, 1, 2, 3],
} as const;
/** A Cockatrice property name: an XML element name without a colon (the schema's pattern). */
export const PROP_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
export const TABLE_ROW_LABELS = ['Lands', 'Other permanents', 'Creatures', 'Instants and sorceries'] as const;

export interface GlossaryEntryForm {
  term: string;
  category: string;
  text: string;
}
export interface OptionalRuleForm {
  id: string;
  label: string;
  description: string;
}
export type Cell = string | number;
export interface TableForm {
  id: string;
  title: string;
  description: string;
  columns: string[];
  rows: Cell[][];
}

type ReferenceList = 'glossary' | 'optionalRules' | 'tables';

// --- Reading -------------------------------------------------------------------------------

function referenceOf(files: GameFileMap): Json {
  const reference = systemJson(files).reference;
  return isObject(reference) ? reference : {};
}

function listOf(files: GameFileMap, key: ReferenceList): Json[] {
  const list = referenceOf(files)[key];
  // Non-objects read as empty items, so indices are the file's (such a file does not load anyway).
  return Array.isArray(list) ? list.map((item: unknown) => (isObject(item) ? item : {})) : [];
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : String(value));

export function glossaryOf(files: GameFileMap): GlossaryEntryForm[] {
  return listOf(files, 'glossary').map((entry) => ({
    term: text(entry.term),
    category: text(entry.category),
    text: text(entry.text),
  }));
}

export function optionalRulesOf(files: GameFileMap): OptionalRuleForm[] {
  return listOf(files, 'optionalRules').map((rule) => ({
    id: text(rule.id),
    label: text(rule.label),
    description: text(rule.description),
  }));
}

export function tablesOf(files: GameFileMap): TableForm[] {
  return listOf(files, 'tables').map((table) => ({
    id: text(table.id),
    title: text(table.title),
    description: text(table.description),
    columns: Array.isArray(table.columns) ? table.columns.map(text) : [],
    rows: Array.isArray(table.rows)
      ? table.rows.map((row) => (Array.isArray(row) ? row.map((cell) => (typeof cell === 'number' ? cell : text(cell))) : []))
      : [],
  }));
}

/** The glossary's categories in the order their first entries come. */
export function glossaryCategories(entries: readonly GlossaryEntryForm[]): string[] {
  return [...new Set(entries.map((entry) => entry.category))];
}

export interface GlossaryGroup {
  category: string;
  /** Entries with their index in the glossary (what the edits take). */
  entries: { index: number; entry: GlossaryEntryForm }[];
}

/**
 * The glossary grouped by category (categories in the order of their first entry), keeping the
 * entries whose term, category or text contains `filter` (any case); empty groups are left out.
 */
export function groupGlossary(entries: readonly GlossaryEntryForm[], filter = ''): GlossaryGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, GlossaryGroup>();
  entries.forEach((entry, index) => {
    const hit =
      needle === '' ||
      entry.term.toLowerCase().includes(needle) ||
      entry.category.toLowerCase().includes(needle) ||
      entry.text.toLowerCase().includes(needle);
    if (!hit) return;
    const group = groups.get(entry.category) ?? { category: entry.category, entries: [] };
    group.entries.push({ index, entry });
    groups.set(entry.category, group);
  });
  return [...groups.values()];
}

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

// --- Writing -------------------------------------------------------------------------------

/** Writes one list of `reference` (dropping it when empty, and `reference` with it). */
function withList(files: GameFileMap, key: ReferenceList, list: readonly Json[]): GameFileMap {
  return withSystem(files, (system) => {
    const { [key]: _old, ...rest } = isObject(system.reference) ? system.reference : {};
    const reference: Json = list.length > 0 ? { ...rest, [key]: list } : rest;
    const { reference: _gone, ...others } = system;
    return Object.keys(reference).length > 0 ? { ...system, reference } : others;
  });
}

function rawList(files: GameFileMap, key: ReferenceList): unknown[] {
  const list = referenceOf(files)[key];
  return Array.isArray(list) ? list : [];
}

/** Changes the list's object at `index`; a problem when there is none. */
function changeItem(
  files: GameFileMap,
  key: ReferenceList,
  index: number,
  what: string,
  change: (item: Json) => Json | string,
): ReferenceEditResult {
  const list = rawList(files, key);
  const item = list[index];
  if (!isObject(item)) return { problem: `There is no ${what} ${index + 1}` };
  const changed = change(item);
  if (typeof changed === 'string') return { problem: changed };
  return { files: withList(files, key, list.map((other, at) => (at === index ? changed : other)) as Json[]) };
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

function moveItem(files: GameFileMap, key: ReferenceList, index: number, delta: number, what: string): ReferenceEditResult {
  const list = rawList(files, key);
  const to = index + delta;
  if (index < 0 || index >= list.length) return { problem: `There is no ${what} ${index + 1}` };
  if (to < 0 || to >= list.length) return { problem: `The ${what} is already ${delta < 0 ? 'first' : 'last'}` };
  return { files: withList(files, key, moved(list, index, to) as Json[]) };
}

function removeItem(files: GameFileMap, key: ReferenceList, index: number, what: string): ReferenceEditResult {
  const list = rawList(files, key);
  if (index < 0 || index >= list.length) return { problem: `There is no ${what} ${index + 1}` };
  return { files: withList(files, key, list.filter((_, at) => at !== index) as Json[]) };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function idProblem(id: string, what: string, taken: readonly string[]): string | undefined {
  if (!GAME_ID.test(id)) return `The ${what}'s id is ${GAME_ID_RULE}`;
  if (id.length > REFERENCE_LIMITS.idLength) return `The ${what}'s id has at most ${REFERENCE_LIMITS.idLength} characters`;
  if (taken.includes(id)) return `Another ${what} has the id "${id}"`;
  return undefined;
}

/** `base-1`, `base-2` … the first id none of `taken` is. */
function freeId(base: string, taken: readonly string[]): string {
  for (let n = taken.length + 1; ; n++) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}

// Glossary

/** Why the entry cannot be written beside `others` (the rest of the glossary), or undefined. */
export function glossaryEntryProblem(entry: GlossaryEntryForm, others: readonly GlossaryEntryForm[]): string | undefined {
  const term = entry.term.trim();
  const category = entry.category.trim();
  if (term === '') return 'A glossary entry needs a term';
  if (category === '') return `The term "${term}" needs a category ("Keyword", "Status")`;
  if (others.some((other) => same(other.term, term) && same(other.category, category)))
    return `The term "${term}" is already in the category "${category}"`;
  return undefined;
}

const glossaryJson = (entry: GlossaryEntryForm): Json => ({
  term: entry.term.trim(),
  category: entry.category.trim(),
  text: entry.text.trim(),
});

/** The category as the glossary spells it when it has one by that name in another case ("keyword" → "Keyword"). */
function spelled(entries: readonly GlossaryEntryForm[], category: string): string {
  return entries.find((entry) => same(entry.category, category))?.category ?? category.trim();
}

/** Adds an entry at the end of its category (at the glossary's end when the category is new). */
export function addGlossaryEntry(files: GameFileMap, entry: GlossaryEntryForm): ReferenceEditResult {
  const entries = glossaryOf(files);
  const problem = glossaryEntryProblem(entry, entries);
  if (problem) return { problem };
  const category = spelled(entries, entry.category);
  const last = entries.findLastIndex((other) => other.category === category);
  const list = [...rawList(files, 'glossary')];
  list.splice(last >= 0 ? last + 1 : list.length, 0, glossaryJson({ ...entry, category }));
  return { files: withList(files, 'glossary', list as Json[]) };
}

export function setGlossaryEntry(files: GameFileMap, index: number, patch: Partial<GlossaryEntryForm>): ReferenceEditResult {
  const entries = glossaryOf(files);
  const current = entries[index];
  if (!current) return { problem: `There is no glossary entry ${index + 1}` };
  const others = entries.filter((_, at) => at !== index);
  const next = { ...current, ...patch };
  if (patch.category !== undefined) next.category = spelled(others, patch.category);
  const problem = glossaryEntryProblem(next, others);
  if (problem) return { problem };
  return changeItem(files, 'glossary', index, 'glossary entry', () => glossaryJson(next));
}

export function removeGlossaryEntry(files: GameFileMap, index: number): ReferenceEditResult {
  return removeItem(files, 'glossary', index, 'glossary entry');
}

/** Moves an entry before the previous (or after the next) entry of its category. */
export function moveGlossaryEntry(files: GameFileMap, index: number, delta: -1 | 1): ReferenceEditResult {
  const entries = glossaryOf(files);
  const entry = entries[index];
  if (!entry) return { problem: `There is no glossary entry ${index + 1}` };
  let to = index + delta;
  while (to >= 0 && to < entries.length && entries[to].category !== entry.category) to += delta;
  if (to < 0 || to >= entries.length)
    return { problem: `"${entry.term}" is already ${delta < 0 ? 'first' : 'last'} in "${entry.category}"` };
  const list = [...rawList(files, 'glossary')];
  [list[index], list[to]] = [list[to], list[index]];
  return { files: withList(files, 'glossary', list as Json[]) };
}

/** Renames a category on all of its entries (merging into another when the name is taken, unless a term is in both). */
export function renameGlossaryCategory(files: GameFileMap, from: string, to: string): ReferenceEditResult {
  if (to.trim() === '') return { problem: `The category "${from}" needs a name` };
  const entries = glossaryOf(files);
  const name = spelled(
    entries.filter((entry) => entry.category !== from),
    to,
  );
  if (!entries.some((entry) => entry.category === from)) return { problem: `The glossary has no category "${from}"` };
  const moving = entries.filter((entry) => entry.category === from);
  const staying = entries.filter((entry) => entry.category !== from);
  const clash = moving.find((entry) => staying.some((other) => same(other.term, entry.term) && same(other.category, name)));
  if (clash) return { problem: `The term "${clash.term}" is already in the category "${name}"` };
  const list = rawList(files, 'glossary').map((item) =>
    isObject(item) && item.category === from ? { ...item, category: name } : item,
  );
  return { files: withList(files, 'glossary', list as Json[]) };
}

// Optional rules

export function addOptionalRule(files: GameFileMap): ReferenceEditResult {
  const taken = optionalRulesOf(files).map((rule) => rule.id);
  const id = freeId('rule', taken);
  const rule = { id, label: `Optional rule ${id.slice('rule-'.length)}`, description: '' };
  return { files: withList(files, 'optionalRules', [...rawList(files, 'optionalRules'), rule] as Json[]) };
}

export function setOptionalRule(files: GameFileMap, index: number, patch: Partial<OptionalRuleForm>): ReferenceEditResult {
  const rules = optionalRulesOf(files);
  if (!rules[index]) return { problem: `There is no optional rule ${index + 1}` };
  const next = { ...rules[index], ...patch };
  const id = next.id.trim();
  const label = next.label.trim();
  if (patch.id !== undefined) {
    const problem = idProblem(
      id,
      'optional rule',
      rules.filter((_, at) => at !== index).map((rule) => rule.id),
    );
    if (problem) return { problem };
  }
  if (label === '') return { problem: `The optional rule "${id}" needs a name` };
  return changeItem(files, 'optionalRules', index, 'optional rule', (item) => ({
    ...item,
    id,
    label,
    description: next.description.trim(),
  }));
}

export function removeOptionalRule(files: GameFileMap, index: number): ReferenceEditResult {
  return removeItem(files, 'optionalRules', index, 'optional rule');
}

export function moveOptionalRule(files: GameFileMap, index: number, delta: -1 | 1): ReferenceEditResult {
  return moveItem(files, 'optionalRules', index, delta, 'optional rule');
}

// Tables

export function addTable(files: GameFileMap): ReferenceEditResult {
  const taken = tablesOf(files).map((table) => table.id);
  const id = freeId('table', taken);
  const table = { id, title: `Table ${id.slice('table-'.length)}`, columns: ['Column 1', 'Column 2'], rows: [['', '']] };
  return { files: withList(files, 'tables', [...rawList(files, 'tables'), table] as Json[]) };
}

export function removeTable(files: GameFileMap, index: number): ReferenceEditResult {
  return removeItem(files, 'tables', index, 'table');
}

export function moveTable(files: GameFileMap, index: number, delta: -1 | 1): ReferenceEditResult {
  return moveItem(files, 'tables', index, delta, 'table');
}

export function setTableText(
  files: GameFileMap,
  index: number,
  key: 'id' | 'title' | 'description',
  value: string,
): ReferenceEditResult {
  const tables = tablesOf(files);
  const table = tables[index];
  if (!table) return { problem: `There is no table ${index + 1}` };
  const written = value.trim();
  if (key === 'id') {
    const problem = idProblem(
      written,
      'table',
      tables.filter((_, at) => at !== index).map((other) => other.id),
    );
    if (problem) return { problem };
  }
  if (key === 'title' && written === '') return { problem: `The table "${table.id}" needs a title` };
  return changeItem(files, 'tables', index, 'table', (item) => {
    if (key === 'description' && written === '') {
      const { description: _gone, ...rest } = item;
      return rest;
    }
    return { ...item, [key]: written };
  });
}

/** Changes a table's columns and rows together (every row keeps as many cells as there are columns). */
function changeTable(
  files: GameFileMap,
  index: number,
  change: (table: TableForm) => Pick<TableForm, 'columns' | 'rows'> | string,
): ReferenceEditResult {
  const table = tablesOf(files)[index];
  if (!table) return { problem: `There is no table ${index + 1}` };
  const changed = change(table);
  if (typeof changed === 'string') return { problem: changed };
  const width = changed.columns.length;
  const rows = changed.rows.map((row) => [...row.slice(0, width), ...Array<Cell>(Math.max(0, width - row.length)).fill('')]);
  return changeItem(files, 'tables', index, 'table', (item) => ({ ...item, columns: changed.columns, rows }));
}

export function addTableColumn(files: GameFileMap, index: number): ReferenceEditResult {
  return changeTable(files, index, (table) => {
    let n = table.columns.length + 1;
    while (table.columns.includes(`Column ${n}`)) n++;
    return { columns: [...table.columns, `Column ${n}`], rows: table.rows.map((row) => [...row, '']) };
  });
}

export function removeTableColumn(files: GameFileMap, index: number, column: number): ReferenceEditResult {
  return changeTable(files, index, (table) => {
    if (column < 0 || column >= table.columns.length) return `The table "${table.id}" has no column ${column + 1}`;
    if (table.columns.length === 1) return `The table "${table.id}" needs at least one column`;
    return {
      columns: table.columns.filter((_, at) => at !== column),
      rows: table.rows.map((row) => row.filter((_, at) => at !== column)),
    };
  });
}

export function moveTableColumn(files: GameFileMap, index: number, column: number, delta: -1 | 1): ReferenceEditResult {
  return changeTable(files, index, (table) => {
    const to = column + delta;
    if (column < 0 || column >= table.columns.length) return `The table "${table.id}" has no column ${column + 1}`;
    if (to < 0 || to >= table.columns.length)
      return `The column "${table.columns[column]}" is already ${delta < 0 ? 'first' : 'last'}`;
    const width = table.columns.length;
    return {
      columns: moved(table.columns, column, to),
      rows: table.rows.map((row) => moved([...row, ...Array<Cell>(Math.max(0, width - row.length)).fill('')], column, to)),
    };
  });
}

export function setTableColumn(files: GameFileMap, index: number, column: number, name: string): ReferenceEditResult {
  return changeTable(files, index, (table) => {
    if (column < 0 || column >= table.columns.length) return `The table "${table.id}" has no column ${column + 1}`;
    if (name.trim() === '') return `Column ${column + 1} of "${table.title}" needs a heading`;
    return { columns: table.columns.map((old, at) => (at === column ? name.trim() : old)), rows: table.rows };
  });
}

export function addTableRow(files: GameFileMap, index: number): ReferenceEditResult {
  return changeTable(files, index, (table) => ({
    columns: table.columns,
    rows: [...table.rows, table.columns.map((): Cell => '')],
  }));
}

export function removeTableRow(files: GameFileMap, index: number, row: number): ReferenceEditResult {
  return changeTable(files, index, (table) => {
    if (row < 0 || row >= table.rows.length) return `The table "${table.id}" has no row ${row + 1}`;
    return { columns: table.columns, rows: table.rows.filter((_, at) => at !== row) };
  });
}

export function moveTableRow(files: GameFileMap, index: number, row: number, delta: -1 | 1): ReferenceEditResult {
  return changeTable(files, index, (table) => {
    const to = row + delta;
    if (row < 0 || row >= table.rows.length) return `The table "${table.id}" has no row ${row + 1}`;
    if (to < 0 || to >= table.rows.length) return `Row ${row + 1} is already ${delta < 0 ? 'first' : 'last'}`;
    return { columns: table.columns, rows: moved(table.rows, row, to) };
  });
}

/**
 * What a typed cell writes: a number when it reads as one and the cell held a number or nothing
 * (so `[[1, 2]]` stays numbers), the text otherwise (a text cell "2" stays text).
 */
export function cellValue(typed: string, previous: Cell | undefined): Cell {
  const trimmed = typed.trim();
  const asNumber = Number(trimmed);
  const numeric = trimmed !== '' && Number.isFinite(asNumber) && String(asNumber) === trimmed;
  const wasText = typeof previous === 'string' && previous !== '';
  return numeric && !wasText ? asNumber : trimmed;
}

export function setTableCell(files: GameFileMap, index: number, row: number, column: number, typed: string): ReferenceEditResult {
  return changeTable(files, index, (table) => {
    if (row < 0 || row >= table.rows.length) return `The table "${table.id}" has no row ${row + 1}`;
    if (column < 0 || column >= table.columns.length) return `The table "${table.id}" has no column ${column + 1}`;
    const rows = table.rows.map((cells, at) =>
      at === row ? table.columns.map((_, c) => (c === column ? cellValue(typed, cells[c]) : (cells[c] ?? ''))) : cells,
    );
    return { columns: table.columns, rows };
  });
}

// Cockatrice

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
