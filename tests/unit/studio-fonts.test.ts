// A font added in the game studio: uploaded through the API (checked, measured, kept aside),
// named in system.json by the studio's edit, saved into the game folder with the JSON files; the
// reloaded game measures it, the PDF embeds it and the card images draw its glyphs. A bad file is
// refused in one sentence naming it; a font a text element still sets text in is not removed.

import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import type { CardLayout, TextElement } from '../../card-schema/layout/format';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { addFont, fontUsers, removeFace, removeFont, replaceFace } from '../../card-schema/studio/font-edits';
import { partOf, withPart, type GameFileMap } from '../../card-schema/studio/game-files';
import type { Cardwright } from '../../src-main/api/service';
import { gameFontBuffers } from '../../src-main/fonts/game-font-files';
import { readPrintFonts } from '../../src-main/pdf/pdf-fonts';
import { loadInstalledSystems } from '../../src-main/services/game-systems';
import { SystemRegistry } from '../../src-main/services/system-registry';
import { drawingToSvg, SvgFonts } from '../../src-main/tts/card-svg';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright, SAMPLE_DIRS } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');
const FONT = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch/fonts/Blankenburg.ttf'));
const FONT_SHA = createHash('sha256').update(FONT).digest('hex');
const GAME = 'lantern-watch';
const LICENSE = {
  name: 'SIL Open Font License 1.1',
  url: 'https://openfontlicense.org',
  text: 'Copyright 2009 Peter Wiegel. OFL 1.1.',
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tutorialGame(): Promise<{ dataDir: string; app: Cardwright; call: Call }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-studio-fonts-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = openSampleCardwright(dataDir);
  cleanups.push(() => app.close());
  const call = apiCaller(app);
  await call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text: BUNDLE });
  return { dataDir, app, call };
}

/** Every text element set in `from` set in `to` instead. */
function moveFamily(files: GameFileMap, from: string, to: string): GameFileMap {
  const layouts = JSON.parse(JSON.stringify(partOf(files, 'layouts'))) as Record<string, CardLayout>;
  for (const layout of Object.values(layouts)) {
    for (const element of layout.elements) if (element.kind === 'text' && element.family === from) element.family = to;
  }
  return withPart(files, 'layouts', layouts);
}

