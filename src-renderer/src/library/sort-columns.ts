// The library list's sortable columns: Name, Type and Set for every game, Cost where the game's
// deck builder names a cost field, Identity where the game has one. Searching every game shows
// only the columns all of them have, so a sort means the same thing on every row.

import type { SearchSort } from '../../../card-schema/search/query';
import type { GameSystem } from '../../../card-schema/system/format';

export interface SortColumn {
  sort: Exclude<SearchSort, 'relevance'>;
  label: string;
}

/** The columns the list of these games' cards shows, in display order. */
export function sortColumns(games: readonly GameSystem[]): SortColumn[] {
  const columns: SortColumn[] = [
    { sort: 'name', label: 'Name' },
    { sort: 'type', label: 'Type' },
  ];
  if (games.length > 0 && games.every((game) => game.deck.builder?.costField !== undefined)) {
    columns.push({ sort: 'cost', label: 'Cost' });
  }
  if (games.length > 0 && games.every((game) => game.identity !== undefined)) {
    columns.push({ sort: 'identity', label: games.length === 1 ? (games[0].identity?.label ?? 'Identity') : 'Identity' });
  }
  columns.push({ sort: 'set', label: 'Set' });
  return columns;
}
