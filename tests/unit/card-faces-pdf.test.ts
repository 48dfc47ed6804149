// The printed PDF with backs per card type and inline symbols, measured with poppler: which
// back lands behind which card on the duplex page (words and colors in each mirrored cell),
// and symbols painted as filled paths where the layout put them.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDocument } from '../../card-schema/system/format';
import { layoutCard } from '../../card-schema/layout/layout-card';
import { symbolTransform } from '../../card-schema/layout/inline-symbols';
import type { BoxMm } from '../../src-main/pdf/imposition';
import { planSheet } from '../../card-schema/print/sheet-plan';
import { renderPrintSheet, type PrintOptions } from '../../src-main/pdf/print-sheet';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';

const FONTS_DIR = resolve(__dirname, '../../resources/fonts');
const SYSTEMS = resolve(__dirname, '../../card-schema/systems');
const SAMPLES = resolve(__dirname, '../../resources/samples');
const PT_PER_MM = 72 / 25.4;

const workDir = mkdtempSync(join(tmpdir(), 'cardwright-faces-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function sampleCards(file: string): CardDocument[] {
  const set = JSON.parse(readFileSync(join(SAMPLES, file), 'utf8')) as { cards: { doc: CardDocument }[] };
  return set.cards.map((card) => card.doc);
}

async function printToFile(name: string, items: Parameters<typeof renderPrintSheet>[0]['items'], print: PrintOptions) {
  const result = await renderPrintSheet({ items, print, fontsDir: FONTS_DIR, title: name });
  const path = join(workDir, `${name}.pdf`);
  writeFileSync(path, result.bytes);
  return { path, pages: result.pages };
}

/** Words of one page with their centres in millimetres. */
function pageWords(pdfPath: string, page: number): { text: string; x: number; y: number }[] {
  const html = execFileSync('pdftotext', ['-bbox-layout', '-f', String(page), '-l', String(page), pdfPath, '-'], {
    encoding: 'utf8',
  });
  const pattern = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  return [...html.matchAll(pattern)].map((match) => {
    const [xMin, yMin, xMax, yMax] = match.slice(1, 5).map(Number);
    return { text: match[5], x: (xMin + xMax) / 2 / PT_PER_MM, y: (yMin + yMax) / 2 / PT_PER_MM };
  });
}

const inside = (point: { x: number; y: number }, box: BoxMm) =>
  point.x >= box.x && point.x <= box.x + box.w && point.y >= box.y && point.y <= box.y + box.h;

/** One page rasterized in color; `rgb(xMm, yMm)` reads the pixel at a page position. */
function rasterizeColor(pdfPath: string, page: number, dpi = 150): (xMm: number, yMm: number) => [number, number, number] {
  const out = join(workDir, `page-${page}-${Math.random().toString(36).slice(2)}`);
  execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', pdfPath, out]);
  const data = readFileSync(`${out}.ppm`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('unexpected PPM header');
  const width = Number(header[1]);
  const offset = header[0].length;
  return (xMm, yMm) => {
    const i = offset + (Math.round((yMm / 25.4) * dpi) * width + Math.round((xMm / 25.4) * dpi)) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  };
}

function hexRgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function expectColorNear(actual: [number, number, number], hex: string, tolerance = 6): void {
  const expected = hexRgb(hex);
  actual.forEach((channel, i) => expect(Math.abs(channel - expected[i]), `${actual} vs ${hex}`).toBeLessThanOrEqual(tolerance));
}

describe('backs per card type in the PDF', () => {
  const osmcg = loadGameSystem(join(SYSTEMS, 'osmcg'));
  const core = sampleCards('osmcg/core-set.json');
  const creature = core.find((doc) => doc.type === 'creature')!;
  const [mission] = sampleCards('osmcg/missions-objectives.json').filter((doc) => doc.type === 'mission');
  const [objective] = sampleCards('osmcg/missions-objectives.json').filter((doc) => doc.type === 'objective');
  const print: PrintOptions = { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 0, cutGuides: 'none', faces: 'both' };

  it('prints each card type’s own back behind it, mirrored for duplex, and the shared back behind the rest', async () => {
    const items = [creature, mission, objective, mission].map((doc) => ({ system: osmcg, doc, copies: 1 }));
    const { path, pages } = await printToFile('osmcg-backs', items, print);
    expect(pages).toBe(2);

    const plan = planSheet(print, { widthMm: 63, heightMm: 88 }, 9);
    const backCell = (index: number) => plan.backSlots[index].trim;
    const words = pageWords(path, 2);
    const wordsIn = (box: BoxMm) => words.filter((word) => inside(word, box)).map((word) => word.text);

    // Slot 0 (a creature) gets the game's back: its name and nothing of the Mission/Objective backs.
    expect(wordsIn(backCell(0))).toEqual(['OSMCG']);
    expect(wordsIn(backCell(1))).toEqual(['MISSION', 'OSMCG', '·', 'Mission', 'deck']);
    expect(wordsIn(backCell(2))).toEqual(['OBJECTIVE', 'OSMCG', '·', 'Objective', 'deck']);
    expect(wordsIn(backCell(3))).toEqual(['MISSION', 'OSMCG', '·', 'Mission', 'deck']);
    // The back of a mission never gives it away: its name is not on the back page.
    expect(words.map((word) => word.text)).not.toContain(mission.name.split(' ')[0]);

    // The mirrored cells are painted in each back's own background (between the edge and the frame).
    const rgb = rasterizeColor(path, 2);
    const backgroundAt = (index: number) => rgb(backCell(index).x + 1.2, backCell(index).y + 44);
    expectColorNear(backgroundAt(0), osmcg.layouts.back.background as string);
    expectColorNear(backgroundAt(1), osmcg.layouts['mission-back'].background as string);
    expectColorNear(backgroundAt(2), osmcg.layouts['objective-back'].background as string);
    expectColorNear(backgroundAt(3), osmcg.layouts['mission-back'].background as string);
  });
});

describe('inline symbols in the PDF', () => {
  const muhq = loadGameSystem(join(SYSTEMS, 'muhq'));
  const cart = sampleCards('muhq/vale-set.json').find((doc) => doc.name === 'Supply Cart')!;

  it('paints {T} and {R} as filled icons in the text line, never as their tokens', async () => {
    const { path } = await printToFile('muhq-symbols', [{ system: muhq, doc: cart, copies: 1 }], {
      ...DEFAULT_PRINT_OPTIONS,
      paper: 'A4',
      bleedMm: 0,
      cutGuides: 'none',
      faces: 'fronts',
    });
    const words = pageWords(path, 1).map((word) => word.text);
    expect(words).toEqual(expect.arrayContaining(['Free', 'action', '—', 'gain', '1']));
    expect(words.join(' ')).not.toMatch(/\{[TR]\}/);

    const drawing = layoutCard(muhq, cart);
    // The symbols in the rules text, below the art (the play cost's icon sits above it).
    const symbols = drawing.ops.filter((op) => op.op === 'symbol').filter((op) => op.y > 43);
    expect(symbols).toHaveLength(2);
    const trim = planSheet({ ...DEFAULT_PRINT_OPTIONS, bleedMm: 0 }, { widthMm: 63, heightMm: 88 }, 1).frontSlots[0].trim;
    // Icons are about 2 mm tall: 600 dpi puts tens of pixels across each.
    const rgb = rasterizeColor(path, 1, 600);
    // A point of the shape and a point of the resource symbol's hole, in viewBox units.
    const at = (op: (typeof symbols)[number], vx: number, vy: number) => {
      const { x, y, scale } = symbolTransform(op);
      return rgb(trim.x + x + vx * scale, trim.y + y + vy * scale);
    };
    const [tap, resource] = symbols;
    expectColorNear(at(resource, 12, 19.5), resource.color, 24);
    expectColorNear(at(resource, 6, 10), resource.color, 24);
    // The tap arrow's band, at the top of its arc.
    expectColorNear(at(tap, 12, 5.75), tap.color, 24);
    // The diamond's inner cut-out shows the card behind it (nonzero winding, as in SVG).
    expect(Math.min(...at(resource, 12, 11.5))).toBeGreaterThan(150);
  });
});