describe('a font added in the studio', () => {
  it('is saved into the game folder and used by the loader, the PDF and the card images', async () => {
    const { dataDir, call } = await tutorialGame();
    const staged = await call('stageGameFont', { systemId: GAME, fileName: 'Blankenburg.ttf', bytes: new Uint8Array(FONT) });
    expect(staged).toEqual({ uploadId: FONT_SHA, format: 'ttf', familyName: 'Blankenburg_UNZ1A', bytes: FONT.length });

    const original = (await call('getGameFiles', { systemId: GAME })).files;
    const added = addFont(original, {
      id: 'gothic',
      label: 'Gothic',
      license: LICENSE,
      faces: { regular: { uploadId: staged.uploadId, format: staged.format } },
    });
    if ('problem' in added) throw new Error(added.problem);
    // The tutorial's own font is still set in its layouts: it cannot go yet.
    const refused = removeFont(added.files, 'blackletter');
    expect(refused).toEqual({
      problem:
        'The font "blackletter" is still set in 3 text elements (layouts.json: lantern › element 3 ("{name}"); ' +
        'layouts.json: keeper › element 3 ("{name}"); layouts.json: back › element 4 ("{systemName}")); choose another font there first',
    });
    const moved = moveFamily(added.files, 'blackletter', 'gothic');
    expect(fontUsers(moved, 'gothic')).toHaveLength(3);
    const removed = removeFont(moved, 'blackletter');
    if ('problem' in removed) throw new Error(removed.problem);
    const fontFiles = added.uploads;
    const path = Object.keys(fontFiles)[0];
    expect(path).toBe(`fonts/gothic-regular-${FONT_SHA.slice(0, 8)}.ttf`);

    const report = await call('checkGameEdit', { systemId: GAME, files: removed.files, fontFiles, cards: true });
    expect(report.problem).toBeUndefined();
    expect(report.system?.fonts?.map((font) => font.id)).toEqual(['gothic']);
    await call('saveGameEdit', { systemId: GAME, files: removed.files, fontFiles });

    // The folder: the upload written where system.json names it; the removed font's files gone.
    const folder = join(dataDir, 'systems', GAME);
    expect(readFileSync(join(folder, path)).equals(FONT)).toBe(true);
    expect(readdirSync(join(folder, 'fonts'))).toEqual([path.slice('fonts/'.length)]);
    const system = await call('getSystem', { systemId: GAME });
    expect(system.fonts).toEqual([
      expect.objectContaining({ id: 'gothic', label: 'Gothic', license: LICENSE, files: { regular: path } }),
    ]);
    expect(system.fonts![0].faces.regular.sha256).toBe(FONT_SHA);
    expect(system.fonts![0].faces.regular.metrics.unitsPerEm).toBe(1000);
    expect((await call('getGameFont', { systemId: GAME, fontId: 'gothic', face: 'regular' })).bytes).toEqual(
      new Uint8Array(FONT),
    );

    // The PDF embeds it for the name the layout sets in it.
    const { cards } = await call('searchCards', { systemId: GAME, query: 'Cinder Jar' });
    const pdf = await call('exportPdf', { source: { kind: 'cards', cardIds: [cards[0].id] }, print: {} });
    const pdfPath = join(dataDir, 'cards.pdf');
    writeFileSync(pdfPath, pdf.bytes);
    expect(execFileSync('pdffonts', [pdfPath], { encoding: 'utf8' })).toContain('BlankenburgUNZ1A');

    // The card images (SVG for PNG) draw its glyphs, not the card font's.
    const registry = new SystemRegistry(loadInstalledSystems(SAMPLE_DIRS.systemsDir, join(dataDir, 'systems')).installed);
    const loaded = registry.require(GAME);
    const svgFonts = new SvgFonts(await readPrintFonts(SAMPLE_DIRS.fontsDir), gameFontBuffers(registry, [GAME]));
    const svg = drawingToSvg(layoutCard(loaded, cards[0].doc), 300, svgFonts, () => undefined);
    const plain = { ...loaded, layouts: JSON.parse(JSON.stringify(loaded.layouts)) as Record<string, CardLayout> };
    for (const layout of Object.values(plain.layouts)) {
      for (const element of layout.elements) if (element.kind === 'text') delete (element as TextElement).family;
    }
    const plainSvg = drawingToSvg(layoutCard(plain, cards[0].doc), 300, svgFonts, () => undefined);
    const paths = (text: string) => [...text.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]);
    expect(paths(svg).length).toBeGreaterThan(0);
    expect(paths(svg)).not.toEqual(paths(plainSvg));
    const gothic = new Set(paths(svg).filter((d) => !paths(plainSvg).includes(d)));
    expect(gothic.size).toBeGreaterThan(3);
  }, 90_000);

  it('replaces and drops faces; the save writes exactly the files the fonts name', async () => {
    const { dataDir, call } = await tutorialGame();
    const inter = readFileSync(join(SAMPLE_DIRS.fontsDir, 'Inter-Bold.ttf'));
    const bold = await call('stageGameFont', { systemId: GAME, fileName: 'Inter-Bold.ttf', bytes: new Uint8Array(inter) });
    const files = (await call('getGameFiles', { systemId: GAME })).files;
    const withBold = replaceFace(files, 'blackletter', 'bold', bold);
    if ('problem' in withBold) throw new Error(withBold.problem);
    await call('saveGameEdit', { systemId: GAME, files: withBold.files, fontFiles: withBold.uploads });
    const fontsDir = join(dataDir, 'systems', GAME, 'fonts');
    const boldPath = `bold-${bold.uploadId.slice(0, 8)}.ttf`;
    expect(readdirSync(fontsDir).sort()).toEqual(['Blankenburg.ttf', 'OFL.txt', `blackletter-${boldPath}`]);
    expect((await call('getSystem', { systemId: GAME })).fonts![0].faces.bold?.sha256).toBe(bold.uploadId);

    const dropped = removeFace(withBold.files, 'blackletter', 'bold');
    if ('problem' in dropped) throw new Error(dropped.problem);
    await call('saveGameEdit', { systemId: GAME, files: dropped.files, fontFiles: withBold.uploads });
    expect(readdirSync(fontsDir).sort()).toEqual(['Blankenburg.ttf', 'OFL.txt']);
    // Undo, saved again: the upload is still kept, so the bold face comes back.
    await call('saveGameEdit', { systemId: GAME, files: withBold.files, fontFiles: withBold.uploads });
    expect(existsSync(join(fontsDir, `blackletter-${boldPath}`))).toBe(true);
  });

  it('refuses a file that is no font, too large a file, and a built-in game, naming the file', async () => {
    const { call } = await tutorialGame();
    const text = new TextEncoder().encode('This is a text file, not a font.\n'.repeat(40));
    expect((await failure(call('stageGameFont', { systemId: GAME, fileName: 'notes.ttf', bytes: text }))).message).toBe(
      '"notes.ttf" is not a font file Cardwright can read (Unknown font format)',
    );
    const huge = new Uint8Array(6 * 1024 * 1024);
    expect((await failure(call('stageGameFont', { systemId: GAME, fileName: 'Huge.otf', bytes: huge }))).message).toBe(
      '"Huge.otf" is 6.0 MB; a game font file may be at most 5.0 MB',
    );
    const builtIn = await failure(call('stageGameFont', { systemId: 'osmcg', fileName: 'A.ttf', bytes: new Uint8Array(FONT) }));
    expect(builtIn.message).toMatch(/built into Cardwright/);
    // A path no upload or folder file stands behind is the loader's sentence.
    const files = (await call('getGameFiles', { systemId: GAME })).files;
    const ghost = addFont(files, {
      id: 'ghost',
      label: 'Ghost',
      license: LICENSE,
      faces: { regular: { uploadId: 'a'.repeat(64), format: 'ttf' } },
    });
    if ('problem' in ghost) throw new Error(ghost.problem);
    const error = await failure(call('saveGameEdit', { systemId: GAME, files: ghost.files, fontFiles: ghost.uploads }));
    expect(error.message).toMatch(/^The font file added as "fonts\/ghost-regular-aaaaaaaa\.ttf" is no longer kept/);
  });
});
