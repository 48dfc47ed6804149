// Per-card counts (exportPdfJob.cardCopies) and the back chosen per print (PrintOptions.back),
// end to end: the print source's items, the dialog's preview windows, and the exported PDF read
// back with poppler (pages, the cards' names on each page, the back page's pixels).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardDocument } from '../../card-schema/system/format';
import { DEFAULT_PRINT_OPTIONS, type PrintOptions } from '../../card-schema/print/print-options';
import { planPages, planSheet } from '../../card-schema/print/sheet-plan';
import { layoutCardBack } from '../../card-schema/layout/layout-card';
import { ApiError } from '../../src-main/api/api-error';
import { exportPdfJob, type PrintSource } from '../../src-main/api/contract';
import type { Library } from '../../src-main/services/library';
import { loadInstalledSystems } from '../../src-main/services/game-systems';
import { previewPrintSource, printSourceItems } from '../../src-main/services/print-sources';
import { printPdf, sourcePrintRequest } from '../../src-main/services/print-export';
import { SystemRegistry } from '../../src-main/services/system-registry';
import { ImageLibrary } from '../../src-main/images/image-library';
import { openDatabaseFile } from '../../src-main/store/database';
import { Store } from '../../src-main/store/store';

const systemsDir = resolve(__dirname, '../../card-schema/systems');
const fontsDir = resolve(__dirname, '../../resources/fonts');
const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-print-counts-'));
let lib: Library;
let redImage: string;
let otherCard: { id: string; systemName: string };

const creature = (name: string): CardDocument => ({
  type: 'creature',
  name,
  colors: ['red'],
  cost: 1,
  atk: 1,
  hp: 1,
  spd: 1,
  ap: 1,
});
const deck: PrintSource = { kind: 'deck', deckId: 'deck' };

beforeAll(async () => {
  const store = new Store(openDatabaseFile(':memory:'));
  const { installed } = loadInstalledSystems(systemsDir, join(systemsDir, 'no-user-systems'));
  lib = { store, systems: new SystemRegistry(installed), images: new ImageLibrary(store, dataDir) };
  const other = installed.find((entry) => entry.system.id !== 'osmcg')!.system;
  store.sets.save({ id: 'core', systemId: 'osmcg', name: 'Core', description: '' });
  store.sets.save({ id: 'other', systemId: other.id, name: 'Other', description: '' });
  const write = (setId: string, id: string, doc: CardDocument) => ({ id, setId, doc, searchText: '' });
  store.cards.saveMany([
    write('core', 'c-alpha', creature('Alpha')),
    write('core', 'c-beta', creature('Beta')),
    write('core', 'c-gamma', creature('Gamma')),
    write('other', 'o-card', { type: other.cardTypes[0].id, name: 'Elsewhere' }),
  ]);
  otherCard = { id: 'o-card', systemName: other.name };
  store.decks.save({
    id: 'deck',
    systemId: 'osmcg',
    name: 'Counted',
    notes: '',
    format: undefined,
    sections: {
      main: [
        { cardId: 'c-alpha', count: 3 },
        { cardId: 'c-beta', count: 1 },
        { cardId: 'c-alpha', count: 1 },
      ],
    },
  });
  const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  redImage = (await lib.images.addImage(new Uint8Array(png), 'red.png')).id;
});

afterAll(() => {
  lib.store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const names = (source: PrintSource, copies: number, cardCopies?: Record<string, number>) =>
  printSourceItems(lib, source, copies, cardCopies)
    .filter((item) => item.copies > 0)
    .map((item) => `${item.doc.name}×${item.copies}`);

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

let pdfCounter = 0;
async function exportPdf(
  source: PrintSource,
  copies: number,
  chosen: { cardCopies?: Record<string, number>; print: PrintOptions },
) {
  const path = join(dataDir, `print-${++pdfCounter}.pdf`);
  const sheet = await printPdf(sourcePrintRequest(lib, source, copies, chosen), chosen.print, { fontsDir, dataDir }, path);
  return { path, sheet };
}

function pageCount(path: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);
}

function pageText(path: string, page: number): string {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), path, '-'], { encoding: 'utf8' });
}

