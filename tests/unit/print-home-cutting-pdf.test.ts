// Issue 33's home-cutting options measured in the exported PDF: rounded cut outlines (real curves,
// the corner cut away), registration marks where the plan puts them, skipped slots left blank,
// only the pages of a page range written, the calibration page on the paper for one card per
// page, and backs before fronts when asked.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDrawing } from '../../card-schema/layout/format';
import { DEFAULT_PRINT_OPTIONS, type PrintOptions } from '../../card-schema/print/print-options';
import { planPages, planSheet } from '../../card-schema/print/sheet-plan';
import { renderDrawingSheet, type PrintCard } from '../../src-main/pdf/print-sheet';
import { uncompressedPdf } from '../support/pdf-uncompress';

const FONTS_DIR = resolve(__dirname, '../../resources/fonts');
const POKER = { widthMm: 63, heightMm: 88 };
const DPI = 300;
const workDir = mkdtempSync(join(tmpdir(), 'cardwright-home-cutting-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A white card with its label in the middle, so guides and marks stand out. */
function card(label: string): CardDrawing {
  return {
    widthMm: 63,
    heightMm: 88,
    cornerRadiusMm: 3,
    ops: [
      { op: 'rect', x: 0, y: 0, w: 63, h: 88, radius: 0, fill: '#ffffff' },
      { op: 'text', x: 20, y: 44, text: label, size: 12, font: 'bold', color: '#000000' },
    ],
  };
}
const cards = (count: number): PrintCard[] =>
  Array.from({ length: count }, (_, i) => ({
    label: `Card ${i + 1}`,
    size: POKER,
    front: card(`Front${i + 1}`),
    back: card(`Back${i + 1}`),
  }));
const options = (overrides: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, ...overrides });

let counter = 0;
async function exportPdf(count: number, print: PrintOptions) {
  const result = await renderDrawingSheet({ cards: cards(count), print, fontsDir: FONTS_DIR, title: 'Home cutting' });
  const path = join(workDir, `sheet-${++counter}.pdf`);
  writeFileSync(path, result.bytes);
  return { ...result, path };
}

function rasterize(pdf: string, page: number) {
  const out = join(workDir, `raster-${++counter}`);
  execFileSync('pdftoppm', ['-gray', '-r', String(DPI), '-f', String(page), '-l', String(page), '-singlefile', pdf, out]);
  const data = readFileSync(`${out}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote no PGM');
  const [width, offset] = [Number(header[1]), header[0].length];
  const px = (mm: number) => Math.round((mm / 25.4) * DPI);
  /** The darkest pixel within 0.2 mm of (x, y) mm. */
  return (x: number, y: number) => {
    let darkest = 255;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) darkest = Math.min(darkest, data[offset + (px(y) + dy) * width + px(x) + dx]);
    return darkest;
  };
}

const pageTexts = (pdf: string, pages: number) =>
  Array.from({ length: pages }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), pdf, '-'])
      .toString()
      .trim(),
  );

function pdfPages(pdf: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1]);
}

describe('home cutting in the PDF', () => {
  it('outlines: each card’s cut line with rounded corners, drawn as curves', async () => {
    const print = options({ cutGuides: 'outlines', guideWidthPt: 1 });
    const result = await exportPdf(1, print);
    const trim = planSheet(print, POKER, 1).frontSlots[0].trim;
    const at = rasterize(result.path, 1);
    expect(at(trim.x + 31.5, trim.y)).toBeLessThan(128); // the top edge
    expect(at(trim.x, trim.y + 44)).toBeLessThan(128); // the left edge
    const inset = 3 * (1 - Math.SQRT1_2); // where a 3 mm arc crosses the corner's diagonal
    expect(at(trim.x + inset, trim.y + inset)).toBeLessThan(128);
    expect(at(trim.x, trim.y)).toBeGreaterThan(200); // the corner itself is cut away
    const content = await uncompressedPdf(result.bytes);
    expect(content.match(/ c\n/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
  });

  it('registration marks: the square and the L marks black where the plan puts them, fronts only', async () => {
    const print = options({ registrationMarks: true, faces: 'both' });
    const result = await exportPdf(4, print);
    const [fronts] = [...planPages(planSheet(print, POKER, 4))];
    const [square, topLeg, , bottomLeg] = fronts.registrationMarks;
    const front = rasterize(result.path, 1);
    expect(front(square.x + 2.5, square.y + 2.5)).toBeLessThan(64);
    expect(front(square.x + 0.3, square.y + 0.3)).toBeLessThan(64);
    expect(front(square.x - 0.6, square.y + 2.5)).toBeGreaterThan(200);
    expect(front(topLeg.x + 10, topLeg.y + 0.25)).toBeLessThan(64);
    expect(front(bottomLeg.x + 10, bottomLeg.y + 0.25)).toBeLessThan(64);
    const back = rasterize(result.path, 2);
    expect(back(square.x + 2.5, square.y + 2.5)).toBeGreaterThan(200);
  });

  it('skipped slots stay blank on fronts and backs; the cards start at the next slot', async () => {
    const print = options({ faces: 'both', skipSlots: 2, cutGuides: 'none' });
    const result = await exportPdf(3, print);
    const plan = planSheet(print, POKER, 3);
    expect(result.pages).toBe(2);
    const [front, back] = pageTexts(result.path, 2);
    expect(front.split(/\s+/)).toEqual(['Front1', 'Front2', 'Front3']);
    expect(back.split(/\s+/).sort()).toEqual(['Back1', 'Back2', 'Back3']);
    const words = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', result.path, '-']).toString();
    const xMin = Number(/xMin="([\d.]+)"[^>]*>Front1</.exec(words)?.[1]);
    const slot = plan.frontSlots[2].trim;
    expect(xMin / (72 / 25.4)).toBeGreaterThan(slot.x);
    expect(xMin / (72 / 25.4)).toBeLessThan(slot.x + slot.w);
  });

  it('writes only the pages of the range, calibration page counted', async () => {
    const print = options({ faces: 'both', calibrationPage: true, pageRange: '1,4-5' });
    const result = await exportPdf(18, print);
    expect(result.pages).toBe(3);
    expect(pdfPages(result.path)).toBe(3);
    const texts = pageTexts(result.path, 3);
    expect(texts[0]).toMatch(/Calibration page/);
    expect(texts[1]).toMatch(/Back1\b/); // page 4: the backs of sheet 1
    expect(texts[2]).toMatch(/Front10\b/); // page 5: the fronts of sheet 2
    await expect(exportPdf(18, options({ pageRange: '3-9' }))).rejects.toThrow(
      'Page range “3-9” asks for page 9, but the export has 2 pages.',
    );
  });

  it('one card per page: the calibration page is Letter with the whole ruler; back-front order', async () => {
    const print = options({
      paper: 'Letter',
      layout: 'card-per-page',
      faces: 'both',
      calibrationPage: true,
      cardPageOrder: 'back-front',
    });
    const result = await exportPdf(2, print);
    expect(result.pages).toBe(5);
    const boxes = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '2', result.path]).toString();
    expect(boxes).toMatch(/Page\s+1 MediaBox:\s+0\.00\s+0\.00\s+612\.00\s+792\.00/);
    const words = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', result.path, '-']).toString();
    // The ruler's last label ("10" cm) is on the page.
    const tens = [...words.matchAll(/xMax="([\d.]+)"[^>]*>10</g)].map((m) => Number(m[1]));
    expect(tens.length).toBeGreaterThan(0);
    expect(Math.max(...tens)).toBeLessThan(612);
    const texts = pageTexts(result.path, 5);
    expect(texts.slice(1)).toEqual(['Back1', 'Front1', 'Back2', 'Front2']);
  });
});
