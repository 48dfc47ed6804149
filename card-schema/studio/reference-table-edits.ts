// The studio's edits of system.json's reference tables (docs/game-systems.md, "Reference"): their
// ids, titles, columns, rows and cells. Each returns the files after it or one sentence naming
// the field that refuses the change; every row keeps as many cells as there are columns (the
// loader's check), and the list is removed once empty, and `reference` with it.

import type { GameFileMap, Json } from './game-files';
import {
  changeItem,
  freeId,
  idProblem,
  listOf,
  moveItem,
  moved,
  rawList,
  removeItem,
  text,
  withList,
  type ReferenceEditResult,
} from './reference-shared';

export type Cell = string | number;
export interface TableForm {
  id: string;
  title: string;
  description: string;
  columns: string[];
  rows: Cell[][];
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
