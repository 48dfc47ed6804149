// CSV/TSV import (docs/csv.md): a preview to map columns to card fields, a dry run that reads
// every row through the mapping and the game's validator without writing anything, and the
// import, which writes the valid rows through the set import's bulk path (importSetContent: one
// transaction) and lists the bad ones, also as a CSV of the rejected rows with a reason column.
// A row naming a card id (the mapping's id column) updates that card of the set imported into:
// the row's columns replace those fields, the card's other fields stay, and the write keeps the
// old version as a revision like any import; an id of another set's card is a problem of its row.
// Into a new set every row is a new card that keeps its id (a set exported from another library
// comes back with the ids its decks name); an id another set's card has is a problem of its row.
//
// What a command line calls: readCsvBytes (csv-read.ts), csvPreview, checkCsv (the dry run),
// importCsv (the import), both taking the file's bytes and a mapping.

import { stringify } from 'csv-stringify/sync';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { csvFieldsOf, type CsvField } from '../../card-schema/csv/csv-fields';
import {
  adaptMapping,
  mappingProblem,
  rowToDocument,
  suggestMapping,
  type CsvCellProblem,
  type CsvMapping,
} from '../../card-schema/csv/csv-mapping';
import type { CsvImportReport, CsvPicturesInput, CsvPreview, CsvRowProblem } from '../api/contract';
import { ApiError } from '../api/api-error';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import { CsvMappingsRepo } from '../store/csv-mappings-repo';
import type { CardRecord } from '../../card-schema/system/format';
import { sameDocument } from './set-import-copy';
import { cardIssues } from './card-library';
import { requireSet, type Library } from './library';
import { CSV_PREVIEW_BYTES, checkCsvSize, readCsvBytes, type CsvReadOptions, type CsvTable } from './csv-read';
import { importSetContent } from './set-files';
import { CsvPictureFolder } from './csv-pictures';

/** Problems a report lists one by one; the count says how many more there were. */
export const MAX_CSV_PROBLEMS = 2_000;
/** Sample values shown per column in the preview. */
const SAMPLES = 3;

export interface CsvImportInput extends CsvReadOptions {
  systemId: string;
  fileName: string;
  bytes: Uint8Array;
  mapping: CsvMapping;
  /** Where the cards go: an existing set of the game, or a new set of this name. */
  setId?: string;
  newSetName?: string;
  /** The picture folder image columns name files of (docs/csv.md, "Pictures by file name"). */
  pictures?: CsvPicturesInput;
}

// -- The mapping a game keeps --------------------------------------------------------------------

export function loadCsvMapping(lib: Library, systemId: string): CsvMapping | undefined {
  const json = new CsvMappingsRepo(lib.store.db).get(systemId);
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as CsvMapping;
  } catch {
    return undefined; // a damaged row: the headers suggest a mapping again
  }
}

export function saveCsvMapping(lib: Library, systemId: string, mapping: CsvMapping): void {
  lib.systems.require(systemId);
  new CsvMappingsRepo(lib.store.db).save(systemId, JSON.stringify(mapping));
}

// -- Preview ------------------------------------------------------------------------------------

/** The start of a file read for mapping its columns; `bytes` may be the whole file or its first MiB. */
export function csvPreview(
  lib: Library,
  input: { systemId: string; fileName: string; bytes: Uint8Array; fileBytes?: number } & CsvReadOptions,
): CsvPreview {
  const system = lib.systems.require(input.systemId);
  checkCsvSize(input.fileName, Math.max(input.fileBytes ?? 0, input.bytes.byteLength));
  const partial = input.bytes.byteLength > CSV_PREVIEW_BYTES;
  const bytes = partial ? input.bytes.subarray(0, CSV_PREVIEW_BYTES) : input.bytes;
  const table = readCsvBytes(input.fileName, bytes, { delimiter: input.delimiter, hasHeader: input.hasHeader, partial });
  const fields = csvFieldsOf(system);
  const saved = loadCsvMapping(lib, system.id);
  const columns = table.columns.map((name, index) => ({
    name,
    samples: table.rows
      .map((row) => row[index])
      .filter((cell) => cell.trim() !== '')
      .slice(0, SAMPLES)
      .map((cell) => (cell.length > 80 ? `${cell.slice(0, 80)}…` : cell)),
  }));
  return {
    fileName: input.fileName,
    encoding: table.encodingLabel,
    ...(table.encodingNote ? { encodingNote: table.encodingNote } : {}),
    delimiter: table.delimiter,
    hasHeader: table.hasHeader,
    columns,
    rowsSeen: table.rows.length,
    fields: fields.map((field) => ({
      key: field.key,
      label: field.label,
      kind: [...field.byType.values()][0]?.kind ?? 'text',
      cardTypes: [...field.byType.keys()],
    })),
    cardTypes: system.cardTypes.map((type) => ({ id: type.id, label: type.label })),
    mapping: saved ? adaptMapping(saved, table.columns, fields, system) : suggestMapping(table.columns, fields, system),
    savedMapping: saved !== undefined,
  };
}

