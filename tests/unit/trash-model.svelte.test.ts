// The Trash dialog's model with stubbed dependencies: Undo after a delete restores that entry,
// a restored game reloads the game list, every restore tells the views to load again, and a
// refused restore shows its reason and the list as it is.

import { describe, expect, it, vi } from 'vitest';
import type { RestoreResult, TrashEntry, TrashList } from '../../src-main/api/contract';
import { TrashModel, entryContents, timeAgo, type TrashDeps } from '../../src-renderer/src/trash/trash.svelte';
import type { ToastAction } from '../../src-renderer/src/lib/toast.svelte';

// The real client picks its transport from `window` on import.
vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const entry = (kind: TrashEntry['kind'], counts: Partial<TrashEntry> = {}): TrashEntry => ({
  id: `t-${kind}`,
  kind,
  itemId: kind,
  systemId: 'osmcg',
  name: kind,
  detail: '',
  deletedAt: '2026-11-23T10:00:00.000Z',
  expiresAt: '2026-12-23T10:00:00.000Z',
  sets: 0,
  cards: 0,
  decks: 0,
  ...counts,
});

function stubDeps(restored: RestoreResult | Error) {
  const list: TrashList = { entries: [entry('card')], total: 1, keepDays: 30 };
  const deps = {
    api: {
      listTrash: vi.fn(async () => list),
      restoreFromTrash: vi.fn(async () => {
        if (restored instanceof Error) throw restored;
        return restored;
      }),
      deleteFromTrash: vi.fn(async () => undefined),
      emptyTrash: vi.fn(async () => ({ deleted: 1 })),
    },
    confirm: vi.fn(async () => true),
    showError: vi.fn(),
    showSuccess: vi.fn<(message: string, action?: ToastAction) => void>(),
    reloadSystems: vi.fn(async () => undefined),
    libraryChanged: vi.fn(),
  } satisfies TrashDeps;
  return deps;
}

describe('TrashModel', () => {
  it('offers Undo after a delete, which restores that entry and reloads the views', async () => {
    const deps = stubDeps({ kind: 'card', itemId: 'c1', systemId: 'osmcg', message: '“Scout” is back in “Core”' });
    const model = new TrashModel(deps);
    model.announce('“Scout”', { trashId: 't-card' });
    const [message, action] = deps.showSuccess.mock.calls[0];
    expect(message).toBe('Moved “Scout” to the Trash');
    expect(action?.label).toBe('Undo');
    action?.run();
    await vi.waitFor(() => expect(deps.showSuccess).toHaveBeenCalledWith('“Scout” is back in “Core”'));
    expect(deps.api.restoreFromTrash).toHaveBeenCalledWith({ id: 't-card' });
    expect(deps.libraryChanged).toHaveBeenCalled();
    expect(deps.reloadSystems).not.toHaveBeenCalled();
  });

  it('reloads the game list when a game comes back', async () => {
    const deps = stubDeps({ kind: 'game', itemId: 'lw', systemId: 'lw', message: 'Lantern Watch is installed again' });
    const model = new TrashModel(deps);
    model.show();
    await model.restore(entry('game'));
    expect(deps.reloadSystems).toHaveBeenCalled();
    expect(deps.api.listTrash).toHaveBeenCalledTimes(2);
  });

  it('shows why a restore was refused, and the list as it is', async () => {
    const deps = stubDeps(new Error('its set “Core” is in the trash too; restore the set first'));
    const model = new TrashModel(deps);
    model.show();
    await model.restore(entry('card'));
    expect(deps.showError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('restore the set first') }),
    );
    expect(deps.libraryChanged).not.toHaveBeenCalled();
    expect(model.busy).toBe(false);
    expect(model.list?.total).toBe(1);
  });

  it('deletes for good only after confirming', async () => {
    const deps = stubDeps(new Error('unused'));
    deps.confirm.mockResolvedValueOnce(false);
    const model = new TrashModel(deps);
    await model.deleteForever(entry('deck'));
    expect(deps.api.deleteFromTrash).not.toHaveBeenCalled();
    await model.empty();
    expect(deps.api.emptyTrash).toHaveBeenCalled();
  });

  it('describes what an entry holds and when it was deleted', () => {
    expect(entryContents(entry('set', { cards: 1 }))).toBe('1 card');
    expect(entryContents(entry('game', { sets: 2, cards: 40, decks: 1 }))).toBe('2 sets, 40 cards, 1 deck');
    expect(entryContents(entry('card'))).toBe('');
    const now = Date.parse('2026-11-23T13:00:00.000Z');
    expect(timeAgo('2026-11-23T10:00:00.000Z', now)).toMatch(/3 hours ago/);
  });
});
