// The set changes dialog's model with a stubbed API: the picked local date asked as an instant, a
// deck's last save taken as the date, a bad date named, and the errata log handed to the download.

import { describe, expect, it, vi } from 'vitest';
import type { DeckSummary, SetChanges } from '../../src-main/api/contract';
import { SetChangesModel, localInputValue, type SetChangesDeps } from '../../src-renderer/src/library/set-changes.svelte';

const none: SetChanges = { setId: 's', setName: 'Core', since: '', added: [], removed: [], changed: [] };
const decks = [
  { id: 'old', name: 'Old deck', updatedAt: '2026-01-01T10:00:00.000Z' },
  { id: 'new', name: 'Playtest deck', updatedAt: '2026-03-05T09:30:15.000Z' },
] as DeckSummary[];

function setup() {
  const deps = {
    api: {
      setChanges: vi.fn(async () => none),
      exportSetChanges: vi.fn(async () => ({
        fileName: 'Core errata.md',
        mimeType: 'text/markdown',
        bytes: new Uint8Array([35]),
      })),
      listDecks: vi.fn(async () => decks),
    },
    download: vi.fn(),
    showError: vi.fn(),
  };
  return { deps, model: new SetChangesModel(deps as unknown as SetChangesDeps, 's', 'game') };
}

describe('SetChangesModel', () => {
  it('asks for the changes since the picked date, or since a deck was last saved', async () => {
    const { model, deps } = setup();
    await model.loadDecks();
    expect(deps.api.listDecks).toHaveBeenCalledWith({ systemId: 'game' });
    expect(model.decks.map((deck) => deck.id)).toEqual(['new', 'old']);
    model.sinceDeck('new');
    expect(model.since).toBe(localInputValue(new Date('2026-03-05T09:30:15.000Z')));
    await model.load();
    expect(deps.api.setChanges).toHaveBeenCalledWith({ setId: 's', since: '2026-03-05T09:30:15.000Z' });
    expect(model.empty).toBe(true);

    await model.exportLog();
    expect(deps.download).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'Core errata.md' }));
  });

  it('names a date that is not one instead of asking', async () => {
    const { model, deps } = setup();
    model.since = '';
    await model.load();
    expect(model.dateProblem).toBe('Pick a date and time.');
    expect(deps.api.setChanges).not.toHaveBeenCalled();
  });
});
