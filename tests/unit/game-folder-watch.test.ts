// The renderer's side of games edited outside the app (lib/game-folder-watch.ts): a look that
// reloaded or removed games reloads the app's games and says so in one message; a failure is an
// error message each; a look that found nothing does nothing.

import { describe, expect, it, vi } from 'vitest';
import type { GameFolderChanges } from '../../src-main/api/contract';
import { changesMessage, lookAtGameFolders, type GameFolderWatchDeps } from '../../src-renderer/src/lib/game-folder-watch';

function deps(changes: GameFolderChanges) {
  return {
    api: { syncGameFolders: vi.fn(async () => changes) },
    reloadSystems: vi.fn(async () => undefined),
    changed: vi.fn(),
    showInfo: vi.fn(),
    showError: vi.fn(),
  } satisfies GameFolderWatchDeps;
}

describe('looking at the game folders', () => {
  it('does nothing when nothing changed', async () => {
    const watch = deps({ reloaded: [], failed: [], removed: [] });
    await lookAtGameFolders(watch);
    expect(watch.reloadSystems).not.toHaveBeenCalled();
    expect(watch.changed).not.toHaveBeenCalled();
    expect(watch.showInfo).not.toHaveBeenCalled();
  });

  it('reloads the games before saying what was reloaded and removed', async () => {
    const watch = deps({ reloaded: ['Sky Pirates'], failed: [], removed: ['Old Game'] });
    watch.showInfo.mockImplementation(() => expect(watch.reloadSystems).toHaveBeenCalledOnce());
    await lookAtGameFolders(watch);
    expect(watch.showInfo).toHaveBeenCalledWith(
      'Reloaded Sky Pirates: the files changed. Old Game: the folder is gone, so the game is no longer installed.',
    );
    expect(watch.changed).toHaveBeenCalledOnce();
  });

  it('shows each failure as an error, and lets the views load the problems again', async () => {
    const watch = deps({ reloaded: [], failed: ['mine/system.json: not valid JSON; Mine stays as it last loaded'], removed: [] });
    await lookAtGameFolders(watch);
    expect(watch.showError).toHaveBeenCalledWith('mine/system.json: not valid JSON; Mine stays as it last loaded.');
    expect(watch.reloadSystems).not.toHaveBeenCalled();
    expect(watch.changed).toHaveBeenCalledOnce();
  });

  it('words one change', () => {
    expect(changesMessage({ reloaded: ['A', 'B'], failed: [], removed: [] })).toBe('Reloaded A, B: the files changed.');
    expect(changesMessage({ reloaded: [], failed: ['x'], removed: [] })).toBeNull();
  });
});
