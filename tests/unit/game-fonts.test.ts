// Fonts a game ships: the loader checks and measures them (and refuses what it cannot use, at
// the JSON path), layout sets a text element chosen in one with that font's widths (falling back
// to Inter, CJK, emoji for what it lacks; a missing face uses the regular file), the PDF embeds
// the file once, the API serves it to the preview, and bundles carry it there and back.

import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardLayout, DrawOp, LayoutElement, TextElement } from '../../card-schema/layout/format';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import { PT_TO_MM, measureText } from '../../card-schema/layout/text-measure';
import { textFontStack } from '../../card-schema/layout/game-fonts';
import { FONT_METRICS } from '../../card-schema/layout/font-metrics';
import { fontMetricsOf, type MeasurableFont } from '../../scripts/font-metrics-of.mjs';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';
import { renderPrintSheet } from '../../src-main/pdf/print-sheet';
import { PdfFonts, createPrintDocument, readPrintFonts } from '../../src-main/pdf/pdf-fonts';
import { paintCardDrawing } from '../../src-main/pdf/paint-drawing';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { apiCaller, failure } from './api-call';
import { familyOf } from '../../src-renderer/src/lib/fonts';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';

const ROOT = resolve(import.meta.dirname, '../..');
const FONTS_DIR = join(ROOT, 'resources/fonts');
const TUTORIAL_DIR = join(ROOT, 'docs/tutorial/lantern-watch');
const BUNDLE_FILE = join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json');
const FONT_FILE = join(TUTORIAL_DIR, 'fonts/Blankenburg.ttf');
const FONT_SHA = createHash('sha256').update(readFileSync(FONT_FILE)).digest('hex');
const DOCS = readFileSync(join(ROOT, 'docs/game-systems.md'), 'utf8');
const fontkit = createRequire(import.meta.url)('fontkit') as { openSync(path: string): MeasurableFont };

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-game-fonts-'));
  tmpDirs.push(dir);
  return dir;
}
const opened: Cardwright[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the tutorial game (folder lantern-watch) with `edit` applied to system.json / layouts.json. */
function tutorialCopy(
  edit: { system?: (json: Record<string, unknown>) => void; layouts?: (json: Record<string, CardLayout>) => void } = {},
): string {
  const dir = join(tmpDir(), 'lantern-watch');
  cpSync(TUTORIAL_DIR, dir, { recursive: true });
  const rewrite = <T>(file: string, change?: (json: T) => void) => {
    if (!change) return;
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
    change(json);
    writeFileSync(join(dir, file), JSON.stringify(json));
  };
  rewrite('system.json', edit.system);
  rewrite('layouts.json', edit.layouts);
  return dir;
}

type FontJson = { id: string; label: string; license: Record<string, string>; files: Record<string, string> };
const fontsOf = (json: Record<string, unknown>) => json.fonts as FontJson[];

function loadError(dir: string): string {
  try {
    loadGameSystem(dir);
  } catch (error) {
    if (error instanceof GameSystemLoadError) return error.message;
    throw error;
  }
  throw new Error('expected the game to be refused');
}

const lantern = (name: string): CardDocument => ({
  type: 'lantern',
  name,
  faction: ['ember'],
  cost: 2,
  light: 1,
  rarity: 'common',
});
const textOps = (ops: DrawOp[]) => ops.filter((op): op is Extract<DrawOp, { op: 'text' }> => op.op === 'text');

describe('loading a game font', () => {
  it('measures each declared face: its fingerprint and the same metrics the app measures its own fonts with', () => {
    const system = loadGameSystem(TUTORIAL_DIR);
    const [font] = system.fonts ?? [];
    expect(font).toMatchObject({ id: 'blackletter', label: 'Blankenburg', files: { regular: 'fonts/Blankenburg.ttf' } });
    expect(Object.keys(font.faces)).toEqual(['regular']);
    expect(font.faces.regular.sha256).toBe(FONT_SHA);
    expect(font.faces.regular.metrics).toEqual(fontMetricsOf(fontkit.openSync(FONT_FILE), { kerning: true }));
    expect(font.faces.regular.metrics.unitsPerEm).toBe(1000);
  });

  it("measures like the generated metrics of the app's own fonts (one measuring code)", () => {
    const inter = fontMetricsOf(fontkit.openSync(join(FONTS_DIR, 'Inter-Bold.ttf')), { kerning: true });
    expect(inter).toEqual(FONT_METRICS['Inter-Bold.ttf']);
  });

  const refusals: [
    what: string,
    editSystem: ((json: Record<string, unknown>) => void) | undefined,
    editFiles: ((dir: string) => void) | undefined,
    message: string,
  ][] = [
    [
      'a missing file',
      (json: Record<string, unknown>) => (fontsOf(json)[0].files.regular = 'fonts/Missing.ttf'),
      undefined,
      'lantern-watch/system.json at /fonts/0/files/regular: the file "fonts/Missing.ttf" does not exist',
    ],
    [
      'a file that is no font',
      undefined,
      (dir: string) => writeFileSync(join(dir, 'fonts/Blankenburg.ttf'), 'This is a text file, not a font.\n'.repeat(40)),
      'lantern-watch/system.json at /fonts/0/files/regular: "fonts/Blankenburg.ttf" is not a font file Cardwright can read (Unknown font format)',
    ],
    [
      'a file over the size limit',
      undefined,
      (dir: string) => writeFileSync(join(dir, 'fonts/Blankenburg.ttf'), Buffer.alloc(6 * 1024 * 1024)),
      'lantern-watch/system.json at /fonts/0/files/regular: "fonts/Blankenburg.ttf" is 6.0 MB; a game font file may be at most 5.0 MB',
    ],
    [
      'a path outside the game folder',
      (json: Record<string, unknown>) => (fontsOf(json)[0].files.bold = '../other/Font.ttf'),
      undefined,
      'lantern-watch/system.json at /fonts/0/files/bold: "../other/Font.ttf" points outside the system folder',
    ],
    [
      'a file that is not .ttf or .otf',
      (json: Record<string, unknown>) => (fontsOf(json)[0].files.regular = 'fonts/Blankenburg.woff2'),
      undefined,
      'lantern-watch/system.json at /fonts/0/files/regular: must match pattern "\\.([Tt][Tt][Ff]|[Oo][Tt][Ff])$"',
    ],
    [
      'a license without text or file',
      (json: Record<string, unknown>) => (fontsOf(json)[0].license = { name: 'SIL Open Font License 1.1' }),
      undefined,
      'lantern-watch/system.json at /fonts/0/license: give the license\'s text ("text") or a text file of the game folder holding it ("file")',
    ],
    [
      'a missing license file',
      (json: Record<string, unknown>) => (fontsOf(json)[0].license.file = 'fonts/LICENSE.txt'),
      undefined,
      'lantern-watch/system.json at /fonts/0/license/file: the file "fonts/LICENSE.txt" does not exist',
    ],
    [
      'two fonts with one id',
      (json: Record<string, unknown>) => fontsOf(json).push({ ...fontsOf(json)[0], label: 'Again' }),
      undefined,
      'lantern-watch/system.json at /fonts/1/id: another font of this game already has the id "blackletter"',
    ],
  ];

  it.each(refusals)('refuses %s, naming file, JSON path and reason', (_what, editSystem, editFiles, message) => {
    const dir = tutorialCopy({ system: editSystem });
    editFiles?.(dir);
    expect(loadError(dir)).toBe(message);
  });

  it('refuses a text element naming a font the game does not have', () => {
    const dir = tutorialCopy({
      layouts: (json) => ((json.lantern.elements[2] as TextElement).family = 'gothic'),
    });
    const message = 'lantern-watch/layouts.json at /lantern/elements/2/family: no font named "gothic" (fonts: blackletter)';
    expect(loadError(dir)).toBe(message);
    expect(DOCS).toContain(message);
    const noFonts = tutorialCopy({
      system: (json) => delete json.fonts,
    });
    expect(loadError(noFonts)).toBe(
      'lantern-watch/layouts.json at /lantern/elements/2/family: no font named "blackletter" (the game declares no "fonts" in system.json)',
    );
  });

  it('quotes real messages in the docs', () => {
    for (const [, , , message] of refusals.slice(0, 3)) expect(DOCS).toContain(message);
  });

  it('takes the license inline too', () => {
    const dir = tutorialCopy({
      system: (json) =>
        (fontsOf(json)[0].license = { name: 'SIL Open Font License 1.1', text: 'Copyright 2009 Peter Wiegel. OFL 1.1.' }),
    });
    expect(loadGameSystem(dir).fonts?.[0].license.text).toMatch(/^Copyright/);
  });
});

describe('layout in a game font', () => {
  const system = loadGameSystem(TUTORIAL_DIR);
  const metrics = system.fonts![0].faces.regular.metrics;
  const stack = textFontStack(system.fonts, 'blackletter', 'regular');

  it("measures with the game font's widths", () => {
    // Blankenburg has no kerning: a line is exactly the sum of its advances.
    const font = fontkit.openSync(FONT_FILE);
    const shaped = (font.layout('Ada Wickfield').advanceWidth / metrics.unitsPerEm) * 11 * PT_TO_MM;
    expect(measureText('Ada Wickfield', 11, stack)).toBeCloseTo(shaped, 9);
    expect(measureText('Ada Wickfield', 11, stack)).not.toBeCloseTo(measureText('Ada Wickfield', 11), 1);
  });

  it('sets the name in the game font and places what follows by its widths', () => {
    const [name, ...rest] = textOps(layoutCard(system, lantern('Ada Wickfield 漢 🐉')).ops);
    expect(name).toMatchObject({ text: 'Ada Wickfield ', gameFontFile: FONT_SHA, font: 'regular', size: 11 });
    expect(rest[0]).toMatchObject({ text: '漢', fallback: 'cjk' });
    expect(rest[0].gameFontFile).toBeUndefined();
    expect(rest[0].x).toBeCloseTo(name.x + measureText('Ada Wickfield ', 11, stack), 2);
    expect(rest.find((op) => op.text === '🐉')).toMatchObject({ fallback: 'emoji' });
    // Other elements stay in Inter.
    expect(rest.find((op) => op.text.startsWith('Lantern'))?.gameFontFile).toBeUndefined();
    expect(layoutCardBack(system).ops).toContainEqual(expect.objectContaining({ text: 'Lantern Watch', gameFontFile: FONT_SHA }));
  });

  it('falls back to Inter for letters the game font lacks, then warns for what no font draws', () => {
    const drawing = layoutCard(system, lantern('Wolf Жар ᚠ'));
    const ops = textOps(drawing.ops).slice(0, 4);
    // Blankenburg has no Cyrillic and no □ (the mark for what no font draws): Inter sets them.
    expect(ops.map((op) => [op.text, op.gameFontFile ?? op.fallback ?? 'card'])).toEqual([
      ['Wolf ', FONT_SHA],
      ['Жар', 'card'],
      [' ', FONT_SHA],
      ['□', 'card'],
    ]);
    expect(drawing.warnings?.map((warning) => warning.code)).toEqual(['missing-glyphs']);
  });

  it('sets a face the font has no file for in the regular file, asking for the face (never synthesized)', () => {
    const bold: GameSystem = {
      ...system,
      layouts: {
        ...system.layouts,
        lantern: {
          ...system.layouts.lantern,
          elements: system.layouts.lantern.elements.map((element, i) =>
            i === 2 ? { ...element, font: 'bold' as const } : element,
          ),
        },
      },
    };
    const [name] = textOps(layoutCard(bold, lantern('Ada')).ops);
    expect(name).toMatchObject({ text: 'Ada', font: 'bold', gameFontFile: FONT_SHA });
    expect(measureText('Ada', 11, textFontStack(system.fonts, 'blackletter', 'bold'))).toBe(measureText('Ada', 11, stack));
  });
  it("sets a keyword's reminder in the game font's italic face (its regular file when it has no italic)", () => {
    const defs = system.definitions as Record<string, { oneOf: Record<string, unknown>[] }>;
    const keyword = {
      ...defs.keyword,
      oneOf: defs.keyword.oneOf.map((kw, i) => (i === 0 ? { ...kw, 'x-reminder': 'Light +{x}.' } : kw)),
    };
    const keywordLine = (element: LayoutElement) =>
      element.kind === 'text' && element.text === '{keywords}' ? { ...element, family: 'blackletter', reminders: true } : element;
    const withReminders: GameSystem = {
      ...system,
      definitions: { ...system.definitions, keyword },
      cardTypes: system.cardTypes.map((cardType) => ({
        ...cardType,
        schema: { ...cardType.schema, $defs: { ...cardType.schema.$defs, keyword } },
      })),
      layouts: {
        ...system.layouts,
        lantern: { ...system.layouts.lantern, elements: system.layouts.lantern.elements.map(keywordLine) },
      },
    };
    const ops = textOps(layoutCard(withReminders, { ...lantern('Ada'), keywords: [{ kw: 'Glow', x: 2 }] }).ops);
    const reminder = ops.find((op) => op.text.includes('Light'));
    expect(reminder).toMatchObject({ font: 'italic', gameFontFile: FONT_SHA });
    expect(ops.find((op) => op.text.startsWith('Glow'))).toMatchObject({ font: 'bold', gameFontFile: FONT_SHA });
  });
});

describe('game fonts in the preview', () => {
  it('names each game font file its own Cardwright family, which no installed font has', () => {
    expect(familyOf({ gameFontFile: FONT_SHA })).toBe(`"Cardwright Game ${FONT_SHA.slice(0, 16)}"`);
    expect(familyOf({ fallback: 'cjk' })).toBe('Cardwright CJK');
    expect(familyOf({})).toBe('Inter');
  });
});

describe('game fonts in the PDF', () => {
  const system = loadGameSystem(TUTORIAL_DIR);
  const print = { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 3, cutGuides: 'none', faces: 'both' } as const;

  it('embeds the game font and prints the name in it', async () => {
    const sheet = await renderPrintSheet({
      items: [{ system, doc: lantern('Old Tam'), copies: 2 }],
      print,
      fontsDir: FONTS_DIR,
      title: 't',
      gameFonts: new Map([[FONT_SHA, readFileSync(FONT_FILE)]]),
    });
    const path = join(tmpDir(), 'card.pdf');
    writeFileSync(path, sheet.bytes);
    const fonts = execFileSync('pdffonts', [path], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2)
      .map((row) => row.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, ''));
    expect(fonts).toContain('BlankenburgUNZ1A');
    // One embedded copy for the fronts and the back's title alike.
    expect(fonts.filter((font) => font === 'BlankenburgUNZ1A')).toHaveLength(1);
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Old Tam');
    expect(text).toContain('Lantern Watch');
  });

  it('registers the game font file once per document', async () => {
    const doc = createPrintDocument({ autoFirstPage: false, size: [200, 300], margin: 0 });
    const fonts = PdfFonts.register(doc, await readPrintFonts(FONTS_DIR), new Map([[FONT_SHA, readFileSync(FONT_FILE)]]));
    const drawing = layoutCard(system, lantern('Ada Wickfield'));
    const box = { x: 0, y: 0, w: drawing.widthMm, h: drawing.heightMm };
    doc.addPage({ size: [200, 300], margin: 0 });
    for (let i = 0; i < 10; i++)
      paintCardDrawing(doc, drawing, { index: 0, row: 0, column: 0, trim: box, bleed: box }, fonts, 'c');
    const faces = new Set(textOps(drawing.ops).map((op) => `${op.font}/${op.fallback ?? ''}/${op.gameFontFile ?? ''}`));
    faces.add('regular//'); // register() selects the card font's regular face
    expect((doc as unknown as { _fontCount: number })._fontCount).toBe(faces.size);
    doc.end();
  });
});

