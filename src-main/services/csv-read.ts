// A CSV or TSV file's bytes as a table: the encoding detected (card-schema/files/decode-text.ts),
// the delimiter and the header row guessed when not given, the cells parsed by csv-parse.
// Problems (an unclosed quote, a file past the limits) are INVALID_FILE errors naming the line.

import { parse, type CsvError } from 'csv-parse/sync';
import { decodeTextBytes, ENCODING_LABELS, type DecodedText } from '../../card-schema/files/decode-text';
import { headerKey } from '../../card-schema/csv/csv-mapping';
import { invalidFile } from './file-format';

/** The largest CSV file read: a 50 MB spreadsheet export fits with room to spare. */
export const MAX_CSV_BYTES = 64 * 1024 * 1024;
/** Rows one import takes: twice the largest set the library is measured with (bench/RESULTS.md). */
export const MAX_CSV_ROWS = 200_000;
export const MAX_CSV_COLUMNS = 500;
/** What a preview reads of a file: enough for the delimiter, the header and sample values. */
export const CSV_PREVIEW_BYTES = 1024 * 1024;

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvReadOptions {
  /** Guessed from the file when absent (a .tsv name means tabs). */
  delimiter?: CsvDelimiter;
  /** Guessed when absent: a first row of distinct non-numeric names is a header. */
  hasHeader?: boolean;
  /** The bytes are only the start of the file (a preview): a cut-off last row is dropped. */
  partial?: boolean;
}

export interface CsvTable {
  encoding: DecodedText['encoding'];
  /** "UTF-8", "UTF-16 LE", "Latin-1 (Windows-1252)". */
  encodingLabel: string;
  /** Said to the user when the file was not plain UTF-8 ("read as Latin-1 …"). */
  encodingNote?: string;
  delimiter: CsvDelimiter;
  hasHeader: boolean;
  /** Column names: the header's cells, or "Column 1", "Column 2", … */
  columns: string[];
  /** Data rows (the header row left out); a short row is padded with empty cells. */
  rows: string[][];
  /** The spreadsheet row number (1-based, the header row counted) of each data row. */
  rowNumbers: number[];
  /** Rows with more cells than there are columns: spreadsheet row number → cell count. */
  overlong: Map<number, number>;
}

/**
 * The delimiter giving the most rows as wide as the first one (the header, or the first data
 * row), which must have two cells at least. Counting the most rows of any one width instead let a
 * wrong delimiter win on a small file: a quoted line break it does not see as quoted splits a row
 * into several fragments of one width.
 */