// -- Dry run ------------------------------------------------------------------------------------

/** A row that makes a valid card. */
export interface CsvGoodRow {
  /** Index into the table's rows. */
  index: number;
  doc: CardDocument;
  /** The card of the target set the row updates (its id column), or a new card's id; absent: a new card. */
  id?: string;
  change: 'added' | 'updated' | 'unchanged';
}

export interface CsvCheck {
  table: CsvTable;
  good: CsvGoodRow[];
  /** Every problem, in row order (a row may have several). */
  problems: CsvRowProblem[];
  /** How image columns found their pictures. */
  pictures: CsvPictureFolder;
}

/** The column a validator issue's pointer ("/colors/1") is about, if a column fills that field. */
function columnOfIssue(mapping: CsvMapping, path: string): string {
  const first = path.split('/')[1];
  if (first === undefined || first === '') return '';
  const field = first.replace(/~1/g, '/').replace(/~0/g, '~');
  if (field === 'type') return mapping.typeColumn ?? '';
  return mapping.columns.find((entry) => entry.field === field)?.column ?? '';
}

/**
 * Reads every row through the mapping and the game's validator; writes nothing. `targetSetId` is
 * the set the rows go into, which a row's card id must belong to (undefined: a new set, which
 * takes only ids no card has).
 */
export function checkCsvTable(
  lib: Library,
  system: GameSystem,
  fileName: string,
  table: CsvTable,
  mapping: CsvMapping,
  progress: JobProgress = NO_PROGRESS,
  targetSetId?: string,
  pictures: CsvPictureFolder = new CsvPictureFolder(undefined),
): CsvCheck {
  const fields = csvFieldsOf(system);
  const problem = mappingProblem(mapping, table.columns, fields);
  if (problem) throw new ApiError(`${fileName}: ${problem}`, 'BAD_INPUT');
  const byKey = new Map<string, CsvField>(fields.map((field) => [field.key, field]));
  const columnIndex = new Map(table.columns.map((name, index) => [name, index]));
  const good: CsvGoodRow[] = [];
  const problems: CsvRowProblem[] = [];
  const total = table.rows.length;
  const ids = rowIds(lib, table, mapping.idColumn ?? null);
  table.rows.forEach((row, index) => {
    if (index % 500 === 0) progress.report('Checking rows', index, total);
    const rowNumber = table.rowNumbers[index];
    const cell = (column: string) => row[columnIndex.get(column) ?? -1] ?? '';
    const rowProblems: CsvCellProblem[] = [];
    const cells = table.overlong.get(rowNumber);
    if (cells !== undefined) {
      rowProblems.push({
        column: '',
        value: '',
        message: `the row has ${cells} cells but the file has ${table.columns.length} columns (a delimiter inside an unquoted cell?)`,
      });
    }
    const read = rowToDocument(cell, mapping, byKey, system, (name, column) => pictures.find(name, rowNumber, column));
    rowProblems.push(...read.problems);
    const target = ids.target(index, rowNumber, targetSetId);
    if (target.problem) rowProblems.push(target.problem);
    const doc =
      read.doc && target.stored ? updatedDocument(target.stored.doc, read.doc, mapping, read.missingPictures) : read.doc;
    if (doc && rowProblems.length === 0) {
      for (const issue of cardIssues(lib, system.id, doc)) {
        const column = columnOfIssue(mapping, issue.path);
        rowProblems.push({ column, value: column ? cell(column) : '', message: issue.message });
      }
    }
    if (rowProblems.length === 0) {
      const change = !target.stored ? 'added' : sameDocument(target.stored.doc, doc) ? 'unchanged' : 'updated';
      good.push({ index, doc: doc as CardDocument, ...(target.id ? { id: target.id } : {}), change });
    } else for (const p of rowProblems) problems.push({ row: rowNumber, ...p });
  });
  progress.report('Checking rows', total, total);
  return { table, good, problems, pictures };
}

