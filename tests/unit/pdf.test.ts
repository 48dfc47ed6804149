// Print-and-play PDF: the produced PDF itself (the geometry is tested in sheet-plan.test.ts), measured
// with poppler (pdfinfo, pdffonts, pdftotext -bbox-layout, pdftoppm).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDrawing } from '../../card-schema/layout/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { MM_TO_PT, type BoxMm } from '../../src-main/pdf/imposition';
import { parseColor } from '../../src-main/pdf/paint-drawing';
import {
  expandItems,
  renderDrawingSheet,
  renderPrintSheet,
  type PrintCard,
  type PrintOptions,
} from '../../src-main/pdf/print-sheet';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';
import { planSheet } from '../../card-schema/print/sheet-plan';
import { loadGameSystem } from '../../src-main/services/game-systems';

const FONTS_DIR = resolve(__dirname, '../../resources/fonts');
const POKER = { widthMm: 63, heightMm: 88 };
const EPS = 1e-6;

const workDir = mkdtempSync(join(tmpdir(), 'cardwright-pdf-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------
// Helpers

function insideBox(inner: BoxMm, outer: BoxMm, tolerance = EPS): boolean {
  return (
    inner.x >= outer.x - tolerance &&
    inner.y >= outer.y - tolerance &&
    inner.x + inner.w <= outer.x + outer.w + tolerance &&
    inner.y + inner.h <= outer.y + outer.h + tolerance
  );
}

const toPt = (box: BoxMm): BoxMm => ({ x: box.x * MM_TO_PT, y: box.y * MM_TO_PT, w: box.w * MM_TO_PT, h: box.h * MM_TO_PT });

let fileCounter = 0;
function writePdf(bytes: Uint8Array): string {
  const path = join(workDir, `sheet-${++fileCounter}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

function poppler(tool: string, args: string[]): string {
  return execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

interface Word {
  page: number;
  text: string;
  box: BoxMm;
}

/** Every word with its box in points, from `pdftotext -bbox-layout`. */
function words(pdfPath: string): Word[] {
  const html = poppler('pdftotext', ['-bbox-layout', pdfPath, '-']);
  const result: Word[] = [];
  const pages = html.split('<page ').slice(1);
  pages.forEach((pageHtml, index) => {
    const pattern = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    for (const match of pageHtml.matchAll(pattern)) {
      const [xMin, yMin, xMax, yMax] = match.slice(1, 5).map(Number);
      result.push({ page: index + 1, text: match[5], box: { x: xMin, y: yMin, w: xMax - xMin, h: yMax - yMin } });
    }
  });
  return result;
}

function pdfInfo(pdfPath: string): Record<string, string> {
  const info: Record<string, string> = {};
  for (const line of poppler('pdfinfo', [pdfPath]).split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) info[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return info;
}

interface GrayImage {
  width: number;
  height: number;
  dpi: number;
  pixel(xPx: number, yPx: number): number;
}

/** Rasterizes one page to 8-bit gray (binary PGM) with pdftoppm. */
function rasterize(pdfPath: string, page: number, dpi: number): GrayImage {
  const out = join(workDir, `raster-${++fileCounter}`);
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page), '-singlefile', pdfPath, out]);
  const data = readFileSync(`${out}.pgm`);
  // Header: "P5\n<w> <h>\n255\n", then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('unexpected PGM header');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const offset = header[0].length;
  return { width, height, dpi, pixel: (x, y) => data[offset + y * width + x] };
}

const mmToPx = (mm: number, dpi: number) => (mm / 25.4) * dpi;

function drawing(ops: CardDrawing['ops'], size = POKER): CardDrawing {
  return { widthMm: size.widthMm, heightMm: size.heightMm, cornerRadiusMm: 3, ops };
}

/** A card showing its name as one word at a known place. */
function namedCard(name: string, background = '#d8e8f8'): CardDrawing {
  return drawing([
    { op: 'rect', x: 0, y: 0, w: 63, h: 88, radius: 3, fill: background },
    { op: 'rect', x: 0, y: 0, w: 63, h: 11, radius: 0, fill: '#303040' },
    { op: 'rect', x: 4, y: 15, w: 55, h: 38, radius: 2, fill: '#ffffff', stroke: '#202020', strokeWidth: 0.3 },
    { op: 'text', x: 4, y: 8, text: name, size: 11, font: 'bold', color: '#ffffff' },
    { op: 'text', x: 5, y: 62, text: 'Deal 2 damage to any target.', size: 8, font: 'regular', color: '#1a1a1a' },
    { op: 'text', x: 5, y: 70, text: 'Flavor', size: 8, font: 'italic', color: '#444444' },
    { op: 'circle', cx: 56, cy: 81, r: 3.5, fill: '#c0392b', stroke: '#1b1b1f', strokeWidth: 0.25 },
  ]);
}

const BACK = drawing([
  { op: 'rect', x: 0, y: 0, w: 63, h: 88, radius: 3, fill: '#1f2330' },
  { op: 'text', x: 18, y: 46, text: 'CardBack', size: 14, font: 'bold', color: '#f2f2f2' },
]);

function printCards(count: number, backs = false): PrintCard[] {
  return Array.from({ length: count }, (_, i) => ({
    label: `Card ${i + 1}`,
    size: POKER,
    front: namedCard(`Card${String(i + 1).padStart(3, '0')}`),
    back: backs ? BACK : undefined,
  }));
}

function options(overrides: Partial<PrintOptions> = {}): PrintOptions {
  return { ...DEFAULT_PRINT_OPTIONS, ...overrides };
}

async function sheet(cards: PrintCard[], print: PrintOptions) {
  const result = await renderDrawingSheet({ cards, print, fontsDir: FONTS_DIR, title: 'Test sheet' });
  return { ...result, path: writePdf(result.bytes) };
}

describe('parseColor', () => {
  it('reads hex colors and reports bad ones with their place', () => {
    expect(parseColor('#abc', 'x')).toEqual({ hex: '#aabbcc', opacity: 1 });
    expect(parseColor('#FF000080', 'x')).toEqual({ hex: '#ff0000', opacity: 128 / 255 });
    expect(parseColor('none', 'x')).toBeNull();
    expect(() => parseColor('reddish', 'Card 3 (“Imp”), rect #2')).toThrow(
      /Card 3 \(“Imp”\), rect #2: unsupported color "reddish"/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The PDF itself

describe('renderDrawingSheet', () => {
  it('makes A4 pages of exactly 595.28 x 841.89 pt and Letter pages of 612 x 792 pt', async () => {
    const a4 = await sheet(printCards(2), options({ paper: 'A4' }));
    const a4Size = /^([\d.]+) x ([\d.]+) pts/.exec(pdfInfo(a4.path)['Page size']);
    expect(Number(a4Size?.[1])).toBeCloseTo(595.28, 2);
    expect(Number(a4Size?.[2])).toBeCloseTo(841.89, 2);

    const letter = await sheet(printCards(2), options({ paper: 'Letter', orientation: 'portrait' }));
    expect(pdfInfo(letter.path)['Page size']).toMatch(/^612 x 792 pts/);
  });

  it('prints 9 cards per page: 31 cards make 4 pages, 8 with backs', async () => {
    const fronts = await sheet(printCards(31), options());
    expect(fronts.pages).toBe(4);
    expect(fronts.cards).toBe(31);
    expect(pdfInfo(fronts.path).Pages).toBe('4');

    const withBacks = await sheet(printCards(31, true), options({ faces: 'both' }));
    expect(withBacks.pages).toBe(8);
    expect(pdfInfo(withBacks.path).Pages).toBe('8');
  });

  it('embeds its own fonts (no base-14 fonts) and sets the metadata', async () => {
    const result = await sheet(printCards(3), options());
    const rows = poppler('pdffonts', [result.path]).trim().split('\n').slice(2);
    expect(rows.length).toBe(3);
    for (const row of rows) {
      expect(row).toMatch(/Inter-(Regular|Bold|Italic)/);
      // Columns: name, type..., encoding, emb, sub, uni, object, id.
      expect(row.split(/\s+/).slice(-5, -4)[0]).toBe('yes');
    }
    const info = pdfInfo(result.path);
    expect(info.Title).toBe('Test sheet');
    expect(info.Creator).toBe('Cardwright');
  });

  it.each(['A4', 'Letter'] as const)('puts each card inside its slot on %s (measured from the PDF text)', async (paper) => {
    const cards = printCards(12);
    const result = await sheet(cards, options({ paper }));
    const imposition = planSheet(options({ paper }), POKER, 9);
    const perSheet = imposition.perSheet; // A4: 3 × 3; Letter: 4 × 2 (the whole bleed kept)
    const found = words(result.path);
    cards.forEach((_, i) => {
      const name = `Card${String(i + 1).padStart(3, '0')}`;
      const hits = found.filter((word) => word.text === name);
      expect(hits, name).toHaveLength(1);
      const [word] = hits;
      expect(word.page).toBe(Math.floor(i / perSheet) + 1);
      const slot = imposition.frontSlots[i % perSheet];
      expect(insideBox(word.box, toPt(slot.trim), 0.01), name).toBe(true);
      // The op's x is the left end of the text; its y the baseline (between the box's top and bottom).
      expect(word.box.x).toBeCloseTo((slot.trim.x + 4) * MM_TO_PT, 1);
      const baseline = (slot.trim.y + 8) * MM_TO_PT;
      expect(word.box.y).toBeLessThan(baseline - 5);
      expect(word.box.y + word.box.h).toBeGreaterThan(baseline + 1);
      expect(word.box.y + word.box.h).toBeLessThan(baseline + 4);
    });
  });

  it('never re-wraps a text line, however long', async () => {
    const long = 'Overlong words stay on one line because the layout already broke them';
    const card: PrintCard = {
      label: 'long',
      size: POKER,
      front: drawing([{ op: 'text', x: 2, y: 20, text: long, size: 9, font: 'regular', color: '#000000' }]),
    };
    const result = await sheet([card], options());
    const line = words(result.path).filter((word) => word.page === 1);
    expect(line.map((word) => word.text).join(' ')).toBe(long);
    expect(new Set(line.map((word) => word.box.y.toFixed(2))).size).toBe(1);
    expect(result.pages).toBe(1);
  });

  it('puts backs on the following page in mirrored slots', async () => {
    const result = await sheet(printCards(4, true), options({ faces: 'both' }));
    const imposition = planSheet(options(), POKER, 9);
    const backs = words(result.path).filter((word) => word.text === 'CardBack');
    expect(backs.every((word) => word.page === 2)).toBe(true);
    const slotsWithBacks = backs
      .map((word) => imposition.frontSlots.findIndex((slot) => insideBox(word.box, toPt(slot.trim), 0.01)))
      .sort();
    // Fronts fill slots 0-3; behind them (long-edge flip) are slots 2, 1, 0 and 5.
    expect(slotsWithBacks).toEqual([0, 1, 2, 5]);
  });

  it('keeps crop marks off the card faces and paints the bleed', async () => {
    // Plain mid-gray cards: crop marks are the only black on the page.
    const plain: PrintCard = {
      label: 'plain',
      size: POKER,
      front: drawing([{ op: 'rect', x: 0, y: 0, w: 63, h: 88, radius: 3, fill: '#808080' }]),
    };
    const result = await sheet(Array(9).fill(plain), options());
    const dpi = 100;
    const image = rasterize(result.path, 1, dpi);
    const imposition = planSheet(options(), POKER, 9);
    const inset = 1; // pixels, for anti-aliasing at the box edges
    for (const { trim, bleed } of imposition.frontSlots) {
      const x0 = Math.ceil(mmToPx(trim.x, dpi)) + inset;
      const x1 = Math.floor(mmToPx(trim.x + trim.w, dpi)) - inset;
      const y0 = Math.ceil(mmToPx(trim.y, dpi)) + inset;
      const y1 = Math.floor(mmToPx(trim.y + trim.h, dpi)) - inset;
      let offColor = 0;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) if (Math.abs(image.pixel(x, y) - 128) >= 4) offColor++;
      }
      expect(offColor).toBe(0);
      // Bleed: halfway into it, the card's gray continues (square corners included).
      const bx = Math.round(mmToPx(bleed.x + 1.5, dpi) - 0.5);
      const by = Math.round(mmToPx(bleed.y + 1.5, dpi) - 0.5);
      expect(Math.abs(image.pixel(bx, by) - 128)).toBeLessThan(4);
    }
    // The marks are there: dark pixels in the top margin above the first card's left edge.
    const first = imposition.frontSlots[0];
    const markX = Math.floor(mmToPx(first.trim.x, dpi));
    let darkest = 255;
    for (let y = 0; y < mmToPx(first.bleed.y, dpi); y++) {
      for (const x of [markX - 1, markX, markX + 1]) darkest = Math.min(darkest, image.pixel(x, y));
    }
    expect(darkest).toBeLessThan(200);
    // Outside the bleed, away from marks, the paper stays white.
    expect(image.pixel(Math.round(mmToPx(100, dpi)), Math.round(mmToPx(2, dpi)))).toBe(255);
  });

  it('continues edge-touching bands into the bleed but not over neighbours', async () => {
    const banded: PrintCard = {
      label: 'banded',
      size: POKER,
      front: drawing([
        { op: 'rect', x: 0, y: 0, w: 63, h: 88, radius: 3, fill: '#ffffff' },
        { op: 'rect', x: 0, y: 0, w: 63, h: 10, radius: 0, fill: '#000000' },
      ]),
    };
    const result = await sheet([banded, banded], options({ cutGuides: 'none' }));
    const dpi = 100;
    const image = rasterize(result.path, 1, dpi);
    const [a] = planSheet(options(), POKER, 9).frontSlots;
    // Above the card's top edge, inside the bleed, over the band: black; beside the card
    // below the band: the white background's bleed.
    expect(image.pixel(Math.round(mmToPx(a.trim.x + 30, dpi)), Math.round(mmToPx(a.trim.y - 1.5, dpi)))).toBeLessThan(30);
    expect(image.pixel(Math.round(mmToPx(a.trim.x - 1.5, dpi)), Math.round(mmToPx(a.trim.y + 5, dpi)))).toBeLessThan(30);
    expect(image.pixel(Math.round(mmToPx(a.trim.x - 1.5, dpi)), Math.round(mmToPx(a.trim.y + 40, dpi)))).toBe(255);
  });

  it('clips each card to its own bleed: a dark card never darkens its neighbour', async () => {
    const solid = (fill: string): PrintCard => ({
      label: fill,
      size: POKER,
      front: drawing([{ op: 'rect', x: -10, y: -10, w: 83, h: 108, radius: 0, fill }]),
    });
    // A 6 mm gap gives each card its whole 3 mm bleed on every side.
    const result = await sheet([solid('#000000'), solid('#ffffff')], options({ cutGuides: 'none', gapMm: 6 }));
    const dpi = 100;
    const image = rasterize(result.path, 1, dpi);
    const [dark, light] = planSheet(options({ gapMm: 6 }), POKER, 9).frontSlots;
    const y = Math.round(mmToPx(dark.trim.y + 40, dpi));
    const at = (mm: number) => image.pixel(Math.round(mmToPx(mm, dpi)), y);
    expect(at(dark.trim.x + dark.trim.w + 1.5)).toBeLessThan(30); // dark card's own bleed
    expect(at(light.trim.x - 1)).toBe(255); // the light card's bleed
    expect(at(light.trim.x + 0.5)).toBe(255); // the light card's face
    expect(at(dark.trim.x - 4.2)).toBe(255); // beyond the dark card's outer bleed
  });

  it('rejects empty exports and missing fonts with clear messages', async () => {
    await expect(sheet([], options())).rejects.toThrow(/Nothing to print/);
    await expect(
      renderDrawingSheet({ cards: printCards(1), print: options(), fontsDir: join(workDir, 'nope'), title: 't' }),
    ).rejects.toThrow(/regular print font is missing/);
    await expect(sheet(printCards(1), options({ faces: 'both' }))).rejects.toThrow(/Card 1: no back drawing/);
  });
});

// ---------------------------------------------------------------------------------------------
// From game system + documents (real layout engine)

const MINI_SYSTEM: GameSystem = {
  formatVersion: 1,
  id: 'mini',
  name: 'Mini Game',
  version: '1.0.0',
  card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 },
  cardTypes: [{ id: 'unit', label: 'Unit', schema: { type: 'object' }, layout: 'unit' }],
  layouts: {
    unit: {
      background: '#f3efe2',
      elements: [
        { kind: 'rect', x: 0, y: 0, w: 63, h: 12, fill: '#3b4252' },
        { kind: 'text', x: 4, y: 2, w: 55, h: 8, text: '{name}', size: 11, font: 'bold', color: '#ffffff', valign: 'middle' },
        { kind: 'text', x: 4, y: 50, w: 55, h: 30, text: '{text}', size: 8, when: 'text' },
      ],
    },
    back: {
      background: '#1f2330',
      elements: [
        { kind: 'text', x: 4, y: 40, w: 55, h: 10, text: 'MINIBACK', size: 14, font: 'bold', align: 'center', color: '#eeeeee' },
      ],
    },
  },
  deck: { sections: [{ id: 'main', label: 'Main', types: ['unit'] }], rules: [] },
  board: {
    zones: [{ id: 'deck', label: 'Deck', kind: 'deck' }],
    deckSection: 'main',
    openingHand: 5,
    mulligan: 'none',
    drawPerTurn: 1,
    emptyDeck: 'cannot-draw',
    resources: [],
    phases: ['Main'],
  },
};

function unit(name: string, text?: string): CardDocument {
  return text === undefined ? { type: 'unit', name } : { type: 'unit', name, text };
}

describe('renderPrintSheet', () => {
  it('expands copies in order and lays each distinct document out once', () => {
    const goblin = unit('Goblin');
    const troll = unit('Troll');
    const cards = expandItems(
      [
        { system: MINI_SYSTEM, doc: goblin, copies: 3 },
        { system: MINI_SYSTEM, doc: troll, copies: 0 },
        { system: MINI_SYSTEM, doc: troll, copies: 2 },
        { system: MINI_SYSTEM, doc: goblin, copies: 1 },
      ],
      { withBacks: true },
    );
    expect(cards).toHaveLength(6);
    expect(cards[0].front).toBe(cards[2].front);
    expect(cards[5].front).toBe(cards[0].front);
    expect(cards[3].front).toBe(cards[4].front);
    expect(cards[3].front).not.toBe(cards[0].front);
    expect(new Set(cards.map((card) => card.back)).size).toBe(1);
    expect(() => expandItems([{ system: MINI_SYSTEM, doc: goblin, copies: 1.5 }], { withBacks: false })).toThrow(
      /Card 1 \(“Goblin”\): copies must be a whole number/,
    );
  });

  it('prints every copy of every card', async () => {
    const result = await renderPrintSheet({
      items: [
        { system: MINI_SYSTEM, doc: unit('Goblin', 'Haste.'), copies: 3 },
        { system: MINI_SYSTEM, doc: unit('Troll'), copies: 1 },
      ],
      print: options({ faces: 'both' }),
      fontsDir: FONTS_DIR,
      title: 'Mini deck',
    });
    expect(result.cards).toBe(4);
    expect(result.pages).toBe(2);
    const found = words(writePdf(result.bytes));
    expect(found.filter((word) => word.text === 'Goblin')).toHaveLength(3);
    expect(found.filter((word) => word.text === 'Troll')).toHaveLength(1);
    expect(found.filter((word) => word.text === 'MINIBACK' && word.page === 2)).toHaveLength(4);
  });

  it('lays cards out again at another card size: boxes follow the card, text keeps its shape', async () => {
    const print = async (cardSize: PrintOptions['cardSize']) => {
      const result = await renderPrintSheet({
        items: [{ system: MINI_SYSTEM, doc: unit('Goblin', 'Haste.'), copies: 1 }],
        print: options({ cardSize }),
        fontsDir: FONTS_DIR,
        title: 'Resized',
      });
      const word = words(writePdf(result.bytes)).find((found) => found.text === 'Goblin')!;
      return { word, used: result.used };
    };
    const game = await print('game');
    const tarot = await print('tarot'); // 70 × 120 from 63 × 88: 1.11 wide, 1.36 high
    expect(tarot.used.card).toEqual({ widthMm: 70, heightMm: 120 });
    const sx = 70 / 63;
    // The name keeps its proportions (a stretched drawing would make it 1.36 times as high)...
    expect(tarot.word.box.w / game.word.box.w).toBeCloseTo(sx, 2);
    expect(tarot.word.box.h / game.word.box.h).toBeCloseTo(sx, 2);
    // ...and its box moved with the card's width: 4 mm from the cut becomes 4.44 mm.
    const trimX = (used: typeof game.used, word: Word) =>
      word.box.x / MM_TO_PT - planSheet(options({}), used.card, 1).frontSlots[0].trim.x;
    expect(trimX(game.used, game.word)).toBeCloseTo(4, 0);
    expect(trimX(tarot.used, tarot.word) / trimX(game.used, game.word)).toBeCloseTo(sx, 1);
  });

  it('renders a 540-card export quickly and compactly', async () => {
    const docs = Array.from({ length: 60 }, (_, i) =>
      unit(`Unit${i}`, `Rules text for unit number ${i}, long enough to wrap onto a second line.`),
    );
    const started = performance.now();
    const result = await renderPrintSheet({
      items: docs.map((doc) => ({ system: MINI_SYSTEM, doc, copies: 9 })),
      print: options({ faces: 'both' }),
      fontsDir: FONTS_DIR,
      title: 'Big',
    });
    const seconds = (performance.now() - started) / 1000;
    expect(result.cards).toBe(540);
    expect(result.pages).toBe(120);
    expect(seconds).toBeLessThan(15);
    // Fonts are embedded once (subset), not per page or per card.
    expect(result.bytes.length).toBeLessThan(3 * 1024 * 1024);
    expect(pdfInfo(writePdf(result.bytes)).Pages).toBe('120');
  });
});

describe('OSMCG print', () => {
  const osmcg = loadGameSystem(resolve(__dirname, '../../card-schema/systems/osmcg'));
  const docs: CardDocument[] = [
    {
      type: 'hero',
      name: 'Emberhold',
      colors: ['red', 'white'],
      atk: 3,
      hp: 12,
      spd: 5,
      ap: 3,
      startingMana: 2,
      regen: 2,
      manaMax: 8,
      abilities: [{ name: 'Rally', cost: '2 AP', text: 'Allies within 3" gain +1 ATK.' }],
    },
    {
      type: 'creature',
      name: 'Ashhound',
      colors: ['red'],
      cost: 2,
      atk: 2,
      hp: 2,
      spd: 6,
      ap: 2,
      keywords: [{ kw: 'Haste' }],
      text: 'On Deploy: deal 1 damage.',
    },
    {
      type: 'spell',
      name: 'Tidesurge',
      colors: ['blue'],
      cost: 3,
      speed: 'Quick',
      text: 'Push every enemy unit within 4" back 3".',
    },
    {
      type: 'skill',
      name: 'Bracing',
      colors: ['neutral'],
      speed: 'Quick',
      skillCost: { kind: 'Exhaust' },
      text: 'Prevent the next 2 damage.',
    },
    { type: 'equipment', name: 'Ironhelm', colors: ['white'], cost: 1, hpBonus: 2, text: 'Equipped unit gains Defense:1.' },
  ];

  it.each(['A4', 'Letter'] as const)('prints every card type inside its slot, backs mirrored (%s)', async (paper) => {
    const result = await renderPrintSheet({
      items: docs.map((doc) => ({ system: osmcg, doc, copies: 2 })),
      print: options({ paper, faces: 'both' }),
      fontsDir: FONTS_DIR,
      title: 'OSMCG sample',
    });
    expect(result).toMatchObject({ cards: 10, pages: 4 });
    const path = writePdf(result.bytes);
    const slots = planSheet(options({ paper }), osmcg.card, 9).frontSlots;
    const perSheet = slots.length;
    const found = words(path);
    docs.forEach((doc, i) => {
      const hits = found.filter((word) => word.text === doc.name);
      expect(hits, doc.name).toHaveLength(2);
      // Each copy in its own slot (whatever order pdftotext reads the page in).
      for (const index of [i * 2, i * 2 + 1]) {
        const page = index < perSheet ? 1 : 3;
        const inSlot = hits.some((hit) => hit.page === page && insideBox(hit.box, toPt(slots[index % perSheet].trim), 0.01));
        expect(inSlot, `${doc.name} in slot ${index}`).toBe(true);
      }
    });
    const fonts = poppler('pdffonts', [path]).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const row of fonts) expect(row.split(/\s+/).slice(-5, -4)[0]).toBe('yes');
  });
});
