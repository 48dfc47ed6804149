// Games edited outside the app reload without a restart: while the app is in front it asks the
// backend every few seconds (and at once when it comes back to the front) to reload the games
// whose files changed, then reloads its own copy of the games and says what happened. One look at
// a time; a failed look is retried at the next tick without a message (the next one will tell).

import type { ApiClient, GameFolderChanges } from '../../../src-main/api/contract';

export const WATCH_INTERVAL_MS = 3_000;

export interface GameFolderWatchDeps {
  api: Pick<ApiClient, 'syncGameFolders'>;
  reloadSystems: () => Promise<unknown>;
  /** Views that show games or their problems load again. */
  changed: () => void;
  showInfo: (message: string) => void;
  showError: (message: string) => void;
}

/** The sentence for a look that reloaded or removed games; null when it did neither. */
export function changesMessage(changes: GameFolderChanges): string | null {
  const parts: string[] = [];
  if (changes.reloaded.length > 0) parts.push(`Reloaded ${changes.reloaded.join(', ')}: the files changed.`);
  if (changes.removed.length > 0)
    parts.push(`${changes.removed.join(', ')}: the folder is gone, so the game is no longer installed.`);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Looks once; resolves when the app's games are up to date with what the look found. */
export async function lookAtGameFolders(deps: GameFolderWatchDeps): Promise<void> {
  const changes = await deps.api.syncGameFolders({});
  for (const failure of changes.failed) deps.showError(`${failure}.`);
  const message = changesMessage(changes);
  if (message !== null) {
    await deps.reloadSystems();
    deps.showInfo(message);
  }
  if (message !== null || changes.failed.length > 0) deps.changed();
}

/** Starts watching; returns the function that stops it (an $effect's teardown). */
export function watchGameFolders(deps: GameFolderWatchDeps): () => void {
  let looking = false;
  const look = () => {
    if (looking || document.visibilityState !== 'visible') return;
    looking = true;
    lookAtGameFolders(deps)
      .catch(() => undefined)
      .finally(() => (looking = false));
  };
  const timer = setInterval(look, WATCH_INTERVAL_MS);
  window.addEventListener('focus', look);
  document.addEventListener('visibilitychange', look);
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', look);
    document.removeEventListener('visibilitychange', look);
  };
}
