// The Trash dialog's state (list, restore, delete for good, empty) and the message every delete
// shows: "Moved … to the Trash" with Undo. A restore reloads the game list when a game came back
// and tells every view to load its lists again.

import type { ApiClient, RestoreResult, TrashEntry, TrashKind, TrashList, TrashReceipt } from '../../../src-main/api/contract';
import { api } from '../api/client';
import { confirmDialog, type ConfirmOptions } from '../lib/dialog.svelte';
import { libraryChanges } from '../lib/library-changes.svelte';
import { reloadSystems } from '../lib/systems.svelte';
import { showError, showSuccess, type ToastAction } from '../lib/toast.svelte';

export const KIND_LABELS: Record<TrashKind, string> = { card: 'Card', set: 'Set', deck: 'Deck', game: 'Game' };

export interface TrashDeps {
  api: Pick<ApiClient, 'listTrash' | 'restoreFromTrash' | 'deleteFromTrash' | 'emptyTrash'>;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  showError: (error: unknown) => void;
  showSuccess: (message: string, action?: ToastAction) => void;
  reloadSystems: () => Promise<unknown>;
  libraryChanged: () => void;
}

const appDeps: TrashDeps = {
  api,
  confirm: confirmDialog,
  showError,
  showSuccess,
  reloadSystems,
  libraryChanged: () => libraryChanges.changed(),
};

/** What an entry holds besides itself, for its row ("12 cards", "2 sets, 40 cards, 1 deck"). */
export function entryContents(entry: TrashEntry): string {
  const count = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;
  if (entry.kind === 'set') return count(entry.cards, 'card');
  if (entry.kind === 'game') return [count(entry.sets, 'set'), count(entry.cards, 'card'), count(entry.decks, 'deck')].join(', ');
  return '';
}

/** "3 minutes ago", "yesterday", "12 days ago". */
export function timeAgo(iso: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'minute');
}

export class TrashModel {
  open = $state(false);
  list: TrashList | null = $state.raw(null);
  busy = $state(false);

  constructor(private readonly deps: TrashDeps = appDeps) {}

  show(): void {
    this.open = true;
    void this.load();
  }

  close(): void {
    if (!this.busy) this.open = false;
  }

  async load(): Promise<void> {
    try {
      this.list = await this.deps.api.listTrash({});
    } catch (error) {
      this.deps.showError(error);
    }
  }

  /** The message after a delete, with Undo (a restore of what was just deleted). */
  announce(what: string, receipt: TrashReceipt): void {
    this.deps.showSuccess(`Moved ${what} to the Trash`, { label: 'Undo', run: () => void this.restoreById(receipt.trashId) });
  }

  async restore(entry: TrashEntry): Promise<void> {
    await this.restoreById(entry.id);
  }

  async deleteForever(entry: TrashEntry): Promise<void> {
    const confirmed = await this.deps.confirm({
      title: 'Delete for good?',
      message: `“${entry.name}” will be deleted for good; it cannot be restored afterwards.`,
      confirmLabel: 'Delete for good',
      danger: true,
    });
    if (confirmed) await this.work(() => this.deps.api.deleteFromTrash({ id: entry.id }));
  }

  async empty(): Promise<void> {
    const total = this.list?.total ?? 0;
    const confirmed = await this.deps.confirm({
      title: 'Empty the Trash?',
      message: `The ${total === 1 ? 'item' : `${total.toLocaleString()} items`} in the Trash will be deleted for good; they cannot be restored afterwards.`,
      confirmLabel: 'Empty Trash',
      danger: true,
    });
    if (confirmed) await this.work(() => this.deps.api.emptyTrash({}));
  }

  private async restoreById(id: string): Promise<void> {
    let result: RestoreResult | undefined;
    await this.work(async () => {
      result = await this.deps.api.restoreFromTrash({ id });
      if (result.kind === 'game') await this.deps.reloadSystems();
      this.deps.libraryChanged();
    });
    if (result) this.deps.showSuccess(result.message);
  }

  /** Runs one change, then shows the list as it is now (also after a refusal). */
  private async work(change: () => Promise<unknown>): Promise<void> {
    this.busy = true;
    try {
      await change();
    } catch (error) {
      this.deps.showError(error);
    } finally {
      this.busy = false;
      if (this.open) await this.load();
    }
  }
}

export const trash = new TrashModel();
