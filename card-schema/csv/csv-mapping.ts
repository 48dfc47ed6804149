// Which CSV column fills which card field, and a row read through that mapping into a card
// document with every cell that could not be read. The mapping names columns by their header,
// so the one saved for a game fits the next file with the same headers.

import type { CardTypeDef, GameSystem } from '../system/format';
import { setOwn } from '../own-keys';
import { cellToValue, DEFAULT_LIST_SEPARATOR } from './csv-cells';
import { fieldRead, type CsvField } from './csv-fields';

export interface CsvColumnMapping {
  /** The column's header (or "Column 3" in a file without a header row). */
  column: string;
  /** The card field it fills. */
  field: string;
}

export interface CsvMapping {
  /** The column naming each row's card type (by id or label); null: every row is `defaultType`. */
  typeColumn: string | null;
  /** The card type of rows whose type cell is empty (or of every row, without a type column). */
  defaultType: string | null;
  /** Columns not listed are skipped. */
  columns: CsvColumnMapping[];
  /** What list fields are split on ("Red;Blue"). */
  listSeparator: string;
  /**
   * The column holding each row's card id (an export's `id`): a row whose id is a card of the
   * set imported into updates that card. Absent or null: every row is a new card.
   */
  idColumn?: string | null;
}

/** A cell that could not become a value, or a card the game refuses, tied to a column where it can be. */
export interface CsvCellProblem {
  /** The column's header; '' when the problem is the row's, not one cell's. */
  column: string;
  /** The cell's text ('' for a row problem). */
  value: string;
  message: string;
}

/** Headers compared without case, accents, spaces and punctuation: "Card Type" = "card_type" = "cardType". */
export function headerKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const TYPE_HEADERS = new Set(['type', 'cardtype', 'kind']);
const ID_HEADERS = new Set(['id', 'cardid']);

/**
 * The mapping a file's headers suggest: a column whose header is a field's key or label (any case,
 * spacing or punctuation) fills that field; "type"/"card type" names the type and "id" the card
 * to update. Columns no field matches (an export's `set`) are skipped.
 */
export function suggestMapping(headers: readonly string[], fields: readonly CsvField[], system: GameSystem): CsvMapping {
  const byKey = new Map<string, string>();
  // Labels first, then keys, so a key wins when a label of another field reads the same.
  for (const field of fields) if (!byKey.has(headerKey(field.label))) byKey.set(headerKey(field.label), field.key);
  for (const field of fields) byKey.set(headerKey(field.key), field.key);
  const columns: CsvColumnMapping[] = [];
  const taken = new Set<string>();
  let typeColumn: string | null = null;
  let idColumn: string | null = null;
  for (const header of headers) {
    const key = headerKey(header);
    if (typeColumn === null && TYPE_HEADERS.has(key)) {
      typeColumn = header;
      continue;
    }
    if (idColumn === null && ID_HEADERS.has(key) && !byKey.has(key)) {
      idColumn = header;
      continue;
    }
    const field = byKey.get(key);
    if (field !== undefined && !taken.has(field)) {
      taken.add(field);
      columns.push({ column: header, field });
    }
  }
  // With a type column, a row without a type is a problem until the user names a default.
  const defaultType = typeColumn === null ? (system.cardTypes[0]?.id ?? null) : null;
  return { typeColumn, defaultType, columns, listSeparator: DEFAULT_LIST_SEPARATOR, idColumn };
}

/**
 * A saved mapping applied to a file's headers: its columns the file has are kept, a field whose
 * column the file lacks is matched again by header; the saved separator and default type stay.
 */
export function adaptMapping(
  saved: CsvMapping,
  headers: readonly string[],
  fields: readonly CsvField[],
  system: GameSystem,
): CsvMapping {
  const present = new Set(headers);
  const suggested = suggestMapping(headers, fields, system);
  const columns = saved.columns.filter((entry) => present.has(entry.column) && fields.some((f) => f.key === entry.field));
  const usedColumns = new Set(columns.map((entry) => entry.column));
  const usedFields = new Set(columns.map((entry) => entry.field));
  const savedId = saved.idColumn ?? null;
  for (const entry of suggested.columns) {
    if (
      !usedColumns.has(entry.column) &&
      !usedFields.has(entry.field) &&
      entry.column !== saved.typeColumn &&
      entry.column !== savedId
    )
      columns.push(entry);
  }
  const typeColumn = saved.typeColumn !== null && present.has(saved.typeColumn) ? saved.typeColumn : suggested.typeColumn;
  const defaultType =
    saved.defaultType !== null && system.cardTypes.some((t) => t.id === saved.defaultType)
      ? saved.defaultType
      : suggested.defaultType;
  const idColumn = savedId !== null && present.has(savedId) ? savedId : (suggested.idColumn ?? null);
  const taken = new Set([typeColumn, ...columns.map((entry) => entry.column)]);
  return {
    typeColumn,
    defaultType,
    columns,
    listSeparator: saved.listSeparator,
    idColumn: idColumn !== null && !taken.has(idColumn) ? idColumn : null,
  };
}

