// Every match of a library search as CSV (docs/csv.md): id, set, type, name, then the fields of
// the games in the result (lists joined by ";", objects as JSON: card-schema/csv/csv-cells.ts).
// The file reads back with the mapping its headers suggest (the id and set columns are skipped).
// Runs as the exportCsv job, a page of matches at a time, so 100,000 cards never block the UI.

import { stringify } from 'csv-stringify/sync';
import type { CardRecord, GameSystem } from '../../card-schema/system/format';
import type { SearchSort } from '../../card-schema/search/query';
import { csvFieldsOf } from '../../card-schema/csv/csv-fields';
import { DEFAULT_LIST_SEPARATOR, valueToCell } from '../../card-schema/csv/csv-cells';
import { own } from '../../card-schema/own-keys';
import { ApiError } from '../api/api-error';
import { NO_PROGRESS, type JobProgress } from '../jobs/job-progress';
import type { SearchCursor } from '../../card-schema/search/search-page';
import type { Library } from './library';
import { resolveLibrarySearch } from './library-search';

/** Search pages read at a time. */
const PAGE = 1_000;
const FIXED_COLUMNS = ['id', 'set', 'type', 'name'] as const;

export interface CsvSearch {
  query: string;
  setId?: string;
  systemId?: string;
  types?: string[];
  sort?: SearchSort;
  descending?: boolean;
}

/** The field columns: every field of the searched games but `name`, in the games' order, once each. */
function fieldColumns(systems: readonly GameSystem[]): string[] {
  const keys = new Set<string>();
  for (const system of systems) for (const field of csvFieldsOf(system)) if (field.key !== 'name') keys.add(field.key);
  return [...keys];
}

/** The search's matches as CSV text (UTF-8 with a byte-order mark, for spreadsheets) and how many cards. */
export function searchToCsv(
  lib: Library,
  search: CsvSearch,
  progress: JobProgress = NO_PROGRESS,
): { text: string; cards: number } {
  const sort = search.sort ?? 'relevance';
  const descending = search.descending ?? false;
  const setId = search.setId;
  const set = setId !== undefined ? lib.store.sets.get(setId) : undefined;
  if (setId !== undefined && !set) throw new ApiError(`No card set with id "${setId}"`, 'NOT_FOUND');
  const systemId = search.systemId ?? set?.systemId;
  const systems = systemId === undefined ? lib.systems.list() : [lib.systems.require(systemId)];
  const { games } = resolveLibrarySearch(lib, { query: search.query, setId, systemId, types: search.types, sort, descending });
  const fields = fieldColumns(systems);
  const setNames = new Map(lib.store.sets.listNames().map((s) => [s.id, s.name]));
  const row = (card: CardRecord) => [
    card.id,
    setNames.get(card.setId) ?? card.setId,
    card.doc.type,
    card.doc.name,
    ...fields.map((key) => valueToCell(own(card.doc as Record<string, unknown>, key), DEFAULT_LIST_SEPARATOR)),
  ];
  const chunks = [`\uFEFF${stringify([[...FIXED_COLUMNS, ...fields]], { record_delimiter: '\r\n' })}`];
  let cards = 0;
  let after: SearchCursor | undefined;
  do {
    progress.report(`Writing cards (${cards.toLocaleString('en')} so far)`, 0, 0);
    const page = lib.store.cards.search({ games, setId, types: search.types, sort, descending, limit: PAGE, after });
    if (page.cards.length > 0) chunks.push(stringify(page.cards.map(row), { record_delimiter: '\r\n' }));
    cards += page.cards.length;
    after = page.next ?? undefined;
  } while (after);
  if (cards === 0) {
    throw new ApiError(
      search.query.trim() ? `No card matches “${search.query.trim()}”` : 'There are no cards to export',
      'BAD_INPUT',
    );
  }
  return { text: chunks.join(''), cards };
}
