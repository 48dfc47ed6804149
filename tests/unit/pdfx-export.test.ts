// The press-ready ("pdfx") print profile: a PDF/X-4 document in CMYK through the embedded output
// profile, within the total ink limit, with art converted to CMYK JPEG. No PDF/X validator runs
// on Node or comes from Debian (veraPDF checks PDF/A and PDF/UA only, and is Java), so the tests
// check the structure PDF/X asks for, object by object, plus the pixels and the printed colours.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardDrawing } from '../../card-schema/layout/format';
import type { CardDocument } from '../../card-schema/system/format';
import { DEFAULT_PRINT_OPTIONS, type PrintOptions } from '../../card-schema/print/print-options';
import { expandItems, renderDrawingSheet, type PrintCard } from '../../src-main/pdf/print-sheet';
import { limitInk, limitInkInPixels } from '../../src-main/pdf/pdfx/ink-limit';
import { loadCmykProfile } from '../../src-main/pdf/pdfx/cmyk-profile';
import { MAX_CMYK_PIXELS, toCmykArt } from '../../src-main/pdf/pdfx/cmyk-images';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { exportPdfCommand } from '../../src-main/cli/export-commands';
import { qpdfCheck } from '../support/pdf-check';
import { xpathValue } from '../support/xml-check';
import { uncompressedPdf } from '../support/pdf-uncompress';

