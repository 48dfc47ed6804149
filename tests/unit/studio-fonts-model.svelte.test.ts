// The Fonts section's model with a stubbed API: a picked file is uploaded and offered as the
// label, the form refuses what the game cannot load (no license text), adding is one undo step,
// and the studio's check and save send the uploads the edited files name, and none once undone.

import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GameFileMap } from '../../card-schema/studio/game-files';
import { emptyReport, StudioModel, type StudioDeps } from '../../src-renderer/src/studio/studio.svelte';
import { FontsSectionModel } from '../../src-renderer/src/studio/fonts-section.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, errorMessage: (error: Error) => error.message }));

const DIR = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch');
const read = (path: string) => JSON.parse(readFileSync(join(DIR, path), 'utf8')) as unknown;
const FILES: GameFileMap = { 'system.json': read('system.json'), 'layouts.json': read('layouts.json') };
const SHA = 'ab'.repeat(32);

function setUp() {
  const api = {
    getGameFiles: vi.fn(async () => ({ systemId: 'lantern-watch', files: FILES, builtIn: false })),
    checkGameEdit: vi.fn(async (_input: Record<string, unknown>) => emptyReport()),
    saveGameEdit: vi.fn(async (_input: Record<string, unknown>) => ({ system: { id: 'lantern-watch' }, cardsUpdated: 0 })),
    stageGameFont: vi.fn(async () => ({ uploadId: SHA, format: 'otf' as const, familyName: 'Old Gothic', bytes: 4 })),
    getGameFont: vi.fn(async () => ({ fileName: 'x.ttf', mimeType: 'font/ttf', bytes: new Uint8Array(4) })),
  };
  const deps = { api, saved: vi.fn(), errorMessage: (error: unknown) => (error as Error).message, checkDelayMs: 0 };
  const studio = new StudioModel('lantern-watch', deps as unknown as Partial<StudioDeps> & Pick<StudioDeps, 'saved'>);
  const register = vi.fn(async () => undefined);
  const fonts = new FontsSectionModel(studio, { api, errorMessage: deps.errorMessage, register });
  return { api, studio, fonts, register };
}

const file = { name: 'OldGothic.otf', size: 4, arrayBuffer: async () => new Uint8Array([79, 84, 84, 79]).buffer };

describe('FontsSectionModel', () => {
  it('uploads, adds in one undo step, and sends only the uploads the files name', async () => {
    const { api, studio, fonts, register } = setUp();
    await studio.load();
    fonts.startAdding();
    await fonts.pickFace(file, 'regular');
    expect(api.stageGameFont).toHaveBeenCalledWith({
      systemId: 'lantern-watch',
      fileName: 'OldGothic.otf',
      bytes: new Uint8Array([79, 84, 84, 79]),
    });
    expect(register).toHaveBeenCalledWith(SHA, expect.any(Uint8Array));
    expect(fonts.label).toBe('Old Gothic');
    expect(fonts.id).toBe('old-gothic');
    fonts.add();
    expect(fonts.formProblem).toBe("Paste the license's text (its copyright line and terms)");
    fonts.licenseText = 'Copyright 2026. OFL 1.1.';
    fonts.add();
    expect(fonts.adding).toBe(false);
    expect(studio.undoLabel).toBe('Add the font Old Gothic');
    expect(fonts.rows.map((row) => [row.id, row.label, row.faces, row.license])).toEqual([
      ['blackletter', 'Blankenburg', ['regular'], 'SIL Open Font License 1.1'],
      ['old-gothic', 'Old Gothic', ['regular'], 'SIL Open Font License 1.1'],
    ]);
    const path = `fonts/old-gothic-regular-${SHA.slice(0, 8)}.otf`;
    await studio.runCheck();
    expect(api.checkGameEdit.mock.lastCall?.[0].fontFiles).toEqual({ [path]: SHA });
    studio.undo();
    await studio.runCheck();
    expect(api.checkGameEdit.mock.lastCall?.[0]).not.toHaveProperty('fontFiles');
    studio.redo();
    await studio.applySave();
    expect(api.saveGameEdit.mock.lastCall?.[0].fontFiles).toEqual({ [path]: SHA });
  });

  it('refuses to remove a font a text element sets text in, naming where', async () => {
    const { studio, fonts } = setUp();
    await studio.load();
    fonts.remove(fonts.rows[0]);
    expect(fonts.rowProblems.blackletter).toMatch(
      /^The font "blackletter" is still set in 3 text elements \(layouts\.json: lantern › element 3/,
    );
    expect(studio.canUndo).toBe(false);
  });

  it('shows an upload refusal beside the face and adds nothing', async () => {
    const { api, studio, fonts } = setUp();
    api.stageGameFont.mockRejectedValueOnce(
      new Error('"notes.ttf" is not a font file Cardwright can read (Unknown font format)'),
    );
    await studio.load();
    fonts.startAdding();
    await fonts.pickFace({ ...file, name: 'notes.ttf' }, 'bold');
    expect(fonts.uploadProblems.bold).toBe('"notes.ttf" is not a font file Cardwright can read (Unknown font format)');
    expect(fonts.faces).toEqual({});
    // A file over the limit is refused before it is sent.
    await fonts.pickFace({ ...file, name: 'Huge.otf', size: 6 * 1024 * 1024 }, 'italic');
    expect(fonts.uploadProblems.italic).toBe('"Huge.otf" is 6.0 MB; a game font file may be at most 5.0 MB');
    expect(api.stageGameFont).toHaveBeenCalledTimes(1);
  });
});
