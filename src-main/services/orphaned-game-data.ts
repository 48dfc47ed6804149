// Sets and decks of a game that is not installed (its folder was deleted by hand, or a game
// failed to load): nothing can show or edit them, so they are listed as a problem with the two
// ways out — import the game again, or move what remains to the trash.

import type { RemoveSystemResult, SystemProblem } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { Library } from './library';
import { moveToTrash } from './trash';

export function orphanedGameData(lib: Library): SystemProblem[] {
  const bySystem = new Map<string, { sets: number; cards: number; decks: number }>();
  const entry = (systemId: string) => {
    let found = bySystem.get(systemId);
    if (!found) bySystem.set(systemId, (found = { sets: 0, cards: 0, decks: 0 }));
    return found;
  };
  for (const set of lib.store.sets.list()) {
    if (lib.systems.has(set.systemId)) continue;
    entry(set.systemId).sets += 1;
    entry(set.systemId).cards += set.cardCount;
  }
  for (const deck of lib.store.decks.list()) if (!lib.systems.has(deck.systemId)) entry(deck.systemId).decks += 1;
  return [...bySystem].map(([systemId, count]) => ({
    file: `systems/${systemId}`,
    jsonPath: '',
    reason:
      `the game "${systemId}" is not installed, but ${count.sets} card ${count.sets === 1 ? 'set' : 'sets'} ` +
      `(${count.cards} cards) and ${count.decks} ${count.decks === 1 ? 'deck' : 'decks'} of it remain: ` +
      'import the game again to use them, or delete them (they go to the trash)',
    orphanedSystemId: systemId,
  }));
}

export function deleteOrphanedGameData(lib: Library, systemId: string): RemoveSystemResult {
  const remains = orphanedGameData(lib).some((problem) => problem.orphanedSystemId === systemId);
  if (!remains) throw new ApiError(`No game system "${systemId}" is installed`, 'NOT_FOUND');
  const { trashId } = moveToTrash(lib, { kind: 'game', itemId: systemId, systemId, name: systemId, detail: 'not installed' });
  const entry = lib.store.trash.get(trashId);
  return { sets: entry?.sets ?? 0, cards: entry?.cards ?? 0, decks: entry?.decks ?? 0, trashId };
}
