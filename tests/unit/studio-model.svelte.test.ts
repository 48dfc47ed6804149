// The studio's model with a stubbed API: every edit is one undo step, undo and redo walk them,
// the renames since the last save follow undo (inverted) and cancel out, the live check waits
// for a pause, and a save asks for the impact report with cards before it applies.

import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renameField } from '../../card-schema/studio/field-renames';
import { withSystem, type GameFileMap } from '../../card-schema/studio/game-files';
import type { GameEditReport } from '../../src-main/api/contract';
import { StudioModel, emptyReport, type StudioDeps } from '../../src-renderer/src/studio/studio.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, errorMessage: (error: Error) => error.message }));

const DIR = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch');
const read = (path: string) => JSON.parse(readFileSync(join(DIR, path), 'utf8')) as unknown;
const FILES: GameFileMap = Object.fromEntries(
  ['system.json', 'layouts.json', 'schemas/definitions.json', 'schemas/keeper.schema.json', 'schemas/lantern.schema.json'].map(
    (path) => [path, read(path)],
  ),
);
const RENAME = { cardType: 'lantern', from: 'light', to: 'glow' };

function stub(report: Partial<GameEditReport> = {}) {
  const api = {
    getGameFiles: vi.fn(async () => ({ systemId: 'lantern-watch', files: FILES, builtIn: false })),
    checkGameEdit: vi.fn(async (_input: { cards?: boolean }) => ({ ...emptyReport(), ...report })),
    saveGameEdit: vi.fn(async () => ({ system: { id: 'lantern-watch' }, cardsUpdated: 3 })),
  };
  const saved = vi.fn();
  const deps = { api, saved, errorMessage: (error: unknown) => (error as Error).message, checkDelayMs: 0 };
  return { deps: deps as unknown as Partial<StudioDeps> & Pick<StudioDeps, 'saved'>, api, saved };
}

const renamed = (name: string) => (files: GameFileMap) => withSystem(files, (system) => ({ ...system, name }));

describe('StudioModel', () => {
  it('undoes and redoes each edit, and is not dirty once back at the saved files', async () => {
    const { deps } = stub();
    const studio = new StudioModel('lantern-watch', deps);
    await studio.load();
    studio.edit('Name A', renamed('A')(studio.files!));
    studio.edit('Name B', renamed('B')(studio.files!));
    expect(studio.undoLabel).toBe('Name B');
    studio.undo();
    expect((studio.files!['system.json'] as { name: string }).name).toBe('A');
    studio.undo();
    expect(studio.files).toBe(FILES);
    expect(studio.dirty).toBe(false);
    expect(studio.canUndo).toBe(false);
    studio.redo();
    expect((studio.files!['system.json'] as { name: string }).name).toBe('A');
    expect(studio.dirty).toBe(true);
    // A new edit drops what could be redone.
    studio.edit('Name C', renamed('C')(studio.files!));
    expect(studio.canRedo).toBe(false);
  });

  it('keeps the renames since the save, inverted by undo, so undoing a rename cancels it', async () => {
    const { deps } = stub();
    const studio = new StudioModel('lantern-watch', deps);
    await studio.load();
    studio.edit('Rename Light', renameField(studio.files!, RENAME), [RENAME]);
    expect(studio.renames).toEqual([RENAME]);
    studio.undo();
    expect(studio.renames).toEqual([]);
    studio.redo();
    expect(studio.renames).toEqual([RENAME]);
  });

  it('after a save, undoing a saved rename sends the inverse rename with the old files', async () => {
    const { deps, api, saved } = stub();
    const studio = new StudioModel('lantern-watch', deps);
    await studio.load();
    studio.edit('Rename Light', renameField(studio.files!, RENAME), [RENAME]);
    await studio.requestSave();
    expect(api.checkGameEdit).toHaveBeenLastCalledWith(expect.objectContaining({ cards: true, renames: [RENAME] }));
    expect(studio.impact).not.toBeNull();
    expect(await studio.applySave()).toBe(true);
    expect(saved).toHaveBeenCalled();
    expect(studio.dirty).toBe(false);
    expect(studio.renames).toEqual([]);

    studio.undo();
    expect(studio.files).toBe(FILES);
    expect(studio.dirty).toBe(true);
    expect(studio.renames).toEqual([{ cardType: 'lantern', from: 'glow', to: 'light' }]);
    await studio.requestSave();
    await studio.applySave();
    expect(api.saveGameEdit).toHaveBeenLastCalledWith({
      systemId: 'lantern-watch',
      files: FILES,
      renames: [{ cardType: 'lantern', from: 'glow', to: 'light' }],
    });
  });

  it('does not save files that do not load: the loader sentence is shown instead of the report', async () => {
    const { deps, api } = stub({ problem: 'system.json: /deck/sections: must be a list' });
    const studio = new StudioModel('lantern-watch', deps);
    await studio.load();
    studio.edit('Name A', renamed('A')(studio.files!));
    await studio.requestSave();
    expect(studio.impact).toBeNull();
    expect(studio.saveError).toBe('system.json: /deck/sections: must be a list');
    expect(api.saveGameEdit).not.toHaveBeenCalled();
  });

  it('checks the files live after a pause, keeping only the newest answer', async () => {
    const { deps, api } = stub();
    const studio = new StudioModel('lantern-watch', deps);
    await studio.load();
    await vi.waitFor(() => expect(studio.check).not.toBeNull());
    api.checkGameEdit.mockClear();
    studio.edit('Name A', renamed('A')(studio.files!));
    studio.edit('Name B', renamed('B')(studio.files!));
    await vi.waitFor(() => expect(api.checkGameEdit).toHaveBeenCalledTimes(1));
    expect(api.checkGameEdit.mock.calls[0][0]).toMatchObject({ cards: false });
  });
});
