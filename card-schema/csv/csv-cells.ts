// One cell's text as a field's value (import) and a value as a cell's text (export). Export
// writes lists of plain values joined by the separator and anything else as JSON, so what it
// writes reads back to the same value.

import type { CsvChoice, CsvFieldRead } from './csv-fields';
import { describeJsonSyntax } from '../files/json-syntax';

/** The separator lists are joined with on export and split on by default. */
export const DEFAULT_LIST_SEPARATOR = ';';

export type CellValue = { ok: true; value: unknown } | { ok: false; message: string };

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 60)}…` : text}”`;

function fold(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase();
}

function pickChoice(text: string, choices: readonly CsvChoice[]): CellValue | undefined {
  if (choices.length === 0) return undefined;
  const wanted = fold(text);
  const found = choices.find(
    (choice) => fold(String(choice.value)) === wanted || choice.labels.some((label) => fold(label) === wanted),
  );
  if (found) return { ok: true, value: found.value };
  const names = choices
    .slice(0, 12)
    .map((choice) => choice.labels[0] ?? String(choice.value))
    .join(', ');
  return { ok: false, message: `${quoted(text)} is not one of ${names}${choices.length > 12 ? ', …' : ''}` };
}

function parseNumber(text: string, integer: boolean): CellValue {
  const trimmed = text.trim();
  // Number('') is 0 and Number('0x10') 16: only plain decimal numbers are taken.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { ok: false, message: `${quoted(text)} is not a number` };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, message: `${quoted(text)} is not a number` };
  if (integer && !Number.isInteger(value)) return { ok: false, message: `${quoted(text)} is not a whole number` };
  return { ok: true, value };
}

function parseJson(text: string): CellValue {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: `${quoted(text)} is not valid JSON (${describeJsonSyntax(text)})` };
  }
}

function scalarValue(text: string, read: CsvFieldRead): CellValue {
  const choice = pickChoice(text, read.choices);
  if (choice) return choice;
  switch (read.kind) {
    case 'number':
    case 'integer':
      return parseNumber(text, read.kind === 'integer');
    case 'boolean': {
      const word = fold(text);
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return { ok: false, message: `${quoted(text)} is not yes/no (true, false, yes, no, 1, 0)` };
    }
    case 'json':
    case 'image': // an image reference as an export writes it ({"id": …}); a file name is the import's to look up
      return parseJson(text);
    default:
      return { ok: true, value: text };
  }
}

/**
 * The value of a non-empty cell for a field (an empty cell leaves the field out). A list is split
 * on `separator` (items trimmed, empty ones dropped), or read as JSON when it starts with `[`.
 */
export function cellToValue(text: string, read: CsvFieldRead, separator: string = DEFAULT_LIST_SEPARATOR): CellValue {
  if (read.kind !== 'list') return scalarValue(text, read);
  if (text.trimStart().startsWith('[')) return parseJson(text);
  const parts = (separator ? text.split(separator) : [text]).map((part) => part.trim()).filter((part) => part !== '');
  const values: unknown[] = [];
  for (const part of parts) {
    const item = scalarValue(part, read.item ?? { kind: 'text', choices: [] });
    if (!item.ok) return item;
    values.push(item.value);
  }
  return { ok: true, value: values };
}

/**
 * A value as a cell: text as is, numbers and yes/no as written, a list of plain values joined by
 * `separator` when no item holds it (else JSON), anything else as JSON.
 */
export function valueToCell(value: unknown, separator: string = DEFAULT_LIST_SEPARATOR): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const plain = value.every(
      (item) =>
        (typeof item === 'string' && item.trim() === item && item !== '' && !item.includes(separator) && !item.startsWith('[')) ||
        typeof item === 'number' ||
        typeof item === 'boolean',
    );
    if (plain && value.length > 0) return value.map(String).join(separator);
  }
  return JSON.stringify(value);
}