/** What is wrong with a mapping before any row is read, or undefined. */
export function mappingProblem(mapping: CsvMapping, headers: readonly string[], fields: readonly CsvField[]): string | undefined {
  const present = new Set(headers);
  if (mapping.typeColumn !== null && !present.has(mapping.typeColumn)) return `The file has no column “${mapping.typeColumn}”`;
  const idColumn = mapping.idColumn ?? null;
  if (idColumn !== null) {
    if (!present.has(idColumn)) return `The file has no column “${idColumn}”`;
    if (idColumn === mapping.typeColumn || mapping.columns.some((entry) => entry.column === idColumn))
      return `The column “${idColumn}” cannot hold both the card id and a field`;
  }
  const fieldKeys = new Set(fields.map((field) => field.key));
  const seen = new Set<string>();
  for (const entry of mapping.columns) {
    if (!present.has(entry.column)) return `The file has no column “${entry.column}”`;
    if (!fieldKeys.has(entry.field)) return `The game has no card field “${entry.field}”`;
    if (seen.has(entry.field)) return `Two columns fill the field “${entry.field}”; choose one`;
    seen.add(entry.field);
  }
  if (!seen.has('name')) return 'No column fills the card name: map one to “name”';
  if (mapping.typeColumn === null && mapping.defaultType === null) return 'Choose a card type column, or the type of every row';
  return undefined;
}

function findType(system: GameSystem, text: string): CardTypeDef | undefined {
  const wanted = headerKey(text);
  return (
    system.cardTypes.find((type) => type.id === text.trim()) ??
    system.cardTypes.find((type) => headerKey(type.id) === wanted || headerKey(type.label) === wanted)
  );
}

export interface RowDocument {
  /** The card as read; absent when its type could not be told. */
  doc?: Record<string, unknown>;
  problems: CsvCellProblem[];
  /** Image fields left out because the picture their cell names was not found (not a problem of the row). */
  missingPictures: string[];
}

/**
 * Finds the picture an image field's cell names (a file name in the import's picture folder) and
 * returns its image id; undefined when it is missing, which the finder notes for the report.
 */
export type CsvPictureFinder = (name: string, column: string) => string | undefined;

/** An image reference cell as an export writes it: `{"id": "<64 hex>", …}`. */
const isImageRefText = (text: string) => text.trimStart().startsWith('{');

/** Reads one row (`cell` gives a column's text by header) into a card document, collecting what could not be read. */
export function rowToDocument(
  cell: (column: string) => string,
  mapping: CsvMapping,
  fields: ReadonlyMap<string, CsvField>,
  system: GameSystem,
  findPicture: CsvPictureFinder = () => undefined,
): RowDocument {
  const typeText = mapping.typeColumn === null ? '' : cell(mapping.typeColumn).trim();
  const type = typeText ? findType(system, typeText) : system.cardTypes.find((t) => t.id === mapping.defaultType);
  if (!type) {
    const known = system.cardTypes.map((t) => t.label).join(', ');
    return {
      problems: [
        {
          column: mapping.typeColumn ?? '',
          value: typeText,
          message: typeText ? `“${typeText}” is not a card type of ${system.name} (${known})` : `No card type given (${known})`,
        },
      ],
      missingPictures: [],
    };
  }
  const doc: Record<string, unknown> = { type: type.id };
  const problems: CsvCellProblem[] = [];
  const missingPictures: string[] = [];
  for (const entry of mapping.columns) {
    const text = cell(entry.column);
    if (text.trim() === '') continue;
    const field = fields.get(entry.field);
    // A field this card type lacks is kept as text: the game's schema says whether it may be there.
    const read = field
      ? (fieldRead(field, type.id) ?? { kind: 'text' as const, choices: [] })
      : { kind: 'text' as const, choices: [] };
    if (read.kind === 'image' && !isImageRefText(text)) {
      const id = findPicture(text.trim(), entry.column);
      if (id === undefined) missingPictures.push(entry.field);
      else setOwn(doc, entry.field, { id });
      continue;
    }
    const value = cellToValue(text, read, mapping.listSeparator);
    if (value.ok) setOwn(doc, entry.field, value.value);
    else problems.push({ column: entry.column, value: text, message: value.message });
  }
  return { doc, problems, missingPictures };
}