describe('game fonts through the API and in bundles', () => {
  function open(dataDir = tmpDir()): ReturnType<typeof apiCaller> {
    const app = openCardwright({ dataDir, systemsDir: tmpDir(), samplesDir: tmpDir(), fontsDir: FONTS_DIR });
    opened.push(app);
    return apiCaller(app);
  }
  const bundleText = readFileSync(BUNDLE_FILE, 'utf8');

  it('serves a face to the preview (a missing face gets the regular file) and prints with it', async () => {
    const call = open();
    const imported = await call('importSystem', { fileName: 'lw.json', text: bundleText });
    const blob = await call('getGameFont', { systemId: 'lantern-watch', fontId: 'blackletter', face: 'bold' });
    expect(blob).toMatchObject({ fileName: 'Blankenburg.ttf', mimeType: 'font/ttf' });
    expect(Buffer.from(blob.bytes).equals(readFileSync(FONT_FILE))).toBe(true);
    const missing = await failure(call('getGameFont', { systemId: 'lantern-watch', fontId: 'gothic', face: 'regular' }));
    expect([missing.code, missing.message]).toEqual(['NOT_FOUND', 'Lantern Watch has no font "gothic" (fonts: "blackletter")']);

    const { cards } = await call('searchCards', { systemId: 'lantern-watch', query: 'Cinder Jar' });
    const pdf = await call('exportPdf', { source: { kind: 'cards', cardIds: [cards[0].id] }, print: {} });
    const path = join(tmpDir(), 'cards.pdf');
    writeFileSync(path, pdf.bytes);
    expect(execFileSync('pdffonts', [path], { encoding: 'utf8' })).toContain('BlankenburgUNZ1A');
    expect(imported.sets[0].imported).toBeGreaterThan(0);
  });

  it('exports the font and its license into the bundle and restores them on import', async () => {
    const from = open();
    await from('importSystem', { fileName: 'lw.json', text: bundleText });
    const exported = await from('exportSystem', { systemId: 'lantern-watch' });
    const json = JSON.parse(new TextDecoder().decode(exported.bytes)) as {
      formatVersion: number;
      system: { fontFiles: Record<string, string> };
    };
    expect(json.formatVersion).toBe(3);
    expect(Object.keys(json.system.fontFiles).sort()).toEqual(['fonts/Blankenburg.ttf', 'fonts/OFL.txt']);
    expect(Buffer.from(json.system.fontFiles['fonts/Blankenburg.ttf'], 'base64').equals(readFileSync(FONT_FILE))).toBe(true);

    const dataDir = tmpDir();
    const to = open(dataDir);
    await to('importSystem', { fileName: 'again.json', text: new TextDecoder().decode(exported.bytes) });
    const system = await to('getSystem', { systemId: 'lantern-watch' });
    expect(system.fonts?.[0].faces.regular.sha256).toBe(FONT_SHA);
    expect(readFileSync(join(dataDir, 'systems/lantern-watch/fonts/OFL.txt'), 'utf8')).toMatch(/SIL OPEN FONT LICENSE/);
  });

  it('refuses a bundle with a broken font or a stray file, installing nothing', async () => {
    const call = open();
    const broken = JSON.parse(bundleText) as { system: { fontFiles: Record<string, string> } };
    broken.system.fontFiles['fonts/Blankenburg.ttf'] = Buffer.from('not a font at all').toString('base64');
    const error = await failure(call('importSystem', { fileName: 'lw.json', text: JSON.stringify(broken) }));
    expect([error.code, error.message]).toEqual([
      'INVALID_FILE',
      'lw.json: the game system is not valid: lantern-watch/system.json at /fonts/0/files/regular: "fonts/Blankenburg.ttf" is not a font file Cardwright can read (Unknown font format)',
    ]);

    const stray = JSON.parse(bundleText) as { system: { fontFiles: Record<string, string> } };
    stray.system.fontFiles['fonts/Extra.otf'] = stray.system.fontFiles['fonts/Blankenburg.ttf'];
    expect((await failure(call('importSystem', { fileName: 'lw.json', text: JSON.stringify(stray) }))).message).toBe(
      'lw.json: system.fontFiles: "fonts/Extra.otf" is no file the game\'s fonts name (system.json "fonts": files and license files)',
    );

    const unsafe = JSON.parse(bundleText) as { system: { fontFiles: Record<string, string> } };
    unsafe.system.fontFiles['../evil.ttf'] = 'AAAA';
    expect((await failure(call('importSystem', { fileName: 'lw.json', text: JSON.stringify(unsafe) }))).message).toBe(
      'lw.json: system.fontFiles: "../evil.ttf" is not a relative path to a font (.ttf, .otf) or license (.txt, .md) file inside the system folder',
    );
    expect((await call('listSystems', {})).map((system) => system.id)).not.toContain('lantern-watch');
  });
});