/**
 * The card ids of the rows (the mapping's id column) and the stored cards they name, read in one
 * query; `target` says, row by row, which card a row updates or why it cannot.
 */
function rowIds(lib: Library, table: CsvTable, idColumn: string | null) {
  const at = idColumn === null ? -1 : table.columns.indexOf(idColumn);
  const idOf = (index: number) => (at < 0 ? '' : (table.rows[index][at] ?? '').trim());
  const all = at < 0 ? [] : [...new Set(table.rows.map((_, index) => idOf(index)).filter((id) => id !== ''))];
  const stored = new Map<string, CardRecord>(lib.store.cards.getMany(all).map((card) => [card.id, card]));
  const firstRow = new Map<string, number>();
  const setName = (setId: string) => lib.store.sets.get(setId)?.name ?? setId;
  return {
    target(
      index: number,
      rowNumber: number,
      targetSetId: string | undefined,
    ): { id?: string; stored?: CardRecord; problem?: CsvCellProblem } {
      const id = idOf(index);
      if (id === '' || idColumn === null) return {};
      const problem = (message: string) => ({ problem: { column: idColumn, value: id, message } });
      const earlier = firstRow.get(id);
      if (earlier !== undefined) return problem(`row ${earlier} has this id too: a card is updated by one row`);
      firstRow.set(id, rowNumber);
      const card = stored.get(id);
      if (!card) return { id };
      if (targetSetId === undefined) {
        return problem(
          `is the id of “${card.doc.name}” in set “${setName(card.setId)}”: a new set cannot take another set's card. Import into “${setName(card.setId)}” to update it, or map the id column to “skip” to import copies with new ids`,
        );
      }
      if (card.setId !== targetSetId) {
        return problem(
          `is the id of “${card.doc.name}” in set “${setName(card.setId)}”, not of a card in “${setName(targetSetId)}”: import into that set to update it, or clear the id to add a new card`,
        );
      }
      return { id, stored: card };
    },
  };
}

/**
 * A row's update of a stored card: the mapped columns replace their fields (an empty cell removes
 * its field), the card's other fields (art, fields the file has no column for) stay, and so does
 * the art of an image column whose picture is missing. A row that changes the card's type
 * replaces the card, as the other type's fields differ.
 */
function updatedDocument(
  stored: CardDocument,
  row: Record<string, unknown>,
  mapping: CsvMapping,
  missingPictures: readonly string[],
): Record<string, unknown> {
  if (row.type !== stored.type) return row;
  const mapped = new Set(mapping.columns.map((entry) => entry.field).filter((field) => !missingPictures.includes(field)));
  // The stored card's key order first, so a row that changes nothing gives back the same document.
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (!mapped.has(key)) merged[key] = value;
    else if (Object.hasOwn(row, key)) merged[key] = row[key];
  }
  for (const [key, value] of Object.entries(row)) if (!Object.hasOwn(merged, key)) merged[key] = value;
  return merged;
}

/** The rejected rows as CSV: the file's columns (header first) and a "reason" column. */
export function rejectedRowsCsv(table: CsvTable, problems: readonly CsvRowProblem[]): string {
  if (problems.length === 0) return '';
  const reasons = new Map<number, string[]>();
  for (const p of problems) {
    const list = reasons.get(p.row) ?? [];
    list.push(p.column ? `${p.column}: ${p.message}` : p.message);
    reasons.set(p.row, list);
  }
  const reasonColumn = table.columns.includes('reason') ? 'rejected because' : 'reason';
  const lines: string[][] = [[...table.columns, reasonColumn]];
  table.rows.forEach((row, index) => {
    const why = reasons.get(table.rowNumbers[index]);
    if (why) lines.push([...row, why.join('; ')]);
  });
  return `\uFEFF${stringify(lines, { record_delimiter: '\r\n' })}`;
}