function guessDelimiter(fileName: string, sample: string): CsvDelimiter {
  if (/\.tsv$|\.tab$/i.test(fileName)) return '\t';
  let best: { delimiter: CsvDelimiter; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of CSV_DELIMITERS) {
    let rows: string[][];
    try {
      rows = parse(sample, { delimiter, relax_quotes: true, relax_column_count: true, to_line: 50, skip_empty_lines: true });
    } catch {
      continue;
    }
    const width = rows[0]?.length ?? 0;
    if (width < 2) continue;
    const score = rows.filter((row) => row.length === width).length * 1000 + width;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** A first row of distinct, non-empty cells, none of them a number, reads as a header. */
function looksLikeHeader(first: readonly string[] | undefined): boolean {
  if (!first || first.length === 0) return false;
  const keys = first.map((cell) => headerKey(cell));
  if (keys.some((key) => key === '')) return false;
  if (new Set(keys).size !== keys.length) return false;
  return !first.some((cell) => /^\s*[+-]?\d+([.,]\d+)?\s*$/.test(cell));
}

/** The start of a partial file, cut after its last complete line (a quoted cell may still run on). */
function completeLines(text: string): string {
  const end = text.lastIndexOf('\n');
  return end < 0 ? text : text.slice(0, end + 1);
}

function quoteProblem(error: CsvError, lastGoodLine: number): string {
  const line = typeof error.lines === 'number' ? error.lines : undefined;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted cell opened on line ${lastGoodLine + 1} is never closed (a missing " ?)`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `line ${line ?? lastGoodLine + 1}: a quoted cell is followed by more text before the next delimiter (a quote inside a quoted cell must be doubled: "")`;
    default:
      return `line ${line ?? lastGoodLine + 1}: ${error.message}`;
  }
}

/** Refuses a file past MAX_CSV_BYTES by its size, before anything is read. */
export function checkCsvSize(fileName: string, bytes: number): void {
  if (bytes <= MAX_CSV_BYTES) return;
  throw invalidFile(
    fileName,
    `the file is ${Math.round(bytes / 1024 / 1024)} MB; a CSV import takes at most ${MAX_CSV_BYTES / 1024 / 1024} MB (split it into several files)`,
  );
}

/** Reads a CSV or TSV file; throws INVALID_FILE naming the problem and its line. */
export function readCsvBytes(fileName: string, bytes: Uint8Array, options: CsvReadOptions = {}): CsvTable {
  checkCsvSize(fileName, bytes.byteLength);
  const decoded = decodeTextBytes(bytes, { stream: options.partial });
  const text = options.partial ? completeLines(decoded.text) : decoded.text;
  if (text.trim() === '') throw invalidFile(fileName, 'the file is empty');
  if (text.includes('\u0000')) {
    throw invalidFile(fileName, 'holds zero bytes: this is not a text file (a spreadsheet saved as .xlsx? save it as CSV)');
  }
  const delimiter = options.delimiter ?? guessDelimiter(fileName, text.slice(0, 64 * 1024));
  let lastGoodLine = 0;
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: MAX_CSV_ROWS + 2,
      on_record: (record: string[], context) => {
        lastGoodLine = context.lines;
        return record;
      },
    });
  } catch (error) {
    const csvError = error as CsvError;
    // A preview's cut may fall inside a quoted cell that goes on in the rest of the file.
    if (options.partial && csvError.code === 'CSV_QUOTE_NOT_CLOSED') {
      return readCsvBytes(fileName, new TextEncoder().encode(text.split('\n').slice(0, lastGoodLine).join('\n')), {
        ...options,
        delimiter,
        partial: false,
      });
    }
    throw invalidFile(fileName, quoteProblem(csvError, lastGoodLine));
  }
  const hasHeader = options.hasHeader ?? looksLikeHeader(records[0]);
  const width = Math.max(0, ...records.slice(0, 1000).map((row) => row.length));
  const columns = hasHeader ? uniqueNames(records[0]) : Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
  if (columns.length > MAX_CSV_COLUMNS) {
    throw invalidFile(fileName, `has ${columns.length} columns; a CSV import takes at most ${MAX_CSV_COLUMNS}`);
  }
  const data = hasHeader ? records.slice(1) : records;
  if (data.length > MAX_CSV_ROWS) {
    throw invalidFile(fileName, `has more than ${MAX_CSV_ROWS.toLocaleString('en')} rows; split it into several files`);
  }
  const first = hasHeader ? 2 : 1;
  const overlong = new Map<number, number>();
  const rows = data.map((row, index) => {
    if (row.length > columns.length && row.slice(columns.length).some((cell) => cell !== ''))
      overlong.set(index + first, row.length);
    return row.length >= columns.length
      ? row.slice(0, columns.length)
      : [...row, ...Array<string>(columns.length - row.length).fill('')];
  });
  return {
    encoding: decoded.encoding,
    encodingLabel: `${ENCODING_LABELS[decoded.encoding]}${decoded.bom ? ' with byte-order mark' : ''}`,
    ...(decoded.note ? { encodingNote: decoded.note } : {}),
    delimiter,
    hasHeader,
    columns,
    rows,
    rowNumbers: rows.map((_, index) => index + first),
    overlong,
  };
}

/** Header names made distinct ("Cost", "Cost (2)") and never empty ("Column 4"). */
function uniqueNames(header: readonly string[]): string[] {
  const seen = new Set<string>();
  return header.map((cell, index) => {
    let name = cell.trim() || `Column ${index + 1}`;
    for (let n = 2; seen.has(name); n++) name = `${cell.trim() || `Column ${index + 1}`} (${n})`;
    seen.add(name);
    return name;
  });
}
