// The deck versions dialog's model: the deck's snapshots (newest first), keeping a named one,
// comparing any two versions (or one with the deck as saved now) with the pure diffDecks, and
// restoring one (the service keeps the replaced version as a snapshot first).

import { deckVersion as versionOf, diffDecks, type DeckDiff, type DeckVersion } from '../../../card-schema/deck/deck-diff';
import type { Deck, DeckEntry } from '../../../card-schema/deck/format';
import type { CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { ApiClient, DeckSnapshotSummary } from '../../../src-main/api/contract';

/** The deck as saved now, in version pickers. */
export const CURRENT = 'current';

export interface DeckSnapshotsDeps {
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
  confirm: (options: { title: string; message: string; confirmLabel: string; danger?: boolean }) => Promise<boolean>;
  showError: (error: unknown) => void;
  showSuccess: (message: string) => void;
}

/** "Tournament list", or why an automatic snapshot was kept. */
export function snapshotLabel(snapshot: DeckSnapshotSummary): string {
  if (snapshot.name) return snapshot.name;
  return 'Before a save';
}

export function whenLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export class DeckSnapshotsModel {
  snapshots = $state.raw<DeckSnapshotSummary[]>([]);
  loading = $state(true);
  busy = $state(false);
  /** Version ids compared: a snapshot id or CURRENT. */
  from = $state(CURRENT);
  to = $state(CURRENT);
  diff = $state.raw<DeckDiff | null>(null);
  private readonly versions = new Map<string, DeckVersion>();
  private readonly cards = new Map<string, CardRecord>();

  constructor(
    private readonly deps: DeckSnapshotsDeps,
    private readonly deckId: string,
    private readonly system: GameSystem,
  ) {}

  async load(): Promise<void> {
    this.loading = true;
    try {
      this.versions.delete(CURRENT);
      this.snapshots = await this.deps.api.listDeckSnapshots({ deckId: this.deckId });
      // Start on the newest change: the latest snapshot against the deck as it is.
      this.from = this.snapshots[0]?.id ?? CURRENT;
      this.to = CURRENT;
      await this.compare();
    } catch (error) {
      this.deps.showError(error);
    } finally {
      this.loading = false;
    }
  }

  private async version(id: string): Promise<DeckVersion> {
    const cached = this.versions.get(id);
    if (cached) return cached;
    const version =
      id === CURRENT
        ? versionOf(await this.deps.api.getDeck({ id: this.deckId }))
        : (await this.deps.api.getDeckSnapshot({ id })).version;
    this.versions.set(id, version);
    return version;
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

  async compare(): Promise<void> {
    try {
      const [before, after] = await Promise.all([this.version(this.from), this.version(this.to)]);
      await this.learnCards([before, after]);
      this.diff = diffDecks(
        before,
        after,
        this.system.deck.sections.map((s) => s.id),
        this.nameOf,
      );
    } catch (error) {
      this.deps.showError(error);
    }
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
  async restore(snapshot: DeckSnapshotSummary): Promise<Deck | undefined> {
    const ok = await this.deps.confirm({
      title: 'Restore this version?',
      message: `The deck becomes “${snapshotLabel(snapshot)}” of ${whenLabel(snapshot.createdAt)}. The version it replaces is kept as a snapshot, so you can go back.`,
      confirmLabel: 'Restore',
    });
    if (!ok) return undefined;
    this.busy = true;
    try {
      const deck = await this.deps.api.restoreDeckSnapshot({ id: snapshot.id });
      this.deps.showSuccess(`Restored “${snapshotLabel(snapshot)}”.`);
      await this.load();
      return deck;
    } catch (error) {
      this.deps.showError(error);
      return undefined;
    } finally {
      this.busy = false;
    }
  }

  async remove(snapshot: DeckSnapshotSummary): Promise<void> {
    const ok = await this.deps.confirm({
      title: 'Delete this snapshot?',
      message: `“${snapshotLabel(snapshot)}” of ${whenLabel(snapshot.createdAt)} is deleted for good.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await this.deps.api.deleteDeckSnapshot({ id: snapshot.id });
      this.versions.delete(snapshot.id);
      await this.load();
    } catch (error) {
      this.deps.showError(error);
    }
  }
}
