// What the print dialog is asked to print, with the line that tells the user what that is
// ("Set “Core”: 61 cards"). The caller knows the count (a set's size, a search's total, a
// selection's length); the backend resolves the cards itself when the job runs.

import type { SideBoardId } from '../../../card-schema/deck/format';
import type { PrintSourceInput } from '../../../src-main/api/contract';

export interface PrintTarget {
  source: PrintSourceInput;
  /** "Deck “X”: 31 cards", "Search “ember”: 24 cards", "3 selected cards". */
  description: string;
}

function cards(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'card' : 'cards'}`;
}

/** A deck; with `boards`, its sideboard and/or maybeboard too (`count` includes them). */
export function deckTarget(deckId: string, name: string, count: number, boards: SideBoardId[] = []): PrintTarget {
  if (boards.length === 0) return { source: { kind: 'deck', deckId }, description: `Deck “${name}”: ${cards(count)}` };
  const extra = boards.map((board) => `the ${board}`).join(' and ');
  return { source: { kind: 'deck', deckId, boards }, description: `Deck “${name}” with ${extra}: ${cards(count)}` };
}

export function setTarget(set: { id: string; name: string; cardCount: number }): PrintTarget {
  return { source: { kind: 'set', setId: set.id }, description: `Set “${set.name}”: ${cards(set.cardCount)}` };
}

export interface SearchShown {
  query: string;
  systemId?: string;
  setId?: string;
  types?: string[];
  /** searchCards' total and whether it is exact (it stops counting at 1,000). */
  total: number;
  totalExact: boolean;
  /** Where the search looks, for a blank query ("All cards of “Game”", "Set “Core”"). */
  scopeName: string;
}

export function searchTarget(search: SearchShown): PrintTarget {
  const { query, systemId, setId, types, total, totalExact, scopeName } = search;
  const count = totalExact ? cards(total) : `more than ${cards(total)}`;
  const what = query.trim() ? `Search “${query.trim()}”` : scopeName;
  const filtered = types && types.length > 0 ? ' (filtered by type)' : '';
  return {
    source: { kind: 'search', query, systemId, setId, types: types && types.length > 0 ? [...types] : undefined },
    description: `${what}${filtered}: ${count}`,
  };
}

export function selectionTarget(cardIds: readonly string[]): PrintTarget {
  const description = cardIds.length === 1 ? '1 selected card' : `${cardIds.length.toLocaleString()} selected cards`;
  return { source: { kind: 'cards', cardIds: [...cardIds] }, description };
}