const FONTS_DIR = resolve(import.meta.dirname, '../../resources/fonts');
const PNG_ID = 'a'.repeat(64);
const JPEG_ID = 'b'.repeat(64);
const INK_LIMIT = 240;
/** Characters XML must escape: the XMP metadata PDF/X requires has to stay well-formed. */
const TITLE = 'Fire & <Ice>';
const workDir = mkdtempSync(join(tmpdir(), 'cw-pdfx-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Half-transparent green round a deep blue-black square: transparency to keep, and ink to limit. */
async function alphaPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#00aa44" fill-opacity="0.5"/><rect x="50" y="50" width="200" height="200" fill="#101040"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A photo-like JPEG: noisy rich blacks and dark colours on top (the hardest case for the ink limit), red below. */
async function photoJpeg(): Promise<Buffer> {
  const [width, height] = [320, 240];
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const dark = y < height / 2;
      pixels[at] = dark ? Math.floor(random() * 60) : 208;
      pixels[at + 1] = dark ? Math.floor(random() * 40) : 16;
      pixels[at + 2] = dark ? Math.floor(random() * 80) : 16;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const image = (id: string, x: number, y: number) =>
  ({
    op: 'image',
    x,
    y,
    w: 25,
    h: 30,
    radius: 2,
    image: id,
    field: 'art',
    fit: 'cover',
    focusX: 0.5,
    focusY: 0.5,
    zoom: 1,
  }) as const;

/** A card with a gradient background, a deep colour over the ink limit, a translucent band, black text and both pictures. */
function artCard(): PrintCard {
  const front: CardDrawing = {
    widthMm: 63,
    heightMm: 88,
    cornerRadiusMm: 3,
    ops: [
      { op: 'rect', x: 0, y: 0, w: 63, h: 88, radius: 0, fill: { from: '#2050c0', to: '#f0c020', angle: 90 } },
      { op: 'rect', x: 4, y: 4, w: 55, h: 10, radius: 0, fill: '#1a0a3a' },
      { op: 'rect', x: 4, y: 50, w: 55, h: 8, radius: 0, fill: '#00000080' },
      image(PNG_ID, 4, 16),
      image(JPEG_ID, 34, 16),
    ],
  };
  return { label: 'Art card', size: { widthMm: 63, heightMm: 88 }, front };
}

/** Three OSMCG sample cards as the game lays them out (text, symbols, translucency, gradients), with their backs. */
function sampleCards(): PrintCard[] {
  const osmcg = loadGameSystem(resolve(import.meta.dirname, '../../card-schema/systems/osmcg'));
  const set = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../resources/samples/osmcg/core-set.json'), 'utf8')) as {
    cards: { doc: CardDocument }[];
  };
  return expandItems(
    set.cards.slice(0, 3).map(({ doc }) => ({ system: osmcg, doc, copies: 1 })),
    { withBacks: true },
  );
}

const PRINT: PrintOptions = {
  ...DEFAULT_PRINT_OPTIONS,
  paper: 'A4',
  layout: 'card-per-page',
  bleedMm: 3.175,
  faces: 'both',
  cutGuides: 'corners',
  calibrationPage: true,
  profile: 'pdfx',
  inkLimitPercent: INK_LIMIT,
};

async function exportCards(print: PrintOptions, name: string): Promise<{ path: string; bytes: Uint8Array }> {
  const [png, jpeg] = [await alphaPng(), await photoJpeg()];
  const art = artCard();
  const cards = [{ ...art, back: sampleCards()[0].back }, ...sampleCards()];
  const result = await renderDrawingSheet({
    cards,
    print,
    fontsDir: FONTS_DIR,
    title: TITLE,
    loadImages: async (ids) => new Map(ids.map((id) => [id, id === PNG_ID ? png : jpeg])),
  });
  const path = join(workDir, `${name}.pdf`);
  writeFileSync(path, result.bytes);
  return { path, bytes: result.bytes };
}

/** Every colour the content sets or shades with: the operands of scn/SCN/sc/SC and shading C0/C1. */
function colourOperands(qdf: string): number[][] {
  const colours: number[][] = [];
  for (const match of qdf.matchAll(/((?:-?[\d.]+\s+){1,4})(?:scn|SCN|sc|SC)\b/g)) {
    colours.push(match[1].trim().split(/\s+/).map(Number));
  }
  for (const match of qdf.matchAll(/\/C[01]\s*\[([^\]]*)\]/g)) colours.push(match[1].trim().split(/\s+/).map(Number));
  return colours;
}

/** toMatch/toContain on the whole PDF would print all of it on failure: these print the pattern only. */
function expectIn(text: string, pattern: string | RegExp): void {
  const found = typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
  expect(found, `PDF has ${pattern}`).toBe(true);
}
function expectNotIn(text: string, pattern: string | RegExp): void {
  const found = typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
  expect(found, `PDF has no ${pattern}`).toBe(false);
}

describe('press-ready (PDF/X-4) export', () => {
  let pdfx: { path: string; bytes: Uint8Array };
  let qdf: string;
  beforeAll(async () => {
    pdfx = await exportCards(PRINT, 'pdfx');
    qdf = await uncompressedPdf(pdfx.bytes);
  }, 60_000);

  it('is a well-formed PDF 1.6 that names itself PDF/X-4, untrapped, in its Info and its XMP', async () => {
    expect((await qpdfCheck(pdfx.path)).code).toBe(0);
    expect(qdf.slice(0, 8)).toBe('%PDF-1.6');
    expectIn(qdf, /\/GTS_PDFXVersion \d+ 0 R/);
    expectIn(qdf, '(PDF/X-4)');
    expectIn(qdf, /\/Trapped \d+ 0 R/);
    expectIn(qdf, /^\/False$/m);
    expectIn(qdf, /\/ModDate \d+ 0 R/);
    expectIn(qdf, '<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>');
    expectIn(qdf, '<pdf:Trapped>False</pdf:Trapped>');
    expectIn(qdf, '<xmpMM:RenditionClass>default</xmpMM:RenditionClass>');
    // The XMP is well-formed XML (libxml2 reads it) and carries the title and the PDF/X version.
    const xmp = /<\?xpacket begin[^]*?<\?xpacket end="w"\?>/.exec(qdf)?.[0] ?? '';
    const xmpPath = join(workDir, 'xmp.xml');
    writeFileSync(xmpPath, Buffer.from(xmp, 'latin1'));
    expect(xpathValue(xmpPath, "string(//*[local-name()='GTS_PDFXVersion'])")).toBe('PDF/X-4');
    expect(xpathValue(xmpPath, "string(//*[local-name()='title']//*[local-name()='li'])")).toBe(TITLE);
    expectIn(qdf, `(${TITLE})`);
    // The document ID PDF/X requires.
    expectIn(qdf, /\/ID \[<[0-9a-f]{32}>\s*<[0-9a-f]{32}>\]/i);
  });

  it('has an output intent with the embedded four-colour ICC profile', async () => {
    expectIn(qdf, /\/OutputIntents \[\s*<<[^]*?\/S \/GTS_PDFX[^]*?>>\s*\]/);
    expectIn(qdf, '/OutputConditionIdentifier (Custom)');
    const profileRef = /\/DestOutputProfile (\d+) 0 R/.exec(qdf)?.[1];
    expect(profileRef).toBeDefined();
    const profile = new RegExp(`\\n${profileRef} 0 obj\\s*<<([^]*?)>>\\s*stream\\n`).exec(qdf);
    expect(profile?.[1]).toMatch(/\/N 4\b/);
    const icc = (await loadCmykProfile()).icc;
    expect(icc.toString('latin1', 16, 20)).toBe('CMYK');
    expect(qdf.includes(icc.subarray(128, 1128).toString('latin1'))).toBe(true);
  });

  it('paints nothing in RGB, and every page has its TrimBox and BleedBox', () => {
    expectNotIn(qdf, 'DeviceRGB');
    expectNotIn(qdf, 'CalRGB');
    expectNotIn(qdf, /[\d.]+\s+[\d.]+\s+[\d.]+\s+(rg|RG)\b/);
    const pages = qdf.match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBe(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfx.path], { encoding: 'utf8' }))?.[1]));
    expect(qdf.match(/\/TrimBox \[/g)?.length).toBe(pages.length);
    expect(qdf.match(/\/BleedBox \[/g)?.length).toBe(pages.length);
    // Fonts are embedded (pdffonts' "emb" column).
    const fonts = execFileSync('pdffonts', [pdfx.path], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/\s(yes)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
  });

  it('keeps every vector colour within the ink limit, and black text black ink only', () => {
    const colours = colourOperands(qdf);
    expect(colours.filter((c) => c.length === 4).length).toBeGreaterThan(10);
    for (const colour of colours) {
      if (colour.length !== 4) continue;
      expect(
        colour.reduce((a, b) => a + b, 0),
        `${colour}`,
      ).toBeLessThanOrEqual(INK_LIMIT / 100 + 1e-9);
    }
    // Text, crop marks and the calibration page's black are K only (no rich black).
    expectIn(qdf, /\/DeviceCMYK cs\n0 0 0 1 scn/);
    expectIn(qdf, /\/DeviceCMYK CS\n0 0 0 1 SCN/);
    // The gradient is a CMYK shading.
    expectIn(qdf, /\/ColorSpace \/DeviceCMYK[^]*?\/ShadingType 2|\/ShadingType 2[^]*?\/ColorSpace \/DeviceCMYK/);
  });

  it('embeds every picture as a CMYK JPEG, with no pixel over the ink limit', async () => {
    const listed = execFileSync('pdfimages', ['-list', pdfx.path], { encoding: 'utf8' }).trim().split('\n').slice(2);
    const rows = listed.map((line) => line.trim().split(/\s+/));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // The PNG keeps its transparency as an 8-bit grey soft mask (PDF/X-4 allows it); every picture is a CMYK JPEG.
    const masks = rows.filter((row) => row[2] === 'smask');
    expect(masks.map((row) => ({ width: row[3], height: row[4], color: row[5], bpc: row[7] }))).toEqual([
      { width: '300', height: '400', color: 'gray', bpc: '8' },
    ]);
    for (const row of rows.filter((row) => row[2] === 'image')) {
      expect({ color: row[5], enc: row[8] }).toEqual({ color: 'cmyk', enc: 'jpeg' });
    }

    const out = join(workDir, 'img');
    execFileSync('pdfimages', ['-all', pdfx.path, out]);
    const files = readdirSync(workDir).filter((file) => file.startsWith('img-') && file.endsWith('.jpg'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const { data, info } = await sharp(join(workDir, file))
        .pipelineColourspace('cmyk')
        .toColourspace('cmyk')
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      let most = 0;
      for (let i = 0; i < data.length; i += 4) most = Math.max(most, data[i] + data[i + 1] + data[i + 2] + data[i + 3]);
      // In 8-bit levels, 255 being 100 % of one ink.
      expect(most, file).toBeLessThanOrEqual(Math.floor((INK_LIMIT / 100) * 255));
      // The dark parts of the art were really limited (they are near the limit, not far below).
      expect(most, file).toBeGreaterThan(((INK_LIMIT - 20) / 100) * 255);
    }
  });

  it('works with back-before-front page order for one card per page', async () => {
    const backFirst = await exportCards({ ...PRINT, cardPageOrder: 'back-front', calibrationPage: false }, 'back-front');
    const text = await uncompressedPdf(backFirst.bytes);
    expectIn(text, '/S /GTS_PDFX');
    expectNotIn(text, 'DeviceRGB');
    // Page 1 is the first card's back: no art on it; page 2, its front, shows both pictures.
    const rows = execFileSync('pdfimages', ['-list', backFirst.path], { encoding: 'utf8' }).trim().split('\n').slice(2);
    const onPage = (page: number) =>
      rows.map((row) => row.trim().split(/\s+/)).filter(([at, , type]) => at === String(page) && type === 'image').length;
    expect([onPage(1), onPage(2)]).toEqual([0, 2]);
  });

  it('prints colours close to the standard (RGB) export', async () => {
    const rgb = await exportCards({ ...PRINT, profile: 'standard' }, 'rgb');
    // Page 2 is the art card's front (page 1 is the calibration page).
    const render = async (path: string, name: string) => {
      execFileSync('pdftoppm', ['-r', '40', '-f', '2', '-l', '2', '-png', '-singlefile', path, join(workDir, name)]);
      return sharp(join(workDir, `${name}.png`))
        .raw()
        .toBuffer({ resolveWithObject: true });
    };
    const [a, b] = [await render(pdfx.path, 'pdfx-page'), await render(rgb.path, 'rgb-page')];
    expect(a.info.width).toBe(b.info.width);
    let total = 0;
    for (let i = 0; i < a.data.length; i++) total += Math.abs(a.data[i] - b.data[i]);
    const mean = total / a.data.length;
    expect(mean).toBeLessThan(25);
  });
});

describe('ink limits', () => {
  it('scales cyan, magenta and yellow down together and keeps black', () => {
    const [c, m, y, k] = limitInk([0.9, 0.8, 0.7, 0.9], 300);
    expect(k).toBe(0.9);
    expect(c + m + y + k).toBeCloseTo(3);
    expect(c / m).toBeCloseTo(0.9 / 0.8);
    expect(limitInk([0.2, 0.2, 0.2, 0.2], 240)).toEqual([0.2, 0.2, 0.2, 0.2]);
    const pixels = Uint8Array.from([255, 255, 255, 255, 10, 10, 10, 10]);
    limitInkInPixels(pixels, 240);
    expect(pixels[0] + pixels[1] + pixels[2] + pixels[3]).toBeLessThanOrEqual(612);
    expect([...pixels.subarray(4)]).toEqual([10, 10, 10, 10]);
  });
});

describe('export-pdf --help', () => {
  it('lists the print-shop profile and the ink limit, saying what they do', () => {
    const help = exportPdfCommand.help();
    const line = (flag: string) => help.split('\n').find((row) => row.trimStart().startsWith(flag)) ?? '';
    expect(line('--profile')).toMatch(/--profile standard\|pdfx\s+pdfx: press-ready PDF\/X-4 for a print shop/);
    expect(line('--ink-limit-percent')).toMatch(/200 to 400.*most ink \(C\+M\+Y\+K, %\)/);
  });
});

describe('art for the print-shop PDF', () => {
  it('scales very large art down before converting it, keeping its shape', async () => {
    // The real bound (24 MP) is tested at a hundredth of the size: the same code path, fast.
    const maxPixels = MAX_CMYK_PIXELS / 100;
    const huge = await sharp({ create: { width: 600, height: 450, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
    const { jpeg, alpha } = await toCmykArt(huge, 300, maxPixels);
    expect(alpha).toBeUndefined();
    const { width = 0, height = 0, space } = await sharp(jpeg).metadata();
    expect(space).toBe('cmyk');
    expect(width * height).toBeLessThanOrEqual(maxPixels);
    expect(width * height).toBeGreaterThan(maxPixels * 0.99);
    expect(width / height).toBeCloseTo(600 / 450, 2);
  });

  it('names the picture it cannot read', async () => {
    const cards = [artCard()];
    const failing = renderDrawingSheet({
      cards,
      print: { ...PRINT, faces: 'fronts', calibrationPage: false },
      fontsDir: FONTS_DIR,
      title: 'Broken art',
      loadImages: async (ids) => new Map(ids.map((id) => [id, Buffer.from('not a picture')])),
    });
    await expect(failing).rejects.toThrow(`Picture ${PNG_ID} could not be converted for the print-shop PDF`);
  });
});
