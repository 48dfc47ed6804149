// Deck snapshots for the API: every save keeps the version it replaces (automatic snapshots,
// the newest AUTO_SNAPSHOTS_KEPT per deck), the user keeps named ones, and a restore first
// keeps the version it replaces too, so no restore loses work. Snapshots go with their deck to
// the trash and back (store/trash-repo.ts) and are deleted with it for good.

import { deckVersion as versionOf, type DeckVersion } from '../../card-schema/deck/deck-diff';
import type { Deck } from '../../card-schema/deck/format';
import type { DeckSnapshot, DeckSnapshotSummary } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { DeckSnapshotRow } from '../store/deck-snapshots-repo';
import { requireDeck, type Library } from './library';

/** Automatic snapshots kept per deck; older ones are dropped. Named ones are kept until deleted. */
export const AUTO_SNAPSHOTS_KEPT = 20;

const sameVersion = (a: DeckVersion, b: DeckVersion) => JSON.stringify(a) === JSON.stringify(b);

/** After a save: keeps the version the save replaced, when there was one and it differs. */
export function keepReplacedVersion(lib: Library, previous: Deck | undefined, saved: Deck, name = ''): void {
  if (!previous) return;
  const before = versionOf(previous);
  if (sameVersion(before, versionOf(saved))) return;
  lib.store.deckSnapshots.add(previous.id, 'auto', name, before);
  lib.store.deckSnapshots.pruneAuto(previous.id, AUTO_SNAPSHOTS_KEPT);
}

function cardCount(version: DeckVersion): number {
  let sum = 0;
  for (const entries of Object.values(version.sections)) for (const entry of entries) sum += entry.count;
  return sum;
}

function summary(row: DeckSnapshotRow): DeckSnapshotSummary {
  return {
    id: row.id,
    deckId: row.deckId,
    kind: row.kind,
    name: row.name,
    createdAt: row.createdAt,
    cards: cardCount(row.version),
  };
}

function requireSnapshot(lib: Library, snapshotId: string): DeckSnapshotRow {
  const row = lib.store.deckSnapshots.get(snapshotId);
  if (!row) throw new ApiError(`No deck snapshot with id "${snapshotId}"`, 'NOT_FOUND');
  return row;
}

export function listDeckSnapshots(lib: Library, deckId: string): DeckSnapshotSummary[] {
  requireDeck(lib, deckId);
  return lib.store.deckSnapshots.list(deckId).map(summary);
}

export function getDeckSnapshot(lib: Library, snapshotId: string): DeckSnapshot {
  const row = requireSnapshot(lib, snapshotId);
  return { ...summary(row), version: row.version };
}

/** Keeps the deck as it is saved now, under a name, until the user deletes it. */
export function keepDeckSnapshot(lib: Library, deckId: string, name: string): DeckSnapshotSummary {
  const deck = requireDeck(lib, deckId);
  return summary(lib.store.deckSnapshots.add(deck.id, 'named', name, versionOf(deck)));
}

/** Puts the snapshot's version back as the deck; the version it replaces is kept as a snapshot first. */
export function restoreDeckSnapshot(lib: Library, snapshotId: string): Deck {
  return lib.store.transaction(() => {
    const row = requireSnapshot(lib, snapshotId);
    const current = requireDeck(lib, row.deckId);
    const { version } = row;
    // Cards deleted since are restored as they were (with their names): the builder offers to replace them.
    const restored = lib.store.decks.save({
      id: current.id,
      systemId: current.systemId,
      name: version.name,
      notes: version.notes,
      format: version.format,
      sections: version.sections,
      boards: version.boards,
    });
    const label = row.name || `the version of ${row.createdAt.slice(0, 16).replace('T', ' ')}`;
    keepReplacedVersion(lib, current, restored, `Before restoring ${label}`);
    return restored;
  });
}

export function deleteDeckSnapshot(lib: Library, snapshotId: string): void {
  requireSnapshot(lib, snapshotId);
  lib.store.deckSnapshots.delete(snapshotId);
}
