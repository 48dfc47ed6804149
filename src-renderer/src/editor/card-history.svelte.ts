// The card history dialog's model: the card's revisions (newest first, each with what the next
// version changed), comparing any two versions (or one with the card as saved now) field by field
// with the form's labels, and restoring one (the service keeps the replaced version as a revision).

import { diffCards, formatValue, labelChanges } from '../../../card-schema/system/card-diff';
import type { CardDocument, CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { ApiClient, CardRevisionSummary, FieldChangeText } from '../../../src-main/api/contract';
import { whenLabel } from '../decks/deck-snapshots.svelte';

/** The card as saved now, in version pickers. */
export const CURRENT = 'current';

export interface CardHistoryDeps {
  api: Pick<ApiClient, 'listCardRevisions' | 'getCardRevision' | 'restoreCardRevision' | 'getCards'>;
  confirm: (options: { title: string; message: string; confirmLabel: string }) => Promise<boolean>;
  showError: (error: unknown) => void;
  showSuccess: (message: string) => void;
}

const CAUSES: Record<CardRevisionSummary['cause'], string> = {
  save: 'Saved',
  import: 'Imported',
  restore: 'Restored',
};

/** "Saved 3 Mar 2026, 12:03: ATK and Text": when this version was replaced, and how. */
export function revisionLine(revision: CardRevisionSummary): string {
  return `${CAUSES[revision.cause]} ${whenLabel(revision.createdAt)}`;
}

export class CardHistoryModel {
  revisions = $state.raw<CardRevisionSummary[]>([]);
  loading = $state(true);
  busy = $state(false);
  /** Versions compared: a revision id (as text, for the pickers) or CURRENT. */
  from = $state(CURRENT);
  to = $state(CURRENT);
  changes = $state.raw<FieldChangeText[] | null>(null);
  private readonly docs = new Map<string, CardDocument>();

  constructor(
    private readonly deps: CardHistoryDeps,
    private readonly cardId: string,
    private readonly system: () => GameSystem,
  ) {}

  async load(): Promise<void> {
    this.loading = true;
    try {
      this.docs.delete(CURRENT);
      this.revisions = await this.deps.api.listCardRevisions({ cardId: this.cardId });
      // Start on the newest change: the latest revision against the card as it is.
      this.from = this.revisions[0] ? String(this.revisions[0].id) : CURRENT;
      this.to = CURRENT;
      await this.compare();
    } catch (error) {
      this.deps.showError(error);
    } finally {
      this.loading = false;
    }
  }

  private async version(key: string): Promise<CardDocument> {
    const cached = this.docs.get(key);
    if (cached) return cached;
    let doc: CardDocument;
    if (key === CURRENT) {
      const [card] = await this.deps.api.getCards({ ids: [this.cardId] });
      if (!card) throw new Error('This card is no longer in the library.');
      doc = card.doc;
    } else doc = (await this.deps.api.getCardRevision({ id: Number(key) })).doc;
    this.docs.set(key, doc);
    return doc;
  }

  /** Compares `from` → `to` field by field. */
  async compare(): Promise<void> {
    try {
      const [before, after] = await Promise.all([this.version(this.from), this.version(this.to)]);
      this.changes = labelChanges(this.system(), before, after, diffCards(before, after)).map((change) => ({
        pointer: change.pointer,
        label: change.label,
        before: formatValue(change.before),
        after: formatValue(change.after),
      }));
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** Compares the revision with the card as saved now. */
  async compareWithCurrent(revision: CardRevisionSummary): Promise<void> {
    this.from = String(revision.id);
    this.to = CURRENT;
    await this.compare();
  }

  /** Restores the revision after asking; returns the card as saved, or undefined. */
  async restore(revision: CardRevisionSummary, dirty: boolean): Promise<CardRecord | undefined> {
    const ok = await this.deps.confirm({
      title: 'Restore this version?',
      message:
        `“${revision.name}” becomes the version replaced ${whenLabel(revision.createdAt)}, and is saved. ` +
        `The version it replaces is kept in the history, so you can go back.` +
        (dirty ? ' Your unsaved changes leave the form (Undo brings them back).' : ''),
      confirmLabel: 'Restore',
    });
    if (!ok) return undefined;
    this.busy = true;
    try {
      const card = await this.deps.api.restoreCardRevision({ id: revision.id });
      this.deps.showSuccess(`Restored the version of ${whenLabel(revision.createdAt)}.`);
      await this.load();
      return card;
    } catch (error) {
      this.deps.showError(error);
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}
