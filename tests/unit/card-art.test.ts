// Card art from layout to paper: an image element draws the card's image reference with its
// crop; the placement is the same whatever the image's resolution; dragging the art keeps the
// grabbed point under the pointer; the PDF embeds each image once however many copies print,
// passes JPEG through, and puts the crop where the layout says.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardDrawing, DrawOp } from '../../card-schema/layout/format';
import { focusAfterDrag, imagePlacement, printDpi } from '../../card-schema/layout/image-placement';
import { layoutCard } from '../../card-schema/layout/layout-card';
import type { GameSystem } from '../../card-schema/system/format';
import { imageCrop } from '../../card-schema/system/image-field';
import { renderDrawingSheet, writeDrawingSheet, type PrintCard } from '../../src-main/pdf/print-sheet';
import { DEFAULT_PRINT_OPTIONS } from '../../card-schema/print/print-options';

const FONTS_DIR = resolve(import.meta.dirname, '../../resources/fonts');
const ART_ID = 'c'.repeat(64);
const workDir = mkdtempSync(join(tmpdir(), 'cw-art-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type ImageOp = Extract<DrawOp, { op: 'image' }>;
const box = (overrides: Partial<ImageOp> = {}): ImageOp => ({
  op: 'image',
  x: 10,
  y: 20,
  w: 40,
  h: 30,
  radius: 0,
  image: ART_ID,
  field: 'art',
  fit: 'cover',
  focusX: 0.5,
  focusY: 0.5,
  zoom: 1,
  ...overrides,
});

describe('imagePlacement', () => {
  it('covers the box with a wide image, centred on the focus, never leaving a gap', () => {
    // 2:1 image into a 4:3 box: scaled to the box height, wider than the box.
    expect(imagePlacement(box(), 2000, 1000)).toEqual({ x: 0, y: 20, w: 60, h: 30 });
    // Focus on the left edge: the image's left edge stops at the box's left edge.
    expect(imagePlacement(box({ focusX: 0 }), 2000, 1000).x).toBe(10);
    expect(imagePlacement(box({ focusX: 1 }), 2000, 1000).x).toBe(-10);
    // Only the aspect ratio counts: a thumbnail places exactly like the print version.
    expect(imagePlacement(box({ focusX: 0.3 }), 200, 100)).toEqual(imagePlacement(box({ focusX: 0.3 }), 4000, 2000));
  });

  it('zooms around the focus and fits whole images with contain', () => {
    const zoomed = imagePlacement(box({ zoom: 2 }), 2000, 1000);
    expect(zoomed).toMatchObject({ w: 120, h: 60 });
    expect(zoomed.x + zoomed.w / 2).toBeCloseTo(30); // the image centre stays on the box centre
    expect(imagePlacement(box({ fit: 'contain' }), 2000, 1000)).toEqual({ x: 10, y: 25, w: 40, h: 20 });
  });
});

describe('focusAfterDrag', () => {
  // 2:1 image in a 40×30 box at (10, 20): placed 60×30 from x = 0, so it can move 10 mm either way.
  const at = (op: ImageOp) => imagePlacement(op, 2000, 1000);

  it('moves the picture with the pointer, so the grabbed point stays under it', () => {
    const focus = focusAfterDrag(box(), 2000, 1000, 5, 0);
    expect(at(box({ focusX: focus.x, focusY: focus.y })).x).toBeCloseTo(5, 2);
    // Dragging left moves it left; the focus is stored to 4 decimals.
    expect(focusAfterDrag(box(), 2000, 1000, -4, 0)).toEqual({ x: 0.5667, y: 0.5 });
  });

  it('stops where an edge of the picture reaches the box, and keeps an axis with nothing to move', () => {
    expect(focusAfterDrag(box(), 2000, 1000, 50, 0).x).toBeCloseTo(1 / 3, 4); // left edge at the box's left
    expect(at(box({ focusX: focusAfterDrag(box(), 2000, 1000, -50, 0).x })).x).toBeCloseTo(-10, 2);
    // The picture is exactly as tall as the box: dragging up or down changes nothing.
    expect(focusAfterDrag(box({ focusY: 0.3 }), 2000, 1000, 0, 8).y).toBe(0.3);
  });

  it('starts from where the picture is shown, not from a focus the clamp overrides', () => {
    // Focus 0 shows the picture's left edge at the box's left; a 5 mm drag left moves it 5 mm.
    const focus = focusAfterDrag(box({ focusX: 0 }), 2000, 1000, -5, 0);
    expect(at(box({ focusX: focus.x })).x).toBeCloseTo(5, 2);
  });

  it('pans a zoomed picture on both axes, and a contained one once it overflows', () => {
    const zoomed = box({ zoom: 2 }); // 120×60
    const focus = focusAfterDrag(zoomed, 2000, 1000, 10, -6);
    const moved = at({ ...zoomed, focusX: focus.x, focusY: focus.y });
    const before = at(zoomed);
    expect(moved.x - before.x).toBeCloseTo(10, 2);
    expect(moved.y - before.y).toBeCloseTo(-6, 2);
    expect(focusAfterDrag(box({ fit: 'contain' }), 2000, 1000, 5, 5)).toEqual({ x: 0.5, y: 0.5 });
    expect(focusAfterDrag(box({ fit: 'contain', zoom: 3 }), 2000, 1000, 5, 0).x).toBeLessThan(0.5);
  });
});

const system = {
  id: 'art-test',
  name: 'Art test',
  card: { widthMm: 63, heightMm: 88 },
  cardTypes: [
    {
      id: 'unit',
      label: 'Unit',
      layout: 'unit',
      schema: { type: 'object', properties: { name: { type: 'string' }, art: { 'x-kind': 'image' } } },
    },
  ],
  layouts: {
    unit: {
      background: '#ffffff',
      elements: [
        { kind: 'rect', x: 5, y: 10, w: 53, h: 35, fill: '#dddddd' },
        { kind: 'image', field: 'art', x: 5, y: 10, w: 53, h: 35, radius: 1 },
      ],
    },
  },
} as unknown as GameSystem;

describe('printDpi', () => {
  it('is the placed image’s pixels per inch, lower when zoomed in', () => {
    // 53 mm wide box, cover, a 626 px wide image of the box's proportions: 300 dpi.
    const op = box({ w: 53, h: 31.4 });
    expect(printDpi(op, 626, 371)).toBeCloseTo(300, 0);
    expect(printDpi({ ...op, zoom: 2 }, 626, 371)).toBeCloseTo(150, 0);
  });
});

describe('the image element', () => {
  it('draws the referenced image with the card’s crop, and nothing without one', () => {
    const ops = layoutCard(system, { type: 'unit', name: 'A', art: { id: ART_ID, x: 0.25, zoom: 1.5 } }).ops;
    expect(ops.filter((op) => op.op === 'image')).toEqual([
      {
        op: 'image',
        x: 5,
        y: 10,
        w: 53,
        h: 35,
        radius: 1,
        image: ART_ID,
        field: 'art',
        fit: 'cover',
        focusX: 0.25,
        focusY: 0.5,
        zoom: 1.5,
      },
    ]);
    for (const art of [undefined, 'not a ref', { id: 'short' }]) {
      expect(layoutCard(system, { type: 'unit', name: 'A', art }).ops.some((op) => op.op === 'image')).toBe(false);
    }
    expect(imageCrop({ id: ART_ID })).toEqual({ x: 0.5, y: 0.5, zoom: 1 });
  });
});

/** A 744×1039 JPEG (poker card art at 300 dpi): red left half, blue right half. */
async function splitArt(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="744" height="1039"><rect width="372" height="1039" fill="#e00000"/><rect x="372" width="372" height="1039" fill="#0000e0"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

function artCard(focusX: number): PrintCard {
  const drawing: CardDrawing = {
    widthMm: 63,
    heightMm: 88,
    cornerRadiusMm: 3,
    ops: [
      { op: 'rect', x: 0, y: 0, w: 63, h: 88, radius: 3, fill: '#ffffff' },
      // A narrow box: the art is cropped to a column; focus 0 shows its left (red) part.
      { ...box({ x: 5, y: 10, w: 15, h: 60, focusX }), image: ART_ID },
    ],
  };
  return { label: 'Art card', size: { widthMm: 63, heightMm: 88 }, front: drawing };
}

describe('card art in the PDF', () => {
  it('embeds one image for every copy, passes the JPEG through, and paints the crop', async () => {
    const jpeg = await splitArt();
    let reads = 0;
    const cards = Array.from({ length: 9 }, () => artCard(0.5));
    const result = await renderDrawingSheet({
      cards,
      print: { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 3, cutGuides: 'none', faces: 'fronts' },
      fontsDir: FONTS_DIR,
      title: 'Art',
      loadImages: async (ids) => {
        reads += ids.length;
        return new Map(ids.filter((id) => id === ART_ID).map((id) => [id, jpeg]));
      },
    });
    const path = join(workDir, 'art.pdf');
    writeFileSync(path, result.bytes);
    expect(reads).toBe(1);
    const listed = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).trim().split('\n').slice(2);
    // One image object, referenced from all nine cells: pdfimages lists each use with the same object number.
    const objects = new Set(listed.map((line) => line.trim().split(/\s+/)[10]));
    expect(objects.size).toBe(1);
    const [, , , width, height, , , , enc] = listed[0].trim().split(/\s+/);
    expect({ width: Number(width), height: Number(height), enc }).toEqual({ width: 744, height: 1039, enc: 'jpeg' });
    // The embedded stream is the JPEG itself.
    expect(Buffer.from(result.bytes).includes(jpeg.subarray(0, 4096))).toBe(true);
  });

  it('puts the focused part of the art in the box', async () => {
    const jpeg = await splitArt();
    for (const [focusX, expected] of [
      [0, 'red'],
      [1, 'blue'],
    ] as const) {
      const result = await renderDrawingSheet({
        cards: [artCard(focusX)],
        print: { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 0, cutGuides: 'none', faces: 'fronts' },
        fontsDir: FONTS_DIR,
        title: 'Art',
        loadImages: async (ids) => new Map(ids.map((id) => [id, jpeg])),
      });
      const path = join(workDir, `focus-${focusX}.pdf`);
      writeFileSync(path, result.bytes);
      execFileSync('pdftoppm', ['-r', '50', '-png', '-singlefile', path, join(workDir, `focus-${focusX}`)]);
      const { data, info } = await sharp(join(workDir, `focus-${focusX}.png`))
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The first cell's trim box starts where imposition centres a 3×3 grid; sample the box centre.
      const pageW = 210;
      const pageH = 297;
      const gridW = 63 * 3;
      const gridH = 88 * 3;
      const cellX = (pageW - gridW) / 2 + 5 + 15 / 2;
      const cellY = (pageH - gridH) / 2 + 10 + 60 / 2;
      const px = Math.round((cellX / 25.4) * 50);
      const py = Math.round((cellY / 25.4) * 50);
      const at = (py * info.width + px) * info.channels;
      const [r, , b] = [data[at], data[at + 1], data[at + 2]];
      expect(expected === 'red' ? r > 180 && b < 80 : b > 180 && r < 80, `focus ${focusX}: rgb ${r},${b}`).toBe(true);
    }
  });

  it('reads the pictures page by page, each once, and streams the PDF into its file', async () => {
    const jpeg = await splitArt();
    const OTHER_ID = 'd'.repeat(64);
    const withArt = (id: string): PrintCard => {
      const card = artCard(0.5);
      return {
        ...card,
        front: { ...card.front, ops: card.front.ops.map((op) => (op.op === 'image' ? { ...op, image: id } : op)) },
      };
    };
    // Page 1: nine cards with the first picture; page 2: the first again and the second.
    const cards = [...Array.from({ length: 10 }, () => withArt(ART_ID)), withArt(OTHER_ID)];
    const asked: string[][] = [];
    const path = join(workDir, 'streamed.pdf');
    const sheet = await writeDrawingSheet(
      {
        cards,
        print: { ...DEFAULT_PRINT_OPTIONS, paper: 'A4', bleedMm: 3, cutGuides: 'none', faces: 'fronts' },
        fontsDir: FONTS_DIR,
        title: 'Art',
        loadImages: async (ids) => {
          asked.push([...ids]);
          return new Map(ids.map((id) => [id, jpeg]));
        },
      },
      path,
    );
    expect(asked).toEqual([[ART_ID], [OTHER_ID]]);
    expect(sheet).toMatchObject({ fileBytes: statSync(path).size, pages: 2, cards: 11 });
    expect(execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).trim().split('\n').length - 2).toBe(11);
  });
});
