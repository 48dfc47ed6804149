// The card history dialog's model: the card's revisions (newest first, each with what the next
// version changed), compared field by field with the form's labels, and restored (the service
// keeps the replaced version as a revision). The list/compare/restore flow is VersionHistoryModel's.

import { diffCards, formatValue, labelChanges } from '../../../card-schema/system/card-diff';
import type { CardDocument, CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { ApiClient, CardRevisionSummary, FieldChangeText } from '../../../src-main/api/contract';
import { CURRENT, VersionHistoryModel, whenLabel, type VersionHistoryDeps } from '../lib/version-history.svelte';

export { CURRENT };

export interface CardHistoryDeps extends VersionHistoryDeps {
  api: Pick<ApiClient, 'listCardRevisions' | 'getCardRevision' | 'restoreCardRevision' | 'getCards'>;
}

const CAUSES: Record<CardRevisionSummary['cause'], string> = {
  save: 'Saved',
  import: 'Imported',
  restore: 'Restored',
};

/** "Saved 3 Mar 2026, 12:03": when this version was replaced, and how. */
export function revisionLine(revision: CardRevisionSummary): string {
  return `${CAUSES[revision.cause]} ${whenLabel(revision.createdAt)}`;
}

export class CardHistoryModel extends VersionHistoryModel<CardRevisionSummary, CardDocument, FieldChangeText[]> {
  constructor(
    protected override readonly deps: CardHistoryDeps,
    private readonly cardId: string,
    private readonly system: () => GameSystem,
  ) {
    super(deps);
  }

  protected list(): Promise<CardRevisionSummary[]> {
    return this.deps.api.listCardRevisions({ cardId: this.cardId });
  }

  keyOf(revision: CardRevisionSummary): string {
    return String(revision.id);
  }

  protected async fetch(key: string): Promise<CardDocument> {
    if (key !== CURRENT) return (await this.deps.api.getCardRevision({ id: Number(key) })).doc;
    const [card] = await this.deps.api.getCards({ ids: [this.cardId] });
    if (!card) throw new Error('This card is no longer in the library.');
    return card.doc;
  }

  protected diffOf(before: CardDocument, after: CardDocument): FieldChangeText[] {
    return labelChanges(this.system(), before, after, diffCards(before, after)).map((change) => ({
      pointer: change.pointer,
      label: change.label,
      before: formatValue(change.before),
      after: formatValue(change.after),
    }));
  }

  /** Restores the revision after asking; returns the card as saved, or undefined. */
  restore(revision: CardRevisionSummary, dirty: boolean): Promise<CardRecord | undefined> {
    return this.confirmed(
      {
        title: 'Restore this version?',
        message:
          `“${revision.name}” becomes the version replaced ${whenLabel(revision.createdAt)}, and is saved. ` +
          `The version it replaces is kept in the history, so you can go back.` +
          (dirty ? ' Your unsaved changes leave the form (Undo brings them back).' : ''),
        confirmLabel: 'Restore',
      },
      () => this.deps.api.restoreCardRevision({ id: revision.id }),
      `Restored the version of ${whenLabel(revision.createdAt)}.`,
    );
  }
}
