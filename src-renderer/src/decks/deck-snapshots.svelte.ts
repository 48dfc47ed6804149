// The deck versions dialog's model: the deck's snapshots (newest first), keeping a named one,
// comparing two versions with the pure diffDecks, restoring one (the service keeps the replaced
// version as a snapshot first). The list/compare/restore flow is VersionHistoryModel's.

import { deckVersion as versionOf, diffDecks, type DeckDiff, type DeckVersion } from '../../../card-schema/deck/deck-diff';
import type { Deck, DeckEntry } from '../../../card-schema/deck/format';
import type { CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { ApiClient, DeckSnapshotSummary } from '../../../src-main/api/contract';
import { CURRENT, VersionHistoryModel, whenLabel, type VersionHistoryDeps } from '../lib/version-history.svelte';

export { CURRENT };

export interface DeckSnapshotsDeps extends VersionHistoryDeps {
  api: Pick<
    ApiClient,
    | 'listDeckSnapshots'
    | 'getDeckSnapshot'
    | 'keepDeckSnapshot'
    | 'restoreDeckSnapshot'
    | 'deleteDeckSnapshot'
    | 'getDeck'
    | 'getCards'
  >;
}

/** "Tournament list", or why an automatic snapshot was kept. */
export function snapshotLabel(snapshot: DeckSnapshotSummary): string {
  if (snapshot.name) return snapshot.name;
  return 'Before a save';
}

export class DeckSnapshotsModel extends VersionHistoryModel<DeckSnapshotSummary, DeckVersion, DeckDiff> {
  private readonly cards = new Map<string, CardRecord>();

  constructor(
    protected override readonly deps: DeckSnapshotsDeps,
    private readonly deckId: string,
    private readonly system: GameSystem,
  ) {
    super(deps);
  }

  protected list(): Promise<DeckSnapshotSummary[]> {
    return this.deps.api.listDeckSnapshots({ deckId: this.deckId });
  }

  keyOf(snapshot: DeckSnapshotSummary): string {
    return snapshot.id;
  }

  protected async fetch(key: string): Promise<DeckVersion> {
    if (key === CURRENT) return versionOf(await this.deps.api.getDeck({ id: this.deckId }));
    return (await this.deps.api.getDeckSnapshot({ id: key })).version;
  }

  private async learnCards(versions: DeckVersion[]): Promise<void> {
    const ids = new Set<string>();
    for (const version of versions)
      for (const entries of [...Object.values(version.sections), ...Object.values(version.boards ?? {})])
        for (const entry of entries) if (!this.cards.has(entry.cardId)) ids.add(entry.cardId);
    if (ids.size === 0) return;
    for (const card of await this.deps.api.getCards({ ids: [...ids] })) this.cards.set(card.id, card);
  }

  /** The card's library name; a deleted card's stored name, marked. */
  private nameOf = (entry: DeckEntry): string => {
    const card = this.cards.get(entry.cardId);
    if (card) return card.doc.name;
    return entry.name ? `${entry.name} (deleted)` : `Deleted card ${entry.cardId}`;
  };

  protected async diffOf(before: DeckVersion, after: DeckVersion): Promise<DeckDiff> {
    await this.learnCards([before, after]);
    return diffDecks(
      before,
      after,
      this.system.deck.sections.map((s) => s.id),
      this.nameOf,
    );
  }

  async keep(name: string): Promise<boolean> {
    const trimmed = name.trim();
    if (!trimmed) return false;
    this.busy = true;
    try {
      await this.deps.api.keepDeckSnapshot({ deckId: this.deckId, name: trimmed });
      this.deps.showSuccess(`Kept “${trimmed}”.`);
      await this.load();
      return true;
    } catch (error) {
      this.deps.showError(error);
      return false;
    } finally {
      this.busy = false;
    }
  }

  /** Restores the snapshot after asking; returns the restored deck, or undefined. */
  restore(snapshot: DeckSnapshotSummary): Promise<Deck | undefined> {
    return this.confirmed(
      {
        title: 'Restore this version?',
        message: `The deck becomes “${snapshotLabel(snapshot)}” of ${whenLabel(snapshot.createdAt)}. The version it replaces is kept as a snapshot, so you can go back.`,
        confirmLabel: 'Restore',
      },
      () => this.deps.api.restoreDeckSnapshot({ id: snapshot.id }),
      `Restored “${snapshotLabel(snapshot)}”.`,
    );
  }

  async remove(snapshot: DeckSnapshotSummary): Promise<void> {
    await this.confirmed(
      {
        title: 'Delete this snapshot?',
        message: `“${snapshotLabel(snapshot)}” of ${whenLabel(snapshot.createdAt)} is deleted for good.`,
        confirmLabel: 'Delete',
        danger: true,
      },
      async () => {
        await this.deps.api.deleteDeckSnapshot({ id: snapshot.id });
        this.versions.delete(snapshot.id);
      },
    );
  }
}
