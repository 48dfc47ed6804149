// The backups dialog's state: whether it is open (the command bus and Help open it), the list,
// and the two actions. Restoring reloads the whole app, since every view's data changed.

import type { BackupInfo } from '../../../src-main/api/contract';
import { api } from '../api/client';
import { confirmDialog } from '../lib/dialog.svelte';
import { showError, showSuccess } from '../lib/toast.svelte';

const REASON_LABELS: Record<BackupInfo['reason'], string> = {
  daily: 'Daily',
  manual: 'Backed up by you',
  'pre-migration': 'Before an update',
  'pre-removal': 'Before removing a game',
  'pre-restore': 'Before a restore',
};

export function reasonLabel(reason: BackupInfo['reason']): string {
  return REASON_LABELS[reason];
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

class BackupsModel {
  open = $state(false);
  list: BackupInfo[] | null = $state(null);
  busy = $state(false);

  show(): void {
    this.open = true;
    void this.load();
  }

  close(): void {
    if (!this.busy) this.open = false;
  }

  async load(): Promise<void> {
    try {
      this.list = await api.listBackups({});
    } catch (error) {
      showError(error);
    }
  }

  async backUpNow(): Promise<void> {
    this.busy = true;
    try {
      await api.backupNow({});
      showSuccess('Library backed up');
      await this.load();
    } catch (error) {
      showError(error);
    } finally {
      this.busy = false;
    }
  }

  async restore(backup: BackupInfo): Promise<void> {
    const confirmed = await confirmDialog({
      title: 'Restore from backup?',
      message: `Replaces your library with the one from ${formatDate(backup.createdAt)}; your current library is backed up first.`,
      confirmLabel: 'Restore',
      danger: true,
    });
    if (!confirmed) return;
    this.busy = true;
    try {
      await api.restoreBackup({ id: backup.id });
      // Every view holds data from the old library: start over on the restored one.
      location.reload();
    } catch (error) {
      showError(error);
      this.busy = false;
    }
  }
}

export const backups = new BackupsModel();