function report(
  check: CsvCheck,
  fileName: string,
  dryRun: boolean,
  written?: { imported: number; set: CsvImportReport['set']; changes: CsvImportReport['changes'] },
): CsvImportReport {
  const { table, problems } = check;
  const changes = written?.changes ?? { added: 0, updated: 0, unchanged: 0 };
  if (!written) for (const row of check.good) changes[row.change]++;
  const badRows = new Set(problems.map((p) => p.row)).size;
  return {
    fileName,
    dryRun,
    encoding: table.encodingLabel,
    ...(table.encodingNote ? { encodingNote: table.encodingNote } : {}),
    delimiter: table.delimiter,
    hasHeader: table.hasHeader,
    rows: table.rows.length,
    validRows: table.rows.length - badRows,
    badRows,
    problems: problems.slice(0, MAX_CSV_PROBLEMS),
    problemsTotal: problems.length,
    rejectedCsv: rejectedRowsCsv(table, problems),
    imported: written?.imported ?? 0,
    ...(written?.set ? { set: written.set } : {}),
    changes,
    ...(check.pictures.inUse ? { pictures: check.pictures.report() } : {}),
  };
}

/** The dry run: every bad row and field of the file, nothing written. */
export function checkCsv(lib: Library, input: CsvImportInput, progress: JobProgress = NO_PROGRESS): CsvImportReport {
  const system = lib.systems.require(input.systemId);
  progress.report('Reading the file', 0, 1);
  const target = input.setId === undefined ? undefined : targetSet(lib, input).id;
  const table = readCsvBytes(input.fileName, input.bytes, input);
  const pictures = pictureFolder(lib, input);
  return report(
    checkCsvTable(lib, system, input.fileName, table, input.mapping, progress, target, pictures),
    input.fileName,
    true,
  );
}

/**
 * The import: the dry run, then the valid rows written in ONE transaction (the set import's bulk
 * path) into `setId` or a new set named `newSetName`; the bad rows are reported, not written.
 */
export function importCsv(lib: Library, input: CsvImportInput, progress: JobProgress = NO_PROGRESS): CsvImportReport {
  const system = lib.systems.require(input.systemId);
  const target = targetSet(lib, input);
  progress.report('Reading the file', 0, 1);
  const table = readCsvBytes(input.fileName, input.bytes, input);
  const check = checkCsvTable(lib, system, input.fileName, table, input.mapping, progress, target.id, pictureFolder(lib, input));
  if (check.good.length === 0) {
    throw new ApiError(
      `${input.fileName}: no row makes a valid card, so nothing was imported (check the file first)`,
      'BAD_INPUT',
    );
  }
  const written = importSetContent(
    lib,
    input.fileName,
    {
      set: { ...(target.id ? { id: target.id } : {}), systemId: system.id, name: target.name, description: target.description },
      cards: check.good.map((row, index) => ({ index, doc: row.doc, ...(row.id ? { id: row.id } : {}) })),
      images: new Map(),
    },
    [],
    progress,
  );
  // The library may still refuse a card the schema took (a picture it does not hold).
  for (const rejected of written.rejected) {
    const row = check.table.rowNumbers[check.good[rejected.index].index];
    for (const issue of rejected.issues)
      check.problems.push({ row, column: columnOfIssue(input.mapping, issue.path), value: '', message: issue.message });
  }
  check.problems.sort((a, b) => a.row - b.row);
  const { added, updated, unchanged } = written.changes;
  return report(check, input.fileName, false, {
    imported: written.imported,
    set: written.set,
    changes: { added, updated, unchanged },
  });
}

function pictureFolder(lib: Library, input: CsvImportInput): CsvPictureFolder {
  return new CsvPictureFolder(input.pictures, (imageId) => lib.images.has(imageId));
}

function targetSet(lib: Library, input: CsvImportInput): { id?: string; name: string; description: string } {
  if (input.setId !== undefined) {
    const set = requireSet(lib, input.setId);
    if (set.systemId !== input.systemId) {
      throw new ApiError(`Set “${set.name}” is not a set of game “${input.systemId}”`, 'BAD_INPUT');
    }
    return { id: set.id, name: set.name, description: set.description };
  }
  if (input.newSetName === undefined) throw new ApiError('Choose the set to import into, or name a new one', 'BAD_INPUT');
  return { name: input.newSetName, description: `Imported from ${input.fileName}` };
}