/** The page's pixel (RGB) at a point in mm, from a 50 dpi raster. */
function pixelAt(path: string, page: number, xMm: number, yMm: number): [number, number, number] {
  const out = join(dataDir, `raster-${++pdfCounter}`);
  execFileSync('pdftoppm', ['-r', '50', '-f', String(page), '-l', String(page), '-singlefile', path, out]);
  const data = readFileSync(`${out}.ppm`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'))!;
  const width = Number(header[1]);
  const at = (v: number) => Math.round((v / 25.4) * 50);
  const offset = header[0].length + (at(yMm) * width + at(xMm)) * 3;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

const print = (overrides: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, ...overrides });

describe('per-card counts', () => {
  it('replace the copies of the cards they name; 0 leaves a card out; a count goes to its first listing', () => {
    expect(names(deck, 2)).toEqual(['Alpha×6', 'Beta×2', 'Alpha×2']);
    expect(names(deck, 2, { 'c-alpha': 0 })).toEqual(['Beta×2']);
    expect(names(deck, 2, { 'c-alpha': 5, 'c-beta': 1 })).toEqual(['Alpha×5', 'Beta×1']);
    expect(names({ kind: 'set', setId: 'core' }, 1, { 'c-beta': 4 })).toEqual(['Alpha×1', 'Beta×4', 'Gamma×1']);
  });

  it('refuse a count for a card the print does not hold, and a print of nothing', () => {
    expect(refusal(() => names(deck, 1, { 'c-gamma': 2 })).message).toBe(
      'Card "c-gamma" has a count but is not among the cards this print holds',
    );
    expect(refusal(() => names(deck, 1, { 'c-alpha': 0, 'c-beta': 0 })).message).toBe(
      "Every card's count is 0: Deck “Counted” would print nothing",
    );
  });

  it('are checked by the job schema: whole numbers 0 to 99', () => {
    const job = (cardCopies: unknown) => exportPdfJob.safeParse({ kind: 'exportPdf', source: deck, cardCopies, print: {} });
    expect(job({ 'c-alpha': 0, 'c-beta': 99 }).success).toBe(true);
    expect(job({ 'c-alpha': 100 }).success).toBe(false);
    expect(job({ 'c-alpha': 1.5 }).success).toBe(false);
    expect(job({ 'c-alpha': -1 }).success).toBe(false);
  });

  it('preview a window of the print and each distinct card with its default count', () => {
    const first = previewPrintSource(lib, deck, { copies: 2, offset: 0, limit: 3, entries: true });
    expect(first.count).toBe(10);
    expect(first.cards.map((card) => card.cardId)).toEqual(['c-alpha', 'c-alpha', 'c-alpha']);
    expect(first.entries).toEqual([
      { cardId: 'c-alpha', name: 'Alpha', systemId: 'osmcg', count: 8 },
      { cardId: 'c-beta', name: 'Beta', systemId: 'osmcg', count: 2 },
    ]);
    const window = previewPrintSource(lib, deck, { copies: 2, offset: 5, limit: 4, entries: false });
    expect(window.offset).toBe(5);
    expect(window.entries).toBeUndefined();
    expect(window.cards.map((card) => card.doc.name)).toEqual(['Alpha', 'Beta', 'Beta', 'Alpha']);
    const counted = previewPrintSource(lib, deck, {
      copies: 2,
      cardCopies: { 'c-alpha': 1 },
      offset: 0,
      limit: 10,
      entries: false,
    });
    expect(counted.count).toBe(3);
    expect(counted.cards.map((card) => card.doc.name)).toEqual(['Alpha', 'Beta', 'Beta']);
  });

  it('print those counts in the PDF: pages and cards as counted', async () => {
    const options = print({ paper: 'A4', faces: 'fronts' });
    const plain = await exportPdf(deck, 1, { print: options });
    expect(plain.sheet.cards).toBe(5);
    expect(pageCount(plain.path)).toBe(1);
    // 9 Alphas fill a 3 × 3 sheet; Beta starts the second page, alone.
    const counted = await exportPdf(deck, 1, { cardCopies: { 'c-alpha': 9, 'c-beta': 1 }, print: options });
    expect(counted.sheet.cards).toBe(10);
    expect(planSheet(options, { widthMm: 63, heightMm: 88 }, 10).perSheet).toBe(9);
    expect(pageCount(counted.path)).toBe(2);
    expect(pageText(counted.path, 1).match(/Alpha/g)).toHaveLength(9);
    expect(pageText(counted.path, 1)).not.toContain('Beta');
    expect(pageText(counted.path, 2).match(/Beta/g)).toHaveLength(1);
    expect(pageText(counted.path, 2)).not.toContain('Alpha');
  });
});

describe('the back chosen for a print', () => {
  const duplex = print({ paper: 'A4', faces: 'both', layout: 'duplex-long', bleedMm: 3, marginMm: 5 });
  /** The back page's first slot, as planned: its centre and a point in its bleed. */
  function backSlot(options: PrintOptions, count: number) {
    const pages = [...planPages(planSheet(options, { widthMm: 63, heightMm: 88 }, count))];
    const back = pages.find((page) => page.kind === 'backs')!;
    const { trim, bleed } = back.placements[0].slot;
    return {
      page: pages.indexOf(back) + 1,
      centre: { x: trim.x + trim.w / 2, y: trim.y + trim.h / 2 },
      inBleed: { x: trim.x + trim.w / 2, y: (bleed.y + trim.y) / 2 },
      bleedMm: trim.y - bleed.y,
    };
  }

  it('prints a picture from the library behind every card, over the card and its bleed', async () => {
    const { path } = await exportPdf({ kind: 'set', setId: 'core' }, 1, { print: { ...duplex, back: `image:${redImage}` } });
    const slot = backSlot(duplex, 3);
    expect(slot.bleedMm).toBeGreaterThan(1);
    for (const point of [slot.centre, slot.inBleed]) {
      const [r, g, b] = pixelAt(path, slot.page, point.x, point.y);
      expect(r).toBeGreaterThan(220);
      expect(g).toBeLessThan(40);
      expect(b).toBeLessThan(40);
    }
    // The same print with each card's own back shows no red there.
    const own = await exportPdf({ kind: 'set', setId: 'core' }, 1, { print: duplex });
    const [r, g] = pixelAt(own.path, slot.page, slot.centre.x, slot.centre.y);
    expect(r > 220 && g < 40).toBe(false);
  });

  it("prints another card's back (its game's back) behind every card", async () => {
    const { path } = await exportPdf({ kind: 'set', setId: 'core' }, 1, { print: { ...duplex, back: `card:${otherCard.id}` } });
    const own = await exportPdf({ kind: 'set', setId: 'core' }, 1, { print: duplex });
    const slot = backSlot(duplex, 3);
    const other = lib.systems.require(lib.store.cards.get(otherCard.id)!.systemId);
    const words = layoutCardBack(other, lib.store.cards.get(otherCard.id)!.doc)
      .ops.flatMap((op) => (op.op === 'text' ? op.text.split(/\s+/) : []))
      .filter((word) => /^\w{3,}$/.test(word));
    if (words.length > 0) expect(pageText(path, slot.page)).toContain(words[0]);
    expect(pageText(path, slot.page)).not.toBe(pageText(own.path, slot.page));
  });

  it('is refused in one sentence when the card or the picture is not in the library', async () => {
    const missing = (back: string) => refusal(() => sourcePrintRequest(lib, deck, 1, { print: { ...duplex, back } }));
    expect(missing('card:nope').message).toBe(
      'The back chosen for this print is the back of card "nope", which is not in the library',
    );
    expect(missing(`image:${'0'.repeat(64)}`).message).toBe(
      `The back chosen for this print is picture "${'0'.repeat(64)}", which is not in the image library`,
    );
  });
});
