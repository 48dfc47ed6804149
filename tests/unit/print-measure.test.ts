// The PDF measured as a print shop and a printer would: boxes, viewer preferences and backs stored
// once (structure), qpdf clean (qpdf as WebAssembly), and one 600 dpi raster per layout (the separate backs file too) locating card edges and bleed
// to confirm the sheet plan within 0.1 mm (the plan itself is checked for every paper × card
// size in sheet-plan.test.ts).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDrawing } from '../../card-schema/layout/format';
import { DEFAULT_PRINT_OPTIONS, type PrintOptions } from '../../card-schema/print/print-options';
import { placeOnBackPage, planPages, planSheet } from '../../card-schema/print/sheet-plan';
import type { BoxMm } from '../../card-schema/print/sheet-slots';
import { MM_TO_PT } from '../../src-main/pdf/imposition';
import { renderDrawingSheet, type PrintCard } from '../../src-main/pdf/print-sheet';
import { qpdfCheck } from '../support/pdf-check';

const FONTS_DIR = resolve(__dirname, '../../resources/fonts');
const POKER = { widthMm: 63, heightMm: 88 };
const DPI = 600;
const TOLERANCE_MM = 0.1;
const INSET = 0.5;
const workDir = mkdtempSync(join(tmpdir(), 'cardwright-print-measure-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * Gray bleed (the background continues into it) round a black face inset 0.5 mm from the cut, so
 * touching neighbours stay apart in the raster.
 */
function measuredCard(label: string): CardDrawing {
  return {
    widthMm: 63,
    heightMm: 88,
    ops: [
      { op: 'rect', x: 0, y: 0, w: 63, h: 88, radius: 0, fill: '#808080' },
      { op: 'rect', x: INSET, y: INSET, w: 63 - 2 * INSET, h: 88 - 2 * INSET, radius: 0, fill: '#000000' },
      { op: 'text', x: 5, y: 10, text: label, size: 9, color: '#ffffff', font: 'regular' },
    ],
  } as CardDrawing;
}

const cards = (count: number): PrintCard[] =>
  Array.from({ length: count }, (_, i) => ({
    label: `Card ${i + 1}`,
    size: POKER,
    front: measuredCard(`F${i + 1}`),
    back: BACK,
  }));
const BACK = measuredCard('Back');
const options = (overrides: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, ...overrides });

let counter = 0;
async function exportPdf(count: number, print: PrintOptions) {
  const result = await renderDrawingSheet({ cards: cards(count), print, fontsDir: FONTS_DIR, title: 'Measured' });
  const path = join(workDir, `sheet-${++counter}.pdf`);
  writeFileSync(path, result.bytes);
  let backsPath: string | undefined;
  if (result.backsBytes) {
    backsPath = join(workDir, `sheet-${counter}-backs.pdf`);
    writeFileSync(backsPath, result.backsBytes);
  }
  return { ...result, path, backsPath };
}

interface Raster {
  width: number;
  height: number;
  pixel(x: number, y: number): number;
}

function rasterize(pdf: string, page: number): Raster {
  const out = join(workDir, `raster-${++counter}`);
  execFileSync('pdftoppm', ['-gray', '-r', String(DPI), '-f', String(page), '-l', String(page), '-singlefile', pdf, out]);
  const data = readFileSync(`${out}.pgm`);
  rmSync(`${out}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote no PGM');
  const [width, height, offset] = [Number(header[1]), Number(header[2]), header[0].length];
  return { width, height, pixel: (x, y) => data[offset + y * width + x] };
}

const px = (mm: number) => (mm / 25.4) * DPI;
const mm = (pixels: number) => (pixels / DPI) * 25.4;

/** Runs of pixels darker than `threshold` along a row (or column), longer than 10 mm, in mm. */
function runs(raster: Raster, along: 'row' | 'column', atMm: number, threshold: number): { start: number; end: number }[] {
  const fixed = Math.round(px(atMm));
  const length = along === 'row' ? raster.width : raster.height;
  const found: { start: number; end: number }[] = [];
  let start = -1;
  for (let i = 0; i <= length; i++) {
    const dark = i < length && (along === 'row' ? raster.pixel(i, fixed) : raster.pixel(fixed, i)) < threshold;
    if (dark && start < 0) start = i;
    if (!dark && start >= 0) {
      if (mm(i - start) > 10) found.push({ start: mm(start), end: mm(i) });
      start = -1;
    }
  }
  return found;
}

/** The cut box of the card whose face contains (x, y): its black face grown by the inset. */
function measureAt(raster: Raster, x: number, y: number): BoxMm {
  const pick = (list: { start: number; end: number }[], at: number) => list.find((run) => run.start <= at && run.end >= at);
  const h = pick(runs(raster, 'row', y, 64), x);
  const v = pick(runs(raster, 'column', x, 64), y);
  if (!h || !v) throw new Error(`No card at ${x}, ${y} mm`);
  return { x: h.start - INSET, y: v.start - INSET, w: h.end - h.start + 2 * INSET, h: v.end - v.start + 2 * INSET };
}

/** The printed extent (bleed included) of the grid row and column through (x, y). */
function inkedExtent(raster: Raster, x: number, y: number): BoxMm {
  const pick = (list: { start: number; end: number }[], at: number) => list.find((run) => run.start <= at && run.end >= at);
  const h = pick(runs(raster, 'row', y, 200), x);
  const v = pick(runs(raster, 'column', x, 200), y);
  if (!h || !v) throw new Error(`No ink at ${x}, ${y} mm`);
  return { x: h.start, y: v.start, w: h.end - h.start, h: v.end - v.start };
}

function expectBox(measured: BoxMm, planned: BoxMm, what: string): void {
  for (const key of ['x', 'y', 'w', 'h'] as const) {
    expect(Math.abs(measured[key] - planned[key]), `${what} ${key}: ${measured[key]} vs ${planned[key]}`).toBeLessThanOrEqual(
      TOLERANCE_MM,
    );
  }
}

/** No ink within the margin band round the page. */
function expectMarginClear(raster: Raster, marginMm: number): void {
  const band = Math.floor(px(marginMm)) - 1;
  let ink = 0;
  for (let y = 0; y < raster.height; y += 2) {
    for (let x = 0; x < raster.width; x += 2) {
      const inBand = x < band || y < band || x >= raster.width - band || y >= raster.height - band;
      if (inBand && raster.pixel(x, y) < 250) ink++;
    }
  }
  expect(ink).toBe(0);
}

function boxes(pdf: string): { media: number[]; trim: number[]; bleed: number[] }[] {
  const text = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '999', pdf]).toString();
  const read = (name: string) =>
    [...text.matchAll(new RegExp(`Page\\s+\\d+ ${name}:\\s+([\\d. ]+)`, 'g'))].map((m) => m[1].trim().split(/\s+/).map(Number));
  const [media, trim, bleed] = [read('MediaBox'), read('TrimBox'), read('BleedBox')];
  return media.map((m, i) => ({ media: m, trim: trim[i], bleed: bleed[i] }));
}

async function qpdfClean(pdf: string): Promise<string> {
  const check = await qpdfCheck(pdf);
  expect(check.code, check.output).toBe(0);
  return check.output;
}

describe('PDF structure', () => {
  it('has MediaBox, TrimBox and BleedBox on every page, PrintScaling None, the duplex flip, backs stored once, qpdf clean', async () => {
    const print = options({ faces: 'both', calibrationPage: true });
    const result = await exportPdf(20, print);
    const plan = planSheet(print, POKER, 20);
    expect(result.pages).toBe(plan.pages);
    expect(result.used).toMatchObject({
      paper: 'A4',
      columns: 3,
      rows: 3,
      perPage: 9,
      bleed: { xMm: 3, yMm: 3 },
      marginMm: 5,
      notes: [],
    });
    const pages = [...planPages(plan)];
    const found = boxes(result.path);
    expect(found).toHaveLength(plan.pages);
    found.forEach((page, i) => {
      expect(Math.abs(page.media[2] - 595.276)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(page.media[3] - 841.89)).toBeLessThanOrEqual(0.05);
      if (pages[i].placements.length === 0) return;
      const trim = pages[i].trimBox;
      expect(page.trim[0]).toBeCloseTo(trim.x * MM_TO_PT, 2);
      expect(page.trim[3]).toBeCloseTo((297 - trim.y) * MM_TO_PT, 2);
      expect(page.bleed[0]).toBeCloseTo(pages[i].bleedBox.x * MM_TO_PT, 2);
      expect(page.bleed[0]).toBeLessThanOrEqual(page.trim[0]);
    });
    const raw = readFileSync(result.path).toString('latin1');
    expect(raw).toMatch(/\/PrintScaling \/None/);
    expect(raw).toMatch(/\/Duplex \/DuplexFlipLongEdge/);
    // One back drawing: one form XObject, placed 20 times.
    expect(raw.match(/\/Subtype \/Form/g)).toHaveLength(1);
    expect(await qpdfClean(result.path)).toMatch(/No syntax or stream encoding errors/);
    const fonts = execFileSync('pdffonts', [result.path]).toString().trim().split('\n').slice(2);
    for (const row of fonts) {
      expect(row).toMatch(/^[A-Z]{6}\+/); // subset
      expect(row.split(/\s+/).slice(-5, -4)[0]).toBe('yes'); // embedded
    }
  });

  it('one card per page: page = card + bleed, TrimBox = card; separate backs go to a second file', async () => {
    const perPage = await exportPdf(2, options({ layout: 'card-per-page', faces: 'both', bleedMm: 2 }));
    expect(perPage.pages).toBe(4);
    for (const page of boxes(perPage.path)) {
      expect(page.media[2]).toBeCloseTo(67 * MM_TO_PT, 1);
      expect(page.trim).toEqual(
        [2, 2, 65, 90].map((v) => Math.round(v * MM_TO_PT * 1000) / 1000).map((v) => expect.closeTo(v, 2)),
      );
    }
    expect(await qpdfClean(perPage.path)).toMatch(/No syntax or stream encoding errors/);
    const separate = await exportPdf(10, options({ layout: 'separate-backs', faces: 'both' }));
    expect([separate.pages, separate.backPages]).toEqual([2, 2]);
    expect(separate.backsPath).toBeDefined();
    expect(await qpdfClean(separate.backsPath ?? '')).toMatch(/No syntax or stream encoding errors/);
    expect(
      readFileSync(separate.backsPath ?? '')
        .toString('latin1')
        .match(/\/Subtype \/Form/g),
    ).toHaveLength(1);
  });
});

describe('measured at 600 dpi', () => {
  it('duplex long-edge: fronts and their size, pitch and bleed; backs mirrored plus the offset; the margin clear', async () => {
    // Letter 3 × 3 portrait fits with a 0.6 mm bleed (the whole 3 mm gives 4 × 2 landscape).
    const print = options({
      paper: 'Letter',
      orientation: 'portrait',
      bleedMm: 0.6,
      faces: 'both',
      backOffsetXMm: 1.2,
      backOffsetYMm: -0.7,
      guidesOnBacks: false,
    });
    const plan = planSheet(print, POKER, 9);
    const result = await exportPdf(9, print);
    const front = rasterize(result.path, 1);
    for (const slot of plan.frontSlots)
      expectBox(measureAt(front, slot.trim.x + 31.5, slot.trim.y + 44), slot.trim, `front ${slot.index}`);
    // The bleed round the grid, as planned.
    const grid = plan.frontSlots;
    const planned = {
      x: grid[0].bleed.x,
      y: grid[0].bleed.y,
      w: grid[8].bleed.x + grid[8].bleed.w - grid[0].bleed.x,
      h: grid[8].bleed.y + grid[8].bleed.h - grid[0].bleed.y,
    };
    expectBox(inkedExtent(front, grid[4].trim.x + 31.5, grid[4].trim.y + 44), planned, 'grid bleed');
    expectMarginClear(front, plan.marginMm);
    const back = rasterize(result.path, 2);
    for (const index of [0, 5]) {
      const planned = placeOnBackPage(plan.backSlots[index].trim, plan.paper, plan.backTransform);
      const found = measureAt(back, planned.x + 31.5, planned.y + 44);
      expectBox(found, planned, `back ${index}`);
      // Behind its front once turned over the long edge: columns mirrored, plus the offset.
      const frontTrim = plan.frontSlots[index].trim;
      expect(Math.abs(found.x - (215.9 - frontTrim.x - 63 + 1.2))).toBeLessThanOrEqual(TOLERANCE_MM);
      expect(Math.abs(found.y - (frontTrim.y - 0.7))).toBeLessThanOrEqual(TOLERANCE_MM);
    }
  });

  it('duplex short-edge: backs in the same columns, rows reversed, plus the offset', async () => {
    const print = options({ paper: 'A4', faces: 'both', layout: 'duplex-short', backOffsetXMm: -0.8, backOffsetYMm: 1.5 });
    const plan = planSheet(print, POKER, 9);
    const result = await exportPdf(9, print);
    const back = rasterize(result.path, 2);
    for (const index of [0, 4, 7]) {
      const planned = placeOnBackPage(plan.backSlots[index].trim, plan.paper, plan.backTransform);
      const found = measureAt(back, planned.x + 31.5, planned.y + 44);
      expectBox(found, planned, `back ${index}`);
      // Behind its front once turned over the short edge: rows mirrored, plus the offset.
      const frontTrim = plan.frontSlots[index].trim;
      expect(Math.abs(found.x - (frontTrim.x - 0.8))).toBeLessThanOrEqual(TOLERANCE_MM);
      expect(Math.abs(found.y - (297 - frontTrim.y - 88 + 1.5))).toBeLessThanOrEqual(TOLERANCE_MM);
    }
    expectMarginClear(back, plan.marginMm);
  });

  it('separate backs: the fronts file as planned; the backs file mirrored for long-edge duplex, plus the offset', async () => {
    const print = options({ layout: 'separate-backs', faces: 'both', backOffsetXMm: 0.6, backOffsetYMm: 1.1 });
    const plan = planSheet(print, POKER, 9);
    const result = await exportPdf(9, print);
    expect([result.pages, result.backPages]).toEqual([1, 1]);
    const front = rasterize(result.path, 1);
    for (const slot of plan.frontSlots)
      expectBox(measureAt(front, slot.trim.x + 31.5, slot.trim.y + 44), slot.trim, `front ${slot.index}`);
    const back = rasterize(result.backsPath ?? '', 1);
    for (const index of [0, 4, 8]) {
      const planned = placeOnBackPage(plan.backSlots[index].trim, plan.paper, plan.backTransform);
      const found = measureAt(back, planned.x + 31.5, planned.y + 44);
      expectBox(found, planned, `back ${index}`);
      const frontTrim = plan.frontSlots[index].trim;
      expect(Math.abs(found.x - (210 - frontTrim.x - 63 + 0.6))).toBeLessThanOrEqual(TOLERANCE_MM);
      expect(Math.abs(found.y - (frontTrim.y + 1.1))).toBeLessThanOrEqual(TOLERANCE_MM);
    }
    expectMarginClear(front, plan.marginMm);
    expectMarginClear(back, plan.marginMm);
  });

  it('one card per page: the card and its bleed fill the page, the cut exactly where the TrimBox says', async () => {
    const result = await exportPdf(1, options({ layout: 'card-per-page', faces: 'fronts', bleedMm: 3 }));
    const page = rasterize(result.path, 1);
    expectBox(measureAt(page, 3 + 31.5, 3 + 44), { x: 3, y: 3, w: 63, h: 88 }, 'card');
    expectBox(inkedExtent(page, 3 + 31.5, 3 + 44), { x: 0, y: 0, w: 69, h: 94 }, 'card with bleed');
  });

  it('gutterfold: fronts left, backs mirrored across the fold, within the margin', async () => {
    const print = options({ layout: 'gutterfold', faces: 'both', cutGuides: 'lines' });
    const plan = planSheet(print, POKER, 4);
    const result = await exportPdf(4, print);
    const page = rasterize(result.path, 1);
    const [first] = [...planPages(plan)];
    for (const { slot } of first.placements) {
      expectBox(measureAt(page, slot.trim.x + 31.5, slot.trim.y + 44), slot.trim, `slot ${slot.index}`);
    }
    expectMarginClear(page, plan.marginMm);
  });
});
