// The quantities.csv of a print-on-demand image export: one row per image pair (front file, back
// file, card name, how many to print), so the count can be typed or pasted into the service's
// order. A cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
// return) gets a leading apostrophe and is read as text; a card is named by its designer, not
// trusted.

import { stringify } from 'csv-stringify/sync';

export interface QuantityRow {
  front: string;
  /** Absent when only fronts were exported. */
  back?: string;
  name: string;
  count: number;
}

/** A cell as text a spreadsheet will not evaluate. */
export function inertCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The CSV text (UTF-8 with a byte-order mark, for spreadsheets; CRLF lines). */
export function quantitiesCsv(rows: readonly QuantityRow[]): string {
  const withBacks = rows.some((row) => row.back !== undefined);
  const header = withBacks ? ['front', 'back', 'name', 'count'] : ['front', 'name', 'count'];
  const records = rows.map((row) => [
    inertCell(row.front),
    ...(withBacks ? [inertCell(row.back ?? '')] : []),
    inertCell(row.name),
    String(row.count),
  ]);
  return `\uFEFF${stringify([header, ...records], { record_delimiter: '\r\n' })}`;
}
